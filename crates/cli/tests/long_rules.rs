//! Issue 38, item 4, through the binary: `check` of an SBG file whose rule is one word of
//! 99,000 letters (about 700 KB, near the size limit) succeeds with one DFA state per letter;
//! the old quadratic minimisation needed about half an hour here. A generous hang guard
//! only, no speed target: the work bound is asserted in `sbg`'s unit tests.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const HANG_GUARD: Duration = Duration::from_secs(120);

#[test]
fn check_of_a_rule_word_near_the_size_limit_ends() {
    let n = 99_000;
    let text = format!(
        "<<Long>>\n<BOARD>\n3 3\n|..p|\n|...|\n|P..|\n<PIECES>\nP {} &\n<GOALS>\n10 &\n",
        "(0,1,e)".repeat(n)
    );
    let file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("long-word.sbg");
    std::fs::write(&file, text).unwrap();
    let out_file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("long-word.out");
    let mut child = Command::new(env!("CARGO_BIN_EXE_rbgtool"))
        .arg("check")
        .arg(&file)
        .stdout(std::fs::File::create(&out_file).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > HANG_GUARD {
            let _ = child.kill();
            panic!("check still running after {HANG_GUARD:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let printed = std::fs::read_to_string(&out_file).unwrap();
    assert!(status.success(), "{printed}");
    assert!(
        printed.contains(&format!("P ({} DFA states)", n + 1)),
        "{printed}"
    );
}
