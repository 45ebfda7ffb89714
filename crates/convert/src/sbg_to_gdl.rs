//! SBG → GDL (KIF text). The encoding (details and reasons in `docs/sbg-to-gdl.md`):
//!
//! * state: `(cell x y p)` for every occupied square, `(control r)`, `(step n)`,
//!   `(count p n)` for the pieces named by `#` goals, `(reached r)` once a player moved a piece
//!   onto one of its `@` squares;
//! * moves: `(move x1 y1 x2 y2)` for the player in control, `noop` for the other;
//! * each piece type's language is a minimal DFA (without the empty word); state `q` becomes a
//!   relation `(t_K_q r x0 y0 x y)` — "a piece of the role in control starting on (x0,y0) can
//!   reach DFA state q on (x,y)" — grown forward from the pieces actually on the board, so a
//!   bottom-up reasoner derives only what the position needs (a top-down one tables it);
//!   letter steps are static facts `(d_DX_DY r x y x1 y1)` (black's are mirrored), so no
//!   arithmetic is needed anywhere;
//! * terminal and goals follow DESIGN.md §3 in order: `@`, the opponent's `#`, the mover's `#`,
//!   the turn limit, then "no legal move loses". Every state has exactly one goal per role.

use crate::words::nonempty;
use sbg::automaton::Dfa;
use sbg::{Game, Goal, On, Piece, Side};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

fn piece_name(p: Piece) -> String {
    let c = match p.side {
        Side::White => 'w',
        Side::Black => 'b',
    };
    format!("{c}{}", p.kind)
}

fn num_name(n: i32) -> String {
    if n < 0 {
        format!("m{}", -n)
    } else {
        n.to_string()
    }
}

/// The largest turn limit translated: the ply counter is one `(succ n n+1)` fact and one
/// `(base (step n))` fact per ply (about 40 bytes a ply).
pub const MAX_TURN_LIMIT: u32 = 100_000;

/// Everything that can go wrong: automata too large to build, a turn limit over
/// [`MAX_TURN_LIMIT`].
#[derive(Debug)]
pub struct GdlError(pub String);

impl std::fmt::Display for GdlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The GDL text of an SBG game.
pub fn sbg_to_gdl(game: &Game) -> Result<String, GdlError> {
    let (w, h) = (game.board.width as i32, game.board.height as i32);
    let limit = game.turn_limit;
    if limit > MAX_TURN_LIMIT {
        return Err(GdlError(format!(
            "the turn limit {limit} is too large for GDL: the ply counter is written out as one \
             fact per ply (at most {MAX_TURN_LIMIT})"
        )));
    }
    let mut kinds: BTreeSet<char> = game.rules.iter().map(|r| r.kind).collect();
    kinds.extend(game.board.cells.iter().flatten().map(|p| p.kind));
    for g in &game.goals {
        match g {
            Goal::Reach { piece, .. } | Goal::Count { piece, .. } => kinds.insert(piece.kind),
        };
    }
    let mut o = String::new();
    let _ = writeln!(
        o,
        ";; {} — translated from Simplified Boardgames by rbgtool.",
        game.name.trim()
    );
    o.push_str(";; Occupied squares are (cell x y piece), (0,0) bottom-left; an empty square has no cell.\n");
    o.push_str(";; Encoding: docs/sbg-to-gdl.md\n\n");

    o.push_str(";;; Roles and static facts\n(role white)\n(role black)\n");
    o.push_str("(opponent white black)\n(opponent black white)\n");
    for i in 0..w.max(h) {
        if i < w {
            let _ = writeln!(o, "(file {i})");
        }
        if i < h {
            let _ = writeln!(o, "(rank {i})");
        }
    }
    for &k in &kinds {
        for side in [Side::White, Side::Black] {
            let p = piece_name(Piece { side, kind: k });
            let (own, opp) = match side {
                Side::White => ("white", "black"),
                Side::Black => ("black", "white"),
            };
            let _ = writeln!(
                o,
                "(piece {p}) (kind {p} {k}) (own {own} {p}) (enemy {opp} {p})"
            );
        }
    }
    for n in 0..limit {
        let _ = writeln!(o, "(succ {n} {})", n + 1);
    }

    // Pieces whose count a `#` goal watches, with the counting facts.
    let mut counted: BTreeMap<String, u32> = BTreeMap::new();
    for g in &game.goals {
        if let Goal::Count { piece, .. } = g {
            let name = piece_name(*piece);
            let n = game
                .board
                .cells
                .iter()
                .flatten()
                .filter(|p| *p == piece)
                .count() as u32;
            counted.insert(name, n);
        }
    }
    let max_count = counted.values().copied().max().unwrap_or(0);
    for n in 0..max_count {
        let _ = writeln!(o, "(pred {} {n})", n + 1);
    }

    // Letter steps as static facts.
    let mut steps: BTreeSet<(i32, i32)> = BTreeSet::new();
    let mut dfas: Vec<(char, Dfa)> = Vec::new();
    for r in &game.rules {
        if let Some(e) = nonempty(&r.expr) {
            let dfa = Dfa::from_expr(r.kind, &e).map_err(|e| GdlError(format!("{e:?}")))?;
            for l in &dfa.alphabet {
                steps.insert((l.dx, l.dy));
            }
            dfas.push((r.kind, dfa));
        }
    }
    o.push_str("\n;;; Letter steps (d_DX_DY role x y x2 y2): black's are mirrored\n");
    for &(dx, dy) in &steps {
        let rel = format!("d_{}_{}", num_name(dx), num_name(dy));
        for (role, sy) in [("white", 1), ("black", -1)] {
            for x in 0..w {
                for y in 0..h {
                    let (x2, y2) = (x + dx, y + sy * dy);
                    if (0..w).contains(&x2) && (0..h).contains(&y2) {
                        let _ = writeln!(o, "({rel} {role} {x} {y} {x2} {y2})");
                    }
                }
            }
        }
    }

    // Goal squares.
    for g in &game.goals {
        if let Goal::Reach { piece, squares } = g {
            for &(x, y) in squares {
                let _ = writeln!(o, "(goalsquare {} {x} {y})", piece_name(*piece));
            }
        }
    }

    o.push_str("\n;;; Initial state\n(init (control white))\n(init (step 0))\n");
    for y in 0..h {
        for x in 0..w {
            if let Some(p) = game.board.get(x as usize, y as usize) {
                let _ = writeln!(o, "(init (cell {x} {y} {}))", piece_name(p));
            }
        }
    }
    for (p, n) in &counted {
        let _ = writeln!(o, "(init (count {p} {n}))");
    }

    o.push_str("\n;;; Piece rules: (t_K_q role x0 y0 x y) = a piece K of the role in control, starting on\n");
    o.push_str(";;; (x0,y0), can read a word that leads its DFA to state q on square (x,y).\n");
    for (kind, dfa) in &dfas {
        let _ = writeln!(o, ";; {kind}");
        let _ = writeln!(
            o,
            "(<= (t_{kind}_0 ?r ?x ?y ?x ?y) (true (control ?r)) (own ?r ?p) (kind ?p {kind}) (true (cell ?x ?y ?p)))"
        );
        for (q, out) in dfa.edges.iter().enumerate() {
            for &(li, to) in out {
                let l = dfa.alphabet[li];
                let rel = format!("d_{}_{}", num_name(l.dx), num_name(l.dy));
                let check = match l.on {
                    On::Empty => "(not (occupied ?x1 ?y1))".to_string(),
                    On::Opponent => "(true (cell ?x1 ?y1 ?p)) (enemy ?r ?p)".to_string(),
                    On::Own => "(true (cell ?x1 ?y1 ?p)) (own ?r ?p)".to_string(),
                };
                let _ = writeln!(
                    o,
                    "(<= (t_{kind}_{to} ?r ?x0 ?y0 ?x1 ?y1) (t_{kind}_{q} ?r ?x0 ?y0 ?x ?y) ({rel} ?r ?x ?y ?x1 ?y1) {check})"
                );
            }
            if dfa.accepting[q] {
                let _ = writeln!(
                    o,
                    "(<= (canmove ?r ?x0 ?y0 ?x ?y) (t_{kind}_{q} ?r ?x0 ?y0 ?x ?y))"
                );
            }
        }
    }
    if dfas.is_empty() {
        // No piece can move: keep the relation defined (and empty) for the rules below.
        o.push_str("(<= (canmove ?r ?x1 ?y1 ?x2 ?y2) (role ?r) (file ?x1) (rank ?y1) (file ?x2) (rank ?y2) (distinct ?r ?r))\n");
    }
    o.push_str("(<= (hasmove ?r) (canmove ?r ?x1 ?y1 ?x2 ?y2))\n");
    o.push_str("(<= (occupied ?x ?y) (true (cell ?x ?y ?p)))\n");

    o.push_str("\n;;; Moves\n");
    o.push_str(
        "(<= (legal ?r (move ?x1 ?y1 ?x2 ?y2)) (true (control ?r)) (canmove ?r ?x1 ?y1 ?x2 ?y2))\n",
    );
    o.push_str("(<= (legal ?r noop) (role ?r) (not (true (control ?r))))\n");
    o.push_str(
        "(<= (input ?r (move ?x1 ?y1 ?x2 ?y2)) (role ?r) (file ?x1) (rank ?y1) (file ?x2) (rank ?y2))\n",
    );
    o.push_str("(<= (input ?r noop) (role ?r))\n");

    o.push_str("\n;;; Next state\n");
    o.push_str(
        "(<= (next (cell ?x2 ?y2 ?p)) (does ?r (move ?x1 ?y1 ?x2 ?y2)) (true (cell ?x1 ?y1 ?p)))\n",
    );
    o.push_str("(<= (next (cell ?x ?y ?p)) (true (cell ?x ?y ?p)) (does ?r (move ?x1 ?y1 ?x2 ?y2)) (or (distinct ?x ?x1) (distinct ?y ?y1)) (or (distinct ?x ?x2) (distinct ?y ?y2)))\n");
    o.push_str("(<= (next (control ?o)) (true (control ?r)) (opponent ?r ?o))\n");
    o.push_str("(<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))\n");
    o.push_str("(<= (next (reached ?r)) (does ?r (move ?x1 ?y1 ?x2 ?y2)) (true (cell ?x1 ?y1 ?p)) (goalsquare ?p ?x2 ?y2))\n");
    if !counted.is_empty() {
        o.push_str("(<= (captured ?p) (does ?r (move ?x1 ?y1 ?x2 ?y2)) (true (cell ?x2 ?y2 ?p)) (or (distinct ?x1 ?x2) (distinct ?y1 ?y2)))\n");
        o.push_str("(<= (next (count ?p ?n)) (true (count ?p ?n)) (not (captured ?p)))\n");
        o.push_str("(<= (next (count ?p ?m)) (true (count ?p ?n)) (captured ?p) (pred ?n ?m))\n");
    }
    if game.goals.iter().all(|g| !matches!(g, Goal::Reach { .. })) {
        o.push_str("(<= (goalsquare ?p ?x ?y) (piece ?p) (file ?x) (rank ?y) (distinct ?p ?p))\n");
    }

    o.push_str(
        "\n;;; Outcomes, in SBG's order: goal square, the opponent's count, the mover's count,\n",
    );
    o.push_str(";;; the turn limit, then a player who cannot move loses. Counts are not checked\n");
    o.push_str(";;; before the first move.\n");
    o.push_str("(<= started (true (step ?n)) (distinct ?n 0))\n");
    let mut any_loses = false;
    for g in &game.goals {
        if let Goal::Count { piece, at_most } = g {
            any_loses = true;
            let role = match piece.side {
                Side::White => "white",
                Side::Black => "black",
            };
            for c in 0..=(*at_most).min(counted[&piece_name(*piece)]) {
                let _ = writeln!(
                    o,
                    "(<= (loses {role}) started (true (count {} {c})))",
                    piece_name(*piece)
                );
            }
        }
    }
    if !any_loses {
        o.push_str("(<= (loses ?r) (role ?r) (distinct ?r ?r))\n");
    }
    o.push_str("(<= anyreached (true (reached ?r)))\n");
    o.push_str("(<= anyloses (loses ?r))\n");
    let _ = writeln!(o, "(<= atlimit (true (step {limit})))");
    o.push_str("(<= (mover ?m) (true (control ?n)) (opponent ?n ?m))\n");
    // (result role value): exactly one per role in every state.
    o.push_str("(<= (result ?r 100) (true (reached ?r)))\n");
    o.push_str("(<= (result ?r 0) (true (reached ?o)) (opponent ?r ?o))\n");
    o.push_str("(<= (result ?m 100) (not anyreached) (mover ?m) (opponent ?m ?n) (loses ?n))\n");
    o.push_str("(<= (result ?n 0) (not anyreached) (mover ?m) (opponent ?m ?n) (loses ?n))\n");
    o.push_str("(<= (result ?n 100) (not anyreached) (mover ?m) (opponent ?m ?n) (not (loses ?n)) (loses ?m))\n");
    o.push_str("(<= (result ?m 0) (not anyreached) (mover ?m) (opponent ?m ?n) (not (loses ?n)) (loses ?m))\n");
    o.push_str("(<= (result ?r 50) (role ?r) (not anyreached) (not anyloses) atlimit)\n");
    o.push_str("(<= (result ?n 0) (not anyreached) (not anyloses) (not atlimit) (true (control ?n)) (not (hasmove ?n)))\n");
    o.push_str("(<= (result ?m 100) (not anyreached) (not anyloses) (not atlimit) (true (control ?n)) (opponent ?n ?m) (not (hasmove ?n)))\n");
    o.push_str(
        ";; not terminal: no result yet, but every role always has exactly one goal value\n",
    );
    o.push_str("(<= (result ?r 50) (role ?r) (not anyreached) (not anyloses) (not atlimit) (true (control ?n)) (hasmove ?n))\n");
    o.push_str("(<= (goal ?r ?v) (result ?r ?v))\n");
    o.push_str("(<= terminal anyreached)\n(<= terminal anyloses)\n(<= terminal atlimit)\n");
    o.push_str("(<= terminal (true (control ?n)) (not (hasmove ?n)))\n");

    o.push_str("\n;;; Base propositions\n");
    o.push_str("(<= (base (cell ?x ?y ?p)) (file ?x) (rank ?y) (piece ?p))\n");
    o.push_str("(<= (base (control ?r)) (role ?r))\n");
    for n in 0..=limit {
        let _ = writeln!(o, "(base (step {n}))");
    }
    o.push_str("(<= (base (reached ?r)) (role ?r))\n");
    for (p, n) in &counted {
        for c in 0..=*n {
            let _ = writeln!(o, "(base (count {p} {c}))");
        }
    }
    Ok(crate::prune::unused_rules(&o))
}
