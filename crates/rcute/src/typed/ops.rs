//! The staged operations: the form of each result (a type, with its program as a
//! constant), and the methods that run the program.

use super::coord;
use super::exec::{Stage, run_stage};
use super::modes::{self, Cotarget};
use super::program::Program;
use super::value::{
    LayoutForm, TilerForm, TupleForm, TypedLayout, TypedTiler, TypedTuple, input_layout,
    input_tiler, input_tuple, output_leaves,
};
use super::{complement, composition, divide, inverse, product};
use crate::algebra::tiler::Tiler;
use crate::error::{Error, tri, unwrap_or_panic};
use crate::layout::Layout;
use crate::tuple::IntTuple;
use core::marker::PhantomData;

/// A staged operation whose result is a layout: its program and the result's form.
#[derive(Clone, Copy)]
pub(crate) struct StagedLayout {
    pub(crate) program: Program,
    pub(crate) form: Layout,
}

/// A staged operation whose result is a tuple.
#[derive(Clone, Copy)]
pub(crate) struct StagedTuple {
    pub(crate) program: Program,
    pub(crate) form: IntTuple,
}

const fn finish_layout(mut p: Program, out: Layout) -> Result<StagedLayout, Error> {
    tri!(output_leaves(&mut p, out.shape_ref()));
    tri!(output_leaves(&mut p, out.stride_ref()));
    Ok(StagedLayout {
        program: p,
        form: out,
    })
}

const fn finish_tuple(mut p: Program, out: IntTuple) -> Result<StagedTuple, Error> {
    tri!(output_leaves(&mut p, &out));
    Ok(StagedTuple {
        program: p,
        form: out,
    })
}

// ------------------------------------------------------------------- staging functions

pub(crate) const fn stage_coalesce(a: &Layout) -> Result<StagedLayout, Error> {
    let mut p = Program::new();
    let a = tri!(input_layout(&mut p, a));
    let out = tri!(modes::coalesce(&mut p, &a));
    finish_layout(p, out)
}

pub(crate) const fn stage_composition(a: &Layout, b: &Layout) -> Result<StagedLayout, Error> {
    let mut p = Program::new();
    let a = tri!(input_layout(&mut p, a));
    let b = tri!(input_layout(&mut p, b));
    let out = tri!(composition::composition(&mut p, &a, &b));
    finish_layout(p, out)
}

pub(crate) const fn stage_composition_tiler(a: &Layout, t: &Tiler) -> Result<StagedLayout, Error> {
    let mut p = Program::new();
    let a = tri!(input_layout(&mut p, a));
    let t = tri!(input_tiler(&mut p, t));
    let out = tri!(composition::composition_tiler(&mut p, &a, &t));
    finish_layout(p, out)
}

pub(crate) const fn stage_complement(a: &Layout, c: &IntTuple) -> Result<StagedLayout, Error> {
    let mut p = Program::new();
    let a = tri!(input_layout(&mut p, a));
    let c = tri!(input_tuple(&mut p, c));
    let out = tri!(complement::complement(&mut p, &a, Cotarget::Shape(&c)));
    finish_layout(p, out)
}

pub(crate) const fn stage_right_inverse(a: &Layout) -> Result<StagedLayout, Error> {
    let mut p = Program::new();
    let a = tri!(input_layout(&mut p, a));
    let out = tri!(inverse::right_inverse(&mut p, &a));
    finish_layout(p, out)
}

pub(crate) const fn stage_logical_divide(a: &Layout, t: &Tiler) -> Result<StagedLayout, Error> {
    let mut p = Program::new();
    let a = tri!(input_layout(&mut p, a));
    let t = tri!(input_tiler(&mut p, t));
    let out = tri!(divide::logical_divide(&mut p, &a, &t));
    finish_layout(p, out)
}

pub(crate) const fn stage_zipped_divide(a: &Layout, t: &Tiler) -> Result<StagedLayout, Error> {
    let mut p = Program::new();
    let a = tri!(input_layout(&mut p, a));
    let t = tri!(input_tiler(&mut p, t));
    let out = tri!(divide::zipped_divide(&mut p, &a, &t));
    finish_layout(p, out)
}

pub(crate) const fn stage_logical_product(a: &Layout, t: &Tiler) -> Result<StagedLayout, Error> {
    let mut p = Program::new();
    let a = tri!(input_layout(&mut p, a));
    let t = tri!(input_tiler(&mut p, t));
    let out = tri!(product::logical_product(&mut p, &a, &t));
    finish_layout(p, out)
}

pub(crate) const fn stage_rank_product(
    a: &Layout,
    b: &Layout,
    raked: bool,
) -> Result<StagedLayout, Error> {
    let mut p = Program::new();
    let a = tri!(input_layout(&mut p, a));
    let b = tri!(input_layout(&mut p, b));
    let out = tri!(product::rank_product(&mut p, &a, &b, raked));
    finish_layout(p, out)
}

pub(crate) const fn stage_blocked_product(a: &Layout, b: &Layout) -> Result<StagedLayout, Error> {
    stage_rank_product(a, b, false)
}

pub(crate) const fn stage_raked_product(a: &Layout, b: &Layout) -> Result<StagedLayout, Error> {
    stage_rank_product(a, b, true)
}

pub(crate) const fn stage_size(a: &Layout) -> Result<StagedTuple, Error> {
    let mut p = Program::new();
    let a = tri!(input_layout(&mut p, a));
    let out = tri!(modes::size(&mut p, &a));
    finish_tuple(p, IntTuple::from_int(out))
}

pub(crate) const fn stage_cosize(a: &Layout) -> Result<StagedTuple, Error> {
    let mut p = Program::new();
    let a = tri!(input_layout(&mut p, a));
    let out = tri!(modes::cosize(&mut p, &a));
    finish_tuple(p, IntTuple::from_int(out))
}

pub(crate) const fn stage_layout_crd2idx(a: &Layout, c: &IntTuple) -> Result<StagedTuple, Error> {
    let mut p = Program::new();
    let a = tri!(input_layout(&mut p, a));
    let c = tri!(input_tuple(&mut p, c));
    let out = tri!(coord::crd2idx(&mut p, &c, a.shape_ref(), a.stride_ref()));
    finish_tuple(p, IntTuple::from_int(out))
}

pub(crate) const fn stage_idx2crd(i: &IntTuple, s: &IntTuple) -> Result<StagedTuple, Error> {
    let mut p = Program::new();
    let i = tri!(input_tuple(&mut p, i));
    let s = tri!(input_tuple(&mut p, s));
    let out = tri!(coord::idx2crd(&mut p, &i, &s));
    finish_tuple(p, out)
}

pub(crate) const fn stage_crd2idx(
    c: &IntTuple,
    s: &IntTuple,
    d: &IntTuple,
) -> Result<StagedTuple, Error> {
    let mut p = Program::new();
    let c = tri!(input_tuple(&mut p, c));
    let s = tri!(input_tuple(&mut p, s));
    let d = tri!(input_tuple(&mut p, d));
    let out = tri!(coord::crd2idx(&mut p, &c, &s, &d));
    finish_tuple(p, IntTuple::from_int(out))
}

// ------------------------------------------------------------------------ result forms

/// Declares the form of a staged operation's result: a zero-sized type whose form and
/// program are constants, computed by `$stage` from the operands' forms. A form CuTe
/// refuses is a compile error with rcute's message, where the constant is evaluated.
macro_rules! result_form {
    (
        $(#[$m:meta])*
        $name:ident<$($p:ident: $b:ident),+> => $out:ident($staged:ident, $stage:ident)
    ) => {
        $(#[$m])*
        pub struct $name<$($p),+>(PhantomData<fn() -> ($($p,)+)>);

        impl<$($p: $b),+> $name<$($p),+> {
            const STAGE: $staged = unwrap_or_panic!($stage($(&$p::FORM),+));
        }

        impl<$($p: $b),+> $out for $name<$($p),+> {
            const FORM: result_form!(@ty $out) = Self::STAGE.form;
        }

        impl<$($p: $b),+> Stage for $name<$($p),+> {
            const PROGRAM: Program = Self::STAGE.program;
        }
    };
    (@ty LayoutForm) => { Layout };
    (@ty TupleForm) => { IntTuple };
}

result_form! {
    /// The form of `coalesce(A)`.
    Coalesce<A: LayoutForm> => LayoutForm(StagedLayout, stage_coalesce)
}
result_form! {
    /// The form of `composition(A, B)` for a layout `B`.
    Composition<A: LayoutForm, B: LayoutForm> => LayoutForm(StagedLayout, stage_composition)
}
result_form! {
    /// The form of `composition(A, T)` for a tiler `T`.
    CompositionTiler<A: LayoutForm, T: TilerForm> => LayoutForm(StagedLayout, stage_composition_tiler)
}
result_form! {
    /// The form of `complement(A, C)`.
    Complement<A: LayoutForm, C: TupleForm> => LayoutForm(StagedLayout, stage_complement)
}
result_form! {
    /// The form of `right_inverse(A)`.
    RightInverse<A: LayoutForm> => LayoutForm(StagedLayout, stage_right_inverse)
}
result_form! {
    /// The form of `logical_divide(A, T)`.
    LogicalDivide<A: LayoutForm, T: TilerForm> => LayoutForm(StagedLayout, stage_logical_divide)
}
result_form! {
    /// The form of `zipped_divide(A, T)`.
    ZippedDivide<A: LayoutForm, T: TilerForm> => LayoutForm(StagedLayout, stage_zipped_divide)
}
result_form! {
    /// The form of `logical_product(A, T)`.
    LogicalProduct<A: LayoutForm, T: TilerForm> => LayoutForm(StagedLayout, stage_logical_product)
}
result_form! {
    /// The form of `blocked_product(A, B)`.
    BlockedProduct<A: LayoutForm, B: LayoutForm> => LayoutForm(StagedLayout, stage_blocked_product)
}
result_form! {
    /// The form of `raked_product(A, B)`.
    RakedProduct<A: LayoutForm, B: LayoutForm> => LayoutForm(StagedLayout, stage_raked_product)
}
result_form! {
    /// The form of `size(A)` (an integer).
    Size<A: LayoutForm> => TupleForm(StagedTuple, stage_size)
}
result_form! {
    /// The form of `cosize(A)` (an integer).
    Cosize<A: LayoutForm> => TupleForm(StagedTuple, stage_cosize)
}
result_form! {
    /// The form of `A(C)`, the index of coordinate `C` in layout `A` (an integer).
    LayoutCrd2idx<A: LayoutForm, C: TupleForm> => TupleForm(StagedTuple, stage_layout_crd2idx)
}
result_form! {
    /// The form of `idx2crd(I, S)`.
    Idx2crd<I: TupleForm, S: TupleForm> => TupleForm(StagedTuple, stage_idx2crd)
}
result_form! {
    /// The form of `crd2idx(C, S, D)` (an integer).
    Crd2idx<C: TupleForm, S: TupleForm, D: TupleForm> => TupleForm(StagedTuple, stage_crd2idx)
}

// ---------------------------------------------------------------------------- methods

/// The typed algebra: each method is the [`Layout`] method of the same name, staged.
impl<F: LayoutForm> TypedLayout<F> {
    /// `size(self)`, the product of the shape: see [`Layout::try_size`].
    ///
    /// ```
    /// use rcute::typed::TypedLayout;
    /// rcute::layout_form!(A = (_4,(8,_2)):(_1,(4,_32)));
    /// let a = TypedLayout::<A>::new(&[8, 4]);
    /// assert_eq!(a.size().to_string(), "64");
    /// ```
    #[inline(always)]
    pub fn try_size(&self) -> Result<TypedTuple<Size<F>>, Error> {
        Ok(TypedTuple::from_vals(run_stage::<Size<F>>(&[&self.vals])?))
    }

    /// [`TypedLayout::try_size`], panicking with the error's message.
    #[inline]
    #[track_caller]
    pub fn size(&self) -> TypedTuple<Size<F>> {
        unwrap_or_panic!(self.try_size())
    }

    /// `cosize(self)`, the extent of the codomain: see [`Layout::try_cosize`].
    ///
    /// ```
    /// use rcute::typed::TypedLayout;
    /// rcute::layout_form!(A = (_4,(8,_2)):(_1,(4,_32)));
    /// let a = TypedLayout::<A>::new(&[8, 4]);
    /// assert_eq!(a.cosize().to_string(), "64");
    /// ```
    #[inline(always)]
    pub fn try_cosize(&self) -> Result<TypedTuple<Cosize<F>>, Error> {
        Ok(TypedTuple::from_vals(run_stage::<Cosize<F>>(
            &[&self.vals],
        )?))
    }

    /// [`TypedLayout::try_cosize`], panicking with the error's message.
    #[inline]
    #[track_caller]
    pub fn cosize(&self) -> TypedTuple<Cosize<F>> {
        unwrap_or_panic!(self.try_cosize())
    }

    /// `coalesce(self)`: see [`Layout::try_coalesce`].
    ///
    /// ```
    /// use rcute::typed::TypedLayout;
    /// rcute::layout_form!(A = ((2,_4),(_8,_3)):((_1,2),(_8,_64)));
    /// let a = TypedLayout::<A>::new(&[2, 2]);
    /// assert_eq!(a.coalesce().to_string(), "(2,_4,_24):(_1,2,_8)");
    /// ```
    #[inline(always)]
    pub fn try_coalesce(&self) -> Result<TypedLayout<Coalesce<F>>, Error> {
        Ok(TypedLayout::from_vals(run_stage::<Coalesce<F>>(&[
            &self.vals
        ])?))
    }

    /// [`TypedLayout::try_coalesce`], panicking with the error's message.
    #[inline]
    #[track_caller]
    pub fn coalesce(&self) -> TypedLayout<Coalesce<F>> {
        unwrap_or_panic!(self.try_coalesce())
    }

    /// `composition(self, b)`: see [`Layout::try_composition`]. The divisibility
    /// conditions on dynamic values are checked at run time.
    ///
    /// ```
    /// use rcute::typed::TypedLayout;
    /// rcute::layout_form!(A = (64,32):(_1,64));
    /// rcute::layout_form!(B = (_4,_8):(_1,_4));
    /// let a = TypedLayout::<A>::new(&[64, 32, 64]);
    /// let b = TypedLayout::<B>::new(&[]);
    /// assert_eq!(a.composition(&b).to_string(), "((4,1),(8,1)):((_1,64),(_4,64))");
    ///
    /// // CuTe answers (3,1):(24,1) here, 3 elements where 4 were asked for; rcute checks
    /// rcute::layout_form!(C = (8,8):(8,1));
    /// rcute::layout_form!(D = 4:3);
    /// let c = TypedLayout::<C>::new(&[8, 8, 8, 1]);
    /// let e = c.try_composition(&TypedLayout::<D>::new(&[4, 3])).unwrap_err();
    /// assert!(e.to_string().starts_with("composition: stride divisibility condition violated"));
    /// ```
    #[inline(always)]
    pub fn try_composition<B: LayoutForm>(
        &self,
        b: &TypedLayout<B>,
    ) -> Result<TypedLayout<Composition<F, B>>, Error> {
        Ok(TypedLayout::from_vals(run_stage::<Composition<F, B>>(&[
            &self.vals, &b.vals,
        ])?))
    }

    /// [`TypedLayout::try_composition`], panicking with the error's message.
    #[inline]
    #[track_caller]
    pub fn composition<B: LayoutForm>(&self, b: &TypedLayout<B>) -> TypedLayout<Composition<F, B>> {
        unwrap_or_panic!(self.try_composition(b))
    }

    /// `composition(self, tiler)`: see [`Layout::try_composition_tiler`].
    ///
    /// ```
    /// use rcute::typed::{TypedLayout, TypedTiler};
    /// rcute::layout_form!(A = (4096,4096):(1,4096));
    /// rcute::tiler_form!(T = (128:1, 64:1));
    /// let a = TypedLayout::<A>::new(&[4096, 4096, 1, 4096]);
    /// let t = TypedTiler::<T>::new(&[128, 64, 1, 1]);
    /// assert_eq!(a.composition_tiler(&t).to_string(), "(128,64):(1,4096)");
    /// ```
    #[inline(always)]
    pub fn try_composition_tiler<T: TilerForm>(
        &self,
        t: &TypedTiler<T>,
    ) -> Result<TypedLayout<CompositionTiler<F, T>>, Error> {
        Ok(TypedLayout::from_vals(run_stage::<CompositionTiler<F, T>>(
            &[&self.vals, &t.vals],
        )?))
    }

    /// [`TypedLayout::try_composition_tiler`], panicking with the error's message.
    #[inline]
    #[track_caller]
    pub fn composition_tiler<T: TilerForm>(
        &self,
        t: &TypedTiler<T>,
    ) -> TypedLayout<CompositionTiler<F, T>> {
        unwrap_or_panic!(self.try_composition_tiler(t))
    }

    /// `complement(self, cotarget)`: see [`Layout::try_complement`]. A layout of rank 2 or
    /// more (after filtering) needs static strides, as in CuTe: otherwise this is a
    /// compile error.
    ///
    /// ```
    /// use rcute::typed::{TypedLayout, TypedTuple};
    /// rcute::layout_form!(A = (2,4):(_1,_6));
    /// rcute::tuple_form!(C = 24);
    /// let a = TypedLayout::<A>::new(&[2, 4]);
    /// assert_eq!(a.complement(&TypedTuple::<C>::new(&[24])).to_string(), "(3,1):(2,24)");
    /// ```
    #[inline(always)]
    pub fn try_complement<C: TupleForm>(
        &self,
        cotarget: &TypedTuple<C>,
    ) -> Result<TypedLayout<Complement<F, C>>, Error> {
        Ok(TypedLayout::from_vals(run_stage::<Complement<F, C>>(&[
            &self.vals,
            &cotarget.vals,
        ])?))
    }

    /// [`TypedLayout::try_complement`], panicking with the error's message.
    #[inline]
    #[track_caller]
    pub fn complement<C: TupleForm>(
        &self,
        cotarget: &TypedTuple<C>,
    ) -> TypedLayout<Complement<F, C>> {
        unwrap_or_panic!(self.try_complement(cotarget))
    }

    /// `right_inverse(self)`: see [`Layout::try_right_inverse`]; modes with dynamic
    /// strides are ignored, as in CuTe.
    ///
    /// ```
    /// use rcute::typed::TypedLayout;
    /// rcute::layout_form!(A = ((4,32),(1,8)):((_256,_1),(_0,_32)));
    /// let a = TypedLayout::<A>::new(&[4, 32, 1, 8]);
    /// assert_eq!(a.right_inverse().to_string(), "32:4");
    /// ```
    #[inline(always)]
    pub fn try_right_inverse(&self) -> Result<TypedLayout<RightInverse<F>>, Error> {
        Ok(TypedLayout::from_vals(run_stage::<RightInverse<F>>(&[
            &self.vals,
        ])?))
    }

    /// [`TypedLayout::try_right_inverse`], panicking with the error's message.
    #[inline]
    #[track_caller]
    pub fn right_inverse(&self) -> TypedLayout<RightInverse<F>> {
        unwrap_or_panic!(self.try_right_inverse())
    }

    /// `logical_divide(self, tiler)`: see [`Layout::try_logical_divide`].
    ///
    /// ```
    /// use rcute::typed::{TypedLayout, TypedTiler};
    /// rcute::layout_form!(A = (4096,4096):(1,4096));
    /// rcute::tiler_form!(T = (128,64));
    /// let a = TypedLayout::<A>::new(&[4096, 4096, 1, 4096]);
    /// let t = TypedTiler::<T>::new(&[128, 64]);
    /// assert_eq!(a.logical_divide(&t).to_string(), "((128,32),(64,64)):((1,128),(4096,262144))");
    /// ```
    #[inline(always)]
    pub fn try_logical_divide<T: TilerForm>(
        &self,
        t: &TypedTiler<T>,
    ) -> Result<TypedLayout<LogicalDivide<F, T>>, Error> {
        Ok(TypedLayout::from_vals(run_stage::<LogicalDivide<F, T>>(
            &[&self.vals, &t.vals],
        )?))
    }

    /// [`TypedLayout::try_logical_divide`], panicking with the error's message.
    #[inline]
    #[track_caller]
    pub fn logical_divide<T: TilerForm>(
        &self,
        t: &TypedTiler<T>,
    ) -> TypedLayout<LogicalDivide<F, T>> {
        unwrap_or_panic!(self.try_logical_divide(t))
    }

    /// `zipped_divide(self, tiler)`: see [`Layout::try_zipped_divide`].
    ///
    /// ```
    /// use rcute::typed::{TypedLayout, TypedTiler};
    /// rcute::layout_form!(A = (128,128):(1,128));
    /// rcute::tiler_form!(T = (_16,_16));
    /// let a = TypedLayout::<A>::new(&[128, 128, 1, 128]);
    /// let t = TypedTiler::<T>::new(&[]);
    /// assert_eq!(a.zipped_divide(&t).to_string(), "((_16,_16),(8,8)):((1,128),(16,2048))");
    /// ```
    #[inline(always)]
    pub fn try_zipped_divide<T: TilerForm>(
        &self,
        t: &TypedTiler<T>,
    ) -> Result<TypedLayout<ZippedDivide<F, T>>, Error> {
        Ok(TypedLayout::from_vals(run_stage::<ZippedDivide<F, T>>(&[
            &self.vals, &t.vals,
        ])?))
    }

    /// [`TypedLayout::try_zipped_divide`], panicking with the error's message.
    #[inline]
    #[track_caller]
    pub fn zipped_divide<T: TilerForm>(
        &self,
        t: &TypedTiler<T>,
    ) -> TypedLayout<ZippedDivide<F, T>> {
        unwrap_or_panic!(self.try_zipped_divide(t))
    }

    /// `logical_product(self, tiler)`: see [`Layout::try_logical_product`].
    ///
    /// ```
    /// use rcute::typed::{TypedLayout, TypedTiler};
    /// rcute::layout_form!(A = (16,8):(_1,_16));
    /// rcute::tiler_form!(T = (2,4):(4,1));
    /// let a = TypedLayout::<A>::new(&[16, 8]);
    /// let t = TypedTiler::<T>::new(&[2, 4, 4, 1]);
    /// assert_eq!(
    ///     a.logical_product(&t).to_string(),
    ///     "((16,8),((1,2),(1,4))):((_1,_16),((64,512),(16,128)))"
    /// );
    /// ```
    #[inline(always)]
    pub fn try_logical_product<T: TilerForm>(
        &self,
        t: &TypedTiler<T>,
    ) -> Result<TypedLayout<LogicalProduct<F, T>>, Error> {
        Ok(TypedLayout::from_vals(run_stage::<LogicalProduct<F, T>>(
            &[&self.vals, &t.vals],
        )?))
    }

    /// [`TypedLayout::try_logical_product`], panicking with the error's message.
    #[inline]
    #[track_caller]
    pub fn logical_product<T: TilerForm>(
        &self,
        t: &TypedTiler<T>,
    ) -> TypedLayout<LogicalProduct<F, T>> {
        unwrap_or_panic!(self.try_logical_product(t))
    }

    /// `blocked_product(self, b)`: see [`Layout::try_blocked_product`].
    ///
    /// ```
    /// use rcute::typed::TypedLayout;
    /// rcute::layout_form!(A = (8,8):(_8,_1));
    /// rcute::layout_form!(B = (16,8):(1,16));
    /// let a = TypedLayout::<A>::new(&[8, 8]);
    /// let b = TypedLayout::<B>::new(&[16, 8, 1, 16]);
    /// assert_eq!(
    ///     a.blocked_product(&b).to_string(),
    ///     "((8,(1,16)),(8,(1,8))):((_8,(8,64)),(_1,(128,1024)))"
    /// );
    /// ```
    #[inline(always)]
    pub fn try_blocked_product<B: LayoutForm>(
        &self,
        b: &TypedLayout<B>,
    ) -> Result<TypedLayout<BlockedProduct<F, B>>, Error> {
        Ok(TypedLayout::from_vals(run_stage::<BlockedProduct<F, B>>(
            &[&self.vals, &b.vals],
        )?))
    }

    /// [`TypedLayout::try_blocked_product`], panicking with the error's message.
    #[inline]
    #[track_caller]
    pub fn blocked_product<B: LayoutForm>(
        &self,
        b: &TypedLayout<B>,
    ) -> TypedLayout<BlockedProduct<F, B>> {
        unwrap_or_panic!(self.try_blocked_product(b))
    }

    /// `raked_product(self, b)`: see [`Layout::try_raked_product`].
    ///
    /// ```
    /// use rcute::typed::TypedLayout;
    /// rcute::layout_form!(A = (_2,_2):(_2,_1));
    /// rcute::layout_form!(B = (2,3):(_1,2));
    /// let a = TypedLayout::<A>::new(&[]);
    /// let b = TypedLayout::<B>::new(&[2, 3, 2]);
    /// assert_eq!(a.raked_product(&b).to_string(), "((2,_2),(3,_2)):((_4,_2),(8,_1))");
    /// ```
    #[inline(always)]
    pub fn try_raked_product<B: LayoutForm>(
        &self,
        b: &TypedLayout<B>,
    ) -> Result<TypedLayout<RakedProduct<F, B>>, Error> {
        Ok(TypedLayout::from_vals(run_stage::<RakedProduct<F, B>>(&[
            &self.vals, &b.vals,
        ])?))
    }

    /// [`TypedLayout::try_raked_product`], panicking with the error's message.
    #[inline]
    #[track_caller]
    pub fn raked_product<B: LayoutForm>(
        &self,
        b: &TypedLayout<B>,
    ) -> TypedLayout<RakedProduct<F, B>> {
        unwrap_or_panic!(self.try_raked_product(b))
    }

    /// The index of coordinate `c` (CuTe's `layout(c)`): see [`Layout::try_crd2idx`]. An
    /// integer coordinate is split colexicographically.
    ///
    /// ```
    /// use rcute::typed::{DynInt, TypedLayout, TypedTuple};
    /// rcute::layout_form!(A = (4,(2,2)):(2,(1,8)));
    /// let a = TypedLayout::<A>::new(&[4, 2, 2, 2, 1, 8]);
    /// let i = a.crd2idx(&TypedTuple::<DynInt>::new(&[6]));
    /// assert_eq!(i.to_string(), "5");
    /// ```
    #[inline(always)]
    pub fn try_crd2idx<C: TupleForm>(
        &self,
        c: &TypedTuple<C>,
    ) -> Result<TypedTuple<LayoutCrd2idx<F, C>>, Error> {
        Ok(TypedTuple::from_vals(run_stage::<LayoutCrd2idx<F, C>>(&[
            &self.vals, &c.vals,
        ])?))
    }

    /// [`TypedLayout::try_crd2idx`], panicking with the error's message.
    #[inline]
    #[track_caller]
    pub fn crd2idx<C: TupleForm>(&self, c: &TypedTuple<C>) -> TypedTuple<LayoutCrd2idx<F, C>> {
        unwrap_or_panic!(self.try_crd2idx(c))
    }
}

/// `idx2crd(index, shape)`, staged: see [`crate::try_idx2crd`].
///
/// ```
/// use rcute::typed::{TypedTuple, try_idx2crd};
/// rcute::tuple_form!(I = 98765);
/// rcute::tuple_form!(S = ((128,32),(64,32)));
/// let c = try_idx2crd(&TypedTuple::<I>::new(&[98765]), &TypedTuple::<S>::new(&[128, 32, 64, 32]));
/// assert_eq!(c.unwrap().to_string(), "((77,3),(24,0))");
/// ```
#[inline(always)]
pub fn try_idx2crd<I: TupleForm, S: TupleForm>(
    index: &TypedTuple<I>,
    shape: &TypedTuple<S>,
) -> Result<TypedTuple<Idx2crd<I, S>>, Error> {
    Ok(TypedTuple::from_vals(run_stage::<Idx2crd<I, S>>(&[
        &index.vals,
        &shape.vals,
    ])?))
}

/// `crd2idx(coord, shape, stride)`, staged: see [`crate::try_crd2idx`].
///
/// ```
/// use rcute::typed::{TypedTuple, try_crd2idx};
/// rcute::tuple_form!(C = 98765);
/// rcute::tuple_form!(S = ((128,32),(64,32)));
/// rcute::tuple_form!(D = ((_1,524288),(128,8192)));
/// let i = try_crd2idx(
///     &TypedTuple::<C>::new(&[98765]),
///     &TypedTuple::<S>::new(&[128, 32, 64, 32]),
///     &TypedTuple::<D>::new(&[524288, 128, 8192]),
/// );
/// assert_eq!(i.unwrap().to_string(), "1576013");
/// ```
#[inline(always)]
pub fn try_crd2idx<C: TupleForm, S: TupleForm, D: TupleForm>(
    coord: &TypedTuple<C>,
    shape: &TypedTuple<S>,
    stride: &TypedTuple<D>,
) -> Result<TypedTuple<Crd2idx<C, S, D>>, Error> {
    Ok(TypedTuple::from_vals(run_stage::<Crd2idx<C, S, D>>(&[
        &coord.vals,
        &shape.vals,
        &stride.vals,
    ])?))
}
