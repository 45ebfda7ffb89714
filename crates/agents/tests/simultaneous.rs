//! Simultaneous turns (GDL): every role's agent chooses its own move from its own legal moves,
//! on the state before anyone's choice of the turn, and the match composes the joint move.
//! Two tiny games written here (matching pennies; a two-step game with a dominant move) keep
//! the unit tests deterministic; connectFourSimultaneous from `../shared` checks MCTS against
//! MCTS in both seats.

use agents::{choose_every_role, parse_agent_spec, Agent, MatchOptions, Mcts, MctsOptions};
use game::{GameState, Rng};
use std::cell::RefCell;
use std::rc::Rc;

/// Matching pennies (the bundled game): `even` wins when both show the same side, `odd`
/// otherwise.
const PENNIES: &str = include_str!("../../../corpus/gdl/pennies.kif");

/// Two simultaneous turns; a role scores 50 for each turn it plays `good` (the others'
/// moves change nothing), so `good` is dominant for both.
const TWO_STEP: &str = "
(role left) (role right)
(init (step 1))
(succ 1 2) (succ 2 3)
(move bad) (move good) (move meh)
(<= (legal ?r ?m) (role ?r) (move ?m))
(<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
(<= (next (scored ?r ?s)) (does ?r good) (true (step ?s)))
(<= (next (scored ?r ?s)) (true (scored ?r ?s)))
(<= terminal (true (step 3)))
(<= (goal ?r 100) (true (scored ?r 1)) (true (scored ?r 2)))
(<= (goal ?r 50) (true (scored ?r 1)) (not (true (scored ?r 2))))
(<= (goal ?r 50) (true (scored ?r 2)) (not (true (scored ?r 1))))
(<= (goal ?r 0) (role ?r) (not (true (scored ?r 1))) (not (true (scored ?r 2))))
";

/// Turn-based: `a` marks while `b` waits with `noop`.
const TURN_BASED: &str = "
(role a) (role b)
(init (control a))
(<= (legal a (mark 1)) (true (control a)))
(<= (legal a (mark 2)) (true (control a)))
(<= (legal b noop) (true (control a)))
(<= (next done) (does a (mark ?x)))
(<= terminal (true done))
(<= (goal ?r 50) (role ?r))
";

fn engine(src: &str) -> gdl::Engine {
    gdl::Engine::new(&gdl::parse(src).expect("parses")).expect("builds")
}

#[test]
fn a_simultaneous_turn_is_seen_role_by_role() {
    let mut e = engine(PENNIES);
    assert_eq!(e.current_player(), None);
    assert_eq!(e.simultaneous_moves(), Some(vec![2, 2]));
    let own: Vec<Vec<String>> = (0..2).map(|r| game::own_moves_text(&mut e, r)).collect();
    assert_eq!(own, e.legal_texts());
    let mut legal = Vec::new();
    e.legal_moves(&mut legal);
    for a in 0..2 {
        for b in 0..2 {
            let mv = e.joint_move(&[a, b]).expect("composes");
            assert!(legal.contains(&mv));
            assert_eq!(e.move_terms(&mv), [own[0][a].clone(), own[1][b].clone()]);
        }
    }
    assert_eq!(e.joint_move(&[2, 0]), None);
    assert_eq!(e.joint_move(&[0]), None);
    assert_eq!(e.own_move_text(1, 2), None);
    let mv = e.joint_move(&[0, 0]).unwrap();
    e.apply(&mv);
    assert_eq!(e.simultaneous_moves(), None, "terminal");
    assert_eq!(e.joint_move(&[0, 0]), None);
    assert_eq!(e.scores(), [100, 0]);
}

#[test]
fn turn_based_gdl_states_are_no_simultaneous_turns() {
    let mut e = engine(TURN_BASED);
    assert_eq!(e.current_player(), Some(0));
    assert_eq!(e.simultaneous_moves(), None);
    assert_eq!(e.own_move_text(0, 0), None);
    assert_eq!(e.joint_move(&[0, 0]), None);
}

/// One question a spy was asked.
#[derive(Clone, Debug)]
struct Call {
    agent: usize,
    role: usize,
    /// The own moves the role could choose from, and the engine's legal moves of that role.
    own: Vec<String>,
    legal_of_role: Vec<String>,
    position: String,
    choice: usize,
}

/// The position of each simultaneous turn and the joint move played there (role terms).
type Turns = Rc<RefCell<Vec<(String, Vec<String>)>>>;

/// An agent that logs what it is asked and picks its first (agent 0) or last (agent 1) own
/// move.
struct Spy {
    id: usize,
    log: Rc<RefCell<Vec<Call>>>,
    turns: Turns,
}

impl Agent<gdl::Engine> for Spy {
    fn name(&self) -> String {
        format!("spy{}", self.id)
    }

    fn choose(&mut self, _: &mut gdl::Engine, _: &mut Rng) -> Option<gdl::JointMove> {
        panic!("a spy is asked for a joint move");
    }

    fn choose_own(&mut self, state: &mut gdl::Engine, role: usize, _: &mut Rng) -> Option<usize> {
        let own = game::own_moves_text(state, role);
        let choice = if self.id == 0 { 0 } else { own.len() - 1 };
        self.log.borrow_mut().push(Call {
            agent: self.id,
            role,
            legal_of_role: state.legal_texts()[role].clone(),
            own,
            position: state.position_text(),
            choice,
        });
        Some(choice)
    }

    fn turn_played(&mut self, state: &mut gdl::Engine, joint: &gdl::JointMove) {
        if self.id == 0 {
            let terms = state.move_terms(joint);
            self.turns.borrow_mut().push((state.position_text(), terms));
        }
    }
}

#[test]
fn each_role_is_asked_only_for_its_own_move_and_sees_no_other_choice() {
    for src in [PENNIES, TWO_STEP] {
        let mut e = engine(src);
        let log = Rc::new(RefCell::new(Vec::new()));
        let turns = Rc::new(RefCell::new(Vec::new()));
        let spy = |id| Spy {
            id,
            log: Rc::clone(&log),
            turns: Rc::clone(&turns),
        };
        let (mut s0, mut s1) = (spy(0), spy(1));
        let options = MatchOptions {
            games: 2,
            alternate: true,
            ..MatchOptions::default()
        };
        let mut records = Vec::new();
        let report = agents::play_match_recorded(
            &mut e,
            [&mut s0, &mut s1],
            &options,
            true,
            &mut |r, moves| records.push((r.clone(), moves.to_vec())),
        );
        let log = log.borrow();
        let turns = turns.borrow();
        assert_eq!(log.len(), 2 * turns.len(), "two questions per turn");
        for (t, pair) in log.chunks(2).enumerate() {
            let game = usize::from(t >= turns.len() / 2);
            for c in pair {
                // Seated at role `agent` in game 0 and at the other role in game 1.
                assert_eq!(c.role, c.agent ^ game, "{c:?}");
                assert_eq!(c.own, c.legal_of_role, "only the role's own moves");
            }
            // Asked one after the other on the same state: the second saw nothing of the
            // first's choice, and the joint move is their two choices.
            let (position, terms) = &turns[t];
            assert_eq!(&pair[0].position, position);
            assert_eq!(&pair[1].position, position);
            for c in pair {
                assert_eq!(terms[c.role], c.own[c.choice]);
            }
        }
        // A record holds one joint move per turn and replays to the same result.
        for (result, moves) in &records {
            assert_eq!(moves.len() as u64, result.length);
            let mut replay = engine(src);
            let text = moves.join(";");
            game::text::apply_moves(&mut replay, &text).expect("replays");
            assert!(replay.is_terminal());
            assert_eq!(replay.scores(), result.scores);
        }
        assert_eq!(report.moves, [turns.len() as u64; 2]);
    }
}

#[test]
fn every_agent_finds_the_dominant_own_move() {
    for spec in ["mcts:200", "alphabeta:2", "alphabeta:4"] {
        let mut e = engine(TWO_STEP);
        let mut agent = parse_agent_spec(spec).unwrap().build_generic().unwrap();
        let hash = e.state_hash();
        for role in 0..2 {
            let own = game::own_moves_text(&mut e, role);
            let i = agent
                .choose_own(&mut e, role, &mut game::rng_from_seed(3))
                .unwrap();
            assert_eq!(own[i], "good", "{spec} for role {role}");
            assert_eq!(e.state_hash(), hash, "{spec} changed the state");
        }
        let joint = agent.choose(&mut e, &mut game::rng_from_seed(4)).unwrap();
        assert_eq!(e.move_terms(&joint), ["good", "good"], "{spec}");
        let mut random = parse_agent_spec("random").unwrap().build_generic().unwrap();
        let i = random.choose_own(&mut e, 1, &mut game::rng_from_seed(5));
        assert!(i.is_some_and(|i| i < 3));
        assert_eq!(
            agent.choose_own(&mut e, 2, &mut game::rng_from_seed(3)),
            None
        );
    }
}

#[test]
fn agents_answer_no_own_move_outside_simultaneous_turns() {
    let mut e = engine(TURN_BASED);
    for spec in ["random", "mcts:20", "alphabeta:2"] {
        let mut agent = parse_agent_spec(spec).unwrap().build_generic().unwrap();
        assert_eq!(
            agent.choose_own(&mut e, 0, &mut game::rng_from_seed(1)),
            None
        );
        assert!(agent.choose(&mut e, &mut game::rng_from_seed(1)).is_some());
    }
}

#[test]
fn decoupled_uct_mixes_in_matching_pennies() {
    // Matching pennies has no best pure move: over seeds, decoupled UCT shows both sides.
    let mut e = engine(PENNIES);
    let mut mcts = Mcts::new(MctsOptions {
        iterations: 50,
        ..MctsOptions::default()
    });
    let mut shown = [[0u32; 2]; 2];
    for seed in 0..20 {
        for (role, row) in shown.iter_mut().enumerate() {
            let i = mcts
                .choose_own(&mut e, role, &mut game::rng_from_seed(seed))
                .unwrap();
            row[i] += 1;
        }
    }
    assert!(shown.iter().flatten().all(|&n| n > 0), "{shown:?}");
    let joint = choose_every_role(&mut mcts, &mut e, &mut game::rng_from_seed(1));
    assert!(joint.is_some());
}

#[test]
fn matches_between_every_agent_pair_finish_and_repeat() {
    let specs = ["random", "mcts:30", "alphabeta:2"];
    for a in specs {
        for b in specs {
            let mut e = engine(TWO_STEP);
            let options = MatchOptions {
                games: 2,
                seed: 9,
                alternate: true,
                ..MatchOptions::default()
            };
            let run = |e: &mut gdl::Engine| {
                let mut x = parse_agent_spec(a).unwrap().build_generic().unwrap();
                let mut y = parse_agent_spec(b).unwrap().build_generic().unwrap();
                agents::play_match_with(e, [x.as_mut(), y.as_mut()], &options)
            };
            let first = run(&mut e);
            assert_eq!(first.results.len(), 2);
            assert!(first.results.iter().all(|r| r.finished && r.length == 2));
            assert_eq!(first.results, run(&mut e).results, "{a} vs {b}");
        }
    }
}

/// connectFourSimultaneous: MCTS against MCTS in both seats. Before simultaneous turns were
/// played role by role the first role's agent chose for both and won every game.
#[test]
fn connect_four_simultaneous_mcts_against_mcts_gives_no_seat_every_win() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus-external/gdl/connectFourSimultaneous.kif"
    );
    let Ok(src) = std::fs::read_to_string(path) else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    // On the propositional network (the interpreter's moves, faster).
    let desc = gdl::parse(&src).expect("parses");
    let mut e = propnet::build(&desc).expect("grounds");
    let options = MatchOptions {
        games: 4,
        seed: 1,
        alternate: true,
        ..MatchOptions::default()
    };
    let mut a = parse_agent_spec("mcts:200")
        .unwrap()
        .build_generic()
        .unwrap();
    let mut b = parse_agent_spec("mcts:200")
        .unwrap()
        .build_generic()
        .unwrap();
    let report = agents::play_match_with(&mut e, [a.as_mut(), b.as_mut()], &options);
    eprintln!("{report}");
    for (p, side) in report.per_side.iter().enumerate() {
        assert!(
            side.wins < side.games(),
            "side {p} won every game:\n{report}"
        );
    }
    assert!(report.moves[1] > 0, "the second agent was never asked");
}
