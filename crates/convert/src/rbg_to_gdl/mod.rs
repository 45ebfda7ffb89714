//! RBG → GDL (KIF text) for any RBG game, one GDL move per RBG move. The encoding (reasons
//! and a worked example in `docs/rbg-to-gdl.md`):
//!
//! * state: `(cell v x)` on every vertex, `(var x n)` for every variable, `(count x n)` for the
//!   pieces that rules count, `(control c)` (a role or the keeper), `(at q)` — the rules
//!   automaton state, which after a move is its final switch `mK` — and `(pos v)`;
//! * the rules become a position automaton (one state per action, [`nfa`]) given as static
//!   facts (`tshift`, `ton`, `toff`, `tassign`, `tcmp`, `tswitch`, `tpat`, `tnpat`);
//! * a move in progress is a *prefix*: the modifiers applied so far with their vertices, as a
//!   nested term `(p mK v (p ... nil))`. Level `i` relations describe the semi-state after an
//!   `i`-modifier prefix (`cell`, `var`, `count`) and where the automaton can be (`r`). Levels
//!   are separate relations, so recursion never builds terms and the GDL recursion
//!   restriction holds; each level has only the rules its automaton states can use
//!   ([`levels`]), and a frame has as many levels as it can apply modifiers;
//! * two chains of levels: `k*` runs the keeper (deterministically, its result projected to
//!   `kf_*`) from the current state, `m*` the moves of the player in control from there. A
//!   legal move is a complete `m` prefix, flattened: `(moveN m3 a2 ... mK vK)`;
//! * arithmetic is tabulated ([`arith`]), scores scaled to goals 0..100.
//!
//! Unbounded chains (a modifier inside a loop) are unrolled to a fixed number of levels; a
//! prefix that could go deeper makes the state terminal with goal 0 for everybody
//! (`overflow`), so a too small unrolling shows as a perft difference, never as quietly
//! different legal moves.

mod arith;
mod direct;
pub use direct::WITHIN_RESTRICTIONS;
mod frames;
mod levels;
mod names;
mod nfa;
mod play;

use arith::{Comparison, Plan, Step, Tables};
use frames::Frame;
use ir::{Action, Game, Node, NodeId, SwitchTarget};
use levels::Walk;
use names::Names;
use nfa::{Automaton, State};
use std::collections::HashMap;
use std::fmt::Write;

/// Translation settings.
#[derive(Clone, Copy, Debug)]
pub struct GdlOptions {
    /// Levels for chains of unbounded length; `None`: the number of vertices plus 8.
    pub unroll: Option<u64>,
    pub encoding: Encoding,
    /// A translation longer than this is refused, saying why it is long (`None`: no limit
    /// below [`MAX_OUTPUT_BYTES`]).
    pub max_bytes: Option<usize>,
    pub optimize: Optimize,
}

/// What the direct encoding favours where the two pull apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Optimize {
    /// Relations written once per use, as our reasoners run them fastest.
    #[default]
    Speed,
    /// Relations alike but for their constants (a two-player game's halves) written once,
    /// with the constants as arguments: shorter, slower on our GDL engine (docs/rbg-to-gdl.md).
    Size,
}

/// The size a GDL player can be expected to load: longer translations are refused unless
/// asked for ([`GdlOptions::max_bytes`]).
pub const DEFAULT_MAX_BYTES: usize = 1_000_000;

impl Default for GdlOptions {
    fn default() -> GdlOptions {
        GdlOptions {
            unroll: None,
            encoding: Encoding::Auto,
            max_bytes: Some(DEFAULT_MAX_BYTES),
            optimize: Optimize::Speed,
        }
    }
}

impl GdlOptions {
    /// The default options without the size limit (for callers that keep the text to
    /// themselves: tests, local replays).
    pub fn unlimited() -> GdlOptions {
        GdlOptions {
            max_bytes: None,
            ..GdlOptions::default()
        }
    }
}

/// Which encoding a translation uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    /// The direct encoding where the game fits it, else the general one (the output's first
    /// line says why); the general one when `unroll` is given.
    #[default]
    Auto,
    /// Only the direct encoding: an error for a game that does not fit it.
    Direct,
    /// The general encoding (the rules as an automaton interpreted in GDL).
    General,
}

/// A translated game.
#[derive(Clone, Debug)]
pub struct GdlTranslation {
    pub text: String,
    /// Modifier levels of a player's move and of a keeper phase.
    pub player_levels: u64,
    pub keeper_levels: u64,
    /// Whether a chain was unrolled (the output then has the `overflow` guard).
    pub unrolled: bool,
    /// Things the user should know (unrolling).
    pub notes: Vec<String>,
}

/// A construct the back end cannot express, with where it is.
#[derive(Clone, Debug)]
pub struct RbgToGdlError {
    pub message: String,
    pub span: ir::Span,
    pub label: String,
}

impl std::fmt::Display for RbgToGdlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl RbgToGdlError {
    /// As a diagnostic against the RBG source.
    pub fn to_diagnostic(&self) -> codespan_reporting::diagnostic::Diagnostic<()> {
        use codespan_reporting::diagnostic::{Diagnostic, Label};
        let mut d = Diagnostic::error().with_message(&self.message);
        if !self.span.is_dummy() {
            d = d.with_labels(vec![
                Label::primary((), self.span.range()).with_message(&self.label)
            ]);
        }
        d
    }
}

/// The largest translation written: 8x the largest game we know (arimaa, 8 MB).
pub const MAX_OUTPUT_BYTES: usize = 64 << 20;

/// Levels planned in all frames at most (go plans 1,500, arimaa 1,229: the most we know).
pub const MAX_LEVELS: u64 = 100_000;

/// Unrolled frames named in notes; the rest are counted.
const NOTED_FRAMES: usize = 10;

/// The largest `--unroll`: every level is a copy of the frame's relations.
pub const MAX_UNROLL: u64 = 10_000;

/// Refuses a player whose score bound needs more than [`arith::MAX_ROWS`] `scale` facts (one
/// per score value).
fn scores_fit(game: &Game) -> Result<(), RbgToGdlError> {
    for (p, player) in game.players.iter().enumerate() {
        let bound = game.variables[p].bound;
        let rows = arith::range_len(0, bound);
        if rows > arith::MAX_ROWS as u128 {
            return Err(RbgToGdlError {
                message: format!(
                    "the score of player `{}` ranges over 0..={bound}: its table of goals would \
                     have {rows} rows (at most {})",
                    player,
                    arith::MAX_ROWS
                ),
                span: game.spans.player(ir::PlayerId::from_index(p)),
                label: "this bound".into(),
            });
        }
    }
    Ok(())
}

/// The GDL text of an RBG game.
pub fn rbg_to_gdl(game: &Game, opts: GdlOptions) -> Result<GdlTranslation, RbgToGdlError> {
    let (t, why) = translate(game, opts)?;
    match opts.max_bytes {
        Some(max) if t.text.len() > max => Err(too_long(&t, why.as_deref(), max)),
        _ => Ok(t),
    }
}

/// The refusal of translation `t`, longer than `max` bytes: its size and what made it long
/// (`why` the general encoding was used).
fn too_long(t: &GdlTranslation, why: Option<&str>, max: usize) -> RbgToGdlError {
    let why = why.map_or(String::new(), |w| {
        format!(" in the general encoding, as {w}")
    });
    RbgToGdlError {
        message: format!(
            "the GDL translation would have {} bytes{why}; the limit is {} bytes \
             (--max-bytes N raises it, --max-bytes 0 lifts it)",
            t.text.len(),
            max
        ),
        span: ir::Span::DUMMY,
        label: String::new(),
    }
}

/// [`rbg_to_gdl`] without the size limit, with why the general encoding was used when the
/// direct one was tried and could not express the game.
fn translate(
    game: &Game,
    opts: GdlOptions,
) -> Result<(GdlTranslation, Option<String>), RbgToGdlError> {
    let why = match opts.encoding {
        // An unrolling is the general encoding's.
        Encoding::General => None,
        Encoding::Auto if opts.unroll.is_some() => None,
        Encoding::Auto | Encoding::Direct => {
            match direct::translate(game, &Names::new(game), opts.optimize) {
                Ok(text) => {
                    let t = GdlTranslation {
                        text,
                        player_levels: 0,
                        keeper_levels: 0,
                        unrolled: false,
                        notes: Vec::new(),
                    };
                    return Ok((t, None));
                }
                Err(direct::Unsupported(why)) if opts.encoding == Encoding::Auto => Some(why),
                Err(direct::Unsupported(why)) => {
                    return Err(RbgToGdlError {
                        message: format!("the direct encoding cannot express {why}"),
                        span: ir::Span::DUMMY,
                        label: String::new(),
                    })
                }
            }
        }
    };
    let mut t = Emitter::new(game, opts)?.run()?;
    if let Some(why) = &why {
        t.text = format!(
            ";; General encoding: the direct encoding cannot express {why}.\n{}",
            t.text
        );
        t.notes.push(format!(
            "general encoding: the direct one cannot express {why}"
        ));
    }
    Ok((
        t,
        why.map(|w| format!("the direct encoding cannot express {w}")),
    ))
}

/// The name of an automaton state.
fn state_name(game: &Game, s: State) -> String {
    match s {
        State::Start => "start".into(),
        State::PatternStart(n) => format!("ps{}", n.index()),
        State::After(a) => match game.rules.modifier_index(a) {
            Some(m) => format!("m{m}"),
            None => format!("s{}", a.index()),
        },
    }
}

/// The nested prefix term of a level, with variables `?m1 ?v1 .. ?mi ?vi` (innermost first).
fn prefix(i: u64) -> String {
    let mut t = "nil".to_string();
    for k in 1..=i {
        t = format!("(p ?m{k} ?v{k} {t})");
    }
    t
}

/// The same moves flattened: `?m1 ?v1 .. ?mi ?vi`.
fn flat(i: u64) -> String {
    (1..=i)
        .map(|k| format!("?m{k} ?v{k}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Rules that evaluate an action at some level of a chain.
#[derive(Clone)]
struct Instance {
    node: NodeId,
    context: usize,
    kind: InstanceKind,
}

#[derive(Clone)]
enum InstanceKind {
    Compare(Plan, Plan, Comparison),
    Assign(ir::VarId, Plan, Comparison),
}

struct Emitter<'g> {
    game: &'g Game,
    names: Names,
    aut: Automaton,
    tables: Tables,
    instances: Vec<Instance>,
    counted: Vec<ir::PieceId>,
    /// `frames[0]` is `k`, `frames[1]` is `m`, then the pattern frames.
    frames: Vec<Frame>,
    /// The pattern frame of (frame, level).
    children: HashMap<(usize, u64), usize>,
    notes: Vec<String>,
    out: String,
}

impl<'g> Emitter<'g> {
    fn new(game: &'g Game, opts: GdlOptions) -> Result<Emitter<'g>, RbgToGdlError> {
        let aut = Automaton::build(game);
        let bounds: Vec<i64> = game.variables.iter().map(|v| v.bound).collect();
        let mut tables = Tables::new(game.board.vertex_count(), bounds);
        let mut instances = Vec::new();
        let mut counted = Vec::new();
        let error = |id: NodeId, message: String, label: &str| RbgToGdlError {
            message,
            span: game.spans.node(id),
            label: label.into(),
        };
        scores_fit(game)?;
        if let Some(u) = opts.unroll.filter(|&u| u > MAX_UNROLL) {
            return Err(RbgToGdlError {
                message: format!("cannot unroll to {u} levels (at most {MAX_UNROLL})"),
                span: ir::Span::DUMMY,
                label: String::new(),
            });
        }
        for (i, node) in game.rules.nodes().iter().enumerate() {
            let id = NodeId::from_index(i);
            let Some(context) = aut.context[i] else {
                continue;
            };
            let Node::Action(a) = node else { continue };
            if matches!(a, Action::Switch(_)) && context > 0 {
                return Err(error(
                    id,
                    "the GDL back end cannot translate a switch inside a pattern".into(),
                    "a switch inside a pattern",
                ));
            }
            let mut temps = 0;
            let kind = match a {
                Action::Compare { left, op, right } => {
                    let l = tables
                        .plan(left, &mut temps)
                        .map_err(|e| error(id, e.to_string(), "in this comparison"))?;
                    let r = tables
                        .plan(right, &mut temps)
                        .map_err(|e| error(id, e.to_string(), "in this comparison"))?;
                    let c = tables
                        .comparison(&l, *op, &r)
                        .map_err(|e| error(id, e.to_string(), "this comparison"))?;
                    InstanceKind::Compare(l, r, c)
                }
                Action::Assign { var, value } => {
                    let p = tables
                        .plan(value, &mut temps)
                        .map_err(|e| error(id, e.to_string(), "in this assignment"))?;
                    let fits = tables
                        .in_bounds(&p, game.variables[var.index()].bound)
                        .map_err(|e| error(id, e.to_string(), "this assignment"))?;
                    InstanceKind::Assign(*var, p, fits)
                }
                _ => continue,
            };
            let steps = match &kind {
                InstanceKind::Compare(l, r, _) => [&l.steps[..], &r.steps[..]].concat(),
                InstanceKind::Assign(_, p, _) => p.steps.clone(),
            };
            for s in steps {
                if let Step::Count(p, _) = s {
                    counted.push(p);
                }
            }
            instances.push(Instance {
                node: id,
                context,
                kind,
            });
        }
        counted.sort();
        counted.dedup();

        let default_unroll = game.board.vertex_count() as u64 + 8;
        let mut notes = Vec::new();
        let succ = levels::successors(&aut);
        let cap = opts.unroll.unwrap_or(default_unroll);
        let mut frames: Vec<Frame> = Vec::new();
        // Levels planned in all frames: nested patterns in loops multiply frames, so this is
        // bounded before the frames are (each level writes at least a few rules).
        let mut planned = 0u64;
        let push_frame = |frames: &mut Vec<Frame>,
                          planned: &mut u64,
                          name: String,
                          walk: Walk,
                          parent: Option<(usize, u64)>,
                          depth: usize,
                          starts| {
            let plan = levels::plan(game, &succ, starts, walk, cap);
            *planned += plan.levels.len() as u64;
            frames.push(Frame {
                name,
                walk,
                depth,
                parent,
                levels: plan.levels.len().saturating_sub(1) as u64,
                unrolled: plan.unrolled,
                plan: plan.levels,
            });
        };
        for (name, walk) in [("k", Walk::Keeper), ("m", Walk::Player)] {
            let starts = levels::main_starts(game, &aut, walk);
            push_frame(
                &mut frames,
                &mut planned,
                name.into(),
                walk,
                None,
                0,
                starts,
            );
        }
        // `n`: the keeper after a player's move that ends with `->>`, run in `next` (from
        // the state the move leaves, `mf_*`) so that every state after a move is the state
        // after the keeper.
        let keeper_starts: std::collections::BTreeSet<State> =
            levels::main_starts(game, &aut, Walk::Keeper)
                .into_iter()
                .filter(|s| *s != State::Start)
                .collect();
        if !keeper_starts.is_empty() {
            push_frame(
                &mut frames,
                &mut planned,
                "n".into(),
                Walk::Keeper,
                None,
                0,
                keeper_starts,
            );
        }
        // Pattern frames, breadth first: where a level of a frame meets patterns.
        let mut children = HashMap::new();
        let mut f = 0;
        while f < frames.len() {
            let parent = frames[f].clone();
            for (b, level) in parent.plan.iter().enumerate() {
                if level.patterns.is_empty() {
                    continue;
                }
                let starts = level
                    .patterns
                    .iter()
                    .map(|&p| State::PatternStart(p))
                    .collect();
                if planned > MAX_LEVELS {
                    return Err(RbgToGdlError {
                        message: format!(
                            "the GDL translation needs more than {MAX_LEVELS} levels in all \
                             ({} frames so far): patterns nested in loops multiply them",
                            frames.len()
                        ),
                        span: game
                            .spans
                            .node(level.patterns.iter().next().copied().unwrap()),
                        label: "a pattern met at many levels".into(),
                    });
                }
                children.insert((f, b as u64), frames.len());
                push_frame(
                    &mut frames,
                    &mut planned,
                    format!("{}{b}q", parent.name),
                    Walk::Pattern,
                    Some((f, b as u64)),
                    parent.depth + 1,
                    starts,
                );
            }
            f += 1;
        }
        let unrolled_patterns: Vec<&Frame> = frames
            .iter()
            .filter(|f| f.unrolled && f.parent.is_some())
            .collect();
        for fr in frames.iter().filter(|f| f.unrolled).take(NOTED_FRAMES) {
            let what = match (fr.walk, fr.parent) {
                (Walk::Keeper, None) => "a keeper phase".to_string(),
                (Walk::Player, None) => "a player's move".to_string(),
                _ => format!("a pattern (frame {})", fr.name),
            };
            notes.push(format!(
                "{what} can apply unboundedly many modifiers; unrolled to {cap} levels \
                 (a longer one makes the state terminal with goal 0: `overflow`)"
            ));
        }
        let noted = frames.iter().filter(|f| f.unrolled).count();
        if noted > NOTED_FRAMES {
            notes.push(format!(
                "and {} more unrolled frames ({} of them pattern frames)",
                noted - NOTED_FRAMES,
                unrolled_patterns.len()
            ));
        }
        Ok(Emitter {
            game,
            names: Names::new(game),
            aut,
            tables,
            instances,
            counted,
            frames,
            children,
            notes,
            out: String::new(),
        })
    }

    fn run(mut self) -> Result<GdlTranslation, RbgToGdlError> {
        self.header();
        self.statics();
        self.initial();
        for f in 0..self.frames.len() {
            self.frame_rules(f);
            if self.over_budget() {
                let fr = &self.frames[f];
                let name = if fr.name.len() > 24 {
                    let n = &fr.name;
                    format!("{}..{}", &n[..8], &n[n.len() - 8..])
                } else {
                    fr.name.clone()
                };
                let at = format!("frame {name} (patterns nested {} deep)", fr.depth);
                return Err(self.too_large(&at));
            }
        }
        self.keeper_result();
        self.player_moves();
        for f in 0..self.frames.len() {
            if self.frames[f].name == "n" {
                self.next_after_keeper(f);
            }
        }
        self.end_of_play();
        let tables = std::mem::take(&mut self.tables.text);
        if !tables.is_empty() {
            self.out.push_str("\n;;; Arithmetic tables\n");
            self.out.push_str(&tables);
        }
        if self.over_budget() {
            return Err(self.too_large("the rules after the frames"));
        }
        let unrolled = self.unrolled();
        Ok(GdlTranslation {
            text: crate::prune::unused_rules(&self.out),
            keeper_levels: self.frames[0].levels,
            player_levels: self.frames[1].levels,
            unrolled,
            notes: self.notes,
        })
    }

    /// Whether the text written so far exceeds [`MAX_OUTPUT_BYTES`].
    fn over_budget(&self) -> bool {
        self.out.len() > MAX_OUTPUT_BYTES
    }

    fn too_large(&self, at: &str) -> RbgToGdlError {
        let total: u64 = self.frames.iter().map(|f| f.levels + 1).sum();
        RbgToGdlError {
            message: format!(
                "the GDL translation exceeds its limit of {} MB while writing {at}: \
                 {} frames with {total} levels in all (nested patterns and unrolled chains \
                 multiply them)",
                MAX_OUTPUT_BYTES >> 20,
                self.frames.len()
            ),
            span: ir::Span::DUMMY,
            label: String::new(),
        }
    }

    fn unrolled(&self) -> bool {
        self.frames.iter().any(|f| f.unrolled)
    }

    fn line(&mut self, s: &str) {
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn section(&mut self, title: &str) {
        let _ = write!(self.out, "\n;;; {title}\n");
    }

    fn sname(&self, s: State) -> String {
        state_name(self.game, s)
    }

    fn header(&mut self) {
        let g = self.game;
        let _ =
            writeln!(
            self.out,
            ";; Translated from Regular Boardgames by rbgtool (encoding: docs/rbg-to-gdl.md).\n\
             ;; One GDL move per RBG move: (moveN m1 v1 .. mN vN) lists the modifiers (by their\n\
             ;; RBG index) and the vertices they were applied on; roles not in control play noop.\n\
             ;; {} vertices, {} pieces, {} variables; a move applies at most {} modifiers{},\n\
             ;; a keeper phase at most {}{}.",
            g.board.vertex_count(),
            g.pieces.len(),
            g.variables.len(),
            self.frames[1].levels,
            if self.frames[1].unrolled { " (unrolled)" } else { "" },
            self.frames[0].levels,
            if self.frames[0].unrolled { " (unrolled)" } else { "" },
        );
    }

    fn statics(&mut self) {
        let g = self.game;
        self.section("Roles");
        for p in 0..g.players.len() {
            let r = self.names.variables[p].clone();
            self.line(&format!("(role {r})"));
        }
        self.section("Board: vertices and edges (edge from direction to)");
        let mut facts: Vec<String> = self
            .names
            .vertices
            .iter()
            .map(|v| format!("(vertex {v})"))
            .collect();
        for (from, d, to) in g.board.edges() {
            facts.push(format!(
                "(edge {} {} {})",
                self.names.vertices[from.index()],
                self.names.directions[d.index()],
                self.names.vertices[to.index()]
            ));
        }
        self.out.push_str(&arith::wrapped(facts));
        if !self.counted.is_empty() {
            self.section("Counting");
            for n in 0..g.board.vertex_count() {
                self.line(&format!("(succ {n} {})", n + 1));
            }
        }
        self.section("Scores to goals: (scale role score goal), goal = round(100 * score / bound)");
        for p in 0..g.players.len() {
            let bound = g.variables[p].bound;
            let r = self.names.variables[p].clone();
            for s in 0..=bound.max(0) {
                let goal = if bound == 0 {
                    0
                } else {
                    (100 * s + bound / 2) / bound
                };
                self.line(&format!("(scale {r} {s} {goal})"));
            }
        }
        self.automaton_facts();
    }

    fn automaton_facts(&mut self) {
        let g = self.game;
        self.section(
            "The rules automaton: a state per action (mK = after modifier K, sN = after \
             another action, psN = start of a pattern body); (tKIND from to ...)",
        );
        let transitions = self.aut.transitions.clone();
        let mut modifiers = Vec::new();
        for (q, a) in transitions {
            let (from, to) = (self.sname(q), self.sname(State::After(a)));
            let text = match g.rules.node(a) {
                Node::Action(Action::Shift(d)) => {
                    format!("(tshift {from} {} {to})", self.names.directions[d.index()])
                }
                Node::Action(Action::On(set)) => set
                    .iter()
                    .map(|x| format!("(ton {from} {} {to})", self.names.pieces[x.index()]))
                    .collect::<Vec<_>>()
                    .join(" "),
                Node::Action(Action::Off(_)) => format!("(toff {from} {to}) (tmod {from} {to})"),
                Node::Action(Action::Assign { .. }) => {
                    format!("(tassign {from} {to}) (tmod {from} {to})")
                }
                Node::Action(Action::Switch(_)) => {
                    format!("(tswitch {from} {to}) (tmod {from} {to})")
                }
                Node::Action(Action::Compare { .. }) => format!("(tcmp {from} {to})"),
                Node::Action(Action::Pattern { positive, .. }) => format!(
                    "({} {from} {to} {})",
                    if *positive { "tpat" } else { "tnpat" },
                    self.sname(State::PatternStart(a))
                ),
                _ => continue,
            };
            if !text.is_empty() {
                self.line(&text);
            }
        }
        for &m in g.rules.modifiers() {
            if self.aut.context[m.index()].is_some() {
                modifiers.push(m);
            }
        }
        self.section("Modifiers: what each one does");
        for m in modifiers {
            let s = self.sname(State::After(m));
            let text = match g.rules.node(m) {
                Node::Action(Action::Off(x)) => {
                    format!("(offpiece {s} {})", self.names.pieces[x.index()])
                }
                Node::Action(Action::Assign { var, .. }) => format!(
                    "(notoff {s}) (plainmod {s}) (assigns {s} {})",
                    self.names.variables[var.index()]
                ),
                Node::Action(Action::Switch(t)) => {
                    let to = match t {
                        SwitchTarget::Player(p) => self.names.variables[p.index()].clone(),
                        SwitchTarget::Keeper => self.names.keeper.clone(),
                    };
                    let kind = match t {
                        SwitchTarget::Player(_) => "pswitch",
                        SwitchTarget::Keeper => "kswitch",
                    };
                    format!("(notoff {s}) (isswitch {s}) ({kind} {s}) (switchto {s} {to})")
                }
                _ => continue,
            };
            let text = if matches!(g.rules.node(m), Node::Action(Action::Off(_))) {
                format!("{text} (plainmod {s})")
            } else {
                text
            };
            self.line(&text);
        }
        if !self.aut.patterns.is_empty() {
            self.section("Patterns: (accept start state) — the body matches in that state");
            for p in self.aut.patterns.clone() {
                let start = self.sname(State::PatternStart(p.node));
                let accepting: Vec<String> = p
                    .accepting
                    .iter()
                    .map(|a| format!("(accept {start} {})", self.sname(*a)))
                    .collect();
                self.out.push_str(&arith::wrapped(accepting));
            }
        }
    }

    fn initial(&mut self) {
        let g = self.game;
        self.section("Initial state: the keeper is to move at the start of the rules");
        let cells: Vec<String> = g
            .board
            .initial
            .iter()
            .enumerate()
            .map(|(v, x)| {
                format!(
                    "(init (cell {} {}))",
                    self.names.vertices[v],
                    self.names.pieces[x.index()]
                )
            })
            .collect();
        self.out.push_str(&arith::wrapped(cells));
        for v in self.names.variables.clone() {
            self.line(&format!("(init (var {v} 0))"));
        }
        for x in self.counted.clone() {
            let n = g.board.initial.iter().filter(|&&y| y == x).count();
            self.line(&format!(
                "(init (count {} {n}))",
                self.names.pieces[x.index()]
            ));
        }
        let v0 = self.names.vertices.first().cloned().unwrap_or_default();
        let keeper = self.names.keeper.clone();
        self.line(&format!(
            "(init (control {keeper})) (init (at start)) (init (pos {v0}))"
        ));
    }

    fn rule(&mut self, head: &str, body: &[String]) {
        if body.is_empty() {
            self.line(head);
        } else {
            let _ = writeln!(self.out, "(<= {head}\n    {})", body.join("\n    "));
        }
    }
}
