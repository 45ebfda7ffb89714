//! `cargo run --release -p actions --example count -- GAME.rbg...`: the size of each game's
//! action space, as a Markdown table (docs/python.md pastes it).

fn main() {
    println!("| game | vertices | actions | enumerated in |");
    println!("|---|---|---|---|");
    for path in std::env::args().skip(1) {
        let name = std::path::Path::new(&path)
            .file_name()
            .map_or(path.clone(), |n| n.to_string_lossy().into_owned());
        let row = std::fs::read_to_string(&path)
            .map_err(|e| e.to_string())
            .and_then(|src| rbg::parse_game(&src).map_err(|e| format!("{e:?}")))
            .and_then(|p| reasoner::Reasoner::new(&p.game).map_err(|e| e.to_string()))
            .map(|r| {
                let t = std::time::Instant::now();
                let space = actions::enumerate(&r.program(), actions::Limits::default());
                let secs = t.elapsed().as_secs_f64();
                let n = match space {
                    Ok(s) => s.len().to_string(),
                    Err(e) => format!("– ({e})"),
                };
                format!("{} | {n} | {secs:.2} s", r.program().nvertices())
            });
        match row {
            Ok(row) => println!("| {name} | {row} |"),
            Err(e) => println!("| {name} | – | – | {e} |"),
        }
    }
}
