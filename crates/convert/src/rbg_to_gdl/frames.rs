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
//! Level `k` of frame `F` has `F_r<k>` (where the automaton can be: `?pp ?q ?v`, with the
//! pattern start `?v0 ?s` after `?pp` in pattern frames), `F_ok<k>` (the valid prefixes),
//! `F_cell<k>`, `F_var<k>`, `F_cnt<k>` (the semi-state); level 0 of a pattern frame reads
//! its parent's semi-state. A pattern frame reports `F_acc ?b ?v0 ?s`: the pattern starting
//! at `?s` from `?v0` on prefix `?b` of the parent matches.

use super::arith::{num, Comparison, Operand, Plan, Step};
use super::bounds::Chain;
use super::nfa::State;
use super::{Emitter, InstanceKind};

/// One frame.
#[derive(Clone, Debug)]
pub struct Frame {
    pub name: String,
    pub chain: Chain,
    /// Pattern nesting depth of the actions it walks (0: the rules).
    pub depth: usize,
    /// The frame and level it starts from (pattern frames).
    pub parent: Option<(usize, u64)>,
    pub levels: u64,
    pub unrolled: bool,
}

/// `(p ?x<k> ?y<k> (... (p ?x1 ?y1 base)))`.
pub fn wrap(base: &str, k: u64) -> String {
    let mut t = base.to_string();
    for i in 1..=k {
        t = format!("(p ?x{i} ?y{i} {t})");
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

    fn lead(&self, f: usize) -> &'static str {
        if self.frames[f].depth == 0 {
            ""
        } else {
            " ?v0 ?s"
        }
    }

    /// The literals computing `plan` on prefix `?pp` at level `k` of frame `f`.
    pub(super) fn plan_literals(&self, f: usize, k: u64, plan: &Plan) -> (Vec<String>, String) {
        let op = |o: Operand| match o {
            Operand::Const(v) => num(v),
            Operand::Temp(t) => format!("?t{t}"),
        };
        let lits = plan
            .steps
            .iter()
            .map(|s| match s {
                Step::Var(v, t) => format!(
                    "({} ?pp {} ?t{t})",
                    self.rel(f, "var", k),
                    self.names.variables[v.index()]
                ),
                Step::Count(x, t) => format!(
                    "({} ?pp {} ?t{t})",
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
        match (&frame.parent, frame.chain) {
            (Some((p, b)), _) => {
                let _ = self.out.write_fmt(format_args!(
                    "\n;;; Frame {}: patterns at level {b} of frame {}\n",
                    frame.name, self.frames[*p].name
                ));
            }
            (None, Chain::Keeper) => {
                self.section(
                    "Frame k: the keeper phase from the current state (level i: after i \
                     keeper modifiers)",
                );
                let k = self.names.keeper.clone();
                self.rule("(k_ok0 nil)", &[format!("(true (control {k}))")]);
                self.rule(
                    "(k_r0 nil ?q ?v)",
                    &[
                        format!("(true (control {k}))"),
                        "(true (at ?q))".into(),
                        "(true (pos ?v))".into(),
                    ],
                );
                self.rule("(k_cell0 nil ?v ?x)", &["(true (cell ?v ?x))".into()]);
                self.rule("(k_var0 nil ?x ?n)", &["(true (var ?x ?n))".into()]);
                if !self.counted.is_empty() {
                    self.rule("(k_cnt0 nil ?x ?n)", &["(true (count ?x ?n))".into()]);
                }
            }
            (None, Chain::Player) => {
                self.section(
                    "Frame m: the move of the player in control, from the keeper's result \
                     (level i: after i modifiers)",
                );
                self.rule(
                    "(m_ok0 nil)",
                    &["(kf_control ?r)".into(), "(role ?r)".into()],
                );
                self.rule(
                    "(m_r0 nil ?q ?v)",
                    &[
                        "(kf_control ?r)".into(),
                        "(role ?r)".into(),
                        "(kf_at ?q)".into(),
                        "(kf_pos ?v)".into(),
                    ],
                );
                self.rule("(m_cell0 nil ?v ?x)", &["(kf_cell ?v ?x)".into()]);
                self.rule("(m_var0 nil ?x ?n)", &["(kf_var ?x ?n)".into()]);
                if !self.counted.is_empty() {
                    self.rule("(m_cnt0 nil ?x ?n)", &["(kf_cnt ?x ?n)".into()]);
                }
            }
        }
        for k in 0..=frame.levels {
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
            self.rule(
                "(overflow)",
                &[
                    format!("({}_r{} ?pp{lead} ?q ?v)", frame.name, frame.levels),
                    "(tmod ?q ?q2)".into(),
                ],
            );
        }
    }

    /// The automaton walk at level `k` of frame `f`.
    fn reach_rules(&mut self, f: usize, k: u64) {
        let frame = self.frames[f].clone();
        let (name, depth, lead) = (frame.name.as_str(), frame.depth, self.lead(f));
        let at = |q: &str, v: &str| format!("({name}_r{k} ?pp{lead} {q} {v})");
        if let Some((p, b)) = frame.parent {
            if k == 0 {
                self.rule(
                    &at("?s", "?v0"),
                    &[
                        format!("({} ?pp)", self.rel(p, "ok", b)),
                        format!("(patstart{depth} ?s)"),
                        "(vertex ?v0)".into(),
                    ],
                );
            }
            self.rule(
                &format!("({name}_acc ?b ?v0 ?s)"),
                &[
                    format!("({name}_r{k} {} ?v0 ?s ?q ?v)", wrap("?b", k)),
                    "(accept ?s ?q)".into(),
                ],
            );
        }
        self.rule(
            &at("?q2", "?w"),
            &[
                at("?q", "?v"),
                "(tshift ?q ?d ?q2)".into(),
                "(edge ?v ?d ?w)".into(),
            ],
        );
        self.rule(
            &at("?q2", "?v"),
            &[
                at("?q", "?v"),
                format!("({} ?pp ?v ?x)", self.rel(f, "cell", k)),
                "(ton ?q ?x ?q2)".into(),
            ],
        );
        if let Some(&child) = self.children.get(&(f, k)) {
            let acc = format!("({}_acc ?pp ?v ?s)", self.frames[child].name);
            self.rule(
                &at("?q2", "?v"),
                &[at("?q", "?v"), "(tpat ?q ?q2 ?s)".into(), acc.clone()],
            );
            self.rule(
                &at("?q2", "?v"),
                &[
                    at("?q", "?v"),
                    "(tnpat ?q ?q2 ?s)".into(),
                    format!("(not {acc})"),
                ],
            );
        }
        for inst in self.instances.clone() {
            let InstanceKind::Compare(l, r, cmp) = &inst.kind else {
                continue;
            };
            if inst.context != depth {
                continue;
            }
            let q2 = self.sname(State::After(inst.node));
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

    /// Applying one modifier: from level `k` to level `k + 1` of frame `f`.
    fn modifier_rules(&mut self, f: usize, k: u64) {
        let frame = self.frames[f].clone();
        let (name, lead, j) = (frame.name.as_str(), self.lead(f), k + 1);
        let main = frame.parent.is_none();
        let pj = "(p ?q2 ?w ?pp)";
        let ok = format!("({name}_ok{j} {pj})");
        let reach = format!("({name}_r{k} ?pp{lead} ?q ?w)");
        let next = format!("({name}_r{j} {pj}{lead} ?q2 ?w)");
        self.rule(&ok, &[reach.clone(), "(toff ?q ?q2)".into()]);
        self.rule(&next, &[reach.clone(), "(toff ?q ?q2)".into()]);
        if main {
            self.rule(&ok, &[reach.clone(), "(tswitch ?q ?q2)".into()]);
        }
        if main && frame.chain == Chain::Keeper {
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
            if inst.context != frame.depth {
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
            let pq = format!("(p {q2} ?w ?pp)");
            self.rule(&format!("({name}_ok{j} {pq})"), &body);
            self.rule(&format!("({name}_r{j} {pq}{lead} {q2} ?w)"), &body);
            let mut body = vec![format!("({name}_ok{j} {pq})")];
            body.extend(lits);
            let x = self.names.variables[var.index()].clone();
            self.rule(&format!("({name}_var{j} {pq} {x} {value})"), &body);
        }
        // The semi-state after the modifier.
        let (cell_k, var_k, cnt_k) = (
            self.rel(f, "cell", k),
            self.rel(f, "var", k),
            self.rel(f, "cnt", k),
        );
        let cell_j = |v: &str, x: &str| format!("({name}_cell{j} {pj} {v} {x})");
        self.rule(
            &cell_j("?w", "?x"),
            &[ok.clone(), "(offpiece ?q2 ?x)".into()],
        );
        self.rule(
            &cell_j("?u", "?x"),
            &[
                ok.clone(),
                "(offpiece ?q2 ?y)".into(),
                format!("({cell_k} ?pp ?u ?x)"),
                "(distinct ?u ?w)".into(),
            ],
        );
        self.rule(
            &cell_j("?u", "?x"),
            &[
                ok.clone(),
                "(notoff ?q2)".into(),
                format!("({cell_k} ?pp ?u ?x)"),
            ],
        );
        self.rule(
            &format!("({name}_var{j} {pj} ?x ?n)"),
            &[
                ok.clone(),
                format!("({var_k} ?pp ?x ?n)"),
                "(not (assigns ?q2 ?x))".into(),
            ],
        );
        if !self.counted.is_empty() {
            let cnt_j = |x: &str, n: &str| format!("({name}_cnt{j} {pj} {x} {n})");
            let cnt_i = |x: &str, n: &str| format!("({cnt_k} ?pp {x} {n})");
            let old = |z: &str| format!("({cell_k} ?pp ?w {z})");
            let off = "(offpiece ?q2 ?y)".to_string();
            self.rule(
                &cnt_j("?x", "?n"),
                &[ok.clone(), "(notoff ?q2)".into(), cnt_i("?x", "?n")],
            );
            // Off replaces the old piece z by y: y gains one, z loses one, others keep.
            self.rule(
                &cnt_j("?x", "?n"),
                &[
                    ok.clone(),
                    off.clone(),
                    old("?z"),
                    cnt_i("?x", "?n"),
                    "(distinct ?x ?y)".into(),
                    "(distinct ?x ?z)".into(),
                ],
            );
            self.rule(
                &cnt_j("?y", "?n"),
                &[ok.clone(), off.clone(), old("?y"), cnt_i("?y", "?n")],
            );
            self.rule(
                &cnt_j("?y", "?n1"),
                &[
                    ok.clone(),
                    off.clone(),
                    old("?z"),
                    cnt_i("?y", "?n"),
                    "(succ ?n ?n1)".into(),
                    "(distinct ?y ?z)".into(),
                ],
            );
            self.rule(
                &cnt_j("?z", "?n0"),
                &[
                    ok.clone(),
                    off,
                    old("?z"),
                    cnt_i("?z", "?n"),
                    "(succ ?n0 ?n)".into(),
                    "(distinct ?y ?z)".into(),
                ],
            );
        }
        match (main, frame.chain) {
            (true, Chain::Keeper) => {
                // The boundary (start of the current keeper move) of every prefix, to know
                // which boundaries have a move.
                if k == 0 {
                    self.rule("(k_org0 nil nil)", &["(k_ok0 nil)".into()]);
                }
                self.rule(
                    &format!("(k_org{j} {pj} {pj})"),
                    &[ok.clone(), "(kswitch ?q2)".into()],
                );
                self.rule(
                    &format!("(k_org{j} {pj} ?b)"),
                    &[
                        ok.clone(),
                        "(plainmod ?q2)".into(),
                        format!("(k_org{k} ?pp ?b)"),
                    ],
                );
                self.rule(
                    "(k_moved ?b)",
                    &[ok, "(isswitch ?q2)".into(), format!("(k_org{k} ?pp ?b)")],
                );
            }
            (true, Chain::Player) => {
                self.rule(&format!("(m_done{j} {pj})"), &[ok, "(isswitch ?q2)".into()]);
            }
            _ => {}
        }
    }
}

use std::fmt::Write as _;
