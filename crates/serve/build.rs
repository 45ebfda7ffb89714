//! Bundles the repository's corpus games (corpus/rbg, corpus/sbg, corpus/gdl) for the playground's picker:
//! writes a table of `include_str!`s into OUT_DIR, so the binary reads no file at run time.

use std::path::Path;

fn main() {
    // The manifest folder of this run, not of the build that compiled this script: a
    // build script compiled in another checkout sharing the target folder is reused.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest).join("../../corpus");
    let mut rows = Vec::new();
    for (dir, lang, extension) in [
        ("rbg", "rbg", "rbg"),
        ("sbg", "sbg", "sbg"),
        ("gdl", "gdl", "kif"),
    ] {
        let dir = root.join(dir);
        println!("cargo:rerun-if-changed={}", dir.display());
        // An unreadable corpus is an error, not an empty picker.
        let entries = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("cannot read the corpus folder {}: {e}", dir.display()));
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
