//! Records games of corpus SBG games, learns them back and compares with the original.
//!
//! `cargo run --release -p learn --example learn_corpus -- [all|some|paper] GAMES POSITIONS FILE...`
//! (`paper` = `some` listings with the paper's F(pmp) rule only).

use learn::compare::{compare_moves, compare_perft, same_language};
use learn::{learn, record_games, Listing, Options, SomeRule};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (listing, rule) = match args[0].as_str() {
        "all" => (Listing::All, SomeRule::PaperAndWindows),
        "some" => (Listing::Some, SomeRule::PaperAndWindows),
        _ => (Listing::Some, SomeRule::Paper),
    };
    let games: usize = args[1].parse().unwrap();
    let positions: usize = args[2].parse().unwrap();
    for file in &args[3..] {
        let src = std::fs::read_to_string(file).unwrap();
        let (original, _) = sbg::parse(&src).unwrap();
        let records = record_games(&original, games, listing, 1).unwrap();
        let options = Options {
            some_rule: rule,
            ..Options::default()
        };
        println!("== {file}: {games} games, {} records", records.len());
        match learn(&records, &options, &|_| {}) {
            Ok((learned, report)) => {
                print!("{report}");
                for p in &report.pieces {
                    let orig = original
                        .rule(p.kind)
                        .map(|r| sbg::print::print_rule(r.kind, &r.expr));
                    let exact = match (original.rule(p.kind), learned.rule(p.kind)) {
                        (Some(a), Some(b)) => same_language(&a.expr, &b.expr).unwrap(),
                        (None, None) => true,
                        _ => false,
                    };
                    println!(
                        "{} exact={exact}\n  learned: {}  original: {}",
                        p.kind,
                        p.rule.as_deref().unwrap_or("-").trim(),
                        orig.as_deref().unwrap_or("-").trim()
                    );
                }
                let text = sbg::print(&learned);
                let (reparsed, _) = sbg::parse(&text).expect("printed game parses");
                let c = compare_moves(&original, &reparsed, positions, 7).unwrap();
                println!("moves: {} positions, {} differ", c.positions, c.differing);
                if let Some(d) = c.first_difference {
                    println!("{d}");
                }
                println!(
                    "perft: {:?}",
                    compare_perft(&original, &reparsed, 3).unwrap()
                );
                println!(
                    "turn limit {} vs {}; goals equal: {}",
                    learned.turn_limit,
                    original.turn_limit,
                    same_goals(&learned, &original)
                );
                if !same_goals(&learned, &original) {
                    println!("{}", text.split("<GOALS>").nth(1).unwrap_or(""));
                }
            }
            Err(e) => println!("error: {e}"),
        }
    }
}

fn same_goals(a: &sbg::Game, b: &sbg::Game) -> bool {
    let key = |g: &sbg::Game| {
        let mut v: Vec<String> = g.goals.iter().map(|x| format!("{x:?}")).collect();
        v.sort();
        v
    };
    key(a) == key(b)
}
