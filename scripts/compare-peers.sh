#!/usr/bin/env bash
# Times the fixed workload (benches/workload.txt) in one run, in every implementation:
#   rcute             examples/workload.rs, built with --release
#   CuTe C++          g++ -O3 against the headers of the registry package nvidia-cutlass,
#                     with the values hidden from the optimizer (dynamic), and crd2idx again
#                     with a static layout (static)
#   pycute            NVIDIA's Python reference, shipped in nvidia-cutlass
#   tensor-layouts    from PyPI
# and prints a table of ns/op with ratios, then
#   rcute vs CuTe C++ (dynamic), geomean time ratio: X.XX
#
# Everything is installed from the registries into $RCUTE_PEERS_CACHE
# (default ~/.cache/rcute-peers), never into the repository. Run it on a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/.."

CACHE="${RCUTE_PEERS_CACHE:-$HOME/.cache/rcute-peers}"
SITE="$CACHE/site"
VENV="$CACHE/venv"
PY="${PYTHON:-python3}"

if [ ! -d "$SITE/cutlass_library/source/include/cute" ]; then
  echo "installing nvidia-cutlass (CuTe headers and pycute) into $SITE" >&2
  "$PY" -m pip install -q --no-deps --target "$SITE" \
    nvidia-cutlass==4.2.0.0 nvidia-cuda-runtime-cu12==12.9.79 \
    nvidia-cuda-cccl-cu12==12.9.27 nvidia-cuda-nvcc-cu12==12.9.86
fi
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import tensor_layouts" 2>/dev/null; then
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

OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

echo "rcute..." >&2
cargo run --release -q -p rcute --example workload > "$OUT/rcute"
echo "CuTe C++ (dynamic)..." >&2
"$PY" scripts/peers/cute_bench.py "${INC[@]}" > "$OUT/cute"
echo "CuTe C++ (static crd2idx)..." >&2
"$PY" scripts/peers/cute_bench.py "${INC[@]}" --static > "$OUT/cute_static"
echo "pycute..." >&2
PYTHONPATH="$SITE" "$PY" scripts/peers/py_bench.py pycute > "$OUT/pycute"
echo "tensor-layouts..." >&2
"$VENV/bin/python" scripts/peers/py_bench.py tensor_layouts > "$OUT/tensor_layouts"

"$PY" scripts/peers/table.py "$OUT"
