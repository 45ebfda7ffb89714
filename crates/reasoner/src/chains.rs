//! Straight pattern bodies evaluated by a direct walk instead of a search level.
//!
//! A pattern body whose automaton is a single path of vertex tests — shifts, ons, comparisons
//! and patterns that are straight themselves, each state with exactly one successor until the
//! first accepting one (e.g. `{! up}`, `{wP} {? {! up}}`, `{? left up {empty}}`) — has only
//! one run: it holds iff every test on the path passes. Such a body is compiled to a list of
//! [`Link`]s and walked with no visited marks, stack or level; the search only calls a level
//! for the other bodies.

use crate::arith::eval;
use crate::program::{at, Link};
use crate::program::{Op, Program, NONE};
use crate::state::Core;

/// Fills `prog.chain` (per pattern start state: offset of its straight body in `prog.links`,
/// or NONE) and `prog.chain_nest` (how many pattern levels the walk replaces).
pub(crate) fn build_chains(prog: &mut Program) {
    let n = prog.nstates();
    prog.chain = vec![NONE; n];
    prog.chain_nest = vec![0; n];
    // Pattern start states in decreasing order: a nested pattern's start state comes after
    // its parent's (pre-order numbering), so inner bodies are decided first.
    let starts: Vec<u32> = (0..n as u32)
        .rev()
        .filter(|&q| matches!(prog.ops[q as usize], Op::Start) && q != 0)
        .collect();
    for s in starts {
        if let Some((links, nest)) = straight(prog, s).filter(|_| std::env::var("NOCHAIN").is_err())
        {
            prog.chain[s as usize] = prog.links.len() as u32;
            prog.chain_nest[s as usize] = nest;
            prog.links.extend(links);
            prog.links.push(Link::End);
        }
    }
}

/// The tests along the single path from start state `s` to its first accepting state, and
/// the pattern nesting they cover, if the body is straight.
fn straight(prog: &Program, s: u32) -> Option<(Vec<Link>, u32)> {
    let mut links = Vec::new();
    let mut nest = 1;
    let mut q = s;
    while !prog.accepting[q as usize] {
        let [j] = *prog.succ_of(q) else {
            return None;
        };
        links.push(match prog.ops[j as usize] {
            Op::Shift(d) => Link::Shift(d),
            Op::On(mask) => Link::On(mask),
            Op::OnSet(off) => Link::OnSet(off),
            Op::Compare { left, op, right } => Link::Compare { left, op, right },
            Op::Pattern {
                start, positive, ..
            } => {
                let body = prog.chain[start as usize];
                if body == NONE {
                    return None;
                }
                nest = nest.max(1 + prog.chain_nest[start as usize]);
                Link::Pattern { body, positive }
            }
            _ => return None,
        });
        // A path longer than the automaton goes round a cycle and never accepts: leave such
        // bodies to the search.
        if links.len() > prog.nstates() {
            return None;
        }
        q = j;
    }
    Some((links, nest))
}

impl Core<'_> {
    /// Whether the straight body at `prog.links[i..]` holds at vertex `v`.
    #[inline(never)]
    pub(crate) fn walk_chain(&self, mut i: usize, mut v: u32) -> bool {
        let prog: &Program = self.prog;
        loop {
            match at(&prog.links, i) {
                Link::Shift(d) => {
                    v = at(&prog.nb, v as usize * prog.ndirs + d as usize);
                    if v == NONE {
                        return false;
                    }
                }
                Link::On(mask) => {
                    if (mask >> at(&self.pieces, v as usize)) & 1 == 0 {
                        return false;
                    }
                }
                Link::OnSet(off) => {
                    if !prog.on_table[off as usize + self.pieces[v as usize] as usize] {
                        return false;
                    }
                }
                Link::Compare { left, op, right } => {
                    let l = eval(&prog.exprs, left, &self.vars, &self.counts);
                    let r = eval(&prog.exprs, right, &self.vars, &self.counts);
                    match (l, r) {
                        (Some(l), Some(r)) if op.holds(l, r) => {}
                        _ => return false,
                    }
                }
                Link::Pattern { body, positive } => {
                    if self.walk_chain(body as usize, v) != positive {
                        return false;
                    }
                }
                Link::End => return true,
            }
            i += 1;
        }
    }
}
