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
//! Games are untrusted: rustc runs under a time and an address-space limit and dies with us
//! ([`crate::child`]); the cache folder and every library are checked before use
//! ([`crate::trust`]); each library carries the full SHA-256 its key is cut from (its build
//! id, exported as `rbg_build_id`), which the loader compares, so a library copied over
//! another game's key is refused; scratch folders of killed builds are removed by the next
//! build ([`crate::cache`]).
//!
//! Location: `$RBGTOOL_CACHE/compiled`, else `$XDG_CACHE_HOME/rbgtool/compiled`, else
//! `$HOME/.cache/rbgtool/compiled`.

use crate::cache::{library_name, scratch_dir};
use crate::child::{self, BuildLimits, RunError};
use crate::trust;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::Command;

/// How hard rustc optimises the game's library (part of the cache key).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Optimise {
    /// `opt-level=3`, one codegen unit: the fastest engine, the slowest build (chess: about
    /// 30 s on an idle core).
    #[default]
    Full,
    /// `opt-level=0`: builds several times faster (chess: 7 s against 27 s at `opt-level=1`,
    /// measured side by side), runs slower; the same semantics, as debug assertions and
    /// overflow checks stay off as in a full build (used by the equality tests, where build
    /// time dominates).
    Quick,
}

impl Optimise {
    fn flags(self) -> &'static [&'static str] {
        match self {
            Optimise::Full => &["-C", "opt-level=3", "-C", "codegen-units=1"],
            Optimise::Quick => &[
                "-C",
                "opt-level=0",
                "-C",
                "codegen-units=16",
                "-C",
                "debug-assertions=off",
                "-C",
                "overflow-checks=off",
            ],
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
    /// rustc ran past the time limit and was killed.
    TimedOut(std::time::Duration),
    /// rustc failed at its address-space limit (MiB).
    OutOfMemory(u64),
    /// The cache folder or the library in it could be written by others.
    Untrusted(trust::TrustError),
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::NoToolchain(m) => write!(f, "no Rust toolchain: {m}"),
            BuildError::Io(m) => write!(f, "{m}"),
            BuildError::Rustc(m) => write!(f, "rustc failed: {m}"),
            BuildError::TimedOut(t) => write!(
                f,
                "the build took longer than its limit of {} s and was stopped (--build-timeout)",
                t.as_secs()
            ),
            BuildError::OutOfMemory(mb) => write!(
                f,
                "rustc ran out of its {mb} MB address-space limit (--build-memory)"
            ),
            BuildError::Untrusted(m) => write!(f, "refusing the artefact cache: {m}"),
        }
    }
}

/// A built library: its path, whether it came from the cache, its build id (checked at
/// load), and a folder to delete once the library is loaded (no-cache builds).
pub struct Artefact {
    pub path: PathBuf,
    pub cache_hit: bool,
    pub build_id: [u8; 32],
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

/// `rustc -vV` succeeds (a missing or broken toolchain is told apart from a failed build);
/// run under the same limits as the build, its output in `dir`.
fn rustc_works(rustc: &Path, limits: &BuildLimits, dir: &Path) -> Result<(), BuildError> {
    let mut cmd = Command::new(rustc);
    cmd.arg("-vV");
    let log = dir.join("rustc-version.txt");
    let status = run(cmd, rustc, limits, &log)?;
    if !status.success() {
        let said = std::fs::read_to_string(&log).unwrap_or_default();
        if child::out_of_memory(status, &said) {
            return Err(BuildError::OutOfMemory(limits.memory_mb));
        }
        return Err(BuildError::NoToolchain(format!(
            "{} -vV failed",
            rustc.display()
        )));
    }
    Ok(())
}

/// [`child::run_limited`], its errors as build errors.
fn run(
    cmd: Command,
    rustc: &Path,
    limits: &BuildLimits,
    log: &Path,
) -> Result<std::process::ExitStatus, BuildError> {
    child::run_limited(cmd, limits, log).map_err(|e| match e {
        RunError::Spawn(e) => {
            BuildError::NoToolchain(format!("cannot run {}: {e}", rustc.display()))
        }
        RunError::TimedOut(t) => BuildError::TimedOut(t),
    })
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

/// The build id: SHA-256 of everything the library depends on (ABI version, host processor,
/// flags, source, and the format of the id item itself). The cache key is its first half.
fn build_id(abi: u32, host: &str, opt: Optimise, source: &str) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(abi.to_le_bytes());
    h.update(ID_ITEM_FORMAT.as_bytes());
    h.update(host.as_bytes());
    let cpu = target_cpu_flag();
    for f in RUSTC_FLAGS.iter().chain(opt.flags()).chain([&cpu.as_str()]) {
        h.update(f.as_bytes());
        h.update([0]);
    }
    h.update(source.as_bytes());
    h.finalize().into()
}

fn cache_key(id: &[u8; 32]) -> String {
    id[..16].iter().map(|b| format!("{b:02x}")).collect()
}

/// Names the shape of [`id_item`]; hashed into the id so that libraries without the item
/// (built before it existed) are never found under a current key.
const ID_ITEM_FORMAT: &str = "rbg_build_id v1";

/// The item appended to the generated source: the function the loader asks for the build
/// id. Only bytes computed here reach it, never text of the game.
fn id_item(id: &[u8; 32]) -> String {
    format!(
        "\n// {ID_ITEM_FORMAT}: the library's identity, checked at load.\n\
         #[no_mangle]\n\
         pub extern \"C\" fn rbg_build_id(out: *mut u8) {{\n    \
         const ID: [u8; 32] = {id:?};\n    \
         unsafe {{ std::ptr::copy_nonoverlapping(ID.as_ptr(), out, 32) }}\n}}\n"
    )
}

/// Compiles `source` (with its id item) in `dir` into a sealed library in `dir`.
fn compile(
    rustc: &Path,
    source: &str,
    id: &[u8; 32],
    opt: Optimise,
    limits: &BuildLimits,
    dir: &Path,
) -> Result<PathBuf, BuildError> {
    let src = dir.join("game.rs");
    std::fs::write(&src, format!("{source}{}", id_item(id)))
        .map_err(|e| BuildError::Io(format!("cannot write {}: {e}", src.display())))?;
    let lib = dir.join(library_name("out"));
    let mut cmd = Command::new(rustc);
    cmd.args(RUSTC_FLAGS)
        .args(opt.flags())
        .args(["-C", &target_cpu_flag()])
        .arg("-o")
        .arg(&lib)
        .arg(&src);
    let log = dir.join("rustc.log");
    let status = run(cmd, rustc, limits, &log)?;
    if !status.success() {
        let msg = std::fs::read_to_string(&log).unwrap_or_default();
        if child::out_of_memory(status, &msg) {
            return Err(BuildError::OutOfMemory(limits.memory_mb));
        }
        let head: Vec<&str> = msg.lines().take(12).collect();
        return Err(BuildError::Rustc(head.join("\n")));
    }
    trust::seal_file(&lib)
        .map_err(|e| BuildError::Io(format!("cannot protect {}: {e}", lib.display())))?;
    Ok(lib)
}

/// Whether the library for `source` is in the cache, so that [`build`] would only load it.
pub fn in_cache(source: &str, abi: u32, opt: Optimise, cache: &Cache) -> bool {
    let dir = match cache {
        Cache::Off => return false,
        Cache::Dir(d) => d.clone(),
        Cache::Default => match default_cache_dir() {
            Some(d) => d,
            None => return false,
        },
    };
    let id = build_id(abi, &host_processor(), opt, source);
    dir.join(library_name(&cache_key(&id)))
        .symlink_metadata()
        .is_ok()
}

/// The library for `source`: from the cache, or built (and cached) under `limits`.
pub fn build(
    source: &str,
    abi: u32,
    opt: Optimise,
    cache: &Cache,
    limits: &BuildLimits,
) -> Result<Artefact, BuildError> {
    let dir = match cache {
        Cache::Off => None,
        Cache::Dir(d) => Some(d.clone()),
        Cache::Default => default_cache_dir(),
    };
    let id = build_id(abi, &host_processor(), opt, source);
    let Some(dir) = dir else {
        return build_uncached(&find_rustc()?, source, &id, opt, limits);
    };
    open_cache(&dir)?;
    let path = dir.join(library_name(&cache_key(&id)));
    if path.symlink_metadata().is_ok() {
        trust::check_file(&path).map_err(BuildError::Untrusted)?;
        return Ok(Artefact {
            path,
            cache_hit: true,
            build_id: id,
            scratch: None,
        });
    }
    let rustc = find_rustc()?;
    crate::cache::remove_stale_scratch(&dir);
    let tmp = scratch_dir(&dir)
        .map_err(|e| BuildError::Io(format!("cannot create a folder in {}: {e}", dir.display())))?;
    let result = rustc_works(&rustc, limits, &tmp)
        .and_then(|()| compile(&rustc, source, &id, opt, limits, &tmp))
        .and_then(|lib| {
            std::fs::rename(&lib, &path)
                .map_err(|e| BuildError::Io(format!("cannot move {}: {e}", lib.display())))
        });
    let _ = std::fs::remove_dir_all(&tmp);
    result.map(|()| Artefact {
        path,
        cache_hit: false,
        build_id: id,
        scratch: None,
    })
}

/// Creates the cache folder (ours only) when missing, then checks it can be trusted.
fn open_cache(dir: &Path) -> Result<(), BuildError> {
    if dir.symlink_metadata().is_err() {
        trust::create_private_dir(dir)
            .map_err(|e| BuildError::Io(format!("cannot create {}: {e}", dir.display())))?;
    }
    trust::check_dir(dir).map_err(BuildError::Untrusted)
}

fn build_uncached(
    rustc: &Path,
    source: &str,
    id: &[u8; 32],
    opt: Optimise,
    limits: &BuildLimits,
) -> Result<Artefact, BuildError> {
    let temp = std::env::temp_dir();
    crate::cache::remove_stale_scratch(&temp);
    let tmp = scratch_dir(&temp).map_err(|e| {
        BuildError::Io(format!("cannot create a folder in {}: {e}", temp.display()))
    })?;
    match rustc_works(rustc, limits, &tmp)
        .and_then(|()| compile(rustc, source, id, opt, limits, &tmp))
    {
        Ok(path) => Ok(Artefact {
            path,
            cache_hit: false,
            build_id: *id,
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
