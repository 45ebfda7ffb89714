//! Frames: families of level relations. A frame walks one context of the automaton over a
//! virtual semi-state given by a prefix term `?pp`:
//!
//! * the main frames `k` (the keeper phase, from the current state) and `m` (the move of the
//!   player in control, from the keeper's result);
//! * a pattern frame `F<b>q` evaluates the patterns met at level `b` of frame `F`, one nesting
//!   deeper, starting from `F`'s semi-state at that level. Patterns may apply modifiers (chess
//!   tries a move to see whether the king would be attacked): the frame then has levels of
//!   its own, stacked on the parent's prefix, which never leak into the parent.
//!
//! Level `k` of frame `F` has `F_r<k>` (where the automaton can be: `prefix ?q ?v`, with the
//! pattern start `?v0 ?s` after the prefix in pattern frames), `F_ok<k>` (the valid prefixes),
//! `F_var<k>`, `F_cnt<k>` (variables and counts) and `F_mod<k>` / `F_chg<k>`: the vertices the
//! prefix changed, with their pieces — only those, so a prefix costs a bottom-up reasoner a
//! few facts, not a board. A piece is read from the innermost layer that changed the vertex
//! (own prefix, then the parent frame's, ..., then the base: the current state for `k`,
//! `kf_cell` for `m`), which is why rules spell a pattern frame's prefix out down to the
//! main frame's `?pp`. Level 0 of a pattern frame reads its parent's semi-state. A pattern
//! frame reports `F_acc prefix ?v0 ?s`: the pattern starting at `?s` from `?v0` on that
//! prefix of the parent matches.

use super::arith::{num, Comparison, Operand, Plan, Step};
use super::levels::{Level, Walk};
use super::nfa::State;
use super::{Emitter, InstanceKind};
use std::fmt::Write as _;

/// One frame.
#[derive(Clone, Debug)]
pub struct Frame {
    pub name: String,
    pub walk: Walk,
    /// Pattern nesting depth of the actions it walks (0: the rules).
    pub depth: usize,
    /// The frame and level it starts from (pattern frames).
    pub parent: Option<(usize, u64)>,
    pub levels: u64,
    pub unrolled: bool,
    /// What each level can do.
    pub plan: Vec<Level>,
}

/// `(p ?x<d>_<k> ?y<d>_<k> (... (p ?x<d>_1 ?y<d>_1 base)))`: `k` modifiers of a frame at
/// depth `d` on top of `base`.
pub fn wrap(base: &str, d: usize, k: u64) -> String {
    let mut t = base.to_string();
    for i in 1..=k {
        t = format!("(p ?x{d}_{i} ?y{d}_{i} {t})");
    }
    t
}

impl Emitter<'_> {
    /// A semi-state relation (`ok`, `cell`, `var`, `cnt`) of frame `f` at level `k`; level 0 of
    /// a pattern frame is its parent's.
    pub(super) fn rel(&self, f: usize, what: &str, k: u64) -> String {
        let frame = &self.frames[f];
        match frame.parent {
            Some((p, b)) if k == 0 => self.rel(p, what, b),
            _ => format!("{}_{what}{k}", frame.name),
        }
    }

    /// The prefix term of level `k` of frame `f`: `?pp` in a main frame; in a pattern frame
    /// its own modifiers wrapped around its parent's term.
    pub(super) fn term(&self, f: usize, k: u64) -> String {
        let frame = &self.frames[f];
        match frame.parent {
            None => "?pp".into(),
            Some((p, b)) => wrap(&self.term(p, b), frame.depth, k),
        }
    }

    /// The layers that may have changed a vertex at level `k` of frame `f`, innermost first:
    /// (relation suffix owner, level, prefix term).
    fn layers(&self, f: usize, k: u64) -> Vec<(String, u64, String)> {
        let mut out = Vec::new();
        let (mut f, mut k) = (f, k);
        loop {
            if k > 0 {
                out.push((self.frames[f].name.clone(), k, self.term(f, k)));
            }
            match self.frames[f].parent {
                Some((p, b)) => (f, k) = (p, b),
                None => return out,
            }
        }
    }

    /// The ways to read piece `x` on vertex `v` at level `k` of frame `f`: one list of
    /// literals per layer (its change, not changed by inner layers), then the base.
    pub(super) fn lookup(&self, f: usize, k: u64, v: &str, x: &str) -> Vec<Vec<String>> {
        let layers = self.layers(f, k);
        let mut root = f;
        while let Some((p, _)) = self.frames[root].parent {
            root = p;
        }
        let base = match self.frames[root].name.as_str() {
            "k" => format!("(true (cell {v} {x}))"),
            "m" => format!("(kf_cell {v} {x})"),
            _ => format!("(mf_cell {v} {x})"),
        };
        let mut cases = Vec::new();
        let mut unchanged = Vec::new();
        for (name, l, t) in &layers {
            let mut case = vec![format!("({name}_mod{l} {t} {v} {x})")];
            case.extend(unchanged.iter().cloned());
            cases.push(case);
            unchanged.push(format!("(not ({name}_chg{l} {t} {v}))"));
        }
        let mut last = vec![base];
        last.extend(unchanged);
        cases.push(last);
        cases
    }

    /// Whether frame `f` runs in `next` (frame `n` or a pattern frame below it).
    pub(super) fn in_next(&self, f: usize) -> bool {
        let mut f = f;
        while let Some((p, _)) = self.frames[f].parent {
            f = p;
        }
        self.frames[f].name == "n"
    }

    fn lead(&self, f: usize) -> &'static str {
        if self.frames[f].depth == 0 {
            ""
        } else {
            " ?v0 ?s"
        }
    }

    /// The literals computing `plan` at level `k` of frame `f`.
    pub(super) fn plan_literals(&self, f: usize, k: u64, plan: &Plan) -> (Vec<String>, String) {
        let pp = self.term(f, k);
        let op = |o: Operand| match o {
            Operand::Const(v) => num(v),
            Operand::Temp(t) => format!("?t{t}"),
        };
        let lits = plan
            .steps
            .iter()
            .map(|s| match s {
                Step::Var(v, t) => format!(
                    "({} {pp} {} ?t{t})",
                    self.rel(f, "var", k),
                    self.names.variables[v.index()]
                ),
                Step::Count(x, t) => format!(
                    "({} {pp} {} ?t{t})",
                    self.rel(f, "cnt", k),
                    self.names.pieces[x.index()]
                ),
                Step::Table(name, a, b, t) => format!("({name} {} {} ?t{t})", op(*a), op(*b)),
            })
            .collect();
        (lits, op(plan.result))
    }

    pub(super) fn frame_rules(&mut self, f: usize) {
        let frame = self.frames[f].clone();
        match (&frame.parent, frame.walk) {
            (Some((p, b)), _) => {
                let _ = self.out.write_fmt(format_args!(
                    "\n;;; Frame {}: patterns at level {b} of frame {}\n",
                    frame.name, self.frames[*p].name
                ));
            }
            (None, Walk::Keeper) if frame.name == "n" => {
                self.section(
                    "Frame n: the keeper after a move ending with ->>, from the state the move \
                     leaves (mf_*), for next",
                );
                self.rule("(n_ok0 nil)", &["(mf_keeper)".into()]);
                self.rule(
                    "(n_s0 nil ?q ?v)",
                    &[
                        "(mf_keeper)".into(),
                        "(mf_at ?q)".into(),
                        "(mf_pos ?v)".into(),
                    ],
                );
                self.rule("(n_var0 nil ?x ?n)", &["(mf_var ?x ?n)".into()]);
                if !self.counted.is_empty() {
                    self.rule("(n_cnt0 nil ?x ?n)", &["(mf_cnt ?x ?n)".into()]);
                }
            }
            (None, Walk::Keeper) => {
                self.section(
                    "Frame k: the keeper phase from the current state (level i: after i \
                     keeper modifiers)",
                );
                let k = self.names.keeper.clone();
                self.rule("(k_ok0 nil)", &[format!("(true (control {k}))")]);
                self.rule(
                    "(k_s0 nil ?q ?v)",
                    &[
                        format!("(true (control {k}))"),
                        "(true (at ?q))".into(),
                        "(true (pos ?v))".into(),
                    ],
                );
                self.rule("(k_var0 nil ?x ?n)", &["(true (var ?x ?n))".into()]);
                if !self.counted.is_empty() {
                    self.rule("(k_cnt0 nil ?x ?n)", &["(true (count ?x ?n))".into()]);
                }
            }
            (None, _) => {
                self.section(
                    "Frame m: the move of the player in control, from the keeper's result \
                     (level i: after i modifiers)",
                );
                self.rule(
                    "(m_ok0 nil)",
                    &["(kf_control ?r)".into(), "(role ?r)".into()],
                );
                self.rule(
                    "(m_s0 nil ?q ?v)",
                    &[
                        "(kf_control ?r)".into(),
                        "(role ?r)".into(),
                        "(kf_at ?q)".into(),
                        "(kf_pos ?v)".into(),
                    ],
                );
                self.rule("(m_var0 nil ?x ?n)", &["(kf_var ?x ?n)".into()]);
                if !self.counted.is_empty() {
                    self.rule("(m_cnt0 nil ?x ?n)", &["(kf_count ?x ?n)".into()]);
                }
            }
        }
        for k in 0..=frame.levels {
            if self.over_budget() {
                return; // `run` reports it
            }
            let _ = self
                .out
                .write_fmt(format_args!(";; {} level {k}\n", frame.name));
            self.reach_rules(f, k);
            if k < frame.levels {
                self.modifier_rules(f, k);
            }
        }
        if frame.unrolled {
            let lead = self.lead(f);
            // Frames that run in `next` mark the next state instead.
            let head = if self.in_next(f) {
                "(next overflowed)"
            } else {
                "(overflow)"
            };
            self.rule(
                head,
                &[
                    format!("({}_r{} ?pp{lead} ?q ?v)", frame.name, frame.levels),
                    "(tmod ?q ?q2)".into(),
                ],
            );
        }
    }

    /// The automaton walk at level `k` of frame `f`: `F_r<k>` from the seeds `F_s<k>`, and
    /// where patterns are met, `F_ra<k>`, the same walk with every pattern passed, which says
    /// where the pattern frame must start (`C_want`) without depending on the pattern's result.
    fn reach_rules(&mut self, f: usize, k: u64) {
        let frame = self.frames[f].clone();
        let level = frame.plan[k as usize].clone();
        if level.reach.is_empty() {
            return;
        }
        let (name, depth, lead) = (frame.name.as_str(), frame.depth, self.lead(f));
        let pp = self.term(f, k);
        if let (Some((p, b)), Walk::Pattern) = (frame.parent, frame.walk) {
            let base = self.term(p, b);
            if k == 0 {
                self.rule(
                    &format!("({name}_s0 {pp} ?v0 ?s ?s ?v0)"),
                    &[format!("({name}_want {pp} ?v0 ?s)")],
                );
            }
            self.rule(
                &format!("({name}_acc {base} ?v0 ?s)"),
                &[
                    format!("({name}_r{k} {pp} ?v0 ?s ?q ?v)"),
                    "(accept ?s ?q)".into(),
                ],
            );
        }
        let child = self.children.get(&(f, k)).copied();
        let walks: &[&str] = if child.is_some() {
            &["r", "ra"]
        } else {
            &["r"]
        };
        for &walk in walks {
            let at = |q: &str, v: &str| format!("({name}_{walk}{k} {pp}{lead} {q} {v})");
            self.rule(
                &at("?q", "?v"),
                &[format!("({name}_s{k} {pp}{lead} ?q ?v)")],
            );
            self.rule(
                &at("?q2", "?w"),
                &[
                    at("?q", "?v"),
                    "(tshift ?q ?d ?q2)".into(),
                    "(edge ?v ?d ?w)".into(),
                ],
            );
            for case in self.lookup(f, k, "?v", "?x") {
                let mut body = vec![at("?q", "?v")];
                body.extend(case);
                body.push("(ton ?q ?x ?q2)".into());
                self.rule(&at("?q2", "?v"), &body);
            }
            if let Some(child) = child {
                let c = self.frames[child].name.clone();
                for t in ["tpat", "tnpat"] {
                    let check = format!("({t} ?q ?q2 ?s2)");
                    if walk == "ra" {
                        self.rule(&at("?q2", "?v"), &[at("?q", "?v"), check.clone()]);
                        self.rule(&format!("({c}_want {pp} ?v ?s2)"), &[at("?q", "?v"), check]);
                    } else {
                        let acc = format!("({c}_acc {pp} ?v ?s2)");
                        let acc = if t == "tpat" {
                            acc
                        } else {
                            format!("(not {acc})")
                        };
                        self.rule(&at("?q2", "?v"), &[at("?q", "?v"), check, acc]);
                    }
                }
            }
            for inst in self.instances.clone() {
                let InstanceKind::Compare(l, r, cmp) = &inst.kind else {
                    continue;
                };
                let q2 = State::After(inst.node);
                if inst.context != depth || !level.reach.contains(&q2) {
                    continue;
                }
                let q2 = self.sname(q2);
                let mut body = vec![at("?q", "?v"), format!("(tcmp ?q {q2})")];
                let (ll, lv) = self.plan_literals(f, k, l);
                let (rl, rv) = self.plan_literals(f, k, r);
                body.extend(ll);
                body.extend(rl);
                match cmp {
                    Comparison::Always => {}
                    Comparison::Never => continue,
                    Comparison::Table(t) => body.push(format!("({t} {lv} {rv})")),
                }
                self.rule(&at(&q2, "?v"), &body);
            }
        }
    }

    /// Applying one modifier: from level `k` to level `k + 1` of frame `f`.
    fn modifier_rules(&mut self, f: usize, k: u64) {
        let frame = self.frames[f].clone();
        let level = frame.plan[k as usize].clone();
        if level.mods.is_empty() {
            return;
        }
        let (name, lead, j) = (frame.name.as_str(), self.lead(f), k + 1);
        // Frames over the rules (not pattern bodies): `k`, `m` and the `n` frames.
        let main = frame.depth == 0;
        let pp = self.term(f, k);
        let pj = format!("(p ?q2 ?w {pp})");
        let ok = format!("({name}_ok{j} {pj})");
        let reach = format!("({name}_r{k} {pp}{lead} ?q ?w)");
        let next = format!("({name}_s{j} {pj}{lead} ?q2 ?w)");
        self.rule(&ok, &[reach.clone(), "(toff ?q ?q2)".into()]);
        self.rule(&next, &[reach.clone(), "(toff ?q ?q2)".into()]);
        if main {
            self.rule(&ok, &[reach.clone(), "(tswitch ?q ?q2)".into()]);
        }
        if main && frame.walk == Walk::Keeper {
            // The keeper's own switch does not end the phase.
            self.rule(
                &next,
                &[
                    reach.clone(),
                    "(tswitch ?q ?q2)".into(),
                    "(kswitch ?q2)".into(),
                ],
            );
        }
        for inst in self.instances.clone() {
            let InstanceKind::Assign(var, plan, fits) = &inst.kind else {
                continue;
            };
            if inst.context != frame.depth || !level.mods.contains(&inst.node) {
                continue;
            }
            let q2 = self.sname(State::After(inst.node));
            let (lits, value) = self.plan_literals(f, k, plan);
            let fit = match fits {
                Comparison::Always => None,
                Comparison::Never => continue,
                Comparison::Table(t) => Some(format!("({t} {value})")),
            };
            let mut body = vec![reach.clone(), format!("(tassign ?q {q2})")];
            body.extend(lits.iter().cloned());
            body.extend(fit);
            let pq = format!("(p {q2} ?w {pp})");
            self.rule(&format!("({name}_ok{j} {pq})"), &body);
            self.rule(&format!("({name}_s{j} {pq}{lead} {q2} ?w)"), &body);
            let mut body = vec![format!("({name}_ok{j} {pq})")];
            body.extend(lits);
            let x = self.names.variables[var.index()].clone();
            self.rule(&format!("({name}_var{j} {pq} {x} {value})"), &body);
        }
        // The semi-state after the modifier: the changed vertices (the newest change wins).
        let (var_k, cnt_k) = (self.rel(f, "var", k), self.rel(f, "cnt", k));
        let mod_j = |v: &str, x: &str| format!("({name}_mod{j} {pj} {v} {x})");
        self.rule(
            &mod_j("?w", "?x"),
            &[ok.clone(), "(offpiece ?q2 ?x)".into()],
        );
        if k > 0 {
            let mod_k = format!("({name}_mod{k} {pp} ?u ?x)");
            self.rule(
                &mod_j("?u", "?x"),
                &[
                    ok.clone(),
                    "(offpiece ?q2 ?y)".into(),
                    mod_k.clone(),
                    "(distinct ?u ?w)".into(),
                ],
            );
            self.rule(
                &mod_j("?u", "?x"),
                &[ok.clone(), "(notoff ?q2)".into(), mod_k],
            );
        }
        self.rule(&format!("({name}_chg{j} {pj} ?u)"), &[mod_j("?u", "?x")]);
        self.rule(
            &format!("({name}_var{j} {pj} ?x ?n)"),
            &[
                ok.clone(),
                format!("({var_k} {pp} ?x ?n)"),
                "(not (assigns ?q2 ?x))".into(),
            ],
        );
        if !self.counted.is_empty() {
            let cnt_j = |x: &str, n: &str| format!("({name}_cnt{j} {pj} {x} {n})");
            let cnt_i = |x: &str, n: &str| format!("({cnt_k} {pp} {x} {n})");
            let off = "(offpiece ?q2 ?y)".to_string();
            self.rule(
                &cnt_j("?x", "?n"),
                &[ok.clone(), "(notoff ?q2)".into(), cnt_i("?x", "?n")],
            );
            // Off replaces the old piece z by y: y gains one, z loses one, others keep.
            for old in self.lookup(f, k, "?w", "?z") {
                let with = |extra: Vec<String>| {
                    let mut b = vec![ok.clone(), off.clone()];
                    b.extend(old.iter().cloned());
                    b.extend(extra);
                    b
                };
                self.rule(
                    &cnt_j("?x", "?n"),
                    &with(vec![
                        cnt_i("?x", "?n"),
                        "(distinct ?x ?y)".into(),
                        "(distinct ?x ?z)".into(),
                    ]),
                );
                self.rule(
                    &cnt_j("?y", "?n1"),
                    &with(vec![
                        cnt_i("?y", "?n"),
                        "(succ ?n ?n1)".into(),
                        "(distinct ?y ?z)".into(),
                    ]),
                );
                self.rule(
                    &cnt_j("?z", "?n0"),
                    &with(vec![
                        cnt_i("?z", "?n"),
                        "(succ ?n0 ?n)".into(),
                        "(distinct ?y ?z)".into(),
                    ]),
                );
            }
        }
        if !self.counted.is_empty() {
            // y replaces itself: no change.
            for old in self.lookup(f, k, "?w", "?y") {
                let mut body = vec![ok.clone(), "(offpiece ?q2 ?y)".into()];
                body.extend(old);
                body.push(format!("({cnt_k} {pp} ?y ?n)"));
                self.rule(&format!("({name}_cnt{j} {pj} ?y ?n)"), &body);
            }
        }
        match (main, frame.walk) {
            (true, Walk::Keeper) => {
                // The boundary (start of the current keeper move) of every prefix, to know
                // which boundaries have a move.
                if k == 0 {
                    self.rule(
                        &format!("({name}_org0 nil nil)"),
                        &[format!("({name}_ok0 nil)")],
                    );
                }
                self.rule(
                    &format!("({name}_org{j} {pj} {pj})"),
                    &[ok.clone(), "(kswitch ?q2)".into()],
                );
                self.rule(
                    &format!("({name}_org{j} {pj} ?b)"),
                    &[
                        ok.clone(),
                        "(plainmod ?q2)".into(),
                        format!("({name}_org{k} {pp} ?b)"),
                    ],
                );
                self.rule(
                    &format!("({name}_moved ?b)"),
                    &[
                        ok,
                        "(isswitch ?q2)".into(),
                        format!("({name}_org{k} {pp} ?b)"),
                    ],
                );
            }
            (true, _) => {
                self.rule(&format!("(m_done{j} {pj})"), &[ok, "(isswitch ?q2)".into()]);
            }
            _ => {}
        }
    }
}
