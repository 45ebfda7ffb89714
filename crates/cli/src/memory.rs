//! The memory budget (`--memory MB`, default 2048): a global allocator that counts the bytes
//! in use and, when an allocation would pass the budget, prints one clear line and exits with
//! code 1. (Returning null instead would end in Rust's abort message, and the stable compiler
//! offers no hook to change that.) The cost is one relaxed atomic add per allocation and
//! free (docs/getting-started.md gives the measurement).
//!
//! In `rbgtool serve` the exit would end every request with one, so the allocator also
//! charges each allocation to the job running on its thread (`serve::memory`), and a job past
//! its share (a fifth of the budget) fails alone with an error while the server goes on. The
//! process-wide exit stays the last resort.

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

pub struct Budget;

static LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);
static USED: AtomicUsize = AtomicUsize::new(0);

/// Sets the budget for the rest of the run.
pub fn set_limit_mb(mb: u64) {
    let bytes = usize::try_from(mb.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
    LIMIT.store(bytes, Relaxed);
}

/// Bytes allocated and not yet freed.
#[cfg(test)]
pub fn used() -> usize {
    USED.load(Relaxed)
}

impl Budget {
    /// Reserves `size` bytes, or ends the process if the budget does not allow it.
    #[inline]
    fn reserve(size: usize) {
        let before = USED.fetch_add(size, Relaxed);
        let limit = LIMIT.load(Relaxed);
        if before.saturating_add(size) > limit {
            exceeded(limit);
        }
    }
}

/// Prints the error without allocating and exits with code 1.
#[cold]
fn exceeded(limit: usize) -> ! {
    // Nothing here may allocate: the message is assembled in a stack buffer.
    let mut buf = [0u8; 160];
    let mut w = &mut buf[..];
    let _ = writeln!(
        w,
        "rbgtool: error[cli::E03]: memory budget of {} MB exceeded (raise it with --memory MB)",
        limit >> 20
    );
    let n = 160 - w.len();
    let _ = std::io::stderr().write_all(&buf[..n]);
    std::process::exit(crate::output::EXIT_INVALID as i32)
}

unsafe impl GlobalAlloc for Budget {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        Self::reserve(layout.size());
        serve::memory::charge(layout.size() as isize);
        System.alloc(layout)
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        Self::reserve(layout.size());
        serve::memory::charge(layout.size() as isize);
        System.alloc_zeroed(layout)
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        USED.fetch_sub(layout.size(), Relaxed);
        serve::memory::charge(-(layout.size() as isize));
        System.dealloc(ptr, layout)
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            Self::reserve(new_size - layout.size());
        } else {
            USED.fetch_sub(layout.size() - new_size, Relaxed);
        }
        serve::memory::charge(new_size as isize - layout.size() as isize);
        System.realloc(ptr, layout, new_size)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn allocations_are_counted_and_freed() {
        // Other test threads allocate and free at the same time, so one reading can be off by
        // what they did meanwhile. A block far larger than their noise, tried a few times, must
        // show up once as charged and then released.
        const BLOCK: usize = 64 << 20;
        const SLACK: usize = 16 << 20;
        let counted = (0..20).any(|_| {
            let before = super::used();
            let v: Vec<u8> = Vec::with_capacity(BLOCK);
            let during = super::used();
            drop(std::hint::black_box(v));
            let after = super::used();
            during.abs_diff(before + BLOCK) < SLACK
                && after.abs_diff(during.saturating_sub(BLOCK)) < SLACK
        });
        assert!(counted, "a {BLOCK}-byte block was never counted in and out");
    }
}
