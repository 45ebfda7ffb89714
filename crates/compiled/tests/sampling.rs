//! Sampled-and-checked playouts (`compiled::Sampling::Check`): which moves form monotonic
//! classes, and that drawing them from a kept list stays uniform over the legal moves.

mod common;

use common::{build_options, external, repo_root};
use compiled::{CompiledGame, Sampling};

fn parse(src: &str) -> ir::Game {
    rbg::parse_game(src).unwrap().game
}

fn corpus_game(name: &str) -> ir::Game {
    parse(&std::fs::read_to_string(repo_root().join("corpus/rbg").join(name)).unwrap())
}

fn classes(g: &ir::Game) -> usize {
    CompiledGame::new(g, &build_options())
        .expect("builds")
        .monotonic_classes()
}

/// Moves of the shape `->p anySquare {S} [x]... ->q`, where no off puts a piece of S back,
/// form classes; anything else is listed.
#[test]
fn monotonic_classes_are_the_place_anywhere_moves() {
    for (name, want) in [
        // These three switch to the first player before their loop and inside it: two roots
        // of the same moves.
        ("ticTacToe.rbg", 3),
        // Its move is the landing square, which moves up the column: not monotonic
        // (connect4.rbg of the external corpus chooses a column's top square instead).
        ("connectFour.rbg", 0),
        ("hex.rbg", 3),
        ("gomoku.rbg", 3),
        ("breakthrough.rbg", 0),
        ("chess.rbg", 0),
        ("reversi.rbg", 0),
        ("amazons.rbg", 0),
    ] {
        assert_eq!(classes(&corpus_game(name)), want, "{name}");
    }
    // The same tic-tac-toe where a move may also erase a mark: an empty square can come
    // back, so its moves do not only shrink.
    let src = std::fs::read_to_string(repo_root().join("corpus/rbg/ticTacToe.rbg")).unwrap();
    let erasing = src.replace(
        "anySquare {e} [mark] ->>",
        "anySquare ({e} [mark] + {x} [e] [x]) ->>",
    );
    assert_ne!(erasing, src);
    assert_eq!(classes(&parse(&erasing)), 0);
    // Near misses: a walk whose ends depend on where it starts; a test after the off.
    for (from, to) in [
        ("anySquare {e} [mark] ->>", "right* {e} [mark] ->>"),
        (
            "anySquare {e} [mark] ->>",
            "anySquare {e} [mark] {$ e > 1} ->>",
        ),
        (
            "anySquare {e} [mark] ->>",
            "anySquare {e} [mark] (->> + ->opp)",
        ),
    ] {
        let changed = src.replace(from, to);
        assert_ne!(changed, src);
        assert_eq!(classes(&parse(&changed)), 0, "{to}");
    }
}

/// Along random games of every corpus game, wherever a class starts, the moves it predicts
/// are as many as the moves listed (the moves are one per predicted vertex by construction).
#[test]
fn class_predictions_equal_the_listed_moves() {
    let mut games = common::rbg_games(&repo_root().join("corpus/rbg"));
    if let Some(dir) = external("rbg/games") {
        games.extend(common::rbg_games(&dir));
    } else {
        return;
    }
    let mut rng = game::rng_from_seed(3);
    let (mut checked, mut with_classes) = (0, 0);
    for ((name, _), cg) in games.iter().zip(common::build_all(&games)) {
        let Ok(cg) = cg else { continue };
        if cg.monotonic_classes() == 0 {
            continue;
        }
        with_classes += 1;
        for _ in 0..3 {
            let Ok(mut s) = cg.initial_state() else { break };
            for _ in 0..200 {
                let Ok(moves) = s.legal_moves_checked() else {
                    break;
                };
                if let Some(k) = s.class_moves() {
                    assert_eq!(k, moves.len(), "{name}");
                    checked += 1;
                }
                if moves.is_empty() {
                    break;
                }
                let mv = &moves[rand::Rng::random_range(&mut rng, 0..moves.len())];
                if s.try_apply(mv).is_err() {
                    break;
                }
            }
        }
    }
    println!("{with_classes} games with classes, {checked} positions compared");
    assert!(
        with_classes >= 6 && checked > 1000,
        "{with_classes} games, {checked} positions"
    );
}

/// The reference compiler finds two monotonic classes in each of connect4, hex and gomoku
/// (its generated `MONOTONIC_CLASSES`) and none in the other six benchmark games.
#[test]
fn classes_of_the_benchmark_games_match_the_reference() {
    let Some(dir) = external("rbg/games") else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    for (name, want) in [
        ("connect4", 2),
        ("hex_9x9", 2),
        ("gomoku_standard", 2),
        ("breakthrough", 0),
        ("chess", 0),
        ("amazons", 0),
        ("reversi", 0),
        ("englishDraughts", 0),
        ("go", 0),
    ] {
        let src = std::fs::read_to_string(dir.join(format!("{name}.rbg"))).unwrap();
        assert_eq!(classes(&parse(&src)), want, "{name}");
    }
}

/// Two moves on a row of four squares, both of the same class, so the second is drawn from
/// the list kept since the first (holding the now illegal first square). The score records
/// both squares, 4 * first + second: every one of the 12 ordered pairs must come out, and
/// equally often (chi-square, 11 degrees of freedom, below 40: p < 3e-5 for a uniform
/// sampler). Listing every move gives the same distribution.
#[test]
fn checked_draws_are_uniform_over_the_legal_moves() {
    let g = parse(
        "#players = a(15)\n#pieces = e, x\n#variables = n(2)\n\
         #board = rectangle(up, down, left, right, [e, e, e, e])\n\
         #index = ( {! left} [$ a = a * 4] + left {! left} [$ a = a * 4 + 1]\n\
           + left left {! left} [$ a = a * 4 + 2] + left left left {! left} [$ a = a * 4 + 3] )\n\
         #rules = ( ->a (left* + right*) {e} ->> [x] [$ n = n + 1] index\n\
           ( {$ n < 2} + {$ n == 2} ->> {} ) )*\n",
    );
    let cg = CompiledGame::new(&g, &build_options()).expect("builds");
    assert_eq!(cg.monotonic_classes(), 1);
    let pairs: Vec<i64> = (0..4)
        .flat_map(|f| (0..4).filter(move |&s| s != f).map(move |s| 4 * f + s))
        .collect();
    assert_first_scores_uniform(&cg, 12_000, &pairs);
}

/// Flat MC playouts of `cg`, checked and listed: the first player's final scores must be
/// exactly `want`, each equally often (chi-square below 40; with the 12 outcomes above, 11
/// degrees of freedom, p < 3e-5 for a uniform sampler).
fn assert_first_scores_uniform(cg: &CompiledGame, n: u64, want: &[i64]) {
    for sampling in [Sampling::Check, Sampling::List] {
        let rep = cg
            .flat_mc_with(reasoner::Budget::Playouts(n), 5, sampling)
            .expect("runs");
        assert_eq!(rep.playouts, n);
        let mut counts = std::collections::BTreeMap::new();
        for (scores, &k) in &rep.histogram {
            *counts.entry(scores[0]).or_insert(0u64) += k;
        }
        assert_eq!(
            counts.keys().copied().collect::<Vec<_>>(),
            want,
            "{sampling:?}: outcomes"
        );
        let expected = n as f64 / want.len() as f64;
        let chi2: f64 = counts
            .values()
            .map(|&k| (k as f64 - expected).powi(2) / expected)
            .sum();
        assert!(
            chi2 < 40.0,
            "{sampling:?}: chi-square {chi2:.1} over {counts:?}"
        );
    }
}

/// Two players' classes with the same cells and test share one kept list (`MONO_LIST`): the
/// second player's draw comes from the list the first filled, holding the first player's now
/// illegal square; on two rows, where `down* up` ends on the top row only, the list holds the
/// top row alone (the class's cells, not every square passing the test). Classes whose tests
/// differ keep their own lists: on `[e, f, e, e]` the second player, who may also take `f`,
/// must get square 1, which the first player's list never held. The generated `MONO_LIST` says which
/// list each class keeps.
#[test]
fn classes_share_a_list_only_with_the_same_cells_and_test() {
    // Each player's move is a class; 4 * first square + second in the first player's score.
    let two_classes = |src: &str, lists: &str| {
        let cg = CompiledGame::new(&parse(src), &build_options()).expect("builds");
        assert_eq!(cg.monotonic_classes(), 2);
        let list = format!("static MONO_LIST: [u32; NMONO] = [{lists}];");
        assert!(common::source_of(src).contains(&list), "{list}");
        cg
    };
    let two = |rows: &str, walk: &str, pieces: &str, second: &str| {
        format!(
            "#players = a(15), b(15)\n#pieces = {pieces}\n#variables =\n\
             #board = rectangle(up, down, left, right, {rows})\n\
             #index = ( {{! left}} [$ a = a * 4] + left {{! left}} [$ a = a * 4 + 1]\n\
               + left left {{! left}} [$ a = a * 4 + 2] + left left left {{! left}} [$ a = a * 4 + 3] )\n\
             #rules = ->a {walk} {{e}} ->> [x] index\n\
               ->b {walk} {{{second}}} ->> [o] index ->> {{}}\n"
        )
    };
    let pairs: Vec<i64> = (0..4)
        .flat_map(|f| (0..4).filter(move |&s| s != f).map(move |s| 4 * f + s))
        .collect();
    let top = "[e, e, e, e] [e, e, e, e]";
    let top_row = "down* up (left* + right*)";
    let cg = two_classes(&two(top, top_row, "e, x, o", "e"), "0,0,");
    assert_first_scores_uniform(&cg, 9_000, &pairs);
    let pairs: Vec<i64> = [0, 2, 3]
        .into_iter()
        .flat_map(|f| (0..4).filter(move |&s| s != f).map(move |s| 4 * f + s))
        .collect();
    let row = "(left* + right*)";
    let cg = two_classes(&two("[e, f, e, e]", row, "e, f, x, o", "e, f"), "0,1,");
    assert_first_scores_uniform(&cg, 9_000, &pairs);
}

/// On games with classes, both ways of drawing give the same playout statistics: mean
/// length and first score within 5 standard errors (the interpreter's agreement with
/// `List` is `behaviour.rs`'s).
#[test]
fn checked_and_listed_playouts_agree() {
    for (name, n) in [
        ("ticTacToe.rbg", 4000),
        ("hex.rbg", 1500),
        ("gomoku.rbg", 600),
    ] {
        let cg = CompiledGame::new(&corpus_game(name), &build_options()).expect("builds");
        let mut stats = Vec::new();
        for sampling in [Sampling::List, Sampling::Check] {
            let mut s = cg.initial_state().unwrap();
            s.set_sampling(sampling);
            let mut rng = game::rng_from_seed(21);
            let (mut len, mut score) = (Vec::new(), Vec::new());
            for _ in 0..n {
                let p = s.random_playout(&mut rng, 100_000).unwrap();
                assert!(p.finished);
                len.push(p.length as f64);
                score.push(p.scores[0] as f64);
            }
            stats.push((common::moments(&len), common::moments(&score)));
        }
        for (what, (mx, vx), (my, vy)) in [
            ("length", stats[0].0, stats[1].0),
            ("first score", stats[0].1, stats[1].1),
        ] {
            let se = ((vx + vy) / n as f64).sqrt();
            assert!(
                (mx - my).abs() <= 5.0 * se + 1e-9,
                "{name} {what}: list {mx:.3}, check {my:.3}, se {se:.3}"
            );
        }
    }
}
