//! The keeper's completion after a move: its moves until a player is to move, each phase
//! with several moves checked for an improper choice (check mode, and first mode's first
//! phases), or the first move taken in place.

use super::abi::ErrorKind;
use super::moves::MoveBuf;
use super::search::Flow;
use super::sink::Mv;
use super::state::{Failed, Rules, State};

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
        mut steps: u64,
        mut may_choose: bool,
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
            } else if first {
                k.clear();
                k.first = true;
                if G::root_level(self, self.rules, self.pos, k) == Flow::Err {
                    return Err(Failed);
                }
                let found = !k.is_empty();
                if found {
                    self.apply_raw::<LOG>(k.get(0));
                }
                if !found {
                    return Ok(());
                }
            } else {
                buf.clear();
                let f = G::root_level(self, self.rules, self.pos, buf);
                let r = if f == Flow::Err {
                    Err(Failed)
                } else {
                    match buf.len() {
                        0 => Ok(false),
                        1 => {
                            self.apply_raw::<LOG>(buf.get(0));
                            Ok(true)
                        }
                        _ => {
                            checked = true;
                            let mut r = self.check_keeper_choice(buf);
                            if r.is_err()
                                && !self.check_keeper
                                && self.err.kind == ErrorKind::ImproperKeeper as u32
                            {
                                // First mode: a warning, and no more checks.
                                if self.warn.kind == ErrorKind::None as u32 {
                                    self.warn = self.err;
                                }
                                self.first_checks_left = 0;
                                r = Ok(());
                            }
                            if r.is_ok() {
                                self.apply_raw::<LOG>(buf.get(0));
                            }
                            r.map(|()| true)
                        }
                    }
                };
                if !r? {
                    return Ok(());
                }
            }
        }
        Ok(())
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

    /// A keeper phase with several moves: up to five completions must reach the same outcome
    /// (`State::outcome_hash`), or the choice is improper.
    pub fn check_keeper_choice(&mut self, buf: &MoveBuf) -> Result<(), Failed> {
        let n = buf.len().min(5);
        let mut first = None;
        for i in 0..n {
            self.push_frame();
            self.apply_raw::<true>(buf.get(i));
            // Each alternative completes unchecked.
            let saved = (self.check_keeper, self.first_checks_left);
            (self.check_keeper, self.first_checks_left) = (false, 0);
            let r = self.complete_keeper::<true>();
            (self.check_keeper, self.first_checks_left) = saved;
            let h = self.outcome_hash();
            self.undo_move();
            r?;
            match first {
                None => first = Some(h),
                Some(h0) if h0 != h => {
                    let r = self.rules;
                    self.set_err(ErrorKind::ImproperKeeper, r, buf.len() as u64, 0);
                    return Err(Failed);
                }
                _ => {}
            }
        }
        Ok(())
    }
}
