//! SVG pictures of corpus games, snapshotted (review them as PNGs: `rsvg-convert`).

use std::path::PathBuf;

fn read(rel: &str) -> String {
    std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(rel),
    )
    .unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn sbg(rel: &str) -> sbg::Game {
    sbg::parse(&read(rel))
        .unwrap_or_else(|_| panic!("{rel} parses"))
        .0
}

fn rbg(rel: &str) -> ir::Game {
    rbg::parse_game(&read(rel))
        .unwrap_or_else(|_| panic!("{rel} parses"))
        .game
}

#[test]
fn sbg_start_position() {
    insta::assert_snapshot!(
        "gardner_board",
        draw::sbg_board(&sbg("corpus/sbg/gardner.sbg"))
    );
}

#[test]
fn sbg_piece_moves_like_figure_3() {
    let g = sbg("corpus/sbg/chess_breakthrough.sbg");
    let svg = draw::sbg_piece_moves(&g, 'N').expect("knight has a rule");
    assert_eq!(
        svg.matches("#2e8b57").count(),
        8 + 1,
        "a knight has 8 quiet moves from the centre (and a mark in the legend)"
    );
    assert_eq!(svg.matches("#c0392b").count(), 8 + 1, "and 8 captures");
    assert!(
        svg.contains("moves to an empty square (8 squares)"),
        "{svg}"
    );
    assert!(
        svg.contains("captures an opponent's piece (8 squares)"),
        "{svg}"
    );
    assert!(
        !svg.contains("own side"),
        "no self-capture in chess-breakthrough"
    );
    insta::assert_snapshot!("chess_breakthrough_knight", svg);
    assert!(draw::sbg_piece_moves(&g, 'Z').is_none());
}

#[test]
fn rbg_boards_of_every_shape() {
    // rectangle, hexagon, cuboid and an explicit graph
    for (name, file) in [
        ("breakthrough_rbg", "corpus/rbg/breakthrough.rbg"),
        ("yavalath_rbg", "corpus/rbg/yavalath.rbg"),
        ("tictactoe3d_rbg", "corpus/rbg/ticTacToe3d.rbg"),
        ("mutorere_rbg", "corpus/rbg/muTorere.rbg"),
        ("chess_rbg", "corpus/rbg/chess.rbg"),
        ("english_draughts_rbg", "corpus/rbg/englishDraughts.rbg"),
    ] {
        let svg = draw::rbg_board(&rbg(file));
        assert!(svg.starts_with("<svg"));
        insta::assert_snapshot!(name, svg);
    }
}

/// Chess piece names become drawn chess pieces (no font glyphs), draughts men and kings plain
/// and ringed discs, stones discs in their players' colours; the legend lists only what the
/// picture abbreviates.
#[test]
fn pieces_are_drawn_as_players_know_them() {
    let chess = draw::rbg_board(&rbg("corpus/rbg/chess.rbg"));
    assert!(!chess.contains('♔') && !chess.contains('♚'), "no glyphs");
    assert_eq!(chess.matches("<g transform").count(), 32, "32 drawn pieces");
    let white_fills = chess.matches(r##"fill="#ffffff" stroke="#1a1a1a""##);
    assert!(white_fills.count() > 16, "white pieces are filled white");
    assert!(
        !chess.contains(" = wKo"),
        "no legend for drawn pieces: {chess}"
    );
    let draughts = draw::rbg_board(&rbg("corpus/rbg/englishDraughts.rbg"));
    assert!(!draughts.contains(">wm<"), "men carry no label");
    assert!(!draughts.contains(" = wm"), "nor a legend line");
    let breakthrough = draw::rbg_board(&rbg("corpus/rbg/breakthrough.rbg"));
    assert!(
        !breakthrough.contains("w = w"),
        "no legend line for an unabbreviated name"
    );
    let amazons = draw::rbg_board(&rbg("corpus/rbg/amazons.rbg"));
    assert!(!amazons.contains("empty square"), "no legend at all");
}

/// Hex: red and blue stones, each player's sides in its colour, names on the rim only.
#[test]
fn hex_shows_its_players_colours_and_rim_names() {
    let hex = hex_with_stones();
    let svg = draw::rbg_board(&hex);
    assert_eq!(
        svg.matches(r##"fill="#d7362b""##).count(),
        2,
        "two red stones"
    );
    assert_eq!(
        svg.matches(r##"fill="#2f62c9""##).count(),
        1,
        "one blue stone"
    );
    // Each player joins two sides of 9 cells: 17 thick strokes a side less the corners'.
    assert_eq!(
        svg.matches(r##"stroke="#d7362b" stroke-width="5.0""##)
            .count(),
        32
    );
    assert_eq!(
        svg.matches(r##"stroke="#2f62c9" stroke-width="5.0""##)
            .count(),
        32
    );
    assert!(
        !svg.contains("hx0y0") && !svg.contains(">e5<"),
        "no cell names"
    );
    assert!(
        svg.contains(">i<") && svg.contains(">9<"),
        "files and ranks on the rim"
    );
    let labelled = draw::rbg_board_with(&hex, draw::Options { labels: true });
    assert!(labelled.contains(">e5<") && labelled.contains(">a1<"));
}

/// Hex with red stones on e5 and a1 and a blue one on i9.
fn hex_with_stones() -> ir::Game {
    let mut hex = rbg("corpus/rbg/hex.rbg");
    let names = ir::coords::display_names(&hex.board.vertices);
    for (square, piece) in [("e5", "r"), ("a1", "r"), ("i9", "b")] {
        let v = names.iter().position(|n| n == square).unwrap();
        let p = hex.pieces.iter().position(|n| n == piece).unwrap();
        hex.board.initial[v] = ir::PieceId::from_index(p);
    }
    hex
}

#[test]
fn sbg_piece_legend_names_self_captures() {
    let src = "<<Own>>\n<BOARD>\n3 3\n|.k.|\n|...|\n|.K.|\n<PIECES>\n\
               K (0,1,e) + (1,0,e) + (-1,0,e) + (0,-1,e) + (0,1,p) + (1,1,w) + (-1,1,w) &\n\
               <GOALS>\n20 &\n#K 0 &\n";
    let g = sbg::parse(src).unwrap().0;
    let svg = draw::sbg_piece_moves(&g, 'K').unwrap();
    assert_eq!(svg.matches("#2f6fbf").count(), 2 + 1, "{svg}");
    assert!(
        svg.contains("captures a piece of its own side (2 squares)"),
        "{svg}"
    );
    assert!(
        svg.contains("captures an opponent's piece (1 square)"),
        "{svg}"
    );
}
