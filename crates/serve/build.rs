//! Bundles the repository's corpus games (corpus/rbg, corpus/sbg, corpus/gdl) for the playground's picker:
//! writes a table of `include_str!`s into OUT_DIR, so the binary reads no file at run time.

use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    let mut rows = Vec::new();
    for (dir, lang, extension) in [
        ("rbg", "rbg", "rbg"),
        ("sbg", "sbg", "sbg"),
        ("gdl", "gdl", "kif"),
    ] {
        let dir = root.join(dir);
        println!("cargo:rerun-if-changed={}", dir.display());
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<_> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == extension))
            .collect();
        files.sort();
        for path in files {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let full = path.canonicalize().unwrap();
            rows.push(format!(
                "    CorpusGame {{ name: {name:?}, lang: {lang:?}, text: include_str!({:?}) }},\n",
                full.display().to_string()
            ));
        }
    }
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).join("corpus.rs");
    let table = format!(
        "pub static GAMES: &[CorpusGame] = &[\n{}];\n",
        rows.concat()
    );
    std::fs::write(out, table).unwrap();
}
