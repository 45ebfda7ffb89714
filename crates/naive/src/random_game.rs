//! `ir::Game`s built from arbitrary bytes (fuzzer input or proptest vectors).
//!
//! [`small_game`] makes small games meant to be valid: a few players, pieces, variables and
//! vertices, a random board graph and a random rules tree of bounded size whose switches
//! sit outside patterns. [`wild_game`] makes arbitrary arenas — ids out of range, shared or
//! cyclic nodes, switches in patterns, negative bounds — for `ir::validate` to judge.

use ir::rules::RulesBuilder;
use ir::{
    Action, Arith, ArithOp, Board, CmpOp, DirId, Game, Node, NodeId, PieceId, PlayerId,
    SwitchTarget, VarId, Variable, VertexId,
};

/// Reads numbers from the bytes; once they are used up, a xorshift stream seeded by them
/// goes on, so every input gives a complete game.
pub struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
    rng: u64,
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        let seed = data.iter().fold(0x9E37_79B9_7F4A_7C15u64, |h, &b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01B3)
        });
        Bytes {
            data,
            at: 0,
            rng: seed | 1,
        }
    }

    pub fn byte(&mut self) -> u8 {
        if let Some(&b) = self.data.get(self.at) {
            self.at += 1;
            return b;
        }
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        (self.rng >> 24) as u8
    }

    /// A number in `0..n` (`n` ≥ 1).
    pub fn below(&mut self, n: usize) -> usize {
        let x = (self.byte() as usize) << 8 | self.byte() as usize;
        x % n.max(1)
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// Sizes of the declarations of a small game.
struct Shape {
    players: usize,
    vars: usize,
    pieces: usize,
    dirs: usize,
}

/// A small game, usually valid (the caller validates). Vertices: up to 6; directions: up to
/// 3; pieces: up to 3; players: up to 3; extra variables: up to 2; rules: up to ~60 nodes.
pub fn small_game(data: &[u8]) -> Game {
    let mut b = Bytes::new(data);
    let shape = Shape {
        players: 1 + b.below(3),
        vars: b.below(3),
        pieces: 1 + b.below(3),
        dirs: 1 + b.below(3),
    };
    let nv = 1 + b.below(6);
    let mut variables: Vec<Variable> = (0..shape.players)
        .map(|i| Variable {
            name: format!("p{i}"),
            bound: b.below(5) as i64,
        })
        .collect();
    variables.extend((0..shape.vars).map(|i| Variable {
        name: format!("v{i}"),
        bound: b.below(6) as i64,
    }));
    let vertices = (0..nv).map(|i| format!("n{i}")).collect();
    let initial = (0..nv)
        .map(|_| PieceId(b.below(shape.pieces) as u32))
        .collect();
    let directions = (0..shape.dirs).map(|i| format!("d{i}")).collect();
    let mut board = Board::new(vertices, initial, directions);
    for v in 0..nv {
        for d in 0..shape.dirs {
            if b.chance(70) {
                let to = VertexId(b.below(nv) as u32);
                board.set_edge(VertexId(v as u32), DirId(d as u32), Some(to));
            }
        }
    }
    let mut gen = RulesGen {
        b: &mut b,
        shape: &shape,
        rb: RulesBuilder::new(),
        budget: 60,
    };
    let root = gen.top();
    let (rules, spans) = gen.rb.finish(root);
    let mut game = Game {
        players: (0..shape.players).map(|i| format!("p{i}")).collect(),
        pieces: (0..shape.pieces).map(|i| format!("k{i}")).collect(),
        variables,
        board,
        rules,
        spans: Default::default(),
    };
    game.spans.nodes = spans;
    game
}

struct RulesGen<'a, 'b> {
    b: &'a mut Bytes<'b>,
    shape: &'a Shape,
    rb: RulesBuilder,
    /// Nodes still allowed; at zero, expressions shrink to single actions.
    budget: usize,
}

impl RulesGen<'_, '_> {
    /// Mostly the usual shape `prefix (turn ->x turn ->y ...)*`, so games last several moves;
    /// sometimes any expression.
    fn top(&mut self) -> NodeId {
        if self.b.chance(20) {
            return self.expr(false, 0);
        }
        let prefix = if self.b.chance(50) {
            self.rb.concat(vec![])
        } else {
            self.expr(false, 2)
        };
        let turns = 1 + self.b.below(3);
        let mut body = Vec::new();
        for _ in 0..turns {
            // Alternatives, so that positions usually offer several moves.
            let n = 1 + self.b.below(3);
            let alternatives = (0..n).map(|_| self.expr(false, 1)).collect();
            body.push(self.rb.sum(alternatives));
            let target = self.switch_target();
            body.push(self.rb.action(Action::Switch(target)));
        }
        let body = self.rb.concat(body);
        let star = self.rb.star(body);
        self.rb.concat(vec![prefix, star])
    }

    fn switch_target(&mut self) -> SwitchTarget {
        let n = self.shape.players;
        match self.b.below(n + 1) {
            i if i < n => SwitchTarget::Player(PlayerId(i as u32)),
            _ => SwitchTarget::Keeper,
        }
    }

    fn expr(&mut self, in_pattern: bool, depth: usize) -> NodeId {
        if self.budget == 0 || depth >= 4 {
            return self.action(in_pattern, depth);
        }
        self.budget -= 1;
        match self.b.below(8) {
            0..=2 => self.action(in_pattern, depth),
            3 | 4 => {
                let n = 1 + self.b.below(3);
                let ch = (0..n).map(|_| self.expr(in_pattern, depth + 1)).collect();
                self.rb.concat(ch)
            }
            5 | 6 => {
                let n = self.b.below(4);
                let ch = (0..n).map(|_| self.expr(in_pattern, depth + 1)).collect();
                self.rb.sum(ch)
            }
            _ => {
                let c = self.expr(in_pattern, depth + 1);
                self.rb.star(c)
            }
        }
    }

    fn action(&mut self, in_pattern: bool, depth: usize) -> NodeId {
        let s = self.shape;
        let nvars = s.players + s.vars;
        let a = match self.b.below(if in_pattern { 8 } else { 9 }) {
            0 | 1 => Action::Shift(DirId(self.b.below(s.dirs) as u32)),
            2 => {
                let mut set: Vec<PieceId> = (0..s.pieces as u32)
                    .filter(|_| self.b.chance(50))
                    .map(PieceId)
                    .collect();
                set.dedup();
                Action::On(set)
            }
            3 => Action::Off(PieceId(self.b.below(s.pieces) as u32)),
            4 => Action::Assign {
                var: VarId(self.b.below(nvars) as u32),
                value: self.arith(0),
            },
            5 => Action::Compare {
                left: self.arith(0),
                op: [
                    CmpOp::Lt,
                    CmpOp::Le,
                    CmpOp::Eq,
                    CmpOp::Ne,
                    CmpOp::Gt,
                    CmpOp::Ge,
                ][self.b.below(6)],
                right: self.arith(0),
            },
            6 | 7 if depth < 5 && self.budget > 0 => {
                self.budget -= 1;
                let body = self.expr(true, depth + 1);
                Action::Pattern {
                    positive: self.b.chance(50),
                    body,
                }
            }
            6 | 7 => Action::Shift(DirId(self.b.below(s.dirs) as u32)),
            _ => Action::Switch(self.switch_target()),
        };
        self.rb.action(a)
    }

    fn arith(&mut self, depth: usize) -> Arith {
        let s = self.shape;
        match self.b.below(if depth >= 2 { 3 } else { 4 }) {
            0 => Arith::Const(match self.b.below(10) {
                0 => i64::MAX,
                1 => i64::MIN,
                x => x as i64 - 3,
            }),
            1 => Arith::Var(VarId(self.b.below(s.players + s.vars) as u32)),
            2 => Arith::Count(PieceId(self.b.below(s.pieces) as u32)),
            _ => {
                let op = [ArithOp::Add, ArithOp::Sub, ArithOp::Mul, ArithOp::Div][self.b.below(4)];
                Arith::Bin(
                    op,
                    Box::new(self.arith(depth + 1)),
                    Box::new(self.arith(depth + 1)),
                )
            }
        }
    }
}

/// A small game with up to three corruptions of its invariants: ids out of range, a node
/// reachable twice (or a cycle), a switch inside a pattern, a negative bound, a name declared
/// twice, a score variable out of place, an edge or initial piece out of range. About a
/// quarter of the inputs stay uncorrupted (and valid).
pub fn wild_game(data: &[u8]) -> Game {
    let mut game = small_game(data);
    let mut b = Bytes::new(data);
    // Draw past the bytes small_game used, so corruptions vary independently.
    for _ in 0..data.len() {
        b.byte();
    }
    for _ in 0..b.below(4) {
        corrupt(&mut game, &mut b);
    }
    game
}

fn corrupt(g: &mut Game, b: &mut Bytes) {
    let mut nodes = g.rules.nodes().to_vec();
    let mut root = g.rules.root();
    let n = nodes.len();
    let far = |b: &mut Bytes, n: usize| (n + b.below(3)) as u32;
    match b.below(10) {
        0 => root = NodeId(far(b, n)),
        1 => {
            let i = b.below(n);
            nodes[i] = wild_node(
                b,
                n,
                g.players.len(),
                g.pieces.len(),
                g.variables.len(),
                g.board.direction_count(),
            );
        }
        2 => {
            // A child pointing at an arbitrary node: shared, a cycle, or the root.
            if let Some(i) = (0..n).find(|&i| matches!(nodes[i], Node::Concat(_) | Node::Sum(_))) {
                if let Node::Concat(ch) | Node::Sum(ch) = &mut nodes[i] {
                    ch.push(NodeId(b.below(n) as u32));
                }
            }
        }
        3 => {
            if let Some(i) =
                (0..n).find(|&i| matches!(nodes[i], Node::Action(Action::Pattern { .. })))
            {
                if let Node::Action(Action::Pattern { body, .. }) = nodes[i] {
                    let s = nodes.len() as u32;
                    nodes.push(Node::Action(Action::Switch(SwitchTarget::Keeper)));
                    nodes.push(Node::Concat(vec![body, NodeId(s)]));
                    if let Node::Action(Action::Pattern { body, .. }) = &mut nodes[i] {
                        *body = NodeId(s + 1);
                    }
                }
            }
        }
        4 => {
            let i = b.below(g.variables.len());
            g.variables[i].bound = -1 - b.below(2) as i64;
        }
        5 if !g.pieces.is_empty() => {
            // A piece name reused: as a variable, or twice as a piece.
            let name = g.pieces[0].clone();
            if b.chance(50) {
                g.variables.push(Variable { name, bound: 1 });
            } else {
                g.pieces.push(name);
            }
        }
        6 => {
            if g.variables.len() > 1 {
                g.variables.swap(0, 1);
            } else {
                g.players.push("extra".into());
            }
        }
        7 => {
            let v = VertexId(b.below(g.board.vertex_count()) as u32);
            if g.board.direction_count() > 0 {
                g.board
                    .set_edge(v, DirId(0), Some(VertexId(far(b, g.board.vertex_count()))));
            }
        }
        8 => {
            let v = b.below(g.board.vertex_count());
            g.board.initial[v] = PieceId(far(b, g.pieces.len()));
        }
        _ => {
            if b.chance(50) {
                g.players.clear();
            } else {
                g.pieces.clear();
            }
        }
    }
    g.rules = ir::Rules::new(nodes, root);
}

fn wild_node(
    b: &mut Bytes,
    n: usize,
    players: usize,
    pieces: usize,
    vars: usize,
    dirs: usize,
) -> Node {
    let id = |b: &mut Bytes, n: usize| b.below(n + 2) as u32;
    match b.below(10) {
        0 => Node::Concat((0..b.below(4)).map(|_| NodeId(id(b, n))).collect()),
        1 => Node::Sum((0..b.below(4)).map(|_| NodeId(id(b, n))).collect()),
        2 => Node::Star(NodeId(id(b, n))),
        3 => Node::Action(Action::Shift(DirId(id(b, dirs)))),
        4 => Node::Action(Action::On(
            (0..b.below(3)).map(|_| PieceId(id(b, pieces))).collect(),
        )),
        5 => Node::Action(Action::Off(PieceId(id(b, pieces)))),
        6 => Node::Action(Action::Assign {
            var: VarId(id(b, vars)),
            value: wild_arith(b, vars, pieces, 0),
        }),
        7 => Node::Action(Action::Compare {
            left: wild_arith(b, vars, pieces, 0),
            op: CmpOp::Lt,
            right: wild_arith(b, vars, pieces, 0),
        }),
        8 => Node::Action(Action::Switch(if b.chance(30) {
            SwitchTarget::Keeper
        } else {
            SwitchTarget::Player(PlayerId(id(b, players)))
        })),
        _ => Node::Action(Action::Pattern {
            positive: b.chance(50),
            body: NodeId(id(b, n)),
        }),
    }
}

fn wild_arith(b: &mut Bytes, vars: usize, pieces: usize, depth: usize) -> Arith {
    match b.below(if depth > 2 { 3 } else { 4 }) {
        0 => Arith::Const(b.below(7) as i64 - 3),
        1 => Arith::Var(VarId(b.below(vars + 2) as u32)),
        2 => Arith::Count(PieceId(b.below(pieces + 2) as u32)),
        _ => Arith::Bin(
            ArithOp::Div,
            Box::new(wild_arith(b, vars, pieces, depth + 1)),
            Box::new(wild_arith(b, vars, pieces, depth + 1)),
        ),
    }
}
