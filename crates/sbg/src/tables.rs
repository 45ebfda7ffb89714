//! Rules → flat tables for the engine: every piece rule's minimal DFA (black's mirrored) laid
//! out as one transition array over global state numbers, a destination table per letter and
//! square, the goal tables and Zobrist keys. Also checks games built in code.

use crate::ast::{Game, Goal, Letter, On, Piece, Side};
use crate::automaton::{BuildError, Dfa};

/// Board content codes: 0 empty, `1 + side * 26 + (kind - 'A')` otherwise.
pub(crate) const EMPTY: u8 = 0;
pub(crate) const CODES: usize = 53;
pub(crate) const NO_STATE: u32 = u32::MAX;
pub(crate) const NO_SQUARE: u16 = u16::MAX;
pub(crate) const ON_EMPTY: u8 = 0;
pub(crate) const ON_OPPONENT: u8 = 1;
pub(crate) const ON_OWN: u8 = 2;

/// Most (automaton state, square) pairs the move search may track (its visited table).
pub const SEARCH_LIMIT: usize = 1 << 26;

/// Scores as DESIGN.md fixes them.
pub const WIN: i64 = 100;
pub const DRAW: i64 = 50;
pub const LOSS: i64 = 0;

pub(crate) fn code(p: Piece) -> u8 {
    1 + p.side.index() as u8 * 26 + (p.kind as u8 - b'A')
}

pub(crate) fn piece(code: u8) -> Option<Piece> {
    if code == EMPTY {
        return None;
    }
    let c = code - 1;
    Some(Piece {
        side: if c < 26 { Side::White } else { Side::Black },
        kind: (b'A' + c % 26) as char,
    })
}

fn on_code(on: On) -> u8 {
    match on {
        On::Empty => ON_EMPTY,
        On::Opponent => ON_OPPONENT,
        On::Own => ON_OWN,
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Trans {
    /// `letter * nsq`: where this letter's destination table starts in `dest`.
    pub(crate) dest_base: u32,
    pub(crate) target: u32,
    pub(crate) on: u8,
    /// `ACCEPT` when the target accepts, `EXPAND` when it has transitions of its own.
    pub(crate) flags: u8,
}

pub(crate) const ACCEPT: u8 = 1;
pub(crate) const EXPAND: u8 = 2;

/// Everything fixed by the rules.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    pub(crate) width: usize,
    pub(crate) nsq: usize,
    pub(crate) turn_limit: u32,
    /// Start state of the piece with code `c` when side `s` moves it: `start[s][c]`;
    /// `NO_STATE` for empty squares, the opponent's pieces and types without a rule.
    pub(crate) start: [[u32; CODES]; 2],
    /// `trans[edges[q].0 .. edges[q].1]` are the transitions of state `q`.
    pub(crate) edges: Vec<(u32, u32)>,
    pub(crate) trans: Vec<Trans>,
    pub(crate) accepting: Vec<bool>,
    /// Destination of letter `l` from square `s` at `dest[l * nsq + s]`, or `NO_SQUARE`.
    pub(crate) dest: Vec<u16>,
    /// How side `s` sees a square's content: `class[s][code]` is `ON_*`.
    pub(crate) class: [[u8; CODES]; 2],
    /// `reach[code * nsq + sq]`: moving that piece onto `sq` wins for its owner.
    pub(crate) reach: Vec<bool>,
    /// `#` conditions of each side: (code, at most).
    pub(crate) count_goals: [Vec<(u8, u32)>; 2],
    pub(crate) zobrist: Vec<u64>,
    pub(crate) zobrist_side: u64,
    /// White's DFA of each piece type with a rule (for the word view).
    pub(crate) dfas: Vec<(char, Dfa)>,
}

impl Tables {
    /// Compiles the rules of a (validated) game.
    pub(crate) fn build(game: &Game) -> Result<Tables, BuildError> {
        validate(game)?;
        let b = &game.board;
        let nsq = b.width * b.height;
        let limit = NO_SQUARE as usize;
        if nsq >= limit {
            return Err(BuildError::BoardTooLarge {
                squares: nsq,
                limit: limit - 1,
            });
        }
        let mut t = Tables {
            width: b.width,
            nsq,
            turn_limit: game.turn_limit,
            start: [[NO_STATE; CODES]; 2],
            edges: Vec::new(),
            trans: Vec::new(),
            accepting: Vec::new(),
            dest: Vec::new(),
            class: [[ON_OPPONENT; CODES]; 2],
            reach: vec![false; CODES * nsq],
            count_goals: [Vec::new(), Vec::new()],
            zobrist: Vec::new(),
            zobrist_side: 0,
            dfas: Vec::new(),
        };
        let mut letters: Vec<Letter> = Vec::new();
        for rule in &game.rules {
            let dfa = Dfa::from_expr(rule.kind, &rule.expr)?;
            for side in [Side::White, Side::Black] {
                let d = match side {
                    Side::White => dfa.clone(),
                    Side::Black => dfa.mirrored(),
                };
                let base = t.accepting.len() as u32;
                for q in 0..d.num_states() {
                    let lo = t.trans.len() as u32;
                    for &(a, target) in &d.edges[q] {
                        let l = d.alphabet[a];
                        let li = letters.iter().position(|&x| x == l).unwrap_or_else(|| {
                            letters.push(l);
                            letters.len() - 1
                        });
                        let flags = if d.accepting[target] { ACCEPT } else { 0 }
                            | if d.edges[target].is_empty() {
                                0
                            } else {
                                EXPAND
                            };
                        t.trans.push(Trans {
                            dest_base: (li * nsq) as u32,
                            target: base + target as u32,
                            on: on_code(l.on),
                            flags,
                        });
                    }
                    t.edges.push((lo, t.trans.len() as u32));
                    t.accepting.push(d.accepting[q]);
                }
                let c = code(Piece {
                    side,
                    kind: rule.kind,
                });
                t.start[side.index()][c as usize] = base;
            }
            t.dfas.push((rule.kind, dfa));
        }
        for l in &letters {
            for sq in 0..nsq {
                let (x, y) = ((sq % b.width) as i64, (sq / b.width) as i64);
                let (nx, ny) = (x + i64::from(l.dx), y + i64::from(l.dy));
                let inside =
                    (0..b.width as i64).contains(&nx) && (0..b.height as i64).contains(&ny);
                t.dest.push(if inside {
                    (ny * b.width as i64 + nx) as u16
                } else {
                    NO_SQUARE
                });
            }
        }
        for side in 0..2 {
            t.class[side][EMPTY as usize] = ON_EMPTY;
            for c in 1..CODES {
                if (c - 1) / 26 == side {
                    t.class[side][c] = ON_OWN;
                }
            }
        }
        for goal in &game.goals {
            match goal {
                Goal::Reach { piece, squares } => {
                    for &(x, y) in squares {
                        t.reach[code(*piece) as usize * nsq + y * b.width + x] = true;
                    }
                }
                Goal::Count { piece, at_most } => {
                    t.count_goals[piece.side.index()].push((code(*piece), *at_most));
                }
            }
        }
        let mut seed = 0x2545_f491_4f6c_dd1d_u64 ^ nsq as u64;
        let mut next = || {
            // splitmix64
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        t.zobrist = (0..CODES * nsq).map(|_| next()).collect();
        t.zobrist_side = next();
        let entries = t.accepting.len().saturating_mul(nsq);
        if entries > SEARCH_LIMIT {
            return Err(BuildError::SearchTooLarge {
                entries,
                limit: SEARCH_LIMIT,
            });
        }
        Ok(t)
    }
}

/// What the parser guarantees, checked again for games built in code (learner, evolver).
fn validate(game: &Game) -> Result<(), BuildError> {
    let b = &game.board;
    let bad = |reason: String| Err(BuildError::InvalidGame { reason });
    let kind_ok = |k: char| k.is_ascii_uppercase();
    if b.width == 0 || b.height == 0 || b.cells.len() != b.width * b.height {
        return bad(format!(
            "a {}x{} board with {} cells",
            b.width,
            b.height,
            b.cells.len()
        ));
    }
    if let Some(p) = b.cells.iter().flatten().find(|p| !kind_ok(p.kind)) {
        return bad(format!("piece type {:?} is not a letter A-Z", p.kind));
    }
    for (i, r) in game.rules.iter().enumerate() {
        if !kind_ok(r.kind) || game.rules[..i].iter().any(|o| o.kind == r.kind) {
            return bad(format!(
                "rule for {:?}: not a letter A-Z, or a second rule",
                r.kind
            ));
        }
    }
    for g in &game.goals {
        let (piece, squares): (Piece, &[(usize, usize)]) = match g {
            Goal::Reach { piece, squares } => (*piece, squares),
            Goal::Count { piece, .. } => (*piece, &[]),
        };
        if !kind_ok(piece.kind) {
            return bad(format!("goal piece {:?} is not a letter A-Z", piece.kind));
        }
        if let Some((x, y)) = squares
            .iter()
            .find(|&&(x, y)| x >= b.width || y >= b.height)
        {
            return bad(format!("goal square ({x}, {y}) outside the board"));
        }
    }
    Ok(())
}
