struct __align__(64) RcuteTensorMap { unsigned long long opaque[16]; };
__device__ __forceinline__ void rcute_mbar_init(unsigned bar, unsigned count) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(bar), "r"(count) : "memory");
}
__device__ __forceinline__ void rcute_fence_mbar_init() { asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory"); }
__device__ __forceinline__ void rcute_mbar_expect_tx(unsigned bar, unsigned bytes) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(bar), "r"(bytes) : "memory");
}
__device__ __forceinline__ void rcute_mbar_wait(unsigned bar, unsigned phase) {
    asm volatile("{\n.reg .pred p;\nRCUTE_WAIT:\n"
                 "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
                 "@!p bra RCUTE_WAIT;\n}\n" :: "r"(bar), "r"(phase) : "memory");
}
__device__ __forceinline__ void rcute_tma_load(unsigned dst, const RcuteTensorMap* map, int inner, int outer, unsigned bar) {
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
                 :: "r"(dst), "l"(map), "r"(inner), "r"(outer), "r"(bar) : "memory");
}
__device__ __forceinline__ void rcute_mbar_arrive(unsigned bar) {
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(bar) : "memory");
}
template <int N> __device__ __forceinline__ void rcute_setmaxnreg_dec() {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;" :: "n"(N));
}
template <int N> __device__ __forceinline__ void rcute_setmaxnreg_inc() {
    asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" :: "n"(N));
}
__device__ __forceinline__ void rcute_tma_load_multicast(unsigned dst, const RcuteTensorMap* map, int inner, int outer, unsigned bar, unsigned short mask) {
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1, {%2, %3}], [%4], %5;"
                 :: "r"(dst), "l"(map), "r"(inner), "r"(outer), "r"(bar), "h"(mask) : "memory");
}
__device__ __forceinline__ unsigned rcute_cluster_rank() {
    unsigned r;
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
    return r;
}
__device__ __forceinline__ unsigned rcute_cluster_id() {
    unsigned r;
    asm volatile("mov.u32 %0, %%clusterid.x;" : "=r"(r));
    return r;
}
__device__ __forceinline__ unsigned rcute_clusters() {
    unsigned r;
    asm volatile("mov.u32 %0, %%nclusterid.x;" : "=r"(r));
    return r;
}
__device__ __forceinline__ void rcute_cluster_sync() {
    asm volatile("barrier.cluster.arrive.release.aligned;\nbarrier.cluster.wait.acquire.aligned;" ::: "memory");
}
// an arrival on the mbarrier at the same shared offset in block `rank` of the cluster,
// with the default (CTA-scope) release: `.release.cluster` made the GEMM twice as slow on
// the H100 (each arrival waits for the thread's memory operations to reach the cluster)
__device__ __forceinline__ void rcute_mbar_arrive_cluster(unsigned bar, unsigned rank) {
    asm volatile("{\n.reg .b32 remote;\nmapa.shared::cluster.u32 remote, %0, %1;\n"
                 "mbarrier.arrive.shared::cluster.b64 _, [remote];\n}\n"
                 :: "r"(bar), "r"(rank) : "memory");
}
__device__ __forceinline__ void rcute_tma_store(const RcuteTensorMap* map, unsigned src, int inner, int outer) {
    asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%1, %2}], [%3];"
                 :: "l"(map), "r"(inner), "r"(outer), "r"(src) : "memory");
}
__device__ __forceinline__ void rcute_bulk_commit() { asm volatile("cp.async.bulk.commit_group;" ::: "memory"); }
// the bulk stores but the newest N have finished reading shared memory
template <int N> __device__ __forceinline__ void rcute_bulk_wait_read() {
    asm volatile("cp.async.bulk.wait_group.read %0;" :: "n"(N) : "memory");
}
// every bulk store is complete
__device__ __forceinline__ void rcute_bulk_wait_all() { asm volatile("cp.async.bulk.wait_group 0;" ::: "memory"); }
// barrier `id` among `threads` threads (a warpgroup's own, beside __syncthreads' 0)
__device__ __forceinline__ void rcute_named_sync(unsigned id, unsigned threads) {
    asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(threads) : "memory");
}
