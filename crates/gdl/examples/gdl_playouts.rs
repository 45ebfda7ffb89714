//! Developer tool: uniform random playouts for a number of seconds (`gdl_playouts GAME.kif SECS`);
//! prints playouts/s, states/s and the average length.
use std::time::Instant;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let src = std::fs::read_to_string(&a[1]).expect("read");
    let secs: f64 = a.get(2).map_or(5.0, |s| s.parse().expect("seconds"));
    let desc = gdl::parse(&src).expect("parse");
    let mut engine = gdl::Engine::new(&desc).expect("engine");
    let mut rng = game::rng_from_seed(1);
    let t = Instant::now();
    let (mut n, mut states) = (0u64, 0u64);
    while t.elapsed().as_secs_f64() < secs {
        let p = game::playout::random_playout(&mut engine, &mut rng, 10_000);
        n += 1;
        states += p.length + 1;
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{n} playouts in {s:.1}s: {:.1} playouts/s, {:.0} states/s, avg length {:.1}",
        n as f64 / s,
        states as f64 / s,
        states as f64 / n as f64 - 1.0
    );
}
