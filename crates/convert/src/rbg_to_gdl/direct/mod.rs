//! The direct translation: GDL a GDL author would recognise, for games whose moves have a
//! fixed shape — between two switches the rules apply a bounded sequence of modifiers, with
//! navigations (shifts, checks, patterns without modifiers, stars over them) in between.
//!
//! * the state is the board `(cell v x)`, the variables `(var x n)`, `(control r)`, and where
//!   needed the rules' place `(at mK)` and the current vertex `(pos v)`; the piece most of
//!   the initial board holds (the empty square, as a rule) has no `cell` facts, as a GDL
//!   author writes boards (`rules::implicit_piece`);
//! * each path of letters from a player's switch to the next switch ([`coarse`]) is one
//!   `legal` rule whose move names the modifiers it applies and their vertices, as the general
//!   encoding does: `(move3 m2 ?v1 m3 ?v2 m4 ?v3)`; navigations are literals and shared
//!   relations ([`nav`]);
//! * `next` applies the move's pieces and assignments (`aft`, `aftvar`: the board after the
//!   move), then the keeper's phase: each of its paths to a player's switch, or to a `->>`
//!   after which nothing can follow (the play is over), is a relation `kpJ` read in `next`;
//! * a star that puts pieces in the keeper's phase (reversi's flips), and a sum containing
//!   one, are one letter each: the walk is cut there into a chain of boards (`kinN`,
//!   `kbN`), a loop is a relation over the board before it ([`stages`]), after static
//!   proofs that the keeper's way to the cut is unique and the loop never reads what it
//!   wrote ([`exclusive`]);
//! * a star that puts pieces in a player's move (draughts' capture chains) makes the move's
//!   pieces a term grown through levels of relations, each iteration reading the pieces the
//!   earlier ones put ([`chain`]);
//! * the initial state is the reasoner's, after the keeper's first phase.
//!
//! Games outside this shape ([`Unsupported`] says why) use the general encoding.

mod board;
mod chain;
mod closure;
mod coarse;
mod exclusive;
mod keeper;
mod keeper_sums;
mod nav;
mod rules;
mod share;
mod spread;
mod stages;
mod steps;
mod text;
mod walk;
mod write;

use super::names::Names;
use super::Optimize;
use coarse::{Coarse, Letter};
use ir::{Action, Arith, Game, Node, PieceId, PlayerId, SwitchTarget, VarId};
use nav::{Base, Body, Ctx, Nav};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use text::{fact_lines, Rule};

/// Why a game needs the general encoding.
#[derive(Clone, Debug)]
pub struct Unsupported(pub String);

/// Paths of letters after one switch; more are left to the general encoding.
const MAX_PATHS: usize = 4_000;

/// Keeper phases chained by `->>` followed deeper than this are left to the general encoding.
const MAX_KEEPER_CHAIN: usize = 16;

/// Boards up to this size are analysed for which pieces put a check can see.
const MAX_ANALYSED_VERTICES: usize = 512;

/// Patterns that apply modifiers nested deeper than this are left to the general encoding
/// (each level is a relation whose arguments are all the vertices of the levels above).
const MAX_PATTERN_DEPTH: usize = 8;

/// Paths walked in all (moves, keeper phases and the paths of patterns inside them), at most.
const MAX_WALKS: usize = 20_000;

/// Rules nested deeper than this are left to the general encoding (each level is a native
/// stack frame of the navigations and of the board analyses).
const MAX_DEPTH: usize = 200;

/// The largest score bound given a table of goals.
const MAX_SCALED_BOUND: i64 = 10_000;

#[derive(Clone, Debug)]
enum Event {
    Put(PieceId),
    /// An assignment of a constant, or of a value the rule's literals compute from the state
    /// (a GDL variable, carried in the move's slot).
    Assign(VarId, Value),
    Switch(SwitchTarget),
}

#[derive(Clone, Debug)]
enum Value {
    Const(i64),
    Term(String),
}

struct Translator<'g> {
    game: &'g Game,
    names: &'g Names,
    coarse: Coarse,
    nav: Nav<'g>,
    /// Rules in sections (title, rules).
    sections: Vec<(String, Vec<Rule>)>,
    /// Move arities used.
    arities: BTreeSet<usize>,
    /// `(puts mK x)`, `(sets mK x n)`, `(switchto mK r)` facts.
    puts: BTreeMap<u32, PieceId>,
    sets: BTreeMap<u32, (VarId, i64)>,
    /// `(setsv mK x)`: assignments whose value is the move's slot.
    sets_slot: BTreeMap<u32, VarId>,
    switch_to: BTreeMap<u32, String>,
    need_at: bool,
    need_pos: bool,
    /// The modifier standing for each player switch's place in the rules.
    same_place: BTreeMap<u32, u32>,
    /// Rules of the patterns that apply modifiers, and their names by (letter, arguments,
    /// literals before) with whether some path of theirs can be taken.
    extra: Vec<Rule>,
    pattern_count: usize,
    pattern_depth: usize,
    /// Paths walked so far ([`MAX_WALKS`]).
    walks: usize,
    pattern_memo: BTreeMap<(usize, String, String), (String, bool)>,
    /// Boards of the keeper's phase after loops ([`stages`]): how many, and each by the
    /// literals that reach it.
    stage_count: u32,
    stage_memo: BTreeMap<String, (u32, Base)>,
    loop_count: usize,
    /// Some keeper path ends on such a board (`kstaged`): `aft` is not the next board then.
    staged: bool,
    /// Loops in players' moves ([`chain`]): their families by (loop letter, pieces put
    /// before, role), the groups sharing levels, the ways on after them already written, and
    /// the moves' chain slots (arity, slot, group, piece).
    chain_families: BTreeMap<(usize, String, String), chain::Family>,
    chain_count: usize,
    chain_groups: Vec<chain::Group>,
    chain_rests: BTreeSet<(usize, Vec<usize>)>,
    /// The chains' starts written (paths ending with the same iteration start alike).
    chain_starts: BTreeSet<String>,
    chain_slots: BTreeSet<(usize, usize, usize, PieceId)>,
    /// Some chain may go on past its levels (`chainover`).
    chain_over: bool,
    /// Which relations are merged ([`share`]).
    share: Share,
}

/// The GDL text of `game` in the direct encoding, or why it does not fit.
pub fn translate(game: &Game, names: &Names, optimize: Optimize) -> Result<String, Unsupported> {
    // Merged demands can tie relations into a cycle through negation, which the final check
    // refuses: then the relations stay apart (a game outside the encoding fails either way).
    let fast = match translate_for(game, names, Share::Equal) {
        Err(e) if e.0.contains(WITHIN_RESTRICTIONS) => translate_for(game, names, Share::Off),
        other => other,
    }?;
    if optimize == Optimize::Speed {
        return Ok(fast);
    }
    // Merging small relations can cost more lines (argument tables, longer rules) than it
    // saves, and so can composite steps' facts on a large board: the shortest text is the
    // one for size.
    let mut best = fast;
    for (directions, compose) in [(true, true), (true, false), (false, true)] {
        let share = Share::Constants {
            directions,
            compose,
        };
        if let Ok(small) = translate_for(game, names, share) {
            if small.lines().count() < best.lines().count() {
                best = small;
            }
        }
    }
    Ok(best)
}

/// Which relations [`share`] merges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Share {
    Off,
    /// Relations equal but for the names of their variables and demands.
    Equal,
    /// Relations alike but for their constants too, which become arguments; with
    /// `directions`, steps name their direction as a constant; runs of steps composed where
    /// `compose` ([`steps`]).
    Constants {
        directions: bool,
        compose: bool,
    },
}

fn translate_for(game: &Game, names: &Names, share: Share) -> Result<String, Unsupported> {
    let coarse = Coarse::build(game, &[])?;
    let staged = keeper_sums::keeper_sums(game, &coarse);
    let coarse = if staged.contains(&true) {
        Coarse::build(game, &staged)?
    } else {
        coarse
    };
    let mut t = Translator {
        game,
        names,
        coarse,
        nav: Nav::new(game, names),
        sections: Vec::new(),
        arities: BTreeSet::new(),
        puts: BTreeMap::new(),
        sets: BTreeMap::new(),
        sets_slot: BTreeMap::new(),
        switch_to: BTreeMap::new(),
        need_at: false,
        need_pos: false,
        same_place: BTreeMap::new(),
        extra: Vec::new(),
        pattern_count: 0,
        pattern_depth: 0,
        walks: 0,
        pattern_memo: BTreeMap::new(),
        stage_count: 0,
        stage_memo: BTreeMap::new(),
        loop_count: 0,
        staged: false,
        chain_families: BTreeMap::new(),
        chain_count: 0,
        chain_groups: Vec::new(),
        chain_rests: BTreeSet::new(),
        chain_starts: BTreeSet::new(),
        chain_slots: BTreeSet::new(),
        chain_over: false,
        share,
    };
    t.nav.empty = rules::implicit_piece(game);
    let text = t.run()?;
    obeys_restrictions(&text)?;
    Ok(text)
}

/// How the reason of [`obeys_restrictions`] starts (a bug of this encoding, for the fuzzer).
pub const WITHIN_RESTRICTIONS: &str = "within GDL's restrictions";

/// A safety net under the demand relations, whose rules are decided one at a time: the text
/// must obey GDL's restrictions (stratified negation, the recursion restriction, safety), or
/// the general encoding is used.
fn obeys_restrictions(text: &str) -> Result<(), Unsupported> {
    use codespan_reporting::diagnostic::Severity;
    let desc = gdl::parse(text).map_err(|_| Unsupported("a text that parses as GDL".into()))?;
    let diags = gdl::check::restrictions(&desc);
    match diags.iter().find(|d| d.severity >= Severity::Error) {
        Some(d) => Err(Unsupported(format!(
            "this game {WITHIN_RESTRICTIONS} (its rules broke one: {})",
            d.message
        ))),
        None => Ok(()),
    }
}

/// Whether two nodes are the same rules (at different places of the arena).
fn same_rules(game: &Game, a: ir::NodeId, b: ir::NodeId) -> bool {
    let all = |x: &[ir::NodeId], y: &[ir::NodeId]| {
        x.len() == y.len() && x.iter().zip(y).all(|(&u, &v)| same_rules(game, u, v))
    };
    match (game.rules.node(a), game.rules.node(b)) {
        (
            Node::Action(Action::Pattern {
                positive: p,
                body: x,
            }),
            Node::Action(Action::Pattern {
                positive: q,
                body: y,
            }),
        ) => p == q && same_rules(game, *x, *y),
        (Node::Action(x), Node::Action(y)) => x == y,
        (Node::Concat(x), Node::Concat(y)) | (Node::Sum(x), Node::Sum(y)) => all(x, y),
        (Node::Star(x), Node::Star(y)) => same_rules(game, *x, *y),
        _ => false,
    }
}

fn modifier(game: &Game, id: ir::NodeId) -> u32 {
    game.rules.modifier_index(id).unwrap_or(0)
}

impl Translator<'_> {
    fn run(&mut self) -> Result<String, Unsupported> {
        let game = self.game;
        let all_switches = self.coarse.reachable_switches(game);
        // Switches to the same player after which the same letters may follow are one place
        // of the rules; the first stands for them all.
        let mut classes: BTreeMap<(PlayerId, Vec<usize>), usize> = BTreeMap::new();
        let mut switches = Vec::new();
        for &s in &all_switches {
            match self.coarse.switch(game, s) {
                Some(SwitchTarget::Player(p)) => {
                    let rep = *classes
                        .entry((p, self.coarse.follow[s].clone()))
                        .or_insert(s);
                    self.same_place
                        .insert(self.modifier_of(s), self.modifier_of(rep));
                    if rep == s {
                        switches.push(s);
                    }
                }
                _ => switches.push(s),
            }
        }
        // One place per player: control alone says where the rules are.
        let mut per_player: BTreeMap<PlayerId, usize> = BTreeMap::new();
        for (p, _) in classes.keys() {
            *per_player.entry(*p).or_default() += 1;
        }
        self.need_at = per_player.values().any(|&n| n > 1);

        let mut legal = Vec::new();
        let mut keeper_starts: BTreeSet<usize> = BTreeSet::new();
        for &s in &switches {
            let Some(SwitchTarget::Player(p)) = self.coarse.switch(game, s) else {
                continue;
            };
            for path in self.coarse.paths(game, Some(s), MAX_PATHS)? {
                let last = *path.last().expect("a path ends with its switch");
                if let Some(SwitchTarget::Keeper) = self.coarse.switch(game, last) {
                    keeper_starts.insert(last);
                }
                legal.extend(self.player_move(p, s, &path)?);
            }
        }
        self.chain_levels();
        let mut keeper = Vec::new();
        let mut runs = 0;
        for &k in &keeper_starts {
            self.keeper_phase(k, &mut keeper, &mut runs)?;
        }
        let init = self.initial_state()?;
        self.sections.push((
            "Legal moves: one rule per shape of move. A move lists the modifiers it applies \
             (by their number in the rules) with their vertices."
                .into(),
            legal,
        ));
        let mut next = self.after_move_rules(runs > 0);
        next.extend(keeper);
        self.sections.push((
            "next: the board after the move (aft, aftvar), then the keeper's phase".into(),
            next,
        ));
        self.sections
            .push(("End of play and goals".into(), self.end_rules()?));
        Ok(self.write(init))
    }

    /// The `legal` rules of one path of player `p`'s move after switch letter `s` (none or
    /// one, or those of a loop's chains, [`chain`]).
    fn player_move(
        &mut self,
        p: PlayerId,
        s: usize,
        path: &[usize],
    ) -> Result<Vec<Rule>, Unsupported> {
        let ctx = Ctx::plain(Base::State);
        let role = self.names.variables[p.index()].clone();
        let mut first = vec![format!("(true (control {role}))")];
        if self.need_at {
            first.push(format!("(true (at m{}))", self.modifier_of(s)));
        }
        let loops: Vec<usize> = (0..path.len())
            .filter(|&i| matches!(self.coarse.letters[path[i]], Letter::Loop(_)))
            .collect();
        match loops[..] {
            // The loop's chains start with no iteration: this path is theirs.
            [] if self.skips_loop(s, path) => return Ok(Vec::new()),
            [] => {}
            [i] => return self.chain_move(&role, first, path, i),
            _ => {
                return Err(Unsupported(
                    "two loops that apply modifiers within a player's move".into(),
                ))
            }
        }
        let Some(w) = self.walk(path, ctx, "?a0", true, first)? else {
            return Ok(Vec::new());
        };
        let uses_start = w
            .body
            .lits
            .iter()
            .any(|l| text::vars(l).any(|t| t == "?a0"))
            || w.events.iter().any(|(_, _, v)| v == "?a0");
        let mut body = w.body.lits;
        if uses_start {
            self.need_pos = true;
            body.insert(1, "(true (pos ?a0))".into());
        }
        let mut mv = format!("(move{}", w.events.len());
        self.register(&w.events, &mut mv);
        mv.push(')');
        self.arities.insert(w.events.len());
        Ok(vec![Rule::new(format!("(legal {role} {mv})"), body)])
    }

    /// Writes the move's events to its term `mv` and remembers what their modifiers do.
    fn register(&mut self, events: &[(u32, Event, String)], mv: &mut String) {
        for (m, e, v) in events {
            let _ = write!(mv, " m{m} {v}");
            match e {
                Event::Put(x) => {
                    self.puts.insert(*m, *x);
                }
                Event::Assign(x, Value::Const(n)) => {
                    self.sets.insert(*m, (*x, *n));
                }
                Event::Assign(x, Value::Term(_)) => {
                    self.sets_slot.insert(*m, *x);
                }
                Event::Switch(t) => {
                    self.switch_to.insert(*m, self.target_name(*t));
                }
            }
        }
    }

    fn modifier_of(&self, letter: usize) -> u32 {
        match self.coarse.letters[letter] {
            Letter::Event(id) => modifier(self.game, id),
            _ => 0,
        }
    }

    /// The place in the rules after player switch `m`.
    fn place(&self, m: u32) -> u32 {
        self.same_place.get(&m).copied().unwrap_or(m)
    }

    fn target_name(&self, t: SwitchTarget) -> String {
        match t {
            SwitchTarget::Player(p) => self.names.variables[p.index()].clone(),
            SwitchTarget::Keeper => self.names.keeper.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(src: &str) -> Game {
        rbg::parse_game(src)
            .map_err(|_| ())
            .expect("valid RBG")
            .game
    }

    const HEAD: &str = "#players = a(100), b(100)\n#pieces = e, x\n#variables =\n\
                        #board = rectangle(up, down, left, right, [e, e, e] [e, e, e])\n";

    #[test]
    fn a_game_with_fixed_moves_is_translated_directly() {
        let g = game(&format!(
            "{HEAD}#rules = ->a ((up* + down*)(left* + right*) {{e}} [x] ->b \
             (up* + down*)(left* + right*) {{e}} [x] ->a)*"
        ));
        let text =
            translate(&g, &Names::new(&g), Optimize::Speed).expect("fits the direct encoding");
        // Placing anywhere needs neither the rules' place nor the previous vertex.
        assert!(!text.contains("(at ") && !text.contains("(pos "), "{text}");
        // `->a` is modifier 1; a move is `[x]` (2) and the switch `->b` (3), on the same vertex.
        assert!(
            text.contains("(<= (legal a (move2 m2 ?b0 m3 ?b0))"),
            "{text}"
        );
        gdl::parse_and_check(&text).map_err(|_| ()).expect("checks");
    }

    /// A piece count walks the whole board: it is asked for only where the rules read it,
    /// narrowed by the negated patterns before it (the play ends when `a` cannot move).
    #[test]
    fn a_count_is_asked_for_only_where_the_rules_read_it() {
        let g = game(&format!(
            "{HEAD}#rules = ->a ((up* + down*)(left* + right*) {{e}} [x] ->> \
             ({{? (up* + down*)(left* + right*) {{e}}}} ->a \
              + {{! (up* + down*)(left* + right*) {{e}}}} {{$ x > 3}} [$ a = 100] ->> {{}}))*"
        ));
        let text =
            translate(&g, &Names::new(&g), Optimize::Speed).expect("fits the direct encoding");
        let wants: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("(<= (want_cnt") || l.starts_with("(<= want_cnt"))
            .collect();
        assert!(
            !wants.is_empty() && wants.iter().all(|l| l.contains("(not (pat")),
            "{text}"
        );
        gdl::parse_and_check(&text).map_err(|_| ()).expect("checks");
    }

    #[test]
    fn a_loop_that_applies_modifiers_needs_the_general_encoding() {
        let g = game(&format!("{HEAD}#rules = ->a ((right {{e}} [x])* ->b ->a)*"));
        let why = translate(&g, &Names::new(&g), Optimize::Speed)
            .expect_err("a loop of modifiers")
            .0;
        assert!(why.contains("loop that applies modifiers"), "{why}");
    }

    const ROW: &str = "#players = a(100), b(100)\n#pieces = e, x, y\n#variables =\n\
                       #board = rectangle(up, down, left, right, [e, y, y, e, x])\n";

    #[test]
    fn a_keeper_loop_becomes_a_chain_of_boards() {
        let g = game(&format!(
            "{ROW}#rules = ->a (right* {{e}} ->> [x] right ({{y}} [x] right)* {{e, x}} ->b ->a)*"
        ));
        let text =
            translate(&g, &Names::new(&g), Optimize::Speed).expect("fits the direct encoding");
        assert!(
            text.contains("(<= (loop1 ?a ?z) (loop1 ?a ?y)") && text.contains("(kb"),
            "{text}"
        );
    }

    #[test]
    fn keeper_loops_that_could_read_what_they_wrote_are_declined() {
        // Right then left comes back to where it was.
        let back = game(&format!(
            "{ROW}#rules = ->a (right* {{e}} ->> right ({{y}} [x] right left)* {{e, x}} ->b ->a)*"
        ));
        let why = translate(&back, &Names::new(&back), Optimize::Speed)
            .expect_err("a cycle")
            .0;
        assert!(why.contains("lead back"), "{why}");
        // Nothing after the loop stops it at the first vertex that cannot go on.
        let open = game(&format!(
            "{ROW}#rules = ->a (right* {{e}} ->> right ({{y}} [x] right)* ->b ->a)*"
        ));
        let why = translate(&open, &Names::new(&open), Optimize::Speed)
            .expect_err("no stop")
            .0;
        assert!(why.contains("check that stops it"), "{why}");
        // A sum of two loops both of which may be taken.
        let both = game(&format!(
            "{ROW}#rules = ->a (right* {{e}} ->> (({{y}} [x] right)* {{e}} + \
             ({{y}} [x] right)* {{x}}) ->b ->a)*"
        ));
        let why = translate(&both, &Names::new(&both), Optimize::Speed)
            .expect_err("not exclusive")
            .0;
        assert!(why.contains("may both be taken"), "{why}");
    }

    #[test]
    fn keeper_loops_that_spread_a_piece_are_closures_when_monotone() {
        // Spread x over the y's right of an x, until none is left.
        let spread = "(any {x} right {y} [x] ->>)* {! any {x} right {y}}";
        let rules = |body: &str| {
            game(&format!(
                "{ROW}#any = (left* + right*)\n#rules = ->a (any {{e}} [x] ->> {body} ->b any {{e}} [y] ->a)*"
            ))
        };
        let g = rules(spread);
        let text = translate(&g, &Names::new(&g), Optimize::Speed).expect("a closure");
        assert!(text.contains("(<= (clos1 "), "{text}");
        // Without the check that it is done the keeper may stop anywhere.
        let g = rules("(any {x} right {y} [x] ->>)*");
        let why = translate(&g, &Names::new(&g), Optimize::Speed)
            .expect_err("no stop")
            .0;
        assert!(why.contains("the check that it is done"), "{why}");
        // Turning the x's into y's undoes what lets it go on: the order matters.
        let g = rules("(any {x} right {y} [e] ->>)* {! any {x} right {y}}");
        assert!(translate(&g, &Names::new(&g), Optimize::Speed).is_err());
        // A put after it, where the last write was, reads the keeper's order.
        let g = rules(&format!("{spread} [y]"));
        let why = translate(&g, &Names::new(&g), Optimize::Speed)
            .expect_err("reads the end")
            .0;
        assert!(
            why.contains("where a keeper loop spreading a piece ended"),
            "{why}"
        );
    }

    #[test]
    fn rules_that_break_gdls_restrictions_are_declined() {
        let why = obeys_restrictions("(role a) (<= p (true q) (not r)) (<= r (true q) (not p))")
            .expect_err("negation through recursion")
            .0;
        assert!(why.contains(WITHIN_RESTRICTIONS), "{why}");
        obeys_restrictions("(role a) (<= p (true q) (not r)) (<= r (true q))").expect("stratified");
    }

    #[test]
    fn patterns_nested_with_many_paths_stop_at_the_walk_budget() {
        // Each level has 2^10 paths, each of which asks the level inside at a vertex of its
        // own: 2^30 walks.
        let mut pattern = "[e]".to_string();
        for _ in 0..3 {
            pattern = format!("{} {{? {pattern}}}", "(right [e] + left [x])".repeat(10));
        }
        let g = game(&format!("{HEAD}#rules = ->a ({{? {pattern}}} ->b ->a)*"));
        let why = translate(&g, &Names::new(&g), Optimize::Speed)
            .expect_err("too many walks")
            .0;
        assert!(why.contains("walks to translate"), "{why}");
    }

    /// Connect four's way to the top row: from every vertex `down* up` leads to the same
    /// vertices, so the move walks from the first vertex and the state keeps no `pos`.
    #[test]
    fn a_move_that_reaches_the_same_vertices_from_anywhere_does_not_store_the_vertex() {
        let g = game(&format!(
            "{HEAD}#rules = ->a (down* up (left* + right*) {{e}} [x] ->b \
             down* up (left* + right*) {{e}} [x] ->a)*"
        ));
        let text = translate(&g, &Names::new(&g), Optimize::Speed).expect("fits");
        assert!(!text.contains("(pos "), "{text}");
        let first = &Names::new(&g).vertices[0];
        assert!(text.contains(&format!(" {first} ?t1)")), "{text}");
        gdl::parse_and_check(&text).map_err(|_| ()).expect("checks");
    }

    /// A pattern asked after an empty square's test is asked only at empty squares: the
    /// test reads nothing the navigations write, so the demand may read it negated.
    #[test]
    fn a_demand_keeps_the_empty_square_tests_before_it() {
        let g = game(&format!(
            "{HEAD}#rules = ->a ((up* + down*)(left* + right*) {{e}} {{? (left + right)* up {{x}}}} \
             [x] ->b (up* + down*)(left* + right*) {{e}} [x] ->a)*"
        ));
        let text = translate(&g, &Names::new(&g), Optimize::Speed).expect("fits");
        assert!(
            text.contains("(<= (want_pat1 ?b0) (vertex ?b0) (true (control a)) (not (occ ?b0)))"),
            "{text}"
        );
    }

    /// Two `x` and one `e` to start, but each move empties a square: over a play most
    /// squares are empty, and the empty square is the one left implicit.
    #[test]
    fn the_implicit_piece_is_the_one_most_squares_hold_over_a_play() {
        let g = game(
            "#players = a(100), b(100)\n#pieces = x, e\n#variables =\n\
             #board = rectangle(up, down, left, right, [x, x, e] [x, x, e])\n\
             #rules = ->a ((up* + down*)(left* + right*) {x} [e] ->b \
             (up* + down*)(left* + right*) {x} [e] ->a)*",
        );
        let text = translate(&g, &Names::new(&g), Optimize::Speed).expect("fits");
        assert!(
            text.contains(";; A vertex with no (cell v x) fact holds e."),
            "{text}"
        );
    }

    #[test]
    fn a_move_that_starts_where_the_last_ended_stores_the_vertex() {
        let g = game(&format!(
            "{HEAD}#rules = ->a (right {{e}} [x] ->b left ->a)*"
        ));
        let text = translate(&g, &Names::new(&g), Optimize::Speed).expect("fits");
        assert!(
            text.contains("(true (pos ?a0))") && text.contains("(init (pos "),
            "{text}"
        );
    }
}
