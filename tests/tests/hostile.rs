//! Hostile inputs (tests/hostile/cases.txt): each case runs the real `rbgtool` binary under a
//! 4 GB address-space limit and a 20 s timeout, and must end as its line says, with no panic,
//! no signal and at most one screen of standard error. Known failures fixed by the `hostile`
//! branch are reported by name and do not fail the suite.

use rbgtool_tests::repo_root;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ADDRESS_SPACE_KB: u64 = 4 * 1024 * 1024;
const TIMEOUT: Duration = Duration::from_secs(20);
const MAX_STDERR_LINES: usize = 60;
const MAX_STDERR_BYTES: usize = 8192;
/// Prefixes of an expectation that mark a known failure.
const KNOWN: [&str; 1] = ["known-failure:"];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    Error,
    Ok,
    Warning,
}

struct Case {
    name: String,
    expect: Expect,
    known_failure: bool,
    args: Vec<String>,
    stderr_check: Option<(bool, String)>,
}

fn parse_cases(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        assert!(
            (3..=4).contains(&fields.len()),
            "cases.txt line {}: expected 3 or 4 fields",
            i + 1
        );
        let (known_failure, expect) = match KNOWN.iter().find_map(|k| fields[1].strip_prefix(k)) {
            Some(e) => (true, e),
            None => (false, fields[1]),
        };
        let expect = match expect {
            "error" => Expect::Error,
            "ok" => Expect::Ok,
            "warning" => Expect::Warning,
            other => panic!("cases.txt line {}: unknown expectation {other}", i + 1),
        };
        let stderr_check = fields.get(3).map(|c| {
            if let Some(t) = c.strip_prefix("has ") {
                (true, t.to_string())
            } else if let Some(t) = c.strip_prefix("lacks ") {
                (false, t.to_string())
            } else {
                panic!("cases.txt line {}: unknown stderr check {c}", i + 1)
            }
        });
        cases.push(Case {
            name: fields[0].to_string(),
            expect,
            known_failure,
            args: fields[2].split_whitespace().map(String::from).collect(),
            stderr_check,
        });
    }
    cases
}

/// The release `rbgtool` beside this test binary (target/release/deps/..), built if absent.
fn rbgtool() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().and_then(Path::parent).unwrap();
    let bin = dir.join("rbgtool");
    if !bin.is_file() {
        let profile = dir.file_name().unwrap().to_str().unwrap();
        let mut cmd = Command::new(env!("CARGO"));
        cmd.args(["build", "-p", "rbgtool", "--bin", "rbgtool"]);
        if profile == "release" {
            cmd.arg("--release");
        }
        let ok = cmd.current_dir(repo_root()).status().unwrap().success();
        assert!(ok && bin.is_file(), "could not build {}", bin.display());
    }
    bin
}

struct Outcome {
    code: Option<i32>,
    timed_out: bool,
    stderr: String,
}

fn run_case(bin: &Path, case: &Case, scratch: &Path) -> Outcome {
    let inputs = repo_root().join("tests/hostile/inputs");
    let args: Vec<String> = case
        .args
        .iter()
        .map(|a| match a.strip_prefix('@') {
            Some(rest) if rest == "tmp" || rest.starts_with("tmp/") => scratch
                .join(rest[3..].trim_start_matches('/'))
                .display()
                .to_string(),
            Some(file) => inputs.join(file).display().to_string(),
            None => a.clone(),
        })
        .collect();
    // `ulimit -v` (KB) limits the address space of the shell, which then becomes rbgtool.
    let mut child = Command::new("sh")
        // `--engine auto` and `--engine compiled` build libraries: a cache of the tests' own.
        .env(
            "RBGTOOL_CACHE",
            concat!(env!("CARGO_TARGET_TMPDIR"), "/hostile-compiled-cache"),
        )
        .arg("-c")
        .arg(format!(
            "ulimit -v {ADDRESS_SPACE_KB} && exec \"$0\" \"$@\""
        ))
        .arg(bin)
        .args(["--color", "never"])
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut pipe = child.stderr.take().unwrap();
    // Read at most a little more than the limit; the rest is drained and dropped.
    let reader = std::thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buf = [0u8; 8192];
        while let Ok(n) = pipe.read(&mut buf) {
            if n == 0 {
                break;
            }
            if kept.len() < 4 * MAX_STDERR_BYTES {
                kept.extend_from_slice(&buf[..n]);
            }
        }
        kept
    });
    let start = Instant::now();
    let (status, timed_out) = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break (Some(s), false);
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break (None, true);
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stderr = String::from_utf8_lossy(&reader.join().unwrap()).into_owned();
    Outcome {
        code: status.and_then(|s| s.code()),
        timed_out,
        stderr,
    }
}

/// Why a run does not meet its case, or `None` if it does.
fn judge(case: &Case, o: &Outcome) -> Option<String> {
    if o.timed_out {
        return Some(format!("still running after {} s", TIMEOUT.as_secs()));
    }
    let Some(code) = o.code else {
        return Some("killed by a signal".into());
    };
    if o.stderr.contains("panicked at") || o.stderr.contains("internal error") {
        return Some(format!("panicked (exit {code})"));
    }
    let lines = o.stderr.lines().count();
    if lines > MAX_STDERR_LINES || o.stderr.len() > MAX_STDERR_BYTES {
        return Some(format!(
            "standard error of {lines} lines, {} bytes",
            o.stderr.len()
        ));
    }
    let code_ok = match case.expect {
        Expect::Error => code == 1 || code == 2,
        Expect::Ok => code == 0,
        Expect::Warning => code == 0 && o.stderr.contains("warning"),
    };
    if !code_ok {
        return Some(format!("exit {code}, expected {:?}", case.expect));
    }
    if let Some((has, text)) = &case.stderr_check {
        if o.stderr.contains(text.as_str()) != *has {
            let verb = if *has { "lacks" } else { "has" };
            return Some(format!("standard error {verb} `{text}`"));
        }
    }
    None
}

#[test]
fn hostile_inputs_end_cleanly_within_budget() {
    let text = std::fs::read_to_string(repo_root().join("tests/hostile/cases.txt")).unwrap();
    let cases = parse_cases(&text);
    assert!(cases.len() >= 30, "only {} cases", cases.len());
    let bin = rbgtool();
    let scratch = std::env::temp_dir().join(format!("rbgtool-hostile-{}", std::process::id()));
    // Two cases at a time: most end at once, a few use their whole timeout.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<(usize, Option<String>, Duration)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                s.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(case) = cases.get(i) else { break };
                        let dir = scratch.join(&case.name);
                        std::fs::create_dir_all(&dir).unwrap();
                        let start = Instant::now();
                        let o = run_case(&bin, case, &dir);
                        out.push((i, judge(case, &o), start.elapsed()));
                    }
                    out
                })
            })
            .collect();
        let mut all: Vec<_> = workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect();
        all.sort_by_key(|r| r.0);
        all
    });
    let _ = std::fs::remove_dir_all(&scratch);
    let (mut failures, mut known, mut flip) = (Vec::new(), Vec::new(), Vec::new());
    for (i, verdict, took) in results {
        let case = &cases[i];
        match (verdict, case.known_failure) {
            (None, false) => {}
            (None, true) => flip.push(case.name.clone()),
            (Some(why), false) => failures.push(format!("{}: {why} ({took:.1?})", case.name)),
            (Some(why), true) => known.push(format!("{}: {why} ({took:.1?})", case.name)),
        }
    }
    println!("{} hostile cases", cases.len());
    for k in &known {
        println!("known failure: {k}");
    }
    for f in &flip {
        println!("now passes, mark it fixed in cases.txt: {f}");
    }
    assert!(failures.is_empty(), "failures:\n{}", failures.join("\n"));
}
