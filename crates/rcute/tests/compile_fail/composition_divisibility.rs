use rcute::{Layout, layout};

const A: Layout = layout!((_8,_8):(_8,_1));
// _4:_3 splits a tile of 4 over a mode of 8 in steps of 3: CuTe's static assertion
// "Shape Divisibility Condition"; rcute finds the stronger stride condition broken first.
const R: Layout = A.composition(&layout!(_4:_3));

fn main() {
    println!("{R}");
}
