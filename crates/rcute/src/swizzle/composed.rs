//! The `ComposedLayout` type.

use super::Swizzle;
use crate::algebra::{TileOrder, Tiler};
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;
use core::fmt;

/// `ComposedLayout`: a swizzle after an offset after a layout, `Sw ∘ O ∘ L`, CuTe's
/// `ComposedLayout<Swizzle<B,M,S>, Offset, Layout>`.
///
/// It maps a coordinate `c` to `Sw(O + L(c))`. Its shape, size and cosize are those of `L`
/// (CuTe's `cosize` ignores the swizzle: the swizzle permutes offsets within aligned blocks
/// of `2^(B+M+|S|)`, so the true extent can exceed `cosize(L)` when `L` does not fill
/// whole blocks). Composition with a tiler, the divides, the products and `tile_to_shape`
/// act on `L` and keep the swizzle.
///
/// ```
/// use rcute::{ComposedLayout, Int, Swizzle, layout, int_tuple};
/// let sw = ComposedLayout::new(Swizzle::new(3, 0, 3), Int::ZERO, layout!((_8,_8):(_8,_1)));
/// assert_eq!(sw.to_string(), "Sw<3,0,3> o _0 o (_8,_8):(_8,_1)");
/// assert_eq!(sw.apply(&int_tuple!((1,2))).to_string(), "11");
/// assert_eq!(sw.offset(10), 19);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ComposedLayout {
    pub(super) swizzle: Swizzle,
    pub(super) offset: Int,
    /// CuTe's `MixedBits` flags: the bits of the offset known only at run time (the
    /// others are static); 0 for an offset that is a plain integer.
    pub(super) flags: i64,
    /// CuTe's `smem_ptr_flag_bits<B>` as the offset: `B`, the bits of the element type
    /// the layout waits for an `smem` pointer of (0: the offset is an integer).
    pub(super) ptr_bits: u16,
    pub(super) layout: Layout,
}

/// Defines `try_x(&self, arg) -> Result<ComposedLayout>` and `x` that apply the layout
/// operation to `L` and keep the swizzle and the offset.
macro_rules! on_layout {
    ($(#[$doc:meta])* $try_name:ident, $name:ident, $arg:ident: $ty:ty) => {
        $(#[$doc])*
        pub const fn $try_name(&self, $arg: $ty) -> Result<ComposedLayout, Error> {
            let l = tri!(self.layout.$try_name($arg));
            Ok(self.with_layout(l))
        }

        #[doc = concat!("[`ComposedLayout::", stringify!($try_name), "`], panicking with the error's message.")]
        #[track_caller]
        pub const fn $name(&self, $arg: $ty) -> ComposedLayout {
            unwrap_or_panic!(self.$try_name($arg))
        }
    };
}

impl ComposedLayout {
    /// `sw ∘ offset ∘ layout`. The offset must be a plain integer.
    pub const fn try_new(
        swizzle: Swizzle,
        offset: Int,
        layout: Layout,
    ) -> Result<ComposedLayout, Error> {
        if offset.is_basis() || offset.is_underscore() {
            return Err(Error::WrongKind {
                msg: "composition: the offset of a composed layout must be an integer",
            });
        }
        if layout.has_basis_strides() {
            return Err(Error::WrongKind {
                msg: "composition: a swizzle cannot follow a layout with scaled-basis strides",
            });
        }
        Ok(ComposedLayout {
            swizzle,
            offset,
            flags: 0,
            ptr_bits: 0,
            layout,
        })
    }

    /// CuTe's `ComposedLayout<Swizzle<B,M,S>, smem_ptr_flag_bits<BITS>, L>`: the swizzle
    /// after `L` with an offset that stands for an `smem` pointer to `BITS`-bit elements
    /// not set yet (`smem_ptr_flag_bits` is an `Int<0>`). GMMA's and UMMA's shared-memory
    /// atoms (`GMMA::Layout_K_SW128_Atom<T>`) are such layouts: the swizzle acts on byte
    /// addresses once [`ComposedLayout::position_independent`] or an `smem` pointer gives
    /// it the element type.
    ///
    /// As a function it is `Sw(L(c))`, as CuTe computes it: the flag is a zero. What
    /// keeps the offset (composition with a tiler, the divides, the products,
    /// `tile_to_shape`, `coalesce`) keeps the flag; what computes a new offset (slicing,
    /// `domain_offset`) answers an integer, as CuTe does. `upcast` and `downcast` keep the
    /// swizzle and scale `BITS` (CuTe's overloads for the flag).
    ///
    /// ```
    /// use rcute::{ComposedLayout, Swizzle, layout, int_tuple};
    /// // GMMA::Layout_K_SW64_Atom<half_t>
    /// let a = ComposedLayout::smem_flagged(Swizzle::new(2, 4, 3), 16, layout!((_8,_32):(_32,_1)));
    /// assert_eq!(a.to_string(), "Sw<2,4,3> o smem_ptr[16b](unset) o (_8,_32):(_32,_1)");
    /// assert_eq!(a.apply(&int_tuple!(37)).to_string(), "180");
    /// assert_eq!(a.smem_ptr_bits(), Some(16));
    /// ```
    pub const fn try_smem_flagged(
        swizzle: Swizzle,
        bits: i64,
        layout: Layout,
    ) -> Result<ComposedLayout, Error> {
        if bits < 1 || bits > u16::MAX as i64 {
            return Err(Error::Precondition {
                msg: "smem_ptr_flag_bits<B>: B, the bits of an element, must be 1 to 65535",
                mode: -1,
                lhs: bits,
                rhs: 0,
            });
        }
        let mut c = tri!(ComposedLayout::try_new(swizzle, Int::ZERO, layout));
        c.ptr_bits = bits as u16;
        Ok(c)
    }

    /// [`ComposedLayout::try_smem_flagged`], panicking with the error's message.
    #[track_caller]
    pub const fn smem_flagged(swizzle: Swizzle, bits: i64, layout: Layout) -> ComposedLayout {
        unwrap_or_panic!(ComposedLayout::try_smem_flagged(swizzle, bits, layout))
    }

    /// The `B` of an offset that is CuTe's `smem_ptr_flag_bits<B>` (see
    /// [`ComposedLayout::try_smem_flagged`]), `None` for an integer offset.
    pub const fn smem_ptr_bits(&self) -> Option<i64> {
        if self.ptr_bits == 0 {
            None
        } else {
            Some(self.ptr_bits as i64)
        }
    }

    /// `sw ∘ offset ∘ layout` whose offset is CuTe's `MixedBits`: the bits in `flags`
    /// are known at run time only, the others statically (`flags == 0`: a plain integer).
    /// Slicing with a dynamic coordinate makes such offsets.
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// let a = ComposedLayout::new_mixed(Swizzle::new(3, 0, 3), Int::dynamic(40), 32, layout!((_8,_4):(_1,_8)));
    /// assert_eq!(a.to_string(), "Sw<3,0,3> o M_8|(32&32)=40 o (_8,_4):(_1,_8)");
    /// ```
    pub const fn try_new_mixed(
        swizzle: Swizzle,
        offset: Int,
        flags: i64,
        layout: Layout,
    ) -> Result<ComposedLayout, Error> {
        let mut c = tri!(ComposedLayout::try_new(swizzle, offset, layout));
        if flags < 0 || flags > u32::MAX as i64 {
            return Err(Error::Precondition {
                msg: "composition: the run-time bits of an offset must fit 32 bits",
                mode: -1,
                lhs: flags,
                rhs: 0,
            });
        }
        c.flags = flags;
        if flags != 0 {
            c.offset = Int::dynamic(offset.value());
        }
        Ok(c)
    }

    /// [`ComposedLayout::try_new_mixed`], panicking with the error's message.
    #[track_caller]
    pub const fn new_mixed(
        swizzle: Swizzle,
        offset: Int,
        flags: i64,
        layout: Layout,
    ) -> ComposedLayout {
        unwrap_or_panic!(ComposedLayout::try_new_mixed(
            swizzle, offset, flags, layout
        ))
    }

    /// The bits of the offset known only at run time (CuTe's `MixedBits` flags); 0 when
    /// the offset is a plain integer.
    pub const fn origin_flags(&self) -> i64 {
        self.flags
    }

    /// [`ComposedLayout::try_new`], panicking with the error's message.
    #[track_caller]
    pub const fn new(swizzle: Swizzle, offset: Int, layout: Layout) -> ComposedLayout {
        unwrap_or_panic!(ComposedLayout::try_new(swizzle, offset, layout))
    }

    /// CuTe's `make_layout(Swizzle<B,M,S>)`: the swizzle over the domain
    /// `_(M+B+|S|):_1`. (CuTe uses the number of bits, not `2^bits`, as the domain size;
    /// rcute does the same.)
    ///
    /// ```
    /// use rcute::{ComposedLayout, Swizzle};
    /// assert_eq!(ComposedLayout::from_swizzle(Swizzle::new(3, 4, 3)).to_string(), "Sw<3,4,3> o _0 o _10:_1");
    /// ```
    pub const fn from_swizzle(sw: Swizzle) -> ComposedLayout {
        let n = sw.bits()
            + sw.base()
            + if sw.shift() < 0 {
                -sw.shift()
            } else {
                sw.shift()
            };
        let layout = Layout::from_parts(
            IntTuple::constant(if n > 0 { n } else { 1 }),
            IntTuple::constant(1),
        );
        ComposedLayout {
            swizzle: sw,
            offset: Int::ZERO,
            flags: 0,
            ptr_bits: 0,
            layout,
        }
    }

    /// The swizzle `Sw`.
    pub const fn swizzle(&self) -> Swizzle {
        self.swizzle
    }

    /// The offset `O` added before the swizzle.
    pub const fn origin(&self) -> Int {
        self.offset
    }

    /// The layout `L`.
    pub const fn layout(&self) -> Layout {
        self.layout
    }

    /// The same swizzle and offset over another layout.
    pub const fn with_layout(&self, layout: Layout) -> ComposedLayout {
        ComposedLayout {
            swizzle: self.swizzle,
            offset: self.offset,
            flags: self.flags,
            ptr_bits: self.ptr_bits,
            layout,
        }
    }

    /// The shape (of `L`).
    pub const fn shape(&self) -> IntTuple {
        self.layout.shape()
    }

    /// The rank (of `L`).
    pub const fn rank(&self) -> usize {
        self.layout.rank()
    }

    /// The depth (of `L`).
    pub const fn depth(&self) -> usize {
        self.layout.depth()
    }

    /// The size (of `L`).
    pub const fn try_size(&self) -> Result<Int, Error> {
        self.layout.try_size()
    }

    /// [`ComposedLayout::try_size`], panicking with the error's message.
    #[track_caller]
    pub const fn size(&self) -> Int {
        unwrap_or_panic!(self.try_size())
    }

    /// CuTe's `cosize`: the cosize of `L`, ignoring the swizzle (see the module docs).
    pub const fn try_cosize(&self) -> Result<Int, Error> {
        self.layout.try_cosize()
    }

    /// [`ComposedLayout::try_cosize`], panicking with the error's message.
    #[track_caller]
    pub const fn cosize(&self) -> Int {
        unwrap_or_panic!(self.try_cosize())
    }

    /// The offset of a coordinate: `Sw(O + L(c))`, static when everything is.
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout, int_tuple};
    /// let a = ComposedLayout::new(Swizzle::new(3, 3, 3), Int::ZERO, layout!((_8,_64):(_64,_1)));
    /// assert_eq!(a.apply(&int_tuple!((5,17))).to_string(), "377");
    /// ```
    pub const fn try_apply(&self, coord: &IntTuple) -> Result<Int, Error> {
        let x = tri!(self.layout.try_crd2idx(coord));
        let y = tri!(self.offset.try_add(x));
        Ok(self.swizzle.apply_int(y))
    }

    /// [`ComposedLayout::try_apply`], panicking with the error's message.
    #[track_caller]
    pub const fn apply(&self, coord: &IntTuple) -> Int {
        unwrap_or_panic!(self.try_apply(coord))
    }

    /// The offset of 1-D index `idx`: the hot path, `Sw(O + L.offset(idx))`.
    #[inline]
    pub const fn offset(&self, idx: usize) -> i64 {
        self.swizzle
            .apply(self.offset.value().wrapping_add(self.layout.offset(idx)))
    }

    /// The offset of an R-D coordinate (one integer per mode); see [`Layout::offset_of`].
    #[inline]
    pub fn offset_of(&self, coords: &[usize]) -> i64 {
        self.swizzle.apply(
            self.offset
                .value()
                .wrapping_add(self.layout.offset_of(coords)),
        )
    }

    /// Sub-layout `i` of `L`, with the same swizzle and offset (CuTe's `layout<I>`).
    pub const fn try_mode(&self, i: usize) -> Result<ComposedLayout, Error> {
        let l = tri!(self.layout.try_mode(i));
        Ok(self.with_layout(l))
    }

    on_layout!(
        /// `Sw ∘ O ∘ (L ∘ b)`: composition with a layout (CuTe's `composition(CL, tiler)`).
        ///
        /// ```
        /// use rcute::{ComposedLayout, Int, Swizzle, Layout, Major, layout, int_tuple};
        /// let a = ComposedLayout::new(Swizzle::new(2, 0, 2), Int::ZERO, Layout::with_major(int_tuple!((_4,_4)), Major::Right));
        /// assert_eq!(a.composition(&layout!((_2,_2):(_1,_2))).to_string(), "Sw<2,0,2> o _0 o (_2,_2):(_4,_8)");
        /// ```
        try_composition, composition, b: &Layout
    );

    on_layout!(
        /// `Sw ∘ O ∘ (L ∘ t)` for a tiler.
        try_composition_tiler, composition_tiler, t: &Tiler
    );

    on_layout!(
        /// `Sw ∘ O ∘ logical_divide(L, t)`.
        ///
        /// ```
        /// use rcute::{ComposedLayout, Int, Swizzle, Layout, Major, int_tuple, tiler};
        /// let a = ComposedLayout::new(Swizzle::new(2, 0, 2), Int::ZERO, Layout::with_major(int_tuple!((_4,_4)), Major::Right));
        /// assert_eq!(a.logical_divide(&tiler!((_2,_2))).to_string(), "Sw<2,0,2> o _0 o ((_2,_2),(_2,_2)):((_4,_8),(_1,_2))");
        /// ```
        try_logical_divide, logical_divide, t: &Tiler
    );

    on_layout!(
        /// `Sw ∘ O ∘ zipped_divide(L, t)`.
        try_zipped_divide, zipped_divide, t: &Tiler
    );

    on_layout!(
        /// `Sw ∘ O ∘ tiled_divide(L, t)`.
        try_tiled_divide, tiled_divide, t: &Tiler
    );

    on_layout!(
        /// `Sw ∘ O ∘ flat_divide(L, t)`.
        try_flat_divide, flat_divide, t: &Tiler
    );

    on_layout!(
        /// `Sw ∘ O ∘ logical_product(L, t)`.
        try_logical_product, logical_product, t: &Tiler
    );

    on_layout!(
        /// `Sw ∘ O ∘ zipped_product(L, t)`.
        try_zipped_product, zipped_product, t: &Tiler
    );

    on_layout!(
        /// `Sw ∘ O ∘ tiled_product(L, t)`.
        try_tiled_product, tiled_product, t: &Tiler
    );

    on_layout!(
        /// `Sw ∘ O ∘ flat_product(L, t)`.
        try_flat_product, flat_product, t: &Tiler
    );

    on_layout!(
        /// `Sw ∘ O ∘ blocked_product(L, b)`.
        try_blocked_product, blocked_product, b: &Layout
    );

    on_layout!(
        /// `Sw ∘ O ∘ raked_product(L, b)`.
        try_raked_product, raked_product, b: &Layout
    );

    on_layout!(
        /// `Sw ∘ O ∘ L.with_shape(shape)`.
        try_with_shape, with_shape, shape: &IntTuple
    );

    on_layout!(
        /// `Sw ∘ O ∘ coalesce(L, profile)`.
        try_coalesce_by, coalesce_by, profile: &IntTuple
    );

    /// `Sw ∘ O ∘ tile_to_shape(L, target, order)`.
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, Major, TileOrder, layout, int_tuple};
    /// let a = ComposedLayout::new(Swizzle::new(3, 3, 3), Int::ZERO, layout!((_8,_64):(_64,_1)));
    /// let t = a.tile_to_shape(&int_tuple!((_16,_128)), &TileOrder::Major(Major::Left));
    /// assert_eq!(t.to_string(), "Sw<3,3,3> o _0 o ((_8,_2),(_64,_2)):((_64,_512),(_1,_1024))");
    /// ```
    pub const fn try_tile_to_shape(
        &self,
        target: &IntTuple,
        order: &TileOrder,
    ) -> Result<ComposedLayout, Error> {
        let l = tri!(self.layout.try_tile_to_shape(target, order));
        Ok(self.with_layout(l))
    }

    /// [`ComposedLayout::try_tile_to_shape`], panicking with the error's message.
    #[track_caller]
    pub const fn tile_to_shape(&self, target: &IntTuple, order: &TileOrder) -> ComposedLayout {
        unwrap_or_panic!(self.try_tile_to_shape(target, order))
    }

    /// `Sw ∘ O ∘ coalesce(L)`.
    pub const fn try_coalesce(&self) -> Result<ComposedLayout, Error> {
        let l = tri!(self.layout.try_coalesce());
        Ok(self.with_layout(l))
    }

    /// `Sw ∘ O ∘ filter(L)`.
    pub const fn try_filter(&self) -> Result<ComposedLayout, Error> {
        let l = tri!(self.layout.try_filter());
        Ok(self.with_layout(l))
    }
}

impl Layout {
    /// CuTe's `composition(Layout, Swizzle)`, unchecked: the swizzle of the images of
    /// `sw`'s fields after `self` (the inverses check their own law).
    pub(crate) const fn composition_swizzle_unchecked(
        &self,
        sw: Swizzle,
    ) -> Result<ComposedLayout, Error> {
        let y = tri!(self.try_crd2idx(&IntTuple::constant(sw.yyy_mask()))).value();
        let z = tri!(self.try_crd2idx(&IntTuple::constant(sw.zzz_mask()))).value();
        let s = tri!(Swizzle::try_from_masks(y, z));
        ComposedLayout::try_new(s, Int::ZERO, *self)
    }

    /// [`Layout::try_composition_swizzle`], panicking with the error's message.
    #[track_caller]
    pub const fn composition_swizzle(&self, sw: Swizzle) -> ComposedLayout {
        unwrap_or_panic!(self.try_composition_swizzle(sw))
    }
}

impl fmt::Display for ComposedLayout {
    /// CuTe's `print`: `Sw<B,M,S> o O o L`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.flags != 0 {
            // CuTe's MixedBits: M_static|(dynamic&flags)=value
            let v = self.offset.value();
            return write!(
                f,
                "{} o M_{}|({}&{})={} o {}",
                self.swizzle,
                v & !self.flags,
                v & self.flags,
                self.flags,
                v,
                self.layout
            );
        }
        if self.ptr_bits != 0 {
            // CuTe's print of smem_ptr_flag_bits<B>
            return write!(
                f,
                "{} o smem_ptr[{}b](unset) o {}",
                self.swizzle, self.ptr_bits, self.layout
            );
        }
        write!(f, "{} o {} o {}", self.swizzle, self.offset, self.layout)
    }
}
