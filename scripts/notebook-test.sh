#!/usr/bin/env bash
# Executes examples/rcute.ipynb with nbconvert into target/notebook/rcute.html (a failing
# cell fails the script), then loads the HTML in headless Chromium and checks that its
# pictures render: every SVG output decoded by the browser with a size (the inline SVGs of
# the bank-conflict reports with drawn cells).
#
#   scripts/notebook-test.sh [VENV]    VENV has rcute installed (default target/py-test)
#
# Installs nbconvert, nbclient and ipykernel into VENV. Without Chromium, renders the HTML
# and counts its SVGs only, with a warning.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${1:-target/py-test}"
OUTDIR=target/notebook
mkdir -p "$OUTDIR"
"$VENV/bin/pip" install -q nbconvert nbclient ipykernel
"$VENV/bin/python" -m ipykernel install --user --name rcute-nb --display-name rcute-nb >/dev/null 2>&1 ||
  "$VENV/bin/python" -m ipykernel install --prefix "$VENV" --name rcute-nb >/dev/null
timeout 300 "$VENV/bin/jupyter" nbconvert --to html --execute \
  --ExecutePreprocessor.kernel_name=rcute-nb --ExecutePreprocessor.timeout=120 \
  --output-dir "$OUTDIR" --output rcute examples/rcute.ipynb 2>"$OUTDIR/nbconvert.log" ||
  { cat "$OUTDIR/nbconvert.log" >&2; exit 1; }

# A probe appended to the page writes what the browser laid out into the DOM.
python3 - "$OUTDIR/rcute.html" "$OUTDIR/probe.html" <<'PY'
import sys
page = open(sys.argv[1], encoding="utf-8").read()
probe = """<script>
window.addEventListener('load', function () {
  var out = [];
  // SVG outputs (_repr_svg_) are images of data: URLs; HTML outputs (_repr_html_) inline
  document.querySelectorAll('img[src^="data:image/svg+xml"]').forEach(function (i) {
    out.push(['img', i.complete ? i.naturalWidth : 0, i.complete ? i.naturalHeight : 0, 1].join('x'));
  });
  document.querySelectorAll('.jp-OutputArea-output svg').forEach(function (s) {
    if (s.parentElement.closest('svg')) return;
    var r = s.getBoundingClientRect();
    out.push(['svg', Math.round(r.width), Math.round(r.height), s.querySelectorAll('rect,path,line,text').length].join('x'));
  });
  var p = document.createElement('p'); p.id = 'svg-probe'; p.setAttribute('data-svgs', out.join(' '));
  document.body.appendChild(p);
});
</script>"""
open(sys.argv[2], "w", encoding="utf-8").write(page.replace("</body>", probe + "</body>"))
PY

browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
  n=$(grep -o '<svg\|src="data:image/svg+xml' "$OUTDIR/rcute.html" | wc -l)
  echo "warning: no chromium; the notebook ran and its HTML has $n svg elements, not checked in a browser" >&2
  [ "$n" -ge 7 ]
  exit 0
fi
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --virtual-time-budget=5000 --dump-dom "file://$PWD/$OUTDIR/probe.html" \
  >"$OUTDIR/dom.html" 2>"$OUTDIR/chromium.log" || true
python3 - "$OUTDIR/dom.html" <<'PY'
import re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<p id="svg-probe" data-svgs="([^"]*)"', dom)
if not m:
    sys.exit("error: the notebook's page did not load in Chromium (target/notebook/dom.html)")
svgs = [(k, *map(int, rest)) for k, *rest in (s.split("x") for s in m.group(1).split())]
drawn = [s for s in svgs if s[1] > 0 and s[2] > 0 and s[3] > 0]
# layout, composition, swizzle, TV layout, tiled MMA, tiled copy (images of _repr_svg_),
# two bank-conflict reports (_repr_html_ with the SVG inline)
print(f"notebook: {len(drawn)} of {len(svgs)} pictures rendered in Chromium")
if len(svgs) < 8 or len(drawn) != len(svgs):
    sys.exit(f"error: expected at least 8 pictures, all decoded with a size (inline ones with drawn cells): {svgs}")
PY
