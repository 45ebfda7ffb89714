//! Whole-document formatting. RBG (HL and LL) goes through `rbg::format`, which changes only
//! whitespace. SBG and GDL go through their printers, which drop comments, so a text with
//! comments is not formatted: formatting must never lose what the user wrote.

use crate::lang::Lang;

/// The formatted text, or `None` when the text is invalid or formatting would lose comments.
pub fn format(lang: Lang, text: &str) -> Option<String> {
    match lang {
        Lang::Sbg if !text.contains("//") && !text.contains("/*") => {
            sbg::parse(text).ok().map(|(g, _)| sbg::print(&g))
        }
        Lang::Gdl if !text.contains(';') => {
            gdl::parse_and_check(text).ok().map(|(d, _)| gdl::print(&d))
        }
        Lang::Sbg | Lang::Gdl => None,
        Lang::Rbg => rbg::format::format(text).ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hl_rbg_keeps_macros_and_comments() {
        let hl = include_str!("../../../corpus/rbg/breakthrough.rbg");
        let out = format(Lang::Rbg, hl).unwrap();
        assert!(
            out.contains("#turn(me; pawn; opp; oppPawn; fwd) ="),
            "{out}"
        );
        assert_eq!(out.matches("//").count(), hl.matches("//").count());
        let messy = hl.replace('\n', "\n  ").replace(" = ", "=");
        assert_eq!(format(Lang::Rbg, &messy).as_deref(), Some(out.as_str()));
    }

    #[test]
    fn sbg_with_comments_is_left_alone() {
        let sbg = include_str!("../../../corpus/sbg/gardner.sbg");
        let with_comment = format!("// mine\n{sbg}");
        assert_eq!(format(Lang::Sbg, &with_comment), None);
        let plain: String = sbg
            .lines()
            .map(|l| l.split("//").next().unwrap_or(""))
            .map(|l| format!("{l}\n"))
            .collect();
        assert!(!plain.contains("/*"));
        assert!(format(Lang::Sbg, &plain).is_some(), "{plain}");
    }
}
