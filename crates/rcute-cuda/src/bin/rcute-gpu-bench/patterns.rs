//! `--patterns`: launches every access pattern of `rcute_cuda::patterns` once, one warp
//! each, so that a profiler run (`ncu --metrics ...`) counts each kernel's shared-memory
//! wavefronts and global sectors; prints each pattern's kernel, instruction and
//! prediction.

use super::{Gpu, Res};
use cudarc::driver::{LaunchConfig, PushKernelArg};
use cudarc::nvrtc::{CompileOptions, compile_ptx_with_opts};
use rcute_cuda::patterns::{self, Pattern};

pub(crate) fn run(gpu: &Gpu) -> Res<()> {
    let all = patterns::patterns()?;
    let source: String = all
        .iter()
        .enumerate()
        .map(|(i, p)| patterns::source(p, i))
        .collect();
    let ptx = compile_ptx_with_opts(
        &source,
        CompileOptions {
            arch: Some("sm_90a"),
            ..Default::default()
        },
    )?;
    let module = gpu.ctx.load_module(ptx)?;
    let bytes = all.iter().map(patterns::extent).max().unwrap_or(16) as usize;
    let g = gpu.stream.memcpy_stod(&vec![1u8; bytes])?;
    let mut out = gpu.stream.alloc_zeros::<u32>(32)?;
    println!(
        "{:<18} {:<14} {:>9}  pattern",
        "kernel", "instruction", "predicted"
    );
    for (i, p) in all.iter().enumerate() {
        let name = Pattern::kernel_name(i);
        let f = module.load_function(&name)?;
        let mut b = gpu.stream.launch_builder(&f);
        b.arg(&mut out);
        b.arg(&g);
        let cfg = LaunchConfig {
            grid_dim: (1, 1, 1),
            block_dim: (32, 1, 1),
            shared_mem_bytes: 0,
        };
        // SAFETY: the kernel takes (unsigned* out, const unsigned char* g): `out` holds 32
        // words, one per lane, and every global address of the pattern is below
        // `extent(p)`, which `g`'s length bounds.
        unsafe { b.launch(cfg) }?;
        gpu.stream.synchronize()?;
        println!(
            "{name:<18} {:<14} {:>9}  {}",
            format!("{:?}", p.op),
            p.predicted,
            p.name
        );
    }
    Ok(())
}
