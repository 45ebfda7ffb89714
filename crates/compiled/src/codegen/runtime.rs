//! The generated library's tie to the runtime crate (`compiled_runtime`): its imports, the
//! invocation of its `export_game!` (the game as its `Game` and `Rules`, the entry symbol
//! of the C ABI), and the runtime's modules as source. Only fixed text appears here:
//! nothing of the game's own text.

/// What the game-specific part uses of the runtime, at the top of the file.
pub(super) const IMPORTS: &str = "\
use rt::search::*;
use rt::sets::*;
use rt::sink::*;
use rt::state::Undo;
type St = rt::state::State<G>;
";

/// `G`, the game as the runtime sees it (`Game`: sizes and tables; `Rules`: the states'
/// code), and the C ABI's entry symbol: the runtime's `export_game!` forwards each item to
/// the generated one of the same name.
pub(super) fn game_impl(out: &mut String) {
    out.push_str("\n// ---- the game as the runtime's `Game` ----\ncrate::export_game!();\n");
}

/// The runtime crate's modules, each as an inline module of `rt`.
pub(super) fn runtime_module(out: &mut String) {
    out.push_str(
        "\n// ---- the runtime: the compiled_runtime crate's modules ----\npub mod rt {\n",
    );
    for (name, source) in compiled_runtime::MODULES {
        out.push_str("pub mod ");
        out.push_str(name);
        out.push_str(" {\n");
        out.push_str(source);
        out.push_str("}\n");
    }
    out.push_str("}\n");
}
