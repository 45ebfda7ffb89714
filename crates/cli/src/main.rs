//! `rbgtool`: the only place that reads files, prints, and turns results into exit codes.
//!
//! Exit codes: 0 success, 1 invalid input (diagnostics printed), 2 usage error, 3 internal
//! error (a bug: please report it).

mod cli;
mod commands;
mod diag;
mod excerpt;
mod input;
mod interrupt;
mod memory;
mod output;

use clap::Parser;
use std::process::ExitCode;

#[global_allocator]
static BUDGET: memory::Budget = memory::Budget;

fn main() -> ExitCode {
    // A panic is our bug, never the user's: report it as such with exit code 3.
    std::panic::set_hook(Box::new(|info| {
        // A reader that stopped early (`rbgtool moves … | head`) is not a failure: print
        // nothing more, like other command-line tools.
        let text = info.to_string();
        if text.contains("failed printing to stdout") && text.contains("Broken pipe") {
            std::process::exit(0);
        }
        eprintln!("rbgtool: internal error (this is a bug, please report it): {info}");
        std::process::exit(output::EXIT_INTERNAL);
    }));
    let args = cli::Cli::parse();
    memory::set_limit_mb(args.global.memory);
    if let Some(n) = args.global.threads {
        // The libraries' parallel loops run on rayon's global pool.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(n as usize)
            .build_global();
    }
    match commands::run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            if args.command.wants_json() {
                diag::report_json(&e);
            } else {
                diag::report(&e, &args.global);
            }
            ExitCode::from(e.exit_code())
        }
    }
}
