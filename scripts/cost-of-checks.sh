#!/usr/bin/env bash
# What the checks that make every answer lawful cost on the fixed workload
# (benches/workload.txt): the workload runner (examples/workload.rs) built from the commit
# before them and from this tree, run alternately ROUNDS times (default 5) in one session;
# for each operation the fastest run of each build, then after/before and the geometric
# mean of the ratios, for run-time layouts and for typed layouts.
#
#   scripts/cost-of-checks.sh                  times both builds
#   scripts/cost-of-checks.sh --instructions   also counts instructions per typed
#                                              operation (needs valgrind): cachegrind over
#                                              `workload --count N NAME --typed` for
#                                              N = 100,000 and 200,000, the difference / 100,000
#   scripts/cost-of-checks.sh --hint [...]     builds the commit before the checks with
#                                              this tree's branch hint in div_rem_pos (a
#                                              later change, unrelated to the checks), so
#                                              that the two builds differ by the checks alone
#
# The commit before the checks is built from this repository's history (a clone has it)
# with this tree's runner copied in, in $RCUTE_CHECKS_CACHE (default ~/.cache/rcute-checks),
# never in the repository. Run it on a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/.."

BEFORE=b53690f # the commit before the checks
ROUNDS="${ROUNDS:-5}"
COUNT=0
HINT=0
for arg in "$@"; do
  case "$arg" in
    --instructions) COUNT=1 ;;
    --hint) HINT=1 ;;
    *)
      echo "usage: cost-of-checks.sh [--hint] [--instructions]" >&2
      exit 2
      ;;
  esac
done

CACHE="${RCUTE_CHECKS_CACHE:-$HOME/.cache/rcute-checks}"
SRC="$CACHE/src-$BEFORE"
[ "$HINT" = 1 ] && SRC="$SRC-hint"
if [ ! -f "$SRC/Cargo.toml" ]; then
  echo "extracting $BEFORE into $SRC" >&2
  mkdir -p "$SRC"
  git archive "$BEFORE" | tar -x -C "$SRC"
  if [ "$HINT" = 1 ]; then
    # the division of div_rem_pos laid out of line, as in this tree
    sed -i 's|^        (c / s, c % s)$|        core::hint::cold_path();\n        (c / s, c % s)|' \
      "$SRC/crates/rcute/src/int.rs"
    grep -q 'cold_path' "$SRC/crates/rcute/src/int.rs"
  fi
fi
# the runner of this tree (its --count mode is newer than the commit), same operations
cp crates/rcute/examples/workload.rs "$SRC/crates/rcute/examples/workload.rs"
cp crates/rcute/benches/support/typed_ops.rs crates/rcute/benches/support/workload_ops.rs \
  "$SRC/crates/rcute/benches/support/"

echo "building the runner of $BEFORE and of this tree..." >&2
TARGET="$CACHE/target"
[ "$HINT" = 1 ] && TARGET="$CACHE/target-hint"
(cd "$SRC" && CARGO_TARGET_DIR="$TARGET" cargo build -q --release -p rcute --example workload)
cargo build -q --release -p rcute --example workload
OLD="$TARGET/release/examples/workload"
NEW="target/release/examples/workload"
export RCUTE_WORKLOAD=benches/workload.txt

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores; $ROUNDS rounds" >&2
for mode in "" --typed; do
  for i in $(seq 1 "$ROUNDS"); do
    "$OLD" $mode | sed 's/^/before /'
    "$NEW" $mode | sed 's/^/after /'
  done | awk -v title="${mode:-run-time}" '
    $2 != "offsets_128x128" && NF == 3 {
      k = $1 " " $2
      if (!(k in m) || $3 < m[k]) m[k] = $3
      ops[$2] = 1
    }
    END {
      printf "%s layouts (ns/op, fastest of each)\n", (title == "--typed" ? "typed" : "run-time")
      printf "  %-22s %10s %10s %7s\n", "operation", "before", "after", "ratio"
      g = 0; n = 0
      for (o in ops) {
        r = m["after " o] / m["before " o]
        printf "  %-22s %10.2f %10.2f %7.3f\n", o, m["before " o], m["after " o], r
        g += log(r); n++
      }
      printf "  geomean after/before: %.3f over %d operations\n", exp(g / n), n
    }'
done

if [ "$COUNT" = 1 ]; then
  echo "instructions per typed operation (cachegrind)"
  printf "  %-22s %8s %8s\n" operation before after
  count() {
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
      "$1" --count "$2" "$3" --typed 2>&1 | awk '/I *refs/ {gsub(",", "", $NF); print $NF}'
  }
  for op in composition_tiler logical_divide zipped_divide complement coalesce \
    logical_product blocked_product right_inverse idx2crd crd2idx; do
    per() { echo $(( ($(count "$1" 200000 "$op") - $(count "$1" 100000 "$op")) / 100000 )); }
    printf "  %-22s %8s %8s\n" "$op" "$(per "$OLD")" "$(per "$NEW")"
  done
fi
