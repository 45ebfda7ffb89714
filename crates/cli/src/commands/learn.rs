//! `rbgtool record` and `rbgtool learn`: logs of observed play, and the rules learned from them.

use super::load::{load, Loaded};
use crate::cli::{Global, InputArgs, Lang, ListingArg, RuleArg, SidesArg};
use crate::diag::CliError;
use crate::input;
use crate::output;
use std::path::Path;

pub fn record(
    input: &InputArgs,
    games: usize,
    listing: ListingArg,
    seed: u64,
    limits: learn::RecordLimits,
    out: Option<&Path>,
    global: &Global,
) -> Result<(), CliError> {
    let loaded = load(input, global)?;
    let Loaded::Sbg(g) = &loaded.game else {
        return Err(CliError::Usage("record plays SBG games only".into()));
    };
    let listing = match listing {
        ListingArg::All => learn::Listing::All,
        ListingArg::Some => learn::Listing::Some,
    };
    let text = learn::record(g, games, listing, seed, limits)
        .map_err(|e| CliError::Game(e.to_string()))?;
    output::write_output(out, &text).map_err(|e| CliError::Io(format!("cannot write the log: {e}")))
}

pub struct LearnArgs<'a> {
    pub logs: &'a Path,
    pub output: Option<&'a Path>,
    pub k: usize,
    pub max_expansions: usize,
    pub work: u64,
    pub seconds: f64,
    pub sides: SidesArg,
    pub rule: RuleArg,
    pub name: &'a str,
    pub json: bool,
}

pub fn learn(a: &LearnArgs, global: &Global) -> Result<(), CliError> {
    if !(a.seconds > 0.0 && a.seconds.is_finite()) {
        return Err(CliError::Usage(
            "--seconds must be a positive number".into(),
        ));
    }
    if a.json && a.output.is_none() {
        return Err(CliError::Usage(
            "--json prints the report; give -o FILE for the learned game".into(),
        ));
    }
    // The log is read like a game file, its language fixed.
    let src = input::read(&crate::cli::InputArgs {
        file: a.logs.to_path_buf(),
        from: Some(Lang::Sbg),
    })?;
    let records = learn::parse_log(&src.text).map_err(|diagnostics| CliError::Invalid {
        what: "log",
        name: src.name.clone(),
        text: src.text.clone(),
        diagnostics,
    })?;
    let options = learn::Options {
        k: a.k,
        max_expansions: a.max_expansions,
        work_budget: a.work,
        time_limit: std::time::Duration::from_secs_f64(a.seconds),
        sides: match a.sides {
            SidesArg::Mirrored => learn::Sides::Mirrored,
            SidesArg::Separate => learn::Sides::Separate,
        },
        some_rule: match a.rule {
            RuleArg::Paper => learn::SomeRule::Paper,
            RuleArg::Tolerant => learn::SomeRule::PaperAndWindows,
        },
        name: a.name.to_string(),
        ..learn::Options::default()
    };
    let quiet = global.quiet || a.json;
    let progress = move |p: &learn::Progress| {
        if quiet {
            return;
        }
        match p {
            learn::Progress::Started {
                kind,
                words,
                situations,
            } => {
                eprintln!("{kind}: learning from {words} words in {situations} situations")
            }
            learn::Progress::Finished {
                kind,
                states,
                seconds,
            } => {
                eprintln!("{kind}: done, {states} DFA states, {seconds:.2} s")
            }
            _ => {}
        }
    };
    let (game, report) = learn::learn(&records, &options, &progress)
        .map_err(|e| CliError::Game(format!("cannot learn a game from {}: {e}", src.name)))?;
    output::write_output(a.output, &learn::learned_file(&game, &report))
        .map_err(|e| CliError::Io(format!("cannot write the learned game: {e}")))?;
    if a.json {
        let pieces: Vec<serde_json::Value> = report
            .pieces
            .iter()
            .map(|p| {
                serde_json::json!({
                    "piece": p.kind.to_string(),
                    "side": p.side.map(|s| if s == sbg::Side::White { "white" } else { "black" }),
                    "words": p.words,
                    "situations": p.situations,
                    "pta_states": p.pta_states,
                    "states": p.states,
                    "expansions": p.expansions,
                    "work": p.work,
                    "stopped": p.stopped.map(|s| match s {
                        learn::Stop::WorkBudget => "work budget",
                        learn::Stop::TimeLimit => "time limit",
                    }),
                })
            })
            .collect();
        let v = serde_json::json!({
            "games": report.games,
            "records": report.records,
            "seconds": report.seconds,
            "pieces": pieces,
            "notes": report.notes,
            "undetermined": report.undetermined,
            "turn_limit_pinned": report.turn_limit_pinned,
        });
        println!("{v}");
    } else if !global.quiet {
        eprint!("{report}");
    }
    Ok(())
}
