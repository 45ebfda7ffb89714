//! Benchmark (not a test): CPU time of perft under SWI-Prolog of our GDL for an SBG or RBG game
//! (by extension; a `.kif` file is taken as it is) against a hand-written GDL file, both run through the same `gdl::prolog`
//! translation.
//!
//! cargo run --release -p convert --example swipl_bench -- corpus/sbg/breakthrough.sbg \
//!     ../shared/corpus-external/gdl/breakthrough.kif 3
//! cargo run --release -p convert --example swipl_bench -- corpus/rbg/breakthrough.rbg \
//!     ../shared/corpus-external/gdl/breakthrough.kif 3

use std::process::Command;
use std::time::Instant;

fn time_swipl(label: &str, gdl_text: &str, depth: u32) -> f64 {
    let desc = gdl::parse(gdl_text).unwrap_or_else(|_| panic!("{label}: GDL parses"));
    let program = gdl::prolog::translate(&desc);
    let file = std::env::temp_dir().join(format!("swipl-bench-{}-{label}.pl", std::process::id()));
    std::fs::write(&file, program).unwrap();
    let start = Instant::now();
    let out = Command::new("swipl")
        .args(gdl::prolog::swipl_perft_args(depth))
        .arg(&file)
        .output()
        .expect("swipl runs");
    let wall = start.elapsed().as_secs_f64();
    // SWIPL_BENCH_KEEP=1 keeps the Prolog programs, to profile them (`profile/1`).
    if std::env::var_os("SWIPL_BENCH_KEEP").is_some() {
        eprintln!("{label}: kept {}", file.display());
    } else {
        let _ = std::fs::remove_file(&file);
    }
    // CPU time of the Prolog process itself: the machine may be busy, wall time is noise.
    let (perft, cpu) = gdl::prolog::parse_perft_output(&String::from_utf8_lossy(&out.stdout));
    let cpu = cpu.expect("the driver prints its CPU time");
    println!("{label}: {cpu:.3} s CPU for perft ({wall:.2} s wall)  perft {perft:?}");
    cpu
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, game_file, kif_file, depth] = &args[..] else {
        eprintln!("usage: swipl_bench GAME.sbg|GAME.rbg|GAME.kif HANDWRITTEN.kif DEPTH");
        std::process::exit(2);
    };
    let depth: u32 = depth.parse().expect("depth is a number");
    let text = std::fs::read_to_string(game_file).unwrap();
    let gdl_text = if game_file.ends_with(".kif") {
        text
    } else if game_file.ends_with(".rbg") {
        let game = rbg::parse_game(&text)
            .map_err(|_| ())
            .expect("RBG parses")
            .game;
        convert::rbg_to_gdl(&game, convert::GdlOptions::unlimited())
            .expect("translates")
            .text
    } else {
        let (g, _) = sbg::parse(&text).expect("SBG parses");
        convert::sbg_to_gdl(&g).unwrap()
    };
    let ours = time_swipl("ours", &gdl_text, depth);
    let theirs = time_swipl(
        "hand-written",
        &std::fs::read_to_string(kif_file).unwrap(),
        depth,
    );
    println!("ratio hand-written / ours = {:.2}", theirs / ours);
}
