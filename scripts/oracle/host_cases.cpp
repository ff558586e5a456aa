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
