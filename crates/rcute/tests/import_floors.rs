//! The house of `crates/rcute/src` has floors and no circles: reads every `crate::` and
//! `super::` path of the source (use declarations and paths in code), resolves each to the
//! file that defines the item (following `pub use` re-exports, `lib.rs`'s included), and
//! fails on
//!
//! - an arrow up: a module importing from a module on a higher floor ([`FLOORS`]), or
//!   from another module of its own floor;
//! - a circle between files: files that import from one another, directly or round a
//!   loop. A file and the `mod.rs` (or `lib.rs`) above it are one room and may use each
//!   other's items (the module declares and re-exports its files; they use the types it
//!   defines).
//!
//! Macro invocations (`layout!`, `tri!`) are not paths and are not counted; the macros
//! expand to `$crate::` paths at the caller.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The floors, lowest first: a module may import from its own files and from the floors
/// below it. `error` is the ground every floor stands on; `notation` (the parser of CuTe's
/// notation, on integers and tuples) sits below `layout`, whose `Layout::parse` it serves;
/// `strategies` (the proptest strategies, for tests) needs layouts and tilers.
const FLOORS: &[&[&str]] = &[
    &["error"],
    &["int"],
    &["tuple"],
    &["notation"],
    &["layout"],
    &["algebra"],
    &["strategies"],
    &["swizzle"],
    &["tensor", "typed", "print"],
    &["atom"],
    &["analysis", "law"],
];

/// A module: its path from the crate root (`["algebra", "carry"]`), empty for `lib.rs`.
type Module = Vec<String>;

struct File {
    module: Module,
    path: PathBuf,
    code: String,
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module a file holds: `a/b.rs` and `a/b/mod.rs` are `a::b`, `lib.rs` the root.
fn module_of(rel: &Path) -> Module {
    let mut m: Module = rel
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    let last = m.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && !(m.is_empty() && stem == "lib") {
        m.push(stem.to_string());
    }
    m
}

/// The source without comments, string and character literals (their text is blanked).
fn code_of(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
            let end = text[i + 2..].find("*/").map_or(b.len(), |k| i + 2 + k + 2);
            i = end;
        } else if b[i] == b'r'
            && (b.get(i + 1) == Some(&b'#') || b.get(i + 1) == Some(&b'"'))
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
        {
            // a raw string r"..." or r#"..."#
            let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
            if b.get(i + 1 + hashes) != Some(&b'"') {
                out.push('r');
                i += 1;
                continue;
            }
            let close = format!("\"{}", "#".repeat(hashes));
            let start = i + 2 + hashes;
            i = text[start..]
                .find(&close)
                .map_or(b.len(), |k| start + k + close.len());
            out.push_str("\"\"");
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if b[i] == b'\'' && (b.get(i + 2) == Some(&b'\'') || (b.get(i + 1) == Some(&b'\\')))
        {
            // a character literal ('a', '\n', '\''), not a lifetime
            i += 2;
            while i < b.len() && b[i] != b'\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            let ch = text[i..].chars().next().unwrap();
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

/// The tokens of a path from `s` (after `crate::` or `super::`): identifiers, `::`, `{`,
/// `}`, `,` and `*`, up to the first other character outside braces.
fn path_tokens(s: &str) -> Vec<String> {
    let mut toks = Vec::new();
    let mut depth = 0i32;
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_alphanumeric() || c == b'_' {
            let st = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            toks.push(s[st..i].to_string());
            continue;
        }
        if s[i..].starts_with("::") {
            toks.push("::".into());
            i += 2;
            continue;
        }
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth < 0 {
                    break;
                }
            }
            b',' | b'*' if depth > 0 => {}
            b' ' | b'\n' | b'\t' | b'\r' if depth > 0 => {
                i += 1;
                continue;
            }
            _ if depth > 0 => {
                // `as name` and other tokens inside a group: skip to the next `,` or `}`
                i += 1;
                continue;
            }
            _ => break,
        }
        toks.push((c as char).to_string());
        i += 1;
        if depth == 0 && c == b'}' {
            break;
        }
    }
    toks
}

/// The paths of a token list: `a::{b, c::d}` is `a::b` and `a::c::d`.
fn expand(toks: &[String]) -> Vec<Vec<String>> {
    fn group(toks: &[String], i: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let mut cur: Vec<String> = prefix.to_vec();
        while *i < toks.len() {
            let t = toks[*i].as_str();
            *i += 1;
            match t {
                "::" => {}
                "{" => {
                    loop {
                        group(toks, i, &cur, out);
                        if *i >= toks.len() {
                            return;
                        }
                        let sep = toks[*i].clone();
                        *i += 1;
                        if sep == "}" {
                            break;
                        }
                    }
                    return;
                }
                "," | "}" => {
                    *i -= 1;
                    out.push(cur);
                    return;
                }
                "*" => {}
                "as" => {
                    *i += 1;
                }
                _ => cur.push(t.to_string()),
            }
        }
        out.push(cur);
    }
    let mut out = Vec::new();
    let mut i = 0;
    group(toks, &mut i, &[], &mut out);
    out.retain(|p| !p.is_empty() && p.iter().all(|s| s != "self" || p.len() == 1));
    out
}

/// Every path a file names: (`crate::`-relative path) for `crate::...`, and `super::`
/// paths resolved against the file's module.
fn paths_of(f: &File) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let code = &f.code;
    for (at, _) in code.match_indices("crate::") {
        if at > 0 {
            let prev = code.as_bytes()[at - 1];
            if prev == b'$' || prev.is_ascii_alphanumeric() || prev == b'_' {
                continue;
            }
        }
        out.extend(expand(&path_tokens(&code[at + "crate::".len()..])));
    }
    for (at, _) in code.match_indices("super::") {
        if at > 0 {
            let prev = code.as_bytes()[at - 1];
            if prev == b':' || prev.is_ascii_alphanumeric() || prev == b'_' {
                continue;
            }
        }
        let mut rest = &code[at..];
        let mut base = f.module.clone();
        while let Some(r) = rest.strip_prefix("super::") {
            base.pop();
            rest = r;
        }
        for p in expand(&path_tokens(rest)) {
            let mut full = base.clone();
            full.extend(p);
            out.push(full);
        }
    }
    out
}

struct House {
    files: BTreeMap<Module, File>,
    /// Per module, the names it re-exports (`pub use a::b::C;`) and the path they stand
    /// for (from the crate root).
    reexports: BTreeMap<Module, BTreeMap<String, Vec<String>>>,
}

impl House {
    fn read() -> House {
        let root = src();
        let mut paths = Vec::new();
        walk(&root, &mut paths);
        let mut files = BTreeMap::new();
        for p in paths {
            let module = module_of(p.strip_prefix(&root).unwrap());
            let code = code_of(&fs::read_to_string(&p).unwrap());
            files.insert(
                module.clone(),
                File {
                    module,
                    path: p,
                    code,
                },
            );
        }
        let mut reexports = BTreeMap::new();
        for (m, f) in &files {
            let mut names = BTreeMap::new();
            for (at, _) in f.code.match_indices("use ") {
                let before = f.code[..at].trim_end();
                if !(before.ends_with("pub") || before.ends_with(')')) {
                    continue;
                }
                if before.ends_with(')')
                    && !before.ends_with("pub(crate)")
                    && !before.ends_with("pub(super)")
                {
                    continue;
                }
                let rest = &f.code[at + 4..];
                let (base, rest) = if let Some(r) = rest.strip_prefix("crate::") {
                    (Vec::new(), r)
                } else if let Some(r) = rest.strip_prefix("self::") {
                    (m.clone(), r)
                } else if rest.starts_with("super::") {
                    let mut b = m.clone();
                    let mut r = rest;
                    while let Some(x) = r.strip_prefix("super::") {
                        b.pop();
                        r = x;
                    }
                    (b, r)
                } else {
                    (m.clone(), rest)
                };
                for p in expand(&path_tokens(rest)) {
                    let mut full = base.clone();
                    full.extend(p.iter().cloned());
                    names.insert(p.last().unwrap().clone(), full);
                }
            }
            reexports.insert(m.clone(), names);
        }
        House { files, reexports }
    }

    /// The module of the file that defines the item `path` names.
    fn resolve(&self, path: &[String], depth: usize) -> Module {
        let mut m: Module = Vec::new();
        for (k, seg) in path.iter().enumerate() {
            let mut child = m.clone();
            child.push(seg.clone());
            if self.files.contains_key(&child) {
                m = child;
                continue;
            }
            if depth < 8
                && let Some(target) = self.reexports.get(&m).and_then(|r| r.get(seg))
                && target.as_slice() != &path[..=k]
            {
                return self.resolve(target, depth + 1);
            }
            break;
        }
        m
    }
}

fn floor(m: &Module) -> Option<usize> {
    let top = m.first()?;
    FLOORS.iter().position(|f| f.contains(&top.as_str()))
}

fn is_ancestor(a: &Module, b: &Module) -> bool {
    a.len() <= b.len() && b[..a.len()] == a[..]
}

fn show(m: &Module) -> String {
    if m.is_empty() {
        "lib.rs".into()
    } else {
        m.join("::")
    }
}

/// The file-level import graph: for each file, the files it imports from (a file and its
/// ancestors are one room and left out), with one path naming each arrow.
fn graph(h: &House) -> BTreeMap<Module, BTreeMap<Module, String>> {
    let mut g: BTreeMap<Module, BTreeMap<Module, String>> = BTreeMap::new();
    for (m, f) in &h.files {
        let arrows = g.entry(m.clone()).or_default();
        for p in paths_of(f) {
            let to = h.resolve(&p, 0);
            if is_ancestor(&to, m) || is_ancestor(m, &to) {
                continue;
            }
            arrows.entry(to).or_insert_with(|| p.join("::"));
        }
    }
    g
}

#[test]
fn every_top_module_has_a_floor() {
    let h = House::read();
    let tops: BTreeSet<String> = h.files.keys().filter_map(|m| m.first().cloned()).collect();
    assert!(
        tops.len() >= 14,
        "found only {} top modules: {tops:?}",
        tops.len()
    );
    let missing: Vec<&String> = tops
        .iter()
        .filter(|t| floor(&vec![(*t).clone()]).is_none())
        .collect();
    assert!(
        missing.is_empty(),
        "modules with no floor in FLOORS: {missing:?}"
    );
    let named: BTreeSet<&str> = FLOORS.iter().flat_map(|f| f.iter().copied()).collect();
    let gone: Vec<&&str> = named.iter().filter(|n| !tops.contains(**n)).collect();
    assert!(
        gone.is_empty(),
        "FLOORS names modules that do not exist: {gone:?}"
    );
}

#[test]
fn the_parser_finds_the_imports() {
    // the reader itself: known arrows of the tree must be found, or the other tests
    // would pass on a graph with no arrows
    let h = House::read();
    let g = graph(&h);
    let arrows: usize = g.values().map(|a| a.len()).sum();
    assert!(arrows > 200, "only {arrows} arrows found");
    let has = |from: &str, to: &str| {
        let f: Module = from.split("::").map(String::from).collect();
        let t: Module = to.split("::").map(String::from).collect();
        g.get(&f).is_some_and(|a| a.contains_key(&t))
    };
    // `use crate::algebra::tiler::{PairWalk, Tiler, ...}`
    assert!(has("algebra::composition", "algebra::tiler"));
    // `use super::modes::Flat` (a `super::` path)
    assert!(has("algebra::carry", "algebra::modes"));
    // `use crate::algebra::Tiler` in a test module: through algebra's `pub use tiler::...`
    assert!(has("tensor::algorithms", "algebra::tiler"));
    // `crate::Tensor` in code: through lib.rs's `pub use tensor::{...}`
    assert!(has("atom::tiled_copy", "tensor"));
    assert_eq!(
        h.resolve(&["Tiler".into()], 0),
        vec!["algebra".to_string(), "tiler".into()]
    );
}

#[test]
fn no_arrow_runs_up() {
    let h = House::read();
    let g = graph(&h);
    let mut up = Vec::new();
    let mut checked = 0;
    for (from, arrows) in &g {
        let Some(ff) = floor(from) else { continue };
        for (to, path) in arrows {
            let Some(ft) = floor(to) else { continue };
            if from[0] == to[0] {
                continue;
            }
            checked += 1;
            if ft >= ff {
                up.push(format!(
                    "{} (floor {ff}) imports {path} from {} (floor {ft}) [{}]",
                    show(from),
                    show(to),
                    h.files[from].path.display()
                ));
            }
        }
    }
    assert!(
        checked > 100,
        "only {checked} arrows between modules checked"
    );
    assert!(up.is_empty(), "arrows up the floors:\n{}", up.join("\n"));
}

#[test]
fn no_circle() {
    let h = House::read();
    let g = graph(&h);
    // Tarjan's strongly connected components over the files
    struct T<'a> {
        g: &'a BTreeMap<Module, BTreeMap<Module, String>>,
        index: BTreeMap<Module, usize>,
        low: BTreeMap<Module, usize>,
        stack: Vec<Module>,
        on: BTreeSet<Module>,
        next: usize,
        out: Vec<Vec<Module>>,
    }
    fn visit(t: &mut T, v: &Module) {
        t.index.insert(v.clone(), t.next);
        t.low.insert(v.clone(), t.next);
        t.next += 1;
        t.stack.push(v.clone());
        t.on.insert(v.clone());
        let g = t.g;
        for w in g
            .get(v)
            .map(|a| a.keys().collect::<Vec<_>>())
            .unwrap_or_default()
        {
            if !t.index.contains_key(w) {
                visit(t, w);
                let l = t.low[v].min(t.low[w]);
                t.low.insert(v.clone(), l);
            } else if t.on.contains(w) {
                let l = t.low[v].min(t.index[w]);
                t.low.insert(v.clone(), l);
            }
        }
        if t.low[v] == t.index[v] {
            let mut c = Vec::new();
            loop {
                let w = t.stack.pop().unwrap();
                t.on.remove(&w);
                let done = &w == v;
                c.push(w);
                if done {
                    break;
                }
            }
            if c.len() > 1 {
                t.out.push(c);
            }
        }
    }
    let mut t = T {
        g: &g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in g.keys() {
        if !t.index.contains_key(v) {
            visit(&mut t, v);
        }
    }
    assert_eq!(
        t.next,
        h.files.len() + g.keys().filter(|k| !h.files.contains_key(*k)).count()
    );
    let circles: Vec<String> = t
        .out
        .iter()
        .map(|c| {
            let set: BTreeSet<&Module> = c.iter().collect();
            let arrows: Vec<String> = c
                .iter()
                .flat_map(|a| {
                    g[a].iter()
                        .filter(|(b, _)| set.contains(b))
                        .map(move |(b, p)| format!("  {} -> {} ({p})", show(a), show(b)))
                })
                .collect();
            arrows.join("\n")
        })
        .collect();
    assert!(
        circles.is_empty(),
        "import circles:\n{}",
        circles.join("\n\n")
    );
}
