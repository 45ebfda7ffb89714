//! A level run as a direct call of its code (`rN(c, v, d + 1, stamp, k)`, `pN(c, v, d + 1, 0)`,
//! the keeper's `rN(c, v, 0, 0, k)`) skips `level`'s entry, which sizes the visited marks
//! of its depth: its code must set no mark. A keeper loop back to its own entry
//! (`([$ a=a+1] {$ a < 3} right)*`) was called directly and wrote past the marks' end.

mod common;

use std::collections::BTreeMap;

/// The generated functions `rN` and `pN` with their bodies.
fn functions(src: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut current: Option<(String, String)> = None;
    for line in src.lines() {
        let name = line
            .strip_prefix("fn ")
            .and_then(|rest| rest.split(['<', '(']).next())
            .filter(|n| n.len() > 1 && (n.starts_with('r') || n.starts_with('p')))
            .filter(|n| n[1..].chars().all(|c| c.is_ascii_digit()));
        if let Some(n) = name {
            if let Some((k, b)) = current.take() {
                out.insert(k, b);
            }
            current = Some((n.to_string(), String::new()));
        } else if line == "}" {
            if let Some((k, b)) = current.take() {
                out.insert(k, b);
            }
        } else if let Some((_, b)) = current.as_mut() {
            b.push_str(line);
            b.push('\n');
        }
    }
    out
}

/// Names of the functions called directly: `rN(c, v, d + 1, stamp, k)`, `pN(c, v, d + 1, 0)`
/// and `rN(c, v, 0, 0, k)`.
fn direct_calls(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    for tail in [
        "(c, v, d + 1, stamp, k)",
        "(c, v, d + 1, 0)",
        "(c, v, 0, 0, k)",
    ] {
        for (i, _) in src.match_indices(tail) {
            let head = &src[..i];
            let start = head
                .rfind(|c: char| !c.is_ascii_alphanumeric())
                .map_or(0, |k| k + 1);
            let name = &head[start..];
            if name.len() > 1 && name[1..].chars().all(|c| c.is_ascii_digit()) {
                out.push(name.to_string());
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Every direct call's function sets no mark; returns how many direct calls were checked.
fn check(name: &str, g: &ir::Game) -> usize {
    let Ok(src) = compiled::engine::generate_source(g) else {
        return 0;
    };
    let bodies = functions(&src);
    let calls = direct_calls(&src);
    for f in &calls {
        let body = bodies
            .get(f)
            .unwrap_or_else(|| panic!("{name}: {f} is called but not defined"));
        assert!(
            !body.contains("c.mark("),
            "{name}: {f} is called directly and sets marks:\n{body}"
        );
    }
    calls.len()
}

#[test]
fn a_keeper_loop_back_to_its_entry_is_not_a_direct_level() {
    let src = "#players = p(100)\n#pieces = e, x\n#variables = a(3)\n\
               #board = rectangle(up,down,left,right,[e,e,e,e,e,e])\n\
               #rules = ( ->p (left* + right*) {e} ->> [x] ([$ a=a+1] {$ a < 3} right)* [$ a=0] )*";
    let g = rbg::parse_game(src).unwrap().game;
    // The levels around the loop still run directly (the keeper's entry, the exit after
    // the loop), so the property is checked on calls that exist.
    assert!(check("keeper loop", &g) > 0);
    // And it runs as the interpreter does (the out-of-bounds marks did not change counts
    // here; they corrupted the heap).
    common::keeper_first_engines(&g, 4);
}

#[test]
fn direct_levels_set_no_marks_in_the_corpora() {
    let mut checked = 0;
    let mut games = common::rbg_games(&common::repo_root().join("corpus/rbg"));
    if let Some(dir) = common::external("rbg/games") {
        games.extend(common::rbg_games(&dir));
    }
    for (name, g) in &games {
        checked += check(name, g);
    }
    println!("{checked} direct calls checked in {} games", games.len());
    assert!(checked > 100);
}
