//! Tensors: partitioning enumerates every coordinate once, copy moves every element, a
//! tensor cannot be built over too little data, and splitting among threads refuses
//! aliasing.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use rcute::strategies::{ShapeParams, injective_layout};
use rcute::{
    CoordTensor, Int, IntTuple, Layout, Major, Tensor, Tiler, axpby, copy, copy_if, layout,
};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};

const CASES: u32 = 1000;

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

fn shape2(m: i64, n: i64, st: bool) -> IntTuple {
    IntTuple::from_ints(&[Int::new(m, st), Int::new(n, st)])
}

/// (M, N), a CTA tile (BM, BN) and a thread layout (TM, TN) dividing the tile, row- or
/// column-major; M and N need not be multiples of the tile.
fn gemm_like() -> impl Strategy<Value = (i64, i64, i64, i64, i64, i64, bool, bool)> {
    (
        1..=4i64,
        1..=4i64,
        0..=2u32,
        0..=2u32,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_flat_map(|(bm2, bn2, tm, tn, row, st)| {
            let (bm, bn) = (1i64 << bm2, 1i64 << bn2);
            let (tm, tn) = (1i64 << tm.min(bm2 as u32), 1i64 << tn.min(bn2 as u32));
            (
                1..=3 * bm,
                1..=3 * bn,
                Just(bm),
                Just(bn),
                Just(tm),
                Just(tn),
                Just(row),
                Just(st),
            )
        })
}

#[test]
fn tiles_and_threads_of_an_identity_tensor_cover_every_coordinate_once() {
    run(gemm_like(), |(m, n, bm, bn, tm, tn, row, st)| {
        let id = CoordTensor::identity(shape2(m, n, st));
        let tiler = Tiler::try_from_shape(&shape2(bm, bn, true)).unwrap();
        let thr = Layout::with_major(
            shape2(tm, tn, true),
            if row { Major::Right } else { Major::Left },
        );
        let mut seen: BTreeMap<(i64, i64), usize> = BTreeMap::new();
        let (gm, gn) = ((m + bm - 1) / bm, (n + bn - 1) / bn);
        for i in 0..gm {
            for j in 0..gn {
                let coord = IntTuple::from_ints(&[Int::dynamic(i), Int::dynamic(j)]);
                let tile = id.local_tile(&tiler, &coord, None);
                for t in 0..tm * tn {
                    let part = tile.local_partition(&thr, t, None);
                    for k in 0..part.size().value() {
                        let c = part.get(&IntTuple::dynamic(k));
                        let (x, y) = (c.leaf(0).value(), c.leaf(1).value());
                        prop_assert!(
                            x >= i * bm && x < (i + 1) * bm && y >= j * bn && y < (j + 1) * bn
                        );
                        if x < m && y < n {
                            *seen.entry((x, y)).or_insert(0) += 1;
                        }
                    }
                }
            }
        }
        prop_assert_eq!(seen.len() as i64, m * n);
        prop_assert!(
            seen.values().all(|&c| c == 1),
            "a coordinate was reached twice"
        );
        Ok(())
    });
}

#[test]
fn copy_moves_every_element_between_any_two_layouts() {
    let p = ShapeParams {
        max_size: 512,
        ..ShapeParams::default()
    };
    let pair = rcute::strategies::shape(p).prop_flat_map(move |s| {
        let n = s.leaf_count();
        let order = Just((0..n).collect::<Vec<usize>>());
        (Just(s), order.clone().prop_shuffle(), order.prop_shuffle())
    });
    run(pair, |(s, o1, o2)| {
        let compact = |order: &[usize]| {
            let mut d = s;
            let mut acc = 1;
            for &i in order {
                d.set_leaf(i, Int::dynamic(acc));
                acc *= s.leaf(i).value();
            }
            Layout::new(s, d)
        };
        let (ls, ld) = (compact(&o1), compact(&o2));
        let n = ls.size().value() as usize;
        let src_data: Vec<u32> = (0..n as u32).collect();
        let mut dst_data = vec![u32::MAX; n];
        let src = Tensor::new(&src_data[..], ls).unwrap();
        let mut dst = Tensor::new(&mut dst_data[..], ld).unwrap();
        copy(&src, &mut dst).unwrap();
        for i in 0..n {
            prop_assert_eq!(dst[i], src[i]);
        }
        prop_assert!(
            dst_data.iter().all(|&x| x != u32::MAX),
            "an element was not written"
        );
        Ok(())
    });
}

/// A compact layout of size `n` over a random factorization of `n` (factors drawn by
/// `picks`), its modes in an order shuffled by `perm`: injective, with dynamic values.
fn refactored(n: i64, picks: &[usize], perm: &[usize]) -> Layout {
    // a random factorization of n
    let mut factors = Vec::new();
    let mut rest = n;
    for &p in picks {
        let divisors: Vec<i64> = (2..=rest).filter(|d| rest % d == 0).collect();
        if divisors.is_empty() {
            break;
        }
        let d = divisors[p % divisors.len()];
        factors.push(d);
        rest /= d;
    }
    if rest > 1 || factors.is_empty() {
        factors.push(rest);
    }
    let mut order: Vec<usize> = (0..factors.len()).collect();
    for (k, &p) in perm.iter().enumerate().take(order.len()) {
        let j = p % order.len();
        order.swap(k, j);
    }
    let mut strides = vec![0i64; factors.len()];
    let mut acc = 1;
    for &i in &order {
        strides[i] = acc;
        acc *= factors[i];
    }
    let ints =
        |v: &[i64]| IntTuple::from_ints(&v.iter().map(|&x| Int::dynamic(x)).collect::<Vec<_>>());
    Layout::new(ints(&factors), ints(&strides))
}

#[test]
fn copy_between_layouts_of_different_shapes_matches_element_by_element() {
    // The source is any layout strategy's compact layout; the destination factors the same
    // size differently (so the two walk together only when the extents divide each other,
    // as in (4,6) and (2,12), and not as in (2,3) and (3,2)), with a shuffled order.
    let p = ShapeParams {
        max_size: 720,
        ..ShapeParams::default()
    };
    let case = (
        rcute::strategies::shape(p),
        proptest::collection::vec(0usize..64, 1..8),
        proptest::collection::vec(0usize..64, 8),
    );
    run(case, |(s, picks, perm)| {
        let n = s.product().value();
        let ld = refactored(n, &picks, &perm);
        let ls = Layout::new(s, s.compact_col_major());
        let len = n as usize;
        let src_data: Vec<u32> = (0..len as u32).map(|x| x * 7 + 1).collect();
        let mut dst_data = vec![u32::MAX; len];
        let src = Tensor::new(&src_data[..], ls).unwrap();
        let mut dst = Tensor::new(&mut dst_data[..], ld).unwrap();
        copy(&src, &mut dst).unwrap();
        for i in 0..len {
            prop_assert_eq!(
                dst_data[ld.offset(i) as usize],
                src_data[ls.offset(i) as usize],
                "index {} of {} -> {}",
                i,
                ls,
                ld
            );
        }
        Ok(())
    });
}

#[test]
fn a_tensor_is_never_built_over_too_little_data() {
    run(injective_layout(ShapeParams::default(), 3), |l| {
        let cosize = l.cosize().value() as usize;
        let data = vec![0u8; cosize];
        prop_assert!(Tensor::new(&data[..], l).is_ok());
        let e = Tensor::new(&data[..cosize - 1], l).unwrap_err();
        let msg = e.to_string();
        prop_assert!(msg.contains("too short"), "{}", msg);
        prop_assert!(
            msg.ends_with(&format!("{cosize} and {}", cosize - 1)),
            "{}",
            msg
        );
        Ok(())
    });
}

#[test]
fn splitting_refuses_aliasing_and_overlap() {
    let mut data = vec![0i32; 16];
    // a stride-0 mode makes the tiles alias themselves
    let mut t = Tensor::new(&mut data[..], layout!((_4,_4):(_0,_1))).unwrap();
    let e = t
        .split_tiles_mut(&rcute::tiler!((_2, _2)), |_, _| true)
        .unwrap_err();
    assert!(e.to_string().contains("not injective"), "{e}");
    // two parts that share elements
    let parts = [(layout!((_2,_2):(_1,_4)), 0), (layout!((_2,_2):(_1,_4)), 1)];
    let e = rcute::tensor::split_disjoint(&mut data, &parts, |_, _| true).unwrap_err();
    assert!(e.to_string().contains("two parts share an element"), "{e}");
    // disjoint threads are accepted and can all write at once
    let mut t = Tensor::new(&mut data[..], layout!((_4,_4):(_1,_4))).unwrap();
    let parts = t
        .split_threads_mut(&layout!((_2,_2):(_1,_2)), |_, _| true)
        .unwrap();
    assert_eq!(parts.len(), 4);
    std::thread::scope(|s| {
        for mut p in parts {
            s.spawn(move || {
                let v = p.index() as i32 + 1;
                for x in p.iter_mut().flatten() {
                    *x = v;
                }
            });
        }
    });
    assert!(data.iter().all(|&x| (1..=4).contains(&x)));
    assert_eq!(data[..4], [1, 2, 1, 2]);
}

/// Data that holds every offset of `l` (`x * 7 + 3` at position `x`), and the origin from
/// which `l`'s negative strides reach down to its start.
fn data_under(l: &Layout) -> (Vec<i64>, usize) {
    let (mut lo, mut hi) = (0i64, 0i64);
    for (s, d) in l.shape().leaves().zip(l.stride().leaves()) {
        let span = (s.value() - 1) * d.value();
        if span < 0 {
            lo += span;
        } else {
            hi += span;
        }
    }
    ((0..=hi - lo).map(|x| x * 7 + 3).collect(), (-lo) as usize)
}

#[test]
fn iterating_a_tensor_visits_the_elements_of_its_indices_in_order() {
    // any layout (negative, zero and repeated strides too) over data that holds its
    // offsets, from an origin below which the negative strides reach
    use rcute::strategies::{LayoutParams, layout};
    run(layout(LayoutParams::default()), |l| {
        let (data, origin) = data_under(&l);
        let t = Tensor::with_origin(&data[..], origin, l).unwrap();
        let want: Vec<i64> = (0..t.size()).map(|i| *t.get(i)).collect();
        let it = t.iter();
        prop_assert_eq!(it.len(), t.size());
        prop_assert_eq!(it.copied().collect::<Vec<_>>(), want, "{}", l);
        Ok(())
    });
}

#[test]
fn copy_if_and_axpby_match_element_by_element() {
    // the source: any layout (negative, zero and repeated strides too); the destination:
    // another factorization of the same size, in a shuffled order; the predicate: random
    // bits through the source shape's row-major layout
    use rcute::strategies::{LayoutParams, layout};
    let case = (
        layout(LayoutParams::default()),
        proptest::collection::vec(0usize..64, 1..8),
        proptest::collection::vec(0usize..64, 8),
        proptest::collection::vec(any::<bool>(), 1..64),
    );
    run(case, |(lx, picks, perm, bits)| {
        let n = lx.size().value();
        let len = n as usize;
        let ly = refactored(n, &picks, &perm);
        let lp = Layout::new(lx.shape(), lx.shape().compact_row_major());
        let (xd, origin) = data_under(&lx);
        let x = Tensor::with_origin(&xd[..], origin, lx).unwrap();
        let pd: Vec<bool> = (0..len).map(|i| bits[i % bits.len()]).collect();
        let p = Tensor::new(&pd[..], lp).unwrap();
        let at = |i: usize| ly.offset(i) as usize;

        let mut yd = vec![-1i64; len];
        copy_if(&p, &x, &mut Tensor::new(&mut yd[..], ly).unwrap()).unwrap();
        let mut want = vec![-1i64; len];
        for i in (0..len).filter(|&i| *p.get(i)) {
            want[at(i)] = *x.get(i);
        }
        prop_assert_eq!(&yd, &want, "copy_if {} -> {}", lx, ly);

        // beta 0 does not read y (NaN stays out), beta 3 does
        let xf: Vec<f64> = xd.iter().map(|&v| v as f64).collect();
        let x = Tensor::with_origin(&xf[..], origin, lx).unwrap();
        for beta in [0.0, 3.0] {
            let before: Vec<f64> = (0..len)
                .map(|v| {
                    if beta == 0.0 {
                        f64::NAN
                    } else {
                        v as f64 - 2.0
                    }
                })
                .collect();
            let mut yd = before.clone();
            axpby(2.0, &x, beta, &mut Tensor::new(&mut yd[..], ly).unwrap()).unwrap();
            let mut want = before.clone();
            for i in 0..len {
                want[at(i)] = if beta == 0.0 {
                    2.0 * *x.get(i)
                } else {
                    2.0 * *x.get(i) + beta * before[at(i)]
                };
            }
            prop_assert_eq!(&yd, &want, "axpby beta {} {} -> {}", beta, lx, ly);
        }
        Ok(())
    });
}

#[test]
fn a_split_part_holds_the_elements_of_its_offsets_in_index_order() {
    // two disjoint parts of 64 elements, a column-major and a row-major 4x4 block, with
    // every third element of the second left out
    let mut data = vec![-1i32; 64];
    let parts = [(layout!((_4,_4):(_1,_8)), 0), (layout!((4,4):(8,1)), 4)];
    let keep = |p: usize, i: usize| p == 0 || !i.is_multiple_of(3);
    let split = rcute::tensor::split_disjoint(&mut data, &parts, keep).unwrap();
    for mut part in split {
        let p = part.index();
        for (i, x) in part.iter_mut().enumerate() {
            match x {
                Some(x) => *x = (100 * p + i) as i32,
                None => assert!(!keep(p, i), "part {p} lost element {i}"),
            }
        }
    }
    let mut written = 0;
    for (p, (l, origin)) in parts.iter().enumerate() {
        for i in 0..16 {
            let at = (origin + l.offset(i)) as usize;
            let want = if keep(p, i) { (100 * p + i) as i32 } else { -1 };
            assert_eq!(data[at], want, "part {p}, element {i}");
            written += keep(p, i) as usize;
        }
    }
    assert_eq!(written, 16 + 10);
    assert_eq!(data.iter().filter(|&&x| x != -1).count(), written);
}

#[test]
fn a_tensor_with_more_elements_than_i64_counts_is_refused() {
    // stride-0 modes reach no further than offset 0, so one element of storage holds the
    // offsets; the size, 2^64, does not fit
    let data = [0i32; 1];
    let big = Layout::new(
        IntTuple::from_ints(&[Int::dynamic(1 << 32), Int::dynamic(1 << 32)]),
        IntTuple::from_ints(&[Int::dynamic(0), Int::dynamic(0)]),
    );
    let e = Tensor::new(&data[..], big).unwrap_err();
    assert!(matches!(e, rcute::Error::Overflow { .. }), "{e}");
    // one below: 2^62 elements, all at offset 0, are a tensor
    let fits = Layout::new(
        IntTuple::from_ints(&[Int::dynamic(1 << 31), Int::dynamic(1 << 31)]),
        IntTuple::from_ints(&[Int::dynamic(0), Int::dynamic(0)]),
    );
    let t = Tensor::new(&data[..], fits).unwrap();
    assert_eq!(t.size(), 1 << 62);
}
