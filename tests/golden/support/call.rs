//! A golden case's expression as one function call: the name and the values of the
//! arguments, for the law checks.

use rcute_lang::{Value, eval_value};

/// `name(arg, ...)` or `name<targs>(arg, ...)` split at its top-level commas; `None` for
/// anything else (programs, applications).
#[allow(dead_code)]
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

/// A pasted C++ snippet whose last statement prints a call, `...; print(name(arg, ...));`,
/// split as [`split_program`] splits `...; name(arg, ...)`.
#[allow(dead_code)]
pub fn split_printed_program(expr: &str) -> Option<(&str, String, Vec<String>)> {
    let expr = expr.trim().strip_suffix(");")?;
    let k = expr.rfind("print(")?;
    if !expr[..k].trim_end().ends_with(';') {
        return None;
    }
    let prefix = expr[..k].trim_end().strip_suffix(';')?;
    let (name, args) = split(&expr[k + "print(".len()..])?;
    Some((
        prefix,
        name.into(),
        args.iter().map(|a| a.to_string()).collect(),
    ))
}

/// A program whose last statement is a call, `A = ...; B = ...; name(arg, ...)`: the
/// statements before it (empty for a lone call), the name and the arguments. The
/// application of a name the statements bind, `A(c)`, is the call `apply(A, (c))`.
#[allow(dead_code)]
pub fn split_program(expr: &str) -> Option<(&str, String, Vec<String>)> {
    let (prefix, last) = match expr.rfind(';') {
        Some(k) => (&expr[..k], expr[k + 1..].trim()),
        None => ("", expr.trim()),
    };
    let (name, args) = split(last)?;
    let bound = prefix
        .split(';')
        .any(|st| st.split_once('=').is_some_and(|(v, _)| v.trim() == name));
    if bound {
        let coord = match args.as_slice() {
            [one] => one.to_string(),
            _ => format!("({})", args.join(",")),
        };
        return Some((prefix, "apply".into(), vec![name.into(), coord]));
    }
    Some((
        prefix,
        name.into(),
        args.iter().map(|a| a.to_string()).collect(),
    ))
}

/// The values of the arguments of a call after the statements `prefix`, each evaluated on
/// its own.
#[allow(dead_code)]
pub fn values_after(prefix: &str, args: &[String]) -> Option<Vec<Value>> {
    args.iter()
        .map(|a| {
            let program = if prefix.is_empty() {
                a.clone()
            } else {
                format!("{prefix}; {a}")
            };
            eval_value(&program).ok()
        })
        .collect()
}

/// A value as CuTe prints it: the notation, or its parts and offsets joined by ` o `
/// (a swizzled layout `Sw<B,M,S> o O o L`, a chain `Sw<..> o O o Sw<..> o O' o L` or
/// `L o O o Sw<..>`).
#[allow(dead_code)]
pub fn printed_value(text: &str) -> Option<Value> {
    let text = text.trim();
    let parts: Vec<&str> = text.split(" o ").collect();
    if parts.len() == 1 {
        return eval_value(text).ok();
    }
    if parts.len().is_multiple_of(2) {
        return None;
    }
    let (mut ps, mut os) = (Vec::new(), Vec::new());
    for (k, p) in parts.iter().enumerate() {
        if k % 2 == 1 {
            if let Some(mixed) = p.strip_prefix("M_") {
                // CuTe's MixedBits offset, `M_S|(D&F)=V`: as a function, its value V
                let (_, v) = mixed.rsplit_once(")=")?;
                os.push(rcute::Int::dynamic(v.trim().parse().ok()?));
                continue;
            }
            os.push(rcute::IntTuple::try_parse(p).ok()?.as_int()?);
        } else if let Some(sw) = p.strip_prefix("Sw<") {
            let f: Vec<i64> = sw
                .strip_suffix('>')?
                .split(',')
                .map(|x| x.trim().parse().ok())
                .collect::<Option<_>>()?;
            let &[b, m, s] = f.as_slice() else {
                return None;
            };
            ps.push(rcute::ChainPart::Swizzle(
                rcute::Swizzle::try_new(b, m, s).ok()?,
            ));
        } else {
            ps.push(rcute::ChainPart::Layout(rcute::Layout::try_parse(p).ok()?));
        }
    }
    rcute::ComposedChain::try_new(&ps, &os)
        .ok()
        .map(Value::from)
}
