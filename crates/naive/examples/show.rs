//! Prints the small game (LL-RBG) built from the bytes given as decimal arguments, and the
//! comparison's outcome: `cargo run -p naive --example show -- 10 221 134`.
fn main() {
    let data: Vec<u8> = std::env::args()
        .skip(1)
        .flat_map(|a| {
            a.split(|c: char| !c.is_ascii_digit())
                .filter(|s| !s.is_empty())
                .map(|s| s.parse::<u8>().expect("a byte"))
                .collect::<Vec<_>>()
        })
        .collect();
    let game = naive::random_game::small_game(&data);
    println!("{}", rbg::print_ll(&game));
    println!("{:?}", naive::differential::compare(&data));
}
