//! Copy atoms: CuTe's `Copy_Traits` of one copy instruction (layouts in bits), and
//! `Copy_Atom<Op, T>`, the same traits recast to elements of `T`.

use super::name::AtomName;
use super::tma_params::{Im2colTmaTensor, TmaParams};
use crate::error::{Error, tri};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;
use core::fmt;

/// A copy operation's traits (CuTe's `Copy_Traits<Op>`): `ThrID` and the source,
/// destination and reference layouts, (thread, value) -> bit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CopyOp {
    name: AtomName,
    thr_id: Layout,
    src: Layout,
    dst: Layout,
    reference: Layout,
    /// A TMA operation's descriptor and coordinate strides (`AuxTmaParams`), or an
    /// im2col TMA's coordinate tensor.
    tma: TmaAux,
}

/// What a TMA copy operation carries beside its traits (inline, as the core crate does not
/// allocate: every copy operation is as large as the largest variant).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[allow(clippy::large_enum_variant)]
enum TmaAux {
    /// Not a TMA operation.
    None,
    /// A tiled TMA: its descriptor's arguments and the coordinate tensor's stride.
    Tiled(TmaParams),
    /// An im2col TMA: its coordinate tensor, or why CuTe cannot print it.
    Im2col(Result<Im2colTmaTensor, Error>),
}

impl CopyOp {
    /// The traits of a TMA operation (`make_tma_copy`'s `Copy_Traits<Op, NumBits, Aux>`):
    /// source, destination and reference all `src`.
    pub(crate) const fn tma(
        name: AtomName,
        thr_id: Layout,
        src: Layout,
        params: TmaParams,
    ) -> CopyOp {
        CopyOp {
            name,
            thr_id,
            src,
            dst: src,
            reference: src,
            tma: TmaAux::Tiled(params),
        }
    }
    /// The traits of an im2col TMA operation (whose descriptor rcute does not keep) and its
    /// coordinate tensor: source, destination and reference all `src`.
    pub(crate) const fn tma_im2col(
        name: AtomName,
        thr_id: Layout,
        src: Layout,
        tensor: Result<Im2colTmaTensor, Error>,
    ) -> CopyOp {
        CopyOp {
            name,
            thr_id,
            src,
            dst: src,
            reference: src,
            tma: TmaAux::Im2col(tensor),
        }
    }

    /// An im2col TMA's coordinate tensor (`get_tma_tensor`), or why CuTe cannot print it (a
    /// dynamic output extent); `None` for other copies.
    pub const fn im2col_tensor(&self) -> Option<Result<&Im2colTmaTensor, Error>> {
        match &self.tma {
            TmaAux::Im2col(Ok(t)) => Some(Ok(t)),
            TmaAux::Im2col(Err(e)) => Some(Err(*e)),
            _ => None,
        }
    }
    /// A TMA operation's descriptor arguments and the stride of its coordinate tensor;
    /// `None` for other copies.
    pub const fn tma_params(&self) -> Option<&TmaParams> {
        match &self.tma {
            TmaAux::Tiled(p) => Some(p),
            _ => None,
        }
    }
    /// Its name, CuTe's type (`SM75_U32x4_LDSM_N`, `UniversalCopy<uint128_t>`).
    pub const fn name(&self) -> &AtomName {
        &self.name
    }
    /// `ThrID`: logical thread id -> thread index.
    pub const fn thr_id(&self) -> &Layout {
        &self.thr_id
    }
    /// `SrcLayout`: (source thread, source value) -> bit.
    pub const fn src_bits(&self) -> &Layout {
        &self.src
    }
    /// `DstLayout`: (destination thread, destination value) -> bit.
    pub const fn dst_bits(&self) -> &Layout {
        &self.dst
    }
    /// `RefLayout`: (reference thread, reference value) -> bit.
    pub const fn ref_bits(&self) -> &Layout {
        &self.reference
    }
}

pub(crate) const fn op(name: &str, thr: &str, src: &str, dst: &str, reference: &str) -> CopyOp {
    CopyOp {
        name: AtomName::new(name),
        thr_id: Layout::parse(thr),
        src: Layout::parse(src),
        dst: Layout::parse(dst),
        reference: Layout::parse(reference),
        tma: TmaAux::None,
    }
}

// CuTe's copy_traits_sm75.hpp
const LDSM_N_X1_SRC: &str = "((_8,_4),_128):((_128,_0),_1)";
const LDSM_N_X1_DST: &str = "(_32,_32):(_32,_1)";
const LDSM_N_X2_SRC: &str = "((_16,_2),_128):((_128,_0),_1)";
const LDSM_N_X2_DST: &str = "(_32,(_32,_2)):(_32,(_1,_1024))";
const LDSM_N_X4_SRC: &str = "(_32,_128):(_128,_1)";
const LDSM_N_X4_DST: &str = "(_32,(_32,_4)):(_32,(_1,_1024))";
const LDSM_T_X2_DST: &str = "((_4,_8),(_16,_2)):((_256,_16),(_1,_128))";
const LDSM_T_X4_DST: &str = "((_4,_8),(_16,_2,_2)):((_256,_16),(_1,_128,_1024))";
const LDSM_T_X8_DST: &str = "((_4,_8),(_16,_2,_4)):((_256,_16),(_1,_128,_1024))";

macro_rules! ops {
    ($($(#[$doc:meta])* $name:ident = $src:expr, $dst:expr, $ref:expr;)*) => {
        $(
            $(#[$doc])*
            #[allow(non_upper_case_globals)]
            pub const $name: CopyOp = op(stringify!($name), "_32:_1", $src, $dst, $ref);
        )*
        /// Every warp-wide copy operation of the catalog.
        pub(crate) const WARP_OPS: &[CopyOp] = &[$($name),*];
    };
}

ops! {
    /// `ldmatrix.sync.aligned.x1.m8n8.shared.b16`.
    SM75_U32x1_LDSM_N = LDSM_N_X1_SRC, LDSM_N_X1_DST, LDSM_N_X1_DST;
    /// `ldmatrix.sync.aligned.x2.m8n8.shared.b16`.
    SM75_U32x2_LDSM_N = LDSM_N_X2_SRC, LDSM_N_X2_DST, LDSM_N_X2_DST;
    /// `ldmatrix.sync.aligned.x4.m8n8.shared.b16`.
    SM75_U32x4_LDSM_N = LDSM_N_X4_SRC, LDSM_N_X4_DST, LDSM_N_X4_DST;
    /// `ldmatrix.sync.aligned.x1.trans.m8n8.shared.b16`.
    SM75_U16x2_LDSM_T = LDSM_N_X1_SRC, LDSM_T_X2_DST, LDSM_T_X2_DST;
    /// `ldmatrix.sync.aligned.x2.trans.m8n8.shared.b16`.
    SM75_U16x4_LDSM_T = LDSM_N_X2_SRC, LDSM_T_X4_DST, LDSM_T_X4_DST;
    /// `ldmatrix.sync.aligned.x4.trans.m8n8.shared.b16`.
    SM75_U16x8_LDSM_T = LDSM_N_X4_SRC, LDSM_T_X8_DST, LDSM_T_X8_DST;
    /// `stmatrix.sync.aligned.x1.m8n8.shared.b16`.
    SM90_U32x1_STSM_N = LDSM_N_X1_DST, LDSM_N_X1_SRC, LDSM_N_X1_DST;
    /// `stmatrix.sync.aligned.x2.m8n8.shared.b16`.
    SM90_U32x2_STSM_N = LDSM_N_X2_DST, LDSM_N_X2_SRC, LDSM_N_X2_DST;
    /// `stmatrix.sync.aligned.x4.m8n8.shared.b16`.
    SM90_U32x4_STSM_N = LDSM_N_X4_DST, LDSM_N_X4_SRC, LDSM_N_X4_DST;
    /// `stmatrix.sync.aligned.x1.trans.m8n8.shared.b16`.
    SM90_U16x2_STSM_T = LDSM_T_X2_DST, LDSM_N_X1_SRC, LDSM_T_X2_DST;
    /// `stmatrix.sync.aligned.x2.trans.m8n8.shared.b16`.
    SM90_U16x4_STSM_T = LDSM_T_X4_DST, LDSM_N_X2_SRC, LDSM_T_X4_DST;
    /// `stmatrix.sync.aligned.x4.trans.m8n8.shared.b16`.
    SM90_U16x8_STSM_T = LDSM_T_X8_DST, LDSM_N_X4_SRC, LDSM_T_X8_DST;
    /// `movmatrix.sync.aligned.m8n8.trans.b16`: a transpose in registers.
    SM75_U32x1_MOVM_T = LDSM_N_X1_DST, LDSM_N_X1_DST, LDSM_N_X1_DST;
    /// Two `shfl.sync.bfly` (lane mask 1) that transpose 2x2 blocks of u32 across lanes
    /// (CuTe's `copy_traits_sm50.hpp`).
    SM50_Shuffle_U32_2x2Trans_XOR1 = SHFL_SRC, "((_2,_16),(_32,_2)):((_32,_128),(_1,_64))", SHFL_SRC;
    /// Two `shfl.sync.bfly` (lane mask 4) that transpose 2x2 blocks of u32 across lanes.
    SM50_Shuffle_U32_2x2Trans_XOR4 = SHFL_SRC, "((_4,_2,_4),(_32,_2)):((_64,_32,_512),(_1,_256))", SHFL_SRC;
}

// CuTe's copy_traits_sm50.hpp
const SHFL_SRC: &str = "(_32,_64):(_64,_1)";

/// `SM90_BULK_COPY_AUTO`: a one-thread bulk copy (`cp.async.bulk`) whose size is set at
/// run time, traits `(_1,_1):(_0,_0)` like [`auto_vectorizing_copy`]'s.
pub const SM90_BULK_COPY_AUTO: CopyOp = op(
    "SM90_BULK_COPY_AUTO",
    "_1:_0",
    "(_1,_1):(_0,_0)",
    "(_1,_1):(_0,_0)",
    "(_1,_1):(_0,_0)",
);

/// `Copy_Traits<SM90_BULK_COPY_G2S, Int<BITS>>` (or `SM90_BULK_COPY_S2G`): one thread
/// copies `BITS` bits in one `cp.async.bulk`, traits `(_1,_BITS):(_0,_1)`.
///
/// ```
/// use rcute::atom::{bulk_copy, CopyAtom};
/// let atom = CopyAtom::try_new(bulk_copy(true, 4096).unwrap(), "half_t", 16).unwrap();
/// assert_eq!(atom.val_layout_src().to_string(), "(_1,_256):(_0,_1)");
/// ```
///
/// # Errors
/// A size that is not a positive number of bits.
pub const fn bulk_copy(g2s: bool, bits: i64) -> Result<CopyOp, Error> {
    if bits <= 0 {
        return Err(Error::InvalidShape {
            msg: "bulk copy: the size in bits must be positive",
            value: bits,
        });
    }
    let name = AtomName::new(if g2s {
        "Copy_Traits<SM90_BULK_COPY_G2S,Int<"
    } else {
        "Copy_Traits<SM90_BULK_COPY_S2G,Int<"
    })
    .push_int(bits as u32)
    .push(">>");
    let mut s = IntTuple::parse("(_1,_1)");
    s.set_leaf(1, Int::constant(bits));
    let l = tri!(Layout::try_from_shape(s));
    Ok(CopyOp {
        name,
        thr_id: Layout::parse("_1:_0"),
        src: l,
        dst: l,
        reference: l,
        tma: TmaAux::None,
    })
}

/// `AutoVectorizingCopyWithAssumedAlignment<MaxVecBits>` (`AutoVectorizingCopy` is 128
/// bits, `DefaultCopy` 8): one thread, one value, whose traits CuTe writes
/// `(_1,_1):(_0,_0)` (the copy vectorizes at run time, so the atom is of one element).
///
/// ```
/// use rcute::atom::{auto_vectorizing_copy, CopyAtom};
/// let atom = CopyAtom::try_new(auto_vectorizing_copy(128).unwrap(), "half_t", 16).unwrap();
/// assert_eq!(atom.val_layout_src().to_string(), "(_1,_1):(_0,_0)");
/// ```
///
/// # Errors
/// A `MaxVecBits` that is not a power of two from 8 to 128 (CuTe's static assertion).
pub const fn auto_vectorizing_copy(max_vec_bits: i64) -> Result<CopyOp, Error> {
    let name = match max_vec_bits {
        128 => AtomName::new("AutoVectorizingCopy"),
        8 => AtomName::new("DefaultCopy"),
        16 | 32 | 64 => AtomName::new("AutoVectorizingCopyWithAssumedAlignment<")
            .push_int(max_vec_bits as u32)
            .push(">"),
        _ => {
            return Err(Error::Precondition {
                msg: "AutoVectorizingCopyWithAssumedAlignment: MaxVecBits must be 8, 16, 32, 64 or 128",
                mode: -1,
                lhs: max_vec_bits,
                rhs: 128,
            });
        }
    };
    let one = Layout::parse("(_1,_1):(_0,_0)");
    Ok(CopyOp {
        name,
        thr_id: Layout::parse("_1:_0"),
        src: one,
        dst: one,
        reference: one,
        tma: TmaAux::None,
    })
}

/// The kinds of one-thread copies that take an element type `S`: `Op<S>` copies one `S`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ScalarCopy {
    /// `UniversalCopy<S>`: a plain load and store of one `S`.
    Universal,
    /// `SM80_CP_ASYNC_CACHEALWAYS<S>`: `cp.async.ca` of 4, 8 or 16 bytes.
    CpAsyncCacheAlways,
    /// `SM80_CP_ASYNC_CACHEGLOBAL<S>`: `cp.async.cg` of 16 bytes.
    CpAsyncCacheGlobal,
    /// `SM80_CP_ASYNC_CACHEALWAYS_ZFILL<S>`: `cp.async.ca` that fills zeros where its
    /// predicate is off.
    CpAsyncCacheAlwaysZfill,
    /// `SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<S>`: `cp.async.cg` that fills zeros where its
    /// predicate is off.
    CpAsyncCacheGlobalZfill,
}

impl ScalarCopy {
    /// `Op<S>` for an `S` of `bits` bits, spelled `ty`; an error where CuTe's operation
    /// refuses the width (cp.async: "sizeof(TS) is not supported").
    pub const fn try_op(self, ty: &str, bits: i64) -> Result<CopyOp, Error> {
        self.try_op2(ty, bits, ty, bits)
    }

    /// `Op<S, D>`: a copy from an `S` of `bits` bits to a `D` of `dst_bits` bits (spelled
    /// `ty` and `dst_ty`; the name shows `D` where it differs). CuTe's cp.async requires
    /// the same size; `UniversalCopy` takes any.
    pub const fn try_op2(
        self,
        ty: &str,
        bits: i64,
        dst_ty: &str,
        dst_bits: i64,
    ) -> Result<CopyOp, Error> {
        if dst_bits != bits && !matches!(self, ScalarCopy::Universal) {
            return Err(Error::Precondition {
                msg: "cp.async requires sizeof(src_value_type) == sizeof(dst_value_type)",
                mode: -1,
                lhs: bits,
                rhs: dst_bits,
            });
        }
        if dst_bits <= 0 || dst_bits > 128 {
            return Err(Error::Precondition {
                msg: "copy atom: the operation does not copy elements of this width",
                mode: -1,
                lhs: dst_bits,
                rhs: 128,
            });
        }
        let (name, ok) = match self {
            ScalarCopy::Universal => ("UniversalCopy<", bits > 0 && bits <= 128),
            ScalarCopy::CpAsyncCacheAlways => (
                "SM80_CP_ASYNC_CACHEALWAYS<",
                bits == 32 || bits == 64 || bits == 128,
            ),
            ScalarCopy::CpAsyncCacheGlobal => ("SM80_CP_ASYNC_CACHEGLOBAL<", bits == 128),
            ScalarCopy::CpAsyncCacheAlwaysZfill => (
                "SM80_CP_ASYNC_CACHEALWAYS_ZFILL<",
                bits == 32 || bits == 64 || bits == 128,
            ),
            ScalarCopy::CpAsyncCacheGlobalZfill => {
                ("SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<", bits == 128)
            }
        };
        if !ok {
            return Err(Error::Precondition {
                msg: "copy atom: the operation does not copy elements of this width (cp.async: sizeof(TS) is not supported)",
                mode: -1,
                lhs: bits,
                rhs: 128,
            });
        }
        let mut s = IntTuple::parse("(_1,_1)");
        s.set_leaf(1, Int::constant(bits));
        let bits_layout = tri!(Layout::try_from_shape(s));
        let mut d = IntTuple::parse("(_1,_1)");
        d.set_leaf(1, Int::constant(dst_bits));
        let dst_layout = tri!(Layout::try_from_shape(d));
        let mut name = AtomName::new(name).push(ty);
        if !same_str(ty, dst_ty) {
            name = name.push(",").push(dst_ty);
        }
        Ok(CopyOp {
            name: name.push(">"),
            thr_id: Layout::parse("_1:_0"),
            src: bits_layout,
            dst: dst_layout,
            reference: bits_layout,
            tma: TmaAux::None,
        })
    }
}

/// Whether two strings are equal (in a `const fn`).
const fn same_str(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// A copy atom, CuTe's `Copy_Atom<Op, T>`: the operation's traits recast from bits to
/// elements of `T` (`ValLayoutSrc = recast_layout<uint1_t, T>(SrcLayout)`, ...).
/// `Display` prints what CuTe's `print(Copy_Atom<Op,T>{})` prints.
///
/// ```
/// use rcute::atom::{CopyAtom, SM75_U32x4_LDSM_N};
/// let atom = CopyAtom::try_new(SM75_U32x4_LDSM_N, "half_t", 16).unwrap();
/// assert_eq!(atom.val_layout_src().to_string(), "(_32,_8):(_8,_1)");
/// assert_eq!(atom.val_layout_dst().to_string(), "(_32,(_2,_4)):(_2,(_1,_64))");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CopyAtom {
    name: AtomName,
    op: CopyOp,
    bits: i64,
    src: Layout,
    dst: Layout,
    reference: Layout,
}

impl CopyAtom {
    /// `Copy_Atom<op, T>` for a `T` spelled `ty` of `bits` bits; an error where CuTe
    /// refuses it: a layout that does not recast to whole elements, or a recast whose
    /// thread mode is not `size(ThrID)` ("CopyOperation is not valid for Src of ValType").
    pub const fn try_new(op: CopyOp, ty: &str, bits: i64) -> Result<CopyAtom, Error> {
        if bits <= 0 {
            return Err(Error::InvalidShape {
                msg: "copy atom: an element type has a positive number of bits",
                value: bits,
            });
        }
        // a thread's values in bits and the element: one a multiple of the other (CuTe's
        // shape_div fails to compile otherwise, e.g. a 100-bit bulk copy of floats)
        let per_thread = tri!(tri!(op.src.try_mode(1)).try_size()).value();
        if per_thread % bits != 0 && bits % per_thread != 0 {
            return Err(Error::Precondition {
                msg: "copy atom: the operation's bits per thread and the element's bits do not divide one another",
                mode: 1,
                lhs: per_thread,
                rhs: bits,
            });
        }
        let src = tri!(op.src.try_upcast(bits));
        let dst = tri!(op.dst.try_upcast(bits));
        let reference = tri!(op.reference.try_upcast(bits));
        let threads = tri!(op.thr_id.try_size());
        let mut k = 0;
        while k < 3 {
            let l = match k {
                0 => &src,
                1 => &dst,
                _ => &reference,
            };
            let t = tri!(tri!(l.try_mode(0)).try_size());
            if l.rank() != 2 || t.value() != threads.value() {
                return Err(Error::Precondition {
                    msg: "copy atom: CopyOperation is not valid for this ValType (the recast layout's thread mode is not size(ThrID))",
                    mode: k,
                    lhs: t.value(),
                    rhs: threads.value(),
                });
            }
            k += 1;
        }
        Ok(CopyAtom {
            name: AtomName::new("Copy_Atom<")
                .push_name(&op.name)
                .push(",")
                .push(ty)
                .push(">"),
            op,
            bits,
            src,
            dst,
            reference,
        })
    }

    /// Its name, CuTe's type (`Copy_Atom<SM75_U32x4_LDSM_N,half_t>`).
    pub const fn name(&self) -> &AtomName {
        &self.name
    }
    /// The operation.
    pub const fn op(&self) -> &CopyOp {
        &self.op
    }
    /// The bits of the value type `T`.
    pub const fn value_bits(&self) -> i64 {
        self.bits
    }
    /// `ThrID`.
    pub const fn thr_id(&self) -> &Layout {
        &self.op.thr_id
    }
    /// `ValLayoutSrc`: (source thread, source value) -> element.
    pub const fn val_layout_src(&self) -> &Layout {
        &self.src
    }
    /// `ValLayoutDst`: (destination thread, destination value) -> element.
    pub const fn val_layout_dst(&self) -> &Layout {
        &self.dst
    }
    /// `ValLayoutRef`: (reference thread, reference value) -> element.
    pub const fn val_layout_ref(&self) -> &Layout {
        &self.reference
    }
    /// `NumValSrc`: the values one thread holds of the source.
    pub const fn num_val_src(&self) -> Result<Int, Error> {
        tri!(self.src.try_mode(1)).try_size()
    }
}

impl fmt::Display for CopyAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Copy_Atom")?;
        writeln!(f, "  ThrID:        {}", self.op.thr_id)?;
        writeln!(f, "  ValLayoutSrc: {}", self.src)?;
        writeln!(f, "  ValLayoutDst: {}", self.dst)?;
        writeln!(f, "  ValLayoutRef: {}", self.reference)?;
        write!(f, "  ValueType:    {}b", self.bits)
    }
}
