//! `rbgtool play`: matches between agents, with a results table.

use super::human::{Announced, GdlView, Human, HumanView, ListView, RbgView, SbgView};
use super::load::{load, Loaded};
use super::seated::Seated;
use crate::cli::{EngineArgs, Global, InputArgs, StartArgs};
use crate::diag::CliError;
use agents::{Agent, AgentSpec, MatchOptions};
use game::GameState;
use std::io::IsTerminal;

pub struct PlayArgs<'a> {
    pub input: &'a InputArgs,
    pub first: &'a str,
    pub second: &'a str,
    /// `ROLE=SPEC` entries of `--agent`, which replace `first` or `second` for that role.
    pub by_role: &'a [String],
    pub games: u32,
    pub seed: u64,
    pub max_length: u64,
    pub alternate: bool,
    pub json: bool,
    pub start: &'a StartArgs,
    pub record: Option<&'a std::path::Path>,
    pub engine: &'a EngineArgs,
}

fn spec(text: &str) -> Result<AgentSpec, CliError> {
    agents::parse_agent_spec(text).map_err(|e| CliError::Usage(e.to_string()))
}

/// Each role's agent text: `--white` for the first role and every other one after it,
/// `--black` for the second and every other one after it, then each `--agent ROLE=SPEC` for
/// the role it names; and whether an `--agent` named a role beyond the second (then every
/// role's agent plays only its role, [`Seated`]). At least two entries, for the two seats.
fn role_texts(a: &PlayArgs, roles: &[String]) -> Result<(Vec<String>, bool), CliError> {
    let defaults = [a.first, a.second];
    let mut texts: Vec<String> = (0..roles.len().max(2))
        .map(|r| defaults[r % 2].to_string())
        .collect();
    let mut beyond_two = false;
    for entry in a.by_role {
        let Some((role, text)) = entry.split_once('=') else {
            return Err(CliError::Usage(format!(
                "--agent {entry}: expected ROLE=SPEC, e.g. --agent {}=human",
                roles.first().map_or("white", String::as_str)
            )));
        };
        let Some(r) = roles
            .iter()
            .position(|n| n.eq_ignore_ascii_case(role.trim()))
        else {
            return Err(CliError::Usage(format!(
                "--agent {entry}: the game has no role `{}`; its roles are {}",
                role.trim(),
                roles.join(", ")
            )));
        };
        beyond_two |= r >= 2;
        texts[r] = text.trim().to_string();
    }
    if beyond_two && a.alternate {
        return Err(CliError::Usage(
            "--alternate swaps the first two roles' agents; with an --agent for a further \
             role every agent keeps its role: drop --alternate"
                .into(),
        ));
    }
    Ok((texts, beyond_two))
}

/// Who sits where: the specs of the two seats' agents, or (`by_role`) of every role's.
struct Seating {
    specs: Vec<AgentSpec>,
    /// The two seats' names for records: the agent texts, or `role=text` lists.
    seat_texts: [String; 2],
    by_role: bool,
}

impl Seating {
    fn new(a: &PlayArgs, roles: &[String]) -> Result<Seating, CliError> {
        let (texts, by_role) = role_texts(a, roles)?;
        let specs = texts.iter().map(|t| spec(t)).collect::<Result<_, _>>()?;
        let seat_texts = std::array::from_fn(|s| match by_role {
            false => texts[s].clone(),
            true => (s..texts.len())
                .step_by(2)
                .map(|r| format!("{}={}", roles[r], texts[r]))
                .collect::<Vec<_>>()
                .join(","),
        });
        Ok(Seating {
            specs,
            seat_texts,
            by_role,
        })
    }

    /// Whether a person plays.
    fn human(&self) -> bool {
        let seated = if self.by_role { self.specs.len() } else { 2 };
        self.specs[..seated].contains(&AgentSpec::Human)
    }

    /// The agents of the two seats, built by `build`.
    fn agents<'g, G: GameState + 'g>(
        &self,
        build: impl Fn(&AgentSpec) -> Result<Box<dyn Agent<G> + 'g>, CliError>,
    ) -> Result<[Box<dyn Agent<G> + 'g>; 2], CliError> {
        if !self.by_role {
            return Ok([build(&self.specs[0])?, build(&self.specs[1])?]);
        }
        let seat = |s: usize| -> Result<Box<dyn Agent<G> + 'g>, CliError> {
            let roles = (s..self.specs.len())
                .step_by(2)
                .map(|r| Ok((r, build(&self.specs[r])?)))
                .collect::<Result<Vec<_>, CliError>>()?;
            Ok(Box::new(Seated::new(roles)))
        };
        Ok([seat(0)?, seat(1)?])
    }
}

/// The roles of a loaded game, in declaration order.
fn role_names(game: &Loaded) -> Vec<String> {
    match game {
        Loaded::Rbg(g) => g.players.clone(),
        Loaded::Sbg(_) => vec!["white".into(), "black".into()],
        Loaded::Gdl(d) => front::summary::gdl_summary(d).roles,
    }
}

pub fn run(a: &PlayArgs, global: &Global) -> Result<(), CliError> {
    let loaded = load(a.input, global)?;
    let seating = Seating::new(a, &role_names(&loaded.game))?;
    // With a person at the table, the other agents' moves and each result are announced.
    let human = seating.human();
    let options = MatchOptions {
        games: a.games,
        seed: a.seed,
        max_length: a.max_length,
        alternate: a.alternate,
    };
    let mut records = Records {
        on: a.record.is_some(),
        game: a.input.file.display().to_string(),
        hash: game::record::content_hash(&loaded.source.text),
        specs: seating.seat_texts.clone(),
        seed: a.seed,
        text: String::new(),
    };
    let mut table = Table {
        a,
        options: &options,
        global,
        records: &mut records,
        human,
    };
    let report = match &loaded.game {
        Loaded::Sbg(g) => {
            let mut e = sbg::Engine::new(g).map_err(|e| CliError::Game(e.to_string()))?;
            let build = |s: &AgentSpec| -> Result<Box<dyn Agent<sbg::Engine>>, CliError> {
                match s {
                    AgentSpec::Human => Ok(Box::new(Human::new(SbgView))),
                    s => Ok(announced(
                        s.build_sbg(g).map_err(|e| CliError::Usage(e.to_string()))?,
                        human,
                    )),
                }
            };
            table.play(&mut e, seating.agents(build)?)?
        }
        Loaded::Rbg(g) => {
            let r = super::rbg_game::rbg_reasoner(g, &loaded.source, global)?;
            let game_error = |e: &reasoner::GameError| super::rbg_game::game_error(&loaded, &r, e);
            // A person reads boards, which the compiled engine does not draw; auto interprets.
            let auto = super::engine::Auto::Interpreted;
            if let Some(cg) = super::engine::compiled_game(g, a.engine, r.options(), global, auto) {
                let mut s = cg.initial_state().map_err(|e| game_error(&e))?;
                let agents = seating.agents(|s| generic(s, ListView, human))?;
                let report = table.play(&mut s, agents)?;
                // A search error ended a game as if it had no legal move: report it instead.
                if let Some(e) = s.first_error() {
                    return Err(game_error(e));
                }
                report
            } else {
                let mut s = r.initial_state().map_err(|e| game_error(&e))?;
                let agents = seating.agents(|s| generic(s, RbgView, human))?;
                let report = table.play(&mut s, agents)?;
                let warning = s.keeper_warning();
                super::rbg_game::keeper_warning(&loaded, &r, warning.as_ref(), global);
                // A search error ended a game as if it had no legal move: report it instead.
                if let Some(e) = s.first_error() {
                    return Err(game_error(e));
                }
                report
            }
        }
        Loaded::Gdl(d) => {
            let mut e = gdl::Engine::new(d).map_err(|e| CliError::Game(format!("{e}")))?;
            let view = || GdlView {
                sizes: super::show::board_sizes(d),
                squares: super::show::board_squares(d),
            };
            let agents = seating.agents(|s| generic(s, view(), human))?;
            // An exceeded budget (reaching the start or in a game) empties the engine's
            // answers: report it before what followed from them.
            let report = table.play(&mut e, agents);
            super::start::gdl_budget(&e, &loaded)?;
            report?
        }
    };
    if let Some(path) = a.record {
        crate::output::write_output(Some(path), &records.text)
            .map_err(|e| CliError::Io(format!("cannot write {}: {e}", path.display())))?;
    }
    if a.json {
        println!("{}", serde_json::to_string(&report).expect("serialises"));
    } else {
        print!("{report}");
    }
    if report.interrupted {
        return Err(CliError::Interrupted);
    }
    Ok(())
}

/// What every engine's match shares: the arguments, the records, the output.
struct Table<'t, 'a> {
    a: &'t PlayArgs<'a>,
    options: &'t MatchOptions,
    global: &'t Global,
    records: &'t mut Records,
    human: bool,
}

impl Table<'_, '_> {
    /// Goes to the start position and plays the match: the same for every engine.
    fn play<'g, G: GameState>(
        &mut self,
        g: &mut G,
        mut agents: [Box<dyn Agent<G> + 'g>; 2],
    ) -> Result<agents::MatchReport, CliError> {
        super::start::go_to_start(g, self.a.start)?;
        Ok(run_match(
            g,
            &mut agents,
            self.options,
            self.global,
            self.records,
            self.a.start,
            self.human,
        ))
    }
}

fn generic<'a, G: GameState + 'a, V: HumanView<G> + 'a>(
    s: &AgentSpec,
    view: V,
    human: bool,
) -> Result<Box<dyn Agent<G> + 'a>, CliError> {
    match s {
        AgentSpec::Human => Ok(Box::new(Human::new(view))),
        s => Ok(announced(
            s.build_generic()
                .map_err(|e| CliError::Usage(e.to_string()))?,
            human,
        )),
    }
}

/// `agent`, announcing its moves when a person plays.
fn announced<'a, G: GameState + 'a>(
    agent: Box<dyn Agent<G> + 'a>,
    human: bool,
) -> Box<dyn Agent<G> + 'a> {
    if human {
        Box::new(Announced { agent })
    } else {
        agent
    }
}

/// The records of a match's games, as text, when `--record` asks for them.
struct Records {
    on: bool,
    game: String,
    hash: String,
    specs: [String; 2],
    seed: u64,
    text: String,
}

impl Records {
    fn add(
        &mut self,
        players: &[String],
        position: Option<&str>,
        r: &agents::GameResult,
        moves: &[String],
    ) {
        let record = game::record::Record {
            game: self.game.clone(),
            hash: self.hash.clone(),
            played_as: None,
            players: players.to_vec(),
            agents: (0..2).map(|p| self.specs[r.seats[p]].clone()).collect(),
            seed: Some(self.seed),
            date: utc_now(),
            position: position.map(String::from),
            moves: moves.to_vec(),
            result: r.finished.then(|| r.scores.clone()),
        };
        if !self.text.is_empty() {
            self.text.push('\n');
        }
        self.text
            .push_str(&format!("# game {} of the match\n", r.game + 1));
        self.text.push_str(&game::record::print(&record));
    }
}

/// The current time as `YYYY-MM-DD HH:MM:SS UTC`.
pub(crate) fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    // Civil date from days since 1970-01-01 (proleptic Gregorian calendar).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02} UTC",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

fn run_match<'a, G: GameState>(
    g: &mut G,
    agents: &mut [Box<dyn Agent<G> + 'a>; 2],
    options: &MatchOptions,
    global: &Global,
    records: &mut Records,
    start: &StartArgs,
    announce_results: bool,
) -> agents::MatchReport {
    let players = g.player_names();
    let moved = start.position.is_some() || start.moves.is_some();
    let position = moved.then(|| g.position_text());
    let bar = (options.games > 1 && !global.quiet && std::io::stderr().is_terminal()).then(|| {
        let b = indicatif::ProgressBar::new(u64::from(options.games));
        b.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games  {msg}")
                .expect("valid template"),
        );
        b
    });
    let [a0, a1] = agents;
    let on = records.on;
    let announce = announce_results;
    // A person at the keyboard stops with Ctrl-C as usual; a match of programs finishes the
    // game under way and prints the table of the games played.
    if !announce && options.games > 1 {
        crate::interrupt::install(
            "finishing the current game, then printing the table of the games played",
            global.quiet,
        );
    }
    let report = agents::play_match_until(
        g,
        [a0.as_mut(), a1.as_mut()],
        options,
        on,
        &mut |r, moves| {
            if let Some(b) = &bar {
                b.inc(1);
                b.set_message(format!("last: {:?}", r.scores));
            }
            if on {
                records.add(&players, position.as_deref(), r, moves);
            }
            if announce {
                let scores: Vec<String> = players
                    .iter()
                    .zip(&r.scores)
                    .map(|(p, s)| format!("{p} {s}"))
                    .collect();
                eprintln!("game over: {}", scores.join(", "));
            }
        },
        &crate::interrupt::requested,
    );
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    report
}
