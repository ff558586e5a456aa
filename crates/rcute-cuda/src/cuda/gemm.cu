// The GEMM kernel of rcute_cuda::gemm, in sections (rcute_cuda::template): `kernel` is the
// whole kernel; the other sections fill its holes. Every index is a call of a function
// generated from a layout (the values of the *_INDEX holes, e.g. `a_stage(s_read)`,
// `c_row(wt, 0, h, j, wg, bm, bn)`); the text here holds loops, predicates and PTX
// wrappers only. INDEX is the index type (`int` or `long long`).
//// section: kernel
extern "C" __global__ void __launch_bounds__(/*{{THREADS}}*/) /*{{NAME}}*/(/*{{PARAMS}}*/) {
    extern __shared__ __align__(1024) unsigned short rcute_smem[];
    /*{{AB}}*/* const A_smem = (/*{{AB}}*/*)rcute_smem;
    /*{{AB}}*/* const B_smem = A_smem + /*{{A_ELEMS}}*/;
    const /*{{INDEX}}*/ tid = threadIdx.x;
    const /*{{INDEX}}*/ /*{{LANE}}*/ = /*{{LANE_INDEX}}*/, /*{{GROUP}}*/ = /*{{GROUP_INDEX}}*/;/*{{WARP_POSITION}}*/
    const /*{{INDEX}}*/ bm = /*{{BLOCK_M_INDEX}}*/, bn = /*{{BLOCK_N_INDEX}}*/;
    /*{{ACCUMULATORS}}*/
#pragma unroll
    for (unsigned z = 0; z < sizeof(acc) / sizeof(float); ++z) (&/*{{ACC0}}*/)[z] = 0.0f;
/*{{PIPELINE}}*/
    /*{{TAIL}}*/
/*{{EPILOGUE}}*/
}
//// section: kernel_specialized
extern "C" __global__ void __launch_bounds__(/*{{THREADS}}*/, 1)/*{{CLUSTER_DIMS}}*/ /*{{NAME}}*/(/*{{PARAMS}}*/) {
    extern __shared__ __align__(1024) unsigned short rcute_smem[];
    /*{{AB}}*/* const A_smem = (/*{{AB}}*/*)rcute_smem;
    /*{{AB}}*/* const B_smem = A_smem + /*{{A_ELEMS}}*/;/*{{C_SMEM}}*/
    // per stage: `full` completes when the stage's bytes have landed, `empty` when every
    // consumer warpgroup (of every block of the cluster) is done reading it
    unsigned long long* const full = (unsigned long long*)(rcute_smem + /*{{BARRIERS_AT}}*/);
    unsigned long long* const empty = full + /*{{STAGES}}*/;
    const /*{{INDEX}}*/ tid = threadIdx.x;
    const /*{{INDEX}}*/ wt = /*{{LANE_INDEX}}*/, wg = /*{{GROUP_INDEX}}*/;
    /*{{RANK}}*/
    if (tid == 0) {
        for (int s = 0; s < /*{{STAGES}}*/; ++s) {
            rcute_mbar_init(rcute_smem_u32(&full[s]), /*{{FILLS}}*/);
            rcute_mbar_init(rcute_smem_u32(&empty[s]), /*{{RELEASES}}*/);
        }
        rcute_fence_mbar_init();
    }
    /*{{SYNC}}*/
    if (wg >= /*{{CONSUMERS}}*/) {/*{{PRODUCER_REGS}}*/
/*{{PRODUCER}}*/
        return;
    }/*{{CONSUMER_REGS}}*/
/*{{CONSUMER}}*/
}
//// section: producer_regs

        rcute_setmaxnreg_dec</*{{REGS}}*/>();
//// section: producer
        if (wt == 0) {
            /*{{INDEX}}*/ s = 0;
            unsigned phase = 0;
            for (/*{{INDEX}}*/ /*{{UNIT}}*/ = /*{{FIRST_TILE}}*/; /*{{UNIT}}*/ < /*{{UNITS}}*/; /*{{UNIT}}*/ += /*{{TILE_STEP}}*/) {/*{{SPLIT}}*/
                const /*{{INDEX}}*/ bm = /*{{BLOCK_M_INDEX}}*/, bn = /*{{BLOCK_N_INDEX}}*/;
                for (/*{{INDEX}}*/ kt = /*{{K_BEGIN}}*/; kt < /*{{K_END}}*/; ++kt) {
                    // the consumers gave the stage back (a new barrier's preceding phase
                    // counts as complete, so the first pass does not wait)
                    rcute_mbar_wait(rcute_smem_u32(&empty[s]), phase ^ 1);
                    const unsigned bar = rcute_smem_u32(&full[s]);
                    rcute_mbar_expect_tx(bar, /*{{STAGE_BYTES}}*/);
                    /*{{ISSUE_A}}*/
                    /*{{ISSUE_B}}*/
                    if (++s == /*{{STAGES}}*/) { s = 0; phase ^= 1; }
                }
            }/*{{TAIL}}*/
        }
//// section: producer_copy
        // the producers' threads follow the consumers'
        const /*{{INDEX}}*/ pt = tid - /*{{FIRST}}*/;
        /*{{INDEX}}*/ s = 0;
        unsigned phase = 0;
        for (/*{{INDEX}}*/ /*{{UNIT}}*/ = blockIdx.x; /*{{UNIT}}*/ < /*{{UNITS}}*/; /*{{UNIT}}*/ += gridDim.x) {/*{{SPLIT}}*/
            const /*{{INDEX}}*/ bm = /*{{BLOCK_M_INDEX}}*/, bn = /*{{BLOCK_N_INDEX}}*/;
            // a stage's copies by the producers' threads (`pt`)
            auto load = [&](/*{{INDEX}}*/ kt, /*{{INDEX}}*/ s) {
                /*{{LOAD_A}}*/
                /*{{LOAD_B}}*/
            };
            for (/*{{INDEX}}*/ kt = /*{{K_BEGIN}}*/; kt < /*{{K_END}}*/; ++kt) {
                rcute_mbar_wait(rcute_smem_u32(&empty[s]), phase ^ 1);
                load(kt, s);/*{{WAIT}}*/
                // the copies are seen by the wgmma (the async proxy), then the stage is full
                rcute_fence_async_shared();
                rcute_mbar_arrive(rcute_smem_u32(&full[s]));
                if (++s == /*{{STAGES}}*/) { s = 0; phase ^= 1; }
            }
        }
//// section: cp_async_wait_all

                rcute_cp_async_commit();
                rcute_cp_async_wait<0>();
//// section: producer_tail

            // the other blocks arrive on this block's barriers and read what this block
            // multicast: wait until every stage is given back for the last time
            for (int i = 0; i < /*{{STAGES}}*/; ++i) {
                rcute_mbar_wait(rcute_smem_u32(&empty[s]), phase ^ 1);
                if (++s == /*{{STAGES}}*/) { s = 0; phase ^= 1; }
            }
//// section: consumer
    /*{{INDEX}}*/ s = 0;
    unsigned phase = 0;
    for (/*{{INDEX}}*/ /*{{UNIT}}*/ = /*{{FIRST_TILE}}*/; /*{{UNIT}}*/ < /*{{UNITS}}*/; /*{{UNIT}}*/ += /*{{TILE_STEP}}*/) {/*{{SPLIT}}*/
        const /*{{INDEX}}*/ bm = /*{{BLOCK_M_INDEX}}*/, bn = /*{{BLOCK_N_INDEX}}*/;
        /*{{ACCUMULATORS}}*/
#pragma unroll
        for (unsigned z = 0; z < sizeof(acc) / sizeof(float); ++z) (&acc[0][0][0])[z] = 0.0f;
        /*{{INDEX}}*/ last = 0;
        for (/*{{INDEX}}*/ kt = /*{{K_BEGIN}}*/; kt < /*{{K_END}}*/; ++kt) {
            rcute_mbar_wait(rcute_smem_u32(&full[s]), phase);
            const unsigned a_s = rcute_smem_u32(A_smem + /*{{A_STAGE_INDEX}}*/), b_s = rcute_smem_u32(B_smem + /*{{B_STAGE_INDEX}}*/);
            /*{{COMPUTE}}*/
            // the MMAs of the stage before are done: give it back
            if (kt > /*{{K_BEGIN}}*/ && wt == 0) /*{{RELEASE}}*/
            last = s;
            if (++s == /*{{STAGES}}*/) { s = 0; phase ^= 1; }
        }
        rcute_wgmma_wait<0>();
        if (/*{{K_END}}*/ > /*{{K_BEGIN}}*/ && wt == 0) /*{{RELEASE}}*//*{{FIXUP}}*/
/*{{EPILOGUE}}*/
    }/*{{CONSUMER_END}}*/
//// section: split

const /*{{INDEX}}*/ tile = /*{{TILE_INDEX}}*/, sp = /*{{SPLIT_INDEX}}*/;
// the split's k-tiles, from its first (the last split's stop at KT)
const /*{{INDEX}}*/ k_begin = /*{{K_FIRST_INDEX}}*/, k_end = k_begin + /*{{PER_SPLIT}}*/ < KT ? k_begin + /*{{PER_SPLIT}}*/ : KT;
//// section: fixup

// split-K: the warpgroup leaves its partial sums in the workspace (the slot of
// its split and tile, in the registers' order); the last of the tile's splits
// to arrive adds the splits' sums in split order, so the result does not depend
// on which arrives last, and stores the tile; the others go on to their next
// unit: no unit waits for another
#pragma unroll
for (int j = 0; j < /*{{NJ}}*/; ++j) rcute_st_partial(W + /*{{PARTIAL_INDEX}}*/, acc[j]);
__threadfence();
rcute_named_sync(1 + wg, 128);
// thread 0 counts the arrival (the counter wraps to 0 at the last, ready for the
// next launch) and tells the warpgroup whether it was the last
unsigned arrived = 0;
if (wt == 0) arrived = rcute_count_arrival((unsigned*)(W + /*{{COUNTERS_AT}}*/) + /*{{COUNTER_INDEX}}*/, /*{{SPLITS}}*/ - 1);
if (!rcute_named_any(/*{{ANY_BARRIER}}*/ + wg, 128, arrived == /*{{SPLITS}}*/ - 1)) continue;
__threadfence();
#pragma unroll
for (/*{{INDEX}}*/ i = 0; i < /*{{SPLITS}}*/; ++i)
#pragma unroll
for (int j = 0; j < /*{{NJ}}*/; ++j) {
    float p[2][2];
    rcute_ld_partial(p, W + /*{{PARTIAL_I_INDEX}}*/);
#pragma unroll
    for (int z = 0; z < 4; ++z) (&acc[j][0][0])[z] = i == 0 ? (&p[0][0])[z] : (&acc[j][0][0])[z] + (&p[0][0])[z];
}
//// section: c_smem

    unsigned short* const C_smem = rcute_smem + /*{{AT}}*/;
//// section: consumer_end

    // the shared buffers live until the last store has read them
    if (wt == 0) rcute_bulk_wait_all();
//// section: epilogue_tma
#pragma unroll
    for (int q = 0; q < /*{{CHUNKS}}*/; ++q) {
        unsigned short* const buf = C_smem + /*{{BUFFER_INDEX}}*/;
        // the store that last read this buffer is done reading it
        if (wt == 0) rcute_bulk_wait_read</*{{IN_FLIGHT}}*/>();
        rcute_named_sync(1 + wg, 128);
#pragma unroll
        for (int jj = 0; jj < 8; ++jj)
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            const float* v = acc[/*{{J_INDEX}}*/][h];
            *(unsigned*)(buf + /*{{PAIR_INDEX}}*/) = /*{{CONVERT}}*/;
        }
        // the writes are seen by the TMA (the async proxy), then the chunk goes out
        rcute_fence_async_shared();
        rcute_named_sync(1 + wg, 128);
        if (wt == 0) {
            rcute_tma_store(&tma_c, rcute_smem_u32(buf), /*{{INNER_INDEX}}*/, /*{{OUTER_INDEX}}*/);
            rcute_bulk_commit();
        }
    }
//// section: warp_position

    const /*{{INDEX}}*/ wm = /*{{WM_INDEX}}*/, wn = /*{{WN_INDEX}}*/;
//// section: pipeline_cp_async
    auto load = [&](/*{{INDEX}}*/ kt, /*{{INDEX}}*/ s) {
        /*{{LOAD_A}}*/
        /*{{LOAD_B}}*/
    };
#pragma unroll
    for (/*{{INDEX}}*/ s = 0; s < /*{{AHEAD}}*/; ++s) {
        if (s < KT) load(s, s);
        rcute_cp_async_commit();
    }
    /*{{INDEX}}*/ s_read = 0, s_write = /*{{AHEAD}}*/;
    for (/*{{INDEX}}*/ kt = 0; kt < KT; ++kt) {
        rcute_cp_async_wait</*{{WAIT}}*/>();/*{{FENCE}}*/
        __syncthreads();
        if (kt + /*{{AHEAD}}*/ < KT) load(kt + /*{{AHEAD}}*/, s_write);
        rcute_cp_async_commit();
        const unsigned a_s = rcute_smem_u32(A_smem + /*{{A_STAGE_INDEX}}*/), b_s = rcute_smem_u32(B_smem + /*{{B_STAGE_INDEX}}*/);
        /*{{COMPUTE}}*/
        s_read = s_read + 1 == /*{{STAGES}}*/ ? 0 : s_read + 1;
        s_write = s_write + 1 == /*{{STAGES}}*/ ? 0 : s_write + 1;
    }

//// section: release
rcute_mbar_arrive(rcute_smem_u32(&empty[last]));
//// section: release_cluster
for (unsigned b = 0; b < /*{{CLUSTER}}*/; ++b) rcute_mbar_arrive_cluster(rcute_smem_u32(&empty[last]), b);
//// section: fence_async_shared

        rcute_fence_async_shared();
//// section: load
#pragma unroll
        for (/*{{INDEX}}*/ p = 0; p < /*{{PASSES}}*/; ++p) {
            const /*{{INDEX}}*/ r = /*{{ROW_INDEX}}*/, c = /*{{COL_INDEX}}*/;
            /*{{ELEMENT}}*/
        }
//// section: load_cp_async
const int n = /*{{INSIDE}}*/ ? min(max((int)(/*{{LEFT}}*/), 0), /*{{WIDTH}}*/) : 0;
            rcute_cp_async/*{{BYTES}}*/(rcute_smem_u32(/*{{SMEM}}*/), /*{{PTR}}*/ + (n > 0 ? /*{{GLOBAL_INDEX}}*/ : 0), 2 * n);
//// section: load_group
rcute_elem v[8];
#pragma unroll
            for (int e = 0; e < 8; ++e) v[e] = (/*{{INSIDE}}*/) ? /*{{PTR}}*/[/*{{GLOBAL_INDEX}}*/] : (rcute_elem)0;
            rcute_st_shared8(/*{{SMEM}}*/, v);
//// section: pipeline_tma
    unsigned long long* const bars = (unsigned long long*)(rcute_smem + /*{{BARRIERS_AT}}*/);
    auto issue = [&](/*{{INDEX}}*/ kt, /*{{INDEX}}*/ s) {
        const unsigned bar = rcute_smem_u32(&bars[s]);
        rcute_mbar_expect_tx(bar, /*{{STAGE_BYTES}}*/);
        /*{{ISSUE_A}}*/
        /*{{ISSUE_B}}*/
    };
    if (tid == 0) {
        for (int s = 0; s < /*{{STAGES}}*/; ++s) rcute_mbar_init(rcute_smem_u32(&bars[s]), 1);
        rcute_fence_mbar_init();
    }
    __syncthreads();
    if (tid == 0)
        for (/*{{INDEX}}*/ s = 0; s < /*{{AHEAD}}*/; ++s)
            if (s < KT) issue(s, s);
    /*{{INDEX}}*/ s_read = 0, s_write = /*{{AHEAD}}*/;
    unsigned phase = 0;
    for (/*{{INDEX}}*/ kt = 0; kt < KT; ++kt) {
        rcute_mbar_wait(rcute_smem_u32(&bars[s_read]), phase);
        const unsigned a_s = rcute_smem_u32(A_smem + /*{{A_STAGE_INDEX}}*/), b_s = rcute_smem_u32(B_smem + /*{{B_STAGE_INDEX}}*/);
        /*{{COMPUTE}}*/
        __syncthreads();
        if (tid == 0 && kt + /*{{AHEAD}}*/ < KT) issue(kt + /*{{AHEAD}}*/, s_write);
        s_read = s_read + 1 == /*{{STAGES}}*/ ? 0 : s_read + 1;
        phase ^= s_read == 0;
        s_write = s_write + 1 == /*{{STAGES}}*/ ? 0 : s_write + 1;
    }
//// section: issue
#pragma unroll
        for (/*{{INDEX}}*/ i = 0; i < /*{{BOXES}}*/; ++i)
            rcute_tma_load(rcute_smem_u32(/*{{PTR}}*/_smem + /*{{STAGE_INDEX}}*/ + /*{{BOX_SMEM_INDEX}}*/), &tma_/*{{OPERAND}}*/, /*{{INNER_INDEX}}*/, /*{{OUTER_INDEX}}*/, bar);
//// section: issue_multicast
#pragma unroll
        for (/*{{INDEX}}*/ i = 0; i < /*{{BOXES}}*/; ++i)
            rcute_tma_load_multicast(rcute_smem_u32(/*{{PTR}}*/_smem + /*{{STAGE_INDEX}}*/ + /*{{BOX_SMEM_INDEX}}*/), &tma_/*{{OPERAND}}*/, /*{{INNER_INDEX}}*/, /*{{OUTER_INDEX}}*/, bar, /*{{MASK}}*/);
//// section: compute_mma_sync
#pragma unroll
        for (/*{{INDEX}}*/ kk = 0; kk < /*{{KK}}*/; ++kk) {
            unsigned af[/*{{MI}}*/][4], bf[/*{{NJ}}*/][2][2];
#pragma unroll
            for (/*{{INDEX}}*/ i = 0; i < /*{{MI}}*/; ++i) rcute_ldsm/*{{A_TRANS}}*/(af[i], a_s + 2 * /*{{A_FRAG_INDEX}}*/);
#pragma unroll
            for (/*{{INDEX}}*/ jp = 0; jp < /*{{NJ}}*/; ++jp) rcute_ldsm/*{{B_TRANS}}*/(&bf[jp][0][0], b_s + 2 * /*{{B_FRAG_INDEX}}*/);
#pragma unroll
            for (int i = 0; i < /*{{MI}}*/; ++i)
#pragma unroll
            for (int jp = 0; jp < /*{{NJ}}*/; ++jp)
#pragma unroll
            for (int q = 0; q < 2; ++q) rcute_mma(&acc[i][jp][q][0][0], af[i], bf[jp][q]);
        }
//// section: compute_wgmma
rcute_wgmma_fence();
#pragma unroll
        for (/*{{INDEX}}*/ kk = 0; kk < /*{{KK}}*/; ++kk)
            rcute_wgmma(&acc[0][0][0], rcute_desc_a(a_s + /*{{AB_BYTES}}*/ * /*{{A_SLICE_INDEX}}*/), rcute_desc_b(b_s + /*{{AB_BYTES}}*/ * /*{{B_SLICE_INDEX}}*/));
        rcute_wgmma_commit();
        rcute_wgmma_wait<1>();
//// section: epilogue_mma_sync
#pragma unroll
    for (int i = 0; i < /*{{MI}}*/; ++i)
#pragma unroll
    for (int jp = 0; jp < /*{{NJ}}*/; ++jp)
#pragma unroll
    for (int q = 0; q < 2; ++q)
#pragma unroll
    for (int h = 0; h < 2; ++h) {
        const float* v = acc[i][jp][q][h];
        /*{{COORDS_0}}*/
        /*{{COORDS_1}}*/
        /*{{STORE}}*/
    }
//// section: epilogue_wgmma
#pragma unroll
    for (int j = 0; j < /*{{NJ}}*/; ++j)
#pragma unroll
    for (int h = 0; h < 2; ++h) {
        const float* v = acc[j][h];
        /*{{COORDS_0}}*/
        /*{{COORDS_1}}*/
        /*{{STORE}}*/
    }
//// section: coords
const /*{{INDEX}}*/ r/*{{E}}*/ = /*{{ROW_INDEX}}*/, c/*{{E}}*/ = /*{{COL_INDEX}}*/;
//// section: store_elements
if (r0 < M && c0 < N) C[/*{{C0_INDEX}}*/] = rcute_cvt1(v[0]);
        if (r1 < M && c1 < N) C[/*{{C1_INDEX}}*/] = rcute_cvt1(v[1]);
//// section: store_pair
if (r0 < M && c1 < N) *(unsigned*)(C + /*{{C0_INDEX}}*/) = rcute_cvt2(v[0], v[1]);
        else { /*{{ELEMENTS}}*/ }
