//! One module per subcommand; `run` dispatches.

mod bench;
mod board_text;
mod cache;
mod check;
mod convert;
mod engine;
mod evolve;
mod explain;
mod ggp;
mod human;
mod info;
mod learn;
mod load;
mod moves;
mod perft;
mod play;
pub mod rate;
mod rbg_game;
mod replay;
mod seated;
mod show;
mod start;

use crate::cli::{Cli, Command};
use crate::diag::CliError;

pub fn run(cli: &Cli) -> Result<(), CliError> {
    let g = &cli.global;
    match &cli.command {
        Command::Check {
            input,
            json,
            simulate,
            depth,
            seed,
            monotonic,
        } => {
            let sim = simulate.map(|playouts| gdl::check::simulate::SimulateOptions {
                playouts,
                depth: depth.unwrap_or(gdl::check::simulate::DEFAULT_DEPTH),
                seed: seed.unwrap_or(1),
                monotonic: *monotonic,
            });
            check::run(input, *json, sim, g)
        }
        Command::Convert {
            input,
            to,
            unroll,
            encoding,
            max_bytes,
            optimize,
            output,
        } => convert::run(
            input,
            *to,
            convert::options(*unroll, *encoding, *max_bytes, *optimize),
            output.as_deref(),
            g,
        ),
        Command::Perft {
            input,
            depth,
            divide,
            json,
            count_leaves,
            start,
            engine,
        } => perft::run(
            input,
            *depth,
            *divide,
            *json,
            *count_leaves,
            start,
            engine,
            g,
        ),
        Command::Bench {
            input,
            seconds,
            playouts,
            seed,
            json,
            sampling,
            start,
            engine,
        } => bench::run(
            input, *seconds, *playouts, *seed, *json, *sampling, start, engine, g,
        ),
        Command::Play {
            input,
            white,
            black,
            agents,
            games,
            seed,
            max_length,
            alternate,
            json,
            start,
            record,
            engine,
        } => play::run(
            &play::PlayArgs {
                input,
                first: white,
                second: black,
                by_role: agents,
                games: *games,
                seed: *seed,
                max_length: *max_length,
                alternate: *alternate,
                json: *json,
                start,
                record: record.as_deref(),
                engine,
            },
            g,
        ),
        Command::Info {
            input,
            tensor,
            json,
        } => info::run(input, *tensor, *json, g),
        Command::Show {
            input,
            svg,
            piece,
            text,
            labels,
            start,
        } => show::run(
            input,
            svg.as_deref(),
            *piece,
            show::Mode {
                text: *text,
                labels: *labels,
            },
            start,
            g,
        ),
        Command::Record {
            input,
            games,
            listing,
            max_length,
            max_records,
            seed,
            output,
        } => learn::record(
            input,
            *games as usize,
            *listing,
            *seed,
            ::learn::RecordLimits {
                max_length: *max_length,
                max_records: *max_records as usize,
            },
            output.as_deref(),
            g,
        ),
        Command::Learn {
            logs,
            output,
            k,
            max_expansions,
            work,
            seconds,
            sides,
            rule,
            name,
            json,
        } => learn::learn(
            &learn::LearnArgs {
                logs,
                output: output.as_deref(),
                k: *k as usize,
                max_expansions: *max_expansions as usize,
                work: *work,
                seconds: *seconds,
                sides: *sides,
                rule: *rule,
                name,
                json: *json,
            },
            g,
        ),
        Command::Evolve {
            width,
            height,
            population,
            generations,
            seed,
            turn_limit,
            out,
            validate,
            resume,
            override_options,
            json,
            engine,
        } => {
            engine::interpreted_only(engine, "evolve plays SBG games with the SBG engine")?;
            let options = ::evolve::Options {
                width: *width as usize,
                height: *height as usize,
                population: *population as usize,
                generations: *generations as usize,
                seed: *seed,
                turn_limit: *turn_limit,
                validate: *validate as usize,
                ..::evolve::Options::default()
            };
            evolve::run(&options, out, (*resume, *override_options), *json, g)
        }
        Command::Rate(args) => rate::run(args, g),
        Command::Moves { input, start, json } => moves::moves(input, start, *json, g),
        Command::Apply { input, start } => moves::apply(input, start, g),
        Command::Replay {
            record,
            game,
            from,
            final_only,
        } => replay::run(
            &replay::ReplayArgs {
                record,
                game: game.as_deref(),
                from: *from,
                final_only: *final_only,
            },
            g,
        ),
        Command::Explain { code, from, list } => explain::run(code.as_deref(), *from, *list),
        Command::Lsp => {
            // Our framing reader (not lsp_server's stdio): a bad message is logged and
            // skipped, never the end of the server.
            let (connection, io) = lsp::transport::connect(
                std::io::BufReader::new(std::io::stdin()),
                std::io::stdout(),
                |line| eprintln!("{line}"),
            );
            lsp::serve(connection).map_err(|e| CliError::Io(format!("lsp: {e}")))?;
            io.join().map_err(|e| CliError::Io(format!("lsp: {e}")))
        }
        Command::Serve { port, host } => serve(*host, *port, g.memory),
        Command::Ggp {
            action:
                crate::cli::GgpAction::Player {
                    port,
                    host,
                    agent,
                    name,
                    seed,
                },
        } => ggp::player(*host, *port, agent, name, *seed),
        Command::Ggp {
            action:
                crate::cli::GgpAction::Match {
                    input,
                    players,
                    start_clock,
                    play_clock,
                    max_turns,
                    record,
                    seed,
                    games,
                },
        } => ggp::manage(
            input,
            players,
            &ggp_spec(*start_clock, *play_clock, *max_turns, *seed),
            *games,
            record.as_deref(),
            g,
        ),
        Command::Cache { action } => cache::run(action),
        Command::Completions { shell } => {
            use clap::CommandFactory;
            let mut cmd = Cli::command();
            clap_complete::generate(*shell, &mut cmd, "rbgtool", &mut std::io::stdout());
            Ok(())
        }
    }
}

/// `rbgtool serve`: the playground until the process is stopped. A panic in a request is our
/// bug but must not end the server: it is printed, and that request gets a 500. Each job may
/// hold a fifth of the memory budget, so four at their share leave room for the server.
fn serve(host: std::net::IpAddr, port: u16, memory_mb: u64) -> Result<(), CliError> {
    std::panic::set_hook(Box::new(|info| {
        eprintln!("rbgtool serve: internal error in a request (a bug, please report it): {info}");
    }));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Io(format!("serve: {e}")))?;
    let addr = std::net::SocketAddr::new(host, port);
    let limits = serve::Limits {
        job_memory: usize::try_from(memory_mb.saturating_mul(1 << 20) / 5).unwrap_or(usize::MAX),
        ..serve::Limits::default()
    };
    runtime
        .block_on(serve::serve(addr, limits, |bound| {
            println!("rbgtool serve: the playground is at http://{bound}/ (Ctrl-C stops it)");
        }))
        .map_err(|e| CliError::Io(format!("serve on {addr}: {e}")))
}

fn ggp_spec(start_clock: u64, play_clock: u64, max_turns: u64, seed: u64) -> ::ggp::MatchSpec {
    ::ggp::MatchSpec {
        id: format!("rbgtool-{seed}"),
        start_clock,
        play_clock,
        max_turns,
        seed,
    }
}
