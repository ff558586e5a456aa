//! Programs a grammar-based fuzzer of the `cute` calculator found failing (a panic, an
//! abort, a stack overflow or unbounded time and memory): each now answers, and each
//! case here failed before its fix.

use rcute_lang::{MAX_DEPTH, eval};

/// Evaluates `program` and expects an error whose message contains `needle`.
fn refuses(program: &str, needle: &str) {
    let e = eval(program).expect_err(program);
    assert!(
        e.message.contains(needle),
        "{program}: message {:?} lacks {needle:?}",
        e.message
    );
}

/// `depth` levels of each kind of nesting the language has.
fn nested(depth: usize) -> Vec<String> {
    let n = depth;
    vec![
        format!("{}1{}", "(".repeat(n), ")".repeat(n)),
        format!("{}_8:_1{}", "size(".repeat(n), ")".repeat(n)),
        format!("{}(2,3):(1,2){}", "(".repeat(n), ")".repeat(n)),
        format!("{}1:1{}", "(1:1,".repeat(n - 1) + "(", ")".repeat(n)),
        format!("A = (4,8):(8,1); A{}", "(0,_)".repeat(n)),
        format!("{}_8:_1{}", "coalesce(".repeat(n), ")".repeat(n)),
        // arithmetic: each operation is a level of its own
        format!("{}1{}", "(1+-2*".repeat(n), ")".repeat(n)),
    ]
}

#[test]
fn nesting_up_to_the_limit_evaluates_and_deeper_is_refused() {
    // a 1 MiB stack (the default of WebAssembly; test threads get 2 MiB) holds the
    // deepest program in an unoptimized build
    std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(|| {
            let mut ran = 0;
            for p in nested(MAX_DEPTH) {
                // errors are fine (a 64-deep tuple exceeds an IntTuple); returning is the point
                let _ = eval(&p);
                ran += 1;
            }
            let deep = nested(MAX_DEPTH);
            assert_eq!(eval(&deep[1]).unwrap(), "_8\n");
            assert_eq!(eval(&deep[5]).unwrap(), "_8:_1\n");
            for p in nested(MAX_DEPTH + 1).iter().chain(&nested(726)) {
                refuses(p, &format!("at most {MAX_DEPTH} levels"));
                ran += 1;
            }
            assert_eq!(ran, 21);
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn template_counts_are_checked_before_anything_is_allocated() {
    refuses("tuple_repeat<2147483648>(1)", "capacity");
    refuses("tuple_repeat<9223372036854775807>(1)", "capacity");
    refuses("tuple_repeat<10000000>(1)", "capacity");
    refuses("repeat<9223372036854775807>(1)", "capacity");
    refuses("append<9223372036854775807>(1:1)", "capacity");
    refuses("prepend<9223372036854775807>(1:1)", "capacity");
    assert_eq!(eval("tuple_repeat<3>(_2)").unwrap(), "(_2,_2,_2)\n");
    assert_eq!(eval("tuple_repeat<1>(_2)").unwrap(), "(_2)\n");
    assert_eq!(eval("tuple_repeat<2>(())").unwrap(), "((),())\n");
}

#[test]
fn identity_tensors_whose_size_overflows_are_refused() {
    refuses(
        "make_identity_tensor((2,4611686018427387904,2))",
        "overflow",
    );
    refuses(
        "size(make_identity_tensor((2,4611686018427387904,2)))",
        "overflow",
    );
    refuses(
        "print_tensor(make_identity_tensor((2,(4611686018427387904,2))))",
        "overflow",
    );
    // a composition can make a tensor larger than its identity
    refuses(
        "size(composition(make_identity_tensor(4), (4611686018427387904,4):(0,1)))",
        "overflow",
    );
}

#[test]
fn print_tensor_refuses_what_it_cannot_print() {
    // CuTe does not compile it either: a mode () has no coordinate
    refuses(
        "print_tensor(make_identity_tensor((2,())))",
        "no coordinates",
    );
    refuses(
        "print_tensor(make_identity_tensor((10000,10000)))",
        "at most 16384",
    );
    refuses(
        "print_tensor(make_identity_tensor((128,129)))",
        "at most 16384",
    );
    let at_limit = eval("print_tensor(make_identity_tensor((128,128)))").unwrap();
    assert_eq!(at_limit.lines().count(), 129);
    assert!(at_limit.ends_with("  (127,127)\n"));
}

#[test]
fn svg_of_a_thread_value_layout_over_an_empty_shape_is_an_error() {
    let tv = rcute::layout!((_4, _4):(_1, _4));
    let e = rcute::print::svg_tv(&tv, &rcute::int_tuple!(())).unwrap_err();
    assert!(e.to_string().contains("rank 1 or 2"), "{e}");
    assert!(rcute::print::svg_tv(&tv, &rcute::int_tuple!((_4, _4))).is_ok());
}

#[test]
fn a_list_doubled_in_each_statement_is_refused() {
    // once 2^22 layouts, 7 GB and more than a minute
    let mut p = String::from("A0 = (1:1,1:1)");
    for i in 1..=22 {
        p += &format!("; A{i} = (A{j},A{j})", j = i - 1);
    }
    refuses(&p, "too many values");
    refuses(
        "A = (1:1, 1:1); B = (A,A,A,A,A,A,A,A); C = make_tuple(B,B,B,B,B,B,B,B,B,B,B,B)",
        "too many values",
    );
    let ok = eval("A = (1:1, 2:1); B = (A, A); B").unwrap();
    assert_eq!(ok, "((1:1,2:1),(1:1,2:1))\n");
}

#[test]
fn a_program_prints_at_most_max_output_bytes() {
    let table = "print_layout((256,256):(256,1))";
    let one = eval(table).unwrap().len();
    let n = rcute_lang::MAX_OUTPUT / one + 1;
    let p = vec![table; n].join("; ");
    refuses(&p, "prints more than");
    assert!(eval(&vec![table; n - 1].join("; ")).is_ok());
}

/// Found by the `eval` fuzz target: template arguments of recast_layout that are not bit
/// counts divided by zero.
#[test]
fn recast_layout_refuses_zero_and_negative_bits() {
    for p in [
        "recast_layout<0,0>(_4:_1)",
        "recast_layout<16,0>(_4:_1)",
        "recast_layout<-8,16>(_4:_1)",
    ] {
        let e = eval(p).unwrap_err();
        assert!(
            e.to_string().contains("positive number of bits"),
            "{p}: {e}"
        );
    }
}

/// Found by the `eval` fuzz target: a static order of i64::MAX before a dynamic one
/// overflowed the order compact_order gives the dynamic one.
#[test]
fn make_layout_like_with_the_largest_stride_is_an_error() {
    let e = eval("make_layout_like((2,3):(_9223372036854775807,1))").unwrap_err();
    assert!(e.to_string().contains("overflows"), "{e}");
}

/// Found by the `parser` fuzz target: a backslash before a character of several bytes in
/// a string literal stepped into the middle of it.
#[test]
fn an_escaped_multibyte_character_in_a_string_is_read_whole() {
    assert_eq!(eval("print(\"a\\éb\")").unwrap(), "aéb");
    assert!(eval("print(\"\\é").is_err());
    let bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fuzz/corpus/parser/seed-escaped-multibyte"
    ))
    .unwrap();
    let text = String::from_utf8_lossy(&bytes);
    let _ = eval(&text);
}

/// Found by the `eval` fuzz target: the footprint of a layout of no elements (CuTe's
/// left_inverse of a negative stride has negative extents) indexed an empty list of
/// offsets; the analyses refuse such layouts.
#[test]
fn analyses_refuse_a_layout_of_no_elements() {
    for f in [
        "footprint",
        "image",
        "is_bijective",
        "is_injective",
        "distinct_offsets",
    ] {
        let e = eval(&format!("{f}(left_inverse((8,()):(-8,())))")).unwrap_err();
        assert!(e.to_string().contains("has no elements"), "{f}: {e}");
    }
    assert!(eval("footprint((2,2):(9223372036854775807,-9223372036854775807))").is_err());
}

/// `print_svg`/`print_latex` of a large tiled MMA built hundreds of megabytes before the
/// output limit was checked; the pictures now refuse from the tile's cell count first.
#[test]
fn pictures_of_a_large_tiled_mma_are_refused_before_they_are_built() {
    let mut ran = 0;
    for mma in [
        "make_tiled_mma(SM61_DP4A,(_256,_256),(_8,_8,_8))",
        "make_tiled_mma(SM61_DP4A,(_2048,_256))",
    ] {
        for f in ["print_svg", "print_latex"] {
            refuses(&format!("{f}({mma})"), "larger than a picture prints");
            ran += 1;
        }
    }
    assert_eq!(ran, 4);
    // with two threads along K, C's thread-value layout (CuTe's draws past the tile) is
    // refused first
    for f in ["print_svg", "print_latex"] {
        refuses(
            &format!("{f}(make_tiled_mma(SM61_DP4A,(_1024,_256,_2)))"),
            "more than one thread along K",
        );
    }
    // a smaller one still draws, every cell of its three (32,32,4) tiles
    let mma = "make_tiled_mma(SM61_DP4A,(_32,_32))";
    let svg = eval(&format!("print_svg({mma})")).unwrap();
    assert!(svg.ends_with("</svg>\n"));
    assert_eq!(svg.matches("<rect").count(), 32 * 32 + 2 * 32 * 4);
    let tex = eval(&format!("print_latex({mma})")).unwrap();
    assert_eq!(tex.matches("\\shortstack").count(), 32 * 32 + 2 * 32 * 4);
}

/// Fuzz finding: `make_tuple()` panicked (a function's first argument was read before its
/// arity allowed none). Every function of the table, called with no argument and with one
/// of several kinds, answers or refuses: never a panic.
#[test]
fn every_function_with_few_arguments_answers_or_refuses() {
    let args = [
        "",
        "1",
        "_2",
        "(4,8):(8,_1)",
        "make_gmem_ptr<half_t>(nullptr)",
        "(1,2)",
    ];
    let mut n = 0;
    for f in rcute_lang::FUNCTIONS.iter() {
        for a in args {
            let program = format!("{}({a})", f.name);
            let r = std::panic::catch_unwind(|| eval(&program));
            assert!(r.is_ok(), "{program} panicked");
            n += 1;
        }
    }
    assert_eq!(n, rcute_lang::FUNCTIONS.len() * args.len());
    assert!(n > 600, "{n}");
}

/// The fuzz smoke's `size<16,2,1>(size<1>((_16,Swizzle<0,0,-4>,1)))` panicked: a mode picked
/// from a tuple of values may be a swizzle or an integer, and `size`, `cosize`, `coshape`,
/// `rank` and `depth` took it for a layout.
#[test]
fn a_mode_of_a_tuple_of_values_that_is_no_layout_is_refused() {
    for f in ["size", "cosize", "coshape", "rank", "depth"] {
        refuses(
            &format!("{f}<1>((_16:_1,Swizzle<1,2,3>,_4:_1))"),
            "must be a layout",
        );
    }
    refuses(
        "size<16,2,1>(size<1>((_16,Swizzle<0,0,-4>,1))); 1",
        "must be a layout",
    );
}

/// Byte addresses whose last byte lies beyond `i64::MAX` (the 128-bit access at
/// `i64::MAX - 15` ends exactly there): the words and banks are counted without an
/// overflow, and every such address lands in one bank phase as its lower neighbours do.
#[test]
fn addresses_at_the_top_of_i64_are_counted() {
    let top = i64::MAX;
    for (bits, addr) in [
        (8, top),
        (16, top - 1),
        (32, top - 3),
        (64, top - 7),
        (128, top - 15),
    ] {
        let program = format!("address_banks(_{bits}, _{addr})");
        let answer = eval(&program).unwrap_or_else(|e| panic!("{program}: {}", e.message));
        // one lane: one wavefront, as for any single aligned access
        let low = format!("address_banks(_{bits}, _0)");
        assert_eq!(
            answer.to_string().lines().next(),
            eval(&low).unwrap().to_string().lines().next(),
            "{program}"
        );
    }
    // the program the fuzzer found: the printer runs, and binding its output is refused
    refuses(
        "A = 1; -9223372036854775807; B = address_banks(_8, _9223372036854775807); 1",
        "a printer returns no value to bind",
    );
}
