//! `rbgtool rate`: the `rate` crate's report on a game in any language, as a table, JSON or an
//! HTML page.

use super::load::{load, Loaded};
use crate::cli::{Global, RateArgs};
use crate::diag::CliError;
use rate::{Player, RateOptions};

fn player(s: &str) -> Result<Player, CliError> {
    s.parse()
        .map_err(|e: rate::ParsePlayerError| CliError::Usage(e.to_string()))
}

pub fn run(a: &RateArgs, global: &Global) -> Result<(), CliError> {
    let loaded = load(&a.input, global)?;
    let options = RateOptions {
        seed: a.seed,
        equal_games: a.games,
        gradient_games: a.games,
        strategy_games: a.games.div_ceil(2),
        strong: player(&a.strong)?,
        weak: player(&a.weak)?,
        opening_plies: a.opening,
        max_length: a.max_length,
        ..RateOptions::default()
    };
    let name = loaded.source.name.clone();
    let report = match &loaded.game {
        Loaded::Sbg(g) => rate::rate_sbg(g, &options),
        Loaded::Rbg(g) => {
            let r = super::rbg_game::rbg_reasoner(g, &loaded.source, global)?;
            let auto = super::engine::Auto::Compiled;
            match super::engine::compiled_game(g, &a.engine, r.options(), global, auto) {
                Some(cg) => rate::CompiledRbgSubject::new(&name, cg, &options)
                    .map(|s| rate::measure(&s, &options)),
                None => rate::RbgSubject::with_reasoner(&name, r, &options)
                    .map(|s| rate::measure(&s, &options)),
            }
        }
        Loaded::Gdl(d) => {
            rate::GdlSubject::new(&name, d, &options).map(|s| rate::measure(&s, &options))
        }
    }
    .map_err(|e| CliError::Game(e.to_string()))?;
    if let Some(path) = &a.html {
        crate::output::write_atomic(path, rate::html::html(&report).as_bytes())
            .map_err(|e| CliError::Game(format!("{}: {e}", path.display())))?;
    }
    if a.json {
        println!("{}", serde_json::to_string(&report).expect("serialises"));
    } else {
        print!("{report}");
    }
    Ok(())
}
