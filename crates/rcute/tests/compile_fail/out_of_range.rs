use rcute::{Layout, layout};

const L: Layout = layout!((_2,_3,_5):(_1,_2,_6));
// take<1,1> is an empty range: CuTe's "take: empty range error"
const T: Layout = L.take(1, 1);

fn main() {
    println!("{T}");
}
