//! Comparisons and arithmetic: variables, small sums and piece counts as GDL terms.

use super::{Base, Body, Ctx, Nav};
use crate::rbg_to_gdl::direct::text::Rule;
use crate::rbg_to_gdl::direct::Unsupported;
use ir::{Arith, ArithOp, CmpOp, PieceId};

impl Nav<'_> {
    /// The comparison `left op right` as literals of `b`.
    pub(super) fn compare(
        &mut self,
        left: &Arith,
        op: CmpOp,
        right: &Arith,
        ctx: &Ctx,
        b: &mut Body,
    ) -> Result<(), Unsupported> {
        // `$ x` compared with 0 or 1 asks whether some vertex holds x.
        // Other counts are counted (`term`).
        let counted = match (left, right) {
            (Arith::Count(p), Arith::Const(c)) => Some((*p, op, *c)),
            (Arith::Const(c), Arith::Count(p)) => Some((*p, flip(op), *c)),
            _ => None,
        };
        let exists = counted.and_then(|(p, op, c)| match (op, c) {
            (CmpOp::Gt, 0) | (CmpOp::Ge, 1) | (CmpOp::Ne, 0) => Some((p, true)),
            (CmpOp::Eq, 0) | (CmpOp::Lt, 1) | (CmpOp::Le, 0) => Some((p, false)),
            _ => None,
        });
        if let Some((p, exists)) = exists {
            if !ctx.puts.is_empty() || ctx.hidden {
                return Err(Unsupported(
                    "a piece count read while a move has put pieces".into(),
                ));
            }
            let plain = Ctx {
                base: ctx.base,
                puts: Vec::new(),
                assigned: Vec::new(),
                terms: Vec::new(),
                hidden: false,
                apart: true,
            };
            let (name, new) = self.relation(&[], format!("some{p:?}"), &plain, "some");
            if new {
                let body = vec![self.cell(ctx.base, "?v", p)];
                self.rules.push(Rule::new(format!("({name})"), body));
            }
            b.push(if exists {
                format!("({name})")
            } else {
                format!("(not ({name}))")
            });
            return Ok(());
        }
        let mut lits = Vec::new();
        let l = self.term(left, ctx, b, &mut lits)?;
        let mut rlits = Vec::new();
        let r = self.term(right, ctx, b, &mut rlits)?;
        if let (Ok(a), Ok(c)) = (l.parse::<i64>(), r.parse::<i64>()) {
            if !op.holds(a, c) {
                b.push(crate::rbg_to_gdl::direct::text::FALSE.into());
            }
            return Ok(());
        }
        let bound_before = |t: &str, lits: &Vec<String>| {
            t.starts_with('?')
                && !lits
                    .iter()
                    .any(|l| crate::rbg_to_gdl::direct::text::vars(l).any(|v| v == t))
        };
        if op == CmpOp::Eq && (bound_before(&l, &lits) || bound_before(&r, &rlits)) {
            // A side already bound (a value assigned earlier in this rule): both orders.
            b.lits.append(&mut lits);
            b.lits.append(&mut rlits);
            self.uses.order = true;
            self.uses.succ = true;
            b.push(format!("(atmost {l} {r})"));
            b.push(format!("(atmost {r} {l})"));
            return Ok(());
        }
        if op == CmpOp::Eq {
            // Equal terms: the right side's result is the left one.
            let (l, r, mut lits, mut rlits) = if r.starts_with('?') {
                (l, r, lits, rlits)
            } else {
                (r, l, rlits, lits)
            };
            for lit in &mut rlits {
                *lit = replace_var(lit, &r, &l);
            }
            lits.append(&mut rlits);
            b.lits.append(&mut lits);
            return Ok(());
        }
        b.lits.append(&mut lits);
        b.lits.append(&mut rlits);
        let lit = match op {
            CmpOp::Ne => format!("(distinct {l} {r})"),
            CmpOp::Lt => format!("(less {l} {r})"),
            CmpOp::Gt => format!("(less {r} {l})"),
            CmpOp::Le => format!("(atmost {l} {r})"),
            CmpOp::Ge => format!("(atmost {r} {l})"),
            CmpOp::Eq => unreachable!("handled above"),
        };
        self.uses.order = true;
        self.uses.succ = true;
        b.push(lit);
        Ok(())
    }

    /// A term for the value of `e`: a number or a variable the pushed literals bind.
    pub fn term(
        &mut self,
        e: &Arith,
        ctx: &Ctx,
        b: &mut Body,
        lits: &mut Vec<String>,
    ) -> Result<String, Unsupported> {
        match e {
            Arith::Const(c) if *c >= 0 => Ok(c.to_string()),
            Arith::Var(v) => {
                if let Some((_, c)) = ctx.assigned.iter().rev().find(|(w, _)| w == v) {
                    return Ok(c.to_string());
                }
                if let Some((_, t)) = ctx.terms.iter().find(|(w, _)| w == v) {
                    return if b.top {
                        Ok(t.clone())
                    } else {
                        Err(Unsupported(
                            "a variable read inside a sum, star or pattern after an \
                             assignment computed from the state"
                                .into(),
                        ))
                    };
                }
                let t = b.fresh();
                let name = &self.names.variables[v.index()];
                lits.push(match ctx.base {
                    Base::State => format!("(true (var {name} {t}))"),
                    Base::AfterMove => format!("(aftvar {name} {t})"),
                });
                Ok(t)
            }
            Arith::Bin(op @ (ArithOp::Add | ArithOp::Sub), a, c) => {
                let Arith::Const(k @ 0..=4) = **c else {
                    return Err(Unsupported(
                        "arithmetic other than adding a small constant".into(),
                    ));
                };
                let mut t = self.term(a, ctx, b, lits)?;
                if let Ok(n) = t.parse::<i64>() {
                    let v = if *op == ArithOp::Add { n + k } else { n - k };
                    return if v >= 0 {
                        Ok(v.to_string())
                    } else {
                        Err(Unsupported("a negative value".into()))
                    };
                }
                self.uses.succ = true;
                for _ in 0..k {
                    let u = b.fresh();
                    lits.push(if *op == ArithOp::Add {
                        format!("(succ {t} {u})")
                    } else {
                        format!("(succ {u} {t})")
                    });
                    t = u;
                }
                Ok(t)
            }
            Arith::Count(p) => self.count(*p, ctx, b, lits),
            _ => Err(Unsupported(
                "arithmetic other than variables plus or minus small constants".into(),
            )),
        }
    }

    /// The number of vertices holding `p`, counted along the chain of vertices (`vnext`):
    /// `(cnt4 ?n)`; over the pieces put so far, `(cnt4 ?c1 ?c2 ?n)`, asked where it is read.
    fn count(
        &mut self,
        p: PieceId,
        ctx: &Ctx,
        b: &mut Body,
        lits: &mut Vec<String>,
    ) -> Result<String, Unsupported> {
        if ctx.hidden {
            return Err(Unsupported(
                "a piece count read while a move has put pieces".into(),
            ));
        }
        let board = Ctx {
            base: ctx.base,
            puts: ctx.puts.clone(),
            assigned: Vec::new(),
            terms: Vec::new(),
            hidden: false,
            apart: ctx.apart,
        };
        let (name, new) = self.relation(&[], format!("count{p:?}"), &board, "cnt");
        if new {
            self.uses.counts = true;
            self.uses.succ = true;
            let f = board.formal();
            let args = f.args();
            // The count up to each vertex of the chain (a name of its own kind, so demand
            // sees what it reads).
            let at = self.fresh_name("cnt");
            let others: Vec<PieceId> = (0..self.game.pieces.len())
                .map(PieceId::from_index)
                .filter(|&q| q != p)
                .collect();
            let start = if f.puts.is_empty() {
                Vec::new()
            } else {
                vec![format!("(want_{name} {})", args.trim_end())]
            };
            // Every vertex holds `p` or one of the others (a check of each, so the pieces
            // put are seen as checks see them).
            for (holds, first, step) in [(true, "1", "?m"), (false, "0", "?n")] {
                let set = if holds { vec![p] } else { others.clone() };
                let mut rb = Body {
                    lits: start.clone(),
                    ..Body::default()
                };
                rb.push("(vfirst ?v)".into());
                self.check(&set, &f, &mut rb, "?v")?;
                self.rules
                    .push(Rule::new(format!("({at} {args}?v {first})"), rb.lits));
                let mut rb = Body::default();
                rb.push("(vnext ?v ?w)".into());
                rb.push(format!("({at} {args}?v ?n)"));
                self.check(&set, &f, &mut rb, "?w")?;
                if holds {
                    rb.push("(succ ?n ?m)".into());
                }
                self.rules
                    .push(Rule::new(format!("({at} {args}?w {step})"), rb.lits));
            }
            self.rules.push(Rule::new(
                format!("({name} {args}?n)"),
                vec!["(vlast ?v)".into(), format!("({at} {args}?v ?n)")],
            ));
        }
        if !ctx.puts.is_empty() {
            self.ask_at(&name, ctx, b, None);
        }
        let t = b.fresh();
        lits.push(format!("({name} {}{t})", ctx.args()));
        Ok(t)
    }
}

fn flip(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Lt => CmpOp::Gt,
        CmpOp::Gt => CmpOp::Lt,
        CmpOp::Le => CmpOp::Ge,
        CmpOp::Ge => CmpOp::Le,
        o => o,
    }
}

/// `lit` with the variable `from` (a whole token) replaced by `to`.
fn replace_var(lit: &str, from: &str, to: &str) -> String {
    lit.split(' ')
        .map(|tok| {
            let core = tok.trim_end_matches(')');
            if core == from {
                format!("{to}{}", &tok[core.len()..])
            } else {
                tok.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
