//! Builds the network of each file given and prints its size, build time, perft and a short
//! flat Monte-Carlo rate next to the interpreter's perft (a development probe).
use std::time::Instant;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = if args.first().is_some_and(|a| a.starts_with("--depth=")) {
        args.remove(0)[8..].parse().unwrap()
    } else {
        2
    };
    for path in args {
        let src = std::fs::read_to_string(&path).unwrap();
        let (desc, _) = gdl::parse_and_check(&src).expect("valid");
        let t = Instant::now();
        let pn = propnet::build(&desc);
        let secs = t.elapsed().as_secs_f64();
        let mut pn = match pn {
            Ok(p) => p,
            Err(e) => {
                println!("{path}: {e} ({secs:.2} s)");
                continue;
            }
        };
        let (nodes, edges) = pn.size();
        let p = game::perft::perft(&mut pn, depth);
        let mut interp = gdl::Engine::new(&desc).unwrap();
        let q = game::perft::perft(&mut interp, depth);
        let mut rng = game::rng_from_seed(1);
        let rep = game::playout::flat_monte_carlo(
            &mut pn,
            game::playout::Budget::Seconds(2.0),
            &mut rng,
            10_000,
        );
        println!(
            "{path}: {nodes} gates {edges} edges, built in {secs:.2} s; perft({depth}) {p:?} interp {q:?}; {:.0} states/s",
            rep.states_per_second
        );
    }
}
