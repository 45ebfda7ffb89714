//! A read-only public view of the compiled [`Program`], for engines built on top of the
//! reasoner's automaton (the `compiled` crate generates code from it). Only the parts with
//! meaning outside the move generator are shown: states, their actions and successor lists,
//! acceptance, expressions and board tables. State ids are the interpreter's rules states.

use crate::arith::Expr;
use crate::program::{Op, Program, NONE};
use crate::Reasoner;
use ir::{ArithOp, CmpOp, NodeId};

/// The action that leads into a state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionView {
    /// The start state of the rules (state 0) or of a pattern body.
    Start,
    Shift {
        dir: u32,
    },
    /// `{pieces}`: the pieces allowed, sorted.
    On {
        pieces: Vec<u16>,
    },
    Off {
        piece: u16,
        modifier: u32,
    },
    Assign {
        var: u32,
        expr: u32,
        modifier: u32,
    },
    Compare {
        left: u32,
        op: CmpOp,
        right: u32,
    },
    /// `player == None` is the keeper.
    Switch {
        player: Option<u32>,
        modifier: u32,
    },
    Pattern {
        /// Start state of the body's automaton.
        start: u32,
        positive: bool,
    },
}

/// One node of the expression arena; children are arena indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExprView {
    Const(i64),
    Var(u32),
    /// Number of vertices holding the piece.
    Count(u32),
    Bin(ArithOp, u32, u32),
}

/// See the module docs.
#[derive(Clone, Copy)]
pub struct ProgramView<'a> {
    prog: &'a Program,
}

impl Reasoner {
    /// The compiled automaton and tables, read-only.
    pub fn program(&self) -> ProgramView<'_> {
        ProgramView { prog: &self.prog }
    }
}

impl ProgramView<'_> {
    pub fn nstates(&self) -> usize {
        self.prog.nstates()
    }

    pub fn action(&self, q: u32) -> ActionView {
        let prog = self.prog;
        match prog.ops[q as usize] {
            Op::Start => ActionView::Start,
            Op::Shift(dir) => ActionView::Shift { dir },
            Op::On(mask) => ActionView::On {
                pieces: (0..64u16)
                    .filter(|&p| (p as usize) < prog.npieces && (mask >> p) & 1 != 0)
                    .collect(),
            },
            Op::OnSet(off) => ActionView::On {
                pieces: (0..prog.npieces)
                    .filter(|&p| prog.on_table[off as usize + p])
                    .map(|p| p as u16)
                    .collect(),
            },
            Op::Off { piece, modifier } => ActionView::Off { piece, modifier },
            Op::Assign {
                var,
                expr,
                modifier,
            } => ActionView::Assign {
                var,
                expr,
                modifier,
            },
            Op::Compare { left, op, right } => ActionView::Compare { left, op, right },
            Op::Switch { player, modifier } => ActionView::Switch {
                player: (player < prog.nplayers).then_some(player),
                modifier,
            },
            Op::Pattern {
                start, positive, ..
            } => ActionView::Pattern { start, positive },
        }
    }

    /// The states whose actions may follow state `q`, in the interpreter's order.
    pub fn successors(&self, q: u32) -> &[u32] {
        self.prog.succ_of(q)
    }

    /// A pattern body may end in state `q`.
    pub fn accepting(&self, q: u32) -> bool {
        self.prog.accepting[q as usize]
    }

    /// The IR node of state `q` (errors name it).
    pub fn node(&self, q: u32) -> NodeId {
        self.prog.node[q as usize]
    }

    pub fn expr(&self, i: u32) -> ExprView {
        match self.prog.exprs[i as usize] {
            Expr::Const(c) => ExprView::Const(c),
            Expr::Var(v) => ExprView::Var(v),
            Expr::Count(p) => ExprView::Count(p),
            Expr::Bin(op, a, b) => ExprView::Bin(op, a, b),
        }
    }

    pub fn nvertices(&self) -> usize {
        self.prog.nvertices
    }

    pub fn ndirs(&self) -> usize {
        self.prog.ndirs
    }

    pub fn npieces(&self) -> usize {
        self.prog.npieces
    }

    pub fn nplayers(&self) -> u32 {
        self.prog.nplayers
    }

    /// The vertex reached from `v` along direction `d`, if any.
    pub fn neighbour(&self, v: u32, d: u32) -> Option<u32> {
        let w = self.prog.nb[v as usize * self.prog.ndirs + d as usize];
        (w != NONE).then_some(w)
    }

    /// Upper bound of every variable (players' scores first).
    pub fn bounds(&self) -> &[i64] {
        &self.prog.bounds
    }

    /// The piece on each vertex at the start.
    pub fn initial(&self) -> &[u16] {
        &self.prog.initial
    }

    /// The state of modifier index `m` (1-based), if it exists.
    pub fn modifier_state(&self, m: u32) -> Option<u32> {
        let s = *self.prog.mod_state.get(m as usize)?;
        (s != NONE).then_some(s)
    }

    /// Number of modifier indices (the largest index).
    pub fn nmodifiers(&self) -> u32 {
        self.prog.mod_state.len() as u32 - 1
    }

    /// Strong straightness of the rules, when finite.
    pub fn straightness(&self) -> Option<u64> {
        self.prog.straightness
    }
}
