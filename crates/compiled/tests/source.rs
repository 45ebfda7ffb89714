//! The generated source does not depend on the interpreter's shift-region tables, so the
//! engine reads the automaton without building them (they are most of the interpreter's
//! memory on go and arimaa).

mod common;

fn source(g: &ir::Game, region_tables: bool) -> Option<String> {
    let opts = reasoner::Options {
        region_tables,
        ..reasoner::Options::default()
    };
    let r = reasoner::Reasoner::with_options(g, opts).ok()?;
    compiled::codegen::generate(&r.program()).ok()
}

fn check(games: &[(String, ir::Game)]) -> usize {
    let mut compared = 0;
    for (name, g) in games {
        let with = source(g, true);
        assert_eq!(
            with,
            source(g, false),
            "{name}: the source depends on region tables"
        );
        compared += with.is_some() as usize;
    }
    compared
}

#[test]
fn source_ignores_region_tables_on_our_corpus() {
    let games = common::rbg_games(&common::repo_root().join("corpus/rbg"));
    assert!(check(&games) > 5);
}

#[test]
fn source_ignores_region_tables_on_the_external_corpus() {
    let Some(dir) = common::external("rbg/games") else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    assert!(check(&common::rbg_games(&dir)) > 20);
}
