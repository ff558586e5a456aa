#!/usr/bin/env bash
# Builds the playground into target/playground/: rcute's evaluator compiled to WebAssembly
# (crates/rcute-web, the size-optimized `wasm` profile) and the static page of
# crates/rcute-web/www/ (no framework, no external resources: it works from any static file
# server, and offline). Serve it with, for example:
#   python3 -m http.server -d target/playground 8000   # then open http://localhost:8000
# Prints the size of the .wasm, raw and gzip-compressed.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! grep -x 'wasm32-unknown-unknown' <<<"$(rustup target list --installed 2>/dev/null)" >/dev/null; then
  rustup target add wasm32-unknown-unknown
fi
cargo build -q -p rcute-web --target wasm32-unknown-unknown --profile wasm
out=target/playground
rm -rf "$out"
mkdir -p "$out"
cp crates/rcute-web/www/* "$out"/
cp target/wasm32-unknown-unknown/wasm/rcute_web.wasm "$out"/rcute.wasm
raw=$(wc -c < "$out/rcute.wasm")
gz=$(gzip -9 -c "$out/rcute.wasm" | wc -c)
echo "$out: rcute.wasm $raw bytes, $gz bytes gzip -9"
