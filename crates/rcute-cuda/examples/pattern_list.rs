//! Prints every access pattern of `rcute_cuda::patterns`: index, instruction, predicted
//! wavefronts (or sectors), ideal and name, tab-separated.
fn main() -> Result<(), rcute::Error> {
    for (i, p) in rcute_cuda::patterns::patterns()?.iter().enumerate() {
        println!("{i}\t{:?}\t{}\t{}\t{}", p.op, p.predicted, p.ideal, p.name);
    }
    Ok(())
}
