//! Developer tool: join steps per state of uniform random playouts (`gdl_joins GAME.kif
//! PLAYOUTS [SEED]`), the engine's construction left out. Join steps do not depend on the
//! machine, so two versions of the engine or two descriptions compare on a busy machine.
//! Then the rules that took the most steps, with their line in the file.

use std::io::Write;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let (Some(file), Some(n)) = (a.get(1), a.get(2)) else {
        eprintln!("usage: gdl_joins GAME.kif PLAYOUTS [SEED]");
        std::process::exit(2);
    };
    let src = std::fs::read_to_string(file).expect("read the file");
    let playouts: u64 = n.parse().expect("PLAYOUTS is a number");
    let seed: u64 = a.get(3).map_or(1, |s| s.parse().expect("SEED is a number"));
    let desc = gdl::parse(&src).expect("the file parses as GDL");
    let mut engine = gdl::Engine::new(&desc).expect("the engine builds");
    let mut rng = game::rng_from_seed(seed);
    let start = engine.joins();
    engine.profile_joins();
    let mut states = 0u64;
    for _ in 0..playouts {
        let p = game::playout::random_playout(&mut engine, &mut rng, 10_000);
        states += p.length + 1;
    }
    let joins = engine.joins() - start;
    println!(
        "{file}: {playouts} playouts, {states} states, {joins} join steps, {:.0} per state",
        joins as f64 / states as f64
    );
    for (rel, span, n) in engine.joins_by_rule().into_iter().take(40) {
        let line = 1 + src[..span.start as usize].matches('\n').count();
        let share = 100.0 * n as f64 / joins.max(1) as f64;
        // `| head` closes the pipe early: stop quietly.
        if writeln!(std::io::stdout(), "{share:5.1} %  line {line:5}  {rel}").is_err() {
            return;
        }
    }
}
