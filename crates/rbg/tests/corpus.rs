//! Every `.rbg` of the shared corpus parses, validates and round-trips through LL-RBG.

use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor::NoColor, Config};
use std::path::{Path, PathBuf};

const SHARED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/corpus-external/rbg"
);

fn rbg_files() -> Option<Vec<PathBuf>> {
    let root = Path::new(SHARED);
    if !root.is_dir() {
        return None;
    }
    let mut files = Vec::new();
    for sub in ["games", "reference-tests"] {
        let Ok(dir) = std::fs::read_dir(root.join(sub)) else {
            continue;
        };
        for e in dir.flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "rbg") {
                files.push(p);
            }
        }
    }
    files.sort();
    Some(files)
}

fn render(
    name: &str,
    src: &str,
    diags: &[codespan_reporting::diagnostic::Diagnostic<()>],
) -> String {
    let file = SimpleFile::new(name, src);
    let mut out = NoColor::new(Vec::new());
    for d in diags {
        term::emit_to_write_style(&mut out, &Config::default(), &file, d).expect("render");
    }
    String::from_utf8(out.into_inner()).expect("utf8")
}

#[test]
fn shared_corpus_parses_and_round_trips() {
    let Some(files) = rbg_files() else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    let mut failures = Vec::new();
    for path in &files {
        let src = std::fs::read_to_string(path).expect("read");
        let name = path.display().to_string();
        match rbg::parse_game(&src) {
            Err(d) => failures.push(format!("{name}: parse failed\n{}", render(&name, &src, &d))),
            Ok(parsed) => {
                let ll = rbg::print_ll(&parsed.game);
                match rbg::parse_game(&ll) {
                    Err(d) => failures.push(format!(
                        "{name}: LL output does not parse\n{}",
                        render("ll", &ll, &d)
                    )),
                    Ok(back) => {
                        if let Err(e) =
                            ir::compare::same_game(&parsed.game, &back.game, Default::default())
                        {
                            failures.push(format!("{name}: round trip differs: {e}"));
                        } else if rbg::print_ll(&back.game) != ll {
                            failures.push(format!("{name}: printing is not a fixed point"));
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "{} of {} shared .rbg files pass",
        files.len() - failures.len(),
        files.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
