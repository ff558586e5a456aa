//! The `cute` binary: eval, batch mode, show, and bad input (an error with a caret, exit
//! status 1, never a panic).

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn cute(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("cute runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).expect("utf-8")
}

#[test]
fn eval_prints_what_the_program_prints() {
    let o = cute(&["eval", "A = (4,(2,2)):(2,(1,8)); A(2,(1,0))"]);
    assert!(o.status.success());
    assert_eq!(text(&o.stdout), "5\n");
    let o = cute(&["eval", "make_layout((_2,4), LayoutRight); size(_8:_2)"]);
    assert_eq!(text(&o.stdout), "(_2,4):(4,_1)\n_8\n");
}

#[test]
fn show_prints_the_table() {
    let o = cute(&["show", "(2,3):(1,2)"]);
    assert!(o.status.success());
    assert_eq!(
        text(&o.stdout),
        "(2,3):(1,2)\n      0   1   2 \n    +---+---+---+\n 0  | 0 | 2 | 4 |\n    +---+---+---+\n 1  | 1 | 3 | 5 |\n    +---+---+---+\n"
    );
}

/// Each bad input: exit status 1, `error: ...` naming the problem, the program, and a
/// caret under the offending column; no panic, no backtrace.
#[test]
fn bad_input_is_an_error_with_a_caret() {
    let cases: &[(&str, &str, usize)] = &[
        ("((2,3):(1,2)", "never closed", 0),
        ("(2,3)):(1,2)", "unexpected ')'", 5),
        ("(2,3):(1,(2,3))", "not congruent", 6),
        ("(2,_99999999999999999999):(1,2)", "overflows i64", 4),
        ("(4,0):(1,4)", "must be positive", 3),
        ("(-4,2):(1,4)", "must be positive", 1),
        ("size(frob((2,3)))", "unknown function frob", 5),
        ("size((2,3),(4,5))", "wrong number of arguments", 0),
        ("cosize((2,3))", "must be a layout, found a tuple", 7),
    ];
    for &(program, needle, col) in cases {
        let o = cute(&["eval", program]);
        assert_eq!(o.status.code(), Some(1), "{program}");
        let err = text(&o.stderr);
        assert!(
            !err.contains("panicked") && !err.contains("backtrace"),
            "{program}: {err}"
        );
        let lines: Vec<&str> = err.lines().collect();
        assert!(
            lines[0].starts_with("error: ") && lines[0].contains(needle),
            "{program}: {err}"
        );
        assert_eq!(lines[1], program);
        assert_eq!(
            lines[2].find('^'),
            Some(col),
            "{program}: caret line {:?}",
            lines[2]
        );
        assert!(o.stdout.is_empty());
    }
    let o = cute(&["show", "(2,3,4):(1,2,6)"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).starts_with("error: print_layout: the layout must have rank 2"));
}

#[test]
fn batch_mode_writes_one_json_object_per_program() {
    let dir = std::env::temp_dir().join(format!("cute-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("cases.txt");
    std::fs::write(
        &file,
        "# a comment\n\nsize((2,3))\nprint_layout((2,2):(1,2))\nfrob(1)\nA = 8:2; A(3); A(4)\n",
    )
    .unwrap();
    let o = cute(&["eval", "--batch", file.to_str().unwrap()]);
    assert!(o.status.success());
    let rows: Vec<serde_json::Value> = text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0]["expr"], "size((2,3))");
    assert_eq!(rows[0]["out"], "6");
    assert_eq!(
        rows[1]["out"],
        "(2,2):(1,2)\n      0   1 \n    +---+---+\n 0  | 0 | 2 |\n    +---+---+\n 1  | 1 | 3 |\n    +---+---+"
    );
    assert_eq!(rows[2]["out"], "error: unknown function frob");
    assert_eq!(rows[3]["out"], "6\n8");

    // '-' reads standard input
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(["eval", "--batch", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"rank((1,2,3))\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(
        text(&o.stdout),
        "{\"expr\":\"rank((1,2,3))\",\"out\":\"_3\"}\n"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_missing_batch_file_is_an_error() {
    let o = cute(&["eval", "--batch", "/nonexistent/cases.txt"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).starts_with("error: cannot read"));
}

#[test]
fn latex_and_svg_pictures() {
    let o = cute(&["latex", "(_2,_2):(_2,_1)"]);
    assert!(o.status.success());
    let tex = text(&o.stdout);
    assert!(tex.starts_with("% Layout: (_2,_2):(_2,_1)\n\\documentclass[convert]{standalone}"));
    assert!(tex.ends_with("\\end{tikzpicture}\n\\end{document}\n"));

    let o = cute(&[
        "svg",
        "composition(Swizzle<3,0,3>, make_layout((_8,_8), LayoutRight))",
    ]);
    assert!(o.status.success());
    let svg = text(&o.stdout);
    let doc = roxmltree::Document::parse(&svg).expect("XML");
    let cells: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .collect();
    assert_eq!(cells.len(), 64);
    // row 1 of Sw<3,0,3> o (8,8):(8,1) is 9 8 11 10 13 12 15 14
    let row1: Vec<&str> = cells
        .iter()
        .filter(|c| c.attribute("data-m") == Some("1"))
        .map(|c| c.attribute("data-offset").unwrap())
        .collect();
    assert_eq!(row1, ["9", "8", "11", "10", "13", "12", "15", "14"]);

    let o = cute(&[
        "svg",
        "--tv",
        "((_4,_2),(_2,_2)):((_16,_1),(_8,_2))",
        "(_8,_8)",
    ]);
    assert!(o.status.success());
    assert!(text(&o.stdout).contains(
        ">T0</text><text x=\"62\" y=\"99\" text-anchor=\"middle\" fill=\"black\">V0</text>"
    ));

    for args in [
        &["svg", "(_2,_2,_2):(_1,_2,_4)"][..],
        &["svg", "--tv", "(_4,_2):(_1,_4)"][..],
        &["svg", "(_512,_512):(_1,_512)"][..],
    ] {
        let o = cute(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(text(&o.stderr).starts_with("error: "), "{args:?}");
    }
}

/// Lines that once ended a batch (a stack overflow, invalid UTF-8) answer an error each,
/// and the batch goes on.
#[test]
fn batch_mode_answers_every_line_even_bad_ones() {
    let mut input = Vec::new();
    input.extend_from_slice(b"size(_8:_1)\n");
    input.extend_from_slice(format!("{}1{}\n", "(".repeat(726), ")".repeat(726)).as_bytes());
    input.extend_from_slice(b"size(\xff\xfe)\n");
    input.extend_from_slice(b"cosize(_8:_2)\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(["eval", "--batch", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cute runs");
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    let lines: Vec<serde_json::Value> = text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["out"], "_8");
    let deep = lines[1]["out"].as_str().unwrap();
    assert!(
        deep.starts_with("error: ") && deep.contains("at most 32 levels"),
        "{deep}"
    );
    assert_eq!(lines[2]["expr"], "size(\u{fffd}\u{fffd})");
    let bad = lines[2]["out"].as_str().unwrap();
    assert!(bad.starts_with("error: ") && bad.contains("UTF-8"), "{bad}");
    assert_eq!(lines[3]["out"], "_15");
}

#[test]
fn svg_tv_over_an_empty_shape_is_an_error() {
    let o = cute(&["svg", "--tv", "(_4,_4):(_1,_4)", "()"]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.contains("rank 1 or 2") && !err.contains("panicked"),
        "{err}"
    );
}

/// `cute atoms` lists the catalog; `cute svg --mma` and `--copy` draw a tiled MMA and a
/// tiled copy whose cells name the thread and value that hold them, as the atom's layouts
/// say.
#[test]
fn atoms_and_their_pictures() {
    let o = cute(&["atoms"]);
    assert!(o.status.success());
    let list = text(&o.stdout);
    for name in [
        "SM80_16x8x16_F32F16F16F32_TN",
        "SM90_64xNx16_F32F16F16_SS<A,B>",
        "SM75_U32x4_LDSM_N",
        "SM80_CP_ASYNC_CACHEGLOBAL<T>",
    ] {
        assert!(list.contains(name), "{name} missing from:\n{list}");
    }

    let o = cute(&[
        "svg",
        "--mma",
        "make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN)",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let svg = text(&o.stdout);
    let doc = roxmltree::Document::parse(&svg).expect("XML");
    let operand = |name: &str| {
        doc.descendants()
            .find(|n| n.attribute("data-operand") == Some(name))
            .expect("a panel per operand")
    };
    let cells = |name: &str| {
        operand(name)
            .descendants()
            .filter(|n| n.attribute("class") == Some("cell"))
            .count()
    };
    assert_eq!(
        (cells("A"), cells("B"), cells("C")),
        (16 * 8, 8 * 8, 16 * 8)
    );
    // C (1,2) is thread 5's value 0: LayoutC_TV ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))
    let c12 = operand("C")
        .descendants()
        .find(|n| n.attribute("data-m") == Some("1") && n.attribute("data-n") == Some("2"))
        .unwrap();
    assert_eq!(
        (c12.attribute("data-t"), c12.attribute("data-v")),
        (Some("5"), Some("0"))
    );

    let o = cute(&[
        "svg",
        "--copy",
        "make_tiled_copy(Copy_Atom<UniversalCopy<uint64_t>, half_t>, (_8,_1):(_1,_0), (_1,_4):(_0,_1))",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let svg = text(&o.stdout);
    let doc = roxmltree::Document::parse(&svg).expect("XML");
    // source: thread 2 holds row 2, values 0..3 along it
    let src = doc
        .descendants()
        .find(|n| n.attribute("data-operand") == Some("S"))
        .unwrap();
    let row2: Vec<_> = src
        .descendants()
        .filter(|n| n.attribute("data-m") == Some("2"))
        .map(|n| {
            (
                n.attribute("data-t").unwrap(),
                n.attribute("data-v").unwrap(),
            )
        })
        .collect();
    assert_eq!(row2, [("2", "0"), ("2", "1"), ("2", "2"), ("2", "3")]);

    // not a tiled MMA: an error with a caret, no panic
    let o = cute(&["svg", "--mma", "(_2,_2):(_1,_2)"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).starts_with("error: "),
        "{}",
        text(&o.stderr)
    );
}

/// `cute explain`: the steps of one call of each family, numbered, each with its value in
/// CuTe notation, ending with the answer `cute eval` gives for the same call.
#[test]
fn explain_prints_the_steps_of_each_family() {
    let cases: &[(&str, &[&str])] = &[
        (
            "A = (_4,_2,_3):(_2,_1,_8); logical_divide(A, _4:_2)",
            &[
                "explain logical_divide((_4,_2,_3):(_2,_1,_8), _4:_2)",
                "step 1  the cotarget: shape(coalesce(A)) = (_4,_2,_3)",
                "step 2  complement(B, (_4,_2,_3)) = (_2,_3):(_1,_8)",
                "  step 2.2  the modes sorted by stride = _4:_2",
                "step 3  the tiler (B, C) = (_4,(_2,_3)):(_2,(_1,_8))",
                "step 4  composition(A, (B, C)) = ((_2,_2),(_2,_3)):((_4,_1),(_2,_8))",
                "  step 4.2  mode 0 of B: _4:_2 = (_2,_2):(_4,_1)",
                "    step 4.2.1  A mode 0 _4:_2: take _2 = _2:_4",
                "  step 4.5  assemble the modes in B's hierarchy = ((_2,_2),(_2,_3)):((_4,_1),(_2,_8))",
            ],
        ),
        (
            "coalesce((_2,(_1,_6)):(_1,(_6,_2)))",
            &[
                "step 1  flatten(L) = (_2,_1,_6):(_1,_6,_2)",
                "step 2  drop mode 1 _1:_6 = _6:_2",
                "step 3  merge mode 0 _2:_1 into _6:_2 = _12:_1",
            ],
        ),
        (
            "composition((_6,_2):(_8,_2), (_4,_3):(_3,_1))",
            &[
                "step 1  coalesce(A) = (_6,_2):(_8,_2)",
                "step 2  mode 0 of B: _4:_3 = (_2,_2):(_24,_2)",
                "step 3  mode 1 of B: _3:_1 = _3:_8",
            ],
        ),
        (
            "complement((_2,_2):(_1,_6), _24)",
            &[
                "step 4  new mode from _2:_6 = _3:_2",
                "step 5  the rest of the cotarget = _2:_12",
            ],
        ),
        (
            "right_inverse((_8,_4):(_4,_1))",
            &["step 2  the modes sorted by stride = (_4,_8):(_1,_4)"],
        ),
        (
            "left_inverse((_4,_2):(_1,_16))",
            &["step 4  mode 1 _2:_16 = _16:_4"],
        ),
        (
            "zipped_divide((_9,(_4,_8)):(_59,(_13,_1)), (_3:_3, (_2,_4):(_1,_8)))",
            &["step 2  zip = ((_3,(_2,_4)),(_3,(_2,_2))):((_177,(_13,_2)),(_59,(_26,_1)))"],
        ),
        (
            "logical_product((_2,_2):(_4,_1), _6:_1)",
            &[
                "step 1  the cotarget: size(A) * cosize(B) = _24",
                "step 2  complement(A, _24) = (_2,_3):(_2,_8)",
                "step 3  composition(C, B) = (_2,_3):(_2,_8)",
            ],
        ),
        (
            "raked_product((_2,_5):(_5,_1), (_3,_4):(_1,_3))",
            &["step 2  zip = ((_3,_2),(_4,_5)):((_10,_5),(_30,_1))"],
        ),
    ];
    for &(program, lines) in cases {
        let o = cute(&["explain", program]);
        assert!(o.status.success(), "{program}: {}", text(&o.stderr));
        let out = text(&o.stdout);
        for line in lines {
            assert!(
                out.lines().any(|l| l.starts_with(line)),
                "{program}: no line {line:?} in\n{out}"
            );
        }
        // the last line is the answer of `cute eval`
        let call = program.rsplit(';').next().unwrap();
        let prefix = &program[..program.len() - call.len()];
        let answer = cute(&["eval", &format!("{prefix}{call}")]);
        let last = out.lines().last().unwrap();
        assert_eq!(last, format!("result  {}", text(&answer.stdout).trim_end()));
    }
}

/// A failing pre-condition: the steps up to the failing one, which names the condition and
/// the values, and the error as the last line (exit status 0: the explanation is the
/// output).
#[test]
fn explain_shows_the_failing_step() {
    let o = cute(&["explain", "composition((_8,_8):(_8,_1), _4:_3)"]);
    assert!(o.status.success());
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[1],
        "step 1  coalesce(A) = (_8,_8):(_8,_1)  -- the modes each mode of B walks; the last one also takes what lies past size(A)"
    );
    assert_eq!(lines[2], "step 2  mode 0 of B: _4:_3");
    assert!(lines[3].starts_with(
        "  step 2.1  A mode 0 _8:_8  -- composition: stride divisibility condition violated"
    ));
    assert!(lines[3].ends_with("at mode 0: 3 and 8"));
    assert!(lines[4].starts_with("error   composition: stride divisibility condition violated"));
    assert_eq!(lines.len(), 5);
    let o = cute(&["explain", "complement((_4,_2):(_1,_2), _16)"]);
    let out = text(&o.stdout);
    assert!(
        out.contains("new mode from _2:_2  -- the stride _2 is smaller than the extent _4"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("at mode 1: 2 and 4"), "{out}");
}

/// Bad input to `cute explain`: an error with a caret, exit status 1.
#[test]
fn explain_bad_input_is_an_error_with_a_caret() {
    let cases: &[(&str, &str, usize)] = &[
        ("composition((8,8):(8,1), 4:3", "never closed", 11),
        ("A = 4:1; size(A)", "size is not explained", 9),
        ("A = 4:1", "must end with the call", 4),
        ("logical_divide(4:1)", "wrong number of arguments", 0),
        (
            "logical_divide((4,2), 2)",
            "must be a layout, found a tuple",
            15,
        ),
        ("explain(7)", "must be a call of the algebra", 8),
    ];
    for &(program, needle, col) in cases {
        let o = cute(&["explain", program]);
        assert_eq!(o.status.code(), Some(1), "{program}");
        let err = text(&o.stderr);
        let lines: Vec<&str> = err.lines().collect();
        assert!(
            lines[0].starts_with("error: ") && lines[0].contains(needle),
            "{program}: {err}"
        );
        assert_eq!(lines[1], program);
        assert_eq!(lines[2].find('^'), Some(col), "{program}: {:?}", lines[2]);
    }
}

const SW128_K: &str =
    "tile_to_shape(composition(Swizzle<3,3,3>, _0, (_8,_64):(_64,_1)), (_128,_64))";

/// `cute tma`: the report of a K-major 128 x 64 half_t tile with the 128-byte swizzle, in full.
#[test]
fn tma_prints_the_tensor_map() {
    let o = cute(&["tma", "(4096,1024):(1024,_1)", SW128_K, "half_t"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        "TMA copy: 1 instruction of 16384 bytes (box 64 x 128)
  tensorDataType  CU_TENSOR_MAP_DATA_TYPE_FLOAT16 (2 bytes)
  tensorRank      2 (dimension 0 is mode 1, dimension 1 is mode 0 of the tensor)
  globalDim       {1024, 4096}
  globalStrides   {2048} bytes
  boxDim          {64, 128}
  elementStrides  {1, 1}
  interleave      CU_TENSOR_MAP_INTERLEAVE_NONE
  swizzle         CU_TENSOR_MAP_SWIZZLE_128B (Sw<3,4,3> on byte addresses)
  instructions    {1, 1} per dimension, box starts (dimension order) -> shared offset (elements):
    (0,0) -> 0
  alignment       global address 16 bytes, shared memory 1024 bytes
cuuint64_t globalDim[2] = {1024, 4096};
cuuint64_t globalStrides[1] = {2048};
cuuint32_t boxDim[2] = {64, 128};
cuuint32_t elementStrides[2] = {1, 1};
cuTensorMapEncodeTiled(&tensorMap, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, globalAddress, globalDim, globalStrides, boxDim, elementStrides,
    CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
"
    );
    // the same through eval
    let program = format!("tma_copy((4096,1024):(1024,_1), {SW128_K}, 16)");
    let e = cute(&["eval", &program]);
    assert!(text(&e.stdout).contains("CU_TENSOR_MAP_DATA_TYPE_UINT16, 2, globalAddress"));
}

/// An M-major tile (64-row blocks after the k atoms) and a K-major tile wider than the
/// 128-byte span: several instructions of one box.
#[test]
fn tma_counts_the_instructions() {
    let m_major =
        "tile_to_shape(composition(Swizzle<3,3,3>, _0, (_64,_8):(_1,_64)), (_128,_64), (_2,_1))";
    let o = cute(&["tma", "(1000,776):(_1,1000)", m_major, "bfloat16_t"]);
    let out = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    for line in [
        "TMA copy: 2 instructions of 8192 bytes (box 64 x 64)",
        "  tensorDataType  CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 (2 bytes)",
        "  globalDim       {1000, 776}",
        "  globalStrides   {2000} bytes",
        "  instructions    {2, 1} per dimension, box starts (dimension order) -> shared offset (elements):",
        "    (0,0) -> 0",
        "    (64,0) -> 4096",
    ] {
        assert!(out.lines().any(|l| l == line), "{line:?} not in\n{out}");
    }
    let wide = "tile_to_shape(composition(Swizzle<3,3,3>, _0, (_8,_64):(_64,_1)), (_128,_128))";
    let o = cute(&["tma", "(4096,1024):(1024,_1)", wide, "half_t"]);
    let out = text(&o.stdout);
    for line in [
        "TMA copy: 2 instructions of 16384 bytes (box 64 x 128)",
        "  instructions    {2, 1} per dimension, box starts (dimension order) -> shared offset (elements):",
        "    (0,0) -> 0",
        "    (64,0) -> 8192",
    ] {
        assert!(out.lines().any(|l| l == line), "{line:?} not in\n{out}");
    }
}

/// Refused: each case's reason, exit status 1, no panic.
#[test]
fn tma_refusals_give_the_reason() {
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "(4096,1024):(1024,_1)",
            "(_128,_64):(_72,_1)",
            "half_t",
            "error: tma: tile coordinate (1,0) is at shared offset 72 in the tile layout but the TMA box writes it at 64",
        ),
        (
            "(4096,1024):(1024,_1)",
            "(_128,_64):(_1,_128)",
            "half_t",
            "error: tma: tile coordinate (1,0) is at shared offset 1 in the tile layout but the TMA box writes it at 64",
        ),
        (
            "(4096,1001):(1001,_1)",
            "(_128,_64):(_64,_1)",
            "half_t",
            "error: tma: a global stride in bytes must be a multiple of 16; the stride in bytes and in elements at mode 0: 2002 and 1001",
        ),
        (
            "(4096,1024):(1024,_1)",
            SW128_K,
            "float",
            "error: tma: a TMA swizzle permutes 16-byte units, M = 4 in bytes (Sw<B,4,3>); M in bytes and the element bytes: 5 and 4",
        ),
        (
            "(4096,1024):(1024,_1)",
            "(_128,_64):(_64,_1)",
            "4",
            "error: tma: the element must be 8, 16, 32 or 64 bits: 4",
        ),
        (
            "(4096,1024):(1024,_1)",
            "(_128,_64):(_64,_1)",
            "LayoutLeft",
            "error: tma_copy: argument 3 must be an element type",
        ),
    ];
    for &(g, s, t, want) in cases {
        let o = cute(&["tma", g, s, t]);
        assert_eq!(o.status.code(), Some(1), "{g} {s} {t}");
        let err = text(&o.stderr);
        assert!(err.starts_with(want), "{g} {s} {t}: {err}");
        assert!(!err.contains("panicked"));
        assert!(o.stdout.is_empty());
    }
}

const LDSM_A: &str = "make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN))";

/// `cute banks`: ldmatrix of an MMA's A operand from a K-major half_t tile, conflict-free
/// with CUTLASS's Swizzle<3,3,3>, 8-way without it; a float column, 32-way.
#[test]
fn banks_prints_wavefronts_and_the_bank_table() {
    let o = cute(&[
        "banks",
        "composition(Swizzle<3,3,3>, _0, (_16,_64):(_64,_1))",
        LDSM_A,
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "1 instruction (1 warp): 4 wavefronts, ideal 4, conflict degree 1"
    );
    assert_eq!(lines[1], "conflict-free");
    // header and one row per bank, each phase's lanes: 8 per matrix, 4 banks each
    let table: Vec<&str> = lines
        .iter()
        .skip_while(|l| !l.starts_with("bank |"))
        .copied()
        .collect();
    assert_eq!(table.len(), 33, "{out}");
    assert!(table[0].ends_with("| phase 3"), "{out}");
    assert_eq!(
        table[1],
        "   0 | T0                          | T8                          | T17                         | T25"
    );
    assert!(!out.contains('*'));
    assert!(out.lines().all(|l| l == l.trim_end()));

    let o = cute(&["banks", "(_16,_64):(_64,_1)", LDSM_A]);
    let out = text(&o.stdout);
    assert!(out.starts_with("1 instruction (1 warp): 32 wavefronts, ideal 4, conflict degree 8\n1 of 1 instructions conflict\n"), "{out}");
    assert!(
        out.contains("  phase 0 bank 0: byte 0 <- T0; byte 128 <- T1;"),
        "{out}"
    );
    assert!(out.contains("   0 |*T0 T1 T2 T3 T4 T5 T6 T7 "), "{out}");

    let o = cute(&[
        "banks",
        "(_32,_32):(_32,_1)",
        "vector_access((_32,_1):(_1,_0), float)",
    ]);
    assert!(
        text(&o.stdout)
            .starts_with("1 instruction (1 warp): 32 wavefronts, ideal 1, conflict degree 32")
    );
}

/// `cute banks --svg`: every cell with its bank; the conflicting cells outlined.
#[test]
fn banks_svg_marks_the_conflicting_cells() {
    let o = cute(&["banks", "(_16,_64):(_64,_1)", LDSM_A, "--svg"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let svg = text(&o.stdout);
    assert!(svg.starts_with("<svg"));
    assert_eq!(svg.matches("class=\"cell\"").count(), 16 * 64);
    // the worst instruction's conflicts: rows 0..16 of columns 0..16 (8 elements per
    // 16-byte row, two matrices across), every cell of them outlined
    assert_eq!(svg.matches("data-conflict=\"1\"").count(), 16 * 16);
    assert_eq!(svg.matches("class=\"conflict\"").count(), 16 * 16);
    assert!(svg.contains(
        "data-m=\"1\" data-n=\"0\" data-offset=\"64\" data-bank=\"0\" data-conflict=\"1\""
    ));
    let o = cute(&[
        "banks",
        "composition(Swizzle<3,3,3>, _0, (_16,_64):(_64,_1))",
        LDSM_A,
        "--svg",
    ]);
    assert_eq!(text(&o.stdout).matches("data-conflict").count(), 0);
}

/// `cute coalescing`: 8 threads per 128-byte row of a row-major half_t matrix, 16-byte
/// vectors: every sector used.
#[test]
fn coalescing_prints_sectors_and_the_vector_width() {
    let o = cute(&[
        "coalescing",
        "(_128,_64):(_64,_1)",
        "vector_access(((_8,_4),_8):((_1024,_1),_128), half_t, 128)",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        "1 request: 512 bytes in 16 sectors (4 lines), efficiency 100.0%\n\
         per request: 16 sectors, 4 lines (first request, warp 0)\n\
         widest vector per thread: 128 bits (aligned to 16 bytes); 128 bits is the widest access\n"
    );
    // two floats of each row of a row-major float tile: 32 sectors for 128 bytes, and
    // 64-bit vectors at most
    let o = cute(&[
        "coalescing",
        "(_32,_32):(_32,_1)",
        "vector_access((_32,_2):(_1,_32), float)",
    ]);
    let out = text(&o.stdout);
    assert!(
        out.starts_with("2 requests: 256 bytes in 64 sectors (64 lines), efficiency 12.5%\nper request: 32 sectors, 32 lines"),
        "{out}"
    );
    assert!(out.ends_with("widest vector per thread: 64 bits (aligned to 8 bytes); wider is impossible: 128 bits: a thread has 2 values, not a multiple of 4\n"), "{out}");
}

/// `cute swizzle-for`: CUTLASS's Swizzle<3,3,3> for an SM80 K-major half_t tile with
/// 64-element rows, written by 128-bit cp.async and read by ldmatrix.
#[test]
fn swizzle_for_finds_cutlass_swizzle() {
    let o = cute(&[
        "swizzle-for",
        "(_64,_64):(_64,_1)",
        "make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>, (_16,_8):(_8,_1), (_1,_8))",
        "make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (_2,_2,_1)))",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "best: Sw<3,3,3> o _0 o (_64,_64):(_64,_1)");
    assert_eq!(
        lines[1],
        "  swizzled: 32 wavefronts (ideal 32), per access 16/16 16/16"
    );
    assert_eq!(
        lines[2],
        "  unswizzled: 144 wavefronts (ideal 32), per access 16/16 128/16"
    );
    assert_eq!(lines[3], "  conflict-free for every access");
}

/// Bad input to the analyses: a clear error with a caret under the argument at fault.
#[test]
fn analysis_bad_input_is_a_clear_error() {
    let cases: &[(&[&str], &str, &str)] = &[
        (
            &[
                "banks",
                "(_4,_4):(_4,_1)",
                "vector_access((_32,_1):(_1,_0), float)",
            ],
            "error: access: a thread-value pair maps outside the memory layout (index, size): give a memory that covers the access's tile, fewer threads or values, or name the tile with in_tile (thread 16, value 0): 16 and 16",
            "vector_access((_32,_1):(_1,_0), float)",
        ),
        (
            &[
                "banks",
                "(_32,_32):(_32,_1)",
                "make_tiled_copy_A(Copy_Atom<SM75_U32x9_LDSM_N, half_t>, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN))",
            ],
            "error: ",
            "make_tiled_copy_A(",
        ),
        (
            &[
                "banks",
                "(_32,_32):(_32,_1)",
                "vector_access((_32,_1):(_1,_0), float, 96)",
            ],
            "error: access: the access size in bits must be a power of two",
            "vector_access(",
        ),
        (
            &[
                "banks",
                "(_2048,_1024):(_1024,_1)",
                "vector_access((_32,_1):(_1,_0), float)",
            ],
            "error: analysis: the memory layout has too many elements to analyse (capacity 1048576)",
            "(_2048,",
        ),
        (
            &["banks", "(2,3)", "vector_access((_32,_1):(_1,_0), float)"],
            "error: expected a layout or a swizzled layout (the memory)",
            "(2,3)",
        ),
        (
            &["coalescing", "(_32,_32):(_32,_1)", "(_32,_1):(_1,_0)"],
            "error: expected an access",
            "(_32,_1):(_1,_0)",
        ),
        (
            &[
                "swizzle-for",
                "(_32,_32):(_32,_1)",
                "vector_access((_32,_2):(_32,_1), float, 64)",
                "vector_access((_32,_1):(_1,_0), float)",
            ],
            "error: access: the values of one access are not at consecutive offsets",
            "vector_access((_32,_2)",
        ),
    ];
    for (args, msg, echoed) in cases {
        let o = cute(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = text(&o.stderr);
        assert!(err.starts_with(msg), "{args:?}: {err}");
        assert!(
            err.lines().nth(1).is_some_and(|l| l.starts_with(echoed)),
            "{args:?}: {err}"
        );
        assert!(
            err.lines().nth(2).is_some_and(|l| l.contains('^')),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"));
    }
}

/// The results of the statements before an error are printed, then the error with its
/// caret, exit status 1.
#[test]
fn eval_prints_the_results_before_an_error() {
    let o = cute(&["eval", "1; 2; foo"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stdout), "1\n2\n");
    assert_eq!(
        text(&o.stderr),
        "error: unknown name foo\n1; 2; foo\n      ^^^\n"
    );
    // on several lines, the caret is under the line of the error
    let o = cute(&["eval", "A = (2,3):(3,1)\nA(1,1)\nA(1,1,1)"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stdout), "4\n");
    let err = text(&o.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines[0].starts_with("error: "), "{err}");
    assert_eq!(lines[1], "A(1,1,1)");
    assert_eq!(lines[2].find('^'), Some(0));
}

/// A snippet pasted from CuTe's tutorials evaluates; `print` ends no line, the calculator
/// ends its output with one.
#[test]
fn eval_takes_pasted_cpp() {
    let snippet = "#include <cute/tensor.hpp>\nusing namespace cute;\n\n// a static layout\nauto L = make_layout(make_shape(Int<2>{}, 4),\n                     LayoutRight{});\nprint(L);\n";
    let o = cute(&["eval", snippet]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "(_2,4):(4,_1)\n");
    let o = cute(&["eval", "L = Layout<Shape<_4,_8>>{}; L(size(L) - 1)"]);
    assert_eq!(text(&o.stdout), "31\n");
}

#[test]
fn a_program_may_start_with_a_minus() {
    let o = cute(&["eval", "-3 + _2"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "-1\n");
    let o = cute(&["eval", "-2"]);
    assert_eq!(text(&o.stdout), "-2\n");
}

#[test]
fn show_takes_a_program() {
    let o = cute(&["show", "A = (2,3):(3,1); A"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        "(2,3):(3,1)\n      0   1   2 \n    +---+---+---+\n 0  | 0 | 1 | 2 |\n    +---+---+---+\n 1  | 3 | 4 | 5 |\n    +---+---+---+\n"
    );
    let o = cute(&["show", "auto L = Layout<Shape<_2,_2>>{};\nL"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).starts_with("(_2,_2):(_1,_2)\n"));
    // an error points into the program as written
    let o = cute(&["show", "A = (2,3):(3,1); B"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        text(&o.stderr),
        "error: unknown name B\nA = (2,3):(3,1); B\n                 ^\n"
    );
}

#[test]
fn batch_errors_have_a_message_and_an_offset() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(["eval", "--batch", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"1; 2; foo\nceil_div(5,0)\nsize(_4:_1)\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    let rows: Vec<serde_json::Value> = text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["out"], "1\n2\nerror: unknown name foo");
    assert_eq!(rows[0]["error"]["message"], "unknown name foo");
    assert_eq!(rows[0]["error"]["offset"], 6);
    assert_eq!(rows[1]["out"], "error: ceil_div(5, 0): division by zero");
    assert_eq!(rows[1]["error"]["offset"], 0);
    assert_eq!(rows[2]["out"], "_4");
    assert!(rows[2].get("error").is_none());
}

/// The messages that once misled: each names what the user wrote.
#[test]
fn messages_name_what_was_written() {
    for (program, message) in [
        (
            "take<2,1>((1,2,3))",
            "error: take<2,1>: the range of modes is reversed (2 to 1)",
        ),
        (
            "crd2crd((1,2),(3,4),(12))",
            "error: crd2crd: the coordinate (1,2) has rank 2, the destination shape (12) rank 1",
        ),
        ("ceil_div(5,0)", "error: ceil_div(5, 0): division by zero"),
        ("8 / (2 - 2)", "error: 8 / 0: division by zero"),
    ] {
        let o = cute(&["eval", program]);
        assert_eq!(o.status.code(), Some(1));
        assert_eq!(text(&o.stderr).lines().next(), Some(message), "{program}");
    }
    let o = cute(&["eval", "tuple_repeat<40>(1)"]);
    assert!(!text(&o.stderr).contains("rcute::"), "{}", text(&o.stderr));
}

/// Fuzz finding: an error whose span falls inside a multi-byte character rendered its caret
/// by slicing the program mid-character and panicked.
#[test]
fn caret_inside_a_multibyte_character_is_an_error_not_a_panic() {
    for p in ["1@é", "_-é"] {
        let o = cute(&["eval", p]);
        assert_eq!(o.status.code(), Some(1), "{p}");
        let err = text(&o.stderr);
        assert!(err.starts_with("error: "), "{p}: {err}");
        assert!(err.contains(&format!("{p}\n  ^\n")), "{p}: {err}");
        assert!(!err.contains("panicked"), "{p}: {err}");
    }
}

/// Fuzz finding: a layout argument of a subcommand that starts with `-` was taken for an
/// option; it must reach the language, which names the problem.
#[test]
fn subcommand_layout_arguments_may_start_with_a_minus() {
    let o = cute(&["coalescing", "-_5:_1", "vector_access(_32:_1, float, 32)"]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(err.starts_with("error: "), "{err}");
    assert!(!err.contains("unexpected argument"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// `cute eval --as-cute`: where rcute refuses an answer CuTe C++ gives, CuTe's answer after
/// a warning line (exit status 0); without it, the refusal names CuTe's answer and where it
/// breaks the law. Batch mode takes the option too.
#[test]
fn as_cute_prints_cutes_answer_with_a_warning() {
    let p = "composition((_3,_16):(_48,_1), _4:_2)";
    let o = cute(&["eval", p]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.contains("CuTe C++ answers (_2,_2):(_96,_1), which breaks composition's law: index 2 maps to 1 where the definition gives 49"),
        "{err}"
    );
    let o = cute(&["eval", "--as-cute", p]);
    assert!(o.status.success());
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with("warning: composition: rcute refuses this call (composition: stride divisibility condition violated"), "{out}");
    assert_eq!(lines[1], "(_2,_2):(_96,_1)");
    // a lawful answer is the same with or without the option, and gets no warning
    let o = cute(&[
        "eval",
        "--as-cute",
        "composition((_6,_2):(_8,_2), (_4,_3):(_3,_1))",
    ]);
    assert_eq!(text(&o.stdout), "((_2,_2),_3):((_24,_2),_8)\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(["eval", "--as-cute", "--batch", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("cute runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"upcast<2>(8:1)\n")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    let v: serde_json::Value = serde_json::from_str(text(&o.stdout).trim()).unwrap();
    let out = v["out"].as_str().unwrap();
    assert!(
        out.starts_with("warning: upcast: ") && out.ends_with("\n8:0"),
        "{out}"
    );
}

/// An unknown function or name suggests the closest known one.
#[test]
fn unknown_names_suggest_the_closest() {
    let o = cute(&["eval", "logical_divid((4,2):(1,4), 2)"]);
    assert!(
        text(&o.stderr)
            .starts_with("error: unknown function logical_divid; did you mean logical_divide?")
    );
    let o = cute(&["eval", "Tile = (4,2):(1,4); size(Tiel)"]);
    assert!(
        text(&o.stderr).starts_with("error: unknown name Tiel; did you mean Tile?"),
        "{}",
        text(&o.stderr)
    );
}

/// `cute eval --as-cute` together with `--thread`: one thread of a kernel that answers
/// CuTe's layouts where rcute refuses them; without `--as-cute` the same thread refuses.
#[test]
fn as_cute_runs_as_one_thread() {
    let p = "int t = threadIdx.x; print(t); print(\"\\n\"); print(composition(make_layout(make_shape(_3{},_16{}), make_stride(_48{},_1{})), make_layout(_4{},_2{})));";
    let o = cute(&["eval", "--as-cute", "--thread", "3", p]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.starts_with("3\n"), "{out}");
    assert!(
        out.contains("warning: composition: rcute refuses this call"),
        "{out}"
    );
    assert!(out.ends_with("(_2,_2):(_96,_1)\n"), "{out}");
    let o = cute(&["eval", "--thread", "3", p]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("CuTe C++ answers (_2,_2):(_96,_1)"),
        "{}",
        text(&o.stderr)
    );
}

/// `cute explain-kernel`: the stages of rcute-cuda's kernels, per block and per launch. The
/// totals checked here are the H100's counters (crates/rcute-cuda/tests/data/kernels-H100.tsv):
/// the f16 transpose of 4000 x 4080 reads every element once in whole sectors and its
/// conflict-free shared loads are 514080 wavefronts (the 62 + 63 + 1 cut tiles issue fewer
/// instructions); the tuned GEMM's wgmma reads 20971520 wavefronts of shared memory.
#[test]
fn explain_kernel_prints_the_stages() {
    let o = cute(&[
        "explain-kernel",
        "--copy",
        "4000",
        "4080",
        "--kernel",
        "transpose_f16",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.starts_with("[transpose_f16 4000x4080]\n"), "{out}");
    assert!(!out.contains("[copy_f32"), "{out}");
    for line in [
        "edge blocks: 62 of 64 x 48 tiles inside the matrix",
        "edge blocks: 63 of 32 x 64 tiles inside the matrix",
        "edge blocks: 1 of 32 x 48 tiles inside the matrix",
        "total gmem ld        1020000 sectors per launch",
        "total smem ld        514080 wavefronts per launch",
    ] {
        assert!(out.contains(line), "{line}\n{out}");
    }
    let o = cute(&[
        "explain-kernel",
        "--gemm",
        "4096",
        "4096",
        "4096",
        "--kernel",
        "gemm_f16 tuned",
    ]);
    let out = text(&o.stdout);
    assert!(o.status.success());
    assert!(
        out.contains("total smem wgmma     20971520 wavefronts per launch"),
        "{out}"
    );
    assert!(out.contains("TMA store C (64 x 64 chunks)"), "{out}");
    // the mma.sync GEMM's wavefronts of no load or store, by term (H100: 849029, 786432
    // predicated-off LDS)
    let o = cute(&[
        "explain-kernel",
        "--gemm",
        "4096",
        "4096",
        "4096",
        "--kernel",
        "gemm_f16 mma.sync",
    ]);
    let out = text(&o.stdout);
    assert!(o.status.success());
    for line in [
        "cp.async runs: 3 predicated-off LDS a warp   smem misc          12        12      64        768        786432",
        "k-tile wait and barrier: 1 a block",
        "warps that used shared memory: 1 a warp",
        "total smem misc      856064 wavefronts per launch",
    ] {
        assert!(out.contains(line), "{line}\n{out}");
    }
    // the other GEMM kinds: e4m3's boxes bring half the bytes of f16's (H100: 805306368
    // bytes, 25165824 sectors)
    let o = cute(&[
        "explain-kernel",
        "--kinds",
        "4096",
        "4096",
        "4096",
        "--kernel",
        "gemm_e4m3",
    ]);
    let out = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        out.contains("total gmem tma ld    25165824 sectors per launch"),
        "{out}"
    );
    // without sizes: the copies of 4096 x 4096 and the GEMM of 4096^3, six kernels
    let o = cute(&["explain-kernel"]);
    assert_eq!(text(&o.stdout).matches("\n[").count() + 1, 6);
}

#[test]
fn explain_kernel_refuses_bad_sizes_and_names() {
    for args in [
        &["explain-kernel", "--copy", "0", "3"][..],
        &["explain-kernel", "--gemm", "1", "2", "2000000"],
        &["explain-kernel", "--sms", "0"],
        &["explain-kernel", "--kernel", "gemm_f32"],
    ] {
        let o = cute(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = text(&o.stderr);
        assert!(
            err.contains("error:") && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
    // a negative size is not a number the option takes: clap's usage error
    let o = cute(&["explain-kernel", "--copy", "-4", "3"]);
    assert_eq!(o.status.code(), Some(2));
    // tiny and odd sizes are predicted, not refused
    let o = cute(&[
        "explain-kernel",
        "--copy",
        "1",
        "3",
        "--gemm",
        "8",
        "8",
        "8",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("per launch approximate"));
}
