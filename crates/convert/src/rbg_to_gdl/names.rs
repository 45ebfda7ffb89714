//! GDL names for RBG identifiers. GDL is case-insensitive and reserves a few words, RBG is
//! case-sensitive: names are lowercased, odd characters become `_`, and clashes (within a
//! kind, or with a reserved word) get a numeric suffix, so `K` and `k` become `k` and `k_2`.

use ir::Game;
use std::collections::HashSet;

/// Words that never name an RBG object in the output.
const RESERVED: &[&str] = &[
    "role", "init", "true", "next", "legal", "does", "goal", "terminal", "not", "or", "distinct",
    "base", "input", "nil", "noop", "p", "start", "occ", "aftocc",
];

#[derive(Clone, Debug)]
pub struct Names {
    pub vertices: Vec<String>,
    pub pieces: Vec<String>,
    pub directions: Vec<String>,
    /// Every variable, the players' score variables first: `variables[i]` for `i < players`
    /// is also the role name of player `i`.
    pub variables: Vec<String>,
    pub keeper: String,
}

fn clean(name: &str) -> String {
    let mut s: String = name
        .chars()
        .map(|c| {
            let c = c.to_ascii_lowercase();
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, 'x');
    }
    s
}

fn mangle<'a>(names: impl Iterator<Item = &'a str>, taken: &mut HashSet<String>) -> Vec<String> {
    names
        .map(|n| {
            let base = clean(n);
            let mut candidate = base.clone();
            let mut k = 2;
            while RESERVED.contains(&candidate.as_str()) || taken.contains(&candidate) {
                candidate = format!("{base}_{k}");
                k += 1;
            }
            taken.insert(candidate.clone());
            candidate
        })
        .collect()
}

impl Names {
    pub fn new(game: &Game) -> Names {
        let vertices = mangle(
            game.board.vertices.iter().map(String::as_str),
            &mut HashSet::new(),
        );
        let pieces = mangle(game.pieces.iter().map(String::as_str), &mut HashSet::new());
        let directions = mangle(
            game.board.directions.iter().map(String::as_str),
            &mut HashSet::new(),
        );
        let mut taken = HashSet::new();
        let variables = mangle(game.variables.iter().map(|v| v.name.as_str()), &mut taken);
        let keeper = mangle(std::iter::once("keeper"), &mut taken).remove(0);
        Names {
            vertices,
            pieces,
            directions,
            variables,
            keeper,
        }
    }
}
