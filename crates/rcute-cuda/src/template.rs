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
