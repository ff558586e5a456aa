__device__ __forceinline__ unsigned rcute_smem_u32(const void* p) {
    unsigned r;
    asm("{ .reg .u64 a; cvta.to.shared.u64 a, %1; cvt.u32.u64 %0, a; }" : "=r"(r) : "l"(p));
    return r;
}
__device__ __forceinline__ void rcute_cp_async16(unsigned dst, const void* src, int bytes) {
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" :: "r"(dst), "l"(src), "r"(bytes));
}
__device__ __forceinline__ void rcute_cp_async_commit() { asm volatile("cp.async.commit_group;"); }
template <int N> __device__ __forceinline__ void rcute_cp_async_wait() {
    asm volatile("cp.async.wait_group %0;" :: "n"(N));
}
__device__ __forceinline__ void rcute_ldsm(unsigned* r, unsigned addr) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr));
}
__device__ __forceinline__ void rcute_ldsm_t(unsigned* r, unsigned addr) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr));
}
__device__ __forceinline__ void rcute_mma(float* d, const unsigned* a, const unsigned* b) {
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32./*{{PTX}}*/./*{{PTX}}*/.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
__device__ __forceinline__ unsigned rcute_cvt2(float lo, float hi) {
    unsigned r;
    asm("cvt.rn./*{{PTX}}*/x2.f32 %0, %1, %2;" : "=r"(r) : "f"(hi), "f"(lo));
    return r;
}
__device__ __forceinline__ unsigned short rcute_cvt1(float x) {
    return (unsigned short)(rcute_cvt2(x, 0.0f) & 0xffffu);
}
typedef unsigned short rcute_elem;
// 8 elements to 8 contiguous, 16-byte aligned elements of shared memory, one store
__device__ __forceinline__ void rcute_st_shared8(unsigned short* p, const unsigned short* v) {
    uint4 w;
    w.x = v[0] | ((unsigned)v[1] << 16);
    w.y = v[2] | ((unsigned)v[3] << 16);
    w.z = v[4] | ((unsigned)v[5] << 16);
    w.w = v[6] | ((unsigned)v[7] << 16);
    *(uint4*)p = w;
}
