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
    let png = match svg_out.and_then(|p| p.extension()) {
        Some(ext) if ext.eq_ignore_ascii_case("png") => true,
        Some(ext) if ext.eq_ignore_ascii_case("svg") => false,
        Some(ext) => {
            return Err(CliError::Usage(format!(
                "show writes SVG or PNG; give -o a .svg or .png file (not .{})",
                ext.to_string_lossy()
            )))
        }
        None => false,
    };
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
    let written = match (png, svg_out) {
        (true, Some(path)) => {
            let bytes = draw::svg_to_png(&picture, 2.0)
                .map_err(|e| CliError::Game(format!("cannot rasterise the picture: {e}")))?;
            output::write_file(path, &bytes)
        }
        _ => output::write_output(svg_out, &picture),
    };
    written.map_err(|e| CliError::Io(format!("cannot write the picture: {e}")))
}
