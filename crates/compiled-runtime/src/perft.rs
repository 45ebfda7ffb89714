//! Perft: the states at each distance from a state, each move applied and the position
//! restored from a copy; the last level's leaves applied as the search finds them
//! (`LeafVisit`) when perft applies them, or counted.

use super::game::Game;
use super::moves::MoveBuf;
use super::search::Flow;
use super::sink::{Path, Sink};
use super::state::{Failed, LeafDigest, PerftFrame, PerftKeeper, Rules, Saved, State};

/// Path steps from which `LeafVisit` copies the position after a path its second move
/// shares, instead of applying the path for every move.
const SHARED_STEPS_FOR_COPY: usize = 2;

/// Perft's last level with its leaves applied: each move, as the search reports it, applied
/// with its keeper completion to a scratch state (the searched one holds the search's
/// partial moves) and counted. Nothing is listed: a leaf costs no buffer writes, group
/// bookkeeping or second walk (measured against listing the leaves first: breakthrough
/// 281 -> 209 instructions per leaf, perft 98 -> 128 M nodes/s; chess 1,186 -> 1,051).
struct LeafVisit<'a, G: Game, const DIGEST: bool> {
    st: &'a mut State<G>,
    /// The node's position, and the position after the path of version `inner_ver`.
    node: &'a Saved<G>,
    inner: &'a mut Saved<G>,
    first: &'a mut MoveBuf,
    buf: &'a mut MoveBuf,
    /// The path version of the last leaf.
    ver: u64,
    inner_ver: u64,
    leaves: u64,
    failed: bool,
}
impl<G: Rules, const DIGEST: bool> Sink for LeafVisit<'_, G, DIGEST> {
    const RECORD: bool = true;
    #[inline(always)]
    fn switch(&mut self, path: &Path, m: u32, v: u32) -> bool {
        let st = &mut *self.st;
        if path.ver == self.inner_ver {
            self.inner.restore_inline(st);
        } else {
            self.node.restore_inline(st);
            for s in &path.steps {
                st.apply_mod::<false>(s[0], s[1]);
            }
            // A copy costs about as much as a few modifiers: a path is copied at its second
            // move, and only a long one (breakthrough's one-step paths were 10 % slower
            // with a copy each).
            if path.ver == self.ver && path.steps.len() >= SHARED_STEPS_FOR_COPY {
                self.inner.save(st);
                self.inner_ver = path.ver;
            }
            self.ver = path.ver;
        }
        // The generated code reports only switches' modifiers to `Sink::switch`.
        debug_assert_eq!(G::mod_kind()[m as usize], 3, "a move ends in a switch");
        (st.player, st.rules, st.pos) = (G::mod_a()[m as usize], G::mod_b()[m as usize], v);
        if st.keeper_to_move() && st.keeper_after_move::<false>(self.first, self.buf).is_err() {
            self.failed = true;
            return true;
        }
        if DIGEST {
            st.note_leaf();
        }
        self.leaves += 1;
        false
    }
    fn add(&mut self, _: u64) -> bool {
        unreachable!("LeafVisit records its moves")
    }
}

impl<G: Rules> State<G> {
    /// Adds the states at distances 1..=remaining below this one to `per_depth[k + 1..]`;
    /// with `applied`, the last level's moves are applied (with their keeper completion) and
    /// taken back, otherwise only counted.
    pub fn perft<const DIGEST: bool>(
        &mut self,
        remaining: u32,
        k: usize,
        per_depth: &mut [u64],
        applied: bool,
    ) -> Result<(), Failed> {
        let mut frames = std::mem::take(&mut self.perft_frames);
        frames.resize_with(frames.len().max(remaining as usize), PerftFrame::default);
        let mut keeper = std::mem::take(&mut self.perft_keeper);
        let r =
            self.perft_node::<DIGEST>(remaining, k, per_depth, applied, &mut frames, &mut keeper);
        self.perft_frames = frames;
        self.perft_keeper = keeper;
        r
    }

    /// `perft` below one node, with a frame per level below it (`frames[0]` this node's):
    /// nothing is allocated or moved per node.
    fn perft_node<const DIGEST: bool>(
        &mut self,
        remaining: u32,
        k: usize,
        per_depth: &mut [u64],
        applied: bool,
        frames: &mut [PerftFrame<G>],
        keeper: &mut PerftKeeper<G>,
    ) -> Result<(), Failed> {
        if remaining == 0 {
            return Ok(());
        }
        if remaining == 1 && !applied {
            per_depth[k + 1] += self.count_moves()?;
            return Ok(());
        }
        let Some((frame, below)) = frames.split_first_mut() else {
            unreachable!("perft makes a frame per level")
        };
        if remaining == 1 && self.leaf_digest != LeafDigest::Plain {
            return self.perft_visit::<DIGEST>(k, per_depth, frame, keeper);
        }
        frame.buf.clear();
        if G::root_level(self, self.rules, self.pos, &mut frame.buf) == Flow::Err {
            return Err(Failed);
        }
        per_depth[k + 1] += frame.buf.len() as u64;
        // Each move is applied without undo entries and the position restored from a copy.
        frame.saved.save(self);
        self.perft_children::<DIGEST>(remaining, k, per_depth, applied, frame, below, keeper)
    }

    /// The leaves below a node, each applied with its keeper completion as the search finds
    /// it (`LeafVisit`), on the scratch state, which takes this state's settings and gives
    /// back what the keeper's completions change in them.
    fn perft_visit<const DIGEST: bool>(
        &mut self,
        k: usize,
        per_depth: &mut [u64],
        frame: &mut PerftFrame<G>,
        keeper: &mut PerftKeeper<G>,
    ) -> Result<(), Failed> {
        frame.saved.save(self);
        let PerftKeeper {
            first,
            buf,
            scratch,
        } = keeper;
        let st = scratch.get_or_insert_with(|| Box::new(self.clone()));
        st.take_settings(self);
        let mut visit = LeafVisit::<G, DIGEST> {
            st,
            node: &frame.saved,
            inner: &mut frame.inner,
            first,
            buf,
            ver: u64::MAX,
            inner_ver: u64::MAX,
            leaves: 0,
            failed: false,
        };
        let flow = G::root_level(self, self.rules, self.pos, &mut visit);
        let (leaves, failed) = (visit.leaves, visit.failed);
        (self.first_checks_left, self.warn) = (st.first_checks_left, st.warn);
        if DIGEST {
            self.digest = self.digest.wrapping_add(st.digest);
        }
        per_depth[k + 1] += leaves;
        if failed {
            self.err = st.err;
        }
        if flow == Flow::Err || failed {
            return Err(Failed);
        }
        Ok(())
    }

    /// Adds the state reached at a leaf to `State::digest` (a sum: the order of the leaves
    /// does not matter).
    #[cold]
    fn note_leaf(&mut self) {
        self.digest = self.digest.wrapping_add(self.full_hash());
    }

    /// Every move of `buf` applied in turn, with its keeper completion and the levels below.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn perft_children<const DIGEST: bool>(
        &mut self,
        remaining: u32,
        k: usize,
        per_depth: &mut [u64],
        applied: bool,
        frame: &PerftFrame<G>,
        below: &mut [PerftFrame<G>],
        keeper: &mut PerftKeeper<G>,
    ) -> Result<(), Failed> {
        let (buf, saved) = (&frame.buf, &*frame.saved);
        for i in 0..buf.len() {
            self.apply_inline::<false>(buf.get(i));
            let mut r = Ok(());
            if self.keeper_to_move() {
                r = self.keeper_after_move::<false>(&mut keeper.first, &mut keeper.buf);
            }
            if r.is_ok() && remaining > 1 {
                r = self.perft_node::<DIGEST>(
                    remaining - 1,
                    k + 1,
                    per_depth,
                    applied,
                    below,
                    keeper,
                );
            } else if DIGEST {
                self.note_leaf();
            }
            saved.restore_inline(self);
            r?;
        }
        Ok(())
    }
}
