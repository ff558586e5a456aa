//! `cute`: CuTe's layout algebra as a calculator.
//!
//! ```text
//! cute eval '(4,(2,2)):(2,(1,8))'          print a value as CuTe prints it
//! cute eval 'A = (2,3):(1,2); A(1,2)'      programs: statements separated by ; or new lines
//! cute eval 'auto L = make_layout(Int<8>{}); print(L);'   CuTe's C++ spellings, pasted
//! cute eval --batch cases.txt               one program per line -> JSON lines
//! cute eval --as-cute 'composition((_3,_16):(_48,_1), _4:_2)'   CuTe's answer where rcute refuses
//! cute show '(4,8):(8,1)'                   CuTe's print_layout table (of a program's last value)
//! cute explain 'logical_divide((4,2,3):(2,1,8), 4:2)'   the steps of an algebra call
//! cute tma '(4096,1024):(1024,_1)' 'tile_to_shape(composition(Swizzle<3,3,3>, _0, (_8,_64):(_64,_1)), (_128,_64))' half_t
//!                                           the TMA descriptor that moves a tile
//! cute banks SMEM ACCESS [--svg]           shared-memory bank conflicts of an access
//! cute coalescing GMEM ACCESS               sectors, lines and vector width of an access
//! cute swizzle-for LAYOUT ACCESS...         the cheapest conflict-free swizzle
//! cute functions                            the functions the language knows
//! ```

mod analysis;

use clap::{Parser, Subcommand};
use rcute_lang::{self, EvalError};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "cute",
    version,
    about = "CuTe's layout algebra as a calculator, in CuTe's notation"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate a program and print what it prints.
    Eval {
        /// The program, e.g. 'A = (4,(2,2)):(2,(1,8)); A(2,(1,0))'. Statements are
        /// separated by ';' or new lines; CuTe's C++ spellings work ('auto L =
        /// make_layout(Int<8>{}); print(L);'). The output of the statements before an error
        /// is printed, then the error.
        #[arg(
            required_unless_present = "batch",
            conflicts_with = "batch",
            allow_hyphen_values = true
        )]
        program: Option<String>,
        /// Read one program per line from FILE ('-' for stdin) and write one JSON object
        /// per line: {"expr": ..., "out": ...}, and for a program that fails
        /// "error": {"message": ..., "offset": BYTE}, with "out" holding what the
        /// statements before the error printed followed by 'error: MESSAGE'. Blank lines
        /// and lines starting with '#' are skipped.
        #[arg(long, value_name = "FILE")]
        batch: Option<String>,
        /// Where rcute refuses an answer CuTe C++ gives (CuTe's weaker checks: the
        /// documented deviations), print CuTe's answer, after a line 'warning: ...' that
        /// says what rcute refused and where CuTe's answer breaks the operation's law.
        #[arg(long)]
        as_cute: bool,
        /// Run the program as one thread of a kernel: threadIdx is X, X,Y or X,Y,Z.
        #[arg(long, value_name = "X[,Y[,Z]]", conflicts_with = "batch")]
        thread: Option<String>,
        /// blockIdx of that thread, X, X,Y or X,Y,Z (default 0).
        #[arg(long, value_name = "X[,Y[,Z]]", conflicts_with = "batch")]
        block: Option<String>,
        /// blockDim: X, X,Y or X,Y,Z (unset: a program reading it is refused).
        #[arg(long = "block-dim", value_name = "X[,Y[,Z]]", conflicts_with = "batch")]
        block_dim: Option<String>,
        /// gridDim: X, X,Y or X,Y,Z (unset: a program reading it is refused).
        #[arg(long = "grid-dim", value_name = "X[,Y[,Z]]", conflicts_with = "batch")]
        grid_dim: Option<String>,
    },
    /// Print CuTe's print_layout table of a rank-2 layout.
    Show {
        /// A layout, or a program whose last expression gives one, e.g.
        /// 'make_layout((4,8))' or 'A = (2,3):(3,1); A'.
        #[arg(allow_hyphen_values = true)]
        #[arg(allow_hyphen_values = true)]
        layout: String,
    },
    /// Print CuTe's print_latex TikZ document of a layout of rank 2 or less.
    Latex {
        /// A layout, or a program whose last expression gives one.
        #[arg(allow_hyphen_values = true)]
        #[arg(allow_hyphen_values = true)]
        layout: String,
    },
    /// Draw a rank-2 layout as SVG (one cell per coordinate, labelled with its offset),
    /// with --tv a thread-value layout over its data shape, with --mma a tiled MMA (A left,
    /// B above, C in the middle), with --copy a tiled copy (source and destination).
    Svg {
        /// A layout, or a program whose last expression gives one; with --tv, the
        /// thread-value layout (thread, value) -> offset.
        #[arg(allow_hyphen_values = true)]
        #[arg(allow_hyphen_values = true)]
        layout: String,
        /// The data shape the thread-value layout covers, e.g. '(_8,_8)'.
        shape: Option<String>,
        /// Draw a thread-value layout over the data shape: cells read `T<t>V<v>`.
        #[arg(long, conflicts_with_all = ["mma", "copy"])]
        tv: bool,
        /// Draw a tiled MMA (or an MMA atom): its A, B and C tiles by thread and value.
        #[arg(long, conflicts_with = "copy")]
        mma: bool,
        /// Draw a tiled copy: its source and destination tiles by thread and value.
        #[arg(long)]
        copy: bool,
    },
    /// Print the steps of one call of the algebra (coalesce, composition, complement,
    /// right_inverse, left_inverse, the divides, the products), each intermediate layout
    /// in CuTe notation; where a pre-condition fails, the step and the values.
    Explain {
        /// A program whose last statement is the call to explain; the statements before it
        /// are evaluated, e.g. 'A = (4,2,3):(2,1,8); logical_divide(A, 4:2)'.
        #[arg(allow_hyphen_values = true)]
        program: String,
    },
    /// Print the TMA copy of a shared-memory tile from a global tensor: the
    /// cuTensorMapEncodeTiled arguments, the instructions and the alignments, proved by
    /// enumeration; or why one tensor map cannot move it (tma_copy(GLOBAL, SMEM, TYPE)).
    Tma {
        /// The whole global tensor, flat modes with one of stride 1, e.g. '(4096,1024):(1024,_1)'.
        #[arg(allow_hyphen_values = true)]
        global: String,
        /// The shared-memory tile, one mode per mode of GLOBAL, swizzled or not, e.g.
        /// 'tile_to_shape(composition(Swizzle<3,3,3>, _0, (_8,_64):(_64,_1)), (_128,_64))'.
        #[arg(allow_hyphen_values = true)]
        smem: String,
        /// The element type (half_t, bfloat16_t, float, uint8_t, ...) or its bits.
        #[arg(allow_hyphen_values = true)]
        r#type: String,
    },
    /// Shared-memory bank conflicts of an access to a layout: wavefronts per warp
    /// instruction, the lanes that collide, and a bank-by-phase table (the model is checked
    /// against the H100's counters).
    Banks {
        /// The shared-memory layout (elements), plain or swizzled, e.g.
        /// 'composition(Swizzle<3,3,3>, _0, (_8,_64):(_64,_1))'.
        #[arg(allow_hyphen_values = true)]
        smem: String,
        /// The access: 'vector_access(TV, T, bits)', 'matrix_access(TV, n)' or a tiled copy
        /// (an ldmatrix reads shared memory, an stmatrix or cp.async writes it).
        #[arg(allow_hyphen_values = true)]
        access: String,
        /// Draw the tile colored by bank, the conflicting cells of the worst instruction
        /// outlined, as SVG.
        #[arg(long)]
        svg: bool,
    },
    /// Global-memory coalescing of an access: 32-byte sectors and 128-byte lines per warp
    /// request, efficiency, and the widest vector each thread can use.
    Coalescing {
        /// The global layout (elements), e.g. '(_128,_64):(_64,_1)'.
        #[arg(allow_hyphen_values = true)]
        gmem: String,
        /// The access: 'vector_access(TV, T, bits)' or a tiled copy (its source).
        #[arg(allow_hyphen_values = true)]
        access: String,
    },
    /// The cheapest Swizzle<B,M,S> that makes every access of a shared tile conflict-free
    /// while keeping its vectors.
    #[command(name = "swizzle-for")]
    SwizzleFor {
        /// The unswizzled shared-memory tile, e.g. '(_64,_64):(_64,_1)'.
        #[arg(allow_hyphen_values = true)]
        layout: String,
        /// The accesses: tiled copies (make_tiled_copy_A(...), ...) or vector_access(...).
        #[arg(required = true, allow_hyphen_values = true)]
        accesses: Vec<String>,
    },
    /// The memory traffic of rcute-cuda's kernels, predicted from their own layouts, stage
    /// by stage, per block and per launch: the four tiled copies (f32, f16, copy and
    /// transpose) of each --copy size and the f16 GEMM of each --gemm size (mma.sync, and
    /// wgmma as Gemm::tuned picks it), each stage with the Nsight Compute counter it
    /// predicts; the tiles the extents cut are listed as edge blocks. Without sizes:
    /// --copy 4096 4096 --gemm 4096 4096 4096.
    #[command(name = "explain-kernel")]
    ExplainKernel {
        /// A copy's size, M N (repeatable).
        #[arg(long, num_args = 2, value_names = ["M", "N"], action = clap::ArgAction::Append)]
        copy: Vec<i64>,
        /// A GEMM's size, M N K (repeatable): A is M x K row-major, B is N x K row-major.
        #[arg(long, num_args = 3, value_names = ["M", "N", "K"], action = clap::ArgAction::Append)]
        gemm: Vec<i64>,
        /// The other GEMM kinds at M N K (repeatable): mma.sync with both operands
        /// M/N-major, the plain wgmma kernel, Gemm::tuned for bf16 and e4m3.
        #[arg(long, num_args = 3, value_names = ["M", "N", "K"], action = clap::ArgAction::Append)]
        kinds: Vec<i64>,
        /// The SMs Gemm::tuned plans for (132: the H100 and H200).
        #[arg(long, default_value_t = 132)]
        sms: u32,
        /// Only the kernels whose name starts with this, e.g. 'transpose_f16' or
        /// 'gemm_f16 tuned'.
        #[arg(long)]
        kernel: Option<String>,
    },
    /// List the functions of the expression language.
    Functions,
    /// List the catalog of MMA and copy atoms (CuTe's names; `N` in a GMMA family stands
    /// for every multiple of 8 from 8 to 256, `A` and `B` for the majors K or MN).
    Atoms,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Eval {
            program: Some(p),
            thread,
            block,
            block_dim,
            grid_dim,
            as_cute,
            ..
        } if thread.is_some() || block.is_some() || block_dim.is_some() || grid_dim.is_some() => {
            eval_thread(
                &p,
                [thread, block, block_dim, grid_dim],
                &rcute_lang::Options { as_cute },
            )
        }
        Command::Eval {
            program: Some(p),
            as_cute,
            ..
        } => eval_program(&p, &rcute_lang::Options { as_cute }),
        Command::Eval {
            batch: Some(file),
            as_cute,
            ..
        } => run_batch(&file, &rcute_lang::Options { as_cute }),
        Command::Eval { .. } => unreachable!("clap requires a program or --batch"),
        Command::Show { layout } => picture(&layout, |v| match v {
            rcute_lang::Value::Layout(l) => rcute::print_layout(&l).map(|t| t.to_string()),
            // a layout waiting for an smem pointer is drawn over its elements, as CuTe's
            // print_layout and print_latex draw it
            rcute_lang::Value::Composed(c) => match c.position_independent()? {
                rcute::MaybeSwizzled::Plain(l) => rcute::print_layout(&l).map(|t| t.to_string()),
                rcute::MaybeSwizzled::Swizzled(k) => rcute::print_layout(&k).map(|t| t.to_string()),
            },
            _ => Err(not_a_layout()),
        }),
        Command::Latex { layout } => picture(&layout, |v| match v {
            rcute_lang::Value::Layout(l) => rcute::print_latex(&l).map(|d| d.to_string()),
            // a layout waiting for an smem pointer is drawn over its elements, as CuTe's
            // print_layout and print_latex draw it
            rcute_lang::Value::Composed(c) => match c.position_independent()? {
                rcute::MaybeSwizzled::Plain(l) => rcute::print_latex(&l).map(|d| d.to_string()),
                rcute::MaybeSwizzled::Swizzled(k) => rcute::print_latex(&k).map(|d| d.to_string()),
            },
            _ => Err(not_a_layout()),
        }),
        Command::Svg {
            layout,
            shape: None,
            mma: true,
            ..
        } => picture(&layout, |v| match v {
            rcute_lang::Value::TiledMma(m) => rcute::atom::svg_mma_panels(&m),
            rcute_lang::Value::MmaAtom(a) => {
                rcute::atom::svg_mma_panels(&rcute::atom::TiledMma::try_new(
                    *a,
                    &rcute::Layout::parse("(_1,_1,_1):(_0,_0,_0)"),
                    &rcute::Tiler::UNDERSCORE,
                )?)
            }
            _ => Err(rcute::Error::WrongKind {
                msg: "the expression must give a tiled MMA (make_tiled_mma(...)) or an MMA atom",
            }),
        }),
        Command::Svg {
            layout,
            shape: None,
            copy: true,
            ..
        } => picture(&layout, |v| match v {
            rcute_lang::Value::TiledCopy(c) => rcute::atom::svg_copy_panels(&c),
            _ => Err(rcute::Error::WrongKind {
                msg: "the expression must give a tiled copy (make_tiled_copy(...))",
            }),
        }),
        Command::Svg {
            shape: Some(_),
            mma: true,
            ..
        }
        | Command::Svg {
            shape: Some(_),
            copy: true,
            ..
        } => {
            eprintln!("error: a data shape is only used with --tv");
            ExitCode::FAILURE
        }
        Command::Svg {
            layout, shape, tv, ..
        } => match (tv, shape) {
            (false, None) => picture(&layout, |v| match v {
                rcute_lang::Value::Layout(l) => rcute::print::svg_layout(&l),
                rcute_lang::Value::Composed(c) => match c.position_independent()? {
                    rcute::MaybeSwizzled::Plain(l) => rcute::print::svg_layout(&l),
                    rcute::MaybeSwizzled::Swizzled(k) => rcute::print::svg_layout(&k),
                },
                _ => Err(not_a_layout()),
            }),
            (true, Some(shape)) => {
                let shape_value = match rcute_lang::eval_value(&shape) {
                    Ok(rcute_lang::Value::Tuple(t)) => t,
                    Ok(_) => {
                        eprintln!("error: the data shape must be a tuple of integers\n{shape}\n^");
                        return ExitCode::FAILURE;
                    }
                    Err(e) => return report(&shape, &e),
                };
                picture(&layout, |v| match v {
                    rcute_lang::Value::Layout(l) => rcute::print::svg_tv(&l, &shape_value),
                    _ => Err(not_a_layout()),
                })
            }
            (false, Some(_)) => {
                eprintln!("error: a data shape is only used with --tv");
                ExitCode::FAILURE
            }
            (true, None) => {
                eprintln!("error: --tv needs the data shape: cute svg --tv 'TV' 'SHAPE'");
                ExitCode::FAILURE
            }
        },
        Command::Explain { program } => Outcome {
            result: rcute_lang::explain(&program),
            program,
        }
        .into(),
        Command::Tma {
            global,
            smem,
            r#type,
        } => run_one(&format!("tma_copy({global}, {smem}, {type})"), |out| out).into(),
        Command::Banks { smem, access, svg } => analysis::banks(&smem, &access, svg),
        Command::Coalescing { gmem, access } => analysis::coalescing(&gmem, &access),
        Command::SwizzleFor { layout, accesses } => analysis::swizzle_for(&layout, &accesses),
        Command::ExplainKernel {
            copy,
            gemm,
            kinds,
            sms,
            kernel,
        } => analysis::explain_kernel(&copy, &gemm, &kinds, sms, kernel.as_deref()),
        Command::Functions => {
            let mut stdout = io::stdout().lock();
            for f in rcute_lang::FUNCTIONS {
                let _ = writeln!(stdout, "{:<22} {}", f.name, f.doc);
            }
            ExitCode::SUCCESS
        }
        Command::Atoms => {
            let mut stdout = io::stdout().lock();
            let _ = writeln!(
                stdout,
                "MMA atoms (SM90 GMMA: N = 8, 16, ..., 256; A, B = K or MN):"
            );
            for name in rcute::atom::mma_families() {
                let _ = writeln!(stdout, "  {name}");
            }
            let _ = writeln!(
                stdout,
                "copy operations, as Copy_Atom<OP, T> (T an element type: half_t, float, ...):"
            );
            for name in rcute::atom::copy_families() {
                let _ = writeln!(stdout, "  {name}");
            }
            ExitCode::SUCCESS
        }
    }
}

fn not_a_layout() -> rcute::Error {
    rcute::Error::WrongKind {
        msg: "the expression must give a layout",
    }
}

/// Evaluates `program` to a value and prints what `draw` makes of it.
fn picture(
    program: &str,
    draw: impl FnOnce(rcute_lang::Value) -> Result<String, rcute::Error>,
) -> ExitCode {
    let value = match rcute_lang::eval_value(program) {
        Ok(v) => v,
        Err(e) => return report(program, &e),
    };
    match draw(value) {
        Ok(text) => {
            let _ = io::stdout().write_all(text.as_bytes());
            ExitCode::SUCCESS
        }
        Err(e) => report(
            program,
            &EvalError::from_core(e, rcute_lang::Span::new(0, program.len())),
        ),
    }
}

/// What a failed run prints: the message and a caret under the program.
fn report(program: &str, e: &EvalError) -> ExitCode {
    let _ = io::stderr().write_all(e.render(program).as_bytes());
    ExitCode::FAILURE
}

struct Outcome {
    program: String,
    result: Result<String, EvalError>,
}

/// `X[,Y[,Z]]` of `--thread` and the like: three non-negative integers, missing ones 0
/// (1 for a dimension).
fn dim3(text: &str, option: &str, fill: i64) -> Result<[i64; 3], String> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.is_empty() || parts.len() > 3 {
        return Err(format!("--{option} takes X[,Y[,Z]], found {text:?}"));
    }
    let mut out = [fill; 3];
    for (k, p) in parts.iter().enumerate() {
        out[k] = p
            .trim()
            .parse::<i64>()
            .ok()
            .filter(|v| *v >= 0)
            .ok_or_else(|| {
                format!("--{option} takes non-negative integers X[,Y[,Z]], found {text:?}")
            })?;
    }
    Ok(out)
}

/// `cute eval --thread X --block Y PROGRAM`: the program as one thread of a kernel; the
/// notes (`__syncthreads()` does nothing) go to stderr.
fn eval_thread(
    program: &str,
    opts: [Option<String>; 4],
    options: &rcute_lang::Options,
) -> ExitCode {
    let [thread, block, block_dim, grid_dim] = opts;
    let parse = |o: &Option<String>, name: &str, fill: i64| {
        o.as_deref().map(|t| dim3(t, name, fill)).transpose()
    };
    let launch = (|| {
        Ok::<_, String>(rcute_lang::Launch {
            thread: parse(&thread, "thread", 0)?.unwrap_or([0; 3]),
            block: parse(&block, "block", 0)?.unwrap_or([0; 3]),
            block_dim: parse(&block_dim, "block-dim", 1)?,
            grid_dim: parse(&grid_dim, "grid-dim", 1)?,
        })
    })();
    let launch = match launch {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let (mut out, notes, err) = rcute_lang::eval_launch_with(program, &launch, options);
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    let _ = io::stdout().write_all(out.as_bytes());
    let _ = io::stdout().flush();
    for n in notes {
        eprintln!("note: {n}");
    }
    match err {
        None => ExitCode::SUCCESS,
        Some(e) => report(program, &e),
    }
}

/// `cute eval PROGRAM`: what the program prints, then the error that stopped it (with
/// its caret) and exit status 1. Output that does not end a line is ended, so that the
/// shell's prompt starts a line of its own.
fn eval_program(program: &str, options: &rcute_lang::Options) -> ExitCode {
    let (mut out, err) = rcute_lang::eval_partial_with(program, options);
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    let _ = io::stdout().write_all(out.as_bytes());
    let _ = io::stdout().flush();
    match err {
        None => ExitCode::SUCCESS,
        Some(e) => report(program, &e),
    }
}

fn run_one(program: &str, f: impl FnOnce(String) -> String) -> Outcome {
    Outcome {
        program: program.to_string(),
        result: rcute_lang::eval(program).map(f),
    }
}

impl From<Outcome> for ExitCode {
    fn from(o: Outcome) -> ExitCode {
        match o.result {
            Ok(text) => {
                let _ = io::stdout().write_all(text.as_bytes());
                ExitCode::SUCCESS
            }
            Err(e) => report(&o.program, &e),
        }
    }
}

fn run_batch(file: &str, options: &rcute_lang::Options) -> ExitCode {
    let mut reader: Box<dyn BufRead> = if file == "-" {
        Box::new(io::stdin().lock())
    } else {
        match std::fs::File::open(file) {
            Ok(f) => Box::new(io::BufReader::new(f)),
            Err(e) => {
                eprintln!("error: cannot read {file}: {e}");
                return ExitCode::FAILURE;
            }
        }
    };
    let mut out = io::stdout().lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match reader.read_until(b'\n', &mut bytes) {
            Ok(0) => return ExitCode::SUCCESS,
            Ok(_) => {}
            Err(e) => {
                eprintln!("error: cannot read {file}: {e}");
                return ExitCode::FAILURE;
            }
        }
        let line = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let obj = match std::str::from_utf8(line) {
            Ok(program) => {
                if program.trim().is_empty() || program.trim_start().starts_with('#') {
                    continue;
                }
                batch_answer(program, options)
            }
            // a line that is not UTF-8 answers an error and the batch goes on
            Err(e) => {
                let message = format!("the line is not valid UTF-8 (byte {})", e.valid_up_to());
                serde_json::json!({
                    "expr": String::from_utf8_lossy(line),
                    "out": format!("error: {message}"),
                    "error": { "message": message, "offset": e.valid_up_to() },
                })
            }
        };
        // one answer per line, flushed as it is made: a reader sees every answer so far
        if writeln!(out, "{obj}").and_then(|()| out.flush()).is_err() {
            return ExitCode::FAILURE;
        }
    }
}

/// One answer of batch mode: `{"expr", "out"}`, and for a program that fails
/// `"error": {"message", "offset"}` (the byte offset of the error in `expr`), with `out`
/// holding what the statements before the error printed followed by `error: MESSAGE`.
fn batch_answer(program: &str, options: &rcute_lang::Options) -> serde_json::Value {
    let (out, err) = rcute_lang::eval_partial_with(program, options);
    match err {
        None => serde_json::json!({ "expr": program, "out": out.trim_end_matches('\n') }),
        Some(e) => {
            let mut text = out;
            if !text.is_empty() && !text.ends_with('\n') {
                text.push('\n');
            }
            text.push_str(&e.to_string());
            serde_json::json!({
                "expr": program,
                "out": text,
                "error": { "message": e.message, "offset": e.span.start },
            })
        }
    }
}
