//! A modifier's code: applied around its level's search, recorded without being applied,
//! or, at a move's end, reported with the switches after it.

use super::*;

impl Gen<'_, '_> {
    /// Switch state `j` taken at `v` in place (for sinks that keep the move they stop at).
    pub(super) fn switch_in_place(&self, j: u32) -> String {
        let ActionView::Switch { player, .. } = self.actions[j as usize] else {
            unreachable!("a switch state");
        };
        let p = player.unwrap_or(self.view.nplayers());
        format!("c.player = {p}; c.rules = {j}; c.pos = v;")
    }

    /// A valid modifier `j` (index `m`) at `v`: `apply`d, its level searched, `revert`ed (unless
    /// the sink keeps the move it stopped at: the keeper's first move in playouts and perft). In
    /// the rules, one followed only by switches reports its moves without being applied
    /// (their level would hold just those switches), unless that level is deep enough for
    /// the limit or cycle checks.
    pub(super) fn modifier(
        &self,
        out: &mut String,
        needs: &mut Needs,
        j: u32,
        m: u32,
        (apply, revert): (&str, &str),
        scope: Scope,
    ) {
        if self.in_pattern[j as usize] {
            let _ = writeln!(
                out,
                "{apply} let f = plevel_after_modifier(c, {j}, v, d + 1); {revert} if f != Flow::Go {{ return f; }}"
            );
            return;
        }
        let slow = self.applied_modifier(j, m, (apply, revert));
        let succ = self.view.successors(j);
        let ends_move = !succ.is_empty()
            && succ
                .iter()
                .all(|&s| matches!(self.actions[s as usize], ActionView::Switch { .. }));
        // The call is hot inside a loop, unless it is the fallback of a move's last modifier.
        if self.direct_level[j as usize] && scope.loops > 0 && !ends_move {
            needs.hot[j as usize] = true;
        }
        if !ends_move && self.defer[j as usize] && self.direct_level[j as usize] {
            // Listing and counting read no square the modifier writes: record it only.
            let _ = writeln!(
                out,
                "if !S::KEEP && d + 1 < CYCLE_CHECK_DEPTH && d + 1 <= c.modifier_limit && c.work < c.search_limit {{ \
                 c.work += 1; if S::RECORD {{ c.path.push([{m}, v]); }} \
                 let f = r{j}(c, v, d + 1, stamp, k); \
                 if S::RECORD {{ c.path.pop(); }} if f != Flow::Go {{ return f; }} }} else {{ {slow} }}"
            );
        } else if !ends_move {
            out.push_str(&slow);
            out.push('\n');
        } else {
            self.move_end(out, j, m, apply, &slow);
        }
    }

    /// Modifier `j` (index `m`) applied, its level searched (a direct call where the checks
    /// allow it, else `level`) and reverted unless the sink keeps the move.
    fn applied_modifier(&self, j: u32, m: u32, (apply, revert): (&str, &str)) -> String {
        let call = if self.direct_level[j as usize] {
            // The checks `level` would make; past them `level` reports the error.
            format!(
                "if d + 1 < CYCLE_CHECK_DEPTH && (S::UNLIMITED || (d + 1 <= c.modifier_limit && c.work < c.search_limit)) \
                 {{ if !S::UNLIMITED {{ c.work += 1; }} r{j}(c, v, d + 1, stamp, k) }} else {{ level(c, {j}, v, d + 1, k) }}"
            )
        } else {
            format!("level(c, {j}, v, d + 1, k)")
        };
        format!(
            "{apply} if S::RECORD {{ c.path.push([{m}, v]); }} \
             let f = {call}; \
             if S::RECORD {{ c.path.pop(); }} \
             if !(S::KEEP && f == Flow::Stop && k.kept()) {{ {revert} }} \
             if f != Flow::Go {{ return f; }}"
        )
    }

    /// Modifier `j` (index `m`) followed only by switches: its moves reported without
    /// applying it, or `slow` past the limits.
    fn move_end(&self, out: &mut String, j: u32, m: u32, apply: &str, slow: &str) {
        let succ = self.view.successors(j);
        // A sink keeping its move applies the modifier and the switch it stops at.
        let mut keep = String::new();
        for &s in succ {
            if let ActionView::Switch { modifier: sm, .. } = self.actions[s as usize] {
                let _ = write!(
                    keep,
                    "if k.switch(&c.path, {sm}, v) {{ {apply} {} return Flow::Stop; }} ",
                    self.switch_in_place(s)
                );
            }
        }
        let _ = writeln!(
            out,
            "if d + 1 < CYCLE_CHECK_DEPTH && (S::UNLIMITED || d + 1 <= c.modifier_limit) {{ \
             if S::KEEP {{ {keep} }} else \
             if S::RECORD {{ c.path.push([{m}, v]); let mut stop = false;"
        );
        for &s in succ {
            if let ActionView::Switch { modifier, .. } = self.actions[s as usize] {
                let _ = writeln!(
                    out,
                    "if !stop {{ stop = k.switch(&c.path, {modifier}, v); }}"
                );
            }
        }
        let _ = writeln!(
            out,
            "c.path.pop(); if stop {{ return Flow::Stop; }} }} else if k.add({}) {{ return Flow::Stop; }} }} else {{ {slow} }}",
            succ.len()
        );
    }
}
