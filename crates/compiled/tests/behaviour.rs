//! The compiled engine against the interpreter beyond perft: the same moves (as
//! `reasoner::Move` values) from positions set through snapshots, random playout statistics
//! within sampling error, and random small games (the generator's output compiles and
//! equals the interpreter).

mod common;

use common::{assert_equal, build_all, build_options, repo_root};
use compiled::{CompiledGame, Snapshot, SnapshotError};
use game::GameState;
use rand::Rng as _;

fn corpus_game(name: &str) -> ir::Game {
    let src = std::fs::read_to_string(repo_root().join("corpus/rbg").join(name)).unwrap();
    rbg::parse_game(&src).unwrap().game
}

fn sorted(mut v: Vec<reasoner::Move>) -> Vec<reasoner::Move> {
    v.sort();
    v
}

/// Along random interpreter games, the compiled state set from the interpreter's snapshot
/// lists the same moves, and applying the same move gives the same snapshot. Returns the
/// positions checked.
fn check_snapshots_and_moves(g: &ir::Game, games: usize, plies: usize) -> usize {
    let cg = CompiledGame::new(g, &build_options()).expect("builds");
    let r = reasoner::Reasoner::new(g).unwrap();
    let mut rng = game::rng_from_seed(7);
    let mut checked = 0;
    for _ in 0..games {
        let mut a = r.initial_state().unwrap();
        let mut b = cg.initial_state().unwrap();
        assert_eq!(Snapshot::of_interpreter(&a), b.snapshot());
        for _ in 0..plies {
            let snap = Snapshot::of_interpreter(&a);
            b.set_snapshot(&snap).expect("in range");
            assert_eq!(b.snapshot(), snap);
            let ma = sorted(a.legal_moves_checked().unwrap());
            let mb = sorted(b.legal_moves_checked().unwrap());
            assert_eq!(ma, mb);
            assert_eq!(a.current_player(), b.current_player());
            if ma.is_empty() {
                break;
            }
            let mv = &ma[rng.random_range(0..ma.len())];
            a.try_apply(mv).unwrap();
            b.try_apply(mv).unwrap();
            assert_eq!(Snapshot::of_interpreter(&a), b.snapshot());
            b.undo();
            assert_eq!(b.snapshot(), snap);
            checked += 1;
        }
    }
    checked
}

#[test]
fn snapshots_and_moves_match_along_random_games() {
    assert!(check_snapshots_and_moves(&corpus_game("chess.rbg"), 4, 60) > 100);
}

/// The same along the public games whose listing writes pieces alone (`codegen::light`),
/// reads patterns as sets (`codegen::bitsets`) or reports a piece set's squares as moves at
/// once (`Sink::switch_each`), deep into the game where short perfts do not reach.
#[test]
fn snapshots_and_moves_match_along_random_public_games() {
    let Some(dir) = common::external("rbg/games") else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    for name in [
        "amazons",
        "chess",
        "englishDraughts",
        "go",
        "reversi",
        "breakthrough_split",
        "hex_9x9",
        "gomoku_standard",
    ] {
        let text = std::fs::read_to_string(dir.join(format!("{name}.rbg"))).unwrap();
        let g = rbg::parse_game(&text).unwrap().game;
        assert!(check_snapshots_and_moves(&g, 2, 80) > 40, "{name}");
    }
}

#[test]
fn snapshot_out_of_range_is_refused() {
    let g = corpus_game("ticTacToe.rbg");
    let cg = CompiledGame::new(&g, &build_options()).expect("builds");
    let mut s = cg.initial_state().unwrap();
    let mut snap = s.snapshot();
    snap.pieces[0] = 999;
    assert_eq!(s.set_snapshot(&snap), Err(SnapshotError::OutOfRange));
    let mut snap = s.snapshot();
    snap.rules = 1_000_000;
    assert_eq!(s.set_snapshot(&snap), Err(SnapshotError::OutOfRange));
    snap.pieces.pop();
    assert_eq!(s.set_snapshot(&snap), Err(SnapshotError::Sizes));
}

/// Both engines pick uniformly among all legal moves, so playout lengths and scores follow
/// the same distribution: means agree within 5 standard errors.
#[test]
fn playout_statistics_match_the_interpreter() {
    for (name, n) in [("breakthrough.rbg", 1500), ("ticTacToe.rbg", 4000)] {
        let g = corpus_game(name);
        let cg = CompiledGame::new(&g, &build_options()).expect("builds");
        let r = reasoner::Reasoner::new(&g).unwrap();
        let mut rng = game::rng_from_seed(11);
        let mut a = r.initial_state().unwrap();
        let mut b = cg.initial_state().unwrap();
        let (mut la, mut lb, mut sa, mut sb) = (vec![], vec![], vec![], vec![]);
        for _ in 0..n {
            let p = reasoner::random_playout(&mut a, &mut rng, 10_000).unwrap();
            la.push(p.length as f64);
            sa.push(p.scores[0] as f64);
            let p = b.random_playout(&mut rng, 10_000).unwrap();
            assert!(p.finished);
            lb.push(p.length as f64);
            sb.push(p.scores[0] as f64);
        }
        for (what, x, y) in [("length", &la, &lb), ("first score", &sa, &sb)] {
            let ((mx, vx), (my, vy)) = (common::moments(x), common::moments(y));
            let se = ((vx + vy) / n as f64).sqrt();
            assert!(
                (mx - my).abs() <= 5.0 * se + 1e-9,
                "{name} {what}: interpreter {mx:.3}, compiled {my:.3}, se {se:.3}"
            );
        }
    }
}

/// With the references' keeper policy (`first`), the paths playouts and perft take inside
/// the library (the keeper's first move kept in place, positions restored from copies)
/// agree with the interpreter: perft with every leaf applied counts the same leaves, and
/// flat Monte-Carlo gives the same first-player score distribution within sampling error
/// and average lengths within 5%.
#[test]
fn keeper_first_playouts_and_applied_perft_match_the_interpreter() {
    let mut opts = build_options();
    opts.options.keeper = reasoner::KeeperMode::First;
    for (name, depth, n) in [
        ("breakthrough.rbg", 3, 1500),
        ("connectFour.rbg", 5, 3000),
        ("reversi.rbg", 4, 600),
        ("englishDraughts.rbg", 5, 1500),
        ("ticTacToe.rbg", 5, 3000),
    ] {
        let g = corpus_game(name);
        let cg = CompiledGame::new(&g, &opts).expect("builds");
        let r = reasoner::Reasoner::with_options(&g, opts.options).unwrap();
        let mut a = r.initial_state().unwrap();
        let want = reasoner::perft_by_depth(&mut a, depth).unwrap();
        let mut b = cg.initial_state().unwrap();
        let got = cg
            .perft_by_depth_with(&mut b, depth, reasoner::LastLevel::Applied)
            .unwrap();
        let leaves = |v: &[reasoner::PerftCounts]| v.iter().map(|c| c.leaves).collect::<Vec<_>>();
        assert_eq!(leaves(&got), leaves(&want), "{name} perft applied");
        common::assert_flat_mc_matches(name, &cg, &r, n);
    }
}

/// Flat Monte-Carlo inside the library reports like the interpreter's.
#[test]
fn flat_mc_reports_finished_playouts() {
    let g = corpus_game("ticTacToe.rbg");
    let cg = CompiledGame::new(&g, &build_options()).expect("builds");
    let rep = cg.flat_mc(reasoner::Budget::Playouts(500), 3).unwrap();
    assert_eq!(rep.playouts, 500);
    assert_eq!(rep.unfinished, 0);
    assert_eq!(rep.histogram.values().sum::<u64>(), 500);
    assert!(rep.avg_length >= 5.0 && rep.avg_length <= 9.0);
    // Deterministic given the seed.
    assert_eq!(
        cg.flat_mc(reasoner::Budget::Playouts(500), 3)
            .unwrap()
            .histogram,
        rep.histogram
    );
}

/// A tiny generator of random rule texts over a 2x2 board (xorshift, fixed seeds).
struct RuleGen(u64);

impl RuleGen {
    fn next(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
    fn action(&mut self, pattern: bool, depth: u32) -> String {
        let n = if pattern { 14 } else { 17 };
        match self.next(n) {
            0 => "up".into(),
            1 => "down".into(),
            2 => "left".into(),
            3 => "right".into(),
            4 => "{e}".into(),
            5 => "{x,y}".into(),
            6 => "[e]".into(),
            7 => "[x]".into(),
            8 => "[$ a = a + 1]".into(),
            9 => "{$ a < 2}".into(),
            10 => "{$ x == 1}".into(),
            11 => "{$ a / (a - 1) == 1}".into(),
            12 | 13 if depth < 3 => {
                let sign = if self.next(2) == 0 { "?" } else { "!" };
                format!("{{{sign} {}}}", self.expr(true, depth + 1))
            }
            12 => "[$ p = 2]".into(),
            13 => "[y]".into(),
            14 => "->p".into(),
            15 => "->q".into(),
            _ => "->>".into(),
        }
    }
    fn expr(&mut self, pattern: bool, depth: u32) -> String {
        if depth >= 4 {
            return self.action(pattern, depth);
        }
        match self.next(6) {
            0 | 1 => self.action(pattern, depth),
            2 | 3 => format!(
                "({} {})",
                self.expr(pattern, depth + 1),
                self.expr(pattern, depth + 1)
            ),
            4 => format!(
                "({} + {})",
                self.expr(pattern, depth + 1),
                self.expr(pattern, depth + 1)
            ),
            _ => format!("({})*", self.expr(pattern, depth + 1)),
        }
    }
    fn game(&mut self) -> String {
        let body = self.expr(false, 0);
        format!(
            "#players = p(3), q(3)\n#pieces = e, x, y\n#variables = a(3)\n\
             #board = rectangle(up, down, left, right, [e, x] [y, e])\n\
             #rules = ->p ({body} ->q {body2})*\n",
            body2 = self.expr(false, 1)
        )
    }
}

/// Random games: the generated source compiles and the engine equals the interpreter
/// (perft, errors, terminal counts and score histograms).
#[test]
fn random_games_equal_the_interpreter() {
    let mut gen = RuleGen(0x9e37_79b9_7f4a_7c15);
    let games: Vec<(String, ir::Game)> = (0..6)
        .filter_map(|i| {
            let text = gen.game();
            rbg::parse_game(&text)
                .ok()
                .map(|p| (format!("random game {i}: {text}"), p.game))
        })
        .collect();
    assert!(
        games.len() >= 4,
        "the generator should give mostly valid games"
    );
    for ((name, g), cg) in games.iter().zip(build_all(&games)) {
        let cg = cg.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_equal(name, g, &cg, 20_000);
    }
}

/// An improper keeper (two first moves with different results): with the keeper check both
/// engines stop with `ImproperKeeper`; with `First` both take the first move, count the same,
/// and keep the finding as a warning, in perft and in flat Monte-Carlo.
#[test]
fn improper_keeper_is_an_error_or_a_warning_in_both_engines() {
    let src =
        std::fs::read_to_string(repo_root().join("crates/cli/tests/data/improper.rbg")).unwrap();
    let g = rbg::parse_game(&src).unwrap().game;
    let check = CompiledGame::new(&g, &build_options()).expect("builds");
    assert!(matches!(
        check.initial_state().err(),
        Some(reasoner::GameError::ImproperKeeper { .. })
    ));
    assert!(reasoner::Reasoner::new(&g)
        .unwrap()
        .initial_state()
        .is_err());
    let mut opts = build_options();
    opts.options.keeper = reasoner::KeeperMode::First;
    let cg = CompiledGame::new(&g, &opts).expect("builds");
    let r = reasoner::Reasoner::with_options(&g, opts.options).unwrap();
    let mut a = r.initial_state().unwrap();
    let mut b = cg.initial_state().unwrap();
    let want = reasoner::perft_by_depth(&mut a, 3).unwrap();
    let got = cg
        .perft_by_depth_with(&mut b, 3, reasoner::LastLevel::Applied)
        .unwrap();
    assert_eq!(got, want);
    assert!(a.keeper_warning().is_some());
    assert!(matches!(
        b.keeper_warning(),
        Some(reasoner::GameError::ImproperKeeper { .. })
    ));
    let y = cg.flat_mc(reasoner::Budget::Playouts(10), 1).unwrap();
    assert!(y.keeper_warning.is_some());
}

/// An improper keeper choice after a player's move (three keeper moves, the third with
/// another result): both engines report it and are left at the choice, where undo takes the
/// move back; with `First` both go on with the first alternative and keep the warning.
#[test]
fn improper_keeper_after_a_move_leaves_both_engines_alike() {
    let src = "#players = p(1), q(1)\n#pieces = e, x\n#variables = t(3)\n\
               #board = rectangle(up, down, left, right, [e, e])\n\
               #rules = ->p [x] ->> ([$ t = 2] + [$ t = 2] + [$ t = 3]) ->q {}\n";
    let g = rbg::parse_game(src).unwrap().game;
    for keeper in [reasoner::KeeperMode::Check, reasoner::KeeperMode::First] {
        let mut opts = build_options();
        opts.options.keeper = keeper;
        let cg = CompiledGame::new(&g, &opts).expect("builds");
        let r = reasoner::Reasoner::with_options(&g, opts.options).unwrap();
        let mut a = r.initial_state().unwrap();
        let mut b = cg.initial_state().unwrap();
        let of = compiled::Snapshot::of_interpreter;
        let before = of(&a);
        let m = a.legal_moves_checked().unwrap();
        let (ra, rb) = (a.try_apply(&m[0]), b.try_apply(&m[0]));
        assert_eq!(ra.is_ok(), keeper == reasoner::KeeperMode::First);
        assert_eq!(rb.is_ok(), ra.is_ok());
        assert_eq!(b.snapshot(), of(&a), "{keeper:?}");
        assert_eq!(a.keeper_warning().is_some(), ra.is_ok());
        assert_eq!(b.keeper_warning().is_some(), ra.is_ok());
        assert!(matches!(
            rb.err().or(b.keeper_warning()),
            Some(reasoner::GameError::ImproperKeeper { moves: 3, .. })
        ));
        a.undo();
        b.undo();
        assert_eq!(of(&a), before);
        assert_eq!(b.snapshot(), before);
    }
}

/// The keeper's search cut at its frontier (`keeper_frontier`) finds one way on one board
/// and two on the other, where check mode then lists the moves and finds the choice
/// improper, as the interpreter does.
#[test]
fn a_frontier_with_two_ways_is_listed_and_checked() {
    let game = |board: &str| {
        let src = format!(
            "#players = p(1), q(1)\n#pieces = e, x, y\n#variables =\n\
             #board = rectangle(up, down, left, right, [{board}])\n\
             #rules = ->> right* {{e}} {{! right {{e}}}} ({{? right {{x}}}} [x] + {{! right {{x}}}} [y]) ->p ->q\n"
        );
        (board.to_string(), rbg::parse_game(&src).unwrap().game)
    };
    let games = [game("x, e, x, y"), game("e, x, e, y")];
    let built = build_all(&games);
    let one_way = built[0].as_ref().expect("builds");
    let r = reasoner::Reasoner::new(&games[0].1).unwrap();
    let want = reasoner::perft_by_depth(&mut r.initial_state().unwrap(), 2).unwrap();
    let mut s = one_way.initial_state().unwrap();
    let got = one_way
        .perft_by_depth_with(&mut s, 2, reasoner::LastLevel::Applied)
        .unwrap();
    assert_eq!(got, want);
    let two_ways = built[1].as_ref().expect("builds");
    assert!(matches!(
        two_ways.initial_state().err(),
        Some(reasoner::GameError::ImproperKeeper { moves: 2, .. })
    ));
    assert!(reasoner::Reasoner::new(&games[1].1)
        .unwrap()
        .initial_state()
        .is_err());
}

/// Applied perft meets the improper keeper only at its leaves (the keeper's choice after x's
/// first move), which the compiled engine applies on a scratch state while it searches: with
/// the check, the error reaches the caller; with `First`, the counts equal the interpreter's
/// (which applies every move above the last level) and the warning reaches the state.
#[test]
fn improper_keeper_at_perft_leaves_reaches_the_caller() {
    let src = "#players = x(100), o(100)\n#pieces = e, X\n#variables =\n\
               #board = rectangle(up, down, left, right, [e, e, e])\n\
               #rules = ->x right* {e} [X] ->> left* [X] ->o {X} [e] ->x\n";
    let g = rbg::parse_game(src).unwrap().game;
    let check = CompiledGame::new(&g, &build_options()).expect("builds");
    let mut s = check.initial_state().unwrap();
    // Two choices (x's square or the one left of it): the count says the error came from
    // the leaf, not a default.
    assert!(matches!(
        check.perft_by_depth_with(&mut s, 1, reasoner::LastLevel::Applied),
        Err(reasoner::GameError::ImproperKeeper { moves: 2, .. })
    ));
    let mut opts = build_options();
    opts.options.keeper = reasoner::KeeperMode::First;
    let cg = CompiledGame::new(&g, &opts).expect("builds");
    let r = reasoner::Reasoner::with_options(&g, opts.options).unwrap();
    for depth in [1, 2] {
        let mut b = cg.initial_state().unwrap();
        assert!(b.keeper_warning().is_none());
        let got = cg
            .perft_by_depth_with(&mut b, depth, reasoner::LastLevel::Applied)
            .unwrap();
        let want = reasoner::perft_by_depth(&mut r.initial_state().unwrap(), depth).unwrap();
        assert_eq!(got, want);
        assert_eq!(got[1].leaves, 3, "x's three squares");
        // At depth 1 only the leaves meet the keeper.
        assert!(
            matches!(
                b.keeper_warning(),
                Some(reasoner::GameError::ImproperKeeper { moves: 2, .. })
            ),
            "depth {depth}"
        );
    }
}

/// A move without steps applies nothing (no switch, no piece) and is taken back by `undo`:
/// the library's `apply` (`compiled_runtime::abi::VTable`) takes it as it did before moves were stored in groups.
#[test]
fn an_empty_move_applies_nothing() {
    let cg = CompiledGame::new(&corpus_game("chess.rbg"), &build_options()).expect("builds");
    let mut b = cg.initial_state().unwrap();
    let before = b.snapshot();
    let empty = reasoner::Move {
        steps: Box::new([]),
    };
    b.try_apply(&empty).expect("applies");
    assert_eq!(b.snapshot(), before);
    b.undo();
    assert_eq!(b.snapshot(), before);
    assert!(!b.legal_moves_checked().unwrap().is_empty());
}

/// The keeper's levels count their work from zero, as every move generation does
/// (`root_level` resets the count that `level` resets). The player's listing counts eight
/// modifiers (one `[x]` per square; the one before the switch is recorded, not counted) and
/// the keeper's level four: with a search limit of 10 each fits and both together would not.
/// The keeper's direct calls start after first mode's 10,000 checked phases, so the run has
/// more playouts (one move each) than that. A keeper level that kept the listing's count
/// fails from here up to a limit of 11.
#[test]
fn keeper_work_is_counted_from_zero() {
    let src = "#players = p(100)\n#pieces = e, x\n#variables = a(1), b(1), c(1), s(1)\n\
               #board = rectangle(up,down,left,right,[e,e,e,e,e,e,e,e])\n\
               #rules = ->p (left* + right*) {e} [x] [$ s=1] ->> [$ a=1] [$ b=1] [$ c=1] [$ p=1] [$ a=0] ->p {}";
    let g = rbg::parse_game(src).unwrap().game;
    let mut opts = build_options();
    opts.options.keeper = reasoner::KeeperMode::First;
    opts.options.search_limit = 10;
    let cg = CompiledGame::new(&g, &opts).expect("builds");
    let got = cg.flat_mc(reasoner::Budget::Playouts(10_050), 1).unwrap();
    assert_eq!(got.playouts, 10_050);
    assert_eq!(
        got.histogram.len(),
        1,
        "every playout ends with p scoring 1"
    );
}

/// The keeper's first move runs without the limits' checks only where they cannot stop it
/// (`keeper_first`): this keeper's chain is six levels, the bound the generated code tests.
/// With the checks, a search limit of 3 stops the chain and 4 does not; the bound keeps
/// the checks at both, and above it (100) no check is made and none is needed. 10,050
/// playouts (one move each) take the keeper past first mode's 10,000 checked phases. Those
/// phases search the same chain with the checks, so a bound too low would show here only
/// where a keeper's work grows after them; the bound is asserted on the source instead.
/// (The interpreter counts the same search differently and stops it only at a limit of 0.)
#[test]
fn keeper_chain_is_checked_where_the_limit_can_stop_it() {
    let src = "#players = p(100)\n#pieces = e, x\n#variables = a(1), b(1), c(1)\n\
               #board = rectangle(up,down,left,right,[e])\n\
               #rules = ->p {e} [x] ->> [$ a=1] [$ b=1] [$ c=1] [$ p=1] [$ a=0] ->p {}";
    let g = rbg::parse_game(src).unwrap().game;
    let code = compiled::engine::generate_source(&g).expect("generates");
    assert!(
        code.contains("if 6 <= c.unlimited_work =>"),
        "the keeper's bound"
    );
    for (limit, stops) in [(3, true), (4, false), (100, false)] {
        let mut opts = build_options();
        opts.options.keeper = reasoner::KeeperMode::First;
        opts.options.search_limit = limit;
        let cg = CompiledGame::new(&g, &opts).expect("builds");
        let got = cg.flat_mc(reasoner::Budget::Playouts(10_050), 1);
        assert_eq!(got.is_err(), stops, "search limit {limit}");
        if let Ok(report) = got {
            assert_eq!(report.playouts, 10_050);
        }
    }
}

/// `Options::pattern_limit` reaches the library (it used to hard-code the default): the
/// keeper's pattern choosing one of two modifiers on each of 20 squares has 2^20 paths and
/// never holds, and both engines stop at the limit the options give, naming it.
#[test]
fn the_pattern_limit_of_the_options_reaches_the_library() {
    let body = vec!["([x] + [e])"; 20].join(" right ");
    let src = format!(
        "#players = p(1), q(1)\n#pieces = e, x\n#variables =\n\
         #board = rectangle(up, down, left, right, [{}])\n\
         #rules = {{? {body} {{$ p == 1}}}} ->p ->q\n",
        vec!["e"; 20].join(", ")
    );
    let g = rbg::parse_game(&src).expect("parses").game;
    let mut opts = build_options();
    opts.options.pattern_limit = 5_000;
    let cg = CompiledGame::new(&g, &opts).expect("builds");
    let r = reasoner::Reasoner::with_options(&g, opts.options).unwrap();
    let interpreted = r.initial_state().map(|_| ()).err();
    let compiled = cg.initial_state().map(|_| ()).err();
    for e in [interpreted, compiled] {
        match e {
            Some(reasoner::GameError::PatternLimit { limit, .. }) => assert_eq!(limit, 5_000),
            other => panic!("expected the pattern limit, got {other:?}"),
        }
    }
}
