#!/usr/bin/env bash
# Regenerates the playground's screenshots in docs/ with headless Chromium (Debian package
# `chromium`), as scripts/pictures.sh does for the pictures: docs/playground.png (a
# swizzled layout, one cell hovered and clicked: the cells with its offset are marked) and
# docs/playground-error.png (the example where CuTe C++ answers wrongly and rcute refuses).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/playground.sh
dir=target/playground-shot
rm -rf "$dir"
cp -r target/playground "$dir"
cp crates/rcute-web/test/shot.html "$dir"/
tmp=$(mktemp -d)
server=
trap 'if [ -n "$server" ]; then kill "$server" 2>/dev/null; fi; rm -rf "$tmp"' EXIT
shoot() { # NAME QUERY WIDTH HEIGHT
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  python3 crates/rcute-web/test/serve.py "$dir" "$port" &
  server=$!
  sleep 1
  timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$tmp/profile-$1" --hide-scrollbars --window-size="$3,$4" \
    --screenshot="docs/$1.png" "http://127.0.0.1:$port/shot.html?$2" 2>/dev/null
  kill "$server"
  server=
  echo "docs/$1.png"
}
q() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$1"; }
shoot playground "p=$(q 'S = composition(Swizzle<3,0,3>, make_layout((_8,_8), LayoutRight)); S; S(3,5)')&cell=3,5" 1280 1000
shoot playground-error "example=10" 1280 520
