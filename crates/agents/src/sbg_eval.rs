//! The SBG heuristic: material, mobility and distance of goal pieces to their goal squares,
//! computed on the native engine ([`sbg::Engine`]).
//!
//! Every term and its default weight is documented in `docs/agents.md` ("SBG heuristic").

use crate::eval::Heuristic;
use game::GameState;
use sbg::{Board, Engine, Game, Goal, Piece, Side};

/// Weights of [`SbgHeuristic`]; every field is an option of the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct SbgWeights {
    /// Multiplies the material term (sum of piece values of `player` minus the opponent's).
    pub material: f64,
    /// Every piece type is worth 1 (instead of the mobility-derived value below).
    pub uniform_material: bool,
    /// Value of a piece type: `piece_base + piece_mobility * m`, where `m` is the average number
    /// of moves of that type alone on the empty board (over all squares).
    pub piece_base: f64,
    pub piece_mobility: f64,
    /// Added to the value of a piece whose type appears in its owner's `#` (count) goals.
    pub count_goal_piece: f64,
    /// Per legal move of `player` minus per legal move of the opponent (true null probe).
    pub mobility: f64,
    /// Per step of progress of every piece with `@` goal squares, summed: `D - d`, where `d` is
    /// the number of moves the piece needs on the empty board to reach its nearest goal square
    /// and `D` the largest such finite distance for that piece.
    pub goal_progress: f64,
    /// Per step of progress of the side's piece nearest to a goal square (`D - min d`).
    pub goal_nearest: f64,
}

impl Default for SbgWeights {
    fn default() -> Self {
        SbgWeights {
            material: 1.0,
            uniform_material: false,
            piece_base: 1.0,
            piece_mobility: 0.5,
            count_goal_piece: 5.0,
            mobility: 0.05,
            goal_progress: 0.2,
            goal_nearest: 0.5,
        }
    }
}

const UNREACHABLE: u32 = u32::MAX;

/// Distances to the goal squares of one piece (side and type).
#[derive(Clone, Debug)]
struct GoalTable {
    /// `dist[sq]`: moves to the nearest goal square on the empty board, or `UNREACHABLE`.
    dist: Vec<u32>,
    /// The largest finite distance.
    max: u32,
}

/// The SBG heuristic for [`sbg::Engine`] states of one game.
#[derive(Clone, Debug)]
pub struct SbgHeuristic {
    pub weights: SbgWeights,
    /// `value[side][kind - 'A']`: material value of a piece.
    value: [[f64; 26]; 2],
    /// `goals[side][kind - 'A']`.
    goals: [Vec<Option<GoalTable>>; 2],
    /// An engine of the same game without turn limit, for the null probe.
    scratch: Engine,
    moves: Vec<sbg::Move>,
}

fn kind_index(kind: char) -> usize {
    (kind as u8 - b'A') as usize
}

impl SbgHeuristic {
    /// Precomputes piece values and goal distances for `game`.
    pub fn new(game: &Game, weights: SbgWeights) -> Result<SbgHeuristic, sbg::BuildError> {
        let mut unlimited = game.clone();
        unlimited.turn_limit = u32::MAX;
        let mut scratch = Engine::new(&unlimited)?;
        let (w, h) = (game.board.width, game.board.height);
        let nsq = w * h;
        let mut moves = Vec::new();
        // Moves of a lone piece from every square: `reach[sq]` lists the squares it can reach.
        let mut lone_moves = |scratch: &mut Engine, piece: Piece| -> Vec<Vec<usize>> {
            let mut board = Board::empty(w, h);
            (0..nsq)
                .map(|sq| {
                    board.cells[sq] = Some(piece);
                    scratch.set_position(&board, piece.side, 0);
                    scratch.legal_moves(&mut moves);
                    board.cells[sq] = None;
                    moves.iter().map(|m| m.to as usize).collect()
                })
                .collect()
        };
        let mut value = [[weights.piece_base; 26]; 2];
        for rule in &game.rules {
            let white = Piece {
                side: Side::White,
                kind: rule.kind,
            };
            let reach = lone_moves(&mut scratch, white);
            let total: usize = reach.iter().map(Vec::len).sum();
            let m = total as f64 / nsq.max(1) as f64;
            for side in &mut value {
                side[kind_index(rule.kind)] += weights.piece_mobility * m;
            }
        }
        if weights.uniform_material {
            value = [[1.0; 26]; 2];
        }
        let mut goals: [Vec<Option<GoalTable>>; 2] = [vec![None; 26], vec![None; 26]];
        let mut goal_squares: Vec<(Piece, Vec<usize>)> = Vec::new();
        for goal in &game.goals {
            match goal {
                Goal::Count { piece, .. } => {
                    value[piece.side.index()][kind_index(piece.kind)] += weights.count_goal_piece;
                }
                Goal::Reach { piece, squares } => {
                    let sqs = squares.iter().map(|&(x, y)| y * w + x);
                    match goal_squares.iter_mut().find(|(p, _)| p == piece) {
                        Some((_, v)) => v.extend(sqs),
                        None => goal_squares.push((*piece, sqs.collect())),
                    }
                }
            }
        }
        for (piece, targets) in goal_squares {
            let reach = lone_moves(&mut scratch, piece);
            // Multi-source BFS from the goal squares over reversed moves.
            let mut back = vec![Vec::new(); nsq];
            for (from, tos) in reach.iter().enumerate() {
                for &to in tos {
                    back[to].push(from);
                }
            }
            let mut dist = vec![UNREACHABLE; nsq];
            let mut queue = std::collections::VecDeque::new();
            for sq in targets {
                if sq < nsq && dist[sq] == UNREACHABLE {
                    dist[sq] = 0;
                    queue.push_back(sq);
                }
            }
            while let Some(sq) = queue.pop_front() {
                for &prev in &back[sq] {
                    if dist[prev] == UNREACHABLE {
                        dist[prev] = dist[sq] + 1;
                        queue.push_back(prev);
                    }
                }
            }
            let max = dist.iter().copied().filter(|&d| d != UNREACHABLE).max();
            goals[piece.side.index()][kind_index(piece.kind)] =
                max.map(|max| GoalTable { dist, max });
        }
        Ok(SbgHeuristic {
            weights,
            value,
            goals,
            scratch,
            moves: Vec::new(),
        })
    }

    /// The material value of one piece (before the `material` weight).
    pub fn piece_value(&self, piece: Piece) -> f64 {
        self.value[piece.side.index()][kind_index(piece.kind)]
    }

    /// Moves the piece needs on the empty board from `(x, y)` to its nearest goal square, if it
    /// has goal squares and can reach one.
    pub fn goal_distance(&self, piece: Piece, x: usize, y: usize) -> Option<u32> {
        let t = self.goals[piece.side.index()][kind_index(piece.kind)].as_ref()?;
        let d = t.dist[y * self.scratch.width() + x];
        (d != UNREACHABLE).then_some(d)
    }

    /// The value of every term for both sides, `[white, black]`, unweighted except for the piece
    /// values: (material, mobility, goal progress sum, nearest goal progress).
    fn terms(&mut self, state: &mut Engine) -> [[f64; 4]; 2] {
        let board = state.board();
        let mut t = [[0.0; 4]; 2];
        let mut nearest: [Option<u32>; 2] = [None, None];
        for (sq, cell) in board.cells.iter().enumerate() {
            let Some(p) = cell else { continue };
            let s = p.side.index();
            t[s][0] += self.value[s][kind_index(p.kind)];
            if let Some(g) = &self.goals[s][kind_index(p.kind)] {
                let d = g.dist[sq];
                if d != UNREACHABLE {
                    t[s][2] += f64::from(g.max - d);
                    let progress = g.max - d;
                    nearest[s] = Some(nearest[s].map_or(progress, |n| n.max(progress)));
                }
            }
        }
        for s in 0..2 {
            t[s][3] = f64::from(nearest[s].unwrap_or(0));
        }
        if self.weights.mobility != 0.0 {
            let to_move = state.side_to_move();
            state.legal_moves(&mut self.moves);
            t[to_move.index()][1] = self.moves.len() as f64;
            let other = to_move.opponent();
            self.scratch.set_position(&board, other, 0);
            self.scratch.legal_moves(&mut self.moves);
            t[other.index()][1] = self.moves.len() as f64;
        }
        t
    }
}

impl Heuristic<Engine> for SbgHeuristic {
    fn evaluate(&mut self, state: &mut Engine, player: usize) -> f64 {
        let t = self.terms(state);
        let w = &self.weights;
        let side = |s: &[f64; 4]| {
            w.material * s[0] + w.mobility * s[1] + w.goal_progress * s[2] + w.goal_nearest * s[3]
        };
        let (me, opp) = (player.min(1), 1 - player.min(1));
        side(&t[me]) - side(&t[opp])
    }
}
