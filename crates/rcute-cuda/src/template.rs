//! Kernel text with named holes: the CUDA lives in `.cu`/`.cuh` files under `src/cuda/`
//! (included with `include_str!`), and the code generator fills each hole `/*{{NAME}}*/`
//! with index code generated from layouts, or with a number of the plan.
//!
//! A file holds one template, or several sections: a line `//// section: NAME` starts
//! section `NAME`, which runs to the next such line (or the end of the file); its last
//! line break is not part of it. Lines before the first section are comments for the
//! reader.
//!
//! ```
//! use rcute_cuda::template::{fill, section};
//! let file = "// the copies\n//// section: load\nsmem[/*{{S}}*/] = src[/*{{G}}*/];\n";
//! let load = section(file, "load").unwrap();
//! assert_eq!(fill(load, &[("S", "s(t)"), ("G", "g(r, c)")]).unwrap(), "smem[s(t)] = src[g(r, c)];");
//! assert!(fill(load, &[("S", "s(t)")]).is_err()); // G has no value
//! assert!(fill(load, &[("S", "0"), ("G", "0"), ("X", "0")]).is_err()); // X has no hole
//! ```

use crate::codegen::CodegenError;

const OPEN: &str = "/*{{";
const CLOSE: &str = "}}*/";
const SECTION: &str = "//// section: ";

/// Section `name` of a template file.
///
/// # Errors
/// The file has no such section.
pub fn section<'a>(file: &'a str, name: &str) -> Result<&'a str, CodegenError> {
    let marker = format!("{SECTION}{name}\n");
    let start = file
        .match_indices(&marker)
        .find(|&(i, _)| i == 0 || file.as_bytes()[i - 1] == b'\n')
        .map(|(i, _)| i + marker.len())
        .ok_or_else(|| CodegenError::Template(format!("no section `{name}`")))?;
    let rest = &file[start..];
    let end = rest
        .find(&format!("\n{SECTION}"))
        .map_or(rest.len(), |i| i + 1);
    let text = &rest[..end];
    Ok(text.strip_suffix('\n').unwrap_or(text))
}

/// `template` with every hole `/*{{NAME}}*/` replaced by the value of `NAME` in `values`
/// (a hole may occur more than once).
///
/// # Errors
/// A hole without a value, a value without a hole, or a hole left open.
pub fn fill(template: &str, values: &[(&str, &str)]) -> Result<String, CodegenError> {
    let mut out = String::with_capacity(template.len() + 256);
    let mut used = vec![false; values.len()];
    let mut rest = template;
    while let Some(i) = rest.find(OPEN) {
        out.push_str(&rest[..i]);
        let after = &rest[i + OPEN.len()..];
        let j = after
            .find(CLOSE)
            .ok_or_else(|| CodegenError::Template("a hole is not closed".to_string()))?;
        let name = &after[..j];
        let k = values
            .iter()
            .position(|(n, _)| *n == name)
            .ok_or_else(|| CodegenError::Template(format!("the hole `{name}` has no value")))?;
        used[k] = true;
        out.push_str(values[k].1);
        rest = &after[j + CLOSE.len()..];
    }
    out.push_str(rest);
    match used.iter().position(|u| !u) {
        Some(k) => Err(CodegenError::Template(format!(
            "the value `{}` has no hole",
            values[k].0
        ))),
        None => Ok(out),
    }
}

#[cfg(test)]
mod tests {
    use super::{fill, section};

    const FILE: &str = "// comment\n//// section: a\nx = /*{{X}}*/ + /*{{X}}*/;\n//// section: a_b\n\n  y;\n\n//// section: c\nz\n";

    #[test]
    fn sections_run_to_the_next_marker_without_their_last_line_break() {
        assert_eq!(section(FILE, "a").unwrap(), "x = /*{{X}}*/ + /*{{X}}*/;");
        assert_eq!(section(FILE, "a_b").unwrap(), "\n  y;\n");
        assert_eq!(section(FILE, "c").unwrap(), "z");
        assert!(section(FILE, "b").is_err());
    }

    #[test]
    fn every_hole_and_every_value_is_used() {
        let a = section(FILE, "a").unwrap();
        assert_eq!(fill(a, &[("X", "1")]).unwrap(), "x = 1 + 1;");
        assert!(fill(a, &[]).is_err());
        assert!(fill(a, &[("X", "1"), ("Y", "2")]).is_err());
        assert!(fill("/*{{X", &[("X", "1")]).is_err());
        assert_eq!(fill("no holes", &[]).unwrap(), "no holes");
    }
}
