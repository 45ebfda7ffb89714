//! Whether a cache folder and its libraries can be trusted (issue 38, item 6).
//!
//! Loading a library runs its code, so a library anyone else could have written must never
//! be loaded. As ssh does with `~/.ssh` and Python with its bytecode caches, the cache
//! folder must be a real folder (not a symbolic link) owned by us and writable by nobody
//! else, every folder above it owned by us or root and not writable by others (unless sticky,
//! like `/tmp`, where others cannot move our entries), and each library a regular file owned
//! by us that nobody else can write. Once the folder is ours alone, nobody can swap a file
//! between this check and loading it.

use std::path::{Path, PathBuf};

/// What makes a cache folder or a library untrustworthy; each variant names the path.
#[derive(Debug, thiserror::Error)]
pub enum TrustError {
    #[error("cannot inspect {}: {source}", .path.display())]
    Inspect {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot resolve {}: {source}", .path.display())]
    Resolve {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{} is not a folder (symbolic links are not followed)", .path.display())]
    NotAFolder { path: PathBuf },
    #[error("{} is not a regular file (symbolic links are not followed)", .path.display())]
    NotAFile { path: PathBuf },
    /// The cache folder or a library belongs to `owner`, not to us (`euid`).
    #[error("{} belongs to another user (uid {owner}, we are {euid})", .path.display())]
    NotOurs {
        path: PathBuf,
        owner: u32,
        euid: u32,
    },
    #[error("{} can be written by others (mode {mode:o}; chmod go-w it)", .path.display())]
    WritableFolder { path: PathBuf, mode: u32 },
    #[error("{} can be written by others (mode {mode:o})", .path.display())]
    WritableFile { path: PathBuf, mode: u32 },
    /// A folder above the cache belongs to neither us nor root.
    #[error("{} (above the cache) belongs to another user (uid {owner})", .path.display())]
    AncestorNotOurs { path: PathBuf, owner: u32 },
    /// A folder above the cache anyone can write, without the sticky bit.
    #[error("{} (above the cache) can be written by anyone", .path.display())]
    AncestorWritable { path: PathBuf },
}

/// Turns an I/O error on `path` (`symlink_metadata`, `canonicalize`) into `make`'s variant.
#[cfg(unix)]
fn io_error(
    make: fn(PathBuf, std::io::Error) -> TrustError,
    path: &Path,
) -> impl FnOnce(std::io::Error) -> TrustError + '_ {
    move |source| make(path.to_path_buf(), source)
}

/// Creates `dir` (and missing parents) readable and writable by us only.
pub fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

/// Checks the cache folder and the folders above it; the error says what is wrong.
#[cfg(unix)]
pub fn check_dir(dir: &Path) -> Result<(), TrustError> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::symlink_metadata(dir).map_err(io_error(inspect, dir))?;
    if !meta.file_type().is_dir() {
        return Err(TrustError::NotAFolder {
            path: dir.to_path_buf(),
        });
    }
    owned_by_us(dir, meta.uid())?;
    if meta.mode() & 0o022 != 0 {
        return Err(TrustError::WritableFolder {
            path: dir.to_path_buf(),
            mode: meta.mode() & 0o777,
        });
    }
    check_ancestors(dir)
}

/// Each folder above `dir`: owned by us or root, and not writable by others unless sticky.
#[cfg(unix)]
fn check_ancestors(dir: &Path) -> Result<(), TrustError> {
    use std::os::unix::fs::MetadataExt;
    let Some(parent) = dir.parent() else {
        return Ok(());
    };
    let parent = std::fs::canonicalize(parent).map_err(io_error(resolve, parent))?;
    for folder in parent.ancestors() {
        let meta = std::fs::metadata(folder).map_err(io_error(inspect, folder))?;
        if meta.uid() != 0 && meta.uid() != euid() {
            return Err(TrustError::AncestorNotOurs {
                path: folder.to_path_buf(),
                owner: meta.uid(),
            });
        }
        let sticky = meta.mode() & 0o1000 != 0;
        if meta.mode() & 0o002 != 0 && !sticky {
            return Err(TrustError::AncestorWritable {
                path: folder.to_path_buf(),
            });
        }
    }
    Ok(())
}

/// Checks a library before it is loaded: a regular file (not a link), ours, not writable by
/// others.
#[cfg(unix)]
pub fn check_file(path: &Path) -> Result<(), TrustError> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::symlink_metadata(path).map_err(io_error(inspect, path))?;
    if !meta.file_type().is_file() {
        return Err(TrustError::NotAFile {
            path: path.to_path_buf(),
        });
    }
    owned_by_us(path, meta.uid())?;
    if meta.mode() & 0o022 != 0 {
        return Err(TrustError::WritableFile {
            path: path.to_path_buf(),
            mode: meta.mode() & 0o777,
        });
    }
    Ok(())
}

/// Makes a freshly built library read-only for everyone but readable and loadable by us:
/// rustc writes it with the umask's mode, which may let the group write it.
pub fn seal_file(path: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o500))?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

#[cfg(unix)]
fn owned_by_us(path: &Path, uid: u32) -> Result<(), TrustError> {
    if uid == euid() {
        Ok(())
    } else {
        Err(TrustError::NotOurs {
            path: path.to_path_buf(),
            owner: uid,
            euid: euid(),
        })
    }
}

#[cfg(unix)]
fn inspect(path: PathBuf, source: std::io::Error) -> TrustError {
    TrustError::Inspect { path, source }
}

#[cfg(unix)]
fn resolve(path: PathBuf, source: std::io::Error) -> TrustError {
    TrustError::Resolve { path, source }
}

#[cfg(unix)]
fn euid() -> u32 {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() }
}

#[cfg(not(unix))]
pub fn check_dir(_dir: &Path) -> Result<(), TrustError> {
    Ok(())
}

#[cfg(not(unix))]
pub fn check_file(_path: &Path) -> Result<(), TrustError> {
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn fresh(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("rbgtool-trust-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        create_private_dir(&dir).unwrap();
        dir
    }

    fn chmod(path: &Path, mode: u32) {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    }

    #[test]
    fn a_private_folder_and_a_sealed_file_are_trusted() {
        let dir = fresh("ok");
        let file = dir.join("lib.so");
        std::fs::write(&file, b"x").unwrap();
        seal_file(&file).unwrap();
        check_dir(&dir).unwrap();
        check_file(&file).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn folders_and_files_others_can_write_are_refused() {
        let dir = fresh("writable");
        let file = dir.join("lib.so");
        std::fs::write(&file, b"x").unwrap();
        chmod(&file, 0o664);
        let e = check_file(&file).unwrap_err();
        assert!(matches!(e, TrustError::WritableFile { mode: 0o664, .. }));
        assert_eq!(
            e.to_string(),
            format!("{} can be written by others (mode 664)", file.display())
        );
        chmod(&dir, 0o777);
        let e = check_dir(&dir).unwrap_err();
        assert!(matches!(e, TrustError::WritableFolder { mode: 0o777, .. }));
        assert!(e.to_string().ends_with("(mode 777; chmod go-w it)"), "{e}");
        chmod(&dir, 0o700);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn symbolic_links_are_not_followed() {
        let dir = fresh("links");
        let file = dir.join("real.so");
        std::fs::write(&file, b"x").unwrap();
        seal_file(&file).unwrap();
        let link = dir.join("link.so");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        assert!(matches!(
            check_file(&link),
            Err(TrustError::NotAFile { path }) if path == link
        ));
        let dir_link =
            std::env::temp_dir().join(format!("rbgtool-trust-dl-{}", std::process::id()));
        let _ = std::fs::remove_file(&dir_link);
        std::os::unix::fs::symlink(&dir, &dir_link).unwrap();
        let e = check_dir(&dir_link).unwrap_err();
        assert!(matches!(e, TrustError::NotAFolder { .. }));
        assert!(e.to_string().contains("not a folder"), "{e}");
        let _ = std::fs::remove_file(&dir_link);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_of_another_user_is_refused_when_we_can_make_one() {
        let dir = fresh("owner");
        let file = dir.join("lib.so");
        std::fs::write(&file, b"x").unwrap();
        seal_file(&file).unwrap();
        // Only root can give a file away; elsewhere the mode tests above cover the check.
        if std::os::unix::fs::chown(&file, Some(65534), None).is_ok() {
            assert!(matches!(
                check_file(&file),
                Err(TrustError::NotOurs { owner: 65534, .. })
            ));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
