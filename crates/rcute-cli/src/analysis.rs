//! `cute banks`, `cute coalescing`, `cute swizzle-for` and `cute explain-kernel`: each argument
//! of the first three is a program whose last expression gives the layout or the access;
//! errors point into the argument that caused them.

use rcute::analysis::{self, Access, Side};
use rcute::{Error, MaybeSwizzled};
use rcute_lang::{self, EvalError, Span, Value};
use std::io::{self, Write};
use std::process::ExitCode;

/// An argument's value, or its error rendered under it.
fn eval(arg: &str) -> Result<Value, ExitCode> {
    rcute_lang::eval_value(arg).map_err(|e| super::report(arg, &e))
}

fn whole(arg: &str, e: Error) -> ExitCode {
    super::report(arg, &EvalError::from_core(e, Span::new(0, arg.len())))
}

/// A memory layout argument: a layout or a swizzled layout.
fn memory(arg: &str) -> Result<MaybeSwizzled, ExitCode> {
    match eval(arg)? {
        Value::Layout(l) => Ok(MaybeSwizzled::Plain(l)),
        Value::Composed(c) => Ok(MaybeSwizzled::Swizzled(c)),
        _ => Err(whole(
            arg,
            Error::WrongKind {
                msg: "expected a layout or a swizzled layout (the memory)",
            },
        )),
    }
}

/// A memory argument evaluated, every offset: too large a layout is its error.
fn evaluated(arg: &str, m: &MaybeSwizzled) -> Result<analysis::Memory, ExitCode> {
    analysis::Memory::try_new(m).map_err(|e| whole(arg, e))
}

/// An access argument: vector_access(...), matrix_access(...) or a tiled copy, whose side
/// in shared memory is `side`.
fn access(arg: &str, side: fn(&rcute::atom::TiledCopy) -> Side) -> Result<Access, ExitCode> {
    match eval(arg)? {
        Value::Access(a) => Ok(*a),
        Value::TiledCopy(t) => Access::try_from_copy(&t, side(&t)).map_err(|e| whole(arg, e)),
        _ => Err(whole(
            arg,
            Error::WrongKind {
                msg: "expected an access: vector_access(TV, T, bits), matrix_access(TV, n) or a tiled copy",
            },
        )),
    }
}

fn print(text: &str) -> ExitCode {
    let _ = io::stdout().write_all(text.as_bytes());
    ExitCode::SUCCESS
}

/// `cute banks SMEM ACCESS [--svg]`.
pub(crate) fn banks(smem: &str, acc: &str, svg: bool) -> ExitCode {
    let (m, a) = match (memory(smem), access(acc, Side::of_shared)) {
        (Ok(m), Ok(a)) => (m, a),
        (Err(c), _) | (_, Err(c)) => return c,
    };
    let mem = match evaluated(smem, &m) {
        Ok(mem) => mem,
        Err(c) => return c,
    };
    let r = match analysis::bank_conflicts_in(&mem, &a) {
        Ok(r) => r,
        Err(e) => return whole(acc, e),
    };
    if !svg {
        let mut text = r.to_string();
        if let Ok(lines) = analysis::remedies(&m, &a) {
            for line in lines {
                text.push_str(&line);
                text.push('\n');
            }
        }
        return print(&text);
    }
    let marked = r.conflicting_offsets(a.elem_bits());
    let picture = match &m {
        MaybeSwizzled::Plain(l) => rcute::print::svg_banks(l, a.elem_bits(), &marked),
        MaybeSwizzled::Swizzled(c) => rcute::print::svg_banks(c, a.elem_bits(), &marked),
    };
    match picture {
        Ok(s) => print(&s),
        Err(e) => whole(smem, e),
    }
}

/// `cute coalescing GMEM ACCESS`.
pub(crate) fn coalescing(gmem: &str, acc: &str) -> ExitCode {
    let (m, a) = match (memory(gmem), access(acc, |_| Side::Read)) {
        (Ok(m), Ok(a)) => (m, a),
        (Err(c), _) | (_, Err(c)) => return c,
    };
    let mem = match evaluated(gmem, &m) {
        Ok(mem) => mem,
        Err(c) => return c,
    };
    match analysis::coalescing_in(&mem, &a) {
        Ok(r) => print(&r.to_string()),
        Err(e) => whole(acc, e),
    }
}

/// `cute swizzle-for LAYOUT ACCESS...`.
pub(crate) fn swizzle_for(layout: &str, accs: &[String]) -> ExitCode {
    let l = match eval(layout) {
        Ok(Value::Layout(l)) => l,
        Ok(_) => {
            return whole(
                layout,
                Error::WrongKind {
                    msg: "expected a layout (the unswizzled shared-memory tile)",
                },
            );
        }
        Err(c) => return c,
    };
    let mem = match evaluated(layout, &MaybeSwizzled::Plain(l)) {
        Ok(mem) => mem,
        Err(c) => return c,
    };
    let mut all = Vec::new();
    for arg in accs {
        // an access the unswizzled tile cannot serve is that access's error
        match access(arg, Side::of_shared) {
            Ok(a) => match analysis::bank_conflicts_in(&mem, &a) {
                Ok(_) => all.push(a),
                Err(e) => return whole(arg, e),
            },
            Err(c) => return c,
        }
    }
    match analysis::swizzle_for(&l, &all) {
        Ok(r) => print(&r.to_string()),
        Err(e) => whole(layout, e),
    }
}

/// `cute explain-kernel`: the stages of rcute-cuda's profiled kernels and GEMM kinds
/// (`rcute_cuda::traffic::profiled_kernels`) at the sizes given, each kernel's table.
pub(crate) fn explain_kernel(
    copies: &[i64],
    gemms: &[i64],
    kinds: &[i64],
    sms: u32,
    only: Option<&str>,
) -> ExitCode {
    // sizes up to 2^20 an extent: sectors per launch stay far inside u64
    if let Some(bad) = copies
        .iter()
        .chain(gemms)
        .chain(kinds)
        .find(|&&x| !(1..=1 << 20).contains(&x))
    {
        eprintln!("error: explain-kernel: a size is 1 to 1048576, not {bad}");
        return ExitCode::FAILURE;
    }
    if !(1..=1024).contains(&sms) {
        eprintln!("error: explain-kernel: --sms is 1 to 1024, not {sms}");
        return ExitCode::FAILURE;
    }
    let mut copies: Vec<(i64, i64)> = copies.chunks(2).map(|c| (c[0], c[1])).collect();
    let mut gemms: Vec<(i64, i64, i64)> = gemms.chunks(3).map(|c| (c[0], c[1], c[2])).collect();
    let kinds: Vec<(i64, i64, i64)> = kinds.chunks(3).map(|c| (c[0], c[1], c[2])).collect();
    if copies.is_empty() && gemms.is_empty() && kinds.is_empty() {
        copies.push((4096, 4096));
        gemms.push((4096, 4096, 4096));
    }
    let predicted = || -> Result<Vec<_>, rcute_cuda::codegen::CodegenError> {
        let mut all = rcute_cuda::traffic::profiled_kernels(
            &copies,
            &gemms,
            rcute_cuda::gemm::Tiling::default(),
            sms,
        )?;
        for &(m, n, k) in &kinds {
            for (key, g) in rcute_cuda::traffic::profiled_gemm_kinds(m, n, k, sms)? {
                let t = g.traffic(&format!("gemm_{}", g.ty.ptx()))?;
                all.push((key, t));
            }
        }
        Ok(all)
    };
    let all = match predicted() {
        Ok(all) => all,
        Err(e) => {
            eprintln!("error: explain-kernel: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut out = String::new();
    for (key, t) in all
        .iter()
        .filter(|(k, _)| only.is_none_or(|o| k.starts_with(o)))
    {
        out.push_str(&format!("[{key}]\n{}\n", t.table()));
    }
    if out.is_empty() {
        eprintln!(
            "error: explain-kernel: no kernel named {}: the kernels are copy_f32, transpose_f32, copy_f16, transpose_f16, gemm_f16 mma.sync, gemm_f16 tuned, and with --kinds gemm_f16 wgmma, gemm_bf16 tuned, gemm_e4m3 tuned",
            only.unwrap_or_default()
        );
        return ExitCode::FAILURE;
    }
    print(&out)
}
