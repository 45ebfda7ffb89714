//! Prints the small game (LL-RBG) built from some bytes, and the comparison's outcome. The
//! bytes are a file (a fuzzer artifact) or decimal numbers:
//! `cargo run -p naive --example show -- fuzz/artifacts/reasoner_vs_naive/crash-…`,
//! `cargo run -p naive --example show -- 10 221 134`.
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let data: Vec<u8> = match args.as_slice() {
        [path] if std::path::Path::new(path).is_file() => std::fs::read(path).expect("readable"),
        _ => args
            .iter()
            .flat_map(|a| {
                a.split(|c: char| !c.is_ascii_digit())
                    .filter(|s| !s.is_empty())
                    .map(|s| s.parse::<u8>().expect("a byte"))
                    .collect::<Vec<_>>()
            })
            .collect(),
    };
    let game = naive::random_game::small_game(&data);
    println!("{}", rbg::print_ll(&game));
    println!("{:?}", naive::differential::compare(&data));
    println!("ir_validate: {:?}", naive::wild::check(&data));
}
