//! Every `rbgtool` command shown in a ```sh block of README.md or docs/*.md runs and exits 0 (or
//! 1 where the docs say `exit 1`), in a scratch folder with the corpus linked in so files the
//! commands write land there. Commands marked `# long` (minutes of work) and interactive ones
//! (`human`) are not run; their subcommand must exist.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Files the docs ask the reader to save: code blocks opened with ```<lang> file=NAME.
fn files(doc: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(doc).unwrap();
    let mut out = Vec::new();
    let mut current: Option<(String, String)> = None;
    for line in text.lines() {
        if let Some((name, body)) = current.as_mut() {
            if line.trim_start().starts_with("```") {
                out.push((name.clone(), std::mem::take(body)));
                current = None;
            } else {
                body.push_str(line);
                body.push('\n');
            }
        } else if let Some(name) = line
            .trim()
            .strip_prefix("```")
            .and_then(|l| l.split_once(" file="))
        {
            current = Some((name.1.trim().to_string(), String::new()));
        }
    }
    out
}

/// Command lines from ```sh blocks: lines starting with `rbgtool ` or `$R ` (the README's
/// alias), `&&`-chains split, comments removed.
fn commands(doc: &Path) -> Vec<(String, bool, i32)> {
    let text = std::fs::read_to_string(doc).unwrap();
    let mut out = Vec::new();
    let mut in_sh = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("```") {
            in_sh = !in_sh && t == "```sh";
            continue;
        }
        if !in_sh {
            continue;
        }
        let long = t.contains("# long") || t.contains("human");
        // A command documented as failing says so: `# ... exit 1`.
        let code_expected = if t.contains("exit 1") { 1 } else { 0 };
        let code = t.split(" #").next().unwrap().trim();
        for part in code.split("&&") {
            let part = part.trim();
            let rest = part
                .strip_prefix("rbgtool ")
                .or_else(|| part.strip_prefix("$R "));
            if let Some(rest) = rest {
                out.push((rest.to_string(), long, code_expected));
            }
        }
    }
    out
}

fn run_line(dir: &Path, line: &str) -> std::process::Output {
    // Shell words are simple in our docs: no quotes, only `>` redirections.
    let (cmd, redirect) = match line.split_once(" > ") {
        Some((c, file)) => (c, Some(file.trim())),
        None => (line, None),
    };
    let out = Command::new(env!("CARGO_BIN_EXE_rbgtool"))
        .args(cmd.split_whitespace())
        // `--engine auto` compiles for bench and deep perfts: a cache of the tests' own.
        .env(
            "RBGTOOL_CACHE",
            concat!(env!("CARGO_TARGET_TMPDIR"), "/cli-compiled-cache"),
        )
        .current_dir(dir)
        .output()
        .expect("rbgtool runs");
    if let Some(file) = redirect {
        std::fs::write(dir.join(file), &out.stdout).unwrap();
    }
    out
}

#[test]
fn documented_commands_run() {
    let dir = std::env::temp_dir().join(format!("rbgtool-docs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink(repo().join("corpus"), dir.join("corpus")).unwrap();
    let mut ran = 0;
    let mut docs = vec![PathBuf::from("README.md")];
    let mut pages: Vec<PathBuf> = std::fs::read_dir(repo().join("docs"))
        .unwrap()
        .flatten()
        .map(|e| PathBuf::from("docs").join(e.file_name()))
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    docs.extend(pages);
    for doc in &docs {
        let doc = doc.display().to_string();
        for (name, body) in files(&repo().join(&doc)) {
            std::fs::write(dir.join(name), body).unwrap();
        }
        let lines = commands(&repo().join(&doc));
        for (line, long, expected) in lines {
            if long {
                let sub = line.split_whitespace().next().unwrap();
                let out = run_line(&dir, &format!("{sub} --help"));
                assert!(
                    out.status.success(),
                    "{doc}: `rbgtool {sub}` is not a subcommand"
                );
                continue;
            }
            let out = run_line(&dir, &line);
            assert_eq!(
                out.status.code(),
                Some(expected),
                "{doc}: `rbgtool {line}`:\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
            ran += 1;
        }
    }
    assert!(ran >= 30, "only {ran} documented commands ran");
    std::fs::remove_dir_all(&dir).ok();
}
