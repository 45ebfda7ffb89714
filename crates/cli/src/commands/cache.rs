//! `rbgtool cache list|clean`: the compiled engine's artefact cache
//! (`compiled::artefact::default_cache_dir`).

use crate::cli::CacheAction;
use crate::diag::CliError;
use compiled::cache::{self, EntryKind};
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
        "{} libraries, {} bytes; `rbgtool cache clean` removes them and stale build folders",
        libraries.0, libraries.1
    );
    Ok(())
}

fn clean(dir: &Path) -> Result<(), CliError> {
    let done = cache::clean(dir).map_err(|e| io_error(dir, e))?;
    println!(
        "removed {} libraries and {} stale build folders ({} bytes) from {}",
        done.libraries,
        done.scratch,
        done.bytes,
        dir.display()
    );
    if done.live_scratch > 0 {
        println!("left {} folders of builds still running", done.live_scratch);
    }
    Ok(())
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
