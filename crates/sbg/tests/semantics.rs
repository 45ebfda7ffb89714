//! The fine points of DESIGN.md §3 "SBG", one small game each.

use game::GameState;
use sbg::words::WordLimits;
use sbg::{Engine, Move};

fn engine(src: &str) -> Engine {
    let (game, _) = sbg::parse(src).unwrap_or_else(|d| panic!("{}", sbg::render(&d, "t", src)));
    Engine::new(&game).unwrap()
}

fn moves(e: &mut Engine) -> Vec<String> {
    let mut v = Vec::new();
    e.legal_moves(&mut v);
    v.iter().map(|m| e.move_text(m)).collect()
}

fn play(e: &mut Engine, text: &str) {
    let mut v = Vec::new();
    e.legal_moves(&mut v);
    let m = *v
        .iter()
        .find(|m| e.move_text(m) == text)
        .unwrap_or_else(|| panic!("{text} not legal"));
    e.apply(&m);
}

#[test]
fn turn_limit_zero_is_an_initial_draw() {
    let mut e = engine("<<T>> <BOARD> 1 2 |.| |P| <PIECES> P (0,1,e) & <GOALS> 0 &");
    assert!(e.is_terminal());
    assert_eq!(e.current_player(), None);
    assert_eq!(e.scores(), [50, 50]);
}

#[test]
fn goals_are_not_checked_at_the_initial_position() {
    // White's king count is already at its limit and a pawn already stands on a goal square.
    let mut e = engine(
        "<<T>> <BOARD> 2 3 |P.| |..| |.p| <PIECES> P (0,1,e) + (0,-1,e) & <GOALS> 10 & @P 0 2 & #K 0 &",
    );
    assert_eq!(e.current_player(), Some(0));
    assert_eq!(moves(&mut e), ["a3-a2"]);
    // After any move the `#K 0` condition holds for white: black wins, though it did not move.
    play(&mut e, "a3-a2");
    assert_eq!(e.scores(), [0, 100]);
}

#[test]
fn when_both_count_conditions_hold_the_mover_wins() {
    let mut e =
        engine("<<T>> <BOARD> 1 3 |a| |.| |A| <PIECES> A (0,1,e) & <GOALS> 10 & #A 5 & #a 5 &");
    play(&mut e, "a1-a2");
    assert!(e.is_terminal());
    assert_eq!(e.scores(), [100, 0]);
}

#[test]
fn reaching_a_goal_beats_the_turn_limit_draw() {
    let mut e = engine("<<T>> <BOARD> 1 2 |.| |P| <PIECES> P (0,1,e) & <GOALS> 1 & @P 0 1 &");
    play(&mut e, "a1-a2");
    assert_eq!(e.scores(), [100, 0]);
}

#[test]
fn the_turn_limit_draw_beats_having_no_move() {
    let mut e = engine("<<T>> <BOARD> 1 3 |p| |.| |P| <PIECES> P (0,1,e) & <GOALS> 1 &");
    play(&mut e, "a1-a2");
    assert_eq!(e.scores(), [50, 50]);
    let mut e = engine("<<T>> <BOARD> 1 3 |p| |.| |P| <PIECES> P (0,1,e) & <GOALS> 2 &");
    play(&mut e, "a1-a2");
    // Black's pawn is blocked: no legal move, black loses.
    assert!(e.is_terminal());
    assert_eq!(e.current_player(), None);
    assert_eq!(e.scores(), [100, 0]);
}

#[test]
fn reach_goals_look_at_the_moved_piece_only() {
    let mut e =
        engine("<<T>> <BOARD> 3 2 |A.b| |.B.| <PIECES> B (0,1,e) & <GOALS> 10 & @A 0 1 & @B 0 0 &");
    play(&mut e, "b1-b2");
    assert!(!e.is_terminal());
    assert_eq!(e.scores(), [0, 0], "non-terminal scores are 0");
}

#[test]
fn every_letter_reads_the_unchanged_board() {
    // (0,1,e)(0,0,e): the square ahead is checked twice; (0,1,e)(0,-1,w): back to the origin,
    // which still holds the moving piece, a null move.
    let mut e = engine(
        "<<T>> <BOARD> 2 3 |.b| |..| |AB| <PIECES> A (0,1,e)(0,0,e) & B (0,1,e)(0,-1,w) & <GOALS> 10 &",
    );
    assert_eq!(moves(&mut e), ["a1-a2", "b1-b1"]);
    let before = e.board();
    play(&mut e, "b1-b1");
    assert_eq!(e.board(), before);
    assert_eq!(e.current_player(), Some(1));
    e.undo();
    assert_eq!(e.current_player(), Some(0));
}

#[test]
fn moves_are_identified_by_from_and_to() {
    let mut e = engine(
        "<<T>> <BOARD> 2 2 |..| |A.| <PIECES> A (0,1,e) + (1,0,e)(-1,1,e) + (1,1,e)(-1,0,e) & <GOALS> 10 &",
    );
    assert_eq!(moves(&mut e), ["a1-a2"]);
}

#[test]
fn self_capture_removes_an_own_piece_and_counts() {
    let mut e =
        engine("<<T>> <BOARD> 2 2 |k.| |AB| <PIECES> A (1,0,w) & <GOALS> 10 & #B 0 & #k 0 &");
    play(&mut e, "a1-b1");
    assert_eq!(e.scores(), [0, 100], "white ate its last B");
    e.undo();
    assert_eq!(e.board().get(1, 0).map(|p| p.letter()), Some('B'));
}

#[test]
fn black_reads_rules_mirrored() {
    let mut e =
        engine("<<T>> <BOARD> 2 3 |.p| |..| |P.| <PIECES> P (0,1,e) + (1,2,e) & <GOALS> 10 &");
    assert_eq!(moves(&mut e), ["a1-a2"]);
    play(&mut e, "a1-a2");
    assert_eq!(moves(&mut e), ["b3-b2"]);
}

#[test]
fn riders_with_loops_terminate_and_deduplicate() {
    // Back-and-forth words of any length: the search visits each (state, square) pair once.
    let mut e = engine(
        "<<T>> <BOARD> 3 3 |...| |...| |R..| <PIECES> R ((0,1,e)(0,-1,w))^*((1,0,e) + (0,1,e))^* & <GOALS> 10 &",
    );
    let mut m = moves(&mut e);
    m.sort();
    assert_eq!(
        m,
        ["a1-a1", "a1-a2", "a1-a3", "a1-b1", "a1-b2", "a1-b3", "a1-c1", "a1-c2", "a1-c3"]
    );
    let _ = Move { from: 0, to: 0 };
}

#[test]
fn word_view_lists_applicable_words() {
    let e = engine("<<T>> <BOARD> 3 3 |..p| |...| |R..| <PIECES> R (1,1,e)^*((1,1,e) + (1,1,p)) + (0,1,e) & <GOALS> 10 &");
    let w = e.words_at(0, 0, WordLimits::default());
    assert!(w.complete);
    let texts: Vec<String> = w
        .words
        .iter()
        .map(|w| w.letters.iter().map(|l| l.to_string()).collect::<String>())
        .collect();
    assert_eq!(texts, ["(0,1,e)", "(1,1,e)", "(1,1,e)(1,1,p)"]);
    assert_eq!(w.words[2].to, (2, 2));
    // Black's piece reads its words mirrored but they are reported as written in the rule.
    let e = engine("<<T>> <BOARD> 1 3 |r| |.| |.| <PIECES> R (0,1,e)^* & <GOALS> 10 &");
    let w = e.words_at(
        0,
        2,
        WordLimits {
            max_len: 1,
            max_words: 10,
        },
    );
    assert_eq!(w.words.len(), 1);
    assert!(!w.complete);
    assert_eq!(w.words[0].to, (0, 1));
}

#[test]
fn hand_built_games_are_validated() {
    let (mut game, _) =
        sbg::parse("<<T>> <BOARD> 1 2 |.| |P| <PIECES> P (0,1,e) & <GOALS> 5 & @P 0 1 &").unwrap();
    assert!(Engine::new(&game).is_ok());
    game.goals = vec![sbg::Goal::Reach {
        piece: sbg::Piece {
            side: sbg::Side::White,
            kind: 'P',
        },
        squares: vec![(1, 0)],
    }];
    assert!(matches!(
        Engine::new(&game),
        Err(sbg::BuildError::InvalidGame { .. })
    ));
    game.goals.clear();
    game.board.cells.pop();
    assert!(matches!(
        Engine::new(&game),
        Err(sbg::BuildError::InvalidGame { .. })
    ));
}

#[test]
fn destinations_of_any_automaton_match_the_engine() {
    use sbg::words::{applicable_words, destinations};
    let mut e = engine(
        "<<T>> <BOARD> 4 4 |.p..| |....| |.P..| |R..P| <PIECES> R (0,1,e)^*((0,1,e) + (0,1,p)) + (1,0,e)^*(1,0,w) & P (0,1,e) & <GOALS> 10 &",
    );
    let board = e.board();
    let dfa = e.dfa('R').unwrap().clone();
    let d = destinations(&dfa, &board, (0, 0), sbg::Side::White);
    let mut v = Vec::new();
    e.legal_moves(&mut v);
    let w = e.width();
    let from_engine: std::collections::BTreeSet<(usize, usize)> = v
        .iter()
        .filter(|m| m.from == 0)
        .map(|m| (m.to as usize % w, m.to as usize / w))
        .collect();
    assert_eq!(d, from_engine);
    let words = applicable_words(
        &dfa,
        &board,
        (0, 0),
        sbg::Side::White,
        WordLimits::default(),
    );
    let tos: std::collections::BTreeSet<_> = words.words.iter().map(|w| w.to).collect();
    assert_eq!(tos, d);
}

#[test]
fn incremental_hash_matches_a_fresh_position() {
    use rand::{Rng, SeedableRng};
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../corpus/sbg/sacrifice.sbg"
    );
    let src = std::fs::read_to_string(path).unwrap();
    let (game, _) = sbg::parse(&src).unwrap();
    let mut e = Engine::new(&game).unwrap();
    let mut fresh = Engine::new(&game).unwrap();
    let start = e.state_hash();
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    let mut v = Vec::new();
    for _ in 0..20 {
        let mut n = 0;
        loop {
            e.legal_moves(&mut v);
            if v.is_empty() {
                break;
            }
            let m = v[rng.random_range(0..v.len())];
            e.apply(&m);
            n += 1;
            fresh.set_position(&e.board(), e.side_to_move(), e.ply());
            assert_eq!(fresh.state_hash(), e.state_hash());
        }
        for _ in 0..n {
            e.undo();
        }
        assert_eq!(e.state_hash(), start);
    }
}
