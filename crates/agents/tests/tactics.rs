//! Small SBG positions with a forced result one move away.

mod common;

use agents::{parse_agent_spec, Agent};
use game::GameState;

/// White wins at once by stepping a pawn onto the top row; otherwise black wins next move by
/// reaching the bottom row (no white piece can stop it). A capture is on offer as a distraction.
const WIN_IN_ONE: &str = "<<WinInOne>>
<BOARD>
5 5
|.....|
|..P..|
|.p.p.|
|p...P|
|...P.|
<PIECES>
P (0,1,e) + (-1,1,e) + (1,1,e) + (-1,1,p) + (1,1,p) &
<GOALS>
50 &
@P 0 4, 1 4, 2 4, 3 4, 4 4 &
@p 0 0, 1 0, 2 0, 3 0, 4 0 &
";

/// White captures the black king with the rook along the top row (`#k 0`); the king can take the
/// black rook instead as a distraction.
const MATE_IN_ONE: &str = "<<MateInOne>>
<BOARD>
4 4
|k..R|
|.n..|
|....|
|Kr..|
<PIECES>
K (0,1,e) + (0,1,p) + (1,0,e) + (1,0,p) + (-1,0,e) + (-1,0,p) + (0,-1,e) + (0,-1,p) &
N (1,2,p) + (2,1,p) + (-1,2,p) + (-2,1,p) + (1,-2,p) + (2,-1,p) + (-1,-2,p) + (-2,-1,p) &
R (0,1,e)^* (0,1,p) + (0,1,e)(0,1,e)^* + (1,0,e)^* (1,0,p) + (1,0,e)(1,0,e)^* + (-1,0,e)^* (-1,0,p) + (-1,0,e)(-1,0,e)^* + (0,-1,e)^* (0,-1,p) + (0,-1,e)(0,-1,e)^* &
<GOALS>
50 &
#K 0 &
#k 0 &
";

/// Lets `spec` (SBG heuristic and generic heuristic) choose at the start of `src` for a few seeds
/// and checks that the move wins at once.
fn finds_win(src: &str, spec: &str) {
    let (g, mut e) = common::engine(src);
    let parsed = parse_agent_spec(spec).unwrap();
    for seed in 0..5 {
        let sbg_agent = parsed.build_sbg(&g).unwrap();
        let generic = parsed.build_generic::<sbg::Engine>().unwrap();
        for mut agent in [sbg_agent, generic] {
            let mv = agent
                .choose(&mut e, &mut game::rng_from_seed(seed))
                .expect("a move");
            e.apply(&mv);
            let won = e.is_terminal() && e.scores() == vec![100, 0];
            let text = e.move_text(&mv);
            e.undo();
            assert!(
                won,
                "{spec} (seed {seed}) played {text}, which does not win at once"
            );
        }
    }
}

#[test]
fn alphabeta_wins_in_one() {
    for depth in 1..=4 {
        finds_win(WIN_IN_ONE, &format!("alphabeta:{depth}"));
        finds_win(MATE_IN_ONE, &format!("alphabeta:{depth}"));
    }
}

#[test]
fn mcts_wins_in_one() {
    finds_win(WIN_IN_ONE, "mcts:300");
    finds_win(MATE_IN_ONE, "mcts:300");
}

/// Plays `mv` and tells whether the mover won at once.
fn wins_at_once(e: &mut sbg::Engine, mv: &sbg::Move, winner: usize) -> bool {
    e.apply(mv);
    let won = e.is_terminal() && e.scores()[winner] == 100;
    e.undo();
    won
}

#[test]
fn the_positions_are_what_they_claim() {
    for src in [WIN_IN_ONE, MATE_IN_ONE] {
        let (_, mut e) = common::engine(src);
        let mut moves = Vec::new();
        e.legal_moves(&mut moves);
        let wins = moves.iter().filter(|m| wins_at_once(&mut e, m, 0)).count();
        assert!(
            wins >= 1 && wins < moves.len(),
            "{wins} winning moves of {}",
            moves.len()
        );
    }
}

#[test]
fn alphabeta_and_mcts_take_the_win_for_black_too() {
    // After any white move that does not win, black can reach its goal row at once.
    let (g, mut e) = common::engine(WIN_IN_ONE);
    let mut moves = Vec::new();
    e.legal_moves(&mut moves);
    let mut checked = 0;
    for mv in moves {
        if wins_at_once(&mut e, &mv, 0) {
            continue;
        }
        e.apply(&mv);
        for spec in ["alphabeta:2", "alphabeta:3", "mcts:300"] {
            let mut agent = parse_agent_spec(spec).unwrap().build_sbg(&g).unwrap();
            let reply = agent.choose(&mut e, &mut game::rng_from_seed(3)).unwrap();
            assert!(
                wins_at_once(&mut e, &reply, 1),
                "{spec} as black played {} after {}",
                e.move_text(&reply),
                e.move_text(&mv)
            );
        }
        e.undo();
        checked += 1;
    }
    assert!(checked >= 3);
}
