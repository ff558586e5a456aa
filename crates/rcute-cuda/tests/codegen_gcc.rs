//! The generated index code, compiled with the host C compiler, against rcute's own
//! evaluation at every index: random layouts (static and dynamic leaves, negative
//! strides), both index types, both input forms, with and without a swizzle.

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use rcute::strategies::{LayoutParams, ShapeParams};
use rcute::{ComposedLayout, Int, Layout, Swizzle};
use rcute_cuda::codegen::{IndexFn, IndexType, Inputs, PRELUDE};
use std::fmt::Write as _;

mod support;

/// One generated function and what it must compute.
struct Case {
    f: IndexFn,
    inputs: Inputs,
    /// the sizes of the top-level modes (for `Inputs::Modes`)
    mode_sizes: Vec<i64>,
    expected: Vec<i64>,
}

fn case(name: &str, l: &Layout, sw: Option<(Swizzle, Int)>, inputs: Inputs, ty: IndexType) -> Case {
    let n = l.size().value() as usize;
    let (f, expected) = match sw {
        None => (
            IndexFn::layout(name, l, inputs, ty).unwrap(),
            (0..n).map(|i| l.offset(i)).collect(),
        ),
        Some((s, o)) => {
            let c = ComposedLayout::new(s, o, *l);
            (
                IndexFn::composed(name, &c, inputs, ty).unwrap(),
                (0..n).map(|i| c.offset(i)).collect(),
            )
        }
    };
    let mode_sizes = (0..l.rank()).map(|m| l.mode(m).size().value()).collect();
    Case {
        f,
        inputs,
        mode_sizes,
        expected,
    }
}

/// Compiles all cases into one program, runs it, returns its output per case.
fn run_c(cases: &[Case]) -> Vec<Vec<i64>> {
    let mut src = String::from("#include <stdio.h>\n");
    src.push_str(PRELUDE);
    for c in cases {
        src.push_str(&c.f.source());
    }
    src.push_str("int main(void) {\n");
    for c in cases {
        let params: String =
            c.f.params()
                .iter()
                .map(|p| format!(", {}LL", p.value))
                .collect();
        let n = c.expected.len();
        let _ = writeln!(
            src,
            "  printf(\"#\\n\");\n  for (long long i = 0; i < {n}; ++i) {{"
        );
        let call = match c.inputs {
            Inputs::Index => format!("{}(i{params})", c.f.name()),
            Inputs::Modes => {
                let mut args = Vec::new();
                let mut p = 1i64;
                for &s in &c.mode_sizes {
                    args.push(format!("(i / {p}) % {s}"));
                    p *= s;
                }
                format!("{}({}{params})", c.f.name(), args.join(", "))
            }
        };
        let _ = writeln!(src, "    printf(\"%lld\\n\", (long long){call});\n  }}");
    }
    src.push_str("  return 0;\n}\n");
    let text = support::compile_and_run(&src);
    text.split("#\n")
        .skip(1)
        .map(|b| b.lines().map(|l| l.parse().unwrap()).collect())
        .collect()
}

fn check(cases: &[Case]) -> usize {
    let got = run_c(cases);
    assert_eq!(got.len(), cases.len());
    let mut points = 0;
    for (c, g) in cases.iter().zip(&got) {
        assert_eq!(g, &c.expected, "{}:\n{}", c.f.name(), c.f.source());
        points += g.len();
    }
    points
}

#[test]
fn generated_code_matches_rcute_at_every_index() {
    const CASES: usize = 600;
    let p = LayoutParams {
        shape: ShapeParams {
            max_size: 1 << 11,
            ..ShapeParams::default()
        },
        ..LayoutParams::default()
    };
    let mut runner = TestRunner::deterministic();
    let draw = (
        rcute::strategies::layout(p),
        0u8..4,              // index type x input form
        0u8..5,              // swizzle bits (0: none)
        0u8..5,              // swizzle base
        0u8..4,              // |shift| - bits
        proptest::bool::ANY, // shift sign
        0i64..64,            // offset
        proptest::bool::ANY, // offset static
    );
    let mut cases = Vec::new();
    for k in 0..CASES {
        let (l, form, b, m, extra, neg, o, o_static) =
            draw.new_tree(&mut runner).unwrap().current();
        let ty = if form & 1 == 0 {
            IndexType::I32
        } else {
            IndexType::I64
        };
        let inputs = if form & 2 == 0 {
            Inputs::Index
        } else {
            Inputs::Modes
        };
        let sw = (b > 0).then(|| {
            let s = (b + extra) as i64;
            let sw = Swizzle::new(b as i64, m as i64, if neg { -s } else { s });
            (sw, Int::new(o, o_static))
        });
        cases.push(case(&format!("f{k}"), &l, sw, inputs, ty));
    }
    let points = check(&cases);
    assert_eq!(cases.len(), CASES);
    assert!(points >= CASES * 8, "only {points} indices checked");
    eprintln!("{CASES} functions, {points} indices checked");
}

#[test]
fn the_kinds_of_values_are_emitted_as_documented() {
    let l = rcute::layout!(((_2,3),(5,_4)):((1,_2),(_6,-30)));
    let f = IndexFn::layout("a", &l, Inputs::Index, IndexType::I64).unwrap();
    // static extents and strides are literals; dynamic ones and dynamic divisors parameters
    assert_eq!(
        f.expr(),
        "(i & 1) * a_d0_0 + (((i >> 1) % a_s0_1) << 1) + ((i / a_p0_2) % a_s0_2) * 6 + (i / a_p0_3) * a_d0_3"
    );
    let values: Vec<i64> = f.params().iter().map(|p| p.value).collect();
    assert_eq!(values, [1, 3, 6, 5, 30, -30]);
    assert_eq!(
        check(&[case("a", &l, None, Inputs::Index, IndexType::I64)]),
        120
    );
}

#[test]
fn values_that_do_not_fit_are_refused() {
    let l = rcute::layout!((_65536,_65536):(_1,_65536));
    let e = IndexFn::layout("big", &l, Inputs::Index, IndexType::I32).unwrap_err();
    assert!(
        e.to_string()
            .contains("does not fit in the index type `int`"),
        "{e}"
    );
    assert!(IndexFn::layout("big", &l, Inputs::Index, IndexType::I64).is_ok());
    let e = IndexFn::layout(
        "no-c",
        &rcute::layout!(_4:_1),
        Inputs::Index,
        IndexType::I32,
    )
    .unwrap_err();
    assert!(e.to_string().contains("not a C identifier"), "{e}");
    let id = Layout::identity(rcute::int_tuple!((_4, _4)));
    assert!(IndexFn::layout("id", &id, Inputs::Index, IndexType::I32).is_err());
}
