//! Table-driven perft: every `corpus/perft/*.perft` file names a game and lists expected
//! `perft <depth> <leaves>` lines (shakmaty style):
//!
//! ```text
//! # where the numbers come from
//! game corpus/rbg/chess.rbg
//! perft 1 20
//! perft 2 400
//! ```
//!
//! The game is loaded by its extension: `.rbg` through the RBG front end and reasoner,
//! `.sbg` through the SBG parser and its native engine, `.kif` through the GDL checker, then
//! on the GDL interpreter and on the propositional network (both must give the count).
//! Entries whose expected count is above a node limit are skipped so the test stays fast;
//! they stay in the files for benches. Set `PERFT_NODE_LIMIT` to raise or lower the limit.

use rbgtool_tests::repo_root;
use std::path::{Path, PathBuf};

const DEFAULT_NODE_LIMIT: u64 = 300_000;

struct Table {
    /// Both paths relative to the repository root.
    file: PathBuf,
    game: PathBuf,
    entries: Vec<(u32, u64)>,
}

fn node_limit() -> u64 {
    std::env::var("PERFT_NODE_LIMIT")
        .ok()
        .and_then(|s| s.trim().replace('_', "").parse().ok())
        .unwrap_or(DEFAULT_NODE_LIMIT)
}

fn read_table(file: &Path) -> Table {
    let text = std::fs::read_to_string(file).unwrap();
    let mut game = None;
    let mut entries = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["game", path] => game = Some(PathBuf::from(path)),
            ["perft", d, count] => entries.push((
                d.parse()
                    .unwrap_or_else(|_| panic!("{}:{}: bad depth", file.display(), n + 1)),
                count
                    .parse()
                    .unwrap_or_else(|_| panic!("{}:{}: bad count", file.display(), n + 1)),
            )),
            _ => panic!("{}:{}: cannot read {line:?}", file.display(), n + 1),
        }
    }
    Table {
        file: file.strip_prefix(repo_root()).unwrap_or(file).to_path_buf(),
        game: game.unwrap_or_else(|| panic!("{}: no `game` line", file.display())),
        entries,
    }
}

fn tables() -> Vec<Table> {
    let dir = repo_root().join("corpus/perft");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    files.iter().map(|f| read_table(f)).collect()
}

/// Runs the entries of one table with the RBG reasoner; returns mismatches.
fn check_rbg(table: &Table, limit: u64) -> Vec<String> {
    let src = match std::fs::read_to_string(repo_root().join(&table.game)) {
        Ok(s) => s,
        Err(e) => return vec![format!("{}: {e}", table.game.display())],
    };
    let parsed = match rbg::parse_game(&src) {
        Ok(p) => p,
        Err(d) => return vec![format!("{}: does not parse: {d:?}", table.game.display())],
    };
    let reasoner = match reasoner::Reasoner::new(&parsed.game) {
        Ok(r) => r,
        Err(e) => return vec![format!("{}: reasoner: {e:?}", table.game.display())],
    };
    let mut state = match reasoner.initial_state() {
        Ok(s) => s,
        Err(e) => return vec![format!("{}: initial state: {e:?}", table.game.display())],
    };
    check_entries(table, limit, |depth| {
        reasoner::perft(&mut state, depth)
            .map(|c| c.leaves)
            .map_err(|e| format!("error {e:?}"))
    })
}

/// Runs the entries of one table with the native SBG engine; returns mismatches.
fn check_sbg(table: &Table, limit: u64) -> Vec<String> {
    let src = match std::fs::read_to_string(repo_root().join(&table.game)) {
        Ok(s) => s,
        Err(e) => return vec![format!("{}: {e}", table.game.display())],
    };
    let game = match sbg::parse(&src) {
        Ok((g, _warnings)) => g,
        Err(d) => return vec![format!("{}: does not parse: {d:?}", table.game.display())],
    };
    let mut engine = match sbg::Engine::new(&game) {
        Ok(e) => e,
        Err(e) => return vec![format!("{}: engine: {e:?}", table.game.display())],
    };
    check_entries(table, limit, |depth| {
        Ok(game::perft::perft(&mut engine, depth))
    })
}

/// Runs the entries of one table on the GDL interpreter and on the network; returns
/// mismatches.
fn check_gdl(table: &Table, limit: u64) -> Vec<String> {
    let src = match std::fs::read_to_string(repo_root().join(&table.game)) {
        Ok(s) => s,
        Err(e) => return vec![format!("{}: {e}", table.game.display())],
    };
    let desc = match gdl::parse_and_check(&src) {
        Ok((d, _warnings)) => d,
        Err(d) => return vec![format!("{}: does not check: {d:?}", table.game.display())],
    };
    let mut interpreter = match gdl::Engine::new(&desc) {
        Ok(e) => e,
        Err(e) => return vec![format!("{}: interpreter: {e}", table.game.display())],
    };
    let mut net = match propnet::build(&desc) {
        Ok(n) => n,
        Err(e) => return vec![format!("{}: network: {e}", table.game.display())],
    };
    check_entries(table, limit, |depth| {
        let a = game::perft::perft(&mut interpreter, depth);
        let b = game::perft::perft(&mut net, depth);
        if a == b {
            Ok(a)
        } else {
            Err(format!("the interpreter counts {a}, the network {b}"))
        }
    })
}

/// Checks every entry up to `limit` expected leaves with `perft(depth)`; returns mismatches.
fn check_entries(
    table: &Table,
    limit: u64,
    mut perft: impl FnMut(u32) -> Result<u64, String>,
) -> Vec<String> {
    let mut errors = Vec::new();
    for &(depth, expected) in &table.entries {
        if expected > limit {
            eprintln!(
                "  skip {} perft {depth} (expected {expected} > limit {limit})",
                table.game.display()
            );
            continue;
        }
        match perft(depth) {
            Ok(got) if got == expected => {
                eprintln!("  ok   {} perft {depth} = {expected}", table.game.display())
            }
            Ok(got) => errors.push(format!(
                "{}: perft {depth}: expected {expected}, got {got}",
                table.file.display()
            )),
            Err(e) => errors.push(format!("{}: perft {depth}: {e}", table.file.display())),
        }
    }
    errors
}

#[test]
fn perft_tables() {
    let limit = node_limit();
    let mut errors = Vec::new();
    let mut checked = 0;
    for table in tables() {
        match table.game.extension().and_then(|x| x.to_str()) {
            Some("rbg") => {
                errors.extend(check_rbg(&table, limit));
                checked += 1;
            }
            Some("sbg") => {
                errors.extend(check_sbg(&table, limit));
                checked += 1;
            }
            Some("kif") => {
                errors.extend(check_gdl(&table, limit));
                checked += 1;
            }
            other => eprintln!(
                "  skip {}: no engine wired for {other:?} files here",
                table.file.display()
            ),
        }
    }
    assert!(checked > 0, "no perft tables found");
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}
