// The playground's browser test: drives the real page (index.html in an iframe) and
// writes each check's outcome into this page's DOM, which scripts/playground-test.sh reads
// from Chromium's --dump-dom. When done it fetches /release (see serve.py) so that the
// page's load event, held open by <img src="/hold">, fires and the DOM is dumped.
"use strict";

const report = document.getElementById("report");
const counts = { passed: 0, failed: 0 };
const measures = {};

// One check: a name, whether it passed, and a detail for a failure.
function check(name, ok, detail = "") {
  counts[ok ? "passed" : "failed"]++;
  if (!ok || name.startsWith("summary")) {
    const line = document.createElement("li");
    line.className = ok ? "pass" : "fail";
    line.textContent = `${ok ? "PASS" : "FAIL"} ${name}${detail ? ": " + detail : ""}`;
    report.append(line);
  }
  return ok;
}

// Loads index.html (with an optional fragment) in a fresh iframe; resolves with its window
// once the evaluator is ready and the first program is on the page.
function openPlayground(hash = "") {
  return new Promise((resolve) => {
    const frame = document.createElement("iframe");
    frame.width = 1200;
    frame.height = 900;
    frame.src = "index.html" + hash;
    frame.onload = async () => {
      const w = frame.contentWindow;
      await w.playground.ready;
      await waitFor(() => w.playground.lastTiming !== null);
      resolve(w);
    };
    document.getElementById("frames").append(frame);
  });
}

async function waitFor(cond, ms = 20000) {
  const until = performance.now() + ms;
  while (!cond()) {
    if (performance.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
}

// What the page shows, in `cute eval --batch`'s form: the output without its final
// newlines, or `error: <message>`.
// What the page shows, as `cute eval --batch` writes it: the printed output, then
// `error: MESSAGE` when a statement fails.
function shown(w) {
  const doc = w.document;
  const out = doc.querySelector("#results pre.out");
  const text = out ? out.textContent.replace(/\n+$/, "") : "";
  const err = doc.querySelector("#results .error");
  if (!err) return text;
  return (text ? text + "\n" : "") + "error: " + err.dataset.message;
}

// The print_layout table's offsets: rows of `| a | b |` after the header lines.
function tableOffsets(text) {
  return text
    .split("\n")
    .filter((l) => /^\s*\d+\s+\|/.test(l))
    .map((l) => l.split("|").slice(1, -1).map((c) => Number(c.trim())));
}

// Every cell of every picture on the page carries what it claims: integer data-m/data-n
// inside the picture; for layouts data-offset equal to the table's entry at (m,n) and one
// cell per entry; for thread-value pictures integer data-t/data-v. Returns the cells seen.
function checkPictures(w, label) {
  let cells = 0;
  for (const fig of w.document.querySelectorAll("#results section.picture")) {
    const svgCells = fig.querySelectorAll("g.cell");
    cells += svgCells.length;
    const isInt = (s) => /^-?\d+$/.test(s ?? "");
    if (fig.dataset.kind === "layout") {
      const tablePre = fig.querySelector("pre.table");
      if (!tablePre || svgCells.length === 0) continue; // too large to draw: a note instead
      const table = tableOffsets(tablePre.textContent);
      const rows = table.length;
      const cols = rows ? table[0].length : 0;
      let bad = null;
      for (const c of svgCells) {
        const { m, n, offset } = c.dataset;
        if (!isInt(m) || !isInt(n) || !isInt(offset)) bad = `non-integer attributes at ${m},${n}`;
        else if (table[+m]?.[+n] !== +offset) bad = `(${m},${n}): data-offset ${offset}, table ${table[+m]?.[+n]}`;
        if (bad) break;
      }
      check(`picture cells of ${label}`, !bad && svgCells.length === rows * cols,
        bad ?? `${svgCells.length} cells for a ${rows}x${cols} table`);
    } else if (fig.dataset.kind === "banks") {
      const bad = [...svgCells].find((c) => !["m", "n", "offset", "bank"].every((k) => isInt(c.dataset[k])) ||
        +c.dataset.bank < 0 || +c.dataset.bank > 31);
      check(`bank cells of ${label}`, !bad && svgCells.length > 0, bad ? bad.outerHTML.slice(0, 120) : "no cells");
    } else {
      const bad = [...svgCells].find((c) => !["m", "n", "t", "v"].every((k) => isInt(c.dataset[k])));
      check(`thread-value cells of ${label}`, !bad && svgCells.length > 0,
        bad ? bad.outerHTML.slice(0, 120) : "no cells");
    }
  }
  return cells;
}

// At least 150 golden expressions: what the page prints is what `cute eval` prints.
async function goldenChecks(w) {
  const cases = await (await fetch("golden-expected.json")).json();
  let same = 0;
  let cells = 0;
  for (const { expr, out } of cases) {
    await w.playground.setProgram(expr);
    const got = shown(w);
    if (check(`golden ${expr}`, got === out, `page ${JSON.stringify(got)}, cute eval ${JSON.stringify(out)}`)) same++;
    cells += checkPictures(w, expr);
  }
  measures.golden = `${same}/${cases.length} golden expressions as cute eval prints them; ${cells} picture cells checked`;
  check("at least 150 golden expressions", cases.length >= 150, `${cases.length}`);
}

// Pictures of each kind, hover and click.
async function pictureChecks(w) {
  const doc = w.document;
  for (const p of [
    "composition(Swizzle<3,3,3>, _0, (_64,_64):(_64,_1))",
    "raked_product((_2,_2):(_2,_1), (_2,_3):(_1,_2))",
    "A = (6,2):(8,2); print_layout(composition(A, (4,3):(3,1)))",
    "make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN)",
    "make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN))",
  ]) {
    await w.playground.setProgram(p);
    check(`a picture for ${p}`, doc.querySelectorAll("#results section.picture g.cell").length > 0);
    checkPictures(w, p);
  }
  // bank conflicts: ldmatrix over a row-major 16x64 half_t tile conflicts 8 ways
  await w.playground.setProgram("C = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, " +
    "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN)); bank_conflicts((_16,_64):(_64,_1), C)");
  const banks = doc.querySelector('section.picture[data-kind="banks"]');
  check("bank_conflicts draws the tile by bank", banks !== null && banks.querySelectorAll("g.cell").length === 16 * 64);
  check("bank_conflicts outlines the conflicting cells", doc.querySelectorAll('g.cell[data-conflict="1"]').length > 0);
  checkPictures(w, "bank_conflicts");
  // hover: README's A(2,(1,0)) = A(6) = 5 is the cell (m,n) = (2,1)
  await w.playground.setProgram("(4,(2,2)):(2,(1,8))");
  const cell = doc.querySelector('g.cell[data-m="2"][data-n="1"]');
  cell.dispatchEvent(new w.MouseEvent("mouseover", { bubbles: true }));
  const readout = doc.querySelector(".readout").textContent;
  check("hover shows (m,n), coordinate, index and offset",
    readout === "(m,n) = (2,1)   coordinate (2,(1,0))   index 6   offset 5", readout);
  // click: every cell with the same offset is marked (a stride-0 mode repeats offsets)
  await w.playground.setProgram("(4,3):(1,0)");
  doc.querySelector('g.cell[data-m="1"][data-n="2"]').dispatchEvent(new w.MouseEvent("click", { bubbles: true }));
  const marked = [...doc.querySelectorAll("g.cell.same")].map((c) => c.dataset.offset);
  check("click marks every cell with the same offset",
    marked.length === 3 && marked.every((o) => o === "1"), JSON.stringify(marked));
  // thread-value pictures: hover names the thread and value
  await w.playground.setProgram("make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN)");
  const tv = doc.querySelector('[data-operand="C"] g.cell[data-m="0"][data-n="0"]');
  tv.dispatchEvent(new w.MouseEvent("mouseover", { bubbles: true }));
  const tvText = tv.closest("section.picture").querySelector(".readout").textContent;
  check("hover on an MMA cell names thread and value", /^C .* thread T0 +value V0$/.test(tvText), tvText);
}

// The URL fragment: a link to the page reproduces the program and its answer.
async function urlChecks(w) {
  const program = "A = (4,(2,2)):(2,(1,8)); A(2,(1,0)); take<0,1>(A); Swizzle<3,3,3> % # é";
  await w.playground.setProgram(program);
  await waitFor(() => w.location.hash.startsWith("#p=") && decodeURIComponent(w.location.hash.slice(3)) === program);
  const hash = w.location.hash;
  const answer = w.document.getElementById("results").textContent;
  check("the fragment holds the program", hash.startsWith("#p="), hash);
  const w2 = await openPlayground(hash);
  check("a link reproduces the program", w2.document.getElementById("program").value === program,
    w2.document.getElementById("program").value);
  check("a link reproduces the answer", w2.document.getElementById("results").textContent === answer);
}

// Errors: the caret stands under the offending part, after the results before it.
async function errorChecks(w) {
  for (const [program, word] of [
    ["size((2,3)); frob(1)", "frob"],
    ["A = (4,8):(8,1); composition(A, B)", "B"],
    ["size((4,8)", ""],
  ]) {
    await w.playground.setProgram(program);
    const err = w.document.querySelector("#results .error");
    if (!check(`an error for ${program}`, err !== null)) continue;
    const lines = err.querySelector("pre").textContent.split("\n");
    const caretLine = lines[lines.length - 1];
    const column = caretLine.indexOf("^");
    check(`the caret is under the program line for ${program}`, lines[lines.length - 2] === program, lines.join("|"));
    check(`the caret's column is the error's for ${program}`, column === Number(err.dataset.column), `${column}`);
    if (word) {
      check(`the caret points at ${word} in ${program}`, column === program.lastIndexOf(word), `column ${column}`);
    }
  }
  // the results before the failing statement are shown, then the error
  await w.playground.setProgram("size((2,3)); frob(1)");
  check("the results before an error are shown", shown(w) === "6\nerror: unknown function frob", shown(w));
}

// A computation that is too long is stopped, with a message, and the page still answers.
async function timeoutChecks(w) {
  w.playground.timeoutMs = 300;
  const t0 = performance.now();
  const outcome = await w.playground.spin(60000);
  const stoppedAfter = performance.now() - t0;
  w.playground.timeoutMs = 5000;
  const msg = w.document.querySelector("#results .timeout");
  check("a long computation times out", outcome === "timeout" && stoppedAfter < 5000, `${outcome} after ${stoppedAfter} ms`);
  check("the timeout shows a message", msg !== null && /longer than .* stopped/.test(msg.textContent));
  await w.playground.setProgram("size((2,3))");
  check("the page answers after a timeout", shown(w) === "6", shown(w));
}

// Keystroke to picture for a 64x64 swizzled layout: performance.now() from the input
// event to the answer rendered (worker round trip, JSON, DOM), and to the frame painted.
async function timing(w) {
  const programs = [
    "composition(Swizzle<3,3,3>, _0, (_64,_64):(_64,_1))",
    "composition(Swizzle<3,3,3>, _0, (_64,_64):(_64,_1)) ",
  ];
  const totals = [];
  const answers = [];
  const frames = [];
  const evals = [];
  const parts = { roundTripMs: [], parseMs: [], renderMs: [] };
  for (let i = 0; i < 10; i++) {
    const p = programs[i % 2];
    const t0 = performance.now();
    await w.playground.setProgram(p);
    const rendered = w.playground.lastTiming;
    // the frame that shows the picture: its rAF callback runs before style, layout and
    // paint; a task posted from it runs after them
    await new Promise((r) => w.requestAnimationFrame(() => setTimeout(r, 0)));
    frames.push(performance.now() - t0);
    totals.push(rendered.totalMs);
    answers.push(rendered.answerMs);
    evals.push(rendered.evalMs);
    for (const k in parts) parts[k].push(rendered[k]);
  }
  const cells = w.document.querySelectorAll("#results g.cell").length;
  check("the 64x64 swizzled layout is drawn", cells === 4096, `${cells} cells`);
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1].toFixed(1);
  measures.timing = `64x64 swizzle, median of 10: keystroke to answer ${median(answers)} ms, ` +
    `keystroke to picture ${median(totals)} ms ` +
    `(evaluation in the worker ${median(evals)} ms), to the picture painted ${median(frames)} ms; ` +
    `worker round trip ${median(parts.roundTripMs)} ms, JSON.parse ${median(parts.parseMs)} ms, DOM ${median(parts.renderMs)} ms`;
}

async function main() {
  const started = performance.now();
  try {
    const w = await openPlayground();
    // test.html?only=timing runs one group of checks
    const only = new URLSearchParams(location.search).get("only");
    const groups = { goldenChecks, pictureChecks, urlChecks, errorChecks, timeoutChecks, timing };
    for (const [name, run] of Object.entries(groups)) {
      if (!only || name === only) await run(w);
    }
  } catch (e) {
    check("the test ran to the end", false, String(e && e.stack ? e.stack : e));
  }
  const summary = document.getElementById("summary");
  summary.dataset.passed = counts.passed;
  summary.dataset.failed = counts.failed;
  summary.textContent = `passed ${counts.passed} failed ${counts.failed} in ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s`;
  for (const [k, v] of Object.entries(measures)) {
    const line = document.createElement("li");
    line.className = "measure";
    line.dataset.key = k;
    line.textContent = v;
    report.append(line);
  }
  document.getElementById("frames").remove(); // keep the dumped DOM small
  await fetch("/release");
}

main();
