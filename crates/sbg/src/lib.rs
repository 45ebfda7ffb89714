//! Simplified Boardgames (SBG): text → [`Game`] → automata → a native engine.
//!
//! Pipeline: [`lexer`] (logos tokens) → grammar (`grammars/sbg.lalrpop`, raw tree in [`cst`]) →
//! [`parse`] (checks, quirks with warnings, [`diagnostics`]) → [`ast::Game`]; [`print`] writes a
//! game back as canonical text; [`automaton`] compiles each piece rule to a minimal DFA;
//! [`engine`] plays the game by DFS over the board with those DFAs and implements
//! [`game::GameState`]; [`words`] gives the learner the accepted words at a square.
//! Semantics: DESIGN.md §3 "SBG".

pub mod ast;
pub mod automaton;
pub mod cst;
pub mod diagnostics;
pub mod engine;
pub mod lexer;
pub mod parse;
pub mod print;
pub mod words;

pub use ast::{Board, Expr, Game, Goal, Letter, On, Piece, PieceRule, Side};
pub use automaton::BuildError;
pub use diagnostics::{render, Error, Warning};
pub use engine::{Engine, Move};
pub use parse::{parse, parse_piece_rule};
pub use print::print;
