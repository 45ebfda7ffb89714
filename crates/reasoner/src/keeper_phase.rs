//! The keeper's phase after a move: its moves until a player is to move, and the
//! improper-keeper check.
//!
//! The check compares, at the phase's first state where the keeper has several moves, the
//! outcomes of up to five of them completed. The first alternative's completion is not done
//! aside: it is the phase's own, taken in place while a frame on the undo stack keeps the
//! way back to the choice, and compared once the phase ends ([`Core::end_choice`]). So a
//! checked choice between two moves costs one completion more than taking the first, not two
//! (the compiled library's `keeper.rs` does the same, in the same order).

use crate::error::{GameError, KeeperConflict};
use crate::program::Op;
use crate::sinks::{FirstSink, Flow, MoveBuf};
use crate::state::{Core, Undo};
use crate::KeeperMode;
use compiled_runtime::semantics;

/// A keeper choice under check whose first alternative the phase is completing in place.
/// Its moves stay in `Core::keeper_buf`, which nothing lists into until the phase ends: after
/// the choice the phase takes the keeper's first moves.
pub(crate) struct Choice {
    /// Outcome hashes of alternatives 1 to 4, each completed aside.
    others: [u64; 4],
    n_others: usize,
    /// Index in the undo stack of the frame pushed before alternative 0.
    frame: usize,
}

impl<'r> Core<'r> {
    /// Applies keeper moves until a player is to move or the keeper is stuck (terminal),
    /// checking the first choice of the phase as the options ask.
    pub(crate) fn complete_keeper(&mut self) -> Result<(), GameError> {
        // In First mode every checked phase spends budget, choice or not: listing the keeper's
        // moves costs as much as the comparison where most phases have a single move.
        let check = match self.opts.keeper {
            KeeperMode::Check => true,
            KeeperMode::First => {
                let phase = self.player == self.prog.nplayers && self.first_checks_left > 0;
                if phase {
                    self.first_checks_left -= 1;
                }
                phase
            }
        };
        self.complete_keeper_as(check)
    }

    fn complete_keeper_as(&mut self, check: bool) -> Result<(), GameError> {
        let mut choice = None;
        let r = self.keeper_phase(check, &mut choice);
        match choice {
            None => r,
            Some(c) => self.end_choice(c, r),
        }
    }

    /// The keeper's moves until a player is to move or it is stuck. With `check`, the first
    /// state with a real choice has its other alternatives completed aside (`choice`), and
    /// the phase goes on with the first.
    fn keeper_phase(&mut self, check: bool, choice: &mut Option<Choice>) -> Result<(), GameError> {
        let mut steps = 0usize;
        let mut checked = !check;
        while self.player == self.prog.nplayers {
            if steps >= self.opts.keeper_limit {
                let node = self.prog.node[self.rules as usize];
                return Err(GameError::KeeperLoop {
                    limit: self.opts.keeper_limit,
                    node,
                    span: self.spans.node(node),
                });
            }
            steps += 1;
            // A keeper state that cannot branch has nothing to check, and its move is walked.
            let det = self.prog.keeper_det[self.rules as usize];
            if det {
                if let Some(moved) = self.keeper_walk()? {
                    if !moved {
                        return Ok(());
                    }
                    continue;
                }
            }
            if checked || det {
                if !self.keeper_first()? {
                    return Ok(());
                }
                continue;
            }
            let mut buf = std::mem::take(&mut self.keeper_buf);
            let r = (self.gen_moves(&mut buf)).and_then(|()| self.take_listed(&buf, choice));
            self.keeper_buf = buf;
            if !r? {
                return Ok(());
            }
            checked |= choice.is_some();
        }
        Ok(())
    }

    /// Takes the first of the listed keeper moves, after completing up to four others aside
    /// where there are several (`choice`); false when there is none.
    fn take_listed(
        &mut self,
        buf: &MoveBuf,
        choice: &mut Option<Choice>,
    ) -> Result<bool, GameError> {
        if buf.len() > 1 {
            *choice = Some(self.others_completed(buf)?);
            self.undo.push(self.frame());
            self.frames += 1;
        }
        if !buf.is_empty() {
            self.apply_raw(buf.get(0));
        }
        Ok(!buf.is_empty())
    }

    /// The start of a move on the undo stack: who is to move, the rules state and the position.
    pub(crate) fn frame(&self) -> Undo {
        Undo::Frame {
            player: self.player,
            rules: self.rules,
            pos: self.pos,
        }
    }

    /// The outcome hashes of alternatives 1 to 4 of a keeper choice, each completed and taken
    /// back; the frame for alternative 0 goes at the top of the undo stack.
    fn others_completed(&mut self, buf: &MoveBuf) -> Result<Choice, GameError> {
        let n = buf.len().min(5);
        let mut others = [0; 4];
        for (i, h) in others.iter_mut().enumerate().take(n - 1) {
            *h = self.with_completion(buf.get(i + 1), Core::outcome_hash)?;
        }
        Ok(Choice {
            others,
            n_others: n - 1,
            frame: self.undo.len(),
        })
    }

    /// The end of a phase that took alternative 0 of `c` (with result `r`): its outcome is
    /// compared with the others'. If they agree, the choice's frame leaves the undo stack;
    /// otherwise the state goes back to the choice and the improper keeper is reported (in
    /// `KeeperMode::First` kept as the warning, and the phase is completed again). An error
    /// of the phase is reported from the choice, as if found while completing aside.
    fn end_choice(&mut self, c: Choice, r: Result<(), GameError>) -> Result<(), GameError> {
        let h = self.outcome_hash();
        let differs = c.others[..c.n_others].iter().position(|&o| o != h);
        if r.is_ok() && differs.is_none() {
            self.undo.remove(c.frame);
            self.frames -= 1;
            return Ok(());
        }
        self.undo_move();
        r?;
        let buf = std::mem::take(&mut self.keeper_buf);
        let found = self.improper_keeper(&buf, differs.map_or(1, |i| i + 1));
        let e = match found {
            Ok(e) => e,
            Err(e) => {
                self.keeper_buf = buf;
                return Err(e);
            }
        };
        if self.opts.keeper == KeeperMode::Check {
            self.keeper_buf = buf;
            return Err(e);
        }
        self.warning.get_or_insert(e);
        self.first_checks_left = 0;
        self.apply_raw(buf.get(0));
        self.keeper_buf = buf;
        self.complete_keeper_as(false)
    }

    /// The improper keeper at a choice whose alternatives 0 and `i` complete differently.
    fn improper_keeper(&mut self, buf: &MoveBuf, i: usize) -> Result<GameError, GameError> {
        let conflict = self.keeper_conflict(buf.get(0), buf.get(i))?;
        let node = self.prog.node[self.rules as usize];
        Ok(GameError::ImproperKeeper {
            node,
            span: self.spans.node(node),
            moves: buf.len(),
            conflict: Box::new(conflict),
        })
    }

    /// Finds the keeper's first move and applies it in the same search.
    fn keeper_first(&mut self) -> Result<bool, GameError> {
        let start = self.undo.len();
        let mut sink = FirstSink(None);
        match self.root_level(self.rules, self.pos, &mut sink) {
            Flow::Err => Err(self.take_err()),
            Flow::Go => Ok(false),
            Flow::Stop => {
                // Entries were pushed innermost first; undo pops from the end.
                self.undo[start..].reverse();
                let (j, v) = sink.0.expect("a move was found");
                if let Op::Switch { player, .. } = self.prog.ops[j as usize] {
                    self.player = player;
                }
                self.rules = j;
                self.pos = v;
                Ok(true)
            }
        }
    }

    /// Applies the keeper move `steps` and completes the keeper's phase without checks,
    /// returns `f` of the state reached, and takes it all back.
    fn with_completion<T>(
        &mut self,
        steps: &[(u32, u32)],
        f: impl FnOnce(&Core<'r>) -> T,
    ) -> Result<T, GameError> {
        self.undo.push(self.frame());
        self.frames += 1;
        self.apply_raw(steps);
        let r = self.complete_keeper_as(false);
        let out = f(self);
        self.undo_move();
        r.map(|()| out)
    }

    /// What the diagnostic of an improper keeper shows: the position, the keeper moves `a` and
    /// `b` and how their completions differ.
    fn keeper_conflict(
        &mut self,
        a: &[(u32, u32)],
        b: &[(u32, u32)],
    ) -> Result<KeeperConflict, GameError> {
        type Outcome = (Vec<u16>, Vec<i64>, (u32, u32));
        let outcome =
            |c: &Core<'_>| -> Outcome { (c.pieces.clone(), c.vars.clone(), (c.player, c.pos)) };
        let (pa, va, ea) = self.with_completion(a, outcome)?;
        let (pb, vb, eb) = self.with_completion(b, outcome)?;
        let prog = self.prog;
        let as_move = |steps: &[(u32, u32)]| -> Vec<(u32, u32)> {
            steps
                .iter()
                .map(|&(j, v)| (prog.modifier_of(j), v))
                .collect()
        };
        let index = |i: usize| i as u32;
        Ok(KeeperConflict {
            changed: (self.pieces.iter().zip(&prog.initial).enumerate())
                .filter(|(_, (p, q))| p != q)
                .map(|(v, (&p, _))| (index(v), p))
                .collect(),
            vars: self.vars.clone(),
            vertex: self.pos,
            moves: [as_move(a), as_move(b)],
            pieces_differ: (pa.iter().zip(&pb).enumerate())
                .filter(|(_, (x, y))| x != y)
                .map(|(v, (&x, &y))| (index(v), x, y))
                .collect(),
            vars_differ: (va.iter().zip(&vb).enumerate())
                .filter(|(_, (x, y))| x != y)
                .map(|(i, (&x, &y))| (index(i), x, y))
                .collect(),
            ends: [ea, eb],
        })
    }
    /// What the improper-keeper check compares (`semantics::outcome_hash`): in a terminal
    /// state (the keeper to move and stuck) where the keeper stopped is unobservable.
    fn outcome_hash(&self) -> u64 {
        let keeper = self.player == self.prog.nplayers;
        semantics::outcome_hash(self.semi_hash(), keeper, self.player, self.rules, self.pos)
    }
}
