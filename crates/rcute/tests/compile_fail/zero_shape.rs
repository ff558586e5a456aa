use rcute::Layout;

const L: Layout = Layout::parse("(4,0):(1,4)");

fn main() {
    println!("{L}");
}
