//! The translations of every game in `corpus/sbg/`, snapshotted (HL-RBG and GDL), and the
//! LL-RBG of each translation reading back to the same IR.

use std::path::PathBuf;

fn corpus() -> Vec<(String, sbg::Game)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus/sbg");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus/sbg exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "sbg"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).unwrap();
            let (g, _) = sbg::parse(&text).unwrap_or_else(|_| panic!("{} parses", f.display()));
            (f.file_stem().unwrap().to_string_lossy().into_owned(), g)
        })
        .collect()
}

#[test]
fn hl_rbg_translations() {
    for (name, g) in corpus() {
        insta::assert_snapshot!(format!("{name}.rbg"), convert::sbg_to_rbg(&g).unwrap());
    }
}

#[test]
fn gdl_translations() {
    for (name, g) in corpus() {
        insta::assert_snapshot!(format!("{name}.kif"), convert::sbg_to_gdl(&g).unwrap());
    }
}

#[test]
fn ll_rbg_of_translations_reads_back_to_the_same_ir() {
    for (name, g) in corpus() {
        let ir = convert::sbg_to_ir(&g).unwrap();
        let ll = rbg::print_ll(&ir);
        let back = rbg::parse_game(&ll)
            .unwrap_or_else(|_| panic!("{name}: LL-RBG parses"))
            .game;
        ir::compare::same_game(&ir, &back, Default::default())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}
