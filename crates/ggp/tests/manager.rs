//! The manager runs whole matches between our players (called directly through a test
//! transport), replacing replies that are illegal, late or missing by random legal moves and
//! logging each; the record it keeps replays on the rules.

use game::GameState;
use ggp::{parse_message, run_match, MatchSpec, Player, PlayerOptions, Transport, TransportError};
use std::time::Duration;

const PENNIES: &str = include_str!("../../../corpus/gdl/pennies.kif");

/// How a test player misbehaves at `play`.
#[derive(Clone, Copy, PartialEq)]
enum Fault {
    None,
    Illegal,
    Late,
    Closed,
}

struct Local {
    players: Vec<(Player, Fault)>,
}

impl Transport for Local {
    fn exchange(
        &mut self,
        messages: &[(usize, String)],
        _: Duration,
    ) -> Vec<Result<String, TransportError>> {
        messages
            .iter()
            .map(|(p, text)| {
                let (player, fault) = &mut self.players[*p];
                let message = parse_message(text)?;
                let reply = player.handle(&message);
                match (fault, &message) {
                    (Fault::Illegal, ggp::Message::Play { .. }) => Ok("(fly away)".into()),
                    (Fault::Late, ggp::Message::Play { .. }) => Err("late: no reply in 2 s".into()),
                    (Fault::Closed, ggp::Message::Play { .. }) => {
                        Err("the connection was closed".into())
                    }
                    _ => reply.map_err(Into::into),
                }
            })
            .collect()
    }
}

fn players(faults: &[Fault]) -> Local {
    let players = faults
        .iter()
        .enumerate()
        .map(|(i, &f)| {
            let options = PlayerOptions {
                agent: agents::parse_agent_spec("mcts:30").unwrap(),
                seed: i as u64,
                ..PlayerOptions::default()
            };
            (Player::new(&format!("p{i}"), options).unwrap(), f)
        })
        .collect();
    Local { players }
}

fn spec() -> MatchSpec {
    MatchSpec {
        id: "m1".into(),
        start_clock: 10,
        play_clock: 2,
        max_turns: 200,
        seed: 3,
    }
}

/// The moves of `log` replay on `rules` to its goals.
fn replays(rules: &str, log: &ggp::MatchLog) {
    let mut e = gdl::Engine::new(&gdl::parse(rules).unwrap()).unwrap();
    game::text::apply_moves(&mut e, &log.moves.join(";")).expect("the record replays");
    assert!(e.is_terminal());
    assert_eq!(Some(e.scores()), log.goals);
}

#[test]
fn a_clean_match_has_no_incident() {
    let log = run_match(PENNIES, &spec(), &mut players(&[Fault::None, Fault::None])).unwrap();
    assert_eq!(log.incidents, Vec::<String>::new());
    assert_eq!(log.moves.len(), 1);
    replays(PENNIES, &log);
}

#[test]
fn illegal_late_and_missing_replies_are_replaced_and_logged() {
    for fault in [Fault::Illegal, Fault::Late, Fault::Closed] {
        let log = run_match(PENNIES, &spec(), &mut players(&[Fault::None, fault])).unwrap();
        assert_eq!(log.incidents.len(), 1, "{:?}", log.incidents);
        assert_eq!(log.replaced, 1);
        let line = &log.incidents[0];
        assert!(line.starts_with("turn 1: odd: "), "{line}");
        assert!(line.contains("instead"), "{line}");
        replays(PENNIES, &log);
    }
}

#[test]
fn public_games_play_to_the_end_with_a_faulty_player() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus-external/gdl"
    );
    if !std::path::Path::new(dir).is_dir() {
        return testskip::skip("../shared/corpus-external is absent");
    }
    for (file, faults) in [
        ("ticTacToe.kif", [Fault::None, Fault::Illegal]),
        ("connectFourSimultaneous.kif", [Fault::Late, Fault::None]),
    ] {
        let rules = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
        let log = run_match(&rules, &spec(), &mut players(&faults)).unwrap();
        assert!(log.goals.is_some(), "{file} unfinished");
        assert!(
            !log.incidents.is_empty(),
            "{file}: the faulty player went unnoticed"
        );
        eprintln!(
            "{file}: {} turns, goals {:?}, {} incidents",
            log.moves.len(),
            log.goals,
            log.incidents.len()
        );
        replays(&rules, &log);
    }
}
