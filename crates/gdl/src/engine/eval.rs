//! Bottom-up evaluation of compiled rules over fact databases.
//!
//! A [`Db`] holds the facts of the relations of one layer (static, one per state on the
//! search stack, one for the current joint move): per relation a list of atom ids in derivation
//! order, hash indexes built lazily and extended incrementally, and a stamp array for O(1)
//! membership. A component of mutually recursive relations is evaluated semi-naively: each
//! round joins every rule once per recursive literal, that literal reading only the facts new in
//! the previous round.

use super::compile::{CRule, Layer, Pat, RelId, Relation, Spec, Step};
use super::store::{FxHashMap, FxHasher, Id, Store};
use super::Program;
use std::hash::Hasher;

#[derive(Clone, Default)]
struct IndexData {
    built: usize,
    map: FxHashMap<u64, u32>,
    buckets: Vec<Vec<u32>>,
}

#[derive(Clone, Default)]
pub struct Db {
    pub facts: Vec<Vec<Id>>,
    index: Vec<Vec<IndexData>>,
    /// Open addressing set of the atoms present: 0 or `(atom + 1) << 32 | position`; sized to
    /// this database's facts, not to the term store (there is one database per search level).
    present: Vec<u64>,
    len: usize,
    pub computed: Vec<bool>,
    dirty: Vec<RelId>,
}

impl Db {
    pub fn new(nrels: usize, nsccs: usize) -> Db {
        Db {
            facts: vec![Vec::new(); nrels],
            index: vec![Vec::new(); nrels],
            present: vec![0; 64],
            len: 0,
            computed: vec![false; nsccs],
            dirty: Vec::new(),
        }
    }

    /// Forgets every fact (cheaply: only touched relations are cleared).
    pub fn reset(&mut self) {
        for r in self.dirty.drain(..) {
            self.facts[r].clear();
            for ix in &mut self.index[r] {
                ix.built = 0;
                ix.map.clear();
                ix.buckets.clear();
            }
        }
        if self.len > 0 {
            self.present.iter_mut().for_each(|p| *p = 0);
            self.len = 0;
        }
        self.computed.iter_mut().for_each(|c| *c = false);
    }

    /// The position of `atom` among its relation's facts, if present.
    #[inline]
    pub fn pos(&self, atom: Id) -> Option<u32> {
        let (_, e) = self.slot(atom);
        (e != 0).then_some(e as u32)
    }

    /// The slot of `atom` in `present` and its entry (0 when absent).
    #[inline]
    fn slot(&self, atom: Id) -> (usize, u64) {
        let mask = self.present.len() - 1;
        let key = (atom as u64 + 1) << 32;
        let mut i = ((atom as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40) as usize & mask;
        loop {
            let e = self.present[i];
            if e == 0 || e & !0xffff_ffff == key {
                return (i, e);
            }
            i = (i + 1) & mask;
        }
    }

    /// Adds a fact; false if it was already there.
    pub fn insert(&mut self, rel: RelId, atom: Id) -> bool {
        if (self.len + 1) * 2 > self.present.len() {
            let bigger = vec![0; self.present.len() * 2];
            let old = std::mem::replace(&mut self.present, bigger);
            for e in old.into_iter().filter(|&e| e != 0) {
                let (i, _) = self.slot((e >> 32) as u32 - 1);
                self.present[i] = e;
            }
        }
        let (i, e) = self.slot(atom);
        if e != 0 {
            return false;
        }
        let facts = &mut self.facts[rel];
        if facts.is_empty() {
            self.dirty.push(rel);
        }
        self.present[i] = ((atom as u64 + 1) << 32) | facts.len() as u64;
        self.len += 1;
        facts.push(atom);
        true
    }

    fn extend_index(&mut self, store: &Store, rel: RelId, k: usize, spec: &Spec) {
        if self.index[rel].len() <= k {
            self.index[rel].resize_with(k + 1, IndexData::default);
        }
        let facts = &self.facts[rel];
        let ix = &mut self.index[rel][k];
        'facts: for (fi, &t) in facts.iter().enumerate().skip(ix.built) {
            let args = store.args(t);
            for &(i, f, n) in &spec.shapes {
                let a = args[i as usize];
                if store.functor(a) != f || store.args(a).len() != n as usize {
                    continue 'facts;
                }
            }
            let mut h = FxHasher::default();
            for &(i, j) in &spec.paths {
                let a = args[i as usize];
                h.write_u32(match j {
                    None => a,
                    Some(j) => store.args(a)[j as usize],
                });
            }
            let key = h.finish();
            let next = ix.buckets.len() as u32;
            let b = *ix.map.entry(key).or_insert(next);
            if b == next {
                ix.buckets.push(Vec::new());
            }
            ix.buckets[b as usize].push(fi as u32);
        }
        ix.built = facts.len();
    }
}

/// Matches `p` against the ground term `t`, binding `Bind` variables.
#[inline]
fn unify(store: &Store, p: &Pat, t: Id, b: &mut [Id]) -> bool {
    match p {
        Pat::Ground(g) => *g == t,
        Pat::Bind(v) => {
            b[*v as usize] = t;
            true
        }
        Pat::Use(v) => b[*v as usize] == t,
        Pat::App(f, ps) => {
            if store.functor(t) != *f {
                return false;
            }
            let args = store.args(t);
            args.len() == ps.len() && ps.iter().zip(args).all(|(p, &a)| unify(store, p, a, b))
        }
    }
}

/// The id of a bound pattern, if that term exists.
fn find(store: &Store, p: &Pat, b: &[Id]) -> Option<Id> {
    match p {
        Pat::Ground(g) => Some(*g),
        Pat::Bind(v) | Pat::Use(v) => Some(b[*v as usize]),
        Pat::App(f, ps) => {
            let mut buf = [0u32; 8];
            if ps.len() <= 8 {
                for (k, p) in ps.iter().enumerate() {
                    buf[k] = find(store, p, b)?;
                }
                store.find(*f, &buf[..ps.len()])
            } else {
                let v: Option<Vec<Id>> = ps.iter().map(|p| find(store, p, b)).collect();
                store.find(*f, &v?)
            }
        }
    }
}

/// The id of a bound pattern, interned.
fn build(store: &mut Store, p: &Pat, b: &[Id]) -> Id {
    match p {
        Pat::Ground(g) => *g,
        Pat::Bind(v) | Pat::Use(v) => b[*v as usize],
        Pat::App(f, ps) => {
            let v: Vec<Id> = ps.iter().map(|p| build(store, p, b)).collect();
            store.intern(*f, &v)
        }
    }
}

fn find_atom(store: &Store, rel: &Relation, args: &[Pat], b: &[Id]) -> Option<Id> {
    let mut buf = [0u32; 8];
    if args.len() <= 8 {
        for (k, p) in args.iter().enumerate() {
            buf[k] = find(store, p, b)?;
        }
        store.find(rel.sym, &buf[..args.len()])
    } else {
        let v: Option<Vec<Id>> = args.iter().map(|p| find(store, p, b)).collect();
        store.find(rel.sym, &v?)
    }
}

fn build_atom(store: &mut Store, rel: &Relation, args: &[Pat], b: &[Id]) -> Id {
    let mut buf = [0u32; 8];
    if args.len() <= 8 {
        for (k, p) in args.iter().enumerate() {
            buf[k] = build(store, p, b);
        }
        store.intern(rel.sym, &buf[..args.len()])
    } else {
        let v: Vec<Id> = args.iter().map(|p| build(store, p, b)).collect();
        store.intern(rel.sym, &v)
    }
}

/// Evaluation context: the program, the term store and the databases of the three layers.
pub struct Ctx<'a> {
    pub prog: &'a Program,
    pub store: &'a mut Store,
    pub dbs: &'a mut [Db],
    /// Which entry of `dbs` holds each layer now.
    pub layer_db: [usize; 3],
    /// Semi-naive ranges per relation of the component being evaluated.
    lo: Vec<u32>,
    hi: Vec<u32>,
    bindings: Vec<Id>,
    /// A relation reaching this many facts stops the evaluation (a probe's budget) and is
    /// recorded in `overflowed`; the results are then incomplete.
    pub budget: usize,
    /// The relation that reached `budget` (or `usize::MAX` when `join_limit` was passed).
    pub overflowed: Option<RelId>,
    /// Join steps so far and the limit past which the evaluation stops (probes only).
    pub joins: u64,
    pub join_limit: u64,
    /// The engine's hard limits for one query (see [`super::STATE_FACT_BUDGET`] and
    /// [`super::QUERY_JOIN_BUDGET`]): facts per relation, and join steps of this context.
    pub fact_limit: usize,
    pub query_join_limit: u64,
    query_joins: u64,
    /// The hard limit reached, with the rule being joined then (its index in `prog.rules`).
    pub limit_hit: Option<(Limit, usize)>,
    /// Join steps per rule, when the engine profiles ([`super::Engine::profile_joins`]).
    pub profile: Option<Vec<u64>>,
}

/// Which hard limit of the engine an evaluation reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Facts,
    Joins,
}

impl<'a> Ctx<'a> {
    pub fn new(
        prog: &'a Program,
        store: &'a mut Store,
        dbs: &'a mut [Db],
        layer_db: [usize; 3],
    ) -> Self {
        Ctx {
            prog,
            store,
            dbs,
            layer_db,
            lo: vec![0; prog.rels.len()],
            hi: vec![0; prog.rels.len()],
            bindings: Vec::new(),
            budget: usize::MAX,
            overflowed: None,
            joins: 0,
            join_limit: u64::MAX,
            fact_limit: usize::MAX,
            query_join_limit: u64::MAX,
            query_joins: 0,
            limit_hit: None,
            profile: None,
        }
    }

    #[inline]
    fn db_of(&self, rel: RelId) -> usize {
        self.layer_db[self.prog.rels[rel].layer as usize]
    }

    /// Facts of `rel`, computing its component first if needed.
    pub fn facts(&mut self, rel: RelId) -> &[Id] {
        self.ensure(self.prog.rels[rel].scc);
        let d = self.db_of(rel);
        &self.dbs[d].facts[rel]
    }

    #[inline]
    pub fn ensure(&mut self, scc: usize) {
        let d = self.layer_db[self.prog.sccs[scc].layer as usize];
        if !self.dbs[d].computed[scc] {
            self.compute(scc, d);
        }
    }

    fn compute(&mut self, scc: usize, d: usize) {
        let c = &self.prog.sccs[scc];
        self.dbs[d].computed[scc] = true;
        for &dep in &c.deps {
            self.ensure(dep);
        }
        self.eval_scc(scc);
    }

    fn eval_scc(&mut self, scc: usize) {
        let c = &self.prog.sccs[scc];
        if !c.recursive {
            for &r in &c.rules {
                self.run(r, usize::MAX);
            }
            return;
        }
        for &r in &c.rels {
            self.lo[r] = 0;
            self.hi[r] = 0;
        }
        for &r in &c.rules {
            self.run(r, usize::MAX);
        }
        loop {
            let mut changed = false;
            for &r in &c.rels {
                let d = self.db_of(r);
                self.lo[r] = self.hi[r];
                self.hi[r] = self.dbs[d].facts[r].len() as u32;
                changed |= self.lo[r] != self.hi[r];
            }
            if !changed {
                return;
            }
            for &r in &c.rules {
                let rule = &self.prog.rules[r];
                for (s, step) in rule.steps.iter().enumerate() {
                    if matches!(
                        step,
                        Step::Scan {
                            recursive: true,
                            ..
                        } | Step::Check {
                            recursive: true,
                            ..
                        }
                    ) {
                        self.run_delta(r, s);
                    }
                }
            }
        }
    }

    /// Joins one rule; `delta` is the recursive step reading only new facts (`usize::MAX`:
    /// recursive steps read everything up to `hi`).
    fn run(&mut self, r: usize, delta: usize) {
        self.run_delta(r, delta);
    }

    fn run_delta(&mut self, r: usize, delta: usize) {
        let rule = &self.prog.rules[r];
        if self.reads_nothing(rule) {
            return;
        }
        let mut b = std::mem::take(&mut self.bindings);
        b.clear();
        b.resize(rule.nvars.max(1), 0);
        let before = self.joins;
        self.join(rule, 0, delta, &mut b);
        self.bindings = b;
        if let Some(p) = &mut self.profile {
            p[r] += self.joins - before;
        }
        if self.overflowed.is_some() && self.limit_hit.is_some_and(|(_, i)| i == usize::MAX) {
            self.limit_hit = self.limit_hit.map(|(l, _)| (l, r));
        }
    }

    /// Whether a positive literal of `rule` reads a relation of an earlier component (all
    /// computed before this one) that has no facts: the rule cannot hold, and joining the
    /// literals before it would be work for nothing (a demand that asks for nothing in this
    /// state, a capture chain's next level when the one before is empty).
    fn reads_nothing(&self, rule: &CRule) -> bool {
        rule.steps.iter().any(|s| match s {
            Step::Scan {
                rel,
                recursive: false,
                ..
            }
            | Step::Check {
                rel,
                recursive: false,
                ..
            } => {
                let d = self.db_of(*rel);
                self.dbs[d].computed[self.prog.rels[*rel].scc] && self.dbs[d].facts[*rel].is_empty()
            }
            _ => false,
        })
    }

    fn range(
        &self,
        rel: RelId,
        recursive: bool,
        step: usize,
        delta: usize,
        d: usize,
    ) -> (u32, u32) {
        if !recursive {
            (0, self.dbs[d].facts[rel].len() as u32)
        } else if step == delta {
            (self.lo[rel], self.hi[rel])
        } else if delta != usize::MAX && step < delta {
            (0, self.lo[rel])
        } else {
            (0, self.hi[rel])
        }
    }

    fn join(&mut self, rule: &CRule, k: usize, delta: usize, b: &mut [Id]) {
        if self.overflowed.is_some() {
            return;
        }
        self.joins += 1;
        self.query_joins += 1;
        if self.joins > self.join_limit || self.query_joins > self.query_join_limit {
            if self.query_joins > self.query_join_limit {
                self.limit_hit = Some((Limit::Joins, usize::MAX));
            }
            self.overflowed = Some(usize::MAX);
            return;
        }
        let Some(step) = rule.steps.get(k) else {
            let rel = &self.prog.rels[rule.head_rel];
            let atom = build_atom(self.store, rel, &rule.head, b);
            let d = self.db_of(rule.head_rel);
            self.dbs[d].insert(rule.head_rel, atom);
            let n = self.dbs[d].facts[rule.head_rel].len();
            if n >= self.budget.min(self.fact_limit) {
                if n >= self.fact_limit {
                    self.limit_hit = Some((Limit::Facts, usize::MAX));
                    self.overflowed = Some(rule.head_rel);
                } else if !self.prog.rels[rule.head_rel].exempt {
                    self.overflowed = Some(rule.head_rel);
                }
            }
            return;
        };
        match step {
            Step::Scan {
                rel,
                args,
                spec,
                key,
                recursive,
            } => {
                let rel = *rel;
                if !*recursive {
                    self.ensure(self.prog.rels[rel].scc);
                }
                let d = self.db_of(rel);
                let (start, end) = self.range(rel, *recursive, k, delta, d);
                if start >= end {
                    return;
                }
                match spec {
                    None => {
                        for fi in start..end {
                            let t = self.dbs[d].facts[rel][fi as usize];
                            if self.match_args(args, t, b) {
                                self.join(rule, k + 1, delta, b);
                            }
                        }
                    }
                    Some(s) => {
                        let spec = &self.prog.rels[rel].specs[*s];
                        self.dbs[d].extend_index(self.store, rel, *s, spec);
                        let mut h = FxHasher::default();
                        for p in key.iter() {
                            match find(self.store, p, b) {
                                Some(id) => h.write_u32(id),
                                None => return,
                            }
                        }
                        let Some(&bucket) = self.dbs[d].index[rel][*s].map.get(&h.finish()) else {
                            return;
                        };
                        let mut i = 0;
                        loop {
                            let bk = &self.dbs[d].index[rel][*s].buckets[bucket as usize];
                            let Some(&fi) = bk.get(i) else { break };
                            i += 1;
                            if fi < start {
                                continue;
                            }
                            if fi >= end {
                                break;
                            }
                            let t = self.dbs[d].facts[rel][fi as usize];
                            if self.match_args(args, t, b) {
                                self.join(rule, k + 1, delta, b);
                            }
                        }
                    }
                }
            }
            Step::Check {
                rel,
                args,
                recursive,
            } => {
                let rel = *rel;
                if !*recursive {
                    self.ensure(self.prog.rels[rel].scc);
                }
                let d = self.db_of(rel);
                let Some(atom) = find_atom(self.store, &self.prog.rels[rel], args, b) else {
                    return;
                };
                let Some(pos) = self.dbs[d].pos(atom) else {
                    return;
                };
                let (start, end) = self.range(rel, *recursive, k, delta, d);
                if pos >= start && pos < end {
                    self.join(rule, k + 1, delta, b);
                }
            }
            Step::Neg { rel, args } => {
                let rel = *rel;
                self.ensure(self.prog.rels[rel].scc);
                let d = self.db_of(rel);
                let present = find_atom(self.store, &self.prog.rels[rel], args, b)
                    .is_some_and(|atom| self.dbs[d].pos(atom).is_some());
                if !present {
                    self.join(rule, k + 1, delta, b);
                }
            }
            Step::Distinct(x, y) | Step::Same(x, y) => {
                let same = build(self.store, x, b) == build(self.store, y, b);
                if same == matches!(step, Step::Same(..)) {
                    self.join(rule, k + 1, delta, b);
                }
            }
        }
    }

    #[inline]
    fn match_args(&self, args: &[Pat], t: Id, b: &mut [Id]) -> bool {
        let targs = self.store.args(t);
        targs.len() == args.len()
            && args
                .iter()
                .zip(targs)
                .all(|(p, &a)| unify(self.store, p, a, b))
    }

    /// Layer of a relation (for callers that insert facts directly).
    pub fn layer(&self, rel: RelId) -> Layer {
        self.prog.rels[rel].layer
    }
}
