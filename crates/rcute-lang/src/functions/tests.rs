use super::*;

#[test]
fn table_is_sorted_for_binary_search() {
    assert!(TABLE.windows(2).all(|w| w[0].name < w[1].name));
    assert!(
        TABLE
            .iter()
            .all(|f| find(f.name).is_some_and(|g| core::ptr::eq(f, g)))
    );
    assert!(find("frobnicate").is_none());
}

/// The lists of the files are the table: every entry once.
#[test]
fn the_table_is_the_files_lists() {
    let listed: usize = PARTS.iter().map(|p| p.len()).sum();
    assert_eq!(TABLE.len(), listed);
    for part in PARTS {
        for f in *part {
            assert!(find(f.name).is_some_and(|g| g.doc == f.doc), "{}", f.name);
        }
    }
}

/// docs/FUNCTIONS.md and the part of it the table generates.
fn functions_md() -> (&'static str, &'static str) {
    let doc = include_str!("../../../../docs/FUNCTIONS.md");
    let (open, close) = FUNCTIONS_MD_MARKERS;
    let start = doc
        .find(open)
        .expect("docs/FUNCTIONS.md has the opening marker");
    let end = doc
        .find(close)
        .expect("docs/FUNCTIONS.md has the closing marker");
    (&doc[..start], &doc[start + open.len()..end])
}

/// docs/FUNCTIONS.md lists CuTe's layout-level functions and what rcute has of each:
/// every function of the language is there, written `name` (in backquotes), in the
/// written part (before the generated table).
#[test]
fn every_language_function_is_in_functions_md() {
    let (doc, _) = functions_md();
    let missing: Vec<&str> = TABLE
        .iter()
        .map(|f| f.name)
        .filter(|n| !doc.contains(&alloc::format!("`{n}`")))
        .collect();
    assert!(TABLE.len() > 100, "only {} functions", TABLE.len());
    assert!(missing.is_empty(), "not in docs/FUNCTIONS.md: {missing:?}");
}

/// The table of docs/FUNCTIONS.md is the one the function table writes.
#[test]
fn functions_md_lists_the_table() {
    let (_, table) = functions_md();
    assert!(
        table.trim() == functions_markdown().trim(),
        "docs/FUNCTIONS.md's table of functions is not the function table's: run \
         `cargo run -p rcute-lang --example functions-md`"
    );
    assert_eq!(table.trim().lines().count(), TABLE.len() + 2);
}

/// The calls the `algebra` fuzz target makes are calls of functions with a law, with as
/// many arguments and template arguments as the functions take.
#[test]
fn fuzz_forms_are_calls_of_functions_with_a_law() {
    let mut forms = 0;
    for f in TABLE {
        for form in f.fuzz_forms() {
            assert!(f.has_law(), "{}: fuzzed without a law", f.name);
            let n = form.operands.len();
            assert!(n >= f.args.0 && n <= f.args.1, "{}{}", f.name, form.targs);
            let t = match form.targs {
                "" => 0,
                t => {
                    assert!(t.starts_with('<') && t.ends_with('>'), "{}{t}", f.name);
                    t.split(',').count()
                }
            };
            assert!(t >= f.targs.0 && t <= f.targs.1, "{}{}", f.name, form.targs);
            forms += 1;
        }
    }
    assert!(forms >= 25, "{forms} forms");
}

/// Every facet of an entry is reached by name: a function with a law answers a verdict
/// other than "without a law" on its first fuzz form's kind of operands.
#[test]
fn laws_are_reached_through_check_call() {
    let a = Value::Layout(rcute::layout!((_4,_2):(_2,_1)));
    let mut checked = 0;
    for f in TABLE.iter().filter(|f| f.has_law()) {
        let Some(form) = f.fuzz_forms().first() else {
            continue;
        };
        let args: Vec<Value> = form
            .operands
            .iter()
            .map(|k| match k {
                Operand::Layout => a.clone(),
                Operand::Shape | Operand::Tiler => Value::Tuple(rcute::int_tuple!((_2, _2))),
            })
            .collect();
        let name = alloc::format!("{}{}", f.name, form.targs);
        let Ok(r) = crate::eval_value(&alloc::format!(
            "{name}({})",
            args.iter()
                .map(|v| alloc::format!("{v}"))
                .collect::<Vec<_>>()
                .join(", ")
        )) else {
            continue;
        };
        let v = check_call(&name, &args, &r);
        assert!(v.holds(), "{name}: {r}: {v:?}");
        checked += 1;
    }
    assert!(checked >= 20, "{checked} laws checked");
}
