//! Developer tool: perft of the demand-transformed program for one threshold.
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let src = std::fs::read_to_string(&a[1]).unwrap();
    let desc = gdl::parse(&src).unwrap();
    let t = gdl::engine::demand_program(&desc, a[2].parse().unwrap()).expect("no transformation");
    if a.len() > 4 {
        print!("{}", gdl::print(&t));
        return;
    }
    let d = gdl::check(&t);
    eprintln!(
        "{}",
        gdl::render("t", "", &d)
            .lines()
            .filter(|l| l.starts_with("error"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    let mut e = gdl::Engine::with_options(
        &t,
        &gdl::EngineOptions {
            demand_threshold: None,
        },
    );
    match &mut e {
        Ok(e) => println!("perft = {}", game::perft::perft(e, a[3].parse().unwrap())),
        Err(err) => println!("{err}"),
    }
}
