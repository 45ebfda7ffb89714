//! Skipped tests, counted (issue 38, "honest tests").
//!
//! Some tests cannot run on every machine: they need `../shared/corpus-external`, SWI-Prolog
//! or Chromium. They call [`skip`] and return, and libtest reports them as passed and
//! captures whatever they print. So besides standard error, [`skip`] appends its marker line
//! to the file `$RBGTOOL_SKIP_LOG` names, which `.ci/run` sets, counts and subtracts from the
//! passed tests in its `summary:` line.
//!
//! The marker is one line: `SKIPPED: <test>: <reason>`.

use std::io::Write;
use std::panic::Location;
use std::path::Path;

/// The variable naming the file markers are appended to.
pub const LOG_VAR: &str = "RBGTOOL_SKIP_LOG";

/// Records that the running test is skipped because of `reason`; the caller then returns.
#[track_caller]
pub fn skip(reason: &str) {
    let line = marker(&test_name(Location::caller()), reason);
    eprintln!("{line}");
    if let Some(path) = std::env::var_os(LOG_VAR) {
        append(Path::new(&path), &line);
    }
}

/// Appends `line` to `log`. One write of one line to a file opened for appending, so lines
/// of tests running in parallel (threads or processes) do not interleave.
fn append(log: &Path, line: &str) {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log);
    if let Ok(mut file) = file {
        let _ = file.write_all(format!("{line}\n").as_bytes());
    }
}

/// The marker line for `test` skipped because of `reason` (kept on one line).
pub fn marker(test: &str, reason: &str) -> String {
    let reason: String = reason
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    format!("SKIPPED: {test}: {reason}")
}

/// The test's name: libtest names each test's thread after it; with one test thread it may
/// run on `main`, and then the caller's file and line name it instead. The source file keeps
/// tests of the same name in different binaries apart.
fn test_name(caller: &Location<'_>) -> String {
    match std::thread::current().name() {
        Some(name) if name != "main" => format!("{}::{name}", caller.file()),
        _ => format!("{}:{}", caller.file(), caller.line()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_marker_is_one_line() {
        assert_eq!(marker("a::b", "no\nswipl"), "SKIPPED: a::b: no swipl");
    }

    #[test]
    fn markers_are_appended_as_lines() {
        let log = std::env::temp_dir().join(format!("testskip-{}", std::process::id()));
        let _ = std::fs::remove_file(&log);
        let line = marker(&test_name(Location::caller()), "for the test");
        append(&log, &line);
        append(&log, &line);
        let text = std::fs::read_to_string(&log).unwrap();
        let _ = std::fs::remove_file(&log);
        assert_eq!(text, format!("{line}\n{line}\n"));
        // Named by the thread libtest runs the test on, or by file and line.
        assert!(line.contains("markers_are_appended_as_lines") || line.contains("lib.rs:"));
    }
}
