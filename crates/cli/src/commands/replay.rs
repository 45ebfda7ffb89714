//! `rbgtool replay`: re-checks a game record move by move, on the game it names or on another
//! file (`--game`), including the RBG and GDL translations of an SBG game.

use super::load::{load, LoadedGame};
use super::moves::position_with_status;
use super::start::{load_position, read_text, with_state, OnState};
use crate::cli::{Global, InputArgs, Lang, StartArgs};
use crate::diag::CliError;
use game::record::Record;
use game::GameState;
use std::path::{Path, PathBuf};

pub struct ReplayArgs<'a> {
    pub record: &'a Path,
    pub game: Option<&'a Path>,
    pub from: Option<Lang>,
    pub final_only: bool,
}

/// How a move of the record is written for the engine that replays it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mapping {
    /// Same language: as recorded.
    Same,
    /// SBG `b2-b3` to the RBG translation's notation `b2 b3` (the lifted and dropped squares).
    SbgToRbg,
    /// SBG `b2-b3` to the GDL translation's `(move 1 1 1 2)` (0-based files and ranks).
    SbgToGdl,
}

fn map_move(mapping: Mapping, text: &str) -> Option<String> {
    match mapping {
        Mapping::Same => Some(text.to_string()),
        Mapping::SbgToRbg => convert::moves::sbg_move_to_rbg(text),
        Mapping::SbgToGdl => convert::moves::sbg_move_to_gdl(text),
    }
}

fn lang_of(name: &str) -> Option<Lang> {
    let ext = Path::new(name)
        .extension()?
        .to_string_lossy()
        .to_ascii_lowercase();
    match ext.as_str() {
        "rbg" => Some(Lang::Rbg),
        "sbg" => Some(Lang::Sbg),
        "kif" | "gdl" => Some(Lang::Gdl),
        _ => None,
    }
}

struct Replay<'a> {
    record: &'a Record,
    mapping: Mapping,
    final_only: bool,
}

impl OnState for Replay<'_> {
    type Out = ();
    fn run<G: GameState>(self, state: &mut G, loaded: &LoadedGame) -> Result<(), CliError> {
        if let Some(p) = &self.record.position {
            if self.mapping != Mapping::Same {
                return Err(CliError::Usage(
                    "a record that starts from a position replays only on its own language".into(),
                ));
            }
            load_position(state, "the record's position", p)?;
        }
        let mut out = String::new();
        if !self.final_only {
            out.push_str("# start\n");
            let n = count_moves(state);
            out.push_str(&position_with_status(state, n));
        }
        for (i, text) in self.record.moves.iter().enumerate() {
            let mapped = map_move(self.mapping, text).ok_or_else(|| {
                CliError::Game(format!(
                    "move {} of the record, `{text}`, is not an SBG move",
                    i + 1
                ))
            })?;
            let mv = state.move_from_text(&mapped).map_err(|e| {
                CliError::Game(format!(
                    "move {} of the record, `{text}`, on {}: {e}",
                    i + 1,
                    loaded.source.name
                ))
            })?;
            state.apply(&mv);
            if !self.final_only {
                out.push_str(&format!("\n# after move {}: {text}\n", i + 1));
                let n = count_moves(state);
                out.push_str(&position_with_status(state, n));
            }
        }
        if self.final_only {
            let n = count_moves(state);
            out.push_str(&position_with_status(state, n));
        }
        print!("{out}");
        let terminal = count_moves(state) == 0;
        let scores = state.scores();
        match &self.record.result {
            Some(r) if !terminal || *r != scores => Err(CliError::Game(format!(
                "the record ends with scores {r:?}, the replay with {scores:?}{}",
                if terminal {
                    ""
                } else {
                    " and the game is not over"
                }
            ))),
            Some(_) => {
                println!("# result {scores:?} as recorded");
                Ok(())
            }
            None => {
                println!("# unfinished game, as recorded");
                Ok(())
            }
        }
    }
}

fn count_moves<G: GameState>(state: &mut G) -> usize {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves.len()
}

pub fn run(a: &ReplayArgs<'_>, global: &Global) -> Result<(), CliError> {
    let (name, text) = read_text(a.record)?;
    let records = game::record::parse_all(&text).map_err(|e| CliError::Invalid {
        what: "game record",
        name: name.clone(),
        text: text.clone(),
        diagnostics: vec![e.diagnostic()],
    })?;
    for (i, record) in records.iter().enumerate() {
        if records.len() > 1 {
            println!(
                "{}# record {} of {}",
                if i > 0 { "\n" } else { "" },
                i + 1,
                records.len()
            );
        }
        replay_one(a, record, global)?;
    }
    Ok(())
}

/// An RBG or SBG game's GDL translation, loaded as a GDL game named after the original.
fn translated(loaded: &LoadedGame, global: &Global) -> Result<LoadedGame, CliError> {
    let text = super::convert::gdl_text(loaded, convert::GdlOptions::unlimited(), global)?;
    let name = format!("{} (as GDL)", loaded.source.name);
    let game = match front::parse(&text, Lang::Gdl.into()) {
        Ok((game, _)) => game,
        Err(_) => {
            return Err(CliError::Game(format!(
                "{name}: the GDL translation does not load"
            )))
        }
    };
    let source = crate::input::Source {
        name,
        text,
        lang: Lang::Gdl,
    };
    Ok(LoadedGame { source, game })
}

fn replay_one(a: &ReplayArgs<'_>, record: &Record, global: &Global) -> Result<(), CliError> {
    let game_path: PathBuf = match a.game {
        Some(g) => g.to_path_buf(),
        None => {
            let p = PathBuf::from(&record.game);
            // A relative name is tried from here, then beside the record.
            match a.record.parent() {
                Some(dir) if !p.exists() && p.is_relative() => dir.join(&p),
                _ => p,
            }
        }
    };
    let input = InputArgs {
        file: game_path,
        from: a.from,
    };
    let mut loaded = load(&input, global)?;
    if a.game.is_none() && game::record::content_hash(&loaded.source.text) != record.hash {
        return Err(CliError::Game(format!(
            "{} is not the file the record was made with (its hash is not {}); name the game with --game",
            loaded.source.name, record.hash
        )));
    }
    match record.played_as.as_deref() {
        None => {}
        // Played through its GDL translation (`ggp match`): the moves are the translation's.
        Some("gdl") if loaded.source.lang != Lang::Gdl => loaded = translated(&loaded, global)?,
        Some("gdl") => {}
        Some(other) => {
            return Err(CliError::Game(format!(
                "the record was played as `{other}`; rbgtool replays records played as `gdl` only"
            )))
        }
    }
    let mapping = match (lang_of(&record.game), loaded.source.lang) {
        _ if record.played_as.is_some() => Mapping::Same,
        (Some(Lang::Sbg), Lang::Rbg) => Mapping::SbgToRbg,
        (Some(Lang::Sbg), Lang::Gdl) => Mapping::SbgToGdl,
        _ => Mapping::Same,
    };
    let replay = Replay {
        record,
        mapping,
        final_only: a.final_only,
    };
    with_state(&loaded, &StartArgs::default(), global, replay)
}
