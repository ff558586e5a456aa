//! CUDA C++ index code generated from layouts.
//!
//! A [`Layout`] (or a swizzled [`ComposedLayout`]) becomes a C function from indices to
//! offsets, the same function rcute evaluates on the host:
//!
//! * static values are literals, dynamic values are parameters of the function (their
//!   names and current values are listed in [`IndexFn::params`], to be passed at launch);
//! * division and modulo by powers of two are shifts and masks, a unit stride is no
//!   multiplication, a static `_0` stride or `_1` extent is no term at all;
//! * the divisor of each leaf (the product of the extents before it) is computed on the
//!   host: a static divisor is a literal, a dynamic one a single parameter.
//!
//! The code is plain C as well as CUDA C++: the same text compiles with gcc (the tests
//! check it against [`Layout::offset`] at every index) and with NVRTC.
//!
//! ```
//! use rcute::layout;
//! use rcute_cuda::codegen::{IndexFn, IndexType, Inputs};
//! // the last extent is dynamic: as the last leaf it needs no modulo, so no parameter
//! let f = IndexFn::layout("tile", &layout!((_8,(_4,4)):(_4,(_1,_32))), Inputs::Index, IndexType::I32).unwrap();
//! assert_eq!(f.expr(), "((i & 7) << 2) + ((i >> 3) & 3) + ((i >> 5) << 5)");
//! assert!(f.params().is_empty());
//! ```

use core::fmt;
use rcute::{ComposedLayout, Int, Layout};

/// The C integer type of indices and offsets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexType {
    /// `int`: the fast type on a GPU; every value the function computes must fit.
    I32,
    /// `long long`.
    I64,
}

impl IndexType {
    /// `build` with `int` indices, or with `long long` when that fails (a value does not
    /// fit in `int`).
    pub(crate) fn narrowest<T>(
        build: impl Fn(IndexType) -> Result<T, CodegenError>,
    ) -> Result<T, CodegenError> {
        build(IndexType::I32).or_else(|_| build(IndexType::I64))
    }

    /// The C spelling.
    pub fn c_name(self) -> &'static str {
        match self {
            IndexType::I32 => "int",
            IndexType::I64 => "long long",
        }
    }

    fn max(self) -> i64 {
        match self {
            IndexType::I32 => i32::MAX as i64,
            IndexType::I64 => i64::MAX,
        }
    }
}

/// What the generated function takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inputs {
    /// One 1-D index `i` into the whole layout (colexicographic, as [`Layout::offset`]).
    Index,
    /// One 1-D index per top-level mode, `m0, m1, ...`: the offset is the sum of each
    /// mode's function of its index. A thread-value layout `(T,V)` becomes `f(tid, vid)`.
    Modes,
}

/// Why a layout has no index code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodegenError {
    /// The layout's algebra failed (as reported by rcute).
    Layout(rcute::Error),
    /// A stride is a scaled basis element (a coordinate layout); only integer offsets are
    /// generated.
    BasisStride,
    /// A value the function computes does not fit in the index type.
    Overflow {
        /// The value.
        value: i128,
        /// The index type.
        ty: IndexType,
    },
    /// A name that is not a C identifier.
    BadName(String),
    /// No TMA tensor map moves the tile (the analysis's reason).
    Tma(rcute::analysis::tma::TmaError),
    /// A kernel template and the values given for its holes disagree (a hole without a
    /// value, a value without a hole, a missing section; [`crate::template`]).
    Template(String),
}

impl fmt::Display for CodegenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodegenError::Layout(e) => write!(f, "{e}"),
            CodegenError::BasisStride => {
                write!(
                    f,
                    "codegen: a stride is a scaled basis element, not an integer"
                )
            }
            CodegenError::Overflow { value, ty } => write!(
                f,
                "codegen: the value {value} does not fit in the index type `{}`",
                ty.c_name()
            ),
            CodegenError::BadName(n) => write!(f, "codegen: `{n}` is not a C identifier"),
            CodegenError::Tma(e) => write!(f, "{e}"),
            CodegenError::Template(e) => write!(f, "template: {e}"),
        }
    }
}

impl std::error::Error for CodegenError {}

impl From<rcute::analysis::tma::TmaError> for CodegenError {
    fn from(e: rcute::analysis::tma::TmaError) -> Self {
        CodegenError::Tma(e)
    }
}

impl From<rcute::Error> for CodegenError {
    fn from(e: rcute::Error) -> Self {
        CodegenError::Layout(e)
    }
}

/// A dynamic value the generated function takes as a parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// The parameter's C name.
    pub name: String,
    /// Its value for the layout the function was generated from.
    pub value: i64,
}

/// The macro that qualifies every generated function: `__host__ __device__` inline in
/// CUDA (nvcc and NVRTC define `__CUDACC__`), `static inline` in C. Put it once before the
/// functions.
pub const PRELUDE: &str = "#ifdef __CUDACC__\n#define RCUTE_FN __host__ __device__ __forceinline__\n#else\n#define RCUTE_FN static inline\n#endif\n";

/// A generated index function: `name(args..., params...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexFn {
    name: String,
    ty: IndexType,
    what: String,
    args: Vec<String>,
    params: Vec<Param>,
    expr: String,
    swizzle: Option<(i64, i64)>,
}

/// The layout's leaves grouped by input: (variable, [(extent, stride)]).
type Groups = Vec<(String, Vec<(Int, Int)>)>;

fn groups(layout: &Layout, inputs: Inputs) -> Result<Groups, CodegenError> {
    let leaves = |l: &Layout| -> Result<Vec<(Int, Int)>, CodegenError> {
        let (s, d) = (l.shape_ref(), l.stride_ref());
        (0..s.leaf_count())
            .map(|k| {
                let (e, st) = (s.leaf(k), d.leaf(k));
                if st.is_basis() || e.is_basis() {
                    Err(CodegenError::BasisStride)
                } else {
                    Ok((e, st))
                }
            })
            .collect()
    };
    match inputs {
        Inputs::Index => Ok(vec![("i".to_string(), leaves(layout)?)]),
        Inputs::Modes => (0..layout.rank())
            .map(|m| Ok((format!("m{m}"), leaves(&layout.try_mode(m)?)?)))
            .collect(),
    }
}

fn is_c_identifier(s: &str) -> bool {
    let mut cs = s.chars();
    cs.next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && cs.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Builds the expression, collecting parameters and checking the index type.
struct Gen {
    prefix: String,
    ty: IndexType,
    params: Vec<Param>,
}

impl Gen {
    fn fits(&self, v: i128) -> Result<(), CodegenError> {
        if v.abs() > self.ty.max() as i128 {
            return Err(CodegenError::Overflow {
                value: v,
                ty: self.ty,
            });
        }
        Ok(())
    }

    /// A literal, or the name of a new parameter holding a dynamic value.
    fn value(&mut self, v: Int, role: &str) -> Result<String, CodegenError> {
        self.fits(v.value() as i128)?;
        if v.is_static() {
            return Ok(literal(v.value(), self.ty));
        }
        let name = format!("{}_{role}", self.prefix);
        self.params.push(Param {
            name: name.clone(),
            value: v.value(),
        });
        Ok(name)
    }

    /// The terms of one input's leaves.
    fn terms(
        &mut self,
        g: usize,
        var: &str,
        leaves: &[(Int, Int)],
        out: &mut Vec<String>,
    ) -> Result<i128, CodegenError> {
        // the largest magnitude a partial sum reaches
        let mut reach = 0i128;
        let mut p = Int::ONE; // the divisor of leaf k: the product of the extents before it
        let n = leaves.len();
        for (k, &(e, d)) in leaves.iter().enumerate() {
            let last = k + 1 == n;
            let skip = (d.is_static() && d.value() == 0) || (e.is_static() && e.value() == 1);
            if !skip {
                self.fits(p.value() as i128)?;
                let q = if p.is_static() {
                    shift_div(var, p.value())
                } else {
                    format!("({var} / {})", self.value(p, &format!("p{g}_{k}"))?)
                };
                let c = if last {
                    q
                } else if e.is_static() {
                    match log2(e.value()) {
                        Some(_) => format!("({q} & {})", literal(e.value() - 1, self.ty)),
                        None => format!("({q} % {})", literal(e.value(), self.ty)),
                    }
                } else {
                    format!("({q} % {})", self.value(e, &format!("s{g}_{k}"))?)
                };
                let t = if d.is_static() {
                    match d.value() {
                        1 => c,
                        -1 => format!("-{c}"),
                        v if v > 0 && log2(v).is_some() => {
                            format!("({c} << {})", log2(v).unwrap_or(0))
                        }
                        v => format!("{c} * {}", literal(v, self.ty)),
                    }
                } else {
                    format!("{c} * {}", self.value(d, &format!("d{g}_{k}"))?)
                };
                out.push(t);
                reach += (e.value() as i128 - 1).max(0) * (d.value() as i128).abs();
                self.fits(reach)?;
            }
            p = Int::new(
                p.value().saturating_mul(e.value()),
                p.is_static() && e.is_static(),
            );
        }
        // the index itself, up to the size of its leaves
        self.fits(p.value() as i128)?;
        Ok(reach)
    }
}

/// `var / p` for a static `p`: nothing, a shift or a division.
fn shift_div(var: &str, p: i64) -> String {
    match log2(p) {
        Some(0) => var.to_string(),
        Some(k) => format!("({var} >> {k})"),
        None => format!("({var} / {p})"),
    }
}

fn log2(v: i64) -> Option<u32> {
    (v > 0 && v & (v - 1) == 0).then(|| v.trailing_zeros())
}

fn literal(v: i64, ty: IndexType) -> String {
    if ty == IndexType::I64 && (v > i32::MAX as i64 || v < i32::MIN as i64) {
        format!("{v}LL")
    } else {
        v.to_string()
    }
}

impl IndexFn {
    /// The index function of `layout`.
    ///
    /// # Errors
    /// A scaled-basis stride, a value that does not fit in `ty`, a name that is not a C
    /// identifier.
    ///
    /// ```
    /// use rcute::layout;
    /// use rcute_cuda::codegen::{IndexFn, IndexType, Inputs};
    /// // a dynamic row pitch is a parameter
    /// let f = IndexFn::layout("a", &layout!((_4,8):(12,_1)), Inputs::Modes, IndexType::I64).unwrap();
    /// assert_eq!(f.expr(), "m0 * a_d0_0 + m1");
    /// assert_eq!(f.params()[0].name, "a_d0_0");
    /// ```
    pub fn layout(
        name: &str,
        layout: &Layout,
        inputs: Inputs,
        ty: IndexType,
    ) -> Result<IndexFn, CodegenError> {
        IndexFn::build(
            name,
            layout,
            Int::ZERO,
            None,
            inputs,
            ty,
            layout.to_string(),
        )
    }

    /// Component `k` of a coordinate layout (strides are scaled basis elements `d@k`, as in
    /// an identity tensor and its partitions): the function from indices to the `k`-th
    /// coordinate. A stride along another component, or a static `_0`, contributes nothing.
    ///
    /// # Errors
    /// A stride that is neither `_0` nor a basis element of depth 1; otherwise as
    /// [`IndexFn::layout`].
    ///
    /// ```
    /// use rcute::{Layout, Tiler, int_tuple};
    /// use rcute_cuda::codegen::{IndexFn, IndexType, Inputs};
    /// // the row of element i of a 70x96 matrix's (32,32) tiles: ((_32,_32),(3,3)):((_1@0,_1@1),(_32@0,_32@1))
    /// let tiles = Layout::identity(int_tuple!((70,96))).zipped_divide(&Tiler::try_parse("(_32,_32)").unwrap());
    /// let row = IndexFn::coordinate("row", &tiles, 0, Inputs::Modes, IndexType::I32).unwrap();
    /// assert_eq!(row.expr(), "(m0 & 31) + ((m1 % row_s1_0) << 5)");
    /// ```
    pub fn coordinate(
        name: &str,
        layout: &Layout,
        k: usize,
        inputs: Inputs,
        ty: IndexType,
    ) -> Result<IndexFn, CodegenError> {
        let mut stride = layout.stride();
        for i in 0..stride.leaf_count() {
            let d = stride.leaf(i);
            let v = if d.is_basis() {
                if d.basis_depth() != 1 {
                    return Err(CodegenError::BasisStride);
                }
                if d.basis_index(0) == k {
                    d.scale()
                } else {
                    Int::ZERO
                }
            } else if d.is_static() && d.value() == 0 {
                Int::ZERO
            } else {
                return Err(CodegenError::BasisStride);
            };
            stride.set_leaf(i, v);
        }
        let l = Layout::try_new(layout.shape(), stride)?;
        let what = format!("component {k} of {layout}");
        IndexFn::build(name, &l, Int::ZERO, None, inputs, ty, what)
    }

    /// The index function of a swizzled layout `Sw ∘ (O + L)`.
    ///
    /// # Errors
    /// As [`IndexFn::layout`].
    ///
    /// ```
    /// use rcute::{ComposedLayout, Int, Swizzle, layout};
    /// use rcute_cuda::codegen::{IndexFn, IndexType, Inputs};
    /// let smem = ComposedLayout::new(Swizzle::new(3, 3, 3), Int::ZERO, layout!((_8,_64):(_64,_1)));
    /// let f = IndexFn::composed("smem", &smem, Inputs::Modes, IndexType::I32).unwrap();
    /// assert!(f.source().contains("return o ^ ((o & 448) >> 3);"));
    /// ```
    pub fn composed(
        name: &str,
        layout: &ComposedLayout,
        inputs: Inputs,
        ty: IndexType,
    ) -> Result<IndexFn, CodegenError> {
        let sw = layout.swizzle();
        let swizzle = (!sw.is_identity()).then(|| (sw.yyy_mask(), sw.shift()));
        IndexFn::build(
            name,
            &layout.layout(),
            layout.origin(),
            swizzle,
            inputs,
            ty,
            layout.to_string(),
        )
    }

    fn build(
        name: &str,
        layout: &Layout,
        origin: Int,
        swizzle: Option<(i64, i64)>,
        inputs: Inputs,
        ty: IndexType,
        what: String,
    ) -> Result<IndexFn, CodegenError> {
        if !is_c_identifier(name) {
            return Err(CodegenError::BadName(name.to_string()));
        }
        let mut g = Gen {
            prefix: name.to_string(),
            ty,
            params: Vec::new(),
        };
        let groups = groups(layout, inputs)?;
        let mut terms = Vec::new();
        let mut reach = 0i128;
        for (k, (var, leaves)) in groups.iter().enumerate() {
            reach += g.terms(k, var, leaves, &mut terms)?;
        }
        if !(origin.is_static() && origin.value() == 0) {
            terms.insert(0, g.value(origin, "o")?);
        }
        reach += (origin.value() as i128).abs();
        // the swizzle sets bits up to the top of its YYY field
        g.fits(swizzle.map_or(reach, |(yyy, _)| reach | yyy as i128))?;
        let expr = if terms.is_empty() {
            "0".to_string()
        } else {
            terms.join(" + ").replace("+ -", "- ")
        };
        Ok(IndexFn {
            name: name.to_string(),
            ty,
            what,
            args: groups.into_iter().map(|(v, _)| v).collect(),
            params: g.params,
            expr,
            swizzle,
        })
    }

    /// The function's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// A call of the function on `args` (C expressions for its inputs, comma-separated),
    /// passing its parameters by their names.
    ///
    /// ```
    /// use rcute::layout;
    /// use rcute_cuda::codegen::{IndexFn, IndexType, Inputs};
    /// let f = IndexFn::layout("a", &layout!((_4,8):(12,_1)), Inputs::Modes, IndexType::I32).unwrap();
    /// assert_eq!(f.call("r, c"), "a(r, c, a_d0_0)");
    /// ```
    pub fn call(&self, args: &str) -> String {
        let mut s = format!("{}({args}", self.name);
        for p in &self.params {
            s.push_str(", ");
            s.push_str(&p.name);
        }
        s.push(')');
        s
    }

    /// The index arguments, in order: `i`, or `m0, m1, ...`.
    pub fn args(&self) -> &[String] {
        &self.args
    }

    /// The dynamic values, in the order the function takes them after the index arguments.
    pub fn params(&self) -> &[Param] {
        &self.params
    }

    /// The offset expression, before the swizzle.
    pub fn expr(&self) -> &str {
        &self.expr
    }

    /// The C function (after [`PRELUDE`]).
    pub fn source(&self) -> String {
        let t = self.ty.c_name();
        let args: Vec<String> = self
            .args
            .iter()
            .chain(self.params.iter().map(|p| &p.name))
            .map(|a| format!("{t} {a}"))
            .collect();
        let body = match self.swizzle {
            None => format!("    return {};\n", self.expr),
            Some((yyy, s)) => {
                let moved = if s >= 0 {
                    format!("(o & {yyy}) >> {s}")
                } else {
                    format!("(o & {yyy}) << {}", -s)
                };
                format!(
                    "    const {t} o = {};\n    return o ^ ({moved});\n",
                    self.expr
                )
            }
        };
        format!(
            "/* {} */\nRCUTE_FN {t} {}({}) {{\n{body}}}\n",
            self.what,
            self.name,
            args.join(", ")
        )
    }
}
