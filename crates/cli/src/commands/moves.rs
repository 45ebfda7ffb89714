//! `rbgtool moves` (the legal moves of a position) and `rbgtool apply` (the position reached
//! after some moves, as position text).

use super::load::{load, LoadedGame};
use super::start::{status_line, with_state, OnState};
use crate::cli::{Global, InputArgs, StartArgs};
use crate::diag::CliError;
use game::GameState;
use serde::Serialize;

#[derive(Serialize)]
struct MoveJson {
    /// 1-based, as a human player may type it.
    number: usize,
    notation: String,
}

#[derive(Serialize)]
struct MovesJson {
    players: Vec<String>,
    /// The player to move (`null` at the end, or when several roles move at once).
    player: Option<String>,
    terminal: bool,
    /// Scores in player order (the result when terminal).
    scores: Vec<i64>,
    moves: Vec<MoveJson>,
}

struct ListMoves {
    json: bool,
}

impl OnState for ListMoves {
    type Out = ();
    fn run<G: GameState>(self, state: &mut G, _: &LoadedGame) -> Result<(), CliError> {
        let moves = game::text::printed_moves(state);
        if self.json {
            let players = state.player_names();
            let out = MovesJson {
                player: state.current_player().and_then(|p| players.get(p).cloned()),
                players,
                terminal: moves.is_empty(),
                scores: state.scores(),
                moves: moves
                    .iter()
                    .enumerate()
                    .map(|(i, (_, t))| MoveJson {
                        number: i + 1,
                        notation: t.clone(),
                    })
                    .collect(),
            };
            println!("{}", serde_json::to_string(&out).expect("serialises"));
        } else {
            println!("# {}", status_line(state, moves.len()));
            for (_, t) in &moves {
                println!("{t}");
            }
        }
        Ok(())
    }
}

pub fn moves(
    input: &InputArgs,
    start: &StartArgs,
    json: bool,
    global: &Global,
) -> Result<(), CliError> {
    let loaded = load(input, global)?;
    with_state(&loaded, start, global, ListMoves { json })
}

struct PrintPosition;

impl OnState for PrintPosition {
    type Out = ();
    fn run<G: GameState>(self, state: &mut G, _: &LoadedGame) -> Result<(), CliError> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        print!("{}", position_with_status(state, moves.len()));
        Ok(())
    }
}

/// The position text followed by a comment line with whose turn it is or the result.
pub fn position_with_status<G: GameState>(state: &mut G, moves: usize) -> String {
    let mut text = state.position_text();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(&format!("# {}\n", status_line(state, moves)));
    text
}

pub fn apply(input: &InputArgs, start: &StartArgs, global: &Global) -> Result<(), CliError> {
    let loaded = load(input, global)?;
    with_state(&loaded, start, global, PrintPosition)
}
