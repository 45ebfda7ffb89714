//! `rbgtool show`: pictures of games.

use super::human::{HumanView, RbgView, SbgView};
use super::load::{load, Loaded};
use super::start::go_to_start;
use crate::cli::{Global, InputArgs, StartArgs};
use crate::diag::CliError;
use crate::output;
use std::path::Path;

/// What `show` draws besides the position: text instead of a picture, cell names.
pub struct Mode {
    pub text: bool,
    pub labels: bool,
}

pub fn run(
    input: &InputArgs,
    svg_out: Option<&Path>,
    piece: Option<char>,
    mode: Mode,
    start: &StartArgs,
    global: &Global,
) -> Result<(), CliError> {
    let Mode { text, labels } = mode;
    let rbg_options = draw::Options { labels };
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
            draw::sbg_board_with(&now, labels)
        }
        (Loaded::Rbg(g), None) if text || moved => {
            let r = super::rbg_game::rbg_reasoner(g, &loaded.source, global)?;
            let mut s = r
                .initial_state()
                .map_err(|e| super::rbg_game::game_error(&loaded, &r, &e))?;
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
            draw::rbg_board_with(&now, rbg_options)
        }
        (Loaded::Sbg(g), Some(k)) => draw::sbg_piece_moves(g, k).ok_or_else(|| {
            CliError::Usage(format!("the game has no movement rule for piece {k}"))
        })?,
        (Loaded::Sbg(g), None) => draw::sbg_board_with(g, labels),
        (Loaded::Rbg(_), Some(_)) => {
            return Err(CliError::Usage("--piece applies to SBG games only".into()))
        }
        (Loaded::Rbg(g), None) => draw::rbg_board_with(g, rbg_options),
        (Loaded::Gdl(_), Some(_)) => {
            return Err(CliError::Usage("--piece applies to SBG games only".into()))
        }
        (Loaded::Gdl(d), None) => {
            if text {
                return Err(CliError::Usage(
                    "--text draws SBG and RBG games; for a GDL state use `rbgtool apply`".into(),
                ));
            }
            let mut e = gdl::Engine::new(d).map_err(|e| CliError::Game(format!("{e}")))?;
            super::start::gdl_go_to_start(&mut e, start, &loaded)?;
            let sizes = board_sizes(d);
            let squares = board_squares(d);
            draw::gdl_board_with(
                &e.state_text(),
                &sizes,
                &squares,
                &loaded.source.name,
                labels,
            )
            .map_err(|e| CliError::Game(e.to_string()))?
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

/// The vertices of our RBG → GDL translation that a GDL game's facts name
/// (`draw::rbg_squares`): the extent of its board, whose states leave empty squares out.
pub(super) fn board_squares(d: &gdl::Description) -> Vec<String> {
    draw::rbg_squares(d.fact_constants().into_iter())
}

/// Candidate board sizes of a GDL game: each unary relation whose facts are exactly the
/// numbers 1..n, n at most 26 (`(index 1)` ... `(index 8)`, `(coordinate 1)` ...), so a state
/// listing only some cells (Reversi's four starting stones) is drawn on the whole board.
pub(super) fn board_sizes(d: &gdl::Description) -> Vec<i64> {
    let mut numbers: std::collections::BTreeMap<gdl::Symbol, Vec<i64>> = Default::default();
    for rule in d.rules().filter(|r| r.body.is_empty()) {
        if let [gdl::Term::Const(c, _)] = rule.head.args.as_slice() {
            let n = d.name(*c).parse::<i64>().unwrap_or(0);
            numbers.entry(rule.head.rel).or_default().push(n);
        }
    }
    numbers
        .into_values()
        .filter_map(|mut ns| {
            ns.sort_unstable();
            ns.dedup();
            let n = ns.len() as i64;
            (n <= 26 && ns.iter().copied().eq(1..=n)).then_some(n)
        })
        .collect()
}
