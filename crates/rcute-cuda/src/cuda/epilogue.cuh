// The fused epilogue of a GEMM (rcute_cuda::gemm::Epilogue): scales, a per-column bias and
// an activation on a pair of f32 accumulators, rounded once to C's type.
__device__ __forceinline__ float rcute_identity(float x) { return x; }
__device__ __forceinline__ float rcute_relu(float x) { return fmaxf(x, 0.0f); }
// tanh.approx.f32 (sm_75 and later): relative error about 2^-11, below C's rounding
__device__ __forceinline__ float rcute_tanh(float x) {
    float y;
    asm("tanh.approx.f32 %0, %1;" : "=f"(y) : "f"(x));
    return y;
}
__device__ __forceinline__ float rcute_gelu(float x) {
    return 0.5f * x * (1.0f + rcute_tanh(0.7978845608028654f * (x + 0.044715f * x * x * x)));
}
__device__ __forceinline__ float rcute_silu(float x) { return x / (1.0f + __expf(-x)); }
// the pair (x0, x1) of columns col and col + 1 of C (of N columns)
__device__ __forceinline__ unsigned rcute_epilogue(float x0, float x1, int col, int n, const float* __restrict__ S, const float* __restrict__ bias) {
    /*{{SCALE}}*/
    /*{{BIAS}}*/
    return rcute_cvt2(/*{{ACT}}*/(x0), /*{{ACT}}*/(x1));
}
