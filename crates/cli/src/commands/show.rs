//! `rbgtool show`: pictures of games.

use super::human::{HumanView, RbgView, SbgView};
use super::load::{load, Loaded};
use super::start::go_to_start;
use crate::cli::{Global, InputArgs, StartArgs};
use crate::diag::CliError;
use crate::output;
use std::path::Path;

pub fn run(
    input: &InputArgs,
    svg_out: Option<&Path>,
    piece: Option<char>,
    text: bool,
    start: &StartArgs,
    global: &Global,
) -> Result<(), CliError> {
    if let Some(ext) = svg_out.and_then(|p| p.extension()) {
        if !ext.eq_ignore_ascii_case("svg") {
            return Err(CliError::Usage(format!(
                "show writes SVG; give -o a .svg file (not .{})",
                ext.to_string_lossy()
            )));
        }
    }
    let loaded = load(input, global)?;
    let moved = start.position.is_some() || start.moves.is_some();
    if moved && piece.is_some() {
        return Err(CliError::Usage(
            "--piece draws no position: drop --position/--moves".into(),
        ));
    }
    let picture = match (&loaded.game, piece) {
        (Loaded::Sbg(g), None) if text || moved => {
            let mut e = sbg::Engine::new(g).map_err(|e| CliError::Game(e.to_string()))?;
            go_to_start(&mut e, start)?;
            if text {
                print!("{}", SbgView.draw(&e));
                return Ok(());
            }
            let mut now = g.clone();
            now.board = e.board();
            draw::sbg_board(&now)
        }
        (Loaded::Rbg(g), None) if text || moved => {
            let r = super::bench::rbg_reasoner(g, global)?;
            let mut s = r
                .initial_state()
                .map_err(|e| super::bench::game_error(&loaded, &r, &e))?;
            go_to_start(&mut s, start)?;
            if text {
                let grid = RbgView.draw(&s);
                if grid.is_empty() {
                    return Err(CliError::Usage(
                        "--text draws RBG games on rectangle, hexagon and cuboid boards only"
                            .into(),
                    ));
                }
                print!("{grid}");
                return Ok(());
            }
            let mut now = g.clone();
            now.board.initial = s
                .snapshot()
                .pieces
                .iter()
                .map(|&p| ir::PieceId::from_index(p as usize))
                .collect();
            draw::rbg_board(&now)
        }
        (Loaded::Sbg(g), Some(k)) => draw::sbg_piece_moves(g, k).ok_or_else(|| {
            CliError::Usage(format!("the game has no movement rule for piece {k}"))
        })?,
        (Loaded::Sbg(g), None) => draw::sbg_board(g),
        (Loaded::Rbg(_), Some(_)) => {
            return Err(CliError::Usage("--piece applies to SBG games only".into()))
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
