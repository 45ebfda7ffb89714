//! `rbgtool convert`: translations between languages and levels.

use super::load::{lang_name, load, Loaded, LoadedGame};
use crate::cli::{GdlEncoding, GdlOptimize, Global, InputArgs, Target};
use crate::diag::CliError;
use crate::output;
use std::path::Path;

/// The translation options of `--unroll`, `--encoding` (an unrolling is the general
/// encoding's), `--max-bytes` (0: no limit) and `--optimize`.
pub fn options(
    unroll: Option<u64>,
    encoding: GdlEncoding,
    max_bytes: usize,
    optimize: GdlOptimize,
) -> convert::GdlOptions {
    let encoding = match encoding {
        GdlEncoding::Auto if unroll.is_some() => convert::Encoding::General,
        GdlEncoding::Auto => convert::Encoding::Auto,
        GdlEncoding::Direct => convert::Encoding::Direct,
        GdlEncoding::General => convert::Encoding::General,
    };
    convert::GdlOptions {
        unroll,
        encoding,
        max_bytes: (max_bytes > 0).then_some(max_bytes),
        optimize: match optimize {
            GdlOptimize::Speed => convert::Optimize::Speed,
            GdlOptimize::Size => convert::Optimize::Size,
        },
    }
}

pub fn run(
    input: &InputArgs,
    to: Target,
    opts: convert::GdlOptions,
    out: Option<&Path>,
    global: &Global,
) -> Result<(), CliError> {
    let loaded = load(input, global)?;
    let custom = opts.unroll.is_some()
        || opts.encoding != convert::Encoding::Auto
        || opts.max_bytes != convert::GdlOptions::default().max_bytes
        || opts.optimize != convert::Optimize::Speed;
    if custom && !(matches!(loaded.game, Loaded::Rbg(_)) && to == Target::Gdl) {
        return Err(CliError::Usage(
            "--unroll, --encoding, --max-bytes and --optimize only apply to RBG -> GDL".into(),
        ));
    }
    let text = match (&loaded.game, to) {
        // The formatter: same tokens, macros and comments; only whitespace changes.
        (Loaded::Rbg(_), Target::Rbg) => rbg::format::format(&loaded.source.text)
            .map_err(|d| CliError::Game(rbg::diagnostic_summary(&d)))?,
        (Loaded::Rbg(g), Target::LlRbg) => {
            rbg::print_ll_checked(g).map_err(|e| CliError::Game(e.to_string()))?
        }
        (Loaded::Rbg(_), Target::Gdl) => gdl_text(&loaded, opts, global)?,
        (Loaded::Sbg(g), Target::Rbg) => {
            convert::sbg_to_rbg(g).map_err(|e| CliError::Game(e.to_string()))?
        }
        (Loaded::Sbg(g), Target::LlRbg) => rbg::print_ll_checked(
            &convert::sbg_to_ir(g).map_err(|e| CliError::Game(e.to_string()))?,
        )
        .map_err(|e| CliError::Game(e.to_string()))?,
        (Loaded::Sbg(_), Target::Gdl) => gdl_text(&loaded, opts, global)?,
        (Loaded::Sbg(g), Target::Sbg) => sbg::print(g),
        (Loaded::Gdl(d), Target::Gdl) => gdl::print(d),
        (_, to) => {
            return Err(CliError::Usage(format!(
            "cannot convert {} to {}; the conversions are: rbg -> rbg (formatted), ll-rbg, gdl; \
                 sbg -> rbg, ll-rbg, gdl, sbg; gdl -> gdl",
            lang_name(loaded.source.lang),
            target_name(to)
        )))
        }
    };
    output::write_output(out, &text).map_err(|e| {
        CliError::Io(format!(
            "cannot write {}: {e}",
            out.map(|p| p.display().to_string())
                .unwrap_or("standard output".into())
        ))
    })
}

/// The game as GDL text: a GDL game's own text, an RBG or SBG game's translation (its notes
/// printed unless `--quiet`).
pub fn gdl_text(
    loaded: &LoadedGame,
    opts: convert::GdlOptions,
    global: &Global,
) -> Result<String, CliError> {
    match &loaded.game {
        Loaded::Gdl(_) => Ok(loaded.source.text.clone()),
        Loaded::Rbg(g) => {
            let t = convert::rbg_to_gdl(g, opts).map_err(|e| CliError::Unsupported {
                what: "cannot be translated to GDL".into(),
                name: loaded.source.name.clone(),
                text: loaded.source.text.clone(),
                diagnostics: vec![e.to_diagnostic()],
            })?;
            if !global.quiet {
                for n in &t.notes {
                    eprintln!("note: {n}");
                }
            }
            Ok(t.text)
        }
        Loaded::Sbg(g) => convert::sbg_to_gdl(g).map_err(|e| CliError::Game(e.to_string())),
    }
}

fn target_name(t: Target) -> &'static str {
    match t {
        Target::LlRbg => "LL-RBG",
        Target::Rbg => "HL-RBG",
        Target::Gdl => "GDL",
        Target::Sbg => "SBG",
    }
}
