//! The algebra checked by its definition over whole domains, on random valid inputs from
//! `rcute::strategies`. Each test counts its cases and asserts the count.

use proptest::prelude::*;
use rcute::strategies::{
    LayoutParams, ShapeParams, complementable, composable_pair, divisible_tiler, injective_layout,
    layout, run_counted,
};
use rcute::{IntTuple, Layout, Tiler};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicUsize, Ordering};

const CASES: u32 = 1000;

fn run<S: Strategy>(strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>) -> usize
where
    S::Value: std::fmt::Debug,
{
    run_counted(CASES, strategy, |v| test(v).map(|()| true)).ran
}

fn size(l: &Layout) -> usize {
    l.size().value() as usize
}

fn image(l: &Layout) -> Vec<i64> {
    (0..size(l)).map(|i| l.offset(i)).collect()
}

fn multiset(v: &[i64]) -> BTreeMap<i64, usize> {
    let mut m = BTreeMap::new();
    for &x in v {
        *m.entry(x).or_insert(0) += 1;
    }
    m
}

#[test]
fn coalesce_keeps_the_function() {
    run(layout(LayoutParams::default()), |l| {
        let c = l.coalesce();
        prop_assert!(c.depth() <= 1, "{c}");
        prop_assert_eq!(c.size().value(), l.size().value());
        for i in 0..size(&l) {
            prop_assert_eq!(c.offset(i), l.offset(i), "{} -> {} at {}", l, c, i);
        }
        Ok(())
    });
}

#[test]
fn cosize_is_the_size_of_the_coshape() {
    run(layout(LayoutParams::default()), |l| {
        // the leaf-by-leaf sum gives CuTe's tree fold exactly: value and static bit
        let c = l.cosize();
        prop_assert_eq!(c, l.try_coshape().unwrap().product(), "{}", l);
        // and it is one past the largest offset when no stride is negative
        if l.stride().leaves().all(|d| d.value() >= 0) {
            let max = image(&l).into_iter().max().unwrap_or(0);
            prop_assert_eq!(c.value(), max + 1, "{}", l);
        }
        Ok(())
    });
}

#[test]
fn filter_keeps_the_nonzero_image() {
    run(layout(LayoutParams::default()), |l| {
        let f = l.filter();
        let img: BTreeSet<i64> = image(&l).into_iter().collect();
        let fimg: BTreeSet<i64> = image(&f).into_iter().collect();
        prop_assert_eq!(&img, &fimg, "{} -> {}", l, f);
        // no static zero strides remain, except in the empty result _1:_0
        if f.to_string() != "_1:_0" {
            prop_assert!(f.stride().leaves().all(|d| !d.is_constant(0)), "{f}");
        }
        Ok(())
    });
}

#[test]
fn composition_is_function_composition() {
    run(composable_pair(LayoutParams::default()), |(a, b)| {
        let r = a.composition(&b);
        prop_assert!(
            b.shape().compatible(&r.shape()).truth(),
            "{} o {} = {}",
            a,
            b,
            r
        );
        for i in 0..size(&b) {
            let bi = b.offset(i);
            prop_assert!(bi >= 0);
            prop_assert_eq!(
                r.offset(i),
                a.offset(bi as usize),
                "{} o {} = {} at {}",
                a,
                b,
                r,
                i
            );
        }
        Ok(())
    });
}

#[test]
fn complement_is_disjoint_ordered_and_covers() {
    let p = ShapeParams {
        max_leaves: 5,
        max_size: 512,
        ..ShapeParams::default()
    };
    run(complementable(p, 3), |(l, cotarget)| {
        let c = l.complement(&cotarget);
        let ci = image(&c);
        // ordered: strictly increasing
        prop_assert!(
            ci.windows(2).all(|w| w[0] < w[1]),
            "{} complement {} = {}",
            l,
            cotarget,
            c
        );
        // disjoint: (L, C) is injective
        let both = Layout::concat(&[l, c]);
        let bi = image(&both);
        let set: BTreeSet<i64> = bi.iter().copied().collect();
        prop_assert_eq!(set.len(), bi.len(), "(L, C) is not injective: {}", both);
        // covers [0, cotarget) when the sizes allow
        let target = cotarget.as_int().unwrap().value();
        if size(&l) as i64 * size(&c) as i64 == target {
            prop_assert!(
                set.iter().copied().eq(0..target),
                "{} does not cover [0, {})",
                both,
                target
            );
        } else {
            prop_assert!(both.cosize().value() >= target);
        }
        Ok(())
    });
}

#[test]
fn right_inverse_is_a_right_inverse() {
    run(layout(LayoutParams::default()), |l| {
        let r = l.right_inverse();
        for i in 0..size(&r) {
            prop_assert_eq!(
                l.offset(r.offset(i) as usize),
                i as i64,
                "{} right_inverse {} at {}",
                l,
                r,
                i
            );
        }
        Ok(())
    });
}

#[test]
fn left_inverse_is_a_left_inverse_on_injective_layouts() {
    run(injective_layout(ShapeParams::default(), 3), |l| {
        let r = l.left_inverse();
        for i in 0..size(&l) {
            prop_assert_eq!(
                r.offset(l.offset(i) as usize),
                i as i64,
                "{} left_inverse {} at {}",
                l,
                r,
                i
            );
        }
        Ok(())
    });
}

#[test]
fn logical_divide_splits_into_the_tile_and_the_rest() {
    run(divisible_tiler(LayoutParams::default()), |(l, t)| {
        let d = l.logical_divide(&Tiler::layout(t));
        prop_assert_eq!(d.rank(), 2);
        // the first mode is composition(L, T)
        let tile = d.mode(0);
        let comp = l.composition(&t);
        prop_assert_eq!(tile.size().value(), t.size().value());
        prop_assert_eq!(image(&tile), image(&comp), "{} / {} = {}", l, t, d);
        // the whole is L composed with (T, complement(T, shape(coalesce(L))))
        let c = t.complement(&l.coalesce().shape());
        let full = l.composition(&Layout::concat(&[t, c]));
        prop_assert_eq!(image(&d), image(&full));
        // zipped_divide by a layout is the same layout
        prop_assert_eq!(l.zipped_divide(&Tiler::layout(t)), d);
        Ok(())
    });
}

#[test]
fn logical_product_repeats_the_block() {
    let p = LayoutParams {
        shape: ShapeParams {
            min_extent: 2,
            max_leaves: 4,
            max_size: 64,
            ..ShapeParams::default()
        },
        ..LayoutParams::default()
    };
    // A compact block has a one-mode complement, so any tiler composes with it.
    run(
        (injective_layout(p.shape, 1), injective_layout(p.shape, 2)),
        |(a, b)| {
            let r = a.logical_product(&Tiler::layout(b));
            prop_assert_eq!(r.rank(), 2);
            prop_assert_eq!(r.mode(0), a);
            prop_assert!(
                b.shape().compatible(&r.mode(1).shape()).truth(),
                "{} x {} = {}",
                a,
                b,
                r
            );
            prop_assert_eq!(r.size().value(), a.size().value() * b.size().value());
            // an injective block times an injective tiler is injective
            let img = image(&r);
            let set: BTreeSet<i64> = img.iter().copied().collect();
            prop_assert_eq!(
                set.len(),
                img.len(),
                "{} x {} = {} is not injective",
                a,
                b,
                r
            );
            // the rank-sensitive products and the rearrangements hold the same elements
            let zipped = a.zipped_product(&Tiler::layout(b));
            let flat = a.flat_product(&Tiler::layout(b));
            let mut others = vec![zipped, flat];
            // CuTe zips the block with the repeats mode by mode: a rank-1 tuple and an integer
            // do not zip (CuTe does not compile it), anything else does
            let zippable =
                a.rank() != 1 || b.rank() != 1 || a.shape().is_tuple() == b.shape().is_tuple();
            match (a.try_blocked_product(&b), a.try_raked_product(&b)) {
                (Ok(x), Ok(y)) => others.extend([x, y]),
                (x, y) => prop_assert!(!zippable, "{} x {}: {:?} {:?}", a, b, x, y),
            }
            for other in others {
                prop_assert_eq!(
                    multiset(&image(&other)),
                    multiset(&img),
                    "{} vs {}",
                    other,
                    r
                );
            }
            Ok(())
        },
    );
}

static CHECKED: AtomicUsize = AtomicUsize::new(0);

#[test]
fn divides_by_shape_tilers_keep_every_element() {
    run(layout(LayoutParams::default()), |l| {
        // tile every mode by a divisor of its size
        let modes: Vec<IntTuple> = l
            .shape()
            .modes()
            .map(|m| {
                let s = m.size().value();
                let d = (1..=s).rev().find(|d| s % d == 0 && *d <= 4).unwrap();
                IntTuple::constant(d)
            })
            .collect();
        let t = if l.shape().is_leaf() {
            Tiler::try_from_shape(&modes[0]).unwrap()
        } else {
            Tiler::try_from_shape(&IntTuple::tuple(&modes)).unwrap()
        };
        let even = l.shape().evenly_divides_tiler(&t).truth();
        let d = match l.try_logical_divide(&t) {
            Ok(d) => d,
            Err(e) => {
                // Refused only by a divisibility condition of the composition: CuTe
                // static_asserts it on static values (for example a tile of 4 over
                // `(_3,_6):(_0,_-1)`, whose modes cannot merge), and skips it on dynamic
                // values that it could not coalesce, splitting a tile across them (a wrong
                // layout).
                prop_assert!(
                    matches!(e, rcute::Error::Precondition { .. }),
                    "{} / {}: {}",
                    l,
                    t,
                    e
                );
                return Ok(());
            }
        };
        if !even {
            // CuTe pads a tile that does not divide the (uncoalesced) modes
            prop_assert!(
                d.size().value() >= l.size().value(),
                "{} / {} = {}",
                l,
                t,
                d
            );
            return Ok(());
        }
        CHECKED.fetch_add(1, Ordering::Relaxed);
        prop_assert_eq!(d.size().value(), l.size().value(), "{} / {} = {}", l, t, d);
        let want = multiset(&image(&l));
        for other in [
            d,
            l.zipped_divide(&t),
            l.tiled_divide(&t),
            l.flat_divide(&t),
        ] {
            prop_assert_eq!(
                multiset(&image(&other)),
                want.clone(),
                "{} / {} = {}",
                l,
                t,
                other
            );
        }
        Ok(())
    });
    let checked = CHECKED.load(Ordering::Relaxed);
    assert!(
        checked >= CASES as usize / 2,
        "only {checked} layouts were evenly divided"
    );
}

/// left_inverse with negative strides, on every static layout of rank 1 and 2 with extents
/// 1 to 4 and strides -8 to 8: an answer keeps CuTe's contract as CuTe evaluates a layout
/// at any integer (`R(L(i))` an index of `L` with `L(R(L(i))) == L(i)`, and `R(L(i)) == i` for an injective `L`, through
/// `crd2idx`, also at negative offsets), and some answers with negative strides are given
/// (CuTe's negative extents), some refused.
#[test]
fn left_inverse_with_negative_strides_is_a_left_inverse_or_refused() {
    let (mut given, mut refused, mut cases) = (0, 0, 0);
    let strides: Vec<i64> = (-8..=8).collect();
    let mut layouts = Vec::new();
    for s0 in 1..=4 {
        for &d0 in &strides {
            layouts.push(format!("_{s0}:_{d0}"));
            for s1 in 1..=4 {
                for &d1 in &strides {
                    layouts.push(format!("(_{s0},_{s1}):(_{d0},_{d1})"));
                }
            }
        }
    }
    for text in &layouts {
        let l = Layout::parse(text);
        if !l.stride().leaves().any(|d| d.value() < 0) {
            continue;
        }
        cases += 1;
        let Ok(r) = l.try_left_inverse() else {
            refused += 1;
            continue;
        };
        given += 1;
        let at = |m: &Layout, x: i64| m.try_crd2idx(&IntTuple::dynamic(x)).map(|v| v.value());
        let img = image(&l);
        let injective = img.iter().collect::<BTreeSet<_>>().len() == img.len();
        for (i, &x) in img.iter().enumerate() {
            let y = at(&r, x).unwrap();
            assert!(
                (0..img.len() as i64).contains(&y),
                "{l}: left_inverse {r} at {i}"
            );
            assert_eq!(at(&l, y), Ok(x), "{l}: left_inverse {r} at {i}");
            if injective {
                assert_eq!(y, i as i64, "{l}: left_inverse {r} at {i}");
            }
        }
    }
    assert!(cases >= 3000, "only {cases} layouts with a negative stride");
    eprintln!("{cases} layouts with a negative stride: {given} given, {refused} refused");
    assert!(
        given >= 50 && refused >= 50,
        "{given} given, {refused} refused"
    );
}
