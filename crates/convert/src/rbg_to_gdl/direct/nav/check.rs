//! Checks: which piece a vertex holds, on the base board with the pieces put so far on top.

use super::{off_put, on_put, Base, Body, Ctx, Nav};
use crate::rbg_to_gdl::direct::text::{self, Rule};
use crate::rbg_to_gdl::direct::Unsupported;
use ir::PieceId;

impl Nav<'_> {
    /// The piece on the vertex `x` is in `set`.
    pub(in crate::rbg_to_gdl::direct) fn check(
        &mut self,
        set: &[PieceId],
        ctx: &Ctx,
        b: &mut Body,
        x: &str,
    ) -> Result<(), Unsupported> {
        if set.is_empty() {
            b.push(text::FALSE.into());
            return Ok(());
        }
        if set.len() == self.game.pieces.len() {
            return Ok(());
        }
        let base = |me: &Self| -> String {
            match set {
                [p] => me.cell(ctx.base, x, *p),
                _ => format!(
                    "(or {})",
                    set.iter()
                        .map(|&p| me.cell(ctx.base, x, p))
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
            }
        };
        match &ctx.puts[..] {
            [] if set.len() <= 3 => {
                b.push(base(self));
                return Ok(());
            }
            // One piece put: on its vertex it is what the check sees, elsewhere the base.
            [(c, p)] if set.len() <= 3 => {
                self.uses.same = true;
                if set.contains(p) {
                    let cells: Vec<String> =
                        set.iter().map(|&q| self.cell(ctx.base, x, q)).collect();
                    b.push(format!("(or {} {})", on_put(x, c), cells.join(" ")));
                } else {
                    b.push(base(self));
                    b.push(off_put(x, c));
                }
                return Ok(());
            }
            [_] => {}
            // Pieces on distinct vertices: the check sees one of them where it is, else the
            // base board.
            _ if ctx.apart && set.len() <= 3 => {
                self.uses.same = true;
                let (shown, other): (Vec<_>, Vec<_>) =
                    ctx.puts.iter().partition(|(_, p)| set.contains(p));
                if shown.is_empty() {
                    b.push(base(self));
                } else {
                    let mut alts: Vec<String> = shown.iter().map(|(c, _)| on_put(x, c)).collect();
                    alts.extend(set.iter().map(|&q| self.cell(ctx.base, x, q)));
                    b.push(format!("(or {})", alts.join(" ")));
                }
                for (c, _) in other {
                    b.push(off_put(x, c));
                }
                return Ok(());
            }
            _ => {}
        }
        // Otherwise a relation over the put pieces' vertices and the checked one, asked only
        // where the check is (over two vertices of put pieces and the checked one it would be
        // cubic in the board for a bottom-up reasoner).
        let asked = !ctx.puts.is_empty();
        self.uses.same |= asked;
        // A vertex no literal binds yet (rules that lead anywhere before the check) is found
        // by the relation's rules: asking for every vertex would multiply the demand by the
        // board.
        let free = !b.lits.iter().any(|l| text::vars(l).any(|v| v == x));
        let (name, new) = self.relation(&[], format!("on{set:?} {free}"), ctx, "on");
        if new {
            let f = ctx.formal();
            let want: Vec<String> = match (asked, free) {
                (false, _) => Vec::new(),
                (true, false) => vec![format!("(want_{name} {}?v)", f.args())],
                (true, true) => vec![format!("(want_{name} {})", f.args().trim_end())],
            };
            // The last piece put on a vertex is what it holds.
            for (j, (cj, pj)) in f.puts.iter().enumerate().rev() {
                if set.contains(pj) {
                    let mut body = want.clone();
                    body.push(on_put("?v", cj));
                    body.extend(f.puts[j + 1..].iter().map(|(ci, _)| off_put("?v", ci)));
                    self.rules
                        .push(Rule::new(format!("({name} {}?v)", f.args()), body));
                }
            }
            for &p in set {
                let mut body = want.clone();
                body.push(self.cell(f.base, "?v", p));
                body.extend(f.puts.iter().map(|(ci, _)| off_put("?v", ci)));
                self.rules
                    .push(Rule::new(format!("({name} {}?v)", f.args()), body));
            }
        }
        if asked {
            self.ask_at(&name, ctx, b, (!free).then_some(x));
        }
        b.push(format!("({name} {}{x})", ctx.args()));
        Ok(())
    }

    /// The base board holds piece `p` on `v`. The implicit piece is the absence of the
    /// others (its negation needs `v` bound: `text::Rule::finish` adds `(vertex v)` where
    /// nothing else binds it).
    pub(super) fn cell(&self, base: Base, v: &str, p: PieceId) -> String {
        if Some(p) == self.empty {
            return match base {
                Base::State => format!("(not (occ {v}))"),
                Base::AfterMove => format!("(not (aftocc {v}))"),
                Base::Stage(n) => format!("(not (kbocc{n} {v}))"),
            };
        }
        let piece = &self.names.pieces[p.index()];
        match base {
            Base::State => format!("(true (cell {v} {piece}))"),
            Base::AfterMove => format!("(aft {v} {piece})"),
            Base::Stage(n) => format!("(kb{n} {v} {piece})"),
        }
    }
}
