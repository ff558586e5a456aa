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
//! `out` and `error` come from [`rcute_lang::eval_partial`] (or [`rcute_lang::eval_shown`]
//! with the pictures), so the page prints exactly what the CLI prints. Pictures come from
//! the value of each shown statement, as the evaluator ran it: a rank-2 layout (or
//! swizzled layout) gets CuTe's `print_layout` table and rcute's SVG, a tiled MMA or an
//! MMA atom the A/B/C thread-value panels, a tiled copy the source/destination panels, and
//! `bank_conflicts(S, A)` the tile S colored by bank with A's conflicting cells outlined.

use crate::json::Object;
use rcute_lang::{self, EvalError, Shown, Value};

/// At most this many pictures per program.
pub const MAX_PICTURES: usize = 8;

/// The JSON answer to `program`, its pictures included.
pub fn answer(program: &str) -> String {
    answer_with(program, true, false)
}

/// The JSON answer to `program` without pictures (`"pictures": []`).
pub fn answer_text(program: &str) -> String {
    answer_with(program, false, false)
}

/// [`answer`] in the as-CuTe mode (`cute eval --as-cute`): where rcute refuses an answer
/// CuTe C++ gives, CuTe's answer after a `warning: ` line.
pub fn answer_as_cute(program: &str) -> String {
    answer_with(program, true, true)
}

fn answer_with(program: &str, with_pictures: bool, as_cute: bool) -> String {
    let mut out = String::with_capacity(256);
    let mut o = Object::new(&mut out);
    let options = rcute_lang::Options { as_cute };
    // what the statements before an error printed, then the error; with the pictures, the
    // value of each shown statement too
    let (text, shown, failure) = if with_pictures {
        rcute_lang::eval_shown_with(program, &options)
    } else {
        let (text, failure) = rcute_lang::eval_partial_with(program, &options);
        (text, Vec::new(), failure)
    };
    o.str("out", &text);
    match failure {
        None => o.key("error").push_str("null"),
        Some(e) => error(o.key("error"), program, &e),
    }
    let buf = o.key("pictures");
    buf.push('[');
    for (k, p) in pictures(program, &shown).iter().enumerate() {
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
    o.str("message", &for_the_page(&e.message));
    o.int("offset", e.span.start as i64);
    o.int("index", utf16(&program[..start]));
    o.int("end", utf16(&program[..end]));
    o.int("line", program[..start].matches('\n').count() as i64);
    o.int("column", utf16(&program[line_start..start]));
    o.str("rendered", &for_the_page(&e.render(program)));
    o.end();
}

/// A message as the page words it: the page has no `cute` command, but it lists the atom
/// catalog (its "Atoms" panel) that `cute atoms` prints.
fn for_the_page(message: &str) -> String {
    message.replace("`cute atoms` lists", "the page's Atoms list shows")
}

/// The functions of the language and the atom catalog, as JSON, for the page's lists:
/// `{"functions": [{"name", "doc"}], "mma": [...], "copy": [...]}` (what `cute functions`
/// and `cute atoms` print).
pub fn catalog() -> String {
    let mut out = String::with_capacity(64 * 1024);
    let mut o = Object::new(&mut out);
    let buf = o.key("functions");
    buf.push('[');
    for (k, f) in rcute_lang::FUNCTIONS.iter().enumerate() {
        if k > 0 {
            buf.push(',');
        }
        let mut e = Object::new(buf);
        e.str("name", f.name);
        e.str("doc", f.doc);
        e.end();
    }
    buf.push(']');
    let lists: [(&str, Vec<String>); 2] = [
        (
            "mma",
            rcute::atom::mma_families().map(|n| n.to_string()).collect(),
        ),
        (
            "copy",
            rcute::atom::copy_families()
                .map(|n| n.to_string())
                .collect(),
        ),
    ];
    for (key, names) in lists {
        let buf = o.key(key);
        buf.push('[');
        for (k, n) in names.iter().enumerate() {
            if k > 0 {
                buf.push(',');
            }
            crate::json::string(buf, n);
        }
        buf.push(']');
    }
    o.end();
    out
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
fn pictures(program: &str, shown: &[Shown]) -> Vec<Picture> {
    let mut found = Vec::new();
    for s in shown {
        if found.len() == MAX_PICTURES {
            break;
        }
        let source =
            program[floor_char(program, s.span.start)..floor_char(program, s.span.end)].trim();
        let p = match &s.call {
            // `print_layout(L)` prints its table; its picture is that of `L`
            // `print_layout(L)` prints its table, `print(L)` the value; their picture is
            // that of `L`
            Some((name, args))
                if (name == "print_layout" || name == "print") && args.len() == 1 =>
            {
                picture(s.statement, source, &args[0])
            }
            Some((name, args)) if name == "bank_conflicts" && args.len() == 2 => {
                banks_picture(s.statement, source, &args[0], &args[1])
            }
            _ => picture(s.statement, source, &s.value),
        };
        found.extend(p);
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
        // a layout waiting for an smem pointer is drawn over its elements (CuTe's
        // print_layout draws it so)
        Value::Composed(c) => {
            return match c.position_independent().ok()? {
                rcute::MaybeSwizzled::Plain(l) => layout_picture(p, &l),
                rcute::MaybeSwizzled::Swizzled(k) => layout_picture(p, &k),
            };
        }
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
/// access A makes conflict outlined (as `cute banks --svg` draws it).
fn banks_picture(statement: usize, source: &str, smem: &Value, access: &Value) -> Option<Picture> {
    use rcute::analysis::{self, Access, Memory, Side};
    use rcute::{MaybeSwizzled, print::svg_banks};
    let m = match smem {
        Value::Layout(l) => MaybeSwizzled::Plain(*l),
        Value::Composed(c) => MaybeSwizzled::Swizzled(*c),
        _ => return None,
    };
    let a = match access {
        Value::Access(a) => **a,
        Value::TiledCopy(t) => Access::try_from_copy(t, Side::of_shared(t)).ok()?,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_follow_the_evaluators_statements() {
        // a comment holding `;`, a statement over two lines, a binding: two pictures, of
        // the statements the evaluator showed
        let p = "A = (4,8):(8,1); composition(A, (2,\n2)) /* note; here */\nprint_layout(A)";
        let a = answer(p);
        assert_eq!(a.matches(r#""kind":"layout""#).count(), 2, "{a}");
        assert!(
            a.contains(r#""statement":1,"source":"composition(A, (2,\n2))""#),
            "{a}"
        );
        assert!(
            a.contains(
                r#""statement":2,"source":"print_layout(A)","kind":"layout","title":"(4,8):(8,1)""#
            ),
            "{a}"
        );
    }

    #[test]
    fn print_draws_as_cute_answers_and_the_catalog() {
        // print(x) of a drawable value: its picture, as for a bare expression
        let a = answer("auto L = make_layout(make_shape(4,8)); print(L);");
        assert!(a.contains(r#""source":"print(L)","kind":"layout""#), "{a}");
        assert_eq!(a.matches(r#"class=\"cell\""#).count(), 32);
        // the as-CuTe mode
        let p = "composition((_3,_16):(_48,_1), _4:_2)";
        assert!(answer(p).contains("CuTe C++ answers (_2,_2):(_96,_1), which breaks"));
        let c = answer_as_cute(p);
        assert!(
            c.starts_with(r#"{"out":"warning: composition: rcute refuses this call"#),
            "{c}"
        );
        assert!(c.contains(r#"\n(_2,_2):(_96,_1)\n","error":null"#), "{c}");
        // an error names the page's list, not a command
        let e = answer("make_tiled_mma(SM80_BOGUS)");
        assert!(
            e.contains("the page's Atoms list shows") && !e.contains("`cute "),
            "{e}"
        );
        let cat = catalog();
        assert!(
            cat.starts_with(r#"{"functions":[{"name":"#),
            "{}",
            &cat[..80]
        );
        assert!(
            cat.contains(r#""name":"logical_divide""#)
                && cat.contains(r#""SM80_16x8x16_F32F16F16F32_TN""#)
        );
    }

    /// The programs of the examples menu (`www/examples.js`): each `program:` is JavaScript
    /// string literals joined by `+`.
    fn example_programs() -> Vec<(String, String)> {
        let js = include_str!("../www/examples.js");
        let mut out = Vec::new();
        let mut title = String::new();
        let mut rest = js;
        loop {
            // the next field of the two, whichever comes first
            let (t, q) = (rest.find("title: \""), rest.find("program: "));
            let (i, at_title) = match (t, q) {
                (Some(a), Some(b)) if a < b => (a, true),
                (Some(a), None) => (a, true),
                (_, Some(b)) => (b, false),
                (None, None) => break,
            };
            let mut p = &rest[i + if at_title { 7 } else { 9 }..];
            let mut text = String::new();
            // string literals joined by `+`, up to the `,` that ends the field
            loop {
                p = p.trim_start();
                let Some(body) = p.strip_prefix('"') else {
                    break;
                };
                let mut chars = body.char_indices();
                let mut end = body.len();
                while let Some((k, c)) = chars.next() {
                    match c {
                        '\\' => {
                            if let Some((_, e)) = chars.next() {
                                text.push(e);
                            }
                        }
                        '"' => {
                            end = k + 1;
                            break;
                        }
                        c => text.push(c),
                    }
                }
                p = body[end..].trim_start();
                match p.strip_prefix('+') {
                    Some(q) => p = q,
                    None => break,
                }
            }
            if at_title {
                title = text;
            } else {
                out.push((title.clone(), text));
            }
            rest = p;
        }
        out
    }

    #[test]
    fn every_example_answers() {
        let examples = example_programs();
        assert!(examples.len() >= 13, "{}", examples.len());
        for (title, program) in &examples {
            let a = answer(program);
            // the examples of CuTe's wrong answers are refused (the toggle shows CuTe's)
            let refused = !a.contains(r#""error":null"#);
            assert_eq!(
                refused,
                title.starts_with("Where CuTe answers wrongly"),
                "{title}: {a}"
            );
            // every example but explain's draws something
            assert!(
                a.contains(r#""pictures":[{"#) || refused || title == "Explain",
                "{title}: no picture: {a}"
            );
        }
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
