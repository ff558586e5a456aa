#!/usr/bin/env bash
# Regenerates the pictures in docs/ with `cute svg` and headless Chromium (Debian package
# `chromium`): docs/swizzle.png (a swizzled shared-memory layout), docs/tv.png (a
# thread-value layout over its 8x4 tile), docs/mma.png (a tiled MMA: A, B and C by thread
# and value) and docs/copy.png (a tiled copy: source and destination).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --release -p rcute-cli
cute=target/release/cute
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$cute svg 'composition(Swizzle<3,0,3>, make_layout((_8,_8), LayoutRight))' > "$tmp/swizzle.svg"
$cute svg --tv '((_4,_2),(_2,_2)):((_2,_16),(_1,_8))' '(_8,_4)' > "$tmp/tv.svg"
$cute svg --mma 'make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN)' > "$tmp/mma.svg"
$cute svg --copy 'make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN))' > "$tmp/copy.svg"
for name in swizzle tv mma copy; do
  svg="$tmp/$name.svg"
  w=$(grep -m1 -o 'width="[0-9]*"' "$svg" | head -1 | tr -dc 0-9)
  h=$(grep -m1 -o 'height="[0-9]*"' "$svg" | head -1 | tr -dc 0-9)
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$tmp/profile-$name" --hide-scrollbars --window-size="$w,$h" \
    --screenshot="docs/$name.png" "file://$svg" 2>/dev/null
  echo "docs/$name.png"
done
