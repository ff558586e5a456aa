#!/usr/bin/env bash
# Measures the shared-memory wavefronts of no load or store (`_op_misc`) that cp.async and
# the pipeline's groups, waits and barriers cost (scripts/ncu/cp_async_misc.cu) and writes
# the table crates/rcute-cuda/tests/kernels_measured.rs replays:
#
#   scripts/ncu/misc_traffic.sh CARD OUT
#
# OUT/misc-CARD.tsv (copy it to crates/rcute-cuda/tests/data/ncu-CARD/) and OUT/misc.sass,
# the program's SASS (the three predicated-off `LDS RZ, [RZ]` before each run of LDGSTS).
# Needs nvcc, cuobjdump, ncu and a Hopper GPU.
set -euo pipefail
card=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
nvcc -O3 -arch=sm_90a -o "$out/cp_async_misc" "$here/cp_async_misc.cu"
cuobjdump -sass "$out/cp_async_misc" > "$out/misc.sass"
metrics=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_misc.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_misc.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_cmd_write.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_cmd_read.sum,smsp__inst_executed.sum,smsp__sass_inst_executed_op_ldgsts.sum,launch__grid_size,launch__block_size
ncu --csv --print-units base -k 'regex:^misc_' --metrics "$metrics" "$out/cp_async_misc" > "$out/misc.csv"
python3 "$here/misc_table.py" "$card" "$out/misc.csv" > "$out/misc-$card.tsv"
echo "wrote $out/misc-$card.tsv"
