#!/usr/bin/env bash
# Times the fixed workload (benches/workload.txt) in one run, in every implementation:
#   rcute             examples/workload.rs, built with --release: layouts built at run
#                     time (rcute::Layout), and typed layouts (rcute::typed: the structure
#                     a type, the values read at run time), CuTe C++'s setting for dynamic
#                     values
#   CuTe C++          g++ -O3 against the headers of the registry package nvidia-cutlass,
#                     with the values hidden from the optimizer (dynamic), and crd2idx again
#                     with a static layout (static)
#   pycute            NVIDIA's Python reference, shipped in nvidia-cutlass
#   tensor-layouts    from PyPI
# and prints a table of ns/op with ratios (CuTe C++ against typed layouts, the Python
# libraries against run-time layouts), then the geometric means against CuTe C++, the
# last line with typed layouts:
#   rcute vs CuTe C++ (dynamic), geomean time ratio: X.XX
#
# Everything is installed from the registries into $RCUTE_PEERS_CACHE
# (default ~/.cache/rcute-peers), never into the repository. Run it on a quiet machine.
#
#   scripts/compare-peers.sh               build everything, measure here, print the table
#   scripts/compare-peers.sh --wide        the wide workload instead (benches/wide.txt, drawn
#                                          by scripts/peers/wide.py: ranks 1-4, depths 1-3,
#                                          static/dynamic mixes, every operation plus the
#                                          divides, products and inverses): run-time layouts
#                                          against CuTe C++ (dynamic) and pycute, a row per
#                                          operation (scripts/peers/wide_table.py); about
#                                          4 minutes with RCUTE_PEERS_ROUNDS=2 (the default
#                                          for --wide); RCUTE_PEERS_WIDE=FILE measures
#                                          another draw of wide.py instead, such as
#                                          benches/wide-holdout.txt (seed 42)
#   scripts/compare-peers.sh --bundle DIR  build only: DIR gets the compiled runners, the
#                                          Python packages and DIR/run.sh, which measures
#                                          and prints the table on any x86-64 Linux
#                                          machine with python3 (nothing to install), for
#                                          a quieter machine than the one that builds
set -euo pipefail
cd "$(dirname "$0")/.."

BUNDLE=""
WIDE=0
if [ "${1:-}" = "--wide" ]; then
  WIDE=1
  shift
fi
if [ "${1:-}" = "--bundle" ]; then
  BUNDLE="${2:?usage: compare-peers.sh [--wide] [--bundle DIR]}"
elif [ $# -gt 0 ]; then
  echo "usage: compare-peers.sh [--wide] [--bundle DIR]" >&2
  exit 2
fi
WORKLOAD=benches/workload.txt
[ "$WIDE" = 1 ] && WORKLOAD="${RCUTE_PEERS_WIDE:-benches/wide.txt}"

CACHE="${RCUTE_PEERS_CACHE:-$HOME/.cache/rcute-peers}"
SITE="$CACHE/site"
VENV="$CACHE/venv"
PY="${PYTHON:-python3}"

if [ ! -d "$SITE/cutlass_library/source/include/cute" ] ||
  [ ! -f "$SITE/nvidia/cuda_runtime/include/cuda_runtime_api.h" ]; then
  echo "installing nvidia-cutlass (CuTe headers and pycute) into $SITE" >&2
  "$PY" -m pip install -q --no-deps --target "$SITE" \
    nvidia-cutlass==4.2.0.0 nvidia-cuda-runtime-cu12==12.9.79 \
    nvidia-cuda-cccl-cu12==12.9.27 nvidia-cuda-nvcc-cu12==12.9.86
fi
if [ "$WIDE" = 0 ] && { [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import tensor_layouts" 2>/dev/null; }; then
  echo "installing tensor-layouts into $VENV" >&2
  "$PY" -m venv "$VENV"
  "$VENV/bin/python" -m pip install -q tensor-layouts==0.3.2
fi

INC=(
  "$SITE/cutlass_library/source/include"
  "$SITE/nvidia/cuda_runtime/include"
  "$SITE/nvidia/cuda_nvcc/include"
  "$SITE/nvidia/cuda_cccl/include"
)

# the bundle: everything the measurement runs, and run.sh
if [ -n "$BUNDLE" ]; then
  rm -rf "$BUNDLE"
  mkdir -p "$BUNDLE"
  B="$(cd "$BUNDLE" && pwd)"
else
  B="$(mktemp -d)"
  trap 'rm -rf "$B"' EXIT
fi
echo "building rcute's runner..." >&2
cargo build --release -q -p rcute --example workload
cp target/release/examples/workload "$B/rcute_workload"
export RCUTE_WORKLOAD="$(realpath "$WORKLOAD")"
echo "compiling CuTe C++ (dynamic, and static crd2idx)..." >&2
"$PY" scripts/peers/cute_bench.py "${INC[@]}" --exe "$B/cute_dynamic"
[ "$WIDE" = 0 ] && "$PY" scripts/peers/cute_bench.py "${INC[@]}" --static --exe "$B/cute_static"
mkdir -p "$B/py" "$B/peers"
cp -r "$SITE/pycute" "$B/py/"
if [ "$WIDE" = 0 ]; then
  # tensor-layouts with its metadata (it reads its own version at import)
  TL_SITE="$("$VENV/bin/python" -c 'import os, tensor_layouts; print(os.path.dirname(os.path.dirname(tensor_layouts.__file__)))')"
  cp -r "$TL_SITE/tensor_layouts" "$TL_SITE"/tensor_layouts-*.dist-info "$B/py/"
fi
cp scripts/peers/py_bench.py scripts/peers/table.py scripts/peers/wide_table.py scripts/peers/workload.py "$B/peers/"
cp "$WORKLOAD" "$B/workload.txt"
echo "$WIDE" > "$B/wide"
cat > "$B/run.sh" <<'RUN'
#!/usr/bin/env bash
# Measures the workload in rcute (run-time and typed layouts), CuTe C++, pycute and
# tensor-layouts and prints the
# table (made by scripts/compare-peers.sh). The implementations take turns, for
# $RCUTE_PEERS_ROUNDS rounds (default 5); each number is an operation's minimum over the
# rounds (each runner reports the fastest of its 7 batches), so that a slow spell of a
# shared machine does not land on one implementation.
set -euo pipefail
D="$(cd "$(dirname "$0")" && pwd)"
PY="${PYTHON:-python3}"
WIDE="$(cat "$D/wide")"
ROUNDS="${RCUTE_PEERS_ROUNDS:-$([ "$WIDE" = 1 ] && echo 2 || echo 5)}"
export RCUTE_WORKLOAD="$D/workload.txt"
O="$(mktemp -d)"
trap 'rm -rf "$O"' EXIT
echo "machine:$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), $(nproc) cores; $("$PY" -V); $ROUNDS rounds"
if [ "$WIDE" = 1 ]; then
  # the wide workload: run-time layouts against CuTe C++ (dynamic) and pycute
  export RCUTE_PEERS_QUICK=1
  for r in $(seq "$ROUNDS"); do
    echo "round $r: rcute, CuTe C++ (dynamic), pycute..." >&2
    "$D/rcute_workload" --no-extra >> "$O/rcute"
    "$D/cute_dynamic" >> "$O/cute"
    PYTHONPATH="$D/py" "$PY" "$D/peers/py_bench.py" pycute >> "$O/pycute"
  done
  "$PY" "$D/peers/wide_table.py" "$O" ${RCUTE_PEERS_CASES:+--cases}
  exit 0
fi
for r in $(seq "$ROUNDS"); do
  echo "round $r: rcute, rcute typed, CuTe C++ (dynamic, static crd2idx), pycute, tensor-layouts..." >&2
  "$D/rcute_workload" >> "$O/rcute"
  "$D/rcute_workload" --typed >> "$O/rcute_typed"
  "$D/cute_dynamic" >> "$O/cute"
  "$D/cute_static" >> "$O/cute_static"
  PYTHONPATH="$D/py" "$PY" "$D/peers/py_bench.py" pycute >> "$O/pycute"
  PYTHONPATH="$D/py" "$PY" "$D/peers/py_bench.py" tensor_layouts >> "$O/tensor_layouts"
done
"$PY" "$D/peers/table.py" "$O"
RUN
chmod +x "$B/run.sh"

if [ -n "$BUNDLE" ]; then
  echo "bundle ready: $B/run.sh" >&2
else
  "$B/run.sh"
fi
