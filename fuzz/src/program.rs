//! Programs of the expression language from fuzzer bytes.
//!
//! [`Program`] draws a whole program (`A = expr; f(A, ...); A(c)`) from the grammar of
//! `rcute_lang`: integers static and dynamic, small, negative, huge and with scaled-basis
//! suffixes; tuples; layouts whose stride is usually congruent to the shape (so that the
//! algebra runs instead of refusing at construction); tilers; `_`; tags, swizzles and
//! MMA and copy atoms;
//! calls of every function of [`rcute_lang::FUNCTIONS`] with template arguments in and
//! out of range; bindings and applications. The pieces ([`Gen::expr`], [`Gen::layout`],
//! [`Gen::int_tuple`], ...) are public so that other targets can draw operands the same way.

use arbitrary::{Arbitrary, Result, Unstructured};
use rcute_lang::FUNCTIONS;
use std::fmt::Write;

/// A program of the expression language; `Debug` prints its text (what `cargo fuzz fmt`
/// shows).
pub struct Program(pub String);

impl std::fmt::Debug for Program {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'a> Arbitrary<'a> for Program {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let mut g = Gen::new(u);
        let n = g.u.int_in_range(1..=NAMES.len())?;
        let mut out = String::new();
        for k in 0..n {
            if k > 0 {
                out.push_str("; ");
            }
            if k + 1 < n && g.chance(2, 3)? {
                // names are bound in order, so NAMES[..bound] are the bound ones
                let name = NAMES[g.bound];
                let e = g.expr(0)?;
                let _ = write!(out, "{name} = {e}");
                g.bound += 1;
            } else {
                out.push_str(&g.expr(0)?);
            }
        }
        Ok(Program(out))
    }
}

/// Names bound by the statements of a program, in order.
const NAMES: [&str; 8] = ["A", "B", "C", "D", "E", "F", "G", "H"];

/// How deep expressions nest (calls, tuples); deeper inputs are the parser target's job.
const MAX_DEPTH: usize = 4;

/// Integers worth trying: boundaries of the algebra and of `i64`.
const SPECIAL: [i64; 16] = [
    0,
    1,
    2,
    3,
    4,
    8,
    16,
    32,
    -1,
    -2,
    -8,
    1 << 31,
    1 << 32,
    1 << 62,
    i64::MAX,
    i64::MIN + 1,
];

/// A generator of program text over the fuzzer's bytes.
pub struct Gen<'u, 'a> {
    /// The bytes.
    pub u: &'u mut Unstructured<'a>,
    /// How many of [`NAMES`] are bound so far.
    pub bound: usize,
}

impl<'u, 'a> Gen<'u, 'a> {
    /// A generator with no names bound.
    pub fn new(u: &'u mut Unstructured<'a>) -> Self {
        Gen { u, bound: 0 }
    }

    /// True `num` times in `den` while bytes last; false once they are spent, so that a
    /// short input makes a short, plain program rather than one of every rare form.
    pub fn chance(&mut self, num: u32, den: u32) -> Result<bool> {
        if self.u.is_empty() {
            return Ok(false);
        }
        self.u.ratio(num, den)
    }

    /// An integer value: mostly small and positive, sometimes special or any `i64`.
    pub fn value(&mut self) -> Result<i64> {
        Ok(match self.u.int_in_range(0..=9)? {
            0..=5 => self.u.int_in_range(1..=16)?,
            6 | 7 => *self.u.choose(&SPECIAL)?,
            8 => self.u.int_in_range(-64..=64)?,
            _ => i64::arbitrary(self.u)?,
        })
    }

    /// An integer literal: static (`_8`) or dynamic (`8`), rarely with a basis suffix.
    pub fn int(&mut self) -> Result<String> {
        let v = self.value()?;
        let mut s = if self.chance(1, 2)? {
            format!("_{v}")
        } else {
            format!("{v}")
        };
        if self.chance(1, 16)? {
            for _ in 0..self.u.int_in_range(1..=2)? {
                let _ = write!(s, "@{}", self.u.int_in_range(0..=2)?);
            }
        }
        Ok(s)
    }

    /// A profile: the nesting of an IntTuple, leaves as `None`.
    fn profile(&mut self, depth: usize) -> Result<Profile> {
        if depth >= 3 || self.chance(1, 2)? {
            return Ok(Profile::Leaf);
        }
        let n = self.u.int_in_range(0..=4)?;
        let mut modes = Vec::with_capacity(n);
        for _ in 0..n {
            modes.push(self.profile(depth + 1)?);
        }
        Ok(Profile::Tuple(modes))
    }

    /// An IntTuple of a profile; `leaf` draws each leaf.
    fn fill(
        &mut self,
        p: &Profile,
        leaf: &mut dyn FnMut(&mut Self) -> Result<String>,
    ) -> Result<String> {
        match p {
            Profile::Leaf => leaf(self),
            Profile::Tuple(modes) => {
                let mut parts = Vec::with_capacity(modes.len());
                for m in modes {
                    parts.push(self.fill(m, leaf)?);
                }
                Ok(format!("({})", parts.join(",")))
            }
        }
    }

    /// An IntTuple literal of any profile; leaves are integers, rarely `_`.
    pub fn int_tuple(&mut self) -> Result<String> {
        let p = self.profile(0)?;
        self.fill(&p, &mut |g| {
            if g.chance(1, 24)? {
                Ok("_".into())
            } else {
                g.int()
            }
        })
    }

    /// A shape literal: positive leaves, mostly small.
    pub fn shape(&mut self) -> Result<String> {
        let p = self.profile(0)?;
        self.shape_of(&p)
    }

    fn shape_of(&mut self, p: &Profile) -> Result<String> {
        self.fill(p, &mut |g| {
            let v = if g.chance(7, 8)? {
                g.u.int_in_range(1..=8)?
            } else {
                g.value()?
            };
            Ok(if g.chance(1, 2)? {
                format!("_{v}")
            } else {
                format!("{v}")
            })
        })
    }

    /// A layout literal `S:D`, its stride congruent to its shape nine times in ten.
    pub fn layout(&mut self) -> Result<String> {
        let p = self.profile(0)?;
        let shape = self.shape_of(&p)?;
        let stride = if self.chance(9, 10)? {
            self.fill(&p, &mut |g| {
                let v = match g.u.int_in_range(0..=7)? {
                    0 => 0,
                    1..=5 => g.u.int_in_range(1..=32)?,
                    6 => g.u.int_in_range(-8..=-1)?,
                    _ => g.value()?,
                };
                Ok(if g.chance(1, 2)? {
                    format!("_{v}")
                } else {
                    format!("{v}")
                })
            })?
        } else {
            self.int_tuple()?
        };
        Ok(format!("{shape}:{stride}"))
    }

    /// A tiler: a layout, a shape, or a tuple of layouts, shapes and `_`.
    pub fn tiler(&mut self) -> Result<String> {
        Ok(match self.u.int_in_range(0..=3)? {
            0 => self.layout()?,
            1 => self.shape()?,
            _ => {
                let n = self.u.int_in_range(1..=3)?;
                let mut parts = Vec::with_capacity(n);
                for _ in 0..n {
                    parts.push(match self.u.int_in_range(0..=4)? {
                        0 => "_".into(),
                        1 => self.shape()?,
                        _ => self.layout()?,
                    });
                }
                format!("({})", parts.join(","))
            }
        })
    }

    /// A template argument: a small index, `-1`, or anything.
    fn targ(&mut self) -> Result<i64> {
        Ok(match self.u.int_in_range(0..=7)? {
            0..=5 => self.u.int_in_range(0..=4)?,
            6 => -1,
            _ => self.value()?.abs().max(0),
        })
    }

    /// A call of a function of the language with template arguments and arguments,
    /// their numbers mostly within the function's ranges.
    pub fn call(&mut self, depth: usize) -> Result<String> {
        let f = self.u.choose(FUNCTIONS)?;
        let in_range = |g: &mut Self, (lo, hi): (usize, usize)| -> Result<usize> {
            if g.chance(1, 16)? {
                return g.u.int_in_range(0..=4);
            }
            g.u.int_in_range(lo..=hi.min(lo + 3))
        };
        let nt = in_range(self, f.targs)?;
        let na = in_range(self, f.args)?;
        let mut s = String::from(f.name);
        if nt > 0 {
            let mut ts = Vec::with_capacity(nt);
            for _ in 0..nt {
                ts.push(self.targ()?.to_string());
            }
            let _ = write!(s, "<{}>", ts.join(","));
        }
        let mut args = Vec::with_capacity(na);
        for _ in 0..na {
            args.push(self.expr(depth + 1)?);
        }
        let _ = write!(s, "({})", args.join(", "));
        Ok(s)
    }

    /// An MMA or copy atom, by CuTe's name: catalog names, GMMAs of any N and majors (most
    /// valid, some not), copy atoms of any element type.
    pub fn atom(&mut self) -> Result<String> {
        const MMA: [&str; 6] = [
            "SM80_16x8x16_F32F16F16F32_TN",
            "SM80_16x8x8_F16F16F16F16_TN",
            "SM80_8x8x4_F64F64F64F64_TN",
            "SM70_8x8x4_F32F16F16F32_NT",
            "UniversalFMA<float,float,float>",
            "SM89_16x8x32_F32E4M3E5M2F32_TN",
        ];
        const COPY: [&str; 8] = [
            "SM75_U32x4_LDSM_N",
            "SM75_U16x8_LDSM_T",
            "SM75_U32x1_LDSM_N",
            "SM90_U32x2_STSM_N",
            "UniversalCopy<uint128_t>",
            "UniversalCopy<uint32_t>",
            "SM80_CP_ASYNC_CACHEALWAYS<uint64_t>",
            "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>",
        ];
        const TYPES: [&str; 5] = ["half_t", "float", "int8_t", "double", "uint128_t"];
        Ok(match self.u.int_in_range(0..=2)? {
            0 => MMA[self.u.int_in_range(0..=MMA.len() - 1)?].into(),
            1 => {
                let n = 8 * self.u.int_in_range(0..=33)?;
                let (k, types) = match self.u.int_in_range(0..=2)? {
                    0 => (16, "F32F16F16"),
                    1 => (8, "F32TF32TF32"),
                    _ => (32, "F32E4M3E5M2"),
                };
                let ab = if self.chance(1, 2)? { "SS" } else { "RS" };
                let major = |b: bool| if b { "K" } else { "MN" };
                if k == 16 {
                    let (a, b) = (self.chance(2, 3)?, self.chance(1, 2)?);
                    format!("SM90_64x{n}x{k}_{types}_{ab}<{},{}>", major(a), major(b))
                } else {
                    format!("SM90_64x{n}x{k}_{types}_{ab}_TN")
                }
            }
            _ => format!(
                "Copy_Atom<{}, {}>",
                COPY[self.u.int_in_range(0..=COPY.len() - 1)?],
                TYPES[self.u.int_in_range(0..=TYPES.len() - 1)?]
            ),
        })
    }

    /// Any expression; calls and tuples nest at most [`MAX_DEPTH`] deep.
    pub fn expr(&mut self, depth: usize) -> Result<String> {
        if self.u.is_empty() {
            return Ok("1".into());
        }
        let leafy = depth >= MAX_DEPTH;
        let pick = if leafy {
            self.u.int_in_range(0..=5)?
        } else {
            self.u.int_in_range(0..=14)?
        };
        Ok(match pick {
            0 => self.int()?,
            1 | 2 => self.layout()?,
            3 => self.shape()?,
            4 => self.int_tuple()?,
            5 => match (self.bound, self.u.int_in_range(0..=5)?) {
                (b, k) if b > 0 && k < 3 => NAMES[self.u.int_in_range(0..=b - 1)?].into(),
                (_, 0) => "_".into(),
                (_, 1) => "LayoutLeft".into(),
                (_, 2) => "LayoutRight".into(),
                (_, 3) => "X".into(),
                (_, 4) => self.atom()?,
                _ => format!(
                    "Swizzle<{},{},{}>",
                    self.u.int_in_range(0..=4)?,
                    self.u.int_in_range(0..=5)?,
                    self.u.int_in_range(-4..=5)?
                ),
            },
            6 => self.tiler()?,
            7..=11 => self.call(depth)?,
            12 => format!("make_identity_tensor({})", self.shape()?),
            13 => {
                // an application: a layout (or a bound name) at a coordinate, maybe sliced
                // `S:D(c)` applies the layout literal: the application binds after ':'
                let f = if self.bound > 0 && self.chance(1, 2)? {
                    NAMES[self.u.int_in_range(0..=self.bound - 1)?].to_string()
                } else {
                    self.layout()?
                };
                format!("{f}({})", self.int_tuple()?)
            }
            _ => {
                let n = self.u.int_in_range(0..=3)?;
                let mut parts = Vec::with_capacity(n);
                for _ in 0..n {
                    parts.push(self.expr(depth + 1)?);
                }
                format!("({})", parts.join(","))
            }
        })
    }
}

/// The nesting of an IntTuple.
enum Profile {
    Leaf,
    Tuple(Vec<Profile>),
}
