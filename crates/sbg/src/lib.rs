//! Simplified Boardgames (SBG): text → [`Game`] → automata → a native engine.
//!
//! Pipeline: [`lexer`] (logos tokens) → grammar (`grammars/sbg.lalrpop`, raw tree in [`cst`]) →
//! [`parse`] (checks, quirks with warnings, [`diagnostics`]) → [`ast::Game`]; [`print`] writes a
//! game back as canonical text; [`automaton`] compiles each piece rule to a minimal DFA;
//! [`language`] compares automata and turns one back into an expression (for the learner);
//! [`engine`] plays the game by DFS over the board with those DFAs and implements
//! [`game::GameState`]; [`position`] reads and writes positions (one FEN-like line) and moves
//! (`b2-b3`); [`words`] gives the learner the accepted words at a square.
//!
//! The API in five calls:
//!
//! * [`parse`]`(&str) -> Result<(Game, warnings), diagnostics>` (codespan `Diagnostic<()>`;
//!   [`parse::parse_game`] gives the typed [`Error`]s and [`Warning`]s instead);
//!   [`parse_piece_rule`] for one rule (`.sbg1` lines: [`parse::sbg1_rule_text`]).
//! * [`render`]`(&diagnostics, file_name, src) -> String`, without colour.
//! * [`print`]`(&Game) -> String`; `parse(print(g))` gives `g` back.
//! * [`Engine::new`]`(&Game) -> Result<Engine, BuildError>`; `Engine: game::GameState`
//!   (players `white`, `black`; moves [`Move`]`{from, to}` with squares `y * width + x`).
//! * [`Engine::words_at`] for the word-level view.
//!
//! Semantics: DESIGN.md §3 "SBG", followed exactly (goals only after moves, in the order `@`,
//! opponent's `#`, mover's `#`, turn limit, no legal move; scores 100/50/0). Two choices the
//! design leaves open: scores of a non-terminal state are `[0, 0]`, and words are reported in
//! the rule's own coordinates (black moves by `(dx, -dy)`).

pub mod ast;
pub mod automaton;
pub mod cst;
pub mod diagnostics;
pub mod engine;
pub mod language;
pub mod lexer;
mod minimize;
mod movegen;
pub mod parse;
pub mod position;
pub mod print;
mod tables;
pub mod words;

pub use ast::{Board, Expr, Game, Goal, Letter, On, Piece, PieceRule, Side};
pub use automaton::BuildError;
pub use diagnostics::{render, Error, Warning};
pub use engine::{Engine, Move};
pub use parse::{parse, parse_piece_rule};
pub use print::print;
