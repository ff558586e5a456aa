//! Programs of the host C++ subset from fuzzer bytes: declarations of scalars, vectors,
//! arrays and tensors over them; `for`, `while`, `do`, `if`/`else`, `break`, `continue`;
//! functions, templates and lambdas (recursive ones too); assignments, `++`, element
//! writes; C++'s operators over static and dynamic integers and floats; member calls; the
//! standard library's scalars, `rand`, characters, `sizeof`, range-based `for`, `std::cout`
//! with its manipulators, `static_assert`, `switch`, arguments whose order of evaluation
//! shows; and the calculator's expressions ([`Gen::expr`]) inside them. Loops may not end:
//! the evaluator must stop them within its bounds.

use crate::program::Gen;
use arbitrary::{Arbitrary, Result, Unstructured};
use std::fmt::Write;

/// A program of the host subset; `Debug` prints its text.
pub struct HostProgram(pub String);

impl std::fmt::Debug for HostProgram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Scalar variables the statements use (all declared first).
const VARS: [&str; 4] = ["i", "j", "n", "s"];

/// Binary operators of C++.
const OPS: [&str; 18] = [
    "+", "-", "*", "/", "%", "<", ">", "<=", ">=", "==", "!=", "&&", "||", "&", "|", "^", "<<",
    ">>",
];

struct HostGen<'g, 'u, 'a> {
    g: &'g mut Gen<'u, 'a>,
    out: String,
}

impl HostGen<'_, '_, '_> {
    fn scalar(&mut self, depth: usize) -> Result<String> {
        let g = &mut self.g;
        Ok(match g.u.int_in_range(0..=10)? {
            0 | 1 => VARS[g.u.choose_index(VARS.len())?].to_string(),
            10 if depth < 3 => {
                // the standard library's scalars, characters and sizeof
                let x = self.scalar(depth + 1)?;
                match self.g.u.int_in_range(0..=6)? {
                    0 => format!("std::max({x}, {})", self.scalar(depth + 1)?),
                    1 => format!("std::abs({x})"),
                    2 => format!("max({x}, {})", self.scalar(depth + 1)?),
                    3 => "rand() % 7".to_string(),
                    4 => format!("'{}'", char::from(b'a' + self.g.u.int_in_range(0..=25)?)),
                    5 => format!("sizeof({x})"),
                    _ => format!("(char)({x})"),
                }
            }
            2 => g.int()?,
            3 => format!("{}.5f", g.u.int_in_range(-3..=9)?),
            4 => format!("v[{}]", self.scalar(depth + 1)?),
            5 => format!(
                "t({}, {})",
                self.scalar(depth + 1)?,
                self.scalar(depth + 1)?
            ),
            6 if depth < 3 => format!("f({})", self.scalar(depth + 1)?),
            7 if depth < 3 => format!("sq({})", self.scalar(depth + 1)?),
            8 if depth < 3 => {
                let op = OPS[self.g.u.choose_index(OPS.len())?];
                format!(
                    "({} {op} {})",
                    self.scalar(depth + 1)?,
                    self.scalar(depth + 1)?
                )
            }
            9 if depth < 3 => format!(
                "({} ? {} : {})",
                self.scalar(depth + 1)?,
                self.scalar(depth + 1)?,
                self.scalar(depth + 1)?
            ),
            _ => format!("size({})", self.g.layout()?),
        })
    }

    fn stmt(&mut self, depth: usize) -> Result<()> {
        let k = self.g.u.int_in_range(0..=23)?;
        let var = VARS[self.g.u.choose_index(VARS.len())?];
        match k {
            0 => {
                let e = self.scalar(0)?;
                let _ = write!(self.out, "{var} = {e}; ");
            }
            1 => {
                let op = ["+=", "-=", "*=", "/=", "%=", "<<=", "|="][self.g.u.choose_index(7)?];
                let e = self.scalar(0)?;
                let _ = write!(self.out, "{var} {op} {e}; ");
            }
            2 => {
                let _ = write!(self.out, "{var}++; --{var}; ");
            }
            3 if depth < 3 => {
                let bound = self.scalar(0)?;
                let step = if self.g.chance(1, 4)? { "" } else { "++k" };
                let _ = write!(self.out, "for (int k = 0; k < {bound}; {step}) {{ ");
                self.block(depth + 1)?;
                self.out.push_str("} ");
            }
            4 if depth < 3 => {
                let c = self.scalar(0)?;
                let _ = write!(self.out, "while ({c}) {{ ");
                self.block(depth + 1)?;
                self.out.push_str("} ");
            }
            5 if depth < 3 => {
                let c = self.scalar(0)?;
                let _ = write!(self.out, "if ({c}) {{ ");
                self.block(depth + 1)?;
                self.out.push_str("} else ");
                self.stmt(depth + 1)?;
            }
            6 if depth < 3 => {
                self.out.push_str("do { ");
                self.block(depth + 1)?;
                let c = self.scalar(0)?;
                let _ = write!(self.out, "}} while ({c}); ");
            }
            7 => self
                .out
                .push_str(["break; ", "continue; ", "return 0; "][self.g.u.choose_index(3)?]),
            8 => {
                let (a, b, c) = (self.scalar(0)?, self.scalar(0)?, self.scalar(0)?);
                let _ = write!(self.out, "t({a}, {b}) = {c}; v[{a}] = {b}; ");
            }
            9 => {
                let e = self.scalar(0)?;
                let _ = write!(self.out, "printf(\"%d %g\\n\", int({e}), double({var})); ");
            }
            10 => {
                let e = self.g.expr(0)?;
                let _ = write!(self.out, "print({e}); ");
            }
            11 => {
                let m = ["shape()", "stride()", "layout()", "size()", "data()"]
                    [self.g.u.choose_index(5)?];
                let _ = write!(self.out, "print(t.{m}); print_tensor(t); ");
            }
            13 if depth < 3 => {
                // a range-based for, by value or by reference
                let (x, range) = [
                    ("float x", "v"),
                    ("auto& x", "v"),
                    ("int x", "{1, 2, 3}"),
                    ("auto& x", "a"),
                    ("const auto& x", "a"),
                ][self.g.u.choose_index(5)?];
                let _ = write!(self.out, "for ({x} : {range}) {{ ");
                self.block(depth + 1)?;
                self.out.push_str("} ");
            }
            14 => {
                // arguments whose order may show, and unsequenced operands
                let (a, b) = (self.scalar(0)?, self.scalar(0)?);
                let _ = write!(
                    self.out,
                    "printf(\"%d %d\\n\", int({a}), int({var}++)); {var} = {b} + {var}++; "
                );
            }
            15 => {
                // std::cout with its manipulators
                let m = [
                    "std::setw(4)",
                    "std::hex",
                    "std::dec",
                    "std::fixed",
                    "std::setprecision(3)",
                    "std::left",
                    "std::setfill('*')",
                    "std::scientific",
                ][self.g.u.choose_index(8)?];
                let e = self.scalar(0)?;
                let _ = write!(
                    self.out,
                    "std::cout << {m} << {e} << ' ' << {var} << std::endl; "
                );
            }
            16 => {
                let other = VARS[self.g.u.choose_index(VARS.len())?];
                let _ = write!(
                    self.out,
                    "std::swap({var}, {other}); std::swap(a[0], a[1]); srand({var}); "
                );
            }
            17 => {
                let e = self.scalar(0)?;
                let _ = write!(self.out, "static_assert({e} >= 0); assert({e} != 7); ");
            }
            18 if depth < 3 => {
                // a switch whose cases fall through, break and continue
                let e = self.scalar(0)?;
                let _ = write!(self.out, "switch ({e}) {{ case 0: ");
                self.block(depth + 1)?;
                self.out.push_str("break; case 'a': case 2: ");
                self.block(depth + 1)?;
                self.out.push_str("default: ");
                self.block(depth + 1)?;
                self.out.push_str("} ");
            }
            19 => {
                // CuTe's tensor algorithms with lambdas by value and by reference
                let e = self.scalar(0)?;
                let _ = write!(
                    self.out,
                    "transform(t, [&](float x) {{ return x * {e}; }}); \
                     for_each(t, [&](auto& x) {{ x += {var}; }}); \
                     for_each(t, [&](float x) {{ {var} += int(x); }}); "
                );
            }
            20 => {
                // a lazy::transform predicate, tiled, read and given to copy_if
                let (a, b) = (self.scalar(0)?, self.scalar(0)?);
                let _ = write!(
                    self.out,
                    "{{ auto P = cute::lazy::transform(make_identity_tensor(make_shape(3, 4)), \
                     [&](auto c) {{ return elem_less(c, make_shape({a}, {b})); }}); \
                     copy_if(P, t, t); print(P({a})); print(local_tile(P, make_shape(_2{{}}, _2{{}}), make_coord(1, {b}))); }} "
                );
            }
            21 => {
                // a counting iterator's tensor
                let (a, b) = (self.scalar(0)?, self.scalar(0)?);
                let _ = write!(
                    self.out,
                    "print_tensor(make_tensor(counting_iterator<int>({a}), make_shape(2, {b}))); "
                );
            }
            12 => {
                // arrays of arrays: elements, rows, sizes
                let (a, b) = (self.scalar(0)?, self.scalar(0)?);
                let _ = write!(
                    self.out,
                    "g[{a}][{b}] += {var}; {var} = g[1][{a}] + *(g[{b}] + 1) + int(sizeof(g[0])); \
                     std::cout << w[{a}][1] << g[0][{b}] << std::endl; "
                );
            }
            22 => {
                // std::boolalpha, a null pointer cast to a type, a lambda's reference parameter
                let e = self.scalar(0)?;
                let _ = write!(
                    self.out,
                    "std::cout << std::boolalpha << ({e} < {var}) << ' ' << {e} << std::noboolalpha << std::endl; \
                     print(make_tensor(make_gmem_ptr((float const*)nullptr), make_shape({var}, 2))); \
                     auto rf = [](int& r) {{ r += 1; }}; rf({var}); "
                );
            }
            23 => {
                // CUTLASS's 16-bit floats: conversions, arithmetic, elements
                let e = self.scalar(0)?;
                let _ = write!(
                    self.out,
                    "{{ half_t hh = half_t({e}); bfloat16_t bb = bfloat16_t({var}); hh = hh * half_t(0.5f) + hh; \
                     bb += bb; std::vector<half_t> hv(3); hv[1] = hh; hv[2] = {e}; \
                     std::cout << hh << ' ' << float(bb) << ' ' << hv[1] + hv[2] << std::endl; }} "
                );
            }
            _ => {
                let e = self.scalar(0)?;
                let _ = write!(
                    self.out,
                    "auto l = [&](int x) {{ {var} += x; return x; }}; l({e}); "
                );
            }
        }
        Ok(())
    }

    fn block(&mut self, depth: usize) -> Result<()> {
        let n = self.g.u.int_in_range(0..=3)?;
        for _ in 0..n {
            self.stmt(depth)?;
        }
        Ok(())
    }
}

impl<'a> Arbitrary<'a> for HostProgram {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let mut g = Gen::new(u);
        let mut h = HostGen {
            g: &mut g,
            out: String::new(),
        };
        h.out.push_str("int i = 0, j = 1, n = 4; float s = 0.5f;\n");
        h.out
            .push_str("std::vector<float> v(12); std::iota(v.begin(), v.end(), 0);\n");
        h.out
            .push_str("auto t = make_tensor(v.data(), make_shape(3, 4));\n");
        h.out
            .push_str("int a[3] = {3, 1, 2}; float* m = (float*)malloc(8 * sizeof(float));\n");
        h.out
            .push_str("int g[2][3] = {{1, 2, 3}, {4}}; char w[][2] = {'a', 'b', 'c'};\n");
        h.out
            .push_str("enum Mode { Ra, Rb = 3, Rc }; enum class K { X, Y }; Mode md = Rc;\n");
        h.out.push_str("int sq(int x) { return x * x; }\n");
        h.out
            .push_str("template <class T> T f(T x) { return x > 3 ? f(x - 2) : x; }\n");
        h.out.push_str("int main() { ");
        h.block(0)?;
        h.out.push_str("}\n");
        h.block(1)?;
        Ok(HostProgram(h.out))
    }
}
