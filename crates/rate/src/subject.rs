//! A game to rate, in any language: [`Subject`] plays one game of a pairing, [`measure`] plays
//! them all in parallel (rayon) and aggregates them into a [`Report`]. Each game's seed depends
//! only on the options' seed, its pairing and its index, and records are aggregated in index
//! order, so the report does not depend on the number of threads.

use crate::error::SubjectError;
use crate::options::{Pairing, Player, RateOptions};
use crate::play::{game_seed, play_game, GameRecord, GameSpec, Generic, Referee};
use crate::report::{PieceStatic, Report};
use agents::{Agent, AlphaBeta, AlphaBetaOptions, Heuristic, Mcts, MctsOptions, Mobility, Random};
use game::GameState;
use rayon::prelude::*;

/// A game that can be rated. `Kit` is what one worker thread reuses between games (engines,
/// heuristics); it is built by [`Subject::kit`] on the thread that uses it.
pub trait Subject: Sync {
    type Kit;
    fn name(&self) -> String;
    /// The game's own turn limit, if it has one (SBG).
    fn turn_limit(&self) -> Option<u32> {
        None
    }
    /// Per piece type: can it move, can it capture (SBG; empty elsewhere).
    fn pieces(&self) -> Vec<PieceStatic> {
        Vec::new()
    }
    fn kit(&self) -> Self::Kit;
    fn play(
        &self,
        kit: &mut Self::Kit,
        spec: &GameSpec,
        players: [Player; 2],
        keep: bool,
    ) -> GameRecord;
}

/// An agent for `player`; alpha-beta evaluates with `heuristic`.
pub fn build_agent<'a, G, H>(player: Player, heuristic: H, tt_bits: u32) -> Box<dyn Agent<G> + 'a>
where
    G: GameState + 'a,
    H: Heuristic<G> + 'a,
{
    match player {
        Player::Random => Box::new(Random),
        Player::AlphaBeta { depth } => Box::new(AlphaBeta::new(
            AlphaBetaOptions {
                depth: depth.clamp(1, 64),
                time: None,
                tt_bits,
            },
            heuristic,
        )),
        Player::Mcts { iterations } => Box::new(Mcts::new(MctsOptions {
            iterations: iterations.max(1),
            ..MctsOptions::default()
        })),
    }
}

/// The specs of every game of the rating, in order: pairing by pairing, game by game. Sides
/// alternate in every pairing (A first in even games).
pub fn game_specs(options: &RateOptions, turn_limit: Option<u32>) -> Vec<GameSpec> {
    let max_length = match turn_limit {
        // The game's own limit ends it first.
        Some(t) => u64::from(t) + 1,
        None => options.max_length.max(1),
    };
    let mut out = Vec::new();
    for pairing in Pairing::ALL {
        for index in 0..options.games(pairing) {
            out.push(GameSpec {
                pairing,
                index,
                seats: if index % 2 == 0 { [0, 1] } else { [1, 0] },
                seed: game_seed(options.seed, pairing, index),
                opening_plies: options.opening_plies,
                max_length,
            });
        }
    }
    out
}

/// Plays every game of the rating on all cores and returns the records in spec order. The
/// first equal game keeps its moves (the sample game).
pub fn play_all<S: Subject>(subject: &S, options: &RateOptions) -> Vec<GameRecord> {
    let specs = game_specs(options, subject.turn_limit());
    specs
        .par_iter()
        .map_init(
            || subject.kit(),
            |kit, spec| {
                let keep = spec.pairing == Pairing::Equal && spec.index == 0;
                subject.play(kit, spec, options.players(spec.pairing), keep)
            },
        )
        .collect()
}

/// Plays the rating games of `subject` and reports on them.
pub fn measure<S: Subject>(subject: &S, options: &RateOptions) -> Report {
    let records = play_all(subject, options);
    let mut report = Report::from_records(
        subject.name(),
        options,
        subject.turn_limit(),
        subject.pieces(),
        &records,
    );
    crate::flags::judge(&mut report);
    report
}

/// Plays one game on `state` with two fresh agents built by `build` (for player A and B).
pub fn play_with<'a, G: GameState + 'a>(
    state: &mut G,
    build: &mut dyn FnMut(Player) -> Box<dyn Agent<G> + 'a>,
    spec: &GameSpec,
    players: [Player; 2],
    referee: &dyn Referee<G>,
    keep: bool,
) -> GameRecord {
    let mut a = build(players[0]);
    let mut b = build(players[1]);
    play_game(state, [a.as_mut(), b.as_mut()], spec, referee, keep)
}

/// One game between agents that know nothing of the game (alpha-beta with the mobility
/// heuristic), judged by the generic referee: how RBG and GDL games are played.
pub fn play_generic<G: GameState>(
    state: &mut G,
    tt_bits: u32,
    spec: &GameSpec,
    players: [Player; 2],
    keep: bool,
) -> GameRecord {
    play_with(
        state,
        &mut |p| build_agent(p, Mobility::default(), tt_bits),
        spec,
        players,
        &Generic,
        keep,
    )
}

/// An RBG game, played by the reasoner (alpha-beta with the mobility heuristic).
pub struct RbgSubject {
    pub name: String,
    reasoner: reasoner::Reasoner,
    tt_bits: u32,
}

impl RbgSubject {
    /// Compiles the game; the error is the reasoner's message.
    pub fn new(
        name: &str,
        game: &ir::Game,
        options: &RateOptions,
    ) -> Result<RbgSubject, SubjectError> {
        let reasoner = reasoner::Reasoner::new(game)?;
        RbgSubject::with_reasoner(name, reasoner, options)
    }

    /// A subject on a reasoner built by the caller (with its own `reasoner::Options`, such as
    /// the keeper policy).
    pub fn with_reasoner(
        name: &str,
        reasoner: reasoner::Reasoner,
        options: &RateOptions,
    ) -> Result<RbgSubject, SubjectError> {
        reasoner.initial_state()?;
        Ok(RbgSubject {
            name: name.to_string(),
            reasoner,
            tt_bits: options.tt_bits,
        })
    }
}

impl Subject for RbgSubject {
    type Kit = ();

    fn name(&self) -> String {
        self.name.clone()
    }

    fn kit(&self) {}

    fn play(&self, _: &mut (), spec: &GameSpec, players: [Player; 2], keep: bool) -> GameRecord {
        let Ok(mut state) = self.reasoner.initial_state() else {
            unreachable!("checked in RbgSubject::new")
        };
        play_generic(&mut state, self.tt_bits, spec, players, keep)
    }
}

/// A GDL game, played by the GDL engine (alpha-beta with the mobility heuristic). One engine
/// per worker thread.
pub struct GdlSubject {
    pub name: String,
    description: gdl::Description,
    tt_bits: u32,
}

impl GdlSubject {
    pub fn new(
        name: &str,
        description: &gdl::Description,
        options: &RateOptions,
    ) -> Result<GdlSubject, SubjectError> {
        gdl::Engine::new(description)?;
        Ok(GdlSubject {
            name: name.to_string(),
            description: description.clone(),
            tt_bits: options.tt_bits,
        })
    }
}

impl Subject for GdlSubject {
    type Kit = Option<gdl::Engine>;

    fn name(&self) -> String {
        self.name.clone()
    }

    fn kit(&self) -> Option<gdl::Engine> {
        gdl::Engine::new(&self.description).ok()
    }

    fn play(
        &self,
        kit: &mut Option<gdl::Engine>,
        spec: &GameSpec,
        players: [Player; 2],
        keep: bool,
    ) -> GameRecord {
        let engine = kit.get_or_insert_with(|| {
            gdl::Engine::new(&self.description).expect("built once in GdlSubject::new")
        });
        play_generic(engine, self.tt_bits, spec, players, keep)
    }
}
