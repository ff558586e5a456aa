// The tiled copy of rcute_cuda::copy, in sections (rcute_cuda::template): `kernel` is
// the whole kernel, a load phase and a store phase through shared memory; each phase is
// `pairs` (a pair of elements per access where the layouts keep pairs contiguous and
// aligned) or `elements`. The *_INDEX holes are calls of functions generated from
// layouts; T is the element type, PAIR (VEC) the type of one access of 2 (E) elements,
// INDEX the index type.
//// section: kernel
extern "C" __global__ void __launch_bounds__(/*{{THREADS}}*/) /*{{NAME}}*/(/*{{PARAMS}}*/) {
    __shared__ __align__(16) /*{{T}}*/ smem[/*{{SMEM_SIZE}}*/];
    const /*{{INDEX}}*/ t = threadIdx.x, b = blockIdx.x;
/*{{LOAD}}*/
    __syncthreads();
/*{{STORE}}*/
}
//// section: pairs
#pragma unroll
    for (/*{{INDEX}}*/ v = 0; v < /*{{VALUES}}*/; ++v) {
        const /*{{INDEX}}*/ r = /*{{ROW_INDEX}}*/, c = /*{{COL_INDEX}}*/;
        if (r < M && c < N) {
            /*{{MOVE}}*/
        }
    }
//// section: elements
#pragma unroll
    for (/*{{INDEX}}*/ v = 0; v < /*{{VALUES}}*/; ++v)
#pragma unroll
    for (/*{{INDEX}}*/ e = 0; e < /*{{ELEMENTS}}*/; ++e) {
        const /*{{INDEX}}*/ r = /*{{ROW_INDEX}}*/, c = /*{{COL_INDEX}}*/;
        if (r < M && c < N) /*{{MOVE}}*/
    }
//// section: load_pair
*(/*{{PAIR}}*/*)(smem + /*{{S0_INDEX}}*/) = *(const /*{{PAIR}}*/*)(src + /*{{G_INDEX}}*/);
//// section: load_pair_split
union { /*{{PAIR}}*/ w; /*{{T}}*/ e[2]; } u;
            u.w = *(const /*{{PAIR}}*/*)(src + /*{{G_INDEX}}*/);
            smem[/*{{S0_INDEX}}*/] = u.e[0];
            smem[/*{{S1_INDEX}}*/] = u.e[1];
//// section: store_pair
*(/*{{PAIR}}*/*)(dst + /*{{G_INDEX}}*/) = *(const /*{{PAIR}}*/*)(smem + /*{{S0_INDEX}}*/);
//// section: store_pair_split
union { /*{{PAIR}}*/ w; /*{{T}}*/ e[2]; } u;
            u.e[0] = smem[/*{{S0_INDEX}}*/];
            u.e[1] = smem[/*{{S1_INDEX}}*/];
            *(/*{{PAIR}}*/*)(dst + /*{{G_INDEX}}*/) = u.w;
//// section: load_element
smem[/*{{S_INDEX}}*/] = src[/*{{G_INDEX}}*/];
//// section: store_element
dst[/*{{G_INDEX}}*/] = smem[/*{{S_INDEX}}*/];
//// section: vector16
typedef struct __align__(16) { unsigned w[4]; } rcute_v16;
//// section: load_vector_split
union { /*{{VEC}}*/ w; /*{{T}}*/ e[/*{{E}}*/]; } u;
            u.w = *(const /*{{VEC}}*/*)(src + /*{{G_INDEX}}*/);
#pragma unroll
            for (/*{{INDEX}}*/ e = 0; e < /*{{E}}*/; ++e) smem[/*{{S_INDEX}}*/] = u.e[e];
//// section: store_vector_split
union { /*{{VEC}}*/ w; /*{{T}}*/ e[/*{{E}}*/]; } u;
#pragma unroll
            for (/*{{INDEX}}*/ e = 0; e < /*{{E}}*/; ++e) u.e[e] = smem[/*{{S_INDEX}}*/];
            *(/*{{VEC}}*/*)(dst + /*{{G_INDEX}}*/) = u.w;
