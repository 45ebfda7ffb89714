//! Exit codes and output files.
//!
//! `-o PATH` never replaces what PATH is: a symbolic link is written through (its target gets
//! the new contents, the link stays), a FIFO, device or socket (`/dev/null`, `/dev/stdout`) is
//! written directly, and only a regular file (or a new one) is replaced atomically.

use std::io::Write;
use std::path::{Path, PathBuf};

pub const EXIT_INVALID: u8 = 1;
pub const EXIT_USAGE: u8 = 2;
pub const EXIT_INTERNAL: i32 = 3;
/// Stopped by Ctrl-C after reporting the work finished (128 + SIGINT, as shells report it).
pub const EXIT_INTERRUPTED: u8 = 130;

/// Writes `text` to `path` (see the module docs), or to standard output when `path` is `None`
/// or `-`.
pub fn write_output(path: Option<&Path>, text: &str) -> std::io::Result<()> {
    match path {
        None => print_stdout(text),
        Some(p) if p.as_os_str() == "-" => print_stdout(text),
        Some(p) => write_file(p, text.as_bytes()),
    }
}

/// A reader that stopped early (`… | head`) ends the output quietly, as in other tools.
fn print_stdout(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r,
    }
}

/// Writes `bytes` to what `path` names: through symbolic links, directly into special files,
/// atomically into regular files.
pub fn write_file(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let target = resolve_links(path)?;
    match std::fs::metadata(&target) {
        Ok(m) if !m.is_file() && !m.is_dir() => {
            let mut f = std::fs::OpenOptions::new().write(true).open(&target)?;
            f.write_all(bytes)?;
            f.flush()
        }
        _ => write_atomic(&target, bytes),
    }
}

/// Follows symbolic links (also dangling ones, whose target is then created), at most 40 deep.
fn resolve_links(path: &Path) -> std::io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(std::io::Error::other(format!(
        "{}: too many levels of symbolic links",
        path.display()
    )))
}

/// Temp file + rename, so a reader never sees a half-written file and an error leaves the
/// old file (if any) untouched. An existing file keeps its permissions.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".into());
    let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        if let Ok(old) = std::fs::metadata(path) {
            f.set_permissions(old.permissions())?;
        }
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
