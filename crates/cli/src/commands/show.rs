//! `rbgtool show`: pictures of games.

use super::human::{HumanView, SbgView};
use super::load::{load, Loaded};
use crate::cli::{Global, InputArgs};
use crate::diag::CliError;
use crate::output;
use std::path::Path;

pub fn run(
    input: &InputArgs,
    svg_out: Option<&Path>,
    piece: Option<char>,
    text: bool,
    global: &Global,
) -> Result<(), CliError> {
    let loaded = load(input, global)?;
    let picture = match (&loaded.game, piece) {
        (Loaded::Sbg(g), _) if text => {
            let e = sbg::Engine::new(g).map_err(|e| CliError::Game(e.to_string()))?;
            print!("{}", SbgView.draw(&e));
            return Ok(());
        }
        (Loaded::Sbg(g), Some(k)) => draw::sbg_piece_moves(g, k).ok_or_else(|| {
            CliError::Usage(format!("the game has no movement rule for piece {k}"))
        })?,
        (Loaded::Sbg(g), None) => draw::sbg_board(g),
        (Loaded::Rbg(_), Some(_)) => {
            return Err(CliError::Usage("--piece applies to SBG games only".into()))
        }
        (Loaded::Rbg(_), None) if text => {
            return Err(CliError::Usage("--text applies to SBG games only".into()))
        }
        (Loaded::Rbg(g), None) => draw::rbg_board(g),
        (Loaded::Gdl(_), _) => {
            return Err(CliError::Usage(
                "GDL has no board to draw; convert the game from SBG or RBG instead".into(),
            ))
        }
    };
    output::write_output(svg_out, &picture)
        .map_err(|e| CliError::Io(format!("cannot write the picture: {e}")))
}
