//! Developer tool: parse a `.kif` file and print it back (`gdl::print`).
fn main() {
    let path = std::env::args().nth(1).expect("usage: gdl_print GAME.kif");
    let src = std::fs::read_to_string(&path).expect("read");
    match gdl::parse(&src) {
        Ok(d) => print!("{}", gdl::print(&d)),
        Err(e) => eprint!("{}", gdl::render(&path, &src, &e)),
    }
}
