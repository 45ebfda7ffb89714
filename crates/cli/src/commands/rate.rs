//! `rbgtool rate`: the `rate` crate's report on a game in any language, as a table, JSON or an
//! HTML page.

use super::load::{load, Loaded};
use crate::cli::{Global, InputArgs};
use crate::diag::CliError;
use rate::{Player, RateOptions};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Games of each pairing (equal players, stronger vs weaker, search vs random).
    #[arg(long, default_value_t = 40,
          value_parser = clap::value_parser!(u32).range(1..=crate::cli::limits::GAMES as i64))]
    pub games: u32,
    /// The equal players and the stronger one: alphabeta:DEPTH or mcts:ITERATIONS.
    #[arg(long, default_value = "alphabeta:3")]
    pub strong: String,
    /// The weaker player of the skill-gradient games.
    #[arg(long, default_value = "alphabeta:1")]
    pub weak: String,
    /// Uniformly random moves at the start of every game, so that games differ.
    #[arg(long, default_value_t = 2)]
    pub opening: u32,
    /// Games of languages without a turn limit stop (drawn) after this many moves.
    #[arg(long, default_value_t = 1000)]
    pub max_length: u64,
    /// Random seed (the report is deterministic given the seed, whatever the thread count).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Also write the report as an HTML page with SVG plots.
    #[arg(long)]
    pub html: Option<PathBuf>,
    /// RBG engine: the game's compiled library (auto, the default), shared by the threads
    /// that play the games, or the interpreter.
    #[command(flatten)]
    pub engine: crate::cli::EngineArgs,
}

fn player(s: &str) -> Result<Player, CliError> {
    s.parse().map_err(CliError::Usage)
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
            let r = super::bench::rbg_reasoner(g, &loaded.source, global)?;
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
    .map_err(CliError::Game)?;
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
