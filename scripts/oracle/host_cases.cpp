// ---- loops: print2D of 01_layout.md
auto layout = make_layout(make_shape(_2{},_3{}), LayoutRight{});
for (int m = 0; m < size<0>(layout); ++m) {
  for (int n = 0; n < size<1>(layout); ++n) {
    printf("%3d  ", int(layout(m,n)));
  }
  printf("\n");
}
// ---- loops: idx2crd table
auto shape = make_shape(_2{}, make_shape(_2{}, _2{}));
for (int i = 0; i < size(shape); ++i) {
  print(i); print(" -> "); print(idx2crd(i, shape)); print("\n");
}
// ---- data: vector, tensor, element writes
std::vector<float> buf(8);
for (int i = 0; i < 8; ++i) buf[i] = i * 1.5f;
Tensor t = make_tensor(buf.data(), make_shape(_2{},_4{}));
t(1,2) = 100.0f;
for (int i = 0; i < 2; ++i) { for (int j = 0; j < 4; ++j) printf("%d ", int(t(i,j))); printf("\n"); }
print(t.layout()); print(" "); print(t.shape()); print(" "); print(size(t));
// ---- data: owning tensor
auto o = make_tensor<int>(make_layout(make_shape(_2{},_3{})));
for (int i = 0; i < size(o); ++i) o(i) = i * i;
for (int m = 0; m < 2; ++m) { for (int n = 0; n < 3; ++n) printf("%3d", int(o(m,n))); printf("\n"); }
// ---- functions and lambdas
auto f = [](int x) { return x * 3; };
int s = 0;
for (int i = 0; i < 5; ++i) { if (i == 3) continue; s += f(i); }
printf("%d\n", s);
int k = 0;
while (k < 100) { k = k * 2 + 1; }
do { k -= 50; } while (k > 0);
printf("%d %d %d\n", k, 17 / 5, -17 % 5);
// ---- static and dynamic
print(_4{} * 2); print(" "); print(_4{} * _2{}); print(" "); print(_0{} * 7); print(" ");
print(_8{} / _3{}); print(" "); print((_8{} > _3{}) && (_1{} != _2{})); print(" "); int d = 3; print(d == 3); print(" "); print(_5{} - d);
// ---- print_tensor of a float tensor over a vector
std::vector<float> buf(8*4);
for (int i = 0; i < 32; ++i) buf[i] = i;
Tensor t = make_tensor(buf.data(), make_shape(8,4));
print_tensor(t);
// ---- print_tensor of a slice and a local_tile
std::vector<int> v(24);
std::iota(v.begin(), v.end(), 0);
Tensor t = make_tensor(v.data(), make_layout(make_shape(_4{},_6{}), LayoutRight{}));
print_tensor(t(_,1));
print_tensor(local_tile(t, make_shape(_2{},_3{}), make_coord(1,1)));
// ---- C array, gmem pointer, rank 3
int a[12];
for (int i = 0; i < 12; ++i) a[i] = 10 * i;
Tensor t = make_tensor(make_gmem_ptr(a), make_shape(_2{},_3{},_2{}));
print_tensor(t);
// ---- owning tensors, fill, clear, copy
auto A = make_tensor<float>(make_shape(_2{},_2{}));
fill(A, 2.5f);
auto B = make_tensor<float>(make_shape(_2{},_2{}));
copy(A, B);
B(1,1) = -1.0f;
print_tensor(B);
clear(A);
print_tensor(A);
// ---- using aliases and UniversalFMA
using TA = float;
using TB = float;
using TC = float;
TiledMMA mma = make_tiled_mma(UniversalFMA<TC,TA,TB>{}, Layout<Shape<_16,_16,_1>>{});
print(size(mma)); print("\n");
print(mma.get_layoutC_TV());
// ---- member calls of a tiled MMA
TiledMMA mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{});
auto thr = mma.get_thread_slice(5);
Tensor cA = make_identity_tensor(make_shape(_64{},_32{}));
print(thr.partition_A(cA)); print("\n");
print(thr.partition_fragment_C(make_identity_tensor(make_shape(_64{},_64{})))); print("\n");
print(mma.get_layoutA_TV()); print("\n");
print(tile_size<0>(mma));
// ---- static_assert, decltype, if
auto s = make_shape(_4{}, _8{});
auto d = make_stride(_1{}, _4{});
static_assert(congruent(s, d));
auto L = make_layout(s, d);
if (size(L) == 32 || rank(L) > 5) { print("big "); } else { print("small "); }
decltype(L) L2 = L;
print(L2);
// ---- functions over layouts
template <class Shape, class Stride>
void print1D(Layout<Shape,Stride> const& layout) {
  for (int i = 0; i < size(layout); ++i) {
    printf("%3d  ", int(layout(i)));
  }
  printf("\n");
}
int main() {
  print1D(make_layout(make_shape(_2{},_3{}), LayoutRight{}));
  print1D(make_layout(8, 2));
  return 0;
}
// ---- double and printf with floats
double x = 1.0 / 3;
float y = 2.0f / 3;
printf("%f %.3f %e\n", x, y, x * 1000);
print(x); print(" "); print(y);
// ---- integer conversions and unsigned
size_t n = 256;
int64_t big = 1;
for (int i = 0; i < 40; ++i) big *= 2;
unsigned u = 7u;
printf("%zu %lld %u %d\n", n, (long long)big, u, int(n / 3));
// ---- local_partition of a data tensor
std::vector<int> v(16);
for (int i = 0; i < 16; ++i) v[i] = 100 + i;
Tensor t = make_tensor(v.data(), make_layout(make_shape(_4{},_4{})));
Tensor p = local_partition(t, make_layout(make_shape(_2{},_2{})), 3);
print(p.layout()); print("\n");
for (int i = 0; i < size(p); ++i) printf("%d ", int(p(i)));
// ---- lambdas with capture and while
int total = 0;
auto acc = [&](int x) { total += x; return total; };
int i = 0;
while (i < 5) { acc(i * i); ++i; }
printf("%d\n", total);
bool flag = total > 20;
print(flag);
// ---- 03_tensor.md: owning tensors of the register-memory examples
Tensor rmem_4x8_col = make_tensor<float>(Shape<_4,_8>{});
Tensor rmem_4x8_row = make_tensor<float>(Shape<_4,_8>{}, LayoutRight{});
Tensor rmem_4x8_pad = make_tensor<float>(Shape <_4, _8>{}, Stride<_32,_2>{});
Tensor rmem_4x8_like = make_tensor_like(rmem_4x8_pad);
print(rmem_4x8_col.layout()); print("\n");
print(rmem_4x8_row.layout()); print("\n");
print(rmem_4x8_pad.layout()); print("\n");
print(rmem_4x8_like.layout()); print("\n");
// ---- 03_tensor.md: tensor access by coordinate and index
float* A = new float[24];
for (int i = 0; i < 24; ++i) A[i] = i;
Tensor tensor = make_tensor(A, make_shape(_4{}, make_shape(_2{}, _3{})));
printf("%f %f %f\n", tensor(1, make_coord(1, 2)), tensor(make_coord(2, 3)), tensor(21));
tensor(0, make_coord(0, 0)) = 42.0f;
print(A[0]);
// ---- predication: a bool tensor of comparisons
Tensor cA = make_identity_tensor(make_shape(_4{}, _6{}));
Tensor tApA = make_tensor<bool>(make_shape(size<1>(cA)), make_stride(Int<1>{}));
int n = 4;
for (int k = 0; k < size<1>(cA); ++k) {
  tApA(k) = get<1>(cA(0,k)) < n;
}
print_tensor(tApA);
// ---- tiling a gmem tensor as a block of a kernel would
int m = 16, k = 12;
std::vector<float> hA(m * k);
for (int i = 0; i < m * k; ++i) hA[i] = i;
Tensor mA = make_tensor(make_gmem_ptr(hA.data()), make_shape(m, k), make_stride(k, Int<1>{}));
auto cta_tiler = make_shape(Int<8>{}, Int<8>{}, Int<4>{});
auto cta_coord = make_coord(1, 0, _);
Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X, _1>{});
print(gA.layout()); print("\n");
auto tA = make_layout(make_shape(Int<4>{}, Int<2>{}));
Tensor tAgA = local_partition(gA, tA, 3);
print(tAgA.layout()); print("\n");
printf("%.1f %.1f\n", tAgA(0,0,0), tAgA(1,1,1));
// ---- a host GEMM by loops over tensors
int M = 4, N = 3, K = 5;
std::vector<double> a(M*K), b(N*K), c(M*N);
for (int i = 0; i < M*K; ++i) a[i] = i % 3;
for (int i = 0; i < N*K; ++i) b[i] = i % 4;
Tensor tA = make_tensor(a.data(), make_shape(M, K));
Tensor tB = make_tensor(b.data(), make_shape(N, K));
Tensor tC = make_tensor(c.data(), make_shape(M, N));
for (int i = 0; i < M; ++i)
  for (int j = 0; j < N; ++j) {
    double acc = 0;
    for (int kk = 0; kk < K; ++kk) acc += tA(i,kk) * tB(j,kk);
    tC(i,j) = acc;
  }
print_tensor(tC);
// ---- axpby and size
std::vector<float> x(4), y(4);
for (int i = 0; i < 4; ++i) { x[i] = i; y[i] = 10; }
Tensor tx = make_tensor(x.data(), make_shape(_4{}));
Tensor ty = make_tensor(y.data(), make_shape(_4{}));
axpby(2.0f, tx, 0.5f, ty);
for (int i = 0; i < size(ty); ++i) printf("%g ", ty(i));
// ---- nested functions with templates and values
template <int N>
int times(int x) { return N * x; }
template <class T>
T twice(T x) { return x + x; }
int main() {
  printf("%d %d %g\n", times<3>(7), twice(21), twice(1.25));
  auto L = make_layout(make_shape(_2{}, _2{}));
  int L2 = twice(int(size(L)));
  print(L2); print(" "); print(twice(size(L) + 1));
}
// ---- ternary, bit operators and shifts in loops
int bits = 0;
for (int i = 0; i < 8; ++i) bits |= (i % 3 == 0 ? 1 : 0) << i;
printf("%d %d %d %d\n", bits, bits & 0xF, bits ^ 0xFF, bits >> 2);
unsigned int mask = 0xFFu >> 4;
printf("%u\n", mask);
// ---- unsigned arithmetic wraps around as C++'s does
unsigned x = 0;
x = x - 1;
print(x); print(" "); print(~0u); print(" "); print(-10u); print(" "); print(0xFFFFFFFF); print("\n");
uint32_t a = 4000000000u;
print(a + a); print(" "); print(a * 3u); print(" "); print(a / 7); print(" "); print(a % 1000); print("\n");
size_t n = 3; int k = -1;
print(n + k); print(" "); print(n - 4); print(" "); print(n * k); print("\n");
unsigned u = 7; int i = -4;
print(u / 2 - 4); print(" "); print(i * u); print(" "); print((i < u) ? 1 : 2); print(" "); print(-1 < 0u); print("\n");
uint64_t z = 0; z--;
print(z); print(" "); print(~0ull); print(" "); print(z >> 60); print(" "); print(1u << 31); print("\n");
printf("%u %d %lu %x %d\n", u - 8, u - 8, (size_t)0 - 1, ~0u, -1);
// ---- unsigned loops, arrays and conversions
uint32_t arr[3] = {0, 1, 2};
arr[0] -= 1;
print(arr[0]); print(" "); print(arr[0] + arr[1]); print(" ");
unsigned total = 0;
for (unsigned j = 0; j < 3u; ++j) total += arr[j];
print(total); print(" ");
unsigned m = 0;
if (m - 1 > 0) print("wraps ");
uint8_t c = 250; c += 10; print(int(c)); print(" ");
unsigned cast = (unsigned)-2; print(cast); print(" ");
size_t s = sizeof(float) * 2; print(s - 9); print(" ");
unsigned w = 5; auto L = make_layout(make_shape(w, 2u)); print(L);
// ---- constants of types: ::value and cosize_v are int, is_static<T>{} an integral constant
auto L = make_layout(make_shape(_4{},_8{}));
using ASmemLayout = decltype(L);
float smemA[cosize_v<ASmemLayout>];
print(decltype(size(L))::value); print(" "); print(is_static<decltype(L)>::value); print(" ");
print(cosize_v<ASmemLayout>); print(" "); print(is_static<ASmemLayout>{}); print(" ");
print(decltype(size(L))::value + 1); print(" "); print(cosize_v<ASmemLayout> * _2{}); print(" ");
static_assert(cosize_v<ASmemLayout> == 32);
print(make_shape(cosize_v<ASmemLayout>, _2{})); print(" "); print(ASmemLayout{}); print(" ");
printf("%d\n", int(size_v<ASmemLayout>));
// ---- signedness: an int with an unsigned is unsigned, a 64-bit signed integer takes the unsigned one in
int i = -2; int64_t m = -2; long l = -2; long long q = -2; ptrdiff_t p = -2;
unsigned u = 1; uint32_t v = 3;
print(i + u); print(" "); print(m + u); print(" "); print(l + u); print(" "); print(q + u); print(" "); print(p + u); print(" ");
print(m - v); print(" "); print(i - v); print(" "); print(m * 2u); print(" "); print(i * 2u); print(" ");
print(m / 2u); print(" "); print(i / 2u); print(" "); print(m % 3u); print(" "); print(i % 3u); print(" ");
print((m & 0xFFu) - 300); print(" "); print((i & 0xFFu) - 300); print(" "); print(m | 1u); print(" "); print(i ^ 1u);
// ---- signedness: comparisons of signed and unsigned integers
int i = -1; int64_t m = -1; long l = -1;
print(-1 < 1u); print(" "); print(i < 1u); print(" "); print(m < 1u); print(" "); print(l > 1u); print(" ");
print(m == 4294967295u); print(" "); print(i == 4294967295u); print(" "); print(m >= 0u); print(" "); print(i >= 0u); print(" ");
size_t z = 3; print(m < z); print(" "); print(i < z);
// ---- signedness: compound assignment, increments and auto
int64_t m = -2; m += 1u; print(m); print(" ");
m -= 3u; print(m); print(" "); m *= 2u; print(m); print(" ");
unsigned u = 1; u += m; print(u); print(" ");
size_t z = 2; z -= m; print(z); print(" ");
auto r = m * 2; print(r + 1u); print(" ");
auto c = (int64_t)-7; print(c + 1u); print(" ");
auto k = -7; print(k + 1u); print(" ");
auto w = int64_t(5) - 9; print(w / 2u);
// ---- signedness: shifts take their left operand's type
int64_t m = 1; int64_t n = -8; int k = -8;
print(m << 40u); print(" "); print(1u << m); print(" "); print(n >> 1u); print(" "); print(k >> 1u); print(" ");
print((m << 33u) + 1u); print(" "); print(1u << 31); print(" "); print(~0u >> m);
// ---- signedness: ?: takes the common type of its sides
int64_t m = -2; int i = -2;
print(true ? -2 : 1u); print(" "); print(true ? m : 1u); print(" "); print(true ? i : 1u); print(" ");
print(false ? 1u : m); print(" "); print(true ? 1u : m); print(" "); print(false ? 2u : -3);
// ---- signedness: elements of 64-bit arrays and vectors, unsigned long, short
int64_t a[2] = {-2, 3}; print(a[0] + 1u); print(" ");
std::vector<int64_t> v(2, -5); print(v[1] + 1u); print(" ");
std::vector<int> w(2, -5); print(w[1] + 1u); print(" ");
unsigned long ul = 5000000000ul; print(ul); print(" "); print(ul + 1u); print(" ");
unsigned long long ull = ~0ull; print(ull); print(" ");
short s = -3; print(s + 1u); print(" "); long int li = -3; print(li + 1u);
// ---- signedness: functional casts to unsigned types, and an int shifted into its sign bit
print(size_t(-1)); print(" "); print(unsigned(-1)); print(" "); print(uint32_t{7} - 8); print(" ");
print(int64_t(~0u)); print(" "); print(int(~0u)); print(" "); print(uint64_t(5000000000) + 1u); print(" ");
print(1 << 31); print(" "); int x = 3; print(x << 30); print(" "); print(int64_t(x) << 31);
// ---- signedness: sizeof is a size_t
print(sizeof(int) - 5); print(" "); print(-1 < sizeof(int)); print(" "); int x = -1; print(x < sizeof(int)); print(" ");
print(1u - sizeof(int)); print(" "); print(sizeof(int) * 2 - 9); print(" "); print(sizeof(float) * 8); print(" ");
auto s = sizeof(int); print(s - 5); print(" "); print(sizeof(int) - 2);
// ---- signedness: a function returns its declared type, a tensor's element has its array's
int64_t f() { return -2; }
int g() { return -2; }
int main() {
  print(f() + 1u); print(" "); print(g() + 1u); print(" ");
  std::vector<int64_t> v(4, -2); Tensor t = make_tensor(v.data(), make_shape(4)); print(t(1) + 1u); print(" ");
  std::vector<int> w(4, -2); Tensor u = make_tensor(w.data(), make_shape(4)); print(u(1) + 1u);
}
// ---- conversions to narrower signed types wrap around (C++20's modular conversion)
int8_t b = 200; print(int(b)); print(" "); short s = 40000; print(s); print(" "); int x = 3000000000u; print(x);
// ---- casts and compound assignments that wrap
int8_t e = int8_t(130); print(int(e)); print(" "); print(int(static_cast<int16_t>(70000))); print(" "); print(static_cast<int>(4294967295u)); print(" ");
int8_t f = 127; f += 1; print(int(f)); print(" "); std::vector<int8_t> v(2); v[0] = 250; print(int(v[0]));
// ---- octal and binary literals
int x = 017; print(x); print(" "); print(0b101 + 00); print(" "); print(-010 * 2); print(" "); print(0123.5);
// ---- a stream writes floating-point numbers in C++'s default format, print in %f
std::cout << 1.0/3 << " " << 2.5f << " " << 100000000.0 << " " << 1e-5 << " " << 0.0 << " " << -2.0 << " " << 123456.7 << std::endl;
print(2.5); print(" "); float h = 1.0f / 3; std::cout << h << " " << h * 3 << "\n";
// ---- printf flags: signs, alternate forms, zero padding after them
printf("%5s|%-5s|%c|%%|%+d|% d|%#x|%#o|%#X|%#x\n", "ab", "cd", 65, 5, 7, 255, 8, 255, 0);
printf("%+.2f|% .1e|%+08.3f|%08.3f|%+5d|%-+5d|%+05d|%#010x|%08x\n", 3.14159, 2.5, -1.5, -1.5, 3, 3, -3, 255, 255);
// ---- printf precision of integers and strings
printf("%.3d|%5.3d|%-6.4x|%.0d|%05.2d|%.2s|%6.3s|%.8s|\n", 7, -7, 255, 0, 3, "abcd", "abcd", "ab");
// ---- ?: of an integer and a floating-point number has the floating-point type
auto t = true ? 1 : 2.5; print(t); print(" "); int k = 3; float x = 1.5f; auto u = true ? k : x; print(u); print(" "); printf("%f\n", false ? 1.5f : 2.0);
// ---- a floating-point number converts to bool by whether it is zero
bool b = 0.5; print(b); print(" "); bool c = -1; print(c); print(" "); bool d = 0.0; print(d); print(" "); print(bool(0.25)); print(" "); print(!0.5);
// ---- a stream writes a tensor: its layout, then its elements in 9 columns
auto t = make_tensor<int>(make_shape(_2{},_2{})); t(3) = 4; t(1) = -12; std::cout << t << std::endl;
std::vector<float> a(6); for (int i = 0; i < 6; ++i) a[i] = i / 4.0f; std::cout << make_tensor(a.data(), make_shape(_6{})) << make_tensor(a.data(), make_shape(_1{}, _3{}, _2{}));
std::vector<double> d(8); for (int i = 0; i < 8; ++i) d[i] = 1e6 * i + 0.5; std::cout << make_tensor(d.data(), make_shape(_2{}, _2{}, _1{}, _2{})) << "end\n";
auto b = make_tensor<bool>(make_shape(_3{})); b(1) = true; std::cout << b;
// ---- a stream writes a coordinate tensor: its layout, then each coordinate after setw(9)'s spaces
std::cout << make_identity_tensor(make_shape(_2{},_3{})) << "end\n";
std::cout << make_identity_tensor(make_shape(_3{})) << make_identity_tensor(make_shape(_2{},_1{},_2{}));
// ---- a function writes its caller's variables through non-const reference parameters
void bump(int& x) { x += 2; }
void keep(int x) { x += 2; }
void sw(int& a, int& b) { int t = a; a = b; b = t; }
void acc(float& s, int n, const int& k) { s += n * k; }
int main() { int a = 1; bump(a); keep(a); int x = 1, y = 2; sw(x, y); float s = 0.5f; for (int i = 0; i < 3; ++i) acc(s, i, a); print(a); print(" "); print(x); print(y); print(" "); print(s); }
// ---- for_each, transform and fold of tuples with lambdas; make_int_sequence
for_each(make_int_sequence<3>{}, [&](auto i) { print(i); print(" "); }); print(make_int_sequence<4>{}); print(" "); print(make_seq<2>{});
auto t = make_tuple(_2{}, 3, make_shape(_4{}, 5)); for_each(t, [](auto x) { print(x); print(";"); });
auto s = transform(make_tuple(1, _2{}, 3), [](auto x) { return x * 2; }); print(s); print(" "); print(transform(make_shape(_4{}, 6), [](auto x) { return x + 1; }));
auto r = fold(make_tuple(1, 2, 3), 0, [](auto a, auto b) { return a + b; }); print(r); print(" "); print(fold(make_shape(_2{}, _3{}), _1{}, [](auto a, auto b) { return a * b; }));
int sum = 0; for_each(make_int_sequence<5>{}, [&](auto i) { sum += i * i; }); print(sum);
for_each(5, [](auto x) { print(x); }); print(" "); print(transform(_3{}, [](auto x) { return x * 2; }));
// ---- an assignment evaluates its right operand first (C++17)
int i = 0; int arr[4] = {0}; arr[i++] = i; print(arr[0]); print(arr[1]); print(i); print(" ");
int j = 1; int a[3] = {0}; a[j] += j++; print(a[1]); print(a[2]); print(j);
// ---- depth, stride, flatten and coalesce of tensors; Layout::tile and Tensor::tile
auto t = make_tensor<int>(make_shape(_2{}, make_shape(_3{}, _2{}))); print(depth(t)); print(" "); print(stride(t)); print(" "); print(flatten(t).layout()); print(" "); print(coalesce(t).layout()); print("\n");
std::vector<int> v(16); std::iota(v.begin(), v.end(), 0); auto u = make_tensor(v.data(), make_shape(_4{}, _4{})); auto d = u.tile(make_tile(_2{}, _2{})); print(d.layout()); print(" "); print(d(1, 1, 1)); print(" "); auto L = make_layout(make_shape(_8{}, _4{})); print(L.tile(_2{}, _2{})); print(" "); print(L.tile(make_tile(_4{})));
// ---- the standard library's scalars: std::max, std::min, abs, fabs, std::swap, assert, INT_MAX
int a = std::max(3, 5), b = std::min(-3, 5); float c = std::max(1.5f, 0.5f); double d = std::min(2.0, 3.5);
printf("%d %d %f %f\n", a, b, c, d);
int64_t x = 7; int64_t y = -9; printf("%ld %ld\n", std::max(x, y), std::abs(y));
printf("%d %d %f %f %f\n", std::abs(-4), abs(-7), std::abs(-2.5f), std::fabs(-1.25), fabs(-3));
int p = 3, q = 4; std::swap(p, q); int arr[4] = {1, 2, 3, 4}; std::swap(arr[0], arr[3]);
printf("%d %d %d %d\n", p, q, arr[0], arr[3]);
assert(p == 4 && arr[0] == 4);
printf("%d %d %d\n", INT_MAX, INT_MIN, RAND_MAX);
// ---- CuTe's max, min and abs of floats and integral constants
print(max(3.0f, 5.0f)); print(" "); print(max(3, 5.5f)); print(" "); print(min(2.5, 1)); print(" "); print(max(1.0f, 2.0)); print(" ");
print(min(Int<3>{}, 5)); print(" "); print(max(_2{}, _7{})); print(" "); print(abs(Int<-3>{})); print(" "); print(abs(-3)); print(" "); print(abs(-2.5)); print(" ");
unsigned u = 5; print(abs(u));
// ---- rand and srand: glibc's generator
for (int i = 0; i < 3; ++i) printf("%d ", rand());
printf("\n");
srand(42); for (int i = 0; i < 3; ++i) printf("%d ", rand());
srand(0); int z = rand(); srand(1); int o = rand(); printf("%d %d\n", z, o);
srand(-5); int n1 = rand(); int n2 = rand() % 100; printf("%d %d\n", n1, n2);
srand(3000000000u); int s = 0; for (int i = 0; i < 1000; ++i) s ^= rand(); printf("%d\n", s);
// ---- sgemm_1's host fill with rand()
int m = 4, k = 3;
std::vector<float> h_A(m*k);
for (int j = 0; j < m*k; ++j) h_A[j] = static_cast<float>( 2*(rand() / double(RAND_MAX)) - 1 );
auto A = make_tensor(h_A.data(), make_shape(m, k));
print_tensor(A);
// ---- range-based for over vectors, arrays and braced lists
std::vector<int> v{1, 2, 3, 4, 5}; int s = 0;
for (auto x : v) { if (x == 2) continue; if (x == 5) break; s += x; }
printf("%d\n", s);
int arr[3] = {4, 5, 6}; for (auto& e : arr) e *= 2; for (int e : arr) printf("%d ", e);
std::vector<float> w(3); for (float& f : w) f = 0.5f; for (const auto& f : w) printf("%.1f ", f);
for (auto x : {1.5, 2.5}) printf("%f ", x);
float b[3] = {1.5f, 2.5f, -3.5f}; for (int x : b) printf("%d ", x);
for (int x : {7, 8}) { std::vector<int> t{x}; for (int y : t) printf("%d ", y * x); }
// ---- static_assert of constant expressions
constexpr int N = 4; static_assert(N * 2 == 8, "N"); static_assert(N > 0);
const int M = 6; static_assert(M % 3 == 0);
auto L = Layout<Shape<_4,_2>>{}; static_assert(size(L) == 8);
constexpr int K = size(Layout<Shape<_4,_8>>{}); static_assert(K == 32);
static_assert(sizeof(float) == 4 && sizeof(double) * 2 == 16); static_assert(4 == 4);
printf("%d %d %d\n", N, M, K);
// ---- characters: char literals, std::cout << c writes a character, CuTe's print of a char too, of signed and unsigned chars a number
char c = 65; std::cout << c << std::endl; print(c); print("\n");
int8_t d = 66; std::cout << d << std::endl; print(d); print("\n");
uint8_t e = 67; std::cout << e << std::endl; print(e); print("\n");
char t = 'N'; if (t == 'N') printf("yes %c %d\n", t, t);
int x = 'a' + 1; std::cout << x << " " << 'z' << " " << (char)('a' + 2) << '\t' << '|' << std::endl;
char a = 'A'; a += 2; std::cout << a << std::endl; print(a + 1); print("\n"); auto b = a; std::cout << b << std::endl;
int8_t arr[3] = {65, 66, 67}; std::cout << arr[0] << arr[1] << std::endl; std::printf("%d\n", arr[2]);
// ---- the order C++ gives: an assignment's right operand first, << of integers left first, one argument's effects
int f(int x) { printf("f%d ", x); return x; }
int main() {
  int i = 1; print(i << i++); print(" "); print(i); print(" ");
  int a[2] = {5, 5}; int j = 0; a[j] = j++; print(a[0]); print(a[1]); print(" ");
  int r = f(1) + f(2) * f(3); printf("%d ", r); printf("%d\n", f(4));
}
// ---- std::cout's manipulators: setw, setfill, left and right, hex, oct and dec, fixed, scientific, setprecision
std::cout << std::setw(4) << 3 << "|" << std::setw(6) << "ab" << "|" << std::setfill('0') << std::setw(5) << 42 << std::left << std::setw(4) << 7 << "|" << std::setfill(' ') << std::right << std::endl;
std::cout << std::hex << 255 << " " << -1 << " " << 4294967295u << " " << (1LL << 40) << std::oct << " " << 8 << std::dec << " " << 10 << std::endl;
std::cout << std::fixed << std::setprecision(2) << 3.14159 << " " << 2.0f << std::endl;
std::cout << 1.5 << " " << 7 << std::endl;
std::cout << std::scientific << 12345.678 << " " << std::setprecision(3) << 0.5f << std::defaultfloat << " " << 0.5 << " " << 1234567.0 << std::endl;
auto L = make_layout(make_shape(_2{}, _3{}));
for (int m = 0; m < size<0>(L); ++m) { for (int n = 0; n < size<1>(L); ++n) std::cout << std::setw(3) << L(m, n); std::cout << std::endl; }
char c = 'x'; std::cout << std::setw(3) << c << std::setw(8) << 1.5 << std::setw(2) << 12345 << std::endl;
// ---- malloc and calloc through a cast, and free
float* p = (float*)malloc(4 * sizeof(float)); for (int i = 0; i < 4; ++i) p[i] = i * 1.5f; print(p[3]); print(" ");
int n = 6; int* a = static_cast<int*>(malloc(n * sizeof(int))); for (int i = 0; i < n; ++i) a[i] = i * i;
auto t = make_tensor(a, make_shape(2, 3)); print_tensor(t);
double* d = (double*) calloc(3, sizeof(double)); d[1] = 0.25; printf("%g %g\n", d[0], d[1]);
free(p); free(a); free(d);
// ---- sizeof of variables, arrays, elements and expressions (not evaluated)
int64_t x = 5; char c = 1; short s = 2; uint8_t u = 3; double d = 1; float f = 1; size_t n = 3; bool b = true;
printf("%zu %zu %zu %zu %zu %zu %zu %zu\n", sizeof(x), sizeof(c), sizeof(s), sizeof(u), sizeof(d), sizeof(f), sizeof(n), sizeof(b));
int64_t a[4]; short h[5] = {1, 2, 3, 4, 5}; float* p = new float[3];
printf("%zu %zu %zu %zu %zu\n", sizeof(a[0]), sizeof(a), sizeof(a) / sizeof(a[0]), sizeof(h) / sizeof(h[0]), sizeof(h[1] + 1));
printf("%zu %zu %zu %zu %zu\n", sizeof(p), sizeof(*p), sizeof(f + 1), sizeof(f + 1.0), sizeof(1 + 2L));
int i = 0; printf("%zu %d\n", sizeof(i++), i);
for (int k = 0; k < int(sizeof(h) / sizeof(h[0])); ++k) printf("%d", h[k]);
// ---- switch: fallthrough, default, break and continue, on integers and characters
for (int i = 0; i < 6; ++i) {
  switch (i) {
    case 0: printf("zero "); break;
    case 1:
    case 2: printf("small ");
    case 3: printf("three-ish "); break;
    default: printf("big ");
  }
}
printf("\n");
int count = 0;
char ops[4] = {'+', '-', '*', '?'};
for (int k = 0; k < 4; ++k) {
  int r = 0;
  switch (ops[k]) {
    case '+': r = 3 + 4; break;
    case '-': r = 3 - 4; break;
    case '*': r = 3 * 4; break;
    default: continue;
  }
  printf("%c%d ", ops[k], r); ++count;
}
printf("%d\n", count);
int x = 9; switch (x) { case 1: { int y = 2; printf("%d", y); } break; case 2: printf("two"); } printf("end\n");
// ---- enum and enum class: enumerators as int constants, in switch, static_assert and array sizes
enum Mode { Row, Col = 5, Diag };
enum class Major : int { K, MN = 3, X };
Mode m = Col;
printf("%d %d %d %d\n", Row, m, Diag, (int)Major::X);
Major k = Major::MN;
if (k == Major::MN) printf("mn\n");
static_assert(Diag == 6, "six");
switch (m) { case Row: printf("row\n"); break; case Col: printf("col\n"); break; default: break; }
int arr[Diag]; printf("%zu\n", sizeof(arr) / sizeof(arr[0]));
// ---- CuTe's tensor algorithms: transform in place and into another tensor, for_each by value and by reference
auto A = make_tensor<int>(Shape<_2,_3>{});
for (int i = 0; i < size(A); ++i) A(i) = i;
transform(A, [&](auto x) { return x * 10 + A(0); });
print_tensor(A);
std::vector<float> v(6);
for (int i = 0; i < 6; ++i) v[i] = i * 0.5f;
auto V = make_tensor(v.data(), make_layout(make_shape(2, 3), LayoutRight{}));
auto B = make_tensor<int>(Shape<_2,_3>{});
transform(V, B, [](float x) { return x * 3; });
print_tensor(B);
auto D = make_tensor<int>(Shape<_2,_3>{});
transform(A, B, D, [](int a, int b) { return a - b; });
int total = 0, k = 0;
for_each(D, [&](int x) { total += x; });
for_each(D, [&](auto& x) { x = x * 2 + k++; });
printf("%d\n", total);
print_tensor(D);
auto C = make_identity_tensor(make_shape(3, 2));
for_each(C, [&](auto c) { print(c); print(" "); });
printf("\n");
// ---- lazy::transform predicates and a counting iterator's tensor, tiled and partitioned
auto C = make_identity_tensor(make_shape(6, 5));
auto P = cute::lazy::transform(C, [&](auto c) { return elem_less(c, make_shape(5, 3)); });
print(P); printf("\n");
auto tP = local_partition(local_tile(P, make_shape(_4{}, _4{}), make_coord(1, 0)), make_layout(make_shape(_2{}, _2{})), 1);
print(tP); printf("\n");
for (int i = 0; i < size(tP); ++i) printf("%d", int(tP(i)));
printf("\n");
std::vector<int> s(30), d(30);
for (int i = 0; i < 30; ++i) s[i] = i;
copy_if(P, make_tensor(s.data(), make_shape(6, 5)), make_tensor(d.data(), make_shape(6, 5)));
for (int i = 0; i < 30; ++i) printf("%d ", d[i]);
printf("\n");
Tensor N = make_tensor(counting_iterator<int>(3), make_layout(make_shape(4, 6), LayoutRight{}));
print_tensor(local_tile(N, make_shape(_2{}, _3{}), make_coord(1, 1)));
auto R = make_tensor<int>(Shape<_2,_3>{});
copy(local_tile(N, make_shape(_2{}, _3{}), make_coord(0, 1)), R);
print_tensor(R);
// ---- std::boolalpha, bools and CuTe's static bools; null pointers cast to a type; a lambda's reference parameter
int x = 3;
bool even = x % 2 == 0;
auto gt = x > 2;
gt += 5;
std::cout << std::boolalpha << even << " " << gt << " " << !gt << " " << (x == 3) + 1 << " " << x << std::endl;
std::cout << (_1{} == _1{}) << " " << is_static<decltype(_1{})>::value << " " << elem_less(make_coord(1, 2), make_coord(2, 2)) << std::endl;
std::cout << std::noboolalpha << true << " " << sizeof(true) << " " << sizeof(gt) << std::endl;
using Element = half_t;
auto gA = make_tensor(make_gmem_ptr((Element const*)nullptr), make_shape(128, 64));
auto sB = make_tensor(make_smem_ptr(static_cast<float*>(nullptr)), make_shape(_8{}, _4{}));
print(gA); printf("\n"); print(sB); printf("\n");
auto bump = [](int& r, int by) { r = r * 10 + by; };
int acc = 1;
bump(acc, 2); bump(acc, 3);
printf("%d\n", acc);
// ---- arrays of arrays: rows, sizes, a tensor over an array of arrays and over a row's pointer
float A[3][4];
for (int i = 0; i < 3; ++i) for (int j = 0; j < 4; ++j) A[i][j] = i * 10 + j;
printf("%g %g %zu %zu\n", A[2][3], A[1][0], sizeof(A), sizeof(A[0]));
auto t = make_tensor(&A[0][0], make_layout(make_shape(3, 4), LayoutRight{}));
print_tensor(t);
auto r = make_tensor(make_gmem_ptr(A[1]), make_shape(4));
print_tensor(r);
// ---- arrays of arrays initialized by padded rows and by a flat list; a row's pointer writes its row
int M[2][3] = {{1, 2, 3}, {4, 5}};
int F[][2] = {1, 2, 3, 4, 5};
printf("%d %d %d %zu %d\n", M[1][1], M[1][2], F[2][0], sizeof(F) / sizeof(F[0]), F[2][1]);
int* p = M[1];
p[0] += 10;
printf("%d %d\n", M[1][0], *(M[0] + 2));
// ---- half_t: a host fill by rand() as sgemm's, print_tensor and std::cout of a half_t tensor
using TA = half_t;
std::vector<TA> h_A(8);
srand(7);
for (int j = 0; j < 8; ++j) h_A[j] = static_cast<TA>(2*(rand() / double(RAND_MAX)) - 1);
auto A = make_tensor(h_A.data(), make_shape(2, 4));
print_tensor(A);
std::cout << A << std::endl;
// ---- half_t: CuTe's host gemm of half_t tensors into float and into half_t
auto A = make_tensor<half_t>(Shape<_2,_2>{});
auto B = make_tensor<half_t>(Shape<_2,_2>{});
auto C = make_tensor<float>(Shape<_2,_2>{});
for (int i = 0; i < 4; ++i) { A(i) = half_t(0.1f * (i + 1)); B(i) = half_t(0.3f * i); }
gemm(A, B, C);
print_tensor(C);
auto D = make_tensor<half_t>(Shape<_2,_2>{});
gemm(A, B, D);
print_tensor(D);
// ---- half_t: copy and fill between float and half_t tensors
auto F = make_tensor<float>(Shape<_4>{});
for (int i = 0; i < 4; ++i) F(i) = 1.0f / (i + 3);
auto H = make_tensor<half_t>(Shape<_4>{});
copy(F, H);
print_tensor(H);
fill(H, 0.7f);
print_tensor(H);
auto G = make_tensor<float>(Shape<_4>{});
copy(H, G);
print_tensor(G);
// ---- bfloat16_t and half_t arithmetic, conversions from float, double and int, overflow to inf
bfloat16_t x = bfloat16_t(1.1f), y = bfloat16_t(2.3);
std::cout << x + y << " " << x * y << " " << float(x) << " " << bfloat16_t(100000) << " " << half_t(100000) << " " << half_t(-3) << std::endl;
// ---- half_t: products past 65504, signed zero, subnormals
half_t h = half_t(1.0f);
for (int i = 0; i < 12; ++i) h = h * half_t(3.0f);
std::cout << h << " " << -h << " " << h * half_t(0.0f) << std::endl;
half_t tiny = half_t(1e-4f);
std::cout << tiny * tiny << " " << tiny / half_t(1e4f) << std::endl;
// ---- half_t and bfloat16_t of 182 floats: random exponents and mantissas, ties to even, subnormals, the largest half and past it
float xs[] = {-2571.15137f, 127300.422f, 3.55191708f, 8616.78223f, 6.54122061e-07f, 0.096485056f, -6.44916209e-09f, -0.000577185361f, 6.72121223e-06f, -1.5429747e-06f, 1.07978906e-06f, 5.41257832e-05f, 4.91830906e-06f, 120.071609f, 1.48084719e-05f, -0.0811743066f, 0.291489005f, -0.000260043889f, -1624.20862f, -7.80795801e-08f, 6.78567934f, 5.89015341f, 3.74371361e-08f, 0.0288262647f, -228.830505f, 0.0986574292f, 1.04672706f, 4004.2085f, -8.37200389e-07f, -0.0236327499f, -2.2161057f, 0.00101233553f, -4.09161548e-05f, 2.55576992e-06f, -0.00329290191f, 1.37235538e-05f, -85806.5156f, 6.56177053e-06f, -1570.33545f, -1.84377527e-08f, -0.00035538699f, 2.01360172e-06f, 10.6734819f, 1.88951537e-06f, -7768.04785f, -2.78668608e-07f, -2.01944476e-06f, 0.00111445552f, -46.513279f, -113344.844f, -0.000630382157f, 2.12204054e-06f, -7934.54395f, -8.30945919e-06f, -28.5123043f, -1.06455239e-07f, 104037.375f, -0.00266295276f, -10.1188679f, 0.0128882201f, -6.18796349f, -0.00652985508f, -0.00177410129f, -0.0199043062f, 0.337511301f, -95013.0469f, 0.0118604647f, -2.80246022e-05f, -0.00165178278f, -6.16752777e-06f, -0.00317136152f, -8.90790552e-09f, 3379.4397f, 38683.7109f, 7.91903973f, 5.63803262e-08f, -0.00768742384f, -2.36255e-05f, 2.7021997f, -616.635498f, -5.03108044e-09f, -0.466600299f, -2.30958008e-08f, -3.08819125e-07f, -662.114197f, -1.35336109e-06f, -2.28422499f, 378.120026f, -1.53408996e-06f, 16399.5234f, 0.00611645309f, -0.0063650636f, 0.715841889f, -10.3319569f, 0.122571193f, -1632.20532f, 10.0085459f, -0.00759834377f, 15.4363565f, -4.09509993f, 0.000157849499f, -0.126650408f, 0.000236236956f, 0.000181899275f, -0.00126287912f, 52.6360512f, -1.31159918e-08f, -0.00149755657f, 2655.89185f, 2.69952941f, -1.49434225e-08f, 62802.2695f, -5.32593791e-09f, -1613.45715f, 0.0922324806f, 0.00143074675f, -0.00358648179f, -658.616882f, -0.00223180512f, -101521.516f, -0.0120151937f, 789.200012f, -1.03273052e-07f, 2.1359331e-07f, 0.0134578012f, 0.212656021f, 8.78363892e-07f, 3370.47021f, -248361.328f, 251395.812f, -1.22879937e-05f, 4.07115158e-06f, -2.31789219e-08f, 7.628622e-08f, 0.234807134f, -5.3333884e-09f, -52435.9297f, -0.0302896556f, -3.39219675e-08f, -2.99195904e-06f, 198.385101f, 0.000259566936f, -0.000447414059f, 63.2032967f, -0.0454168208f, 8.63023979e-06f, 10990.4219f, -2.22132783e-07f, -0.000169659688f, 7.85320234f, -32.9427528f, -5.50819408e-08f, 58799.1289f, -2.35163867e-07f, -3.47828754e-05f, -0.028684644f, -0.0150823435f, -0.0861336812f, -10616.1162f, 0.0474216007f, 1.00048828f, 1.00146484f, 2049.0f, 2051.0f, 65504.0f, 65519.0f, 65520.0f, 65536.0f, 5.96046448e-08f, 8.94069672e-08f, 2.98023224e-08f, 1.49011612e-08f, 7.4505806e-08f, 9.99999994e-09f, 0.0f, -0.0f, 1.00390625f, 1.01171875f, 1.0039072f, 255.5f, 256.5f, 3.14159274f};
int n = sizeof(xs) / sizeof(xs[0]);
for (int i = 0; i < n; ++i) {
  half_t h = half_t(xs[i]);
  bfloat16_t b = bfloat16_t(xs[i]);
  printf("%.9g %.9g %.9g\n", xs[i], float(h), float(b));
}
// ---- sizeof_bits_v and sizeof_bits<T>::value: scalar and CuTe element types, bool (CUTLASS's bin1_t), void, in template arguments
print(sizeof_bits_v<double>); print(" "); print(sizeof_bits_v<bool>); print(" "); print(sizeof_bits_v<uint128_t>); print(" ");
print(sizeof_bits_v<float_e4m3_t>); print(" "); print(sizeof_bits_v<int8_t> * -1); print(" "); print(sizeof_bits_v<half_t const>); print(" ");
print(sizeof_bits_v<void>); print(" "); print(sizeof_bits<cute::bfloat16_t>::value); print(" "); print(sizeof_bits_v<uint4_t>); print("\n");
auto v = Int<128 / sizeof_bits_v<half_t>>{};
print(v); print(" "); print(sizeof(sizeof_bits_v<int>)); print(" "); print(Int<sizeof_bits_v<uint128_t> / sizeof_bits_v<half_t>>{}); print("\n");
constexpr int kBits = sizeof_bits_v<float>;
static_assert(kBits == 32);
std::cout << kBits << " " << (sizeof_bits_v<uint4_t> < 8) << std::endl;
// ---- sizeof_bits_v of a template's element type
template <class T>
void f(T const* p) { print(sizeof_bits_v<T>); print(" "); print(128 / sizeof_bits_v<T>); print("\n"); }
int main() { float x[2]; f(&x[0]); half_t h[2]; f(&h[0]); }
// ---- std::array and cute::array: lists, zeros past them, size, sizeof, fill, copies, tensors over data()
std::array<int, 4> a = {3, 1, 4, 1};
int s = 0;
for (auto x : a) s += x;
printf("%d %d %zu %zu\n", s, std::max(a[0], a[2]), a.size(), sizeof(a));
cute::array<float, 3> c{};
c[1] = 2.5f;
auto d = c;
d[0] = 7;
printf("%f %f %f %f\n", c[0], c[1], d[0], d[1]);
std::array<int, 6> e = {1, 2};
auto t = make_tensor(e.data(), make_layout(make_shape(_2{}, _3{}), LayoutRight{}));
print_tensor(t);
e.fill(9);
print_tensor(t);
// ---- a std::vector is copied by auto, by a parameter by value and by assignment; a reference names it
void f(std::vector<int> x) { x[0] = 7; }
void g(std::vector<int>& x) { x[0] = 8; }
void h(std::vector<int> const& x) { printf("%d\n", x[0]); }
int main() {
  std::vector<int> v(2);
  auto w = v;
  w[0] = 5;
  auto& r = v;
  r[1] = 4;
  auto const& cr = v;
  v[0] = 9;
  printf("%d %d %d %d\n", v[0], v[1], w[0], cr[0]);
  f(v); printf("%d\n", v[0]);
  g(v); printf("%d\n", v[0]);
  h(v);
  std::vector<int> a = {1, 2, 3}, b(2);
  b = a;
  b[0] = 5;
  printf("%d %zu %d\n", a[0], b.size(), b[2]);
}
// ---- an owning tensor is copied by auto and by a parameter by value (its ArrayEngine); slices and references view it
template <class T>
void bump(T t) { t(0) = 100; }
template <class T>
void bump_ref(T& t) { t(1) = 200; }
int main() {
  auto t = make_tensor<int>(Shape<_4>{});
  for (int i = 0; i < 4; ++i) t(i) = i;
  auto u = t;
  auto s = t(_);
  s(2) = 42;
  u(3) = 30;
  bump(t);
  bump_ref(t);
  int buf[4] = {0, 0, 0, 0};
  auto v = make_tensor(&buf[0], Shape<_4>{});
  bump(v);
  print_tensor(t); print_tensor(u); print_tensor(v);
}
// ---- assigning an owning tensor copies its elements: a view of the target sees them
auto t = make_tensor<float>(Shape<_2, _2>{});
fill(t, 1.0f);
auto u = make_tensor<float>(Shape<_2, _2>{});
clear(u);
auto view = u(_, 0);
u = t;
t(0) = 5.0f;
print_tensor(view);
auto acc = partition_fragment_C(make_tiled_mma(UniversalFMA<float>{}, Layout<Shape<_2,_2,_1>>{}), Shape<_4, _4>{});
clear(acc);
auto acc2 = acc;
fill(acc2, 1.0f);
print_tensor(acc);
// ---- decltype(x) y{} and a using name of it: the value of a static type, a value-initialized tuple; rank of a layout and a tensor
auto l = make_layout(make_shape(_4{}, _8{}));
using L = decltype(l);
L a{};
decltype(l) b;
decltype(make_shape(_2{}, _3{})) s{};
auto t = make_tuple(3, _4{});
decltype(t) u{};
print(a); print(" "); print(b); print(" "); print(s); print(" "); print(u); print("\n");
auto x = make_tensor<float>(Shape<_2, _3, _4>{});
auto c = composition(Swizzle<1,2,3>{}, make_layout(make_shape(_8{}, _8{})));
print(l.rank); print(" "); print(x.rank); print(" "); print(c.rank); print("\n");
// ---- lambda captures: [x] and [=] copy when the lambda is made, [&] and [&x] refer; a lambda returned from a function keeps its copies
auto make_adder(int k) { return [k](int y) { return y + k; }; }
int main() {
  int x = 1;
  auto byval = [x]() { return x; };
  auto all = [=]() { return x * 10; };
  auto ref = [&]() { return x * 10; };
  auto one = [&x]() { x += 1; };
  x = 5;
  one(); one();
  printf("%d %d %d %d\n", byval(), all(), ref(), x);
  auto a = make_adder(3); auto b = make_adder(10);
  printf("%d %d\n", a(1), b(1));
  int counter = 0;
  auto next = [&counter]() { return ++counter; };
  int c1 = next(); int c2 = next();
  printf("%d %d %d\n", c1, c2, counter);
  int k = 5;
  auto f = [y = k * 2](int v) { return v + y; };
  k = 0;
  printf("%d\n", f(1));
  int n = 4;
  auto outer = [=]() { auto inner = [=]() { return n * 2; }; return inner(); };
  n = 100;
  printf("%d\n", outer());
  float fx = 1.5f;
  auto g = [fx]() { return fx / 2; };
  fx = 9.0f;
  std::cout << g() << std::endl;
}
// ---- captures of vectors, tensors and layouts: a copy by value, the same elements by reference; for_each and transform with captures
std::vector<int> v = {1, 2, 3};
auto sum = [&v]() { int s = 0; for (auto x : v) s += x; return s; };
v.push_back(4);
auto sum2 = [v]() { int s = 0; for (auto x : v) s += x; return s; };
v.push_back(5);
auto first = [v]() { return v[0]; };
v[0] = 40;
printf("%d %d %d\n", sum(), sum2(), first());
auto t = make_tensor<int>(Shape<_3>{});
for (int i = 0; i < 3; ++i) t(i) = i + 1;
auto h = [t]() { return t(0) + t(1) + t(2); };
t(0) = 100;
auto r = [&t]() { return t(0); };
printf("%d %d\n", h(), r());
auto l = make_layout(make_shape(_4{}, _2{}));
auto off = [l](int i, int j) { return l(i, j); };
print(off(1, 1)); print("\n");
auto u = make_tensor<float>(Shape<_4>{});
for (int i = 0; i < 4; ++i) u(i) = i;
float scale = 2.0f;
for_each(u, [=](auto& x) { x = x * scale; });
scale = 100.0f;
transform(u, [scale](auto x) { return x + scale; });
print_tensor(u);
// ---- references name their variable or element: int&, const int&, auto& of a C array's and a tensor's elements, &x of a scalar
int x = 1;
int& r = x;
r = 5;
const int& c = x;
x = 7;
printf("%d %d %d\n", x, r, c);
float a[4] = {1, 2, 3, 4};
float& e = a[2];
e = 30;
auto& f = a[0];
f += 10;
printf("%f %f\n", a[2], a[0]);
auto t = make_tensor<int>(Shape<_2, _2>{});
clear(t);
for (int i = 0; i < 2; ++i) {
  auto& d = t(i, i);
  d = 5 + i;
}
int& g = t(0, 1);
g = 3;
int copy = t(0, 1);
copy = 4;
print_tensor(t);
int y = 10;
int* p = &y;
int* q = &y;
*p += 1;
int& yr = y;
auto byval = [yr]() { return yr; };
yr = 20;
std::cout << y << " " << *q << " " << (p == q) << " " << sizeof(yr) << " " << byval() << std::endl;
// ---- reference parameters bound to variables, elements of arrays, vectors and tensors, the same variable twice, through templates and recursion
void inc(int& v) { v++; }
void set(int& a, int v) { a = v; }
void f(int& a, int& b) { a = 1; b = a + 1; }
template <class T>
void twice(T& v) { v = v * 2; }
int fact(int n, int& calls) { calls++; return n <= 1 ? 1 : n * fact(n - 1, calls); }
int main() {
  int arr[3] = {1, 2, 3};
  inc(arr[1]);
  int z = 0;
  inc(z); inc(z);
  f(z, z);
  printf("%d %d\n", arr[1], z);
  std::vector<int> vec(3);
  for (int i = 0; i < 3; ++i) set(vec[i], i * 7);
  auto t = make_tensor(vec.data(), make_shape(3));
  set(t(0), 100);
  printf("%d %d %d\n", vec[0], vec[1], vec[2]);
  int a = 3; float fl = 1.5f;
  twice(a); twice(fl); twice(arr[2]);
  int c = 0; int r = fact(5, c);
  printf("%d %f %d %d %d\n", a, fl, arr[2], r, c);
  half_t h = half_t(1.5f);
  half_t& hr = h;
  hr = half_t(2.25f);
  unsigned u = 5;
  unsigned& ur = u;
  ur -= 6;
  int m = 2;
  auto mul = [&m](int k) { m *= k; };
  mul(3); mul(4);
  auto add = [&](int& w) { w += m; };
  add(m);
  std::cout << h << " " << u << " " << m << std::endl;
}
// ---- parentheses group in C++ code: return (x), auto y = (x), -(-x), ~(x), printf of (x)
auto twice(int a) { return (a * 2); }
int ident(int a) { return (a); }
int main() {
  int x = 2;
  auto y = (x);
  float g = 2.5f;
  print(twice(3)); print(" "); print(ident(7)); print(" "); print(y); print(" "); print(-(g));
  printf(" %d %d\n", (x), -(-x));
  std::cout << ~(x) << " " << (x) << " " << -(x + 1) << std::endl;
}
// ---- print_tensor of uint32_t elements: CuTe's pretty_print writes them with %d
auto t = make_tensor<uint32_t>(Shape<_2, _1>{});
t(0) = 4000000000u; t(1) = 7;
print_tensor(t);
std::cout << t << std::endl;
// ---- printf's '*' width and precision, h and hh, unsigned literals past 2^63, +x promotes, literals past i64
printf("%.3s|%*d|%-*d|%.*f|%*d|\n", "abcdef", 6, 7, 4, 8, 2, 3.14159, -5, 9);
printf("%hhd %hhu %hd %hu %hx\n", 300, 300, 70000, 70000, -1);
unsigned u = 4000000000u;
long l = -5;
size_t z = 18446744073709551615ull;
auto w = 9223372036854775808ull;
printf("%u %d %ld %lu %zu %lld %zu\n", u, u, l, l, z, (long long)z, w + 1);
int8_t a = -5; uint8_t b = 200; int16_t c = -300;
auto p = +b;
std::cout << int(a) << " " << +b << " " << c << " " << sizeof(p) << " " << z / 3 << " " << 100000000000000000000.0 << std::endl;
// ---- true_type and false_type (C<true>, C<false>), with and without std::boolalpha; tuple_cat
print(true_type{}); print(" "); print(false_type{}); print(" "); print(true_type{} && false_type{}); print("\n");
std::cout << std::boolalpha << true_type{} << " " << false_type{} << std::endl;
std::cout << std::noboolalpha << true_type{} << std::endl;
auto t = make_tuple(_1{}, 2, make_tuple(_3{}, 4));
print(tuple_cat(t, make_tuple(5))); print(" "); print(tuple_cat()); print(" "); print(tuple_cat(make_shape(2, 3))); print(" "); print(tuple_cat(make_tuple(1), make_tuple(), make_tuple(_2{}, make_tuple(3)))); print("\n");
auto s = tuple_cat(make_shape(_2{}, _4{}), make_shape(_8{}));
print(make_layout(s)); print(" "); print(size(s)); print("\n");
// ---- <algorithm> and <numeric> on ranges of arrays: accumulate (in init's type), sort, reverse, max_element, min_element, count
std::vector<int> v = {5, 3, 8, 1, 8};
int s = std::accumulate(v.begin(), v.end(), 0);
std::sort(v.begin(), v.end());
auto mx = std::max_element(v.begin(), v.end());
auto mn = std::min_element(v.begin(), v.end());
printf("%d %d %d %d %d %ld %ld\n", s, v[0], v[4], *mx, *mn, mx - v.begin(), std::count(v.begin(), v.end(), 8));
float f[5] = {2.5f, -1.25f, 7.75f, 0.5f, 3.0f};
int truncated = std::accumulate(f, f + 5, 0);
float sum = std::accumulate(f, f + 5, 0.0f);
double dsum = std::accumulate(f + 1, f + 3, 1.0);
std::sort(f, f + 5);
std::reverse(f, f + 3);
printf("%d %f %f %f %f %f\n", truncated, sum, dsum, f[0], f[2], f[4]);
unsigned u[3] = {4000000000u, 7, 3000000000u};
std::sort(u, u + 3);
printf("%u %u %u %d\n", u[0], u[1], u[2], int(std::max_element(u, u + 3) - u));
// ---- std::vector's resize, reserve, pop_back, front, back, empty, clear
std::vector<int> v = {1, 2, 3};
v.resize(5);
v.pop_back();
v.reserve(16);
v.resize(6, 7);
printf("%zu %d %d %d %d\n", v.size(), v.front(), v.back(), v[3], v.empty());
std::vector<float> w;
for (int i = 0; i < 3; ++i) w.emplace_back(i * 0.5f);
bool e = w.empty();
w.clear();
printf("%d %zu %d\n", e, w.size(), w.empty());
// ---- recast<T> of tensors over make_gmem_ptr and make_smem_ptr: wider, narrower, sub-byte, dynamic strides, moved pointers; uint128_t pointers
print(make_gmem_ptr<uint128_t>(nullptr)); print(" "); print(make_smem_ptr<uint128_t>(nullptr) + 2); print("\n");
auto g = make_tensor(make_gmem_ptr<half_t>(nullptr) + 16, make_layout(make_shape(_8{}, _16{}), LayoutRight{}));
print(recast<uint128_t>(g)); print("\n");
print(recast<uint8_t>(g)); print("\n");
print(recast<uint4_t>(g)); print("\n");
print(recast<half_t>(g)); print("\n");
auto h = make_tensor(make_gmem_ptr<float>(nullptr), make_shape(8, 4));
print(recast<double>(h)); print("\n");
print(recast<uint16_t>(local_tile(h, Shape<_4, _2>{}, make_coord(1, 1)))); print("\n");
auto s = make_tensor(make_smem_ptr<float>(nullptr), make_layout(make_shape(_4{}, _8{}), make_stride(_8{}, _1{})));
auto v = recast<uint128_t>(s);
print(v); print(" "); print(size(v)); print("\n");
// ---- type traits of CuTe values: is_same (std::is_same_v), is_constant, is_layout, is_tuple, is_integral, std::is_integral; ::value, _v and {}
auto a = make_layout(make_shape(_4{}, _8{}));
auto b = make_layout(make_shape(_4{}, _8{}));
auto c = make_layout(make_shape(4, _8{}));
auto s = make_shape(_4{}, 8);
auto x = Int<5>{};
int n = 3;
print(std::is_same_v<decltype(a), decltype(b)>); print(" "); print(std::is_same_v<decltype(a), decltype(c)>); print(" ");
print(is_layout<decltype(a)>{}); print(" "); print(std::is_same<decltype(s), decltype(a)>::value); print("\n");
print(is_constant<5, decltype(x)>::value); print(" "); print(is_constant<4, decltype(x)>::value); print(" "); print(is_constant<4, decltype(get<0>(s))>::value); print(" ");
print(is_constant<3, decltype(n)>::value); print("\n");
print(is_layout<decltype(a)>::value); print(" "); print(is_layout<decltype(s)>::value); print(" "); print(is_tuple<decltype(s)>::value); print(" "); print(is_tuple<decltype(x)>::value); print("\n");
print(is_integral<decltype(x)>::value); print(" "); print(is_integral<decltype(n)>::value); print(" "); print(std::is_integral_v<decltype(x)>); print(" "); print(std::is_integral<decltype(n)>::value); print(" "); print(is_integral<decltype(s)>::value); print("\n");
static_assert(is_layout<decltype(a)>::value);
if constexpr (is_constant<5, decltype(x)>::value) { print("five\n"); }
std::cout << std::boolalpha << is_tuple<decltype(s)>::value << std::endl;
// ---- a return type that names a template's type parameter converts the result to the argument's type (int, float, int64_t, a pointer's element, a static integer)
template <class T> T scale(T x) { return x * 1.5; }
template <class T> T mid(T a, T b) { return (a + b) / 2.0; }
template <class T> T first(T const* p) { return p[0] * 2.5; }
template <class T> T keep(T x) { return x; }
template <class T> T neg(T x) { return -x; }
int main() {
  int64_t b = 3000000000;
  printf("%d %.2f %lld\n", scale(3), scale(3.0f), (long long)scale(b));
  print(scale(7)); printf(" "); print(scale(2.5)); printf("\n");
  print(mid(3, 4)); printf(" "); print(mid(3.0, 4.0)); printf("\n");
  int a[2] = {3, 4}; float c[1] = {1.5f};
  print(first(&a[0])); printf(" "); print(first(&c[0])); printf("\n");
  print(keep(_3{})); printf(" "); print(keep(make_shape(_2{}, 3))); printf(" "); print(keep(5u)); printf("\n");
  unsigned u = 3; print(neg(u)); printf(" "); print(neg(-2)); printf("\n");
}
// ---- explicit template arguments of a program's template function: types (the parameters and the result convert to them) and values, in the template's order
template <class T> T conv(double x) { return x; }
template <class T> T half_of(T x) { return x / 2; }
template <class T, int N> T times(T x) { return x * N; }
template <int N, class T> T add(T x) { return x + N; }
template <typename T> T sq(T x) { return x * x; }
template <class T> T g(T x) { return x * 1.5; }
int main() {
  print(conv<int>(2.7)); printf(" "); print(conv<float>(2.7)); printf("\n");
  print(half_of<double>(3)); printf(" "); print(half_of<int>(3.9)); printf("\n");
  print(times<float, 3>(1.5)); printf(" "); print(times<int, 2>(2.6)); printf("\n");
  print(add<3>(1.5)); printf(" "); print(add<2>(4)); printf("\n");
  print(sq<uint8_t>(20)); printf(" "); print(sq(20)); printf("\n");
  print(half_of<float>(g(3))); printf("\n");
}
// ---- default values of parameters: literals, a global read at the call, a layout's extent, a template function's
int add(int a, int b = 10, int c = 100) { return a + b + c; }
double scale(double x, double f = 0.5) { return x * f; }
auto tile_of(int m, int n = 8) { return make_layout(make_shape(m, n)); }
int k = 5;
int get(int x = k) { return x * 2; }
template <class L>
void show_layout(L const& l, int reps = 2) { for (int i = 0; i < reps; ++i) { print(l); printf(" "); } printf("\n"); }
int main() {
  printf("%d %d %d\n", add(1), add(1, 2), add(1, 2, 3));
  printf("%.2f %.2f\n", scale(3), scale(3, 2));
  print(tile_of(4)); printf(" "); print(tile_of(4, 2)); printf("\n");
  printf("%d ", get()); k = 7; printf("%d\n", get());
  show_layout(make_layout(_4{})); show_layout(make_layout(make_shape(_2{}, 3)), 1);
}
// ---- a template's type parameter deduced from a scalar argument is that type in the body (T y = a * 1.5 declares an int; T(2) casts); default values evaluated where the function is defined
template <class T> void show_scaled(T a) { T y = a * 1.5; print(y); printf(" "); }
template <class T> void bump(T& x, T by = T(2)) { x += by; }
template <class T> T twice(T x = 4) { return x * 2; }
template <class T> T sum3(T a, T b, T c) { return a + b + c; }
int k = 5;
int get(int x = k) { return x * 2; }
int main() {
  show_scaled(3); show_scaled(2.0f); show_scaled(2.0); printf("\n");
  int a = 1; bump(a); float f = 1.5f; bump(f, 0.25f); printf("%d %.2f\n", a, f);
  print(twice<int>()); printf(" "); print(twice(2.5)); printf("\n");
  uint8_t x = 200; print(sum3<uint8_t>(x, 50, 10)); printf(" "); print(sum3(x, x, x)); printf("\n");
  int k = 9; printf("%d %d\n", get(), k);
}
// ---- declarations of functions without a body: a function defined after main, default values given by the declaration
int f(int a, int b = 2);
template <class T> void g(T x);
float h(float);
int main() {
  printf("%d %d\n", f(3), f(3, 4));
  g(7); g(2.5);
  printf("%.2f\n", h(1.5f));
}
int f(int a, int b) { return a * b; }
template <class T> void g(T x) { T y = x / 2; print(y); printf("\n"); }
float h(float v) { return v * v; }
// ---- decltype(x) of a scalar variable declares its type (int a; decltype(a) z = 7.9 is 7), also of a template's parameter
int a = 5; decltype(a) z = 7.9; float f = 1; decltype(f) g = 7; auto h = 3; decltype(h) w = 2.5; double d = 1; decltype(d) e = 1;
print(z); printf(" "); print(g); printf(" "); print(w); printf(" "); print(e); printf("\n");
// ---- a template's scalar type parameter in the body: sizeof(T), T(), T(x), decltype(a), std::is_same_v<T, float>, std::is_integral_v<T>, std::vector<T>, make_tensor<T>
template <class T> void kind(T x) { if constexpr (std::is_same_v<T, float>) printf("float "); else if constexpr (std::is_integral_v<T>) printf("integral "); else printf("other "); }
template <class T> void sz(T x) { printf("%d ", (int)sizeof(T)); T z = T(); T o = T(1.9); print(z); printf(":"); print(o); printf(" "); }
template <class T> void dec(T a) { decltype(a) z = 7.9; print(z); printf(" "); }
template <class T> void vec(T x) { std::vector<T> v(3, x); v[1] = 7.9; print(v[0]); printf(" "); print(v[1]); printf("\n"); }
template <class T> void tens(T x) { auto t = make_tensor<T>(make_shape(_3{})); fill(t, x); t(1) = 9.75; print_tensor(t); }
int main() {
  kind(1); kind(1.0f); kind(1.0); int64_t b = 2; kind(b); printf("\n");
  sz(1); sz(2.0f); sz((uint8_t)3); sz(int64_t(4)); printf("\n");
  dec(5); dec(5.0); dec(5.0f); int64_t q = 1; dec(q); unsigned u = 1; dec(u); printf("\n");
  vec(2); vec(2.5);
  tens(1); tens(1.5f);
  printf("%d %d %d %d %d %d\n", std::is_same_v<int32_t, int>, std::is_same_v<int64_t, long>, std::is_same_v<size_t, uint64_t>, std::is_same_v<int8_t, char>, std::is_same_v<unsigned, uint32_t>, std::is_same_v<float, double>);
}
// ---- std::max<T> and std::min<T> convert both arguments to T; a ternary's common type; a generic lambda's result type
print(std::max(1, 2)); printf(" "); print(std::max(1.5, 2.5)); printf(" "); print(std::min<int>(3, 2.5)); printf(" "); print(std::max<double>(1, 2)); printf(" "); print(std::min<uint8_t>(300, 50)); printf("\n");
print(true ? 1 : 2.5); printf(" "); auto x = false ? 1 : 2.5f; print(x); printf(" "); int a = -1; unsigned b = 2; auto y = true ? a : b; print(y); printf("\n");
auto g = [](auto p, auto q) { return p + q; };
print(g(1, 2)); printf(" "); print(g(1, 2.5)); printf(" "); print(g(_1{}, _2{})); printf(" "); print(g('a', 1)); printf("\n");
// ---- a constexpr function of the program called with constants is a constant expression (a constexpr int it initializes is a template argument; static_assert)
constexpr int sq(int x) { return x * x; }
constexpr int tiles(int m, int t = 32) { return (m + t - 1) / t; }
int main() {
  constexpr int n = sq(4);
  constexpr int k = tiles(100);
  auto L = make_layout(make_shape(Int<n>{}, Int<k>{}), make_stride(Int<k>{}, _1{}));
  print(L); printf(" "); print(size(L)); printf("\n");
  static_assert(tiles(64, 16) == 4);
}
// ---- Int<...> of an expression: a constexpr function's result, a template value parameter's arithmetic
constexpr int sq(int x) { return x * x; }
constexpr int tiles(int m, int t = 32) { return (m + t - 1) / t; }
template <int N> void f() { print(Int<N * 2 + 1>{}); printf(" "); print(make_layout(Int<sq(N)>{}, Int<N / 2>{})); printf("\n"); }
int main() {
  auto L = make_layout(make_shape(Int<sq(4)>{}, Int<tiles(100)>{}), make_stride(Int<tiles(100) * 2>{}, _1{}));
  print(L); printf("\n");
  f<3>(); f<4>();
}
// ---- a template's type parameter deduced from a dynamic CuTe integer (size, shape<i>, a layout's value)
template <class T> void f(T a) { T y = a * 1.5; print(y); printf(" "); }
template <class T> T g(T a, T b) { T y = a * 1.5 + b; return y; }
int main() {
  auto L = make_layout(make_shape(3, 2));
  f(size(L)); f(shape<0>(L)); f(L(1, 1)); auto n = size(L); f(n);
  print(g(size(L), 3)); printf(" "); print(g(4, size(L))); printf("\n");
}
