//! IR → [`Program`]: every automaton (the rules, and the body of each pattern) becomes an
//! ε-free NFA over indexed actions, all in one flat state space.
//!
//! The construction is Thompson's NFA with its ε-closure precomputed, i.e. the position
//! (Glushkov) automaton: one state per indexed action ("that action was just applied"), plus
//! one start state per automaton. State `j`'s successor list holds the actions that may follow
//! it; taking action `j` always leads to state `j`, so a successor list is just a list of state
//! ids and the action to run is `ops[j]`. The paper's rules index of a game state is such a
//! state id (0 = the start of the rules).
//!
//! Two things are precomputed for the move generator:
//! * `check`: which states need a visited mark. A state reached by a single predecessor through
//!   a vertex-preserving action can be reached at most once per modifier sequence if its
//!   predecessor is, so only merge points (several predecessors) and everything reached
//!   through shifts pay for the visited array.
//! * shift regions: the board never changes, so for a state `q` followed by shifts (e.g.
//!   `anySquare = (left*+right*)(up*+down*)`) the set of (state, vertex) reachable from
//!   `(q, v)` by shifts alone is a constant. It is tabulated per vertex, grouped by the
//!   non-shift successor list of the states reached ("classes"), so a DFS node jumps straight
//!   to the 64 squares instead of walking there.

use crate::arith::compile_arith;
use crate::chains::build_chains;
use crate::error::CompileError;
use crate::follow::{follow_sets, Follow};
use crate::hot;
use crate::keeper::deterministic_keepers;
use crate::program::{Op, Program, NONE};
use crate::regions::{build_regions, choose_checks, expand_classes};
use crate::Options;
use ir::{Action, Game, Node, SwitchTarget};
use std::collections::HashMap;

/// Largest visited array per search level (u32 stamps; 64 MiB).
const MAX_VISITED: usize = 1 << 24;

pub(crate) fn compile(game: &Game, opts: &Options) -> Result<Program, CompileError> {
    let (npieces, nvertices, ndirs) = check_size(game)?;
    let rules = &game.rules;
    let nplayers = game.players.len() as u32;
    let States {
        state_of,
        pattern_start,
        node,
    } = number_states(rules)?;
    let nstates = node.len();
    let (body_class, npattern_classes) = pattern_classes(rules);
    let Actions {
        ops,
        exprs,
        on_table,
    } = compile_actions(game, &node, &state_of, &pattern_start, &body_class);

    // 3. Glushkov follow sets, under `Options::follow_limit`.
    let Follow {
        sets: follow,
        accepting,
    } = follow_sets(game, &state_of, &pattern_start, nstates, opts.follow_limit)?;

    let mut succ_start = Vec::with_capacity(nstates + 1);
    let mut succ = Vec::new();
    for f in &follow {
        succ_start.push(succ.len() as u32);
        succ.extend_from_slice(f);
    }
    succ_start.push(succ.len() as u32);

    let mut nb = vec![NONE; nvertices * ndirs];
    for (i, t) in game.board.edge_table().iter().enumerate() {
        if let Some(t) = t {
            nb[i] = t.0;
        }
    }

    let mut mod_state = vec![NONE; rules.modifier_count() + 1];
    for (i, id) in rules.modifiers().iter().enumerate() {
        mod_state[i + 1] = state_of[id.index()];
    }

    let mut prog = Program {
        ops,
        node,
        succ_start,
        succ,
        check: vec![NONE; nstates],
        n_checked: 0,
        accepting,
        exprs,
        on_table,
        table: vec![NONE; nstates],
        full_class: vec![NONE; nstates],
        rows: Vec::new(),
        entries: Vec::new(),
        row_entries: Vec::new(),
        row_self: Vec::new(),
        hot: Vec::new(),
        class_start: vec![0],
        class_succ: Vec::new(),
        class_accepting: Vec::new(),
        nb,
        ndirs,
        nvertices,
        npieces,
        nplayers,
        bounds: game.variables.iter().map(|v| v.bound).collect(),
        mod_state,
        initial: game.board.initial.iter().map(|p| p.0 as u16).collect(),
        straightness: ir::analysis::strong_straightness(rules).finite(),
        npattern_classes,
        chain: Vec::new(),
        chain_nest: Vec::new(),
        links: Vec::new(),
        flat: Vec::new(),
        keeper_det: Vec::new(),
        direct_level: Vec::new(),
    };
    build_chains(&mut prog);
    let roots_of = if opts.region_tables {
        build_regions(&mut prog)
    } else {
        vec![Vec::new(); prog.nstates()]
    };
    choose_checks(&mut prog, &roots_of);
    // Each level of a search owns a dense visited array of this many u32 stamps.
    if prog.n_checked.saturating_mul(nvertices) > MAX_VISITED {
        return Err(CompileError::TooLarge(format!(
            "{} marked NFA states × {nvertices} vertices exceed the visited-array limit of {MAX_VISITED} per level",
            prog.n_checked
        )));
    }
    expand_classes(&mut prog);
    hot::plan(&mut prog);
    prog.keeper_det = deterministic_keepers(&prog);
    Ok(prog)
}

/// The game's validation and the sizes the program's indices must hold: (pieces, vertices,
/// directions).
fn check_size(game: &Game) -> Result<(usize, usize, usize), CompileError> {
    let errors = ir::validate::validate(game);
    if !errors.is_empty() {
        return Err(CompileError::Invalid(errors));
    }
    let npieces = game.pieces.len();
    if npieces > u16::MAX as usize {
        return Err(CompileError::TooLarge(format!(
            "{npieces} pieces (at most {})",
            u16::MAX
        )));
    }
    let nvertices = game.board.vertex_count();
    let ndirs = game.board.direction_count();
    if nvertices.saturating_mul(ndirs.max(1)) >= NONE as usize {
        return Err(CompileError::TooLarge(format!(
            "{nvertices} vertices × {ndirs} directions"
        )));
    }
    Ok((npieces, nvertices, ndirs))
}

/// The NFA's states: per rules node its state (`state_of`), per pattern node its body's start
/// state, and per state its node.
struct States {
    state_of: Vec<u32>,
    pattern_start: Vec<u32>,
    node: Vec<ir::NodeId>,
}

fn number_states(rules: &ir::Rules) -> Result<States, CompileError> {
    // 1. States in text order (pre-order): 0 is the start of the rules; a pattern's start
    //    state comes right after the pattern's own state.
    let mut state_of = vec![NONE; rules.len()];
    let mut pattern_start = vec![NONE; rules.len()];
    let mut node = vec![rules.root()];
    let mut stack = vec![rules.root()];
    while let Some(id) = stack.pop() {
        match rules.node(id) {
            Node::Action(a) => {
                state_of[id.index()] = node.len() as u32;
                node.push(id);
                if let Action::Pattern { body, .. } = a {
                    pattern_start[id.index()] = node.len() as u32;
                    node.push(id);
                    stack.push(*body);
                }
            }
            Node::Concat(ch) | Node::Sum(ch) => stack.extend(ch.iter().rev()),
            Node::Star(c) => stack.push(*c),
        }
    }
    let nstates = node.len();
    if nstates >= NONE as usize / 2 {
        return Err(CompileError::TooLarge(format!("{nstates} NFA states")));
    }

    Ok(States {
        state_of,
        pattern_start,
        node,
    })
}

/// Per pattern body node its structural class (dense ids, `NONE` for other nodes), and the
/// number of classes.
fn pattern_classes(rules: &ir::Rules) -> (Vec<u32>, usize) {
    // Structural classes of sub-expressions (interned by their children's classes), so equal
    // pattern bodies can share cached results.
    let mut interned: HashMap<String, u32> = HashMap::new();
    let mut class_of_node = vec![0u32; rules.len()];
    for id in rules.postorder() {
        let key = match rules.node(id) {
            Node::Action(Action::Pattern { positive, body }) => {
                format!("P{positive}{}", class_of_node[body.index()])
            }
            Node::Action(a) => format!("A{a:?}"),
            Node::Concat(ch) => format!(
                "C{:?}",
                ch.iter()
                    .map(|c| class_of_node[c.index()])
                    .collect::<Vec<_>>()
            ),
            Node::Sum(ch) => format!(
                "S{:?}",
                ch.iter()
                    .map(|c| class_of_node[c.index()])
                    .collect::<Vec<_>>()
            ),
            Node::Star(c) => format!("*{}", class_of_node[c.index()]),
        };
        let next = interned.len() as u32;
        class_of_node[id.index()] = *interned.entry(key).or_insert(next);
    }
    // Dense ids for the classes that are pattern bodies.
    let mut body_class = vec![NONE; rules.len()];
    let mut dense: HashMap<u32, u32> = HashMap::new();
    for id in rules.postorder() {
        if let Node::Action(Action::Pattern { body, .. }) = rules.node(id) {
            let next = dense.len() as u32;
            body_class[body.index()] = *dense.entry(class_of_node[body.index()]).or_insert(next);
        }
    }
    let npattern_classes = dense.len();

    (body_class, npattern_classes)
}

/// Each state's operation, with the expressions and piece sets they index.
struct Actions {
    ops: Vec<Op>,
    exprs: Vec<crate::arith::Expr>,
    on_table: Vec<bool>,
}

fn compile_actions(
    game: &Game,
    node: &[ir::NodeId],
    state_of: &[u32],
    pattern_start: &[u32],
    body_class: &[u32],
) -> Actions {
    let rules = &game.rules;
    let npieces = game.pieces.len();
    let nplayers = game.players.len() as u32;
    let nstates = node.len();
    // 2. Actions.
    let mut exprs = Vec::new();
    let mut on_table = Vec::new();
    let mut ops = vec![Op::Start; nstates];
    for (s, &id) in node.iter().enumerate() {
        if state_of[id.index()] != s as u32 {
            continue; // a pattern's start state
        }
        let Node::Action(a) = rules.node(id) else {
            unreachable!("states are actions")
        };
        let modifier = rules.modifier_index(id).unwrap_or(0);
        ops[s] = match a {
            Action::Shift(d) => Op::Shift(d.0),
            Action::On(set) if npieces <= 64 => {
                Op::On(set.iter().fold(0u64, |m, p| m | (1u64 << p.0)))
            }
            Action::On(set) => {
                let off = on_table.len() as u32;
                on_table.extend(std::iter::repeat_n(false, npieces));
                for p in set {
                    on_table[off as usize + p.index()] = true;
                }
                Op::OnSet(off)
            }
            Action::Off(p) => Op::Off {
                piece: p.0 as u16,
                modifier,
            },
            Action::Assign { var, value } => Op::Assign {
                var: var.0,
                expr: compile_arith(value, &mut exprs),
                modifier,
            },
            Action::Compare { left, op, right } => Op::Compare {
                left: compile_arith(left, &mut exprs),
                op: *op,
                right: compile_arith(right, &mut exprs),
            },
            Action::Switch(SwitchTarget::Player(p)) => Op::Switch {
                player: p.0,
                modifier,
            },
            Action::Switch(SwitchTarget::Keeper) => Op::Switch {
                player: nplayers,
                modifier,
            },
            Action::Pattern { positive, body } => Op::Pattern {
                start: pattern_start[id.index()],
                positive: *positive,
                class: body_class[body.index()],
            },
        };
    }

    Actions {
        ops,
        exprs,
        on_table,
    }
}
