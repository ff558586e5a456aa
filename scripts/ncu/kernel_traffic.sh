#!/usr/bin/env bash
# Measures the kernels whose traffic rcute predicts (rcute_cuda::traffic::profiled_kernels)
# under Nsight Compute, one launch each, and writes the table that
# crates/rcute-cuda/tests/kernels_measured.rs replays:
#
#   scripts/ncu/kernel_traffic.sh BENCH CARD OUT [EXTRA-METRICS]
#
# BENCH: the rcute-gpu-bench binary (built with the default `cuda` feature); CARD: the
# card's name in the table (H100, H200); OUT: a directory for ncu's CSV and
# OUT/kernels-CARD.tsv (copy it to crates/rcute-cuda/tests/data/); EXTRA-METRICS: more
# metrics, comma-separated, measured in a second profiler run and added to the rows. Needs
# ncu and a GPU. The kernels: the four tiled copies at 4096 x 4096 and at 4000 x 4080
# (extents that are not multiples of the tiles), the f16 GEMM on mma.sync and as
# Gemm::tuned picks it (wgmma, TMA) at 4096^3 and 4000 x 4080 x 4096. The predictions they
# are compared with: `rcute-gpu-bench --traffic --stages --copy 4096 4096 --gemm 4096 4096 4096`
# (and the other sizes). The other GEMM kinds (tests/data/ncu-H100/kinds-H100.tsv):
#   ncu --csv --print-units base -k 'regex:^gemm_(f16|bf16|e4m3)$' --metrics ... \
#       BENCH --profile --kinds 4096 4096 4096 > kinds.csv
#   scripts/ncu/kernels_table.py CARD kinds.csv > kinds-CARD.tsv
set -euo pipefail
bench=$1 card=$2 out=$3 extra=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
metrics=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts.sum,launch__grid_size
sizes=(--copy 4096 4096 --copy 4000 4080 --gemm 4096 4096 4096 --gemm 4000 4080 4096)
# the copies and the GEMM; --profile launches nothing else these names match
filter='regex:^(copy|transpose)_f(16|32)$|^gemm_f16$'
# the bench prints `profile <i> <key> <kernel> <blocks> <check>` for ncu's result i
ncu --csv --print-units base -k "$filter" --metrics "$metrics" \
    "$bench" --profile "${sizes[@]}" > "$out/kernels.csv"
csvs=("$out/kernels.csv")
if [ -n "$extra" ]; then
    if ncu --csv --print-units base -k "$filter" --metrics "$extra" \
        "$bench" --profile "${sizes[@]}" > "$out/kernels-extra.csv"; then
        csvs+=("$out/kernels-extra.csv")
    else
        echo "the extra metrics were not measured: $(tail -3 "$out/kernels-extra.csv")" >&2
    fi
fi
python3 "$here/kernels_table.py" "$card" "${csvs[@]}" > "$out/kernels-$card.tsv"
echo "wrote $out/kernels-$card.tsv"
