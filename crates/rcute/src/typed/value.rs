//! Forms, and the typed layouts, tuples and tilers that hold a form's dynamic values.

use super::program::{DYN_CAPACITY, Program};
use crate::algebra::tiler::Tiler;
use crate::error::{Error, tri, unwrap_or_panic};
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::IntTuple;
use core::fmt;
use core::marker::PhantomData;

/// The structure of a layout, as a type: its nesting, its static values, and which of its
/// leaves are dynamic. Declare one with [`layout_form!`](crate::layout_form).
///
/// The values at the dynamic leaves of [`LayoutForm::FORM`] are placeholders: a
/// [`TypedLayout`] of the form holds its own.
pub trait LayoutForm {
    /// The layout whose structure this is.
    const FORM: Layout;
}

/// The structure of an integer tuple (a shape, a coordinate, an index), as a type.
/// Declare one with [`tuple_form!`](crate::tuple_form).
pub trait TupleForm {
    /// The tuple whose structure this is.
    const FORM: IntTuple;
}

/// The structure of a tiler, as a type. Declare one with
/// [`tiler_form!`](crate::tiler_form).
pub trait TilerForm {
    /// The tiler whose structure this is.
    const FORM: Tiler;
}

/// The form of a single dynamic integer: an index, a coordinate, a size.
///
/// ```
/// use rcute::typed::{DynInt, TypedTuple};
/// assert_eq!(TypedTuple::<DynInt>::new(&[7]).to_string(), "7");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DynInt;

impl TupleForm for DynInt {
    const FORM: IntTuple = IntTuple::dynamic(0);
}

const NOT_INTEGERS: Error = Error::WrongKind {
    msg: "typed: a form holds integers only (no '_' and no scaled basis elements)",
};

/// Numbers the dynamic leaves of `t` from `*next` on, in leaf order.
const fn number_leaves(t: &mut IntTuple, next: &mut usize) -> Result<(), Error> {
    let mut i = 0;
    while i < t.leaf_count() {
        let x = t.leaf(i);
        if x.is_basis() || x.is_underscore() {
            return Err(NOT_INTEGERS);
        }
        if !x.is_static() {
            t.set_leaf(i, Int::dynamic(*next as i64));
            *next += 1;
        }
        i += 1;
    }
    Ok(())
}

/// The number of dynamic leaves of `t`.
const fn dynamic_leaves(t: &IntTuple) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < t.leaf_count() {
        if !t.leaf(i).is_static() {
            n += 1;
        }
        i += 1;
    }
    n
}

/// `l` with its dynamic leaves numbered from `first` (shape leaves, then stride leaves).
pub(crate) const fn number_layout(l: &Layout, first: usize) -> Result<Layout, Error> {
    let mut shape = *l.shape_ref();
    let mut stride = *l.stride_ref();
    let mut next = first;
    tri!(number_leaves(&mut shape, &mut next));
    tri!(number_leaves(&mut stride, &mut next));
    Ok(Layout::from_parts(shape, stride))
}

/// `t` with its dynamic leaves numbered from `first`.
pub(crate) const fn number_tuple(t: &IntTuple, first: usize) -> Result<IntTuple, Error> {
    let mut out = *t;
    let mut next = first;
    tri!(number_leaves(&mut out, &mut next));
    Ok(out)
}

/// The number of dynamic values of a layout form.
pub(crate) const fn layout_values(l: &Layout) -> usize {
    dynamic_leaves(l.shape_ref()) + dynamic_leaves(l.stride_ref())
}

/// Declares `l` as the next operand of `p`: the form with its dynamic leaves numbered as
/// registers.
pub(crate) const fn input_layout(p: &mut Program, l: &Layout) -> Result<Layout, Error> {
    let first = tri!(p.operand(layout_values(l)));
    number_layout(l, first)
}

/// Declares `t` as the next operand of `p`.
pub(crate) const fn input_tuple(p: &mut Program, t: &IntTuple) -> Result<IntTuple, Error> {
    let first = tri!(p.operand(dynamic_leaves(t)));
    number_tuple(t, first)
}

/// Declares `t` as the next operand of `p`.
pub(crate) const fn input_tiler(p: &mut Program, t: &Tiler) -> Result<Tiler, Error> {
    let l = t.inner_layout();
    let first = tri!(p.operand(layout_values(l)));
    Ok(t.with_inner_layout(tri!(number_layout(l, first))))
}

/// Records the dynamic leaves of `t` as the program's next results.
pub(crate) const fn output_leaves(p: &mut Program, t: &IntTuple) -> Result<(), Error> {
    let mut i = 0;
    while i < t.leaf_count() {
        let x = t.leaf(i);
        if !x.is_static() {
            tri!(p.output(x));
        }
        i += 1;
    }
    Ok(())
}

/// Writes `vals` into the dynamic leaves of `t`, in leaf order, from `*next` on.
const fn fill_leaves(t: &mut IntTuple, vals: &[i64], next: &mut usize) {
    let mut i = 0;
    while i < t.leaf_count() {
        if !t.leaf(i).is_static() {
            t.set_leaf(i, Int::dynamic(vals[*next]));
            *next += 1;
        }
        i += 1;
    }
}

/// The tuple of form `form` with the dynamic values `vals`, in leaf order.
pub(crate) const fn fill_tuple(form: &IntTuple, vals: &[i64]) -> IntTuple {
    let mut t = *form;
    let mut next = 0;
    fill_leaves(&mut t, vals, &mut next);
    t
}

/// The layout of form `form` with the dynamic values `vals`: the shape's, then the
/// stride's.
pub(crate) const fn fill_layout(form: &Layout, vals: &[i64]) -> Layout {
    let mut shape = *form.shape_ref();
    let mut stride = *form.stride_ref();
    let mut next = 0;
    fill_leaves(&mut shape, vals, &mut next);
    fill_leaves(&mut stride, vals, &mut next);
    Layout::from_parts(shape, stride)
}

/// Collects the dynamic values of `t`, which must have the structure of `form`: the same
/// nesting, the same static leaves, dynamic leaves where the form has them.
const fn collect_leaves(
    form: &IntTuple,
    t: &IntTuple,
    vals: &mut [i64; DYN_CAPACITY],
    next: &mut usize,
) -> Result<(), Error> {
    if !form.same_tokens(t) {
        return Err(NOT_THE_FORM);
    }
    let mut i = 0;
    while i < form.leaf_count() {
        let (f, x) = (form.leaf(i), t.leaf(i));
        if x.is_basis() || x.is_underscore() || f.is_static() != x.is_static() {
            return Err(NOT_THE_FORM);
        }
        if f.is_static() {
            if f.value() != x.value() {
                return Err(NOT_THE_FORM);
            }
        } else {
            // at most every leaf of a layout: within DYN_CAPACITY
            vals[*next] = x.value();
            *next += 1;
        }
        i += 1;
    }
    Ok(())
}

const NOT_THE_FORM: Error = Error::WrongKind {
    msg: "typed: the value does not have the form's structure (its nesting, its static values and which leaves are dynamic)",
};

const fn wrong_count(expected: usize, found: usize) -> Error {
    Error::RankMismatch {
        msg: "typed: the number of dynamic values is not the form's",
        expected,
        found,
    }
}

/// Copies `values` into a typed value's storage, checking their number.
const fn store(values: &[i64], expected: usize) -> Result<[i64; DYN_CAPACITY], Error> {
    if values.len() != expected {
        return Err(wrong_count(expected, values.len()));
    }
    let mut vals = [0i64; DYN_CAPACITY];
    let mut i = 0;
    while i < values.len() {
        vals[i] = values[i];
        i += 1;
    }
    Ok(vals)
}

/// Checks that the first `n` values (a shape's) are positive, as layout construction does.
const fn check_shape_values(vals: &[i64; DYN_CAPACITY], n: usize) -> Result<(), Error> {
    let mut i = 0;
    while i < n {
        if vals[i] <= 0 {
            return Err(super::program::not_positive(vals[i]));
        }
        i += 1;
    }
    Ok(())
}

/// A layout of form `F`: `F`'s structure, with its own dynamic values.
///
/// Build one from its dynamic values in leaf order (shape leaves, then stride leaves)
/// with [`TypedLayout::new`], or from a [`Layout`] of that structure with
/// [`TypedLayout::try_from_layout`]. The algebra on it is staged (see the
/// [module documentation](super)): the result's form is a type, and only the arithmetic
/// on dynamic values runs.
///
/// ```
/// use rcute::typed::TypedLayout;
/// use rcute::{layout, layout_form};
/// layout_form!(ColMajor = (4096,4096):(_1,4096));
/// let a = TypedLayout::<ColMajor>::new(&[4096, 4096, 4096]);
/// assert_eq!(a.to_string(), "(4096,4096):(_1,4096)");
/// assert_eq!(TypedLayout::<ColMajor>::DYNAMIC, 3);
/// let b = TypedLayout::<ColMajor>::try_from_layout(&layout!((64,32):(_1,64))).unwrap();
/// assert_eq!(b.values(), &[64, 32, 64]);
/// assert!(TypedLayout::<ColMajor>::try_from_layout(&layout!((64,32):(1,64))).is_err());
/// ```
pub struct TypedLayout<F: LayoutForm> {
    pub(crate) vals: [i64; DYN_CAPACITY],
    form: PhantomData<fn() -> F>,
}

impl<F: LayoutForm> TypedLayout<F> {
    /// The number of dynamic values of the form (shape leaves, then stride leaves).
    pub const DYNAMIC: usize = layout_values(&F::FORM);
    /// How many of them are the shape's.
    const SHAPE_VALUES: usize = dynamic_leaves(F::FORM.shape_ref());

    /// A typed layout from the values of its results (crate-internal: the count is the
    /// program's).
    #[inline(always)]
    pub(crate) const fn from_vals(vals: [i64; DYN_CAPACITY]) -> Self {
        TypedLayout {
            vals,
            form: PhantomData,
        }
    }

    /// The layout of form `F` with these dynamic values, in leaf order: the shape's
    /// leaves, then the stride's.
    ///
    /// # Errors
    /// A number of values other than [`TypedLayout::DYNAMIC`]; a shape value that is not
    /// positive.
    pub const fn try_new(values: &[i64]) -> Result<Self, Error> {
        let vals = tri!(store(values, Self::DYNAMIC));
        tri!(check_shape_values(&vals, Self::SHAPE_VALUES));
        Ok(Self::from_vals(vals))
    }

    /// [`TypedLayout::try_new`], panicking with the error's message.
    #[track_caller]
    pub const fn new(values: &[i64]) -> Self {
        unwrap_or_panic!(Self::try_new(values))
    }

    /// The dynamic values of `l`, which must have the form's structure: the same nesting,
    /// the same static values, dynamic leaves exactly where the form has them.
    pub const fn try_from_layout(l: &Layout) -> Result<Self, Error> {
        let form = F::FORM;
        let mut vals = [0i64; DYN_CAPACITY];
        let mut next = 0;
        tri!(collect_leaves(
            form.shape_ref(),
            l.shape_ref(),
            &mut vals,
            &mut next
        ));
        tri!(collect_leaves(
            form.stride_ref(),
            l.stride_ref(),
            &mut vals,
            &mut next
        ));
        Ok(Self::from_vals(vals))
    }

    /// The dynamic values, in leaf order.
    pub fn values(&self) -> &[i64] {
        &self.vals[..Self::DYNAMIC]
    }

    /// The same layout as a run-time [`Layout`].
    pub const fn to_layout(&self) -> Layout {
        fill_layout(&F::FORM, &self.vals)
    }
}

/// An integer tuple of form `F` (a shape, a coordinate, an index, a cotarget).
///
/// ```
/// use rcute::typed::TypedTuple;
/// use rcute::{int_tuple, tuple_form};
/// tuple_form!(Tile = (128,_64));
/// let t = TypedTuple::<Tile>::new(&[256]);
/// assert_eq!(t.to_string(), "(256,_64)");
/// assert_eq!(TypedTuple::<Tile>::try_from_tuple(&int_tuple!((32,_64))).unwrap().values(), &[32]);
/// ```
pub struct TypedTuple<F: TupleForm> {
    pub(crate) vals: [i64; DYN_CAPACITY],
    form: PhantomData<fn() -> F>,
}

impl<F: TupleForm> TypedTuple<F> {
    /// The number of dynamic values of the form.
    pub const DYNAMIC: usize = dynamic_leaves(&F::FORM);

    #[inline(always)]
    pub(crate) const fn from_vals(vals: [i64; DYN_CAPACITY]) -> Self {
        TypedTuple {
            vals,
            form: PhantomData,
        }
    }

    /// The tuple of form `F` with these dynamic values, in leaf order.
    ///
    /// # Errors
    /// A number of values other than [`TypedTuple::DYNAMIC`].
    pub const fn try_new(values: &[i64]) -> Result<Self, Error> {
        Ok(Self::from_vals(tri!(store(values, Self::DYNAMIC))))
    }

    /// [`TypedTuple::try_new`], panicking with the error's message.
    #[track_caller]
    pub const fn new(values: &[i64]) -> Self {
        unwrap_or_panic!(Self::try_new(values))
    }

    /// The dynamic values of `t`, which must have the form's structure.
    pub const fn try_from_tuple(t: &IntTuple) -> Result<Self, Error> {
        let mut vals = [0i64; DYN_CAPACITY];
        let mut next = 0;
        tri!(collect_leaves(&F::FORM, t, &mut vals, &mut next));
        Ok(Self::from_vals(vals))
    }

    /// The dynamic values, in leaf order.
    pub fn values(&self) -> &[i64] {
        &self.vals[..Self::DYNAMIC]
    }

    /// The same tuple as a run-time [`IntTuple`].
    pub const fn to_tuple(&self) -> IntTuple {
        fill_tuple(&F::FORM, &self.vals)
    }

    /// The value of a tuple that is a single integer, with its static bit (CuTe's
    /// integer result of `crd2idx`).
    pub const fn as_int(&self) -> Option<Int> {
        self.to_tuple().as_int()
    }
}

/// A tiler of form `F`: a layout, an integer, `_`, or a tuple of those.
///
/// ```
/// use rcute::typed::TypedTiler;
/// use rcute::{tiler, tiler_form};
/// tiler_form!(Cta = (128, 64:_1));
/// let t = TypedTiler::<Cta>::new(&[128, 64]);
/// assert_eq!(t.to_string(), "(128,64:_1)");
/// assert!(TypedTiler::<Cta>::try_from_tiler(&tiler!((128:_1, 64:_1))).is_err());
/// ```
pub struct TypedTiler<F: TilerForm> {
    pub(crate) vals: [i64; DYN_CAPACITY],
    form: PhantomData<fn() -> F>,
}

impl<F: TilerForm> TypedTiler<F> {
    /// The number of dynamic values of the form: those of its layouts and integers, in
    /// leaf order (every shape leaf, then every stride leaf).
    pub const DYNAMIC: usize = layout_values(F::FORM.inner_layout());
    const SHAPE_VALUES: usize = dynamic_leaves(F::FORM.inner_layout().shape_ref());

    /// The tiler of form `F` with these dynamic values.
    ///
    /// # Errors
    /// A number of values other than [`TypedTiler::DYNAMIC`]; an extent that is not
    /// positive.
    pub const fn try_new(values: &[i64]) -> Result<Self, Error> {
        let vals = tri!(store(values, Self::DYNAMIC));
        tri!(check_shape_values(&vals, Self::SHAPE_VALUES));
        Ok(TypedTiler {
            vals,
            form: PhantomData,
        })
    }

    /// [`TypedTiler::try_new`], panicking with the error's message.
    #[track_caller]
    pub const fn new(values: &[i64]) -> Self {
        unwrap_or_panic!(Self::try_new(values))
    }

    /// The dynamic values of `t`, which must have the form's structure (an integer element
    /// where the form has an integer, a layout where it has a layout).
    pub const fn try_from_tiler(t: &Tiler) -> Result<Self, Error> {
        let form = F::FORM;
        if !form.guide().same_tokens(t.guide()) || !same_ints(form.guide(), t.guide()) {
            return Err(NOT_THE_FORM);
        }
        let (fl, tl) = (form.inner_layout(), t.inner_layout());
        let mut vals = [0i64; DYN_CAPACITY];
        let mut next = 0;
        tri!(collect_leaves(
            fl.shape_ref(),
            tl.shape_ref(),
            &mut vals,
            &mut next
        ));
        tri!(collect_leaves(
            fl.stride_ref(),
            tl.stride_ref(),
            &mut vals,
            &mut next
        ));
        Ok(TypedTiler {
            vals,
            form: PhantomData,
        })
    }

    /// The dynamic values, in leaf order.
    pub fn values(&self) -> &[i64] {
        &self.vals[..Self::DYNAMIC]
    }

    /// The same tiler as a run-time [`Tiler`].
    pub const fn to_tiler(&self) -> Tiler {
        let form = F::FORM;
        form.with_inner_layout(fill_layout(form.inner_layout(), &self.vals))
    }
}

/// The traits of a typed value: `Clone` and `Copy` (whatever the form), `Display` (CuTe's
/// `print`, as for the run-time value), `Debug`, and `TryFrom` the run-time value.
macro_rules! typed_value {
    ($typed:ident, $form:ident, $value:ty, $to:ident, $try_from:ident) => {
        impl<F: $form> Clone for $typed<F> {
            fn clone(&self) -> Self {
                *self
            }
        }

        impl<F: $form> Copy for $typed<F> {}

        impl<F: $form> fmt::Display for $typed<F> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.$to(), f)
            }
        }

        impl<F: $form> fmt::Debug for $typed<F> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({})", stringify!($typed), self.$to())
            }
        }

        impl<F: $form> TryFrom<&$value> for $typed<F> {
            type Error = Error;
            fn try_from(v: &$value) -> Result<Self, Error> {
                Self::$try_from(v)
            }
        }
    };
}

typed_value!(TypedLayout, LayoutForm, Layout, to_layout, try_from_layout);
typed_value!(TypedTuple, TupleForm, IntTuple, to_tuple, try_from_tuple);
typed_value!(TypedTiler, TilerForm, Tiler, to_tiler, try_from_tiler);

/// Whether two tuples of the same nesting hold the same integers (the guides of tilers).
const fn same_ints(a: &IntTuple, b: &IntTuple) -> bool {
    let mut i = 0;
    while i < a.leaf_count() {
        let (x, y) = (a.leaf(i), b.leaf(i));
        if x.value() != y.value() || x.meta() != y.meta() {
            return false;
        }
        i += 1;
    }
    true
}

/// Declares a zero-sized type implementing
/// [`LayoutForm`](crate::typed::LayoutForm) for a layout in CuTe notation:
/// `layout_form!(VIS NAME = SHAPE:STRIDE);`. The values of dynamic integers are
/// placeholders.
///
/// ```
/// rcute::layout_form!(pub Gmem = (4096,4096):(_1,4096));
/// use rcute::typed::LayoutForm;
/// assert_eq!(Gmem::FORM.to_string(), "(4096,4096):(_1,4096)");
/// ```
#[macro_export]
macro_rules! layout_form {
    ($(#[$m:meta])* $vis:vis $name:ident = $($t:tt)+) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        $vis struct $name;
        impl $crate::typed::LayoutForm for $name {
            const FORM: $crate::Layout = $crate::layout!($($t)+);
        }
    };
    () => {
        ::core::compile_error!("layout_form! needs NAME = LAYOUT, e.g. layout_form!(Tile = (8,_8):(_8,_1))")
    };
}

/// Declares a zero-sized type implementing [`TupleForm`](crate::typed::TupleForm) for an
/// integer tuple in CuTe notation: `tuple_form!(VIS NAME = TUPLE);`.
///
/// ```
/// rcute::tuple_form!(pub Shape = ((128,32),(64,_32)));
/// use rcute::typed::TupleForm;
/// assert_eq!(Shape::FORM.to_string(), "((128,32),(64,_32))");
/// ```
#[macro_export]
macro_rules! tuple_form {
    ($(#[$m:meta])* $vis:vis $name:ident = $($t:tt)+) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        $vis struct $name;
        impl $crate::typed::TupleForm for $name {
            const FORM: $crate::IntTuple = $crate::int_tuple!($($t)+);
        }
    };
    () => {
        ::core::compile_error!("tuple_form! needs NAME = TUPLE, e.g. tuple_form!(Shape = (128,_64))")
    };
}

/// Declares a zero-sized type implementing [`TilerForm`](crate::typed::TilerForm) for a
/// tiler in CuTe notation: `tiler_form!(VIS NAME = TILER);`.
///
/// ```
/// rcute::tiler_form!(pub Cta = (128:_1, 64:_1));
/// use rcute::typed::TilerForm;
/// assert_eq!(Cta::FORM.to_string(), "(128:_1,64:_1)");
/// ```
#[macro_export]
macro_rules! tiler_form {
    ($(#[$m:meta])* $vis:vis $name:ident = $($t:tt)+) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        $vis struct $name;
        impl $crate::typed::TilerForm for $name {
            const FORM: $crate::Tiler = $crate::tiler!($($t)+);
        }
    };
    () => {
        ::core::compile_error!("tiler_form! needs NAME = TILER, e.g. tiler_form!(Cta = (128, 64))")
    };
}
