//! `cargo run --release -p compiled --example cmp -- GAME.rbg DEPTH`: interpreter and
//! compiled perft side by side, with build time (a development aid).
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let src = std::fs::read_to_string(&args[1]).expect("readable game");
    let depth: u32 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(3);
    let game = rbg::parse_game(&src).expect("parses").game;
    if let Ok(out) = std::env::var("EMIT") {
        let src = compiled::engine::generate_source(&game).expect("generates");
        std::fs::write(out, src).expect("writable");
        return;
    }
    let t = Instant::now();
    // BENCH runs with the references' keeper policy (first), as `rbgtool bench --keeper first`.
    let mut build = compiled::BuildOptions::default();
    if std::env::var("BENCH").is_ok() {
        build.options.keeper = reasoner::KeeperMode::First;
    }
    let cg = compiled::CompiledGame::new(&game, &build).expect("compiles");
    println!(
        "build {:.2}s cache_hit={}",
        t.elapsed().as_secs_f64(),
        cg.cache_hit
    );
    let r = reasoner::Reasoner::with_options(&game, build.options).expect("reasoner");
    if let Ok(secs) = std::env::var("BENCH") {
        let secs: f64 = secs.parse().expect("seconds");
        for _ in 0..2 {
            let a = reasoner::flat_mc(&r, reasoner::Budget::Seconds(secs), 1).expect("runs");
            let b = cg
                .flat_mc_with(reasoner::Budget::Seconds(secs), 1, compiled::Sampling::List)
                .expect("runs");
            let c = cg
                .flat_mc_with(
                    reasoner::Budget::Seconds(secs),
                    1,
                    compiled::Sampling::Check,
                )
                .expect("runs");
            println!(
                "playouts/s interp {:.1} (len {:.2})  compiled list {:.1} (len {:.2})  check {:.1} (len {:.2}, {} classes)",
                a.playouts_per_second(),
                a.avg_length,
                b.playouts_per_second(),
                b.avg_length,
                c.playouts_per_second(),
                c.avg_length,
                cg.monotonic_classes()
            );
        }
        return;
    }
    let t = Instant::now();
    let mut s = r.initial_state().expect("initial");
    let a = reasoner::perft_by_depth(&mut s, depth);
    println!(
        "interp   {:?} {:.3}s",
        a.map(|v| v.last().copied()),
        t.elapsed().as_secs_f64()
    );
    let t = Instant::now();
    let b = cg
        .initial_state()
        .and_then(|mut s| cg.perft_by_depth(&mut s, depth));
    println!(
        "compiled {:?} {:.3}s",
        b.map(|v| v.last().copied()),
        t.elapsed().as_secs_f64()
    );
}
