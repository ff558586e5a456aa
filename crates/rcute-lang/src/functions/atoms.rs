//! The atom layer in the expression language: `make_tiled_mma`, `make_tiled_copy` and
//! their variants, the thread-value layouts and the partitions.

use super::call::Call;
use super::function::Function;
use crate::error::EvalError;
use crate::value::{PtrTensor, Space, Value};
use alloc::boxed::Box;
use rcute::algebra::Tiler;
use rcute::atom::{CopyAtom, MmaAtom, Operand, TiledCopy, TiledMma};
use rcute::int::Int;
use rcute::layout::Layout;
use rcute::tensor::CoordTensor;

type R = Result<Value, EvalError>;

/// This file's functions: entries of the function table.
#[rustfmt::skip]
pub(super) const FUNCTIONS: &[Function] = &[
    Function::new("get_layoutA_TV", (1, 1), (0, 0), get_layout_a_tv, "get_layoutA_TV(M): a tiled MMA's (thread, value) -> (m,k)"),
    Function::new("get_layoutB_TV", (1, 1), (0, 0), get_layout_b_tv, "get_layoutB_TV(M): a tiled MMA's (thread, value) -> (n,k)"),
    Function::new("get_layoutC_TV", (1, 1), (0, 0), get_layout_c_tv, "get_layoutC_TV(M): a tiled MMA's (thread, value) -> (m,n)"),
    Function::new("get_layoutD_TV", (1, 1), (0, 0), get_layout_d_tv, "get_layoutD_TV(C): a tiled copy's destination (thread, value) -> coordinate"),
    Function::new("get_layoutS_TV", (1, 1), (0, 0), get_layout_s_tv, "get_layoutS_TV(C): a tiled copy's source (thread, value) -> coordinate"),
    Function::new("get_thr_layout_vmnk", (1, 1), (0, 0), get_thr_layout_vmnk, "get_thr_layout_vmnk(M): (atom thread, M, N, K) -> thread index"),
    Function::new("make_tiled_copy", (1, 3), (0, 0), make_tiled_copy, "make_tiled_copy(Copy_Atom<OP,T>, thr_layout, val_layout): a copy atom tiled over threads and values"),
    Function::new("make_tiled_copy_A", (2, 2), (0, 0), make_tiled_copy_a, "make_tiled_copy_A(Copy_Atom<OP,T>, M): the copy of a tiled MMA's A"),
    Function::new("make_tiled_copy_B", (2, 2), (0, 0), make_tiled_copy_b, "make_tiled_copy_B(Copy_Atom<OP,T>, M): the copy of a tiled MMA's B"),
    Function::new("make_tiled_copy_C", (2, 2), (0, 0), make_tiled_copy_c, "make_tiled_copy_C(Copy_Atom<OP,T>, M): the copy of a tiled MMA's C"),
    Function::new("make_tiled_copy_C_atom", (2, 2), (0, 0), make_tiled_copy_c_atom, "make_tiled_copy_C_atom(Copy_Atom<OP,T>, M): the copy of a tiled MMA's C threads, each with the values of one copy of the atom"),
    Function::new("make_tiled_copy_D", (2, 2), (0, 0), make_tiled_copy_d, "make_tiled_copy_D(Copy_Atom<OP,T>, C): a copy with the destination threads and values of C"),
    Function::new("make_tiled_copy_S", (2, 2), (0, 0), make_tiled_copy_s, "make_tiled_copy_S(Copy_Atom<OP,T>, C): a copy with the source threads and values of C"),
    Function::new("make_tiled_copy_impl", (3, 3), (0, 0), make_tiled_copy_impl, "make_tiled_copy_impl(Copy_Atom<OP,T>, layout_tv, tiler): a tiled copy from its (thread, value) layout"),
    Function::new("make_tiled_mma", (1, 3), (0, 0), make_tiled_mma, "make_tiled_mma(atom[, atom_layout[, permutation]]): an MMA atom tiled over M, N, K"),
    Function::new("partition_A", (3, 3), (0, 0), partition_a, "partition_A(M, thr, T): thread thr's part of an (M,K) tensor"),
    Function::new("partition_B", (3, 3), (0, 0), partition_b, "partition_B(M, thr, T): thread thr's part of an (N,K) tensor"),
    Function::new("partition_C", (3, 3), (0, 0), partition_c, "partition_C(M, thr, T): thread thr's part of an (M,N) tensor"),
    Function::new("make_cotiled_copy", (3, 3), (0, 0), make_cotiled_copy, "make_cotiled_copy(atom, atom_tv, data): the tiled copy whose (thread, value) -> address is atom_tv over the data layout's addresses"),
    Function::new("make_tmem_warp_partitioner", (1, 1), (0, 0), make_tmem_warp_partitioner, "make_tmem_warp_partitioner(T): CuTe's TV_Tiler giving each of four warps its 32 data paths of the TMEM tensor T (partition(P, warp, X) partitions)"),
    Function::new("partition", (3, 3), (0, 0), partition_tv, "partition(P, coord, T): P.get_slice(coord).partition(T) of a TV_Tiler (make_tmem_warp_partitioner)"),
    Function::new("make_tmem_copy", (2, 2), (0, 0), make_tmem_copy, "make_tmem_copy(atom, T): CuTe's tiled copy of a TMEM load or store over the TMEM tensor T (four warps, 32 data paths each)"),
    Function::new("partition_D", (3, 3), (0, 0), partition_d, "partition_D(C, thr, T): thread thr's part of a copy's destination"),
    Function::new("partition_S", (3, 3), (0, 0), partition_s, "partition_S(C, thr, T): thread thr's part of a copy's source"),
    Function::new("partition_fragment_A", (3, 3), (0, 0), partition_fragment_a, "partition_fragment_A(M, thr, T): the layout of thread thr's registers for A"),
    Function::new("partition_fragment_B", (3, 3), (0, 0), partition_fragment_b, "partition_fragment_B(M, thr, T): the layout of thread thr's registers for B"),
    Function::new("partition_fragment_C", (2, 3), (0, 0), partition_fragment_c, "partition_fragment_C(M, thr, T): the layout of thread thr's accumulators; partition_fragment_C(M, shape_MN): CuTe's free function, an SM100 UMMA's TMEM accumulator tensor (tmem_frg), or in host code a register tensor of the accumulator type"),
    Function::new("partition_shape_A", (2, 2), (0, 0), partition_shape_a, "partition_shape_A(M, shape): the shape of one thread's part of A"),
    Function::new("partition_shape_B", (2, 2), (0, 0), partition_shape_b, "partition_shape_B(M, shape): the shape of one thread's part of B"),
    Function::new("partition_shape_C", (2, 2), (0, 0), partition_shape_c, "partition_shape_C(M, shape): the shape of one thread's part of C"),
    Function::new("retile_D", (2, 2), (0, 0), retile, "retile_D(C, T): a thread's fragment regrouped as the copy's values"),
    Function::new("retile_S", (2, 2), (0, 0), retile, "retile_S(C, T): a thread's fragment regrouped as the copy's values"),
    Function::new("thr_size", (1, 1), (0, 0), thr_size, "thr_size(M): the threads of a tiled MMA or copy"),
    Function::new("tile_shape", (1, 1), (0, 0), tile_shape, "tile_shape(M): a tiled MMA's (M,N,K) tile"),
    Function::new("tile_size", (1, 1), (1, 1), tile_size, "tile_size<I>(M): mode I of a tiled MMA's or copy's tile"),
];

fn mma_atom(c: &Call<'_>, i: usize) -> Result<MmaAtom, EvalError> {
    match c.value(i) {
        Value::MmaAtom(a) => Ok(**a),
        _ => Err(c.bad_arg(i, "an MMA atom (SM80_16x8x16_F32F16F16F32_TN, ...)")),
    }
}

fn copy_atom(c: &Call<'_>, i: usize) -> Result<CopyAtom, EvalError> {
    match c.value(i) {
        Value::CopyAtom(a) => Ok(**a),
        _ => Err(c.bad_arg(i, "a copy atom (Copy_Atom<OP, T>)")),
    }
}

pub(super) fn tiled_mma(c: &Call<'_>, i: usize) -> Result<TiledMma, EvalError> {
    match c.value(i) {
        Value::TiledMma(m) => Ok(**m),
        _ => Err(c.bad_arg(i, "a tiled MMA (make_tiled_mma(...))")),
    }
}

fn tiled_copy(c: &Call<'_>, i: usize) -> Result<TiledCopy, EvalError> {
    match c.value(i) {
        Value::TiledCopy(t) => Ok(**t),
        _ => Err(c.bad_arg(i, "a tiled copy (make_tiled_copy(...))")),
    }
}

fn tensor(c: &Call<'_>, i: usize) -> Result<CoordTensor, EvalError> {
    match c.value(i) {
        Value::Tensor(t) => Ok(**t),
        _ => Err(c.bad_arg(i, "a tensor (make_identity_tensor(shape))")),
    }
}

/// A layout, or a shape read as `make_layout(shape)`.
fn layout_or_shape(c: &Call<'_>, i: usize) -> Result<Layout, EvalError> {
    match c.value(i) {
        Value::Tuple(t) if !t.has_underscore() => c.core(Layout::try_from_shape(*t)),
        Value::Layout(l) => Ok(*l),
        _ => Err(c.bad_arg(i, "a layout or a shape")),
    }
}

/// A thread index: a plain integer.
fn thread(c: &Call<'_>, i: usize) -> Result<Int, EvalError> {
    let t = c.int(i)?;
    if t.is_basis() || t.is_underscore() {
        return Err(c.bad_arg(i, "a thread index"));
    }
    Ok(t)
}

fn mma(m: TiledMma) -> R {
    Ok(Value::TiledMma(Box::new(m)))
}

fn copy(t: TiledCopy) -> R {
    Ok(Value::TiledCopy(Box::new(t)))
}

pub(super) fn make_tiled_mma(c: &Call<'_>) -> R {
    let atom = mma_atom(c, 0)?;
    let layout = if c.args.len() > 1 {
        layout_or_shape(c, 1)?
    } else {
        Layout::parse("(_1,_1,_1):(_0,_0,_0)")
    };
    let perm = if c.args.len() > 2 {
        c.tiler(2)?
    } else {
        Tiler::UNDERSCORE
    };
    mma(c.core(TiledMma::try_new(atom, &layout, &perm))?)
}

fn layout_tv(c: &Call<'_>, op: Operand) -> R {
    Ok(Value::Layout(c.core(tiled_mma(c, 0)?.try_layout_tv(op))?))
}

pub(super) fn get_layout_a_tv(c: &Call<'_>) -> R {
    layout_tv(c, Operand::A)
}
pub(super) fn get_layout_b_tv(c: &Call<'_>) -> R {
    layout_tv(c, Operand::B)
}
pub(super) fn get_layout_c_tv(c: &Call<'_>) -> R {
    layout_tv(c, Operand::C)
}

pub(super) fn get_thr_layout_vmnk(c: &Call<'_>) -> R {
    Ok(Value::Layout(*tiled_mma(c, 0)?.thr_layout_vmnk()))
}

pub(super) fn get_layout_s_tv(c: &Call<'_>) -> R {
    Ok(Value::Layout(
        c.core(tiled_copy(c, 0)?.try_layout_tv(false))?,
    ))
}
pub(super) fn get_layout_d_tv(c: &Call<'_>) -> R {
    Ok(Value::Layout(
        c.core(tiled_copy(c, 0)?.try_layout_tv(true))?,
    ))
}

pub(super) fn tile_size(c: &Call<'_>) -> R {
    let i = c.index(0)?;
    let n = match c.value(0) {
        Value::TiledMma(m) => {
            if i > 2 {
                return Err(c.bad_arg(0, "a tiled MMA's mode 0, 1 or 2 (tile_size<I>)"));
            }
            c.core(m.tile_size(i))?
        }
        Value::TiledCopy(t) => c.core(t.tile_size(i))?,
        _ => return Err(c.bad_arg(0, "a tiled MMA or a tiled copy")),
    };
    Ok(Value::int(n))
}

pub(super) fn tile_shape(c: &Call<'_>) -> R {
    Ok(Value::Tuple(c.core(tiled_mma(c, 0)?.try_tile_shape())?))
}

pub(super) fn thr_size(c: &Call<'_>) -> R {
    let n = match c.value(0) {
        Value::TiledMma(m) => c.core(m.try_size())?,
        Value::TiledCopy(t) => c.core(t.try_size())?,
        _ => return Err(c.bad_arg(0, "a tiled MMA or a tiled copy")),
    };
    Ok(Value::int(n))
}

fn partition(c: &Call<'_>, op: Operand) -> R {
    let m = tiled_mma(c, 0)?;
    let thr = thread(c, 1)?;
    if let Value::PtrTensor(p) = c.value(2) {
        // a tensor over memory: partitioned as the tensor whose iterator is its
        // pointer's offset, the pointer moved
        let rcute::swizzle::MaybeSwizzled::Plain(l) = p.layout else {
            return Err(c.bad_arg(
                2,
                "a tensor with an unswizzled layout (a swizzled smem layout goes into the pointer: make_tensor(make_smem_ptr<T>(p), GMMA's atom))",
            ));
        };
        let t = super::tensors::over_offset(p.ptr.offset, l);
        let part = Value::Tensor(Box::new(c.core(m.try_partition(op, thr, &t))?));
        return super::tensors::back_over(part, p.ptr, c.span);
    }
    let t = tensor(c, 2)?;
    Ok(Value::Tensor(Box::new(
        c.core(m.try_partition(op, thr, &t))?,
    )))
}

pub(super) fn partition_a(c: &Call<'_>) -> R {
    partition(c, Operand::A)
}
pub(super) fn partition_b(c: &Call<'_>) -> R {
    partition(c, Operand::B)
}
pub(super) fn partition_c(c: &Call<'_>) -> R {
    partition(c, Operand::C)
}

fn partition_fragment(c: &Call<'_>, op: Operand) -> R {
    let m = tiled_mma(c, 0)?;
    let thr = thread(c, 1)?;
    let t = match c.value(2) {
        // a tensor over memory: its fragment is that of the tensor over its offsets
        Value::PtrTensor(p) => match p.layout {
            rcute::swizzle::MaybeSwizzled::Plain(l) => super::tensors::over_offset(p.ptr.offset, l),
            rcute::swizzle::MaybeSwizzled::Swizzled(_) => {
                return Err(c.bad_arg(
                    2,
                    "a tensor with an unswizzled layout (a swizzled smem layout goes into the pointer: make_tensor(make_smem_ptr<T>(p), GMMA's atom))",
                ));
            }
        },
        _ => tensor(c, 2)?,
    };
    Ok(Value::Layout(
        c.core(m.try_partition_fragment(op, thr, &t))?,
    ))
}

pub(super) fn partition_fragment_a(c: &Call<'_>) -> R {
    partition_fragment(c, Operand::A)
}
pub(super) fn partition_fragment_b(c: &Call<'_>) -> R {
    partition_fragment(c, Operand::B)
}
pub(super) fn partition_fragment_c(c: &Call<'_>) -> R {
    if c.args.len() == 2 {
        // CuTe's free partition_fragment_C(mma, shape_MN): make_tensor<FrgTypeC>(shape)
        let m = tiled_mma(c, 0)?;
        let shape = c.tuple(1)?;
        if !m.atom().in_tmem(Operand::C) {
            return Err(c.bad_arg(
                0,
                "a tiled SM100 UMMA (a register fragment owns registers whose address is not reproducible: write partition_fragment_C(M, thr, T) for its layout)",
            ));
        }
        let l = c.core(m.try_partition_fragment_shape(Operand::C, &shape))?;
        return tmem_fragment(c, m.atom().value_types()[3], l);
    }
    partition_fragment(c, Operand::C)
}

/// CuTe's TMEM fragment: `make_tmem_ptr<T>()` (address 0) over `l`.
pub(crate) fn tmem_fragment(c: &Call<'_>, ty: &'static str, l: Layout) -> R {
    let Some(bits) = rcute::atom::element_bits(ty) else {
        return Err(c.bad_arg(0, "an atom whose accumulator type has a known width"));
    };
    Ok(Value::PtrTensor(Box::new(PtrTensor {
        ptr: crate::value::Ptr {
            space: Space::Tmem,
            ty,
            bits,
            base: 0,
            offset: 0,
            swizzle: None,
        },
        layout: rcute::swizzle::MaybeSwizzled::Plain(l),
    })))
}

fn partition_shape(c: &Call<'_>, op: Operand) -> R {
    let m = tiled_mma(c, 0)?;
    let shape = c.tuple(1)?;
    Ok(Value::Tuple(c.core(m.try_partition_shape(op, &shape))?))
}

pub(super) fn partition_shape_a(c: &Call<'_>) -> R {
    partition_shape(c, Operand::A)
}
pub(super) fn partition_shape_b(c: &Call<'_>) -> R {
    partition_shape(c, Operand::B)
}
pub(super) fn partition_shape_c(c: &Call<'_>) -> R {
    partition_shape(c, Operand::C)
}

pub(super) fn make_tiled_copy(c: &Call<'_>) -> R {
    let atom = copy_atom(c, 0)?;
    let thr = if c.args.len() > 1 {
        layout_or_shape(c, 1)?
    } else {
        Layout::parse("_1:_0")
    };
    let val = if c.args.len() > 2 {
        layout_or_shape(c, 2)?
    } else {
        Layout::parse("_1:_0")
    };
    copy(c.core(TiledCopy::try_new(atom, &thr, &val))?)
}

pub(super) fn make_tiled_copy_impl(c: &Call<'_>) -> R {
    let atom = copy_atom(c, 0)?;
    let tv = c.layout(1)?;
    let tiler = c.tuple(2)?;
    copy(c.core(TiledCopy::try_from_tv(atom, &tv, &tiler))?)
}

fn for_mma(c: &Call<'_>, op: Operand) -> R {
    let atom = copy_atom(c, 0)?;
    let m = tiled_mma(c, 1)?;
    copy(c.core(TiledCopy::try_for_mma(atom, &m, op))?)
}

pub(super) fn make_tiled_copy_a(c: &Call<'_>) -> R {
    for_mma(c, Operand::A)
}
pub(super) fn make_tiled_copy_b(c: &Call<'_>) -> R {
    for_mma(c, Operand::B)
}
pub(super) fn make_tiled_copy_c(c: &Call<'_>) -> R {
    for_mma(c, Operand::C)
}
pub(super) fn make_tiled_copy_c_atom(c: &Call<'_>) -> R {
    let atom = copy_atom(c, 0)?;
    let m = tiled_mma(c, 1)?;
    copy(c.core(TiledCopy::try_for_mma_c_atom(atom, &m))?)
}

pub(super) fn make_tiled_copy_s(c: &Call<'_>) -> R {
    let atom = copy_atom(c, 0)?;
    copy(c.core(TiledCopy::try_matching(atom, &tiled_copy(c, 1)?, false))?)
}
pub(super) fn make_tiled_copy_d(c: &Call<'_>) -> R {
    let atom = copy_atom(c, 0)?;
    copy(c.core(TiledCopy::try_matching(atom, &tiled_copy(c, 1)?, true))?)
}

fn partition_sd(c: &Call<'_>, dst: bool) -> R {
    let t = tiled_copy(c, 0)?;
    let thr = thread(c, 1)?;
    if let Value::PtrTensor(p) = c.value(2) {
        // a tensor over memory: its layout partitioned, its pointer moved
        let rcute::swizzle::MaybeSwizzled::Plain(l) = p.layout else {
            return Err(c.bad_arg(2, "a tensor with an unswizzled layout"));
        };
        let (part, off) = c.core(t.try_partition_layout(thr, &l, dst))?;
        let mut ptr = p.ptr;
        ptr.offset += off.value();
        return Ok(Value::PtrTensor(Box::new(PtrTensor {
            ptr,
            layout: rcute::swizzle::MaybeSwizzled::Plain(part),
        })));
    }
    let x = tensor(c, 2)?;
    Ok(Value::Tensor(Box::new(
        c.core(t.try_partition(thr, &x, dst))?,
    )))
}

pub(super) fn partition_s(c: &Call<'_>) -> R {
    partition_sd(c, false)
}
pub(super) fn partition_d(c: &Call<'_>) -> R {
    partition_sd(c, true)
}

pub(super) fn retile(c: &Call<'_>) -> R {
    let t = tiled_copy(c, 0)?;
    let x = tensor(c, 1)?;
    Ok(Value::Tensor(Box::new(c.core(t.try_retile(&x))?)))
}

/// `make_tmem_warp_partitioner(tmem_tensor)`.
pub(super) fn make_tmem_warp_partitioner(c: &Call<'_>) -> R {
    let Value::PtrTensor(t) = c.value(0) else {
        return Err(c.bad_arg(
            0,
            "a TMEM tensor, make_tensor(make_tmem_ptr<T>(addr), layout)",
        ));
    };
    if t.ptr.space != Space::Tmem {
        return Err(c.bad_arg(
            0,
            "a TMEM tensor, make_tensor(make_tmem_ptr<T>(addr), layout)",
        ));
    }
    let rcute::swizzle::MaybeSwizzled::Plain(l) = t.layout else {
        return Err(c.bad_arg(0, "a TMEM tensor with an unswizzled layout"));
    };
    let p = c.core(rcute::atom::make_tmem_warp_partitioner(&l, t.ptr.bits))?;
    Ok(Value::TvTiler(Box::new(p)))
}

/// `partition(P, coord, T)`: `P.get_slice(coord).partition(T)` of a `TV_Tiler`.
pub(super) fn partition_tv(c: &Call<'_>) -> R {
    let Value::TvTiler(p) = c.value(0) else {
        return Err(c.bad_arg(0, "a TV_Tiler, make_tmem_warp_partitioner(T)"));
    };
    let coord = thread(c, 1)?;
    if let Value::PtrTensor(t) = c.value(2) {
        let rcute::swizzle::MaybeSwizzled::Plain(l) = t.layout else {
            return Err(c.bad_arg(2, "a tensor with an unswizzled layout"));
        };
        let (part, off) = c.core(p.try_partition_layout(coord, &l))?;
        let mut ptr = t.ptr;
        ptr.offset += off.value();
        return Ok(Value::PtrTensor(Box::new(PtrTensor {
            ptr,
            layout: rcute::swizzle::MaybeSwizzled::Plain(part),
        })));
    }
    let x = tensor(c, 2)?;
    Ok(Value::Tensor(Box::new(c.core(p.try_partition(coord, &x))?)))
}

/// `make_tmem_copy(atom or op, tmem_tensor)`.
pub(super) fn make_tmem_copy(c: &Call<'_>) -> R {
    let Value::PtrTensor(t) = c.value(1) else {
        return Err(c.bad_arg(
            1,
            "a TMEM tensor, make_tensor(make_tmem_ptr<T>(addr), layout)",
        ));
    };
    if t.ptr.space != Space::Tmem {
        return Err(c.bad_arg(
            1,
            "a TMEM tensor, make_tensor(make_tmem_ptr<T>(addr), layout)",
        ));
    }
    let rcute::swizzle::MaybeSwizzled::Plain(l) = t.layout else {
        return Err(c.bad_arg(1, "a TMEM tensor with an unswizzled layout"));
    };
    let atom = match c.value(0) {
        Value::CopyAtom(a) => {
            if a.value_bits() != t.ptr.bits {
                return Err(c.bad_arg(
                    0,
                    "a copy atom of the tensor's element width (CuTe: expected a CopyAtom with the same type-width as the Tensor)",
                ));
            }
            **a
        }
        Value::CopyOp(op) => c.core(CopyAtom::try_new(**op, t.ptr.ty, t.ptr.bits))?,
        _ => {
            return Err(c.bad_arg(
                0,
                "a TMEM load or store (SM100_TMEM_LOAD_32dp32b8x{} or its Copy_Atom)",
            ));
        }
    };
    Ok(Value::TiledCopy(Box::new(
        c.core(rcute::atom::make_tmem_copy(atom, &l))?,
    )))
}

/// `make_cotiled_copy(atom, atom_tv_layout, data_layout)`.
pub(super) fn make_cotiled_copy(c: &Call<'_>) -> R {
    let atom = copy_atom(c, 0)?;
    let tv = c.layout(1)?;
    let data = c.layout(2)?;
    Ok(Value::TiledCopy(Box::new(
        c.core(TiledCopy::try_cotiled(atom, &tv, &data))?,
    )))
}
