//! Piece-rule expressions, prepared for RBG.
//!
//! SBG's empty word is not a move, but `^*` and `^0` put it in many languages, so the RBG side
//! uses `L(e) \ {ε}` ([`nonempty`]). And SBG checks every letter against the board *before*
//! the move, so the starting square reads as the mover's own piece; the translation lifts the
//! piece first, which is exact unless a word comes back to its starting square
//! ([`visits_origin`]).

use sbg::{Expr, Letter};

/// True if the empty word is in `L(e)`.
pub fn nullable(e: &Expr) -> bool {
    match e {
        Expr::Letter(_) => false,
        Expr::Concat(v) => v.iter().all(nullable),
        Expr::Alt(v) => v.iter().any(nullable),
        Expr::Power(e, n) => *n == 0 || nullable(e),
        Expr::Star(_) => true,
    }
}

/// An expression for `L(e) \ {ε}`, or `None` when that language is empty. Keeps the shape of
/// the source where it can (a non-nullable part is returned unchanged).
pub fn nonempty(e: &Expr) -> Option<Expr> {
    if !nullable(e) {
        return Some(e.clone());
    }
    match e {
        Expr::Letter(_) => Some(e.clone()),
        Expr::Alt(v) => {
            let parts: Vec<Expr> = v.iter().filter_map(nonempty).collect();
            (!parts.is_empty()).then(|| Expr::alt(parts))
        }
        Expr::Concat(v) => nonempty_concat(v),
        Expr::Power(inner, n) => {
            if *n == 0 {
                return None;
            }
            // inner is nullable: L(inner^n) \ ε = (L(inner) \ ε) · L(inner)^(n-1).
            let head = nonempty(inner)?;
            Some(match n - 1 {
                0 => head,
                1 => Expr::concat(vec![head, (**inner).clone()]),
                k => Expr::concat(vec![head, Expr::Power(inner.clone(), k)]),
            })
        }
        Expr::Star(inner) => {
            let head = nonempty(inner)?;
            Some(Expr::concat(vec![head, e.clone()]))
        }
    }
}

/// `L(a·rest) \ ε` for a nullable concatenation: `(L(a) \ ε)·rest ∪ L(rest) \ ε`.
fn nonempty_concat(v: &[Expr]) -> Option<Expr> {
    let (first, rest) = v.split_first()?;
    if rest.is_empty() {
        return nonempty(first);
    }
    let rest_expr = Expr::concat(rest.to_vec());
    if !nullable(first) {
        return Some(Expr::concat(vec![first.clone(), rest_expr]));
    }
    let mut alts = Vec::new();
    if let Some(h) = nonempty(first) {
        alts.push(Expr::concat(vec![h, rest_expr]));
    }
    if let Some(t) = nonempty_concat(rest) {
        alts.push(t);
    }
    (!alts.is_empty()).then(|| Expr::alt(alts))
}

/// A tiny ε-NFA of an expression, only for the reachability question below.
struct Nfa {
    /// (from, letter or ε, to)
    edges: Vec<(usize, Option<Letter>, usize)>,
    states: usize,
}

impl Nfa {
    fn new_state(&mut self) -> usize {
        self.states += 1;
        self.states - 1
    }

    /// Adds `e` between fresh states; returns (start, end).
    fn build(&mut self, e: &Expr) -> (usize, usize) {
        let (s, t) = (self.new_state(), self.new_state());
        match e {
            Expr::Letter(l) => self.edges.push((s, Some(*l), t)),
            Expr::Concat(v) => {
                let mut cur = s;
                for part in v {
                    let (a, b) = self.build(part);
                    self.edges.push((cur, None, a));
                    cur = b;
                }
                self.edges.push((cur, None, t));
            }
            Expr::Alt(v) => {
                for part in v {
                    let (a, b) = self.build(part);
                    self.edges.push((s, None, a));
                    self.edges.push((b, None, t));
                }
            }
            Expr::Power(inner, n) => {
                let mut cur = s;
                for _ in 0..*n {
                    let (a, b) = self.build(inner);
                    self.edges.push((cur, None, a));
                    cur = b;
                }
                self.edges.push((cur, None, t));
            }
            Expr::Star(inner) => {
                let (a, b) = self.build(inner);
                self.edges.push((s, None, t));
                self.edges.push((s, None, a));
                self.edges.push((b, None, a));
                self.edges.push((b, None, t));
            }
        }
        (s, t)
    }
}

/// True if some word of `L(e)`, applied on a `width` x `height` board, has a non-empty prefix
/// that ends on the starting square (so that square is checked, or is the destination). Only
/// displacements that stay on such a board are explored, so the search is finite.
pub fn visits_origin(e: &Expr, width: usize, height: usize) -> bool {
    if e.expanded_size() > 100_000 {
        return true; // too big to explore: assume the worst, the exact encoding still works
    }
    let mut nfa = Nfa {
        edges: Vec::new(),
        states: 0,
    };
    let (start, _) = nfa.build(e);
    let mut out: Vec<Vec<(Option<Letter>, usize)>> = vec![Vec::new(); nfa.states];
    for &(a, l, b) in &nfa.edges {
        out[a].push((l, b));
    }
    let (w, h) = (width as i64, height as i64);
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![(start, 0i64, 0i64)];
    seen.insert((start, 0, 0));
    while let Some((q, dx, dy)) = stack.pop() {
        for &(l, to) in &out[q] {
            let (nx, ny) = match l {
                None => (dx, dy),
                Some(l) => {
                    let (nx, ny) = (dx + l.dx as i64, dy + l.dy as i64);
                    if nx == 0 && ny == 0 {
                        return true;
                    }
                    (nx, ny)
                }
            };
            if nx.abs() >= w || ny.abs() >= h {
                continue;
            }
            if seen.insert((to, nx, ny)) {
                stack.push((to, nx, ny));
            }
        }
    }
    false
}
