//! The function table of the expression language: one entry per CuTe function.
//!
//! Adding a function is one [`Function`] entry in [`TABLE`]; the evaluator checks the
//! numbers of arguments and template arguments from the entry, so an implementation only
//! converts its arguments and calls the library.

mod algebra;
mod analysis;
mod atoms;
mod explain;
mod layouts;
mod tensors;
mod tma;
mod tuples;

use super::error::{EvalError, Span};
use super::value::{Tag, Value};
use alloc::vec::Vec;
use rcute::Error;
use rcute::int::Int;
use rcute::layout::Layout;
use rcute::tuple::IntTuple;

pub(crate) use explain::explain_call;

/// A function of the expression language.
pub struct Function {
    /// Its CuTe name.
    pub name: &'static str,
    /// The least and most numbers of arguments (`usize::MAX`: any number).
    pub args: (usize, usize),
    /// The least and most numbers of template arguments (`f<1,0>(x)`).
    pub targs: (usize, usize),
    /// The implementation.
    pub(crate) f: fn(&Call<'_>) -> Result<Value, EvalError>,
    /// A one-line description.
    pub doc: &'static str,
}

const ANY: usize = usize::MAX;

macro_rules! f {
    ($name:literal, $args:expr, $targs:expr, $f:expr, $doc:literal) => {
        Function {
            name: $name,
            args: $args,
            targs: $targs,
            f: $f,
            doc: $doc,
        }
    };
}

/// Every function, sorted by name.
#[rustfmt::skip]
pub static TABLE: &[Function] = &[
    f!("append", (1, 2), (0, 1), layouts::append, "append(x, y), append<N>(x[, y]): add modes at the end"),
    f!("bank_conflicts", (2, 2), (0, 0), analysis::bank_conflicts, "bank_conflicts(S, A): wavefronts per warp instruction of access A (vector_access, matrix_access or a tiled copy) to shared layout S"),
    f!("blocked_product", (2, 2), (0, 0), algebra::blocked_product, "blocked_product(A, B): A repeated as blocks over B"),
    f!("ceil_div", (2, 2), (0, 0), algebra::ceil_div, "ceil_div(a, b): division rounding up; b may be a tiler"),
    f!("coalesce", (1, 2), (0, 0), algebra::coalesce, "coalesce(L[, profile]): the same function with fewer modes"),
    f!("coalescing", (2, 2), (0, 0), analysis::coalescing, "coalescing(G, A): sectors and lines per warp request of access A to global layout G, and the widest vector per thread"),
    f!("colex_geq", (2, 2), (0, 0), tuples::colex_geq, "colex_geq(a, b): colexicographic >="),
    f!("colex_gtr", (2, 2), (0, 0), tuples::colex_gtr, "colex_gtr(a, b): colexicographic >"),
    f!("colex_leq", (2, 2), (0, 0), tuples::colex_leq, "colex_leq(a, b): colexicographic <="),
    f!("colex_less", (2, 2), (0, 0), tuples::colex_less, "colex_less(a, b): colexicographic <"),
    f!("compact_col_major", (1, 2), (0, 0), tuples::compact_col_major, "compact_col_major(shape[, current]): column-major strides"),
    f!("compact_order", (2, 2), (0, 0), tuples::compact_order, "compact_order(shape, order): strides in the given order"),
    f!("compact_row_major", (1, 2), (0, 0), tuples::compact_row_major, "compact_row_major(shape[, current]): row-major strides"),
    f!("compatible", (2, 2), (0, 0), tuples::compatible, "compatible(a, b): every coordinate of a is one of b"),
    f!("complement", (1, 2), (0, 0), algebra::complement, "complement(L[, cotarget]): the layout of L's repetitions"),
    f!("composition", (2, 3), (0, 0), algebra::composition, "composition(A, B): R(c) = A(B(c)); B may be a tiler; composition(Sw, O, L): a swizzled layout"),
    f!("congruent", (2, 2), (0, 0), tuples::congruent, "congruent(a, b): same profile"),
    f!("coprofile", (1, 1), (0, ANY), layouts::coprofile, "coprofile<I...>(L): the profile of the codomain, as _0s"),
    f!("coshape", (1, 1), (0, ANY), layouts::coshape, "coshape<I...>(L): the shape of the codomain"),
    f!("cosize", (1, 1), (0, ANY), layouts::cosize, "cosize<I...>(L): the size of the codomain"),
    f!("crd2crd", (3, 3), (0, 0), tuples::crd2crd, "crd2crd(c, src_shape, dst_shape)"),
    f!("crd2idx", (2, 3), (0, 0), tuples::crd2idx, "crd2idx(c, shape[, stride]) or crd2idx(c, L): the index of a coordinate"),
    f!("depth", (1, 1), (0, ANY), layouts::depth, "depth<I...>(x): nesting depth"),
    f!("dice", (2, 2), (0, 0), layouts::dice, "dice(c, x): the modes paired with integers"),
    f!("distinct_offsets", (1, 1), (0, 0), analysis::distinct_offsets, "distinct_offsets(L): the number of different offsets L reaches"),
    f!("domain_distribute", (2, 2), (0, 0), tuples::domain_distribute, "domain_distribute(shape, n): n elements spread over the modes by gcd, col-major strides"),
    f!("domain_offset", (2, 2), (0, 0), layouts::domain_offset, "domain_offset(c, L): (L, L(c))"),
    f!("downcast", (1, 1), (1, 1), algebra::downcast, "downcast<N>(L): elements N times smaller"),
    f!("elem_geq", (2, 2), (0, 0), tuples::elem_geq, "elem_geq(a, b): element-wise >="),
    f!("elem_gtr", (2, 2), (0, 0), tuples::elem_gtr, "elem_gtr(a, b): element-wise >"),
    f!("elem_leq", (2, 2), (0, 0), tuples::elem_leq, "elem_leq(a, b): element-wise <="),
    f!("elem_less", (2, 2), (0, 0), tuples::elem_less, "elem_less(a, b): element-wise <"),
    f!("elem_scale", (2, 2), (0, 0), tuples::elem_scale, "elem_scale(a, b): a scaled by the sizes of b"),
    f!("evenly_divides", (2, 2), (0, 0), algebra::evenly_divides, "evenly_divides(shape, tiler)"),
    f!("explain", (1, 1), (0, 0), explain::explain, "explain(f(...)): the steps of a call of coalesce, composition, complement, an inverse, a divide or a product"),
    f!("filter", (1, 2), (0, 0), algebra::filter, "filter(L[, profile]): drop stride-0 and size-1 modes, coalesce"),
    f!("filter_zeros", (1, 2), (0, 0), algebra::filter_zeros, "filter_zeros(x[, profile]): static-0 strides (or values) make size 1"),
    f!("flat_divide", (2, 2), (0, 0), algebra::flat_divide, "flat_divide(L, T): (tiles..., rests...)"),
    f!("flat_product", (2, 2), (0, 0), algebra::flat_product, "flat_product(A, T): (blocks..., repeats...)"),
    f!("flatten", (1, 1), (0, 0), layouts::flatten, "flatten(x): depth at most 1"),
    f!("footprint", (1, 1), (0, 0), analysis::footprint, "footprint(L): max offset - min offset + 1"),
    f!("functionally_equal", (2, 2), (0, 0), analysis::functionally_equal, "functionally_equal(A, B): the same offset at every index"),
    f!("gcd", (1, ANY), (0, 0), tuples::gcd, "gcd(x, ...): greatest common divisor of all leaves"),
    f!("get", (1, 1), (1, ANY), layouts::get, "get<I...>(x): a mode"),
    f!("get_layoutA_TV", (1, 1), (0, 0), atoms::get_layout_a_tv, "get_layoutA_TV(M): a tiled MMA's (thread, value) -> (m,k)"),
    f!("get_layoutB_TV", (1, 1), (0, 0), atoms::get_layout_b_tv, "get_layoutB_TV(M): a tiled MMA's (thread, value) -> (n,k)"),
    f!("get_layoutC_TV", (1, 1), (0, 0), atoms::get_layout_c_tv, "get_layoutC_TV(M): a tiled MMA's (thread, value) -> (m,n)"),
    f!("get_layoutD_TV", (1, 1), (0, 0), atoms::get_layout_d_tv, "get_layoutD_TV(C): a tiled copy's destination (thread, value) -> coordinate"),
    f!("get_layoutS_TV", (1, 1), (0, 0), atoms::get_layout_s_tv, "get_layoutS_TV(C): a tiled copy's source (thread, value) -> coordinate"),
    f!("get_nonswizzle_portion", (1, 1), (0, 0), algebra::get_nonswizzle_portion, "get_nonswizzle_portion(L): the layout under a swizzle"),
    f!("get_swizzle_portion", (1, 1), (0, 0), algebra::get_swizzle_portion, "get_swizzle_portion(L): the swizzle (Sw<0,4,3> for a plain layout)"),
    f!("get_thr_layout_vmnk", (1, 1), (0, 0), atoms::get_thr_layout_vmnk, "get_thr_layout_vmnk(M): (atom thread, M, N, K) -> thread index"),
    f!("group", (1, 1), (2, 2), layouts::group, "group<B,E>(x): group modes [B,E) into one"),
    f!("idx2crd", (2, 3), (0, 0), tuples::idx2crd, "idx2crd(i, shape[, stride]): the coordinate of an index"),
    f!("image", (1, 1), (0, 0), analysis::image, "image(L): the offsets L reaches, in increasing order"),
    f!("inner_partition", (3, 3), (0, 0), tensors::inner_partition, "inner_partition(T, tiler, coord): one tile of a tensor"),
    f!("inner_product", (2, 2), (0, 0), tuples::inner_product, "inner_product(a, b)"),
    f!("insert", (2, 2), (1, 1), tuples::insert, "insert<I>(t, x): insert x before mode I"),
    f!("is_bijective", (1, 1), (0, 0), analysis::is_bijective, "is_bijective(L): L permutes 0 .. size(L)"),
    f!("is_injective", (1, 1), (0, 0), analysis::is_injective, "is_injective(L): no two indices share an offset"),
    f!("is_surjective", (1, 2), (0, 0), analysis::is_surjective, "is_surjective(L[, n]): L reaches every offset 0 .. n (default cosize(L))"),
    f!("layout", (1, 1), (0, ANY), layouts::layout, "layout<I...>(L): a sub-layout"),
    f!("lcm", (2, 2), (0, 0), tuples::lcm, "lcm(a, b): least common multiple of two integers"),
    f!("left_inverse", (1, 1), (0, 0), algebra::left_inverse, "left_inverse(L): R(L(i)) == i for injective L"),
    f!("lex_geq", (2, 2), (0, 0), tuples::lex_geq, "lex_geq(a, b): lexicographic >="),
    f!("lex_gtr", (2, 2), (0, 0), tuples::lex_gtr, "lex_gtr(a, b): lexicographic >"),
    f!("lex_leq", (2, 2), (0, 0), tuples::lex_leq, "lex_leq(a, b): lexicographic <="),
    f!("lex_less", (2, 2), (0, 0), tuples::lex_less, "lex_less(a, b): lexicographic <"),
    f!("local_partition", (3, 4), (0, 0), tensors::local_partition, "local_partition(T, thr_layout, idx[, proj]): a thread's elements"),
    f!("local_tile", (3, 4), (0, 0), tensors::local_tile, "local_tile(T, tiler, coord[, proj]): one tile of a tensor"),
    f!("logical_divide", (2, 2), (0, 0), algebra::logical_divide, "logical_divide(L, T): (tile, rest)"),
    f!("logical_product", (2, 2), (0, 0), algebra::logical_product, "logical_product(A, T): (A, repeats)"),
    f!("make_basis_like", (1, 1), (0, 0), tuples::make_basis_like, "make_basis_like(shape): identity strides"),
    f!("make_coord", (0, ANY), (0, 0), tuples::make_tuple, "make_coord(x, ...): a tuple"),
    f!("make_fragment_like", (1, 1), (0, 0), layouts::make_fragment_like, "make_fragment_like(L): a compact fragment, mode 0 col-major, the rest in L's stride order"),
    f!("make_identity_layout", (1, 1), (0, 0), layouts::make_identity_layout, "make_identity_layout(shape)"),
    f!("make_identity_tensor", (1, 1), (0, 0), tensors::make_identity_tensor, "make_identity_tensor(shape): the tensor of its own coordinates"),
    f!("make_layout", (1, ANY), (0, 0), layouts::make_layout, "make_layout(shape[, stride | LayoutLeft | LayoutRight]) or make_layout(L0, L1, ...)"),
    f!("make_layout_like", (1, 1), (0, 0), layouts::make_layout_like, "make_layout_like(L): compact, in L's stride order"),
    f!("make_ordered_layout", (2, 2), (0, 0), layouts::make_ordered_layout, "make_ordered_layout(shape, order)"),
    f!("make_shape", (0, ANY), (0, 0), tuples::make_tuple, "make_shape(x, ...): a tuple"),
    f!("make_step", (0, ANY), (0, 0), tuples::make_tuple, "make_step(x, ...): a tuple"),
    f!("make_stride", (0, ANY), (0, 0), tuples::make_tuple, "make_stride(x, ...): a tuple"),
    f!("make_tile", (0, ANY), (0, 0), tuples::make_tuple, "make_tile(x, ...): a tuple"),
    f!("make_tiled_copy", (1, 3), (0, 0), atoms::make_tiled_copy, "make_tiled_copy(Copy_Atom<OP,T>, thr_layout, val_layout): a copy atom tiled over threads and values"),
    f!("make_tiled_copy_A", (2, 2), (0, 0), atoms::make_tiled_copy_a, "make_tiled_copy_A(Copy_Atom<OP,T>, M): the copy of a tiled MMA's A"),
    f!("make_tiled_copy_B", (2, 2), (0, 0), atoms::make_tiled_copy_b, "make_tiled_copy_B(Copy_Atom<OP,T>, M): the copy of a tiled MMA's B"),
    f!("make_tiled_copy_C", (2, 2), (0, 0), atoms::make_tiled_copy_c, "make_tiled_copy_C(Copy_Atom<OP,T>, M): the copy of a tiled MMA's C"),
    f!("make_tiled_copy_D", (2, 2), (0, 0), atoms::make_tiled_copy_d, "make_tiled_copy_D(Copy_Atom<OP,T>, C): a copy with the destination threads and values of C"),
    f!("make_tiled_copy_S", (2, 2), (0, 0), atoms::make_tiled_copy_s, "make_tiled_copy_S(Copy_Atom<OP,T>, C): a copy with the source threads and values of C"),
    f!("make_tiled_copy_impl", (3, 3), (0, 0), atoms::make_tiled_copy_impl, "make_tiled_copy_impl(Copy_Atom<OP,T>, layout_tv, tiler): a tiled copy from its (thread, value) layout"),
    f!("make_tiled_mma", (1, 3), (0, 0), atoms::make_tiled_mma, "make_tiled_mma(atom[, atom_layout[, permutation]]): an MMA atom tiled over M, N, K"),
    f!("make_tuple", (0, ANY), (0, 0), tuples::make_tuple, "make_tuple(x, ...): a tuple"),
    f!("matrix_access", (2, 2), (0, 0), analysis::matrix_access, "matrix_access(TV, n): an ldmatrix/stmatrix access of n 8x8 matrices, thread 8i+r giving row r of matrix i"),
    f!("max", (1, ANY), (0, 0), tuples::max, "max(x, ...): the largest leaf"),
    f!("max_alignment", (1, 1), (0, 0), algebra::max_alignment, "max_alignment(L): the alignment every contiguous run keeps"),
    f!("max_common_layout", (2, 2), (0, 0), algebra::max_common_layout, "max_common_layout(A, B): the contiguous elements A and B agree on"),
    f!("max_common_vector", (2, 2), (0, 0), algebra::max_common_vector, "max_common_vector(A, B): their number"),
    f!("min", (1, ANY), (0, 0), tuples::min, "min(x, ...): the smallest leaf"),
    f!("nullspace", (1, 1), (0, 0), algebra::nullspace, "nullspace(L): the coordinates L maps to 0"),
    f!("outer_partition", (3, 3), (0, 0), tensors::outer_partition, "outer_partition(T, tiler, coord): one element of every tile"),
    f!("partition_A", (3, 3), (0, 0), atoms::partition_a, "partition_A(M, thr, T): thread thr's part of an (M,K) tensor"),
    f!("partition_B", (3, 3), (0, 0), atoms::partition_b, "partition_B(M, thr, T): thread thr's part of an (N,K) tensor"),
    f!("partition_C", (3, 3), (0, 0), atoms::partition_c, "partition_C(M, thr, T): thread thr's part of an (M,N) tensor"),
    f!("partition_D", (3, 3), (0, 0), atoms::partition_d, "partition_D(C, thr, T): thread thr's part of a copy's destination"),
    f!("partition_S", (3, 3), (0, 0), atoms::partition_s, "partition_S(C, thr, T): thread thr's part of a copy's source"),
    f!("partition_fragment_A", (3, 3), (0, 0), atoms::partition_fragment_a, "partition_fragment_A(M, thr, T): the layout of thread thr's registers for A"),
    f!("partition_fragment_B", (3, 3), (0, 0), atoms::partition_fragment_b, "partition_fragment_B(M, thr, T): the layout of thread thr's registers for B"),
    f!("partition_fragment_C", (3, 3), (0, 0), atoms::partition_fragment_c, "partition_fragment_C(M, thr, T): the layout of thread thr's accumulators"),
    f!("partition_shape_A", (2, 2), (0, 0), atoms::partition_shape_a, "partition_shape_A(M, shape): the shape of one thread's part of A"),
    f!("partition_shape_B", (2, 2), (0, 0), atoms::partition_shape_b, "partition_shape_B(M, shape): the shape of one thread's part of B"),
    f!("partition_shape_C", (2, 2), (0, 0), atoms::partition_shape_c, "partition_shape_C(M, shape): the shape of one thread's part of C"),
    f!("prepend", (1, 2), (0, 1), layouts::prepend, "prepend(x, y), prepend<N>(x[, y]): add modes at the front"),
    f!("print_latex", (1, 1), (0, 0), layouts::print_latex, "print_latex(L): CuTe's TikZ picture of a layout of rank 2 or less, a tiled MMA or a tiled copy"),
    f!("print_layout", (1, 1), (0, 0), layouts::print_layout, "print_layout(L): CuTe's table of a rank-2 layout"),
    f!("print_svg", (1, 1), (0, 0), layouts::print_svg, "print_svg(M): CuTe's SVG picture of a tiled MMA (A, B and C by thread and value)"),
    f!("print_tensor", (1, 1), (0, 0), tensors::print_tensor, "print_tensor(T): CuTe's table of a tensor's elements"),
    f!("product", (1, 1), (0, 0), tuples::product, "product(t): the product of the leaves"),
    f!("product_each", (1, 1), (0, 0), tuples::product_each, "product_each(t): the product of each mode"),
    f!("product_like", (2, 2), (0, 0), tuples::product_like, "product_like(t, guide): products at the leaves of guide"),
    f!("raked_product", (2, 2), (0, 0), algebra::raked_product, "raked_product(A, B): A's repeats interleaved over B"),
    f!("rank", (1, 1), (0, ANY), layouts::rank, "rank<I...>(x): the number of modes"),
    f!("recast_layout", (1, 1), (2, 2), algebra::recast_layout, "recast_layout<Old,New>(L): L over elements of another type (uint8_t, half_t, float, ...)"),
    f!("remove", (1, 1), (1, 1), tuples::remove, "remove<I>(t): remove mode I"),
    f!("repeat", (1, 1), (1, 1), tuples::repeat, "repeat<N>(x): N copies of x (x itself for N = 1)"),
    f!("repeat_like", (2, 2), (0, 0), tuples::repeat_like, "repeat_like(t, x): t's profile filled with x"),
    f!("replace", (2, 2), (1, 1), layouts::replace, "replace<I>(x, y): replace mode I"),
    f!("retile_D", (2, 2), (0, 0), atoms::retile, "retile_D(C, T): a thread's fragment regrouped as the copy's values"),
    f!("retile_S", (2, 2), (0, 0), atoms::retile, "retile_S(C, T): a thread's fragment regrouped as the copy's values"),
    f!("reverse", (1, 1), (0, 0), tuples::reverse, "reverse(t): the modes in reverse order"),
    f!("right_inverse", (1, 1), (0, 0), algebra::right_inverse, "right_inverse(L): L(R(i)) == i"),
    f!("round_up", (2, 2), (0, 0), tuples::round_up, "round_up(a, b): a rounded up to multiples of b"),
    f!("select", (1, 1), (1, ANY), layouts::select, "select<I...>(x): the modes I..."),
    f!("shape", (1, 1), (0, ANY), layouts::shape, "shape<I...>(L): the shape"),
    f!("shape_div", (2, 2), (0, 0), tuples::shape_div, "shape_div(a, b): shape division"),
    f!("size", (1, 1), (0, ANY), layouts::size, "size<I...>(x): the number of elements"),
    f!("slice", (2, 2), (0, 0), layouts::slice, "slice(c, x): the modes paired with _"),
    f!("slice_and_offset", (2, 2), (0, 0), layouts::slice_and_offset, "slice_and_offset(c, L): (slice, offset)"),
    f!("stride", (1, 1), (0, ANY), layouts::stride, "stride<I...>(L): the stride"),
    f!("sum", (1, 1), (0, 0), tuples::sum, "sum(t): the sum of the leaves"),
    f!("swizzle_for", (2, ANY), (0, 0), analysis::swizzle_for, "swizzle_for(L, A...): the cheapest Swizzle<B,M,S> that makes accesses A to shared layout L conflict-free"),
    f!("take", (1, 1), (2, 2), layouts::take, "take<B,E>(x): modes [B,E)"),
    f!("thr_size", (1, 1), (0, 0), atoms::thr_size, "thr_size(M): the threads of a tiled MMA or copy"),
    f!("tile_shape", (1, 1), (0, 0), atoms::tile_shape, "tile_shape(M): a tiled MMA's (M,N,K) tile"),
    f!("tile_size", (1, 1), (1, 1), atoms::tile_size, "tile_size<I>(M): mode I of a tiled MMA's or copy's tile"),
    f!("tile_to_shape", (2, 3), (0, 0), algebra::tile_to_shape, "tile_to_shape(block, shape[, order]): repeat block to fill a shape"),
    f!("tile_unzip", (2, 2), (0, 0), layouts::tile_unzip, "tile_unzip(L, T): ((tiles...), (rests...)) of a divided layout"),
    f!("tiled_divide", (2, 2), (0, 0), algebra::tiled_divide, "tiled_divide(L, T): ((tiles...), rests...)"),
    f!("tiled_product", (2, 2), (0, 0), algebra::tiled_product, "tiled_product(A, T): ((blocks...), repeats...)"),
    f!("tma_copy", (3, 3), (0, 0), tma::tma_copy, "tma_copy(G, S, T): the TMA tensor map and instructions that move tile S of tensor G (T: half_t, float, ... or bits), proved, or why not"),
    f!("tuple_repeat", (1, 1), (1, 1), tuples::tuple_repeat, "tuple_repeat<N>(x): a tuple of N copies"),
    f!("unflatten", (2, 2), (0, 0), layouts::unflatten, "unflatten(x, profile): regroup a flat tuple or layout"),
    f!("unwrap", (1, 1), (0, 0), tuples::unwrap, "unwrap(t): strip rank-1 tuples"),
    f!("upcast", (1, 1), (1, 1), algebra::upcast, "upcast<N>(L): elements N times larger"),
    f!("vector_access", (2, 3), (0, 0), analysis::vector_access, "vector_access(TV, T[, bits]): (thread, value) -> index of the tile, elements T, bits per access (default: one element)"),
    f!("weakly_congruent", (2, 2), (0, 0), tuples::weakly_congruent, "weakly_congruent(a, b)"),
    f!("wrap", (1, 1), (0, 0), tuples::wrap, "wrap(x): a leaf becomes a rank-1 tuple"),
    f!("zip", (1, ANY), (0, 0), layouts::zip, "zip(x[, y, ...]): transpose a tuple of tuples, or the shapes and strides of layouts"),
    f!("zipped_divide", (2, 2), (0, 0), algebra::zipped_divide, "zipped_divide(L, T): ((tiles...), (rests...))"),
    f!("zipped_product", (2, 2), (0, 0), algebra::zipped_product, "zipped_product(A, T): ((blocks...), (repeats...))"),
];

/// Runs `func` on the evaluated call; the functions that also take a tensor as their first
/// argument are dispatched to their tensor form.
pub(crate) fn call(func: &Function, c: &Call<'_>) -> Result<Value, EvalError> {
    const TENSOR_FORMS: &[&str] = &[
        "composition",
        "flat_divide",
        "layout",
        "logical_divide",
        "rank",
        "shape",
        "size",
        "tiled_divide",
        "zipped_divide",
    ];
    if TENSOR_FORMS.contains(&func.name)
        && let Some(r) = tensors::on_tensor(c)
    {
        return r;
    }
    (func.f)(c)
}

/// The function called `name`, if the language has it.
pub fn find(name: &str) -> Option<&'static Function> {
    TABLE
        .binary_search_by(|f| f.name.cmp(name))
        .ok()
        .map(|i| &TABLE[i])
}

/// A layout argument: plain or swizzled.
#[allow(clippy::large_enum_variant)]
pub(crate) enum AnyLayout {
    Plain(Layout),
    Swizzled(rcute::swizzle::ComposedLayout),
    /// A chain of composed layouts: the operations act on its innermost layout, as CuTe's
    /// act on `layout_b()`.
    Chain(rcute::swizzle::ComposedChain),
}

impl AnyLayout {
    /// Applies a layout operation to `L` and keeps the swizzle.
    pub(crate) fn map(
        &self,
        f: impl FnOnce(&Layout) -> Result<Layout, Error>,
    ) -> Result<Value, Error> {
        match self {
            AnyLayout::Plain(l) => f(l).map(Value::Layout),
            AnyLayout::Swizzled(c) => f(&c.layout()).map(|l| Value::Composed(c.with_layout(l))),
            AnyLayout::Chain(c) => match c.inner_layout() {
                Some(inner) => c.try_with_inner_layout(f(&inner)?).map(Value::from),
                None => Err(rcute::swizzle::chain_no_domain()),
            },
        }
    }
}

/// A call being evaluated: the function's name, its template arguments and its evaluated
/// arguments with their spans.
pub(crate) struct Call<'a> {
    pub name: &'static str,
    pub span: Span,
    pub name_span: Span,
    pub targs: &'a [i64],
    pub args: Vec<(Value, Span)>,
}

fn count(n: usize) -> alloc::string::String {
    if n == 1 {
        "1 argument".into()
    } else {
        alloc::format!("{n} arguments")
    }
}

fn range_text(lo: usize, hi: usize) -> alloc::string::String {
    if lo == hi {
        count(lo)
    } else if hi == ANY {
        alloc::format!("at least {}", count(lo))
    } else {
        alloc::format!("{lo} to {hi} arguments")
    }
}

impl Call<'_> {
    pub(crate) fn check_arity(&self, f: &Function) -> Result<(), EvalError> {
        let n = self.args.len();
        if n < f.args.0 || n > f.args.1 {
            return Err(EvalError::new(
                alloc::format!(
                    "{}: wrong number of arguments: takes {}, given {}",
                    f.name,
                    range_text(f.args.0, f.args.1),
                    n
                ),
                self.span,
            ));
        }
        let t = self.targs.len();
        if t < f.targs.0 || t > f.targs.1 {
            let msg = if f.targs.1 == 0 {
                alloc::format!("{}: takes no template arguments, given {t}", f.name)
            } else {
                alloc::format!(
                    "{}: wrong number of template arguments: takes {}, given {t}",
                    f.name,
                    range_text(f.targs.0, f.targs.1).replace("argument", "template argument")
                )
            };
            return Err(EvalError::new(msg, self.name_span));
        }
        Ok(())
    }

    pub(crate) fn value(&self, i: usize) -> &Value {
        &self.args[i].0
    }

    pub(crate) fn arg_span(&self, i: usize) -> Span {
        self.args[i].1
    }

    /// An error about argument `i`.
    pub(crate) fn bad_arg(&self, i: usize, want: &str) -> EvalError {
        EvalError::new(
            alloc::format!(
                "{}: argument {} must be {want}, found {}",
                self.name,
                i + 1,
                self.value(i).kind()
            ),
            self.arg_span(i),
        )
    }

    pub(crate) fn tuple(&self, i: usize) -> Result<IntTuple, EvalError> {
        match self.value(i) {
            Value::Tuple(t) => Ok(*t),
            _ => Err(self.bad_arg(i, "an integer or a tuple of integers")),
        }
    }

    pub(crate) fn int(&self, i: usize) -> Result<Int, EvalError> {
        match self.value(i) {
            Value::Tuple(t) if t.is_leaf() => Ok(t.leaf(0)),
            _ => Err(self.bad_arg(i, "an integer")),
        }
    }

    /// Argument `i` as a layout or a swizzled layout.
    pub(crate) fn any_layout(&self, i: usize) -> Result<AnyLayout, EvalError> {
        match self.value(i) {
            Value::Layout(l) => Ok(AnyLayout::Plain(*l)),
            Value::Composed(c) => Ok(AnyLayout::Swizzled(*c)),
            Value::Chain(c) => Ok(AnyLayout::Chain(**c)),
            _ => Err(self.bad_arg(i, "a layout")),
        }
    }

    pub(crate) fn layout(&self, i: usize) -> Result<Layout, EvalError> {
        match self.value(i) {
            Value::Layout(l) => Ok(*l),
            _ => Err(self.bad_arg(i, "a layout")),
        }
    }

    /// Argument `i` as a tiler: a layout, an integer, `_`, a shape, or a tuple of those.
    pub(crate) fn tiler(&self, i: usize) -> Result<rcute::algebra::Tiler, EvalError> {
        to_tiler(self.value(i)).map_err(|e| match e {
            Some(e) => EvalError::from_core(e, self.arg_span(i)),
            None => self.bad_arg(i, "a layout, a shape, or a tuple of layouts"),
        })
    }

    pub(crate) fn tag(&self, i: usize) -> Option<Tag> {
        match self.value(i) {
            Value::Tag(t) => Some(*t),
            _ => None,
        }
    }

    /// Template argument `k` as a mode index (non-negative).
    pub(crate) fn index(&self, k: usize) -> Result<usize, EvalError> {
        let v = self.targs[k];
        usize::try_from(v).map_err(|_| {
            EvalError::new(
                alloc::format!(
                    "{}: template argument {} must be a non-negative index, found {v}",
                    self.name,
                    k + 1
                ),
                self.name_span,
            )
        })
    }

    /// All template arguments as mode indices.
    pub(crate) fn path(&self) -> Result<Vec<usize>, EvalError> {
        (0..self.targs.len()).map(|k| self.index(k)).collect()
    }

    /// Template argument `k` as the end of a range: `-1` means `rank`.
    pub(crate) fn range_end(&self, k: usize, rank: usize) -> Result<usize, EvalError> {
        if self.targs[k] == -1 {
            Ok(rank)
        } else {
            self.index(k)
        }
    }

    /// Maps a library error to an error at this call. A division by zero names the call
    /// with its arguments (`ceil_div(5, 0): division by zero`), not the library's
    /// intermediate values.
    pub(crate) fn core<T>(&self, r: Result<T, Error>) -> Result<T, EvalError> {
        r.map_err(|e| match e {
            Error::DivideByZero { msg, .. } => {
                let mut text = alloc::string::String::from(self.name);
                if !self.targs.is_empty() {
                    let t: Vec<alloc::string::String> =
                        self.targs.iter().map(|v| alloc::format!("{v}")).collect();
                    text.push_str(&alloc::format!("<{}>", t.join(",")));
                }
                let a: Vec<alloc::string::String> = self
                    .args
                    .iter()
                    .map(|(v, _)| alloc::format!("{v}"))
                    .collect();
                let what = msg.rsplit(": ").next().unwrap_or(msg);
                EvalError::new(
                    alloc::format!("{text}({}): {what}", a.join(", ")),
                    self.span,
                )
            }
            other => EvalError::from_core(other, self.span),
        })
    }
}

/// A value as a tiler; `Err(None)` when it cannot be one.
fn to_tiler(v: &Value) -> Result<rcute::algebra::Tiler, Option<Error>> {
    use rcute::algebra::Tiler;
    match v {
        Value::Layout(l) => Ok(Tiler::layout(*l)),
        Value::Tuple(t) => Tiler::try_from_shape(t).map_err(Some),
        Value::List(items) => {
            let parts = items.iter().map(to_tiler).collect::<Result<Vec<_>, _>>()?;
            Tiler::try_tuple(&parts).map_err(Some)
        }
        _ => Err(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_for_binary_search() {
        assert!(TABLE.windows(2).all(|w| w[0].name < w[1].name));
        assert!(
            TABLE
                .iter()
                .all(|f| find(f.name).is_some_and(|g| core::ptr::eq(f, g)))
        );
        assert!(find("frobnicate").is_none());
    }

    /// docs/FUNCTIONS.md lists CuTe's layout-level functions and what rcute has of each:
    /// every function of the language is there, written `name` (in backquotes).
    #[test]
    fn every_language_function_is_in_functions_md() {
        let doc = include_str!("../../../../docs/FUNCTIONS.md");
        let missing: Vec<&str> = TABLE
            .iter()
            .map(|f| f.name)
            .filter(|n| !doc.contains(&alloc::format!("`{n}`")))
            .collect();
        assert!(TABLE.len() > 100, "only {} functions", TABLE.len());
        assert!(missing.is_empty(), "not in docs/FUNCTIONS.md: {missing:?}");
    }
}
