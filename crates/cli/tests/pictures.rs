//! `show -o x.png`: the pictures of the games rasterise to PNG of the SVG's size (the
//! SVGs themselves are snapshotted in crates/draw/tests). A GDL state is drawn from its
//! `(cell X Y PIECE)`-like relation, or says why it has none.

use std::process::Command;

fn run(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_rbgtool"))
        .args(args)
        .output()
        .expect("rbgtool runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn corpus(path: &str) -> String {
    format!("{}/../../corpus/{path}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn boards_render_to_png() {
    let dir = std::env::temp_dir().join(format!("rbgtool-png-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = [
        "rbg/chess.rbg",
        "rbg/englishDraughts.rbg",
        "rbg/hex.rbg",
        "rbg/yavalath.rbg",
        "rbg/muTorere.rbg",
        "rbg/ticTacToe3d.rbg",
        "sbg/gardner.sbg",
    ];
    for game in games {
        let png = dir.join(game.replace('/', "_") + ".png");
        let (code, err) = run(&["show", &corpus(game), "-o", png.to_str().unwrap()]);
        assert_eq!(code, 0, "{game}: {err}");
        let bytes = std::fs::read(&png).unwrap();
        assert_eq!(&bytes[1..4], b"PNG", "{game}");
        let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
        let height = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
        assert!(width >= 200 && height >= 200, "{game}: {width}x{height}");
    }
    // GDL: our translations of an SBG game (`(cell 0 0 wR)`) and of an RBG game
    // (`(cell rx1y1 x)`, empty squares left out), after a move.
    for (game, moves) in [
        ("sbg/gardner.sbg", None),
        ("rbg/ticTacToe.rbg", Some("m2 rx1y1 m3 rx1y1")),
    ] {
        let kif = dir.join(game.replace('/', "_") + ".kif");
        let (code, err) = run(&[
            "convert",
            &corpus(game),
            "--to",
            "gdl",
            "-o",
            kif.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{game}: {err}");
        let png = kif.with_extension("png");
        let mut args = vec!["show", kif.to_str().unwrap(), "-o", png.to_str().unwrap()];
        let moves = moves.map(|m| format!("(move2 {m})"));
        if let Some(m) = &moves {
            args.extend(["--moves", m.as_str()]);
        }
        let (code, err) = run(&args);
        assert_eq!(code, 0, "{game} as GDL: {err}");
        assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG", "{game} as GDL");
    }
    let no_board = dir.join("no_board.kif");
    std::fs::write(
        &no_board,
        "(role a) (init (step 1)) (legal a go) (<= (next (step 2)) (true (step 1))) \
         (<= terminal (true (step 2))) (goal a 100)",
    )
    .unwrap();
    let (code, err) = run(&["show", no_board.to_str().unwrap(), "-o", "x.png"]);
    assert_eq!(code, 1);
    assert!(err.contains("no board to draw"), "{err}");
    let (code, err) = run(&["show", &corpus("rbg/chess.rbg"), "-o", "x.jpg"]);
    assert_eq!(code, 2);
    assert!(err.contains("give -o a .svg or .png file"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}
