//! `upcast<N>` and `downcast<N>`: the same memory seen as elements `N` times larger or
//! smaller.

use crate::algebra::builder::LayoutBuilder;
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::{IntTuple, Node};

#[derive(Clone, Copy)]
enum Cast {
    Up,
    Down,
}

/// Applies the cast leaf by leaf, keeping the hierarchy (CuTe's `transform_layout` over
/// shape and stride).
const fn cast_at(
    s: &IntTuple,
    ns: Node,
    d: &IntTuple,
    nd: Node,
    n: Int,
    cast: Cast,
    b: &mut LayoutBuilder,
) -> Result<(), Error> {
    if !s.is_leaf_node(ns) {
        tri!(b.open());
        let mut cs = s.first_child(ns);
        let mut cd = d.first_child(nd);
        while !s.is_close(cs) {
            tri!(cast_at(s, cs, d, cd, n, cast, b));
            cs = s.node_end(cs);
            cd = d.node_end(cd);
        }
        return b.close();
    }
    let shape = s.int_at(ns);
    let stride = d.int_at(nd);
    if stride.is_basis() {
        return Err(Error::WrongKind {
            msg: "upcast/downcast: scaled-basis strides cannot be recast",
        });
    }
    match cast {
        Cast::Up => {
            if stride.is_constant(0) {
                return b.push_mode(shape, stride);
            }
            let dv = stride.value();
            let nv = n.value();
            if stride.is_static() {
                let a = dv.unsigned_abs() as i64;
                if a % nv != 0 && nv % a != 0 {
                    return Err(Error::Precondition {
                        msg: "upcast: divisibility condition violated (stride % N == 0 or N % stride == 0)",
                        mode: -1,
                        lhs: dv,
                        rhs: nv,
                    });
                }
                let abs = tri!(stride.try_abs());
                let new_shape = tri!(shape.try_ceil_div(tri!(n.try_ceil_div(abs))));
                let new_stride = tri!(stride.signum().try_mul(tri!(abs.try_ceil_div(n))));
                return b.push_mode(new_shape, new_stride);
            }
            // dynamic stride: CuTe divides it, assuming a multiple of N (its `safe_div`);
            // where it is not, the quotient is not the larger elements' stride
            // (`upcast<2>(8:1)` would be `8:0`), so rcute refuses, unless the mode has one
            // element, whose stride plays no part (CuTe's truncated quotient is kept)
            if shape.value() == 1 {
                return b.push_mode(shape, tri!(stride.try_div(n)));
            }
            match stride.try_safe_div(n) {
                Ok(q) => b.push_mode(shape, q),
                Err(_) => Err(Error::Precondition {
                    msg: "upcast: a dynamic stride must be a multiple of N (CuTe divides it anyway, which is not the layout of the larger elements; make a unit stride static to shrink its mode)",
                    mode: -1,
                    lhs: dv,
                    rhs: nv,
                }),
            }
        }
        Cast::Down => {
            if stride.is_constant(1) || stride.is_constant(-1) {
                return b.push_mode(tri!(shape.try_mul(n)), stride);
            }
            b.push_mode(shape, tri!(stride.try_mul(n)))
        }
    }
}

const fn cast(l: &Layout, n: i64, cast: Cast) -> Result<Layout, Error> {
    if n <= 0 {
        return Err(Error::Precondition {
            msg: "upcast/downcast: N must be positive",
            mode: -1,
            lhs: n,
            rhs: 0,
        });
    }
    let mut b = LayoutBuilder::new();
    tri!(cast_at(
        l.shape_ref(),
        Node::ROOT,
        l.stride_ref(),
        Node::ROOT,
        Int::constant(n),
        cast,
        &mut b
    ));
    b.finish()
}

impl Layout {
    /// The layout of the same memory in elements `n` times larger (CuTe's `upcast<N>`):
    /// a static stride `d` becomes `ceil(|d| / n)` (keeping its sign) and its mode's shape
    /// shrinks by `ceil(n / |d|)`; a static `_0` stride is kept.
    ///
    /// A dynamic stride is divided by `n`, as CuTe divides it.
    ///
    /// # Errors
    /// A static stride that neither divides nor is divided by `n` (CuTe's static
    /// assertion), and a dynamic stride that is not a multiple of `n`: CuTe assumes it is
    /// and answers a layout that is not the larger elements (`upcast<2>((4,8):(8,1))` is
    /// CuTe's `(4,8):(4,0)`, eight elements at one offset). Make the unit stride static
    /// (`(4,8):(8,_1)`) to get its mode shrunk instead.
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!((_4,_8):(_1,_4)).upcast(2).to_string(), "(_2,_8):(_1,_2)");
    /// assert_eq!(layout!((_4,_8):(_8,_1)).upcast(2).to_string(), "(_4,_4):(_4,_1)");
    /// assert_eq!(layout!((_4,8):(_1,16)).upcast(2).to_string(), "(_2,8):(_1,8)");
    /// assert_eq!(layout!(_4:_-1).upcast(2).to_string(), "_2:_-1");
    /// assert!(layout!((4,8):(8,1)).try_upcast(2).is_err());
    /// ```
    pub const fn try_upcast(&self, n: i64) -> Result<Layout, Error> {
        cast(self, n, Cast::Up)
    }

    /// [`Layout::try_upcast`], panicking with the error's message.
    #[track_caller]
    pub const fn upcast(&self, n: i64) -> Layout {
        unwrap_or_panic!(self.try_upcast(n))
    }

    /// The layout of the same memory in elements `n` times smaller (CuTe's
    /// `downcast<N>`): a mode with static stride `_1` (or `_-1`) grows by `n`, every other
    /// stride is multiplied by `n`.
    ///
    /// # Errors
    /// CuTe requires a static `_1` stride somewhere ("Downcast requires adjacent
    /// elements"). Beyond CuTe, a layout whose unit stride is dynamic is accepted: it is
    /// downcast as if its values were static.
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!((_4,_8):(_1,_4)).downcast(2).to_string(), "(_8,_8):(_1,_8)");
    /// assert_eq!(layout!((_4,_8):(_8,_1)).downcast(2).to_string(), "(_4,_16):(_16,_1)");
    /// assert!(layout!(_4:_0).try_downcast(4).is_err());
    /// ```
    pub const fn try_downcast(&self, n: i64) -> Result<Layout, Error> {
        let d = self.stride_ref();
        let mut has_static_one = false;
        let mut has_one = false;
        let mut i = 0;
        while i < d.leaf_count() {
            let x = d.leaf(i);
            if x.is_constant(1) {
                has_static_one = true;
            }
            if !x.is_basis() && x.value() == 1 {
                has_one = true;
            }
            i += 1;
        }
        if has_static_one {
            return cast(self, n, Cast::Down);
        }
        if has_one {
            // Beyond CuTe: the downcast of the same layout with every value static.
            return Ok(tri!(cast(&self.to_static(), n, Cast::Down)).to_dynamic());
        }
        Err(Error::Precondition {
            msg: "downcast: requires adjacent elements (a stride-1 mode)",
            mode: -1,
            lhs: n,
            rhs: 0,
        })
    }

    /// [`Layout::try_downcast`], panicking with the error's message.
    #[track_caller]
    pub const fn downcast(&self, n: i64) -> Layout {
        unwrap_or_panic!(self.try_downcast(n))
    }

    /// The largest alignment, in elements, that every contiguous run of the layout keeps
    /// (CuTe's `max_alignment`): the coalesced layout with its dynamic modes ignored,
    /// divided by its right inverse; the gcd of the contiguous size and the strides past it.
    ///
    /// ```
    /// use rcute::layout;
    /// assert_eq!(layout!((_8,_8):(_8,_1)).max_alignment().to_string(), "_64");
    /// assert_eq!(layout!((_8,_4):(_2,_16)).max_alignment().to_string(), "_1");
    /// ```
    pub const fn try_max_alignment(&self) -> Result<Int, Error> {
        let flat = tri!(self.try_coalesce());
        let mut shape = flat.shape();
        let mut stride = flat.stride();
        let mut i = 0;
        while i < shape.leaf_count() {
            if !shape.leaf(i).is_static() {
                shape.set_leaf(i, Int::constant(1));
            }
            if !stride.leaf(i).is_static() {
                stride.set_leaf(i, Int::constant(0));
            }
            i += 1;
        }
        let f = tri!(Layout::try_new(shape, stride));
        let r = tri!(f.try_right_inverse());
        let p = tri!(f.try_logical_divide(&crate::algebra::Tiler::layout(r)));
        let s0 = tri!(tri!(p.try_mode(0)).try_size());
        let d1 = tri!(tri!(p.try_mode(1)).stride().try_gcd());
        Ok(s0.gcd(d1))
    }

    /// [`Layout::try_max_alignment`], panicking with the error's message.
    #[track_caller]
    pub const fn max_alignment(&self) -> Int {
        unwrap_or_panic!(self.try_max_alignment())
    }
}
