//! Properties of coordinates and notation over random hierarchical layouts. Each test
//! counts the cases it ran and asserts the count, so that a filter cannot make it vacuous.

use proptest::prelude::*;
use rcute::strategies::{LayoutParams, ShapeParams, layout, shape};
use rcute::{IntTuple, Layout, crd2idx_colex, idx2crd};
use std::sync::atomic::{AtomicUsize, Ordering};

const CASES: u32 = 1000;

fn run<S: Strategy>(strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>) -> usize
where
    S::Value: std::fmt::Debug,
{
    rcute::strategies::run_counted(CASES, strategy, |v| test(v).map(|()| true)).ran
}

fn dynamic(i: usize) -> IntTuple {
    IntTuple::dynamic(i as i64)
}

#[test]
fn idx2crd_and_crd2idx_round_trip() {
    let n = run(shape(ShapeParams::default()), |s| {
        let size = s.size().value() as usize;
        for i in 0..size {
            let c = idx2crd(&dynamic(i), &s);
            prop_assert!(c.congruent(&s), "{c} is not congruent to {s}");
            prop_assert_eq!(crd2idx_colex(&c, &s).value(), i as i64);
        }
        Ok(())
    });
    assert!(n >= CASES as usize, "only {n} cases ran");
}

#[test]
fn hierarchical_coordinates_of_compact_layouts_round_trip() {
    let params = LayoutParams {
        compact_probability: 1.0,
        ..LayoutParams::default()
    };
    let n = run(layout(params), |l| {
        for i in 0..l.size().value() as usize {
            // get_hier_coord inverts a compact layout: L(get_hier_coord(L(c))) == L(c)
            let off = l.offset(i);
            let c = l.get_hier_coord(&IntTuple::dynamic(off));
            prop_assert_eq!(l.crd2idx(&c).value(), off, "{} at {}", l, i);
        }
        Ok(())
    });
    assert!(n >= CASES as usize, "only {n} cases ran");
}

#[test]
fn every_coordinate_form_names_the_same_offset() {
    let n = run(layout(LayoutParams::default()), |l| {
        let shape = l.shape();
        for i in 0..l.size().value() as usize {
            let by_index = l.crd2idx(&dynamic(i));
            prop_assert_eq!(by_index.value(), l.offset(i));
            // h-D: the natural coordinate
            let h = idx2crd(&dynamic(i), &shape);
            prop_assert_eq!(l.crd2idx(&h).value(), by_index.value());
            // R-D: one integer per mode
            let r: Vec<i64> = h
                .modes()
                .zip(shape.modes())
                .map(|(c, s)| crd2idx_colex(&c, &s).value())
                .collect();
            let rt = IntTuple::from_ints(
                &r.iter()
                    .map(|&v| rcute::Int::dynamic(v))
                    .collect::<Vec<_>>(),
            );
            let rt = if shape.is_leaf() { rt.get(0) } else { rt };
            prop_assert_eq!(l.crd2idx(&rt).value(), by_index.value(), "{} at {}", rt, i);
            let ru: Vec<usize> = r.iter().map(|&v| v as usize).collect();
            prop_assert_eq!(l.offset_of(&ru), by_index.value());
        }
        Ok(())
    });
    assert!(n >= CASES as usize, "only {n} cases ran");
}

#[test]
fn printing_then_parsing_gives_back_the_same_value() {
    let n = run(layout(LayoutParams::default()), |l| {
        let text = l.to_string();
        let back: Layout = text
            .parse()
            .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(back, l);
        prop_assert_eq!(back.to_string(), text.clone());
        let s: IntTuple = l.shape().to_string().parse().unwrap();
        prop_assert_eq!(s, l.shape());
        Ok(())
    });
    assert!(n >= CASES as usize, "only {n} cases ran");
}

/// CuTe's `idx2crd(int, shape)` written mode by mode from its definition: every mode but
/// the last takes `(c % size(mode))`, the last the remaining quotient.
fn reference_idx2crd(c: rcute::Int, s: &IntTuple) -> IntTuple {
    if s.is_leaf() {
        return IntTuple::from_int(c);
    }
    let r = s.rank();
    let mut out = Vec::new();
    let mut c = c;
    for i in 0..r {
        let m = s.get(i);
        if i + 1 == r {
            out.push(reference_idx2crd(c, &m));
        } else {
            let size = m.product();
            out.push(reference_idx2crd(c.try_rem(size).unwrap(), &m));
            c = c.try_div(size).unwrap();
        }
    }
    IntTuple::tuple(&out)
}

/// CuTe's `crd2idx(int, shape, stride)` mode by mode, summed right to left.
fn reference_crd2idx(c: rcute::Int, s: &IntTuple, d: &IntTuple) -> rcute::Int {
    if s.is_leaf() {
        return c.try_mul(d.as_int().unwrap()).unwrap();
    }
    let r = s.rank();
    let mut parts = Vec::new();
    let mut c = c;
    for i in 0..r {
        let m = s.get(i);
        if i + 1 == r {
            parts.push(reference_crd2idx(c, &m, &d.get(i)));
        } else {
            let size = m.product();
            parts.push(reference_crd2idx(c.try_rem(size).unwrap(), &m, &d.get(i)));
            c = c.try_div(size).unwrap();
        }
    }
    let mut acc = parts.pop().unwrap();
    while let Some(p) = parts.pop() {
        acc = p.try_add(acc).unwrap();
    }
    acc
}

#[test]
fn integer_coordinates_split_exactly_as_cute_defines_it() {
    // static and dynamic extents (static _1s included), indices within and past the end,
    // static and dynamic indices: values and static bits must match the definition
    let p = LayoutParams::default();
    let case = (layout(p), 0i64..4096, any::<bool>());
    let n = run(case, |(l, i, st)| {
        let (s, d) = (l.shape(), l.stride());
        let size = s.size().value();
        for c in [i % size.max(1), i, size - 1, size] {
            let c = if st {
                rcute::Int::constant(c)
            } else {
                rcute::Int::dynamic(c)
            };
            let got = idx2crd(&IntTuple::from_int(c), &s);
            let want = reference_idx2crd(c, &s);
            prop_assert_eq!(got, want, "idx2crd({}, {})", c, s);
            let got = rcute::crd2idx(&IntTuple::from_int(c), &s, &d);
            let want = reference_crd2idx(c, &s, &d);
            prop_assert_eq!(got, want, "crd2idx({}, {}, {})", c, s, d);
        }
        Ok(())
    });
    assert!(n >= CASES as usize, "only {n} cases ran");
}

/// Whether some two neighbouring leaves of extent above 1 continue each other (`s:d`
/// followed by `t:s*d`), so that [`Layout::offsets`] walks them as one mode.
fn has_continuing_leaves(l: &Layout) -> bool {
    let modes: Vec<(i64, i64)> = l
        .shape()
        .leaves()
        .zip(l.stride().leaves())
        .map(|(s, d)| (s.value(), d.value()))
        .filter(|&(s, _)| s > 1)
        .collect();
    modes
        .windows(2)
        .any(|w| w[0].0.checked_mul(w[0].1) == Some(w[1].1))
}

#[test]
fn the_offsets_walk_is_offset_index_by_index() {
    // every way of consuming the walk (next, fold, next then fold) gives L(0), L(1), ...
    let params = LayoutParams {
        shape: ShapeParams {
            max_size: 2048,
            ..ShapeParams::default()
        },
        ..LayoutParams::default()
    };
    let merged = AtomicUsize::new(0);
    let n = run((layout(params), 0usize..64), |(l, cut)| {
        let size = l.size().value() as usize;
        let want: Vec<i64> = (0..size).map(|i| l.offset(i)).collect();
        // next()
        let mut it = l.offsets();
        prop_assert_eq!(it.len(), size);
        let mut got = Vec::new();
        while let Some(o) = it.next() {
            got.push(o);
            prop_assert_eq!(it.len(), size - got.len());
        }
        prop_assert_eq!(&got, &want, "next() on {}", l);
        prop_assert_eq!(it.next(), None);
        // fold, through for_each
        let mut got = Vec::new();
        l.offsets().for_each(|o| got.push(o));
        prop_assert_eq!(&got, &want, "fold on {}", l);
        // a few steps of next(), then fold for the rest
        let cut = cut.min(size);
        let mut it = l.offsets();
        let mut got: Vec<i64> = it.by_ref().take(cut).collect();
        prop_assert_eq!(it.len(), size - cut);
        it.for_each(|o| got.push(o));
        prop_assert_eq!(&got, &want, "next() {} times, then fold, on {}", cut, l);
        if has_continuing_leaves(&l) {
            merged.fetch_add(1, Ordering::Relaxed);
        }
        Ok(())
    });
    assert!(n >= CASES as usize, "only {n} cases ran");
    let merged = merged.into_inner();
    assert!(
        merged >= CASES as usize / 10,
        "only {merged} layouts with merged modes"
    );
}
