//! Arithmetic without arithmetic: GDL has none, so every operation and comparison of the rules
//! becomes a static table over the values its operands can take (variables range over
//! `0..=bound`, piece counts over `0..=|vertices|`). An expression is compiled once into a
//! [`Plan`] — lookups and table joins — and written out at every level that evaluates it.

use ir::{Arith, ArithOp, CmpOp};
use std::fmt::Write;

/// A table larger than this is refused rather than written.
pub const MAX_ROWS: usize = 200_000;

/// The number of values in `lo..=hi` (0 when empty), exactly: no `i64` range overflows it.
pub fn range_len(lo: i64, hi: i64) -> u128 {
    if hi < lo {
        0
    } else {
        (hi as i128 - lo as i128) as u128 + 1
    }
}

/// A static table of more than [`MAX_ROWS`] rows, refused: which table, and its rows.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableTooLarge {
    #[error(
        "the operation `{}` needs a table of {rows} rows (at most {max})",
        .op.symbol(),
        max = MAX_ROWS
    )]
    Operation { op: ArithOp, rows: u128 },
    #[error(
        "the comparison `{}` needs a table of {rows} rows (at most {max})",
        .op.symbol(),
        max = MAX_ROWS
    )]
    Comparison { op: CmpOp, rows: u128 },
    /// The one-column table of the values an assignment may store.
    #[error(
        "the bound check of the assignment (values {lo}..={hi}) needs a table of {rows} rows \
         (at most {max})",
        max = MAX_ROWS
    )]
    BoundCheck { lo: i64, hi: i64, rows: u128 },
}

/// Refuses a table of `rows` rows over [`MAX_ROWS`]; `too_large` says which table it is.
fn check_rows(
    rows: u128,
    too_large: impl FnOnce(u128) -> TableTooLarge,
) -> Result<(), TableTooLarge> {
    if rows > MAX_ROWS as u128 {
        return Err(too_large(rows));
    }
    Ok(())
}

/// The GDL constant of a number (`neg3` for -3: only tables ever hold negative numbers).
pub fn num(v: i64) -> String {
    if v < 0 {
        format!("neg{}", v.unsigned_abs())
    } else {
        v.to_string()
    }
}

/// Facts joined into lines of about 90 characters.
pub fn wrapped(facts: impl IntoIterator<Item = String>) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for f in facts {
        if !line.is_empty() && line.len() + f.len() > 90 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&f);
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// An operand: a constant or the `n`-th temporary of the plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    Const(i64),
    Temp(usize),
}

#[derive(Clone, Debug)]
pub enum Step {
    /// `temp = value of variable`.
    Var(ir::VarId, usize),
    /// `temp = number of pieces`.
    Count(ir::PieceId, usize),
    /// `(table a b temp)`.
    Table(String, Operand, Operand, usize),
}

/// How to compute an expression: steps, then the result.
#[derive(Clone, Debug)]
pub struct Plan {
    pub steps: Vec<Step>,
    pub result: Operand,
    pub lo: i64,
    pub hi: i64,
}

/// The static tables written so far, and the counter that names them.
pub struct Tables {
    pub text: String,
    next: usize,
    /// Tables already written, by what determines their rows: name and value range.
    seen: std::collections::HashMap<String, (String, i64, i64)>,
    vertex_count: i64,
    bounds: Vec<i64>,
}

impl Tables {
    pub fn new(vertex_count: usize, bounds: Vec<i64>) -> Tables {
        Tables {
            text: String::new(),
            next: 0,
            seen: Default::default(),
            vertex_count: vertex_count as i64,
            bounds,
        }
    }

    fn fresh_name(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("{prefix}{}", self.next)
    }

    /// Compiles an expression; `Err` names the table that would be too large.
    pub fn plan(&mut self, e: &Arith, temps: &mut usize) -> Result<Plan, TableTooLarge> {
        Ok(match e {
            Arith::Const(c) => Plan {
                steps: vec![],
                result: Operand::Const(*c),
                lo: *c,
                hi: *c,
            },
            Arith::Var(v) => {
                let t = *temps;
                *temps += 1;
                Plan {
                    steps: vec![Step::Var(*v, t)],
                    result: Operand::Temp(t),
                    lo: 0,
                    hi: self.bounds[v.index()],
                }
            }
            Arith::Count(p) => {
                let t = *temps;
                *temps += 1;
                Plan {
                    steps: vec![Step::Count(*p, t)],
                    result: Operand::Temp(t),
                    lo: 0,
                    hi: self.vertex_count,
                }
            }
            Arith::Bin(op, a, b) => {
                let pa = self.plan(a, temps)?;
                let pb = self.plan(b, temps)?;
                let apply = |x: i64, y: i64| -> Option<i64> {
                    match op {
                        ArithOp::Add => x.checked_add(y),
                        ArithOp::Sub => x.checked_sub(y),
                        ArithOp::Mul => x.checked_mul(y),
                        ArithOp::Div => x.checked_div(y),
                    }
                };
                if let (Operand::Const(x), Operand::Const(y)) = (pa.result, pb.result) {
                    // Folded; an invalid constant operation keeps an empty table below.
                    if let Some(v) = apply(x, y) {
                        return Ok(Plan {
                            steps: vec![],
                            result: Operand::Const(v),
                            lo: v,
                            hi: v,
                        });
                    }
                }
                let size = range_len(pa.lo, pa.hi).saturating_mul(range_len(pb.lo, pb.hi));
                check_rows(size, |rows| TableTooLarge::Operation { op: *op, rows })?;
                let key = format!("{} {} {} {} {}", op.symbol(), pa.lo, pa.hi, pb.lo, pb.hi);
                let mut steps = pa.steps;
                steps.extend(pb.steps);
                let t = *temps;
                *temps += 1;
                if let Some((name, lo, hi)) = self.seen.get(&key).cloned() {
                    steps.push(Step::Table(name, pa.result, pb.result, t));
                    return Ok(Plan {
                        steps,
                        result: Operand::Temp(t),
                        lo,
                        hi,
                    });
                }
                let name = self.fresh_name("arith");
                let (mut lo, mut hi) = (i64::MAX, i64::MIN);
                let _ = writeln!(self.text, ";; {}", op.symbol());
                let mut rows = Vec::new();
                for x in pa.lo..=pa.hi {
                    for y in pb.lo..=pb.hi {
                        if let Some(v) = apply(x, y) {
                            lo = lo.min(v);
                            hi = hi.max(v);
                            rows.push(format!("({name} {} {} {})", num(x), num(y), num(v)));
                        }
                    }
                }
                self.text.push_str(&wrapped(rows));
                if lo > hi {
                    (lo, hi) = (0, -1);
                }
                self.seen.insert(key, (name.clone(), lo, hi));
                steps.push(Step::Table(name, pa.result, pb.result, t));
                Plan {
                    steps,
                    result: Operand::Temp(t),
                    lo,
                    hi,
                }
            }
        })
    }

    /// A table of the pairs (in the plans' ranges) satisfying `op`; `None` when every pair does
    /// (no literal needed), and an empty name list when none does.
    pub fn comparison(
        &mut self,
        a: &Plan,
        op: CmpOp,
        b: &Plan,
    ) -> Result<Comparison, TableTooLarge> {
        let size = range_len(a.lo, a.hi).saturating_mul(range_len(b.lo, b.hi));
        check_rows(size, |rows| TableTooLarge::Comparison { op, rows })?;
        let mut rows = Vec::new();
        let mut all = true;
        for x in a.lo..=a.hi {
            for y in b.lo..=b.hi {
                if op.holds(x, y) {
                    rows.push((x, y));
                } else {
                    all = false;
                }
            }
        }
        if all {
            return Ok(Comparison::Always);
        }
        if rows.is_empty() {
            return Ok(Comparison::Never);
        }
        let key = format!("{} {} {} {} {}", op.symbol(), a.lo, a.hi, b.lo, b.hi);
        if let Some((name, _, _)) = self.seen.get(&key) {
            return Ok(Comparison::Table(name.clone()));
        }
        let name = self.fresh_name("cmp");
        self.seen.insert(key, (name.clone(), 0, 0));
        let _ = writeln!(self.text, ";; {}", op.symbol());
        self.text.push_str(&wrapped(
            rows.into_iter()
                .map(|(x, y)| format!("({name} {} {})", num(x), num(y))),
        ));
        Ok(Comparison::Table(name))
    }

    /// The values in `plan`'s range that fit `0..=bound`, as a one-column table (`Always` when
    /// every value fits).
    pub fn in_bounds(&mut self, plan: &Plan, bound: i64) -> Result<Comparison, TableTooLarge> {
        let (lo, hi) = (plan.lo.max(0), plan.hi.min(bound));
        if plan.lo >= 0 && plan.hi <= bound {
            return Ok(Comparison::Always);
        }
        if lo > hi {
            return Ok(Comparison::Never);
        }
        let key = format!("fits {lo} {hi}");
        if let Some((name, _, _)) = self.seen.get(&key) {
            return Ok(Comparison::Table(name.clone()));
        }
        check_rows(range_len(lo, hi), |rows| TableTooLarge::BoundCheck {
            lo,
            hi,
            rows,
        })?;
        let name = self.fresh_name("fits");
        self.seen.insert(key, (name.clone(), 0, 0));
        let _ = writeln!(self.text, ";; 0..={bound}");
        self.text
            .push_str(&wrapped((lo..=hi).map(|v| format!("({name} {})", num(v)))));
        Ok(Comparison::Table(name))
    }
}

/// What a comparison needs.
#[derive(Clone, Debug)]
pub enum Comparison {
    Always,
    Never,
    Table(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bound_check_over_the_limit_is_refused_with_its_values() {
        let mut tables = Tables::new(10, vec![]);
        let plan = Plan {
            steps: vec![],
            result: Operand::Temp(0),
            lo: -1,
            hi: 1_000_000,
        };
        let e = tables.in_bounds(&plan, 500_000).unwrap_err();
        assert_eq!(
            e,
            TableTooLarge::BoundCheck {
                lo: 0,
                hi: 500_000,
                rows: 500_001
            }
        );
        assert_eq!(
            e.to_string(),
            "the bound check of the assignment (values 0..=500000) needs a table of 500001 rows \
             (at most 200000)"
        );
        let e = TableTooLarge::Comparison {
            op: CmpOp::Lt,
            rows: 7,
        };
        assert_eq!(
            e.to_string(),
            "the comparison `<` needs a table of 7 rows (at most 200000)"
        );
    }
}
