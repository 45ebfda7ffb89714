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

/// What the emit functions find while they write the levels' code and the set functions, which
/// items written after them must hold (composite steps, masks, set functions, the dispatch's
/// inlining): collected through `&mut`, never through the plan.
pub(super) struct Needs {
    /// Chains of directions walked as one step (`Gen::step_code`), each a table `NBC<k>`,
    /// in the order first met.
    pub(super) composites: Vec<Vec<u32>>,
    /// Per state: its level is called directly from inside a loop (`dispatch` inlines it).
    pub(super) hot: Vec<bool>,
    /// Per pattern start: its body's states when it is read from its set (`pset{q}`).
    pub(super) set_patterns: Vec<Option<Vec<u32>>>,
    /// Pattern starts called through their own `pat{q}` (see `Gen::pattern_call`).
    pub(super) called_patterns: Vec<bool>,
    /// Per pattern start: the states whose code calls its code `p{q}` directly
    /// (`Gen::keeper_patterns_inlined`).
    pub(super) pattern_callers: Vec<Vec<u32>>,
    /// Per shift table: a level reads its cells as sets (`Gen::table_set_arrays`).
    pub(super) table_sets: Vec<bool>,
    /// Directions whose `VALID` mask the pattern sets and reach levels read.
    pub(super) valid_dirs: Vec<bool>,
    /// The directions of each ray step whose `RAYD` mask a reach level reads, in the order
    /// first met.
    pub(super) ray_masks: Vec<Vec<u32>>,
    /// What the function being written found for itself (taken when it is done).
    pub(super) body: BodyNeeds,
}

/// What one function's code needs around it.
#[derive(Default)]
pub(super) struct BodyNeeds {
    /// Patterns whose sets it reads (`bs{r}`), in the order first read.
    pub(super) sets: Vec<u32>,
    /// Bytes of its code that only sinks asking for sets run (`Sink::SETS`), left out of
    /// its size for inlining.
    pub(super) set_alternatives: usize,
}

impl Needs {
    pub(super) fn new(nstates: usize, ndirs: usize, ntables: usize) -> Self {
        Needs {
            composites: Vec::new(),
            hot: vec![false; nstates],
            set_patterns: vec![None; nstates],
            called_patterns: vec![false; nstates],
            pattern_callers: vec![Vec::new(); nstates],
            table_sets: vec![false; ntables],
            valid_dirs: vec![false; ndirs],
            ray_masks: Vec::new(),
            body: BodyNeeds::default(),
        }
    }

    /// The index of the composite step along `dirs` (`NBC{k}`), added if new.
    pub(super) fn composite(&mut self, dirs: Vec<u32>) -> usize {
        index_of(&mut self.composites, dirs)
    }

    /// The index of the ray step mask along `dirs` (`RAYD{k}`), added if new.
    pub(super) fn ray_mask(&mut self, dirs: &[u32]) -> usize {
        index_of(&mut self.ray_masks, dirs.to_vec())
    }
}

impl BodyNeeds {
    /// The variables of the sets the function's code reads.
    pub(super) fn declarations(&self) -> String {
        (self.sets.iter())
            .map(|r| format!("let mut bs{r}: Option<[u64; WORDS]> = None;\n"))
            .collect()
    }
}

/// The position of `x` in `list`, pushed at the end if absent.
fn index_of(list: &mut Vec<Vec<u32>>, x: Vec<u32>) -> usize {
    match list.iter().position(|c| *c == x) {
        Some(k) => k,
        None => {
            list.push(x);
            list.len() - 1
        }
    }
}
