//! Ctrl-C for long work that keeps what it did: the first Ctrl-C asks the running command to
//! stop at its next checkpoint and report what it finished; a second one exits at once.

use std::sync::atomic::{AtomicBool, Ordering};

static STOP: AtomicBool = AtomicBool::new(false);

/// Installs the handler; `what` says what the command does on a first Ctrl-C (e.g. "finishing
/// the current game, then printing the table").
pub fn install(what: &'static str, quiet: bool) {
    let _ = ctrlc::set_handler(move || {
        if STOP.swap(true, Ordering::SeqCst) {
            eprintln!("\nrbgtool: stopped");
            std::process::exit(130);
        }
        if !quiet {
            eprintln!("\nrbgtool: {what} (Ctrl-C again: stop now)");
        }
    });
}

/// Whether a Ctrl-C asked to stop.
pub fn requested() -> bool {
    STOP.load(Ordering::SeqCst)
}
