//! Calls of the host subset: member calls of CuTe's types (`L.shape()`,
//! `mma.get_slice(3).partition_A(T)`), the program's own functions, tensors over arrays
//! (`make_tensor`, `print_tensor`, `copy`, `fill`), `std::iota`/`std::fill`, and one thread
//! of a kernel (`threadIdx`, `__syncthreads()`).

use crate::data::{DataTensor, Elem, Mem, Num, Ptr};
use crate::error::{EvalError, Span};
use crate::eval::Env;
use crate::exec::{to_num, void};
use crate::functions::find;
use crate::operators::not_supported;
use crate::syntax::Expr;
use crate::value::Value;
use alloc::string::String;
use alloc::vec::Vec;
use rcute::int::Int;
use rcute::layout::Layout;
use rcute::tensor::CoordTensor;
use rcute::tuple::IntTuple;

/// The thread of a kernel a program runs as: `threadIdx`, `blockIdx`, `blockDim`,
/// `gridDim` (x, y, z). A program run without one refuses these names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Launch {
    /// `threadIdx`.
    pub thread: [i64; 3],
    /// `blockIdx`.
    pub block: [i64; 3],
    /// `blockDim`, when given.
    pub block_dim: Option<[i64; 3]>,
    /// `gridDim`, when given.
    pub grid_dim: Option<[i64; 3]>,
}

/// Operations that run only on the GPU: a program naming one is refused.
const DEVICE_ONLY: &[&str] = &[
    "__shfl_sync",
    "__shfl_xor_sync",
    "__shfl_down_sync",
    "__shfl_up_sync",
    "__ballot_sync",
    "__any_sync",
    "__all_sync",
    "atomicAdd",
    "atomicCAS",
    "atomicMax",
    "atomicMin",
    "atomicExch",
    "__ldg",
    "__activemask",
    "warpgroup_arrive",
    "warpgroup_commit_batch",
    "warpgroup_wait",
    "warpgroup_fence_operand",
    "fence_view_async_shared",
    "cluster_sync",
    "cluster_arrive",
    "cluster_wait",
    "elect_one_sync",
    "tma_store_arrive",
    "tma_store_wait",
    "cudaMalloc",
    "cudaMemcpy",
    "cudaFree",
    "cudaDeviceSynchronize",
    "__syncwarp",
    "cute::gemm",
];

impl Env {
    /// `threadIdx.x` and the like, `None` for another member.
    pub(crate) fn kernel_index(
        &self,
        obj: &str,
        member: &str,
        span: Span,
    ) -> Option<Result<Value, EvalError>> {
        if !matches!(obj, "threadIdx" | "blockIdx" | "blockDim" | "gridDim") {
            return None;
        }
        let k = match member {
            "x" => 0,
            "y" => 1,
            "z" => 2,
            _ => {
                return Some(Err(EvalError::new(
                    alloc::format!("{obj} has the members x, y and z"),
                    span,
                )));
            }
        };
        let Some(l) = self.launch else {
            return Some(Err(EvalError::new(
                alloc::format!(
                    "{obj} is bound when the program runs as one thread of a kernel: cute eval --thread T --block B ..."
                ),
                span,
            )));
        };
        let v = match obj {
            "threadIdx" => Some(l.thread),
            "blockIdx" => Some(l.block),
            "blockDim" => l.block_dim,
            _ => l.grid_dim,
        };
        Some(match v {
            Some(v) => Ok(Value::int(Int::dynamic(v[k]))),
            None => Err(EvalError::new(
                alloc::format!(
                    "{obj} is not given: cute eval --{} X,Y,Z",
                    if obj == "blockDim" {
                        "block-dim"
                    } else {
                        "grid-dim"
                    }
                ),
                span,
            )),
        })
    }

    /// `obj.name<targs>(args)`.
    pub(crate) fn member(
        &mut self,
        obj: &Expr,
        name: &str,
        name_span: Span,
        targs: &[i64],
        args: Option<&[Expr]>,
        span: Span,
    ) -> Result<Value, EvalError> {
        if let crate::syntax::ExprKind::Name { name: o, .. } = &obj.kind
            && args.is_none()
        {
            match self.lookup(o) {
                Some(var) if matches!(var.ty, Some(crate::data::Elem("dim3"))) => {
                    // a dim3's x, y, z
                    let k = match name {
                        "x" => 0,
                        "y" => 1,
                        "z" => 2,
                        _ => {
                            return Err(EvalError::new(
                                "a dim3 has the members x, y and z",
                                name_span,
                            ));
                        }
                    };
                    return match &var.v {
                        Value::Tuple(t) if !t.is_leaf() => match t.leaves().nth(k) {
                            Some(x) => Ok(Value::int(x)),
                            None => Err(EvalError::new("not a dim3", span)),
                        },
                        _ => Err(EvalError::new("not a dim3", span)),
                    };
                }
                Some(_) => {}
                None => {
                    if let Some(r) = self.kernel_index(o, name, span) {
                        return r;
                    }
                }
            }
        }
        let v = self.eval(obj)?;
        if args.is_none()
            && name == "rank"
            && matches!(
                v,
                Value::Layout(_)
                    | Value::Composed(_)
                    | Value::Tensor(_)
                    | Value::Data(_)
                    | Value::PtrTensor(_)
                    | Value::Counting(_)
                    | Value::Lazy(_)
            )
        {
            // a layout's and a tensor's `static constexpr int rank`: an int, not `_2`
            let r = self.call_named("rank", &[], alloc::vec![(v, span)], name_span, span)?;
            return match r {
                Value::Tuple(t) if t.is_leaf() => Ok(Value::Const(t.leaf(0).value())),
                _ => Err(EvalError::new("this value has no rank", span)),
            };
        }
        let Some(args) = args else {
            return Err(not_supported(
                &alloc::format!("the member {name} of {}", v.kind()),
                &alloc::format!("{name}(x)"),
                name_span,
            ));
        };
        let mut vals = self.eval_args(args)?;
        let arg = |vals: &[(Value, Span)], i: usize| vals.get(i).map(|x| x.0.clone());
        match (&v, name) {
            (Value::Vector(p), "size") if vals.is_empty() => {
                // a std::vector's size() is a size_t
                return Ok(Value::Unsigned(
                    self.heap[p.buf as usize].data.len() as u64,
                    64,
                ));
            }
            (Value::Vector(p), "data" | "begin") if vals.is_empty() => return Ok(Value::Ptr(*p)),
            // thrust's device_ptr::get(): the raw pointer, here the pointer itself
            (Value::Ptr(p), "get") if vals.is_empty() => return Ok(Value::Ptr(*p)),
            (Value::Vector(p), "end") if vals.is_empty() => {
                let n = self.heap[p.buf as usize].data.len() as i64;
                return Ok(Value::Ptr(Ptr { off: n, ..*p }));
            }
            (Value::Vector(p), "push_back" | "emplace_back") if self.heap[p.buf as usize].fixed => {
                return Err(EvalError::new(
                    alloc::format!("a std::array has a fixed size: it has no {name}"),
                    name_span,
                ));
            }
            (Value::Vector(p), "resize" | "pop_back" | "clear" | "reserve")
                if self.heap[p.buf as usize].fixed =>
            {
                return Err(EvalError::new(
                    alloc::format!("a std::array has a fixed size: it has no {name}"),
                    name_span,
                ));
            }
            (Value::Vector(p), "empty") if vals.is_empty() => {
                return Ok(Value::int(Int::bool(
                    self.heap[p.buf as usize].data.is_empty(),
                    false,
                )));
            }
            (Value::Vector(p), "front" | "back") if vals.is_empty() => {
                let n = self.heap[p.buf as usize].data.len() as i64;
                if n == 0 {
                    return Err(EvalError::new(
                        alloc::format!("{name}() of an empty vector (C++ leaves it undefined)"),
                        span,
                    ));
                }
                let off = if name == "front" { 0 } else { n - 1 };
                return self.read(Ptr { off, ..*p }, span);
            }
            (Value::Vector(_), "reserve") if vals.len() == 1 => return Ok(void()),
            (Value::Vector(p), "clear") if vals.is_empty() => {
                self.heap[p.buf as usize].data.clear();
                return Ok(void());
            }
            (Value::Vector(p), "pop_back") if vals.is_empty() => {
                if self.heap[p.buf as usize].data.pop().is_none() {
                    return Err(EvalError::new(
                        "pop_back() of an empty vector (C++ leaves it undefined)",
                        span,
                    ));
                }
                return Ok(void());
            }
            (Value::Vector(p), "resize") if !vals.is_empty() && vals.len() <= 2 => {
                let n = match &vals[0].0 {
                    Value::Tuple(t)
                        if t.is_leaf() && !t.leaf(0).is_basis() && t.leaf(0).value() >= 0 =>
                    {
                        t.leaf(0).value()
                    }
                    Value::Unsigned(u, _) if *u <= i64::MAX as u64 => *u as i64,
                    v => {
                        return Err(EvalError::new(
                            alloc::format!("resize takes a size, not {} {v}", v.kind()),
                            vals[0].1,
                        ));
                    }
                };
                let len = self.heap[p.buf as usize].data.len() as i64;
                if n > len {
                    let more = (n - len) as usize;
                    if self.elements.saturating_add(more) > crate::data::MAX_ELEMENTS {
                        return Err(EvalError::new("the arrays of one program are full", span));
                    }
                    self.elements += more;
                }
                let fill = match vals.get(1) {
                    Some((v, at)) => to_num(v.clone(), p.elem, *at)?,
                    None if p.elem.is_float() => Num::F(0.0),
                    None => Num::I(0),
                };
                self.heap[p.buf as usize].data.resize(n as usize, fill);
                return Ok(void());
            }
            (Value::Vector(p), "fill") if vals.len() == 1 && self.heap[p.buf as usize].fixed => {
                let n = to_num(vals.remove(0).0, p.elem, span)?;
                self.heap[p.buf as usize]
                    .data
                    .iter_mut()
                    .for_each(|e| *e = n);
                return Ok(void());
            }
            (Value::Vector(p), "push_back" | "emplace_back") if vals.len() == 1 => {
                if self.elements >= crate::data::MAX_ELEMENTS {
                    return Err(EvalError::new("the arrays of one program are full", span));
                }
                let n = to_num(vals.remove(0).0, p.elem, span)?;
                self.elements += 1;
                self.heap[p.buf as usize].data.push(n);
                return Ok(void());
            }
            (Value::Counting(c), "data") if vals.is_empty() && c.t.is_some() => {
                // the iterator at the tensor's origin
                return Ok(Value::Counting(alloc::boxed::Box::new(
                    crate::value::CountingTensor {
                        start: c.origin(),
                        t: None,
                    },
                )));
            }
            (Value::Data(t), "data") if vals.is_empty() => {
                return Ok(Value::Ptr(Ptr {
                    off: t.origin(),
                    ..t.ptr
                }));
            }
            (
                Value::TiledMma(_) | Value::TiledCopy(_) | Value::TvTiler(_),
                "get_slice" | "get_thread_slice",
            ) if vals.len() == 1 => {
                let thr = match &vals[0].0 {
                    Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_basis() => t.leaf(0).value(),
                    x => {
                        return Err(EvalError::new(
                            alloc::format!("{name} takes a thread index, found {}", x.kind()),
                            vals[0].1,
                        ));
                    }
                };
                return Ok(Value::Slice(alloc::boxed::Box::new(v.clone()), thr));
            }
            (Value::Slice(m, _), "make_fragment_A" | "make_fragment_B" | "make_fragment_C")
                if vals.len() == 1 =>
            {
                if let Value::TiledMma(tm) = &**m {
                    let op = name.as_bytes()[name.len() - 1];
                    return self.make_fragment(tm, op, vals.remove(0), name_span, span);
                }
            }
            _ => {}
        }
        match (&v, name) {
            (Value::Slice(m, thr), _) => {
                let f = match name {
                    "partition" if matches!(**m, Value::TvTiler(_)) => name,
                    "partition_A"
                    | "partition_B"
                    | "partition_C"
                    | "partition_S"
                    | "partition_D"
                    | "partition_fragment_A"
                    | "partition_fragment_B"
                    | "partition_fragment_C" => name,
                    "retile_S" | "retile_D" => {
                        let mut all = alloc::vec![((**m).clone(), obj.span)];
                        all.append(&mut vals);
                        return self.call_named(name, targs, all, name_span, span);
                    }
                    _ => {
                        return Err(not_supported(
                            &alloc::format!("the member {name} of a thread slice"),
                            "partition_A/B/C, partition_S/D, partition_fragment_A/B/C or retile_S/D",
                            name_span,
                        ));
                    }
                };
                if let (Some(op), Value::TiledMma(tm), [(Value::PtrTensor(_), at)]) =
                    (f.strip_prefix("partition_fragment_"), &**m, vals.as_slice())
                {
                    // a tensor over memory: CuTe's make_fragment_X(partition_X(tensor)),
                    // registers or, for an operand GMMA reads from shared memory,
                    // descriptors
                    let at = *at;
                    let part = self.call_named(
                        &alloc::format!("partition_{op}"),
                        targs,
                        alloc::vec![
                            ((**m).clone(), obj.span),
                            (Value::int(Int::dynamic(*thr)), obj.span),
                            vals.remove(0),
                        ],
                        name_span,
                        span,
                    )?;
                    let tm = tm.clone();
                    return self.make_fragment(&tm, op.as_bytes()[0], (part, at), name_span, span);
                }
                let mut all = alloc::vec![
                    ((**m).clone(), obj.span),
                    (Value::int(Int::dynamic(*thr)), obj.span)
                ];
                all.append(&mut vals);
                let r = self.call_named(f, targs, all, name_span, span)?;
                if let (Some(op), Value::TiledMma(tm), Value::Layout(l)) =
                    (f.strip_prefix("partition_fragment_"), &**m, &r)
                {
                    // a fragment owns registers: a tensor of the operand's value type
                    let ty = tm.atom().value_types()[match op {
                        "A" => 1,
                        "B" => 2,
                        _ => 3,
                    }];
                    let operand = match op {
                        "A" => rcute::atom::Operand::A,
                        "B" => rcute::atom::Operand::B,
                        _ => rcute::atom::Operand::C,
                    };
                    if tm.atom().in_tmem(operand) {
                        // an SM100 UMMA's accumulator (a _TS atom's A): CuTe's tmem_frg
                        return Ok(tmem_tensor(ty, *l));
                    }
                    return self.owning(ty, *l, span);
                }
                return Ok(r);
            }
            // CuTe's compose (a composition) and, of a layout or a tensor, tile (a tiled
            // divide) by one tiler or by its elements
            (_, "compose")
            | (
                Value::Layout(_)
                | Value::Data(_)
                | Value::Tensor(_)
                | Value::PtrTensor(_)
                | Value::Lazy(_)
                | Value::Counting(_),
                "tile",
            ) if !vals.is_empty() => {
                let b = if vals.len() == 1 {
                    vals.remove(0)
                } else {
                    let items: Vec<Value> = vals.drain(..).map(|x| x.0).collect();
                    (
                        Value::try_list(items).map_err(|e| EvalError::from_core(e, span))?,
                        span,
                    )
                };
                let f = if name == "tile" {
                    "tiled_divide"
                } else {
                    "composition"
                };
                return self.call_named(f, &[], alloc::vec![(v, obj.span), b], name_span, span);
            }
            (_, "with_shape") => {
                let shape = if vals.len() == 1 {
                    vals.remove(0)
                } else {
                    let parts: Vec<IntTuple> = vals
                        .iter()
                        .map(|x| match &x.0 {
                            Value::Tuple(t) => Ok(*t),
                            o => Err(EvalError::new(
                                alloc::format!("with_shape takes a shape, found {}", o.kind()),
                                x.1,
                            )),
                        })
                        .collect::<Result<_, _>>()?;
                    let t =
                        IntTuple::try_tuple(&parts).map_err(|e| EvalError::from_core(e, span))?;
                    (Value::Tuple(t), span)
                };
                let l = self.call_named("make_layout", &[], alloc::vec![shape], name_span, span)?;
                return self.call_named(
                    "composition",
                    &[],
                    alloc::vec![(v, obj.span), (l, span)],
                    name_span,
                    span,
                );
            }
            (Value::Composed(_), "layout_a" | "layout_b") if vals.is_empty() => {
                // ComposedLayout's parts: the swizzle and the layout it follows
                let f = if name == "layout_a" {
                    "get_swizzle_portion"
                } else {
                    "get_nonswizzle_portion"
                };
                return self.call_named(f, &[], alloc::vec![(v, obj.span)], name_span, span);
            }
            (Value::Layout(l), "get_hier_coord" | "get_flat_coord" | "get_1d_coord")
                if vals.len() == 1 =>
            {
                // Layout's index-to-coordinate members: the hierarchical coordinate is
                // idx2crd(idx, shape, stride); the flat one is it in the column-major
                // coordinates of each mode (crd2crd to rank(L) ones), the 1-D one its
                // column-major index (crd2idx over the shape)
                let (shape, stride) = (Value::Tuple(*l.shape_ref()), Value::Tuple(*l.stride_ref()));
                let idx = vals.remove(0);
                let hier = self.call_named(
                    "idx2crd",
                    &[],
                    alloc::vec![idx, (shape.clone(), obj.span), (stride, obj.span)],
                    name_span,
                    span,
                )?;
                return match name {
                    "get_hier_coord" => Ok(hier),
                    "get_flat_coord" => {
                        let ones: Vec<IntTuple> = (0..l.rank())
                            .map(|_| IntTuple::from_int(Int::constant(1)))
                            .collect();
                        let ones = IntTuple::try_tuple(&ones)
                            .map_err(|e| EvalError::from_core(e, span))?;
                        self.call_named(
                            "crd2crd",
                            &[],
                            alloc::vec![
                                (hier, span),
                                (shape, obj.span),
                                (Value::Tuple(ones), obj.span)
                            ],
                            name_span,
                            span,
                        )
                    }
                    _ => self.call_named(
                        "crd2idx",
                        &[],
                        alloc::vec![(hier, span), (shape, obj.span)],
                        name_span,
                        span,
                    ),
                };
            }
            (_, "tile_size" | "tile_size_mnk") => {
                return self.call_named(
                    "tile_size",
                    targs,
                    alloc::vec![(v, obj.span)],
                    name_span,
                    span,
                );
            }
            _ => {}
        }
        let _ = arg;
        let known = matches!(
            name,
            "shape"
                | "stride"
                | "size"
                | "layout"
                | "rank"
                | "depth"
                | "cosize"
                | "get_layoutA_TV"
                | "get_layoutB_TV"
                | "get_layoutC_TV"
                | "get_layoutS_TV"
                | "get_layoutD_TV"
                | "get_thr_layout_vmnk"
                | "get_layoutA_MK"
                | "get_layoutB_NK"
                | "get_layoutC_MN"
                | "get_tma_tensor"
        );
        let layout_member = matches!(v, Value::Layout(_) | Value::Composed(_))
            && matches!(name, "shape" | "stride" | "layout");
        let tensor_member = matches!(
            v,
            Value::Data(_)
                | Value::Tensor(_)
                | Value::PtrTensor(_)
                | Value::DescTensor(_)
                | Value::Lazy(_)
                | Value::Counting(_)
        ) && matches!(name, "shape" | "stride" | "layout" | "size");
        let tiled_member = (matches!(v, Value::TiledMma(_) | Value::TiledCopy(_))
            && name.starts_with("get_"))
            || (matches!(v, Value::CopyAtom(_)) && name == "get_tma_tensor");
        if known && (layout_member || tensor_member || tiled_member) && find(name).is_some() {
            let mut all = alloc::vec![(v, obj.span)];
            all.append(&mut vals);
            return self.call_named(name, targs, all, name_span, span);
        }
        Err(not_supported(
            &alloc::format!("the member {name}() of {}", v.kind()),
            &alloc::format!("CuTe's free function, {name}(x, ...), where it has one"),
            name_span,
        ))
    }

    /// A function of the table by name, on evaluated arguments.
    fn call_named(
        &mut self,
        name: &str,
        targs: &[i64],
        vals: Vec<(Value, Span)>,
        name_span: Span,
        span: Span,
    ) -> Result<Value, EvalError> {
        let Some(func) = find(name) else {
            return Err(EvalError::new(
                alloc::format!("unknown function {name}"),
                name_span,
            ));
        };
        call_table(func, targs, vals, name_span, span, self.as_cute.as_ref())
    }

    /// The calls of the host subset that are not in the table: the program's functions,
    /// tensors over arrays, `std::iota`, the kernel's operations; `None` for another name.
    pub(crate) fn host_call(
        &mut self,
        name: &str,
        targs: &[i64],
        args: &[Expr],
        name_span: Span,
        span: Span,
    ) -> Result<Option<Value>, EvalError> {
        if !is_host_call(name) {
            return Ok(None);
        }
        match name {
            "__syncthreads" => {
                self.note("__syncthreads() does nothing here: one thread runs");
                return Ok(Some(void()));
            }
            "thread0" | "block0" if args.is_empty() && targs.is_empty() => {
                // CuTe's debug guards: on the host always true, in a kernel true for
                // thread 0 of block 0 (block 0 for block0)
                let on = match self.launch {
                    None => true,
                    Some(l) => l.block == [0; 3] && (name == "block0" || l.thread == [0; 3]),
                };
                return Ok(Some(Value::int(Int::bool(on, false))));
            }
            "cp_async_fence" | "cp_async_wait" | "cp_async_wait_all" if args.is_empty() => {
                // copy() has copied when it returns: there is nothing to wait for
                self.note(&alloc::format!(
                    "{name}() does nothing here: one thread runs and its copies are done when copy returns"
                ));
                return Ok(Some(void()));
            }
            "for_each" | "transform" | "fold" => {
                return self.tuple_algorithm(name, args, span).map(Some);
            }
            n if DEVICE_ONLY.contains(&n) => {
                return Err(EvalError::new(
                    alloc::format!(
                        "not supported: {n} runs only on the GPU; the program runs one thread on the CPU"
                    ),
                    name_span,
                ));
            }
            _ => {}
        }
        let vals = self.eval_args(args)?;
        let data = |i: usize| match vals.get(i).map(|x| &x.0) {
            Some(Value::Data(t)) => Some((**t).clone()),
            _ => None,
        };
        let ptr = |i: usize| match vals.get(i).map(|x| &x.0) {
            Some(Value::Ptr(p)) => Some(*p),
            _ => None,
        };
        let r = match (name, vals.len()) {
            ("make_gmem_ptr" | "make_smem_ptr" | "make_rmem_ptr", 1) => match ptr(0) {
                Some(p) => Value::Ptr(Ptr {
                    mem: match name {
                        "make_gmem_ptr" => Mem::Gmem,
                        "make_smem_ptr" => Mem::Smem,
                        _ => p.mem,
                    },
                    ..p
                }),
                None => {
                    return Err(EvalError::new(
                        alloc::format!("{name} takes a pointer"),
                        span,
                    ));
                }
            },
            ("make_tensor", 2 | 3) if ptr(0).is_some() => {
                // an array (`float a[8]`, a row `A[i]`) is deduced as its array type, which
                // CuTe's make_tensor takes for no iterator: C++ does not compile it
                let array = match &args[0].kind {
                    crate::syntax::ExprKind::Name { name, .. } => {
                        self.lookup(name).is_some_and(|v| v.array)
                    }
                    crate::syntax::ExprKind::Index(a, _) => self.row_of_name(a),
                    _ => false,
                };
                if array {
                    return Err(EvalError::new(
                        "make_tensor of an array: C++ deduces the array's type (T[n]), which is no iterator, and does not compile it; write &a[0] or make_gmem_ptr(a)",
                        args[0].span,
                    ));
                }
                let p = ptr(0).unwrap_or_else(|| unreachable!());
                let layout = self.layout_arg(&vals[1..], span)?;
                Value::Data(alloc::boxed::Box::new(DataTensor {
                    ptr: Ptr { off: 0, ..p },
                    t: CoordTensor::new(IntTuple::from_int(Int::dynamic(p.off)), layout),
                    owning: false,
                }))
            }
            ("make_tensor", _) if matches!(vals.first().map(|x| &x.0), Some(Value::Vector(_))) => {
                return Err(EvalError::new(
                    "make_tensor takes a pointer: make_tensor(v.data(), layout)",
                    vals[0].1,
                ));
            }
            ("make_tensor_like" | "make_fragment_like", 1)
                if data(0).is_some()
                    || matches!(&vals[0].0, Value::Counting(c) if c.t.is_some()) =>
            {
                self.owning_like(name, None, &vals[0].0, name_span, span)?
            }
            ("partition_fragment_C", 2) if matches!(&vals[0].0, Value::TiledMma(m) if !m.atom().in_tmem(rcute::atom::Operand::C)) =>
            {
                // CuTe's free partition_fragment_C(mma, shape_MN):
                // make_tensor<FrgTypeC>(partition_shape_C(mma, shape_MN)), registers
                let (Value::TiledMma(m), Value::Tuple(shape)) = (&vals[0].0, &vals[1].0) else {
                    return Err(EvalError::new(
                        "partition_fragment_C(mma, shape_MN) takes a tiled MMA and a shape",
                        span,
                    ));
                };
                let l = m
                    .try_partition_fragment_shape(rcute::atom::Operand::C, shape)
                    .map_err(|e| EvalError::from_core(e, span))?;
                let ty = m.atom().value_types()[3];
                self.owning(ty, l, span)?
            }
            ("make_tensor", 2 | 3) if matches!(&vals[0].0, Value::Counting(c) if c.t.is_none()) => {
                let Value::Counting(c) = &vals[0].0 else {
                    unreachable!()
                };
                let start = c.start;
                let layout = self.layout_arg(&vals[1..], span)?;
                Value::Counting(alloc::boxed::Box::new(crate::value::CountingTensor {
                    start,
                    t: Some(CoordTensor::new(
                        IntTuple::from_int(Int::dynamic(0)),
                        layout,
                    )),
                }))
            }
            ("print_tensor", 1 | 2) if matches!(&vals[0].0, Value::Counting(c) if c.t.is_some()) => {
                let Value::Counting(c) = &vals[0].0 else {
                    unreachable!()
                };
                Value::Printed(counting_rows(c, span)?)
            }
            ("print_tensor", 1 | 2) if data(0).is_some() => {
                let t = data(0).unwrap_or_else(|| unreachable!());
                Value::Printed(self.print_data(&t, span)?)
            }
            ("print", 1) if matches!(vals[0].0, Value::TvTiler(_)) => {
                return Err(not_supported(
                    "printing a TV_Tiler (CuTe has no print of it)",
                    "print of its partitions",
                    span,
                ));
            }
            ("print", 1) if matches!(vals[0].0, Value::Slice(..)) => {
                return Err(not_supported(
                    "printing a thread slice",
                    "print of its partitions",
                    span,
                ));
            }
            ("lazy::transform", 2) => match (&vals[0].0, &vals[1].0) {
                (Value::Data(_) | Value::Tensor(_), Value::Func(f)) => {
                    Value::Lazy(alloc::boxed::Box::new(crate::value::LazyTensor {
                        base: vals[0].0.clone(),
                        f: f.clone(),
                    }))
                }
                (Value::Lazy(_), _) => {
                    return Err(not_supported(
                        "lazy::transform of a lazy::transform tensor",
                        "one lambda that applies both functions",
                        vals[0].1,
                    ));
                }
                (t, g) => {
                    return Err(EvalError::new(
                        alloc::format!(
                            "lazy::transform(t, f) takes a tensor and a lambda, found {} and {}",
                            t.kind(),
                            g.kind()
                        ),
                        span,
                    ));
                }
            },
            ("copy_if", 3)
                if matches!(vals[0].0, Value::Lazy(_))
                    && data(1).is_some()
                    && data(2).is_some() =>
            {
                let (s, d) = (
                    data(1).unwrap_or_else(|| unreachable!()),
                    data(2).unwrap_or_else(|| unreachable!()),
                );
                self.copy_if_data(&vals[0].0, &s, &d, span)?;
                void()
            }
            ("copy", 2)
                if matches!(vals[0].0, Value::Counting(_) | Value::Lazy(_))
                    && data(1).is_some() =>
            {
                // a computed tensor's elements, one after the other
                let d = data(1).unwrap_or_else(|| unreachable!());
                let (n, m) = (
                    self.call_named("size", &[], alloc::vec![vals[0].clone()], name_span, span)?,
                    d.t.size().value(),
                );
                if n.integer() != Some(i128::from(m)) {
                    return Err(EvalError::new(
                        alloc::format!("copy: the source has {n} elements, the destination {m}"),
                        span,
                    ));
                }
                for i in 0..m {
                    self.steps += 1;
                    let at = IntTuple::from_int(Int::dynamic(i));
                    let v = self.element_of(&vals[0].0, &at, span)?;
                    let p = self.data_elem(&d, &at, span)?;
                    self.write_elem(p, v, span)?;
                }
                void()
            }
            ("copy", 2) if data(0).is_some() && data(1).is_some() => {
                let (s, d) = (
                    data(0).unwrap_or_else(|| unreachable!()),
                    data(1).unwrap_or_else(|| unreachable!()),
                );
                self.copy_data(&s, &d, span)?;
                void()
            }
            ("copy", 3)
                if matches!(vals[0].0, Value::TiledCopy(_) | Value::CopyAtom(_))
                    && data(1).is_some()
                    && data(2).is_some() =>
            {
                let atom = match &vals[0].0 {
                    Value::TiledCopy(c) => *c.atom(),
                    Value::CopyAtom(a) => **a,
                    _ => unreachable!(),
                };
                let (s, d) = (
                    data(1).unwrap_or_else(|| unreachable!()),
                    data(2).unwrap_or_else(|| unreachable!()),
                );
                self.copy_by_atom(&atom, &s, &d, span)?;
                void()
            }
            ("copy_if", 3) if data(0).is_some() && data(1).is_some() && data(2).is_some() => {
                let (s, d) = (
                    data(1).unwrap_or_else(|| unreachable!()),
                    data(2).unwrap_or_else(|| unreachable!()),
                );
                self.copy_if_data(&vals[0].0, &s, &d, span)?;
                void()
            }
            ("fill", 2) if data(0).is_some() => {
                let t = data(0).unwrap_or_else(|| unreachable!());
                let v = vals[1].0.clone();
                self.for_each(&t, span, |_, _| Ok(v.clone()))?;
                void()
            }
            ("clear", 1) if data(0).is_some() => {
                let t = data(0).unwrap_or_else(|| unreachable!());
                self.for_each(&t, span, |_, _| Ok(Value::int(Int::dynamic(0))))?;
                void()
            }
            ("axpby", 4) if data(1).is_some() && data(3).is_some() => {
                let (a, b) = (vals[0].0.clone(), vals[2].0.clone());
                let (x, y) = (
                    data(1).unwrap_or_else(|| unreachable!()),
                    data(3).unwrap_or_else(|| unreachable!()),
                );
                let xs = self.values(&x, span)?;
                let mut k = 0;
                self.for_each(&y, span, |_, yv| {
                    let ax = crate::exec::binop(
                        crate::syntax::Op2::Arith(crate::syntax::BinOp::Mul),
                        a.clone(),
                        xs[k].clone(),
                        span,
                        span,
                    )?;
                    let by = crate::exec::binop(
                        crate::syntax::Op2::Arith(crate::syntax::BinOp::Mul),
                        b.clone(),
                        yv,
                        span,
                        span,
                    )?;
                    k += 1;
                    crate::exec::binop(
                        crate::syntax::Op2::Arith(crate::syntax::BinOp::Add),
                        ax,
                        by,
                        span,
                        span,
                    )
                })?;
                void()
            }
            ("std::iota" | "iota", 3) if ptr(0).is_some() && ptr(1).is_some() => {
                let (a, b) = (
                    ptr(0).unwrap_or_else(|| unreachable!()),
                    ptr(1).unwrap_or_else(|| unreachable!()),
                );
                let mut v = vals[2].0.clone();
                for off in a.off..b.off.max(a.off) {
                    self.write_elem(Ptr { off, ..a }, v.clone(), span)?;
                    v = crate::exec::binop(
                        crate::syntax::Op2::Arith(crate::syntax::BinOp::Add),
                        v,
                        Value::int(Int::dynamic(1)),
                        span,
                        span,
                    )?;
                }
                void()
            }
            (
                "std::accumulate" | "std::sort" | "std::reverse" | "std::max_element"
                | "std::min_element" | "std::count",
                _,
            ) => {
                let (Some(a), Some(b)) = (ptr(0), ptr(1)) else {
                    return Err(EvalError::new(
                        alloc::format!(
                            "{name} takes a range of an array: two pointers (v.begin(), v.end())"
                        ),
                        span,
                    ));
                };
                return self.std_range(name, a, b, &vals[2..], span).map(Some);
            }
            ("std::fill", 3) if ptr(0).is_some() && ptr(1).is_some() => {
                let (a, b) = (
                    ptr(0).unwrap_or_else(|| unreachable!()),
                    ptr(1).unwrap_or_else(|| unreachable!()),
                );
                for off in a.off..b.off.max(a.off) {
                    self.write_elem(Ptr { off, ..a }, vals[2].0.clone(), span)?;
                }
                void()
            }
            ("gemm", 3 | 4)
                if vals[vals.len() - 3..]
                    .iter()
                    .all(|x| matches!(x.0, Value::Data(_)))
                    && (vals.len() == 3
                        || matches!(&vals[0].0, Value::TiledMma(m)
                            if alloc::string::ToString::to_string(m.atom().name()).starts_with("UniversalFMA"))) =>
            {
                let k = vals.len() - 3;
                let (a, b, c) = (
                    data(k).unwrap_or_else(|| unreachable!()),
                    data(k + 1).unwrap_or_else(|| unreachable!()),
                    data(k + 2).unwrap_or_else(|| unreachable!()),
                );
                self.host_gemm(&a, &b, &c, span)?;
                void()
            }
            ("gemm", _) => {
                return Err(EvalError::new(
                    "not supported: gemm runs an MMA on the GPU (or a host GEMM rcute does not run); write the loops of a GEMM instead",
                    name_span,
                ));
            }
            _ => {
                return self
                    .table_call(name, targs, vals, name_span, span)
                    .map(Some);
            }
        };
        Ok(Some(r))
    }

    /// A call of the table on evaluated arguments, by name.
    fn table_call(
        &mut self,
        name: &str,
        targs: &[i64],
        vals: Vec<(Value, Span)>,
        name_span: Span,
        span: Span,
    ) -> Result<Value, EvalError> {
        if matches!(name, "print") {
            return match vals.into_iter().next() {
                Some((Value::Printed(_), s)) => {
                    Err(EvalError::new("a printer returns no value", s))
                }
                Some((v, _)) => Ok(Value::Printed(alloc::format!("{v}"))),
                None => Err(EvalError::new("print takes a value", span)),
            };
        }
        match find(name) {
            Some(func) => call_table(func, targs, vals, name_span, span, self.as_cute.as_ref()),
            None => Err(not_supported(
                &alloc::format!("{name} with these arguments"),
                "CuTe's functions on layouts and tensors",
                span,
            )),
        }
    }

    /// A call with a type template argument: `make_tensor<float>(layout)`,
    /// `std::vector<int>(n)`.
    pub(crate) fn type_call(
        &mut self,
        name: &str,
        ty: &str,
        args: &[Expr],
        span: Span,
    ) -> Result<Value, EvalError> {
        let ty = &self.bound_types(ty);
        let inner = ty
            .strip_prefix(name)
            .and_then(|t| t.strip_prefix('<'))
            .and_then(|t| t.strip_suffix('>'))
            .unwrap_or("");
        if self.funcs.contains_key(name) {
            return self.explicit_template_call(name, inner, args, span);
        }
        if matches!(name, "std::max" | "std::min")
            && let Some(elem) = Elem::named(inner.trim()).filter(|e| e.0 != "dim3")
        {
            // std::max<T>(a, b): both converted to T, then compared as std::max does
            let [a, b] = args else {
                return Err(EvalError::new(
                    alloc::format!("{name}<T>(a, b) takes two arguments"),
                    span,
                ));
            };
            let a = crate::exec::convert(self.eval(a)?, elem, a.span)?;
            let b = crate::exec::convert(self.eval(b)?, elem, b.span)?;
            return Ok(crate::cstd::max_min(name == "std::max", a, b));
        }
        if name == "make_tensor" {
            let vals = self.eval_args(args)?;
            let layout = self.layout_arg(&vals, span)?;
            return self.owning(inner, layout, span);
        }
        if matches!(name, "make_tma_copy" | "make_tma_atom") {
            // make_tma_copy<TmaInternalType>(...): the type the TMA moves the elements as;
            // the tensor's own element type is CuTe's default
            let vals = self.eval_args(args)?;
            let own = match vals.get(1) {
                Some((Value::PtrTensor(t), _)) => Some(t.ptr.ty),
                _ => None,
            };
            let wanted = crate::value::element_type(inner.trim());
            let name_span = Span::new(span.start, span.start + name.len());
            if name == "make_tma_copy" && vals.len() != 5 {
                // CuTe's overloads of 3 and 4 arguments take no type argument (the type
                // would bind their CopyOp)
                return Err(EvalError::new(
                    alloc::format!(
                        "{ty}(...) takes 5 arguments (op, G, S, cta_tiler, cluster_size): CuTe's make_tma_copy of {} arguments has no TmaInternalType",
                        vals.len()
                    ),
                    span,
                ));
            }
            if own.is_some() && own == wanted {
                return self.table_call(name, &[], vals, name_span, span);
            }
            // another type: the TMA moves the elements as it (its bits must divide theirs)
            let Some(ibits) = wanted.and_then(rcute::atom::element_bits) else {
                return Err(not_supported(
                    &alloc::format!("{ty}(...) with {} as the TMA's internal type", inner.trim()),
                    "an element type of CuTe's (uint8_t, half_t, ...) or the tensor's own",
                    span,
                ));
            };
            if own.is_none() {
                return Err(EvalError::new(
                    alloc::format!(
                        "{name}: the global tensor must be a tensor over a pointer (make_gmem_ptr<T>)"
                    ),
                    span,
                ));
            }
            use crate::functions::tma::{make_tma_atom_moved_as, make_tma_copy_moved_as};
            let (fname, build): (
                &'static str,
                fn(&crate::functions::Call<'_>, Option<i64>) -> _,
            ) = if name == "make_tma_copy" {
                ("make_tma_copy", make_tma_copy_moved_as)
            } else {
                ("make_tma_atom", make_tma_atom_moved_as)
            };
            let c = crate::functions::Call {
                name: fname,
                span,
                name_span,
                targs: &[],
                args: vals,
                as_cute: self.as_cute.as_ref(),
            };
            return build(&c, Some(ibits));
        }
        if matches!(name, "make_tensor_like" | "make_fragment_like") {
            // make_tensor_like<T>(t): of element type T
            let vals = self.eval_args(args)?;
            let [(t, _)] = vals.as_slice() else {
                return Err(EvalError::new(
                    alloc::format!("{name}<T>(t) takes one tensor"),
                    span,
                ));
            };
            return self.owning_like(name, Some(inner), t, span, span);
        }
        if name == "recast" {
            return self.recast_tensor(inner.trim(), args, span);
        }
        if name == "counting_iterator" {
            // counting_iterator<int>(n): an iterator of ints
            let vals = self.eval_args(args)?;
            return match (inner, vals.as_slice()) {
                ("int" | "int32_t", [(v, at)]) => match v.integer() {
                    Some(n) if i32::try_from(n).is_ok() => Ok(Value::Counting(
                        alloc::boxed::Box::new(crate::value::CountingTensor {
                            start: n as i64,
                            t: None,
                        }),
                    )),
                    _ => Err(EvalError::new(
                        alloc::format!(
                            "counting_iterator<int> starts at an int, found {} {v}",
                            v.kind()
                        ),
                        *at,
                    )),
                },
                ("int" | "int32_t", _) => Err(EvalError::new(
                    "counting_iterator<int>(n) takes its first integer",
                    span,
                )),
                _ => Err(not_supported(ty, "counting_iterator<int>", span)),
            };
        }
        Err(not_supported(
            &alloc::format!("{ty}(...)"),
            "make_tensor<T>(layout), or a declaration std::vector<T> v(n)",
            span,
        ))
    }

    /// A call of a template function of the program with explicit template arguments,
    /// `f<float>(x)` or `f<int, 3>(x)`: each binds the template's parameter in its place, a
    /// type to a scalar type (the parameters and the result of that type convert to it),
    /// a value to an integer.
    fn explicit_template_call(
        &mut self,
        name: &str,
        inner: &str,
        args: &[Expr],
        span: Span,
    ) -> Result<Value, EvalError> {
        let fs: Vec<_> = self.funcs[name]
            .iter()
            .filter(|f| f.takes(args.len()))
            .cloned()
            .collect();
        let [f] = fs.as_slice() else {
            return Err(if fs.is_empty() {
                EvalError::new(
                    alloc::format!("{name} has no overload of {} parameters", args.len()),
                    span,
                )
            } else {
                not_supported(
                    &alloc::format!("overloads of {name} with {} parameters", args.len()),
                    "functions of different names",
                    span,
                )
            });
        };
        let given = split_top_level(inner);
        if given.len() > f.tparams.len() {
            return Err(EvalError::new(
                alloc::format!(
                    "{name} has {} template parameter{}, given {}",
                    f.tparams.len(),
                    if f.tparams.len() == 1 { "" } else { "s" },
                    given.len()
                ),
                span,
            ));
        }
        let mut types = Vec::new();
        let mut values = Vec::new();
        for ((param, is_type), text) in f.tparams.iter().zip(&given) {
            let text = text.trim();
            if *is_type {
                let Some(e) = Elem::named(text).filter(|e| e.0 != "dim3") else {
                    return Err(not_supported(
                        &alloc::format!(
                            "{name}<{text}> (a template argument other than a scalar type)"
                        ),
                        "a scalar type (int, float, ...), or the type deduced from the argument",
                        span,
                    ));
                };
                types.push((param.clone(), e));
            } else {
                let v = text.parse::<i64>().ok().or_else(|| {
                    self.lookup(text)
                        .and_then(|v| v.v.integer())
                        .and_then(|n| i64::try_from(n).ok())
                });
                let Some(v) = v else {
                    return Err(not_supported(
                        &alloc::format!(
                            "{name}<{text}> (a template value other than an integer or a named constant)"
                        ),
                        "an integer",
                        span,
                    ));
                };
                values.push(v);
            }
        }
        if values.len() != f.tvalues.len() {
            return Err(EvalError::new(
                alloc::format!(
                    "{name}: its template value parameters are not all given ({} of {})",
                    values.len(),
                    f.tvalues.len()
                ),
                span,
            ));
        }
        self.explicit_types = types;
        let r = self.call_with_refs(f, name, &values, args, span, false);
        self.explicit_types.clear();
        r
    }

    /// CuTe's `recast<T>(t)` of a tensor over a pointer (`make_gmem_ptr<half_t>(nullptr)`):
    /// the pointer to `T` and `recast_layout<Old, T>` of the layout. A tensor over an array
    /// is refused (its elements' bits are not kept here), and so are a swizzled layout, a
    /// TMEM pointer and an upcast of a layout with a negative stride (CuTe moves the
    /// pointer then).
    fn recast_tensor(&mut self, to: &str, args: &[Expr], span: Span) -> Result<Value, EvalError> {
        let vals = self.eval_args(args)?;
        let name_span = Span::new(span.start, span.start + "recast".len());
        let t = match vals.as_slice() {
            [(Value::PtrTensor(t), _)] => t.clone(),
            [(v, at)] => {
                return Err(not_supported(
                    &alloc::format!("recast<{to}> of {}", v.kind()),
                    "recast of a tensor over make_gmem_ptr<T>(nullptr) or make_smem_ptr<T>(nullptr), or recast_layout<Old, New>(layout)",
                    *at,
                ));
            }
            _ => return Err(EvalError::new("recast<T>(t) takes one tensor", span)),
        };
        let Some(ty) = crate::value::pointer_type(to) else {
            return Err(not_supported(
                &alloc::format!("recast to {to}"),
                "recast to one of CuTe's element types (uint8_t, half_t, float, uint128_t, ...)",
                span,
            ));
        };
        let (ob, nb) = (t.ptr.bits, rcute::atom::element_bits(ty).unwrap_or(0));
        let rcute::swizzle::MaybeSwizzled::Plain(l) = t.layout else {
            return Err(not_supported(
                "recast of a tensor of a swizzled layout",
                "recast of a plain layout",
                span,
            ));
        };
        if t.ptr.space == crate::value::Space::Tmem || t.ptr.swizzle.is_some() || nb == 0 {
            return Err(not_supported(
                "recast of a tensor over this pointer",
                "recast of a tensor over make_gmem_ptr or make_smem_ptr",
                span,
            ));
        }
        if nb > ob && l.stride().leaves().any(|d| d.value() < 0) {
            return Err(not_supported(
                "recast to a wider type of a layout with a negative stride (CuTe moves the pointer)",
                "a layout of non-negative strides",
                span,
            ));
        }
        let bits_at = t.ptr.offset.checked_mul(ob).unwrap_or(i64::MAX);
        if bits_at % nb != 0 {
            return Err(EvalError::new(
                alloc::format!(
                    "recast<{to}>: the pointer is {} elements of {ob} bits from its base, no whole number of {nb}-bit elements",
                    t.ptr.offset
                ),
                span,
            ));
        }
        let nl = match self.table_call(
            "recast_layout",
            &[ob, nb],
            alloc::vec![(Value::Layout(l), span)],
            name_span,
            span,
        )? {
            Value::Layout(nl) => nl,
            v => {
                return Err(EvalError::new(
                    alloc::format!("recast<{to}>: the layout recasts to {} {v}", v.kind()),
                    span,
                ));
            }
        };
        Ok(Value::PtrTensor(alloc::boxed::Box::new(
            crate::value::PtrTensor {
                ptr: crate::value::Ptr {
                    ty,
                    bits: nb,
                    offset: bits_at / nb,
                    ..t.ptr
                },
                layout: rcute::swizzle::MaybeSwizzled::Plain(nl),
            },
        )))
    }

    /// `thr_mma.make_fragment_A/B/C(part)` of a thread's partition, after CuTe's two static
    /// checks: C's accumulators, an owning tensor of the MMA's C type over the
    /// column-major layout of the partition's shape (`make_tensor<FrgTypeC>(shape)`); A's
    /// and B's registers, `make_fragment_like<ValTypeA>(atensor)`; an SM100 UMMA's TMEM
    /// fragment (its C, a `_TS` atom's A); the descriptors of an operand a GMMA or UMMA
    /// reads from shared memory ([`Env::descriptor_fragment`]). The fragment's layout is
    /// the core's [`rcute::atom::TiledMma::try_fragment_of`].
    fn make_fragment(
        &mut self,
        tm: &rcute::atom::TiledMma,
        op: u8,
        c: (Value, Span),
        name_span: Span,
        span: Span,
    ) -> Result<Value, EvalError> {
        let at = c.1;
        let (tv, ty) = match op {
            b'A' => (tm.atom().layout_a_tv(), tm.atom().value_types()[1]),
            b'B' => (tm.atom().layout_b_tv(), tm.atom().value_types()[2]),
            _ => (tm.atom().layout_c_tv(), tm.atom().value_types()[3]),
        };
        let name = alloc::format!("make_fragment_{}", op as char);
        let operand = match op {
            b'A' => rcute::atom::Operand::A,
            b'B' => rcute::atom::Operand::B,
            _ => rcute::atom::Operand::C,
        };
        let whole = c.0.clone();
        let shape = self.call_named("shape", &[], alloc::vec![c], name_span, span)?;
        let rank = self.call_named(
            "rank",
            &[],
            alloc::vec![(shape.clone(), at)],
            name_span,
            span,
        )?;
        let mode0 = self.call_named(
            "size",
            &[0],
            alloc::vec![(shape.clone(), at)],
            name_span,
            span,
        );
        let values = self.call_named(
            "size",
            &[1],
            alloc::vec![(Value::Layout(*tv), at)],
            name_span,
            span,
        )?;
        let int = |v: &Value| match v {
            Value::Tuple(t) if t.is_leaf() => Some(t.leaf(0).value()),
            _ => None,
        };
        if int(&rank).is_none_or(|r| r < 3) {
            return Err(EvalError::new(
                alloc::format!(
                    "{name} takes a partitioned tensor of rank 3 or more (CuTe's static assertion)"
                ),
                at,
            ));
        }
        if mode0.as_ref().ok().and_then(int) != int(&values) {
            return Err(EvalError::new(
                alloc::format!(
                    "{name}: mode 0 of the partition holds {} values, the atom's {} (CuTe's static assertion)",
                    mode0.as_ref().ok().and_then(int).unwrap_or(-1),
                    int(&values).unwrap_or(-1)
                ),
                at,
            ));
        }
        if tm.atom().reads_shared(operand) {
            return self.descriptor_fragment(tm, operand, ty, &name, (whole, at), name_span);
        }
        if !matches!(&shape, Value::Tuple(s) if s.is_static()) {
            return Err(EvalError::new(
                alloc::format!(
                    "{name}: a fragment needs a static shape, this partition's is {shape} (CuTe's owning tensor: make_tensor<T> of a static layout)"
                ),
                at,
            ));
        }
        // the partition's layout (C's fragment reads only its shape), then the core's
        // fragment of it: registers, or an SM100 UMMA's TMEM (its C, a `_TS` atom's A)
        let part = match (&shape, &whole) {
            (Value::Tuple(s), _) if matches!(operand, rcute::atom::Operand::C) => {
                Layout::try_from_shape(*s).map_err(|e| EvalError::from_core(e, span))?
            }
            (_, Value::Data(t)) => t.t.layout(),
            (_, Value::Tensor(t)) => t.layout(),
            (_, Value::PtrTensor(t)) => match &t.layout {
                rcute::swizzle::MaybeSwizzled::Plain(l) => *l,
                rcute::swizzle::MaybeSwizzled::Swizzled(_) => {
                    return Err(not_supported(
                        &alloc::format!("{name} of a tensor with a swizzled layout"),
                        "a swizzled smem layout in the pointer: make_tensor(make_smem_ptr<T>(p), GMMA's atom)",
                        at,
                    ));
                }
            },
            (_, v) => {
                return Err(EvalError::new(
                    alloc::format!("{name} takes a tensor, found {}", v.kind()),
                    at,
                ));
            }
        };
        let l = tm
            .try_fragment_of(operand, &part)
            .map_err(|e| EvalError::from_core(e, span))?;
        if tm.atom().in_tmem(operand) {
            return Ok(tmem_tensor(ty, l));
        }
        self.owning(ty, l, span)
    }

    /// `thr_mma.make_fragment_A/B(tCsA)` of an operand a GMMA or an SM100 UMMA reads from
    /// shared memory: CuTe's `make_tensor<GMMA::smem_desc<Major>>(tCsA)` (or UMMA's), a
    /// tensor of descriptors (`GMMA::DescriptorIterator o L`) after CuTe's static checks (a
    /// shared-memory tensor of the atom's value type, `make_gmma_desc`'s or
    /// `make_umma_desc`'s canonical layouts). On the host, CuTe's `make_gmma_desc` prints
    /// `ERROR: cast_smem_ptr_to_uint not supported but used.` (it cannot take a
    /// shared-memory address there); so does this. Sparse atoms are refused.
    fn descriptor_fragment(
        &mut self,
        tm: &rcute::atom::TiledMma,
        operand: rcute::atom::Operand,
        ty: &str,
        name: &str,
        c: (Value, Span),
        name_span: Span,
    ) -> Result<Value, EvalError> {
        let atom = alloc::string::ToString::to_string(tm.atom().name());
        let umma = tm.atom().in_tmem(rcute::atom::Operand::C);
        let family = if umma { "UMMA" } else { "GMMA" };
        if atom.contains("SPARSE") {
            return Err(not_supported(
                &alloc::format!(
                    "{name} of {atom}, whose fragment is a view of shared memory through descriptors"
                ),
                "partition_A/B (the shared-memory partition the descriptors describe)",
                name_span,
            ));
        }
        let Value::PtrTensor(t) = &c.0 else {
            return Err(EvalError::new(
                alloc::format!(
                    "{name} of {atom} takes a partition of a shared-memory tensor (make_tensor(make_smem_ptr<T>(p), L)), found {} (CuTe: \"Expected SMEM Tensor to construct a {family} Desc Tensor\")",
                    c.0.kind()
                ),
                c.1,
            ));
        };
        if t.ptr.space != crate::value::Space::Smem {
            return Err(EvalError::new(
                alloc::format!(
                    "{name} of {atom} takes a shared-memory tensor, found one over {} (CuTe: \"Expected SMEM Tensor to construct a {family} Desc Tensor\")",
                    t.ptr
                ),
                c.1,
            ));
        }
        if t.ptr.ty != ty {
            return Err(EvalError::new(
                alloc::format!(
                    "{name}: the tensor holds {}, the atom's operand {ty} (CuTe's static assertion \"Expecting ValType{} type\")",
                    t.ptr.ty,
                    name.chars().last().unwrap_or('A')
                ),
                c.1,
            ));
        }
        let rcute::swizzle::MaybeSwizzled::Plain(l) = t.layout else {
            return Err(not_supported(
                &alloc::format!("{name} of a tensor with a swizzled layout"),
                "a swizzled smem layout in the pointer: make_tensor(make_smem_ptr<T>(p), GMMA's atom)",
                c.1,
            ));
        };
        let major = if tm.atom().descriptor_mn_major(operand) {
            rcute::atom::GmmaMajor::MN
        } else {
            rcute::atom::GmmaMajor::K
        };
        let layout = if umma {
            rcute::atom::umma_desc_fragment(&l, t.ptr.bits, t.ptr.swizzle, major)
        } else {
            rcute::atom::gmma_desc_fragment(&l, t.ptr.bits, t.ptr.swizzle, major)
        }
        .map_err(|e| EvalError::from_core(e, c.1))?;
        self.emit(
            "ERROR: cast_smem_ptr_to_uint not supported but used.\n",
            c.1,
        )?;
        Ok(Value::DescTensor(alloc::boxed::Box::new(
            crate::value::DescTensor { family, layout },
        )))
    }

    /// CuTe's `make_tensor_like(t)` and `make_fragment_like(t)` (of element type `ty`, or
    /// of `t`'s: `make_tensor_like<T>(t)`): an owning tensor of `t`'s shape, its layout
    /// like `t`'s (`make_layout_like`) or a fragment's (`make_fragment_like`).
    fn owning_like(
        &mut self,
        name: &str,
        ty: Option<&str>,
        t: &Value,
        name_span: Span,
        span: Span,
    ) -> Result<Value, EvalError> {
        // a tensor over an array: of its element type; over a counting iterator: int
        let (own, layout) = match t {
            Value::Counting(c) if c.t.is_some() => {
                ("int", c.t.unwrap_or_else(|| unreachable!()).layout())
            }
            Value::Data(t) => (t.ptr.elem.0, t.t.layout()),
            v => {
                return Err(EvalError::new(
                    alloc::format!("{name} takes a tensor over an array, found {}", v.kind()),
                    span,
                ));
            }
        };
        let f = if name == "make_tensor_like" {
            "make_layout_like"
        } else {
            "make_fragment_like"
        };
        let l = self.call_named(
            f,
            &[],
            alloc::vec![(Value::Layout(layout), span)],
            name_span,
            span,
        )?;
        match l {
            Value::Layout(l) => self.owning(ty.unwrap_or(own), l, span),
            _ => Err(EvalError::new(
                alloc::format!("{name}: not a plain layout"),
                span,
            )),
        }
    }

    /// An owning tensor of `layout`'s cosize zeros. CuTe's owning tensors hold a static
    /// array (`ArrayEngine<T, cosize_v<Layout>>`): a layout with a dynamic integer is
    /// refused, as CuTe's `static_assert` refuses it ("Dynamic owning tensors not
    /// supported").
    fn owning(&mut self, ty: &str, layout: Layout, span: Span) -> Result<Value, EvalError> {
        if !layout.is_static() {
            return Err(EvalError::new(
                alloc::format!(
                    "an owning tensor needs a static layout, this one is {layout} (CuTe's static assertion: dynamic owning tensors not supported); write Int<N>{{}} for its sizes, or make_tensor(v.data(), layout) over a std::vector"
                ),
                span,
            ));
        }
        let elem = Elem::named(ty).ok_or_else(|| {
            not_supported(
                &alloc::format!("a tensor of {ty}"),
                "make_tensor<float>, <double>, <int>, <bool> or an intN_t",
                span,
            )
        })?;
        let n = layout
            .try_cosize()
            .map_err(|e| EvalError::from_core(e, span))?
            .value();
        let mut p = self.alloc(elem, n, span)?;
        if elem.0 == "bool" {
            p.mem = Mem::Bits;
        }
        Ok(Value::Data(alloc::boxed::Box::new(DataTensor {
            ptr: p,
            t: CoordTensor::new(IntTuple::from_int(Int::dynamic(0)), layout),
            owning: true,
        })))
    }

    /// The layout of `make_tensor(p, ...)`: a layout, a shape (column-major), or a shape
    /// and a stride.
    fn layout_arg(&mut self, vals: &[(Value, Span)], span: Span) -> Result<Layout, EvalError> {
        match vals {
            [(Value::Layout(l), _)] => Ok(*l),
            [(Value::Composed(_) | Value::Chain(_), at), ..] => Err(not_supported(
                "a tensor over an array with a swizzled layout",
                "a plain layout",
                *at,
            )),
            [] => Err(EvalError::new(
                "make_tensor takes a layout, a shape, or a shape and a stride or a tag",
                span,
            )),
            _ => match self.call_named("make_layout", &[], vals.to_vec(), span, span)? {
                Value::Layout(l) => Ok(l),
                _ => Err(not_supported(
                    "a tensor over an array with a swizzled layout",
                    "a plain layout",
                    span,
                )),
            },
        }
    }

    /// `<algorithm>` and `<numeric>` on a range `[a, b)` of one array: `accumulate(a, b,
    /// init)` (the sum in init's type, converted at each step as C++'s `init = init + *it`
    /// does), `sort` (ascending), `reverse`, `max_element` and `min_element` (a pointer to
    /// the first largest or smallest, `b` of an empty range), `count(a, b, x)`.
    fn std_range(
        &mut self,
        name: &str,
        a: Ptr,
        b: Ptr,
        rest: &[(Value, Span)],
        span: Span,
    ) -> Result<Value, EvalError> {
        let len = self.heap[a.buf as usize].data.len() as i64;
        if a.buf != b.buf || b.off < a.off {
            return Err(EvalError::new(
                alloc::format!("{name}: the two pointers are no range of one array"),
                span,
            ));
        }
        if a.off < 0 || b.off > len {
            return Err(EvalError::new(
                alloc::format!(
                    "{name}: the range [{}, {}) is outside its array of {len} elements",
                    a.off,
                    b.off
                ),
                span,
            ));
        }
        let want = |n: usize| -> Result<(), EvalError> {
            if rest.len() == n {
                return Ok(());
            }
            Err(EvalError::new(
                alloc::format!("{name} takes {} arguments, found {}", n + 2, rest.len() + 2),
                span,
            ))
        };
        // the elements as values, for the algorithms that compare or add them (sort and
        // reverse move the stored elements themselves)
        let mut items = Vec::new();
        if !matches!(name, "std::sort" | "std::reverse") {
            for off in a.off..b.off {
                items.push(self.read(Ptr { off, ..a }, span)?);
            }
        }
        let lt = |x: &Value, y: &Value| -> Result<bool, EvalError> {
            let r = crate::exec::binop(crate::syntax::Op2::Lt, x.clone(), y.clone(), span, span)?;
            Ok(crate::exec::truth_of(&r, span)?.0)
        };
        match name {
            "std::accumulate" => {
                want(1)?;
                let mut acc = rest[0].0.clone();
                // the sum has init's type: a float, a double, an int or an unsigned
                let ty = match &acc {
                    Value::Float(_, true) => Some(Elem("float")),
                    Value::Float(_, false) => Some(Elem("double")),
                    Value::Unsigned(_, 64) => Some(Elem("uint64_t")),
                    Value::Unsigned(..) => Some(Elem("unsigned")),
                    Value::Tuple(t) if t.is_leaf() && !t.leaf(0).is_basis() => None,
                    Value::Const(_) => None,
                    v => {
                        return Err(EvalError::new(
                            alloc::format!(
                                "{name}: the initial value is a number, not {}",
                                v.kind()
                            ),
                            rest[0].1,
                        ));
                    }
                };
                for x in items {
                    acc = crate::exec::binop(
                        crate::syntax::Op2::Arith(crate::syntax::BinOp::Add),
                        acc,
                        x,
                        span,
                        span,
                    )?;
                    acc = crate::exec::convert(acc, ty.unwrap_or(Elem("int")), span)?;
                }
                Ok(acc)
            }
            "std::sort" | "std::reverse" => {
                want(0)?;
                // the elements as stored: one type, ordered as C++'s `<` orders it
                let buf = &mut self.heap[a.buf as usize].data[a.off as usize..b.off as usize];
                if name == "std::reverse" {
                    buf.reverse();
                } else {
                    let wide_unsigned = matches!(a.elem.0, "uint64_t" | "size_t");
                    buf.sort_by(|x, y| match (x, y) {
                        (Num::F(x), Num::F(y)) => {
                            x.partial_cmp(y).unwrap_or(core::cmp::Ordering::Equal)
                        }
                        (Num::I(x), Num::I(y)) if wide_unsigned => (*x as u64).cmp(&(*y as u64)),
                        (Num::I(x), Num::I(y)) => x.cmp(y),
                        (Num::I(x), Num::F(y)) => (*x as f64)
                            .partial_cmp(y)
                            .unwrap_or(core::cmp::Ordering::Equal),
                        (Num::F(x), Num::I(y)) => x
                            .partial_cmp(&(*y as f64))
                            .unwrap_or(core::cmp::Ordering::Equal),
                    });
                }
                Ok(void())
            }
            "std::max_element" | "std::min_element" => {
                want(0)?;
                let mut best = 0usize;
                for k in 1..items.len() {
                    let better = if name == "std::max_element" {
                        lt(&items[best], &items[k])?
                    } else {
                        lt(&items[k], &items[best])?
                    };
                    if better {
                        best = k;
                    }
                }
                let off = if items.is_empty() {
                    b.off
                } else {
                    a.off + best as i64
                };
                Ok(Value::Ptr(Ptr { off, ..a }))
            }
            _ => {
                // std::count
                want(1)?;
                let mut n = 0i64;
                for x in items {
                    let r = crate::exec::binop(
                        crate::syntax::Op2::Eq,
                        x,
                        rest[0].0.clone(),
                        span,
                        span,
                    )?;
                    n += i64::from(crate::exec::truth_of(&r, span)?.0);
                }
                Ok(Value::int(Int::dynamic(n)))
            }
        }
    }

    fn write_elem(&mut self, p: Ptr, v: Value, span: Span) -> Result<(), EvalError> {
        let n = to_num(v, p.elem, span)?;
        let len = self.heap[p.buf as usize].data.len();
        match usize::try_from(p.off)
            .ok()
            .and_then(|i| self.heap[p.buf as usize].data.get_mut(i))
        {
            Some(slot) => {
                *slot = n;
                Ok(())
            }
            None => Err(EvalError::new(
                alloc::format!("index {} is outside its array of {len} elements", p.off),
                span,
            )),
        }
    }

    /// The elements of a tensor in its index order.
    fn values(&self, t: &DataTensor, span: Span) -> Result<Vec<Value>, EvalError> {
        let n = t.t.size().value();
        if n > crate::data::MAX_ELEMENTS as i64 {
            return Err(EvalError::new(
                "this tensor is too large to enumerate",
                span,
            ));
        }
        let mut out = Vec::with_capacity(n as usize);
        for i in 0..n {
            let p = self.data_elem(t, &IntTuple::from_int(Int::dynamic(i)), span)?;
            out.push(self.read(p, span)?);
        }
        Ok(out)
    }

    /// Sets every element of `t` to `f(index, old value)`.
    fn for_each(
        &mut self,
        t: &DataTensor,
        span: Span,
        mut f: impl FnMut(i64, Value) -> Result<Value, EvalError>,
    ) -> Result<(), EvalError> {
        let n = t.t.size().value();
        if n > crate::data::MAX_ELEMENTS as i64 {
            return Err(EvalError::new(
                "this tensor is too large to enumerate",
                span,
            ));
        }
        for i in 0..n {
            self.steps += 1;
            let p = self.data_elem(t, &IntTuple::from_int(Int::dynamic(i)), span)?;
            let old = self.read(p, span)?;
            let v = f(i, old)?;
            self.write_elem(p, v, span)?;
        }
        Ok(())
    }

    /// CuTe's host `gemm(A, B, C)` (and `gemm(mma, A, B, C)` of a UniversalFMA tiling):
    /// `C(m,n) += A(m,k) * B(n,k)` for k in order, A (M,K), B (N,K), C (M,N), or with a
    /// first mode of one value, (V,M,K) x (V,N,K) => (V,M,N), V = 1.
    fn host_gemm(
        &mut self,
        a: &DataTensor,
        b: &DataTensor,
        c: &DataTensor,
        span: Span,
    ) -> Result<(), EvalError> {
        let dims = |t: &DataTensor| -> Vec<i64> {
            t.t.layout()
                .shape()
                .modes()
                .map(|m| m.size().value())
                .collect()
        };
        // CuTe compares the modes' sizes in static assertions
        // (`CUTE_STATIC_ASSERT_V(size<0>(A) == size<0>(C))`), which a dynamic size does not
        // compile
        for (name, t) in [("A", a), ("B", b), ("C", c)] {
            if !t.t.layout().shape().is_static() {
                return Err(EvalError::new(
                    alloc::format!(
                        "CuTe's host gemm compares the tensors' sizes in static assertions, and {name}'s shape {} is dynamic (C++ does not compile it); write its sizes as Int<N>{{}}",
                        t.t.layout().shape()
                    ),
                    span,
                ));
            }
        }
        let (da, db, dc) = (dims(a), dims(b), dims(c));
        // (m, n, k, a first mode of one value, a K mode)
        let (m, n, kk, v, has_k) = match (da.as_slice(), db.as_slice(), dc.as_slice()) {
            ([m, k], [n, k2], [m2, n2]) if k == k2 && m == m2 && n == n2 => {
                (*m, *n, *k, false, true)
            }
            ([1, m, k], [1, n, k2], [1, m2, n2]) if k == k2 && m == m2 && n == n2 => {
                (*m, *n, *k, true, true)
            }
            ([1, m], [1, n], [1, m2, n2]) if m == m2 && n == n2 => (*m, *n, 1, true, false),
            _ => {
                return Err(EvalError::new(
                    alloc::format!(
                        "gemm takes A (M,K), B (N,K), C (M,N), or (1,M,K), (1,N,K), (1,M,N), or (1,M), (1,N), (1,M,N); these are {:?}, {:?}, {:?}",
                        da,
                        db,
                        dc
                    ),
                    span,
                ));
            }
        };
        if m.saturating_mul(n).saturating_mul(kk) > crate::data::MAX_ELEMENTS as i64 {
            return Err(EvalError::new(
                "this gemm is too large for one thread",
                span,
            ));
        }
        let at = |i: i64, j: Option<i64>| {
            let mut modes = Vec::new();
            if v {
                modes.push(IntTuple::from_int(Int::dynamic(0)));
            }
            modes.push(IntTuple::from_int(Int::dynamic(i)));
            if let Some(j) = j {
                modes.push(IntTuple::from_int(Int::dynamic(j)));
            }
            IntTuple::try_tuple(&modes)
        };
        let mul = crate::syntax::Op2::Arith(crate::syntax::BinOp::Mul);
        let add = crate::syntax::Op2::Arith(crate::syntax::BinOp::Add);
        for k in 0..kk {
            for i in 0..m {
                for j in 0..n {
                    self.steps += 1;
                    let coord = |x, y| at(x, y).map_err(|e| EvalError::from_core(e, span));
                    let kk = has_k.then_some(k);
                    let pa = self.data_elem(a, &coord(i, kk)?, span)?;
                    let pb = self.data_elem(b, &coord(j, kk)?, span)?;
                    let pc = self.data_elem(c, &coord(i, Some(j))?, span)?;
                    let ab = crate::exec::binop(
                        mul,
                        self.read(pa, span)?,
                        self.read(pb, span)?,
                        span,
                        span,
                    )?;
                    let sum = crate::exec::binop(add, ab, self.read(pc, span)?, span, span)?;
                    self.write_elem(pc, sum, span)?;
                }
            }
        }
        Ok(())
    }

    /// CuTe's `copy_if(pred, src, dst)`: `dst(i) = src(i)` where `pred(i)`, for each index
    /// `i` of `dst`; an element whose predicate is false is neither read nor written.
    fn copy_if_data(
        &mut self,
        pred: &Value,
        s: &DataTensor,
        d: &DataTensor,
        span: Span,
    ) -> Result<(), EvalError> {
        let n = d.t.size().value();
        if n > crate::data::MAX_ELEMENTS as i64 {
            return Err(EvalError::new(
                "this tensor is too large to enumerate",
                span,
            ));
        }
        for i in 0..n {
            self.steps += 1;
            let at = IntTuple::from_int(Int::dynamic(i));
            let q = self.element_of(pred, &at, span)?;
            let (on, _) = crate::exec::truth_of(&q, span)?;
            if on {
                let from = self.data_elem(s, &at, span)?;
                let v = self.read(from, span)?;
                let to = self.data_elem(d, &at, span)?;
                self.write_elem(to, v, span)?;
            }
        }
        Ok(())
    }

    /// CuTe's `copy(copy_atom, src, dst)` (or a tiled copy's): the atom copies the
    /// vectors of mode 0 one by one, so every element is copied, once CuTe's compile
    /// accepts the partition: mode 0, or its first mode, recursively, holds exactly the
    /// atom's values per thread, a static number.
    fn copy_by_atom(
        &mut self,
        atom: &rcute::atom::CopyAtom,
        s: &DataTensor,
        d: &DataTensor,
        span: Span,
    ) -> Result<(), EvalError> {
        let n = atom
            .num_val_src()
            .map_err(|e| EvalError::from_core(e, span))?;
        let fits = |shape: &IntTuple| {
            let Some(mut m) = shape.modes().next() else {
                return false;
            };
            loop {
                let size = m.size();
                if size.is_static() && size.value() == n.value() {
                    return true;
                }
                if m.is_leaf() {
                    return false;
                }
                match m.modes().next() {
                    Some(x) => m = x,
                    None => return false,
                }
            }
        };
        let (ss, ds) = (s.t.layout().shape(), d.t.layout().shape());
        if !fits(&ss) || ss.rank() != ds.rank() || ss.size().value() != ds.size().value() {
            return Err(EvalError::new(
                alloc::format!(
                    "copy: the partitions {ss} and {ds} do not match the atom's {} values per thread (CuTe's static assertion: Src/Dst partitioning does not match the instruction requirement)",
                    n.value()
                ),
                span,
            ));
        }
        self.copy_data(s, d, span)
    }

    fn copy_data(&mut self, s: &DataTensor, d: &DataTensor, span: Span) -> Result<(), EvalError> {
        if s.t.size().value() != d.t.size().value() {
            return Err(EvalError::new(
                alloc::format!(
                    "copy: the source has {} elements, the destination {}",
                    s.t.size().value(),
                    d.t.size().value()
                ),
                span,
            ));
        }
        let xs = self.values(s, span)?;
        self.for_each(d, span, |i, _| Ok(xs[i as usize].clone()))
    }

    /// CuTe's `print_tensor` of a tensor over an array.
    fn print_data(&self, t: &DataTensor, span: Span) -> Result<String, EvalError> {
        use core::fmt::Write;
        within_cells(&t.t.layout(), "print_tensor prints", span)?;
        if !t.ptr.elem.printable() {
            return Err(not_supported(
                &alloc::format!("print_tensor of {} elements", t.ptr.elem.0),
                "print_tensor of float, double, bool or integer elements",
                span,
            ));
        }
        let mut out = alloc::format!("{t}:\n");
        self.rows(t, &mut out, false, span)?;
        let _ = write!(out, "");
        Ok(out)
    }

    /// CuTe's `std::cout << t` of a tensor over an array: its layout, then its elements
    /// as a stream writes them (`print_tensor_os`: each in 9 columns, a float in C++'s
    /// default format), rows as `print_tensor` lays them out.
    pub(crate) fn stream_data(&self, t: &DataTensor, span: Span) -> Result<String, EvalError> {
        within_cells(&t.t.layout(), "std::cout writes tensors of", span)?;
        if !t.ptr.elem.printable() || (t.ptr.elem.bits() == 8 && t.ptr.elem.0 != "bool") {
            // an 8-bit integer goes to a stream as a character
            return Err(not_supported(
                &alloc::format!("std::cout of a tensor of {} elements", t.ptr.elem.0),
                "print_tensor(t)",
                span,
            ));
        }
        let mut out = alloc::format!("{}\n", t.t.layout());
        self.rows(t, &mut out, true, span)?;
        Ok(out)
    }

    /// CuTe's algorithms on a tuple with a lambda (or a function) of the program:
    /// `for_each(t, f)` calls `f` with each of its top-level elements (each integer of
    /// `make_int_sequence<N>{}`), `transform(t, f)` is the tuple of the results,
    /// `fold(t, init, f)` is `f(...f(f(init, t0), t1)..., tn)`; an integer (not a tuple)
    /// is one element.
    fn tuple_algorithm(
        &mut self,
        name: &str,
        args: &[Expr],
        span: Span,
    ) -> Result<Value, EvalError> {
        let want = if name == "fold" { 3 } else { 2 };
        let usage = match name {
            "for_each" => "for_each(t, f): a tuple or a tensor and a lambda",
            "transform" => {
                "transform(t, f): a tuple or a tensor and a lambda, or transform(in, out, f), transform(in1, in2, out, f) of tensors"
            }
            _ => "fold(t, init, f): a tuple, a value and a lambda",
        };
        if !(2..=4).contains(&args.len()) {
            return Err(EvalError::new(usage, span));
        }
        let vals = self.eval_args(args)?;
        if name != "fold"
            && matches!(
                vals[0].0,
                Value::Data(_) | Value::Tensor(_) | Value::Lazy(_)
            )
        {
            return self.tensor_algorithm(name, &vals, usage, span);
        }
        if vals.len() != want {
            return Err(EvalError::new(usage, span));
        }
        let (Value::Tuple(t), Value::Func(f)) = (&vals[0].0, &vals[want - 1].0) else {
            // CuTe's transform of tensors, and its other forms, are not the host subset's
            return Err(not_supported(
                &alloc::format!(
                    "{name} of {} and {}",
                    vals[0].0.kind(),
                    vals[want - 1].0.kind()
                ),
                usage,
                span,
            ));
        };
        let (t, f) = (*t, f.0.clone());
        let elems: Vec<IntTuple> = if t.is_leaf() {
            alloc::vec![t]
        } else {
            (0..t.rank()).map(|i| t.get(i)).collect()
        };
        let mut acc = if name == "fold" {
            Some(vals[1].0.clone())
        } else {
            None
        };
        let mut outs = Vec::with_capacity(elems.len());
        for e in elems {
            let mut a = Vec::with_capacity(2);
            if let Some(x) = acc.take() {
                a.push((x, vals[1].1));
            }
            a.push((Value::Tuple(e), vals[0].1));
            let r = self.call_user(&f, &[], a, span, true)?;
            match name {
                "fold" => acc = Some(r),
                "transform" => match r {
                    Value::Tuple(x) => outs.push(x),
                    v => {
                        return Err(not_supported(
                            &alloc::format!("transform to {} {v}", v.kind()),
                            "a lambda that returns an integer or a tuple",
                            span,
                        ));
                    }
                },
                _ => {}
            }
        }
        match name {
            "fold" => Ok(acc.unwrap_or_else(void)),
            "transform" if t.is_leaf() => Ok(Value::Tuple(outs[0])),
            "transform" => IntTuple::try_tuple(&outs)
                .map(Value::Tuple)
                .map_err(|e| EvalError::from_core(e, span)),
            _ => Ok(void()),
        }
    }

    /// The element of a tensor at an index or a coordinate: of a tensor over an array its
    /// value, of a coordinate tensor its coordinate, of a `lazy::transform` tensor the
    /// function of its base's element.
    pub(crate) fn element_of(
        &mut self,
        t: &Value,
        at: &IntTuple,
        span: Span,
    ) -> Result<Value, EvalError> {
        match t {
            Value::Data(t) => {
                let p = self.data_elem(t, at, span)?;
                self.read(p, span)
            }
            Value::Tensor(t) => t
                .try_get(at)
                .map(Value::Tuple)
                .map_err(|e| EvalError::from_core(e, span)),
            Value::Counting(c) if c.t.is_some() => {
                let t = c.t.unwrap_or_else(|| unreachable!());
                counting_element(c.start, &t, at, span)
            }
            Value::Lazy(l) => {
                let x = self.element_of(&l.base, at, span)?;
                self.call_user(&l.f.0, &[], alloc::vec![(x, span)], span, true)
            }
            v => Err(EvalError::new(
                alloc::format!(
                    "this is {}, not a tensor whose elements rcute reads",
                    v.kind()
                ),
                span,
            )),
        }
    }

    /// CuTe's algorithms on tensors (`cute/algorithm/tensor_algorithms.hpp`), one element
    /// after the other in index order, as CuTe's loops `for (int i = 0; i < size(t); ++i)`
    /// run them:
    /// - `for_each(t, f)` calls `f(t(i))`;
    /// - `transform(t, f)` sets `t(i) = f(t(i))`;
    /// - `transform(in, out, f)` sets `out(i) = f(in(i))`, `transform(in1, in2, out, f)`
    ///   sets `out(i) = f(in1(i), in2(i))`, for each index of the first input.
    ///
    /// A tensor read is a tensor over an array or a coordinate tensor
    /// (`make_identity_tensor`, whose elements are coordinates); a tensor written is a
    /// tensor over an array, its element converted to the array's type as an assignment
    /// converts it. `f`'s parameters are values (a lambda's `auto&` is refused, as
    /// everywhere).
    fn tensor_algorithm(
        &mut self,
        name: &str,
        vals: &[(Value, Span)],
        usage: &str,
        span: Span,
    ) -> Result<Value, EvalError> {
        let Some((Value::Func(f), _)) = vals.last() else {
            return Err(EvalError::new(usage, span));
        };
        let f = f.0.clone();
        let tensors = &vals[..vals.len() - 1];
        let written = match (name, tensors.len()) {
            ("for_each", 1) => None,
            ("transform", 1..=3) => Some(tensors.len() - 1),
            _ => return Err(EvalError::new(usage, span)),
        };
        for (k, (v, at)) in tensors.iter().enumerate() {
            match v {
                Value::Data(_) => {}
                Value::Tensor(_) | Value::Lazy(_) if Some(k) != written => {}
                Value::Lazy(_) => {
                    return Err(EvalError::new(
                        alloc::format!(
                            "{name}: it writes a lazy::transform tensor, whose elements are values; it writes a tensor over an array"
                        ),
                        *at,
                    ));
                }
                Value::Tensor(_) => {
                    return Err(EvalError::new(
                        alloc::format!(
                            "{name}: it writes a coordinate tensor, whose elements are values; it writes a tensor over an array"
                        ),
                        *at,
                    ));
                }
                _ => {
                    return Err(EvalError::new(
                        alloc::format!("{name} takes tensors and a lambda, found {}", v.kind()),
                        *at,
                    ));
                }
            }
        }
        // for_each(t, [](auto& x) { ... }): x is the element, written back after each call
        let by_ref = f.params.iter().any(|(_, ty)| ty.reference);
        if by_ref {
            let (Value::Data(t), at) = &tensors[0] else {
                return Err(EvalError::new(
                    alloc::format!(
                        "{name}: a coordinate tensor's elements are values, a non-const reference parameter does not bind to them (C++ does not compile it)"
                    ),
                    tensors[0].1,
                ));
            };
            if name != "for_each" {
                return Err(not_supported(
                    &alloc::format!("{name} with a lambda's non-const reference parameter"),
                    "a value parameter and the lambda's result",
                    span,
                ));
            }
            // the parameter is a copy here: nothing else in the lambda may reach the
            // elements meanwhile
            let own: Vec<&str> = f.params.iter().map(|(n, _)| n.as_str()).collect();
            for m in crate::sequence::mentioned(&f.body) {
                if own.contains(&m.as_str()) {
                    continue;
                }
                let other = match self.lookup(&m).map(|v| &v.v) {
                    Some(Value::Ptr(q) | Value::Vector(q)) => q.buf == t.ptr.buf,
                    Some(Value::Data(d)) => d.ptr.buf == t.ptr.buf,
                    Some(Value::Func(_)) => true,
                    _ => self.funcs.contains_key(&m),
                };
                if other {
                    return Err(not_supported(
                        &alloc::format!(
                            "{name} of a lambda taking its element by reference, whose body also reaches the elements through {m}"
                        ),
                        "an index loop, for (int i = 0; i < size(t); ++i)",
                        *at,
                    ));
                }
            }
        }
        fn coords(v: &Value) -> CoordTensor {
            match v {
                Value::Data(t) => t.t,
                Value::Tensor(t) => **t,
                Value::Lazy(l) => coords(&l.base),
                _ => unreachable!(),
            }
        }
        let n = coords(&tensors[0].0).size().value();
        if n > crate::data::MAX_ELEMENTS as i64 {
            return Err(EvalError::new(
                "this tensor is too large to enumerate",
                tensors[0].1,
            ));
        }
        // the inputs: all tensors of for_each, those before the written one of transform
        // (`transform(t, f)` reads the tensor it writes)
        let inputs = match written {
            Some(w) if w > 0 => &tensors[..w],
            _ => tensors,
        };
        for i in 0..n {
            let at = IntTuple::from_int(Int::dynamic(i));
            let mut args = Vec::with_capacity(inputs.len());
            for (v, s) in inputs {
                let x = self.element_of(v, &at, *s)?;
                args.push((x, *s));
            }
            if by_ref {
                let (Value::Data(t), s) = &tensors[0] else {
                    unreachable!()
                };
                self.lambda_refs = true;
                self.ref_out.clear();
                self.call_user(&f, &[], args, span, true)?;
                if let Some(x) = core::mem::take(&mut self.ref_out).pop() {
                    let p = self.data_elem(t, &at, *s)?;
                    self.write_elem(p, x, span)?;
                }
                continue;
            }
            let r = self.call_user(&f, &[], args, span, true)?;
            if let Some(w) = written {
                let (Value::Data(t), s) = &tensors[w] else {
                    unreachable!()
                };
                let p = self.data_elem(t, &at, *s)?;
                self.write_elem(p, r, span)?;
            }
        }
        Ok(void())
    }

    /// CuTe's `std::cout << t` of a coordinate tensor (`make_identity_tensor`): its layout,
    /// then its coordinates, each after the 8 spaces `std::setw(9)` puts before its `(`.
    pub(crate) fn stream_coords(t: &CoordTensor, span: Span) -> Result<String, EvalError> {
        within_cells(&t.layout(), "std::cout writes tensors of", span)?;
        let mut out = alloc::format!("{}\n", t.layout());
        tensor_rows(t, 9, STREAM_RANKS, &mut out, span, &|sub, c| {
            let x = sub.try_get(&c).map_err(|e| EvalError::from_core(e, span))?;
            Ok(alloc::format!("        {x}"))
        })?;
        Ok(out)
    }

    /// The rows of `print_tensor` (or with `stream`, of `std::cout <<`) of `t`.
    fn rows(
        &self,
        t: &DataTensor,
        out: &mut String,
        stream: bool,
        span: Span,
    ) -> Result<(), EvalError> {
        let (sep, ranks) = if stream {
            (9, STREAM_RANKS)
        } else {
            (5, "print_tensor prints tensors of rank 1 to 4")
        };
        tensor_rows(&t.t, sep, ranks, out, span, &|sub, coord| {
            let p = self.data_elem(
                &DataTensor {
                    ptr: t.ptr,
                    t: *sub,
                    owning: false,
                },
                &coord,
                span,
            )?;
            let buf = &self.heap[p.buf as usize];
            // an element outside the array is C++'s undefined read: refused, as a read is
            let n = usize::try_from(p.off)
                .ok()
                .and_then(|i| buf.data.get(i))
                .copied()
                .ok_or_else(|| {
                    EvalError::new(
                        alloc::format!(
                            "print_tensor: index {} is outside its array of {} elements",
                            p.off,
                            buf.data.len()
                        ),
                        span,
                    )
                })?;
            if stream {
                // `os << std::setw(9) << x`
                let text = match n {
                    Num::F(v) => crate::printf::c_general(v, 6),
                    Num::I(v) if matches!(p.elem.0, "uint64_t" | "size_t") => {
                        alloc::format!("{}", v as u64)
                    }
                    Num::I(v) => alloc::format!("{v}"),
                };
                return Ok(alloc::format!("{text:>9}"));
            }
            Ok(crate::data::pretty(p.elem, n))
        })
    }

    /// A note for the caller (`__syncthreads()` does nothing), once each.
    fn note(&mut self, s: &str) {
        if !self.notes.iter().any(|n| n == s) {
            self.notes.push(String::from(s));
        }
    }
}

/// The error of `std::cout << t` of a tensor of another rank.
const STREAM_RANKS: &str = "std::cout writes tensors of rank 1 to 4";

/// The rows CuTe's `print_tensor` and `std::cout << t` lay a tensor of rank 1 to 4 out in,
/// appended to `out`: an element a line (rank 1), a row a line (rank 2), the rank-2 slices
/// of the last mode separated by a line of `sep * size<1>` dashes (rank 3) or `=` (rank
/// 4). `cell` writes the element at a coordinate of the (sliced) tensor; `ranks` is the
/// error of another rank.
fn tensor_rows(
    t: &CoordTensor,
    sep: i64,
    ranks: &'static str,
    out: &mut String,
    span: Span,
    cell: &dyn Fn(&CoordTensor, IntTuple) -> Result<String, EvalError>,
) -> Result<(), EvalError> {
    let core = |e| EvalError::from_core(e, span);
    let l = t.layout();
    let dim = |m: usize| -> Result<i64, EvalError> {
        Ok(l.try_mode(m)
            .and_then(|x| x.try_size())
            .map_err(core)?
            .value())
    };
    let int = |v: i64| IntTuple::from_int(Int::dynamic(v));
    let tup = |xs: &[IntTuple]| IntTuple::try_tuple(xs).map_err(core);
    match l.rank() {
        0 | 1 => {
            for m in 0..l.try_size().map_err(core)?.value() {
                out.push_str(&cell(t, int(m))?);
                out.push('\n');
            }
        }
        2 => {
            for m in 0..dim(0)? {
                for n in 0..dim(1)? {
                    out.push_str(&cell(t, tup(&[int(m), int(n)])?)?);
                }
                out.push('\n');
            }
        }
        r @ (3 | 4) => {
            let under = IntTuple::from_int(Int::UNDERSCORE);
            for k in 0..dim(r - 1)? {
                if k > 0 {
                    let line = if r == 3 { "-" } else { "=" };
                    for _ in 0..sep * dim(1)? {
                        out.push_str(line);
                    }
                    out.push('\n');
                }
                let mut c = alloc::vec![under; r];
                c[r - 1] = int(k);
                let sub = t.try_slice(&tup(&c)?).map_err(core)?;
                tensor_rows(&sub, sep, ranks, out, span, cell)?;
            }
        }
        _ => return Err(EvalError::new(ranks, span)),
    }
    Ok(())
}

/// The bound on what `print_tensor` and `std::cout << t` write (`what`, the error's
/// words): a tensor of at most [`rcute::tensor::MAX_TENSOR_CELLS`] elements.
fn within_cells(l: &rcute::Layout, what: &str, span: Span) -> Result<(), EvalError> {
    if l.try_size().map(|s| s.value()).unwrap_or(i64::MAX) > rcute::tensor::MAX_TENSOR_CELLS {
        return Err(EvalError::new(
            alloc::format!(
                "{what} at most {} elements",
                rcute::tensor::MAX_TENSOR_CELLS
            ),
            span,
        ));
    }
    Ok(())
}

/// The element of a tensor over a counting iterator at an index or a coordinate: its
/// start plus the offset there, an `int`.
fn counting_element(
    start: i64,
    t: &CoordTensor,
    at: &IntTuple,
    span: Span,
) -> Result<Value, EvalError> {
    let off = t.try_get(at).map_err(|e| EvalError::from_core(e, span))?;
    match off.as_int() {
        Some(i) if !i.is_basis() => match start.checked_add(i.value()).map(i32::try_from) {
            Some(Ok(v)) => Ok(Value::int(Int::dynamic(i64::from(v)))),
            _ => Err(EvalError::new(
                "this counting iterator's element leaves int (C++ leaves the overflow undefined)",
                span,
            )),
        },
        _ => Err(EvalError::new(
            "this tensor's element is not an offset",
            span,
        )),
    }
}

/// CuTe's `print_tensor` of a tensor over a counting iterator: the tensor, then its ints
/// as `print_tensor` lays them out.
fn counting_rows(c: &crate::value::CountingTensor, span: Span) -> Result<String, EvalError> {
    let t = c.t.unwrap_or_else(|| unreachable!());
    within_cells(&t.layout(), "print_tensor prints", span)?;
    let mut out = alloc::format!("{c}:\n");
    tensor_rows(
        &t,
        5,
        "print_tensor prints tensors of rank 1 to 4",
        &mut out,
        span,
        &|sub, coord| {
            let v = counting_element(c.start, sub, &coord, span)?;
            let n = v.integer().unwrap_or(0) as i64;
            Ok(crate::data::pretty(Elem("int"), Num::I(n)))
        },
    )?;
    Ok(out)
}

/// Whether `name` is one of the host subset's own calls (not the table's).
pub(crate) fn is_host_call(name: &str) -> bool {
    matches!(
        name,
        "__syncthreads"
            | "lazy::transform"
            | "for_each"
            | "transform"
            | "fold"
            | "thread0"
            | "block0"
            | "cp_async_fence"
            | "cp_async_wait"
            | "cp_async_wait_all"
            | "make_tensor"
            | "make_tensor_like"
            | "make_fragment_like"
            | "partition_fragment_C"
            | "make_gmem_ptr"
            | "make_smem_ptr"
            | "make_rmem_ptr"
            | "print_tensor"
            | "copy"
            | "copy_if"
            | "fill"
            | "clear"
            | "axpby"
            | "std::iota"
            | "iota"
            | "std::accumulate"
            | "std::sort"
            | "std::reverse"
            | "std::max_element"
            | "std::min_element"
            | "std::count"
            | "std::fill"
            | "std::fill_n"
            | "gemm"
            | "print"
    ) || (name.starts_with(['_', 'a', 'c', 'w', 'f', 'e', 'm', 't']) && DEVICE_ONLY.contains(&name))
}

/// A call of a function of the table, where tensors over arrays are given as their
/// coordinate tensors of offsets and a tensor answer is put back over the array.
pub(crate) fn call_table(
    func: &'static crate::Function,
    targs: &[i64],
    mut vals: Vec<(Value, Span)>,
    name_span: Span,
    span: Span,
    as_cute: Option<&core::cell::RefCell<alloc::vec::Vec<alloc::string::String>>>,
) -> Result<Value, EvalError> {
    let mut over = None;
    // a lazy::transform tensor: the function is applied to the base's result
    let mut lazy = None;
    // a tensor over a counting iterator: its start, the result counts from too
    let mut counting = None;
    for (v, at) in vals.iter_mut() {
        if let Value::Lazy(l) = v {
            if lazy.is_some() {
                return Err(not_supported(
                    &alloc::format!("{} of two lazy::transform tensors", func.name),
                    "one",
                    *at,
                ));
            }
            lazy = Some(l.f.clone());
            *v = l.base.clone();
        }
        if let Value::Counting(c) = v
            && let Some(t) = c.t
        {
            if counting.is_some() || lazy.is_some() {
                return Err(not_supported(
                    &alloc::format!("{} of two computed tensors", func.name),
                    "one",
                    *at,
                ));
            }
            counting = Some(c.start);
            *v = Value::Tensor(alloc::boxed::Box::new(t));
        }
        match v {
            Value::Data(t) => {
                over.get_or_insert(t.ptr);
                *v = Value::Tensor(alloc::boxed::Box::new(t.t));
            }
            Value::Slice(..)
            | Value::Ptr(_)
            | Value::Vector(_)
            | Value::Func(_)
            | Value::Float(..) => {
                return Err(EvalError::new(
                    alloc::format!("{}: {} is not an argument it takes", func.name, v.kind()),
                    *at,
                ));
            }
            _ => {}
        }
    }
    let r = crate::eval::call_of(func, targs, vals, name_span, span, as_cute)?;
    if let Some(start) = counting {
        return match r {
            Value::Tensor(t) => Ok(Value::Counting(alloc::boxed::Box::new(
                crate::value::CountingTensor { start, t: Some(*t) },
            ))),
            Value::Printed(_) => Err(not_supported(
                &alloc::format!("{} of a tensor over a counting iterator", func.name),
                "print_tensor(t), or a loop that prints its elements, t(i)",
                span,
            )),
            r => Ok(r),
        };
    }
    if let Some(f) = lazy {
        return match r {
            Value::Tensor(t) => {
                let base = match over {
                    Some(ptr) => Value::Data(alloc::boxed::Box::new(DataTensor {
                        ptr,
                        t: *t,
                        owning: false,
                    })),
                    None => Value::Tensor(t),
                };
                Ok(Value::Lazy(alloc::boxed::Box::new(
                    crate::value::LazyTensor { base, f },
                )))
            }
            Value::Printed(_) => Err(not_supported(
                &alloc::format!("{} of a lazy::transform tensor", func.name),
                "a loop that prints its elements, t(i)",
                span,
            )),
            r => Ok(r),
        };
    }
    Ok(match (over, r) {
        (Some(ptr), Value::Tensor(t)) => Value::Data(alloc::boxed::Box::new(DataTensor {
            ptr,
            t: *t,
            owning: false,
        })),
        (_, r) => r,
    })
}

/// CuTe's TMEM fragment of an SM100 UMMA: `make_tmem_ptr<T>()` (TMEM address 0) over `l`.
fn tmem_tensor(ty: &'static str, l: Layout) -> Value {
    Value::PtrTensor(alloc::boxed::Box::new(crate::value::PtrTensor {
        ptr: crate::value::Ptr {
            space: crate::value::Space::Tmem,
            ty,
            bits: rcute::atom::element_bits(ty).unwrap_or(32),
            base: 0,
            offset: 0,
            swizzle: None,
        },
        layout: rcute::swizzle::MaybeSwizzled::Plain(l),
    }))
}

/// The character a `char` value writes (`std::cout << c`, CuTe's `print(c)`): its byte,
/// refused outside ASCII (C++ writes the raw byte, which is no text on its own).
pub(crate) fn character(v: &Value, span: Span) -> Result<String, EvalError> {
    let Some(code) = v.integer() else {
        return Err(EvalError::new(
            alloc::format!("a character is an integer, this is {} {v}", v.kind()),
            span,
        ));
    };
    match u8::try_from(code) {
        Ok(b) if b.is_ascii() => Ok(alloc::string::String::from(char::from(b))),
        _ => Err(EvalError::new(
            alloc::format!(
                "the character {code} is outside ASCII: C++ writes its raw byte, which is no text"
            ),
            span,
        )),
    }
}

/// The comma-separated parts of a template's argument list, commas inside `<>` and `()`
/// kept (`float, Shape<_2,_4>` is two parts).
fn split_top_level(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    if text.trim().is_empty() {
        return out;
    }
    let (mut level, mut start) = (0usize, 0);
    for (k, c) in text.char_indices() {
        match c {
            '<' | '(' => level += 1,
            '>' | ')' => level = level.saturating_sub(1),
            ',' if level == 0 => {
                out.push(&text[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}
