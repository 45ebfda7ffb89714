//! Steps along the board as the rules read them, settled after the rules are written:
//!
//! * a run of shifts whose vertices in between nothing else reads, `(d_up ?a ?t1) (d_left ?t1
//!   ?t2)`, is one step along a composite direction, `(d_up_left ?a ?t2)`: one join where
//!   there were two, and a diagonal reads like the straight directions;
//! * for `--optimize size`, every step names its direction as a constant, `(dstep up_left ?a
//!   ?t1)`, so relations alike but for their directions merge ([`super::share`]) as
//!   hand-written GDL reads `(nextCellInDir ?x ?y ?dir ...)`. Only some directions' edges
//!   are facts, `(edge up rx0y1 rx0y0)`: a direction whose edges are another's reversed
//!   (`down`) and a run of directions are each one rule over them.

use super::text::{self, Rule};
use crate::rbg_to_gdl::names::Names;
use ir::{DirId, Game};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// Runs of at most this many directions are composed (but for size): a longer one has few
/// facts, and a bottom-up planner that sees a small static relation reads it first, before
/// the literals that bind its start (connect four's `up` x5 cost our engine 10 % of its speed).
const MAX_RUN: usize = 2;

/// The relation of every step for `--optimize size`.
pub const STEP: &str = "dstep";

/// The relation of the edges written as facts for `--optimize size`.
const EDGE: &str = "edge";

/// The steps the rules take: each run of directions by its name.
pub struct Steps {
    /// Each run in use and its name (a relation, or a constant of [`STEP`]).
    runs: BTreeMap<Vec<DirId>, String>,
    taken: HashMap<String, Vec<DirId>>,
    /// Steps name their direction as an argument of [`STEP`].
    as_constant: bool,
}

impl Steps {
    /// With `compose`, composes the runs of steps in `groups` whose facts take fewer lines
    /// than the literals they save; writes every step as `as_constant` asks.
    pub fn settle(
        groups: &mut [Vec<Rule>],
        game: &Game,
        names: &Names,
        as_constant: bool,
        compose: bool,
    ) -> Steps {
        let single: HashMap<String, DirId> = (0..names.directions.len())
            .map(|i| {
                let d = DirId::from_index(i);
                (super::nav::dir_relation(names, d), d)
            })
            .collect();
        // A composite's name never takes a direction's, used or not.
        let taken = (0..names.directions.len())
            .map(|i| {
                let d = DirId::from_index(i);
                (Steps::base_name(&[d], names, as_constant), vec![d])
            })
            .collect();
        let mut steps = Steps {
            runs: BTreeMap::new(),
            taken,
            as_constant,
        };
        let max_run = match (compose, as_constant) {
            (false, _) => 1,
            (true, true) => usize::MAX,
            (true, false) => MAX_RUN,
        };
        let found: Vec<Vec<Run>> = groups
            .iter()
            .flatten()
            .map(|r| runs_of(r, &single, max_run))
            .collect();
        let mut saved: HashMap<&[DirId], usize> = HashMap::new();
        for run in found.iter().flatten().filter(|r| r.dirs.len() > 1) {
            *saved.entry(&run.dirs).or_default() += run.dirs.len() - 1;
        }
        let worth: HashSet<Vec<DirId>> = saved
            .into_iter()
            .filter(|(dirs, n)| steps.cost(dirs, game, names) < *n)
            .map(|(dirs, _)| dirs.to_vec())
            .collect();
        for (rule, runs) in groups.iter_mut().flatten().zip(found) {
            steps.write(rule, runs, &worth, names);
        }
        steps
    }

    /// The facts of the steps in use, several to a line (and for size, the rules over them).
    pub fn facts(&self, game: &Game, names: &Names) -> Vec<String> {
        if self.as_constant {
            return self.edges_and_rules(game, names);
        }
        self.runs
            .keys()
            .flat_map(|run| self.fact_lines(run, game, names))
            .collect()
    }

    /// The lines a composite run costs: its facts, or for size its rule.
    fn cost(&self, run: &[DirId], game: &Game, names: &Names) -> usize {
        if self.as_constant {
            1
        } else {
            self.fact_lines(run, game, names).len()
        }
    }

    /// For size: the edges of some directions as facts, and the steps in use as rules over
    /// them (a direction whose edges are another's reversed reads that one's).
    fn edges_and_rules(&self, game: &Game, names: &Names) -> Vec<String> {
        let board = &game.board;
        // Each direction's edges: its own, or the reverse of an earlier direction's.
        let sources: Vec<(DirId, bool)> = (0..board.direction_count())
            .map(DirId::from_index)
            .map(|d| {
                (0..d.index())
                    .map(DirId::from_index)
                    .find(|&e| reversed(game, d, e))
                    .map_or((d, false), |e| (e, true))
            })
            .collect();
        let source = |d: DirId| sources[d.index()];
        let mut bases: BTreeSet<DirId> = BTreeSet::new();
        let mut rules: Vec<String> = Vec::new();
        let mut plain = false;
        for (run, name) in &self.runs {
            if let [d] = run[..] {
                match source(d) {
                    (b, true) => {
                        bases.insert(b);
                        let b = &names.directions[b.index()];
                        rules.push(format!("(<= ({STEP} {name} ?a ?b) ({EDGE} {b} ?b ?a))"));
                    }
                    _ => {
                        bases.insert(d);
                        plain = true;
                    }
                }
                continue;
            }
            let mut body = Vec::new();
            for (k, &d) in run.iter().enumerate() {
                let (b, rev) = source(d);
                bases.insert(b);
                let (from, to) = (format!("?v{k}"), format!("?v{}", k + 1));
                let (x, y) = if rev { (to, from) } else { (from, to) };
                body.push(format!("({EDGE} {} {x} {y})", names.directions[b.index()]));
            }
            rules.push(format!(
                "(<= ({STEP} {name} ?v0 ?v{}) {})",
                run.len(),
                body.join(" ")
            ));
        }
        if plain {
            rules.insert(0, format!("(<= ({STEP} ?d ?a ?b) ({EDGE} ?d ?a ?b))"));
        }
        let facts: Vec<String> = bases
            .iter()
            .flat_map(|&d| {
                let dir = &names.directions[d.index()];
                (0..board.vertex_count()).filter_map(move |i| {
                    let to = board.neighbour(ir::VertexId::from_index(i), d)?;
                    Some(format!(
                        "({EDGE} {dir} {} {})",
                        names.vertices[i],
                        names.vertices[to.index()]
                    ))
                })
            })
            .collect();
        let mut lines = text::fact_lines(&facts);
        lines.extend(rules);
        lines
    }

    /// The facts of one run as its own relation (named as it would be), several to a line
    /// (for size, [`Steps::edges_and_rules`] writes the steps instead).
    fn fact_lines(&self, run: &[DirId], game: &Game, names: &Names) -> Vec<String> {
        let name = self
            .runs
            .get(run)
            .cloned()
            .unwrap_or_else(|| Steps::base_name(run, names, false));
        let facts: Vec<String> = (0..game.board.vertex_count())
            .filter_map(|i| {
                let from = ir::VertexId::from_index(i);
                let to = run
                    .iter()
                    .try_fold(from, |v, &d| game.board.neighbour(v, d))?;
                let (a, b) = (&names.vertices[i], &names.vertices[to.index()]);
                Some(format!("({name} {a} {b})"))
            })
            .collect();
        text::fact_lines(&facts)
    }

    /// The name of a run: its directions joined by `_` (a clash with another run's name
    /// gets a numeric suffix).
    fn name(&mut self, run: &[DirId], names: &Names) -> String {
        if let Some(n) = self.runs.get(run) {
            return n.clone();
        }
        let base = Steps::base_name(run, names, self.as_constant);
        let mut name = base.clone();
        let mut k = 2;
        while self.taken.get(&name).is_some_and(|r| r != run) {
            name = format!("{base}_{k}");
            k += 1;
        }
        self.taken.insert(name.clone(), run.to_vec());
        self.runs.insert(run.to_vec(), name.clone());
        name
    }

    fn base_name(run: &[DirId], names: &Names, as_constant: bool) -> String {
        let dirs: Vec<&str> = run
            .iter()
            .map(|d| names.directions[d.index()].as_str())
            .collect();
        if as_constant {
            dirs.join("_")
        } else {
            format!("d_{}", dirs.join("_"))
        }
    }

    /// Writes `rule` with its runs: those `worth` composing as one step, the others step by
    /// step.
    fn write(
        &mut self,
        rule: &mut Rule,
        runs: Vec<Run>,
        worth: &HashSet<Vec<DirId>>,
        names: &Names,
    ) {
        if runs.is_empty() {
            return;
        }
        let mut at: HashMap<usize, String> = HashMap::new();
        let mut gone: HashSet<usize> = HashSet::new();
        for run in runs {
            if run.dirs.len() > 1 && worth.contains(&run.dirs) {
                let lit = self.literal(&run.dirs, run.from(), run.to(), names);
                at.insert(run.lits[0], lit);
                gone.extend(&run.lits[1..]);
            } else {
                for (k, &i) in run.lits.iter().enumerate() {
                    let (from, to) = (&run.vertices[k], &run.vertices[k + 1]);
                    let lit = self.literal(&run.dirs[k..=k], from, to, names);
                    at.insert(i, lit);
                }
            }
        }
        let body = std::mem::take(&mut rule.body);
        rule.body = body
            .into_iter()
            .enumerate()
            .filter(|(i, _)| !gone.contains(i))
            .map(|(i, l)| at.remove(&i).unwrap_or(l))
            .collect();
    }

    fn literal(&mut self, run: &[DirId], from: &str, to: &str, names: &Names) -> String {
        let name = self.name(run, names);
        if self.as_constant {
            format!("({STEP} {name} {from} {to})")
        } else {
            format!("({name} {from} {to})")
        }
    }
}

/// A run of step literals of a rule joined through vertices nothing else reads: the
/// literals (by index, the first where the run is written), its directions and its
/// vertices, one more than its directions.
struct Run {
    lits: Vec<usize>,
    dirs: Vec<DirId>,
    vertices: Vec<String>,
}

impl Run {
    fn from(&self) -> &str {
        &self.vertices[0]
    }
    fn to(&self) -> &str {
        &self.vertices[self.vertices.len() - 1]
    }
}

/// The maximal runs of `rule`'s steps of at most `max_run` directions.
fn runs_of(rule: &Rule, single: &HashMap<String, DirId>, max_run: usize) -> Vec<Run> {
    let mut runs: Vec<Option<Run>> = rule
        .body
        .iter()
        .enumerate()
        .map(|(i, l)| {
            step(l, single).map(|(d, a, b)| Run {
                lits: vec![i],
                dirs: vec![d],
                vertices: vec![a, b],
            })
        })
        .collect();
    if runs.iter().all(Option::is_none) {
        return Vec::new();
    }
    let mut uses: HashMap<&str, usize> = HashMap::new();
    for lit in std::iter::once(&rule.head)
        .chain(&rule.body)
        .chain(&rule.maybe)
    {
        for v in text::vars(lit) {
            *uses.entry(v).or_default() += 1;
        }
    }
    loop {
        let mut joined = false;
        for i in 0..runs.len() {
            let Some(mid) = runs[i].as_ref().map(|r| r.to().to_string()) else {
                continue;
            };
            if !mid.starts_with('?') || uses.get(mid.as_str()) != Some(&2) {
                continue;
            }
            let next = (0..runs.len())
                .find(|&j| j != i && runs[j].as_ref().is_some_and(|r| r.from() == mid));
            let Some(j) = next else { continue };
            let long = |k: usize| runs[k].as_ref().map_or(0, |r| r.dirs.len());
            if long(i) + long(j) > max_run {
                continue;
            }
            let Some(tail) = runs[j].take() else { continue };
            if let Some(run) = &mut runs[i] {
                run.lits.extend(tail.lits);
                run.dirs.extend(tail.dirs);
                run.vertices.extend(tail.vertices.into_iter().skip(1));
            }
            joined = true;
        }
        if !joined {
            break;
        }
    }
    runs.into_iter().flatten().collect()
}

/// Whether the edges of `d` are those of `e` reversed.
fn reversed(game: &Game, d: DirId, e: DirId) -> bool {
    let board = &game.board;
    let count = |x: DirId| board.edges().filter(|t| t.1 == x).count();
    count(d) == count(e)
        && board
            .edges()
            .filter(|t| t.1 == d)
            .all(|(a, _, b)| board.neighbour(b, e) == Some(a))
}

/// A positive step literal `(d_x a b)`: its direction and vertices.
fn step(lit: &str, single: &HashMap<String, DirId>) -> Option<(DirId, String, String)> {
    let inner = lit.strip_prefix('(')?.strip_suffix(')')?;
    let mut parts = inner.split(' ');
    let (rel, a, b) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || a.contains('(') || b.contains('(') {
        return None;
    }
    let d = *single.get(rel)?;
    Some((d, a.to_string(), b.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 3x3 board whose direction `right` is called `up_left`, as a game could name one.
    fn game() -> (Game, Names) {
        let src = "#players = a(100)\n#pieces = e\n#variables =\n\
                   #board = rectangle(up, down, left, right, [e, e, e] [e, e, e] [e, e, e])\n\
                   #rules = ->a {}";
        let mut game = rbg::parse_game(src)
            .map_err(|_| ())
            .expect("valid RBG")
            .game;
        let right = game.board.direction_by_name("right").expect("a rectangle");
        game.board.directions[right.index()] = "up_left".into();
        let names = Names::new(&game);
        (game, names)
    }

    fn rule(head: &str, body: &[&str]) -> Rule {
        Rule::new(head.into(), body.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn a_run_whose_middle_nothing_reads_is_one_step() {
        let (game, names) = game();
        let diagonal = ["(d_up ?a ?t1)", "(d_left ?t1 ?t2)", "(true (cell ?t2 x))"];
        let mut groups = vec![vec![
            rule("(r ?a ?t2)", &diagonal),
            rule("(q ?a ?t2)", &diagonal),
            rule(
                "(s ?a ?t2)",
                &["(d_up ?a ?t1)", "(true (cell ?t1 x))", "(d_left ?t1 ?t2)"],
            ),
        ]];
        let steps = Steps::settle(&mut groups, &game, &names, false, true);
        // `d_up_left` is the relation of the direction called `up_left`, used or not.
        assert_eq!(
            groups[0][0].body,
            ["(d_up_left_2 ?a ?t2)", "(true (cell ?t2 x))"]
        );
        assert_eq!(groups[0][2].body.len(), 3, "?t1 is read in between");
        // Up then left from the bottom right square leads to the centre.
        let facts = steps.facts(&game, &names).join(" ");
        assert!(facts.contains("(d_up_left_2 rx2y2 rx1y1)"), "{facts}");
        assert!(facts.contains("(d_up rx0y1 rx0y0)"), "{facts}");
        assert!(!facts.contains("(d_up_left "), "{facts}");
    }

    #[test]
    fn a_run_used_once_is_not_worth_its_facts() {
        let (game, names) = game();
        let mut groups = vec![vec![rule(
            "(r ?a ?t2)",
            &["(d_up ?a ?t1)", "(d_left ?t1 ?t2)"],
        )]];
        Steps::settle(&mut groups, &game, &names, false, true);
        assert_eq!(groups[0][0].body, ["(d_up ?a ?t1)", "(d_left ?t1 ?t2)"]);
    }

    #[test]
    fn for_size_every_step_names_its_direction() {
        let (game, names) = game();
        let run = ["(d_left ?t2 ?t3)", "(d_up ?a ?t1)", "(d_up ?t1 ?t2)"];
        let mut groups = vec![vec![
            rule("(r ?a ?t3)", &run),
            rule("(q ?a ?t3)", &run),
            rule("(s ?a ?t1)", &["(d_down ?a ?t1)"]),
        ]];
        let steps = Steps::settle(&mut groups, &game, &names, true, true);
        assert_eq!(groups[0][0].body, ["(dstep up_up_left ?a ?t3)"]);
        assert_eq!(groups[0][2].body, ["(dstep down ?a ?t1)"]);
        // Only one of `up` and `down` has edge facts; the other and the run are rules.
        let lines = steps.facts(&game, &names).join("\n");
        let up = lines.contains("(edge up rx0y1 rx0y0)");
        let down = lines.contains("(edge down rx0y0 rx0y1)");
        assert!(up != down, "{lines}");
        assert!(
            lines.contains("(<= (dstep down ?a ?b) (edge up ?b ?a))")
                || lines.contains("(<= (dstep ?d ?a ?b) (edge ?d ?a ?b))"),
            "{lines}"
        );
        assert!(
            lines.contains("(<= (dstep up_up_left ?v0 ?v3) (edge "),
            "{lines}"
        );
    }
}
