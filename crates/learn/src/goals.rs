//! The remaining game properties (paper §3.4): the start position, the goal squares of each
//! piece (with the file/rank generalisation) and the turn limit, read from complete games
//! listed in order (a record numbered 0 starts a game; the first listed move is the one played).

use crate::log::{Outcome, Record};
use sbg::{Board, Goal, Piece, Side};
use std::collections::{BTreeMap, BTreeSet};

/// What the records say about everything but the piece rules.
#[derive(Clone, Debug)]
pub struct Facts {
    pub start: Board,
    pub turn_limit: u32,
    pub goals: Vec<Goal>,
    /// Complete games seen (records numbered 0).
    pub games: usize,
    /// Remarks for the report (differing start positions, ...).
    pub notes: Vec<String>,
    /// What the records leave open (the turn limit with no tie, goals of pieces that never
    /// decided a game, goals guessed by symmetry or extended along a rank).
    pub undetermined: Vec<String>,
    /// Whether a game reached the turn limit (a tie), so the limit is known exactly.
    pub turn_limit_pinned: bool,
}

/// Reads the facts. `has_move(board, side)` tells (with the learned rules) whether `side` has a
/// legal move; a win explained by the loser having no move is not evidence of a goal square.
pub fn learn_facts(records: &[Record], has_move: impl Fn(&Board, Side) -> bool) -> Facts {
    let mut notes = Vec::new();
    let mut undetermined = Vec::new();
    let starts: Vec<&Record> = records.iter().filter(|r| r.number == 0).collect();
    let start = starts
        .first()
        .map_or_else(|| records[0].board.clone(), |r| r.board.clone());
    if starts.iter().any(|r| r.board != start) {
        notes.push("games start from different positions; the first one is used".into());
    }
    if starts.is_empty() {
        notes.push("no record numbered 0: the first record's board is the start".into());
    }
    let mut reached: BTreeMap<Piece, BTreeSet<(usize, usize)>> = BTreeMap::new();
    let mut not_goal: BTreeMap<Piece, BTreeSet<(usize, usize)>> = BTreeMap::new();
    let mut tie_plies: Vec<u32> = Vec::new();
    let mut max_ply = 0;
    let w = start.width;
    // Count goals: after a move that did not end the game by a count, every piece type's count
    // is above its threshold; so a threshold is below the smallest such count.
    let all_pieces: BTreeSet<Piece> = records
        .iter()
        .flat_map(|r| r.board.cells.iter().flatten().copied())
        .collect();
    let count = |b: &Board, p: Piece| b.cells.iter().filter(|c| **c == Some(p)).count() as u32;
    let mut min_alive: BTreeMap<Piece, u32> = all_pieces.iter().map(|&p| (p, u32::MAX)).collect();
    for r in records.iter().filter(|r| r.number > 0) {
        if matches!(r.outcome, Outcome::Ongoing | Outcome::Tie) {
            for (&p, m) in min_alive.iter_mut() {
                *m = (*m).min(count(&r.board, p));
            }
        }
    }
    let mut thresholds: BTreeMap<Piece, u32> = BTreeMap::new();
    for (i, r) in records.iter().enumerate() {
        // Lower bound: a game went on after every ongoing ply; a decided game ended no later
        // than the limit (goals beat the draw).
        max_ply = max_ply.max(match r.outcome {
            Outcome::Ongoing => r.number + 1,
            _ => r.number,
        });
        if r.outcome == Outcome::Tie {
            tie_plies.push(r.number);
        }
        let Some(prev) = i.checked_sub(1).map(|j| &records[j]) else {
            continue;
        };
        if r.number == 0 || prev.number + 1 != r.number {
            continue;
        }
        let Some(mv) = prev.moves.first() else {
            continue;
        };
        let (Some(to), Some(piece)) = (prev.destination(mv), prev.board.cells[mv.from]) else {
            continue;
        };
        let square = (to % w, to / w);
        // A capture that leaves the captured type below every count seen in play explains a
        // win (the loser's piece) or a loss (the mover took its own piece) by a count goal.
        if let (Some(captured), Outcome::Won | Outcome::Lost) = (prev.board.cells[to], r.outcome) {
            let n = count(&r.board, captured);
            let loser_side = if r.outcome == Outcome::Won {
                r.to_move
            } else {
                r.to_move.opponent()
            };
            let no_move = r.outcome == Outcome::Won && !has_move(&r.board, r.to_move);
            if captured.side == loser_side && n < min_alive[&captured] && !no_move {
                let t = thresholds.entry(captured).or_insert(0);
                *t = (*t).max(n);
                continue;
            }
        }
        match r.outcome {
            Outcome::Won if has_move(&r.board, r.to_move) => {
                reached.entry(piece).or_default().insert(square);
            }
            Outcome::Ongoing => {
                not_goal.entry(piece).or_default().insert(square);
            }
            _ => {}
        }
    }
    let empty = BTreeSet::new();
    let mut goals = Vec::new();
    let (width, height) = (start.width, start.height);
    // Symmetry: when the start position is the mirror image of itself (colours swapped), a piece
    // type seen winning for one side only is assumed to win on the mirrored squares for the
    // other side (unless counter-evidence), as the rules mirror too.
    let symmetric = (0..height).all(|y| {
        (0..width).all(|x| {
            start.get(x, y)
                == start.get(x, height - 1 - y).map(|p| Piece {
                    side: p.side.opponent(),
                    ..p
                })
        })
    });
    let seen: Vec<Piece> = if symmetric {
        reached.keys().copied().collect()
    } else {
        Vec::new()
    };
    for piece in seen {
        let other = Piece {
            side: piece.side.opponent(),
            kind: piece.kind,
        };
        let on_board = records.iter().any(|r| r.board.cells.contains(&Some(other)));
        if reached.contains_key(&other) || !on_board {
            continue;
        }
        let against = not_goal.get(&other).unwrap_or(&empty);
        let mirrored: BTreeSet<(usize, usize)> = reached[&piece]
            .iter()
            .map(|&(x, y)| (x, height - 1 - y))
            .filter(|s| !against.contains(s))
            .collect();
        if !mirrored.is_empty() {
            undetermined.push(format!(
                "goals of `{}`: it never won; its goal squares are guessed as the mirror image \
                 of `{}`'s",
                other.letter(),
                piece.letter()
            ));
            reached.insert(other, mirrored);
        }
    }
    let never_won: Vec<String> = all_pieces
        .iter()
        .filter(|p| !reached.contains_key(p) && !thresholds.contains_key(p))
        .map(|p| p.letter().to_string())
        .collect();
    if !never_won.is_empty() {
        undetermined.push(format!(
            "goals of {}: these pieces never ended a game, so no goal is learned for them (none \
             is ruled out either, except squares they reached without winning)",
            never_won.join(" ")
        ));
    }
    for (piece, squares) in &reached {
        let against = not_goal.get(piece).unwrap_or(&empty);
        let mut all = squares.clone();
        for y in 0..height {
            if squares.iter().filter(|s| s.1 == y).count() > 2 {
                all.extend((0..width).map(|x| (x, y)).filter(|s| !against.contains(s)));
            }
        }
        for x in 0..width {
            if squares.iter().filter(|s| s.0 == x).count() > 2 {
                all.extend((0..height).map(|y| (x, y)).filter(|s| !against.contains(s)));
            }
        }
        let mut squares: Vec<(usize, usize)> = all.into_iter().collect();
        squares.sort_by_key(|&(x, y)| (y, x));
        goals.push(Goal::Reach {
            piece: *piece,
            squares,
        });
    }
    let seen: Vec<Piece> = if symmetric {
        thresholds.keys().copied().collect()
    } else {
        Vec::new()
    };
    for piece in seen {
        let other = Piece {
            side: piece.side.opponent(),
            kind: piece.kind,
        };
        let n = thresholds[&piece];
        if !thresholds.contains_key(&other)
            && min_alive
                .get(&other)
                .is_some_and(|&m| m != u32::MAX && n < m)
        {
            undetermined.push(format!(
                "count goal of `{}`: it never decided a game; `#` guessed as the mirror image of \
                 `{}`'s",
                other.letter(),
                piece.letter()
            ));
            thresholds.insert(other, n);
        }
    }
    for (piece, at_most) in thresholds {
        goals.push(Goal::Count { piece, at_most });
    }
    // Ties come only from the turn limit (SBG): a tied game pins it. Otherwise every ongoing
    // record says the limit is above its ply and every decided game that it is not below its
    // last ply: a lower bound only.
    let turn_limit = match (tie_plies.iter().min(), tie_plies.iter().max()) {
        (Some(&t), Some(&u)) => {
            if t != u {
                notes.push(format!(
                    "games were tied at different plies ({t} to {u}); the turn limit is the \
                     smallest"
                ));
            }
            if max_ply > t {
                notes.push(format!(
                    "a game went on past the tie ply {t} (to ply {max_ply}): the logs contradict \
                     a turn limit"
                ));
            }
            t
        }
        _ => {
            undetermined.push(format!(
                "turn limit: no game reached it (no tied game); it is at least {max_ply} plies \
                 (the longest game), and the learned game uses {max_ply}"
            ));
            max_ply
        }
    };
    Facts {
        start,
        turn_limit,
        goals,
        games: starts.len(),
        notes,
        undetermined,
        turn_limit_pinned: !tie_plies.is_empty(),
    }
}
