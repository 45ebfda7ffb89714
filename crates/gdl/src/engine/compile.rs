//! Rules → join plans. Each rule body is put in disjunctive normal form (`or` split into
//! several rules, `not` pushed onto atoms and `distinct`), then its literals are ordered
//! greedily: a filter (`not`, `distinct`) as soon as its variables are bound, a fully bound
//! atom as a membership test, otherwise the atom expected to yield the fewest matches (sizes of
//! the already computed static relations guide the choice). Each scanned atom gets a hash index
//! on the argument positions bound at that point.

use super::store::{Id, Store};
use crate::ast::{Literal, Symbol, Term};
use std::collections::HashMap;

pub type RelId = usize;

/// When a relation's facts change: never, per state, or per joint move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Layer {
    Static = 0,
    State = 1,
    Move = 2,
}

/// A term pattern in a plan; `Bind` is a variable's first occurrence, `Use` a later one.
#[derive(Clone, Debug)]
pub enum Pat {
    Ground(Id),
    Bind(u16),
    Use(u16),
    App(Symbol, Box<[Pat]>),
}

/// An index on a relation: key = the ids at `paths` (argument, optional sub-argument) of facts
/// whose arguments have the `shapes` (argument, functor, arity).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub paths: Vec<(u8, Option<u8>)>,
    pub shapes: Vec<(u8, Symbol, u8)>,
}

#[derive(Clone, Debug)]
pub enum Step {
    Scan {
        rel: RelId,
        args: Box<[Pat]>,
        spec: Option<usize>,
        key: Box<[Pat]>,
        /// The relation is in the rule's own recursive component (semi-naive position).
        recursive: bool,
    },
    Check {
        rel: RelId,
        args: Box<[Pat]>,
        recursive: bool,
    },
    Neg {
        rel: RelId,
        args: Box<[Pat]>,
    },
    Distinct(Pat, Pat),
    Same(Pat, Pat),
}

#[derive(Clone, Debug)]
pub struct CRule {
    pub head_rel: RelId,
    /// The source rule (for budget errors).
    pub span: crate::ast::Span,
    pub head: Box<[Pat]>,
    pub steps: Vec<Step>,
    pub nvars: usize,
}

#[derive(Clone, Debug)]
pub struct Relation {
    pub sym: Symbol,
    pub arity: usize,
    pub layer: Layer,
    pub scc: usize,
    pub specs: Vec<Spec>,
    /// Exempt from a probe's fact budget (already known to be large).
    pub exempt: bool,
}

/// A body literal after normalisation.
#[derive(Clone, Debug)]
pub enum Basic<'a> {
    Pos(RelId, &'a [Term]),
    Neg(RelId, &'a [Term]),
    Distinct(&'a Term, &'a Term),
    Same(&'a Term, &'a Term),
}

/// Upper bound on the rules one rule's `or`s may expand into.
pub const MAX_VARIANTS: usize = 256;

/// The DNF of a body: conjunctions of basic literals (`None` when it has too many variants).
pub fn dnf<'a>(
    body: &'a [Literal],
    rel_of: &impl Fn(Symbol, usize) -> RelId,
) -> Option<Vec<Vec<Basic<'a>>>> {
    let mut acc: Vec<Vec<Basic<'a>>> = vec![Vec::new()];
    for l in body {
        let d = lit_dnf(l, false, rel_of)?;
        acc = product(&acc, &d)?;
    }
    Some(acc)
}

fn product<'a>(a: &[Vec<Basic<'a>>], b: &[Vec<Basic<'a>>]) -> Option<Vec<Vec<Basic<'a>>>> {
    if a.len() * b.len() > MAX_VARIANTS {
        return None;
    }
    let mut out = Vec::with_capacity(a.len() * b.len());
    for x in a {
        for y in b {
            let mut c = x.clone();
            c.extend(y.iter().cloned());
            out.push(c);
        }
    }
    Some(out)
}

fn lit_dnf<'a>(
    l: &'a Literal,
    negated: bool,
    rel_of: &impl Fn(Symbol, usize) -> RelId,
) -> Option<Vec<Vec<Basic<'a>>>> {
    Some(match (l, negated) {
        (Literal::Pos(a), false) => vec![vec![Basic::Pos(rel_of(a.rel, a.args.len()), &a.args)]],
        (Literal::Pos(a), true) => vec![vec![Basic::Neg(rel_of(a.rel, a.args.len()), &a.args)]],
        (Literal::Distinct(x, y, _), false) => vec![vec![Basic::Distinct(x, y)]],
        (Literal::Distinct(x, y, _), true) => vec![vec![Basic::Same(x, y)]],
        (Literal::Not(inner, _), n) => lit_dnf(inner, !n, rel_of)?,
        (Literal::Or(ls, _), false) => {
            let mut out = Vec::new();
            for l in ls {
                out.extend(lit_dnf(l, false, rel_of)?);
                if out.len() > MAX_VARIANTS {
                    return None;
                }
            }
            out
        }
        (Literal::Or(ls, _), true) => {
            let mut acc = vec![Vec::new()];
            for l in ls {
                acc = product(&acc, &lit_dnf(l, true, rel_of)?)?;
            }
            acc
        }
    })
}

/// Planning context: variable numbering and which variables are bound so far.
pub struct Planner<'s> {
    pub store: &'s mut Store,
    vars: HashMap<Symbol, u16>,
    bound: Vec<bool>,
}

impl<'s> Planner<'s> {
    pub fn new(store: &'s mut Store) -> Self {
        Planner {
            store,
            vars: HashMap::new(),
            bound: Vec::new(),
        }
    }

    fn var(&mut self, v: Symbol) -> u16 {
        let n = self.vars.len() as u16;
        let id = *self.vars.entry(v).or_insert(n);
        if id as usize >= self.bound.len() {
            self.bound.push(false);
        }
        id
    }

    fn is_bound(&mut self, t: &Term) -> bool {
        match t {
            Term::Var(v, _) => {
                let i = self.var(*v);
                self.bound[i as usize]
            }
            Term::Const(..) => true,
            Term::App(_, args, _) => args.iter().all(|a| self.is_bound(a)),
        }
    }

    /// The pattern for `t`, marking its variables bound.
    pub fn pat(&mut self, t: &Term) -> Pat {
        match t {
            Term::Var(v, _) => {
                let i = self.var(*v);
                if self.bound[i as usize] {
                    Pat::Use(i)
                } else {
                    self.bound[i as usize] = true;
                    Pat::Bind(i)
                }
            }
            Term::Const(c, _) => Pat::Ground(self.store.intern(*c, &[])),
            Term::App(f, args, _) => {
                let ps: Vec<Pat> = args.iter().map(|a| self.pat(a)).collect();
                if ps.iter().all(|p| matches!(p, Pat::Ground(_))) {
                    let ids: Vec<Id> = ps
                        .iter()
                        .map(|p| match p {
                            Pat::Ground(g) => *g,
                            _ => unreachable!(),
                        })
                        .collect();
                    Pat::Ground(self.store.intern(*f, &ids))
                } else {
                    Pat::App(*f, ps.into())
                }
            }
        }
    }

    /// Whether `args` name a variable that is already bound.
    fn shares_bound(&mut self, args: &[Term]) -> bool {
        args.iter().any(|a| match a {
            Term::Var(v, _) => {
                let i = self.var(*v);
                self.bound[i as usize]
            }
            Term::Const(..) => false,
            Term::App(_, sub, _) => self.shares_bound(sub),
        })
    }

    /// Leaf positions of `args` and how many are unbound variables.
    fn leaves(&mut self, args: &[Term]) -> (usize, usize) {
        fn go(p: &mut Planner<'_>, t: &Term, n: &mut usize, free: &mut usize) {
            match t {
                Term::Var(v, _) => {
                    *n += 1;
                    let i = p.var(*v);
                    if !p.bound[i as usize] {
                        *free += 1;
                    }
                }
                Term::Const(..) => *n += 1,
                Term::App(_, args, _) => args.iter().for_each(|a| go(p, a, n, free)),
            }
        }
        let (mut n, mut free) = (0, 0);
        args.iter().for_each(|a| go(self, a, &mut n, &mut free));
        (n, free)
    }

    /// Orders and compiles one DNF conjunction. `size(rel, args)` estimates how many facts of
    /// `rel` have the shape of `args`; `in_scc(rel)` says whether `rel` is recursive with the head.
    /// `None` when a filter's variable can never be bound (an unsafe rule).
    pub fn plan(
        &mut self,
        body: &[Basic<'_>],
        size: &impl Fn(RelId, &[Term]) -> f64,
        in_scc: &impl Fn(RelId) -> bool,
        rels: &mut [Relation],
    ) -> Option<Vec<Step>> {
        let mut left: Vec<&Basic<'_>> = body.iter().collect();
        let mut steps = Vec::new();
        while !left.is_empty() {
            // 1. a ready filter; 2. a fully bound atom; 3. the cheapest atom.
            let mut pick = None;
            for (i, b) in left.iter().enumerate() {
                let ready = match b {
                    Basic::Neg(_, args) => args.iter().all(|a| self.is_bound(a)),
                    Basic::Distinct(x, y) | Basic::Same(x, y) => {
                        self.is_bound(x) && self.is_bound(y)
                    }
                    Basic::Pos(..) => false,
                };
                if ready {
                    pick = Some(i);
                    break;
                }
            }
            if pick.is_none() {
                let mut best = f64::INFINITY;
                for (i, b) in left.iter().enumerate() {
                    if let Basic::Pos(rel, args) = b {
                        let (n, free) = self.leaves(args);
                        // The size of a derived relation is a guess, and one of its atoms
                        // that shares no bound variable may multiply the tuples so far by
                        // all its facts (a board derived after a move, read before the walk
                        // that leads to its square): no discount for its constants.
                        let guessed = {
                            let r = &rels[*rel];
                            r.layer != Layer::Static
                                && r.sym != Symbol::TRUE
                                && r.sym != Symbol::DOES
                        };
                        let cost = if free == 0 {
                            0.0
                        } else if guessed && !self.shares_bound(args) {
                            size(*rel, args).max(1.0)
                        } else {
                            size(*rel, args).max(1.0).powf(free as f64 / n as f64)
                        };
                        if cost < best {
                            best = cost;
                            pick = Some(i);
                        }
                    }
                }
            }
            let i = pick?;
            let b = left.remove(i);
            steps.push(match b {
                Basic::Neg(rel, args) => Step::Neg {
                    rel: *rel,
                    args: args.iter().map(|a| self.pat(a)).collect(),
                },
                Basic::Distinct(x, y) => Step::Distinct(self.pat(x), self.pat(y)),
                Basic::Same(x, y) => Step::Same(self.pat(x), self.pat(y)),
                Basic::Pos(rel, args) => {
                    let recursive = in_scc(*rel);
                    if args.iter().all(|a| self.is_bound(a)) {
                        Step::Check {
                            rel: *rel,
                            args: args.iter().map(|a| self.pat(a)).collect(),
                            recursive,
                        }
                    } else {
                        self.scan(*rel, args, recursive, rels)
                    }
                }
            });
        }
        Some(steps)
    }

    fn scan(&mut self, rel: RelId, args: &[Term], recursive: bool, rels: &mut [Relation]) -> Step {
        let mut spec = Spec {
            paths: Vec::new(),
            shapes: Vec::new(),
        };
        let mut key = Vec::new();
        for (i, a) in args.iter().enumerate().take(255) {
            if self.is_bound(a) {
                spec.paths.push((i as u8, None));
                key.push(self.pat(a));
            } else if let Term::App(f, sub, _) = a {
                if sub.len() < 256 {
                    spec.shapes.push((i as u8, *f, sub.len() as u8));
                    for (j, s) in sub.iter().enumerate() {
                        if self.is_bound(s) {
                            spec.paths.push((i as u8, Some(j as u8)));
                            key.push(self.pat(s));
                        }
                    }
                }
            }
        }
        let spec = if spec.paths.is_empty() && spec.shapes.is_empty() {
            None
        } else {
            let specs = &mut rels[rel].specs;
            Some(match specs.iter().position(|s| *s == spec) {
                Some(k) => k,
                None => {
                    specs.push(spec);
                    specs.len() - 1
                }
            })
        };
        let args: Box<[Pat]> = args.iter().map(|a| self.pat(a)).collect();
        Step::Scan {
            rel,
            args,
            spec,
            key: key.into(),
            recursive,
        }
    }

    /// The head patterns (all variables must be bound by now) and the variable count.
    /// `None` when a head variable is never bound.
    pub fn finish(mut self, head: &[Term]) -> Option<(Box<[Pat]>, usize)> {
        if !head.iter().all(|a| self.is_bound(a)) {
            return None;
        }
        let pats = head.iter().map(|a| self.pat(a)).collect();
        Some((pats, self.bound.len()))
    }
}
