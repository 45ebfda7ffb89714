//! Developer tool: fact counts per relation after computing the legal moves of the initial state.
use game::GameState;
fn main() {
    let path = std::env::args().nth(1).expect("usage: gdl_facts GAME.kif");
    let src = std::fs::read_to_string(&path).unwrap();
    let desc = gdl::parse(&src).unwrap();
    let mut e = gdl::Engine::new(&desc).unwrap();
    let mut moves = Vec::new();
    e.legal_moves(&mut moves);
    let _ = e.scores();
    let mut counts = e.fact_counts();
    counts.sort_by_key(|c| std::cmp::Reverse(c.1 + c.2));
    for (name, s, d) in counts.iter().take(25) {
        println!("{name:40} static {s:>8} state {d:>8}");
    }
}
