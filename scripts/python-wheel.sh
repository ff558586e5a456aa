#!/usr/bin/env bash
# Builds the Python package's wheel (crates/rcute-py: an abi3 wheel for CPython 3.9 and
# later, release profile) into target/wheels/, with maturin installed into a virtual
# environment at target/py-build (or $RCUTE_PY_BUILD_VENV).
#
#   scripts/python-wheel.sh            build; prints the wheel's path on the last line
#   RCUTE_PY_ABI=py310 scripts/python-wheel.sh
#                                      the wheel for CPython 3.10 and later, whose calls are
#                                      faster (METH_FASTCALL; crates/rcute-py/Cargo.toml)
#   pip install ./crates/rcute-py      built through pip and installed: an abi3 wheel for the
#                                      installing CPython and later (the `abi3` feature)
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${RCUTE_PY_BUILD_VENV:-target/py-build}"
PY="${PYTHON:-python3}"
if [ ! -x "$VENV/bin/maturin" ]; then
  "$PY" -m venv "$VENV"
  "$VENV/bin/pip" install -q "maturin>=1.9.4,<2"
fi
FEATURES=()
case "${RCUTE_PY_ABI:-py39}" in
  py39) FEATURES=(--no-default-features --features abi3-py39) ;;
  py310) FEATURES=(--no-default-features --features abi3-py310) ;;
  *) echo "RCUTE_PY_ABI is py39 or py310, not '$RCUTE_PY_ABI'" >&2; exit 1 ;;
esac
"$VENV/bin/maturin" build --release -q -m crates/rcute-py/Cargo.toml "${FEATURES[@]}" --out target/wheels >&2
ls -t target/wheels/rcute-*.whl | sed -n 1p
