//! A golden case's expression as one function call: the name and the values of the
//! arguments, for the law checks.

use rcute::expr::{Value, eval_value};

/// `name(arg, ...)` or `name<targs>(arg, ...)` split at its top-level commas; `None` for
/// anything else (programs, applications).
pub fn split(expr: &str) -> Option<(&str, Vec<&str>)> {
    let expr = expr.trim();
    let open = expr.find('(')?;
    let name = &expr[..open];
    // an identifier, with template arguments (`upcast<2>`) or none
    let ident = name.split('<').next().unwrap_or("");
    if ident.is_empty()
        || !ident.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        || (ident.len() < name.len() && !name.ends_with('>'))
    {
        return None;
    }
    let inner = expr.strip_suffix(')')?.get(open + 1..)?;
    let (mut depth, mut start, mut args) = (0i32, 0, Vec::new());
    for (i, c) in inner.char_indices() {
        match c {
            '(' | '<' => depth += 1,
            ')' | '>' => depth -= 1,
            ',' if depth == 0 => {
                args.push(inner[start..i].trim());
                start = i + 1;
            }
            ';' | '=' => return None,
            _ => {}
        }
        if depth < 0 {
            return None;
        }
    }
    if depth != 0 {
        return None;
    }
    args.push(inner[start..].trim());
    Some((name, args))
}

/// The values of the arguments of a call, each evaluated on its own.
pub fn values(args: &[&str]) -> Option<Vec<Value>> {
    args.iter().map(|a| eval_value(a).ok()).collect()
}
