//! From records to per-piece training data: the alphabet and the observed words `U` of each
//! piece type (black's words mirrored into white's coordinates), the situations to check (every
//! piece of the player to move in every non-terminal record), and the prefix-tree automaton of
//! `U`. With [`Sides::Mirrored`] (SBG's semantics: a rule serves both sides) both players' moves
//! of a letter are pooled; with [`Sides::Separate`] (the paper's setting) each player's pieces
//! are learned on their own.

use crate::dfa::{Dfa, NONE};
use crate::log::{Listing, Outcome, Record};
use sbg::{Letter, Side};
use std::collections::{BTreeSet, HashMap, HashSet};

/// Square contents of every record: 0 empty, 1 white piece, 2 black piece.
#[derive(Clone, Debug)]
pub struct Observations {
    pub width: usize,
    pub height: usize,
    pub boards: Vec<Vec<u8>>,
}

impl Observations {
    pub fn new(records: &[Record]) -> Observations {
        let (width, height) = records
            .first()
            .map_or((0, 0), |r| (r.board.width, r.board.height));
        let boards = records
            .iter()
            .map(|r| {
                r.board
                    .cells
                    .iter()
                    .map(|c| match c {
                        None => 0,
                        Some(p) if p.side == Side::White => 1,
                        Some(_) => 2,
                    })
                    .collect()
            })
            .collect();
        Observations {
            width,
            height,
            boards,
        }
    }
}

/// Whether white's and black's pieces of one letter share their training data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sides {
    /// Pooled: black's moves mirrored into white's coordinates (SBG's semantics; twice the
    /// data per automaton). Logs whose sides are not mirror images can be refused or mislearned.
    Mirrored,
    /// Each player's pieces learned on their own (the paper's protocol).
    Separate,
}

/// One piece of the player to move in one record, with the words listed for it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Situation {
    /// Index of the record in the input.
    pub record: u32,
    pub square: u16,
    pub side: Side,
    pub listing: Listing,
    /// Ids (into [`PieceData::words`]) of the listed words, sorted.
    pub listed: Vec<u32>,
}

/// Everything the learner knows about one piece type.
#[derive(Clone, Debug)]
pub struct PieceData {
    pub kind: char,
    /// The side whose moves these are (`None`: both, mirrored).
    pub side: Option<Side>,
    /// The letters of `U`, in white's coordinates, sorted.
    pub alphabet: Vec<Letter>,
    /// `U`: every observed word (letter ids), each once.
    pub words: Vec<Vec<u8>>,
    /// Where each word was first observed: (record index, square).
    pub first_seen: Vec<(usize, usize)>,
    /// Length of the longest word of `U`.
    pub max_len: usize,
    /// Situations, duplicates removed.
    pub situations: Vec<Situation>,
    /// Trie of `U`: `trie[node * letters + a]` is the child; `trie_word[node]` the word id.
    pub trie: Vec<u32>,
    pub trie_word: Vec<u32>,
    /// Factors of `U` words up to length 3, and their prefixes and suffixes up to length 2.
    pub factors: HashSet<Vec<u8>>,
    pub prefixes: HashSet<Vec<u8>>,
    pub suffixes: HashSet<Vec<u8>>,
}

impl PieceData {
    /// The prefix-tree automaton of `U`.
    pub fn prefix_tree(&self) -> Dfa {
        Dfa::prefix_tree(self.alphabet.len(), &self.words)
    }

    /// Trie node reached from `node` by letter `a` (`NONE` stays `NONE`).
    #[inline]
    pub fn trie_step(&self, node: u32, a: usize) -> u32 {
        if node == NONE {
            NONE
        } else {
            self.trie[node as usize * self.alphabet.len() + a]
        }
    }

    /// Id of `word` in `U`.
    pub fn word_id(&self, word: &[u8]) -> Option<u32> {
        let mut n = 0u32;
        for &a in word {
            n = self.trie_step(n, a as usize);
        }
        (n != NONE && self.trie_word[n as usize] != NONE).then(|| self.trie_word[n as usize])
    }
}

/// Training data of every piece type that appears on a board of a record, sorted by type (and
/// white before black with [`Sides::Separate`]).
pub fn collect(records: &[Record], sides: Sides) -> Vec<PieceData> {
    let mut kinds: BTreeSet<char> = BTreeSet::new();
    for r in records {
        kinds.extend(r.board.cells.iter().flatten().map(|p| p.kind));
    }
    let sides: &[Option<Side>] = match sides {
        Sides::Mirrored => &[None],
        Sides::Separate => &[Some(Side::White), Some(Side::Black)],
    };
    kinds
        .into_iter()
        .flat_map(|k| sides.iter().map(move |&s| (k, s)))
        .map(|(k, s)| collect_kind(records, k, s))
        .collect()
}

fn to_white(l: Letter, side: Side) -> Letter {
    if side == Side::White {
        l
    } else {
        l.mirrored()
    }
}

/// The training data of `kind` (of `side` only, or of both).
pub fn collect_kind(records: &[Record], kind: char, side: Option<Side>) -> PieceData {
    let mut alphabet: BTreeSet<Letter> = BTreeSet::new();
    let used = |r: &&Record| r.outcome == Outcome::Ongoing && side.is_none_or(|s| s == r.to_move);
    for r in records.iter().filter(used) {
        for m in &r.moves {
            if r.board.cells[m.from].is_some_and(|p| p.kind == kind) {
                alphabet.extend(m.letters.iter().map(|&l| to_white(l, r.to_move)));
            }
        }
    }
    let alphabet: Vec<Letter> = alphabet.into_iter().collect();
    let index: HashMap<Letter, u8> = alphabet
        .iter()
        .enumerate()
        .map(|(i, &l)| (l, i as u8))
        .collect();
    let mut ids: HashMap<Vec<u8>, u32> = HashMap::new();
    let mut words = Vec::new();
    let mut first_seen = Vec::new();
    let mut seen_sit: HashSet<(Vec<u8>, Situation)> = HashSet::new();
    let mut situations = Vec::new();
    let obs_board = |r: &Record| -> Vec<u8> {
        r.board
            .cells
            .iter()
            .map(|c| c.map_or(0, |p| 1 + p.side.index() as u8))
            .collect()
    };
    for (ri, r) in records.iter().enumerate() {
        if !used(&r) {
            continue;
        }
        let mut by_square: HashMap<usize, Vec<u32>> = HashMap::new();
        for m in &r.moves {
            if r.board.cells[m.from].is_none_or(|p| p.kind != kind) {
                continue;
            }
            let w: Vec<u8> = m
                .letters
                .iter()
                .map(|&l| index[&to_white(l, r.to_move)])
                .collect();
            let next = words.len() as u32;
            let id = *ids.entry(w.clone()).or_insert(next);
            if id == next {
                words.push(w);
                first_seen.push((ri, m.from));
            }
            by_square.entry(m.from).or_default().push(id);
        }
        let board = obs_board(r);
        for (sq, c) in r.board.cells.iter().enumerate() {
            if !c.is_some_and(|p| p.kind == kind && p.side == r.to_move) {
                continue;
            }
            let mut listed = by_square.remove(&sq).unwrap_or_default();
            listed.sort_unstable();
            listed.dedup();
            let sit = Situation {
                record: ri as u32,
                square: sq as u16,
                side: r.to_move,
                listing: r.listing,
                listed,
            };
            let key = (
                board.clone(),
                Situation {
                    record: 0,
                    ..sit.clone()
                },
            );
            if seen_sit.insert(key) {
                situations.push(sit);
            }
        }
    }
    let k = alphabet.len();
    let mut trie = vec![NONE; k];
    let mut trie_word = vec![NONE];
    for (id, w) in words.iter().enumerate() {
        let mut n = 0usize;
        for &a in w {
            let t = trie[n * k + a as usize];
            n = if t == NONE {
                let new = trie_word.len();
                trie_word.push(NONE);
                trie.extend(std::iter::repeat_n(NONE, k));
                trie[n * k + a as usize] = new as u32;
                new
            } else {
                t as usize
            };
        }
        trie_word[n] = id as u32;
    }
    let mut factors = HashSet::new();
    let mut prefixes = HashSet::new();
    let mut suffixes = HashSet::new();
    for w in &words {
        for len in 1..=3.min(w.len()) {
            for win in w.windows(len) {
                factors.insert(win.to_vec());
            }
            if len <= 2 {
                prefixes.insert(w[..len].to_vec());
                suffixes.insert(w[w.len() - len..].to_vec());
            }
        }
    }
    PieceData {
        kind,
        side,
        max_len: words.iter().map(Vec::len).max().unwrap_or(0),
        alphabet,
        words,
        first_seen,
        situations,
        trie,
        trie_word,
        factors,
        prefixes,
        suffixes,
    }
}
