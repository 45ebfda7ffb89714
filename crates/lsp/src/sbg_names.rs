//! Names in SBG text: a piece is declared by its rule in `<PIECES>` (the upper-case letter;
//! the lower-case letter is the black piece with the same rule) and written on the board rows
//! and in the goals (`@P ...`, `#P ...`). Both cases of a letter are one name, the upper-case
//! letter. Read line by line, so it works on text that does not parse.

use crate::rbg_names::{Decl, DeclKind, Names};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Head,
    Board,
    Pieces,
    Goals,
}

pub fn names(src: &str) -> Names {
    let mut names = Names::default();
    let mut section = Section::Head;
    // In <PIECES>: true when the next letter starts a rule (section start or after `&`).
    let mut rule_start = true;
    let mut open_rule: Option<usize> = None; // index into names.decls of the rule being read
    let mut line_start = 0;
    for line in src.split_inclusive('\n') {
        let code = line.split("//").next().unwrap_or("");
        let at = |i: usize| line_start + i;
        let trimmed = code.trim();
        let marker = match trimmed.split_whitespace().next().unwrap_or("") {
            "<BOARD>" | "<--BOARD-->" => Some(Section::Board),
            "<PIECES>" | "<--PIECES-->" => Some(Section::Pieces),
            "<GOALS>" | "<--GOALS-->" => Some(Section::Goals),
            _ => None,
        };
        if let Some(m) = marker {
            section = m;
            rule_start = true;
            line_start += line.len();
            continue;
        }
        let bytes = code.as_bytes();
        match section {
            Section::Head => {}
            Section::Board => {
                if let (Some(a), Some(b)) = (code.find('|'), code.rfind('|')) {
                    for (i, c) in code[a + 1..b.max(a + 1)].char_indices() {
                        if c.is_ascii_alphabetic() {
                            let s = at(a + 1 + i);
                            names.idents.push((piece_name(c), s..s + 1));
                        }
                    }
                }
            }
            Section::Pieces => {
                for (i, &c) in bytes.iter().enumerate() {
                    if c == b'&' {
                        rule_start = true;
                        if let Some(k) = open_rule.take() {
                            names.decls[k].full.end = at(i + 1);
                        }
                    } else if rule_start && c.is_ascii_alphabetic() {
                        rule_start = false;
                        let s = at(i);
                        let name = piece_name(c as char);
                        names.idents.push((name.clone(), s..s + 1));
                        open_rule = Some(names.decls.len());
                        names.decls.push(Decl {
                            name,
                            kind: DeclKind::Piece,
                            span: s..s + 1,
                            full: s..at(code.trim_end().len()),
                        });
                    } else if !c.is_ascii_whitespace() {
                        rule_start = false;
                    }
                }
                if let Some(k) = open_rule {
                    names.decls[k].full.end =
                        at(code.trim_end().len()).max(names.decls[k].full.end);
                }
            }
            Section::Goals => {
                for (i, w) in bytes.windows(2).enumerate() {
                    if (w[0] == b'@' || w[0] == b'#') && w[1].is_ascii_alphabetic() {
                        let s = at(i + 1);
                        names.idents.push((piece_name(w[1] as char), s..s + 1));
                    }
                }
            }
        }
        line_start += line.len();
    }
    names
}

fn piece_name(c: char) -> String {
    c.to_ascii_uppercase().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "<<Mini>>\n<BOARD>\n3 2\n|k.p|\n|P.K|\n<PIECES>\nP (0,1,e) &\nK (0,1,e) +\n  (0,1,p) &\n<GOALS>\n10 &\n@P 0 1 &\n#k 0 &\n";

    #[test]
    fn pieces_are_declared_by_their_rules_and_written_on_the_board() {
        let n = names(GAME);
        let k = n.decl("K").unwrap();
        assert_eq!(&GAME[k.span.clone()], "K");
        assert_eq!(&GAME[k.full.clone()], "K (0,1,e) +\n  (0,1,p) &");
        // k and K on the board, the rule, the goal `#k`.
        assert_eq!(n.uses("K").count(), 4);
        assert_eq!(n.uses("P").count(), 4);
        assert_eq!(n.decl("E"), None, "`e` in a rule is no piece");
        let at = GAME.find("#k").unwrap() + 1;
        assert_eq!(n.ident_at(at).unwrap().0, "K");
    }
}
