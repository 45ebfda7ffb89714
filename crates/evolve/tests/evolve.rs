//! A tiny evolution end to end, its determinism, resume, and the validity of random genomes.

use evolve::genome::{BlockPool, Genome, GenomeParams};
use evolve::{check_game, last_generation, run, Options, SimOptions};
use genevo::random::{Prng, SeedableRng};
use proptest::prelude::*;
use std::path::PathBuf;

fn tiny(seed: u64, generations: usize) -> Options {
    Options {
        width: 4,
        height: 5,
        population: 6,
        generations,
        seed,
        turn_limit: 30,
        blocks_per_class: 4,
        best_games: 2,
        validate: 2,
        sim: SimOptions {
            strong_depth: 1,
            weak_depth: 1,
            equal_games: 2,
            gradient_games: 2,
            strategy_games: 2,
            opening_plies: 2,
            target_branching: 8.0,
            deep_depth: 2,
            deep_games: 2,
        },
        ..Options::default()
    }
}

fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("evolve-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn tiny_evolution_writes_valid_outputs_deterministically() {
    let opts = tiny(7, 2);
    let a = fresh_dir("a");
    let b = fresh_dir("b");
    let mut seen = Vec::new();
    let ra = run(&opts, &a, false, &mut |g| seen.push(g.generation)).unwrap();
    assert_eq!(seen, vec![0, 1, 2]);
    let rb = run(&opts, &b, false, &mut |_| {}).unwrap();
    let fit = |s: &evolve::Summary| {
        s.generations
            .iter()
            .map(|g| (g.best_fitness, g.mean_fitness))
            .collect::<Vec<_>>()
    };
    assert_eq!(fit(&ra), fit(&rb), "same seed, same run");
    assert_eq!(ra.best[0].genome, rb.best[0].genome);
    for g in 0..=2 {
        let text = std::fs::read_to_string(a.join(format!("gen-{g:03}.json"))).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let pop = v["population"].as_array().unwrap();
        assert!(!pop.is_empty() && pop.len() <= 6);
        for k in 1..=v["population"].as_array().unwrap().len().min(2) {
            let sbg_text =
                std::fs::read_to_string(a.join(format!("gen-{g:03}-best-{k}.sbg"))).unwrap();
            let (game, _) = sbg::parse(&sbg_text).unwrap();
            check_game(&game).unwrap();
        }
    }
    let report = std::fs::read_to_string(a.join("report.html")).unwrap();
    assert!(report.contains("<svg"));
    // The validation rated the two fittest games; the best games list those passing first.
    assert_eq!(
        ra.validation, rb.validation,
        "the validation is deterministic too"
    );
    assert_eq!(ra.validation.len(), 2);
    assert_eq!(
        ra.validation.iter().map(|v| v.rank).collect::<Vec<_>>(),
        vec![1, 2]
    );
    // Passing and distinct first, then passing near-duplicates, then the rest (each by rank).
    let group = |v: &evolve::Validation| match (v.passes, v.near_duplicate_of) {
        (true, None) => 0,
        (true, Some(_)) => 1,
        (false, _) => 2,
    };
    let mut order: Vec<(usize, usize)> = ra.validation.iter().map(|v| (group(v), v.rank)).collect();
    order.sort_unstable();
    let order: Vec<usize> = order.into_iter().map(|(_, rank)| rank).collect();
    let last = last_generation(&a).unwrap().unwrap();
    for (k, rank) in order.iter().enumerate() {
        assert_eq!(ra.best[k].genome, last.population[rank - 1].genome);
        let text = std::fs::read_to_string(a.join(format!("best-{}.sbg", k + 1))).unwrap();
        let (game, _) = sbg::parse(&text).unwrap();
        assert_eq!(game.rules, ra.best[k].genome.to_game("x").rules);
    }
    let table = std::fs::read_to_string(a.join("validation.txt")).unwrap();
    assert!(table.contains("rbgtool rate GAME --games 60"), "{table}");
    // Running again into a used folder without resume is refused.
    assert!(run(&opts, &a, false, &mut |_| {}).is_err());
    let _ = std::fs::remove_dir_all(&a);
    let _ = std::fs::remove_dir_all(&b);
}

#[test]
fn resume_continues_from_the_last_finished_generation() {
    let dir = fresh_dir("resume");
    let full = fresh_dir("full");
    run(&tiny(3, 1), &dir, false, &mut |_| {}).unwrap();
    assert_eq!(
        last_generation(&dir).unwrap().unwrap().summary.generation,
        1
    );
    let mut seen = Vec::new();
    let r = run(&tiny(3, 2), &dir, true, &mut |g| seen.push(g.generation)).unwrap();
    assert_eq!(seen, vec![2], "only the missing generation runs");
    assert_eq!(r.resumed_from, Some(1));
    assert_eq!(r.generations.len(), 3);
    assert!(dir.join("gen-000.json").exists() && dir.join("gen-002.json").exists());
    // Same result as an uninterrupted run.
    let u = run(&tiny(3, 2), &full, false, &mut |_| {}).unwrap();
    assert_eq!(u.best[0].genome.rows, r.best[0].genome.rows);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&full);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    #[test]
    fn random_genomes_give_valid_games(seed in any::<u64>(), w in 3usize..8, h in 3usize..8) {
        let mut rng = Prng::seed_from_u64(seed);
        let pool = BlockPool::generate(&mut rng, 5, w, h);
        let params = GenomeParams { width: w, height: h, turn_limit: 40, mirror_change: 0.3, side_change: 0.2 };
        let g = Genome::random(&mut rng, &params, &pool);
        let game = g.to_game("random");
        prop_assert!(check_game(&game).is_ok(), "{:?}", check_game(&game));
    }
}

#[test]
fn result_does_not_depend_on_the_thread_count() {
    let one = fresh_dir("one");
    let many = fresh_dir("many");
    let opts = tiny(11, 1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let a = pool.install(|| run(&opts, &one, false, &mut |_| {}).unwrap());
    let b = run(&opts, &many, false, &mut |_| {}).unwrap();
    assert_eq!(a.best[0].genome, b.best[0].genome);
    assert_eq!(a.best[0].evaluation, b.best[0].evaluation);
    let _ = std::fs::remove_dir_all(&one);
    let _ = std::fs::remove_dir_all(&many);
}

#[test]
fn evolved_corpus_games_are_valid() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus/sbg/evolved");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap().flatten() {
        let p = e.path();
        if p.extension().is_some_and(|x| x == "sbg") {
            let (game, _) = sbg::parse(&std::fs::read_to_string(&p).unwrap()).unwrap();
            check_game(&game).unwrap();
            n += 1;
        }
    }
    assert!(n >= 1);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]
    /// Crossover and mutation keep genomes valid: every piece on the board has a rule, goals
    /// name pieces their side has, and the game passes `check_game`.
    #[test]
    fn operators_keep_genomes_valid(seed in any::<u64>(), w in 3usize..8, h in 3usize..8) {
        use evolve::operators::{AdaptiveMutation, ChessCrossover};
        use genevo::operator::{CrossoverOp, MutationOp};
        let mut rng = Prng::seed_from_u64(seed);
        let pool = BlockPool::generate(&mut rng, 5, w, h);
        let params = GenomeParams { width: w, height: h, turn_limit: 40, mirror_change: 0.3, side_change: 0.2 };
        let cross = ChessCrossover { pool: pool.clone() };
        let mutate = AdaptiveMutation { pool: pool.clone() };
        let mut pop: Vec<Genome> = (0..4).map(|_| Genome::random(&mut rng, &params, &pool)).collect();
        for _ in 0..10 {
            let kids = cross.crossover(vec![pop[0].clone(), pop[3].clone()], &mut rng);
            pop[1] = kids[0].clone();
            pop[2] = mutate.mutate(kids[1].clone(), &mut rng);
            pop[0] = mutate.mutate(pop[0].clone(), &mut rng);
            pop.rotate_left(1);
        }
        for g in &pop {
            for k in g.kinds_on_board() {
                prop_assert!(g.pieces.iter().any(|p| p.kind == k), "{k} has no rule");
            }
            let game = g.to_game("op");
            prop_assert!(check_game(&game).is_ok(), "{:?}", check_game(&game));
        }
    }
}

/// The population of a finished generation file, as JSON (seconds excluded: wall time).
fn population_json(dir: &std::path::Path, g: usize) -> String {
    let f = last_generation_at(dir, g);
    serde_json::to_string(&f.population).unwrap()
}

fn last_generation_at(dir: &std::path::Path, g: usize) -> evolve::GenerationFile {
    let text = std::fs::read_to_string(dir.join(format!("gen-{g:03}.json"))).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn a_run_stopped_after_a_generation_resumes_to_the_uninterrupted_result() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let stopped = fresh_dir("stopped");
    let full = fresh_dir("uninterrupted");
    let opts = tiny(5, 3);
    let stop = AtomicBool::new(false);
    let control = evolve::Control {
        stop: Some(&stop),
        ..Default::default()
    };
    // What the CLI's SIGINT handler does: set the flag; the run finishes the generation.
    let s = evolve::run_with(&opts, &stopped, &control, &mut |g| {
        if g.generation == 1 {
            stop.store(true, Ordering::SeqCst);
        }
    })
    .unwrap();
    assert!(s.interrupted);
    assert_eq!(s.generations.last().unwrap().generation, 1);
    assert!(!stopped.join("gen-002.json").exists());
    let resumed = run(&opts, &stopped, true, &mut |_| {}).unwrap();
    assert!(!resumed.interrupted);
    run(&opts, &full, false, &mut |_| {}).unwrap();
    for g in 0..=3 {
        assert_eq!(
            population_json(&stopped, g),
            population_json(&full, g),
            "generation {g}"
        );
    }
    let _ = std::fs::remove_dir_all(&stopped);
    let _ = std::fs::remove_dir_all(&full);
}

#[test]
fn resume_refuses_other_options_unless_overridden() {
    let dir = fresh_dir("refuse");
    run(&tiny(5, 1), &dir, false, &mut |_| {}).unwrap();
    let err = run(&tiny(6, 2), &dir, true, &mut |_| {}).unwrap_err();
    assert!(err.to_string().contains("seed"), "{err}");
    let mut other = tiny(5, 2);
    other.sim.equal_games = 3;
    let err = run(&other, &dir, true, &mut |_| {}).unwrap_err();
    assert!(err.to_string().contains("sim"), "{err}");
    let control = evolve::Control {
        resume: true,
        allow_changed_options: true,
        stop: None,
        evaluator: None,
    };
    let s = evolve::run_with(&tiny(6, 2), &dir, &control, &mut |_| {}).unwrap();
    assert!(
        s.warnings.iter().any(|w| w.contains("seed")),
        "{:?}",
        s.warnings
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_truncated_last_generation_falls_back_to_the_one_before() {
    let dir = fresh_dir("truncated");
    let opts = tiny(8, 2);
    run(&opts, &dir, false, &mut |_| {}).unwrap();
    let last = dir.join("gen-002.json");
    let text = std::fs::read_to_string(&last).unwrap();
    let population = population_json(&dir, 2);
    std::fs::write(&last, &text[..text.len() / 2]).unwrap();
    let (file, warnings) = evolve::load_last_generation(&dir).unwrap();
    assert_eq!(file.unwrap().summary.generation, 1);
    assert!(warnings[0].contains("gen-002.json"), "{warnings:?}");
    let s = run(&opts, &dir, true, &mut |_| {}).unwrap();
    assert_eq!(s.resumed_from, Some(1));
    assert!(!s.warnings.is_empty());
    // The regenerated generation 2 equals the original one.
    assert_eq!(population_json(&dir, 2), population);
    let _ = std::fs::remove_dir_all(&dir);
}
