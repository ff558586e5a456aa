//! Swizzles and composed layouts: properties over random swizzles and layouts, the SVG
//! pictures checked cell by cell. (Bad input through the language:
//! `crates/rcute-lang/tests/bad_input.rs`.)

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use rcute::print::{svg_layout, svg_tv};
use rcute::strategies::{LayoutParams, layout};
use rcute::{ComposedLayout, Int, Layout, Major, Swizzle, int_tuple, layout};
use std::sync::atomic::{AtomicUsize, Ordering};

const CASES: u32 = 1000;

fn swizzle() -> impl Strategy<Value = Swizzle> {
    (0..=4i64, 0..=4i64, -6..=6i64)
        .prop_filter("|S| >= B", |(b, _, s)| s.abs() >= *b)
        .prop_map(|(b, m, s)| Swizzle::new(b, m, s))
}

fn run<S: Strategy>(strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>)
where
    S::Value: std::fmt::Debug,
{
    let ran = AtomicUsize::new(0);
    TestRunner::new(Config {
        cases: CASES,
        failure_persistence: None,
        ..Config::default()
    })
    .run(&strategy, |v| {
        ran.fetch_add(1, Ordering::Relaxed);
        test(v)
    })
    .unwrap();
    assert!(ran.into_inner() >= CASES as usize);
}

#[test]
fn a_composed_layout_is_the_swizzle_of_offset_plus_layout() {
    run(
        (swizzle(), -64..64i64, layout(LayoutParams::default())),
        |(sw, o, l)| {
            let c = ComposedLayout::new(sw, Int::dynamic(o), l);
            prop_assert_eq!(c.size(), l.size());
            for i in 0..l.size().value() as usize {
                let want = sw.apply(o + l.offset(i));
                prop_assert_eq!(c.offset(i), want);
                prop_assert_eq!(c.apply(&rcute::IntTuple::dynamic(i as i64)).value(), want);
            }
            Ok(())
        },
    );
}

#[test]
fn a_swizzle_is_its_own_inverse() {
    run((swizzle(), 0..(1i64 << 20)), |(sw, x)| {
        prop_assert_eq!(sw.apply(sw.apply(x)), x);
        // only the ZZZ field changes
        prop_assert_eq!(sw.apply(x) & !sw.zzz_mask(), x & !sw.zzz_mask());
        Ok(())
    });
}

#[test]
fn swizzling_a_layout_keeps_its_size_and_permutes_whole_blocks() {
    run((swizzle(), layout(LayoutParams::default())), |(sw, l)| {
        let c = ComposedLayout::new(sw, Int::ZERO, l);
        prop_assert_eq!(c.size(), l.size());
        prop_assert_eq!(c.cosize(), l.cosize());
        // composing with a tiler keeps the swizzle and composes the layout
        let b = Layout::from_shape(rcute::IntTuple::from_int(l.size()));
        let ct = c.composition(&b);
        prop_assert_eq!(ct.swizzle(), sw);
        prop_assert_eq!(ct.size().value(), l.size().value());
        for i in 0..l.size().value() as usize {
            prop_assert_eq!(ct.offset(i), c.offset(i));
        }
        Ok(())
    });
}

fn cells(svg: &str) -> Vec<(usize, usize, String, String)> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG parses as XML");
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .map(|g| {
            let text: Vec<&str> = g
                .children()
                .filter(|c| c.has_tag_name("text"))
                .filter_map(|t| t.text())
                .collect();
            (
                g.attribute("data-m").unwrap().parse().unwrap(),
                g.attribute("data-n").unwrap().parse().unwrap(),
                g.attribute("data-offset").unwrap_or("").to_string(),
                text.join(" "),
            )
        })
        .collect()
}

#[test]
fn the_svg_of_a_swizzled_8x8_layout_holds_every_offset() {
    let sw = ComposedLayout::new(
        Swizzle::new(3, 0, 3),
        Int::ZERO,
        Layout::with_major(int_tuple!((_8, _8)), Major::Right),
    );
    let svg = svg_layout(&sw).unwrap();
    let cells = cells(&svg);
    assert_eq!(cells.len(), 64);
    let mut seen = std::collections::BTreeSet::new();
    for (m, n, offset, text) in &cells {
        let want = sw.offset_of(&[*m, *n]);
        assert_eq!(offset, &want.to_string(), "cell ({m},{n})");
        assert_eq!(text, &want.to_string(), "cell ({m},{n})");
        // a row of Sw<3,0,3> over a row-major 8x8 holds 8 distinct offsets of that row
        assert_eq!(want / 8, *m as i64);
        seen.insert((*m, *n));
    }
    assert_eq!(seen.len(), 64);
}

#[test]
fn the_svg_of_a_tv_layout_names_the_first_thread_and_value_of_each_cell() {
    // the tutorial's TV layout over an 8x8 tile: 8 threads x 4 values
    let tv = layout!(((_4,_2),(_2,_2)):((_16,_1),(_8,_2)));
    let svg = svg_tv(&tv, &int_tuple!((_8, _8))).unwrap();
    let cells = cells(&svg);
    assert_eq!(cells.len(), 64);
    for t in 0..8 {
        for v in 0..4 {
            let off = tv.offset_of(&[t, v]) as usize;
            let (m, n) = (off % 8, off / 8);
            let cell = cells.iter().find(|c| c.0 == m && c.1 == n).unwrap();
            assert_eq!(cell.3, format!("T{t} V{v}"));
        }
    }
}
