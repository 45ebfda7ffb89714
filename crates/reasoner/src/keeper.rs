//! Keeper states whose completion cannot branch, found statically.
//!
//! The improper-keeper check (`KeeperMode::Check`) lists the keeper's moves to see whether
//! there is a choice. From a keeper state where every branching of the automaton (up to the
//! next switch) is between tests that exclude each other — `{? X}` against `{! X}` on the same
//! body, comparisons of the same two expressions with disjoint relations (`{$ t == 100}`
//! against `{$ t < 100}`), ons with disjoint piece sets — at most one path can be valid, so
//! there is never a choice. From such a state the keeper's move is found by walking the
//! automaton: at each step the first valid successor is the only one, so modifiers are applied
//! in place as they are met, with no search levels or visited marks ([`Core::keeper_walk`]).

use crate::arith::{eval, Expr};
use crate::program::at;
use crate::program::{Op, Program, NONE};
use crate::sinks::Flow;
use crate::state::{Core, Undo};
use crate::GameError;
use ir::CmpOp;

/// Per state: true for the keeper's states (switches to the keeper, and the start of the
/// rules) from which the keeper has at most one move.
pub(crate) fn deterministic_keepers(prog: &Program) -> Vec<bool> {
    let n = prog.nstates();
    let mut out = vec![false; n];
    let mut seen = vec![NONE; n];
    let mut stack = Vec::new();
    for q in 0..n as u32 {
        let keeper = q == 0
            || matches!(prog.ops[q as usize], Op::Switch { player, .. } if player == prog.nplayers);
        if !keeper {
            continue;
        }
        // Every state reachable before the next switch branches only between exclusive tests.
        let mut ok = true;
        stack.clear();
        stack.push(q);
        seen[q as usize] = q;
        while let Some(s) = stack.pop() {
            let succ = prog.succ_of(s);
            for (i, &a) in succ.iter().enumerate() {
                if succ[i + 1..].iter().any(|&b| !exclusive(prog, a, b)) {
                    ok = false;
                    break;
                }
                let switch = matches!(prog.ops[a as usize], Op::Switch { .. });
                if !switch && seen[a as usize] != q {
                    seen[a as usize] = q;
                    stack.push(a);
                }
            }
            if !ok {
                break;
            }
        }
        out[q as usize] = ok;
    }
    out
}

impl Core<'_> {
    /// The keeper's move from a `keeper_det` state, applied (undo entries pushed, rules state
    /// and position moved to its switch): `Some(true)`, or `Some(false)` when there is none
    /// (the state is left as it was). `None` when the walk gets longer than a search would go
    /// (a cycle, or more modifiers than `modifier_limit`): the caller searches instead, which
    /// reports what the search reports.
    pub(crate) fn keeper_walk(&mut self) -> Result<Option<bool>, GameError> {
        let prog: &Program = self.prog;
        let start = self.undo.len();
        let limit = prog.nstates().saturating_mul(prog.nvertices).max(1);
        let (mut s, mut v) = (self.rules, self.pos);
        let mut mods = 0usize;
        // The last pattern result (class, vertex, modifiers applied): `{? X}` then `{! X}`.
        let mut last: Option<(u32, u32, usize, bool)> = None;
        for _ in 0..limit {
            let mut next = None;
            for &a in prog.succ_of(s) {
                let w = match prog.ops[a as usize] {
                    Op::Shift(d) => at(&prog.nb, v as usize * prog.ndirs + d as usize),
                    Op::On(mask) => {
                        if (mask >> self.pieces[v as usize]) & 1 != 0 {
                            v
                        } else {
                            NONE
                        }
                    }
                    Op::OnSet(off) => {
                        if prog.on_table[off as usize + self.pieces[v as usize] as usize] {
                            v
                        } else {
                            NONE
                        }
                    }
                    Op::Compare { left, op, right } => {
                        match (
                            eval(&prog.exprs, left, &self.vars, &self.counts),
                            eval(&prog.exprs, right, &self.vars, &self.counts),
                        ) {
                            (Some(l), Some(r)) if op.holds(l, r) => v,
                            _ => NONE,
                        }
                    }
                    Op::Pattern {
                        start: body,
                        positive,
                        class,
                    } => {
                        let holds = match last {
                            Some((c, u, m, h)) if c == class && u == v && m == mods => h,
                            _ => {
                                let chain = prog.chain[body as usize];
                                let nest = prog.chain_nest[body as usize] as usize;
                                let h = if chain != NONE && mods + nest <= self.opts.modifier_limit
                                {
                                    self.walk_chain(chain as usize, v)
                                } else {
                                    match self.pattern_level(a, body, v, mods + 1) {
                                        Flow::Err => {
                                            self.revert_to(start);
                                            return Err(self.err.take().expect("stored"));
                                        }
                                        f => f == Flow::Stop,
                                    }
                                };
                                last = Some((class, v, mods, h));
                                h
                            }
                        };
                        if holds == positive {
                            v
                        } else {
                            NONE
                        }
                    }
                    Op::Off { piece, .. } => {
                        self.undo.push(Undo::Piece(v, self.pieces[v as usize]));
                        self.set_piece(v, piece);
                        mods += 1;
                        v
                    }
                    Op::Assign { var, expr, .. } => {
                        match eval(&prog.exprs, expr, &self.vars, &self.counts) {
                            Some(x) if (0..=prog.bounds[var as usize]).contains(&x) => {
                                let old = std::mem::replace(&mut self.vars[var as usize], x);
                                self.undo.push(Undo::Var(var, old));
                                mods += 1;
                                v
                            }
                            _ => NONE,
                        }
                    }
                    Op::Switch { player, .. } => {
                        self.player = player;
                        self.rules = a;
                        self.pos = v;
                        return Ok(Some(true));
                    }
                    Op::Start => NONE,
                };
                if w != NONE {
                    next = Some((a, w));
                    break;
                }
            }
            match next {
                None => {
                    self.revert_to(start);
                    return Ok(Some(false));
                }
                Some((a, w)) => (s, v) = (a, w),
            }
            if mods > self.opts.modifier_limit {
                break;
            }
        }
        self.revert_to(start);
        Ok(None)
    }

    /// Takes back the undo entries above `start` (piece and variable changes only).
    fn revert_to(&mut self, start: usize) {
        while self.undo.len() > start {
            match self.undo.pop() {
                Some(Undo::Piece(v, p)) => self.set_piece(v, p),
                Some(Undo::Var(x, val)) => self.vars[x as usize] = val,
                _ => unreachable!("a walk pushes no frames"),
            }
        }
    }
}

/// Whether actions `a` and `b`, taken at the same vertex in the same semi-state, can never
/// both be valid.
fn exclusive(prog: &Program, a: u32, b: u32) -> bool {
    match (prog.ops[a as usize], prog.ops[b as usize]) {
        (
            Op::Pattern {
                class: c1,
                positive: p1,
                ..
            },
            Op::Pattern {
                class: c2,
                positive: p2,
                ..
            },
        ) => c1 == c2 && p1 != p2,
        (
            Op::Compare {
                left: l1,
                op: o1,
                right: r1,
            },
            Op::Compare {
                left: l2,
                op: o2,
                right: r2,
            },
        ) => {
            same_expr(&prog.exprs, l1, l2)
                && same_expr(&prog.exprs, r1, r2)
                && relations(o1) & relations(o2) == 0
        }
        (Op::On(m1), Op::On(m2)) => m1 & m2 == 0,
        _ => false,
    }
}

/// The outcomes (less, equal, greater) under which a comparison holds, as bits.
fn relations(op: CmpOp) -> u8 {
    const LT: u8 = 1;
    const EQ: u8 = 2;
    const GT: u8 = 4;
    match op {
        CmpOp::Lt => LT,
        CmpOp::Le => LT | EQ,
        CmpOp::Eq => EQ,
        CmpOp::Ne => LT | GT,
        CmpOp::Gt => GT,
        CmpOp::Ge => GT | EQ,
    }
}

/// Structural equality of two expressions of the arena.
fn same_expr(arena: &[Expr], a: u32, b: u32) -> bool {
    match (arena[a as usize], arena[b as usize]) {
        (Expr::Const(x), Expr::Const(y)) => x == y,
        (Expr::Var(x), Expr::Var(y)) => x == y,
        (Expr::Count(x), Expr::Count(y)) => x == y,
        (Expr::Bin(o1, a1, b1), Expr::Bin(o2, a2, b2)) => {
            o1 == o2 && same_expr(arena, a1, a2) && same_expr(arena, b1, b2)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::compile::compile;

    /// `keeper_det` of the keeper switch in `rules` (the only `->>` after the start).
    fn det(rules: &str) -> bool {
        let src = format!(
            "#players = a(1), b(1)\n#pieces = e, x\n#variables = t(5)\n\
             #board = rectangle(up, down, left, right, [e, x])\n#rules = {rules}\n"
        );
        let game = rbg::parse_game(&src).expect("parses").game;
        let prog = compile(&game, &crate::Options::default()).expect("compiles");
        let k = (1..prog.nstates())
            .find(|&q| matches!(prog.ops[q], super::Op::Switch { player: 2, .. }))
            .expect("a keeper switch");
        prog.keeper_det[k]
    }

    #[test]
    fn exclusive_branches_make_a_deterministic_keeper() {
        assert!(det("->a ->> ({? right} [$ t = 1] ->b + {! right} ->b)"));
        assert!(det(
            "->a ->> ({$ t == 5} ->> {} + {$ t < 5} [$ t = t + 1] ->b)"
        ));
        assert!(det("->a ->> ({e} ->b + {x} ->a)"));
        // Both comparisons hold when t == 0; a sum of modifiers; shifts to two squares.
        assert!(!det("->a ->> ({$ t <= 0} ->b + {$ t >= 0} ->a)"));
        assert!(!det("->a ->> ([$ t = 1] + [$ t = 2]) ->b"));
        assert!(!det("->a ->> (left + right)* ->b"));
    }
}
