//! `print_tensor`: CuTe's table of a tensor's elements.
//!
//! A header (`print(tensor)` then `:`), then the elements: one per line for rank 1, rows
//! and columns for rank 2, rank-2 slices separated by `-----` for rank 3 and blocks
//! separated by `=====` for rank 4 (`5 * size<1>` characters each). Elements are printed as
//! CuTe's `pretty_print` prints them: integers `%5d`, `f32` `%10.2e`, `f64` `%11.3e`,
//! booleans `%3d`, and anything else (coordinates) as two spaces and the value.
//!
//! At most [`MAX_TENSOR_CELLS`] elements are printed; a larger tensor (or one whose size
//! overflows) is refused with an error before anything is written.

use super::{CoordTensor, Storage, Tensor};
use crate::error::Error;
use crate::tuple::IntTuple;
use core::fmt;

/// The most elements [`try_print_tensor`] and [`try_print_coord_tensor`] print: 16384
/// (a quarter of [`MAX_TABLE_CELLS`](crate::print::MAX_TABLE_CELLS): each element of a
/// coordinate tensor is a hierarchical coordinate evaluated on its own).
pub const MAX_TENSOR_CELLS: i64 = 1 << 14;

/// Checks that a tensor of this shape can be printed: its size is known (no overflow)
/// and at most [`MAX_TENSOR_CELLS`].
fn check_size(shape: &IntTuple) -> Result<(), Error> {
    let size = shape.try_size()?.value();
    if size > MAX_TENSOR_CELLS {
        return Err(Error::Precondition {
            msg: "print_tensor: the tensor is too large to print (at most 16384 elements)",
            mode: -1,
            lhs: size,
            rhs: MAX_TENSOR_CELLS,
        });
    }
    Ok(())
}

/// How one element is printed in [`print_tensor`] (CuTe's `pretty_print`).
pub trait PrettyPrint {
    /// Writes the element, padded as CuTe pads it.
    fn pretty(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

macro_rules! pretty_int {
    ($($t:ty),*) => {$(
        impl PrettyPrint for $t {
            fn pretty(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{:5}", self)
            }
        }
    )*};
}
pretty_int!(i32, u32, i64, u64);

macro_rules! pretty_plain {
    ($($t:ty),*) => {$(
        impl PrettyPrint for $t {
            fn pretty(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "  {}", self)
            }
        }
    )*};
}
pretty_plain!(i8, u8, i16, u16, isize, usize);

impl PrettyPrint for bool {
    fn pretty(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:3}", *self as i32)
    }
}

/// C's `%W.Pe`: mantissa with `p` decimals, exponent with a sign and at least two digits.
fn c_exp(f: &mut fmt::Formatter<'_>, v: f64, width: usize, p: usize) -> fmt::Result {
    use core::fmt::Write;
    let mut buf = heapless_str::Buf::new();
    if v.is_nan() {
        let _ = write!(buf, "{}", if v.is_sign_negative() { "-nan" } else { "nan" });
    } else if v.is_infinite() {
        let _ = write!(buf, "{}", if v < 0.0 { "-inf" } else { "inf" });
    } else {
        let mut m = heapless_str::Buf::new();
        let _ = write!(m, "{v:.p$e}");
        let s = m.as_str();
        let (mant, exp) = s.split_once('e').unwrap_or((s, "0"));
        let e: i32 = exp.parse().unwrap_or(0);
        let sign = if e < 0 { '-' } else { '+' };
        let _ = write!(buf, "{mant}e{sign}{:02}", e.unsigned_abs());
    }
    write!(f, "{:>width$}", buf.as_str())
}

/// A small stack buffer for formatting floats without allocating.
mod heapless_str {
    pub(super) struct Buf {
        bytes: [u8; 64],
        len: usize,
    }

    impl Buf {
        pub(super) fn new() -> Buf {
            Buf {
                bytes: [0; 64],
                len: 0,
            }
        }

        pub(super) fn as_str(&self) -> &str {
            core::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
        }
    }

    impl core::fmt::Write for Buf {
        fn write_str(&mut self, s: &str) -> core::fmt::Result {
            let b = s.as_bytes();
            if self.len + b.len() > self.bytes.len() {
                return Err(core::fmt::Error);
            }
            self.bytes[self.len..self.len + b.len()].copy_from_slice(b);
            self.len += b.len();
            Ok(())
        }
    }
}

impl PrettyPrint for f32 {
    fn pretty(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        c_exp(f, *self as f64, 10, 2)
    }
}

impl PrettyPrint for f64 {
    fn pretty(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        c_exp(f, *self, 11, 3)
    }
}

impl PrettyPrint for IntTuple {
    /// A coordinate: two spaces and CuTe's print; a dynamic integer, `%5d`.
    fn pretty(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.as_int() {
            Some(i) if !i.is_static() && !i.is_basis() => write!(f, "{:5}", i.value()),
            _ => write!(f, "  {self}"),
        }
    }
}

struct Pretty<'a, T: PrettyPrint>(&'a T);

impl<T: PrettyPrint> fmt::Display for Pretty<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.pretty(f)
    }
}

/// The elements of a tensor by R-D coordinate, for printing.
trait Grid {
    type Elem: PrettyPrint;
    fn sizes(&self) -> ([usize; 4], usize);
    fn write_elem(&self, f: &mut fmt::Formatter<'_>, coords: &[usize]) -> fmt::Result;
}

fn mode_sizes(shape: &IntTuple) -> ([usize; 4], usize) {
    let mut s = [1usize; 4];
    let r = shape.rank();
    for (i, m) in shape.modes().take(4).enumerate() {
        s[i] = m.size().value().max(0) as usize;
    }
    (s, r)
}

fn write_grid<G: Grid>(f: &mut fmt::Formatter<'_>, g: &G) -> fmt::Result {
    let (s, r) = g.sizes();
    let block = |f: &mut fmt::Formatter<'_>, k: Option<usize>, p: Option<usize>| -> fmt::Result {
        for m in 0..s[0] {
            for n in 0..s[1] {
                let c = [m, n, k.unwrap_or(0), p.unwrap_or(0)];
                let len = 2 + k.is_some() as usize + p.is_some() as usize;
                g.write_elem(f, &c[..len])?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    };
    let rule = |f: &mut fmt::Formatter<'_>, c: char| -> fmt::Result {
        for _ in 0..5 * s[1] {
            write!(f, "{c}")?;
        }
        f.write_str("\n")
    };
    match r {
        1 => {
            for m in 0..s[0] {
                g.write_elem(f, &[m])?;
                f.write_str("\n")?;
            }
            Ok(())
        }
        2 => block(f, None, None),
        3 => {
            for k in 0..s[2] {
                if k > 0 {
                    rule(f, '-')?;
                }
                block(f, Some(k), None)?;
            }
            Ok(())
        }
        4 => {
            for p in 0..s[3] {
                if p > 0 {
                    rule(f, '=')?;
                }
                for k in 0..s[2] {
                    if k > 0 {
                        rule(f, '-')?;
                    }
                    block(f, Some(k), Some(p))?;
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// A tensor being printed; its `Display` is CuTe's `print_tensor` output (without the
/// header line for data tensors, whose header would print a pointer).
pub struct TensorPrint<'a, G> {
    grid: &'a G,
    header: Option<&'a dyn fmt::Display>,
}

struct DataGrid<'a, S: Storage>(&'a Tensor<S>);

impl<S: Storage> Grid for DataGrid<'_, S>
where
    S::Elem: PrettyPrint,
{
    type Elem = S::Elem;
    fn sizes(&self) -> ([usize; 4], usize) {
        mode_sizes(&self.0.shape())
    }
    fn write_elem(&self, f: &mut fmt::Formatter<'_>, coords: &[usize]) -> fmt::Result {
        self.0.at(coords).pretty(f)
    }
}

impl Grid for CoordTensor {
    type Elem = IntTuple;
    fn sizes(&self) -> ([usize; 4], usize) {
        mode_sizes(&self.shape())
    }
    fn write_elem(&self, f: &mut fmt::Formatter<'_>, coords: &[usize]) -> fmt::Result {
        // every element was computed once by `try_print_coord_tensor`
        let v = coord_elem(self, coords).map_err(|_| fmt::Error)?;
        write!(f, "{}", Pretty(&v))
    }
}

/// The element of a coordinate tensor at an R-D coordinate (one integer per mode).
fn coord_elem(t: &CoordTensor, coords: &[usize]) -> Result<IntTuple, Error> {
    let c: [crate::int::Int; 4] =
        core::array::from_fn(|i| crate::int::Int::dynamic(*coords.get(i).unwrap_or(&0) as i64));
    let crd = if coords.len() == 1 {
        IntTuple::from_int(c[0])
    } else {
        IntTuple::try_from_ints(&c[..coords.len()])?
    };
    t.try_get(&crd)
}

/// Calls `f` with every R-D coordinate [`write_grid`] prints (in another order).
fn each_coord(
    (s, r): ([usize; 4], usize),
    mut f: impl FnMut(&[usize]) -> Result<(), Error>,
) -> Result<(), Error> {
    if r == 0 || r > 4 {
        return Ok(());
    }
    for p in 0..s[3] {
        for k in 0..s[2] {
            for n in 0..s[1] {
                for m in 0..s[0] {
                    f(&[m, n, k, p][..r])?;
                }
            }
        }
    }
    Ok(())
}

impl<G: Grid> fmt::Display for TensorPrint<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(h) = self.header {
            writeln!(f, "{h}:")?;
        }
        write_grid(f, self.grid)
    }
}

/// The elements of a data tensor as CuTe's `print_tensor(t, false)` prints them (CuTe's
/// header would print the data pointer, so it is left out); refused past
/// [`MAX_TENSOR_CELLS`] elements.
///
/// ```
/// use rcute::{Tensor, layout, try_print_tensor};
/// let data = [1.5f32, -2.0, 3.25, 1e6];
/// let t = Tensor::new(&data[..], layout!((_2,_2):(_1,_2))).unwrap();
/// assert_eq!(try_print_tensor(&t).unwrap().to_string(), "  1.50e+00  3.25e+00\n -2.00e+00  1.00e+06\n");
/// // a broadcast of one element over 300x300 is too large to print
/// let big = Tensor::new(&data[..1], layout!((300,300):(0,0))).unwrap();
/// assert!(try_print_tensor(&big).is_err());
/// ```
pub fn try_print_tensor<S: Storage>(t: &Tensor<S>) -> Result<impl fmt::Display + '_, Error>
where
    S::Elem: PrettyPrint,
{
    check_size(&t.shape())?;
    Ok(print_tensor_unchecked(t))
}

/// [`try_print_tensor`], panicking with the error's message.
///
/// # Panics
/// When the tensor has more than [`MAX_TENSOR_CELLS`] elements.
///
/// ```
/// use rcute::{Tensor, layout, print_tensor};
/// let data = [1.5f32, -2.0, 3.25, 1e6];
/// let t = Tensor::new(&data[..], layout!((_2,_2):(_1,_2))).unwrap();
/// assert_eq!(print_tensor(&t).to_string(), "  1.50e+00  3.25e+00\n -2.00e+00  1.00e+06\n");
/// ```
#[track_caller]
pub fn print_tensor<S: Storage>(t: &Tensor<S>) -> impl fmt::Display + '_
where
    S::Elem: PrettyPrint,
{
    if let Err(e) = check_size(&t.shape()) {
        panic!("{e}");
    }
    print_tensor_unchecked(t)
}

fn print_tensor_unchecked<S: Storage>(t: &Tensor<S>) -> impl fmt::Display + '_
where
    S::Elem: PrettyPrint,
{
    struct P<'a, S: Storage>(DataGrid<'a, S>);
    impl<S: Storage> fmt::Display for P<'_, S>
    where
        S::Elem: PrettyPrint,
    {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write_grid(f, &self.0)
        }
    }
    P(DataGrid(t))
}

/// A coordinate tensor as CuTe's `print_tensor` prints it, header included; refused past
/// [`MAX_TENSOR_CELLS`] elements, and where an element has no R-D coordinate (a mode
/// `()`, which CuTe does not compile either).
///
/// ```
/// use rcute::{CoordTensor, int_tuple, try_print_coord_tensor};
/// let t = CoordTensor::identity(int_tuple!((_2,_3)));
/// assert_eq!(try_print_coord_tensor(&t).unwrap().to_string(),
///     "ArithTuple(_0,_0) o (_2,_3):(_1@0,_1@1):\n  (0,0)  (0,1)  (0,2)\n  (1,0)  (1,1)  (1,2)\n");
/// assert!(try_print_coord_tensor(&CoordTensor::identity(int_tuple!((2,())))).is_err());
/// assert!(try_print_coord_tensor(&CoordTensor::identity(int_tuple!((300,300))))
///     .is_err());
/// ```
pub fn try_print_coord_tensor(t: &CoordTensor) -> Result<TensorPrint<'_, CoordTensor>, Error> {
    check_size(&t.shape())?;
    each_coord(t.sizes(), |c| coord_elem(t, c).map(|_| ()))?;
    Ok(TensorPrint {
        grid: t,
        header: Some(t),
    })
}

/// [`try_print_coord_tensor`], panicking with the error's message.
///
/// # Panics
/// When the tensor has more than [`MAX_TENSOR_CELLS`] elements or an element has no
/// R-D coordinate.
///
/// ```
/// use rcute::{CoordTensor, int_tuple, print_coord_tensor};
/// let t = CoordTensor::identity(int_tuple!((_2,_3)));
/// assert!(print_coord_tensor(&t).to_string().ends_with("  (1,0)  (1,1)  (1,2)\n"));
/// ```
#[track_caller]
pub fn print_coord_tensor(t: &CoordTensor) -> TensorPrint<'_, CoordTensor> {
    match try_print_coord_tensor(t) {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    }
}
