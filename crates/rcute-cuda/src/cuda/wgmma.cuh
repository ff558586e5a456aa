__device__ __forceinline__ void rcute_fence_async_shared() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }
__device__ __forceinline__ void rcute_wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }
__device__ __forceinline__ void rcute_wgmma_commit() { asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory"); }
template <int N> __device__ __forceinline__ void rcute_wgmma_wait() {
    asm volatile("wgmma.wait_group.sync.aligned %0;" :: "n"(N) : "memory");
}
__device__ __forceinline__ unsigned long long rcute_desc_a(unsigned addr) {
    return /*{{DESC_A}}*/ULL | (unsigned long long)((addr & 0x3FFFF) >> 4);
}
__device__ __forceinline__ unsigned long long rcute_desc_b(unsigned addr) {
    return /*{{DESC_B}}*/ULL | (unsigned long long)((addr & 0x3FFFF) >> 4);
}
__device__ __forceinline__ void rcute_wgmma(float* d, unsigned long long da, unsigned long long db) {
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %/*{{R2}}*/, 0;\n"
                 "wgmma.mma_async.sync.aligned.m64n/*{{N}}*/k/*{{K}}*/.f32./*{{PTX}}*/./*{{PTX}}*/ {/*{{OUTS}}*/}, %/*{{R0}}*/, %/*{{R1}}*/, p, 1, 1/*{{TRANS}}*/;\n}\n"
                 : /*{{BINDS}}*/
                 : "l"(da), "l"(db), "r"(1));
}
