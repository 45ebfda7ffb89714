//! Whole-document formatting through the printers. Only texts that the printer gives back
//! unchanged in meaning and form are formatted: SBG, GDL, and RBG written in LL-RBG (no
//! macros, no `~`, no board generator). HL-RBG gets no formatting: printing it would expand
//! its macros.

use crate::lang::Lang;
use rbg::lexer::{self, Interner, Kind};

/// The formatted text, or `None` when the text is invalid or has no formatter.
pub fn format(lang: Lang, text: &str) -> Option<String> {
    match lang {
        Lang::Sbg => sbg::parse(text).ok().map(|(g, _)| sbg::print(&g)),
        Lang::Gdl => gdl::parse_and_check(text).ok().map(|(d, _)| gdl::print(&d)),
        Lang::Rbg if is_ll_rbg(text) => rbg::parse_game(text).ok().map(|p| rbg::print_ll(&p.game)),
        Lang::Rbg => None,
    }
}

/// No macro definitions, no pasting, and a board listed vertex by vertex.
pub fn is_ll_rbg(text: &str) -> bool {
    let mut interner = Interner::default();
    let (tokens, errors) = lexer::lex(text, &mut interner);
    if !errors.is_empty() {
        return false;
    }
    let mut in_board = false;
    for w in tokens.windows(2) {
        match (w[0].kind, w[1].kind) {
            (Kind::Hash, Kind::Ident) | (Kind::Tilde, _) | (_, Kind::Tilde) => return false,
            (Kind::Hash, k) if k.is_section() => in_board = k == Kind::Board,
            (Kind::Ident, Kind::LParen) if in_board => return false,
            _ => {}
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hl_rbg_is_not_formatted_and_ll_rbg_is() {
        let hl = include_str!("../../../corpus/rbg/breakthrough.rbg");
        assert!(!is_ll_rbg(hl));
        assert_eq!(format(Lang::Rbg, hl), None);
        let ll = rbg::print_ll(&rbg::parse_game(hl).unwrap().game);
        assert!(is_ll_rbg(&ll));
        assert_eq!(format(Lang::Rbg, &ll).as_deref(), Some(ll.as_str()));
        let messy = ll.replace('\n', "\n\n  ");
        assert_eq!(format(Lang::Rbg, &messy).as_deref(), Some(ll.as_str()));
    }
}
