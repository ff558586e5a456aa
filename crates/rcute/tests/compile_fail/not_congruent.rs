use rcute::{Layout, layout};

// The stride has one mode, the shape two.
const L: Layout = layout!((4,2):(1));

fn main() {
    println!("{L}");
}
