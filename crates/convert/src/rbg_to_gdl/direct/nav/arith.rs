//! Comparisons and arithmetic: variables, small sums and piece counts as GDL terms.

use super::{Base, Body, Ctx, Nav};
use crate::rbg_to_gdl::direct::text::{self, Rule};
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
            let plain = Ctx::plain(ctx.base);
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
        if !simple(left) || !simple(right) {
            let mut lits = Vec::new();
            self.tabulate(&[left, right], Table::Holds(op), ctx, b, &mut lits, |v| {
                op.holds(v[0]?, v[1]?).then(String::new)
            })?;
            b.lits.append(&mut lits);
            return Ok(());
        }
        let mut lits = Vec::new();
        let l = self.term(left, ctx, b, &mut lits)?;
        let mut rlits = Vec::new();
        let r = self.term(right, ctx, b, &mut rlits)?;
        if let (Ok(a), Ok(c)) = (l.parse::<i64>(), r.parse::<i64>()) {
            if !op.holds(a, c) {
                b.push(text::FALSE.into());
            }
            return Ok(());
        }
        let bound_before = |t: &str, lits: &Vec<String>| {
            t.starts_with('?') && !lits.iter().any(|l| text::vars(l).any(|v| v == t))
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
                    Base::AfterMove | Base::Stage(_) => format!("(aftvar {name} {t})"),
                });
                Ok(t)
            }
            Arith::Bin(..) if !simple(e) => {
                // Any other arithmetic: a static table from its leaves' values to the result
                // (rows only for results a variable can hold: others are invalid anyway).
                let limit = super::max_bound(self.game);
                let r = b.fresh();
                self.tabulate(&[e], Table::Value(&r), ctx, b, lits, |v| {
                    v[0].filter(|r| (0..=limit).contains(r))
                        .map(|r| r.to_string())
                })?;
                Ok(r)
            }
            Arith::Bin(op @ (ArithOp::Add | ArithOp::Sub), a, c) => {
                let Arith::Const(k @ 0..=4) = **c else {
                    unreachable!("simple")
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
            Arith::Const(_) => Err(Unsupported("a negative value".into())),
            Arith::Bin(..) => unreachable!("tabulated above"),
        }
    }

    /// A static table over the values of the variables and counts in `exprs` (their leaves):
    /// a row `(tabN l1 .. lk x)` for each combination whose values give `row(values) =
    /// Some(x)` (`x` may be empty); pushes the leaves' literals and the table's to `lits`,
    /// with the result's GDL variable for `x` in a table of values.
    fn tabulate(
        &mut self,
        exprs: &[&Arith],
        table: Table,
        ctx: &Ctx,
        b: &mut Body,
        lits: &mut Vec<String>,
        row: impl Fn(&[Option<i64>]) -> Option<String>,
    ) -> Result<(), Unsupported> {
        let mut leaves: Vec<Arith> = Vec::new();
        for e in exprs {
            collect_leaves(e, &mut leaves);
        }
        let vertices = self.game.board.vertex_count() as i64;
        let ranges: Vec<i64> = leaves
            .iter()
            .map(|l| match l {
                Arith::Var(v) => self.game.variables[v.index()].bound,
                _ => vertices,
            })
            .collect();
        let rows = ranges
            .iter()
            .try_fold(1u64, |n, r| n.checked_mul(*r as u64 + 1))
            .filter(|&n| n <= MAX_TABLE_ROWS);
        let Some(_) = rows else {
            return Err(Unsupported(format!(
                "arithmetic whose table would have more than {MAX_TABLE_ROWS} rows"
            )));
        };
        let mut terms = Vec::new();
        for l in &leaves {
            terms.push(self.term(l, ctx, b, lits)?);
        }
        let key = format!("table {} {exprs:?}", table.kind());
        let plain = Ctx::plain(Base::State);
        let (name, new) = self.relation(&[], key, &plain, "tab");
        if new {
            let mut values = vec![0i64; leaves.len()];
            loop {
                let results: Vec<Option<i64>> =
                    exprs.iter().map(|e| eval(e, &leaves, &values)).collect();
                if let Some(x) = row(&results) {
                    let args: Vec<String> = values.iter().map(|v| v.to_string()).collect();
                    let head = format!("({name} {} {x})", args.join(" "));
                    self.rules
                        .push(Rule::new(head.replace(" )", ")"), Vec::new()));
                }
                // The next combination (an odometer over the ranges).
                let Some(i) = (0..values.len()).find(|&i| values[i] < ranges[i]) else {
                    break;
                };
                values[i] += 1;
                for v in &mut values[..i] {
                    *v = 0;
                }
            }
        }
        if let Table::Value(r) = table {
            terms.push(r.to_string());
        }
        lits.push(format!("({name} {})", terms.join(" ")));
        Ok(())
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
            // Asked where it is read: a count of the whole board each state costs a walk
            // over every vertex, and most games read theirs only when the play ends.
            let start = vec![format!("(want_{name} {})", args.trim_end()).replace(" )", ")")];
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
        self.ask_at(&name, ctx, b, None);
        let t = b.fresh();
        lits.push(format!("({name} {}{t})", ctx.args()));
        Ok(t)
    }
}

/// What a table says: where a comparison holds, or an expression's value (in this GDL
/// variable).
enum Table<'a> {
    Holds(CmpOp),
    Value(&'a str),
}

impl Table<'_> {
    /// What tells tables of the same expressions apart (not where the value goes).
    fn kind(&self) -> String {
        match self {
            Table::Holds(op) => format!("{op:?}"),
            Table::Value(_) => "value".into(),
        }
    }
}

/// Deeper arithmetic is a static table of at most this many rows.
const MAX_TABLE_ROWS: u64 = 20_000;

/// Whether `e` needs no table: a constant, a variable, a count, or one of these plus or
/// minus a small constant (a chain of `succ`).
fn simple(e: &Arith) -> bool {
    match e {
        Arith::Const(c) => *c >= 0,
        Arith::Var(_) | Arith::Count(_) => true,
        Arith::Bin(ArithOp::Add | ArithOp::Sub, a, c) => {
            matches!(**c, Arith::Const(0..=4)) && simple(a)
        }
        Arith::Bin(..) => false,
    }
}

/// The variables and counts of `e`, each once.
fn collect_leaves(e: &Arith, out: &mut Vec<Arith>) {
    match e {
        Arith::Var(_) | Arith::Count(_) if !out.contains(e) => out.push(e.clone()),
        Arith::Bin(_, a, b) => {
            collect_leaves(a, out);
            collect_leaves(b, out);
        }
        _ => {}
    }
}

/// `e` where `leaves[i]` has value `values[i]` (`None`: overflow or division by zero, an
/// invalid action in RBG).
fn eval(e: &Arith, leaves: &[Arith], values: &[i64]) -> Option<i64> {
    match e {
        Arith::Const(c) => Some(*c),
        Arith::Var(_) | Arith::Count(_) => leaves.iter().position(|l| l == e).map(|i| values[i]),
        Arith::Bin(op, a, b) => {
            let (a, b) = (eval(a, leaves, values)?, eval(b, leaves, values)?);
            match op {
                ArithOp::Add => a.checked_add(b),
                ArithOp::Sub => a.checked_sub(b),
                ArithOp::Mul => a.checked_mul(b),
                ArithOp::Div => a.checked_div(b),
            }
        }
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
