//! RBG → GDL plays the same game: for every game of our RBG corpus, the translation passes our
//! GDL checker and perft of our GDL engine on it equals perft of the reasoner, with terminal
//! counts and (scaled) score histograms, depth by depth.

use game::perft::{perft_stats, DepthStats};
use std::path::PathBuf;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The reasoner's statistics with scores scaled like the translation's goals.
fn reasoner_stats(game: &ir::Game, depth: u32) -> Vec<DepthStats> {
    let r = reasoner::Reasoner::new(game).expect("compiles");
    let mut s = r.initial_state().expect("initial state");
    let mut stats = perft_stats(&mut s, depth);
    let bounds: Vec<i64> = game.variables[..game.players.len()]
        .iter()
        .map(|v| v.bound)
        .collect();
    for d in &mut stats {
        d.score_histogram = std::mem::take(&mut d.score_histogram)
            .into_iter()
            .map(|(scores, n)| {
                let scaled = scores
                    .iter()
                    .zip(&bounds)
                    .map(|(&s, &b)| if b == 0 { 0 } else { (100 * s + b / 2) / b })
                    .collect();
                (scaled, n)
            })
            .fold(
                Default::default(),
                |mut m: std::collections::BTreeMap<Vec<i64>, u64>, (k, n)| {
                    *m.entry(k).or_default() += n;
                    m
                },
            );
    }
    stats
}

fn gdl_stats(name: &str, game: &ir::Game, depth: u32) -> Vec<DepthStats> {
    let t = convert::rbg_to_gdl(game, convert::GdlOptions::default())
        .unwrap_or_else(|e| panic!("{name}: does not translate: {e}"));
    let (desc, _) = gdl::parse_and_check(&t.text).unwrap_or_else(|d| {
        panic!(
            "{name}: GDL does not check:\n{}",
            gdl::render("out.kif", &t.text, &d)
        )
    });
    let mut engine = gdl::Engine::new(&desc).expect("engine builds");
    perft_stats(&mut engine, depth)
}

#[test]
fn quick() {
    let only = std::env::var("RBG_GDL_ONLY").unwrap_or_default();
    let depth: u32 = std::env::var("RBG_GDL_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(2);
    let dir = repo().join("corpus/rbg");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rbg"))
        .collect();
    files.sort();
    for f in files {
        let name = f.file_stem().unwrap().to_string_lossy().to_string();
        if !only.is_empty() && !only.split(',').any(|o| o == name) {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        let game = rbg::parse_game(&text).map_err(|_| ()).expect("parses").game;
        let t0 = std::time::Instant::now();
        let ours = gdl_stats(&name, &game, depth);
        let t1 = t0.elapsed();
        let expected = reasoner_stats(&game, depth);
        eprintln!(
            "{name}: gdl {:?} in {t1:?}",
            ours.iter().map(|d| d.leaves).collect::<Vec<_>>()
        );
        assert_eq!(expected, ours, "{name}");
    }
}
