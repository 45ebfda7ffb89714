//! The agents on an RBG game through the reasoner (generic heuristic): Breakthrough from the
//! corpus.

use agents::{parse_agent_spec, play_match_with, Agent, MatchOptions};
use game::GameState;

fn breakthrough() -> ir::Game {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../corpus/rbg/breakthrough.rbg"
    );
    let src = std::fs::read_to_string(path).expect("corpus/rbg/breakthrough.rbg");
    rbg::parse_game(&src).expect("breakthrough.rbg parses").game
}

#[test]
fn agents_play_legal_moves_on_rbg_breakthrough() {
    let g = breakthrough();
    let r = reasoner::Reasoner::new(&g).unwrap();
    let mut s = r.initial_state().unwrap();
    let mut legal = Vec::new();
    for spec in ["random", "alphabeta:2", "mcts:30"] {
        let mut agent = parse_agent_spec(spec).unwrap().build_generic().unwrap();
        let mut rng = game::rng_from_seed(4);
        let mut played = 0;
        for _ in 0..12 {
            s.legal_moves(&mut legal);
            let hash = s.state_hash();
            let Some(mv) = agent.choose(&mut s, &mut rng) else {
                break;
            };
            assert_eq!(s.state_hash(), hash, "{spec} changed the state");
            assert!(legal.contains(&mv), "{spec} chose an illegal move");
            s.apply(&mv);
            played += 1;
        }
        for _ in 0..played {
            s.undo();
        }
    }
}

#[test]
fn alphabeta_beats_random_on_rbg_breakthrough() {
    let g = breakthrough();
    let r = reasoner::Reasoner::new(&g).unwrap();
    let mut s = r.initial_state().unwrap();
    let mut ab = parse_agent_spec("alphabeta:2")
        .unwrap()
        .build_generic()
        .unwrap();
    let mut random = parse_agent_spec("random").unwrap().build_generic().unwrap();
    let options = MatchOptions {
        games: 4,
        seed: 9,
        max_length: 400,
        alternate: true,
    };
    let report = play_match_with(&mut s, [ab.as_mut(), random.as_mut()], &options);
    assert_eq!(report.per_agent[0].wins, 4, "\n{report}");
    let _: &dyn Agent<reasoner::State<'_>> = random.as_ref();
}
