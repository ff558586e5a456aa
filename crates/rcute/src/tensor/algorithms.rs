//! Algorithms over tensors (CuTe's `copy`, `copy_if`, `fill`, `clear`, `axpby`,
//! `transform`, `gemm`), element by element in 1-D (colexicographic) order.

use super::block::Block;
use super::{Storage, StorageMut, Tensor};
use crate::error::Error;
use crate::layout::Layout;
use core::ops::{Add, Mul};

/// Numbers the arithmetic algorithms work on.
pub trait Scalar: Copy + Default + PartialEq + Add<Output = Self> + Mul<Output = Self> {}
impl<T: Copy + Default + PartialEq + Add<Output = T> + Mul<Output = T>> Scalar for T {}

/// The most modes of a common refinement of two layouts (each has at most
/// [`crate::tuple::CAPACITY`] leaves, and every step of the refinement consumes a leaf).
const MAX_RUN_MODES: usize = 2 * crate::tuple::CAPACITY;

/// Leaf `k` of a plain integer layout as (extent, stride); `None` for a basis leaf or an
/// extent below 1.
fn int_leaf(l: &Layout, k: usize) -> Option<(i64, i64)> {
    let (e, d) = (l.shape_ref().leaf(k), l.stride_ref().leaf(k));
    if e.is_basis() || d.is_basis() || e.value() < 1 {
        return None;
    }
    Some((e.value(), d.value()))
}

/// Stretches of the innermost mode of a walk along its second mode (see
/// [`for_each_panel`]): with `run = (len, da, db)` and `next = (count, na, nb)`, stretch
/// `j in 0..count` has the offsets `a + j*na + k*da` and `b + j*nb + k*db` for
/// `k in 0..len`.
#[derive(Clone, Copy)]
struct Panel {
    a: i64,
    b: i64,
    run: (i64, i64, i64),
    next: (i64, i64, i64),
}

impl Panel {
    /// Calls `run(a, b)` with the start offsets of each stretch.
    #[inline(always)]
    fn for_each_start(self, mut run: impl FnMut(i64, i64)) {
        let (count, na, nb) = self.next;
        let (mut a, mut b) = (self.a, self.b);
        for _ in 0..count {
            run(a, b);
            a += na;
            b += nb;
        }
    }
}

/// Walks two layouts of the same size together, in 1-D (colexicographic) order, without
/// dividing (see [`Walk`]): `panel(p)` is called for each [`Panel`], the stretches of the
/// innermost mode along the second mode.
///
/// Returns `false`, having called nothing, when the layouts have no common refinement
/// (their extents do not divide each other, as `(2,3)` and `(3,2)`) or are not plain
/// integer layouts; the caller then goes element by element.
fn for_each_panel(a: &Layout, b: &Layout, panel: impl FnMut(Panel)) -> bool {
    match Walk::new(a, b) {
        Some(w) => {
            w.for_each_panel(panel);
            true
        }
        None => false,
    }
}

#[cfg_attr(not(feature = "simd"), allow(dead_code))]
impl Block {
    /// Panel `p` as a block, when it transposes: its stretches run down one side and
    /// along the other, and the next stretch starts one element further on the side
    /// where they run down (a tile of 16 or more rows of a row-major matrix copied into
    /// a column-major one, or back), with extents that [fit](Block::fits).
    fn of(p: Panel) -> Option<Block> {
        let ((len, da, db), (count, na, nb)) = (p.run, p.next);
        let (ls, ld, rows, cols) = if db == 1 && na == 1 && da > 0 && nb > 0 {
            // stretch k of the run: source row k (stride da), contiguous along the next
            // mode; destination row j of the next mode (stride nb), contiguous along k
            (da, nb, len, count)
        } else if da == 1 && nb == 1 && na > 0 && db > 0 {
            // the mirror: source rows along the run (stride na between them), destination
            // rows along the next mode (stride db)
            (na, db, count, len)
        } else {
            return None;
        };
        let blk = Block {
            a: p.a as usize,
            ls: ls as usize,
            b: p.b as usize,
            ld: ld as usize,
            rows: rows as usize,
            cols: cols as usize,
        };
        blk.fits().then_some(blk)
    }
}

/// Whether stretches `run = (len, da, db)` are copied by [`copy_unrolled`]: 4, 8 or 16
/// elements, contiguous on one side and a positive stride apart on the other (a tile's
/// column into a transposed tile's row, or back).
fn unrolls(run: (i64, i64, i64)) -> bool {
    let (len, da, db) = run;
    matches!(len, 4 | 8 | 16) && ((db == 1 && da > 1) || (da == 1 && db > 1))
}

/// The walk of two layouts of the same size together, in 1-D (colexicographic) order,
/// without dividing: their flattened modes split to a common refinement, neighbouring
/// modes that continue each other on both sides merged. The first two modes make a
/// [`Panel`]; the rest are counted like an odometer ([`Walk::for_each_panel`]).
///
/// The walk is built once and its panels all have the same `run` and `next`, so a caller
/// picks the copy of a panel once, before the walk, and [`Walk::for_each_panel`] is
/// compiled into each such copy: a layout of small panels (a tile walked by sub-tiles of
/// 8x8) pays for no choice nor call per panel.
struct Walk {
    /// (extent, stride in a, stride in b), innermost first; at least one
    modes: [(i64, i64, i64); MAX_RUN_MODES],
    n: usize,
}

impl Walk {
    /// The walk of `a` and `b` together; `None` when they have no common refinement or
    /// are not plain integer layouts.
    fn new(a: &Layout, b: &Layout) -> Option<Walk> {
        let (na, nb) = (a.shape_ref().leaf_count(), b.shape_ref().leaf_count());
        // (extent, stride in a, stride in b), innermost first
        let mut modes = [(0i64, 0i64, 0i64); MAX_RUN_MODES];
        let mut n = 0;
        let (mut i, mut j) = (0, 0);
        // what is left of the current leaf of each side: (extent, stride); extent 0 before the first
        let (mut ea, mut da, mut eb, mut db) = (0i64, 0i64, 0i64, 0i64);
        loop {
            if ea <= 1 {
                if i == na {
                    break;
                }
                let (e, d) = int_leaf(a, i)?;
                (ea, da) = (e, d);
                i += 1;
                continue;
            }
            if eb <= 1 {
                if j == nb {
                    break;
                }
                let (e, d) = int_leaf(b, j)?;
                (eb, db) = (e, d);
                j += 1;
                continue;
            }
            // both extents are at least 2 here, so a mode is still to come
            if n == MAX_RUN_MODES {
                return None;
            }
            let e = if ea % eb == 0 {
                eb
            } else if eb % ea == 0 {
                ea
            } else {
                return None;
            };
            if e > 1 {
                modes[n] = (e, da, db);
                n += 1;
            }
            let (nda, ndb) = (da.checked_mul(e)?, db.checked_mul(e)?);
            (ea, da, eb, db) = (ea / e, nda, eb / e, ndb);
        }
        // both sides must be used up exactly (equal sizes), trailing extent-1 modes aside
        while i < na && a.shape_ref().leaf(i).value() == 1 {
            i += 1;
        }
        while j < nb && b.shape_ref().leaf(j).value() == 1 {
            j += 1;
        }
        if i != na || j != nb || ea > 1 || eb > 1 {
            return None;
        }
        // merge neighbouring modes that continue each other on both sides (by value: a
        // contiguous copy becomes one run)
        let mut m = 0;
        let mut k = 1;
        while k < n {
            let (e, sa, sb) = modes[m];
            let (e2, sa2, sb2) = modes[k];
            if sa.checked_mul(e) == Some(sa2) && sb.checked_mul(e) == Some(sb2) {
                modes[m].0 = e * e2;
            } else {
                m += 1;
                modes[m] = modes[k];
            }
            k += 1;
        }
        if n > 0 {
            n = m + 1;
        } else {
            // a single element: one run of one
            modes[0] = (1, 0, 0);
            n = 1;
        }
        Some(Walk { modes, n })
    }

    /// The innermost mode: the stretches of every [`Panel`].
    fn run(&self) -> (i64, i64, i64) {
        self.modes[0]
    }

    /// The second mode, along which a [`Panel`]'s stretches follow each other (one
    /// stretch when there is none).
    fn next(&self) -> (i64, i64, i64) {
        if self.n > 1 { self.modes[1] } else { (1, 0, 0) }
    }

    /// Calls `panel(p)` for each [`Panel`] of the walk, counting the modes after the
    /// first two like an odometer.
    #[inline(always)]
    fn for_each_panel(&self, mut panel: impl FnMut(Panel)) {
        let (modes, n) = (&self.modes, self.n);
        let (run, next) = (self.run(), self.next());
        let mut idx = [0i64; MAX_RUN_MODES];
        let (mut oa, mut ob) = (0i64, 0i64);
        loop {
            panel(Panel {
                a: oa,
                b: ob,
                run,
                next,
            });
            let mut m = 2;
            loop {
                if m >= n {
                    return;
                }
                let (e, sa, sb) = modes[m];
                idx[m] += 1;
                oa += sa;
                ob += sb;
                if idx[m] < e {
                    break;
                }
                idx[m] = 0;
                oa -= sa * e;
                ob -= sb * e;
                m += 1;
            }
        }
    }
}

/// The stretches of `p` (offsets into `s` and `d`), of `N` elements contiguous on one
/// side and a positive stride apart on the other: `N` known to the compiler, which unrolls
/// the copy of a stretch, so that its strided loads or stores are issued together.
#[inline(always)]
fn copy_unrolled<const N: usize, T: Copy, U>(s: &[T], d: &mut [U], p: Panel, f: &impl Fn(T) -> U) {
    let (_, da, db) = p.run;
    let (da, db) = (da as usize, db as usize);
    if db == 1 {
        // a gather: down a source column into a contiguous stretch
        p.for_each_start(|a, b| {
            let (a, b) = (a as usize, b as usize);
            let src = &s[a..=a + (N - 1) * da];
            let dst = &mut d[b..b + N];
            for (k, y) in dst.iter_mut().enumerate() {
                *y = f(src[k * da]);
            }
        });
    } else {
        // a scatter: a contiguous stretch down a destination column
        p.for_each_start(|a, b| {
            let (a, b) = (a as usize, b as usize);
            let src = &s[a..a + N];
            let dst = &mut d[b..=b + (N - 1) * db];
            for (k, x) in src.iter().enumerate() {
                dst[k * db] = f(*x);
            }
        });
    }
}

/// `d[b + k*db] = f(s[a + k*da])` for `k in 0..len`.
#[inline(always)]
fn copy_run<T: Copy, U>(
    s: &[T],
    (a, da): (i64, i64),
    d: &mut [U],
    (b, db): (i64, i64),
    len: i64,
    f: &impl Fn(T) -> U,
) {
    if db == 1 {
        // a contiguous destination: one bounds check for the stretch
        let b = b as usize;
        let dst = &mut d[b..b + len as usize];
        let mut a = a;
        for y in dst {
            *y = f(s[a as usize]);
            a += da;
        }
        return;
    }
    let (mut a, mut b) = (a, b);
    for _ in 0..len {
        d[b as usize] = f(s[a as usize]);
        a += da;
        b += db;
    }
}

/// The storage positions of the elements of the tensor with layout `l` and origin
/// `origin`, in 1-D order, walked without division ([`Layout::offsets`]); a tensor's
/// layout always walks, since [`Tensor::new`] checked that its offsets are plain integers
/// inside the storage.
fn positions(l: &Layout, origin: usize) -> impl Iterator<Item = usize> {
    let o = origin as i64;
    l.offsets().map(move |x| (o + x) as usize)
}

fn same_size(op: &'static str, a: usize, b: usize) -> Result<(), Error> {
    if a != b {
        return Err(Error::Precondition {
            msg: op,
            mode: -1,
            lhs: a as i64,
            rhs: b as i64,
        });
    }
    Ok(())
}

/// `dst(i) = src(i)` for every 1-D index `i` (CuTe's `copy`): any two layouts of the same
/// size. The layouts are walked together without division where their extents divide
/// each other; stretches contiguous on both sides are copied with `copy_from_slice`, and
/// stretches of 4, 8 or 16 elements contiguous on one side and with a positive stride on
/// the other (a tile's column into a transposed tile's row, or back) with the loop
/// unrolled. Where the extents do not divide each other (`(2,3)` and `(3,2)`), each layout
/// is walked on its own ([`Layout::offsets`]), side by side, still without division.
///
/// With the `simd` feature (on by default), on x86-64, tiles of a transpose whose
/// extents are multiples of 16 (`(_16,_512)` tiles of a row-major matrix copied into a
/// column-major one, or back) of `f32`, `u32` or `i32` are copied by 16x16 blocks with
/// vector instructions: 16 whole source rows loaded, transposed in registers and stored
/// as 16 whole destination rows (AVX-512F where the processor has it; SSE2 where the
/// block rows start on 64-byte boundaries). The result is the same as element by
/// element: the blocks are taken only where no two destination positions coincide.
///
/// ```
/// use rcute::{Tensor, copy, layout};
/// let src: Vec<i32> = (0..12).collect();
/// let mut dst = vec![0; 12];
/// let s = Tensor::new(&src[..], layout!((_3,_4):(_1,_3))).unwrap();
/// let mut d = Tensor::new(&mut dst[..], layout!((_3,_4):(_4,_1))).unwrap();
/// copy(&s, &mut d).unwrap();
/// assert_eq!(dst, [0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11]);
/// ```
pub fn copy<S, D, T>(src: &Tensor<S>, dst: &mut Tensor<D>) -> Result<(), Error>
where
    S: Storage<Elem = T>,
    D: StorageMut<Elem = T>,
    T: Copy + 'static,
{
    #[cfg(feature = "simd")]
    let blocks = super::simd::available::<T>().then(|| {
        let kernel = super::simd::Kernel::detect();
        move |s: &[T], d: &mut [T], blk: Block| super::simd::transpose(s, d, blk, kernel)
    });
    #[cfg(not(feature = "simd"))]
    let blocks = None::<fn(&[T], &mut [T], Block) -> bool>;
    map_into(
        "copy: the tensors have different sizes",
        src,
        dst,
        |x| x,
        |s, d| d.copy_from_slice(s),
        blocks,
    )
}

/// `dst(i) = f(src(i))` for every 1-D index `i`, walking both layouts together where they
/// have a common refinement; `contiguous(s, d)` does a stretch that is contiguous on both
/// sides (`s` and `d` have the same length), and `blocks(s, d, blk)`, when given, a panel
/// that transposes ([`Block::of`]), or answers `false` having copied nothing.
fn map_into<S, D, T, U>(
    op: &'static str,
    src: &Tensor<S>,
    dst: &mut Tensor<D>,
    f: impl Fn(T) -> U,
    contiguous: impl Fn(&[T], &mut [U]),
    blocks: Option<impl Fn(&[T], &mut [U], Block) -> bool>,
) -> Result<(), Error>
where
    S: Storage<Elem = T>,
    D: StorageMut<Elem = U>,
    T: Copy,
{
    let n = src.size();
    same_size(op, n, dst.size())?;
    let (so, d_o) = (src.origin as i64, dst.origin as i64);
    let s = src.storage.as_slice();
    let d = dst.storage.as_mut_slice();
    // every offset of a tensor's layout lies in its storage (checked by `Tensor::new`)
    let Some(w) = Walk::new(&src.layout, &dst.layout) else {
        // no common refinement: both layouts walked side by side, element by element
        for (a, b) in positions(&src.layout, src.origin).zip(positions(&dst.layout, dst.origin)) {
            d[b] = f(s[a]);
        }
        return Ok(());
    };
    // the copy of a panel is chosen once: every panel has the same run and next
    let at = |p: Panel| Panel {
        a: so + p.a,
        b: d_o + p.b,
        ..p
    };
    let (len, da, db) = w.run();
    // every panel is the same block but for its origins
    let shape = Block::of(Panel {
        a: 0,
        b: 0,
        run: w.run(),
        next: w.next(),
    });
    if let (Some(blocks), Some(shape)) = (blocks, shape) {
        w.for_each_panel(|p| {
            let p = at(p);
            let blk = Block {
                a: p.a as usize,
                b: p.b as usize,
                ..shape
            };
            if blocks(s, d, blk) {
                return;
            }
            // refused (SSE2 rows off cache lines): the panel as the match below copies it
            if len == 16 && unrolls(w.run()) {
                copy_unrolled::<16, T, U>(s, d, p, &f);
            } else {
                p.for_each_start(|a, b| copy_run(s, (a, da), d, (b, db), len, &f));
            }
        });
        return Ok(());
    }
    match (len, unrolls(w.run())) {
        _ if da == 1 && db == 1 => {
            let len = len as usize;
            w.for_each_panel(|p| {
                at(p).for_each_start(|a, b| {
                    let (a, b) = (a as usize, b as usize);
                    contiguous(&s[a..a + len], &mut d[b..b + len]);
                })
            });
        }
        (4, true) => w.for_each_panel(|p| copy_unrolled::<4, T, U>(s, d, at(p), &f)),
        (8, true) => w.for_each_panel(|p| copy_unrolled::<8, T, U>(s, d, at(p), &f)),
        (16, true) => w.for_each_panel(|p| copy_unrolled::<16, T, U>(s, d, at(p), &f)),
        _ => w.for_each_panel(|p| {
            at(p).for_each_start(|a, b| copy_run(s, (a, da), d, (b, db), len, &f))
        }),
    }
    Ok(())
}

/// `dst(i) = src(i)` where `pred(i)` holds (CuTe's `copy_if` with a predicate tensor).
/// The three layouts are walked side by side in 1-D order ([`Layout::offsets`]), without
/// division.
///
/// # Errors
/// The three tensors do not have the same size.
///
/// ```
/// use rcute::{Tensor, copy_if, layout};
/// let src: Vec<i32> = (0..6).collect();
/// let keep = [true, false, true, true, false, true];
/// let mut dst = vec![-1; 6];
/// let p = Tensor::new(&keep[..], layout!((_2,_3):(_1,_2))).unwrap();
/// let s = Tensor::new(&src[..], layout!((_2,_3):(_1,_2))).unwrap();
/// // the destination is row-major: dst(i) lands at (i%2)*3 + i/2
/// let mut d = Tensor::new(&mut dst[..], layout!((_2,_3):(_3,_1))).unwrap();
/// copy_if(&p, &s, &mut d).unwrap();
/// assert_eq!(dst, [0, 2, -1, -1, 3, 5]);
/// ```
pub fn copy_if<P, S, D, T>(
    pred: &Tensor<P>,
    src: &Tensor<S>,
    dst: &mut Tensor<D>,
) -> Result<(), Error>
where
    P: Storage<Elem = bool>,
    S: Storage<Elem = T>,
    D: StorageMut<Elem = T>,
    T: Copy,
{
    let n = dst.size();
    same_size("copy_if: the tensors have different sizes", src.size(), n)?;
    same_size(
        "copy_if: the predicate and the tensors have different sizes",
        pred.size(),
        n,
    )?;
    let (p, s) = (pred.storage.as_slice(), src.storage.as_slice());
    let (src_at, dst_at) = (
        positions(&src.layout, src.origin),
        positions(&dst.layout, dst.origin),
    );
    let d = dst.storage.as_mut_slice();
    for ((k, a), b) in positions(&pred.layout, pred.origin).zip(src_at).zip(dst_at) {
        if p[k] {
            d[b] = s[a];
        }
    }
    Ok(())
}

/// Every element becomes `v` (CuTe's `fill`).
pub fn fill<D: StorageMut<Elem = T>, T: Clone>(t: &mut Tensor<D>, v: T) {
    for_each_element(t, |x| *x = v.clone());
}

/// Calls `f` on every element of `t`, in 1-D order, walking the layout without division
/// where it can.
fn for_each_element<D: StorageMut<Elem = T>, T>(t: &mut Tensor<D>, mut f: impl FnMut(&mut T)) {
    let o = t.origin as i64;
    let data = t.storage.as_mut_slice();
    // every offset of a tensor's layout lies in its storage (checked by `Tensor::new`)
    let walked = for_each_panel(&t.layout, &t.layout, |p| {
        let (len, da, _) = p.run;
        p.for_each_start(|a, _| {
            let mut a = o + a;
            for _ in 0..len {
                f(&mut data[a as usize]);
                a += da;
            }
        });
    });
    if !walked {
        for a in positions(&t.layout, t.origin) {
            f(&mut data[a]);
        }
    }
}

/// Every element becomes `T::default()` (CuTe's `clear`).
pub fn clear<D: StorageMut<Elem = T>, T: Default>(t: &mut Tensor<D>) {
    for_each_element(t, |x| *x = T::default());
}

/// `t(i) = f(t(i))` (CuTe's `transform(t, f)`).
pub fn transform<D: StorageMut<Elem = T>, T: Copy>(t: &mut Tensor<D>, f: impl Fn(T) -> T) {
    for_each_element(t, |x| *x = f(*x));
}

/// `dst(i) = f(src(i))` (CuTe's `transform(src, dst, f)`).
pub fn transform_into<S, D, T, U>(
    src: &Tensor<S>,
    dst: &mut Tensor<D>,
    f: impl Fn(T) -> U,
) -> Result<(), Error>
where
    S: Storage<Elem = T>,
    D: StorageMut<Elem = U>,
    T: Copy,
{
    map_into(
        "transform: the tensors have different sizes",
        src,
        dst,
        &f,
        |s, d| {
            for (y, &x) in d.iter_mut().zip(s) {
                *y = f(x);
            }
        },
        None::<fn(&[T], &mut [U], Block) -> bool>,
    )
}

/// `y(i) = alpha * x(i) + beta * y(i)`, or `alpha * x(i)` when `beta` is zero (CuTe's
/// `axpby`; `y` is then not read, so a NaN in it does not spread). Both layouts are
/// walked side by side in 1-D order ([`Layout::offsets`]), without division.
///
/// # Errors
/// The tensors do not have the same size.
///
/// ```
/// use rcute::{Tensor, axpby, layout};
/// let x = [1.0, 2.0, 3.0, 4.0];
/// let mut y = [10.0, 20.0, 30.0, 40.0];
/// let xt = Tensor::new(&x[..], layout!(_4:_1)).unwrap();
/// let mut yt = Tensor::new(&mut y[..], layout!(_4:_1)).unwrap();
/// axpby(2.0, &xt, 0.5, &mut yt).unwrap();
/// assert_eq!(y, [7.0, 14.0, 21.0, 28.0]);
/// ```
pub fn axpby<X, Y, T>(alpha: T, x: &Tensor<X>, beta: T, y: &mut Tensor<Y>) -> Result<(), Error>
where
    X: Storage<Elem = T>,
    Y: StorageMut<Elem = T>,
    T: Scalar,
{
    same_size(
        "axpby: the tensors have different sizes",
        x.size(),
        y.size(),
    )?;
    let xs = x.storage.as_slice();
    let y_at = positions(&y.layout, y.origin);
    let ys = y.storage.as_mut_slice();
    let pairs = positions(&x.layout, x.origin).zip(y_at);
    if beta == T::default() {
        for (a, b) in pairs {
            ys[b] = alpha * xs[a];
        }
    } else {
        for (a, b) in pairs {
            ys[b] = alpha * xs[a] + beta * ys[b];
        }
    }
    Ok(())
}

/// `C(m,n) += Σ_k A(m,k) · B(n,k)` (CuTe's `gemm(A, B, C)`; note that `B` is `(N,K)`, as
/// in CuTe). Rank-1 `A (M)` and `B (N)` are an outer product.
///
/// ```
/// use rcute::{Tensor, gemm, layout};
/// let a = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0]; // (2,3) column-major
/// let b = [1.0f32, 0.0, 0.0, 1.0, 1.0, 1.0]; // (2,3)
/// let mut c = [0.0f32; 4];
/// let at = Tensor::new(&a[..], layout!((_2,_3):(_1,_2))).unwrap();
/// let bt = Tensor::new(&b[..], layout!((_2,_3):(_1,_2))).unwrap();
/// let mut ct = Tensor::new(&mut c[..], layout!((_2,_2):(_1,_2))).unwrap();
/// gemm(&at, &bt, &mut ct).unwrap();
/// assert_eq!(c, [6.0, 8.0, 8.0, 10.0]);
/// ```
pub fn gemm<A, B, C, T>(a: &Tensor<A>, b: &Tensor<B>, c: &mut Tensor<C>) -> Result<(), Error>
where
    A: Storage<Elem = T>,
    B: Storage<Elem = T>,
    C: StorageMut<Elem = T>,
    T: Scalar,
{
    let rank = |t: usize| -> Result<(), Error> {
        Err(Error::RankMismatch {
            msg: "gemm: the operands must be A (M,K), B (N,K), C (M,N), or A (M), B (N), C (M,N)",
            expected: 2,
            found: t,
        })
    };
    let (ra, rb, rc) = (a.layout().rank(), b.layout().rank(), c.layout().rank());
    if rc != 2 {
        return rank(rc);
    }
    let ext = |t: &crate::tuple::IntTuple, i: usize| t.get(i).size().value() as usize;
    let (m, n) = (ext(&c.shape(), 0), ext(&c.shape(), 1));
    match (ra, rb) {
        (1, 1) => {
            same_size("gemm: A and C disagree on M", a.size(), m)?;
            same_size("gemm: B and C disagree on N", b.size(), n)?;
            for j in 0..n {
                for i in 0..m {
                    let v = *c.at(&[i, j]) + *a.get(i) * *b.get(j);
                    *c.at_mut(&[i, j]) = v;
                }
            }
            Ok(())
        }
        (2, 2) => {
            let (am, ak) = (ext(&a.shape(), 0), ext(&a.shape(), 1));
            let (bn, bk) = (ext(&b.shape(), 0), ext(&b.shape(), 1));
            same_size("gemm: A and C disagree on M", am, m)?;
            same_size("gemm: B and C disagree on N", bn, n)?;
            same_size("gemm: A and B disagree on K", ak, bk)?;
            for kk in 0..ak {
                for j in 0..n {
                    let bv = *b.at(&[j, kk]);
                    for i in 0..m {
                        let v = *c.at(&[i, j]) + *a.at(&[i, kk]) * bv;
                        *c.at_mut(&[i, j]) = v;
                    }
                }
            }
            Ok(())
        }
        (r, _) => rank(r),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Int, IntTuple, Tiler};
    use std::vec::Vec;

    fn ints(v: &[i64]) -> IntTuple {
        IntTuple::from_ints(&v.iter().map(|&x| Int::dynamic(x)).collect::<Vec<_>>())
    }

    /// Tiled transposes of `rows x cols` matrices, the source at an origin inside a larger
    /// buffer: `copy` against the element-by-element definition. The source is row-major
    /// (runs down its columns into the column-major destination's contiguous runs), or
    /// row-major read backwards along its rows (a negative stride), or column-major into a
    /// row-major destination (contiguous runs written down the destination's columns). The
    /// tile heights give runs of 4, 8 and 16 (the unrolled gathers and scatters) and of
    /// other lengths; the test counts the panels each kind of run takes.
    #[test]
    fn tiled_transposes_match_element_by_element() {
        let (mut cases, mut gathers, mut scatters, mut other) = (0, 0, 0, 0);
        for (rows, cols) in [(16, 16), (32, 24), (48, 64), (64, 32)] {
            for (th, tw) in [(4, 8), (8, 8), (16, 4), (2, 8), (8, 3), (16, 2)] {
                let tile = std::format!("(_{th},_{tw})");
                let t = Tiler::try_parse(&tile).unwrap();
                if rows % th != 0 || cols % tw != 0 {
                    continue;
                }
                for source in ["row-major", "backwards", "column-major"] {
                    let n = rows * cols;
                    let pad = 5usize;
                    let data: Vec<u32> = (0..(n as usize + 2 * pad) as u32)
                        .map(|x| x * 3 + 1)
                        .collect();
                    let row_major = Layout::new(ints(&[rows, cols]), ints(&[cols, 1]));
                    let col_major = Layout::new(ints(&[rows, cols]), ints(&[1, rows]));
                    let (src_layout, origin, dst_layout) = match source {
                        "row-major" => (row_major, pad, col_major),
                        "backwards" => (
                            Layout::new(ints(&[rows, cols]), ints(&[cols, -1])),
                            pad + cols as usize - 1,
                            col_major,
                        ),
                        _ => (col_major, pad, row_major),
                    };
                    let (ls, ld) = (src_layout.zipped_divide(&t), dst_layout.zipped_divide(&t));
                    let src = Tensor::with_origin(&data[..], origin, ls).unwrap();
                    let mut out = std::vec![0u32; n as usize];
                    let mut dst = Tensor::new(&mut out[..], ld).unwrap();
                    copy(&src, &mut dst).unwrap();
                    for i in 0..n as usize {
                        assert_eq!(dst[i], src[i], "{tile} {rows}x{cols} {source} index {i}");
                    }
                    // which runs the walk handed over
                    assert!(for_each_panel(&ls, &ld, |p| {
                        match (unrolls(p.run), p.run.2 == 1) {
                            (true, true) => gathers += 1,
                            (true, false) => scatters += 1,
                            (false, _) => other += 1,
                        }
                    }));
                    cases += 1;
                }
            }
        }
        assert_eq!(cases, 63);
        assert!(gathers > 100, "{gathers} panels of unrolled gathers");
        assert!(scatters > 100, "{scatters} panels of unrolled scatters");
        assert!(other > 100, "{other} panels of other runs");
        std::eprintln!(
            "{cases} transposes: panels of {gathers} gathers, {scatters} scatters, {other} others"
        );
    }

    /// Transposes tiled twice (each tile walked by sub-tiles, as `(_16,_512)` tiles by
    /// `(_8,_8)`): walks of many small panels and of more odometer modes than two, each
    /// panel copied by the copy chosen once for the whole walk. `copy` against the
    /// element-by-element definition, with a count of the panels walked.
    #[test]
    fn twice_tiled_transposes_match_element_by_element() {
        let (mut cases, mut panels) = (0, 0);
        for (rows, cols) in [(32, 64), (48, 32)] {
            for (outer, inner) in [
                ("(_16,_32)", "(_8,_8)"),
                ("(_16,_16)", "(_4,_8)"),
                ("(_8,_32)", "(_2,_16)"),
                ("(_16,_8)", "(_16,_2)"),
            ] {
                let twice = |l: Layout| {
                    let t = l.zipped_divide(&Tiler::parse(outer));
                    t.replace(0, &t.mode(0).zipped_divide(&Tiler::parse(inner)))
                };
                let row_major = Layout::new(ints(&[rows, cols]), ints(&[cols, 1]));
                let col_major = Layout::new(ints(&[rows, cols]), ints(&[1, rows]));
                for (from, to) in [(row_major, col_major), (col_major, row_major)] {
                    let (ls, ld) = (twice(from), twice(to));
                    let n = (rows * cols) as usize;
                    let data: Vec<u32> = (0..n as u32).map(|x| x * 7 + 2).collect();
                    let src = Tensor::new(&data[..], ls).unwrap();
                    let mut out = std::vec![0u32; n];
                    let mut dst = Tensor::new(&mut out[..], ld).unwrap();
                    copy(&src, &mut dst).unwrap();
                    for i in 0..n {
                        assert_eq!(dst[i], src[i], "{outer} by {inner} {rows}x{cols} index {i}");
                    }
                    let walk = Walk::new(&ls, &ld).unwrap();
                    assert!(walk.n > 3, "{outer} by {inner}: {} modes", walk.n);
                    walk.for_each_panel(|_| panels += 1);
                    cases += 1;
                }
            }
        }
        assert_eq!(cases, 16);
        assert!(panels > 500, "{panels} panels");
    }

    /// Transposes whose panels are 16x16 blocks or larger ([`Block::of`]), in both
    /// directions, of the element types the `simd` module moves and of one it does not,
    /// against the element-by-element definition.
    #[test]
    fn block_transposes_match_element_by_element() {
        fn run<T: Copy + PartialEq + core::fmt::Debug + 'static>(
            make: impl Fn(usize) -> T,
            zero: T,
        ) -> (usize, usize) {
            let (mut cases, mut blocks) = (0, 0);
            for (rows, cols) in [(32, 64), (64, 48), (48, 32)] {
                for (th, tw) in [(16, 16), (16, 32), (32, 16), (48, 16)] {
                    if rows % th != 0 || cols % tw != 0 {
                        continue;
                    }
                    let t = Tiler::try_parse(&std::format!("(_{th},_{tw})")).unwrap();
                    let row_major = Layout::new(ints(&[rows, cols]), ints(&[cols, 1]));
                    let col_major = Layout::new(ints(&[rows, cols]), ints(&[1, rows]));
                    for (from, to) in [(row_major, col_major), (col_major, row_major)] {
                        let n = (rows * cols) as usize;
                        let data: Vec<T> = (0..n + 3).map(&make).collect();
                        let (ls, ld) = (from.zipped_divide(&t), to.zipped_divide(&t));
                        let src = Tensor::with_origin(&data[..], 3, ls).unwrap();
                        let mut out = std::vec![zero; n];
                        let mut dst = Tensor::new(&mut out[..], ld).unwrap();
                        copy(&src, &mut dst).unwrap();
                        for i in 0..n {
                            assert_eq!(dst[i], src[i], "({th},{tw}) {rows}x{cols} index {i}");
                        }
                        assert!(for_each_panel(&ls, &ld, |p| {
                            blocks += Block::of(p).is_some() as usize;
                        }));
                        cases += 1;
                    }
                }
            }
            (cases, blocks)
        }
        // the block panels depend on the layouts alone: counted once
        let (cases, blocks) = run(|x| x as u32 * 7 + 1, 0);
        assert_eq!(cases, 16);
        assert!(blocks >= 64, "{blocks} block panels");
        run(|x| x as f32 - 0.5, 0.0);
        run(|x| -(x as i32), 0);
        run(|x| x as u64 * 9, 0);
        run(|x| (x % 251) as u8, 0);
    }

    /// Block panels that the kernel refuses (SSE2 rows off cache lines) are copied as
    /// without blocks: every panel refused here, runs of 16 (unrolled) and of 32.
    #[test]
    fn refused_blocks_are_copied_element_by_element() {
        let offered = core::cell::Cell::new(0);
        for tile in ["(_16,_32)", "(_32,_16)"] {
            let t = Tiler::try_parse(tile).unwrap();
            let data: Vec<u32> = (0..64 * 64).map(|x| x * 5 + 2).collect();
            let from = layout_of(&[64, 64], &[64, 1]).zipped_divide(&t);
            let to = layout_of(&[64, 64], &[1, 64]).zipped_divide(&t);
            let src = Tensor::new(&data[..], from).unwrap();
            let mut out = std::vec![0u32; data.len()];
            let mut dst = Tensor::new(&mut out[..], to).unwrap();
            let refuse = |_: &[u32], _: &mut [u32], _: Block| {
                offered.set(offered.get() + 1);
                false
            };
            map_into(
                "copy",
                &src,
                &mut dst,
                |x| x,
                |s, d| d.copy_from_slice(s),
                Some(refuse),
            )
            .unwrap();
            for i in 0..data.len() {
                assert_eq!(dst[i], src[i], "{tile} index {i}");
            }
        }
        // 8 tiles of (_16,_32) and 8 of (_32,_16), each one block panel
        assert_eq!(offered.get(), 16);
    }

    /// Destination rows that overlap (a non-injective destination) are not copied by
    /// blocks: the last write in 1-D order wins, as element by element.
    #[test]
    fn overlapping_destinations_keep_the_order_of_the_writes() {
        let src_data: Vec<u32> = (0..32 * 32).collect();
        let src = Tensor::new(&src_data[..], layout_of(&[32, 32], &[32, 1])).unwrap();
        for stride in [8i64, 15, 16, 31] {
            let to = layout_of(&[32, 32], &[1, stride]);
            let mut out = std::vec![u32::MAX; (31 * stride + 32) as usize];
            let mut dst = Tensor::new(&mut out[..], to).unwrap();
            copy(&src, &mut dst).unwrap();
            let mut want = std::vec![u32::MAX; out.len()];
            for (a, b) in src.layout.offsets().zip(to.offsets()) {
                want[b as usize] = src_data[a as usize];
            }
            assert_eq!(out, want, "destination stride {stride}");
        }
    }

    fn layout_of(shape: &[i64], stride: &[i64]) -> Layout {
        Layout::new(ints(shape), ints(stride))
    }

    /// A walk of one element (every extent 1) is one panel of one element.
    #[test]
    fn a_single_element_is_copied() {
        for (from, to) in [
            ("_1:_0", "_1:_0"),
            ("(1,(1,1)):(5,(0,3))", "((_1,1),1):((_0,7),2)"),
        ] {
            let (from, to) = (Layout::parse(from), Layout::parse(to));
            let data = [41u8, 42];
            let src = Tensor::with_origin(&data[..], 1, from).unwrap();
            let mut out = [0u8; 1];
            copy(&src, &mut Tensor::new(&mut out[..], to).unwrap()).unwrap();
            assert_eq!(out, [42]);
        }
    }
}
