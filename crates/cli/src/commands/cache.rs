//! `rbgtool cache list|clean`: the compiled engine's artefact cache
//! (`compiled::artefact::default_cache_dir`).

use crate::cli::CacheAction;
use crate::diag::CliError;
use compiled::cache::{self, EntryKind};
use game::text::counted;
use std::path::Path;

pub fn run(action: &CacheAction) -> Result<(), CliError> {
    let dir = compiled::artefact::default_cache_dir().ok_or_else(|| {
        CliError::Io("no cache folder: set RBGTOOL_CACHE, XDG_CACHE_HOME or HOME".into())
    })?;
    match action {
        CacheAction::List => list(&dir),
        CacheAction::Clean => clean(&dir),
    }
}

fn list(dir: &Path) -> Result<(), CliError> {
    let entries = cache::list(dir).map_err(|e| io_error(dir, e))?;
    println!("cache folder: {}", dir.display());
    let mut libraries = (0usize, 0u64);
    for e in &entries {
        let kind = match e.kind {
            EntryKind::Library => {
                libraries = (libraries.0 + 1, libraries.1 + e.bytes);
                "library"
            }
            EntryKind::Scratch { stale: true } => "stale build folder",
            EntryKind::Scratch { stale: false } => "running build",
            EntryKind::Other => "other",
        };
        println!("{:>12}  {kind:<18}  {}", e.bytes, file_name(&e.path));
    }
    println!(
        "{}, {}; `rbgtool cache clean` removes them and stale build folders",
        libraries_counted(libraries.0),
        counted(libraries.1 as usize, "byte")
    );
    Ok(())
}

fn clean(dir: &Path) -> Result<(), CliError> {
    let done = cache::clean(dir).map_err(|e| io_error(dir, e))?;
    println!(
        "removed {} and {} ({}) from {}",
        libraries_counted(done.libraries as usize),
        counted(done.scratch as usize, "stale build folder"),
        counted(done.bytes as usize, "byte"),
        dir.display()
    );
    if done.live_scratch > 0 {
        let left = counted(done.live_scratch as usize, "folder");
        println!("left {left} of builds still running");
    }
    Ok(())
}

/// `1 library`, `2 libraries`.
fn libraries_counted(n: usize) -> String {
    match n {
        1 => "1 library".into(),
        n => format!("{n} libraries"),
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

fn io_error(dir: &Path, e: std::io::Error) -> CliError {
    CliError::Io(format!("{}: {e}", dir.display()))
}
