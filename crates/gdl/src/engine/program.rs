//! A checked [`Description`] → [`Program`]: relations (name and arity), their recursive
//! components in evaluation order, the layer of each (static, per state, per joint move), and
//! the compiled rules. Static components are evaluated while compiling, so later join plans can
//! use the true sizes of static relations.

use super::compile::{dnf, CRule, Layer, Planner, RelId, Relation};
use super::eval::{Ctx, Db};
use super::store::Store;
use crate::ast::{Description, Symbol, Term};
use crate::check::sccs;
use std::collections::HashMap;

#[derive(Clone, Debug)]
pub struct Component {
    pub rels: Vec<RelId>,
    pub rules: Vec<usize>,
    pub deps: Vec<usize>,
    pub recursive: bool,
    pub layer: Layer,
}

/// The size planning assumes for a state-dependent relation it cannot count.
const DERIVED_SIZE: f64 = 20.0;

/// The compiled game.
#[derive(Clone, Debug)]
pub struct Program {
    pub rels: Vec<Relation>,
    pub rules: Vec<CRule>,
    pub sccs: Vec<Component>,
    pub rel_ids: HashMap<(Symbol, usize), RelId>,
}

/// Why a description cannot be compiled (after it passed the checker this means an unsafe
/// literal order or too many `or` combinations).
#[derive(Clone, Debug)]
pub struct CompileError(pub String);

/// The most facts one static relation may have (each costs a hash-consed term); the largest
/// translation we know (go) has 72,000 rules.
pub const STATIC_FACT_BUDGET: usize = 1_000_000;
/// The most join steps the static relations may take (a few seconds).
pub const STATIC_JOIN_BUDGET: u64 = 100_000_000;

/// Bounds of the static evaluation, and the names the errors give them.
#[derive(Clone, Debug)]
pub struct StaticBudget {
    pub facts: usize,
    pub joins: u64,
    pub facts_name: &'static str,
    pub joins_name: &'static str,
}

impl Default for StaticBudget {
    fn default() -> Self {
        StaticBudget {
            facts: STATIC_FACT_BUDGET,
            joins: STATIC_JOIN_BUDGET,
            facts_name: "the engine's budget, gdl::engine::program::STATIC_FACT_BUDGET",
            joins_name: "the engine's budget, gdl::engine::program::STATIC_JOIN_BUDGET",
        }
    }
}

impl Program {
    pub fn rel(&self, s: Symbol, arity: usize) -> RelId {
        self.rel_ids[&(s, arity)]
    }

    /// Compiles `desc`, evaluating the static components into `static_db`.
    pub fn build(desc: &Description, store: &mut Store) -> Result<(Program, Db), CompileError> {
        Program::build_within(desc, store, &StaticBudget::default())
    }

    /// [`Program::build`] with the static evaluation bounded by `budget`.
    pub fn build_within(
        desc: &Description,
        store: &mut Store,
        budget: &StaticBudget,
    ) -> Result<(Program, Db), CompileError> {
        let mut rel_ids: HashMap<(Symbol, usize), RelId> = HashMap::new();
        let mut rels: Vec<Relation> = Vec::new();
        let mut add = |s: Symbol, n: usize, rels: &mut Vec<Relation>| -> RelId {
            *rel_ids.entry((s, n)).or_insert_with(|| {
                rels.push(Relation {
                    sym: s,
                    arity: n,
                    layer: Layer::Static,
                    scc: 0,
                    specs: Vec::new(),
                    exempt: false,
                });
                rels.len() - 1
            })
        };
        for (s, n) in crate::ast::GAME_RELATIONS {
            add(s, n, &mut rels);
        }
        let mut edges: Vec<Vec<usize>> = Vec::new();
        let mut rule_heads = Vec::new();
        for rule in desc.rules() {
            let h = add(rule.head.rel, rule.head.args.len(), &mut rels);
            let mut body = Vec::new();
            for l in &rule.body {
                l.for_each_atom(false, &mut |a, _| body.push((a.rel, a.args.len())));
            }
            let body: Vec<RelId> = body
                .into_iter()
                .map(|(s, n)| add(s, n, &mut rels))
                .collect();
            edges.resize(rels.len(), Vec::new());
            edges[h].extend(body);
            rule_heads.push(h);
        }
        edges.resize(rels.len(), Vec::new());
        for e in &mut edges {
            e.sort();
            e.dedup();
        }
        let rel_ids_final = rel_ids;
        let comp = sccs(&edges);
        let ncomp = comp.iter().copied().max().map_or(0, |m| m + 1);
        let mut comps: Vec<Component> = (0..ncomp)
            .map(|_| Component {
                rels: Vec::new(),
                rules: Vec::new(),
                deps: Vec::new(),
                recursive: false,
                layer: Layer::Static,
            })
            .collect();
        for (r, &c) in comp.iter().enumerate() {
            rels[r].scc = c;
            comps[c].rels.push(r);
        }
        let true_rel = rel_ids_final[&(Symbol::TRUE, 1)];
        let does_rel = rel_ids_final[&(Symbol::DOES, 2)];
        for c in 0..ncomp {
            let mut layer = Layer::Static;
            let mut deps = Vec::new();
            let mut recursive = comps[c].rels.len() > 1;
            for &r in &comps[c].rels {
                if r == true_rel {
                    layer = layer.max(Layer::State);
                }
                if r == does_rel {
                    layer = layer.max(Layer::Move);
                }
                for &b in &edges[r] {
                    if comp[b] == c {
                        recursive = true;
                    } else {
                        deps.push(comp[b]);
                        layer = layer.max(comps[comp[b]].layer);
                    }
                }
            }
            deps.sort();
            deps.dedup();
            comps[c].layer = layer;
            comps[c].deps = deps;
            comps[c].recursive = recursive;
            for &r in &comps[c].rels.clone() {
                rels[r].layer = layer;
            }
        }

        // Size estimates of `true` facts by the functor of the proposition, from `init` facts.
        // A functor with no `init` fact is sized as a derived relation: it may fill up in
        // play (a board whose empty squares have no facts starts with none).
        let mut init_by_functor: HashMap<Option<(Symbol, usize)>, f64> = HashMap::new();
        let mut n_roles: f64 = 0.0;
        for rule in desc.rules() {
            if rule.body.is_empty() && rule.head.rel == Symbol::INIT && rule.head.args.len() == 1 {
                *init_by_functor
                    .entry(functor(&rule.head.args[0]))
                    .or_default() += 1.0;
            }
            if rule.head.rel == Symbol::ROLE {
                n_roles += 1.0;
            }
        }

        let mut by_comp: Vec<Vec<&crate::ast::Rule>> = vec![Vec::new(); ncomp];
        for (rule, &h) in desc.rules().zip(&rule_heads) {
            by_comp[comp[h]].push(rule);
        }
        let mut prog = Program {
            rels,
            rules: Vec::new(),
            sccs: comps,
            rel_ids: rel_ids_final,
        };
        let mut db = Db::new(prog.rels.len(), ncomp);
        let rel_ids = prog.rel_ids.clone();
        let rel_of = |s: Symbol, n: usize| rel_ids[&(s, n)];
        // Planning adds index specs to relations, never moves one to another component.
        let scc_of: Vec<usize> = prog.rels.iter().map(|r| r.scc).collect();
        for (c, comp_rules) in by_comp.iter().enumerate() {
            let sizes: Vec<f64> = (0..prog.rels.len())
                .map(|r| {
                    let rel = &prog.rels[r];
                    if rel.layer == Layer::Static && rel.scc < c {
                        db.facts[r].len() as f64
                    } else if r == does_rel {
                        n_roles.max(1.0)
                    } else {
                        DERIVED_SIZE
                    }
                })
                .collect();
            let size = |r: RelId, args: &[Term]| -> f64 {
                if r == true_rel {
                    let f = args.first().and_then(functor);
                    return init_by_functor.get(&f).copied().unwrap_or(DERIVED_SIZE);
                }
                sizes[r]
            };
            for rule in comp_rules {
                let h = rel_of(rule.head.rel, rule.head.args.len());
                let variants = dnf(&rule.body, &rel_of).ok_or_else(|| {
                    CompileError(format!(
                        "a rule for `{}` expands into more than {} rules",
                        desc.name(rule.head.rel),
                        super::compile::MAX_VARIANTS
                    ))
                })?;
                for body in variants {
                    let mut planner = Planner::new(store);
                    let in_scc = |r: RelId| scc_of[r] == c;
                    let steps = planner.plan(&body, &size, &in_scc, &mut prog.rels).ok_or_else(|| {
                        CompileError(format!(
                            "unsafe rule for `{}`: a variable of a negation or `distinct` is never bound",
                            desc.name(rule.head.rel)
                        ))
                    })?;
                    let (head, nvars) = planner.finish(&rule.head.args).ok_or_else(|| {
                        CompileError(format!(
                            "unsafe rule for `{}`: a head variable is never bound",
                            desc.name(rule.head.rel)
                        ))
                    })?;
                    prog.rules.push(CRule {
                        head_rel: h,
                        span: rule.span,
                        head,
                        steps,
                        nvars,
                    });
                    prog.sccs[c].rules.push(prog.rules.len() - 1);
                }
            }
            if prog.sccs[c].layer == Layer::Static {
                let mut dbs = [std::mem::take(&mut db)];
                let mut ctx = Ctx::new(&prog, store, &mut dbs, [0, 0, 0]);
                ctx.budget = budget.facts;
                ctx.join_limit = budget.joins;
                ctx.ensure(c);
                let overflowed = ctx.overflowed;
                db = std::mem::take(&mut dbs[0]);
                if let Some(r) = overflowed {
                    let r = prog.rels.get(r).map_or(prog.sccs[c].rels[0], |_| r);
                    let name = format!("{}/{}", desc.name(prog.rels[r].sym), prog.rels[r].arity);
                    return Err(CompileError(if overflowed == Some(usize::MAX) {
                        format!(
                            "the static rules for `{name}` take more than {} join steps ({})",
                            budget.joins, budget.joins_name
                        )
                    } else {
                        format!(
                            "the static relation `{name}` has more than {} facts ({})",
                            budget.facts, budget.facts_name
                        )
                    }));
                }
            }
        }
        Ok((prog, db))
    }
}

fn functor(t: &Term) -> Option<(Symbol, usize)> {
    match t {
        Term::App(f, args, _) => Some((*f, args.len())),
        Term::Const(c, _) => Some((*c, 0)),
        Term::Var(..) => None,
    }
}
