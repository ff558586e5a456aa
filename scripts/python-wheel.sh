#!/usr/bin/env bash
# Builds the Python package's wheel (crates/rcute-py: an abi3 wheel for CPython 3.9 and
# later, release profile) into target/wheels/, with maturin installed into a virtual
# environment at target/py-build (or $RCUTE_PY_BUILD_VENV).
#
#   scripts/python-wheel.sh            build; prints the wheel's path on the last line
#   pip install ./crates/rcute-py      the same build through pip, installed
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${RCUTE_PY_BUILD_VENV:-target/py-build}"
PY="${PYTHON:-python3}"
if [ ! -x "$VENV/bin/maturin" ]; then
  "$PY" -m venv "$VENV"
  "$VENV/bin/pip" install -q "maturin>=1.9.4,<2"
fi
"$VENV/bin/maturin" build --release -q -m crates/rcute-py/Cargo.toml --out target/wheels >&2
ls -t target/wheels/rcute-*.whl | sed -n 1p
