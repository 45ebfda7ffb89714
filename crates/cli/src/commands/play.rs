//! `rbgtool play`: matches between agents, with a results table.

use super::human::{Human, ListView, SbgView};
use super::load::{load, Loaded};
use crate::cli::{Global, InputArgs};
use crate::diag::CliError;
use agents::{Agent, AgentSpec, MatchOptions};
use game::GameState;
use std::io::IsTerminal;

pub struct PlayArgs<'a> {
    pub input: &'a InputArgs,
    pub first: &'a str,
    pub second: &'a str,
    pub games: u32,
    pub seed: u64,
    pub max_length: u64,
    pub alternate: bool,
    pub json: bool,
}

fn spec(text: &str) -> Result<AgentSpec, CliError> {
    agents::parse_agent_spec(text).map_err(CliError::Usage)
}

pub fn run(a: &PlayArgs, global: &Global) -> Result<(), CliError> {
    let loaded = load(a.input, global)?;
    let specs = [spec(a.first)?, spec(a.second)?];
    let options = MatchOptions {
        games: a.games,
        seed: a.seed,
        max_length: a.max_length,
        alternate: a.alternate,
    };
    let report = match &loaded.game {
        Loaded::Sbg(g) => {
            let mut e = sbg::Engine::new(g).map_err(|e| CliError::Game(e.to_string()))?;
            let build = |s: &AgentSpec| -> Result<Box<dyn Agent<sbg::Engine>>, CliError> {
                match s {
                    AgentSpec::Human => Ok(Box::new(Human { view: SbgView })),
                    s => s.build_sbg(g).map_err(CliError::Usage),
                }
            };
            let mut agents = [build(&specs[0])?, build(&specs[1])?];
            run_match(&mut e, &mut agents, &options, global)
        }
        Loaded::Rbg(g) => {
            let r = super::bench::rbg_reasoner(g, global)?;
            let mut s = r
                .initial_state()
                .map_err(|e| super::bench::game_error(&loaded, &r, &e))?;
            let mut agents = [generic(&specs[0])?, generic(&specs[1])?];
            let report = run_match(&mut s, &mut agents, &options, global);
            let warning = s.keeper_warning();
            super::bench::keeper_warning(&loaded, &r, warning.as_ref(), global);
            report
        }
        Loaded::Gdl(d) => {
            let mut e = gdl::Engine::new(d).map_err(|e| CliError::Game(format!("{e}")))?;
            let mut agents = [generic(&specs[0])?, generic(&specs[1])?];
            run_match(&mut e, &mut agents, &options, global)
        }
    };
    if a.json {
        println!("{}", serde_json::to_string(&report).expect("serialises"));
    } else {
        print!("{report}");
    }
    Ok(())
}

fn generic<'a, G: GameState + 'a>(s: &AgentSpec) -> Result<Box<dyn Agent<G> + 'a>, CliError> {
    match s {
        AgentSpec::Human => Ok(Box::new(Human { view: ListView })),
        s => s.build_generic().map_err(CliError::Usage),
    }
}

fn run_match<'a, G: GameState>(
    g: &mut G,
    agents: &mut [Box<dyn Agent<G> + 'a>; 2],
    options: &MatchOptions,
    global: &Global,
) -> agents::MatchReport {
    let bar = (options.games > 1 && !global.quiet && std::io::stderr().is_terminal()).then(|| {
        let b = indicatif::ProgressBar::new(u64::from(options.games));
        b.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games  {msg}")
                .expect("valid template"),
        );
        b
    });
    let [a0, a1] = agents;
    let report = agents::play_match_observed(g, [a0.as_mut(), a1.as_mut()], options, &mut |r| {
        if let Some(b) = &bar {
            b.inc(1);
            b.set_message(format!("last: {:?}", r.scores));
        }
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    report
}
