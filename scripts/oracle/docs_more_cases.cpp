// ---- 00_quickstart.md #1 (line 97): print from thread 0 [thread=0 block_dim=128]; wrap: the object
auto some_cute_object = make_layout(make_shape(Int<4>{}, 8), LayoutRight{});  // [wrap]
if (thread0()) {
  print(some_cute_object);
}
// ---- 00_quickstart.md #1 (line 97): print from thread 0, run as thread 5 (prints nothing) [thread=5 block_dim=128]; wrap: the object
auto some_cute_object = make_layout(make_shape(Int<4>{}, 8), LayoutRight{});  // [wrap]
if (thread0()) {
  print(some_cute_object);
}
// ---- 04_algorithms.md #3 (line 95): a rank-generic copy; wrap: main calling it on two tensors of different shapes
template <class TA, class ALayout,
          class TB, class BLayout>
CUTE_HOST_DEVICE
void
copy(Tensor<TA, ALayout> const& src,  // Any logical shape
     Tensor<TB, BLayout>      & dst)  // Any logical shape
{
  for (int i = 0; i < size(dst); ++i) {
    dst(i) = src(i);
  }
}
int main() {                                                                     // [wrap]
  float a[12], b[12];                                                            // [wrap]
  for (int i = 0; i < 12; ++i) { a[i] = i * 1.5f; b[i] = 0; }                    // [wrap]
  Tensor src = make_tensor(&a[0], make_shape(Int<3>{}, 4));                      // [wrap]
  Tensor dst = make_tensor(&b[0], make_layout(make_shape(2, Int<6>{}), LayoutRight{}));  // [wrap]
  ::copy(src, dst);                                                              // [wrap]
  print_tensor(dst);                                                             // [wrap]
}                                                                                // [wrap]
// ---- 0z_tma_tensors.md #3 (line 69): a counting iterator's tensor
Tensor A = make_tensor(counting_iterator<int>(42), make_shape(4,5));
print_tensor(A);
// ---- 0z_tma_tensors.md #5 (line 97): an ArithmeticTupleIterator plus a tuple
ArithmeticTupleIterator citer_1 = make_inttuple_iter(42, Int<2>{}, Int<7>{});
ArithmeticTupleIterator citer_2 = citer_1 + make_tuple(Int<0>{}, 5, Int<2>{});
print(*citer_2);
// ---- 0z_tma_tensors.md #7 (line 211): tensors of an inttuple iterator with E<0>, E<1> strides
Tensor a = make_tensor(make_inttuple_iter(0,0),
                       make_shape (     4,      5),
                       make_stride(E<0>{}, E<1>{}));
print_tensor(a);

Tensor b = make_tensor(make_inttuple_iter(0,0),
                       make_shape (     4,      5),
                       make_stride(E<1>{}, E<0>{}));
print_tensor(b);
// ---- 0x_gemm_tutorial.md #2 (line 54): the problem shape; wrap: m, n, k and a print
int m = 5120, n = 5120, k = 4096;         // [wrap]
  // Define shapes (dynamic)
  auto M = int(m);
  auto N = int(n);
  auto K = int(k);
  auto prob_shape = make_shape(M, N, K);    // (M, N, K)
print(prob_shape);                        // [wrap]
// ---- 0x_gemm_tutorial.md #3 (line 63): the preconditions and the full tensors; wrap: sgemm_1's NT arguments, arrays, prints
auto shape_MNK = make_shape(256, 128, 64);                                  // [wrap]
auto dA = make_stride(Int<1>{}, 256);                                       // [wrap]
auto dB = make_stride(Int<1>{}, 128);                                       // [wrap]
auto dC = make_stride(Int<1>{}, 256);                                       // [wrap]
std::vector<float> hA(256*64), hB(128*64), hC(256*128);                     // [wrap]
float const* A = hA.data(); float const* B = hB.data(); float* C = hC.data();  // [wrap]
  // Preconditions
  CUTE_STATIC_ASSERT_V(rank(shape_MNK) == Int<3>{});                      // (M, N, K)

  CUTE_STATIC_ASSERT_V(congruent(select<0,2>(shape_MNK), dA));            // dA strides for shape MK
  CUTE_STATIC_ASSERT_V(congruent(select<1,2>(shape_MNK), dB));            // dB strides for shape NK
  CUTE_STATIC_ASSERT_V(congruent(select<0,1>(shape_MNK), dC));            // dC strides for shape MN

  // Represent the full tensors
  Tensor mA = make_tensor(make_gmem_ptr(A), select<0,2>(shape_MNK), dA);  // (M,K)
  Tensor mB = make_tensor(make_gmem_ptr(B), select<1,2>(shape_MNK), dB);  // (N,K)
  Tensor mC = make_tensor(make_gmem_ptr(C), select<0,1>(shape_MNK), dC);  // (M,N)
print(mA.layout()); print("\n"); print(mB.layout()); print("\n"); print(mC.layout()); print("\n");  // [wrap]
// ---- 0x_gemm_tutorial.md #4 (line 84): NT strides; wrap: the leading dimensions and a print
int ldA = 5120, ldB = 5120, ldC = 5120;   // [wrap]
  // Define NT strides (mixed)
  auto dA = make_stride(Int<1>{}, ldA);    // (dM, dK)
  auto dB = make_stride(Int<1>{}, ldB);    // (dN, dK)
  auto dC = make_stride(Int<1>{}, ldC);    // (dM, dN)
print(dA); print(dB); print(dC);          // [wrap]
// ---- 0x_gemm_tutorial.md #5 (line 91): TN strides; wrap: the leading dimensions and a print
int ldA = 4096, ldB = 4096, ldC = 5120;   // [wrap]
  // Define TN strides (mixed)
  auto dA = make_stride(ldA, Int<1>{});    // (dM, dK)
  auto dB = make_stride(ldB, Int<1>{});    // (dN, dK)
  auto dC = make_stride(Int<1>{}, ldC);    // (dM, dN)
print(dA); print(dB); print(dC);          // [wrap]
// ---- 0x_gemm_tutorial.md #6 (line 121): the CTA tiler; wrap: a print
  // Define CTA tile sizes (static)
  auto bM = Int<128>{};
  auto bN = Int<128>{};
  auto bK = Int<  8>{};
  auto cta_tiler = make_shape(bM, bN, bK);  // (BLK_M, BLK_N, BLK_K)
print(cta_tiler);                           // [wrap]
// ---- 0x_gemm_tutorial.md #7 (line 131): the blocks of this threadblock [thread=3 block=1,2 block_dim=256 grid_dim=2,3]; wrap: the full tensors and a print
std::vector<float> hA(256*64), hB(384*64), hC(256*384);                                   // [wrap]
Tensor mA = make_tensor(make_gmem_ptr(hA.data()), make_shape(256, 64), make_stride(Int<1>{}, 256));  // [wrap]
Tensor mB = make_tensor(make_gmem_ptr(hB.data()), make_shape(384, 64), make_stride(Int<1>{}, 384));  // [wrap]
Tensor mC = make_tensor(make_gmem_ptr(hC.data()), make_shape(256, 384), make_stride(Int<1>{}, 256)); // [wrap]
auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});                            // [wrap]
  // Get the appropriate blocks for this threadblock
  auto cta_coord = make_coord(blockIdx.x, blockIdx.y, _);              // (m,n,k)
  Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k)
  Tensor gB = local_tile(mB, cta_tiler, cta_coord, Step< X,_1,_1>{});  // (BLK_N,BLK_K,k)
  Tensor gC = local_tile(mC, cta_tiler, cta_coord, Step<_1,_1, X>{});  // (BLK_M,BLK_N)
print(gA.layout()); print("\n"); print(gB.layout()); print("\n"); print(gC.layout()); print("\n");  // [wrap]
print(&gA(0) - &mA(0)); print(" "); print(&gB(0) - &mB(0)); print(" "); print(&gC(0) - &mC(0));  // [wrap]
// ---- 0x_gemm_tutorial.md #8 (line 145): local_tile of select<0,2> [thread=0 block=1,2 block_dim=256 grid_dim=2,3]; wrap: the full tensor, tiler, coordinate and a print
std::vector<float> hA(256*64);                                                            // [wrap]
Tensor mA = make_tensor(make_gmem_ptr(hA.data()), make_shape(256, 64), make_stride(Int<1>{}, 256));  // [wrap]
auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});                            // [wrap]
auto cta_coord = make_coord(blockIdx.x, blockIdx.y, _);                                   // [wrap]
  // Use select<0,2> to use only the M- and K-modes of the tiler and coord
  Tensor gA = local_tile(mA, select<0,2>(cta_tiler), select<0,2>(cta_coord));
print(gA.layout()); print(" "); print(&gA(0) - &mA(0));                             // [wrap]
// ---- 0x_gemm_tutorial.md #9 (line 151): zipped_divide of the full tensor; wrap: the full tensor, tiler and a print
std::vector<float> hA(256*64);                                                            // [wrap]
Tensor mA = make_tensor(make_gmem_ptr(hA.data()), make_shape(256, 64), make_stride(Int<1>{}, 256));  // [wrap]
auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});                            // [wrap]
// ((BLK_M,BLK_K),(m,k))
Tensor gA_mk = zipped_divide(mA, select<0,2>(cta_tiler));
print(gA_mk.layout());                                                                    // [wrap]
// ---- 0x_gemm_tutorial.md #10 (line 156): slicing the zipped tensor [thread=0 block=1,0 block_dim=256 grid_dim=2,3]; wrap: the zipped tensor, coordinate and a print
std::vector<float> hA(256*64);                                                            // [wrap]
Tensor mA = make_tensor(make_gmem_ptr(hA.data()), make_shape(256, 64), make_stride(Int<1>{}, 256));  // [wrap]
auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});                            // [wrap]
auto cta_coord = make_coord(blockIdx.x, blockIdx.y, _);                                   // [wrap]
Tensor gA_mk = zipped_divide(mA, select<0,2>(cta_tiler));                                 // [wrap]
// (BLK_M,BLK_K,k)
Tensor gA = gA_mk(make_coord(_,_), select<0,2>(cta_coord));
print(gA.layout()); print(" "); print(&gA(0) - &mA(0));                             // [wrap]
// ---- 0x_gemm_tutorial.md #11 (line 169): m-major smem layouts; wrap: the tile sizes and a print
auto bM = Int<128>{}; auto bN = Int<128>{}; auto bK = Int<8>{};  // [wrap]
  // Define the smem layouts (static)
  auto sA = make_layout(make_shape(bM, bK));   // (m,k) -> smem_idx; m-major
  auto sB = make_layout(make_shape(bN, bK));   // (n,k) -> smem_idx; n-major
print(sA); print("\n"); print(sB);             // [wrap]
// ---- 0x_gemm_tutorial.md #12 (line 175): k-major smem layouts; wrap: the tile sizes and a print
auto bM = Int<128>{}; auto bN = Int<128>{}; auto bK = Int<8>{};  // [wrap]
  // Define the smem layouts (static)
  auto sA = make_layout(make_shape(bM,bK), LayoutRight{});   // (m,k) -> smem_idx; k-major
  auto sB = make_layout(make_shape(bN,bK), LayoutRight{});   // (n,k) -> smem_idx; k-major
print(sA); print("\n"); print(sB);                           // [wrap]
// ---- 0x_gemm_tutorial.md #13 (line 184): smem preconditions; wrap: the layouts as the template's types, a print
auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});        // [wrap]
using ASmemLayout = decltype(make_layout(make_shape(Int<128>{}, Int<8>{})));    // [wrap]
using BSmemLayout = decltype(make_layout(make_shape(Int<128>{}, Int<8>{})));    // [wrap]
using CSmemLayout = decltype(make_layout(make_shape(Int<128>{}, Int<128>{})));  // [wrap]
  // Preconditions
  static_assert(is_static<ASmemLayout>::value);
  static_assert(is_static<BSmemLayout>::value);
  static_assert(is_static<CSmemLayout>::value);

  CUTE_STATIC_ASSERT_V(size<0>(ASmemLayout{}) == size<0>(cta_tiler));  // BLK_M
  CUTE_STATIC_ASSERT_V(size<0>(CSmemLayout{}) == size<0>(cta_tiler));  // BLK_M
  CUTE_STATIC_ASSERT_V(size<0>(BSmemLayout{}) == size<1>(cta_tiler));  // BLK_N
  CUTE_STATIC_ASSERT_V(size<1>(CSmemLayout{}) == size<1>(cta_tiler));  // BLK_N
  CUTE_STATIC_ASSERT_V(size<1>(ASmemLayout{}) == size<2>(cta_tiler));  // BLK_K
  CUTE_STATIC_ASSERT_V(size<1>(BSmemLayout{}) == size<2>(cta_tiler));  // BLK_K
print(ASmemLayout{});                                                  // [wrap]
// ---- 0x_gemm_tutorial.md #13 (line 184): smem preconditions that fail (a 64-row A tile); wrap: the layouts as the template's types
auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});        // [wrap]
using ASmemLayout = decltype(make_layout(make_shape(Int<64>{}, Int<8>{})));     // [wrap]
using BSmemLayout = decltype(make_layout(make_shape(Int<128>{}, Int<8>{})));    // [wrap]
using CSmemLayout = decltype(make_layout(make_shape(Int<128>{}, Int<128>{})));  // [wrap]
  // Preconditions
  static_assert(is_static<ASmemLayout>::value);
  static_assert(is_static<BSmemLayout>::value);
  static_assert(is_static<CSmemLayout>::value);

  CUTE_STATIC_ASSERT_V(size<0>(ASmemLayout{}) == size<0>(cta_tiler));  // BLK_M
  CUTE_STATIC_ASSERT_V(size<0>(CSmemLayout{}) == size<0>(cta_tiler));  // BLK_M
print(ASmemLayout{});                                                  // [wrap]
// ---- 0x_gemm_tutorial.md #14 (line 207): shared memory buffers [thread=0 block_dim=256]; wrap: the element types and layouts, a print
using TA = float; using TB = float;                                                 // [wrap]
auto sA_layout = make_layout(make_shape(Int<128>{}, Int<8>{}));                     // [wrap]
auto sB_layout = make_layout(make_shape(Int<128>{}, Int<8>{}), LayoutRight{});      // [wrap]
using ASmemLayout = decltype(sA_layout); using BSmemLayout = decltype(sB_layout);   // [wrap]
  // Shared memory buffers
  __shared__ TA smemA[cosize_v<ASmemLayout>];
  __shared__ TB smemB[cosize_v<BSmemLayout>];
  Tensor sA = make_tensor(make_smem_ptr(smemA), sA_layout);  // (BLK_M,BLK_K)
  Tensor sB = make_tensor(make_smem_ptr(smemB), sB_layout);  // (BLK_N,BLK_K)
print(sA.layout()); print("\n"); print(sB.layout()); print("\n"); print(size(sA) + size(sB));  // [wrap]
// ---- 0x_gemm_tutorial.md #15 (line 220): thread 0 copies the 0th tile [thread=0 block=1,0 block_dim=256 grid_dim=2,2]; wrap: gA and sA of small tiles, a print
std::vector<float> hA(16*12);                                                         // [wrap]
for (int j = 0; j < 16*12; ++j) hA[j] = j;                                            // [wrap]
Tensor mA = make_tensor(make_gmem_ptr(hA.data()), make_shape(16, 12), make_stride(Int<1>{}, 16));  // [wrap]
Tensor gA = local_tile(mA, make_shape(Int<8>{}, Int<4>{}), make_coord(blockIdx.x, _));  // [wrap]
__shared__ float smemA[32];                                                           // [wrap]
Tensor sA = make_tensor(make_smem_ptr(smemA), make_layout(make_shape(Int<8>{}, Int<4>{}), LayoutRight{}));  // [wrap]
if (thread0()) {
  Tensor gA0 = gA(_,_,0);  // (BLK_M,BLK_K), the 0th tile
  for (int i = 0; i < size(sA); ++i) {
    sA(i) = gA0(i);
  }
}
print_tensor(sA);                                                                     // [wrap]
// ---- 0x_gemm_tutorial.md #16 (line 233): m-major thread layouts; wrap: a print
  // Define thread layouts (static)
  auto tA = make_layout(make_shape(Int<32>{},Int<8>{}));   // (m,k) -> thr_idx
  auto tB = make_layout(make_shape(Int<32>{},Int<8>{}));   // (n,k) -> thr_idx
print(tA); print("\n"); print(tB);                         // [wrap]
// ---- 0x_gemm_tutorial.md #17 (line 239): k-major thread layouts; wrap: a print
  // Define thread layouts (static)
  auto tA = make_layout(make_shape(Int<32>{},Int<8>{}), LayoutRight{});  // (m,k) -> thr_idx; k-major
  auto tB = make_layout(make_shape(Int<32>{},Int<8>{}), LayoutRight{});  // (n,k) -> thr_idx; k-major
print(tA); print("\n"); print(tB);                                        // [wrap]
// ---- 0x_gemm_tutorial.md #18 (line 247): thread layout preconditions; wrap: the tiler and thread layouts, a print
auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});        // [wrap]
auto tA = make_layout(make_shape(Int<32>{},Int<8>{}));                // [wrap]
auto tB = make_layout(make_shape(Int<32>{},Int<8>{}));                // [wrap]
using AThreadLayout = decltype(tA); using BThreadLayout = decltype(tB);  // [wrap]
  static_assert(is_static<AThreadLayout>::value);
  static_assert(is_static<BThreadLayout>::value);

  CUTE_STATIC_ASSERT_V(size(tA) == size(tB));                          // NumThreads

  CUTE_STATIC_ASSERT_V(size<0>(cta_tiler) % size<0>(tA) == Int<0>{});  // BLK_M / THR_M
  CUTE_STATIC_ASSERT_V(size<2>(cta_tiler) % size<1>(tA) == Int<0>{});  // BLK_K / THR_K
  CUTE_STATIC_ASSERT_V(size<1>(cta_tiler) % size<0>(tB) == Int<0>{});  // BLK_N / THR_N
  CUTE_STATIC_ASSERT_V(size<2>(cta_tiler) % size<1>(tB) == Int<0>{});  // BLK_K / THR_K
print(size(tA));                                                       // [wrap]
// ---- 0x_gemm_tutorial.md #19 (line 260): local_partition by the thread layouts [thread=77 block=1,0 block_dim=256 grid_dim=2,2]; wrap: the tiles, a print
std::vector<float> hA(256*64), hB(256*64);                                                 // [wrap]
Tensor mA = make_tensor(make_gmem_ptr(hA.data()), make_shape(256, 64), make_stride(Int<1>{}, 256));  // [wrap]
Tensor mB = make_tensor(make_gmem_ptr(hB.data()), make_shape(256, 64), make_stride(Int<1>{}, 256));  // [wrap]
auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});                             // [wrap]
auto cta_coord = make_coord(blockIdx.x, blockIdx.y, _);                                    // [wrap]
Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});                        // [wrap]
Tensor gB = local_tile(mB, cta_tiler, cta_coord, Step< X,_1,_1>{});                        // [wrap]
__shared__ float smemA[128*8]; __shared__ float smemB[128*8];                              // [wrap]
Tensor sA = make_tensor(make_smem_ptr(smemA), make_layout(make_shape(Int<128>{}, Int<8>{})));  // [wrap]
Tensor sB = make_tensor(make_smem_ptr(smemB), make_layout(make_shape(Int<128>{}, Int<8>{})));  // [wrap]
auto tA = make_layout(make_shape(Int<32>{},Int<8>{}));                                     // [wrap]
auto tB = make_layout(make_shape(Int<32>{},Int<8>{}));                                     // [wrap]
  Tensor tAgA = local_partition(gA, tA, threadIdx.x);    // (THR_M,THR_K,k)
  Tensor tAsA = local_partition(sA, tA, threadIdx.x);    // (THR_M,THR_K)

  Tensor tBgB = local_partition(gB, tB, threadIdx.x);    // (THR_N,THR_K,k)
  Tensor tBsB = local_partition(sB, tB, threadIdx.x);    // (THR_N,THR_K)

  CUTE_STATIC_ASSERT_V(size<0>(tAgA) == size<0>(tAsA));  // THR_M
  CUTE_STATIC_ASSERT_V(size<1>(tAgA) == size<1>(tAsA));  // THR_K
  CUTE_STATIC_ASSERT_V(size<0>(tBgB) == size<0>(tBsB));  // THR_N
  CUTE_STATIC_ASSERT_V(size<1>(tBgB) == size<1>(tBsB));  // THR_K
print(tAgA.layout()); print(" "); print(&tAgA(0) - &mA(0)); print("\n");             // [wrap]
print(tAsA.layout()); print(" "); print(&tAsA(0) - &sA(0)); print("\n");             // [wrap]
print(tBgB.layout()); print(" "); print(&tBgB(0) - &mB(0));                          // [wrap]
// ---- 0x_gemm_tutorial.md #20 (line 277): one thread's copy of its gmem partition to smem [thread=9 block=0,0 block_dim=16]; wrap: small tiles and partitions, a print
std::vector<float> hA(16*8);                                                               // [wrap]
for (int j = 0; j < 16*8; ++j) hA[j] = j + 1;                                              // [wrap]
Tensor mA = make_tensor(make_gmem_ptr(hA.data()), make_shape(16, 8), make_stride(Int<1>{}, 16));  // [wrap]
Tensor gA = local_tile(mA, make_shape(Int<8>{}, Int<4>{}), make_coord(blockIdx.x, _));      // [wrap]
__shared__ float smemA[32];                                                                // [wrap]
Tensor sA = make_tensor(make_smem_ptr(smemA), make_layout(make_shape(Int<8>{}, Int<4>{})));   // [wrap]
auto tA = make_layout(make_shape(Int<4>{},Int<4>{}));                                      // [wrap]
Tensor tAgA = local_partition(gA, tA, threadIdx.x);                                        // [wrap]
Tensor tAsA = local_partition(sA, tA, threadIdx.x);                                        // [wrap]
copy(tAgA(_,_,0), tAsA);
print_tensor(sA);                                                                          // [wrap]
// ---- 0x_gemm_tutorial.md #21 (line 285): thread 0's gemm on smem [thread=0 block_dim=4]; wrap: small tiles with values, a print
float a[8*2], b[4*2], c[8*4];                                                              // [wrap]
for (int j = 0; j < 16; ++j) a[j] = j % 5;                                                 // [wrap]
for (int j = 0; j < 8; ++j) b[j] = j - 3;                                                  // [wrap]
for (int j = 0; j < 32; ++j) c[j] = 1;                                                     // [wrap]
Tensor sA = make_tensor(make_smem_ptr(&a[0]), make_layout(make_shape(Int<8>{}, Int<2>{})));   // [wrap]
Tensor sB = make_tensor(make_smem_ptr(&b[0]), make_layout(make_shape(Int<4>{}, Int<2>{})));   // [wrap]
Tensor gC = make_tensor(make_gmem_ptr(&c[0]), make_layout(make_shape(Int<8>{}, Int<4>{})));   // [wrap]
if (thread0()) {
  for (int m = 0; m < size<0>(gC); ++m) {
    for (int n = 0; n < size<1>(gC); ++n) {
      for (int k = 0; k < size<1>(sA); ++k) {
        gC(m,n) += sA(m,k) * sB(n,k);
      }
    }
  }
}
print_tensor(gC);                                                                          // [wrap]
// ---- 0x_gemm_tutorial.md #22 (line 301): the C thread layout; wrap: a print
  // Define thread layouts (static)
  auto tC = make_layout(make_shape(Int<16>{}, Int<16>{}));   // (m,n) -> thr_idx; m-major
print(tC);                                                   // [wrap]
// ---- 0x_gemm_tutorial.md #23 (line 308): C thread layout preconditions; wrap: the tiler and thread layouts, a print
auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});        // [wrap]
auto tA = make_layout(make_shape(Int<32>{},Int<8>{}));                // [wrap]
auto tC = make_layout(make_shape(Int<16>{}, Int<16>{}));              // [wrap]
using CThreadLayout = decltype(tC);                                   // [wrap]
  static_assert(is_static<CThreadLayout>::value);

  CUTE_STATIC_ASSERT_V(size(tC) == size(tA));                          // NumThreads

  CUTE_STATIC_ASSERT_V(size<0>(cta_tiler) % size<0>(tC) == Int<0>{});  // BLK_M / THR_M
  CUTE_STATIC_ASSERT_V(size<1>(cta_tiler) % size<1>(tC) == Int<0>{});  // BLK_N / THR_N
print(size(tC));                                                       // [wrap]
// ---- 0x_gemm_tutorial.md #24 (line 318): partitions by the rows and columns of tC [thread=37 block=0,1 block_dim=256 grid_dim=2,2]; wrap: the tiles, a print
std::vector<float> hC(256*256);                                                            // [wrap]
Tensor mC = make_tensor(make_gmem_ptr(hC.data()), make_shape(256, 256), make_stride(Int<1>{}, 256));  // [wrap]
Tensor gC = local_tile(mC, make_shape(Int<128>{}, Int<128>{}), make_coord(blockIdx.x, blockIdx.y));  // [wrap]
__shared__ float smemA[128*8]; __shared__ float smemB[128*8];                              // [wrap]
Tensor sA = make_tensor(make_smem_ptr(smemA), make_layout(make_shape(Int<128>{}, Int<8>{})));  // [wrap]
Tensor sB = make_tensor(make_smem_ptr(smemB), make_layout(make_shape(Int<128>{}, Int<8>{})));  // [wrap]
auto tC = make_layout(make_shape(Int<16>{}, Int<16>{}));                                   // [wrap]
  // Partition sA (M,K) by the rows of tC
  Tensor tCsA = local_partition(sA, tC, threadIdx.x, Step<_1, X>{});   // (THR_M,BLK_K)
  // Partition sB (N,K) by the cols of tC
  Tensor tCsB = local_partition(sB, tC, threadIdx.x, Step< X,_1>{});   // (THR_N,BLK_K)
  // Partition gC (M,N) by the tile of tC
  Tensor tCgC = local_partition(gC, tC, threadIdx.x, Step<_1,_1>{});   // (THR_M,THR_N)

  // Allocate the accumulators -- same shape/layout as the partitioned data
  Tensor tCrC = make_tensor_like(tCgC);                                // (THR_M,THR_N)

  CUTE_STATIC_ASSERT_V(size<0>(tCrC) == size<0>(tCgC));                // THR_M
  CUTE_STATIC_ASSERT_V(size<0>(tCrC) == size<0>(tCsA));                // THR_M
  CUTE_STATIC_ASSERT_V(size<1>(tCrC) == size<1>(tCgC));                // THR_N
  CUTE_STATIC_ASSERT_V(size<1>(tCrC) == size<0>(tCsB));                // THR_N
  CUTE_STATIC_ASSERT_V(size<1>(tCsA) == size<1>(tCsB));                // BLK_K
print(tCsA.layout()); print(" "); print(&tCsA(0) - &sA(0)); print("\n");             // [wrap]
print(tCsB.layout()); print(" "); print(&tCsB(0) - &sB(0)); print("\n");             // [wrap]
print(tCgC.layout()); print(" "); print(&tCgC(0) - &mC(0)); print("\n");             // [wrap]
print(tCrC.layout());                                                                      // [wrap]
// ---- 0x_gemm_tutorial.md #25 (line 341): gemm of the partitions; wrap: partitions of small tiles with values, a print
float a[4*3], b[2*3], c[4*2];                                                              // [wrap]
for (int j = 0; j < 12; ++j) a[j] = j + 1;                                                 // [wrap]
for (int j = 0; j < 6; ++j) b[j] = 2 - j;                                                  // [wrap]
Tensor tCsA = make_tensor(&a[0], make_shape(Int<4>{}, Int<3>{}));                         // [wrap]
Tensor tCsB = make_tensor(&b[0], make_shape(Int<2>{}, Int<3>{}));                         // [wrap]
Tensor tCrC = make_tensor(&c[0], make_shape(Int<4>{}, Int<2>{}));                         // [wrap]
clear(tCrC);                                                                               // [wrap]
gemm(tCsA, tCsB, tCrC);
print_tensor(tCrC);                                                                        // [wrap]
// ---- 0x_gemm_tutorial.md #26 (line 350): the mainloop [thread=5 block=0,0 block_dim=16]; wrap: small tiles, partitions and accumulators, a print
std::vector<float> hA(8*6), hB(4*6);                                                       // [wrap]
for (int j = 0; j < 48; ++j) hA[j] = j % 7;                                                // [wrap]
for (int j = 0; j < 24; ++j) hB[j] = j % 3 - 1;                                            // [wrap]
Tensor mA = make_tensor(make_gmem_ptr(hA.data()), make_shape(8, 6), make_stride(Int<1>{}, 8));  // [wrap]
Tensor mB = make_tensor(make_gmem_ptr(hB.data()), make_shape(4, 6), make_stride(Int<1>{}, 4));  // [wrap]
Tensor gA = local_tile(mA, make_shape(Int<8>{}, Int<2>{}), make_coord(0, _));             // [wrap]
Tensor gB = local_tile(mB, make_shape(Int<4>{}, Int<2>{}), make_coord(0, _));             // [wrap]
__shared__ float smemA[16]; __shared__ float smemB[8];                                     // [wrap]
Tensor sA = make_tensor(make_smem_ptr(smemA), make_layout(make_shape(Int<8>{}, Int<2>{})));  // [wrap]
Tensor sB = make_tensor(make_smem_ptr(smemB), make_layout(make_shape(Int<4>{}, Int<2>{})));  // [wrap]
auto tA = make_layout(make_shape(Int<8>{}, Int<2>{}));                                     // [wrap]
auto tB = make_layout(make_shape(Int<4>{}, Int<2>{}));                                     // [wrap]
auto tC = make_layout(make_shape(Int<4>{}, Int<4>{}));                                     // [wrap]
Tensor tAgA = local_partition(gA, tA, threadIdx.x);                                        // [wrap]
Tensor tAsA = local_partition(sA, tA, threadIdx.x);                                        // [wrap]
Tensor tBgB = local_partition(gB, tB, threadIdx.x % 8);                                    // [wrap]
Tensor tBsB = local_partition(sB, tB, threadIdx.x % 8);                                    // [wrap]
Tensor tCsA = local_partition(sA, tC, threadIdx.x, Step<_1, X>{});                         // [wrap]
Tensor tCsB = local_partition(sB, tC, threadIdx.x, Step< X,_1>{});                         // [wrap]
float c[2];                                                                                // [wrap]
Tensor tCrC = make_tensor(&c[0], make_shape(Int<2>{}, Int<1>{}));                          // [wrap]
clear(tCrC);                                                                               // [wrap]
// TUTORIAL: Example of a very simple compute mainloop
//   copy(.) operates on the global and shared memory via the tA|tB partitioning
//   gemm(.) operates on the shared and register memory via the tC partitioning

auto K_TILE_MAX = size<2>(tAgA);

for (int k_tile = 0; k_tile < K_TILE_MAX; ++k_tile)
{
  // Copy gmem to smem with tA|tB thread-partitioned tensors
  copy(tAgA(_,_,k_tile), tAsA);      // A   (THR_M,THR_K) -> (THR_M,THR_K)
  copy(tBgB(_,_,k_tile), tBsB);      // B   (THR_N,THR_K) -> (THR_N,THR_K)

  cp_async_fence();        // Label the end of (potential) cp.async instructions
  cp_async_wait<0>();      // Sync on all (potential) cp.async instructions
  __syncthreads();         // Wait for all threads to write to smem

  // Compute gemm on tC thread-partitioned smem
  gemm(tCsA, tCsB, tCrC);            // (THR_M,THR_N) += (THR_M,BLK_K) * (THR_N,BLK_K)
  __syncthreads();         // Wait for all threads to read from smem
}
print(K_TILE_MAX); print("\n"); print_tensor(tCrC);                                       // [wrap]
// ---- 0x_gemm_tutorial.md #27 (line 384): a tiled copy of uint128_t and its picture; wrap: the element type
using TA = float;                                                                          // [wrap]
  TiledCopy copyA = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, TA>{},  // Atom: Copy TAs as if they were uint128_t
                                    Layout<Shape<_32,_8>>{},                    // Thr layout 32x8 m-major
                                    Layout<Shape< _4,_1>>{});                   // Val layout  4x1 m-major
  print_latex(copyA);
// ---- 0x_gemm_tutorial.md #28 (line 395): a thread's copy partitions [thread=45 block=0,0 block_dim=256]; wrap: the tiled copy, tiles, a print
using TA = float;                                                                          // [wrap]
TiledCopy copy_a = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, TA>{}, Layout<Shape<_32,_8>>{}, Layout<Shape< _4,_1>>{});  // [wrap]
std::vector<float> hA(256*16);                                                             // [wrap]
Tensor mA = make_tensor(make_gmem_ptr(hA.data()), make_shape(256, 16), make_stride(Int<1>{}, 256));  // [wrap]
Tensor gA = local_tile(mA, make_shape(Int<128>{}, Int<8>{}), make_coord(1, _));           // [wrap]
__shared__ float smemA[128*8];                                                             // [wrap]
Tensor sA = make_tensor(make_smem_ptr(smemA), make_layout(make_shape(Int<128>{}, Int<8>{})));  // [wrap]
  ThrCopy thr_copy_a = copy_a.get_slice(threadIdx.x);
  Tensor tAgA = thr_copy_a.partition_S(gA);            // (CPY,CPY_M,CPY_K,k)
  Tensor tAsA = thr_copy_a.partition_D(sA);            // (CPY,CPY_M,CPY_K)
  // Allocate registers same shape/layout as partitioned data
  Tensor tArA = make_fragment_like(tAsA);              // (CPY,CPY_M,CPY_K)
print(tAgA.layout()); print(" "); print(&tAgA(0) - &mA(0)); print("\n");             // [wrap]
print(tAsA.layout()); print(" "); print(&tAsA(0) - &sA(0)); print("\n");             // [wrap]
print(tArA.layout());                                                                      // [wrap]
// ---- 0x_gemm_tutorial.md #29 (line 405): a copy with the tiled copy [thread=45 block=0,0 block_dim=256]; wrap: the tiled copy, a gmem tile with values, partitions, a print
using TA = float;                                                                          // [wrap]
TiledCopy copy_a = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, TA>{}, Layout<Shape<_32,_8>>{}, Layout<Shape< _4,_1>>{});  // [wrap]
std::vector<float> hA(128*8);                                                              // [wrap]
for (int j = 0; j < 128*8; ++j) hA[j] = j;                                                 // [wrap]
Tensor gA = make_tensor(make_gmem_ptr(hA.data()), make_shape(Int<128>{}, Int<8>{}));      // [wrap]
ThrCopy thr_copy_a = copy_a.get_slice(threadIdx.x);                                        // [wrap]
Tensor tAgA = thr_copy_a.partition_S(gA);                                                  // [wrap]
Tensor tArA = make_fragment_like(tAgA);                                                    // [wrap]
cute::copy(copy_a, tAgA, tArA);
print_tensor(tArA);                                                                        // [wrap]
// ---- 0x_gemm_tutorial.md #30 (line 414): a UniversalFMA tiled MMA and its picture; wrap: the element types
using TA = float; using TB = float; using TC = float;                                      // [wrap]
  TiledMMA mmaC = make_tiled_mma(UniversalFMA<TC,TA,TB>{},
                                 Layout<Shape<_16,_16,_1>>{});  // 16x16x1 UniversalFMA
  print_latex(mmaC);
// ---- 0x_gemm_tutorial.md #31 (line 424): a thread's MMA partitions and accumulators [thread=200 block=0,0 block_dim=256]; wrap: the tiled MMA, tiles, a print
TiledMMA mma = make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_16,_16,_1>>{});  // [wrap]
std::vector<float> hC(128*128);                                                            // [wrap]
Tensor gC = make_tensor(make_gmem_ptr(hC.data()), make_shape(Int<128>{}, Int<128>{}), make_stride(Int<1>{}, 128));  // [wrap]
__shared__ float smemA[128*8]; __shared__ float smemB[128*8];                              // [wrap]
Tensor sA = make_tensor(make_smem_ptr(smemA), make_layout(make_shape(Int<128>{}, Int<8>{})));  // [wrap]
Tensor sB = make_tensor(make_smem_ptr(smemB), make_layout(make_shape(Int<128>{}, Int<8>{})));  // [wrap]
  ThrMMA thr_mma = mma.get_slice(threadIdx.x);
  Tensor tCsA = thr_mma.partition_A(sA);        // (MMA,MMA_M,MMA_K)
  Tensor tCsB = thr_mma.partition_B(sB);        // (MMA,MMA_N,MMA_K)
  Tensor tCgC = thr_mma.partition_C(gC);        // (MMA,MMA_M,MMA_N)
  // Allocate the accumulators -- same size as the projected data
  Tensor tCrC = thr_mma.make_fragment_C(tCgC);  // (MMA,MMA_M,MMA_N)
print(tCsA.layout()); print(" "); print(&tCsA(0) - &sA(0)); print("\n");             // [wrap]
print(tCsB.layout()); print(" "); print(&tCsB(0) - &sB(0)); print("\n");             // [wrap]
print(tCgC.layout()); print(" "); print(&tCgC(0) - &gC(0)); print("\n");             // [wrap]
print(tCrC.layout());                                                                      // [wrap]
// ---- 0x_gemm_tutorial.md #32 (line 435): gemm with the tiled MMA [thread=6 block=0,0 block_dim=16]; wrap: a small tiled MMA, smem tiles with values, partitions, a print
TiledMMA mma = make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_4,_4,_1>>{});  // [wrap]
float a[8*2], b[8*2], c[8*8];                                                              // [wrap]
for (int j = 0; j < 16; ++j) { a[j] = j % 3 + 1; b[j] = j % 4 - 2; }                       // [wrap]
for (int j = 0; j < 64; ++j) c[j] = 0;                                                     // [wrap]
Tensor sA = make_tensor(make_smem_ptr(&a[0]), make_layout(make_shape(Int<8>{}, Int<2>{})));  // [wrap]
Tensor sB = make_tensor(make_smem_ptr(&b[0]), make_layout(make_shape(Int<8>{}, Int<2>{})));  // [wrap]
Tensor gC = make_tensor(make_gmem_ptr(&c[0]), make_layout(make_shape(Int<8>{}, Int<8>{})));  // [wrap]
ThrMMA thr_mma = mma.get_slice(threadIdx.x);                                               // [wrap]
Tensor tCsA = thr_mma.partition_A(sA);                                                     // [wrap]
Tensor tCsB = thr_mma.partition_B(sB);                                                     // [wrap]
Tensor tCgC = thr_mma.partition_C(gC);                                                     // [wrap]
Tensor tCrC = thr_mma.make_fragment_C(tCgC);                                               // [wrap]
clear(tCrC);                                                                               // [wrap]
cute::gemm(mma, tCsA, tCsB, tCrC);
print_tensor(tCrC);                                                                        // [wrap]
// ---- 0x_gemm_tutorial.md #33 (line 442): padded smem layouts; wrap: the tile sizes and a print
auto bM = Int<128>{}; auto bN = Int<128>{}; auto bK = Int<8>{};  // [wrap]
  // Define the smem layouts (static)
  auto sA = make_layout(make_shape (      bM,          bK),
                        make_stride(Int<1>{}, bM+Int<1>{}));  // (m,k) -> smem_idx; padded m-major
  auto sB = make_layout(make_shape (      bN,          bK),
                        make_stride(Int<1>{}, bN+Int<1>{}));  // (n,k) -> smem_idx; padded n-major
print(sA); print("\n"); print(sB); print("\n"); print(cosize(sA));  // [wrap]
// ---- 0x_gemm_tutorial.md #34 (line 475): the GETT's setup; wrap: a gemm_device that prints what it is given, no stream parameter, the launch as a call, main
template <class ProblemShape, class CtaTiler, class TA, class AStride, class ASmemLayout, class AThreadLayout,  // [wrap]
          class TB, class BStride, class BSmemLayout, class BThreadLayout,                                    // [wrap]
          class TC, class CStride, class CSmemLayout, class CThreadLayout, class Alpha, class Beta>            // [wrap]
void gemm_device(ProblemShape shape_MNK, CtaTiler cta_tiler,                                                  // [wrap]
                 TA const* A, AStride dA, ASmemLayout sA_layout, AThreadLayout tA,                            // [wrap]
                 TB const* B, BStride dB, BSmemLayout sB_layout, BThreadLayout tB,                            // [wrap]
                 TC      * C, CStride dC, CSmemLayout sC_layout, CThreadLayout tC,                            // [wrap]
                 Alpha alpha, Beta beta)                                                                      // [wrap]
{                                                                                                             // [wrap]
  print(shape_MNK); print("\n"); print(cta_tiler); print("\n"); print(dA); print("\n"); print(dB); print("\n");  // [wrap]
  print(dC); print("\n"); print(sA_layout); print("\n"); print(sB_layout); print("\n"); print(sC_layout); print("\n");  // [wrap]
  print(tA); print("\n"); print(tC); print("\n");                                                             // [wrap]
  Tensor mA = make_tensor(make_gmem_ptr(A), select<0,2>(shape_MNK), dA);                                      // [wrap]
  print(local_tile(mA, select<0,2>(cta_tiler), make_coord(1, _)).layout()); print("\n");                      // [wrap]
}                                                                                                             // [wrap]
// Setup params for a GETT with two m-modes.
// The A and C tensors are assumed to be m0-major.
//   Calls sgemm_1.cu's gemm_device<<<>>> without modification.
template <class TA, class TB, class TC,
          class Alpha, class Beta>
void
gett(int m0, int m1, int n, int k,
     Alpha alpha,
     TA const* A, int ldAm1, int ldAk,  // m0-major
     TB const* B, int ldBk,
     Beta beta,
     TC      * C, int ldCm1, int ldCn)  // m0-major  // [wrap] without the stream parameter, cudaStream_t stream = 0
{
  using namespace cute;

  // Define shapes (dynamic)
  auto M = make_shape(m0, m1);                               // (m0,m1)-multimode M
  auto N = int(n);
  auto K = int(k);
  auto prob_shape = make_shape(M, N, K);                     // (M, N, K)

  // Define NT strides (mixed)
  auto dA = make_stride(make_stride(Int<1>{}, ldAm1), ldAk); // (dM, dK)
  auto dB = make_stride(Int<1>{}, ldBk);                     // (dN, dK)  // [wrap] ldBk for the page's ldB, a name the function does not have
  auto dC = make_stride(make_stride(Int<1>{}, ldCm1), ldCn); // (dM, dN)

  // Define CTA tile sizes (static)
  auto bM = Shape<_64, _2>{};    // Take _64 elements from m0 and _2 elements from m1
  auto bN = Int<128>{};
  auto bK = Int<  8>{};
  auto cta_tiler = make_shape(bM, bN, bK);                   // (BLK_M, BLK_N, BLK_K)

  // Define the smem layouts (static)
  auto sA = make_layout(make_shape(bM, bK));                 // (m,k) -> smem_idx; m-major
  auto sB = make_layout(make_shape(bN, bK));                 // (n,k) -> smem_idx; n-major
  auto sC = make_layout(make_shape(bM, bN));                 // (m,n) -> smem_idx; m-major

  // Define the thread layouts (static)
  auto tA = make_layout(make_shape(Int<32>{}, Int< 8>{}));   // (m,k) -> thr_idx
  auto tB = make_layout(make_shape(Int<32>{}, Int< 8>{}));   // (n,k) -> thr_idx
  auto tC = make_layout(make_shape(Int<16>{}, Int<16>{}));   // (m,n) -> thr_idx

  dim3 dimBlock(size(tC));
  dim3 dimGrid(size(ceil_div(M, bM)),
               size(ceil_div(N, bN)));
  printf("grid %d %d block %d\n", int(dimGrid.x), int(dimGrid.y), int(dimBlock.x));  // [wrap]
  gemm_device  // [wrap] the launch as a call: gemm_device<<<dimGrid, dimBlock, 0, stream>>>
      (prob_shape, cta_tiler,
       A, dA, sA, tA,
       B, dB, sB, tB,
       C, dC, sC, tC,
       alpha, beta);
}
int main() {                                                                  // [wrap]
  std::vector<float> hA(128*6*32), hB(256*32), hC(128*6*256);                 // [wrap]
  gett(128, 6, 256, 32, 1.0f, hA.data(), 128, 128*6, hB.data(), 256, 0.0f, hC.data(), 128, 128*6);  // [wrap]
}                                                                             // [wrap]
// ---- wgmma_sm90.cu: gemm_nt's host setup, its debug prints; wrap: main with the element types, #if 1 for the tutorial's #if 0, a print of the launch
int main() {                                                                  // [wrap]
  using TA = cute::half_t; using TB = cute::half_t; using TC = cute::half_t;  // [wrap]
  int m = 512, n = 256, k = 128;                                              // [wrap]
  int ldA = m, ldB = n, ldC = m;                                              // [wrap]
  // Define shapes (dynamic)
  auto M = int(m);
  auto N = int(n);
  auto K = int(k);
  auto prob_shape = make_shape(M, N, K);                     // (M, N, K)

  // Define NT strides (mixed)
  auto dA = make_stride(Int<1>{}, ldA);                      // (dM, dK)
  auto dB = make_stride(Int<1>{}, ldB);                      // (dN, dK)
  auto dC = make_stride(Int<1>{}, ldC);                      // (dM, dN)

  // Define CTA tile sizes (static)
  auto bM = Int<128>{};
  auto bN = Int<128>{};
  auto bK = Int< 64>{};
  auto cta_tiler = make_shape(bM, bN, bK);                   // (BLK_M, BLK_N, BLK_K)
  auto bP = Int<3>{};  // Pipeline

  // Define the smem layouts (static)
  auto sA = tile_to_shape(GMMA::Layout_MN_SW128_Atom<TA>{}, make_shape(bM,bK,bP));
  auto sB = tile_to_shape(GMMA::Layout_MN_SW128_Atom<TB>{}, make_shape(bN,bK,bP));

  // Define the thread layouts (static)
  TiledCopy copyA = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, TA>{},
                                    Layout<Shape<_16,_8>>{}, // Thr layout 32x4 m-major
                                    Layout<Shape< _8,_1>>{});// Val layout  8x1 m-major
  TiledCopy copyB = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, TB>{},
                                    Layout<Shape<_16,_8>>{}, // Thr layout 32x4 n-major
                                    Layout<Shape< _8,_1>>{});// Val layout  8x1 n-major

  TiledMMA tiled_mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>{});

#if 1  // [wrap] #if 0 in the tutorial
  print(copyA);
  print(copyB);
  print(tiled_mma);  // [wrap] the tutorial's print(mmaC) names no variable of gemm_nt
#endif

  // Launch parameter setup
  dim3 dimBlock(size(tiled_mma));
  dim3 dimCluster(1, 1, 1);
  dim3 dimGrid(round_up(size(ceil_div(m, bM)), dimCluster.x),
               round_up(size(ceil_div(n, bN)), dimCluster.y));
  print(sA); print("\n"); print(sB); print("\n");                            // [wrap]
  printf("grid %d %d block %d\n", int(dimGrid.x), int(dimGrid.y), int(dimBlock.x));  // [wrap]
}                                                                             // [wrap]
// ---- wgmma_sm90.cu: gemm_tn's host setup (K-major), its debug prints; wrap: main with the element types, #if 1 for the tutorial's #if 0, a print
int main() {                                                                  // [wrap]
  using TA = cute::half_t; using TB = cute::half_t; using TC = cute::half_t;  // [wrap]
  int m = 512, n = 256, k = 128;                                              // [wrap]
  int ldA = k, ldB = k, ldC = m;                                              // [wrap]
  // Define TN strides (mixed)
  auto dA = make_stride(ldA, Int<1>{});                      // (dM, dK)
  auto dB = make_stride(ldB, Int<1>{});                      // (dN, dK)
  auto dC = make_stride(Int<1>{}, ldC);                      // (dM, dN)

  // Define CTA tile sizes (static)
  auto bM = Int<128>{};
  auto bN = Int<128>{};
  auto bK = Int< 64>{};
  auto cta_tiler = make_shape(bM, bN, bK);                   // (BLK_M, BLK_N, BLK_K)
  auto bP = Int<3>{};  // Pipeline

  // Define the smem layouts (static)
  auto sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<TA>{}, make_shape(bM,bK,bP));
  auto sB = tile_to_shape(GMMA::Layout_K_SW128_Atom<TB>{}, make_shape(bN,bK,bP));

  TiledMMA tiled_mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>{});
#if 1  // [wrap] #if 0 in the tutorial
  print(tiled_mma);  // [wrap] the tutorial's print(mmaC) names no variable of gemm_tn
#endif
  print(sA); print("\n"); print(sB); print("\n"); print(dA); print(dB); print(dC);  // [wrap]
}                                                                             // [wrap]
