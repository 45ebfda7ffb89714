//! Is a learned game the original? The same legal (from, to) moves on positions sampled from
//! random playouts of the original, and the same perft from the start.

use game::perft::perft;
use game::GameState;
use rand::Rng as _;
use sbg::{BuildError, Engine, Game, Move, Side};

/// Outcome of [`compare_moves`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    pub positions: usize,
    pub differing: usize,
    /// The first position that differs, described.
    pub first_difference: Option<String>,
}

fn moves_at(e: &mut Engine, board: &sbg::Board, side: Side) -> Vec<Move> {
    e.set_position(board, side, 0);
    let mut v = Vec::new();
    e.legal_moves(&mut v);
    v.sort_unstable();
    v
}

/// Compares legal moves on `positions` positions visited by uniform random playouts of
/// `original` (every non-terminal position of each playout, until enough are seen).
pub fn compare_moves(
    original: &Game,
    learned: &Game,
    positions: usize,
    seed: u64,
) -> Result<Comparison, BuildError> {
    let mut a = Engine::new(original)?;
    let mut b = Engine::new(learned)?;
    let mut play = Engine::new(original)?;
    let mut rng = game::rng_from_seed(seed);
    let mut out = Comparison {
        positions: 0,
        differing: 0,
        first_difference: None,
    };
    let mut moves = Vec::new();
    while out.positions < positions {
        play.set_position(&original.board, Side::White, 0);
        let before = out.positions;
        loop {
            play.legal_moves(&mut moves);
            if moves.is_empty() || out.positions >= positions {
                break;
            }
            let board = play.board();
            let side = play.side_to_move();
            let ma = moves_at(&mut a, &board, side);
            let mb = moves_at(&mut b, &board, side);
            out.positions += 1;
            if ma != mb {
                out.differing += 1;
                if out.first_difference.is_none() {
                    let only_a: Vec<_> = ma.iter().filter(|m| !mb.contains(m)).collect();
                    let only_b: Vec<_> = mb.iter().filter(|m| !ma.contains(m)).collect();
                    out.first_difference = Some(format!(
                        "{}\n{:?} to move: only original {:?}, only learned {:?}",
                        sbg::print(&Game {
                            board: board.clone(),
                            ..original.clone()
                        })
                        .lines()
                        .filter(|l| l.starts_with('|'))
                        .collect::<Vec<_>>()
                        .join("\n"),
                        side,
                        only_a,
                        only_b
                    ));
                }
            }
            let mv = moves[rng.random_range(0..moves.len())];
            play.apply(&mv);
        }
        if out.positions == before {
            break;
        }
    }
    Ok(out)
}

/// Perft of both games from their start positions, depths `1..=depth`.
pub fn compare_perft(
    original: &Game,
    learned: &Game,
    depth: u32,
) -> Result<Vec<(u64, u64)>, BuildError> {
    let mut a = Engine::new(original)?;
    let mut b = Engine::new(learned)?;
    Ok((1..=depth)
        .map(|d| (perft(&mut a, d), perft(&mut b, d)))
        .collect())
}

/// Whether two piece rules denote the same language (minimal DFAs over a common alphabet).
pub fn same_language(a: &sbg::Expr, b: &sbg::Expr) -> Result<bool, BuildError> {
    let da = sbg::automaton::Dfa::from_expr('A', a)?;
    let db = sbg::automaton::Dfa::from_expr('B', b)?;
    let mut alphabet: Vec<sbg::Letter> = da.alphabet.iter().chain(&db.alphabet).copied().collect();
    alphabet.sort_unstable();
    alphabet.dedup();
    let conv = |d: &sbg::automaton::Dfa| {
        let k = alphabet.len();
        let mut next = vec![crate::dfa::NONE; d.num_states() * k];
        for (q, es) in d.edges.iter().enumerate() {
            for &(a, t) in es {
                let i = alphabet.binary_search(&d.alphabet[a]).unwrap();
                next[q * k + i] = t as u32;
            }
        }
        crate::dfa::Dfa {
            letters: k,
            accepting: d.accepting.clone(),
            next,
        }
        .minimized()
    };
    Ok(conv(&da) == conv(&db))
}
