fn main() {
    for path in std::env::args().skip(1) {
        let src = std::fs::read_to_string(&path).unwrap();
        let desc = match gdl::parse(&src) {
            Ok(d) => d,
            Err(_) => {
                println!("{path}: parse error");
                continue;
            }
        };
        let diags = gdl::check(&desc);
        print!("{}", gdl::render(&path, &src, &diags));
        println!("== {path}: {} diags", diags.len());
    }
}
