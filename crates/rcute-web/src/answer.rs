//! The playground's answer to a program, as JSON:
//!
//! ```text
//! { "out": what the program printed (as `cute eval` prints it),
//!   "error": null | { "message", "offset" (byte), "index", "end" (UTF-16 units, for
//!             JavaScript strings), "line", "column" (0-based, UTF-16), "rendered" },
//!   "pictures": [ { "statement", "source", "kind": "layout" | "banks" | "mma" | "copy",
//!                   "title", "shape" (layouts), "table" (layouts), "svg", "note" } ] }
//! ```
//!
//! `out` and `error` come from [`rcute::expr::eval`], so the page prints exactly what the
//! CLI prints. Pictures come from the value of each shown statement: a rank-2 layout (or
//! swizzled layout) gets CuTe's `print_layout` table and rcute's SVG, a tiled MMA or an
//! MMA atom the A/B/C thread-value panels, a tiled copy the source/destination panels, and
//! `bank_conflicts(S, A)` the tile S colored by bank with A's conflicting cells outlined.

use crate::json::Object;
use rcute::expr::{self, EvalError, Value};

/// At most this many pictures per program (each shown statement is evaluated again, as
/// the prefix of the program that ends with it).
pub const MAX_PICTURES: usize = 8;

/// At most this many statements are looked at for pictures.
const MAX_PICTURE_STATEMENTS: usize = 32;

/// The JSON answer to `program`, its pictures included.
pub fn answer(program: &str) -> String {
    answer_with(program, true)
}

/// The JSON answer to `program` without pictures (`"pictures": []`): what the page shows
/// first, while the pictures are drawn.
pub fn answer_text(program: &str) -> String {
    answer_with(program, false)
}

fn answer_with(program: &str, with_pictures: bool) -> String {
    let mut out = String::with_capacity(256);
    let mut o = Object::new(&mut out);
    // what the statements before an error printed, then the error
    let (text, failure) = expr::eval_partial(program);
    o.str("out", &text);
    match failure {
        None => o.key("error").push_str("null"),
        Some(e) => error(o.key("error"), program, &e),
    }
    let buf = o.key("pictures");
    buf.push('[');
    let pics = if with_pictures {
        pictures(program)
    } else {
        Vec::new()
    };
    for (k, p) in pics.iter().enumerate() {
        if k > 0 {
            buf.push(',');
        }
        p.write(buf);
    }
    buf.push(']');
    o.end();
    out
}

/// UTF-16 length of `s`: JavaScript's string indices.
fn utf16(s: &str) -> i64 {
    s.encode_utf16().count() as i64
}

fn error(buf: &mut String, program: &str, e: &EvalError) {
    let start = floor_char(program, e.span.start);
    let end = floor_char(program, e.span.end).max(start);
    let line_start = program[..start].rfind('\n').map_or(0, |i| i + 1);
    let mut o = Object::new(buf);
    o.str("message", &e.message);
    o.int("offset", e.span.start as i64);
    o.int("index", utf16(&program[..start]));
    o.int("end", utf16(&program[..end]));
    o.int("line", program[..start].matches('\n').count() as i64);
    o.int("column", utf16(&program[line_start..start]));
    o.str("rendered", &e.render(program));
    o.end();
}

/// The largest char boundary of `s` at or below `i` (spans may point one past the end).
fn floor_char(s: &str, i: usize) -> usize {
    let mut i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// One picture of a shown statement.
struct Picture {
    statement: usize,
    source: String,
    kind: &'static str,
    title: String,
    shape: Option<String>,
    table: Option<String>,
    svg: Option<String>,
    note: Option<String>,
}

impl Picture {
    fn write(&self, buf: &mut String) {
        let mut o = Object::new(buf);
        o.int("statement", self.statement as i64);
        o.str("source", &self.source);
        o.str("kind", self.kind);
        o.str("title", &self.title);
        let fields = [
            ("shape", &self.shape),
            ("table", &self.table),
            ("svg", &self.svg),
            ("note", &self.note),
        ];
        for (key, value) in fields {
            if let Some(v) = value {
                o.str(key, v);
            }
        }
        o.end();
    }
}

/// The pictures of the program's shown statements, in order.
fn pictures(program: &str) -> Vec<Picture> {
    let mut found = Vec::new();
    for (k, stmt) in statements(program)
        .into_iter()
        .enumerate()
        .take(MAX_PICTURE_STATEMENTS)
    {
        if found.len() == MAX_PICTURES {
            break;
        }
        let text = program[stmt.0..stmt.1].trim();
        if is_binding(text) {
            continue;
        }
        // `print_layout(L)` prints its table; its picture is that of `L`
        let shown = text
            .strip_prefix("print_layout(")
            .and_then(|r| r.strip_suffix(')'))
            .unwrap_or(text);
        let before = &program[..stmt.0];
        if let Some(p) = banks_picture(k, text, before) {
            found.push(p);
            continue;
        }
        let prefix = format!("{before}{shown}");
        if let Ok(v) = expr::eval_value(&prefix)
            && let Some(p) = picture(k, text, &v)
        {
            found.push(p);
        }
    }
    found
}

/// The picture of a value, if it has one.
fn picture(statement: usize, source: &str, v: &Value) -> Option<Picture> {
    let mut p = Picture {
        statement,
        source: source.to_string(),
        kind: "layout",
        title: v.to_string(),
        shape: None,
        table: None,
        svg: None,
        note: None,
    };
    let drawn = match v {
        Value::Layout(l) => return layout_picture(p, l),
        Value::Composed(c) => return layout_picture(p, c),
        Value::TiledMma(m) => {
            p.kind = "mma";
            rcute::atom::svg_mma_panels(m)
        }
        Value::MmaAtom(a) => {
            p.kind = "mma";
            rcute::atom::TiledMma::try_new(
                **a,
                &rcute::Layout::parse("(_1,_1,_1):(_0,_0,_0)"),
                &rcute::Tiler::UNDERSCORE,
            )
            .and_then(|m| rcute::atom::svg_mma_panels(&m))
        }
        Value::TiledCopy(c) => {
            p.kind = "copy";
            rcute::atom::svg_copy_panels(c)
        }
        _ => return None,
    };
    match drawn {
        Ok(svg) => p.svg = Some(svg),
        Err(e) => p.note = Some(e.to_string()),
    }
    Some(p)
}

/// `bank_conflicts(S, A)`: the shared-memory tile S colored by bank, the cells that the
/// access A makes conflict outlined (as `cute banks --svg` draws it). `before` is the
/// program before the statement, which the two arguments may use.
fn banks_picture(statement: usize, source: &str, before: &str) -> Option<Picture> {
    use rcute::analysis::{self, Access, Memory, Side};
    use rcute::{MaybeSwizzled, print::svg_banks};
    let args = source.strip_prefix("bank_conflicts(")?.strip_suffix(')')?;
    let (smem, access) = split_top_comma(args)?;
    let value = |arg: &str| expr::eval_value(&format!("{before}{arg}")).ok();
    let m = match value(smem)? {
        Value::Layout(l) => MaybeSwizzled::Plain(l),
        Value::Composed(c) => MaybeSwizzled::Swizzled(c),
        _ => return None,
    };
    let a = match value(access)? {
        Value::Access(a) => *a,
        Value::TiledCopy(t) => Access::try_from_copy(&t, Side::of_shared(&t)).ok()?,
        _ => return None,
    };
    let report = analysis::bank_conflicts_in(&Memory::try_new(&m).ok()?, &a).ok()?;
    let marked = report.conflicting_offsets(a.elem_bits());
    let (svg, shape, title) = match &m {
        MaybeSwizzled::Plain(l) => (
            svg_banks(l, a.elem_bits(), &marked),
            l.shape(),
            l.to_string(),
        ),
        MaybeSwizzled::Swizzled(c) => (
            svg_banks(c, a.elem_bits(), &marked),
            c.shape(),
            c.to_string(),
        ),
    };
    let mut p = Picture {
        statement,
        source: source.to_string(),
        kind: "banks",
        title,
        shape: Some(shape.to_string()),
        table: None,
        svg: None,
        note: None,
    };
    match svg {
        Ok(svg) => p.svg = Some(svg),
        Err(e) => p.note = Some(e.to_string()),
    }
    Some(p)
}

/// `a, b` split at its one comma outside brackets.
fn split_top_comma(args: &str) -> Option<(&str, &str)> {
    let mut depth = 0i32;
    let mut at = None;
    for (i, b) in args.bytes().enumerate() {
        match b {
            b'(' | b'[' | b'{' | b'<' => depth += 1,
            b')' | b']' | b'}' | b'>' => depth -= 1,
            b',' if depth == 0 => {
                if at.is_some() {
                    return None;
                }
                at = Some(i);
            }
            _ => {}
        }
    }
    at.map(|i| (args[..i].trim(), args[i + 1..].trim()))
}

/// A rank-2 layout's table and SVG; other ranks have no picture.
fn layout_picture<L: rcute::Drawable>(mut p: Picture, l: &L) -> Option<Picture> {
    if l.rank() != 2 || l.has_basis_strides() {
        return None;
    }
    p.shape = Some(l.shape().to_string());
    match rcute::print_layout(l) {
        Ok(t) => p.table = Some(t.to_string()),
        Err(e) => p.note = Some(e.to_string()),
    }
    match rcute::print::svg_layout(l) {
        Ok(svg) => p.svg = Some(svg),
        Err(e) => p.note = Some(e.to_string()),
    }
    Some(p)
}

/// The byte ranges of the statements: the program split at `;` and newlines outside
/// brackets, `//` comments left out. (The evaluator's parser decides what the program
/// means; this split only finds where each shown value ends, for its picture.)
fn statements(program: &str) -> Vec<(usize, usize)> {
    let bytes = program.as_bytes();
    let mut out = Vec::new();
    let (mut depth, mut start, mut i) = (0i32, 0usize, 0usize);
    let push = |s: usize, e: usize, out: &mut Vec<(usize, usize)>| {
        if !program[s..e].trim().is_empty() {
            out.push((s, e));
        }
    };
    while i < bytes.len() {
        match bytes[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                push(start, i, &mut out);
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                start = i;
                continue;
            }
            b';' | b'\n' if depth <= 0 => {
                push(start, i, &mut out);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    push(start, bytes.len(), &mut out);
    out
}

/// `A = ...` or `auto A = ...`: an `=` outside brackets.
fn is_binding(stmt: &str) -> bool {
    let mut depth = 0i32;
    for b in stmt.bytes() {
        match b {
            b'(' | b'[' | b'{' | b'<' => depth += 1,
            b')' | b']' | b'}' | b'>' => depth -= 1,
            b'=' if depth == 0 => return true,
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_statements() {
        let p = "A = (4,8):(8,1); composition(A, (2,\n2)) // note; here\nA";
        let s: Vec<&str> = statements(p).iter().map(|&(a, b)| p[a..b].trim()).collect();
        assert_eq!(s, ["A = (4,8):(8,1)", "composition(A, (2,\n2))", "A"]);
        assert!(is_binding("auto L = make_layout(2)"));
        assert!(!is_binding("take<0,1>((1,2))"));
    }

    #[test]
    fn answers_values_pictures_and_errors() {
        let a = answer("A = (2,3):(3,1); A; size(A)");
        assert!(a.starts_with(r#"{"out":"(2,3):(3,1)\n6\n","error":null,"pictures":[{"statement":1,"source":"A","kind":"layout","title":"(2,3):(3,1)","shape":"(2,3)","table":"(2,3):(3,1)\n"#));
        assert_eq!(a.matches(r#"class=\"cell\""#).count(), 6);
        let e = answer("size(1); frob(1)");
        assert!(e.contains(r#""error":{"message":"unknown function frob","offset":9,"index":9,"end":13,"line":0,"column":9,"#));
        let b = answer(
            "C = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN)); bank_conflicts((_16,_64):(_64,_1), C)",
        );
        assert!(b.contains(r#""kind":"banks""#) && b.contains("data-conflict="));
        let m = answer("make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN)");
        assert!(m.contains(r#""kind":"mma""#) && m.contains("data-t="));
    }
}
