//! No algebra operation allocates: a counting global allocator watches this thread while
//! every operation runs on random layouts (generated beforehand, outside the count), and on
//! the fixed benchmark workload's layouts, run-time and typed. Errors must not allocate
//! either.

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use rcute::strategies::{LayoutParams, ShapeParams};
use rcute::typed::{DynInt, TypedLayout, TypedTiler, TypedTuple, try_crd2idx, try_idx2crd};
use rcute::{IntTuple, Layout, Swizzle, Tiler, int_tuple, layout};
// the workload's forms
#[path = "../benches/support/typed_ops.rs"]
mod typed_ops;
#[path = "../benches/support/workload_ops.rs"]
mod workload_ops;
use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::cell::Cell;
use std::hint::black_box;
use typed_ops::{
    AtomRepeat, CopyTv, Cotarget, Gmem, Index, MmaThreads, Partitioned, ProblemShape,
    ProblemStride, SmemAtom, Tile, TileByMode, Tv, WarpRepeat,
};

struct Counting;

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every method forwards its arguments unchanged to `System`, so each pointer this
// allocator hands out comes from `System` with the caller's layout, and each pointer given
// back to `dealloc`/`realloc` was handed out by it, with the same layout: exactly the
// contract `System` requires. The only extra work, `count`, touches const-initialized
// thread-locals holding `Copy` values (no allocation, no re-entry, no unwinding;
// `try_with` tolerates a thread being torn down). Checked under Miri:
// `cargo +nightly miri test -p rcute --test no_alloc` (run by .ci/run).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: AllocLayout) -> *mut u8 {
        count();
        unsafe { System.alloc(l) }
    }
    unsafe fn alloc_zeroed(&self, l: AllocLayout) -> *mut u8 {
        count();
        unsafe { System.alloc_zeroed(l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: AllocLayout, n: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(p, l, n) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: AllocLayout) {
        unsafe { System.dealloc(p, l) }
    }
}

fn count() {
    let _ = COUNTING.try_with(|c| {
        if c.get() {
            let _ = ALLOCATIONS.try_with(|a| a.set(a.get() + 1));
        }
    });
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs `f` with allocations counted; returns how many there were.
fn allocations(f: impl FnOnce()) -> usize {
    ALLOCATIONS.with(|a| a.set(0));
    COUNTING.with(|c| c.set(true));
    f();
    COUNTING.with(|c| c.set(false));
    ALLOCATIONS.with(|a| a.get())
}

/// Every algebra operation on `a` (with `b` as the second operand). Returns the number of
/// operations run.
fn all_ops(a: &Layout, b: &Layout, n: &IntTuple) -> usize {
    let t = Tiler::layout(*b);
    let shape_tiler = Tiler::try_from_shape(&b.shape());
    let mut ops = 0;
    // each result goes through black_box, so that nothing is optimized away
    macro_rules! run {
        ($op:expr) => {{
            ops += 1;
            black_box($op.ok());
        }};
    }
    run!(a.try_coalesce());
    run!(a.try_filter());
    run!(a.try_composition(b));
    run!(a.try_composition_tiler(&t));
    run!(a.try_complement(n));
    run!(a.try_complement_cosize());
    run!(a.try_right_inverse());
    run!(a.try_left_inverse());
    run!(a.try_nullspace());
    run!(a.try_logical_divide(&t));
    run!(a.try_zipped_divide(&t));
    run!(a.try_tiled_divide(&t));
    run!(a.try_flat_divide(&t));
    run!(a.try_logical_product(&t));
    run!(a.try_zipped_product(&t));
    run!(a.try_tiled_product(&t));
    run!(a.try_flat_product(&t));
    run!(a.try_blocked_product(b));
    run!(a.try_raked_product(b));
    run!(a.try_max_common_layout(b));
    run!(a.try_upcast(2));
    run!(a.try_downcast(2));
    if let Ok(st) = shape_tiler {
        run!(a.try_logical_divide(&st));
        run!(a.try_zipped_divide(&st));
    }
    run!(a.try_max_common_vector(b));
    run!(a.try_cosize());
    run!(a.try_get_hier_coord(n));
    run!(a.try_crd2idx(n));
    run!(rcute::try_idx2crd(n, &a.shape()));
    run!(rcute::try_crd2idx(n, &a.shape(), &a.stride()));
    run!(a.try_zip());
    run!(Layout::try_zip_of(&[*a, *b]));
    run!(a.try_tile_unzip(&t));
    run!(a.try_fragment_like());
    run!(a.shape().try_domain_distribute(rcute::Int::constant(64)));
    run!(Layout::try_identity(a.shape()).and_then(|id| id.try_zipped_divide(&t)));
    let sw = rcute::ComposedLayout::new(Swizzle::new(2, 1, 3), rcute::Int::ZERO, *a);
    run!(sw.try_composition_tiler(&t));
    run!(sw.try_logical_divide(&t));
    ops
}

#[test]
fn no_algebra_operation_allocates() {
    // Miri (which checks the counting allocator's `unsafe`) runs a few cases:
    // `cargo +nightly miri test -p rcute --test no_alloc`
    const CASES: usize = if cfg!(miri) { 6 } else { 400 };
    let p = LayoutParams {
        shape: ShapeParams {
            max_size: 1 << 12,
            ..ShapeParams::default()
        },
        ..LayoutParams::default()
    };
    // the inputs are drawn before counting starts (proptest allocates)
    let mut runner = TestRunner::deterministic();
    let pairs = (
        rcute::strategies::layout(p),
        rcute::strategies::layout(p),
        1..5000i64,
    );
    let mut cases: Vec<(Layout, Layout, IntTuple)> = (0..CASES)
        .map(|_| {
            let (a, b, n) = pairs.new_tree(&mut runner).unwrap().current();
            (a, b, IntTuple::dynamic(n))
        })
        .collect();
    // and the layouts of the benchmark workload
    cases.push((
        layout!((4096,4096):(1,4096)),
        layout!((128,64):(1,128)),
        int_tuple!(4096),
    ));
    cases.push((
        layout!(((4,8),(2,4)):((_128,_1),(_8,_32))),
        layout!((16,8):(1,16)),
        int_tuple!(98765),
    ));
    cases.push((
        layout!(((4,32),(1,8)):((_256,_1),(_0,_32))),
        layout!((8,8):(_8,_1)),
        int_tuple!(7),
    ));
    let mut ops = 0;
    let n = allocations(|| {
        for (a, b, c) in &cases {
            ops += all_ops(a, b, c);
        }
    });
    assert_eq!(n, 0, "the algebra allocated {n} times");
    assert!(ops >= CASES * 30, "only {ops} operations ran");
    // the counter works: a Vec allocates
    assert_eq!(allocations(|| drop(black_box(vec![1u8; 16]))), 1);
}

#[test]
fn no_typed_operation_allocates() {
    // the workload's operations on typed layouts, with values that pass and values that
    // fail a check (a stride of 3 is not a multiple of the tile, a shape of 0 divides by 0)
    let mut ops = 0;
    let n = allocations(|| {
        for (k, bad) in [(1, 3), (1, 0)] {
            let a = TypedLayout::<Gmem>::new(&[4096, 4096, k, 4096]);
            let t = TypedTiler::<Tile>::new(&[128, 64]);
            let tm = TypedTiler::<TileByMode>::new(&[128, 64, bad.max(1), 1]);
            black_box(a.try_composition_tiler(&tm).ok());
            black_box(a.try_logical_divide(&t).ok());
            black_box(a.try_zipped_divide(&t).ok());
            let tv = TypedLayout::<Tv>::new(&[4, 8, 2, 4]);
            black_box(
                tv.try_complement(&TypedTuple::<Cotarget>::new(&[4096]))
                    .ok(),
            );
            black_box(
                TypedLayout::<Partitioned>::new(&[2, 4, 8, 32, 1, 2, 8, 64])
                    .try_coalesce()
                    .ok(),
            );
            let m = TypedLayout::<MmaThreads>::new(&[16, 8]);
            black_box(
                m.try_logical_product(&TypedTiler::<WarpRepeat>::new(&[2, 4, 4, 1]))
                    .ok(),
            );
            let s = TypedLayout::<SmemAtom>::new(&[8, 8]);
            black_box(
                s.try_blocked_product(&TypedLayout::<AtomRepeat>::new(&[16, 8, 1, 16]))
                    .ok(),
            );
            black_box(
                TypedLayout::<CopyTv>::new(&[4, 32, 1, 8])
                    .try_right_inverse()
                    .ok(),
            );
            let i = TypedTuple::<Index>::new(&[98765]);
            let sh = TypedTuple::<ProblemShape>::new(&[128, 32, 64, bad]);
            let st = TypedTuple::<ProblemStride>::new(&[1, 524288, 128, 8192]);
            black_box(try_idx2crd(&i, &sh).ok());
            black_box(try_crd2idx(&i, &sh, &st).ok());
            black_box(a.try_crd2idx(&TypedTuple::<DynInt>::new(&[bad])).ok());
            black_box(a.try_size().ok());
            black_box(a.try_cosize().ok());
            ops += 14;
        }
    });
    assert_eq!(n, 0, "the typed algebra allocated {n} times");
    assert_eq!(ops, 28);
}
