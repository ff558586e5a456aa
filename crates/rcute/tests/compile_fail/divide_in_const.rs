use rcute::{Layout, Tiler, layout, tiler};

const L: Layout = layout!((_6,_4):(_1,_6));
// logical_divide works in const items too; this tiler is not injective
const T: Tiler = tiler!(((_2,_2):(_1,_1), _2));
const D: Layout = L.logical_divide(&T);

fn main() {
    println!("{D}");
}
