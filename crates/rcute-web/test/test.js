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
function openPlayground(hash = "", width = 1200, height = 900) {
  return new Promise((resolve) => {
    const frame = document.createElement("iframe");
    frame.width = width;
    frame.height = height;
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

// `print(x)` of a drawable value draws it, as a bare expression does.
async function printChecks(w) {
  const doc = w.document;
  await w.playground.setProgram("auto L = make_layout(make_shape(4,8)); print(L);");
  const cells = doc.querySelectorAll('#results section.picture[data-kind="layout"] g.cell').length;
  check("print(L) draws L", cells === 32, `${cells} cells`);
  checkPictures(w, "print(L)");
  await w.playground.setProgram("print(make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN))");
  check("print of a tiled MMA draws it", doc.querySelector('section.picture[data-kind="mma"] g.cell') !== null);
  await w.playground.setProgram('print("text"); print(size((2,3)))');
  check("print of text or a number draws nothing", doc.querySelectorAll("#results section.picture").length === 0 &&
    shown(w) === "text6", shown(w));
}

// The phone layout (390 px wide): the editor scrolls away instead of covering the
// results, and the hover readout wraps inside the picture instead of being cut off.
async function phoneChecks() {
  const w = await openPlayground("", 390, 700);
  const doc = w.document;
  await w.playground.setProgram("A = (8,(4,4)):(4,(1,32)); A; B = (8,8):(1,8); B");
  const left = doc.getElementById("left");
  const fig = doc.querySelectorAll("#results section.picture")[1];
  fig.scrollIntoView();
  await new Promise((r) => w.requestAnimationFrame(() => setTimeout(r, 0)));
  const a = left.getBoundingClientRect();
  const b = fig.getBoundingClientRect();
  const overlap = a.bottom > b.top && a.top < b.bottom && b.top < w.innerHeight;
  check("at 390 px the editor does not cover the results when scrolled", w.scrollY > 0 && !overlap,
    `scrollY ${w.scrollY}, editor ${a.top}..${a.bottom}, picture ${b.top}..${b.bottom}`);
  const cell = fig.querySelector('g.cell[data-m="7"][data-n="7"]');
  cell.dispatchEvent(new w.MouseEvent("mouseover", { bubbles: true }));
  const readout = fig.querySelector(".readout");
  const r = readout.getBoundingClientRect();
  check("at 390 px the hover readout is whole",
    readout.textContent.includes("offset 63") && readout.scrollWidth <= readout.clientWidth + 1 && r.right <= w.innerWidth,
    `${readout.textContent}: scrollWidth ${readout.scrollWidth}, clientWidth ${readout.clientWidth}, right ${r.right} of ${w.innerWidth}`);
  check("at 390 px the page does not scroll sideways",
    doc.documentElement.scrollWidth <= w.innerWidth, `${doc.documentElement.scrollWidth} > ${w.innerWidth}`);
}

// A busy state while a program runs (the old answer dimmed, the status says so), and one
// evaluation per program.
async function busyChecks(w) {
  const doc = w.document;
  const results = doc.getElementById("results");
  await w.playground.setProgram("size((2,3))");
  const before = w.playground.evaluations;
  const done = w.playground.setProgram("composition(Swizzle<3,3,3>, _0, (_64,_64):(_64,_1))");
  check("while a program runs the old answer is dimmed", results.classList.contains("busy") &&
    results.textContent === "6\n", results.className);
  check("while a program runs the status says so", /running/.test(doc.getElementById("status").textContent),
    doc.getElementById("status").textContent);
  await done;
  check("the answer is not dimmed once it is there", !results.classList.contains("busy"), results.className);
  check("one evaluation per program", w.playground.evaluations - before === 1,
    `${w.playground.evaluations - before} evaluations`);
}

// The functions and the atom catalog are in the page; an unknown name suggests the
// closest one; errors do not send the reader to commands the page lacks.
async function discoverChecks(w) {
  const doc = w.document;
  await w.playground.catalog;
  const fns = [...doc.querySelectorAll("#functions li")].map((li) => li.dataset.name);
  check("the page lists the functions", fns.length > 100 && fns.includes("logical_divide") && fns.includes("make_tiled_mma"),
    `${fns.length} functions`);
  const atoms = [...doc.querySelectorAll("#atoms li")].map((li) => li.textContent);
  check("the page lists the atom catalog", atoms.includes("SM80_16x8x16_F32F16F16F32_TN") &&
    atoms.some((a) => a.startsWith("SM75_U32x4_LDSM_N")), `${atoms.length} atoms`);
  const filter = doc.getElementById("function-filter");
  filter.value = "divide";
  filter.dispatchEvent(new w.Event("input"));
  const visible = [...doc.querySelectorAll("#functions li")].filter((li) => !li.hidden).map((li) => li.dataset.name);
  check("the function filter keeps the matching ones", visible.includes("zipped_divide") && !visible.includes("size"),
    visible.join(","));
  await w.playground.setProgram("A = (4,2):(1,4); logical_divid(A, 2)");
  check("an unknown function suggests the closest", /did you mean logical_divide\?/.test(shown(w)), shown(w));
  await w.playground.setProgram("Abc = (4,2):(1,4); size(Abd)");
  check("an unknown name suggests the closest", /unknown name Abd; did you mean Abc\?/.test(shown(w)), shown(w));
  await w.playground.setProgram("make_tiled_mma(SM80_16x8x16_F32F16F16F32_TX)");
  const msg = shown(w);
  check("an error names the page's atom list, not a command", /Atoms list/.test(msg) && !/`cute /.test(msg), msg);
}

// A large picture is legible: at its own size it scrolls in its frame.
async function zoomChecks(w) {
  const doc = w.document;
  await w.playground.setProgram("(_32,_32):(_32,_1)");
  const fig = doc.querySelector("#results section.picture");
  const svg = fig.querySelector("svg");
  const holder = fig.querySelector(".svg");
  const natural = Number(svg.getAttribute("width"));
  const fitted = svg.getBoundingClientRect().width;
  fig.querySelector("button.zoom").click();
  const full = svg.getBoundingClientRect().width;
  check("a large picture fits the page, and shows at its own size on demand",
    fitted < natural && Math.abs(full - natural) < 1 && holder.scrollWidth > holder.clientWidth,
    `fitted ${fitted}, full ${full}, natural ${natural}, scroll ${holder.scrollWidth}/${holder.clientWidth}`);
  fig.querySelector("button.zoom").click();
  check("and fits again", Math.abs(svg.getBoundingClientRect().width - fitted) < 1);
}

// A size that overflows gets one answer: the picture's note is the error size() gives.
async function overflowChecks(w) {
  const doc = w.document;
  const L = "(4611686018427387904,4):(1,4611686018427387904)";
  await w.playground.setProgram(`size(${L})`);
  const sizeError = doc.querySelector("#results .error").dataset.message;
  await w.playground.setProgram(L);
  const note = doc.querySelector("#results section.picture .note");
  check("an overflowing size has one answer", /overflow/.test(sizeError) && note !== null && note.textContent === sizeError,
    `size: ${sizeError}; picture: ${note && note.textContent}`);
}

// The as-CuTe toggle: CuTe's answer after a warning, where rcute refuses.
async function asCuteChecks(w) {
  const doc = w.document;
  const p = "composition((_3,_16):(_48,_1), _4:_2)";
  await w.playground.setProgram(p);
  check("rcute refuses and names CuTe's answer", /CuTe C\+\+ answers \(_2,_2\):\(_96,_1\)/.test(shown(w)), shown(w));
  const toggle = doc.getElementById("ascute");
  const idle = () => !doc.getElementById("results").classList.contains("busy");
  toggle.click();
  await waitFor(() => idle() && shown(w).startsWith("warning: "));
  const lines = shown(w).split("\n");
  check("as CuTe: a warning, then CuTe's answer", lines.length === 2 && lines[0].startsWith("warning: ") &&
    lines[1] === "(_2,_2):(_96,_1)", shown(w));
  check("as CuTe: CuTe's answer is drawn", doc.querySelectorAll("#results section.picture g.cell").length === 4);
  toggle.click();
  await waitFor(() => idle() && /^error/.test(shown(w)));
  check("the toggle off refuses again", /^error: composition/.test(shown(w)), shown(w));
}

async function main() {
  const started = performance.now();
  try {
    const w = await openPlayground();
    // test.html?only=timing runs one group of checks
    const only = new URLSearchParams(location.search).get("only");
    const groups = {
      goldenChecks, pictureChecks, urlChecks, errorChecks, printChecks, phoneChecks, busyChecks,
      discoverChecks, zoomChecks, overflowChecks, asCuteChecks, timeoutChecks, timing,
    };
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
