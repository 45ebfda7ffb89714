//! `rate --engine compiled`: the compiled engine lists a state's moves in another order than
//! the interpreter, so the same seeds give other games; the measurements must agree within
//! sampling error (seeds fixed, so this test always plays the same games).

use compiled::{BuildOptions, Cache, CompiledGame};
use rate::{CompiledRbgSubject, Player, RateOptions, RbgSubject};
use std::path::PathBuf;

#[test]
fn compiled_and_interpreted_ratings_agree() {
    let path = format!(
        "{}/../../corpus/rbg/ticTacToe.rbg",
        env!("CARGO_MANIFEST_DIR")
    );
    let game = rbg::parse_game(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .game;
    let options = RateOptions {
        equal_games: 60,
        gradient_games: 60,
        strategy_games: 30,
        strong: Player::AlphaBeta { depth: 2 },
        weak: Player::Random,
        ..RateOptions::default()
    };
    let build = BuildOptions {
        cache: Cache::Dir(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rate-compiled")),
        ..BuildOptions::default()
    };
    let cg = CompiledGame::new(&game, &build).expect("tic-tac-toe compiles");
    let compiled = rate::measure(
        &CompiledRbgSubject::new("ttt", cg, &options).unwrap(),
        &options,
    );
    let interpreted = rate::measure(&RbgSubject::new("ttt", &game, &options).unwrap(), &options);
    assert_eq!(compiled.games, interpreted.games);
    // The two 95% intervals of each share overlap (a conservative two-sample test).
    for (what, c, i) in [
        (
            "decisive",
            &compiled.decisiveness,
            &interpreted.decisiveness,
        ),
        ("skill", &compiled.skill, &interpreted.skill),
        ("strategy", &compiled.strategy, &interpreted.strategy),
    ] {
        assert!(
            c.low <= i.high && i.low <= c.high,
            "{what}: compiled {c:?}, interpreted {i:?}"
        );
    }
    let ratio = compiled.branching / interpreted.branching;
    assert!((0.9..1.1).contains(&ratio), "branching {ratio}");
}
