//! The cache folder's contents: libraries named by their key, and the scratch folders builds
//! work in (`.rbgtool-build-<pid>-<unix nanoseconds>-<n>`). A build killed outright (SIGKILL,
//! power loss) cannot remove its scratch folder, so builds, `rbgtool cache list` and
//! `rbgtool cache clean` recognise stale ones by name: their process is gone, or they are
//! older than the longest build allowed ([`crate::child::MAX_BUILD_TIMEOUT`]), which also
//! covers a process id reused since.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

const SCRATCH_PREFIX: &str = ".rbgtool-build-";
const LIBRARY_PREFIX: &str = "rbg-";

/// A fresh scratch folder inside `parent`, readable by us only.
pub fn scratch_dir(parent: &Path) -> std::io::Result<PathBuf> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let dir = parent.join(format!(
        "{SCRATCH_PREFIX}{}-{nanos}-{n}",
        std::process::id()
    ));
    let mut builder = std::fs::DirBuilder::new();
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(&dir)?;
    Ok(dir)
}

/// What a name in the cache folder is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryKind {
    /// A game's library.
    Library,
    /// A build's scratch folder; `stale` when no running build owns it.
    Scratch { stale: bool },
    /// Anything else (left alone).
    Other,
}

/// One name in the cache folder.
#[derive(Clone, Debug)]
pub struct Entry {
    pub path: PathBuf,
    pub kind: EntryKind,
    /// Bytes of the file, or of all files inside a folder.
    pub bytes: u64,
    pub modified: Option<SystemTime>,
}

/// The cache folder's entries, sorted by name (none when the folder does not exist).
pub fn list(dir: &Path) -> std::io::Result<Vec<Entry>> {
    let read = match std::fs::read_dir(dir) {
        Ok(read) => read,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let now = SystemTime::now();
    let mut entries = Vec::new();
    for item in read {
        let item = item?;
        let name = item.file_name().to_string_lossy().into_owned();
        // Not followed: a link is reported as what it is, never as its target.
        let meta = item.path().symlink_metadata()?;
        let kind = if meta.is_dir() {
            scratch_owner(&name).map_or(EntryKind::Other, |(pid, born)| EntryKind::Scratch {
                stale: is_stale(pid, born, now),
            })
        } else if meta.is_file() && is_library_name(&name) {
            EntryKind::Library
        } else {
            EntryKind::Other
        };
        let bytes = if meta.is_dir() {
            folder_bytes(&item.path())
        } else {
            meta.len()
        };
        entries.push(Entry {
            path: item.path(),
            kind,
            bytes,
            modified: meta.modified().ok(),
        });
    }
    entries.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(entries)
}

/// What [`clean`] removed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cleaned {
    pub libraries: usize,
    pub scratch: usize,
    pub bytes: u64,
    /// Scratch folders of builds still running, left in place.
    pub live_scratch: usize,
}

/// Removes every library and every stale scratch folder (a running build's stays; other
/// names are left alone).
pub fn clean(dir: &Path) -> std::io::Result<Cleaned> {
    let mut done = Cleaned::default();
    for e in list(dir)? {
        match e.kind {
            EntryKind::Library => {
                std::fs::remove_file(&e.path)?;
                done.libraries += 1;
            }
            EntryKind::Scratch { stale: true } => {
                std::fs::remove_dir_all(&e.path)?;
                done.scratch += 1;
            }
            EntryKind::Scratch { stale: false } => {
                done.live_scratch += 1;
                continue;
            }
            EntryKind::Other => continue,
        }
        done.bytes += e.bytes;
    }
    Ok(done)
}

/// Removes the stale scratch folders in `dir` (errors ignored: another process may be
/// removing the same folder). Returns how many went.
pub fn remove_stale_scratch(dir: &Path) -> usize {
    let Ok(entries) = list(dir) else {
        return 0;
    };
    entries
        .iter()
        .filter(|e| e.kind == (EntryKind::Scratch { stale: true }))
        .filter(|e| std::fs::remove_dir_all(&e.path).is_ok())
        .count()
}

/// The process id and creation time written in a scratch folder's name.
fn scratch_owner(name: &str) -> Option<(u32, SystemTime)> {
    let mut parts = name.strip_prefix(SCRATCH_PREFIX)?.split('-');
    let pid = parts.next()?.parse().ok()?;
    let nanos: u64 = parts.next()?.parse().ok()?;
    Some((pid, UNIX_EPOCH + Duration::from_nanos(nanos)))
}

fn is_stale(pid: u32, born: SystemTime, now: SystemTime) -> bool {
    let age = now.duration_since(born).unwrap_or_default();
    age > crate::child::MAX_BUILD_TIMEOUT + Duration::from_secs(60) || !process_alive(pid)
}

#[cfg(unix)]
fn process_alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    if pid <= 0 {
        return false;
    }
    // SAFETY: signal 0 only checks that the process exists; EPERM means it does (another
    // user's).
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

#[cfg(not(unix))]
fn process_alive(_pid: u32) -> bool {
    true
}

fn is_library_name(name: &str) -> bool {
    name.strip_prefix(std::env::consts::DLL_PREFIX)
        .and_then(|n| n.strip_prefix(LIBRARY_PREFIX))
        .and_then(|n| n.strip_suffix(std::env::consts::DLL_SUFFIX))
        .is_some_and(|key| !key.is_empty() && key.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// A library's file name for a cache key.
pub fn library_name(key: &str) -> String {
    format!(
        "{}{LIBRARY_PREFIX}{key}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    )
}

fn folder_bytes(dir: &Path) -> u64 {
    let Ok(read) = std::fs::read_dir(dir) else {
        return 0;
    };
    read.flatten()
        .filter_map(|e| e.path().symlink_metadata().ok().map(|m| (e.path(), m)))
        .map(|(p, m)| {
            if m.is_dir() {
                folder_bytes(&p)
            } else {
                m.len()
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scratch_names_carry_their_owner_and_age() {
        let (pid, born) = scratch_owner(".rbgtool-build-42-1000000000-3").unwrap();
        assert_eq!(pid, 42);
        assert_eq!(born, UNIX_EPOCH + Duration::from_secs(1));
        assert_eq!(scratch_owner(".tmp-42-1-0"), None);
        assert_eq!(scratch_owner(".rbgtool-build-x-1-0"), None);
    }

    #[test]
    fn a_scratch_folder_is_stale_when_its_process_is_gone_or_it_is_too_old() {
        let now = SystemTime::now();
        let me = std::process::id();
        assert!(!is_stale(me, now, now));
        assert!(is_stale(me, now - Duration::from_secs(2 * 3600), now));
        // Process ids are below 2^22 on Linux.
        assert!(is_stale(u32::MAX - 1, now, now));
    }

    #[test]
    fn library_names_are_recognised() {
        assert!(is_library_name(&library_name("0123abcd")));
        assert!(!is_library_name(&library_name("")));
        assert!(!is_library_name("game.rs"));
    }

    #[test]
    fn clean_removes_libraries_and_stale_scratch_but_not_live_builds() {
        let dir = std::env::temp_dir().join(format!("rbgtool-cache-clean-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(library_name("ab12")), b"lib").unwrap();
        std::fs::write(dir.join("notes.txt"), b"mine").unwrap();
        let live = scratch_dir(&dir).unwrap();
        let dead = dir.join(format!("{SCRATCH_PREFIX}{}-1-0", u32::MAX - 1));
        std::fs::create_dir_all(dead.join("sub")).unwrap();
        std::fs::write(dead.join("sub/game.rs"), b"12345").unwrap();
        let done = clean(&dir).unwrap();
        let expected = Cleaned {
            libraries: 1,
            scratch: 1,
            bytes: 8,
            live_scratch: 1,
        };
        assert_eq!(done, expected);
        assert!(live.exists() && dir.join("notes.txt").exists() && !dead.exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
