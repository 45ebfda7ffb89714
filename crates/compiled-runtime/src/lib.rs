//! The compiled engine's runtime: everything a generated game library does that does not
//! depend on the game, written once, generic over [`game::Game`], the trait the generated
//! code implements (its tables, its states' code).
//!
//! The generated library is built by `rustc` alone from one file, so it cannot link this
//! crate: it includes these modules as source instead ([`MODULES`], as `mod rt`). The crate
//! is compiled, linted and unit-tested here all the same; modules name each other by
//! `super::` so that they mean the same in both places, and nothing here depends on
//! anything but `std`.
//!
//! * [`semantics`]: what the interpreter (`reasoner`) and the library must agree on: the
//!   cycle-check depth, the first-mode checks, the work limit of patterns, the state hashes.
//! * [`abi`]: the C ABI between the library and its loader (`compiled::library`): one entry
//!   symbol returning a table of functions with its ABI version, the limits and the error
//!   kinds.
//! * [`game`]: the sizes and tables a generated game gives (`Game`), and the fixed-length
//!   arrays it names.
//! * [`sink`]: where a search of the rules reports its moves; the modifiers applied so far.
//! * [`moves`]: moves found by a search, grouped by their shared path.
//! * [`state`]: a game state and its basic operations (pieces, marks, undo, hashes), and the
//!   code of the game's states over it (`Rules`, the other trait the generated game
//!   implements).
//! * [`sets`]: sets of vertices as words of bits.
//! * [`search`]: levels of the search (the paper's Algorithm 1) and listing, counting moves.
//! * [`keeper`]: the keeper's completion after a move, checked or first.
//! * [`perft`]: perft, with the last level applied leaf by leaf.
//! * [`playout`]: uniform random playouts, with the monotonic classes' sampled moves.
//! * [`ffi`]: the functions of the C ABI, generic over the game.
//! * [`export`]: `export_game!`, which the generated library invokes to implement the traits
//!   for its game and export the C ABI's entry symbol.

pub mod abi;
pub mod export;
pub mod ffi;
pub mod game;
pub mod keeper;
pub mod moves;
pub mod perft;
pub mod playout;
pub mod search;
pub mod semantics;
pub mod sets;
pub mod sink;
pub mod state;

/// The runtime's modules as source, in the order of the list above: the generated library
/// declares `pub mod rt { pub mod NAME { SOURCE } ... }` from it.
pub const MODULES: &[(&str, &str)] = &[
    ("abi", include_str!("abi.rs")),
    ("export", include_str!("export.rs")),
    ("ffi", include_str!("ffi.rs")),
    ("game", include_str!("game.rs")),
    ("keeper", include_str!("keeper.rs")),
    ("moves", include_str!("moves.rs")),
    ("perft", include_str!("perft.rs")),
    ("playout", include_str!("playout.rs")),
    ("search", include_str!("search.rs")),
    ("semantics", include_str!("semantics.rs")),
    ("sets", include_str!("sets.rs")),
    ("sink", include_str!("sink.rs")),
    ("state", include_str!("state.rs")),
];

#[cfg(test)]
mod tests {
    /// Every module declared above is in `MODULES`, and nothing else: a module left out would
    /// compile here and be missing from every generated library.
    #[test]
    fn modules_lists_every_module_of_the_crate() {
        let lib = include_str!("lib.rs");
        let declared: Vec<&str> = lib
            .lines()
            .filter_map(|l| l.strip_prefix("pub mod ")?.strip_suffix(';'))
            .collect();
        let listed: Vec<&str> = super::MODULES.iter().map(|(n, _)| *n).collect();
        assert_eq!(declared, listed);
    }

    /// The included sources name their siblings by `super::`, never `crate::`, which would
    /// mean the generated library's root there.
    #[test]
    fn modules_name_each_other_by_super() {
        for (name, src) in super::MODULES {
            for (i, line) in src.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                assert!(
                    !code.contains("crate::"),
                    "{name}.rs:{}: `crate::` in a module the generated library includes",
                    i + 1
                );
            }
        }
    }
}
