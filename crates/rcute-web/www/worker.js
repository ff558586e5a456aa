// The evaluator's Web Worker: loads rcute.wasm and answers programs, so that a long
// computation never freezes the page (the page terminates and restarts this worker when
// an answer takes too long).
//
// Messages in:  { id, program }            evaluate a program, pictures included
//               { id, program, asCute: true } the same as `cute eval --as-cute` does
//               { id, program, text: true } evaluate it without pictures
//               { id, catalog: true }      the functions and the atom catalog (JSON)
//               { id, spin: ms }           test hook: stay busy for `ms` milliseconds
// Messages out: { ready: true }            once, when the module is instantiated
//               { id, json, evalMs }       the answer (JSON text, see rcute-web's answer.rs)
//               { id, crash: message }     the module trapped; it is instantiated again
"use strict";

let wasm = null; // the instance's exports: memory, rcute_alloc, rcute_dealloc, rcute_eval
const encoder = new TextEncoder();
const decoder = new TextDecoder();

// Fetches and instantiates the module (from the worker's own folder).
async function load() {
  const bytes = await (await fetch("rcute.wasm")).arrayBuffer();
  const { instance } = await WebAssembly.instantiate(bytes, {});
  wasm = instance.exports;
}

// Evaluates one program through the ABI: copy the UTF-8 program into a buffer of the
// module, call rcute_eval, read the length-prefixed JSON answer, free the buffer.
function evaluate(program, text, asCute) {
  const input = encoder.encode(program);
  const ptr = wasm.rcute_alloc(input.length);
  new Uint8Array(wasm.memory.buffer, ptr, input.length).set(input);
  const f = text ? wasm.rcute_eval_text : asCute ? wasm.rcute_eval_as_cute : wasm.rcute_eval;
  const answer = f(ptr, input.length);
  wasm.rcute_dealloc(ptr, input.length);
  return read(answer);
}

// The length-prefixed UTF-8 answer at `answer` (the memory may have grown during the
// call: a fresh view of it is taken).
function read(answer) {
  const len = new DataView(wasm.memory.buffer).getUint32(answer, true);
  return decoder.decode(new Uint8Array(wasm.memory.buffer, answer + 4, len));
}

const ready = load().then(() => postMessage({ ready: true }));

onmessage = async (event) => {
  const { id, program, spin, text, asCute, catalog } = event.data;
  await ready;
  if (catalog) {
    postMessage({ id, json: read(wasm.rcute_catalog()), evalMs: 0 });
    return;
  }
  if (spin !== undefined) {
    const until = performance.now() + spin;
    while (performance.now() < until) {
      // busy on purpose: the page's timeout must stop this
    }
    postMessage({ id, json: '{"out":"","error":null,"pictures":[]}', evalMs: spin });
    return;
  }
  const t0 = performance.now();
  try {
    const json = evaluate(program, text === true, asCute === true);
    postMessage({ id, json, evalMs: performance.now() - t0 });
  } catch (e) {
    // a trap leaves the instance in an unknown state: start a fresh one
    postMessage({ id, crash: String(e) });
    await load();
  }
};
