//! SBG → HL-RBG. The encoding (details and reasons in `docs/sbg-to-rbg.md`):
//!
//! * players `white`, `black` with scores 100/50/0; pieces `empty`, `wX`/`bX` per piece type `X`
//!   (plus `hole`, see below); a variable `turn` counting plies, bounded by the turn limit;
//!   `rectangle(up, down, left, right, ...)` with SBG's top row first.
//! * one macro per piece type, `X(forward; backward; own; opp)`: the piece's language without
//!   the empty word, each letter `(dx,dy,on)` as horizontal then vertical shifts (monotone, so
//!   it stays on a rectangular board exactly when SBG's jump would) and an on-check.
//! * a move is `anySquare {wX} [empty] X(...) [wX] ->>`: every word reaching the same square
//!   funnels into the same `[wX]`, so a move is identified by (from, to) as in SBG. Lifting the
//!   piece first is exact unless a word comes back to its start square; such pieces lift into
//!   a `hole` that reads as an own piece and is cleared by the keeper afterwards.
//! * the keeper then applies SBG's end-of-move checks in SBG's order (`@` goal of the moved
//!   piece, the opponent's `#`, the mover's `#`, the turn limit) and otherwise hands over with
//!   provisional scores saying that a player who cannot move has lost.

use crate::words::{nonempty, visits_origin};
use codespan_reporting::diagnostic::Diagnostic;
use sbg::{Expr, Game, Goal, Letter, On, Piece, Side};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// The RBG name of a piece.
fn piece_name(p: Piece) -> String {
    let c = match p.side {
        Side::White => 'w',
        Side::Black => 'b',
    };
    format!("{c}{}", p.kind)
}

fn side_name(s: Side) -> &'static str {
    match s {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// Prints an SBG expression as RBG actions. `top` allows a sum without parentheses.
fn rbg_expr(e: &Expr, out: &mut String, top: bool) {
    match e {
        Expr::Letter(l) => letter(*l, out),
        Expr::Concat(v) => {
            for (i, part) in v.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                rbg_expr(part, out, false);
            }
        }
        Expr::Alt(v) => {
            if !top {
                out.push('(');
            }
            for (i, part) in v.iter().enumerate() {
                if i > 0 {
                    out.push_str(" + ");
                }
                rbg_expr(part, out, false);
            }
            if !top {
                out.push(')');
            }
        }
        Expr::Power(inner, n) => match n {
            // `e^0` is the empty word; RBG has no symbol for it, so an always-valid check.
            0 => out.push_str("{$ 0 == 0}"),
            1 => rbg_expr(inner, out, false),
            n => {
                out.push('(');
                rbg_expr(inner, out, true);
                let _ = write!(out, ")^{n}");
            }
        },
        Expr::Star(inner) => {
            out.push('(');
            rbg_expr(inner, out, true);
            out.push_str(")*");
        }
    }
}

fn shift(out: &mut String, dir: &str, n: i32) {
    match n {
        0 => {}
        1 => {
            out.push_str(dir);
            out.push(' ');
        }
        n => {
            let _ = write!(out, "{dir}^{n} ");
        }
    }
}

fn letter(l: Letter, out: &mut String) {
    if l.dx > 0 {
        shift(out, "right", l.dx);
    } else {
        shift(out, "left", -l.dx);
    }
    if l.dy > 0 {
        shift(out, "forward", l.dy);
    } else {
        shift(out, "backward", -l.dy);
    }
    out.push_str(match l.on {
        On::Empty => "{empty}",
        On::Opponent => "{opp}",
        On::Own => "{own}",
    });
}

/// `{? ...}` body testing that the current square is one of `squares` (absolute, (0,0)
/// bottom-left) on a `w` x `h` board: walk to the nearer edge and check it is the edge.
fn square_test(squares: &BTreeSet<(usize, usize)>, w: usize, h: usize) -> String {
    let mut rows: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
    for &(x, y) in squares {
        rows.entry(y).or_default().insert(x);
    }
    let edge = |out: &mut String, near: &str, far: &str, k: usize, from_far: usize| {
        // exactly k steps from the `near` edge (from_far steps from the other one)
        let (dir, n) = if from_far < k {
            (far, from_far)
        } else {
            (near, k)
        };
        shift(out, dir, n as i32);
        let _ = write!(out, "{{! {dir}}}");
    };
    let mut alts = Vec::new();
    for (y, xs) in rows {
        let mut s = String::new();
        edge(&mut s, "down", "up", y, h - 1 - y);
        if xs.len() < w {
            let cols: Vec<String> = xs
                .iter()
                .map(|&x| {
                    let mut c = String::new();
                    edge(&mut c, "left", "right", x, w - 1 - x);
                    c
                })
                .collect();
            if cols.len() == 1 {
                let _ = write!(s, " {}", cols[0]);
            } else {
                let _ = write!(s, " ({})", cols.join(" + "));
            }
        }
        alts.push(s);
    }
    alts.join(" + ")
}

/// The readable HL-RBG text of an SBG game.
fn rbg_text(game: &Game) -> String {
    let (w, h) = (game.board.width, game.board.height);
    // Piece types: everything that occurs anywhere, so counts and goals can name them.
    let mut kinds: BTreeSet<char> = game.rules.iter().map(|r| r.kind).collect();
    kinds.extend(game.board.cells.iter().flatten().map(|p| p.kind));
    for g in &game.goals {
        match g {
            Goal::Reach { piece, .. } | Goal::Count { piece, .. } => kinds.insert(piece.kind),
        };
    }
    // Rules without the empty word; pieces whose words may revisit their start use the hole.
    let mut movers: Vec<(char, Expr, bool, String)> = Vec::new();
    for r in &game.rules {
        if let Some(e) = nonempty(&r.expr) {
            let hole = visits_origin(&e, w, h);
            movers.push((r.kind, e, hole, sbg::print::print_expr(&r.expr)));
        }
    }
    let uses_hole = movers.iter().any(|m| m.2);

    let mut o = String::new();
    let _ = writeln!(
        o,
        "// {} — translated from Simplified Boardgames by rbgtool.",
        game.name.trim()
    );
    o.push_str("// SBG square (0,0) is the bottom-left vertex; white moves up, black down.\n");
    o.push_str("// Encoding: docs/sbg-to-rbg.md\n\n");
    o.push_str("#players = white(100), black(100) // win 100, draw 50, loss 0\n");
    let mut pieces = vec!["empty".to_string()];
    if uses_hole {
        pieces.push("hole".into());
    }
    for &k in &kinds {
        for side in [Side::White, Side::Black] {
            pieces.push(piece_name(Piece { side, kind: k }));
        }
    }
    let _ = writeln!(o, "#pieces = {}", pieces.join(", "));
    let _ = writeln!(
        o,
        "#variables = turn({}) // plies played; reaching the turn limit is a draw\n",
        game.turn_limit
    );

    // Board, top row first, columns aligned.
    let cell = |x: usize, y: usize| {
        game.board
            .get(x, y)
            .map(piece_name)
            .unwrap_or_else(|| "empty".into())
    };
    let width = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .map(|(x, y)| cell(x, y).len())
        .max()
        .unwrap_or(5);
    o.push_str("#board = rectangle(up, down, left, right,\n");
    for y in (0..h).rev() {
        let row: Vec<String> = (0..w).map(|x| format!("{:<width$}", cell(x, y))).collect();
        let _ = writeln!(o, "    [{}]", row.join(", ").trim_end());
    }
    o.push_str(")\n\n");

    for side in [Side::White, Side::Black] {
        let list: Vec<String> = kinds
            .iter()
            .map(|&kind| piece_name(Piece { side, kind }))
            .collect();
        let _ = writeln!(o, "#{}Pieces = {}", side_name(side), list.join(", "));
    }
    o.push_str("#anySquare = (left* + right*)(up* + down*)\n\n");

    // One macro per piece type.
    for (kind, e, hole, source) in &movers {
        let _ = writeln!(o, "// {kind} {source}");
        if *hole {
            o.push_str(
                "// (a word may come back to its start square: the piece lifts into `hole`)\n",
            );
        }
        // One alternative per line when the rule is a long sum (most piece rules are).
        let body = match e {
            Expr::Alt(parts) if parts.len() > 2 => {
                let alts: Vec<String> = parts
                    .iter()
                    .map(|p| {
                        let mut t = String::new();
                        rbg_expr(p, &mut t, false);
                        t
                    })
                    .collect();
                alts.join("\n      + ")
            }
            _ => {
                let mut t = String::new();
                rbg_expr(e, &mut t, true);
                t
            }
        };
        // Parenthesised: macro expansion is textual, and the body is used inside a concatenation.
        let _ = writeln!(
            o,
            "#{kind}(forward; backward; own; opp) = (\n        {body}\n    )\n"
        );
    }

    // A player's move: choose a piece, lift it, follow a word, put it down, let the keeper judge.
    o.push_str("#move(c; forward; backward; own; opp) =\n    anySquare (\n");
    if movers.is_empty() {
        o.push_str("        {} // no piece can move\n");
    }
    for (i, (kind, _, hole, _)) in movers.iter().enumerate() {
        let sep = if i == 0 { "       " } else { "     + " };
        if *hole {
            let _ = writeln!(
                o,
                "    {sep}{{c~{kind}}} [hole] {kind}(forward; backward; own, hole; opp) [c~{kind}]"
            );
        } else {
            let _ = writeln!(
                o,
                "    {sep}{{c~{kind}}} [empty] {kind}(forward; backward; own; opp) [c~{kind}]"
            );
        }
    }
    o.push_str("    ) ->>\n\n");

    if uses_hole {
        o.push_str("// The keeper clears the lifted piece's start square (if the piece did not come back).\n");
        o.push_str("#clearHole = (anySquare {hole} [empty] + {! anySquare {hole}})\n");
        o.push_str("#endGame = clearHole ->> {}\n\n");
    } else {
        o.push_str("#endGame = ->> {}\n\n");
    }

    // Goal conditions per side.
    for side in [Side::White, Side::Black] {
        let name = side_name(side);
        let mut reach: BTreeMap<char, BTreeSet<(usize, usize)>> = BTreeMap::new();
        let mut counts: Vec<(Piece, u32)> = Vec::new();
        for g in &game.goals {
            match g {
                Goal::Reach { piece, squares } if piece.side == side => reach
                    .entry(piece.kind)
                    .or_default()
                    .extend(squares.iter().copied()),
                Goal::Count { piece, at_most } if piece.side == side => {
                    counts.push((*piece, *at_most))
                }
                _ => {}
            };
        }
        if !reach.is_empty() {
            let _ = writeln!(
                o,
                "// {name} wins by moving a piece onto one of its goal squares"
            );
            let alts: Vec<String> = reach
                .iter()
                .map(|(&kind, sq)| {
                    format!(
                        "{{{}}} {{? {}}}",
                        piece_name(Piece { side, kind }),
                        square_test(sq, w, h)
                    )
                })
                .collect();
            let _ = writeln!(o, "#{name}ReachedGoal = ({})", alts.join(" + "));
        }
        if !counts.is_empty() {
            let _ = writeln!(
                o,
                "// {name} loses when it has at most this many pieces of a kind"
            );
            let alts: Vec<String> = counts
                .iter()
                .map(|(p, n)| format!("{{$ {} <= {n}}}", piece_name(*p)))
                .collect();
            let _ = writeln!(o, "#{name}Loses = ({})", alts.join(" + "));
        }
    }
    o.push('\n');

    for (me, opp) in [(Side::White, Side::Black), (Side::Black, Side::White)] {
        let (m, p) = (side_name(me), side_name(opp));
        let has = |s: Side, what: &str| {
            game.goals.iter().any(|g| match (g, what) {
                (Goal::Reach { piece, .. }, "reach") => piece.side == s,
                (Goal::Count { piece, .. }, "count") => piece.side == s,
                _ => false,
            })
        };
        let mut conds: Vec<(String, String)> = Vec::new(); // (condition macro, outcome)
        if has(me, "reach") {
            conds.push((format!("{m}ReachedGoal"), format!("[$ {m} = 100, {p} = 0]")));
        }
        if has(opp, "count") {
            conds.push((format!("{p}Loses"), format!("[$ {m} = 100, {p} = 0]")));
        }
        if has(me, "count") {
            conds.push((format!("{m}Loses"), format!("[$ {m} = 0, {p} = 100]")));
        }
        let _ = writeln!(
            o,
            "// After {m}'s move, in SBG's order: goal square, piece counts, turn limit."
        );
        let _ = writeln!(
            o,
            "#after{}Move =\n    [$ turn = turn + 1]\n    (",
            capital(m)
        );
        // An if/else-if chain: each condition is tested once, its negation guards the rest.
        for (cond, outcome) in &conds {
            let _ = writeln!(o, "          {{? {cond}}} {outcome} endGame");
            let _ = writeln!(o, "        + {{! {cond}}} (");
        }
        if conds.is_empty() {
            o.push_str("          (\n");
        }
        let clear = if uses_hole { "clearHole " } else { "" };
        let _ = writeln!(
            o,
            "              {{$ turn == {lim}}} [$ {m} = 50, {p} = 50] endGame\n            + {{$ turn < {lim}}} [$ {m} = 100, {p} = 0] {clear}->{p} // {p} loses if it cannot move\n          ){}\n    )\n",
            ")".repeat(conds.len().saturating_sub(1)),
            lim = game.turn_limit
        );
    }

    if game.turn_limit == 0 {
        o.push_str("// A turn limit of 0: the initial position is a terminal draw.\n");
        o.push_str("#rules = [$ white = 50, black = 50] ->> {}\n");
    } else {
        o.push_str(
            "#rules = [$ white = 0, black = 100] ->white // white loses if it cannot move\n",
        );
        o.push_str("    (\n");
        o.push_str("        move(w; up; down; whitePieces; blackPieces) afterWhiteMove\n");
        o.push_str("        move(b; down; up; blackPieces; whitePieces) afterBlackMove\n");
        o.push_str("    )*\n");
    }
    o
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Why the RBG front end rejects the translation of an SBG game; the variants carry its
/// diagnostics (summarised when displayed).
#[derive(Debug, thiserror::Error)]
pub enum ReadBackError {
    /// A size limit of the front end (e.g. a piece with tens of thousands of alternatives).
    #[error(
        "the RBG translation ({bytes} bytes) exceeds a limit of the RBG front end: {}",
        rbg::diagnostic_summary(.diagnostics)
    )]
    Limit {
        bytes: usize,
        diagnostics: Vec<Diagnostic<()>>,
    },
    /// Any other rejection: a bug of the translation.
    #[error(
        "internal error: the RBG translation does not parse: {}",
        rbg::diagnostic_summary(.0)
    )]
    Invalid(Vec<Diagnostic<()>>),
}

/// The HL-RBG text of an SBG game, read back by the RBG front end before it is returned: an
/// `Err` says why the front end would reject it (a size limit, e.g. a piece with tens of
/// thousands of alternatives, or a bug of the translation).
pub fn sbg_to_rbg(game: &Game) -> Result<String, ReadBackError> {
    let text = rbg_text(game);
    read_back(&text)?;
    Ok(text)
}

/// The IR of an SBG game: its HL-RBG translation read by the RBG front end.
pub fn sbg_to_ir(game: &Game) -> Result<ir::Game, ReadBackError> {
    read_back(&rbg_text(game))
}

fn read_back(text: &str) -> Result<ir::Game, ReadBackError> {
    rbg::parse_game(text)
        .map(|p| p.game)
        .map_err(|diagnostics| {
            if diagnostics.iter().any(|d| d.message.contains("limit")) {
                ReadBackError::Limit {
                    bytes: text.len(),
                    diagnostics,
                }
            } else {
                ReadBackError::Invalid(diagnostics)
            }
        })
}
