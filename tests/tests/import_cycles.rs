//! No import cycle between the files of a crate (issue 41). A file *uses* another when it names
//! an item through a path into that file's module: `use crate::a::b::X`, `use super::x::Y`,
//! `use child::Z`, or an inline `crate::a::f()` / `super::b::g()`. A file naming its own
//! ancestors' items (`use super::*` in a submodule) is the normal shape of a Rust module tree,
//! not a cycle: the ancestor declares the child. Cycles among the other edges are reported
//! with the files and the names that tie them. Unit test modules are left out.
//!
//! `KNOWN` lists the cycles not yet taken apart; the test fails on any other, and on a known
//! one that is gone (so the list only shrinks).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Cycles left to take apart, each as its files (relative to the repository, sorted).
const KNOWN: &[&[&str]] = &[];

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A crate's files by module path (`[]` is the crate root).
fn modules(src: &Path) -> BTreeMap<Vec<String>, PathBuf> {
    let mut out = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "bin") {
                    stack.push(p);
                }
                continue;
            }
            if p.extension().is_none_or(|x| x != "rs") {
                continue;
            }
            let rel = p.strip_prefix(src).unwrap();
            let mut segs: Vec<String> = rel
                .iter()
                .map(|s| s.to_string_lossy().into_owned())
                .collect();
            let last = segs.pop().unwrap();
            match last.as_str() {
                "lib.rs" | "main.rs" if segs.is_empty() => {}
                "mod.rs" => {}
                name => segs.push(name.trim_end_matches(".rs").to_string()),
            }
            out.insert(segs, p);
        }
    }
    out
}

/// The code of a file without comments (doc links name paths that are not imports), without
/// string literals, and without its unit tests (a `#[cfg(test)] mod` runs to the end of the
/// file: what tests import is not the library's structure).
fn code(text: &str) -> String {
    let mut out = String::new();
    let lines: Vec<&str> = text.lines().collect();
    for (n, line) in lines.iter().enumerate() {
        let test_module = line.trim() == "#[cfg(test)]"
            && lines
                .get(n + 1)
                .is_some_and(|l| l.trim_start().starts_with("mod "));
        if test_module {
            break;
        }
        let mut in_str = false;
        let mut prev = ' ';
        let mut kept = String::new();
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            if !in_str && c == '/' && chars.peek() == Some(&'/') {
                break;
            }
            if c == '"' && prev != '\\' && prev != '\'' {
                in_str = !in_str;
            } else if !in_str {
                kept.push(c);
            }
            prev = c;
        }
        out.push_str(&kept);
        out.push('\n');
    }
    out
}

/// The paths a file's `use` declarations name, each expanded (`a::{b, c::d}` gives `a::b`
/// and `a::c::d`).
fn use_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("use ") {
        let before_ok = i == 0
            || !rest[..i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_');
        rest = &rest[i + 4..];
        if !before_ok {
            continue;
        }
        let Some(end) = rest.find(';') else { break };
        let tree: String = rest[..end].chars().filter(|c| !c.is_whitespace()).collect();
        expand(&tree, &mut Vec::new(), &mut out);
        rest = &rest[end..];
    }
    out
}

fn expand(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = tree[..open]
            .split("::")
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let n = prefix.len();
        prefix.extend(head);
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&inner[start..i], prefix, out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand(&inner[start..], prefix, out);
        prefix.truncate(n);
    } else if !tree.is_empty() {
        let mut p = prefix.clone();
        let tree = tree.split(" as ").next().unwrap_or(tree);
        p.extend(tree.split("::").filter(|s| !s.is_empty()).map(String::from));
        out.push(p);
    }
}

/// Inline paths that start with `crate::` or `super::`.
fn inline_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start) {
            let at = from + i;
            from = at + start.len();
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String = code[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            out.push(
                path.split("::")
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect(),
            );
        }
    }
    out
}

/// The module a path names an item of, from module `here` (`None`: outside the crate).
fn resolve(
    path: &[String],
    here: &[String],
    mods: &BTreeMap<Vec<String>, PathBuf>,
) -> Option<Vec<String>> {
    let (mut base, rest): (Vec<String>, &[String]) = match path.first()?.as_str() {
        "crate" => (Vec::new(), &path[1..]),
        "self" => (here.to_vec(), &path[1..]),
        "super" => {
            let mut b = here.to_vec();
            let mut k = 0;
            while path.get(k).is_some_and(|s| s == "super") {
                b.pop()?;
                k += 1;
            }
            (b, &path[k..])
        }
        first => {
            // A child module named without `self::` (2018 paths); anything else is another
            // crate or a name in scope.
            let mut child = here.to_vec();
            child.push(first.to_string());
            if !mods.contains_key(&child) {
                return None;
            }
            (here.to_vec(), path)
        }
    };
    for seg in rest {
        let mut next = base.clone();
        next.push(seg.clone());
        if !mods.contains_key(&next) {
            break;
        }
        base = next;
    }
    Some(base)
}

/// Edges (from, to) with the names that make them, ancestors excluded.
fn edges(
    mods: &BTreeMap<Vec<String>, PathBuf>,
) -> BTreeMap<(Vec<String>, Vec<String>), BTreeSet<String>> {
    let mut out: BTreeMap<(Vec<String>, Vec<String>), BTreeSet<String>> = BTreeMap::new();
    for (here, file) in mods {
        let text = code(&std::fs::read_to_string(file).unwrap());
        let paths = use_paths(&text).into_iter().chain(inline_paths(&text));
        for p in paths {
            let Some(to) = resolve(&p, here, mods) else {
                continue;
            };
            // An ancestor (or the file itself) is not a dependency that can close a cycle.
            if here.starts_with(&to) {
                continue;
            }
            out.entry((here.clone(), to))
                .or_default()
                .insert(p.join("::"));
        }
    }
    out
}

/// Strongly connected components of more than one module.
fn cycles(
    nodes: &[Vec<String>],
    adj: &BTreeMap<Vec<String>, Vec<Vec<String>>>,
) -> Vec<Vec<Vec<String>>> {
    // Kosaraju: order by finish time, then collect on the reversed graph.
    let mut seen = BTreeSet::new();
    let mut order = Vec::new();
    for n in nodes {
        let mut stack = vec![(n.clone(), 0usize)];
        if !seen.insert(n.clone()) {
            continue;
        }
        while let Some((v, i)) = stack.pop() {
            let next = adj.get(&v).and_then(|s| s.get(i)).cloned();
            match next {
                Some(w) => {
                    stack.push((v, i + 1));
                    if seen.insert(w.clone()) {
                        stack.push((w, 0));
                    }
                }
                None => order.push(v),
            }
        }
    }
    let mut rev: BTreeMap<Vec<String>, Vec<Vec<String>>> = BTreeMap::new();
    for (v, ws) in adj {
        for w in ws {
            rev.entry(w.clone()).or_default().push(v.clone());
        }
    }
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for v in order.into_iter().rev() {
        if !done.insert(v.clone()) {
            continue;
        }
        let mut comp = vec![v.clone()];
        let mut stack = vec![v];
        while let Some(x) = stack.pop() {
            for w in rev.get(&x).into_iter().flatten() {
                if done.insert(w.clone()) {
                    comp.push(w.clone());
                    stack.push(w.clone());
                }
            }
        }
        if comp.len() > 1 {
            comp.sort();
            out.push(comp);
        }
    }
    out
}

#[test]
fn no_import_cycle_between_the_files_of_a_crate() {
    let root = repo();
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .unwrap()
        .flatten()
        .map(|e| e.path().join("src"))
        .filter(|p| p.is_dir())
        .collect();
    crates.push(root.join("tests/src"));
    crates.sort();
    let mut found: Vec<Vec<String>> = Vec::new();
    let mut report = String::new();
    for src in &crates {
        let mods = modules(src);
        let e = edges(&mods);
        let mut adj: BTreeMap<Vec<String>, Vec<Vec<String>>> = BTreeMap::new();
        for (from, to) in e.keys() {
            adj.entry(from.clone()).or_default().push(to.clone());
        }
        let nodes: Vec<Vec<String>> = mods.keys().cloned().collect();
        for comp in cycles(&nodes, &adj) {
            let rel = |m: &Vec<String>| {
                mods[m]
                    .strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned()
            };
            let mut files: Vec<String> = comp.iter().map(rel).collect();
            files.sort();
            report.push_str(&format!("cycle: {}\n", files.join(", ")));
            for ((from, to), names) in &e {
                if comp.contains(from) && comp.contains(to) {
                    let names: Vec<&String> = names.iter().collect();
                    report.push_str(&format!("  {} -> {}: {names:?}\n", rel(from), rel(to)));
                }
            }
            found.push(files);
        }
    }
    eprint!("{report}");
    let known: Vec<Vec<String>> = KNOWN
        .iter()
        .map(|c| c.iter().map(|s| s.to_string()).collect())
        .collect();
    let new: Vec<&Vec<String>> = found.iter().filter(|c| !known.contains(c)).collect();
    let gone: Vec<&Vec<String>> = known.iter().filter(|c| !found.contains(c)).collect();
    assert!(new.is_empty(), "import cycles between files:\n{report}");
    assert!(
        gone.is_empty(),
        "these known cycles are gone: take them out of KNOWN: {gone:?}"
    );
    eprintln!(
        "{} crates checked; {} known cycles left",
        crates.len(),
        found.len()
    );
}
