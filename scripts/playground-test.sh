#!/usr/bin/env bash
# The playground's browser test: builds the playground (scripts/playground.sh), asks
# `cute eval --batch` for the expected answers of 200 golden expressions (picked
# deterministically from tests/golden/*.jsonl), and runs crates/rcute-web/test/test.html in
# headless Chromium against a local static server. The test page drives the real page
# (index.html in an iframe) and reports through its DOM, which Chromium's --dump-dom
# prints and this script reads: it fails on any failed check, or if the checks did not
# finish. Needs `chromium` (Debian package) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
  echo "error: the playground test needs Chromium (apt-get install chromium)" >&2
  exit 2
fi
scripts/playground.sh
dir=target/playground-test
rm -rf "$dir"
cp -r target/playground "$dir"
cp crates/rcute-web/test/test.html crates/rcute-web/test/test.js "$dir"/

# 200 golden expressions, every k-th line of the golden files in name order
python3 - "$dir/cases.txt" <<'PY'
import glob, json, sys
exprs = []
for path in sorted(glob.glob("tests/golden/*.jsonl")):
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if line:
            e = json.loads(line).get("expr")
            if e and "\n" not in e:
                exprs.append(e)
step = max(1, len(exprs) // 200)
with open(sys.argv[1], "w", encoding="utf-8") as f:
    f.write("".join(e + "\n" for e in exprs[::step][:200]))
PY
cargo run -q -p rcute-cli -- eval --batch "$dir/cases.txt" > "$dir/expected.jsonl"
python3 -c 'import json,sys; print(json.dumps([json.loads(l) for l in open(sys.argv[1])]))' \
  "$dir/expected.jsonl" > "$dir/golden-expected.json"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 crates/rcute-web/test/serve.py "$dir" "$port" &
server=$!
profile=$(mktemp -d)
trap 'kill "$server" 2>/dev/null; rm -rf "$profile"' EXIT
sleep 1
timeout 300 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --dump-dom "http://127.0.0.1:$port/test.html" \
  > "$dir/dom.html" 2>"$dir/chromium.log" || true

python3 - "$dir/dom.html" <<'PY'
import html, re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<p id="summary" data-passed="(\d+)" data-failed="(\d+)">([^<]*)</p>', dom)
for kind, text in re.findall(r'<li class="(pass|fail|measure)"[^>]*>([^<]*)</li>', dom):
    print(html.unescape(text))
if not m:
    print("error: the browser test did not finish (see target/playground-test/dom.html)")
    sys.exit(1)
passed, failed = int(m.group(1)), int(m.group(2))
print(f"playground browser test: {html.unescape(m.group(3))}")
sys.exit(1 if failed or not passed else 0)
PY
