//! The host C++ subset: statements, control flow, functions, lambdas, member calls,
//! arrays and tensors over them, one thread of a kernel, the bounds, and the refusals of
//! what is outside the subset. Printed answers that CuTe C++ gives are in
//! `tests/golden/host.jsonl`; these check the evaluator's own behaviour.

#[path = "../../../tests/golden/support/addresses.rs"]
mod addresses;
use addresses::without_addresses;
use rcute_lang::{Launch, MAX_STEPS, eval, eval_launch};

fn ok(p: &str) -> String {
    eval(p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

fn refuses(p: &str, needle: &str) {
    let e = eval(p).expect_err(p);
    assert!(
        e.message.contains(needle),
        "{p}: {:?} lacks {needle:?}",
        e.message
    );
}

#[test]
fn loops_and_scalars_follow_cpp() {
    assert_eq!(
        ok("int s = 0; for (int i = 0; i < 10; ++i) s += i; print(s);"),
        "45"
    );
    assert_eq!(
        ok("int x = -7; print(x / 2); print(\" \"); print(x % 2);"),
        "-3 -1"
    );
    assert_eq!(
        ok("int i = 0; while (true) { if (++i == 5) break; } print(i);"),
        "5"
    );
    assert_eq!(
        ok("int i = 10; do { i -= 3; } while (i > 0); print(i);"),
        "-2"
    );
    assert_eq!(
        ok("for (int i = 0; i < 6; i++) { if (i % 2) continue; printf(\"%d \", i); }"),
        "0 2 4 "
    );
    assert_eq!(ok("float f = 1.5f; print(f * 2);"), "3.000000");
    assert_eq!(ok("int n = 7.9; print(n);"), "7");
    // static integers combine by CuTe's rules
    assert_eq!(
        ok("print(_4{} < _8{}); print(_3{} << _2{}); print(_3{} ? _4{} : _5{});"),
        "_1_124"
    );
}

#[test]
fn functions_templates_and_lambdas() {
    let p = "template <class Shape, class Stride>\nvoid print2D(Layout<Shape,Stride> const& layout) {\n  for (int m = 0; m < size<0>(layout); ++m) {\n    for (int n = 0; n < size<1>(layout); ++n) {\n      printf(\"%3d  \", layout(m,n));\n    }\n    printf(\"\\n\");\n  }\n}\nint main() {\n  auto L = make_layout(make_shape(_2{},_3{}));\n  print2D(L);\n}";
    assert_eq!(ok(p), "  0    2    4  \n  1    3    5  \n");
    assert_eq!(ok("int sq(int x) { return x * x; } print(sq(7));"), "49");
    assert_eq!(
        ok("int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); } print(fact(6));"),
        "720"
    );
    assert_eq!(
        ok("int s = 0; auto add = [&](int k) { s += k; }; add(3); add(4); print(s);"),
        "7"
    );
    assert_eq!(
        ok("auto twice = [](int k) { return 2 * k; }; print(twice(21));"),
        "42"
    );
    // Int<N> of a template's value parameter or a constexpr: a static integer (CuTe's
    // answer, from the oracle); of a run-time variable refused, as C++ does not compile it
    assert_eq!(
        ok(
            "template <int N>\nvoid show() { print(Int<N>{}); print(\" \"); print(N * 2); print(\" \"); }\nint main() { show<3>(); show<8>(); }"
        ),
        "_3 6 _8 16 "
    );
    assert_eq!(
        ok("constexpr int K = 2 * 3; print(make_layout(make_shape(Int<K>{}, _2{})));"),
        "(_6,_2):(_1,_6)"
    );
    refuses(
        "int k = 4; print(Int<k>{});",
        "Int<N> takes a constant expression",
    );
}

#[test]
fn member_calls_map_to_cute_functions() {
    assert_eq!(
        ok("auto L = make_layout(make_shape(_4{},_8{})); print(L.shape()); print(L.stride());"),
        "(_4,_8)(_1,_4)"
    );
    assert_eq!(ok("Layout<Shape<_2,_4>> L; print(L);"), "(_2,_4):(_1,_2)");
    assert_eq!(ok("Swizzle<2,0,3> sw; print(sw);"), "Sw<2,0,3>");
    // a layout's index-to-coordinate members (CuTe's answers: the oracle's
    // `snippets.py --one` on the same program)
    let program = |l: &str, i: &str| {
        format!(
            "auto L = {l}; print(L.get_hier_coord({i})); print(\" \"); \
             print(L.get_flat_coord({i})); print(\" \"); print(L.get_1d_coord({i}));"
        )
    };
    assert_eq!(
        ok(&program(
            "make_layout(Shape<_2,Shape<_2,_3>>{}, Stride<_1,Stride<_2,_4>>{})",
            "5"
        )),
        "(1,(0,1)) (1,2) 5"
    );
    assert_eq!(
        ok(&program(
            "make_layout(make_shape(2,make_shape(2,3)))",
            "_5{}"
        )),
        "(1,(0,1)) (1,2) 5"
    );
    refuses(
        "auto L = make_layout(4); L.get_hier_coord(1, 2);",
        "get_hier_coord",
    );
}

#[test]
fn arrays_vectors_and_tensors() {
    assert_eq!(
        ok(
            "std::vector<int> v(6); std::iota(v.begin(), v.end(), 0); auto t = make_tensor(v.data(), make_shape(2,3)); print(t(1,2)); t(0,1) = 40; print(\" \"); print(v[2]);"
        ),
        "5 40"
    );
    assert_eq!(
        ok("int a[4] = {1,2,3,4}; int s = 0; for (int i = 0; i < 4; ++i) s += a[i]; print(s);"),
        "10"
    );
    assert_eq!(
        ok("float* p = new float[3]; p[1] = 2.5f; print(*(p + 1));"),
        "2.500000"
    );
    refuses("int a[2]; a[2] = 1;", "outside its array of 2");
    // print_tensor of a tile that runs past its array reads outside it: refused
    refuses(
        "std::vector<double> v(12); Tensor t = make_tensor(v.data(), make_layout(make_shape(_3{},_4{}), LayoutRight{})); print_tensor(local_tile(t, make_shape(_2{},_2{}), make_coord(1,1)));",
        "print_tensor: index 14 is outside its array of 12 elements",
    );
    // thrust's host and device vectors are vectors (device_ptr::get() the pointer itself)
    assert_eq!(
        ok(
            "thrust::host_vector<float> h(6); for (int j = 0; j < 6; ++j) h[j] = j; thrust::device_vector<float> d = h; auto t = make_tensor(d.data().get(), make_shape(2,3)); print(t(1,2)); print(\" \"); print(h.size());"
        ),
        "5.000000 6"
    );
    // another library's type is not the value its constructor is given
    refuses(
        "foo::bar<float> x(8); print(x);",
        "not supported: the type foo::bar<float>",
    );
    refuses(
        "std::pair<int,int> p(1, 2);",
        "not supported: the type std::pair<int,int>",
    );
    // std::array: a fixed size, made from a list
    assert_eq!(
        ok("std::array<int,3> a{1, 2}; a[2] = 5; print(a[0] + a[1] + a[2]); print(sizeof(a));"),
        "812"
    );
    refuses("std::array<int,2> a{1, 2}; a.push_back(3);", "fixed size");
    refuses(
        "std::array<int,2> a{1, 2, 3};",
        "3 values for an array of 2",
    );
    refuses("std::array<int,2> a(2);", "is made from a list");
    refuses(
        "std::vector<int> v(2); std::array<int,2> a = v;",
        "is made from a list {...} or another of its type",
    );
    assert_eq!(ok("cutlass::half_t x(1.5f); print(x);"), "1.500000");
}

#[test]
fn static_variables_that_would_carry_between_runs_are_refused() {
    // C++ initializes them once: counter() is 3 at its third call, and the loop prints
    // 10 11 13; a static constant, or one in main's body, runs as any variable
    let refusal =
        "not supported: a static variable in a loop, a lambda or a function other than main";
    refuses(
        "int counter() { static int c = 0; return ++c; }\nint main() { counter(); counter(); print(counter()); }",
        refusal,
    );
    refuses(
        "int main() { for (int i = 0; i < 3; ++i) { static int c = 10; c += i; print(c); } }",
        refusal,
    );
    refuses(
        "auto f = [](int x) { static int n = 0; n += x; return n; };",
        refusal,
    );
    assert_eq!(
        ok(
            "int main() { static int c = 10; for (int i = 0; i < 3; ++i) { static constexpr int b = 2; c += b * i; } print(c); }"
        ),
        "16"
    );
    assert_eq!(
        ok("auto f = [](int x) { static const int k = 3; return x * k; }; print(f(2));"),
        "6"
    );
}

#[test]
fn a_stream_writes_what_a_tensor_holds() {
    // a tensor over a null pointer holds no elements to write; 8-bit integers go to a
    // stream as characters
    refuses(
        "std::cout << make_tensor(make_gmem_ptr<float>(nullptr), make_shape(_2{},_2{}));",
        "std::cout << t of a tensor over a pointer writes its elements",
    );
    refuses(
        "auto t = make_tensor<uint8_t>(make_shape(_3{})); std::cout << t;",
        "not supported: std::cout of a tensor of uint8_t elements",
    );
    // print writes the tensor itself, a stream its elements
    let t = "auto t = make_tensor<int>(make_shape(_2{})); t(1) = 7;";
    assert_eq!(
        ok(&format!("{t} std::cout << t;")),
        "(_2):(_1)\n        0\n        7\n"
    );
    assert!(ok(&format!("{t} print(t);")).starts_with("ptr[32b]("));
}

#[test]
fn reference_parameters_write_the_callers_variables() {
    assert_eq!(
        ok(
            "void sw(int& a, int& b) { int t = a; a = b; b = t; }\nint main() { int x = 1, y = 2; sw(x, y); print(x); print(y); }"
        ),
        "21"
    );
    // a scalar's reference parameter names the variable's place: two names of one
    // variable, an element
    assert_eq!(
        ok(
            "void f(int& a, int& b) { a = 1; b = a + 1; }\nint main() { int x = 0; f(x, x); print(x); }"
        ),
        "2"
    );
    assert_eq!(
        ok("void f(int& a) { a = 5; }\nint main() { int v[2] = {0, 0}; f(v[1]); print(v[1]); }"),
        "5"
    );
    refuses(
        "void f(int& a) { a = 5; }\nint main() { float v[2] = {0, 0}; f(v[1]); }",
        "is a int&, its argument a float",
    );
    // a lambda's too, where its body reaches the variable by no other name
    assert_eq!(
        ok(
            "auto f = [](int& x, int k) { x = x * 10 + k; }; int a = 1; f(a, 2); f(a, 3); print(a);"
        ),
        "123"
    );
    assert_eq!(
        ok("int a = 1; auto f = [&](int& x) { x = 5; print(a); }; f(a);"),
        "5"
    );
    assert_eq!(
        ok("int a = 1; auto g = [&]() { print(a); }; auto f = [&](int& x) { x = 5; g(); }; f(a);"),
        "5"
    );
    assert_eq!(
        ok("auto f = [](int& x) { x = 3; }; int v[2] = {0, 0}; f(v[1]); print(v[1]);"),
        "3"
    );
    // copied in and out, a layout's is refused where the body reaches it otherwise
    refuses(
        "auto l = make_layout(_4{}); auto f = [&](auto& x) { x = make_layout(_2{}); print(l); }; f(l);",
        "whose body also reaches the caller's variable through l",
    );
    // called by another route than its name, a lambda's reference parameter is refused
    refuses(
        "int a = 0; for_each(make_tuple(1), [&](int& x) { x = 3; });",
        "not supported: a lambda's non-const reference parameter",
    );
    // in C++ code, `(a, b)` is the comma operator (C++ prints 2), not a tuple; a layout's
    // tuples stay tuples
    refuses(
        "int main() { int a = 1, b = 2; print((a, b)); }",
        "not supported: (a, b) in C++ code",
    );
    assert_eq!(
        ok("int main() { auto L = ((4,2),8):((1,4),0); print(L); }"),
        "((4,2),8):((1,4),0)"
    );
    // default values: trailing ones only, as C++
    assert_eq!(
        ok("int add(int a, int b = 4) { return a + b; }\nint main() { print(add(1)); }"),
        "5"
    );
    refuses(
        "int add(int a = 1, int b) { return a + b; }\nint main() { print(add(1, 2)); }",
        "parameter b has no default value",
    );
    refuses(
        "int add(int a, int b = 4) { return a + b; }\nint main() { print(add()); }",
        "add takes 2 arguments, found 0",
    );
    // a return type that names a template's type parameter is the argument's type
    assert_eq!(
        ok("template <class T> T f(T x) { return x * 1.5; }\nint main() { print(f(3)); }"),
        "4"
    );
    refuses(
        "template <class T> T f(T x) { return x + 1; }\nint main() { print(f(_3{})); }",
        "f returns T, the type of its argument (_3)",
    );
    // a template's type parameter deduced as two types does not compile
    refuses(
        "template <class T> T mx(T a, T b) { return a > b ? a : b; }\nint main() { print(mx(1, 2.5)); }",
        "T is deduced as int and as double",
    );
    // T deduced from a dynamic CuTe integer (an int or a wider type): answered where both
    // agree, refused where they may not
    assert_eq!(
        ok(
            "template <class T> void f(T a) { T y = a * 1.5; print(y); }\nint main() { f(size(make_layout(make_shape(3, 2)))); }"
        ),
        "9"
    );
    refuses(
        "template <class T> void f(T a) { T y = a * 1.5e10; print(y); }\nint main() { f(size(make_layout(make_shape(3, 2)))); }",
        "where T is deduced from an integer whose C++ type is not known here",
    );
    // is_same of a scalar type and a CuTe value's type is not known here
    refuses(
        "template <class T> void f(T x) { print(std::is_same_v<T, int>); }\nint main() { f(_3{}); }",
        "is_same of a scalar type and another type",
    );
    // explicit template arguments bind the template's parameters in order
    assert_eq!(
        ok(
            "template <class T, int N> T f(double x) { return x * N; }\nint main() { print(f<int, 2>(1.6)); }"
        ),
        "3"
    );
    refuses(
        "template <class T> T f(T x) { return x; }\nint main() { print(f<Layout<_2>>(3)); }",
        "a template argument other than a scalar type",
    );
    refuses(
        "template <class T> T f(T x) { return x; }\nint main() { print(f<int, 2>(3)); }",
        "f has 1 template parameter, given 2",
    );
    // C++ picks an overload by the arguments' types
    refuses(
        "int sq(int x) { return x * x; }\ndouble sq(double x) { return x * x + 0.5; }\nint main() { print(sq(3)); }",
        "not supported: overloads of sq with 1 parameter",
    );
}

#[test]
fn tuple_algorithms_call_lambdas() {
    // a function of the program is a functor too
    assert_eq!(
        ok(
            "int sq(int x) { return x * x; }\nint main() { print(transform(make_tuple(1, 2, _3{}), sq)); }"
        ),
        "(1,4,9)"
    );
    refuses(
        "print(transform(make_tuple(1, 2), [](auto x) { return make_layout(x); }));",
        "not supported: transform to a layout",
    );
    refuses(
        "auto t = make_tensor<int>(make_shape(_2{})); fold(t, 0, [](auto a, auto x) { return a + x; });",
        "not supported: fold of a tensor",
    );
    refuses(
        "for_each(make_tuple(1, 2));",
        "for_each(t, f): a tuple or a tensor and a lambda",
    );
}

/// CuTe's algorithms on tensors run element by element in index order (answers are CuTe
/// C++'s, from the oracle's `snippets.py --one` on the same programs).
#[test]
fn tensor_algorithms_call_lambdas_element_by_element() {
    // transform(t, f) in place; a lambda reading the tensor sees the elements written so far
    assert_eq!(
        ok(
            "auto A = make_tensor<int>(Shape<_2,_3>{}); for (int i = 0; i < size(A); ++i) A(i) = i; \
            transform(A, [&](auto x){ return x * 10 + A(0); }); for (int i = 0; i < 6; ++i) printf(\"%d \", A(i));"
        ),
        "0 10 20 30 40 50 "
    );
    // transform(in, out, f) converts to out's element type; in may be a coordinate tensor
    assert_eq!(
        ok(
            "std::vector<float> v(4); for (int i = 0; i < 4; ++i) v[i] = i * 0.5f; \
            auto A = make_tensor(v.data(), make_shape(2, 2)); auto B = make_tensor<int>(Shape<_2,_2>{}); \
            transform(A, B, [](float x) { return x * 3; }); for (int i = 0; i < 4; ++i) printf(\"%d \", B(i));"
        ),
        "0 1 3 4 "
    );
    assert_eq!(
        ok(
            "auto C = make_identity_tensor(make_shape(_3{}, _2{})); auto P = make_tensor<bool>(Shape<_3,_2>{}); \
            transform(C, P, [&](auto c) { return elem_less(c, make_shape(2, 2)); }); \
            for (int i = 0; i < 6; ++i) printf(\"%d\", int(P(i)));"
        ),
        "110110"
    );
    assert_eq!(
        ok(
            "auto A = make_tensor<int>(Shape<_4>{}); auto B = make_tensor<int>(Shape<_4>{}); \
            auto D = make_tensor<int>(Shape<_4>{}); for (int i = 0; i < 4; ++i) { A(i) = i; B(i) = 10 * i; } \
            transform(A, B, D, [](int a, int b) { return a + b; }); for (int i = 0; i < 4; ++i) printf(\"%d \", D(i));"
        ),
        "0 11 22 33 "
    );
    // for_each visits coordinates of a coordinate tensor, column-major
    assert_eq!(
        ok(
            "auto C = make_identity_tensor(make_shape(3, 2)); for_each(C, [&](auto c) { print(c); print(\" \"); });"
        ),
        "(0,0) (1,0) (2,0) (0,1) (1,1) (2,1) "
    );
    // for_each with the element by reference writes it
    assert_eq!(
        ok(
            "auto A = make_tensor<float>(Shape<_2,_2>{}); int k = 0; for_each(A, [&](auto& x) { x = ++k; }); \
            for (int i = 0; i < 4; ++i) printf(\"%g \", A(i));"
        ),
        "1 2 3 4 "
    );
    // ... unless the lambda also reaches the elements another way, where a copy would differ
    refuses(
        "auto A = make_tensor<int>(Shape<_2>{}); for_each(A, [&](auto& x) { x = 1; print(A(0)); });",
        "whose body also reaches the elements through A",
    );
    refuses(
        "auto C = make_identity_tensor(make_shape(2, 2)); for_each(C, [](auto& c) { });",
        "a coordinate tensor's elements are values",
    );
    refuses(
        "auto A = make_tensor<int>(Shape<_2>{}); transform(A, [](auto& x) { return x; });",
        "transform with a lambda's non-const reference parameter",
    );
    // an output shorter than the input: C++ writes past its end
    refuses(
        "auto A = make_tensor<float>(Shape<_4>{}); auto B = make_tensor<float>(Shape<_2>{}); transform(A, B, [](float x) { return x; });",
        "outside its array",
    );
    refuses(
        "auto C = make_identity_tensor(make_shape(2, 2)); transform(C, [](auto c) { return c; });",
        "transform: it writes a coordinate tensor",
    );
}

/// `lazy::transform(t, f)` computes its elements when read; tiling and slicing it keep `f`
/// (answers from the oracle's `snippets.py --one` on the same programs).
#[test]
fn lazy_transform_tensors_compute_elements_when_read() {
    let p = "auto C = make_identity_tensor(make_shape(3, 2)); \
             auto P = cute::lazy::transform(C, [&](auto c) { return elem_less(c, make_shape(2, 2)); }); \
             print(P); print(\" \"); print(P(1,1)); print(P(2)); \
             auto T = local_tile(P, make_shape(_2{}, _2{}), make_coord(0, 0)); print(\" \"); print(T); print(T(1,1));";
    assert_eq!(
        ok(p),
        "trans_ArithTuple(_0,_0) o (3,2):(_1@0,_1@1) 10 trans_ArithTuple(0,0) o (_2,_2):(_1@0,_1@1)1"
    );
    // over an array; a slice keeps the function
    assert_eq!(
        ok(
            "std::vector<float> v(6); for (int i = 0; i < 6; ++i) v[i] = i; \
            auto B = cute::lazy::transform(make_tensor(v.data(), make_shape(2, 3)), [](float x) { return x * 2 + 1; }); \
            auto S = B(_, 1); printf(\"%g %g %g %g\", B(0), B(1, 2), S(0), S(1));"
        ),
        "1 11 5 7"
    );
    // the predicate of copy_if, as tiled_copy_if.cu writes it
    assert_eq!(
        ok("auto C = make_identity_tensor(make_shape(5, 3)); \
            auto P = cute::lazy::transform(C, [&](auto c) { return elem_less(c, make_shape(4, 2)); }); \
            std::vector<int> s(15), d(15); for (int i = 0; i < 15; ++i) s[i] = i + 100; \
            copy_if(P, make_tensor(s.data(), make_shape(5, 3)), make_tensor(d.data(), make_shape(5, 3))); \
            for (int i = 0; i < 15; ++i) printf(\"%d \", d[i]);"),
        "100 101 102 103 0 105 106 107 108 0 0 0 0 0 0 "
    );
    refuses(
        "auto P = cute::lazy::transform(make_identity_tensor(make_shape(3, 2)), [](auto c) { return get<0>(c); }); print_tensor(P);",
        "print_tensor of a lazy::transform tensor",
    );
    refuses(
        "auto P = cute::lazy::transform(make_identity_tensor(make_shape(3, 2)), [](auto c) { return get<0>(c); }); std::cout << P;",
        "std::cout << t of a lazy::transform tensor",
    );
    refuses(
        "auto C = make_identity_tensor(make_shape(3)); auto P = cute::lazy::transform(C, [](auto c) { return c; }); auto Q = cute::lazy::transform(P, [](auto c) { return c; });",
        "lazy::transform of a lazy::transform tensor",
    );
    refuses(
        "auto P = cute::lazy::transform(make_layout(4), [](auto c) { return c; });",
        "lazy::transform(t, f) takes a tensor and a lambda",
    );
}

/// `counting_iterator<int>(n)` and tensors over it (answers from the oracle).
#[test]
fn counting_iterator_tensors_count_from_their_start() {
    assert_eq!(
        ok("Tensor A = make_tensor(counting_iterator<int>(42), make_shape(4,5)); print_tensor(A);"),
        "counting_iter(42) o (4,5):(_1,4):\n   42   46   50   54   58\n   43   47   51   55   59\n   44   48   52   56   60\n   45   49   53   57   61\n"
    );
    assert_eq!(
        ok(
            "auto it = counting_iterator<int>(7); print(it); print(\" \"); \
            Tensor A = make_tensor(it, make_layout(make_shape(3, 4), LayoutRight{})); \
            print(A(1, 2)); print(\" \"); print(A(5)); print(\" \"); print(A(_, 1));"
        ),
        "counting_iter(7) 13 16 counting_iter(8) o (3):(4)"
    );
    assert_eq!(
        ok(
            "Tensor A = make_tensor(counting_iterator<int>(0), make_shape(8, 8)); \
            auto T = local_tile(A, make_shape(_4{}, _2{}), make_coord(1, 2)); \
            auto P = local_partition(T, make_layout(make_shape(_2{}, _2{})), 3); print(P); \
            auto D = make_tensor<int>(Shape<_2,_1>{}); copy(P, D); print(\" \"); print(D(1));"
        ),
        "counting_iter(45) o (_2,_1):(_2,_0) 47"
    );
    // its iterator, an int fragment like it, and the layout functions of a tensor
    assert_eq!(
        ok(
            "auto T = make_tensor(counting_iterator<int>(0), make_shape(_4{}, _4{})); \
            print(make_fragment_like(T).layout()); print(\" \"); print(coalesce(T)); print(\" \"); \
            print(group_modes<0,2>(T)); print(\" \"); print(T(_, 2).data());"
        ),
        "(_4,(_4)):(_1,(_4)) counting_iter(0) o _16:_1 counting_iter(0) o ((_4,_4)):((_1,_4)) counting_iter(8)"
    );
    refuses(
        "Tensor A = make_tensor(counting_iterator<int>(1), make_shape(2)); std::cout << A;",
        "std::cout << t of a tensor over a counting iterator",
    );
    refuses(
        "auto it = counting_iterator<int64_t>(1);",
        "not supported: counting_iterator<int64_t>",
    );
    refuses(
        "Tensor A = make_tensor(counting_iterator<int>(2147483647), make_shape(2)); print(A(1));",
        "leaves int",
    );
}

/// `T a[n][m]`: rows of `m` elements, `a[i]` a row's pointer, `a[i][j]` an element
/// (answers from the oracle's `snippets.py` on the same programs).
#[test]
fn arrays_of_arrays_are_rows() {
    assert_eq!(
        ok(
            "float A[3][4]; for (int i = 0; i < 3; ++i) for (int j = 0; j < 4; ++j) A[i][j] = i * 10 + j; \
            printf(\"%g %g %zu %zu \", A[2][3], A[1][0], sizeof(A), sizeof(A[0])); \
            auto t = make_tensor(&A[0][0], make_layout(make_shape(3, 4), LayoutRight{})); print(t(2, 1)); \
            auto r = make_tensor(make_gmem_ptr(A[1]), make_shape(4)); print(r(3));"
        ),
        "23 10 48 16 21.00000013.000000"
    );
    // rows padded with zeros, a flat list filling rows, a row's pointer writing its row
    assert_eq!(
        ok(
            "int M[2][3] = {{1, 2, 3}, {4, 5}}; int F[][2] = {1, 2, 3, 4, 5}; \
            printf(\"%d %d %d %zu %d \", M[1][1], M[1][2], F[2][0], sizeof(F) / sizeof(F[0]), F[2][1]); \
            int* p = M[1]; p[0] += 10; printf(\"%d %d\", M[1][0], *(M[0] + 2));"
        ),
        "5 0 5 3 0 14 3"
    );
    // a char's element prints as a character
    assert_eq!(
        ok(
            "char g[2][2] = {{'a', 'b'}, {'c', 'd'}}; g[0][1] = 'z'; std::cout << g[0][1] << g[1][0];"
        ),
        "zc"
    );
    refuses(
        "float a[8]; auto t = make_tensor(a, make_shape(8));",
        "make_tensor of an array",
    );
    refuses(
        "float A[2][4]; auto t = make_tensor(A[1], make_shape(4));",
        "make_tensor of an array",
    );
    refuses("int a[2][2]; print(a);", "the array of arrays a as a value");
    refuses("int a[2][2]; a[0] = 1;", "which C++ does not assign to");
    refuses(
        "int a[2][2]; for (auto& r : a) {}",
        "a range-based for loop over an array of arrays",
    );
    refuses(
        "int a[2][2]; print(a[2][0]);",
        "row 2 is outside its array of 2 rows",
    );
    refuses("int a[2][2] = {{1, 2, 3}};", "3 values for a row of 2");
    refuses(
        "int a[2][2] = {{1}, 2};",
        "a list of rows mixed with single values",
    );
}

/// CUTLASS's `half_t` and `bfloat16_t` round as CUTLASS rounds them on the host
/// (answers from the oracle's `snippets.py` on the same programs).
#[test]
fn half_t_and_bfloat16_t_round_as_cutlass() {
    // a value stored rounds; two of one type compute in float and round back; with a
    // float they are a float
    assert_eq!(
        ok("half_t g = half_t(0.1f), h = half_t(1.5f); \
            std::cout << g << \" \" << (g + h) << \" \" << (g * h) << \" \" << h + 0.1f << \" \" << sizeof(h) << std::endl; \
            print(g);"),
        "0.0999756 1.59961 0.149902 1.6 2\n0.099976"
    );
    assert_eq!(
        ok("bfloat16_t x = bfloat16_t(1.1f), y = bfloat16_t(2.3); \
            std::cout << x + y << \" \" << x * y << \" \" << bfloat16_t(100000) << \" \" << half_t(100000) << \" \" << half_t(65519.f) << \" \" << half_t(1e-7f);"),
        "3.40625 2.53125 99840 inf 65504 1.19209e-07"
    );
    // elements of vectors and tensors round when written, and print_tensor writes %8.2f
    assert_eq!(
        ok(
            "std::vector<half_t> v(2); v[0] = 0.1f; v[1] = half_t(2.0f / 3); print(v[0]); \
            print_tensor(make_tensor(v.data(), make_shape(2)));"
        ),
        "0.099976ptr[16b](0x1000000) o (2):(_1):\n    0.10\n    0.67\n"
    );
    // half_t's constructors are explicit: copy-initialization and += of another type do
    // not compile in C++
    refuses("half_t k = 3;", "does not convert to half_t without a cast");
    refuses(
        "half_t k = {1.0f};",
        "does not convert to half_t without a cast",
    );
    // direct-initialization takes the explicit constructor
    assert_eq!(
        ok("cute::half_t a{1.0f}; half_t b(2); auto c = a + a; std::cout << a + b << sizeof(c);"),
        "32"
    );
    refuses(
        "half_t h = half_t(1.5f); h += 1.0f;",
        "does not convert to half_t without a cast",
    );
    refuses(
        "std::vector<half_t> v(2); v[0] = 0.5;",
        "does not convert to half_t without a cast",
    );
    // printf of a half_t passes a struct through C's varargs
    refuses(
        "half_t h = half_t(1.5f); printf(\"%f\", h);",
        "a printf argument is an integer or a string",
    );
    refuses(
        "half_t h = half_t(1.5f); bfloat16_t b = bfloat16_t(1.5f); print(h + b);",
        "not supported: + of half_t and bfloat16_t",
    );
    refuses(
        "std::vector<tfloat32_t> v(2); v[0] = 0.5f;",
        "not supported: a value of tfloat32_t",
    );
}

/// `make_tensor_like<T>(t)`, `make_fragment_like<T>(t)` and the free
/// `partition_fragment_C(mma, shape)`: owning tensors of another element type, and of the
/// accumulator type (answers from the oracle).
#[test]
fn typed_fragments_of_tensors_and_tilings() {
    assert_eq!(
        ok(
            "auto t = make_tensor<int>(Shape<_2,_4>{}); auto u = make_tensor_like<float>(t); \
            auto w = make_fragment_like<double>(t(_, 1)); \
            print(u.layout()); print(\" \"); print(w.layout()); print(\" \"); print(sizeof(u(0))); print(sizeof(w(0)));"
        ),
        "(_2,_4):(_1,_2) (_2):(_1) 48"
    );
    assert_eq!(
        ok(
            "auto mma = make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_4,_4,_1>>{}); \
            auto frg = partition_fragment_C(mma, Shape<_8,_8>{}); print(frg.layout()); print(sizeof(frg(0)));"
        ),
        "(_1,_2,_2):(_0,_1,_2)4"
    );
    refuses(
        "std::vector<float> v(8); auto t = make_tensor(v.data(), make_shape(2, 4)); auto u = make_tensor_like<half_t>(t);",
        "an owning tensor needs a static layout",
    );
}

/// CuTe's owning tensors hold a static array: `make_tensor<T>` of a dynamic layout does not
/// compile (CuTe's static assertion "Dynamic owning tensors not supported").
#[test]
fn owning_tensors_need_static_layouts() {
    for p in [
        "auto A = make_tensor<int>(make_shape(4, 4));",
        "auto A = make_tensor<float>(make_layout(make_shape(4, _2{})));",
        "std::vector<float> v(8); auto A = make_tensor(v.data(), make_shape(2, 4)); auto F = make_fragment_like(A);",
    ] {
        refuses(p, "an owning tensor needs a static layout");
    }
    assert_eq!(
        ok("auto A = make_tensor<int>(make_shape(_4{}, _2{})); print(size(A));"),
        "_8"
    );
}

/// A null pointer cast to a pointer type is the pointer `make_gmem_ptr<T>(nullptr)` names.
#[test]
fn null_pointers_cast_to_a_type() {
    for p in [
        "print(make_tensor(make_gmem_ptr((half_t*)nullptr), make_shape(4, 8)));",
        "print(make_tensor(make_gmem_ptr(static_cast<half_t const*>(nullptr)), make_shape(4, 8)));",
        "using Element = half_t; print(make_tensor(make_gmem_ptr((Element const *)nullptr), make_shape(4, 8)));",
        "print(make_tensor(make_gmem_ptr<half_t const>(nullptr), make_shape(4, 8)));",
    ] {
        assert_eq!(ok(p), "gmem_ptr[16b]((nil)) o (4,8):(_1,4)", "{p}");
    }
    assert_eq!(
        ok("print(make_smem_ptr(reinterpret_cast<float*>(NULL)));"),
        "smem_ptr[32b]((nil))"
    );
    refuses("float* p = nullptr;", "not supported: nullptr");
}

#[test]
fn negating_int_min_overflows() {
    refuses(
        "int x = -2147483648; print(-x);",
        "-(-2147483648): the negation overflows int",
    );
    assert_eq!(ok("int64_t y = -2147483648; print(-y);"), "2147483648");
}

#[test]
fn octal_and_binary_literals_are_cpps() {
    assert_eq!(ok("print(017); print(\" \"); print(0b110);"), "15 6");
    // a leading zero before a decimal point or an exponent is a decimal float
    assert_eq!(
        ok("print(010.5); print(\" \"); print(01e1);"),
        "10.500000 10.000000"
    );
    refuses("print(08);", "invalid octal literal 08");
    refuses(
        "print(017u);",
        "not supported: an octal or binary literal with a suffix",
    );
}

#[test]
fn a_kernel_thread_reads_its_indices() {
    let launch = Launch {
        thread: [5, 0, 0],
        block: [1, 2, 0],
        ..Launch::default()
    };
    let (out, notes, err) = eval_launch("print(int(threadIdx.x) * 2);", &launch);
    assert_eq!((out.as_str(), err), ("10", None));
    assert!(notes.is_empty());
    let (out, notes, err) = eval_launch("__syncthreads(); print(blockIdx.y);", &launch);
    assert_eq!((out.as_str(), err), ("2", None));
    assert_eq!(notes.len(), 1);
    refuses("print(threadIdx.x);", "--thread");
    refuses("atomicAdd(x, 1);", "only on the GPU");
}

#[test]
fn endless_loops_stop_within_the_bound() {
    let e = eval("int i = 0;\nwhile (true) { i++; }").expect_err("endless");
    assert!(
        e.message.contains("this while loop") && e.message.contains(&MAX_STEPS.to_string()),
        "{}",
        e.message
    );
    assert_eq!(e.span.start, 11);
    refuses("for (;;) {}", "this for loop");
    refuses("void f() { f(); } f();", "calls nest more than");
}

#[test]
fn outside_the_subset_is_refused_by_name() {
    refuses("struct A { int x; };", "not supported: 'struct'");
    refuses("case 1: print(1);", "not supported: 'case'");
    refuses(
        "float a[2][3][4];",
        "not supported: an array of three or more dimensions",
    );
    refuses(
        "enum E { A, B } e;",
        "not supported: a variable declared with its enum",
    );
    refuses("enum E { };", "an enum without enumerators");
    refuses("static_assert(_1{} == _2{});", "static assertion failed");
}

#[test]
fn the_standard_librarys_scalars_follow_cpp() {
    assert_eq!(
        ok("printf(\"%d %d\", std::max(-3, 2), std::min(-3, 2));"),
        "2 -3"
    );
    assert_eq!(
        ok("int a = 1, b = 2; std::swap(a, b); print(a); print(b);"),
        "21"
    );
    assert_eq!(ok("print(abs(_0{} - _5{})); print(std::abs(-5));"), "_55");
    // glibc's generator: the first values of rand() and of srand(1), srand(0) alike
    assert_eq!(
        ok(
            "printf(\"%d \", rand()); srand(1); printf(\"%d \", rand()); srand(0); printf(\"%d\", rand());"
        ),
        "1804289383 1804289383 1804289383"
    );
    // C++ deduces one T: another type on either side does not compile
    refuses("int n = 3; std::max(n, 5u);", "two scalars of one type");
    refuses("std::max(_3{}, 5);", "two scalars of one type");
    refuses("std::min(1, 2.5);", "two scalars of one type");
    refuses("short s = 3; std::max(s, 4);", "two scalars of one type");
    // of two chars a char, which a stream writes as one
    assert_eq!(
        ok("char a = 'a', b = 'c'; std::cout << std::max(a, b) << std::min(a, b);"),
        "ca"
    );
    refuses(
        "float f = 1; int i = 2; std::swap(f, i);",
        "std::swap of values",
    );
    refuses("unsigned u = 5; std::abs(u);", "does not compile");
    // |INT_MIN| leaves int: undefined in C++
    refuses("int m = INT_MIN; abs(m);", "overflows");
    assert_eq!(ok("int64_t m = INT_MIN; print(std::abs(m));"), "2147483648");
    refuses("assert(1 == 2);", "assert: the condition is false");
    refuses("rand(1);", "rand takes 0 arguments");
}

#[test]
fn range_based_for_visits_arrays_vectors_and_lists() {
    assert_eq!(
        ok("int a[3] = {1, 2, 3}; for (int& x : a) x *= x; for (auto x : a) print(x);"),
        "149"
    );
    assert_eq!(
        ok("std::vector<int> v{1, 2, 3}; int s = 0; for (const auto& x : v) s += x; print(s);"),
        "6"
    );
    assert_eq!(
        ok("for (int x : {3, 1}) { if (x == 1) break; print(x); }"),
        "3"
    );
    // converted to the variable's type, as C++ does
    assert_eq!(
        ok("float b[2] = {1.5f, -2.5f}; for (int x : b) print(x);"),
        "1-2"
    );
    // a pointer has no range; a layout is no container
    refuses(
        "int a[2] = {1, 2}; int* p = a; for (int x : p) {}",
        "over a pointer",
    );
    refuses(
        "auto L = make_layout(_4{}); for (auto x : L) {}",
        "over a layout",
    );
    refuses("for (int& x : {1, 2}) {}", "are const");
    refuses("for (auto x : {1, 2.5}) {}", "of one type");
    // the reference is a copy here: another way to the elements is refused
    refuses(
        "std::vector<int> v{1, 2}; for (const int& x : v) { v[1] = 7; print(x); }",
        "reaches the elements through v",
    );
    refuses(
        "int a[2] = {1, 2}; auto f = [&]() { a[1] = 5; }; for (int& x : a) { f(); x += 1; }",
        "reaches the elements through f",
    );
    // by value the body may use the vector, but not resize it
    assert_eq!(
        ok("std::vector<int> v{1, 2}; for (int x : v) { v[1] = 7; print(x); }"),
        "17"
    );
    refuses(
        "std::vector<int> v{1}; for (int x : v) v.push_back(x);",
        "changed the vector's size",
    );
}

#[test]
fn static_assert_takes_constant_expressions() {
    assert_eq!(
        ok("constexpr int N = 4; const int M = N * 2; static_assert(M == 8 && N > 0); print(M);"),
        "8"
    );
    assert_eq!(
        ok(
            "constexpr int K = size(Layout<Shape<_4,_8>>{}); static_assert(K == 32, \"K\"); print(K);"
        ),
        "32"
    );
    refuses("static_assert(3 > 4);", "static assertion failed");
    // a variable that is not const, or is initialized by one, is no constant
    refuses(
        "int n = 4; static_assert(n == 4);",
        "not a constant expression",
    );
    refuses(
        "int n = 4; const int m = n; static_assert(m == 4);",
        "not a constant expression",
    );
    refuses(
        "int f(int x) { return x; } static_assert(f(2) == 2);",
        "not a constant expression",
    );
}

#[test]
fn an_order_of_evaluation_cpp_leaves_open_is_refused() {
    // a call's arguments: GCC evaluates them right to left, Clang left to right
    let open = "order of evaluation changes the answer";
    refuses("printf(\"%d %d\", rand(), rand());", open);
    refuses("int i = 0; print(make_shape(i++, i++));", open);
    refuses("int i = 0; printf(\"%d %d\", i, i++);", open);
    refuses(
        "int f(int a) { printf(\"f\"); return a; } int g(int a, int b) { return a + b; } int main() { g(f(1), f(2)); }",
        open,
    );
    // a function or a lambda that writes a variable another argument reads
    refuses(
        "int g = 0; int f(int x) { g += x; return g; } int main() { printf(\"%d %d\", f(1), g); }",
        open,
    );
    refuses(
        "int s = 0; auto f = [&](int x) { s += x; return s; }; printf(\"%d %d\", f(1), f(2));",
        open,
    );
    refuses(
        "int inc(int& x) { x += 1; return x; } int h(int a, int b) { return a; } int main() { int n = 0; int r = h(inc(n), n); }",
        open,
    );
    refuses("std::vector<int> v(rand() % 3 + 1, rand() % 5);", open);
    // the operands of + and < are unsequenced: undefined behaviour
    refuses("int i = 1; int j = i + i++;", "unsequenced");
    refuses("int i = 2; print(i * (i = 3));", "unsequenced");
    // the order does not show: answered
    assert_eq!(
        ok("int f(int x) { return x + 1; } int main() { printf(\"%d %d\", f(1), f(2)); }"),
        "2 3"
    );
    assert_eq!(
        ok("auto f = [](int x) { return x * 2; }; printf(\"%d %d\", f(1), f(2));"),
        "2 4"
    );
    assert_eq!(
        ok(
            "std::vector<int> v(4); auto t = make_tensor(v.data(), make_shape(2, 2)); t(1, 1) = 3; printf(\"%d %d\", t(0, 0), t(1, 1));"
        ),
        "0 3"
    );
    // C++17 sequences an assignment's right operand first, and << and >>
    assert_eq!(
        ok("int a[2] = {5, 5}; int i = 0; a[i] = i++; print(a[0]); print(a[1]);"),
        "50"
    );
    assert_eq!(ok("int i = 1; print(i << i++);"), "2");
    // an error only where the expression runs
    assert_eq!(
        ok("int i = 0; if (false) { print(make_shape(i++, i++)); } print(i);"),
        "0"
    );
}

#[test]
fn characters_print_as_characters() {
    assert_eq!(
        ok("char c = 'A' + 1; std::cout << c; print(c); print(int(c));"),
        "BB66"
    );
    // CuTe's print of a signed or unsigned char writes its number, a stream its character
    assert_eq!(ok("uint8_t u = 'C'; print(u); std::cout << u;"), "67C");
    assert_eq!(ok("printf(\"%c%c\", 'o', 'k');"), "ok");
    refuses(
        "char c = 'ab';",
        "a character literal of other than one ASCII character",
    );
    refuses("char c = 200; std::cout << c;", "outside ASCII");
}

#[test]
fn stream_manipulators_format_numbers_and_last() {
    assert_eq!(
        ok("std::cout << std::setw(3) << 7 << std::setw(3) << \"ab\" << 1;"),
        "  7 ab1"
    );
    // the base and the float format last from one statement to the next
    assert_eq!(
        ok("std::cout << std::hex << 26; std::cout << \" \" << 27 << std::dec << \" \" << 28;"),
        "1a 1b 28"
    );
    assert_eq!(
        ok("int64_t m = -1; std::cout << std::hex << m << \" \" << -1;"),
        "ffffffffffffffff ffffffff"
    );
    assert_eq!(
        ok(
            "std::cout << std::fixed << std::setprecision(1) << 2.25f << std::scientific << \" \" << 2.5;"
        ),
        "2.2 2.5e+00"
    );
    // CuTe's operator<< writes a layout in pieces, each with the stream's state
    refuses(
        "std::cout << std::setw(8) << make_layout(_4{});",
        "after std::setw",
    );
    refuses("std::cout << std::hex << _16{};", "after std::setw");
    // std::endl is a manipulator: a width set before it waits for the next item, where a
    // string takes it
    assert_eq!(
        ok("std::cout << std::setw(3) << std::endl << 7 << std::setw(3) << \"\\n\";"),
        "\n  7  \n"
    );
    refuses("std::cout << std::setw(-1) << 3;", "rcute takes 0 to");
    // std::boolalpha writes a bool as a word, and CuTe's static bool `C<true>` as `_true`
    assert_eq!(
        ok("int x = 3; bool even = x % 2 == 0; auto b = x > 2; \
            std::cout << std::boolalpha << true << \" \" << even << \" \" << b << \" \" << !b << \" \" << (x == 3) + 1 << \" \" << x \
            << \" \" << is_static<decltype(_1{})>::value << \" \" << (_1{} == _1{}) << \" \" << elem_less(make_coord(1), make_coord(2)) \
            << std::noboolalpha << \" \" << true;"),
        "true false true false 2 3 true _true true 1"
    );
    // where rcute does not know whether an integer 0 or 1 is a bool, it refuses
    refuses(
        "auto f = [](auto v) { std::cout << std::boolalpha << v; }; f(true);",
        "whether this is a bool",
    );
    // `auto b = x < y` is a bool: it holds 0 or 1, and C++17 has no ++ of it
    assert_eq!(ok("auto b = 1 < 2; b += 5; print(b);"), "1");
    refuses("auto b = 1 < 2; b++;", "++ and -- of a bool");
    assert_eq!(ok("std::cout << sizeof(true);"), "1");
}

#[test]
fn malloc_through_a_cast_is_an_array() {
    assert_eq!(
        ok(
            "float* p = (float*)malloc(3 * sizeof(float)); p[2] = 0.5f; printf(\"%g\", p[2]); free(p);"
        ),
        "0.5"
    );
    // as many whole elements as the bytes hold: past them C++ leaves the access undefined
    refuses(
        "float* p = (float*)malloc(10); p[2] = 1;",
        "outside its array of 2",
    );
    refuses("float* p = malloc(16);", "without a cast to a pointer type");
    refuses("int x = 1; free(x);", "free takes a pointer");
    refuses("int x = 3; float* q = (float*)&x;", "a cast to float*");
    refuses(
        "auto l = make_layout(_4{}); auto p = &l;",
        "the address of a variable",
    );
}

#[test]
fn enumerators_are_int_constants() {
    assert_eq!(
        ok("enum E { A, B = 4, C }; E e = C; print(A); print(e); static_assert(C == 5);"),
        "05"
    );
    assert_eq!(
        ok("enum class K : int { X = 2, Y }; K k = K::Y; printf(\"%d\", (int)k);"),
        "3"
    );
}

#[test]
fn switch_falls_through_to_a_break() {
    let p = |x: i32| {
        format!(
            "int x = {x}; switch (x) {{ case 1: print(1); case 2: print(2); break; default: print(0); case 3: print(3); }}"
        )
    };
    assert_eq!(ok(&p(1)), "12");
    assert_eq!(ok(&p(3)), "3");
    // default in the middle: from it on, through the labels below it
    assert_eq!(ok(&p(7)), "03");
    // break leaves the switch, continue the loop around it
    assert_eq!(
        ok(
            "for (int i = 0; i < 3; ++i) { switch (i) { case 1: continue; default: break; } print(i); }"
        ),
        "02"
    );
    refuses("switch (1.5) { case 1: break; }", "switch takes an integer");
    refuses(
        "switch (1) { case 1: break; case 1: break; }",
        "two case labels of the value 1",
    );
    refuses(
        "switch (1) { default: break; default: break; }",
        "one default label",
    );
}

/// The cases of a golden file of programs under `tests/golden/` (`expr`, CuTe's `out`),
/// each one CuTe answers.
fn golden_answers(file: &str) -> Vec<(String, String)> {
    let path = format!("{}/../../tests/golden/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect(file);
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let case: serde_json::Value = serde_json::from_str(line).expect("json");
            let (expr, out) = (
                case["expr"].as_str().unwrap().to_string(),
                case["out"].as_str().unwrap().to_string(),
            );
            assert_ne!(out, "error", "{expr}: every case is one CuTe answers");
            (expr, out)
        })
        .collect()
}

/// Programs with loops, functions, templates, lambdas, member calls, arrays, vectors and
/// tensors over them, answered by CuTe C++ (`python3 scripts/oracle/snippets.py
/// scripts/oracle/host_cases.cpp tests/golden/host.jsonl`); pointers are compared without
/// their addresses.
#[test]
fn golden_host_programs_print_what_cute_prints() {
    let mut ran = 0;
    for (expr, out) in golden_answers("host.jsonl") {
        let (expr, out) = (expr.as_str(), out.as_str());
        let got = eval(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
        assert_eq!(
            without_addresses(got.trim_end_matches('\n')),
            without_addresses(out),
            "{expr}"
        );
        ran += 1;
    }
    assert_eq!(ran, 106);
    // CuTe's Layout has no member size(): refused, as CuTe's compile refuses it
    assert!(eval("auto L = make_layout(_4{}); print(L.size());").is_err());
    assert_eq!(
        without_addresses("ptr[32b](0x1000004) o _4:_1"),
        "ptr[32b](0xADDR) o _4:_1"
    );
    assert_eq!(
        without_addresses("subptr[1b](0x7ffc.0) (0x)"),
        "subptr[1b](0xADDR) (0x)"
    );
}

#[test]
fn static_values_of_types() {
    // decltype(x)::value, cosize_v<T>, is_static<T>: what a kernel sizes its arrays by
    assert_eq!(
        ok(
            "auto L = make_layout(make_shape(_4{},_8{})); float s[decltype(cosize(L))::value]; float t[cosize_v<decltype(L)>]; print(decltype(size(L))::value); print(is_static<decltype(L)>::value); print(is_static<decltype(make_layout(4))>{});"
        ),
        "321_0"
    );
    // `::value` and `cosize_v<T>` are `int` constants (CuTe prints `32`, not `_32`): they
    // stay constant with static integers and literals, and a CuTe function takes them as
    // dynamic integers, as C++ passes an `int`
    assert_eq!(
        ok(
            "auto L = make_layout(make_shape(_4{},_8{})); print(cosize_v<decltype(L)> * _2{}); print(\" \"); print(decltype(size(L))::value + 1); print(\" \"); print(make_shape(cosize_v<decltype(L)>, _2{})); static_assert(cosize_v<decltype(L)> == 32); static_assert(64 == 2 * cosize_v<decltype(L)>);"
        ),
        "64 33 (32,_2)"
    );
    refuses(
        "auto L = make_layout(_4{}); int n = 4; static_assert(cosize_v<decltype(L)> == n);",
        "not a constant expression",
    );
    refuses("int n = 3; print(decltype(n)::value);", "no static integer");
    // CUTE_STATIC_ASSERT_V is static_assert of a static condition
    assert_eq!(
        ok("CUTE_STATIC_ASSERT_V(size(make_layout(_4{})) == _4{}); print(1);"),
        "1"
    );
    refuses(
        "CUTE_STATIC_ASSERT_V(_3{} == _4{});",
        "static assertion failed",
    );
    refuses(
        "int n = 4; CUTE_STATIC_ASSERT_V(n == _4{});",
        "not a constant expression",
    );
}

#[test]
fn unroll_hints_tensor_brackets_and_fragments() {
    // CUTE_UNROLL before a loop changes nothing
    assert_eq!(
        ok("int s = 0;\nCUTE_UNROLL\nfor (int i = 0; i < 4; ++i) { s += i; }\nprint(s);"),
        "6"
    );
    // a tensor's [] takes an index or a coordinate, as CuTe's operator[]
    assert_eq!(
        ok(
            "Tensor A = make_tensor<int>(Shape<Shape<_2,_2>,_3>{}); A[make_coord(make_coord(1,0),2)] = 5; A[3] = 7; print(A(make_coord(make_coord(1,0),2))); print(\" \"); print(A[3]);"
        ),
        "5 7"
    );
    refuses(
        "Tensor A = make_tensor<int>(Shape<_2,_3>{}); print(A[make_coord(_,1)]);",
        "not supported: a slice by []",
    );
    // make_fragment_C: make_tensor<FrgTypeC>(shape(partition))
    assert_eq!(
        ok(
            "TiledMMA mma = make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_8,_8,_1>>{}); auto thr = mma.get_slice(3); Tensor c = thr.partition_C(make_identity_tensor(make_shape(_32{},_32{}))); Tensor f = thr.make_fragment_C(c); print(f.layout());"
        ),
        "(_1,_4,_4):(_0,_1,_4)"
    );
    refuses(
        "TiledMMA mma = make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_8,_8,_1>>{}); auto thr = mma.get_slice(3); Tensor f = thr.make_fragment_C(make_identity_tensor(make_shape(_32{},_32{})));",
        "rank 3 or more",
    );
}

#[test]
fn copy_if_reads_and_writes_only_where_the_predicate_holds() {
    // the source's last element lies past its array: a false predicate never reads it
    assert_eq!(
        ok(
            "std::vector<int> a(3); std::iota(a.begin(), a.end(), 10); std::vector<int> b(4);\nTensor p = make_tensor<bool>(Shape<_4>{}); p(0) = true; p(2) = true;\nTensor s = make_tensor(a.data(), make_shape(4)); Tensor d = make_tensor(b.data(), make_shape(4));\ncopy_if(p, s, d); for (int i = 0; i < 4; ++i) print(d(i));"
        ),
        "100120"
    );
    refuses(
        "std::vector<int> a(3); std::vector<int> b(4);\nTensor p = make_tensor<bool>(Shape<_4>{}); fill(p, true);\ncopy_if(p, make_tensor(a.data(), make_shape(4)), make_tensor(b.data(), make_shape(4)));",
        "outside its array",
    );
}

#[test]
fn tutorial_host_code() {
    // T{} of a scalar type is its zero; C++'s alternative tokens
    assert_eq!(
        ok(
            "using Element = float; Element z = Element{}; print(z); print(int{}); print(not (1 < 2) or (3 > 2 and true));"
        ),
        "0.00000001"
    );
    // main(int argc, char** argv) runs with argc 1
    assert_eq!(
        ok("int main(int argc, char** argv) { int m = 5; if (argc >= 2) m = 7; print(m); }"),
        "5"
    );
    refuses(
        "int main(int n) { print(n); }",
        "int main(int argc, char** argv)",
    );
    // dim3: three extents, 1 when not given; a local dim3 named gridDim is the local's
    assert_eq!(
        ok(
            "dim3 gridDim(3, 4); dim3 b(256); print(gridDim.x); print(gridDim.y); print(gridDim.z); print(b.x * 2);"
        ),
        "341512"
    );
    refuses("dim3 d(1, 2); print(d.w);", "x, y and z");
    // copy with a copy atom or a tiled copy: every element, when the partition fits the atom
    let p = "std::vector<float> a(16); std::iota(a.begin(), a.end(), 0); std::vector<float> b(16);\nTensor s = make_tensor(a.data(), make_shape(_4{},_4{})); Tensor d = make_tensor(b.data(), make_shape(_4{},_4{}));\nusing Atom = Copy_Atom<UniversalCopy<uint128_t>, float>;\n";
    assert_eq!(
        ok(&format!("{p}copy(Atom{{}}, s, d); print(b[13]);")),
        "13.000000"
    );
    refuses(
        &format!(
            "{p}copy(Atom{{}}, make_tensor(a.data(), make_shape(_2{{}},_8{{}})), make_tensor(b.data(), make_shape(_2{{}},_8{{}})));"
        ),
        "do not match the atom's 4 values",
    );
    // an expression as a template argument is a value's type (uint_byte_t<...>{} of
    // tiled_copy.cu); a declaration's type with one is refused by name
    assert_eq!(
        ok(
            "using T = float; auto v = make_layout(_4{}); using Op = UniversalCopy<uint_byte_t<sizeof(T) * size(v)>>; auto a = Copy_Atom<Op, T>{}; print(a);"
        ),
        ok("print(Copy_Atom<UniversalCopy<uint128_t>, float>{});")
    );
    refuses(
        "using T = float; auto v = make_layout(_4{}); Copy_Atom<UniversalCopy<uint_byte_t<sizeof(T) * size(v)>>, T> a; print(a);",
        "not supported: an expression as a template argument",
    );
}

#[test]
fn kernels_of_the_tutorials_as_one_thread() {
    let launch = |thread: i64, block: [i64; 3]| Launch {
        thread: [thread, 0, 0],
        block,
        ..Launch::default()
    };
    let run = |p: &str, l: &Launch| {
        let (out, _, err) = eval_launch(p, l);
        assert!(err.is_none(), "{p}: {err:?}");
        out
    };
    // a kernel's qualifiers on lines of their own, its launch bounds, a template's type
    // parameters deduced from the arguments (TA from `TA const*`, a layout's type from a
    // static layout), thread0(), #if 0 / #else / #endif
    let k = "template <class TA, class TL>\n__global__ static\n__launch_bounds__(decltype(size(TL{}))::value)\nvoid\nkernel(TA const* A, TL tl)\n{\n  static_assert(is_static<TL>::value);\n  __shared__ TA smem[cosize_v<TL>];\n  TA x = A[threadIdx.x];\n#if 0\n  print(\"off\");\n#else\n  if (thread0()) { print(size(TL{})); print(\" \"); }\n#endif\n  print(x);\n}\nint main() {\n  std::vector<float> a(8);\n  std::iota(a.begin(), a.end(), 0);\n  kernel(a.data(), make_layout(make_shape(_2{},_4{})));\n}";
    assert_eq!(run(k, &launch(0, [0; 3])), "_8 0.000000");
    assert_eq!(run(k, &launch(3, [1, 0, 0])), "3.000000");
    // thread0() of a host program is CuTe's: always true
    assert_eq!(ok("if (thread0()) print(1);"), "1");
    // cp_async_fence/wait do nothing for one thread
    assert_eq!(ok("cp_async_fence(); cp_async_wait<0>(); print(2);"), "2");
    // the host gemm of CuTe: C(m,n) += A(m,k) * B(n,k), and (1,M) x (1,N) => (1,M,N)
    assert_eq!(
        ok(
            "Tensor A = make_tensor<int>(Shape<_2,_3>{}); Tensor B = make_tensor<int>(Shape<_2,_3>{}); Tensor C = make_tensor<int>(Shape<_2,_2>{});\nfor (int i = 0; i < 6; ++i) { A(i) = i; B(i) = 2 * i; }\ngemm(A, B, C); print(C(0,0)); print(\" \"); print(C(1,1));"
        ),
        "40 70"
    );
    refuses(
        "Tensor A = make_tensor<int>(Shape<_2,_3>{}); Tensor C = make_tensor<int>(Shape<_2,_2>{}); gemm(A, C, C);",
        "gemm takes A (M,K)",
    );
    // CuTe's static assertions compare the sizes: a dynamic one does not compile
    refuses(
        "std::vector<float> a(6), b(6), c(4); auto A = make_tensor(a.data(), make_shape(2, 3)); auto B = make_tensor(b.data(), make_shape(2, 3)); auto C = make_tensor(c.data(), make_shape(_2{}, _2{})); gemm(A, B, C);",
        "A's shape (2,3) is dynamic",
    );
    // make_fragment_A of a UniversalFMA tiling: make_fragment_like of the partition
    assert_eq!(
        ok(
            "TiledMMA mma = make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_4,_4,_1>>{}); auto thr = mma.get_slice(1); std::vector<float> v(32); Tensor a = thr.partition_A(make_tensor(v.data(), make_shape(_8{},_4{}))); print(thr.make_fragment_A(a).layout());"
        ),
        "(_1,_2,_4):(_0,_1,_2)"
    );
    // == of static tuples is static, as CuTe's
    assert_eq!(
        ok(
            "print(make_shape(_2{},_3{}) == make_shape(_2{},_3{})); print(make_shape(_2{},3) == make_shape(_2{},3)); print(make_shape(_2{}) == make_shape(_2{},_3{}));"
        ),
        "_11_0"
    );
    // print of a tiling ends its last line, as CuTe's
    assert!(
        ok("print(make_tiled_mma(UniversalFMA<float,float,float>{})); print(\"x\");")
            .ends_with(")\nx")
    );
}

#[test]
fn type_aliases_of_decltype_and_their_values() {
    // `using T = decltype(...)` ends at the statement's end, not at a `}` of its own
    // braces (`Int<128>{}`); `T{}` and `T()` of a static type are its value
    assert_eq!(
        ok(
            "using AL = decltype(make_layout(make_shape(Int<128>{}, Int<8>{}))); print(AL{}); print(\" \"); print(size<0>(AL{})); print(\" \"); print(AL());"
        ),
        "(_128,_8):(_1,_128) _128 (_128,_8):(_1,_128)"
    );
    assert_eq!(
        ok("auto t = make_shape(_2{}, _3{}); print(decltype(t){});"),
        "(_2,_3)"
    );
    // a dynamic value is not determined by its type
    refuses(
        "auto x = make_layout(4); print(decltype(x)());",
        "whose type does not determine it",
    );
    refuses(
        "using T = decltype(make_layout(4)); print(T{});",
        "whose type does not determine it",
    );
}

#[test]
fn tagged_pointers_have_no_difference() {
    // CuTe's gmem_ptr/smem_ptr add an offset and compare with their own kind, but have
    // no operator-; the address of an element is a plain pointer
    let p = "float a[8]; Tensor t = make_tensor(make_gmem_ptr(&a[0]), make_shape(4,2));";
    refuses(
        &format!("{p} print(t.data() - t.data());"),
        "'-' of a gmem_ptr",
    );
    refuses(&format!("{p} print(t.data() - 1);"), "'-' of a gmem_ptr");
    refuses(
        &format!("{p} print(t.data() == &a[0]);"),
        "'==' of a gmem_ptr and a pointer",
    );
    assert_eq!(
        ok(&format!(
            "{p} print(&t(1,1) - &t(0,0)); print(\" \"); print(t.data() + 3 == t.data() + 3); print(\" \"); print(&t(3) - &a[0]);"
        )),
        "5 1 3"
    );
    let s = "float a[8]; Tensor t = make_tensor(make_smem_ptr(&a[0]), make_shape(8));";
    refuses(
        &format!("{s} print(t.data() - t.data());"),
        "'-' of a smem_ptr",
    );
}

#[test]
fn unsigned_arithmetic_wraps_around() {
    // the oracle's answers are in tests/golden/host.jsonl; these pin the rules
    assert_eq!(
        ok("print(~0u); print(\" \"); print(-1u);"),
        "4294967295 4294967295"
    );
    assert_eq!(
        ok("unsigned x = 0; x = x - 1; print(x); print(\" \"); x++; print(x);"),
        "4294967295 0"
    );
    // size_t is 64 bits; an int operand converts to it
    assert_eq!(
        ok("size_t n = 3; int k = -4; print(n + k); print(\" \"); print(k < n);"),
        "18446744073709551615 0"
    );
    // a hexadecimal literal that does not fit in int is unsigned
    assert_eq!(ok("print(0xFFFFFFFF + 1);"), "0");
    // printf reads 32 bits without a length modifier, 64 with one
    assert_eq!(
        ok("printf(\"%u %d %lu\", -1, ~0u, (size_t)0 - 1);"),
        "4294967295 -1 18446744073709551615"
    );
    // int(u) keeps the low 32 bits; CuTe's functions take unsigned values as integers
    assert_eq!(
        ok("print(int(~0u)); print(\" \"); unsigned u = 3; print(make_shape(u, 2u));"),
        "-1 (3,2)"
    );
    // arrays of unsigned elements, indices and pointer offsets
    assert_eq!(
        ok(
            "uint32_t a[2] = {0, 5}; a[0] -= 1; unsigned i = 1; print(a[0]); print(\" \"); print(a[i]); print(\" \"); print(*(&a[0] + i));"
        ),
        "4294967295 5 5"
    );
    refuses("unsigned u = 1; print(u << 32);", "C++ leaves it undefined");
    refuses("unsigned u = 0; print(4u / u);", "division by zero");
}

#[test]
fn uint_byte_t_of_a_constant_expression() {
    // tiled_copy.cu's UniversalCopy<uint_byte_t<sizeof(Element) * size(val_layout)>>:
    // sizeof and a static size make a constant; uint_byte_t<16> is uint128_t
    let p = "using Element = float; Layout val_layout = make_layout(make_shape(Int<4>{}, Int<1>{})); using CopyOp = UniversalCopy<uint_byte_t<sizeof(Element) * size(val_layout)>>; using Atom = Copy_Atom<CopyOp, Element>; print(Atom{});";
    let q = "print(Copy_Atom<UniversalCopy<uint128_t>, float>{});";
    assert_eq!(ok(p), ok(q));
    assert_eq!(
        ok("print(Copy_Atom<UniversalCopy<uint_bit_t<8 * 8>>, float>{});"),
        ok("print(Copy_Atom<UniversalCopy<uint64_t>, float>{});")
    );
    // a run-time value is no template argument, and there is no 24-bit type
    refuses(
        "int n = 4; print(Copy_Atom<UniversalCopy<uint_byte_t<sizeof(float) * n>>, float>{});",
        "a template argument is a constant expression",
    );
    refuses(
        "print(Copy_Atom<UniversalCopy<uint_byte_t<sizeof(float) - 1>>, float>{});",
        "uint_byte_t<3>",
    );
}

#[test]
fn majors_named_by_constants() {
    // a constant names a GMMA/UMMA major, which CuTe's code passes as a template argument
    let atom =
        "print(make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN, GMMA::Major::K>{}));";
    assert_eq!(
        ok(
            "constexpr auto MajorA = GMMA::Major::MN; const GMMA::Major MajorB = GMMA::Major::K; print(make_tiled_mma(SM90_64x64x16_F16F16F16_SS<MajorA, MajorB>{}));"
        ),
        ok(atom)
    );
    // a variable is no template argument (C++ does not compile it)
    refuses(
        "GMMA::Major MajorB = GMMA::Major::K; print(make_tiled_mma(SM90_64x64x16_F16F16F16_SS<MajorB, MajorB>{}));",
        "not supported: GMMA::Major::K as a value",
    );
}

#[test]
fn a_layout_declaration_takes_a_layout() {
    // C++ deduces Layout<...> only from a layout: a tile (old 02_layout_operations.md's
    // `Layout tile = make_tile(...)`) or a swizzled layout does not compile
    refuses(
        "Layout tile = make_tile(make_layout(Shape<_4>{}), make_layout(Shape<_2>{}));",
        "not a Layout (C++ does not compile it)",
    );
    refuses(
        "Layout s = composition(Swizzle<1,0,1>{}, make_layout(make_shape(_4{}, _2{})));",
        "not a Layout",
    );
    assert_eq!(
        ok(
            "auto tile = make_tile(make_layout(Shape<_4>{}), make_layout(Shape<_2>{})); Layout L = make_layout(_8{}); print(tile); print(L);"
        ),
        "((_4):(_1),(_2):(_1))_8:_1"
    );
}

#[test]
fn a_signed_integer_beside_an_unsigned_one_computes_by_its_width() {
    // the oracle's answers are in tests/golden/host.jsonl; these pin the rules
    for (ty, want) in [
        ("int", "4294967295"),
        ("int32_t", "4294967295"),
        ("short", "4294967295"),
        ("int64_t", "-1"),
        ("long", "-1"),
        ("long long", "-1"),
        ("long int", "-1"),
        ("ptrdiff_t", "-1"),
    ] {
        assert_eq!(ok(&format!("{ty} m = -2; print(m + 1u);")), want, "{ty}");
        // comparisons, compound assignment, ?: and auto follow the same type
        let signed = want == "-1";
        assert_eq!(
            ok(&format!("{ty} m = -1; print(m < 1u);")),
            if signed { "1" } else { "0" },
            "{ty}"
        );
        assert_eq!(
            ok(&format!("{ty} m = -2; auto r = m * 1; print(r + 1u);")),
            want,
            "{ty}"
        );
        assert_eq!(
            ok(&format!("{ty} m = -2; print(true ? m : 1u);")),
            if signed { "-2" } else { "4294967294" },
            "{ty}"
        );
    }
    // a 64-bit unsigned operand makes every signed one unsigned
    assert_eq!(
        ok("int64_t m = -2; print(m + 1ull);"),
        "18446744073709551615"
    );
    // compound assignment converts back to the target's type
    assert_eq!(ok("int64_t m = -2; m += 1u; print(m);"), "-1");
    assert_eq!(
        ok("unsigned u = 1; int64_t m = -2; u += m; print(u);"),
        "4294967295"
    );
    // a shift has its left operand's type; a signed one shifts arithmetically
    assert_eq!(ok("int64_t m = 1; print(m << 40u);"), "1099511627776");
    assert_eq!(ok("int k = -8; print(k >> 1u);"), "-4");
    assert_eq!(ok("int64_t m = 3; print(1u << m);"), "8");
    // array elements and casts carry their types
    assert_eq!(ok("int64_t a[1] = {-2}; print(a[0] + 1u);"), "-1");
    assert_eq!(ok("std::vector<int64_t> v(1, -2); print(v[0] + 1u);"), "-1");
    assert_eq!(ok("auto n = -2; print(int64_t(n) + 1u);"), "-1");
    assert_eq!(ok("auto n = -2; print(n + 1u);"), "4294967295");
    // a function of the program returns its declared type; a tensor's element its own
    assert_eq!(
        ok(
            "int64_t f() { return -2; } int g() { return -2; } print(f() + 1u); print(\" \"); print(g() + 1u);"
        ),
        "-1 4294967295"
    );
    assert_eq!(
        ok(
            "std::vector<int64_t> v(4, -2); Tensor t = make_tensor(v.data(), make_shape(4)); print(t(1) + 1u);"
        ),
        "-1"
    );
    // functional casts to unsigned types convert, as C++'s do
    assert_eq!(ok("print(size_t(-1));"), "18446744073709551615");
    assert_eq!(ok("print(uint32_t{7} - 8);"), "4294967295");
    assert_eq!(
        ok("unsigned long long x = ~0ull; print(x);"),
        "18446744073709551615"
    );
    assert_eq!(
        ok("unsigned long x = 5000000000ul; print(x);"),
        "5000000000"
    );
}

#[test]
fn a_signed_integer_of_unknown_width_beside_an_unsigned_one_is_refused() {
    // CuTe's size() of a dynamic layout is an int or an int64_t by its shape's type
    let p = "auto L = make_layout(make_shape(4, 8)); auto n = size(L);";
    for tail in [
        "print(n - 40u);",
        "print(n < 40u);",
        "print(40u - n);",
        "print(n >> 1u);",
        "print(size(L) * 2u);",
        "print(true ? n : 1u);",
        "print(false ? 1u : n);",
    ] {
        refuses(&format!("{p} {tail}"), "not supported: ");
        refuses(&format!("{p} {tail}"), "int64_t(x)");
    }
    // with a cast, or a typed declaration, it computes
    assert_eq!(ok(&format!("{p} print(int(n) - 40u);")), "4294967288");
    assert_eq!(ok(&format!("{p} print(int64_t(n) - 40u);")), "-8");
    assert_eq!(ok(&format!("{p} int64_t k = n; print(k - 40u);")), "-8");
    // compound assignment of such a value
    refuses(
        &format!("{p} unsigned u = 1; u += n * 1;"),
        "not supported: ",
    );
}

#[test]
fn an_int_result_outside_int_is_an_error() {
    refuses("int a = 65536; print(a * a);", "overflows int");
    refuses("print(2000000000 + 2000000000);", "overflows int");
    refuses("int x = 1; print(x << 32);", "a shift by 32 of an int");
    // shifted into the sign bit it wraps, as C++ does
    assert_eq!(ok("print(1 << 31);"), "-2147483648");
    assert_eq!(ok("int x = 3; print(x << 30);"), "-1073741824");
    // an int64_t does not overflow there
    assert_eq!(ok("int64_t a = 65536; print(a * a);"), "4294967296");
    assert_eq!(ok("int64_t x = 1; print(x << 32);"), "4294967296");
    // a literal beyond int is a long
    assert_eq!(ok("print(3000000000 + 1);"), "3000000001");
}

#[test]
fn sizeof_is_a_size_t() {
    assert_eq!(ok("print(sizeof(int) - 5);"), "18446744073709551615");
    assert_eq!(ok("print(-1 < sizeof(int));"), "0");
    assert_eq!(ok("print(1u - sizeof(int));"), "18446744073709551613");
    assert_eq!(
        ok("auto s = sizeof(int); print(s - 5);"),
        "18446744073709551615"
    );
    // where its type does not change the result it stays a constant expression
    assert_eq!(
        ok("static_assert(sizeof(float) * 8 == 32); print(sizeof(int) - 2);"),
        "2"
    );
    // of a variable, an array and an element, their declared types; not evaluated
    assert_eq!(
        ok(
            "int64_t a[3]; char c = 0; int i = 0; print(sizeof(a) / sizeof(a[0])); print(sizeof(c)); print(sizeof(i++)); print(i);"
        ),
        "3140"
    );
    refuses(
        "std::vector<int> v(3); sizeof(v);",
        "sizeof of a std::vector",
    );
    refuses("auto L = make_layout(_4{}); sizeof(L);", "sizeof of L");
}

/// Random programs mixing signed and unsigned integers of every width
/// (`scripts/oracle/gen_signedness_cases.py SEED 300` for seeds 11 and 12, and `SEED 150`
/// for 13 and 14, answered by
/// CuTe C++ through `snippets.py`): rcute prints CuTe's answer, or refuses (an overflow
/// C++ leaves undefined, a value beyond CuTe's 64-bit integers), never another answer.
#[test]
fn random_signedness_programs_print_what_cute_prints_or_are_refused() {
    for (file, count) in [
        ("random-11.jsonl", 300),
        ("random-12.jsonl", 300),
        ("random-13.jsonl", 150),
        ("random-14.jsonl", 150),
    ] {
        let (mut same, mut refused) = (0, 0);
        for (expr, out) in golden_answers(&format!("signedness/{file}")) {
            let (expr, out) = (expr.as_str(), out.as_str());
            match eval(expr) {
                Ok(got) => {
                    assert_eq!(got.trim_end_matches('\n'), out, "{expr}");
                    same += 1;
                }
                Err(e) => {
                    assert!(
                        ["does not fit in", "overflows int", "not supported: "]
                            .iter()
                            .any(|n| e.message.contains(n)),
                        "{expr}: {}",
                        e.message
                    );
                    refused += 1;
                }
            }
        }
        assert_eq!(same + refused, count, "{file}");
        assert!(
            same >= count * 98 / 100,
            "{file}: {same} answered, {refused} refused"
        );
    }
}

/// An MMA's register fragments of tensors over memory (`make_smem_ptr<T>(nullptr)`), for
/// atoms other than UniversalFMA, and CuTe's pointer `operator+`; the answers are CuTe
/// C++'s (`tests/golden/atoms/fragments-*.jsonl` has random ones).
#[test]
fn register_fragments_of_memory_tensors() {
    let setup = "auto mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2,_1>>{}); auto thr = mma.get_slice(3);";
    assert_eq!(
        ok(&format!(
            "{setup} auto sA = make_tensor(make_smem_ptr<half_t>(nullptr), make_layout(make_shape(Int<64>{{}}, Int<32>{{}}), LayoutRight{{}})); auto tCrA = thr.make_fragment_A(thr.partition_A(sA)); print(tCrA.layout());"
        )),
        "((_2,_2,_2),_2,_2):((_1,_2,_4),_16,_8)"
    );
    assert_eq!(
        ok(&format!(
            "{setup} auto tCrB = thr.partition_fragment_B(make_tensor(make_smem_ptr<half_t>(nullptr), make_layout(make_shape(Int<32>{{}}, Int<32>{{}})))); print(tCrB.layout());"
        )),
        "((_2,_2),_2,_2):((_1,_2),_4,_8)"
    );
    // a register fragment owns static storage: a dynamic partition is refused, as CuTe's
    // static assertion refuses it
    refuses(
        &format!(
            "{setup} auto gC = make_tensor(make_gmem_ptr<half_t>(nullptr), make_layout(make_shape(64, 32))); auto f = thr.make_fragment_C(thr.partition_C(gC));"
        ),
        "a fragment needs a static shape",
    );
    // GMMA's _SS operands are descriptors of shared memory, not registers: CuTe's tensor
    // of descriptors, whose make_gmma_desc prints an error line on the host
    let gmma = "auto g = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>{}); auto t = g.get_slice(0);";
    assert_eq!(
        ok(&format!(
            "{gmma} auto sB = make_tensor(make_smem_ptr<half_t>(nullptr), tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{{}}, make_shape(Int<64>{{}}, Int<64>{{}}, Int<3>{{}}))); auto f = t.make_fragment_B(t.partition_B(sB)); print(f); print(\"\\n\"); print(f(_,_,_,0).layout());"
        )),
        "ERROR: cast_smem_ptr_to_uint not supported but used.\nGMMA::DescriptorIterator o (_1,_1,_4,(_1,_3)):(_0,_0,_2,(_0,_512))\n(_1,_1,_4):(_0,_0,_2)"
    );
    // a tile that is none of GMMA's canonical layouts: CuTe's static assertion
    refuses(
        &format!(
            "{gmma} auto sB = make_tensor(make_smem_ptr<half_t>(nullptr), make_layout(make_shape(Int<64>{{}}, Int<16>{{}}))); auto f = t.make_fragment_B(t.partition_B(sB));"
        ),
        "Not a canonical GMMA_K",
    );
    // an element of a descriptor tensor holds a shared-memory address
    refuses(
        &format!(
            "{gmma} auto sB = make_tensor(make_smem_ptr<half_t>(nullptr), tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{{}}, make_shape(Int<64>{{}}, Int<64>{{}}))); auto f = t.partition_fragment_B(sB); print(f(0));"
        ),
        "a host program does not have",
    );
    // CuTe's pointers move by operator+ only
    assert_eq!(
        ok(
            "print(make_gmem_ptr<float>(nullptr) + 256); print(\" \"); print(make_tensor(make_gmem_ptr<double>(nullptr) + 8, make_shape(Int<4>{})));"
        ),
        "gmem_ptr[32b](0x400) gmem_ptr[64b](0x40) o (_4):(_1)"
    );
    refuses(
        "auto p = make_smem_ptr<half_t>(nullptr) + 64; print(p - 16);",
        "have only operator+",
    );
}

#[test]
fn lambdas_copy_what_they_capture_by_value_when_made() {
    // [x] copies x when the lambda is made; [&x] reads it when called
    assert_eq!(
        ok(
            "int x = 1; auto f = [x]() { return x; }; auto g = [&x]() { return x; }; x = 5; print(f()); print(g());"
        ),
        "15"
    );
    // [=] copies the variables the body names, a vector's elements too
    assert_eq!(
        ok(
            "std::vector<int> v(2); auto f = [=]() { return v[0]; }; v[0] = 3; print(f()); print(v[0]);"
        ),
        "03"
    );
    // a mutable lambda keeps its copies from call to call: refused, not answered wrong
    refuses(
        "int x = 2; auto f = [x]() mutable { x *= 3; return x; }; print(f());",
        "a mutable lambda's copies",
    );
    refuses(
        "int x = 2; auto f = [&r = x]() { return r; };",
        "reference init-capture",
    );
    // a mutable lambda that copies nothing is a plain lambda
    assert_eq!(
        ok("int x = 2; auto f = [&]() mutable { x *= 3; }; f(); f(); print(x);"),
        "18"
    );
}

#[test]
fn std_algorithms_and_vector_members_refuse_what_cpp_leaves_undefined() {
    refuses(
        "std::vector<int> v; v.pop_back();",
        "pop_back() of an empty vector",
    );
    refuses(
        "std::vector<int> v; print(v.back());",
        "back() of an empty vector",
    );
    refuses("std::array<int, 2> a{1, 2}; a.resize(3);", "fixed size");
    refuses(
        "std::vector<int> v(3), w(3); std::sort(v.begin(), w.end());",
        "no range of one array",
    );
    refuses(
        "std::vector<int> v(3); std::count(v.begin(), v.end());",
        "takes 3 arguments",
    );
    // max_element of an empty range is its end
    assert_eq!(
        ok(
            "std::vector<int> v(3); auto e = std::max_element(v.begin(), v.begin()); print(int(e - v.begin()));"
        ),
        "0"
    );
}

#[test]
fn a_name_is_declared_once_in_a_scope_and_recast_needs_a_pointer_tensor() {
    refuses(
        "auto g = 1; auto g = 2;",
        "declared a second time in one scope",
    );
    refuses(
        "int main() { int x = 1; float x = 2; }",
        "declared a second time in one scope",
    );
    refuses(
        "for (int i = 0; i < 2; ++i) { int i = 5; }",
        "declared again in the loop's body",
    );
    refuses(
        "std::vector<int> v(2); for (auto x : v) { float x = 1; }",
        "declared again in the loop's body",
    );
    // a block of its own, and each run of a loop's body, is a new scope
    assert_eq!(
        ok(
            "int x = 1; { int x = 2; print(x); } for (int i = 0; i < 2; ++i) { int y = i; print(y); } print(x);"
        ),
        "2011"
    );
    refuses(
        "auto t = make_tensor<float>(Shape<_4>{}); print(recast<int>(t));",
        "recast<int> of a tensor; write recast of a tensor over make_gmem_ptr",
    );
}

#[test]
fn type_traits_answer_only_where_the_type_is_known() {
    // a dynamic integer's C++ type (int, int64_t) is not kept: is_same of two is refused
    refuses(
        "auto a = make_shape(4); auto b = make_shape(4); print(std::is_same_v<decltype(a), decltype(b)>);",
        "may be of different C++ types",
    );
    // ... but a static and a dynamic integer are two types
    assert_eq!(
        ok(
            "auto a = make_shape(4); auto b = make_shape(_4{}); print(std::is_same_v<decltype(a), decltype(b)>);"
        ),
        "0"
    );
    // decltype of get<I>(t) is a reference, of which is_integral is false
    refuses(
        "auto s = make_shape(_4{}, 8); print(is_integral<decltype(get<1>(s))>::value);",
        "may be a reference",
    );
    refuses(
        "auto l = make_layout(_4{}); auto& r = l; print(is_layout<decltype(r)>::value);",
        "of the type of a reference",
    );
}
