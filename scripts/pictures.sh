#!/usr/bin/env bash
# Regenerates the pictures in docs/ with `cute svg` and headless Chromium (Debian package
# `chromium`): docs/swizzle.png (a swizzled shared-memory layout) and docs/tv.png (a
# thread-value layout over its 8x4 tile).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --release -p rcute-cli
cute=target/release/cute
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$cute svg 'composition(Swizzle<3,0,3>, make_layout((_8,_8), LayoutRight))' > "$tmp/swizzle.svg"
$cute svg --tv '((_4,_2),(_2,_2)):((_2,_16),(_1,_8))' '(_8,_4)' > "$tmp/tv.svg"
for name in swizzle tv; do
  svg="$tmp/$name.svg"
  w=$(grep -o 'width="[0-9]*"' "$svg" | head -1 | tr -dc 0-9)
  h=$(grep -o 'height="[0-9]*"' "$svg" | head -1 | tr -dc 0-9)
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$tmp/profile-$name" --hide-scrollbars --window-size="$w,$h" \
    --screenshot="docs/$name.png" "file://$svg" 2>/dev/null
  echo "docs/$name.png"
done
