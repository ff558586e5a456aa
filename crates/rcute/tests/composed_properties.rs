//! The algebra of swizzled layouts checked by its laws (`rcute::law`) on every answer, over
//! random swizzles, offsets, layouts and coordinates, valid or not. Each test counts its
//! cases, the answers and the refusals, and asserts the counts.

use proptest::prelude::*;
use rcute::law;
use rcute::{ComposedLayout, Int, IntTuple, Layout, MaybeSwizzled, Swizzle, Tiler};

#[path = "support/composed.rs"]
mod support;

use support::{composed, layout, run, swizzle};

/// A coordinate of `l`'s modes: `_` or an index (sometimes out of range).
fn coord(l: Layout) -> impl Strategy<Value = (Layout, IntTuple)> {
    let n = l.rank();
    proptest::collection::vec((0i64..20, 0u8..3, proptest::bool::ANY), n).prop_map(move |cs| {
        let leaves: Vec<Int> = cs
            .iter()
            .enumerate()
            .map(|(i, &(v, k, s))| {
                if k == 0 {
                    Int::UNDERSCORE
                } else {
                    Int::new(v % (l.shape().leaf(i).value() + 1), s)
                }
            })
            .collect();
        (l, IntTuple::from_ints(&leaves))
    })
}

fn ok_or<T>(r: Result<T, String>) -> Result<T, TestCaseError> {
    r.map_err(TestCaseError::fail)
}

#[test]
fn slices_keep_the_function() {
    let strat = composed().prop_flat_map(|a| (Just(a), coord(a.layout())));
    let (n, ok) = run(strat, |(a, (_, c))| {
        let Ok((s, off)) = a.try_slice_and_offset(&c) else {
            return Ok(false);
        };
        ok_or(law::check_slice(&a, &c, &s, off))?;
        prop_assert_eq!(a.try_slice(&c).unwrap(), s);
        Ok(true)
    });
    assert!(ok > n / 10 && ok < n, "{ok} of {n} answered");
}

#[test]
fn inverses_invert() {
    let (n, ok) = run(composed(), |a| {
        let mut answered = false;
        if let Ok(r) = a.try_right_inverse() {
            ok_or(law::check_right_inverse(&a, &r))?;
            answered = true;
        }
        if let Ok(r) = a.try_left_inverse() {
            ok_or(law::check_left_inverse(&a, &r))?;
            answered = true;
        }
        Ok(answered)
    });
    assert!(ok > n / 10 && ok < n, "{ok} of {n} answered");
}

#[test]
fn compositions_compose() {
    let strat = (composed(), layout(), swizzle());
    let (n, ok) = run(strat, |(a, b, sw)| {
        let mut answered = false;
        if let Ok(r) = a.try_composition(&b) {
            ok_or(law::check_on_layout(&a, &a.layout().composition(&b), &r))?;
            // the composed function is A(B(i)) wherever the plain composition L o B is
            // L(B(i)) (a plain composition with zero strides in L need not be)
            let plain = ComposedLayout::new(Swizzle::new(0, 0, 0), Int::ZERO, a.layout());
            let p = MaybeSwizzled::Plain(a.layout().composition(&b));
            if law::check_composition(&plain, &b, &p).is_ok() {
                ok_or(law::check_composition(&a, &b, &MaybeSwizzled::Swizzled(r)))?;
            }
            answered = true;
        }
        // a plain layout before a swizzled one (the right one with offset _0)
        let right = ComposedLayout::new(sw, Int::ZERO, a.layout());
        if let Ok(left) = b.try_composition_swizzle_or_plain(sw) {
            let r = match left {
                MaybeSwizzled::Plain(l) => {
                    l.try_composition(&right.layout()).map(MaybeSwizzled::Plain)
                }
                MaybeSwizzled::Swizzled(k) => k
                    .try_composition(&right.layout())
                    .map(MaybeSwizzled::Swizzled),
            };
            if let Ok(r) = r {
                // CuTe's composition(Layout, Swizzle) "works in simple cases": the law
                // tells which
                if law::check_layout_composition(&b, &right, &r).is_ok() {
                    answered = true;
                }
            }
        }
        Ok(answered)
    });
    eprintln!("chains: {n} cases, {ok} answered and law-checked");
    assert!(ok > n / 10, "{ok} of {n} answered");
}

#[test]
fn operations_on_the_layout_keep_the_swizzle() {
    let strat = (composed(), 1i64..5);
    let (n, ok) = run(strat, |(a, t)| {
        let tiler = Tiler::layout(Layout::new(IntTuple::constant(t), IntTuple::constant(1)));
        let mut answered = false;
        if let Ok(r) = a.try_coalesce() {
            ok_or(law::check_on_layout(&a, &a.layout().coalesce(), &r))?;
            ok_or(law::check_same_function(&a, &r))?;
            answered = true;
        }
        if let Ok(r) = a.try_logical_divide(&tiler) {
            ok_or(law::check_on_layout(
                &a,
                &a.layout().logical_divide(&tiler),
                &r,
            ))?;
            answered = true;
        }
        if let Ok(r) = a.try_zipped_product(&tiler) {
            ok_or(law::check_on_layout(
                &a,
                &a.layout().zipped_product(&tiler),
                &r,
            ))?;
        }
        let c = IntTuple::from_ints(&vec![Int::dynamic(1); a.rank()]);
        if let Ok(r) = a.try_domain_offset(&c) {
            ok_or(law::check_domain_offset(&a, &c, &r, 0))?;
        }
        Ok(answered)
    });
    assert!(ok > n / 2, "{ok} of {n} answered");
}

#[test]
fn casts_scale_the_swizzle_and_alignment_holds() {
    let strat = (
        composed(),
        prop_oneof![Just(2i64), Just(4), Just(8), Just(3)],
    );
    let (n, ok) = run(strat, |(a, k)| {
        let mut answered = false;
        if let Ok(MaybeSwizzled::Swizzled(r)) = a.try_upcast(k) {
            ok_or(law::check_swizzle_upcast(a.swizzle(), k, r.swizzle()))?;
            prop_assert_eq!(r.layout(), a.layout().upcast(k));
            answered = true;
        }
        if let Ok(MaybeSwizzled::Swizzled(r)) = a.try_downcast(k) {
            ok_or(law::check_swizzle_downcast(a.swizzle(), k, r.swizzle()))?;
            prop_assert_eq!(r.layout(), a.layout().downcast(k));
            answered = true;
        }
        if let Ok(m) = a.try_max_alignment()
            && a.layout().is_static()
        {
            ok_or(law::check_alignment(&ok_or(law::image(&a))?, m.value()))?;
        }
        Ok(answered)
    });
    assert!(ok > n / 10 && ok < n, "{ok} of {n} answered");
}
