//! The language's other values as Python objects: swizzles, composed layouts, coordinate
//! tensors, atoms, tiled MMAs and copies, accesses, tags. Each prints as CuTe does
//! (`str()`), compares as a value (`==`, `hash`), and those with a picture draw it in
//! Jupyter (`_repr_svg_`, the SVG of `cute svg`).

use crate::convert::{self, tuple_to_py};
use crate::error;
use crate::layout::coordinate;
use crate::pictures;
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use rcute_lang::Value;
use std::hash::{Hash, Hasher};

fn hash_text(v: &Value) -> isize {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    v.to_string().hash(&mut h);
    h.finish() as isize
}

/// `==` and `!=` of two values of one class.
fn compare(py: Python<'_>, a: &Value, b: Option<Value>, op: CompareOp) -> Py<PyAny> {
    let Some(b) = b else {
        return py.NotImplemented();
    };
    let eq = a.to_string() == b.to_string();
    match op {
        CompareOp::Eq => pyo3::types::PyBool::new(py, eq)
            .to_owned()
            .into_any()
            .unbind(),
        CompareOp::Ne => pyo3::types::PyBool::new(py, !eq)
            .to_owned()
            .into_any()
            .unbind(),
        _ => py.NotImplemented(),
    }
}

macro_rules! value_class {
    ($(#[$doc:meta])* $rust:ident, $py:literal, { $($methods:tt)* }) => {
        $(#[$doc])*
        #[pyclass(frozen, module = "rcute", name = $py)]
        pub struct $rust(pub Value);

        impl $rust {
            /// The value it holds.
            pub(crate) fn value(&self) -> Value {
                self.0.clone()
            }
        }

        #[pymethods]
        impl $rust {
            $($methods)*

            fn __str__(&self) -> String {
                self.0.to_string()
            }

            fn __repr__(&self) -> String {
                let text = self.0.to_string();
                if text.contains('\n') {
                    text
                } else {
                    format!("rcute.{}('{}')", $py, text)
                }
            }

            fn __hash__(&self) -> isize {
                hash_text(&self.0)
            }

            fn __richcmp__(
                &self,
                py: Python<'_>,
                other: &Bound<'_, PyAny>,
                op: CompareOp,
            ) -> Py<PyAny> {
                compare(py, &self.0, other.cast::<$rust>().ok().map(|o| o.get().value()), op)
            }
        }
    };
}

value_class!(
    /// CuTe's `Swizzle<B,M,S>`: `Swizzle(3, 4, 3)`; `sw(i)` swizzles an offset.
    PySwizzle,
    "Swizzle",
    {
    #[new]
    #[pyo3(signature = (b, m, s = None))]
    fn new(py: Python<'_>, b: i64, m: i64, s: Option<i64>) -> PyResult<Self> {
        let s = s.unwrap_or(b);
        rcute::Swizzle::try_new(b, m, s)
            .map(|sw| PySwizzle(Value::Swizzle(sw)))
            .map_err(|e| error::core(py, e, &format!("Swizzle<{b},{m},{s}>")))
    }

    fn __call__(&self, py: Python<'_>, offset: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Value::Swizzle(sw) = &self.0 else {
            unreachable!("a Swizzle holds a swizzle")
        };
        match convert::tuple_of(offset)?.and_then(|t| t.as_int()) {
            Some(i) if !i.is_basis() && !i.is_underscore() => {
                tuple_to_py(py, &rcute::IntTuple::from_int(sw.apply_int(i)))
            }
            _ => Err(error::message(
                py,
                "a swizzle is applied to one integer",
                &format!("{sw}(...)"),
            )),
        }
    }

    }
);
value_class!(
    /// A swizzled layout `Sw<B,M,S> o O o L`, or a chain of swizzles and layouts (CuTe's
    /// nested composed layouts); `C(c)` gives the offset of a coordinate.
    PyComposedLayout,
    "ComposedLayout",
    {
    #[pyo3(signature = (*args))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
        let c = coordinate(args)?;
        let text = || format!("{}({c})", self.0);
        match &self.0 {
            Value::Composed(k) if c.has_underscore() => k
                .try_slice(&c)
                .map_err(|e| error::core(py, e, &text()))
                .and_then(|m| convert::to_py(py, Value::from(m))),
            Value::Composed(k) => k
                .try_apply(&c)
                .map_err(|e| error::core(py, e, &text()))
                .and_then(|i| tuple_to_py(py, &rcute::IntTuple::from_int(i))),
            Value::Chain(_) if c.has_underscore() => Err(error::message(
                py,
                "slicing a chain of composed layouts is not supported (CuTe refuses it too)",
                &text(),
            )),
            Value::Chain(k) => k
                .try_apply(&c)
                .map_err(|e| error::core(py, e, &text()))
                .and_then(|i| tuple_to_py(py, &rcute::IntTuple::from_int(i))),
            _ => unreachable!("a ComposedLayout holds a composed layout"),
        }
    }

    fn _repr_svg_(&self) -> Option<String> {
        pictures::value_svg(&self.0)
    }

    /// The SVG picture (`cute svg`).
    fn svg(&self, py: Python<'_>) -> PyResult<String> {
        pictures::svg_of(py, &self.0, None)
    }

    }
);
value_class!(
    /// A coordinate tensor (`make_identity_tensor`): `T(c)` gives the coordinate it holds.
    PyCoordTensor,
    "CoordTensor",
    {
    #[pyo3(signature = (*args))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
        let c = coordinate(args)?;
        let Value::Tensor(t) = &self.0 else {
            unreachable!("a CoordTensor holds a tensor")
        };
        let text = || format!("{t}({c})");
        if c.has_underscore() {
            return t
                .try_slice(&c)
                .map_err(|e| error::core(py, e, &text()))
                .and_then(|s| convert::to_py(py, Value::Tensor(Box::new(s))));
        }
        t.try_get(&c)
            .map_err(|e| error::core(py, e, &text()))
            .and_then(|x| tuple_to_py(py, &x))
    }

    }
);
value_class!(
    /// An MMA atom by CuTe's name (`rcute.atom("SM80_16x8x16_F32F16F16F32_TN")`).
    PyMmaAtom,
    "MmaAtom",
    {
    fn _repr_svg_(&self) -> Option<String> {
        pictures::value_svg(&self.0)
    }

    /// The thread-value picture of the atom (`cute svg --mma`).
    fn svg(&self, py: Python<'_>) -> PyResult<String> {
        pictures::svg_of(py, &self.0, None)
    }

    }
);
value_class!(
    /// A copy atom (`rcute.atom("Copy_Atom<SM75_U32x4_LDSM_N, half_t>")`).
    PyCopyAtom,
    "CopyAtom",
    {

    }
);
value_class!(
    /// A tiled MMA (`rcute.make_tiled_mma(...)`); in Jupyter, its thread-value picture.
    PyTiledMma,
    "TiledMMA",
    {
    fn _repr_svg_(&self) -> Option<String> {
        pictures::value_svg(&self.0)
    }

    /// The thread-value picture (`cute svg --mma`).
    fn svg(&self, py: Python<'_>) -> PyResult<String> {
        pictures::svg_of(py, &self.0, None)
    }

    }
);
value_class!(
    /// A tiled copy (`rcute.make_tiled_copy(...)`); in Jupyter, its thread-value picture.
    PyTiledCopy,
    "TiledCopy",
    {
    fn _repr_svg_(&self) -> Option<String> {
        pictures::value_svg(&self.0)
    }

    /// The thread-value picture (`cute svg --copy`).
    fn svg(&self, py: Python<'_>) -> PyResult<String> {
        pictures::svg_of(py, &self.0, None)
    }

    }
);
value_class!(
    /// A memory access pattern for the analyses (`vector_access`, `matrix_access`).
    PyAccess,
    "Access",
    {

    }
);
value_class!(
    /// `LayoutLeft` or `LayoutRight` (`rcute.LayoutLeft`, `rcute.LayoutRight`).
    PyTag,
    "Tag",
    {

    }
);
