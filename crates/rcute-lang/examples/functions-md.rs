//! Writes the table of the language's functions into docs/FUNCTIONS.md, between its
//! markers (`rcute_lang::FUNCTIONS_MD_MARKERS`), from the function table:
//!
//! ```text
//! cargo run -p rcute-lang --example functions-md
//! ```
//!
//! The test `functions_md_lists_the_table` fails while the file and the table disagree.

use std::path::PathBuf;

fn main() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/FUNCTIONS.md");
    let doc = std::fs::read_to_string(&path).expect("docs/FUNCTIONS.md");
    let (open, close) = rcute_lang::FUNCTIONS_MD_MARKERS;
    let (Some(start), Some(end)) = (doc.find(open), doc.find(close)) else {
        panic!("docs/FUNCTIONS.md has no markers {open} ... {close}");
    };
    let table = rcute_lang::functions_markdown();
    let new = format!("{}{open}\n{table}{}", &doc[..start], &doc[end..]);
    if new != doc {
        std::fs::write(&path, new).expect("writing docs/FUNCTIONS.md");
        println!(
            "docs/FUNCTIONS.md: table of {} functions written",
            rcute_lang::FUNCTIONS.len()
        );
    } else {
        println!("docs/FUNCTIONS.md: up to date");
    }
}
