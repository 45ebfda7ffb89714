//! SBG games on the native engine: alpha-beta with the SBG heuristic, the moving piece's type
//! for usefulness, how a game ended (goal square, capture goal, all captured, no move, turn
//! limit), and the static checks of every piece type (can it move, can it capture at all).

use crate::error::SubjectError;
use crate::options::{Player, RateOptions};
use crate::play::{End, GameRecord, GameSpec, Referee};
use crate::report::PieceStatic;
use crate::subject::{build_agent, play_with, Subject};
use agents::{SbgHeuristic, SbgWeights};
use game::GameState;
use sbg::{Board, Engine, Game, Goal, Move, Piece, Side};

/// An SBG game to rate.
pub struct SbgSubject {
    pub game: Game,
    tt_bits: u32,
}

impl SbgSubject {
    /// Checks that the engine and the heuristic build; the error says why not.
    pub fn new(game: &Game, options: &RateOptions) -> Result<SbgSubject, SubjectError> {
        Engine::new(game)?;
        SbgHeuristic::new(game, SbgWeights::default())?;
        Ok(SbgSubject {
            game: game.clone(),
            tt_bits: options.tt_bits,
        })
    }
}

/// One worker's engine and heuristic.
pub struct SbgKit {
    engine: Engine,
    heuristic: SbgHeuristic,
}

struct SbgReferee<'g> {
    game: &'g Game,
}

impl Referee<Engine> for SbgReferee<'_> {
    fn piece_moved(&self, state: &Engine, mv: &Move) -> Option<char> {
        piece_at(state, mv.from as usize).map(|p| p.kind)
    }

    fn position_text(&self, state: &Engine) -> Option<String> {
        Some(board_text(&state.board()))
    }

    fn end(&self, state: &Engine, last: Option<&Move>) -> End {
        sbg_end(self.game, state, last)
    }
}

fn piece_at(state: &Engine, sq: usize) -> Option<Piece> {
    // The engine keeps its board private; the public copy is cheap on small boards.
    state.board().cells.get(sq).copied().flatten()
}

/// The board as rows of letters, top row first (`.` empty).
pub fn board_text(b: &Board) -> String {
    let mut out = String::new();
    for y in (0..b.height).rev() {
        for x in 0..b.width {
            out.push(b.get(x, y).map_or('.', |p| p.letter()));
        }
        out.push('\n');
    }
    out
}

/// How a terminal SBG state was reached, in the order the engine checks: a `@` goal of the
/// last move, a `#` goal, the turn limit, then no legal move (all pieces gone or stuck).
fn sbg_end(game: &Game, state: &Engine, last: Option<&Move>) -> End {
    let board = state.board();
    let w = board.width;
    if let Some(mv) = last {
        let to = mv.to as usize;
        if let Some(p) = board.cells.get(to).copied().flatten() {
            let (x, y) = (to % w, to / w);
            let reached = game.goals.iter().any(|g| match g {
                Goal::Reach { piece, squares } => *piece == p && squares.contains(&(x, y)),
                Goal::Count { .. } => false,
            });
            if reached {
                return End::Goal;
            }
        }
    }
    let count_hit = game.goals.iter().any(|g| match g {
        Goal::Count { piece, at_most } => {
            board.cells.iter().filter(|c| **c == Some(*piece)).count() as u64 <= u64::from(*at_most)
        }
        Goal::Reach { .. } => false,
    });
    if count_hit {
        return End::CaptureGoal;
    }
    if state.scores().iter().all(|&s| s == sbg::engine::DRAW) {
        return End::TurnLimit;
    }
    let mover = state.side_to_move();
    if board.cells.iter().flatten().any(|p| p.side == mover) {
        End::NoMoves
    } else {
        End::CaptureAll
    }
}

impl Subject for SbgSubject {
    type Kit = SbgKit;

    fn name(&self) -> String {
        self.game.name.clone()
    }

    fn turn_limit(&self) -> Option<u32> {
        Some(self.game.turn_limit)
    }

    fn pieces(&self) -> Vec<PieceStatic> {
        piece_statics(&self.game)
    }

    fn kit(&self) -> SbgKit {
        SbgKit {
            engine: Engine::new(&self.game).expect("checked in SbgSubject::new"),
            heuristic: SbgHeuristic::new(&self.game, SbgWeights::default())
                .expect("checked in SbgSubject::new"),
        }
    }

    fn play(
        &self,
        kit: &mut SbgKit,
        spec: &GameSpec,
        players: [Player; 2],
        keep: bool,
    ) -> GameRecord {
        let tt = self.tt_bits;
        let h = &kit.heuristic;
        play_with(
            &mut kit.engine,
            &mut |p| build_agent(p, h.clone(), tt),
            spec,
            players,
            &SbgReferee { game: &self.game },
            keep,
        )
    }
}

/// The piece types of the game: those on the board and those with a rule, in letter order.
pub fn piece_kinds(game: &Game) -> Vec<char> {
    let mut kinds: Vec<char> = game.board.cells.iter().flatten().map(|p| p.kind).collect();
    kinds.extend(game.rules.iter().map(|r| r.kind));
    kinds.sort_unstable();
    kinds.dedup();
    kinds
}

/// Whether each piece type can move and capture at all: a white piece of the type is put on
/// every square, first alone, then with one black piece on every other square in turn, then
/// with black pieces on all other squares; it can move if some placement gives it a move, and
/// capture if some move lands on a black piece. A type needs no capture when the goals give it
/// a square to reach.
pub fn piece_statics(game: &Game) -> Vec<PieceStatic> {
    let mut unlimited = game.clone();
    unlimited.turn_limit = u32::MAX;
    unlimited.goals.clear();
    let Ok(mut engine) = Engine::new(&unlimited) else {
        return Vec::new();
    };
    let (w, h) = (game.board.width, game.board.height);
    let n = w * h;
    let mut moves = Vec::new();
    piece_kinds(game)
        .into_iter()
        .map(|kind| {
            let me = Piece {
                side: Side::White,
                kind,
            };
            // Any black piece works as a target: `p` only asks for an opponent.
            let them = Piece {
                side: Side::Black,
                kind,
            };
            let (mut can_move, mut can_capture) = (false, false);
            let mut try_board = |board: &Board, from: usize, engine: &mut Engine| {
                engine.set_position(board, Side::White, 0);
                engine.legal_moves(&mut moves);
                let mine = moves.iter().filter(|m| m.from as usize == from);
                let mut seen = (false, false);
                for m in mine {
                    seen.0 = true;
                    seen.1 |= board.cells[m.to as usize].is_some_and(|p| p.side == Side::Black);
                }
                seen
            };
            for from in 0..n {
                let mut board = Board::empty(w, h);
                board.cells[from] = Some(me);
                let seen = try_board(&board, from, &mut engine);
                can_move |= seen.0;
                can_capture |= seen.1;
                for target in (0..n).filter(|&t| t != from) {
                    board.cells[target] = Some(them);
                    let seen = try_board(&board, from, &mut engine);
                    can_move |= seen.0;
                    can_capture |= seen.1;
                    board.cells[target] = None;
                }
                for c in board.cells.iter_mut().filter(|c| c.is_none()) {
                    *c = Some(them);
                }
                let seen = try_board(&board, from, &mut engine);
                can_move |= seen.0;
                can_capture |= seen.1;
                if can_move && can_capture {
                    break;
                }
            }
            let has_reach_goal = game
                .goals
                .iter()
                .any(|g| matches!(g, Goal::Reach { piece, .. } if piece.kind == kind));
            PieceStatic {
                kind,
                has_rule: game.rule(kind).is_some(),
                can_move,
                can_capture,
                needs_capture: !has_reach_goal,
            }
        })
        .collect()
}
