//! Chess pieces drawn as shapes (SVG paths), so pictures do not depend on the fonts
//! installed: a font's outline glyph for the white king renders nearly solid in some fonts,
//! and then the kings look alike. White pieces are filled white with a dark outline, black
//! pieces filled dark with a light detail line, so the sides are told apart at a glance.
//!
//! Which pieces are chess pieces: RBG and GDL names of a side and a piece (`wP`, `bKo`,
//! `whiteKnight`, `wn`) by [`from_name`]; SBG letters K, Q, R, B, N and P by
//! [`from_letter`]. Other SBG letters (fairy pieces) stay lettered discs.

use crate::svg::Svg;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chess {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

/// The chess piece an SBG letter stands for (either case).
pub fn from_letter(letter: char) -> Option<Chess> {
    Some(match letter.to_ascii_uppercase() {
        'P' => Chess::Pawn,
        'N' => Chess::Knight,
        'B' => Chess::Bishop,
        'R' => Chess::Rook,
        'Q' => Chess::Queen,
        'K' => Chess::King,
        _ => return None,
    })
}

/// The side (white: true) and chess piece a name stands for, when its first letters name a
/// side and the rest a chess piece: `wP`, `bKo`, `whiteKnight`, `wRook`, `bn`.
pub fn from_name(name: &str) -> Option<(bool, Chess)> {
    let lower = name.to_ascii_lowercase();
    let (white, rest) = [("white", true), ("black", false), ("w", true), ("b", false)]
        .iter()
        .find_map(|(p, w)| lower.strip_prefix(p).map(|r| (*w, r)))?;
    let kind = match rest {
        "p" | "pe" | "pawn" => Chess::Pawn,
        "n" | "kn" | "knight" => Chess::Knight,
        "b" | "bi" | "bishop" => Chess::Bishop,
        "r" | "ro" | "rook" => Chess::Rook,
        "q" | "qu" | "queen" => Chess::Queen,
        "k" | "ko" | "ki" | "king" => Chess::King,
        _ => return None,
    };
    Some((white, kind))
}

/// The base every piece stands on, in the 100-unit box the shapes are drawn in.
const BASE: &str = "M24,90 L76,90 L73,80 L27,80 Z";

/// The outline of a piece (one or more closed paths) in a 100-unit box, base at the bottom.
fn outline(kind: Chess) -> Vec<&'static str> {
    match kind {
        Chess::Pawn => vec![
            BASE,
            "M34,80 C37,64 43,56 44,48 L56,48 C57,56 63,64 66,80 Z",
            "M50,18 A13,13 0 1 1 49.9,18 Z",
        ],
        Chess::Rook => vec![
            BASE,
            "M32,80 L36,42 L64,42 L68,80 Z",
            "M28,44 L72,44 L72,18 L63,18 L63,26 L55,26 L55,18 L45,18 L45,26 L37,26 L37,18 L28,18 Z",
        ],
        Chess::Bishop => vec![
            BASE,
            "M35,80 C36,68 42,62 44,56 L56,56 C58,62 64,68 65,80 Z",
            "M50,16 C64,27 67,44 57,56 L43,56 C33,44 36,27 50,16 Z",
            "M50,6 A5,5 0 1 1 49.9,6 Z",
        ],
        Chess::Knight => vec![
            BASE,
            "M36,80 C34,66 42,58 48,50 C40,50 34,56 27,52 C22,48 24,41 31,36 \
             C39,29 43,20 52,15 L55,7 L60,15 C72,20 76,40 73,58 C71,68 68,76 68,80 Z",
        ],
        Chess::Queen => vec![
            BASE,
            "M32,80 L21,34 L37,56 L36,26 L46,54 L50,20 L54,54 L64,26 L63,56 L79,34 L68,80 Z",
        ],
        Chess::King => vec![
            BASE,
            "M32,80 C27,65 20,53 29,45 C37,38 46,44 50,53 C54,44 63,38 71,45 \
             C80,53 73,65 68,80 Z",
            "M45,52 L45,34 L55,34 L55,52 Z",
            "M46,6 L54,6 L54,14 L62,14 L62,22 L54,22 L54,34 L46,34 L46,22 L38,22 L38,14 L46,14 Z",
        ],
    }
}

/// Small round tips (the queen's crown) and details in the contrasting colour.
fn details(kind: Chess) -> (Vec<(f64, f64, f64)>, Vec<&'static str>) {
    match kind {
        Chess::Queen => (
            vec![
                (21.0, 32.0, 5.0),
                (36.0, 24.0, 5.0),
                (50.0, 17.0, 5.0),
                (64.0, 24.0, 5.0),
                (79.0, 32.0, 5.0),
            ],
            vec!["M34,72 L66,72"],
        ),
        Chess::Knight => (vec![(50.0, 27.0, 3.0)], vec!["M58,20 C64,30 66,44 64,58"]),
        Chess::Bishop => (vec![], vec!["M53,28 L46,42"]),
        Chess::King => (vec![], vec!["M34,70 L66,70"]),
        Chess::Rook => (vec![], vec!["M35,50 L65,50"]),
        Chess::Pawn => (vec![], vec![]),
    }
}

/// Draws `kind` centred at (`cx`, `cy`) in a square `size` wide.
pub fn draw(svg: &mut Svg, kind: Chess, white: bool, cx: f64, cy: f64, size: f64) {
    let (fill, ink) = if white {
        ("#ffffff", "#1a1a1a")
    } else {
        ("#1a1a1a", "#e8e8e8")
    };
    let scale = size / 100.0;
    svg.open_group(cx - size / 2.0, cy - size / 2.0, scale);
    for d in outline(kind) {
        svg.path(d, fill, "#1a1a1a", 3.5);
    }
    let (tips, lines) = details(kind);
    for (x, y, r) in tips {
        svg.circle_styled(x, y, r, fill, "#1a1a1a", 3.0);
    }
    for d in lines {
        svg.path(d, "none", ink, 3.0);
    }
    svg.close_group();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_letters_say_which_piece() {
        assert_eq!(from_name("wKo"), Some((true, Chess::King)));
        assert_eq!(from_name("blackKnight"), Some((false, Chess::Knight)));
        assert_eq!(from_name("bn"), Some((false, Chess::Knight)));
        assert_eq!(from_name("wm"), None);
        assert_eq!(from_name("e"), None);
        assert_eq!(from_letter('q'), Some(Chess::Queen));
        assert_eq!(from_letter('C'), None);
    }

    #[test]
    fn white_pieces_are_filled_white_and_black_ones_dark() {
        let mut svg = Svg::new(100.0, 100.0);
        draw(&mut svg, Chess::King, true, 50.0, 50.0, 40.0);
        draw(&mut svg, Chess::King, false, 50.0, 50.0, 40.0);
        let text = svg.finish("kings");
        assert!(
            text.contains(r##"fill="#ffffff" stroke="#1a1a1a""##),
            "{text}"
        );
        assert!(
            text.contains(r##"fill="#1a1a1a" stroke="#1a1a1a""##),
            "{text}"
        );
        assert!(!text.contains("<text x"), "no glyph from a font: {text}");
    }
}
