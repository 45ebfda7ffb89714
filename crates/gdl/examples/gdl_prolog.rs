//! Developer tool: print the Prolog translation of a `.kif` file (`gdl::prolog::translate`).
fn main() {
    let path = std::env::args().nth(1).expect("usage: gdl_prolog GAME.kif");
    let src = std::fs::read_to_string(&path).expect("read");
    let d = gdl::parse(&src).expect("parse");
    print!("{}", gdl::prolog::translate(&d));
}
