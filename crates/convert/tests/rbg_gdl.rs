//! RBG → GDL plays the same game: for every game of our RBG corpus, the translation passes our
//! GDL checker and perft of our GDL engine on it equals perft of the reasoner, with terminal
//! counts and (scaled) score histograms, depth by depth.

use game::perft::{perft_stats, DepthStats};
use std::path::PathBuf;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The reasoner's statistics with scores scaled like the translation's goals.
fn reasoner_stats(game: &ir::Game, depth: u32) -> Vec<DepthStats> {
    let r = reasoner::Reasoner::new(game).expect("compiles");
    let mut s = r.initial_state().expect("initial state");
    let mut stats = perft_stats(&mut s, depth);
    let bounds: Vec<i64> = game.variables[..game.players.len()]
        .iter()
        .map(|v| v.bound)
        .collect();
    for d in &mut stats {
        d.score_histogram = std::mem::take(&mut d.score_histogram)
            .into_iter()
            .map(|(scores, n)| {
                let scaled = scores
                    .iter()
                    .zip(&bounds)
                    .map(|(&s, &b)| if b == 0 { 0 } else { (100 * s + b / 2) / b })
                    .collect();
                (scaled, n)
            })
            .fold(
                Default::default(),
                |mut m: std::collections::BTreeMap<Vec<i64>, u64>, (k, n)| {
                    *m.entry(k).or_default() += n;
                    m
                },
            );
    }
    stats
}

fn gdl_stats(name: &str, game: &ir::Game, depth: u32) -> Vec<DepthStats> {
    gdl_stats_with(name, game, depth, convert::GdlOptions::unlimited())
}

fn gdl_stats_with(
    name: &str,
    game: &ir::Game,
    depth: u32,
    opts: convert::GdlOptions,
) -> Vec<DepthStats> {
    let t = convert::rbg_to_gdl(game, opts)
        .unwrap_or_else(|e| panic!("{name}: does not translate: {e}"));
    let (desc, _) = gdl::parse_and_check(&t.text).unwrap_or_else(|d| {
        panic!(
            "{name}: GDL does not check:\n{}",
            gdl::render("out.kif", &t.text, &d)
        )
    });
    let mut engine = gdl::Engine::new(&desc).expect("engine builds");
    perft_stats(&mut engine, depth)
}

/// The deepest depth up to 3 whose tree has at most `budget` leaves (at least 1).
fn depth_for(game: &ir::Game, budget: u64) -> u32 {
    let r = reasoner::Reasoner::new(game).expect("compiles");
    let mut s = r.initial_state().expect("initial state");
    let mut d = 1;
    while d < 3 && game::perft::perft(&mut s, d + 1) <= budget {
        d += 1;
    }
    d
}

fn corpus_games() -> Vec<(String, ir::Game)> {
    let only = std::env::var("RBG_GDL_ONLY").unwrap_or_default();
    let dir = repo().join("corpus/rbg");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus/rbg")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rbg"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let name = f.file_stem().unwrap().to_string_lossy().to_string();
        if !only.is_empty() && !only.split(',').any(|o| o == name) {
            continue;
        }
        let text = std::fs::read_to_string(&f).expect("readable");
        let game = rbg::parse_game(&text)
            .unwrap_or_else(|_| panic!("{name} parses"))
            .game;
        out.push((name, game));
    }
    out
}

/// Every game of corpus/rbg but englishDraughts (its dead pieces and crowning after the
/// capture loop, docs/rbg-to-gdl.md) fits the direct encoding: a change that broke one of
/// GDL's restrictions in the direct rules would fall back to the general encoding silently.
#[test]
fn corpus_games_translate_directly() {
    let mut general = Vec::new();
    for (name, game) in corpus_games() {
        let t = convert::rbg_to_gdl(&game, convert::GdlOptions::unlimited())
            .unwrap_or_else(|e| panic!("{name}: does not translate: {e}"));
        if !t
            .text
            .starts_with(";; Translated from RBG by rbgtool (direct encoding")
        {
            general.push(format!("{name}: {}", t.text.lines().next().unwrap_or("")));
        }
    }
    let expected = ["englishDraughts"];
    assert!(
        general.len() == expected.len()
            && expected
                .iter()
                .all(|e| general.iter().any(|g| g.starts_with(e))),
        "general encoding: {general:#?}"
    );
}

/// Games are shared among two threads (the translations of draughts, reversi and amazons take
/// most of the time on the interpreter).
#[test]
fn corpus_games_play_the_same_in_gdl() {
    let games = corpus_games();
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((name, game)) = games.get(i) else {
                    return;
                };
                let depth = depth_for(game, 7_000);
                let t0 = std::time::Instant::now();
                let ours = gdl_stats(name, game, depth);
                let expected = reasoner_stats(game, depth);
                assert_eq!(expected, ours, "{name}: reasoner vs GDL perft statistics");
                eprintln!(
                    "{name}: GDL equal to depth {depth} ({} leaves, {:.1?})",
                    ours.last().map_or(0, |d| d.leaves),
                    t0.elapsed()
                );
            });
        }
    });
}

/// `--optimize size` merges relations alike but for their constants: each game of corpus/rbg
/// (the chess positions but the first) translates no longer than by default and plays the reasoner's game (perft statistics to
/// the deepest depth up to 3 with at most 2,000 leaves).
#[test]
fn games_optimized_for_size_play_the_same() {
    let size = convert::GdlOptions {
        optimize: convert::Optimize::Size,
        ..convert::GdlOptions::unlimited()
    };
    let (mut shorter, mut total) = (0, 0);
    for (name, game) in corpus_games() {
        if name.starts_with("chessPosition") {
            continue; // chess's rules again
        }
        let lines = |opts| {
            convert::rbg_to_gdl(&game, opts)
                .map(|t| t.text.lines().count())
                .unwrap_or_else(|e| panic!("{name}: does not translate: {e}"))
        };
        let (by_default, small) = (lines(convert::GdlOptions::unlimited()), lines(size));
        assert!(
            small <= by_default,
            "{name}: {small} lines for size, {by_default} by default"
        );
        total += 1;
        shorter += usize::from(small < by_default);
        let depth = depth_for(&game, 2_000);
        let ours = gdl_stats_with(&name, &game, depth, size);
        assert_eq!(
            reasoner_stats(&game, depth),
            ours,
            "{name}: reasoner vs GDL (size)"
        );
        eprintln!("{name}: {by_default} -> {small} lines, equal to depth {depth}");
    }
    eprintln!("{shorter} of {total} games shorter with --optimize size");
    assert!(shorter > 0);
}

/// The public RBG games of `../shared/corpus-external/rbg/games/` (skipped when absent): every
/// one translates (without the size limit) and passes the checker; those over the default
/// limit are refused by default, with their size; where our GDL engine handles the translation in a
/// few seconds (outputs under 40,000 lines), its perft equals the reasoner's at depth 1 and,
/// for trees of at most 3,000 leaves, at depth 2. Prints one report line per game.
#[test]
fn public_games_translate_check_and_agree() {
    let dir = repo().join("../shared/corpus-external/rbg/games");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rbg"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no public RBG games found");
    let (total, mut compared, mut direct, mut over) = (files.len(), 0, 0, 0);
    for f in files {
        let name = f.file_stem().unwrap().to_string_lossy().to_string();
        let start = std::time::Instant::now();
        let text = std::fs::read_to_string(&f).expect("readable");
        let game = rbg::parse_game(&text)
            .unwrap_or_else(|_| panic!("{name} parses"))
            .game;
        let t = convert::rbg_to_gdl(&game, convert::GdlOptions::unlimited())
            .unwrap_or_else(|e| panic!("{name}: does not translate: {e}"));
        let limited = convert::rbg_to_gdl(&game, convert::GdlOptions::default());
        if t.text.len() > convert::DEFAULT_MAX_BYTES {
            over += 1;
            let why = limited.expect_err("over the limit").message;
            let size = format!("would have {} bytes", t.text.len());
            assert!(why.contains(&size), "{name}: {why}");
        } else {
            assert_eq!(limited.expect("within the limit").text, t.text, "{name}");
        }
        let (desc, warnings) = gdl::parse_and_check(&t.text).unwrap_or_else(|d| {
            panic!(
                "{name}: GDL does not check:\n{}",
                gdl::render("out.kif", &t.text, &d)
            )
        });
        let lines = t.text.lines().count();
        let encoding = if t
            .text
            .starts_with(";; Translated from RBG by rbgtool (direct")
        {
            direct += 1;
            "direct"
        } else {
            "general"
        };
        let mut report = format!(
            "{name}: translates ({encoding}, {lines} lines, move {} / keeper {} levels{}), checks ({} warnings)",
            t.player_levels,
            t.keeper_levels,
            if t.unrolled { ", unrolled" } else { "" },
            warnings.len()
        );
        if lines <= 40_000 {
            let depth = if depth_for(&game, 3_000) >= 2 { 2 } else { 1 };
            let r = reasoner::Reasoner::new(&game).expect("compiles");
            let mut s = r.initial_state().expect("initial state");
            let expected: Vec<u64> = (1..=depth).map(|d| game::perft::perft(&mut s, d)).collect();
            let mut engine = gdl::Engine::new(&desc).expect("engine builds");
            let got: Vec<u64> = (1..=depth)
                .map(|d| game::perft::perft(&mut engine, d))
                .collect();
            assert_eq!(expected, got, "{name}: reasoner vs GDL perft");
            compared += 1;
            report.push_str(&format!(", perft equal {got:?}"));
        } else {
            report.push_str(", perft not compared (too large for the suite)");
        }
        eprintln!("{report} ({:.1?})", start.elapsed());
    }
    eprintln!(
        "{total} public games translate and check ({direct} in the direct encoding); \
         {compared} have perft compared with the reasoner and equal; {over} are over {} bytes \
         and refused by default (with their size)",
        convert::DEFAULT_MAX_BYTES
    );
}

/// A construct the back end cannot express is an error at its source span: here an
/// arithmetic table of a million rows.
#[test]
fn an_untabulable_expression_is_refused_with_its_span() {
    let src = "#players = a(1), b(1)\n#pieces = e\n#variables = x(1000), y(1000)\n\
               #board = rectangle(up, down, left, right, [e, e])\n\
               #rules = ->a ([$ x = x * y] ->b ->a)*\n";
    let game = rbg::parse_game(src)
        .map_err(|_| ())
        .expect("valid RBG")
        .game;
    let err =
        convert::rbg_to_gdl(&game, convert::GdlOptions::default()).expect_err("not translatable");
    assert_eq!(
        err.message,
        "the operation `*` needs a table of 1002001 rows (at most 200000)"
    );
    assert_eq!(&src[err.span.range()], "x = x * y");
}

/// The translated tic-tac-toe (direct encoding), reviewed: roles, initial state, board,
/// one legal rule per player, the winning lines as shared relations, the keeper's three
/// outcomes in `next`, goals.
#[test]
fn tic_tac_toe_translation_snapshot() {
    let text = std::fs::read_to_string(repo().join("corpus/rbg/ticTacToe.rbg")).unwrap();
    let game = rbg::parse_game(&text).map_err(|_| ()).unwrap().game;
    let t = convert::rbg_to_gdl(&game, convert::GdlOptions::default()).unwrap();
    assert!(t
        .text
        .starts_with(";; Translated from RBG by rbgtool (direct encoding"));
    insta::assert_snapshot!(t.text);
}

/// The same game in the general encoding, reviewed: roles, board, automaton facts, frames,
/// moves, goals.
#[test]
fn tic_tac_toe_general_translation_snapshot() {
    let text = std::fs::read_to_string(repo().join("corpus/rbg/ticTacToe.rbg")).unwrap();
    let game = rbg::parse_game(&text).map_err(|_| ()).unwrap().game;
    let opts = convert::GdlOptions {
        encoding: convert::Encoding::General,
        ..Default::default()
    };
    let t = convert::rbg_to_gdl(&game, opts).unwrap();
    insta::assert_snapshot!(t.text);
}

/// `--unroll` cuts an unbounded frame; a too small unrolling shows as `overflow` (terminal,
/// goal 0) and so as a perft difference, never as quietly different moves.
#[test]
fn too_small_an_unrolling_shows_in_perft() {
    let text = std::fs::read_to_string(repo().join("corpus/rbg/reversi.rbg")).unwrap();
    let game = rbg::parse_game(&text).map_err(|_| ()).unwrap().game;
    let t = convert::rbg_to_gdl(
        &game,
        convert::GdlOptions {
            unroll: Some(1),
            ..Default::default()
        },
    )
    .unwrap();
    assert!(t.unrolled && t.text.contains("(overflow)"));
    let (desc, _) = gdl::parse_and_check(&t.text).map_err(|_| ()).unwrap();
    let mut engine = gdl::Engine::new(&desc).unwrap();
    // Reversi's keeper flips discs in a loop: cut at 1 level, every keeper phase that flips
    // overflow, and the tree changes.
    let r = reasoner::Reasoner::new(&game).unwrap();
    let mut s = r.initial_state().unwrap();
    let expected = game::perft::perft(&mut s, 2);
    let got = game::perft::perft(&mut engine, 2);
    assert_ne!(expected, got, "an overflowing unrolling must change perft");
}

/// Reversi flips in the keeper's phase with loops that apply modifiers: our reversi
/// translates in the direct encoding and plays the reasoner's game (perft statistics to
/// depth 5).
#[test]
fn reversi_translates_directly_and_plays_the_same() {
    reversi_plays_the_same(&repo().join("corpus/rbg/reversi.rbg"));
}

/// A small go without the area count (its end scores the stones): the keeper marks the
/// groups the stone captures in four exclusive steps, spreads the mark over them and clears
/// them with loops of keeper moves (`(anySquare {toCapture} gotoNeighbor(o) [toCapture] ->>)*`),
/// which the direct encoding writes as closure relations. The initial board lets black capture
/// two stones at once in its first move. Perft statistics equal the reasoner's to depth 3.
#[test]
fn a_capturing_go_translates_directly_and_plays_the_same() {
    let src = r"#players = black(16), white(16)
#variables = blackPass(1), whitePass(1), turn(12)
#pieces = empty, blackStone, whiteStone, toCapture
#board = rectangle(up,down,left,right, [whiteStone, whiteStone, blackStone, empty] [blackStone, empty, empty, whiteStone] [empty, empty, whiteStone, blackStone] [empty, empty, empty, empty])
#anySquare = (left* + right*)(up* + down*)
#resetSquare = (left* {! left} up* {! up})
#gotoNeighbor(n) = ((up+down+left+right){n})
#noLiberty(s) = {! gotoNeighbor(s)* gotoNeighbor(empty)}
#mark(o; d; b) = ((d {o} noLiberty(o) [toCapture] b + {! d {o} noLiberty(o)}) ->>)
#capture(o) = (mark(o; up; down) mark(o; down; up) mark(o; left; right) mark(o; right; left) ->>
      (anySquare {toCapture} gotoNeighbor(o) [toCapture] ->>)* {! anySquare {toCapture} gotoNeighbor(o)} ->>
      (anySquare {toCapture} [empty] ->>)* {! anySquare {toCapture}})
#end = ({$ blackPass + whitePass < 2} {$ turn < 11} [$ turn = turn + 1]
      + ({$ blackPass + whitePass == 2} + {$ turn == 11}) ->> [$ white = whiteStone] [$ black = blackStone] ->> {})
#turn(me; opp) = (->me ([$ me~Pass = 0] anySquare {empty} [me~Stone]
        {? gotoNeighbor(me~Stone)* gotoNeighbor(empty) + gotoNeighbor(opp~Stone) noLiberty(opp~Stone)}
        ->> capture(opp~Stone) + [$ me~Pass = 1]) ->> end resetSquare)
#rules = (turn(black; white) turn(white; black))*";
    let game = rbg::parse_game(src).map_err(|_| ()).expect("parses").game;
    let t = convert::rbg_to_gdl(&game, convert::GdlOptions::default()).unwrap();
    assert!(
        t.text
            .starts_with(";; Translated from RBG by rbgtool (direct encoding"),
        "capturing go: not direct"
    );
    assert!(t.text.contains("(<= (clos"), "no closure relation");
    assert_eq!(
        reasoner_stats(&game, 3),
        gdl_stats("capturing go", &game, 3),
        "capturing go: reasoner vs GDL perft statistics to depth 3"
    );
}

/// The public reversis (8x8, 4x4 to depth 9, 6x6), as our own.
#[test]
fn public_reversis_translate_directly_and_play_the_same() {
    let shared = repo().join("../shared/corpus-external/rbg/games");
    if !shared.is_dir() {
        return testskip::skip("../shared/corpus-external is absent");
    }
    for g in ["reversi", "reversi_4x4", "reversi_6x6"] {
        reversi_plays_the_same(&shared.join(format!("{g}.rbg")));
    }
}

/// The game of `file` translates directly and its perft statistics equal the reasoner's to
/// depth 5, or 9 on a board of at most 16 squares (flips of flips, to the end of most plays).
fn reversi_plays_the_same(file: &std::path::Path) {
    let name = file.display().to_string();
    let text = std::fs::read_to_string(file).expect("readable");
    let game = rbg::parse_game(&text).map_err(|_| ()).expect("parses").game;
    let t = convert::rbg_to_gdl(&game, convert::GdlOptions::default()).unwrap();
    assert!(
        t.text
            .starts_with(";; Translated from RBG by rbgtool (direct encoding"),
        "{name}: not direct"
    );
    let depth = if game.board.vertex_count() <= 16 {
        9
    } else {
        5
    };
    assert_eq!(
        reasoner_stats(&game, depth),
        gdl_stats(&name, &game, depth),
        "{name}: reasoner vs GDL perft statistics to depth {depth}"
    );
    eprintln!(
        "{name}: direct, {} lines, equal to depth {depth}",
        t.text.lines().count()
    );
}

/// English draughts' capture chains are loops that apply modifiers within a player's move:
/// the public englishDraughts translates in the direct encoding and plays the reasoner's
/// game (perft statistics to depth 5, where chains of captures start).
#[test]
fn english_draughts_translates_directly_and_plays_the_same() {
    let file = repo().join("../shared/corpus-external/rbg/games/englishDraughts.rbg");
    if !file.is_file() {
        return testskip::skip("../shared/corpus-external is absent");
    }
    let text = std::fs::read_to_string(&file).expect("readable");
    let game = rbg::parse_game(&text).map_err(|_| ()).expect("parses").game;
    let t = convert::rbg_to_gdl(&game, convert::GdlOptions::default()).unwrap();
    assert!(
        t.text
            .starts_with(";; Translated from RBG by rbgtool (direct encoding"),
        "englishDraughts: not direct"
    );
    assert_eq!(
        reasoner_stats(&game, 5),
        gdl_stats("englishDraughts", &game, 5),
        "englishDraughts: reasoner vs GDL perft statistics to depth 5"
    );
}

/// Small games for the direct encoding's harder cases: each translates directly and plays
/// the reasoner's game (perft statistics to depth 6).
#[test]
fn direct_encoding_cases_play_the_same() {
    let cases = [
        // A move empties a square and puts a piece one step right; the check after reads
        // both (the board analysis proves the two vertices differ).
        (
            "two puts on vertices apart",
            "#players = a(100), b(100)\n#pieces = e, x, y\n#variables =\n\
             #board = rectangle(up, down, left, right, [x, e, e] [e, x, e] [e, e, y])\n\
             #any = (up* + down*)(left* + right*)\n\
             #rules = ->a (any {x, y} [e] right {e} [x] left {e} right {x} ->b \
                           any {x, y} [e] right {e} [y] left {e} ->a)*",
        ),
        // A counter incremented every turn (its value is read from the state), with a
        // bound below the scores' so that overflowing it ends the play.
        (
            "an assignment computed from the state",
            "#players = a(100), b(100)\n#pieces = e, x\n#variables = t(3)\n\
             #board = rectangle(up, down, left, right, [e, e] [e, e])\n\
             #rules = ->a ((up* + down*)(left* + right*) {e} [x] [$ t = t + 1] ->b \
                           (up* + down*)(left* + right*) {e} [x] ->> [$ t = t + 1] ->a)*",
        ),
        // The counter read right after the keeper increments it: b's score is 60 after
        // a's first move and 30 after the others (a wrong reading leaves both at the end).
        (
            "a variable read after an assignment computed from the state",
            "#players = a(100), b(100)\n#pieces = e, x\n#variables = t(5)\n\
             #board = rectangle(up, down, left, right, [e, e, e] [e, e, e])\n\
             #rules = ->a ((up* + down*)(left* + right*) {e} [x] ->> [$ t = t + 1] \
                           ({$ t == 1} [$ b = 60] + {$ t != 1} [$ b = 30]) ->b \
                           (up* + down*)(left* + right*) {e} [x] ->a)*",
        ),
        // Two stones put anywhere, then checks that may see either: no analysis can tell
        // their vertices apart, so the checks ask a relation over both.
        (
            "two puts anywhere seen by later checks",
            "#players = a(100), b(100)\n#pieces = e, x, y\n#variables =\n\
             #board = rectangle(up, down, left, right, [e, e, e] [e, e, e])\n\
             #any = (up* + down*)(left* + right*)\n\
             #rules = (->a any {e} [x] any {e} [y] \
                           ({? any {y} left {x}} [$ a = 100] + {! any {y} left {x}}) \
                       ->b any {e} [x] any {e} [y] \
                           ({? any {y} left {x}} [$ b = 100] + {! any {y} left {x}}))*",
        ),
        // Piece counts compared with numbers other than 0 and 1, read after the move has put
        // a piece (the count sees it) and at the start of a move.
        (
            "piece counts",
            "#players = a(100), b(100)\n#pieces = e, x, y\n#variables =\n\
             #board = rectangle(up, down, left, right, [e, e, e] [e, e, e])\n\
             #any = (up* + down*)(left* + right*)\n\
             #rules = (->a any {e} [x] ({$ x >= 3} [$ a = 100] ->> {} + {$ x < 3}) \
                       ({$ y > 1} ->b + {$ y <= 1} ->b) \
                       any {e} [y] ({$ y == 2} [$ b = 70] + {$ y != 2}))*",
        ),
        // Arithmetic beyond adding small constants, over a piece count: a static table, in
        // an assignment (a's score falls by 3 per stone) and in a comparison.
        (
            "arithmetic tables",
            "#players = a(100), b(100)\n#pieces = e, x\n#variables =\n\
             #board = rectangle(up, down, left, right, [e, e, e] [e, e, e])\n\
             #any = (up* + down*)(left* + right*)\n\
             #rules = (->a any {e} [x] ->> [$ a = 100 - 3 * (x - 1)] \
                           ({$ 2 * x > 4} [$ b = 10] + {$ 2 * x <= 4}) \
                       ->b any {e} [x])*",
        ),
        // The keeper puts a piece where the player chose, then turns the run of the other's
        // pieces to its right (a loop over the board after the put), up to an empty square
        // or its own piece: a chain of boards in the keeper's phase.
        (
            "a keeper's loop that turns a run",
            "#players = a(100), b(100)\n#pieces = e, x, y\n#variables =\n\
             #board = rectangle(up, down, left, right, [e, y, y, e, y, e] [y, e, x, y, e, e])\n\
             #any = (up* + down*)(left* + right*)\n\
             #rules = (->a any {e} ->> [x] right ({y} [x] right)* {e, x} \
                       ->b any {e} ->> [y] left ({x} [y] left)* {e, y})*",
        ),
        // Reversi's flips in one direction: either no run bounded by the player's piece, or
        // turn it and walk back over the turned pieces (a navigation of the board after the
        // loop) to the empty square, where the keeper then puts the piece.
        (
            "a keeper's sum of a loop and its negation",
            "#players = a(100), b(100)\n#pieces = e, x, y\n#variables =\n\
             #board = rectangle(up, down, left, right, [e, y, y, x, e, y] [y, x, e, y, y, x])\n\
             #any = (up* + down*)(left* + right*)\n\
             #flip(me; opp) = ({! right {opp} right ({opp} right)* {me}} \
                 + right {opp} [me] right ({opp} [me] right)* {me} left ({me} left)* {e})\n\
             #rules = (->a any {e} ->> flip(x; y) [x] ->b any {e} ->> flip(y; x) [y])*",
        ),
        // A piece jumps over the other's pieces, emptying them, as long as it likes, in four
        // directions, until it cannot jump on: later jumps and the last check read the
        // squares emptied (x's ring of four jumps lands where it started and cannot jump the
        // first piece again): a loop in a player's move.
        (
            "a chain of jumps within a player's move",
            "#players = a(100), b(100)\n#pieces = e, x, y\n#variables =\n\
             #board = rectangle(up, down, left, right, \
                 [x, y, e, e, e] [y, e, y, e, e] [e, y, e, y, e] [e, e, e, e, e] [e, e, x, e, e])\n\
             #any = (up* + down*)(left* + right*)\n\
             #jump(me; opp; put) = (up {opp} put up + down {opp} put down \
                 + left {opp} put left + right {opp} put right) {e}\n\
             #rules = (->a any {x} [e] jump(x; y; [e]) (jump(x; y; [e]))* {! jump(x; y; )} \
                       ->> [x] \
                       ->b any {y} [e] jump(y; x; [e]) (jump(y; x; [e]))* {! jump(y; x; )} \
                       ->> [y])*",
        ),
    ];
    for (name, src) in cases {
        let game = rbg::parse_game(src)
            .map_err(|_| ())
            .unwrap_or_else(|_| panic!("{name}: parses"))
            .game;
        let t = convert::rbg_to_gdl(&game, convert::GdlOptions::default()).unwrap();
        assert!(
            t.text
                .starts_with(";; Translated from RBG by rbgtool (direct encoding"),
            "{name}: not direct:\n{}",
            t.text
        );
        assert_eq!(
            reasoner_stats(&game, 6),
            gdl_stats(name, &game, 6),
            "{name}: reasoner vs GDL perft statistics"
        );
    }
}

/// `--optimize size` against the hand-written GDL of the same games
/// (`../shared/corpus-external/gdl`): every one of the eight reference games but reversi
/// (whose keeper flips the discs of each direction in turn, a chain of boards) translates
/// within 3x the hand-written file's lines. Prints each ratio.
#[test]
fn size_translations_are_within_three_times_the_hand_written() {
    let shared = repo().join("../shared/corpus-external");
    if !shared.join("gdl").is_dir() || !shared.join("rbg/games").is_dir() {
        return testskip::skip("../shared/corpus-external is absent");
    }
    let size = convert::GdlOptions {
        optimize: convert::Optimize::Size,
        ..convert::GdlOptions::unlimited()
    };
    let pairs = [
        ("ticTacToe", "ticTacToe"),
        ("breakthrough", "breakthrough"),
        ("connect4", "connectFour"),
        ("hex_9x9", "hex"),
        ("reversi", "reversi"),
        ("chess", "chess"),
        ("englishDraughts", "englishDraughts"),
        ("amazons", "amazons"),
    ];
    for (rbg, gdl) in pairs {
        let read = |p: PathBuf| std::fs::read_to_string(&p).expect("readable");
        let text = read(shared.join(format!("rbg/games/{rbg}.rbg")));
        let game = rbg::parse_game(&text).map_err(|_| ()).expect("parses").game;
        let ours = convert::rbg_to_gdl(&game, size)
            .unwrap()
            .text
            .lines()
            .count();
        let hand = read(shared.join(format!("gdl/{gdl}.kif"))).lines().count();
        let ratio = ours as f64 / hand as f64;
        eprintln!("{rbg}: {ours} lines, hand-written {hand}: {ratio:.2}x");
        if rbg != "reversi" {
            assert!(ratio <= 3.0, "{rbg}: {ours} lines against {hand}");
        }
    }
}
