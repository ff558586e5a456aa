//! Prints the program each fuzz input stands for (corpus files, crash artifacts):
//! `cargo +nightly run --example show -- FILE...`.

fn main() {
    for path in std::env::args().skip(1) {
        match std::fs::read(&path) {
            Ok(data) => match rcute_fuzz::program_of(&data) {
                Some(p) => println!("{p}"),
                None => println!("# {path}: no program"),
            },
            Err(e) => eprintln!("{path}: {e}"),
        }
    }
}
