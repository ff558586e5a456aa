//! The values of the expression language.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use rcute::int::Int;
use rcute::layout::Layout;
use rcute::swizzle::{ComposedChain, ComposedLayout, MaybeSwizzled, Swizzle};
use rcute::tensor::CoordTensor;
use rcute::tuple::IntTuple;

/// A tag argument: CuTe's `LayoutLeft` and `LayoutRight`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tag {
    /// `LayoutLeft` (`GenColMajor`).
    LayoutLeft,
    /// `LayoutRight` (`GenRowMajor`).
    LayoutRight,
}

/// A value of the expression language.
// Values are few and short-lived (one program); inline layouts keep matching simple.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Value {
    /// An integer, a tuple of integers, or `_`.
    Tuple(IntTuple),
    /// A layout.
    Layout(Layout),
    /// A tuple that holds something other than integers: a tiler of layouts, or a pair
    /// such as the `(layout, offset)` of `slice_and_offset`.
    List(Vec<Value>),
    /// `LayoutLeft` or `LayoutRight`.
    Tag(Tag),
    /// A swizzle functor, `Swizzle<B,M,S>`.
    Swizzle(Swizzle),
    /// A swizzle composed after a layout, `Sw<B,M,S> o O o L`.
    Composed(ComposedLayout),
    /// A chain of swizzles and layouts (CuTe's nested composed layouts),
    /// `Sw<B,M,S> o O o Sw<B',M',S'> o O' o L` or `L o O o Sw<B,M,S>`.
    Chain(alloc::boxed::Box<ComposedChain>),
    /// A coordinate tensor, `ArithTuple(_0,_0) o (_4,_3):(_1@0,_1@1)`.
    Tensor(alloc::boxed::Box<CoordTensor>),
    /// An MMA atom, `SM80_16x8x16_F32F16F16F32_TN`.
    MmaAtom(alloc::boxed::Box<rcute::atom::MmaAtom>),
    /// A copy atom, `Copy_Atom<SM75_U32x4_LDSM_N, half_t>`.
    CopyAtom(alloc::boxed::Box<rcute::atom::CopyAtom>),
    /// A tiled MMA, `make_tiled_mma(...)`.
    TiledMma(alloc::boxed::Box<rcute::atom::TiledMma>),
    /// A tiled copy, `make_tiled_copy(...)`.
    TiledCopy(alloc::boxed::Box<rcute::atom::TiledCopy>),
    /// Text a printer produced (`print_layout`); it is not a value.
    Printed(String),
    /// An element type named by CuTe's name (`half_t`, `float`, `uint8_t`, ...), an
    /// argument of `tma_copy`.
    ElementType(&'static str),
    /// A memory access pattern for the analyses: `vector_access(TV, T, bits)` or
    /// `matrix_access(TV, n)`.
    Access(alloc::boxed::Box<rcute::analysis::Access>),
    /// A pointer, `make_gmem_ptr<half_t>(nullptr)` (the one address a host program names).
    MemPtr(Ptr),
    /// A tensor over a pointer, `make_tensor(make_gmem_ptr<half_t>(nullptr), L)`.
    PtrTensor(alloc::boxed::Box<PtrTensor>),
    /// A TMA copy operation, `SM90_TMA_LOAD{}`.
    TmaOp(rcute::atom::TmaOp),
    /// A copy operation without its element type, `SM100_TMEM_LOAD_32dp32b8x{}` (an
    /// argument of `make_tmem_copy`, which takes the tensor's type).
    CopyOp(alloc::boxed::Box<rcute::atom::CopyOp>),
    /// A floating-point number of the host subset and whether it is a `float` (else a
    /// `double`).
    Float(f64, bool),
    /// A value of one of CUTLASS's 16-bit floating-point types, `half_t` or `bfloat16_t`
    /// (its exact value and its type): arithmetic of two of one type rounds to the type,
    /// as CUTLASS's operators do; with another number it is a `float`.
    Narrow(f64, crate::data::Elem),
    /// A pointer into an array of the program (`float* p = buf.data()`).
    Ptr(crate::data::Ptr),
    /// A `std::vector<T>` of the program: a pointer to its first element.
    Vector(crate::data::Ptr),
    /// A tensor over an array of the program (`make_tensor(ptr, layout)`,
    /// `make_tensor<float>(layout)`).
    Data(alloc::boxed::Box<crate::data::DataTensor>),
    /// A function of the program or a lambda.
    Func(crate::data::FuncRef),
    /// One thread's slice of a tiled MMA or copy, `mma.get_slice(thr)`.
    Slice(alloc::boxed::Box<Value>, i64),
    /// A constant expression of type `int` that is no CuTe integral constant:
    /// `decltype(x)::value`, `cosize_v<T>`, `is_static<T>::value`. It prints as a plain
    /// integer (`32`, where `Int<32>` prints `_32`), stays a constant where it combines with
    /// static integers and constants (`static_assert`, array sizes), and a CuTe function
    /// takes it as a dynamic integer, as C++ passes an `int`.
    Const(i64),
    /// An integer of an unsigned C++ type of 32 or 64 bits (`unsigned`, `uint32_t`,
    /// `size_t`, `10u`): its arithmetic wraps around as C++'s does. A CuTe function takes
    /// it as a dynamic integer.
    Unsigned(u64, u32),
    /// CuTe's `TV_Tiler`, `make_tmem_warp_partitioner(T)` (CuTe has no `print` of it).
    TvTiler(alloc::boxed::Box<rcute::atom::TvTiler>),
    /// CuTe's im2col TMA coordinate tensor, `get_tma_tensor` of an im2col copy:
    /// `ArithTuple(..) o L o O o I`.
    Im2colTensor(alloc::boxed::Box<rcute::atom::Im2colTmaTensor>),
    /// A tensor of MMA descriptors of shared memory, the fragment of a GMMA or UMMA
    /// operand read from shared memory (`thr_mma.make_fragment_A(tCsA)`):
    /// `GMMA::DescriptorIterator o (_1,_2,_4):(_0,_64,_2)`.
    DescTensor(alloc::boxed::Box<DescTensor>),
    /// CuTe's `lazy::transform(t, f)`: a tensor whose element `c` is `f(t(c))`, computed
    /// when it is read (`trans_ArithTuple(_0,_0) o (3,2):(_1@0,_1@1)`).
    Lazy(alloc::boxed::Box<LazyTensor>),
    /// CuTe's `counting_iterator<int>(n)`, or a tensor over it
    /// (`counting_iter(42) o (4,5):(_1,4)`), whose element `c` is `n + L(c)`.
    Counting(alloc::boxed::Box<CountingTensor>),
}

/// CuTe's `counting_iterator<int>(n)` and the tensors over it,
/// `make_tensor(counting_iterator<int>(42), make_shape(4,5))`: the integers counted from
/// `n`, laid out by the tensor's layout.
#[derive(Clone, Debug, PartialEq)]
pub struct CountingTensor {
    /// The first integer: of the iterator, of the tensor's element at the origin.
    pub start: i64,
    /// The tensor's offsets from `start` (`None` for the iterator alone).
    pub t: Option<rcute::tensor::CoordTensor>,
}

impl CountingTensor {
    /// The tensor's first integer: its start moved by its coordinate tensor's origin.
    pub fn origin(&self) -> i64 {
        // saturated: past int, C++'s iterator has overflowed already (an element read
        // there is refused)
        self.start.saturating_add(
            self.t
                .and_then(|t| t.origin().as_int().map(|i| i.value()))
                .unwrap_or(0),
        )
    }
}

impl fmt::Display for CountingTensor {
    /// CuTe's `print`: `counting_iter(42)`, and ` o ` and the layout of a tensor.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "counting_iter({})", self.origin())?;
        match &self.t {
            Some(t) => write!(f, " o {}", t.layout()),
            None => Ok(()),
        }
    }
}

/// A tensor whose elements a function of the program computes from another tensor's,
/// CuTe's `lazy::transform(t, f)` (a tensor over a `transform_iter`). Its layout is the
/// base tensor's: tiling, partitioning and slicing it apply to the base and keep `f`.
#[derive(Clone, Debug, PartialEq)]
pub struct LazyTensor {
    /// The tensor read: a coordinate tensor or a tensor over an array.
    pub base: Value,
    /// The function applied to each element read.
    pub f: crate::data::FuncRef,
}

impl fmt::Display for LazyTensor {
    /// CuTe's `print`: `trans_` before the base tensor's iterator.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "trans_{}", self.base)
    }
}

/// A tensor of MMA descriptors: CuTe's `make_tensor(DescriptorIterator{desc}, L)`, whose
/// iterator prints as its family's `DescriptorIterator` (the descriptors hold shared-memory
/// addresses, which a host program does not have).
#[derive(Clone, Debug, PartialEq)]
pub struct DescTensor {
    /// `GMMA` (SM90) or `UMMA` (SM100).
    pub family: &'static str,
    /// The layout: the partition recast to `uint128_t`, its mode 0 `_1:_0`.
    pub layout: Layout,
}

impl fmt::Display for DescTensor {
    /// CuTe's `print`, `GMMA::DescriptorIterator o (_1,_2,_4):(_0,_64,_2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}::DescriptorIterator o {}", self.family, self.layout)
    }
}

/// The memory a pointer points into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    /// Global memory, `gmem_ptr`.
    Gmem,
    /// Shared memory, `smem_ptr`.
    Smem,
    /// Tensor memory (SM100), `tmem_ptr`: 32-bit addresses, data path in the high half.
    Tmem,
}

/// A pointer: the null pointer (or, in TMEM, `base`) moved by `offset` elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ptr {
    /// Where it points.
    pub space: Space,
    /// The element type, CuTe's name.
    pub ty: &'static str,
    /// The element's bits.
    pub bits: i64,
    /// A TMEM pointer's base address (0 elsewhere).
    pub base: u32,
    /// Elements from the base.
    pub offset: i64,
    /// The swizzle applied to the byte address it points to, CuTe's `swizzle_ptr`: what
    /// `make_tensor(make_smem_ptr<T>(p), L)` makes of a layout `L` that waits for an smem
    /// pointer (`GMMA::Layout_K_SW128_Atom<T>`).
    pub swizzle: Option<rcute::swizzle::Swizzle>,
}

impl fmt::Display for Ptr {
    /// CuTe's `print` of the pointer: `gmem_ptr[16b]((nil))`, `smem_ptr[16b](0x1000)`,
    /// `tmem_[32b](0x0020.0000)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let space = match self.space {
            Space::Gmem => "gmem",
            Space::Smem => "smem",
            Space::Tmem => {
                // tmem_ptr + i: the offset rotated right by log2(32 / bits) (word addressing,
                // the sub-word index kept in the high bits)
                let shift = match self.bits {
                    16 => 1,
                    8 => 2,
                    4 => 3,
                    _ => 0,
                };
                let addr = self
                    .base
                    .wrapping_add((self.offset as u32).rotate_right(shift));
                return write!(
                    f,
                    "tmem_[{}b](0x{:04x}.{:04x})",
                    self.bits,
                    addr >> 16,
                    addr & 0xFFFF
                );
            }
        };
        if let Some(sw) = self.swizzle {
            write!(f, "{sw}_")?;
        }
        let bits = self.offset.wrapping_mul(self.bits);
        let bytes = bits / 8;
        if self.bits < 8 {
            // CuTe's subbyte pointer: the byte's address and the bit within it
            return if bytes == 0 {
                write!(f, "{space}_subptr[{}b]((nil).{})", self.bits, bits % 8)
            } else {
                write!(
                    f,
                    "{space}_subptr[{}b](0x{:x}.{})",
                    self.bits,
                    bytes,
                    bits % 8
                )
            };
        }
        if bytes == 0 {
            write!(f, "{space}_ptr[{}b]((nil))", self.bits)
        } else {
            write!(f, "{space}_ptr[{}b](0x{:x})", self.bits, bytes)
        }
    }
}

/// A tensor over a pointer: its layout (swizzled or not) and where it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct PtrTensor {
    /// The pointer.
    pub ptr: Ptr,
    /// The layout.
    pub layout: MaybeSwizzled,
}

impl fmt::Display for PtrTensor {
    /// CuTe's `print` of the tensor, `gmem_ptr[16b]((nil)) o (256,128):(128,_1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o ", self.ptr)?;
        match &self.layout {
            MaybeSwizzled::Plain(l) => fmt::Display::fmt(l, f),
            MaybeSwizzled::Swizzled(c) => fmt::Display::fmt(c, f),
        }
    }
}

/// CuTe's element type names that name a value (`cutlass::` may qualify them), each as
/// written here.
const ELEMENT_TYPES: &[&str] = &[
    "uint8_t",
    "int8_t",
    "float_e4m3_t",
    "float_e5m2_t",
    "float_ue8m0_t",
    "uint16_t",
    "int16_t",
    "half_t",
    "bfloat16_t",
    "uint32_t",
    "int32_t",
    "float",
    "tfloat32_t",
    "uint64_t",
    "int64_t",
    "double",
];

/// The element type called `name`, if CuTe has one (`cutlass::half_t` is `half_t`).
pub(crate) fn element_type(name: &str) -> Option<&'static str> {
    let name = name.strip_prefix("cutlass::").unwrap_or(name);
    ELEMENT_TYPES.iter().copied().find(|&t| t == name)
}

/// CuTe's element types narrower than a byte, which a pointer may point to
/// (`make_smem_ptr<uint4_t>(p)`, printed `smem_subptr[4b](...)`).
const SUBBYTE_TYPES: &[&str] = &[
    "uint4_t",
    "int4_t",
    "uint4b_t",
    "int4b_t",
    "float_e2m1_t",
    "uint2_t",
    "int2_t",
    "uint2b_t",
    "int2b_t",
    "uint1_t",
    "uint1b_t",
    "bin1_t",
];

/// CuTe's complex element types and `uint128_t`, which a pointer may point to (a tensor over one is
/// laid out, never read: `make_gmem_ptr<complex<double>>(nullptr)`, printed
/// `gmem_ptr[128b](...)`).
const COMPLEX_TYPES: &[&str] = &["complex<float>", "complex<double>", "uint128_t"];

/// The element type a pointer is made of: an element type, one narrower than a byte, or
/// a complex one.
pub(crate) fn pointer_type(name: &str) -> Option<&'static str> {
    element_type(name).or_else(|| {
        let name = name.strip_prefix("cutlass::").unwrap_or(name);
        SUBBYTE_TYPES
            .iter()
            .chain(COMPLEX_TYPES)
            .copied()
            .find(|&t| t == name)
    })
}

/// The most values a [`Value::List`] holds, counted at every level of nesting (a list
/// counts itself and its items): a list is as bounded as an IntTuple, so that a program
/// doubling a list in each statement is refused instead of growing without bound.
pub const MAX_LIST_VALUES: usize = rcute::NODE_CAPACITY;

impl Value {
    /// An integer value.
    pub fn int(i: Int) -> Value {
        Value::Tuple(IntTuple::from_int(i))
    }

    /// The number of an integer of the host subset (static or dynamic, unsigned, or a
    /// constant); `None` for anything else.
    pub(crate) fn integer(&self) -> Option<i128> {
        match self {
            Value::Tuple(t)
                if t.is_leaf() && !t.leaf(0).is_basis() && !t.leaf(0).is_underscore() =>
            {
                Some(i128::from(t.leaf(0).value()))
            }
            Value::Unsigned(u, _) => Some(i128::from(*u)),
            Value::Const(c) => Some(i128::from(*c)),
            _ => None,
        }
    }

    /// A [`Value::List`] of `items`, refused when it would hold more than
    /// [`MAX_LIST_VALUES`] values in all.
    pub fn try_list(items: Vec<Value>) -> Result<Value, rcute::Error> {
        let count = 1 + items.iter().map(Value::count).sum::<usize>();
        if count > MAX_LIST_VALUES {
            return Err(rcute::Error::Capacity {
                msg: "a tuple of layouts holds too many values",
                capacity: MAX_LIST_VALUES,
            });
        }
        Ok(Value::List(items))
    }

    /// The number of values: one, or for a list itself and its items at every level.
    fn count(&self) -> usize {
        match self {
            Value::List(items) => 1 + items.iter().map(Value::count).sum::<usize>(),
            _ => 1,
        }
    }

    /// What kind of value this is, for error messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Tuple(t) if t.is_leaf() => "an integer",
            Value::Tuple(_) => "a tuple",
            Value::Layout(_) => "a layout",
            Value::List(_) => "a tuple of layouts",
            Value::Tag(_) => "a tag",
            Value::Swizzle(_) => "a swizzle",
            Value::Composed(_) => "a swizzled layout",
            Value::Chain(_) => "a composed layout",
            Value::Tensor(_) => "a tensor",
            Value::MmaAtom(_) => "an MMA atom",
            Value::CopyAtom(_) => "a copy atom",
            Value::TiledMma(_) => "a tiled MMA",
            Value::TiledCopy(_) => "a tiled copy",
            Value::Printed(_) => "printed output",
            Value::ElementType(_) => "an element type",
            Value::Access(_) => "an access",
            Value::MemPtr(_) => "a pointer",
            Value::PtrTensor(_) => "a tensor over a pointer",
            Value::TmaOp(_) => "a TMA operation",
            Value::CopyOp(_) => "a copy operation",
            Value::Float(..) => "a floating-point number",
            Value::Narrow(..) => "a 16-bit floating-point number",
            Value::Ptr(_) => "a pointer",
            Value::Vector(_) => "a std::vector",
            Value::Data(_) => "a tensor",
            Value::Func(_) => "a function",
            Value::Slice(..) => "a thread slice",
            Value::Unsigned(..) => "an unsigned integer",
            Value::Const(_) => "an integer constant",
            Value::TvTiler(_) => "a TV tiler",
            Value::Im2colTensor(_) => "an im2col TMA coordinate tensor",
            Value::DescTensor(_) => "a tensor of MMA descriptors",
            Value::Lazy(_) => "a lazy::transform tensor",
            Value::Counting(c) if c.t.is_none() => "a counting iterator",
            Value::Counting(_) => "a tensor over a counting iterator",
        }
    }

    /// Whether the value contains the underscore `_` anywhere.
    pub fn has_underscore(&self) -> bool {
        match self {
            Value::Tuple(t) => t.has_underscore(),
            Value::List(v) => v.iter().any(Value::has_underscore),
            _ => false,
        }
    }
}

impl From<ComposedChain> for Value {
    /// A chain, or the swizzled layout it is.
    fn from(c: ComposedChain) -> Value {
        match c.as_composed() {
            Some(k) => Value::Composed(k),
            None => Value::Chain(alloc::boxed::Box::new(c)),
        }
    }
}

impl From<MaybeSwizzled> for Value {
    fn from(m: MaybeSwizzled) -> Value {
        match m {
            MaybeSwizzled::Plain(l) => Value::Layout(l),
            MaybeSwizzled::Swizzled(c) => Value::Composed(c),
        }
    }
}

impl fmt::Display for Value {
    /// CuTe's `print` of the value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Tuple(t) => fmt::Display::fmt(t, f),
            Value::Layout(l) => fmt::Display::fmt(l, f),
            Value::List(items) => {
                f.write_str("(")?;
                for (k, v) in items.iter().enumerate() {
                    if k > 0 {
                        f.write_str(",")?;
                    }
                    fmt::Display::fmt(v, f)?;
                }
                f.write_str(")")
            }
            Value::Tag(Tag::LayoutLeft) => f.write_str("LayoutLeft"),
            Value::Tag(Tag::LayoutRight) => f.write_str("LayoutRight"),
            Value::Swizzle(sw) => fmt::Display::fmt(sw, f),
            Value::Composed(c) => fmt::Display::fmt(c, f),
            Value::Chain(c) => fmt::Display::fmt(c, f),
            Value::Tensor(t) => fmt::Display::fmt(t, f),
            Value::MmaAtom(a) => fmt::Display::fmt(a, f),
            Value::CopyAtom(a) => fmt::Display::fmt(a, f),
            Value::TiledMma(m) => fmt::Display::fmt(m, f),
            Value::TiledCopy(t) => fmt::Display::fmt(t, f),
            Value::Printed(s) => f.write_str(s),
            Value::ElementType(t) => f.write_str(t),
            Value::Access(a) => fmt::Display::fmt(a, f),
            Value::MemPtr(p) => fmt::Display::fmt(p, f),
            Value::PtrTensor(t) => fmt::Display::fmt(t, f),
            Value::TmaOp(o) => write!(f, "{}{{}}", o.name()),
            Value::CopyOp(o) => write!(f, "{}{{}}", o.name().as_str()),
            // CuTe's print of half_t and bfloat16_t: printf("%f", float(x))
            Value::Float(v, _) | Value::Narrow(v, _) => f.write_str(&crate::data::c_fixed(*v, 6)),
            Value::Ptr(p) | Value::Vector(p) => fmt::Display::fmt(p, f),
            Value::Data(t) => fmt::Display::fmt(t, f),
            Value::Func(r) => f.write_str(&r.0.name),
            Value::Slice(v, thr) => write!(f, "{v} slice {thr}"),
            Value::Unsigned(v, _) => write!(f, "{v}"),
            Value::Const(v) => write!(f, "{v}"),
            Value::TvTiler(t) => write!(f, "TV_Tiler {} {}", t.layout_tv(), t.tiler()),
            Value::Im2colTensor(t) => fmt::Display::fmt(t, f),
            Value::DescTensor(t) => fmt::Display::fmt(t, f),
            Value::Lazy(t) => fmt::Display::fmt(t, f),
            Value::Counting(t) => fmt::Display::fmt(t, f),
        }
    }
}
