//! `show -o x.png`: the pictures of the games rasterise to PNG of the SVG's size (the
//! SVGs themselves are snapshotted in crates/draw/tests); a GDL game says why it has none.

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
    let (code, err) = run(&["show", &corpus("rbg/chess.rbg"), "-o", "x.jpg"]);
    assert_eq!(code, 2);
    assert!(err.contains("give -o a .svg or .png file"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}
