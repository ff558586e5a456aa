// The playground page: an editor, the answers of rcute's evaluator (run in worker.js),
// the pictures of rank-2 layouts, tiled MMAs and tiled copies, hover and click on their
// cells, and the program in the URL fragment (#p=<encoded>).
//
// `window.playground` is the page's small API for the browser test (test.html) and the
// timing measurement: setProgram, spin, timeoutMs, lastTiming, evaluations.
"use strict";

const editor = document.getElementById("program");
const results = document.getElementById("results");
const statusLine = document.getElementById("status");
const noteLine = document.getElementById("note");
const examples = document.getElementById("examples");
const asCute = document.getElementById("ascute");

// ---------------------------------------------------------------------------------------
// The evaluator: one worker, one request at a time, each bounded by a timeout after which
// the worker is terminated and a fresh one started.

class TimeoutError extends Error {}
const URL_DELAY_MS = 250;

const evaluator = {
  worker: null,
  ready: null, // a promise, resolved when the worker's module is instantiated
  nextId: 1,
  current: null, // the request in flight: { id, resolve, reject, timer }

  start() {
    this.worker = new Worker("worker.js");
    this.ready = new Promise((resolve) => {
      this.worker.onmessage = (event) => {
        if (event.data.ready) {
          resolve();
          return;
        }
        this.answer(event.data);
      };
    });
  },

  // Sends a message ({program}, {catalog} or {spin}) and resolves with the worker's
  // reply; a message waits for the reply to the one before it.
  queue: Promise.resolve(),
  request(message) {
    if (message.program !== undefined) playground.evaluations++;
    const send = () => new Promise((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => this.timeout(id), playground.timeoutMs);
      this.current = { id, resolve, reject, timer };
      this.worker.postMessage({ id, ...message });
    });
    const reply = this.queue.then(send, send);
    this.queue = reply.catch(() => {});
    return reply;
  },

  answer(data) {
    const req = this.current;
    if (!req || req.id !== data.id) return; // the answer of a request given up on
    clearTimeout(req.timer);
    this.current = null;
    if (data.crash) req.reject(new Error("the evaluator crashed: " + data.crash));
    else req.resolve(data);
  },

  // Too long: stop the worker (the only way to interrupt WebAssembly) and start again.
  timeout(id) {
    const req = this.current;
    if (!req || req.id !== id) return;
    this.current = null;
    this.worker.terminate();
    this.start();
    req.reject(new TimeoutError(
      `The evaluation took longer than ${playground.timeoutMs / 1000} s and was stopped; ` +
      "the evaluator was restarted. Change the program to try again."));
  },
};

// ---------------------------------------------------------------------------------------
// Scheduling: each edit asks for an evaluation; while one runs, only the latest program
// waits, so typing never queues stale work.

let busy = false;
let dirty = false;
let keystrokeAt = performance.now(); // when the program last changed (for the timing)
const renderWaiters = []; // { program, resolve }: setProgram's promises

async function schedule() {
  if (busy) {
    dirty = true;
    return;
  }
  busy = true;
  const program = editor.value;
  const startedAt = keystrokeAt;
  let tiles;
  // the previous answer stays, dimmed, while this one runs
  results.classList.add("busy");
  statusLine.className = "busy";
  statusLine.textContent = "running…";
  try {
    await evaluator.ready;
    // one evaluation per program: the printed values, the error and the pictures
    const askedAt = performance.now();
    const reply = await evaluator.request({ program, asCute: asCute.checked });
    const repliedAt = performance.now();
    const answer = JSON.parse(reply.json);
    const parsedAt = performance.now();
    tiles = render(answer, program);
    const total = performance.now() - startedAt;
    playground.lastTiming = {
      program,
      answerMs: total,
      totalMs: total,
      evalMs: reply.evalMs,
      roundTripMs: repliedAt - askedAt,
      parseMs: parsedAt - repliedAt,
      renderMs: performance.now() - parsedAt,
    };
    statusLine.className = "";
    statusLine.textContent = `answered in ${total.toFixed(1)} ms` +
      (asCute.checked ? " (as CuTe C++ answers)" : "");
  } catch (e) {
    showFailure(e);
  }
  results.classList.remove("busy");
  busy = false;
  for (let i = renderWaiters.length - 1; i >= 0; i--) {
    if (renderWaiters[i].program === program) {
      renderWaiters[i].resolve(tiles);
      renderWaiters.splice(i, 1);
    }
  }
  if (dirty) {
    dirty = false;
    schedule();
  }
}

function showFailure(e) {
  results.replaceChildren();
  const box = document.createElement("div");
  box.className = e instanceof TimeoutError ? "timeout" : "error";
  box.textContent = e.message;
  results.append(box);
  statusLine.className = "slow";
  statusLine.textContent = e instanceof TimeoutError ? "stopped: too long" : "failed";
}

// The program changed (typed, pasted, an example, a link): remember it in the URL and
// evaluate it.
// The URL follows after a pause in typing: browsers throttle history.replaceState (Chromium
// ignores calls past a few hundred in ten seconds).
let urlTimer = null;
function programChanged() {
  keystrokeAt = performance.now();
  clearTimeout(urlTimer);
  urlTimer = setTimeout(() => {
    history.replaceState(null, "", "#p=" + encodeURIComponent(editor.value));
  }, URL_DELAY_MS);
  schedule();
}

// ---------------------------------------------------------------------------------------
// Rendering an answer: { out, error, pictures } (see crates/rcute-web/src/answer.rs).

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function render(answer, program) {
  const parts = [];
  if (answer.out) parts.push(renderOut(answer.out));
  if (answer.error) parts.push(renderError(answer.error));
  for (const p of answer.pictures) parts.push(renderPicture(p));
  results.replaceChildren(...parts);
  return parts.length;
}

// What the program printed; the as-CuTe mode's warning lines stand out.
function renderOut(text) {
  const pre = el("pre", "out");
  for (const line of text.split(/(?<=\n)/)) {
    pre.append(line.startsWith("warning: ") ? el("span", "warning", line) : line);
  }
  return pre;
}

// The error as the CLI prints it: the message, the line of the program, a caret under the
// offending part. Clicking it selects that part in the editor.
function renderError(error) {
  const box = el("div", "error");
  box.dataset.message = error.message;
  box.dataset.column = error.column;
  // rendered: "error: <message>\n<the program's line>\n<spaces>^^^\n"
  const lines = error.rendered.replace(/\n$/, "").split("\n");
  const caret = lines.pop();
  const line = lines.pop();
  box.append(el("p", "message", lines.join("\n")));
  const pre = el("pre");
  pre.append(line + "\n", el("span", "caret", caret));
  pre.title = "click to select the offending part in the editor";
  pre.addEventListener("click", () => {
    editor.focus();
    editor.setSelectionRange(error.index, error.end);
  });
  box.append(pre);
  return box;
}

function renderPicture(p) {
  const fig = el("section", "picture");
  fig.dataset.kind = p.kind;
  const h = el("h3");
  h.append(el("code", "", p.source));
  if (p.title !== p.source) h.append(" = ", el("code", "", p.title.split("\n")[0]));
  fig.append(h);
  if (p.note) fig.append(el("p", "note", p.note));
  if (p.shape) fig.shape = parseShape(p.shape);
  if (p.table) {
    const details = el("details");
    details.open = p.table.length < 4000;
    details.append(el("summary", "", "print_layout"), el("pre", "table", p.table));
    fig.append(details);
  }
  if (p.svg) {
    fig.append(el("div", "readout", "hover a cell"));
    const holder = el("div", "svg");
    holder.innerHTML = p.svg; // rcute's own SVG: escaped text, no scripts
    // a picture wider than its frame is shrunk to fit; the button shows it at its own
    // size (legible cells), scrolled in its frame
    const zoom = el("button", "zoom", "actual size");
    zoom.type = "button";
    zoom.title = "show the picture at its own size, scrolled in its frame, or fit it to the page";
    zoom.addEventListener("click", () => {
      const full = holder.classList.toggle("full");
      zoom.textContent = full ? "fit to the page" : "actual size";
    });
    h.prepend(zoom);
    fig.append(holder);
  }
  return fig;
}

// ---------------------------------------------------------------------------------------
// Coordinates: a shape as printed ("((_4,_2),_8)") to nested arrays, CuTe's idx2crd
// (colexicographic: the leftmost mode varies fastest) and printing a coordinate.

function parseShape(text) {
  return JSON.parse(text.replace(/_/g, "").replace(/\(/g, "[").replace(/\)/g, "]"));
}

function size(shape) {
  return Array.isArray(shape) ? shape.reduce((n, s) => n * size(s), 1) : shape;
}

function idx2crd(i, shape) {
  if (!Array.isArray(shape)) return i;
  return shape.map((s) => {
    const n = size(s);
    const c = idx2crd(i % n, s);
    i = Math.floor(i / n);
    return c;
  });
}

function crdString(c) {
  return Array.isArray(c) ? "(" + c.map(crdString).join(",") + ")" : String(c);
}

// What the readout says about a cell.
function describe(cell, fig) {
  const m = Number(cell.dataset.m);
  const n = Number(cell.dataset.n);
  const d = cell.dataset;
  if (fig.shape) {
    const [s0, s1] = fig.shape;
    const hier = crdString([idx2crd(m, s0), idx2crd(n, s1)]);
    const index = m + n * size(s0);
    const bank = d.bank === undefined ? "" : `   bank ${d.bank}${d.conflict ? " (conflict)" : ""}`;
    return `(m,n) = (${m},${n})   coordinate ${hier}   index ${index}   offset ${d.offset}${bank}`;
  }
  const panel = cell.closest("[data-operand]");
  const name = panel ? { A: "A", B: "B", C: "C", S: "source", D: "destination" }[panel.dataset.operand] : "";
  const at = name === "B" ? `(k,n) = (${m},${n})` : name === "A" ? `(m,k) = (${m},${n})` : `(m,n) = (${m},${n})`;
  return `${name}  ${at}   thread T${d.t}   value V${d.v}`;
}

results.addEventListener("mouseover", (event) => {
  const cell = event.target.closest("g.cell");
  if (!cell) return;
  const fig = cell.closest("section.picture");
  fig.querySelector(".readout").textContent = describe(cell, fig);
});

// Clicking a cell marks every cell of the picture with the same offset (for layouts) or
// the same thread (for thread-value pictures); clicking a marked cell clears the marks.
results.addEventListener("click", (event) => {
  const cell = event.target.closest("g.cell");
  if (!cell) return;
  const svg = cell.closest("svg");
  const wasMarked = cell.classList.contains("same");
  for (const c of svg.querySelectorAll("g.cell.same")) c.classList.remove("same");
  if (wasMarked) return;
  const key = cell.dataset.offset !== undefined ? "offset" : "t";
  const value = cell.dataset[key];
  const same = svg.querySelectorAll(`g.cell[data-${key}="${CSS.escape(value)}"]`);
  for (const c of same) c.classList.add("same");
  const fig = cell.closest("section.picture");
  fig.querySelector(".readout").textContent =
    `${same.length} cell${same.length === 1 ? "" : "s"} with ${key === "t" ? "thread T" : "offset "}${value}`;
});

// ---------------------------------------------------------------------------------------
// Examples, the URL fragment, start-up.

EXAMPLES.forEach((ex, i) => examples.append(new Option(ex.title, String(i))));
examples.addEventListener("change", () => {
  const ex = EXAMPLES[Number(examples.value)];
  if (!ex) return;
  editor.value = ex.program;
  noteLine.textContent = ex.note;
  programChanged();
});

editor.addEventListener("input", () => {
  noteLine.textContent = "";
  programChanged();
});

asCute.addEventListener("change", () => {
  keystrokeAt = performance.now();
  schedule();
});

// The functions of the language and the atom catalog, from the evaluator; clicking a name
// puts it into the program at the cursor.
function insertName(text) {
  const [a, b] = [editor.selectionStart, editor.selectionEnd];
  editor.setRangeText(text, a, b, "end");
  editor.focus();
  editor.dispatchEvent(new Event("input"));
}

async function loadCatalog() {
  await evaluator.ready;
  const reply = await evaluator.request({ catalog: true });
  const { functions, mma, copy } = JSON.parse(reply.json);
  const fnList = document.querySelector("#functions ul");
  for (const f of functions) {
    const li = el("li");
    li.dataset.name = f.name;
    li.append(el("code", "", f.name), " " + f.doc);
    li.addEventListener("click", () => insertName(f.name + "("));
    fnList.append(li);
  }
  document.querySelector("#functions summary").textContent = `Functions (${functions.length})`;
  const filter = document.getElementById("function-filter");
  filter.addEventListener("input", () => {
    const q = filter.value.trim().toLowerCase();
    for (const li of fnList.children) li.hidden = q !== "" && !li.textContent.toLowerCase().includes(q);
  });
  const atomList = document.querySelector("#atoms ul");
  for (const [kind, names] of [["MMA", mma], ["copy", copy]]) {
    for (const n of names) {
      const li = el("li");
      li.dataset.kind = kind;
      li.append(el("code", "", n));
      li.addEventListener("click", () => insertName(n));
      atomList.append(li);
    }
  }
  document.querySelector("#atoms summary").textContent =
    `Atoms (${mma.length} MMA, ${copy.length} copy)`;
}

// The program of a link: #p=<encodeURIComponent(program)>.
function programFromHash() {
  const m = location.hash.match(/^#p=(.*)$/s);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

window.addEventListener("hashchange", () => {
  const p = programFromHash();
  if (p !== null && p !== editor.value) {
    editor.value = p;
    programChanged();
  }
});

const playground = {
  timeoutMs: 5000,
  lastTiming: null,
  evaluations: 0, // programs sent to the evaluator
  catalog: null, // a promise, resolved when the lists of functions and atoms are filled
  // Replaces the program as a keystroke would; resolves once its answer is on the page.
  setProgram(text) {
    const done = new Promise((resolve) => renderWaiters.push({ program: text, resolve }));
    editor.value = text;
    editor.dispatchEvent(new Event("input"));
    return done;
  },
  // Test hook: keeps the worker busy for `ms`, through the same timeout path as programs.
  async spin(ms) {
    await evaluator.ready;
    try {
      await evaluator.request({ spin: ms });
      return "done";
    } catch (e) {
      showFailure(e);
      return e instanceof TimeoutError ? "timeout" : "error";
    }
  },
  ready: null,
};
window.playground = playground;

evaluator.start();
playground.ready = evaluator.ready.then(() => {
  statusLine.textContent = "ready";
});
playground.catalog = playground.ready.then(loadCatalog);
const initial = programFromHash();
if (initial !== null) {
  editor.value = initial;
} else {
  editor.value = EXAMPLES[0].program;
  noteLine.textContent = EXAMPLES[0].note;
}
programChanged();
