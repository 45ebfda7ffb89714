//! What the emit functions carry down while they write a function's code: the `Scope`, passed
//! by value (a nested loop writes with a copy one loop deeper), never stored in the plan.

/// Where the code being written sits.
#[derive(Clone, Copy, Debug)]
pub(super) struct Scope {
    /// The state whose function (a level's entry or a pushed state) is being written.
    pub(super) writing: u32,
    /// Loops around the code: rays' loops and whole-board regions' loops (a shift table's
    /// walk is not counted).
    pub(super) loops: u32,
    /// Whole-board loops around the code.
    pub(super) board_loops: u32,
}

impl Scope {
    /// The top of the function of state `q`.
    pub(super) fn of(q: u32) -> Self {
        Scope {
            writing: q,
            loops: 0,
            board_loops: 0,
        }
    }

    /// Inside one more loop (a ray's).
    pub(super) fn in_loop(self) -> Self {
        Scope {
            loops: self.loops + 1,
            ..self
        }
    }

    /// Inside one more whole-board loop.
    pub(super) fn in_board_loop(self) -> Self {
        Scope {
            loops: self.loops + 1,
            board_loops: self.board_loops + 1,
            ..self
        }
    }
}
