#!/usr/bin/env bash
# Measures every access pattern of rcute_cuda::patterns (one warp each) under Nsight
# Compute and writes the table that crates/rcute-cuda/tests/patterns_measured.rs replays:
#
#   scripts/ncu/pattern_traffic.sh BENCH CARD OUT
#
# BENCH: the rcute-gpu-bench binary; CARD: the card's name in the table (H100, H200); OUT:
# a directory for ncu's CSV and OUT/patterns-CARD.tsv (copy it to
# crates/rcute-cuda/tests/data/). Needs ncu and a GPU.
set -euo pipefail
bench=$1 card=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
# the 7 metrics of rcute_cuda::patterns::METRICS
metrics=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum
# ncu's output holds the bench's own lines (kernel, instruction, prediction, name) too
ncu --csv --print-units base -k regex:rcute_pattern_ --metrics "$metrics" \
    "$bench" --patterns > "$out/patterns.csv"
python3 "$here/patterns_table.py" "$card" "$out/patterns.csv" "$out/patterns.csv" > "$out/patterns-$card.tsv"
echo "wrote $out/patterns-$card.tsv ($(wc -l < "$out/patterns-$card.tsv") patterns)"
