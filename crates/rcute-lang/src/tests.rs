//! The language learners paste: C++ spellings, arithmetic, separators, printing, the
//! output before an error, and messages that name what was written.

use super::{eval, eval_partial};
use alloc::string::{String, ToString};

fn ok(p: &str) -> String {
    eval(p).unwrap_or_else(|e| panic!("{p}: {}", e.render(p)))
}

fn err(p: &str) -> super::EvalError {
    eval(p).expect_err(p)
}

#[test]
fn results_before_an_error_are_kept() {
    let (out, e) = eval_partial("1; 2; foo");
    assert_eq!(out, "1\n2\n");
    let e = e.unwrap();
    assert_eq!(e.message, "unknown name foo");
    assert_eq!((e.span.start, e.span.end), (6, 9));
    // a parse error in a later statement does not stop the ones before it
    let (out, e) = eval_partial("size(_4:_1)\nsize((2,3)");
    assert_eq!(out, "_4\n");
    assert!(e.unwrap().message.contains("never closed"));
    // nor does a bad character; the statement it cuts short does not run
    let (out, e) = eval_partial("1; 2 $ 3");
    assert_eq!(out, "1\n");
    assert_eq!(e.unwrap().message, "unexpected character '$'");
    // nothing after the error runs
    let (out, e) = eval_partial("1; frob(2); 3");
    assert_eq!(out, "1\n");
    assert!(e.is_some());
    assert_eq!(eval_partial("1; 2"), ("1\n2\n".to_string(), None));
}

#[test]
fn cpp_spellings_are_the_same_values() {
    for (cpp, notation) in [
        ("_16{}", "_16"),
        ("Int<16>{}", "_16"),
        ("C<16>{}", "_16"),
        ("Int<-1>{}", "_-1"),
        ("cute::Int<16>{}", "_16"),
        ("Shape<_2,_3>{}", "(_2,_3)"),
        ("Stride<_3,_1>{}", "(_3,_1)"),
        ("Step<_1,_1>{}", "(_1,_1)"),
        ("Step<_1,X>{}", "(_1,_)"),
        ("Shape<_3,Shape<_2,_3>>{}", "(_3,(_2,_3))"),
        ("Shape<Int<4>, C<2>>{}", "(_4,_2)"),
        ("Layout<_3,_4>{}", "_3:_4"),
        ("Layout<Shape<_2,_3>, Stride<_3,_1>>{}", "(_2,_3):(_3,_1)"),
        ("Layout<Shape<_2,_3>>{}", "make_layout((_2,_3))"),
        (
            "Layout<Shape<_4,Shape<_3,_6>>>{}",
            "(_4,(_3,_6)):(_1,(_4,_12))",
        ),
        (
            "make_layout(make_shape(Int<2>{},4), LayoutRight{})",
            "(_2,4):(4,_1)",
        ),
        ("make_coord(1,0)", "(1,0)"),
        (
            "make_tile(Layout<_3,_4>{}, Layout<_8,_2>{})",
            "(_3:_4,_8:_2)",
        ),
        ("make_layout((2,3))(cute::_, 1)", "make_layout((2,3))(_, 1)"),
        ("int{2}", "2"),
        ("int(_2)", "2"),
        ("make_tuple(uint16_t{42}, Int<17>{})", "(42,_17)"),
        ("Swizzle<3,4,3>{}", "Swizzle<3,4,3>"),
        ("cute::make_layout(cute::Int<8>{})", "_8:_1"),
        ("_m1{}", "_-1"),
        ("Stride<_m2,_m32>{}", "(_-2,_-32)"),
        ("make_layout(_2{}, _m1{})", "_2:_-1"),
        (
            "ComposedLayout<Swizzle<1,0,2>, _0, Layout<Shape<_4,_4>, Stride<_1,_4>>>{}",
            "composition(Swizzle<1,0,2>, _0, (_4,_4):(_1,_4))",
        ),
        (
            "make_composed_layout(Swizzle<2,0,3>{}, _0{}, Layout<_8,_1>{})",
            "composition(Swizzle<2,0,3>, _0, _8:_1)",
        ),
    ] {
        assert_eq!(ok(cpp), ok(notation), "{cpp}");
    }
    assert_eq!(ok("Layout<Shape<_2,_3>>{}"), "(_2,_3):(_1,_2)\n");
    // CuTe defines _m1 to _m10, _m12, _m16, _m24 and _m32, and no other
    for name in ["_m11", "_m64", "_m01", "_m0"] {
        assert_eq!(err(name).message, alloc::format!("unknown name {name}"));
    }
    assert!(
        err("ComposedLayout<Swizzle<1,0,2>, _0>{}")
            .message
            .contains("takes three types")
    );
}

#[test]
fn declarations_bind_names() {
    assert_eq!(ok("auto L = make_layout(Int<8>{}); L"), "_8:_1\n");
    assert_eq!(ok("Layout L = Layout<_3,_4>{}; L(2); L(_2)"), "8\n_8\n");
    assert_eq!(
        ok("auto const& L = _4:_2; constexpr auto n = size(L); n"),
        "_4\n"
    );
    assert_eq!(ok("int m = 3; m + 1"), "4\n");
    assert_eq!(ok("using namespace cute; 1"), "1\n");
}

#[test]
fn print_is_cutes_print() {
    // no newline after print, as in C++
    assert_eq!(ok("auto L = _8:_1; print(L); print(L);"), "_8:_1_8:_1");
    assert_eq!(ok("print(_4:_1); print(\"\\n\"); print('x')"), "_4:_1\nx");
    assert_eq!(ok("cute::print(size(_4:_1))"), "_4");
    assert_eq!(
        ok("printf(\"%3d|%-3d|%03d|%s|%%\\n\", 5, 6, -7, \"ab\")"),
        "  5|6  |-07|ab|%\n"
    );
    assert_eq!(ok("print(\"%d-%d\", 1, _2)"), "1-2");
    assert_eq!(
        ok("std::cout << make_layout(_4) << \" \" << _2 << std::endl;"),
        "_4:_1 _2\n"
    );
    assert!(
        err("printf(\"%d %d\", 1)")
            .message
            .contains("more conversions")
    );
    assert!(err("printf(\"%d\", 1, 2)").message.contains("2 arguments"));
    assert!(err("printf(1)").message.contains("format string"));
    assert!(err("\"text\"").message.contains("only printed"));
}

#[test]
fn comments_and_new_lines_separate() {
    let p = "#include <cute/tensor.hpp>\n// a layout\nauto L = make_layout(make_shape(_2,\n  _4)) /* its table */\nsize(L)\n\nL(1,1) // one offset\n";
    assert_eq!(ok(p), "_8\n3\n");
    assert_eq!(ok("1;\n\n;;2"), "1\n2\n");
    // a line that ends with an operator goes on
    assert_eq!(ok("A = \n 2 +\n 3\nA"), "5\n");
    assert!(err("/* open").message.contains("never closed"));
    assert!(err("print(\"open)").message.contains("never closed"));
    assert_eq!(err("// nothing").message, "empty program");
}

#[test]
fn arithmetic_follows_cutes_static_rules() {
    for (p, want) in [
        ("1 + 2 * 3", "7"),
        ("(1 + 2) * 3", "9"),
        ("10 - 2 - 3", "5"),
        ("7 / 2 * 2", "6"),
        ("-7 / 2", "-3"),
        ("-7 % 3", "-1"),
        ("- 3", "-3"),
        ("-_3", "_-3"),
        ("--3", "3"),
        ("_2 * _3", "_6"),
        ("_2 * 3", "6"),
        ("_0 * 5", "_0"),
        ("5 % _1", "_0"),
        ("_6 / _4", "_1"),
        ("_5 - _7", "_-2"),
        ("size(_8:_1) - 1", "7"),
        ("size(_8:_1) - _1", "_7"),
        ("L = (4,8):(8,1); L(size(L) - 1)", "31"),
        ("L = (4,8):(8,1); L(size<0>(L)-1, 2*3)", "30"),
        ("(4,-2)", "(4,-2)"),
        ("4-2", "2"),
        ("(8)", "(8)"),
        ("E<1>{} * 2", "2@1"),
    ] {
        assert_eq!(ok(p), alloc::format!("{want}\n"), "{p}");
    }
    let e = err("a = 8; a / (4 - 4)");
    assert_eq!(e.message, "8 / 0: division by zero");
    assert_eq!((e.span.start, e.span.end), (7, 18));
    assert_eq!(err("5 % _0").message, "5 % _0: remainder by zero");
    assert_eq!(
        err("(2,3) + 1").message,
        "'+' takes integers; this is a tuple (2,3)"
    );
    assert!(err("-(2,3):(1,2)").message.contains("a layout (2,3):(1,2)"));
    assert!(err("9223372036854775807 + 1").message.contains("overflow"));
}

#[test]
fn the_existing_notation_still_parses() {
    assert_eq!(ok("A = (4,(2,2)):(2,(1,8)); A(2,(1,0))"), "5\n");
    assert_eq!(ok("layout<1,0>((2,(3,4)):(1,(2,6)))"), "3:2\n");
    assert_eq!(ok("take<0,-1>((1,2,3))"), "(1,2,3)\n");
    assert_eq!(ok("8:-2"), "8:-2\n");
    assert_eq!(ok("(2,3):(3,1)(1,1)"), "4\n");
}

#[test]
fn messages_name_what_was_written() {
    assert_eq!(
        err("take<2,1>((1,2,3))").message,
        "take<2,1>: the range of modes is reversed (2 to 1)"
    );
    assert_eq!(
        err("take<1,1>(_3:_1)").message,
        "take<1,1>: the range of modes is empty (1 to 1)"
    );
    assert_eq!(
        err("take<1,5>((1,2,3))").message,
        "take<1,5>: the range of modes ends at 5, past the rank 3 of (1,2,3)"
    );
    assert_eq!(
        err("crd2crd((1,2),(3,4),(12))").message,
        "crd2crd: the coordinate (1,2) has rank 2, the destination shape (12) rank 1"
    );
    assert_eq!(
        err("ceil_div(5,0)").message,
        "ceil_div(5, 0): division by zero"
    );
    assert_eq!(
        err("Shape<2,3>{}").message,
        "Shape<...> takes types: write _2 or Int<2> for the integer 2"
    );
    assert!(
        err("Int<_2>{}")
            .message
            .contains("Int<N> takes one integer")
    );
    assert!(err("get<_1>((1,2))").message.contains("write get<1>"));
    let cap = err("tuple_repeat<40>(1)").message;
    assert!(
        !cap.contains("rcute::") && cap.contains("capacity"),
        "{cap}"
    );
}

#[test]
fn int_constants_are_template_arguments() {
    // constexpr int constants of literals read as their values, so that Int<kM> is _128
    for (p, want) in [
        ("constexpr int kM = 128; Int<kM>{}", "_128"),
        ("constexpr int kM = 128; kM", "128"),
        ("static constexpr int kM = 64; Int<kM / 2>{}", "_32"),
        ("const int kM = 8; Int<kM * 4 + 1>{}", "_33"),
        ("constexpr int S = 1 << 4; Int<S>{}", "_16"),
        (
            "constexpr int a = 6; constexpr int b = a * 2; Int<(a + b) % 7>{}",
            "_4",
        ),
        ("constexpr auto kN = 3; Shape<Int<kN>, _2>{}", "(_3,_2)"),
        (
            "constexpr int R = 1; group_modes<R,3>(make_layout(make_shape(2,3,4)))",
            "(2,(3,4)):(_1,(2,6))",
        ),
        ("constexpr int R = 2; get<R-1>((4,5,6))", "5"),
        ("get<1 + 1>((4,5,6))", "6"),
        // a name that is not a literal constant stays a variable of the program
        ("int m = 4; m += 1; m", "5"),
        ("constexpr int n = size(_8:_1); n", "8"),
    ] {
        assert_eq!(ok(p).trim_end(), want, "{p}");
    }
    // Int<...> of a run-time variable, or of anything else, says what it takes
    assert!(
        err("int k = 4; Int<k>{}")
            .message
            .contains("Int<N> takes a constant expression")
    );
    assert!(
        err("Int<_2>{}")
            .message
            .contains("Int<N> takes one integer")
    );
    // a division by zero is no constant: the argument is refused, under the division
    assert!(err("Int<1 / 0>{}").message.contains("division by zero"));
    // an expression the parser cannot fold is evaluated as a constant expression
    assert_eq!(
        ok("constexpr int sq(int x) { return x * x; }\nint main() { print(Int<sq(3) + 1>{}); }"),
        "_10"
    );
    assert!(
        err("int m = 4; Int<m * 2>{}")
            .message
            .contains("Int<N> takes a constant expression")
    );
}

#[test]
fn structured_bindings_read_the_parts() {
    assert_eq!(
        ok(
            "auto [l, o] = slice_and_offset(make_coord(_,1), make_layout(make_shape(_4{},_4{}))); print(l); print(o);"
        ),
        "(_4):(_1)4"
    );
    assert_eq!(
        ok("auto const& [x, y, z] = make_tuple(1, 2, 3); print(x + y * z);"),
        "7"
    );
    assert!(
        err("auto [a, b];")
            .message
            .contains("a structured binding is initialized with '='")
    );
}

#[test]
fn smem_layout_atoms_are_cutes() {
    for (p, want) in [
        (
            "GMMA::Layout_K_SW128_Atom<half_t>{}",
            "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)",
        ),
        (
            "cute::GMMA::Layout_MN_SW32_Atom<float>{}",
            "Sw<1,4,3> o smem_ptr[32b](unset) o (_8,_8):(_1,_8)",
        ),
        (
            "UMMA::Layout_MN_SW128_32B_Atom<float>{}",
            "Sw<2,5,2> o smem_ptr[32b](unset) o (_32,_4):(_1,_32)",
        ),
        (
            "GMMA::Layout_SW64_Atom<half_t, GMMA::Major::MN>{}",
            "Sw<2,4,3> o smem_ptr[16b](unset) o (_32,_8):(_1,_32)",
        ),
        (
            "GMMA::Layout_K_INTER_Atom_Bits{}",
            "Sw<0,4,3> o smem_ptr[1b](unset) o (_8,_128):(_128,_1)",
        ),
        ("a = GMMA::Layout_K_SW64_Atom<half_t>{}; a(37)", "180"),
        (
            "upcast<2>(GMMA::Layout_K_SW128_Atom<half_t>{})",
            "Sw<3,4,3> o smem_ptr[32b](unset) o (_8,_32):(_32,_1)",
        ),
        (
            "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, (_128,_64,_3))(_,_,1)",
            "Sw<3,4,3> o _0 o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))",
        ),
        (
            "make_tensor(make_smem_ptr<half_t>(nullptr), GMMA::Layout_K_SW64_Atom<half_t>{})",
            "Sw<2,4,3>_smem_ptr[16b]((nil)) o (_8,_32):(_32,_1)",
        ),
        (
            "T = make_tensor(make_smem_ptr<half_t>(nullptr), GMMA::Layout_K_SW64_Atom<half_t>{}); local_tile(T, (_4,_8), (1,1))",
            "Sw<2,4,3>_smem_ptr[16b](0x110) o (_4,_8):(_32,_1)",
        ),
    ] {
        assert_eq!(ok(p).trim_end(), want, "{p}");
    }
    // a tensor over the swizzled pointer gives TMA the layout it was made of
    assert_eq!(
        ok(
            "auto s = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_64,_64>{}); G = make_tensor(make_gmem_ptr<half_t>(nullptr), make_layout(make_shape(256,256), LayoutRight{})); auto t = make_tensor(make_smem_ptr<half_t>(nullptr), s); print(make_tma_copy(SM90_TMA_LOAD{}, G, t) == make_tma_copy(SM90_TMA_LOAD{}, G, s));"
        ),
        "1"
    );
    // a TMA internal type: half_t moved as bytes (the box in bytes, the atom's values
    // half_t; CuTe's answer), a wider one refused, and the 3-argument form takes none
    let tma = "auto s = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_64,_64>{}); auto G = make_tensor(make_gmem_ptr<half_t>(nullptr), make_layout(make_shape(256,256), LayoutRight{}));";
    assert_eq!(
        ok(&alloc::format!("{tma} auto c = make_tma_copy<uint8_t>(SM90_TMA_LOAD{{}}, G, s, Shape<_64,_64>{{}}, Int<1>{{}}); print(c.get_tma_tensor(shape(G)));")).trim_end(),
        "ArithTuple(_0,_0) o (256,256):(_1@1,_2@0)"
    );
    assert_eq!(
        ok(&alloc::format!("{tma} auto c = make_tma_copy<half_t>(SM90_TMA_LOAD{{}}, G, s, Shape<_64,_64>{{}}, Int<1>{{}}); print(c.get_tma_tensor(shape(G)));")).trim_end(),
        "ArithTuple(_0,_0) o (256,256):(_1@1,_1@0)"
    );
    assert!(
        err(&alloc::format!(
            "{tma} make_tma_copy<uint64_t>(SM90_TMA_LOAD{{}}, G, s, Shape<_64,_64>{{}}, Int<1>{{}})"
        ))
        .message
        .contains("wider internal type")
    );
    assert!(
        err(&alloc::format!(
            "{tma} make_tma_copy<half_t>(SM90_TMA_LOAD{{}}, G, s)"
        ))
        .message
        .contains("takes 5 arguments")
    );
    // the pointer must be an smem pointer of the flag's element width
    for p in [
        "make_tensor(make_smem_ptr<float>(nullptr), GMMA::Layout_K_SW64_Atom<half_t>{})",
        "make_tensor(make_gmem_ptr<half_t>(nullptr), GMMA::Layout_K_SW64_Atom<half_t>{})",
        "GMMA::Layout_MN_SW128_32B_Atom<float>{}",
        "GMMA::Layout_K_SW128_Atom<widget_t>{}",
        "GMMA::Layout_SW128_Atom<half_t>{}",
    ] {
        err(p);
    }
}

#[test]
fn sm100_tutorial_idioms() {
    // UMMA::tile_to_mma_shape, typename decltype(mma)::AtomThrID{}, a cluster layout as the
    // cluster of make_tma_atom_A_sm100
    let setup = "TiledMMA mma = make_tiled_mma(SM100_MMA_F16BF16_2x1SM_SS<half_t, half_t, float, 256, 256, UMMA::Major::K, UMMA::Major::K>{});\n";
    assert_eq!(
        ok(&alloc::format!(
            "{setup}auto s = partition_shape_A(mma, make_shape(_256{{}}, _64{{}})); print(UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{{}}, s));"
        )),
        "Sw<3,4,3> o smem_ptr[16b](unset) o ((_128,_16),_1,_4):((_64,_1),_0,_16)"
    );
    assert_eq!(
        ok(&alloc::format!(
            "{setup}print(tiled_divide(make_layout(make_shape(_4{{}}, _4{{}}, _1{{}})), make_tile(typename decltype(mma)::AtomThrID{{}})));"
        )),
        "((_2),_2,_4,_1):((_1),_2,_4,_0)"
    );
    assert!(
        err("auto x = _4:_1; print(typename decltype(x)::AtomThrID{});")
            .message
            .contains("member type of a tiled MMA")
    );
    // a partitioned shape is ((MMA_M,MMA_K),M_MMAs,K_MMAs)
    assert!(
        err("UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>{}, (_128,_64))")
            .message
            .contains("partitioned MMA shape")
    );
}

#[test]
fn template_arguments_may_be_constant_expressions() {
    // rank(x) and arithmetic of static values and literals, as C++ takes them
    for (p, want) in [
        (
            "auto L = make_layout(make_shape(2,3,4)); group<1,rank(L)>(L)",
            "(2,(3,4)):(_1,(2,6))",
        ),
        (
            "auto L = make_layout(make_shape(2,3,4)); get<rank(L)-1>(L)",
            "4:6",
        ),
        (
            "auto L = make_layout(make_shape(2,3,4)); size<rank(L) - 2>(L)",
            "3",
        ),
        (
            "auto L = make_layout(make_shape(2,3,4)); auto r = rank(L); take<1,r>(L)",
            "(3,4):(2,6)",
        ),
        (
            "Tensor t = make_tensor(make_gmem_ptr<float>(nullptr), make_shape(2,3,4)); group_modes<1,rank(t)>(t)",
            "gmem_ptr[32b]((nil)) o (2,(3,4)):(_1,(2,6))",
        ),
    ] {
        assert_eq!(ok(p).trim_end(), want, "{p}");
    }
    // a value known only at run time is no template argument
    for p in [
        "auto L = make_layout(make_shape(2,3,4)); group<0,size(L)>(L)",
        "auto L = make_layout(make_shape(2,3,4)); int k = 1; get<k + rank(L) - 3>(L)",
    ] {
        assert!(err(p).message.contains("known at compile time"), "{p}");
    }
}

#[test]
fn int_constants_fold_as_cpp_computes_them() {
    for (p, want) in [
        (
            "constexpr int d = 96; constexpr int k = d % 64 == 0 ? 64 : 32; Int<k>{}",
            "_32",
        ),
        (
            "constexpr int d = 128; constexpr int k = d % 128 == 0 ? 128 : (d % 64 == 0 ? 64 : 32); Int<k>{}",
            "_128",
        ),
        (
            "constexpr int n = sizeof(cute::uint128_t) / sizeof(cutlass::half_t); Int<n>{}",
            "_8",
        ),
        (
            "constexpr int a = 3; constexpr int b = a > 2 && a <= 3 || !a; Int<b>{}",
            "_1",
        ),
        (
            "constexpr int a = 3; constexpr int b = (a != 3) + (a >= 4); Int<b>{}",
            "_0",
        ),
        ("constexpr int s = 256 >> 2; Int<s>{}", "_64"),
    ] {
        assert_eq!(ok(p).trim_end(), want, "{p}");
    }
}

/// CuTe's `compatible` and `weakly_congruent` ask whether `a` is an integer before they
/// take shapes: a layout against an integer is `_0`, whatever its shape; `congruent`
/// compares the shapes' profiles (the answers are CuTe C++'s).
#[test]
fn profile_predicates_of_layouts_are_cutes() {
    for (p, want) in [
        ("compatible(_4:_0,_4)", "_0"),
        ("compatible(_4:_0,(_4))", "_1"),
        ("compatible(4:1,4)", "_0"),
        ("compatible(_4,(_2,_2):(_1,_2))", "_1"),
        ("compatible(_4:_1,(_2,_2):(_1,_2))", "_1"),
        ("weakly_congruent(_4:_0,_4)", "_0"),
        ("congruent(_4:_0,_4)", "_1"),
        ("congruent((2,3):(1,2),(_2,_2))", "_1"),
        (
            "weakly_congruent((2,(3,3)):(1,(2,6)),(_2,_2):(_1,_2))",
            "_0",
        ),
    ] {
        assert_eq!(ok(p).trim_end(), want, "{p}");
    }
}
