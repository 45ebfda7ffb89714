//! `rbgtool.load(..., engine="compiled")`: an RBG state in the game's compiled library, behind
//! the same [`Backend`] as the interpreter's states (same move ids, texts and positions).

use crate::engine::{Backend, EngineError, RbgIds};
use compiled::{CompiledGame, CompiledState};
use game::GameState;
use std::sync::Arc;

/// A compiled state that owns (a share of) its library.
pub struct CompiledBackend {
    // Declared first so it is dropped before `game`, which it borrows.
    state: CompiledState<'static>,
    game: Arc<CompiledGame>,
    ids: Arc<RbgIds>,
}

impl CompiledBackend {
    pub fn new(
        game: &Arc<CompiledGame>,
        ids: &Arc<RbgIds>,
    ) -> Result<CompiledBackend, EngineError> {
        // SAFETY: the library lives in an `Arc` that this struct keeps (and every fork keeps a
        // clone of), the state is dropped before it (field order), and the `'static` state
        // never leaves this struct.
        let g_static: &'static CompiledGame = unsafe { &*Arc::as_ptr(game) };
        let state = g_static.initial_state()?;
        Ok(CompiledBackend {
            state,
            game: Arc::clone(game),
            ids: Arc::clone(ids),
        })
    }
}

crate::engine::rbg_state_delegate!(CompiledBackend);

impl Backend for CompiledBackend {
    /// A copy is the initial state with the moves replayed, so that it can take them back.
    const REPLAYS: bool = true;

    fn id(&self, mv: &reasoner::Move, _: usize) -> u64 {
        self.ids.id(mv)
    }
    fn checked_legal(&mut self, out: &mut Vec<reasoner::Move>) -> Result<(), EngineError> {
        *out = self.state.legal_moves_checked()?;
        Ok(())
    }
    fn checked_apply(&mut self, mv: &reasoner::Move) -> Result<(), EngineError> {
        Ok(self.state.try_apply(mv)?)
    }
    fn fast_perft(&mut self, depth: u32) -> Result<u64, EngineError> {
        let counts = self.game.perft_by_depth(&mut self.state, depth)?;
        Ok(counts.last().map_or(1, |c| c.leaves))
    }
    fn fork(&self, origin: Option<&str>, history: &[reasoner::Move]) -> Self {
        let mut copy = CompiledBackend::new(&self.game, &self.ids)
            .expect("the initial state was built once already");
        // Replaying meets the same errors the original met (kept as its first error).
        if let Some(text) = origin {
            let _ = copy.state.set_position(text);
        }
        for mv in history {
            let _ = copy.state.try_apply(mv);
        }
        copy
    }
    fn pieces(&self) -> Vec<String> {
        let names = self.ids.piece_names();
        let name = |p: u16| names.get(usize::from(p)).cloned().unwrap_or_default();
        self.state.snapshot().pieces.into_iter().map(name).collect()
    }
    fn variables(&self) -> Vec<i64> {
        self.state.snapshot().variables
    }
}
