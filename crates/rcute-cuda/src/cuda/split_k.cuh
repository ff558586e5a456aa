// split-K's workspace: a warpgroup's partial sums, stored and read at L2 (`.cg`: the
// units of a tile run on different SMs, whose L1 caches are not coherent), the tiles'
// arrival counters, and the warpgroup's vote.
__device__ __forceinline__ void rcute_st_partial(float* p, const float (&v)[2][2]) {
    asm volatile("st.global.cg.v4.f32 [%0], {%1, %2, %3, %4};"
                 :: "l"(p), "f"(v[0][0]), "f"(v[0][1]), "f"(v[1][0]), "f"(v[1][1]) : "memory");
}
__device__ __forceinline__ void rcute_ld_partial(float (&v)[2][2], const float* p) {
    asm volatile("ld.global.cg.v4.f32 {%0, %1, %2, %3}, [%4];"
                 : "=f"(v[0][0]), "=f"(v[0][1]), "=f"(v[1][0]), "=f"(v[1][1]) : "l"(p) : "memory");
}
// one more arrival on `counter`: returns the arrivals before it, and sets the counter back
// to 0 at the arrival that finds `last` there (`atom.inc` wraps)
__device__ __forceinline__ unsigned rcute_count_arrival(unsigned* counter, unsigned last) {
    unsigned old;
    asm volatile("atom.acq_rel.gpu.global.inc.u32 %0, [%1], %2;" : "=r"(old) : "l"(counter), "r"(last) : "memory");
    return old;
}
// barrier `id` among `threads` threads that also returns whether `p` held for any of them
__device__ __forceinline__ bool rcute_named_any(unsigned id, unsigned threads, bool p) {
    unsigned r;
    asm volatile("{\n.reg .pred a, b;\nsetp.ne.u32 a, %1, 0;\nbar.red.or.pred b, %2, %3, a;\nselp.u32 %0, 1, 0, b;\n}\n"
                 : "=r"(r) : "r"((unsigned)p), "r"(id), "r"(threads) : "memory");
    return r != 0;
}
