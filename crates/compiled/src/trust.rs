//! Whether a cache folder and its libraries can be trusted (issue 38, item 6).
//!
//! Loading a library runs its code, so a library anyone else could have written must never
//! be loaded. As ssh does with `~/.ssh` and Python with its bytecode caches, the cache
//! folder must be a real folder (not a symbolic link) owned by us and writable by nobody
//! else, every folder above it owned by us or root and not writable by others (unless sticky,
//! like `/tmp`, where others cannot move our entries), and each library a regular file owned
//! by us that nobody else can write. Once the folder is ours alone, nobody can swap a file
//! between this check and loading it.

use std::path::Path;

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
pub fn check_dir(dir: &Path) -> Result<(), String> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::symlink_metadata(dir)
        .map_err(|e| format!("cannot inspect {}: {e}", dir.display()))?;
    if !meta.file_type().is_dir() {
        return Err(format!(
            "{} is not a folder (symbolic links are not followed)",
            dir.display()
        ));
    }
    owned_by_us(dir, meta.uid())?;
    if meta.mode() & 0o022 != 0 {
        return Err(format!(
            "{} can be written by others (mode {:o}; chmod go-w it)",
            dir.display(),
            meta.mode() & 0o777
        ));
    }
    check_ancestors(dir)
}

/// Each folder above `dir`: owned by us or root, and not writable by others unless sticky.
#[cfg(unix)]
fn check_ancestors(dir: &Path) -> Result<(), String> {
    use std::os::unix::fs::MetadataExt;
    let Some(parent) = dir.parent() else {
        return Ok(());
    };
    let parent = std::fs::canonicalize(parent)
        .map_err(|e| format!("cannot resolve {}: {e}", parent.display()))?;
    for folder in parent.ancestors() {
        let meta = std::fs::metadata(folder)
            .map_err(|e| format!("cannot inspect {}: {e}", folder.display()))?;
        if meta.uid() != 0 && meta.uid() != euid() {
            return Err(format!(
                "{} (above the cache) belongs to another user (uid {})",
                folder.display(),
                meta.uid()
            ));
        }
        let sticky = meta.mode() & 0o1000 != 0;
        if meta.mode() & 0o002 != 0 && !sticky {
            return Err(format!(
                "{} (above the cache) can be written by anyone",
                folder.display()
            ));
        }
    }
    Ok(())
}

/// Checks a library before it is loaded: a regular file (not a link), ours, not writable by
/// others.
#[cfg(unix)]
pub fn check_file(path: &Path) -> Result<(), String> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::symlink_metadata(path)
        .map_err(|e| format!("cannot inspect {}: {e}", path.display()))?;
    if !meta.file_type().is_file() {
        return Err(format!(
            "{} is not a regular file (symbolic links are not followed)",
            path.display()
        ));
    }
    owned_by_us(path, meta.uid())?;
    if meta.mode() & 0o022 != 0 {
        return Err(format!(
            "{} can be written by others (mode {:o})",
            path.display(),
            meta.mode() & 0o777
        ));
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
fn owned_by_us(path: &Path, uid: u32) -> Result<(), String> {
    if uid == euid() {
        Ok(())
    } else {
        Err(format!(
            "{} belongs to another user (uid {uid}, we are {})",
            path.display(),
            euid()
        ))
    }
}

#[cfg(unix)]
fn euid() -> u32 {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() }
}

#[cfg(not(unix))]
pub fn check_dir(_dir: &Path) -> Result<(), String> {
    Ok(())
}

#[cfg(not(unix))]
pub fn check_file(_path: &Path) -> Result<(), String> {
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
        assert_eq!(check_dir(&dir), Ok(()));
        assert_eq!(check_file(&file), Ok(()));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn folders_and_files_others_can_write_are_refused() {
        let dir = fresh("writable");
        let file = dir.join("lib.so");
        std::fs::write(&file, b"x").unwrap();
        chmod(&file, 0o664);
        assert!(check_file(&file).unwrap_err().contains("written by others"));
        chmod(&dir, 0o777);
        assert!(check_dir(&dir).unwrap_err().contains("written by others"));
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
        assert!(check_file(&link)
            .unwrap_err()
            .contains("not a regular file"));
        let dir_link =
            std::env::temp_dir().join(format!("rbgtool-trust-dl-{}", std::process::id()));
        let _ = std::fs::remove_file(&dir_link);
        std::os::unix::fs::symlink(&dir, &dir_link).unwrap();
        assert!(check_dir(&dir_link).unwrap_err().contains("not a folder"));
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
            assert!(check_file(&file).unwrap_err().contains("another user"));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
