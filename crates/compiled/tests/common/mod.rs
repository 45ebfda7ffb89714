//! Shared by the equality tests: building many games at once (two threads, one cache per
//! test target) and comparing the compiled engine with the interpreter.
#![allow(dead_code)]

use compiled::{BuildOptions, Cache, CompiledGame};
use game::perft::perft_stats;
use std::path::PathBuf;

/// The generated source of an RBG text.
pub fn source_of(text: &str) -> String {
    let g = rbg::parse_game(text).expect("parses").game;
    compiled::engine::generate_source(&g).expect("generates")
}

pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The external corpus, or None (a test that needs it then calls `testskip::skip`).
pub fn external(sub: &str) -> Option<PathBuf> {
    let dir = repo_root().join("../shared/corpus-external").join(sub);
    if dir.is_dir() {
        Some(dir)
    } else {
        None
    }
}

pub fn build_options() -> BuildOptions {
    BuildOptions {
        cache: Cache::Dir(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("compiled-cache")),
        // Build time dominates these tests; the semantics do not depend on the level.
        optimise: compiled::Optimise::Quick,
        // These tests compare engines, not build times: on a loaded machine (two builds at a
        // time on shared cores) arimaa's build passed the default 300 s.
        limits: compiled::BuildLimits {
            timeout: compiled::child::MAX_BUILD_TIMEOUT,
            ..compiled::BuildLimits::default()
        },
        ..BuildOptions::default()
    }
}

/// Builds every game, two at a time (CI has two cores).
pub fn build_all(games: &[(String, ir::Game)]) -> Vec<Result<CompiledGame, compiled::Error>> {
    let opts = build_options();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<std::sync::Mutex<Option<Result<CompiledGame, compiled::Error>>>> =
        games.iter().map(|_| std::sync::Mutex::new(None)).collect();
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((_, g)) = games.get(i) else { break };
                let r = CompiledGame::new(g, &opts);
                *results[i].lock().unwrap() = Some(r);
            });
        }
    });
    results
        .into_iter()
        .map(|m| m.into_inner().unwrap().expect("built"))
        .collect()
}

/// Reads every `.rbg` file of a folder, sorted.
pub fn rbg_games(dir: &std::path::Path) -> Vec<(String, ir::Game)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("readable folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rbg"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let src = std::fs::read_to_string(&p).expect("readable");
            let g = rbg::parse_game(&src)
                .unwrap_or_else(|_| panic!("{} parses", p.display()))
                .game;
            (p.file_name().unwrap().to_string_lossy().into_owned(), g)
        })
        .collect()
}

/// Interpreter and compiled engine agree on perft (leaves and nodes per depth, or the same
/// kind of error) up to the first depth with more than `budget / 8` leaves (short of one
/// with more than `50 * budget`, which is left out); on every leaf applied (and on the leaf
/// states) up to the deepest depth with at most `budget` leaves; and on terminal counts and
/// score histograms (through `game::GameState`) up to `budget / 20` leaves. Returns the
/// depth compared.
pub fn assert_equal(name: &str, g: &ir::Game, cg: &CompiledGame, budget: u64) -> u32 {
    let r = reasoner::Reasoner::new(g).expect("interpreter compiles");
    let interp = |d: u32| {
        r.initial_state()
            .and_then(|mut s| reasoner::perft_by_depth(&mut s, d))
    };
    let comp = |d: u32| {
        cg.initial_state()
            .and_then(|mut s| cg.perft_by_depth(&mut s, d))
    };
    let mut depth = 0;
    let mut stats_depth = 0;
    // Applying every leaf costs far more than counting them (the library is built at
    // `opt-level=0`): the depth where counting stops may hold millions (amazons' second has
    // 4.3 million), so the leaves are applied one depth less where the last is over budget.
    let mut applied_depth = 0;
    for d in 1..=8 {
        let a = interp(d);
        // A depth whose leaves the interpreter counts in the tens of millions (connect6's
        // second: 46.6 million) is not compared: the previous one is the last.
        let over = a
            .as_ref()
            .is_ok_and(|a| a.last().is_some_and(|c| c.leaves > budget * 50));
        if d > 1 && over {
            break;
        }
        let b = comp(d);
        match (&a, &b) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "{name}: perft {d}"),
            (Err(x), Err(y)) => {
                assert_eq!(
                    std::mem::discriminant(x),
                    std::mem::discriminant(y),
                    "{name}: errors at depth {d}: {x} / {y}"
                );
                return d;
            }
            _ => panic!("{name}: depth {d}: interpreter {a:?}, compiled {b:?}"),
        }
        let leaves = a.as_ref().unwrap().last().unwrap().leaves;
        depth = d;
        if leaves * 20 <= budget {
            stats_depth = d;
        }
        if leaves <= budget {
            applied_depth = d;
        }
        if leaves > budget / 8 || leaves == 0 {
            break;
        }
    }
    if stats_depth > 0 {
        let mut a = r.initial_state().unwrap();
        let mut b = cg.initial_state().unwrap();
        assert_eq!(
            perft_stats(&mut a, stats_depth),
            perft_stats(&mut b, stats_depth),
            "{name}: perft statistics"
        );
    }
    if depth > 0 {
        let depth = applied_depth.clamp(1, depth);
        // Every leaf applied (with its keeper completion), inside the library: the same
        // counts, or the same kind of error, as the interpreter applying them.
        let last = reasoner::LastLevel::Applied;
        let a = r
            .initial_state()
            .and_then(|mut s| reasoner::perft_with(&mut s, depth, last));
        let b = cg
            .initial_state()
            .and_then(|mut s| cg.perft_by_depth_with(&mut s, depth, last));
        match (&a, &b) {
            (Ok(a), Ok(b)) => assert_eq!(Some(a), b.last(), "{name}: applied perft {depth}"),
            (Err(x), Err(y)) => assert_eq!(
                std::mem::discriminant(x),
                std::mem::discriminant(y),
                "{name}: applied perft {depth}: {x} / {y}"
            ),
            _ => panic!("{name}: applied perft {depth}: interpreter {a:?}, compiled {b:?}"),
        }
        // The leaf states themselves: perft's shared paths (a group's path applied once for
        // all its leaves) reach the same states as each leaf applied on its own.
        let digest = |grouped| {
            cg.initial_state()
                .and_then(|mut s| cg.perft_leaf_digest(&mut s, depth, grouped))
        };
        match (digest(true), digest(false)) {
            (Ok(x), Ok(y)) => assert_eq!(x, y, "{name}: leaf states of applied perft {depth}"),
            (Err(x), Err(y)) => assert_eq!(
                std::mem::discriminant(&x),
                std::mem::discriminant(&y),
                "{name}: leaf states of applied perft {depth}: {x} / {y}"
            ),
            (x, y) => panic!("{name}: leaf states of applied perft {depth}: {x:?} / {y:?}"),
        }
    }
    depth
}

/// Builds RBG texts (named) and checks each against the interpreter (`assert_equal`) to at
/// least depth 3, so a game that ends at once cannot pass for equal.
pub fn assert_texts_equal(texts: &[(String, String)]) {
    let games: Vec<(String, ir::Game)> = texts
        .iter()
        .map(|(name, text)| {
            let g = rbg::parse_game(text).expect("parses").game;
            (name.clone(), g)
        })
        .collect();
    for ((name, g), cg) in games.iter().zip(build_all(&games)) {
        let cg = cg.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            assert_equal(name, g, &cg, 20_000) >= 3,
            "{name}: too shallow"
        );
    }
}

/// Both engines for `g` with the references' keeper policy (`first`), and their perft to
/// `depth` with every leaf applied checked equal.
pub fn keeper_first_engines(g: &ir::Game, depth: u32) -> (CompiledGame, reasoner::Reasoner) {
    let mut opts = build_options();
    opts.options.keeper = reasoner::KeeperMode::First;
    let cg = CompiledGame::new(g, &opts).expect("builds");
    let r = reasoner::Reasoner::with_options(g, opts.options).unwrap();
    let want = reasoner::perft_by_depth(&mut r.initial_state().unwrap(), depth).unwrap();
    let got = cg
        .perft_by_depth_with(
            &mut cg.initial_state().unwrap(),
            depth,
            reasoner::LastLevel::Applied,
        )
        .unwrap();
    assert_eq!(got, want);
    (cg, r)
}

/// Mean and variance of a sample.
pub fn moments(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let m = xs.iter().sum::<f64>() / n;
    (
        m,
        xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0),
    )
}

/// Flat Monte-Carlo of `n` playouts on both engines: the first player's mean score within
/// 5 standard errors and the average lengths within 5 %.
pub fn assert_flat_mc_matches(name: &str, cg: &CompiledGame, r: &reasoner::Reasoner, n: u64) {
    let first_scores = |rep: &reasoner::BenchReport| -> Vec<f64> {
        rep.histogram
            .iter()
            .flat_map(|(s, &k)| std::iter::repeat_n(s[0] as f64, k as usize))
            .collect()
    };
    let x = reasoner::flat_mc(r, reasoner::Budget::Playouts(n), 5).unwrap();
    let y = cg.flat_mc(reasoner::Budget::Playouts(n), 6).unwrap();
    let ((mx, vx), (my, vy)) = (moments(&first_scores(&x)), moments(&first_scores(&y)));
    let se = ((vx + vy) / n as f64).sqrt();
    assert!(
        (mx - my).abs() <= 5.0 * se + 1e-9,
        "{name} first score: interpreter {mx:.3}, compiled {my:.3}, se {se:.3}"
    );
    let rel = (x.avg_length - y.avg_length).abs() / x.avg_length;
    assert!(
        rel <= 0.05,
        "{name} average length: interpreter {:.2}, compiled {:.2}",
        x.avg_length,
        y.avg_length
    );
}
