//! Players answer whole matches run by a tiny manager written here (the messages a manager
//! sends, replies checked against the rules): a simultaneous game, where each player sends
//! only its own role's move, and a turn-based one, where the waiting player sends `noop`.

use game::GameState;
use ggp::{parse_message, Player, PlayerError, PlayerOptions};

/// Matching pennies (the bundled game).
const PENNIES: &str = include_str!("../../../corpus/gdl/pennies.kif");

/// Two marks in turn: `a` marks, then `b`; the waiting role plays `noop`; `a` wins when the
/// marks are equal, `b` when they differ.
const TURNS: &str = "
(role a) (role b)
(init (control a))
(mark 1) (mark 2) (mark 3)
(<= (legal ?r (put ?x)) (true (control ?r)) (mark ?x))
(<= (legal a noop) (true (control b)))
(<= (legal b noop) (true (control a)))
(<= (next (control b)) (true (control a)))
(<= (next done) (true (control b)))
(<= (next (put ?r ?x)) (does ?r (put ?x)))
(<= (next (put ?r ?x)) (true (put ?r ?x)))
(<= terminal (true done))
(<= same (true (put a ?x)) (true (put b ?x)))
(<= (goal a 100) same)
(<= (goal a 0) (not same))
(<= (goal b 0) same)
(<= (goal b 100) (not same))
";

fn send(p: &mut Player, text: &str) -> Result<String, PlayerError> {
    p.handle(&parse_message(text).expect("a well-formed message"))
}

/// Plays one match of `rules` between players for every role; returns the moves sent per
/// turn and the goals.
fn run_match(rules: &str, agents: &[&str]) -> (Vec<Vec<String>>, Vec<i64>) {
    let desc = gdl::parse(rules).unwrap();
    let mut referee = gdl::Engine::new(&desc).unwrap();
    let roles = referee.player_names();
    let mut players: Vec<Player> = agents
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let options = PlayerOptions {
                agent: agents::parse_agent_spec(a).unwrap(),
                seed: i as u64,
                ..PlayerOptions::default()
            };
            Player::new(&format!("p{i}"), options).unwrap()
        })
        .collect();
    for (p, role) in players.iter_mut().zip(&roles) {
        let start = format!("(start m1 {role} ({rules}) 10 2)");
        assert_eq!(send(p, &start).unwrap(), "ready");
        assert!(send(p, "(info)").unwrap().ends_with("(status busy))"));
    }
    let mut last = "nil".to_string();
    let mut turns = Vec::new();
    while !referee.is_terminal() {
        let play = format!("(play m1 {last})");
        let legal = referee.legal_texts();
        let sent: Vec<String> = players
            .iter_mut()
            .map(|p| send(p, &play).unwrap())
            .collect();
        for (r, m) in sent.iter().enumerate() {
            assert!(
                legal[r].contains(m),
                "role {r} sent {m}, legal {:?}",
                legal[r]
            );
        }
        let mv = referee.move_from_text(&sent.join(" | ")).unwrap();
        referee.apply(&mv);
        last = format!("({})", sent.join(" "));
        turns.push(sent);
    }
    for p in &mut players {
        assert_eq!(send(p, &format!("(stop m1 {last})")).unwrap(), "done");
        assert_eq!(p.match_id(), None);
    }
    (turns, referee.scores())
}

#[test]
fn players_send_their_own_moves_at_simultaneous_turns() {
    for agents in [["random", "random"], ["mcts:50", "alphabeta:2"]] {
        let (turns, scores) = run_match(PENNIES, &agents);
        assert_eq!(turns.len(), 1);
        assert!(scores == [100, 0] || scores == [0, 100], "{scores:?}");
    }
}

#[test]
fn the_waiting_player_sends_noop_in_a_turn_based_game() {
    let (turns, _) = run_match(TURNS, &["mcts:50", "mcts:50"]);
    assert_eq!(turns.len(), 2);
    assert_eq!(turns[0][1], "noop");
    assert_eq!(turns[1][0], "noop");
    // b moves second and wins by a mark other than a's: MCTS finds one.
    assert_ne!(turns[0][0], turns[1][1]);
}

#[test]
fn bad_messages_and_moves_are_errors_not_crashes() {
    let mut p = Player::new("p", PlayerOptions::default()).unwrap();
    assert_eq!(
        send(&mut p, "(info)").unwrap(),
        "((name p) (status available))"
    );
    let e = send(&mut p, "(play m1 nil)").unwrap_err();
    assert!(matches!(&e, PlayerError::NotStarted { id } if id == "m1"));
    assert_eq!(e.to_string(), "no match `m1` was started");
    let start = format!("(start m1 nobody ({PENNIES}) 10 2)");
    let e = send(&mut p, &start).unwrap_err();
    assert!(matches!(&e, PlayerError::NoRole { role } if role == "nobody"));
    assert_eq!(e.to_string(), "the rules have no role `nobody`");
    let start = format!("(start m1 even ({PENNIES}) 10 2)");
    assert_eq!(send(&mut p, &start).unwrap(), "ready");
    let e = send(&mut p, "(play m2 nil)").unwrap_err();
    assert!(
        matches!(&e, PlayerError::OtherMatch { current, requested } if current == "m1" && requested == "m2")
    );
    assert_eq!(e.to_string(), "playing match `m1`, not `m2`");
    let e = send(&mut p, "(play m1 (heads))").unwrap_err();
    assert!(matches!(&e, PlayerError::MoveCount { roles: 2, .. }));
    assert_eq!(e.to_string(), "1 moves for 2 roles: heads");
    let e = send(&mut p, "(play m1 (heads edges))").unwrap_err();
    assert!(matches!(&e, PlayerError::PreviousMove(_)));
    assert!(
        e.to_string().starts_with("the previous joint move: "),
        "{e}"
    );
    assert_eq!(send(&mut p, "(abort m1)").unwrap(), "aborted");
    assert!(matches!(
        Player::new(
            "h",
            PlayerOptions {
                agent: agents::AgentSpec::Human,
                ..PlayerOptions::default()
            }
        ),
        Err(PlayerError::Human)
    ));
}
