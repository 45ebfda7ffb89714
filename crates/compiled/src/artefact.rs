//! Building the generated source into a loadable library, through a content-addressed cache.
//!
//! The cache key is SHA-256 of the ABI version, the flags, the source (which holds the
//! runtime) and the host's processor (`target-cpu=native` code must not run on another
//! processor: the architecture, and on Linux the model name and feature flags of
//! `/proc/cpuinfo`). A cache hit runs no child process (`rustc -vV` alone peaks at 30 MB, more
//! than the engine); the library's C ABI is versioned and checked at load, so one built by an
//! older rustc stays valid after an upgrade. An artefact is built in a fresh
//! temporary folder beside the cache and moved into place with one `rename`, so two
//! processes building the same game at once both end with a complete library (the last
//! rename wins; both files are identical in behaviour).
//!
//! Location: `$RBGTOOL_CACHE/compiled`, else `$XDG_CACHE_HOME/rbgtool/compiled`, else
//! `$HOME/.cache/rbgtool/compiled`.

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

/// How hard rustc optimises the game's library (part of the cache key).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Optimise {
    /// `opt-level=3`, one codegen unit: the fastest engine, the slowest build (chess: about
    /// 30 s on an idle core).
    #[default]
    Full,
    /// `opt-level=1`: builds several times faster, runs slower; the same semantics (used by
    /// the equality tests, where build time dominates).
    Quick,
}

impl Optimise {
    fn flags(self) -> &'static [&'static str] {
        match self {
            Optimise::Full => &["-C", "opt-level=3", "-C", "codegen-units=1"],
            Optimise::Quick => &["-C", "opt-level=1", "-C", "codegen-units=16"],
        }
    }
}

/// rustc flags of every build besides those of [`Optimise`] and the target processor
/// ([`target_cpu_flag`]) (all part of the cache key).
pub const RUSTC_FLAGS: &[&str] = &[
    "--edition",
    "2021",
    "--crate-type",
    "cdylib",
    "--crate-name",
    "rbggame",
    "-C",
    "panic=abort",
    "-C",
    "debuginfo=0",
];

/// `target-cpu=native`, or `target-cpu=$RBGTOOL_TARGET_CPU` when that is set to a processor
/// name rustc knows (letters, digits, `.`, `_`, `-`): valgrind, for one, stops at AVX-512
/// instructions, so instruction counts need `x86-64-v3` on such a machine.
pub fn target_cpu_flag() -> String {
    cpu_flag(std::env::var("RBGTOOL_TARGET_CPU").ok().as_deref())
}

/// `target_cpu_flag` for the variable's value: anything but a plain name (an empty value,
/// spaces, `=`, another flag) falls back to `native`, so the variable cannot add flags.
fn cpu_flag(value: Option<&str>) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-');
    match value {
        Some(cpu) if !cpu.is_empty() && cpu.len() <= 64 && cpu.chars().all(plain) => {
            format!("target-cpu={cpu}")
        }
        _ => "target-cpu=native".into(),
    }
}

/// Where the built library lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cache {
    /// The default location (see the module docs).
    Default,
    /// This folder.
    Dir(PathBuf),
    /// Build in a temporary folder, delete after loading (`--no-cache`).
    Off,
}

#[derive(Debug)]
pub enum BuildError {
    NoToolchain(String),
    Io(String),
    Rustc(String),
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::NoToolchain(m) => write!(f, "no Rust toolchain: {m}"),
            BuildError::Io(m) => write!(f, "{m}"),
            BuildError::Rustc(m) => write!(f, "rustc failed: {m}"),
        }
    }
}

/// A built library: its path, whether it came from the cache, and a folder to delete once
/// the library is loaded (no-cache builds).
pub struct Artefact {
    pub path: PathBuf,
    pub cache_hit: bool,
    pub scratch: Option<PathBuf>,
}

/// `$RUSTC`, else `rustc` on the PATH.
pub fn find_rustc() -> Result<PathBuf, BuildError> {
    if let Some(r) = std::env::var_os("RUSTC") {
        return Ok(PathBuf::from(r));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        let p = dir.join(format!("rustc{}", std::env::consts::EXE_SUFFIX));
        if p.is_file() {
            return Ok(p);
        }
    }
    Err(BuildError::NoToolchain(
        "rustc not found on PATH (set $RUSTC)".into(),
    ))
}

/// `rustc -vV` succeeds (a missing or broken toolchain is told apart from a failed build).
fn rustc_works(rustc: &Path) -> Result<(), BuildError> {
    let out = Command::new(rustc)
        .arg("-vV")
        .output()
        .map_err(|e| BuildError::NoToolchain(format!("cannot run {}: {e}", rustc.display())))?;
    if !out.status.success() {
        return Err(BuildError::NoToolchain(format!(
            "{} -vV failed",
            rustc.display()
        )));
    }
    Ok(())
}

/// What `target-cpu=native` depends on: the architecture and operating system, and on Linux
/// the first processor's model name and feature flags.
fn host_processor() -> String {
    let mut id = format!("{}-{}", std::env::consts::ARCH, std::env::consts::OS);
    if let Ok(info) = std::fs::read_to_string("/proc/cpuinfo") {
        for key in ["model name", "flags", "Features", "CPU part"] {
            let line = info
                .lines()
                .find(|l| l.split(':').next().is_some_and(|k| k.trim() == key));
            if let Some(line) = line {
                id.push('\n');
                id.push_str(line.trim());
            }
        }
    }
    id
}

/// The default cache folder.
pub fn default_cache_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("RBGTOOL_CACHE") {
        return Some(PathBuf::from(d).join("compiled"));
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME") {
        return Some(PathBuf::from(d).join("rbgtool").join("compiled"));
    }
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/rbgtool/compiled"))
}

fn cache_key(abi: u32, host: &str, opt: Optimise, source: &str) -> String {
    let mut h = Sha256::new();
    h.update(abi.to_le_bytes());
    h.update(host.as_bytes());
    let cpu = target_cpu_flag();
    for f in RUSTC_FLAGS.iter().chain(opt.flags()).chain([&cpu.as_str()]) {
        h.update(f.as_bytes());
        h.update([0]);
    }
    h.update(source.as_bytes());
    h.finalize()[..16]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn lib_name(key: &str) -> String {
    format!(
        "{}rbg-{key}{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    )
}

/// A fresh folder inside `parent`.
fn scratch_dir(parent: &Path) -> Result<PathBuf, BuildError> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let dir = parent.join(format!(".tmp-{}-{nanos}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir)
        .map_err(|e| BuildError::Io(format!("cannot create {}: {e}", dir.display())))?;
    Ok(dir)
}

/// Compiles `source` in `dir` into `dir/lib`.
fn compile(rustc: &Path, source: &str, opt: Optimise, dir: &Path) -> Result<PathBuf, BuildError> {
    let src = dir.join("game.rs");
    std::fs::write(&src, source)
        .map_err(|e| BuildError::Io(format!("cannot write {}: {e}", src.display())))?;
    let lib = dir.join(lib_name("out"));
    let out = Command::new(rustc)
        .args(RUSTC_FLAGS)
        .args(opt.flags())
        .args(["-C", &target_cpu_flag()])
        .arg("-o")
        .arg(&lib)
        .arg(&src)
        .output()
        .map_err(|e| BuildError::NoToolchain(format!("cannot run {}: {e}", rustc.display())))?;
    if !out.status.success() {
        let msg = String::from_utf8_lossy(&out.stderr);
        let head: Vec<&str> = msg.lines().take(12).collect();
        return Err(BuildError::Rustc(head.join("\n")));
    }
    Ok(lib)
}

/// The library for `source`: from the cache, or built (and cached).
pub fn build(source: &str, abi: u32, opt: Optimise, cache: &Cache) -> Result<Artefact, BuildError> {
    let dir = match cache {
        Cache::Off => None,
        Cache::Dir(d) => Some(d.clone()),
        Cache::Default => default_cache_dir(),
    };
    let Some(dir) = dir else {
        return build_uncached(&find_rustc()?, source, opt);
    };
    let key = cache_key(abi, &host_processor(), opt, source);
    let path = dir.join(lib_name(&key));
    if path.is_file() {
        return Ok(Artefact {
            path,
            cache_hit: true,
            scratch: None,
        });
    }
    let rustc = find_rustc()?;
    rustc_works(&rustc)?;
    std::fs::create_dir_all(&dir)
        .map_err(|e| BuildError::Io(format!("cannot create {}: {e}", dir.display())))?;
    let tmp = scratch_dir(&dir)?;
    let result = compile(&rustc, source, opt, &tmp).and_then(|lib| {
        std::fs::rename(&lib, &path)
            .map_err(|e| BuildError::Io(format!("cannot move {}: {e}", lib.display())))
    });
    let _ = std::fs::remove_dir_all(&tmp);
    result.map(|()| Artefact {
        path,
        cache_hit: false,
        scratch: None,
    })
}

fn build_uncached(rustc: &Path, source: &str, opt: Optimise) -> Result<Artefact, BuildError> {
    let tmp = scratch_dir(&std::env::temp_dir())?;
    match compile(rustc, source, opt, &tmp) {
        Ok(path) => Ok(Artefact {
            path,
            cache_hit: false,
            scratch: Some(tmp),
        }),
        Err(e) => {
            let _ = std::fs::remove_dir_all(&tmp);
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::cpu_flag;

    #[test]
    fn the_target_cpu_is_a_plain_name_or_native() {
        assert_eq!(cpu_flag(None), "target-cpu=native");
        assert_eq!(cpu_flag(Some("x86-64-v3")), "target-cpu=x86-64-v3");
        assert_eq!(cpu_flag(Some("")), "target-cpu=native");
        for hostile in [
            "native -C link-arg=x",
            "a=b",
            "v3\n-o",
            "../x",
            &"x".repeat(65),
        ] {
            assert_eq!(cpu_flag(Some(hostile)), "target-cpu=native", "{hostile:?}");
        }
    }
}
