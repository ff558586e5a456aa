//! Prints every access pattern of `rcute_cuda::patterns`: index, instruction, predicted
//! wavefronts (or sectors), ideal and name, tab-separated; with `--lanes`, each
//! instruction's lane addresses after them (`-` for an idle lane, instructions split by `|`).
fn main() -> Result<(), rcute::Error> {
    let lanes = std::env::args().any(|a| a == "--lanes");
    for (i, p) in rcute_cuda::patterns::patterns()?.iter().enumerate() {
        print!("{i}\t{:?}\t{}\t{}\t{}", p.op, p.predicted, p.ideal, p.name);
        if lanes {
            let ins: Vec<String> = p
                .instructions
                .iter()
                .map(|ins| {
                    ins.lanes
                        .iter()
                        .map(|a| a.map_or("-".to_string(), |a| a.to_string()))
                        .collect::<Vec<_>>()
                        .join(",")
                })
                .collect();
            print!("\t{}", ins.join("|"));
        }
        println!();
    }
    Ok(())
}
