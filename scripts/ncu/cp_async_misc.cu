// The shared-memory wavefronts of no load or store (`_op_misc`) that cp.async's groups and
// the block's barriers cost, by kernels that issue each alone or in the mma.sync GEMM's
// pattern (scripts/ncu/misc_traffic.sh builds and profiles it):
//
//   nvcc -O3 -arch=sm_90a -o cp_async_misc cp_async_misc.cu
//   ncu --csv --print-units base -k regex:^misc_ --metrics ... ./cp_async_misc
//
// Every kernel loops `n` times (a runtime value: the loop is not unrolled); each is
// launched with n = 32 and n = 64, so that the wavefronts per iteration and per launch can
// be told apart. The program prints `misc <i> <kernel> <blocks> <warps> <n>` for ncu's
// result i.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x)                                                                  \
    do {                                                                          \
        cudaError_t e = (x);                                                      \
        if (e != cudaSuccess) {                                                   \
            printf("error %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); \
            return 1;                                                             \
        }                                                                         \
    } while (0)

__device__ __forceinline__ unsigned smem_u32(const void* p) {
    return (unsigned)__cvta_generic_to_shared(p);
}
__device__ __forceinline__ void cg16(unsigned dst, const void* src) {
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(src) : "memory");
}
__device__ __forceinline__ void ca16(unsigned dst, const void* src) {
    asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(src) : "memory");
}
__device__ __forceinline__ void commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
template <int N> __device__ __forceinline__ void wait_group() {
    asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
}
__device__ __forceinline__ void wait_all() { asm volatile("cp.async.wait_all;" ::: "memory"); }
__device__ __forceinline__ void bar() { asm volatile("bar.sync 0;" ::: "memory"); }

extern __shared__ __align__(128) unsigned char smem[];

// nothing: the launch's own wavefronts
extern "C" __global__ void misc_empty(const int4* g, int* out, int n) {
    if (n < 0) out[0] = 1;
}
extern "C" __global__ void misc_commit(const int4* g, int* out, int n) {
#pragma unroll 1
    for (int i = 0; i < n; ++i) commit();
}
extern "C" __global__ void misc_wait0(const int4* g, int* out, int n) {
#pragma unroll 1
    for (int i = 0; i < n; ++i) wait_group<0>();
}
extern "C" __global__ void misc_wait_all(const int4* g, int* out, int n) {
#pragma unroll 1
    for (int i = 0; i < n; ++i) wait_all();
}
extern "C" __global__ void misc_commit_wait0(const int4* g, int* out, int n) {
#pragma unroll 1
    for (int i = 0; i < n; ++i) {
        commit();
        wait_group<0>();
    }
}
// the pattern kernels' instruction: a copy, its own group, wait for all
extern "C" __global__ void misc_cg_commit_wait_all(const int4* g, int* out, int n) {
    const int lane = threadIdx.x % 32;
    const unsigned d = smem_u32(smem) + 16 * threadIdx.x;
#pragma unroll 1
    for (int i = 0; i < n; ++i) {
        cg16(d, g + 32 * i + lane);
        commit();
        wait_all();
    }
}
extern "C" __global__ void misc_cg_commit_wait0(const int4* g, int* out, int n) {
    const int lane = threadIdx.x % 32;
    const unsigned d = smem_u32(smem) + 16 * threadIdx.x;
#pragma unroll 1
    for (int i = 0; i < n; ++i) {
        cg16(d, g + 32 * i + lane);
        commit();
        wait_group<0>();
    }
}
extern "C" __global__ void misc_ca_commit_wait0(const int4* g, int* out, int n) {
    const int lane = threadIdx.x % 32;
    const unsigned d = smem_u32(smem) + 16 * threadIdx.x;
#pragma unroll 1
    for (int i = 0; i < n; ++i) {
        ca16(d, g + 32 * i + lane);
        commit();
        wait_group<0>();
    }
}
// copies alone, one group and one wait at the end
extern "C" __global__ void misc_cg_only(const int4* g, int* out, int n) {
    const int lane = threadIdx.x % 32;
    const unsigned d = smem_u32(smem) + 16 * threadIdx.x;
#pragma unroll 1
    for (int i = 0; i < n; ++i) cg16(d, g + 32 * i + lane);
    commit();
    wait_group<0>();
}
// a group per copy, one wait at the end
extern "C" __global__ void misc_cg_commit(const int4* g, int* out, int n) {
    const int lane = threadIdx.x % 32;
    const unsigned d = smem_u32(smem) + 16 * threadIdx.x;
#pragma unroll 1
    for (int i = 0; i < n; ++i) {
        cg16(d, g + 32 * i + lane);
        commit();
    }
    wait_group<0>();
}
extern "C" __global__ void misc_bar(const int4* g, int* out, int n) {
#pragma unroll 1
    for (int i = 0; i < n; ++i) bar();
}
// the mma.sync GEMM's pipeline (rcute_cuda::gemm, pipeline_cp_async) without its ldmatrix
// and MMAs: 3 stages of 32 KiB, 2 ahead; per k-tile every warp waits for all but its
// newest group, the block meets at a barrier, then each warp issues 16 cp.async.cg of 16
// bytes (the next stage) and commits them
extern "C" __global__ void misc_gemm(const int4* g, int* out, int n) {
    const int tid = threadIdx.x;
    const unsigned base = smem_u32(smem);
    // a block's own 2 MiB of the source, 32 KiB a k-tile
    const int4* src = g + (size_t)(blockIdx.x % 16) * (1 << 17);
    auto load = [&](int kt, int s) {
#pragma unroll
        for (int p = 0; p < 16; ++p) {
            const int e = p * blockDim.x + tid;  // 16-byte element of the stage
            cg16(base + s * 32768 + 16 * e, src + (kt % 64) * 2048 + e);
        }
    };
#pragma unroll
    for (int s = 0; s < 2; ++s) {
        if (s < n) load(s, s);
        commit();
    }
    int s_write = 2;
#pragma unroll 1
    for (int kt = 0; kt < n; ++kt) {
        wait_group<1>();
        bar();
        if (kt + 2 < n) load(kt + 2, s_write);
        commit();
        s_write = s_write + 1 == 3 ? 0 : s_write + 1;
    }
}
// the same pipeline without the copies: the groups, waits and barriers alone
extern "C" __global__ void misc_gemm_empty(const int4* g, int* out, int n) {
#pragma unroll
    for (int s = 0; s < 2; ++s) commit();
#pragma unroll 1
    for (int kt = 0; kt < n; ++kt) {
        wait_group<1>();
        bar();
        commit();
    }
}

// a shared load or store by each warp, and the block's barrier between them
extern "C" __global__ void misc_lds1(const int4* g, int* out, int n) {
    volatile int* s = (volatile int*)smem;
    if (s[threadIdx.x] == n + 12345) out[0] = 1;
}
extern "C" __global__ void misc_sts_bar_lds(const int4* g, int* out, int n) {
    volatile int* s = (volatile int*)smem;
    s[threadIdx.x] = n;
    bar();
    if (s[blockDim.x - 1 - threadIdx.x] == n + 12345) out[0] = 1;
}
extern "C" __global__ void misc_sts_bar(const int4* g, int* out, int n) {
    volatile int* s = (volatile int*)smem;
#pragma unroll 1
    for (int i = 0; i < n; ++i) {
        s[threadIdx.x] = i;
        bar();
    }
}
extern "C" __global__ void misc_wait_bar(const int4* g, int* out, int n) {
#pragma unroll 1
    for (int i = 0; i < n; ++i) {
        wait_group<0>();
        bar();
    }
}
extern "C" __global__ void misc_commit_bar(const int4* g, int* out, int n) {
#pragma unroll 1
    for (int i = 0; i < n; ++i) {
        commit();
        bar();
    }
}
// the GEMM's pipeline without its barrier (the counts only: the stages are not read)
extern "C" __global__ void misc_gemm_nobar(const int4* g, int* out, int n) {
    const int tid = threadIdx.x;
    const unsigned base = smem_u32(smem);
    const int4* src = g + (size_t)(blockIdx.x % 16) * (1 << 17);
    auto load = [&](int kt, int s) {
#pragma unroll
        for (int p = 0; p < 16; ++p) {
            const int e = p * blockDim.x + tid;
            cg16(base + s * 32768 + 16 * e, src + (kt % 64) * 2048 + e);
        }
    };
#pragma unroll
    for (int s = 0; s < 2; ++s) {
        if (s < n) load(s, s);
        commit();
    }
    int s_write = 2;
#pragma unroll 1
    for (int kt = 0; kt < n; ++kt) {
        wait_group<1>();
        if (kt + 2 < n) load(kt + 2, s_write);
        commit();
        s_write = s_write + 1 == 3 ? 0 : s_write + 1;
    }
}

typedef void (*Kernel)(const int4*, int*, int);

int main() {
    int4* g;
    int* out;
    CHECK(cudaMalloc(&g, (size_t)32 << 20));
    CHECK(cudaMemset(g, 0, (size_t)32 << 20));
    CHECK(cudaMalloc(&out, 4));
    CHECK(cudaFuncSetAttribute((const void*)misc_gemm,
                               cudaFuncAttributeMaxDynamicSharedMemorySize, 3 * 32768));
    CHECK(cudaFuncSetAttribute((const void*)misc_gemm_nobar,
                               cudaFuncAttributeMaxDynamicSharedMemorySize, 3 * 32768));
    struct Launch {
        const char* name;
        Kernel k;
        int blocks, warps, smem;
    };
    const Launch launches[] = {
        {"misc_empty", misc_empty, 1, 1, 0},
        {"misc_empty", misc_empty, 1, 4, 0},
        {"misc_commit", misc_commit, 1, 1, 0},
        {"misc_wait0", misc_wait0, 1, 1, 0},
        {"misc_wait_all", misc_wait_all, 1, 1, 0},
        {"misc_commit_wait0", misc_commit_wait0, 1, 1, 0},
        {"misc_cg_commit_wait_all", misc_cg_commit_wait_all, 1, 1, 512},
        {"misc_cg_commit_wait0", misc_cg_commit_wait0, 1, 1, 512},
        {"misc_ca_commit_wait0", misc_ca_commit_wait0, 1, 1, 512},
        {"misc_cg_only", misc_cg_only, 1, 1, 512},
        {"misc_cg_commit", misc_cg_commit, 1, 1, 512},
        {"misc_bar", misc_bar, 1, 1, 0},
        {"misc_bar", misc_bar, 1, 4, 0},
        {"misc_bar", misc_bar, 1, 8, 0},
        {"misc_commit", misc_commit, 1, 4, 0},
        {"misc_wait0", misc_wait0, 1, 4, 0},
        {"misc_gemm_empty", misc_gemm_empty, 1, 4, 0},
        {"misc_gemm", misc_gemm, 1, 4, 3 * 32768},
        {"misc_gemm_empty", misc_gemm_empty, 1024, 4, 0},
        {"misc_gemm", misc_gemm, 1024, 4, 3 * 32768},
        {"misc_cg_only", misc_cg_only, 1, 4, 2048},
        {"misc_lds1", misc_lds1, 1, 1, 1024},
        {"misc_lds1", misc_lds1, 1, 4, 1024},
        {"misc_sts_bar_lds", misc_sts_bar_lds, 1, 4, 1024},
        {"misc_sts_bar_lds", misc_sts_bar_lds, 1, 8, 1024},
        {"misc_sts_bar_lds", misc_sts_bar_lds, 1024, 8, 1024},
        {"misc_sts_bar", misc_sts_bar, 1, 4, 1024},
        {"misc_wait_bar", misc_wait_bar, 1, 4, 0},
        {"misc_commit_bar", misc_commit_bar, 1, 4, 0},
        {"misc_gemm_nobar", misc_gemm_nobar, 1, 4, 3 * 32768},
        {"misc_gemm_nobar", misc_gemm_nobar, 1024, 4, 3 * 32768},
    };
    int i = 0;
    for (const Launch& l : launches) {
        for (int n : {32, 64}) {
            l.k<<<l.blocks, 32 * l.warps, l.smem>>>(g, out, n);
            CHECK(cudaGetLastError());
            CHECK(cudaDeviceSynchronize());
            printf("misc %d %s %d %d %d\n", i++, l.name, l.blocks, l.warps, n);
        }
    }
    return 0;
}
