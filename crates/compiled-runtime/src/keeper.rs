//! The keeper's completion after a move: its moves until a player is to move, each phase
//! with several moves checked for an improper choice (check mode, and first mode's first
//! phases), or the first move taken in place.
//!
//! A checked choice completes up to four alternatives aside and compares their outcomes with
//! the phase's own, which takes the first alternative in place (`end_choice`): one completion
//! more than taking the first, not two. The interpreter's `keeper_phase.rs` does the same in
//! the same order, so both report the same error where several alternatives fail.

use super::abi::ErrorKind;
use super::moves::MoveBuf;
use super::search::Flow;
use super::sink::Mv;
use super::state::{Failed, Rules, State};

/// A keeper choice under check whose first alternative the phase is completing in place.
pub struct Choice {
    /// Outcome hashes of alternatives 1 to 4, each completed aside.
    others: [u64; 4],
    n_others: usize,
    /// Index in the undo stack of the frame pushed before alternative 0 (with `LOG`).
    frame: usize,
    /// The rules state of the choice and how many moves it had, for the error.
    rules: u32,
    moves: u64,
}

impl<G: Rules> State<G> {
    pub fn apply_move(&mut self, mv: Mv) -> Result<(), Failed> {
        self.push_frame();
        self.apply_raw::<true>(mv);
        self.complete_keeper::<true>()
    }

    /// Keeper moves until a player is to move or the keeper is stuck; the first keeper state
    /// of the phase with several moves has up to five completions compared (check mode).
    pub fn complete_keeper<const LOG: bool>(&mut self) -> Result<(), Failed> {
        if self.player != G::NPLAYERS {
            return Ok(());
        }
        let mut first = std::mem::take(&mut self.first);
        let mut kbuf = std::mem::take(&mut self.kbuf);
        let r = self.complete_keeper_in::<LOG, false>(&mut first, &mut kbuf);
        self.first = first;
        self.kbuf = kbuf;
        r
    }

    /// `complete_keeper` with its move buffers outside the state: a playout keeps them out
    /// for all its moves (moving them in and out per move stalled on store forwarding).
    /// `SETS`: the first moves it takes in place read patterns from their sets (`Sink`).
    pub fn complete_keeper_in<const LOG: bool, const SETS: bool>(
        &mut self,
        k: &mut MoveBuf,
        buf: &mut MoveBuf,
    ) -> Result<(), Failed> {
        self.complete_keeper_from::<LOG, SETS>(k, buf, 0, false)
    }

    /// `complete_keeper_in` after `steps` keeper moves of the phase. `may_choose`: the
    /// caller has just found that the keeper's next step may be a choice (it is not asked
    /// again).
    fn complete_keeper_from<const LOG: bool, const SETS: bool>(
        &mut self,
        k: &mut MoveBuf,
        buf: &mut MoveBuf,
        steps: u64,
        may_choose: bool,
    ) -> Result<(), Failed> {
        let mut choice = None;
        let r = self.keeper_phase::<LOG, SETS>(k, buf, steps, may_choose, &mut choice);
        match choice {
            None => r,
            Some(c) => self.end_choice::<LOG>(c, r),
        }
    }

    /// The keeper's moves until a player is to move or it is stuck. In check mode the first
    /// state with a real choice has its other alternatives completed aside (`choice`), and
    /// the phase goes on with the first, as the interpreter's `keeper_phase`.
    fn keeper_phase<const LOG: bool, const SETS: bool>(
        &mut self,
        k: &mut MoveBuf,
        buf: &mut MoveBuf,
        mut steps: u64,
        mut may_choose: bool,
        choice: &mut Option<Choice>,
    ) -> Result<(), Failed> {
        // First mode checks its first phases, choice or not, as the interpreter does.
        let check = self.check_keeper || (self.player == G::NPLAYERS && self.first_checks_left > 0);
        if !self.check_keeper && check {
            self.first_checks_left -= 1;
        }
        let mut checked = !check;
        while self.player == G::NPLAYERS {
            self.keeper_steps_left(steps)?;
            steps += 1;
            // Where the keeper has at most one move, there is nothing to compare: its first.
            let first = checked
                || (!std::mem::take(&mut may_choose)
                    && (G::keeper_single(self.rules)
                        || (G::keeper_frontier(self.rules) && self.keeper_one_way())));
            if first && !LOG {
                if !self.keeper_first_step::<SETS>()? {
                    return Ok(());
                }
                continue;
            }
            let listing = if first { &mut *k } else { &mut *buf };
            listing.clear();
            listing.first = first;
            if G::root_level(self, self.rules, self.pos, listing) == Flow::Err {
                return Err(Failed);
            }
            if listing.is_empty() {
                return Ok(());
            }
            if listing.len() > 1 && !first {
                *choice = Some(self.others_completed(listing)?);
                checked = true;
                if LOG {
                    self.push_frame();
                }
            }
            self.apply_raw::<LOG>(listing.get(0));
        }
        Ok(())
    }

    /// The outcome hashes of alternatives 1 to 4 of a keeper choice, each completed unchecked
    /// and taken back.
    fn others_completed(&mut self, buf: &MoveBuf) -> Result<Choice, Failed> {
        let n = buf.len().min(5);
        let mut others = [0; 4];
        for (i, h) in others.iter_mut().enumerate().take(n - 1) {
            self.push_frame();
            self.apply_raw::<true>(buf.get(i + 1));
            let saved = (self.check_keeper, self.first_checks_left);
            (self.check_keeper, self.first_checks_left) = (false, 0);
            let r = self.complete_keeper::<true>();
            (self.check_keeper, self.first_checks_left) = saved;
            *h = self.outcome_hash();
            self.undo_move();
            r?;
        }
        Ok(Choice {
            others,
            n_others: n - 1,
            frame: self.undo.len(),
            rules: self.rules,
            moves: buf.len() as u64,
        })
    }

    /// The end of a phase that took alternative 0 of `c` (with result `r`): its outcome must
    /// be the others'. Otherwise the choice is improper: an error in check mode, first mode's
    /// warning (and no more checks). With `LOG` the choice's frame leaves the undo stack, or,
    /// on an error, takes the state back to the choice, as the interpreter's `end_choice`.
    fn end_choice<const LOG: bool>(
        &mut self,
        c: Choice,
        r: Result<(), Failed>,
    ) -> Result<(), Failed> {
        let h = self.outcome_hash();
        let agree = c.others[..c.n_others].iter().all(|&o| o == h);
        if r.is_ok() && !agree {
            self.set_err(ErrorKind::ImproperKeeper, c.rules, c.moves, 0);
        }
        let warn_only = r.is_ok() && !agree && !self.check_keeper;
        if warn_only {
            if self.warn.kind == ErrorKind::None as u32 {
                self.warn = self.err;
            }
            self.first_checks_left = 0;
        }
        if !LOG {
            return if r.is_ok() && !agree && !warn_only {
                Err(Failed)
            } else {
                r
            };
        }
        if r.is_ok() && (agree || warn_only) {
            self.undo.remove(c.frame);
            self.frames -= 1;
            return Ok(());
        }
        self.undo_move();
        Err(Failed)
    }

    /// `KeeperLoop` once a phase has taken `keeper_limit` keeper moves.
    #[inline(always)]
    fn keeper_steps_left(&mut self, steps: u64) -> Result<(), Failed> {
        if steps >= self.keeper_limit {
            let (r, l) = (self.rules, self.keeper_limit);
            self.set_err(ErrorKind::KeeperLoop, r, 0, l);
            return Err(Failed);
        }
        Ok(())
    }

    /// The keeper has at most one move here, shown by its search cut at the frontier states:
    /// computed as sets where the generator could (`Rules::keeper_frontier_hits`, inline: a
    /// few word operations per keeper phase), else searched (`keeper_one_way_search`).
    #[inline(always)]
    fn keeper_one_way(&mut self) -> bool {
        match G::keeper_frontier_hits(self, self.rules, self.pos) {
            Some(hits) => hits <= 1,
            None => self.keeper_one_way_search(),
        }
    }

    /// `keeper_one_way` by the search cut at the frontier states (`sink::Frontier`). An error
    /// on the way leaves the answer to the listing, which meets it as the interpreter does.
    #[inline(never)]
    fn keeper_one_way_search(&mut self) -> bool {
        let mut k = super::sink::Frontier::default();
        let err = self.err;
        let f = G::root_level(self, self.rules, self.pos, &mut k);
        if f == Flow::Err {
            self.err = err;
            return false;
        }
        !k.choice
    }

    /// The keeper's completion after a move in playouts and perft: once first mode's checks
    /// are done, through the inlined loop of `keeper_first_inline`. `SETS`: see `Sink`
    /// (playouts; perft's similar positions make a walk's early exits predictable).
    #[inline(always)]
    pub fn keeper_after_move<const SETS: bool>(
        &mut self,
        k: &mut MoveBuf,
        buf: &mut MoveBuf,
    ) -> Result<(), Failed> {
        if !self.check_keeper && self.first_checks_left == 0 {
            self.keeper_first_inline::<SETS>()
        } else if self.check_keeper {
            self.keeper_check_inline::<SETS>(k, buf)
        } else {
            self.complete_keeper_in::<false, SETS>(k, buf)
        }
    }

    /// Check mode's completion in playouts and perft: the steps where the keeper has one
    /// way (`Rules::keeper_single`, `keeper_one_way`) taken inline as first mode takes
    /// them; from the first step where it may choose, `complete_keeper_from`.
    #[inline(always)]
    fn keeper_check_inline<const SETS: bool>(
        &mut self,
        k: &mut MoveBuf,
        buf: &mut MoveBuf,
    ) -> Result<(), Failed> {
        let mut steps = 0u64;
        while self.player == G::NPLAYERS {
            self.keeper_steps_left(steps)?;
            let one_way = G::keeper_single(self.rules)
                || (G::keeper_frontier(self.rules) && self.keeper_one_way());
            if !one_way {
                return self.complete_keeper_from::<false, SETS>(k, buf, steps, true);
            }
            steps += 1;
            if !self.keeper_first_step::<SETS>()? {
                break;
            }
        }
        Ok(())
    }

    /// `complete_keeper_in` in first mode once its checks are done: the keeper's first moves
    /// taken in place until a player is to move.
    #[inline(always)]
    pub fn keeper_first_inline<const SETS: bool>(&mut self) -> Result<(), Failed> {
        let mut steps = 0u64;
        while self.player == G::NPLAYERS {
            self.keeper_steps_left(steps)?;
            steps += 1;
            if !self.keeper_first_step::<SETS>()? {
                break;
            }
        }
        Ok(())
    }

    /// One keeper move taken in place (`KeepFirst`, through the generated `keeper_first`);
    /// false when it has none.
    #[inline(always)]
    pub fn keeper_first_step<const SETS: bool>(&mut self) -> Result<bool, Failed> {
        let (f, found) = G::keeper_first::<SETS>(self, self.rules, self.pos);
        if f == Flow::Err {
            return Err(Failed);
        }
        Ok(found)
    }
}
