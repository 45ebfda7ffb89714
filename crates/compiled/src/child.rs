//! Running `rustc` on the source of an untrusted game, under limits (issue 38, item 5).
//!
//! A hostile game can make rustc take minutes and gigabytes, so every run gets
//! * a wall-clock limit: past it the whole process group (rustc and its linker) is killed;
//! * an address-space limit (`RLIMIT_AS`), inherited by the linker rustc starts;
//! * on Linux, death with its parent (`PR_SET_PDEATHSIG`), so killing rbgtool never leaves
//!   rustc running as an orphan.
//!
//! Output goes to a file in the build's scratch folder rather than a pipe, so a chatty
//! compiler can never block on a full pipe while we wait for it.

use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// Default wall-clock limit of one build.
pub const DEFAULT_BUILD_TIMEOUT: Duration = Duration::from_secs(300);
/// Longest build allowed: scratch folders older than this belong to no running build, which
/// is how [`crate::cache`] tells stale ones apart when a process id has been reused.
pub const MAX_BUILD_TIMEOUT: Duration = Duration::from_secs(3600);
/// Default address-space limit of rustc, in MiB. Address space, not resident memory: rustc
/// reserves far more than it touches (building chess peaks near 670 MB of address space for
/// 300 MB resident, arimaa 2.5 GB for 1.4 GB).
pub const DEFAULT_BUILD_MEMORY_MB: u64 = 4096;

/// Limits of one rustc run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildLimits {
    /// Wall-clock time, at most [`MAX_BUILD_TIMEOUT`] (longer values are cut to it).
    pub timeout: Duration,
    /// Address-space limit in MiB (`RLIMIT_AS` of rustc and of the linker it runs).
    pub memory_mb: u64,
}

impl Default for BuildLimits {
    fn default() -> Self {
        BuildLimits {
            timeout: DEFAULT_BUILD_TIMEOUT,
            memory_mb: DEFAULT_BUILD_MEMORY_MB,
        }
    }
}

/// How a limited run ended, when it did not exit on its own.
#[derive(Debug)]
pub enum RunError {
    /// The process could not be started.
    Spawn(std::io::Error),
    /// The time limit passed; the process group was killed.
    TimedOut(Duration),
}

/// Runs `cmd` under `limits`, its standard output and error written to `log`; returns its
/// exit status.
pub fn run_limited(
    mut cmd: Command,
    limits: &BuildLimits,
    log: &Path,
) -> Result<ExitStatus, RunError> {
    let out = std::fs::File::create(log).map_err(RunError::Spawn)?;
    let err = out.try_clone().map_err(RunError::Spawn)?;
    cmd.stdin(Stdio::null()).stdout(out).stderr(err);
    confine(&mut cmd, limits.memory_mb);
    let mut child = cmd.spawn().map_err(RunError::Spawn)?;
    let timeout = limits.timeout.min(MAX_BUILD_TIMEOUT);
    let deadline = Instant::now() + timeout;
    let mut pause = Duration::from_millis(1);
    loop {
        if let Some(status) = child.try_wait().map_err(RunError::Spawn)? {
            return Ok(status);
        }
        if Instant::now() >= deadline {
            // Killed before it is reaped, the leader keeps its id, so the group is still ours.
            kill_group(child.id());
            let _ = child.kill();
            let _ = child.wait();
            return Err(RunError::TimedOut(timeout));
        }
        std::thread::sleep(pause);
        // Quick builds are noticed at once, long ones polled without cost.
        pause = (pause * 2).min(Duration::from_millis(50));
    }
}

/// Whether a run that failed most likely hit the address-space limit: rustc aborts on a
/// failed allocation, LLVM reports running out of memory, and below about 400 MB the
/// dynamic loader cannot even map rustc's libraries.
pub fn out_of_memory(status: ExitStatus, log_text: &str) -> bool {
    let signalled = {
        #[cfg(unix)]
        {
            use std::os::unix::process::ExitStatusExt;
            status.signal().is_some()
        }
        #[cfg(not(unix))]
        {
            let _ = status;
            false
        }
    };
    let said = [
        "memory allocation of",
        "out of memory",
        "Cannot allocate memory",
        "failed to map segment from shared object",
    ]
    .iter()
    .any(|m| log_text.contains(m));
    said || (signalled && log_text.trim().is_empty())
}

/// Puts the child in a process group of its own (so a timeout kills its linker too), limits
/// its address space and, on Linux, ties its life to ours.
#[cfg(unix)]
fn confine(cmd: &mut Command, memory_mb: u64) {
    use std::os::unix::process::CommandExt;
    let bytes = memory_mb.saturating_mul(1 << 20) as libc::rlim_t;
    let parent = std::process::id();
    cmd.process_group(0);
    // SAFETY: the closure runs between fork and exec and only makes system calls
    // (prctl, getppid, getrlimit, setrlimit), which are async-signal-safe.
    unsafe {
        cmd.pre_exec(move || {
            die_with_parent(parent)?;
            limit_address_space(bytes)
        });
    }
}

/// Lowers `RLIMIT_AS` to `bytes`, or to the inherited hard limit when that is lower (an
/// unprivileged process may not raise it, and a lower inherited limit already holds).
#[cfg(unix)]
unsafe fn limit_address_space(bytes: libc::rlim_t) -> std::io::Result<()> {
    let mut current = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    if libc::getrlimit(libc::RLIMIT_AS, &mut current) != 0 {
        return Err(std::io::Error::last_os_error());
    }
    let bytes = bytes.min(current.rlim_max);
    let limit = libc::rlimit {
        rlim_cur: bytes,
        rlim_max: bytes,
    };
    if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

#[cfg(not(unix))]
fn confine(_cmd: &mut Command, _memory_mb: u64) {}

/// `PR_SET_PDEATHSIG`: SIGKILL when the thread that forked us ends. Builds wait for rustc on
/// the thread that started it, so that thread outlives the child unless the process dies.
#[cfg(target_os = "linux")]
fn die_with_parent(parent: u32) -> std::io::Result<()> {
    // SAFETY: plain system calls with integer arguments.
    unsafe {
        if libc::prctl(
            libc::PR_SET_PDEATHSIG,
            libc::SIGKILL as libc::c_ulong,
            0,
            0,
            0,
        ) != 0
        {
            return Err(std::io::Error::last_os_error());
        }
        // The parent may have died between fork and prctl: no signal would come then.
        if libc::getppid() as u32 != parent {
            return Err(std::io::Error::other("the parent process ended"));
        }
    }
    Ok(())
}

#[cfg(all(unix, not(target_os = "linux")))]
fn die_with_parent(_parent: u32) -> std::io::Result<()> {
    Ok(())
}

#[cfg(unix)]
fn kill_group(leader: u32) {
    // SAFETY: kill with a negative id signals the process group `leader` leads.
    unsafe {
        libc::kill(-(leader as libc::pid_t), libc::SIGKILL);
    }
}

#[cfg(not(unix))]
fn kill_group(_leader: u32) {}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("rbgtool-child-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_run_past_its_time_limit_is_killed_with_its_children() {
        let dir = scratch("timeout");
        let marker = dir.join("child-alive");
        // The shell starts a grandchild that would write the marker after 3 s.
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(format!("(sleep 3; touch {}) & sleep 30", marker.display()));
        let limits = BuildLimits {
            timeout: Duration::from_millis(300),
            ..BuildLimits::default()
        };
        let started = Instant::now();
        let result = run_limited(cmd, &limits, &dir.join("log"));
        assert!(matches!(result, Err(RunError::TimedOut(_))), "{result:?}");
        assert!(started.elapsed() < Duration::from_secs(20), "hang guard");
        std::thread::sleep(Duration::from_secs(4));
        assert!(!marker.exists(), "the grandchild outlived the timeout");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_address_space_limit_applies_to_the_child() {
        let dir = scratch("memory");
        // `ulimit -v` prints the soft address-space limit in KiB.
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg("ulimit -v");
        let limits = BuildLimits {
            memory_mb: 512,
            ..BuildLimits::default()
        };
        let status = run_limited(cmd, &limits, &dir.join("log")).unwrap();
        assert!(status.success());
        let printed = std::fs::read_to_string(dir.join("log")).unwrap();
        assert_eq!(printed.trim(), (512 * 1024).to_string());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
