//! Exit codes and atomic output files.

use std::io::Write;
use std::path::Path;

pub const EXIT_INVALID: u8 = 1;
pub const EXIT_USAGE: u8 = 2;
pub const EXIT_INTERNAL: i32 = 3;

/// Writes `text` to `path` atomically (temporary file in the same directory, then rename), or
/// to standard output when `path` is `None` or `-`.
pub fn write_output(path: Option<&Path>, text: &str) -> std::io::Result<()> {
    match path {
        None => print_stdout(text),
        Some(p) if p.as_os_str() == "-" => print_stdout(text),
        Some(p) => write_atomic(p, text.as_bytes()),
    }
}

fn print_stdout(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Temp file + rename, so a reader never sees a half-written file and an error leaves the
/// old file (if any) untouched.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".into());
    let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
