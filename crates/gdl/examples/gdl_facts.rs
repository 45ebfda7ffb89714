//! Developer tool: fact counts per relation after computing the legal moves of the initial
//! state, or (with a second argument N) of the state after N first-listed moves, timing each
//! state's legal moves.
use game::GameState;
fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: gdl_facts GAME.kif [PLIES]");
    let plies: usize = std::env::args().nth(2).map_or(0, |n| n.parse().unwrap());
    let src = std::fs::read_to_string(&path).unwrap();
    let desc = gdl::parse(&src).unwrap();
    let mut e = gdl::Engine::new(&desc).unwrap();
    let mut moves = Vec::new();
    for ply in 0..=plies {
        let start = std::time::Instant::now();
        e.legal_moves(&mut moves);
        let _ = e.scores();
        println!("ply {ply}: {} moves in {:?}", moves.len(), start.elapsed());
        if ply < plies {
            let start = std::time::Instant::now();
            e.apply(&moves[0]);
            println!("ply {ply}: applied in {:?}", start.elapsed());
        }
    }
    let mut counts = e.fact_counts();
    counts.sort_by_key(|c| std::cmp::Reverse(c.1 + c.2));
    for (name, s, d) in counts.iter().take(25) {
        println!("{name:40} static {s:>8} state {d:>8}");
    }
}
