#!/usr/bin/env bash
# Measures the kernels whose traffic rcute predicts (rcute_cuda::traffic::profiled_kernels)
# under Nsight Compute, one launch each, and writes the table that
# crates/rcute-cuda/tests/kernels_measured.rs replays:
#
#   scripts/ncu/kernel_traffic.sh BENCH CARD OUT
#
# BENCH: the rcute-gpu-bench binary (built with the default `cuda` feature); CARD: the
# card's name in the table (H100, H200); OUT: a directory for the CSVs and
# OUT/kernels-CARD.tsv (copy it to crates/rcute-cuda/tests/data/). Needs ncu and a GPU.
# The predictions it is compared with: `rcute-gpu-bench --traffic --stages 4096 4096
# --gemm 4096 4096 4096`.
set -euo pipefail
bench=$1 card=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
metrics=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts.sum,launch__grid_size
size=4096
table="$out/kernels-$card.tsv"
: > "$table"
profile() { # KEY KERNEL-NAME BENCH-ARGS...
    local key=$1 name=$2 csv
    shift 2
    csv="$out/$(echo "$key" | tr ' ' '_').csv"
    ncu --csv --print-units base -k "regex:^${name}\$" -c 1 --metrics "$metrics" \
        "$bench" "$@" > "$csv"
    python3 "$here/kernels_table.py" "$card" "$key" "$csv" >> "$table"
}
for k in copy_f32 transpose_f32 copy_f16 transpose_f16; do
    profile "$k ${size}x${size}" "$k" --copy "$size" "$size"
done
# the f16 GEMM, both operands K-major (--llm): the first gemm_f16 launch is mma.sync's,
# with --tuned-only the tuned kernel's
profile "gemm_f16 mma.sync ${size}x${size}x${size}" gemm_f16 --gemm "$size" "$size" "$size" --llm --f16-only
profile "gemm_f16 tuned ${size}x${size}x${size}" gemm_f16 --gemm "$size" "$size" "$size" --llm --f16-only --tuned-only
echo "wrote $table"
