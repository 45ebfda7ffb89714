//! [`Game`] → canonical SBG text: the spec's grammar, one rule per line (long rules wrapped at
//! a top-level `+`), parentheses only where needed. Parsing the text gives the same game.

use crate::ast::{Expr, Game, Goal};
use std::fmt::Write;

/// Rules longer than this are wrapped at a top-level `+`.
const LINE_WIDTH: usize = 100;

/// The canonical text of a game.
pub fn print(game: &Game) -> String {
    let mut out = String::new();
    let b = &game.board;
    // A name built in code may hold characters `<<...>>` cannot; they become spaces.
    let name = game.name.replace(['<', '>', '\n', '\r'], " ");
    let _ = writeln!(
        out,
        "<<{}>>\n\n<BOARD>\n{} {}",
        name.trim(),
        b.width,
        b.height
    );
    for y in (0..b.height).rev() {
        out.push('|');
        for x in 0..b.width {
            out.push(b.get(x, y).map_or('.', |p| p.letter()));
        }
        out.push_str("|\n");
    }
    out.push_str("\n<PIECES>\n");
    for rule in &game.rules {
        out.push_str(&print_rule(rule.kind, &rule.expr));
        out.push('\n');
    }
    let _ = writeln!(out, "\n<GOALS>\n{} &", game.turn_limit);
    for goal in &game.goals {
        match goal {
            Goal::Count { piece, at_most } => {
                let _ = writeln!(out, "#{} {} &", piece.letter(), at_most);
            }
            Goal::Reach { piece, squares } => {
                let squares: Vec<String> =
                    squares.iter().map(|(x, y)| format!("{x} {y}")).collect();
                let _ = writeln!(out, "@{} {} &", piece.letter(), squares.join(", "));
            }
        }
    }
    out
}

/// One rule, `K expr &`, wrapped over several lines when long.
pub fn print_rule(kind: char, expr: &Expr) -> String {
    let parts: Vec<String> = match expr {
        Expr::Alt(v) => v.iter().map(|e| print_expr_at(e, 1)).collect(),
        e => vec![print_expr(e)],
    };
    let mut out = format!("{kind} ");
    let mut line_len = out.len();
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            if line_len + 3 + p.len() > LINE_WIDTH {
                out.push_str(" +\n  ");
                line_len = 2;
            } else {
                out.push_str(" + ");
                line_len += 3;
            }
        }
        out.push_str(p);
        line_len += p.len();
    }
    out.push_str(" &");
    out
}

/// An expression on one line.
pub fn print_expr(e: &Expr) -> String {
    print_expr_at(e, 0)
}

/// `level`: 0 anywhere, 1 inside a concatenation's neighbourhood (an alternative needs
/// parentheses), 2 as the base of a power (only a letter goes bare).
fn print_expr_at(e: &Expr, level: u8) -> String {
    match e {
        Expr::Letter(l) => l.to_string(),
        Expr::Alt(v) => {
            let s = v
                .iter()
                .map(|e| print_expr_at(e, 1))
                .collect::<Vec<_>>()
                .join(" + ");
            if level >= 1 {
                format!("({s})")
            } else {
                s
            }
        }
        Expr::Concat(v) => {
            let s: String = v.iter().map(|e| print_expr_at(e, 1)).collect();
            if level >= 2 {
                format!("({s})")
            } else {
                s
            }
        }
        Expr::Power(base, n) => format!("{}^{n}", power_base(base)),
        Expr::Star(base) => format!("{}^*", power_base(base)),
    }
}

fn power_base(base: &Expr) -> String {
    match base {
        Expr::Letter(l) => l.to_string(),
        e => format!("({})", print_expr_at(e, 0)),
    }
}
