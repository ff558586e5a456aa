__device__ __forceinline__ void rcute_cp_async/*{{BYTES}}*/(unsigned dst, const void* src, int bytes) {
    asm volatile("cp.async.ca.shared.global [%0], [%1], /*{{BYTES}}*/, %2;" :: "r"(dst), "l"(src), "r"(bytes));
}
