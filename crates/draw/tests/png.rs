//! PNGs of a few boards, written under the target's tmp folder (`pictures/`) for a person to
//! look at, and checked where a check can be written: the chess kings must differ at a glance.

use resvg::tiny_skia::Pixmap;
use std::path::PathBuf;

fn read(rel: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel);
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn rbg(rel: &str) -> ir::Game {
    rbg::parse_game(&read(rel))
        .unwrap_or_else(|_| panic!("{rel} parses"))
        .game
}

fn sbg(rel: &str) -> sbg::Game {
    sbg::parse(&read(rel))
        .unwrap_or_else(|_| panic!("{rel} parses"))
        .0
}

/// `game` with `piece` on each of `squares` (file-rank names).
fn with_stones(mut game: ir::Game, stones: &[(&str, &str)]) -> ir::Game {
    let names = ir::coords::display_names(&game.board.vertices);
    for (square, piece) in stones {
        let v = names.iter().position(|n| n == square).unwrap();
        let p = game.pieces.iter().position(|n| n == piece).unwrap();
        game.board.initial[v] = ir::PieceId::from_index(p);
    }
    game
}

/// Chess's start as the facts of the usual GDL chess (`(cell a 1 wr)`, `b` for a blank).
fn gdl_chess_facts() -> Vec<String> {
    let ranks = [
        "RNBQKBNR", "PPPPPPPP", "", "", "", "", "pppppppp", "rnbqkbnr",
    ];
    let mut facts = Vec::new();
    for (r, row) in ranks.iter().enumerate() {
        for f in 0..8 {
            let piece = match row.chars().nth(f) {
                Some(c) if c.is_ascii_uppercase() => format!("w{}", c.to_ascii_lowercase()),
                Some(c) => format!("b{c}"),
                None => "b".to_string(),
            };
            let file = (b'a' + f as u8) as char;
            facts.push(format!("(cell {file} {} {piece})", r + 1));
        }
    }
    facts
}

fn write_png(name: &str, svg: &str) -> Pixmap {
    let png = draw::svg_to_png(svg, 2.0).expect("rasterises");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("pictures");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("{name}.png")), &png).unwrap();
    Pixmap::decode_png(&png).expect("a PNG")
}

/// Mean brightness (0..255) of the square `half` pixels around (`x`, `y`).
fn brightness(p: &Pixmap, x: u32, y: u32, half: u32) -> f64 {
    let mut sum = 0.0;
    let mut n = 0.0;
    for yy in y - half..=y + half {
        for xx in x - half..=x + half {
            let c = p.pixel(xx, yy).unwrap();
            sum += (f64::from(c.red()) + f64::from(c.green()) + f64::from(c.blue())) / 3.0;
            n += 1.0;
        }
    }
    sum / n
}

/// Cells are 44 units, the board starts 20 units in, PNGs are drawn at scale 2: the centre
/// of column `x`, row `y` (from the top), in pixels, a little below the middle (a piece's
/// body rather than its base).
fn body(x: u32, y: u32) -> (u32, u32) {
    (2 * (20 + 44 * x + 22), 2 * (20 + 44 * y + 26))
}

#[test]
fn pictures_of_six_games_as_png() {
    let chess = write_png("chess_rbg", &draw::rbg_board(&rbg("corpus/rbg/chess.rbg")));
    let gdl = draw::gdl_board(&gdl_chess_facts(), &[8], "chess (GDL)").unwrap();
    let gdl_chess = write_png("chess_gdl", &gdl);
    for (name, p) in [("RBG", &chess), ("GDL", &gdl_chess)] {
        let (white_king, black_king) = (body(4, 7), body(4, 0));
        let white = brightness(p, white_king.0, white_king.1, 6);
        let black = brightness(p, black_king.0, black_king.1, 6);
        assert!(
            white > 200.0 && black < 60.0,
            "{name}: the white king is light ({white:.0}) and the black one dark ({black:.0})"
        );
    }
    let hex = with_stones(rbg("corpus/rbg/hex.rbg"), &[("e5", "r"), ("f4", "b")]);
    write_png("hex", &draw::rbg_board(&hex));
    let hex_labelled = draw::rbg_board_with(&hex, draw::Options { labels: true });
    write_png("hex_labels", &hex_labelled);
    let yavalath = with_stones(
        rbg("corpus/rbg/yavalath.rbg"),
        &[("e5", "w"), ("e6", "b"), ("d4", "w")],
    );
    write_png("yavalath", &draw::rbg_board(&yavalath));
    write_png(
        "english_draughts",
        &draw::rbg_board(&rbg("corpus/rbg/englishDraughts.rbg")),
    );
    let gardner = write_png(
        "gardner_sbg",
        &draw::sbg_board(&sbg("corpus/sbg/gardner.sbg")),
    );
    // Gardner's 5x5 board: 48-unit squares 28 units in; the white king on d1... whichever
    // square holds it, white's first rank is light pieces and black's dark.
    let square = |x: u32, y: u32| (2 * (28 + 48 * x + 24), 2 * (28 + 48 * y + 22));
    let (w, b) = (square(2, 4), square(2, 0));
    assert!(brightness(&gardner, w.0, w.1, 5) > brightness(&gardner, b.0, b.1, 5) + 100.0);
    let knight = draw::sbg_piece_moves(&sbg("corpus/sbg/chess_breakthrough.sbg"), 'N').unwrap();
    write_png("chess_breakthrough_knight", &knight);
    let cannon = sbg("corpus/sbg/cannon_skirmish.sbg");
    write_png("cannon_skirmish_sbg", &draw::sbg_board(&cannon));
}
