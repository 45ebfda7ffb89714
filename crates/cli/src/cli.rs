//! Command-line syntax. Every subcommand's help ends with examples.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "rbgtool",
    version,
    about = "Read, run, translate, learn and evolve board games written in RBG, SBG and GDL",
    long_about = "rbgtool reads games written in Regular Boardgames (HL-RBG and LL-RBG), Simplified \
Boardgames and GDL (KIF), runs them with a fast RBG reasoner and native engines, and translates \
between the languages.\n\nThe input language comes from the file extension (.rbg, .sbg, .kif/.gdl) \
and can be set with --from; '-' reads standard input.",
    after_help = "Examples:\n  rbgtool check corpus/rbg/chess.rbg\n  rbgtool perft corpus/rbg/chess.rbg --depth 3\n  rbgtool convert corpus/rbg/breakthrough.rbg --to ll-rbg -o breakthrough.ll.rbg\n  rbgtool bench corpus/rbg/breakthrough.rbg --seconds 5"
)]
pub struct Cli {
    #[command(flatten)]
    pub global: Global,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Global options")]
pub struct Global {
    /// Print only results and errors.
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Print more detail (warnings in full, timings).
    #[arg(short, long, global = true)]
    pub verbose: bool,
    /// When to colour diagnostics.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Memory budget in MB: a command that needs more stops with an error (docs/getting-started.md).
    #[arg(long, global = true, value_name = "MB", default_value_t = 2048,
          value_parser = clap::value_parser!(u64).range(16..=1_048_576))]
    pub memory: u64,
    /// RBG games: where the keeper has several moves, `check` (default) fails on an improper
    /// description; `first` takes the first move like the reference engines and turns the
    /// check's finding into a warning.
    #[arg(long, global = true, value_enum, default_value_t = KeeperArg::Check)]
    pub keeper: KeeperArg,
    /// Threads for parallel work (rate, evolve, learn, compiled-engine equality runs);
    /// default: one per core, or $RAYON_NUM_THREADS.
    #[arg(long, global = true, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
}

/// Upper bounds of numeric options, so a typo cannot ask for days of work or terabytes.
pub mod limits {
    /// `convert::rbg_to_gdl::MAX_UNROLL`.
    pub const UNROLL: u64 = 10_000;
    pub const PERFT_DEPTH: i64 = 64;
    pub const SECONDS: f64 = 1_000_000.0;
    pub const GAMES: u64 = 1_000_000;
    pub const MAX_LENGTH: u64 = 10_000_000;
    pub const RECORDS: u64 = 100_000_000;
    pub const POPULATION: u64 = 10_000;
    pub const GENERATIONS: u64 = 100_000;
    pub const BOARD_SIDE: u64 = 64;
    pub const TURN_LIMIT: i64 = 100_000;
    pub const K: u64 = 64;
    pub const EXPANSIONS: u64 = 1_000_000;
    pub const PLAYOUTS: u64 = 1_000_000_000;
    /// `check --simulate --depth`: each move of a playout keeps a state on the engine's stack.
    pub const SIMULATE_DEPTH: u64 = 100_000;
}

/// A time in seconds: finite, positive, at most [`limits::SECONDS`].
// A `String` error, as clap's value parsers take it: clap shows it as the reason.
fn seconds(s: &str) -> Result<f64, String> {
    let x: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number of seconds"))?;
    if x.is_finite() && x > 0.0 && x <= limits::SECONDS {
        Ok(x)
    } else {
        Err(format!("seconds must be in (0, {}]", limits::SECONDS))
    }
}

/// The RBG keeper's policy (`reasoner::KeeperMode`).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeeperArg {
    /// Compare the completions of the keeper's choices; different results are an error.
    Check,
    /// Take the first keeper move (the reference engines' behaviour); warn once when a
    /// checked choice mattered.
    First,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// A game description language.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// Regular Boardgames, high or low level (.rbg).
    Rbg,
    /// Simplified Boardgames (.sbg).
    Sbg,
    /// Game Description Language in KIF (.kif, .gdl).
    Gdl,
}

/// Which moves a log record lists.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListingArg {
    /// Every legal move with all its words.
    All,
    /// Only the move played.
    Some,
}

/// Whether the learner pools white's and black's pieces of a letter.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SidesArg {
    /// One automaton per letter from both players' moves, black's mirrored (SBG's semantics);
    /// the logs are checked for sides that do not mirror each other.
    Mirrored,
    /// Each player's pieces learned on their own (the paper's setting; safe for logs of games
    /// whose sides are not mirror images).
    Separate,
}

/// Which unlisted words a `some` record allows (docs/learner.md).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleArg {
    /// The paper's: an unobserved word is allowed when deleting any one letter gives observed
    /// words.
    Paper,
    /// The paper's, or every 3-letter window of the word occurs in observed words (with its
    /// first and last pair): generalises riders and multi-jumps from fewer games.
    Tolerant,
}

/// What `convert` produces.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Low-level RBG: explicit graph board, no macros.
    LlRbg,
    /// Readable high-level RBG.
    Rbg,
    /// GDL (KIF).
    Gdl,
    /// Simplified Boardgames (canonical text).
    Sbg,
}

/// How `convert` writes RBG as GDL (docs/rbg-to-gdl.md).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum GdlEncoding {
    /// Direct where the game's moves have a fixed shape, else general.
    #[default]
    Auto,
    /// Legal rules per shape of move; an error for games that do not fit.
    Direct,
    /// The rules as an automaton interpreted in GDL (any game).
    General,
}

/// What `convert --to gdl` favours in the direct encoding (docs/rbg-to-gdl.md).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum GdlOptimize {
    /// Relations written once per use: fastest on GDL reasoners.
    #[default]
    Speed,
    /// Relations alike but for their constants (a two-player game's halves, the rays of
    /// each direction) written once with the constants as arguments: shorter, slower on our
    /// GDL engine.
    Size,
}

/// Which RBG engine runs `perft`, `bench`, `play` and `rate` (docs/compiled-engine.md).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum EngineKind {
    /// The compiled engine for long work: `bench` and `rate`, and `perft` from depth 4 (its
    /// counts are the same either way); the interpreter for shallower perfts, for `play`
    /// and for `bench` from a --position or --moves. Without a cached library, `perft` and
    /// `bench` run on the interpreter while it builds and switch once it is ready.
    #[default]
    Auto,
    /// The reasoner's interpreter.
    Interpreted,
    /// Rust code generated for the game, built with rustc and cached; falls back to the
    /// interpreter with a note when the game or the machine cannot compile it.
    Compiled,
}

/// How `bench`'s playouts draw moves; both draw uniformly over the legal moves.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SamplingArg {
    /// Every state lists all its legal moves and applies one (what the interpreter and
    /// rbg2cpp's shipped benchmark harness do).
    #[default]
    List,
    /// Compiled engine: a move of a monotonic class (place-anywhere moves such as hex's,
    /// whose legal moves only shrink) is drawn from a list kept through the playout and
    /// checked, as rbg2cpp's `random_simulation_with_monotonic_moves` does; other states
    /// list every legal move.
    Check,
}

#[derive(Args, Debug, Clone)]
pub struct EngineArgs {
    /// RBG engine.
    #[arg(long, value_enum, default_value_t = EngineKind::Auto)]
    pub engine: EngineKind,
    /// Compiled engine: build in a temporary folder instead of the artefact cache.
    #[arg(long)]
    pub no_cache: bool,
    /// Compiled engine: stop rustc after this many seconds and use the interpreter (at most
    /// 3600).
    #[arg(long, value_name = "SECONDS", default_value_t = compiled::child::DEFAULT_BUILD_TIMEOUT.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub build_timeout: u64,
    /// Compiled engine: address-space limit of rustc and its linker, in MB; a build past it
    /// fails and the interpreter is used.
    #[arg(long, value_name = "MB", default_value_t = compiled::child::DEFAULT_BUILD_MEMORY_MB,
          value_parser = clap::value_parser!(u64).range(512..=1_048_576))]
    pub build_memory: u64,
}

#[derive(Subcommand, Debug)]
pub enum GgpAction {
    /// A player speaking the GGP HTTP protocol (info, start, play, stop, abort; docs/ggp.md):
    /// one match at a time, each message and reply logged on standard error.
    #[command(
        after_help = "Examples:\n  rbgtool ggp player --port 9147 --agent mcts:10s\n  rbgtool ggp player --port 0 --agent random"
    )]
    Player {
        /// Port to listen on (0: any free port, printed at start).
        #[arg(long, default_value_t = 9147)]
        port: u16,
        /// Address to bind; the default serves this machine only.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
        /// The agent (random, alphabeta[:DEPTH|:TIME], mcts[:ITERATIONS|:TIME]); time budgets
        /// are capped by the play clock less one second.
        #[arg(long, default_value = "mcts:1h")]
        agent: String,
        /// The name the player gives in answer to `info`.
        #[arg(long, default_value = "rbgtool")]
        name: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// A game manager: plays matches of a game between GGP players over HTTP (RBG and SBG
    /// games through their GDL translation), replacing
    /// malformed, illegal, late or missing replies by random legal moves (logged), and prints
    /// the goals; with --games N a tournament, the seats rotating (docs/ggp.md).
    #[command(
        after_help = "Match i (from 0) seats player (r + i) mod n at role r, so with --games a multiple of\nthe number of roles every player plays every role equally often. The last table sums each\nplayer's goals over the matches.\n\nAn RBG or SBG game is translated to GDL (as `rbgtool convert --to gdl` does) and the\nplayers receive the translation; the record names the original file, says `played-as: gdl`\nand holds the translation's moves, which `rbgtool replay` re-checks on the translation.\n\nExamples:\n  rbgtool ggp match corpus/rbg/ticTacToe.rbg --player http://127.0.0.1:9147/ --player http://127.0.0.1:9148/\n  rbgtool ggp match game.kif --player http://127.0.0.1:9147/ --player http://127.0.0.1:9148/\n  rbgtool ggp match game.kif --player http://127.0.0.1:9147/ --player http://127.0.0.1:9148/ --games 4"
    )]
    Match {
        /// The game: GDL (.kif), or RBG or SBG, played through its GDL translation.
        #[command(flatten)]
        input: InputArgs,
        /// A player's address, one per role in role order.
        #[arg(long = "player", required = true)]
        players: Vec<String>,
        /// Seconds the players have for `start`.
        #[arg(long, default_value_t = 10)]
        start_clock: u64,
        /// Seconds the players have for each move.
        #[arg(long, default_value_t = 5)]
        play_clock: u64,
        /// The match stops, unfinished, after this many turns.
        #[arg(long, default_value_t = 1000)]
        max_turns: u64,
        /// Write the matches as game records (`rbgtool replay` re-checks them).
        #[arg(long)]
        record: Option<PathBuf>,
        /// Seeds the random moves that replace bad replies (match i uses seed + i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Matches to play, the players' seats rotating from one to the next.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=10_000))]
        games: u64,
    },
}

#[derive(Subcommand, Debug)]
pub enum CacheAction {
    /// List the compiled engine's libraries and build folders with their sizes.
    List,
    /// Remove every library and every build folder no running build owns.
    Clean,
}

#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// The game file ('-' for standard input).
    pub file: PathBuf,
    /// Input language (default: from the file extension, else from the text).
    #[arg(long, value_enum)]
    pub from: Option<Lang>,
}

/// Where a command starts: the initial position, a position file, then moves.
#[derive(Args, Debug, Clone, Default)]
pub struct StartArgs {
    /// Start from this position (a file of position text, as `apply` prints; '-' reads
    /// standard input) instead of the initial position.
    #[arg(long, value_name = "FILE")]
    pub position: Option<PathBuf>,
    /// Then play these moves, in notation, separated by ';' (e.g. "e2 e4; e7 e5").
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Parse and validate a game; print a summary or the diagnostics.
    #[command(
        after_help = "GDL games also pass the validator's checks of the game as a whole (docs/ggp.md, \"The\nvalidator's checks\"). --simulate (GDL only) then plays N random playouts on the interpreter:\nevery non-terminal state must give each role a legal move, every terminal state each role\nexactly one goal from 0 to 100, and every playout must end within --depth moves; with\n--monotonic every state must give each role one goal value that never falls. The first\nstate that does not is reported with the moves leading there.\n\nExamples:\n  rbgtool check corpus/rbg/chess.rbg\n  rbgtool check game.rbg --json\n  cat game.rbg | rbgtool check - --from rbg\n  rbgtool check ticTacToe.kif --simulate 100 --depth 200 --seed 7\n  rbgtool check ticTacToe.kif --simulate 20 --monotonic"
    )]
    Check {
        #[command(flatten)]
        input: InputArgs,
        /// Print the summary as one JSON object.
        #[arg(long)]
        json: bool,
        /// GDL only: play N random playouts, checking every state they reach.
        #[arg(long, value_name = "N",
              value_parser = clap::value_parser!(u64).range(1..=limits::PLAYOUTS))]
        simulate: Option<u64>,
        /// With --simulate: moves a playout may take before it must have ended (default 1000).
        #[arg(long, requires = "simulate",
              value_parser = clap::value_parser!(u64).range(1..=limits::SIMULATE_DEPTH))]
        depth: Option<u64>,
        /// With --simulate: the random seed (default 1).
        #[arg(long, requires = "simulate")]
        seed: Option<u64>,
        /// With --simulate: the game is declared monotonic (every state gives each role one
        /// goal value, and none ever falls); check that too.
        #[arg(long, requires = "simulate")]
        monotonic: bool,
    },
    /// Translate a game into another language or level.
    #[command(
        after_help = "Conversions: rbg -> rbg, ll-rbg, gdl; sbg -> rbg, ll-rbg, gdl, sbg; gdl -> gdl.\nrbg -> rbg formats HL-RBG: macros, comments and line breaks stay, only spacing and\nindentation change (docs/formatting.md).\nRBG -> GDL gives one GDL move per RBG move (docs/rbg-to-gdl.md): a legal rule per shape\nof move where moves apply a bounded sequence of modifiers (--encoding direct), else the\ngeneral encoding, whose unbounded moves and keeper phases are unrolled to --unroll levels\n(default: vertices + 8; --unroll implies --encoding general). A translation longer than\nthe --max-bytes limit (default 1,000,000) is refused with its size and what makes it long.\nWith --optimize size, relations alike but for their constants (the two sides' halves) are\nwritten once, with the constants as arguments: shorter, slower on our GDL engine.\n\nExamples:\n  rbgtool convert corpus/rbg/chess.rbg --to ll-rbg\n  rbgtool convert mygame.rbg --to rbg -o mygame.rbg\n  rbgtool convert game.rbg --to ll-rbg -o game.ll.rbg\n  rbgtool convert corpus/rbg/breakthrough.rbg --to gdl -o breakthrough.kif\n  rbgtool convert corpus/rbg/reversi.rbg --to gdl --optimize size\n  rbgtool convert corpus/sbg/gardner.sbg --to rbg"
    )]
    Convert {
        #[command(flatten)]
        input: InputArgs,
        /// Output language.
        #[arg(long, value_enum)]
        to: Target,
        /// RBG -> GDL: modifier levels for unbounded moves and keeper phases.
        #[arg(long, value_name = "LEVELS",
              value_parser = clap::value_parser!(u64).range(1..=limits::UNROLL))]
        unroll: Option<u64>,
        /// RBG -> GDL: the encoding (auto: direct where the game fits it).
        #[arg(long, value_enum, default_value_t)]
        encoding: GdlEncoding,
        /// RBG -> GDL: refuse a translation longer than this many bytes, saying what makes
        /// it long (0: no limit).
        #[arg(long, value_name = "BYTES", default_value_t = convert::DEFAULT_MAX_BYTES)]
        max_bytes: usize,
        /// RBG -> GDL, direct encoding: favour speed, or size (relations and rules alike
        /// but for their constants, directions included, written once, with the constants
        /// as arguments).
        #[arg(long, value_enum, default_value_t)]
        optimize: GdlOptimize,
        /// Output file, written atomically ('-' or absent: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Count move sequences of each length from the initial position (perft).
    #[command(
        after_help = "Depth counts player moves only (RBG keeper moves are automatic); a terminal state has no children.\nnodes = every state visited at depths 0..=d. Every leaf move is applied unless --count-leaves.\n\nExamples:\n  rbgtool perft corpus/rbg/chess.rbg --depth 3\n  rbgtool perft corpus/rbg/breakthrough.rbg --depth 4 --json\n  rbgtool perft corpus/rbg/chess.rbg --depth 2 --divide\n  rbgtool perft corpus/rbg/chess.rbg --depth 4 --count-leaves\n  rbgtool perft corpus/rbg/chess.rbg --depth 3 --moves \"e2 e4; e7 e5\""
    )]
    Perft {
        #[command(flatten)]
        input: InputArgs,
        /// Maximum depth; every depth from 1 to this is reported.
        #[arg(short, long, value_parser = clap::value_parser!(u32).range(0..=limits::PERFT_DEPTH))]
        depth: u32,
        /// Also print the leaf count below each first move.
        #[arg(long)]
        divide: bool,
        #[command(flatten)]
        start: StartArgs,
        /// One JSON object per depth: {"depth", "leaves", "nodes", "seconds", "last_level"}.
        #[arg(long)]
        json: bool,
        /// Count the last level's moves without applying them (faster; by default every leaf
        /// move is applied with its keeper completion, as the reference's perft does).
        #[arg(long)]
        count_leaves: bool,
        #[command(flatten)]
        engine: EngineArgs,
    },
    /// Flat Monte-Carlo benchmark: uniformly random playouts.
    #[command(
        after_help = "Every visited state applies one legal move drawn uniformly; keeper states are not counted.\nBy default every state lists all its legal moves; with --engine compiled --sampling check,\nmoves of monotonic classes are sampled and checked instead (same distribution, faster;\ndocs/compiled-engine.md).\n\nExamples:\n  rbgtool bench corpus/rbg/breakthrough.rbg --seconds 10\n  rbgtool bench corpus/rbg/chess.rbg --playouts 100 --seed 7 --json\n  rbgtool bench corpus/rbg/chess.rbg --playouts 100 --moves \"e2 e4; e7 e5\""
    )]
    Bench {
        #[command(flatten)]
        input: InputArgs,
        /// Run for this many seconds (default 10).
        #[arg(long, conflicts_with = "playouts", value_parser = seconds)]
        seconds: Option<f64>,
        /// Run exactly this many playouts.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=limits::PLAYOUTS))]
        playouts: Option<u64>,
        /// Random seed (runs are deterministic given a seed and a playout count).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print the report as one JSON object.
        #[arg(long)]
        json: bool,
        /// How playouts draw moves (the interpreter always lists them).
        #[arg(long, value_enum, default_value_t = SamplingArg::List)]
        sampling: SamplingArg,
        #[command(flatten)]
        start: StartArgs,
        #[command(flatten)]
        engine: EngineArgs,
    },
    /// Play matches between agents and print a results table.
    #[command(
        after_help = "Agents: random, human, alphabeta[:DEPTH|:TIME], mcts[:ITERATIONS|:TIME]\n(e.g. alphabeta:3, mcts:1000, mcts:2s). The agent of --white plays the first role the game\ndeclares and that of --black the second, whatever their names (Mu Torere declares black\nfirst); in a game of more roles they take turns: --white the third, --black the fourth, ...\nAn agent is seated by the role's name instead with --agent ROLE=SPEC (repeatable), any role.\nA human types a move in notation (docs/positions.md; on boards file-rank names such as e5)\nor its number; '?' lists the moves, 'undo' takes back the human's last move, 'help' says\nthis, 'quit' leaves; the final position and the result are printed.\n\nExamples:\n  rbgtool play corpus/sbg/breakthrough.sbg --white alphabeta:3 --black random --games 20\n  rbgtool play corpus/rbg/muTorere.rbg --agent white=human --agent black=mcts:1000\n  rbgtool play corpus/rbg/ticTacToe.rbg --white human --black mcts:1000\n  rbgtool play corpus/sbg/breakthrough.sbg --games 10 --record games.txt"
    )]
    Play {
        #[command(flatten)]
        input: InputArgs,
        /// The agent playing the first role the game declares (whatever its name).
        #[arg(long, default_value = "random")]
        white: String,
        /// The agent playing the second role the game declares (whatever its name).
        #[arg(long, default_value = "random")]
        black: String,
        /// The agent of the role named ROLE (repeatable, any number of roles), e.g. `--agent
        /// white=human`; it replaces --white's or --black's agent for that role.
        #[arg(long = "agent", value_name = "ROLE=SPEC")]
        agents: Vec<String>,
        /// Number of games.
        #[arg(long, default_value_t = 1,
              value_parser = clap::value_parser!(u32).range(1..=limits::GAMES as i64))]
        games: u32,
        /// Random seed (matches are deterministic given a seed, time budgets excepted).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// A game stops unfinished (a draw) after this many moves.
        #[arg(long, default_value_t = 10_000,
              value_parser = clap::value_parser!(u64).range(1..=limits::MAX_LENGTH))]
        max_length: u64,
        /// Swap sides after every game.
        #[arg(long)]
        alternate: bool,
        #[command(flatten)]
        start: StartArgs,
        /// Write every game as a record (moves in notation, result) to this file, atomically;
        /// `rbgtool replay` re-checks it.
        #[arg(long, value_name = "FILE")]
        record: Option<PathBuf>,
        /// Print the report as one JSON object.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        engine: EngineArgs,
    },
    /// Print what a network sees of a game and how it acts: the observation tensor's shape and
    /// planes, and the number of action ids.
    #[command(
        after_help = "The tensor and the ids are those of the Python package (docs/python.md, \"Action encodings\"\nand \"OpenSpiel\"): one plane per piece, one per player (all ones for the player to move) and,\nfor RBG, one per variable (its value over its bound), over the board's grid where the vertex\nnames carry coordinates (rectangle, hexagon, cuboid), else over its vertices; GDL games a\nvector over their base propositions. RBG action ids are the moves' keys enumerated from the\nrules.\n\nExamples:\n  rbgtool info corpus/rbg/chess.rbg\n  rbgtool info corpus/rbg/hex.rbg --tensor\n  rbgtool info corpus/sbg/gardner.sbg --json"
    )]
    Info {
        #[command(flatten)]
        input: InputArgs,
        /// Print the observation tensor only.
        #[arg(long)]
        tensor: bool,
        /// Print one JSON object: shape, planes, actions, encoding.
        #[arg(long)]
        json: bool,
    },
    /// Draw a game's position (the initial one, or --position/--moves) or an SBG piece's moves.
    #[command(
        after_help = "Rectangle and cuboid boards are drawn as grids, hexagon boards as hexes, other graphs as\nnode-link diagrams; coordinates stand on the rim (hexagons: files a.. up to the right,\nranks 1.. up to the left, as moves name cells), --labels writes each cell's name in it.\nChess pieces (RBG/GDL names like wP, bKo, wn; SBG letters K Q R B N P) are drawn as\npieces, stones in their players' colours, other pieces as discs with their letters.\nWith --piece, an SBG piece's moves are drawn from the centre of an empty board.\n\nExamples:\n  rbgtool show corpus/sbg/gardner.sbg -o gardner.svg\n  rbgtool show corpus/sbg/chess_breakthrough.sbg --piece N -o knight.svg\n  rbgtool show corpus/rbg/yavalath.rbg -o yavalath.png\n  rbgtool show corpus/rbg/hex.rbg --moves e5 --labels -o hex.png\n  rbgtool show corpus/sbg/breakthrough.sbg --text\n  rbgtool show corpus/rbg/chess.rbg --text --moves \"e2 e4\""
    )]
    Show {
        #[command(flatten)]
        input: InputArgs,
        /// Write the picture here (atomically): SVG, or PNG for a .png name; '-' or absent:
        /// SVG on standard output.
        #[arg(short = 'o', long = "output", alias = "svg", value_name = "OUTPUT")]
        svg: Option<PathBuf>,
        /// Draw this SBG piece's moves instead of the position.
        #[arg(long)]
        piece: Option<char>,
        /// Print the position as text (SBG games; RBG games on rectangle, hexagon and cuboid
        /// boards) instead of SVG.
        #[arg(long, conflicts_with_all = ["svg", "piece"])]
        text: bool,
        /// Write each cell's name in it (`e5`; the vertex name on other graphs); without it
        /// boards show their coordinates on the rim only.
        #[arg(long, conflicts_with_all = ["text", "piece"])]
        labels: bool,
        #[command(flatten)]
        start: StartArgs,
    },
    /// Record random games of an SBG game as logs for the learner.
    #[command(
        after_help = "The log format is the learner paper's (docs/learner.md); the first listed move of a record is\nthe one played. --listing all lists every legal move with its words, some only the played one.\n\nExamples:\n  rbgtool record corpus/sbg/breakthrough.sbg --games 50 > logs.txt\n  rbgtool record corpus/sbg/chess_breakthrough.sbg --games 1000 --listing some -o some.txt"
    )]
    Record {
        #[command(flatten)]
        input: InputArgs,
        /// Number of games.
        #[arg(long, default_value_t = 50,
              value_parser = clap::value_parser!(u64).range(1..=limits::GAMES))]
        games: u64,
        /// A game stops unfinished after this many moves (no terminal record).
        #[arg(long, default_value_t = 10_000,
              value_parser = clap::value_parser!(u64).range(1..=limits::MAX_LENGTH))]
        max_length: u64,
        /// Stop with an error rather than write more records than this in all.
        #[arg(long, default_value_t = 1_000_000,
              value_parser = clap::value_parser!(u64).range(1..=limits::RECORDS))]
        max_records: u64,
        /// Which moves each record lists.
        #[arg(long, value_enum, default_value_t = ListingArg::All)]
        listing: ListingArg,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output file, written atomically ('-' or absent: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Learn an SBG game (piece rules, start, goals, turn limit) from logs of observed play.
    #[command(
        after_help = "Examples:\n  rbgtool learn logs.txt -o learned.sbg\n  rbgtool learn some.txt --k 2 --max-expansions 40 --work 100000000 --json\n  rbgtool learn some.txt --sides separate --rule paper -o learned.sbg\n\nRuns are deterministic: the search per piece type is bounded by --work (letter steps of its\nconsistency checks). --piece-seconds is only a safety stop; the report says when it fired."
    )]
    Learn {
        /// The log file ('-' for standard input).
        logs: PathBuf,
        /// Output SBG file, written atomically ('-' or absent: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Merge candidates: state pairs within this distance (the paper's K).
        #[arg(long, default_value_t = 2,
              value_parser = clap::value_parser!(u64).range(0..=limits::K))]
        k: u64,
        /// Best-first expansions per piece type (the paper's MaxExpansions).
        #[arg(long, default_value_t = 20,
              value_parser = clap::value_parser!(u64).range(0..=limits::EXPANSIONS))]
        max_expansions: u64,
        /// Work budget per piece type: letter steps of the search's consistency checks. The
        /// same logs and options give the same result on any machine.
        #[arg(long, default_value_t = ::learn::DEFAULT_WORK_BUDGET,
              value_parser = clap::value_parser!(u64).range(1..))]
        work: u64,
        /// Safety time limit per piece type, in seconds (reported when it fires; the result
        /// then depends on the machine). --seconds elsewhere is a total.
        #[arg(long = "piece-seconds", alias = "seconds", value_name = "SECONDS",
              default_value_t = 600.0, value_parser = seconds)]
        seconds: f64,
        /// Pool white's and black's pieces of a letter (mirrored) or learn each side alone.
        #[arg(long, value_enum, default_value_t = SidesArg::Mirrored)]
        sides: SidesArg,
        /// Which unlisted words a `some` record allows.
        #[arg(long, value_enum, default_value_t = RuleArg::Tolerant)]
        rule: RuleArg,
        /// Name of the learned game.
        #[arg(long, default_value = "Learned")]
        name: String,
        /// Print the report as one JSON object on standard output (the game then needs -o).
        #[arg(long)]
        json: bool,
    },
    /// Evolve new chess-like SBG games scored by simulated play (docs/evolver.md).
    #[command(
        after_help = "Each generation is written atomically to DIR (gen-NNN.json with population, fitness and\nfeatures; its best games as .sbg); after the last generation the fittest games are rated again with
`rate`'s default players and written as best-K.sbg, those that pass first (validation.txt); Ctrl-C finishes the current generation and stops (twice: stops\nat once, losing only that generation); --resume continues with the same options.\n\nExamples:\n  rbgtool evolve --width 6 --height 6 --population 50 --generations 20 --seed 1 -o runs/r1\n  rbgtool evolve --width 6 --height 6 --population 50 --generations 30 -o runs/r1 --resume"
    )]
    Evolve {
        /// Board width.
        #[arg(long, default_value_t = 6,
              value_parser = clap::value_parser!(u64).range(2..=limits::BOARD_SIDE))]
        width: u64,
        /// Board height.
        #[arg(long, default_value_t = 6,
              value_parser = clap::value_parser!(u64).range(3..=limits::BOARD_SIDE))]
        height: u64,
        /// Individuals per generation.
        #[arg(long, default_value_t = 50,
              value_parser = clap::value_parser!(u64).range(2..=limits::POPULATION))]
        population: u64,
        /// Generations after the initial one: the run writes generations 0 (the initial
        /// population) to N, N + 1 in all.
        #[arg(long, default_value_t = 20,
              value_parser = clap::value_parser!(u64).range(0..=limits::GENERATIONS))]
        generations: u64,
        /// Random seed (runs are deterministic given a seed).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Turn limit of the generated games, in plies.
        #[arg(long, default_value_t = 60,
              value_parser = clap::value_parser!(u32).range(1..=limits::TURN_LIMIT))]
        turn_limit: u32,
        /// Output folder (one file per generation; see above).
        #[arg(short = 'o', long = "output", alias = "out", value_name = "OUTPUT")]
        out: PathBuf,
        /// After the last generation, rate this many of the fittest games as
        /// `rbgtool rate GAME --games 60` does; best-K.sbg are the fittest that pass first
        /// (0: skip; see validation.txt).
        #[arg(long, default_value_t = 12,
              value_parser = clap::value_parser!(u64).range(0..=limits::POPULATION))]
        validate: u64,
        /// Continue the run found in the output folder (its options must match).
        #[arg(long)]
        resume: bool,
        /// With --resume: continue even if the options differ from the run's.
        #[arg(long = "override", requires = "resume")]
        override_options: bool,
        /// Print the summary as one JSON object.
        #[arg(long)]
        json: bool,
        /// RBG engine: evolve plays SBG games with the SBG engine, so only `interpreted`
        /// (the default) is accepted.
        #[command(flatten)]
        engine: EngineArgs,
    },
    /// Rate a game from play: decisiveness, balance, skill gradient, lengths, pieces (docs/rate.md).
    #[command(
        after_help = "Examples:\n  rbgtool rate corpus/sbg/gardner.sbg\n  rbgtool rate corpus/sbg/breakthrough.sbg --games 20 --json\n  rbgtool rate corpus/rbg/ticTacToe.rbg --strong mcts:500 --weak random --html t.html"
    )]
    Rate(RateArgs),
    /// List the legal moves of a position, in notation, with whose turn it is.
    #[command(
        after_help = "Notation: SBG `b2-b3`; RBG the squares the move changes (`e2 e4`), longer forms only where\nneeded to tell moves apart; GDL the KIF move term (`(mark 1 1)`). See docs/positions.md.\n\nExamples:\n  rbgtool moves corpus/rbg/chess.rbg\n  rbgtool moves corpus/rbg/chess.rbg --moves \"e2 e4; e7 e5\" --json\n  rbgtool moves corpus/sbg/breakthrough.sbg --position pos.txt"
    )]
    Moves {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        start: StartArgs,
        /// Print one JSON object: {"player", "terminal", "scores", "moves": [{"notation", ...}]}.
        #[arg(long)]
        json: bool,
    },
    /// Play moves and print the position reached, as position text (loadable with --position).
    #[command(
        after_help = "The position text is the language's (docs/positions.md); lines starting with '#' (whose\nturn, the scores of a finished game) are comments that --position ignores.\n\nExamples:\n  rbgtool apply corpus/rbg/chess.rbg --moves \"e2 e4; e7 e5; g1 f3\"\n  rbgtool apply corpus/sbg/breakthrough.sbg --moves \"a2-a3\" > pos.txt\n  rbgtool apply corpus/sbg/breakthrough.sbg --position pos.txt --moves \"h7-h6\""
    )]
    Apply {
        #[command(flatten)]
        input: InputArgs,
        #[command(flatten)]
        start: StartArgs,
    },
    /// Re-check a game record move by move and print the positions (or only the last one).
    #[command(
        after_help = "Records come from `rbgtool play --record FILE` (format in docs/positions.md). --game replays\nthe record on another file of the same game; a record of an SBG game also replays on its RBG\nor GDL translation (each SBG move mapped to the translated move), which must end with the\nsame result.\n\nExamples:\n  rbgtool play corpus/sbg/breakthrough.sbg --record games.txt\n  rbgtool replay games.txt\n  rbgtool convert corpus/sbg/breakthrough.sbg --to rbg -o breakthrough.rbg\n  rbgtool replay games.txt --game breakthrough.rbg --final"
    )]
    Replay {
        /// The record file ('-' for standard input).
        record: PathBuf,
        /// Replay on this game file instead of the one the record names.
        #[arg(long, value_name = "FILE")]
        game: Option<PathBuf>,
        /// Language of the game file (default: from its extension).
        #[arg(long, value_enum)]
        from: Option<Lang>,
        /// Print only the final position and the result.
        #[arg(long = "final")]
        final_only: bool,
    },
    /// Explain an error code (rbg::E06, sbg::W11, gdl::E04; docs/error-codes.md).
    #[command(
        after_help = "Examples:\n  rbgtool explain rbg::E06\n  rbgtool explain E16 --from sbg\n  rbgtool explain --list"
    )]
    Explain {
        /// The code, as printed in `error[…]` (the language part may be given with --from).
        #[arg(required_unless_present = "list")]
        code: Option<String>,
        /// The language of a code written without its `rbg::`/`sbg::`/`gdl::` part.
        #[arg(long, value_enum)]
        from: Option<Lang>,
        /// List every code with its title.
        #[arg(long)]
        list: bool,
    },
    /// Run the language server (LSP over standard input and output; docs/lsp.md).
    #[command(after_help = "Examples:\n  rbgtool lsp   (started by an editor, see docs/lsp.md)")]
    Lsp,
    /// Run the web playground: write, check, draw and play a game in the browser
    /// (docs/playground.md).
    #[command(
        after_help = "Examples:\n  rbgtool serve              (then open http://127.0.0.1:8080/)\n  rbgtool serve --port 9000"
    )]
    Serve {
        /// Port to listen on (0: any free port, printed at start).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Address to bind; the default serves this machine only.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
    },
    /// General Game Playing: a player for GGP match servers (docs/ggp.md).
    #[command(after_help = "Examples:\n  rbgtool ggp player --port 9147 --agent mcts:10s")]
    Ggp {
        #[command(subcommand)]
        action: GgpAction,
    },
    /// The compiled engine's artefact cache: list or clean it (docs/compiled-engine.md).
    #[command(after_help = "Examples:\n  rbgtool cache list\n  rbgtool cache clean")]
    Cache {
        #[command(subcommand)]
        action: CacheAction,
    },
    /// Print a shell completion script.
    #[command(
        after_help = "Examples:\n  rbgtool completions bash > /etc/bash_completion.d/rbgtool"
    )]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

impl Command {
    /// Whether the command was asked for JSON: its failures are then printed as JSON too.
    pub fn wants_json(&self) -> bool {
        match self {
            Command::Check { json, .. }
            | Command::Perft { json, .. }
            | Command::Bench { json, .. }
            | Command::Play { json, .. }
            | Command::Learn { json, .. }
            | Command::Evolve { json, .. }
            | Command::Moves { json, .. } => *json,
            Command::Rate(a) => a.json,
            _ => false,
        }
    }
}

/// The arguments of `rbgtool rate`.
#[derive(clap::Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Games of each pairing (equal players, stronger vs weaker, search vs random).
    #[arg(long, default_value_t = 40,
          value_parser = clap::value_parser!(u32).range(1..=limits::GAMES as i64))]
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
    pub html: Option<std::path::PathBuf>,
    /// RBG engine: the game's compiled library (auto, the default), shared by the threads
    /// that play the games, or the interpreter.
    #[command(flatten)]
    pub engine: EngineArgs,
}
