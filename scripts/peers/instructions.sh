#!/usr/bin/env bash
# Instructions per call of each case of a workload, counted by cachegrind (steady on a
# shared machine, where times move by 10%): the runner (examples/workload.rs) runs a case
# 300 times and 100 times, and the difference over 200 is one call, start-up left out.
#
#   scripts/peers/instructions.sh [RUNNER] [WORKLOAD] [NAME...]
#
# RUNNER defaults to target/release/examples/workload (cargo build --release -p rcute
# --example workload), WORKLOAD to benches/wide.txt; with no NAME, every case. Prints
# `name instructions` per line. Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN="${1:-target/release/examples/workload}"
WL="${2:-benches/wide.txt}"
shift 2 2>/dev/null || shift $#
names=("$@")
if [ ${#names[@]} = 0 ]; then
  mapfile -t names < <(grep -v '^#' "$WL" | grep '|' | cut -d' ' -f1)
fi
count() {
  RCUTE_WORKLOAD="$WL" valgrind --tool=cachegrind --cache-sim=no \
    --cachegrind-out-file=/dev/null "$BIN" --count "$1" "$2" 2>&1 |
    sed -n 's/.*I *refs: *//p' | tr -d ','
}
for n in "${names[@]}"; do
  a="$(count 300 "$n")"
  b="$(count 100 "$n")"
  echo "$n $(((a - b) / 200))"
done
