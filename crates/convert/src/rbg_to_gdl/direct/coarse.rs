//! The rules as a position automaton over *letters* rather than actions: a letter is either
//! an event (a modifier: `[x]`, `[$ ...]`, a switch) or a *navigation* — a maximal run of
//! rules that applies no modifier (shifts, checks, comparisons, patterns without modifiers).
//! A navigation reads the board but never changes it, so it becomes one GDL relation from
//! the vertex where it starts to the vertex where it ends; the events between navigations are
//! what a move applies, and a move is a path of letters from one switch to the next.

use super::Unsupported;
use ir::{Action, Game, Node, NodeId};

/// Letters visited while listing the paths after one switch, at most.
const MAX_STEPS: usize = 1_000_000;

/// One letter of the coarse automaton.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Letter {
    /// These rules in sequence (each without modifiers).
    Nav(Vec<NodeId>),
    /// A modifier action.
    Event(NodeId),
    /// A pattern whose rules apply modifiers (in a frame of their own): true where some path
    /// of its body's letters can be taken ([`Coarse::pattern_paths`]).
    Pattern(NodeId),
    /// A star whose body puts pieces (no switch, assignment, pattern that applies modifiers
    /// or inner such star): one letter, walked by a relation of its own ([`super::stages`]).
    Loop(NodeId),
    /// A sum without switches, assignments or patterns that apply modifiers, containing a
    /// [`Letter::Loop`]: one letter whose alternatives lead from one board of the keeper's
    /// phase to the next ([`super::stages`]).
    Block(NodeId),
    /// A star of keeper moves that spreads a piece until it cannot (go's flood fill): one
    /// letter, whose end board is a recursive relation ([`super::closure`]).
    Closure(NodeId),
}

/// The letters of the body of a pattern that applies modifiers.
#[derive(Clone, Debug)]
pub struct PatternBody {
    pub positive: bool,
    pub first: Vec<usize>,
    pub last: Vec<usize>,
    /// The empty word is a path of the body: the pattern always holds.
    pub nullable: bool,
}

/// The automaton: `follow[l]` are the letters that may come right after letter `l`, `first`
/// those that may begin the rules.
pub struct Coarse {
    pub letters: Vec<Letter>,
    pub follow: Vec<Vec<usize>>,
    pub first: Vec<usize>,
    /// The body of each pattern letter.
    pub patterns: std::collections::HashMap<usize, PatternBody>,
    /// The body of each loop and block letter (`positive` unused).
    pub regions: std::collections::HashMap<usize, PatternBody>,
}

#[derive(Clone, Default)]
struct Summary {
    nullable: bool,
    first: Vec<usize>,
    last: Vec<usize>,
}

/// Whether each node applies no modifier anywhere below it (pattern bodies included).
pub fn pure_nodes(game: &Game) -> Vec<bool> {
    let rules = &game.rules;
    let mut pure = vec![true; rules.len()];
    for id in rules.postorder() {
        pure[id.index()] = match rules.node(id) {
            Node::Action(Action::Pattern { body, .. }) => pure[body.index()],
            Node::Action(a) => !a.is_modifier(),
            Node::Concat(ch) | Node::Sum(ch) => ch.iter().all(|c| pure[c.index()]),
            Node::Star(c) => pure[c.index()],
        };
    }
    pure
}

/// Which impure stars become [`Letter::Loop`]s and which impure sums [`Letter::Block`]s.
fn regions(game: &Game, pure: &[bool], staged: &[bool]) -> (Vec<bool>, Vec<bool>) {
    let rules = &game.rules;
    let n = rules.len();
    // Without switches, assignments and patterns that apply modifiers.
    let mut clean = vec![true; n];
    let mut loops = vec![false; n];
    let mut has_loop = vec![false; n];
    let mut has_impure_star = vec![false; n];
    let mut blocks = vec![false; n];
    for id in rules.postorder() {
        let i = id.index();
        let ch = rules.children(id);
        let below = |v: &Vec<bool>| ch.iter().any(|c| v[c.index()]);
        clean[i] = match rules.node(id) {
            Node::Action(Action::Pattern { .. }) => pure[i],
            Node::Action(Action::Switch(_)) | Node::Action(Action::Assign { .. }) => false,
            _ => ch.iter().all(|c| clean[c.index()]),
        };
        let star = matches!(rules.node(id), Node::Star(_)) && !pure[i];
        loops[i] = star && clean[i] && !below(&has_impure_star);
        has_impure_star[i] = star || below(&has_impure_star);
        has_loop[i] = loops[i] || below(&has_loop);
        blocks[i] = matches!(rules.node(id), Node::Sum(_))
            && clean[i]
            && (has_loop[i] || staged.get(i) == Some(&true));
    }
    (loops, blocks)
}

/// Whether some word of each node is possible at all (`{}` never is).
fn can_match(game: &Game) -> Vec<bool> {
    let rules = &game.rules;
    let mut ok = vec![true; rules.len()];
    for id in rules.postorder() {
        ok[id.index()] = match rules.node(id) {
            Node::Action(Action::On(set)) => !set.is_empty(),
            Node::Action(_) => true,
            Node::Concat(ch) => ch.iter().all(|c| ok[c.index()]),
            Node::Sum(ch) => ch.iter().any(|c| ok[c.index()]),
            Node::Star(_) => true,
        };
    }
    ok
}

impl Coarse {
    /// The automaton; the sums marked in `staged` (by node) become blocks too
    /// ([`super::keeper_sums`]).
    pub fn build(game: &Game, staged: &[bool]) -> Result<Coarse, Unsupported> {
        let rules = &game.rules;
        let pure = pure_nodes(game);
        let ok = can_match(game);
        let (loops, blocks) = regions(game, &pure, staged);
        let mut regions = std::collections::HashMap::new();
        let mut letters: Vec<Letter> = Vec::new();
        let mut live: Vec<bool> = Vec::new();
        let mut follow_pairs: Vec<(usize, usize)> = Vec::new();
        let mut sum: Vec<Option<Summary>> = vec![None; rules.len()];
        let mut patterns = std::collections::HashMap::new();
        let mut letter = |l: Letter, alive: bool| {
            letters.push(l);
            live.push(alive);
            let i = letters.len() - 1;
            Summary {
                nullable: false,
                first: vec![i],
                last: vec![i],
            }
        };
        let root = rules.root();
        for id in rules.postorder() {
            if pure[id.index()] && id != root {
                continue;
            }
            let s = match rules.node(id) {
                _ if pure[id.index()] => letter(Letter::Nav(vec![id]), ok[id.index()]),
                Node::Action(Action::Pattern { positive, body }) => {
                    let bs = sum[body.index()]
                        .clone()
                        .expect("an impure pattern has an impure body");
                    let s = letter(Letter::Pattern(id), true);
                    patterns.insert(
                        s.first[0],
                        PatternBody {
                            positive: *positive,
                            first: bs.first,
                            last: bs.last,
                            nullable: bs.nullable,
                        },
                    );
                    s
                }
                Node::Action(_) => letter(Letter::Event(id), true),
                Node::Sum(ch) => {
                    let mut s = Summary::default();
                    for &c in ch {
                        let cs = match sum[c.index()].clone() {
                            Some(cs) => cs,
                            None => letter(Letter::Nav(vec![c]), ok[c.index()]),
                        };
                        s.nullable |= cs.nullable;
                        s.first.extend(cs.first);
                        s.last.extend(cs.last);
                    }
                    if blocks[id.index()] {
                        let b = letter(Letter::Block(id), true);
                        regions.insert(b.first[0], region_body(s));
                        b
                    } else {
                        s
                    }
                }
                Node::Star(c) => {
                    if super::spread::closure_shape(game, id).is_some() {
                        // Its keeper moves are the closure relation's, not the automaton's.
                        let l = letter(Letter::Closure(id), true);
                        sum[id.index()] = Some(Summary {
                            nullable: true,
                            ..l
                        });
                        continue;
                    }
                    let cs = sum[c.index()]
                        .clone()
                        .expect("an impure star has an impure body");
                    if loops[id.index()] {
                        // Its iterations are the loop relation's, not the automaton's.
                        let l = letter(Letter::Loop(id), true);
                        regions.insert(l.first[0], region_body(cs));
                        sum[id.index()] = Some(Summary {
                            nullable: true,
                            ..l
                        });
                        continue;
                    }
                    for &l in &cs.last {
                        for &f in &cs.first {
                            follow_pairs.push((l, f));
                        }
                    }
                    Summary {
                        nullable: true,
                        ..cs
                    }
                }
                Node::Concat(ch) => {
                    // Runs of pure children become one navigation letter.
                    let mut items: Vec<Summary> = Vec::new();
                    let mut run: Vec<NodeId> = Vec::new();
                    let mut run_ok = true;
                    for &c in ch {
                        match sum[c.index()].clone() {
                            None => {
                                run.push(c);
                                run_ok &= ok[c.index()];
                            }
                            Some(cs) => {
                                if !run.is_empty() {
                                    items.push(letter(
                                        Letter::Nav(std::mem::take(&mut run)),
                                        run_ok,
                                    ));
                                    run_ok = true;
                                }
                                items.push(cs);
                            }
                        }
                    }
                    if !run.is_empty() {
                        items.push(letter(Letter::Nav(run), run_ok));
                    }
                    let mut s = Summary {
                        nullable: true,
                        ..Summary::default()
                    };
                    let mut open: Vec<usize> = Vec::new();
                    for cs in items {
                        for &l in &open {
                            for &f in &cs.first {
                                follow_pairs.push((l, f));
                            }
                        }
                        if s.nullable {
                            s.first.extend(cs.first.iter().copied());
                        }
                        if cs.nullable {
                            open.extend(cs.last);
                        } else {
                            open = cs.last;
                        }
                        s.nullable &= cs.nullable;
                    }
                    s.last = open;
                    s
                }
            };
            sum[id.index()] = Some(s);
        }
        let root_summary = sum[root.index()].clone().unwrap_or_default();
        let mut follow = vec![Vec::new(); letters.len()];
        for (a, b) in follow_pairs {
            if live[b] {
                follow[a].push(b);
            }
        }
        for f in &mut follow {
            f.sort_unstable();
            f.dedup();
        }
        let mut first: Vec<usize> = root_summary
            .first
            .into_iter()
            .filter(|&l| live[l])
            .collect();
        first.sort_unstable();
        first.dedup();
        for body in patterns.values_mut().chain(regions.values_mut()) {
            body.first.retain(|&l| live[l]);
            body.first.sort_unstable();
            body.first.dedup();
        }
        Ok(Coarse {
            letters,
            follow,
            first,
            patterns,
            regions,
        })
    }

    /// The switch action of a letter, if it is one.
    pub fn switch(&self, game: &Game, l: usize) -> Option<ir::SwitchTarget> {
        match &self.letters[l] {
            Letter::Event(id) => match game.rules.node(*id) {
                Node::Action(Action::Switch(t)) => Some(*t),
                _ => None,
            },
            _ => None,
        }
    }

    /// Every path of letters through the body of pattern letter `p`, from its start to its
    /// end (an empty body is the caller's: [`PatternBody::nullable`]).
    pub fn pattern_paths(&self, p: usize, limit: usize) -> Result<Vec<Vec<usize>>, Unsupported> {
        let body = &self.patterns[&p];
        self.list_paths(
            &body.first,
            |l| body.last.contains(&l),
            Listing::Pattern,
            limit,
        )
    }

    /// Every path of letters through the body of loop or block letter `r` (one iteration of a
    /// loop, one alternative of a block).
    pub fn region_paths(&self, r: usize, limit: usize) -> Result<Vec<Vec<usize>>, Unsupported> {
        let body = &self.regions[&r];
        if body.nullable {
            return Err(Unsupported(
                "a loop or sum that applies modifiers and may apply nothing".into(),
            ));
        }
        self.list_paths(
            &body.first,
            |l| body.last.contains(&l),
            Listing::Pattern,
            limit,
        )
    }

    /// Every path of letters from `start` (after that letter; `None`: the rules' start) up to
    /// and including the next switch. A path that would pass a letter twice applies
    /// unboundedly many modifiers in one move, which this translation does not express.
    pub fn paths(
        &self,
        game: &Game,
        start: Option<usize>,
        limit: usize,
    ) -> Result<Vec<Vec<usize>>, Unsupported> {
        let begin = match start {
            Some(s) => &self.follow[s],
            None => &self.first,
        };
        self.list_paths(
            begin,
            |l| self.switch(game, l).is_some(),
            Listing::Move,
            limit,
        )
    }

    /// The paths from the letters `begin` to each letter where `ends` holds: a move stops
    /// there (at its switch), a pattern's body may go on past an end.
    fn list_paths(
        &self,
        begin: &[usize],
        ends: impl Fn(usize) -> bool,
        what: Listing,
        limit: usize,
    ) -> Result<Vec<Vec<usize>>, Unsupported> {
        let mut out = Vec::new();
        let mut path: Vec<usize> = Vec::new();
        // Depth-first with an explicit stack of (letter, depth); dead ends count too.
        let mut stack: Vec<(usize, usize)> = begin.iter().rev().map(|&l| (l, 0)).collect();
        let mut steps = 0usize;
        while let Some((l, depth)) = stack.pop() {
            steps += 1;
            if steps > MAX_STEPS {
                return Err(Unsupported(what.too_long()));
            }
            path.truncate(depth);
            if path.contains(&l) {
                return Err(Unsupported(what.looping()));
            }
            path.push(l);
            if ends(l) {
                out.push(path.clone());
                if out.len() > limit {
                    return Err(Unsupported(what.too_many(limit)));
                }
                if what == Listing::Move {
                    continue;
                }
            }
            for &n in self.follow[l].iter().rev() {
                stack.push((n, depth + 1));
            }
        }
        Ok(out)
    }

    /// The switch letters reachable from the rules' start.
    pub fn reachable_switches(&self, game: &Game) -> Vec<usize> {
        let mut seen = vec![false; self.letters.len()];
        let mut stack: Vec<usize> = self.first.clone();
        while let Some(l) = stack.pop() {
            if std::mem::replace(&mut seen[l], true) {
                continue;
            }
            stack.extend(self.follow[l].iter().copied());
        }
        (0..self.letters.len())
            .filter(|&l| seen[l] && self.switch(game, l).is_some())
            .collect()
    }
}

fn region_body(s: Summary) -> PatternBody {
    PatternBody {
        positive: true,
        first: s.first,
        last: s.last,
        nullable: s.nullable,
    }
}

/// What [`Coarse::list_paths`] lists, for its messages.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Listing {
    Move,
    Pattern,
}

impl Listing {
    fn too_long(self) -> String {
        match self {
            Listing::Move => format!("rules whose moves take more than {MAX_STEPS} steps to list"),
            Listing::Pattern => {
                format!("a pattern whose paths take more than {MAX_STEPS} steps to list")
            }
        }
    }

    fn looping(self) -> String {
        match self {
            Listing::Move => "a loop that applies modifiers within one move or keeper phase (the \
                              general encoding unrolls it)"
                .into(),
            Listing::Pattern => "a loop that applies modifiers within a pattern".into(),
        }
    }

    fn too_many(self, limit: usize) -> String {
        match self {
            Listing::Move => format!("more than {limit} shapes of move after one switch"),
            Listing::Pattern => format!("more than {limit} shapes of path in a pattern"),
        }
    }
}
