//! The HL-RBG formatter on every RBG file we have: the output parses to the same game, keeps
//! every comment, and formats to itself.

use std::path::{Path, PathBuf};

/// A small game using every construct, messily spaced.
const MESSY: &str = "
#side(c)=c~Stone // pasting
#players=black(100),white( 100 )
#pieces = empty,side(black),side(white)
#variables= moves(20),captured(5)
#board=hexagon(nw,ne,e,se,sw,w,
[empty,side(black)]
        [empty,,empty]
  [side(white),empty])
/* the cells any rule may reach */
#any=(nw+ne+e+se+sw+w)*
#turn(me;opp)=->me any{empty}[side(me)][$moves=moves+1,captured=(captured+moves)/2-1*0]
({?(e+w)^2{side(opp)}}[side(opp),empty]+{!e}.+{$side(me)*2>=moves-(captured-1)})
->>{$ moves!=20}{}*
#rules=(turn(black;white)turn(white;black))*
";

#[test]
fn every_construct() {
    let out = check(MESSY, "messy");
    insta::assert_snapshot!(out);
}

#[test]
fn corpus_files_format_to_the_same_games() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/rbg");
    let n = check_dir(&dir);
    assert!(n >= 15, "only {n} corpus files");
}

#[test]
fn external_corpus_files_format_to_the_same_games() {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus-external/rbg/games");
    if !dir.is_dir() {
        return testskip::skip("../shared/corpus-external is absent");
    }
    let n = check_dir(&dir);
    println!("{n} external RBG games formatted");
    assert!(n >= 40, "only {n} external files");
}

fn check_dir(dir: &Path) -> usize {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rbg"))
        .collect();
    files.sort();
    for f in &files {
        check(
            &std::fs::read_to_string(f).unwrap(),
            &f.display().to_string(),
        );
    }
    files.len()
}

/// Formats `src`, checks the promises, returns the output.
fn check(src: &str, name: &str) -> String {
    let out = rbg::format::format(src).unwrap_or_else(|d| panic!("{name}: {d:#?}"));
    let before = rbg::parse_game(src).unwrap().game;
    let after = rbg::parse_game(&out)
        .unwrap_or_else(|d| panic!("{name}: {d:#?}\n{out}"))
        .game;
    ir::compare::same_game(&before, &after, Default::default())
        .unwrap_or_else(|e| panic!("{name}: {e:?}"));
    assert_eq!(
        rbg::format::format(&out).unwrap(),
        out,
        "{name}: not idempotent"
    );
    let comments = |s: &str| s.matches("//").count() + s.matches("/*").count();
    assert_eq!(comments(src), comments(&out), "{name}: comments");
    assert!(
        !out.lines().any(|l| l.ends_with(' ')),
        "{name}: trailing space"
    );
    out
}
