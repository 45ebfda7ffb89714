//! Arithmetic expressions flattened into an arena and evaluated in signed 64-bit integers.
//! Division by zero and overflow make the action invalid (`None`); `/` truncates toward zero.

use ir::{Arith, ArithOp};

#[derive(Clone, Copy, Debug)]
pub(crate) enum Expr {
    Const(i64),
    Var(u32),
    /// Number of vertices holding the piece.
    Count(u32),
    Bin(ArithOp, u32, u32),
}

/// Appends `e` to the arena and returns its root index.
pub(crate) fn compile_arith(e: &Arith, arena: &mut Vec<Expr>) -> u32 {
    let x = match e {
        Arith::Const(c) => Expr::Const(*c),
        Arith::Var(v) => Expr::Var(v.0),
        Arith::Count(p) => Expr::Count(p.0),
        Arith::Bin(op, a, b) => {
            let a = compile_arith(a, arena);
            let b = compile_arith(b, arena);
            Expr::Bin(*op, a, b)
        }
    };
    arena.push(x);
    (arena.len() - 1) as u32
}

/// Evaluates expression `i` against variable values and piece counts. Leaves and operations
/// on two leaves (`turn + 1`) are evaluated in line; deeper trees by `eval_tree`.
#[inline(always)]
pub(crate) fn eval(arena: &[Expr], i: u32, vars: &[i64], counts: &[u32]) -> Option<i64> {
    match arena[i as usize] {
        Expr::Bin(op, a, b) => match (leaf(arena, a, vars, counts), leaf(arena, b, vars, counts)) {
            (Some(a), Some(b)) => apply(op, a, b),
            _ => eval_tree(arena, i, vars, counts),
        },
        _ => leaf(arena, i, vars, counts),
    }
}

/// The value of a leaf expression; `None` for an operation.
#[inline(always)]
fn leaf(arena: &[Expr], i: u32, vars: &[i64], counts: &[u32]) -> Option<i64> {
    match arena[i as usize] {
        Expr::Const(c) => Some(c),
        Expr::Var(v) => Some(vars[v as usize]),
        Expr::Count(p) => Some(counts[p as usize] as i64),
        Expr::Bin(..) => None,
    }
}

#[inline(always)]
fn apply(op: ArithOp, a: i64, b: i64) -> Option<i64> {
    match op {
        ArithOp::Add => a.checked_add(b),
        ArithOp::Sub => a.checked_sub(b),
        ArithOp::Mul => a.checked_mul(b),
        ArithOp::Div => a.checked_div(b),
    }
}

/// `eval` for any tree (recursive).
fn eval_tree(arena: &[Expr], i: u32, vars: &[i64], counts: &[u32]) -> Option<i64> {
    match arena[i as usize] {
        Expr::Bin(op, a, b) => {
            let a = eval_tree(arena, a, vars, counts)?;
            let b = eval_tree(arena, b, vars, counts)?;
            apply(op, a, b)
        }
        _ => leaf(arena, i, vars, counts),
    }
}
