//! Uniform random playouts from a state, with the moves of monotonic classes
//! (`compiled::monotonic`) sampled from kept lists and checked instead of listed.

use super::game::PieceIndex;
use super::search::Flow;
use super::state::{Failed, Rules, Saved, State};

/// Whether monotonic class `class`'s test lets piece `p` through.
#[inline(always)]
fn mono_lets<G: Rules>(class: usize, p: usize) -> bool {
    G::mono_ok()[class * G::MONO_WORDS + p / 64] >> (p % 64) & 1 != 0
}

impl<G: Rules> State<G> {
    /// The vertices of monotonic class `class`'s moves (where its walk ends).
    #[inline(always)]
    pub fn mono_cells(class: usize) -> &'static [u32] {
        let at = G::mono_cell_at();
        &G::mono_cells()[at[class] as usize..at[class + 1] as usize]
    }

    /// Whether monotonic class `class` lets the piece at `v` through.
    #[inline(always)]
    pub fn mono_ok(&self, class: usize, v: u32) -> bool {
        mono_lets::<G>(class, self.piece(v).index())
    }

    /// A legal move of monotonic class `class` drawn uniformly (its vertex), None when the
    /// class has none: candidates are drawn from the moves the playout kept for the class
    /// (shared by the classes with the same cells and test, `MONO_LIST`) and dropped for good
    /// when illegal (uniform; see `crate::monotonic`).
    fn mono_pick(&mut self, class: usize) -> Option<u32> {
        let kept = G::mono_list()[class] as usize;
        let mut list = std::mem::take(&mut self.mono[kept]);
        if !self.mono_ready[kept] {
            self.mono_ready[kept] = true;
            self.mono_fill(class, &mut list);
        }
        let mut found = None;
        while !list.is_empty() {
            let i = self.below(list.len() as u64) as usize;
            let v = list[i];
            if self.mono_ok(class, v) {
                found = Some(v);
                break;
            }
            list.swap_remove(i);
        }
        self.mono[kept] = list;
        found
    }

    /// The legal moves of monotonic class `class` now, ascending. With piece sets, read from
    /// them: a set bit per cell (gomoku's 225 empty squares at the start of every playout) is
    /// cheaper than a piece test each.
    #[inline(always)]
    fn mono_fill(&self, class: usize, list: &mut Vec<u32>) {
        list.clear();
        if G::USES_PBITS {
            for i in 0..G::WORDS {
                let mut on = 0u64;
                for p in (0..G::NP).filter(|&p| mono_lets::<G>(class, p)) {
                    on |= self.pbits[p * G::WORDS + i];
                }
                let mut b = on & G::mono_mask()[class * G::WORDS + i];
                while b != 0 {
                    list.push((i * 64) as u32 + b.trailing_zeros());
                    b &= b - 1;
                }
            }
        } else {
            for &v in Self::mono_cells(class) {
                if self.mono_ok(class, v) {
                    list.push(v);
                }
            }
        }
    }

    /// One uniformly random playout; the state is restored afterwards.
    /// Returns (length, finished) or Err with `err` set.
    pub fn playout(&mut self, max_len: u64, scores: &mut [i64]) -> Result<(u64, bool), Failed> {
        // Saved in a reused copy: a playout allocates nothing once warm. Counts and piece
        // sets are copied back rather than recounted (a recount's increments of a few
        // counters, one per vertex, stall on each other).
        let mut saved = self.saves.pop().unwrap_or_else(Saved::new);
        saved.save(self);
        let undo_len = self.undo.len();
        let frames = self.frames;
        let mut length = 0u64;
        let mut result = Ok(false);
        let mut buf = std::mem::take(&mut self.moves);
        let mut first = std::mem::take(&mut self.first);
        let mut kbuf = std::mem::take(&mut self.kbuf);
        self.mono_ready.iter_mut().for_each(|r| *r = false);
        // A class's move applies at most 9 modifiers with no search below it: limits far
        // above that cannot stop it, as they cannot stop its listing.
        let sampling =
            self.sample_check && self.modifier_limit >= 16 && self.search_limit >= 1 << 16;
        loop {
            let class = if sampling {
                G::mono_class(self.rules)
            } else {
                usize::MAX
            };
            if class != usize::MAX {
                let Some(v) = self.mono_pick(class) else {
                    result = Ok(true);
                    break;
                };
                if length >= max_len {
                    break;
                }
                let at = G::mono_step_at();
                let steps = &G::mono_steps()[at[class] as usize..at[class + 1] as usize];
                for &m in steps {
                    self.apply_mod::<false>(m, v);
                }
                length += 1;
                if self.keeper_to_move()
                    && self
                        .keeper_after_move::<true>(&mut first, &mut kbuf)
                        .is_err()
                {
                    result = Err(Failed);
                    break;
                }
                continue;
            }
            buf.clear();
            if G::root_level(self, self.rules, self.pos, &mut buf) == Flow::Err {
                result = Err(Failed);
                break;
            }
            if buf.is_empty() {
                result = Ok(true);
                break;
            }
            if length >= max_len {
                break;
            }
            let pick = self.below(buf.len() as u64) as usize;
            // Playouts never undo: no frame, no undo entries.
            self.apply_raw::<false>(buf.get(pick));
            length += 1;
            if self.keeper_to_move()
                && self
                    .keeper_after_move::<true>(&mut first, &mut kbuf)
                    .is_err()
            {
                result = Err(Failed);
                break;
            }
        }
        self.moves = buf;
        self.first = first;
        self.kbuf = kbuf;
        for (s, x) in scores.iter_mut().zip((**self.vars).as_ref()) {
            *s = *x;
        }
        saved.restore(self);
        self.saves.push(saved);
        self.undo.truncate(undo_len);
        self.frames = frames;
        result.map(|finished| (length, finished))
    }
}
