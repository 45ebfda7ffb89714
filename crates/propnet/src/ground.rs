//! Grounding: the relaxed program's least model gives every atom that can ever hold and every
//! binding of every rule variant; each binding becomes a ground rule over dynamic atoms.

use crate::relax::{relax, Relaxed, Variant};
use crate::GroundError;
use gdl::ast::{Atom, Description, Symbol, Term};
use gdl::engine::eval::Db;
use gdl::engine::store::{Id, Store};
use gdl::engine::Program;
use std::collections::HashMap;

/// The most literal occurrences the ground rules may have in all (each becomes an edge of
/// the network, about 20 bytes with its gate); games over it are left to the interpreter.
pub const MAX_GROUND_LITERALS: usize = 5_000_000;

/// The most join steps the relaxed program's evaluation may take (about a second): a game
/// whose ground rules are far beyond [`MAX_GROUND_LITERALS`] is refused this early.
pub const GROUND_JOIN_BUDGET: u64 = 20_000_000;

/// The most facts one relation of the relaxed program may have.
pub const GROUND_FACT_BUDGET: usize = 1_000_000;

/// An atom of the network: a proposition of the state, a move of a role, or a derived atom.
pub type AtomId = u32;

/// A ground rule `head :- body`, every literal dynamic (static ones were decided).
pub struct GroundRule {
    pub head: AtomId,
    pub body: Vec<(AtomId, bool)>,
}

/// The ground game: atoms (ids of the relaxed program's term store) and rules.
pub struct Ground {
    pub store: Store,
    pub symbols: gdl::ast::Symbols,
    /// Every dynamic atom that appears, numbered densely.
    pub atoms: Vec<Id>,
    pub rules: Vec<GroundRule>,
    /// `true(p)` atoms: the state's propositions, by the term `p`.
    pub bases: Vec<(Id, AtomId)>,
    /// `does(r, m)` atoms, by role and move terms.
    pub inputs: Vec<(Id, Id, AtomId)>,
    pub roles: Vec<Id>,
    /// Terms `p` of `init(p)`.
    pub init: Vec<Id>,
}

pub fn ground(desc: &Description) -> Result<Ground, GroundError> {
    let relaxed = relax(&crate::project::project(desc)).map_err(|e| GroundError::Rules(e.0))?;
    let mut store = Store::default();
    let budget = gdl::engine::program::StaticBudget {
        facts: GROUND_FACT_BUDGET,
        joins: GROUND_JOIN_BUDGET,
        facts_name: "propnet::ground::GROUND_FACT_BUDGET",
        joins_name: "propnet::ground::GROUND_JOIN_BUDGET",
    };
    let (prog, db) = Program::build_within(&relaxed.desc, &mut store, &budget)
        .map_err(|e| GroundError::Budget(format!("grounding: {}", e.0)))?;
    let mut g = Builder {
        relaxed: &relaxed,
        prog: &prog,
        db: &db,
        store,
        index: HashMap::new(),
        atoms: Vec::new(),
        rules: Vec::new(),
        literals: 0,
    };
    for v in &relaxed.variants {
        g.instantiate(v)?;
    }
    let facts = |g: &Builder<'_>, s: Symbol, n: usize| -> Vec<Id> {
        prog.rel_ids
            .get(&(s, n))
            .map(|&r| g.db.facts[r].clone())
            .unwrap_or_default()
    };
    let mut bases = Vec::new();
    for a in facts(&g, relaxed.true_, 1) {
        let p = g.store.args(a)[0];
        bases.push((p, g.atom(a)));
    }
    let mut inputs = Vec::new();
    for a in facts(&g, relaxed.does, 2) {
        let (r, m) = (g.store.args(a)[0], g.store.args(a)[1]);
        inputs.push((r, m, g.atom(a)));
    }
    let roles = facts(&g, Symbol::ROLE, 1)
        .into_iter()
        .map(|a| g.store.args(a)[0])
        .collect();
    let init = facts(&g, Symbol::INIT, 1)
        .into_iter()
        .map(|a| g.store.args(a)[0])
        .collect();
    Ok(Ground {
        store: g.store,
        symbols: relaxed.desc.symbols.clone(),
        atoms: g.atoms,
        rules: g.rules,
        bases,
        inputs,
        roles,
        init,
    })
}

struct Builder<'a> {
    relaxed: &'a Relaxed,
    prog: &'a Program,
    db: &'a Db,
    store: Store,
    index: HashMap<Id, AtomId>,
    atoms: Vec<Id>,
    rules: Vec<GroundRule>,
    literals: usize,
}

impl Builder<'_> {
    fn atom(&mut self, a: Id) -> AtomId {
        let next = self.atoms.len() as AtomId;
        let id = *self.index.entry(a).or_insert(next);
        if id == next {
            self.atoms.push(a);
        }
        id
    }

    fn instantiate(&mut self, v: &Variant) -> Result<(), GroundError> {
        let Some(&rel) = self.prog.rel_ids.get(&(v.rel, v.vars.len())) else {
            return Ok(());
        };
        let db = self.db;
        for &b in &db.facts[rel] {
            let binding: Vec<Id> = self.store.args(b).to_vec();
            let head = self.ground_atom(&v.head, &v.vars, &binding);
            let mut body = Vec::with_capacity(v.body.len());
            let mut holds = true;
            for l in &v.body {
                let a = self.ground_atom(&l.atom, &v.vars, &binding);
                match (self.db.pos(a).is_some(), l.negated) {
                    (true, neg) => {
                        let id = self.atom(a);
                        body.push((id, neg));
                    }
                    // Never holds: its negation always does.
                    (false, true) => {}
                    (false, false) => holds = false,
                }
            }
            if !holds {
                continue;
            }
            self.literals += body.len() + 1;
            if self.literals > MAX_GROUND_LITERALS {
                return Err(GroundError::Budget(format!(
                    "the ground rules have more than {MAX_GROUND_LITERALS} literals \
                     (propnet::ground::MAX_GROUND_LITERALS)"
                )));
            }
            let head = self.atom(head);
            self.rules.push(GroundRule { head, body });
        }
        Ok(())
    }

    fn ground_atom(&mut self, a: &Atom, vars: &[Symbol], binding: &[Id]) -> Id {
        let args: Vec<Id> = a
            .args
            .iter()
            .map(|t| self.ground_term(t, vars, binding))
            .collect();
        let rel = match a.rel {
            Symbol::TRUE => self.relaxed.true_,
            Symbol::DOES => self.relaxed.does,
            s => s,
        };
        self.store.intern(rel, &args)
    }

    fn ground_term(&mut self, t: &Term, vars: &[Symbol], binding: &[Id]) -> Id {
        match t {
            Term::Var(v, _) => {
                let i = vars.iter().position(|x| x == v).expect("bound variable");
                binding[i]
            }
            Term::Const(c, _) => self.store.intern(*c, &[]),
            Term::App(f, args, _) => {
                let ids: Vec<Id> = args
                    .iter()
                    .map(|a| self.ground_term(a, vars, binding))
                    .collect();
                self.store.intern(*f, &ids)
            }
        }
    }
}
