//! What CuTe C++ would answer where the language refuses: the documented deviations
//! (README, "Checked against CuTe C++, and by its laws"). Where a function refuses a call
//! that CuTe answers (composition's weak stride check, unchecked dynamic divisibility,
//! a complement that does not cover its cotarget, the upcast of dynamic strides), the
//! error shows CuTe's answer and the first index where it breaks the function's law; in
//! the as-CuTe mode (`cute eval --as-cute`) the call answers CuTe's layout, and the
//! program prints a warning line before the statement's output.
//!
//! CuTe's answers come from the library's `*_as_cute` functions (CuTe's algorithms with
//! only CuTe's own static assertions), which `tests/golden/deviations.jsonl` replays
//! against CuTe C++'s answers.

use super::call::Call;
use super::function::Function;
use crate::error::EvalError;
use crate::value::Value;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use rcute::law::Verdict;
use rcute::layout::Layout;

/// The prefix of the warning line the as-CuTe mode prints before a statement whose answer
/// is CuTe's rather than rcute's.
pub const WARNING: &str = "warning: ";

/// CuTe's answer to the call `c` of `func`, where the library has CuTe's algorithm for it:
/// `None` for a function or operands it has none for.
fn cute_answer(func: &Function, c: &Call<'_>) -> Option<Result<Value, rcute::Error>> {
    type Tiled = fn(&Layout, &rcute::algebra::Tiler) -> Result<Layout, rcute::Error>;
    let tiled: Option<Tiled> = match func.name {
        "logical_divide" => Some(Layout::try_logical_divide_as_cute),
        "zipped_divide" => Some(Layout::try_zipped_divide_as_cute),
        "tiled_divide" => Some(Layout::try_tiled_divide_as_cute),
        "flat_divide" => Some(Layout::try_flat_divide_as_cute),
        "logical_product" => Some(Layout::try_logical_product_as_cute),
        "zipped_product" => Some(Layout::try_zipped_product_as_cute),
        "tiled_product" => Some(Layout::try_tiled_product_as_cute),
        "flat_product" => Some(Layout::try_flat_product_as_cute),
        _ => None,
    };
    if let Some(f) = tiled {
        if c.args.len() != 2 {
            return None;
        }
        if let (Value::Layout(a), Value::Composed(b)) = (c.value(0), c.value(1)) {
            // a swizzled tiler: CuTe transfers its swizzle to the product
            if func.name != "logical_product" {
                return None;
            }
            return Some(a.try_logical_product_composed_as_cute(b).map(Value::from));
        }
        let a = c.any_layout(0).ok()?;
        let t = c.tiler(1).ok()?;
        return Some(a.map(|l| f(l, &t)));
    }
    match func.name {
        "composition" if c.args.len() == 2 => {
            match (c.value(0), c.value(1)) {
                (Value::Layout(a), Value::Composed(b)) => {
                    return Some(a.try_composition_composed_as_cute(b).map(Value::from));
                }
                (Value::Composed(a), Value::Composed(b)) => {
                    return Some(a.try_composition_composed_as_cute(b).map(Value::from));
                }
                _ => {}
            }
            if !matches!(
                c.value(0),
                Value::Layout(_) | Value::Composed(_) | Value::Chain(_)
            ) || matches!(
                c.value(1),
                Value::Swizzle(_) | Value::Composed(_) | Value::Chain(_)
            ) {
                return None;
            }
            let a = c.any_layout(0).ok()?;
            if let Value::Layout(b) = c.value(1) {
                let b = *b;
                return Some(a.map(|l| l.try_composition_as_cute(&b)));
            }
            let t = c.tiler(1).ok()?;
            Some(a.map(|l| l.try_composition_tiler_as_cute(&t)))
        }
        "blocked_product" | "raked_product" => {
            let b = c.layout(1).ok()?;
            let a = c.any_layout(0).ok()?;
            let raked = func.name == "raked_product";
            Some(a.map(|a| {
                if raked {
                    a.try_raked_product_as_cute(&b)
                } else {
                    a.try_blocked_product_as_cute(&b)
                }
            }))
        }
        "complement" if c.args.len() == 2 => {
            let l = match c.value(0) {
                Value::Composed(k) => k.layout(),
                Value::Layout(l) => *l,
                _ => return None,
            };
            let Value::Tuple(t) = c.value(1) else {
                return None;
            };
            Some(l.try_complement_as_cute(t).map(Value::Layout))
        }
        "left_inverse" => match c.value(0) {
            Value::Layout(l) => Some(l.try_left_inverse_as_cute().map(Value::Layout)),
            // with an offset, a chain: left_inverse(L) o -O o Sw
            Value::Composed(k) => Some(match k.try_left_inverse_chain_as_cute() {
                Ok(chain) => Ok(chain.into()),
                Err(_) => k.try_left_inverse_as_cute().map(Value::from),
            }),
            _ => None,
        },
        "right_inverse" => match c.value(0) {
            Value::Composed(k) => Some(match k.try_right_inverse_chain_as_cute() {
                Ok(chain) => Ok(chain.into()),
                Err(_) => k.try_right_inverse_as_cute().map(Value::from),
            }),
            _ => None,
        },
        "slice" if c.args.len() == 2 => match (c.value(0), c.value(1)) {
            (Value::Tuple(crd), Value::Composed(k)) => {
                Some(k.try_slice_as_cute(crd).map(Value::from))
            }
            _ => None,
        },
        "slice_and_offset" if c.args.len() == 2 => match (c.value(0), c.value(1)) {
            (Value::Tuple(crd), Value::Composed(k)) => Some(
                k.try_slice_and_offset_as_cute(crd)
                    .map(|(s, off)| Value::List(alloc::vec![s.into(), Value::int(off)])),
            ),
            _ => None,
        },
        "upcast" => {
            let n = *c.targs.first()?;
            match c.value(0) {
                Value::Layout(l) => Some(l.try_upcast_as_cute(n).map(Value::Layout)),
                Value::Composed(k) => Some(k.try_upcast_as_cute(n).map(Value::from)),
                _ => None,
            }
        }
        "recast_layout" => {
            let Value::Layout(l) = c.value(0) else {
                return None;
            };
            let (old, new) = (*c.targs.first()?, *c.targs.get(1)?);
            if old <= 0 || new <= 0 {
                return None;
            }
            let (mut a, mut b) = (old, new);
            while b != 0 {
                (a, b) = (b, a % b);
            }
            let (up, down) = (new / a, old / a);
            let mut r = *l;
            if up != 1 {
                r = match r.try_upcast_as_cute(up) {
                    Ok(r) => r,
                    Err(e) => return Some(Err(e)),
                };
            }
            if down != 1 {
                r = match r.try_downcast(down) {
                    Ok(r) => r,
                    Err(e) => return Some(Err(e)),
                };
            }
            Some(Ok(Value::Layout(r)))
        }
        "get_layoutC_TV" => {
            let mma = super::atoms::tiled_mma(c, 0).ok()?;
            Some(
                mma.try_layout_tv_as_cute(rcute::atom::Operand::C)
                    .map(Value::Layout),
            )
        }
        _ => None,
    }
}

/// The call as the language writes it, for messages: `upcast<2>` with its template
/// arguments (the name the law of [`super::check_call`] takes).
fn law_name(func: &Function, c: &Call<'_>) -> String {
    if c.targs.is_empty() {
        return func.name.into();
    }
    let t: Vec<String> = c.targs.iter().map(|v| format!("{v}")).collect();
    format!("{}<{}>", func.name, t.join(","))
}

/// What CuTe answers to a call rcute refused with `err`, in words: `CuTe C++ answers X,
/// which <where it breaks the law>`, and the answer; `None` where CuTe refuses too (or
/// the library has no CuTe algorithm for it).
pub(crate) fn what_cute_answers(func: &Function, c: &Call<'_>) -> Option<(String, Value)> {
    let v = match cute_answer(func, c)? {
        Ok(v) => v,
        Err(_) => return None,
    };
    let args: Vec<Value> = c.args.iter().map(|(v, _)| v.clone()).collect();
    let verdict = super::check_call(&law_name(func, c), &args, &v);
    let text = match verdict {
        Verdict::Breaks(why) => {
            // the law's message starts with the name of the operation it checks
            let why = match why.split_once(": ") {
                Some((head, rest))
                    if head
                        .chars()
                        .all(|ch| ch.is_ascii_alphanumeric() || "_<>,".contains(ch)) =>
                {
                    rest
                }
                _ => &why,
            };
            format!(
                "CuTe C++ answers {v}, which breaks {}'s law: {why}",
                func.name
            )
        }
        Verdict::Holds => format!("CuTe C++ answers {v}"),
        Verdict::Unchecked(_) => format!("CuTe C++ answers {v} (not checked by the law here)"),
    };
    Some((text, v))
}

/// A refusal `err` of the call `c`: in the as-CuTe mode (`warnings` given), CuTe's answer,
/// with a warning in `warnings`; otherwise the error, which names CuTe's answer where
/// CuTe has one.
pub(crate) fn on_refusal(
    func: &Function,
    c: &Call<'_>,
    err: EvalError,
    warnings: Option<&core::cell::RefCell<Vec<String>>>,
) -> Result<Value, EvalError> {
    let Some((text, v)) = what_cute_answers(func, c) else {
        return Err(err);
    };
    match warnings {
        Some(w) => {
            w.borrow_mut().push(format!(
                "{WARNING}{}: rcute refuses this call ({}); {text}",
                func.name, err.message
            ));
            Ok(v)
        }
        None => Err(EvalError::new(
            format!("{}; {text} (the as-CuTe mode answers it)", err.message),
            err.span,
        )),
    }
}

/// Inserts the pending `warnings`, one line each, at byte `mark` of `out` (the start of
/// what the statement that raised them printed).
pub(crate) fn flush(
    warnings: Option<&core::cell::RefCell<Vec<String>>>,
    out: &mut String,
    mark: usize,
) {
    let Some(w) = warnings else { return };
    let mut lines = String::new();
    for line in w.borrow_mut().drain(..) {
        lines.push_str(&line);
        lines.push('\n');
    }
    out.insert_str(mark, &lines);
}

#[cfg(test)]
mod tests {
    use crate::{Options, eval, eval_partial_with, eval_shown};
    use alloc::string::ToString;

    const AS_CUTE: Options = Options { as_cute: true };

    #[test]
    fn a_refusal_names_cutes_answer_and_the_law_it_breaks() {
        let e = eval("composition((_3,_16):(_48,_1), _4:_2)").unwrap_err();
        assert!(
            e.message
                .starts_with("composition: stride divisibility condition violated")
        );
        assert!(e.message.contains(
            "; CuTe C++ answers (_2,_2):(_96,_1), which breaks composition's law: index 2 maps to 1 where the definition gives 49"
        ), "{}", e.message);
        // an error CuTe gives too is left as it is
        let e = eval("composition((_3,_16):(_48,_1), _4:_5)").unwrap_err();
        assert!(!e.message.contains("CuTe C++ answers"), "{}", e.message);
    }

    #[test]
    fn the_as_cute_mode_answers_with_a_warning_before_the_statement() {
        let (out, err) = eval_partial_with("size(8); A = upcast<2>(8:1); A; size(A)", &AS_CUTE);
        assert!(err.is_none());
        let lines: alloc::vec::Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "8");
        assert!(
            lines[1].starts_with("warning: upcast: rcute refuses this call"),
            "{out}"
        );
        assert_eq!(&lines[2..], ["8:0", "8"]);
        // the mode changes nothing where rcute answers
        let p = "logical_divide((_4,_2,_3):(_2,_1,_8), _4:_2)";
        assert_eq!(eval_partial_with(p, &AS_CUTE).0, eval(p).unwrap());
        // nor where CuTe refuses too
        assert!(eval_partial_with("upcast<4>(_8:_3)", &AS_CUTE).1.is_some());
    }

    /// The program `p` is refused with an error that names CuTe's answer `cute` and where
    /// it breaks `op`'s law, and the as-CuTe mode answers `cute`.
    fn refused_naming_cutes_answer(p: &str, cute: &str, op: &str) {
        let e = eval(p).unwrap_err();
        let named = alloc::format!("CuTe C++ answers {cute}, which breaks {op}'s law");
        assert!(e.message.contains(&named), "{}", e.message);
        let (out, err) = eval_partial_with(p, &AS_CUTE);
        assert!(err.is_none(), "{err:?}");
        assert_eq!(out.lines().last(), Some(cute), "{out}");
    }

    #[test]
    fn a_swizzled_upcast_names_cutes_answer() {
        // CuTe upcasts the swizzle, the offset and L, L's dynamic unit stride divided by N
        refused_naming_cutes_answer(
            "A = composition(Swizzle<2,2,2>, (_4,8):(1,_4)); upcast<2>(A)",
            "Sw<2,1,2> o _0 o (_4,8):(0,_2)",
            "upcast",
        );
    }

    #[test]
    fn a_composition_of_two_swizzled_layouts_names_cutes_answer() {
        // CuTe composes A's layout with B by its swizzle transfer, which does not hold here
        refused_naming_cutes_answer(
            "A = composition(Swizzle<1,0,1>, (_4,_2,_2):(_1,_8,_4)); \
             B = composition(Swizzle<2,0,4>, (_4,_2):(_2,_1)); composition(A, B)",
            "Sw<1,0,1> o _0 o Sw<2,0,3> o _0 o ((_2,_2),_2):((_2,_8),_1)",
            "composition",
        );
    }

    #[test]
    fn a_swizzled_slice_names_cutes_answer() {
        // A(c) with `_` is slice(c, A): refused with CuTe's answer, answered as-CuTe
        let a = "A = composition(Swizzle<2,1,3>, 4, (_1,_16,_8):(_128,_8,_16));";
        let cute = "(_1,(_2,_2,_2,_2)):(_128,(_8,18,28,_64))";
        for p in [
            alloc::format!("{a} A(_,_,_2)"),
            alloc::format!("{a} slice((_,_,_2), A)"),
        ] {
            let e = eval(&p).unwrap_err();
            assert!(
                e.message.contains(&alloc::format!(
                    "CuTe C++ answers {cute}, which breaks slice's law"
                )),
                "{p}: {}",
                e.message
            );
            let (out, err) = eval_partial_with(&p, &AS_CUTE);
            assert!(err.is_none(), "{p}: {err:?}");
            let lines: alloc::vec::Vec<&str> = out.lines().collect();
            assert!(
                lines[0].starts_with("warning: slice: rcute refuses this call"),
                "{out}"
            );
            assert_eq!(lines[1..], [cute]);
        }
        // a slice rcute answers is the same through A(c) and slice(c, A)
        let b = "B = composition(Swizzle<3,0,3>, 0, (_8,_8):(_8,_1));";
        assert_eq!(
            eval(&alloc::format!("{b} B(_,_1)")).unwrap(),
            eval(&alloc::format!("{b} slice((_,_1), B)")).unwrap()
        );
        // slice_and_offset of a swizzled layout
        let p = "A = composition(Swizzle<1,0,3>, _8, ((_16,_2),_4):((_2,_2),_32)); slice_and_offset((_,_3), A)";
        let cute = "((((_4,_2,_2),_2)):(((_2,_9,_16),_2)),_105)";
        let e = eval(p).unwrap_err();
        assert!(
            e.message.contains(&alloc::format!(
                "CuTe C++ answers {cute}, which breaks slice_and_offset's law"
            )),
            "{}",
            e.message
        );
        let (out, err) = eval_partial_with(p, &AS_CUTE);
        assert!(err.is_none(), "{err:?}");
        assert_eq!(out.lines().nth(1), Some(cute), "{out}");
    }

    #[test]
    fn print_of_a_value_records_it_for_a_picture() {
        let (out, shown, err) = eval_shown("L = (4,8):(8,1); print(L); print(\"x\")");
        assert!(err.is_none());
        assert_eq!(out, "(4,8):(8,1)x");
        let (name, args) = shown[0].call.as_ref().unwrap();
        assert_eq!(
            (name.as_str(), args[0].to_string()),
            ("print", "(4,8):(8,1)".into())
        );
        assert!(shown[1].call.is_none());
    }
}
