//! One consistent command line: every subcommand's `--help` is read and its flags compared
//! across subcommands (same name, same value name; outputs are `-o/--output`; the global
//! options listed once, apart from the command's own).

use std::collections::BTreeMap;
use std::process::Command;

fn help(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_rbgtool"))
        .args(args)
        .output()
        .expect("rbgtool runs");
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

fn subcommands() -> Vec<String> {
    let top = help(&["--help"]);
    top.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect()
}

/// A flag line of `-h`: (section heading, long name, value name or "").
fn flags(text: &str) -> Vec<(String, String, String)> {
    let mut section = String::new();
    let mut out = Vec::new();
    for line in text.lines() {
        if !line.starts_with(' ') && line.ends_with(':') {
            section = line.trim_end_matches(':').to_string();
            continue;
        }
        let t = line.trim_start();
        if !t.starts_with('-') || section.is_empty() {
            continue;
        }
        let Some(long) = t.split_whitespace().find(|w| w.starts_with("--")) else {
            continue;
        };
        let long = long.trim_end_matches(',').to_string();
        let value = t
            .split_whitespace()
            .skip_while(|w| !w.starts_with("--"))
            .nth(1)
            .filter(|w| w.starts_with('<'))
            .unwrap_or("")
            .to_string();
        out.push((section.clone(), long, value));
    }
    out
}

#[test]
fn every_subcommand_uses_the_same_flag_names() {
    let commands = subcommands();
    assert!(commands.len() >= 14, "{commands:?}");
    let global = [
        "--quiet",
        "--verbose",
        "--color",
        "--memory",
        "--keeper",
        "--threads",
    ];
    let mut value_names: BTreeMap<String, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    let mut problems = Vec::new();
    for c in &commands {
        let fl = flags(&help(&[c, "-h"]));
        let in_global: Vec<&str> = fl
            .iter()
            .filter(|f| f.0 == "Global options")
            .map(|f| f.1.as_str())
            .collect();
        if in_global != global {
            problems.push(format!("{c}: global options {in_global:?}"));
        }
        for (section, long, value) in &fl {
            if section != "Global options" && global.contains(&long.as_str()) {
                problems.push(format!("{c}: {long} listed among the command's own"));
            }
            if ["--out", "--svg", "--output-dir"].contains(&long.as_str()) {
                problems.push(format!("{c}: {long} (outputs are -o/--output)"));
            }
            value_names
                .entry(long.clone())
                .or_default()
                .entry(value.clone())
                .or_default()
                .push(c.clone());
        }
        let writes_files = ["convert", "record", "learn", "show", "evolve"].contains(&c.as_str());
        if writes_files && !fl.iter().any(|f| f.1 == "--output") {
            problems.push(format!("{c}: writes a file but has no -o/--output"));
        }
    }
    for (long, values) in &value_names {
        if values.len() > 1 {
            problems.push(format!("{long} takes different values: {values:?}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// `--seconds` is a total time wherever it appears (learn's per-piece budget has its own name).
#[test]
fn seconds_means_total_time() {
    for c in subcommands() {
        let text = help(&[&c, "--help"]);
        let mut lines = text.lines();
        while let Some(l) = lines.next() {
            if l.trim_start().starts_with("--seconds") {
                let what = lines.next().unwrap_or_default().to_lowercase();
                assert!(!what.contains("per "), "{c}: --seconds is {what}");
            }
        }
    }
}
