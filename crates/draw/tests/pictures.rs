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

/// Chess piece names become chess symbols, draughts men and kings plain and ringed discs;
/// the legend lists only what the picture abbreviates.
#[test]
fn pieces_are_drawn_as_players_know_them() {
    let chess = draw::rbg_board(&rbg("corpus/rbg/chess.rbg"));
    assert_eq!(chess.matches(">♙<").count(), 8, "white pawns");
    assert_eq!(chess.matches(">♚<").count(), 1, "black king");
    assert!(chess.contains(">♔ = wKo<"));
    let draughts = draw::rbg_board(&rbg("corpus/rbg/englishDraughts.rbg"));
    assert!(!draughts.contains(">wm<"), "men carry no label");
    assert!(draughts.contains("white disc = wm"));
    let breakthrough = draw::rbg_board(&rbg("corpus/rbg/breakthrough.rbg"));
    assert!(
        !breakthrough.contains("w = w"),
        "no legend line for an unabbreviated name"
    );
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
