//! Memory per job. The binary's global allocator (`crates/cli/src/memory.rs`, or [`Counting`]
//! in tests) reports every allocation and free through [`charge`]; while a job runs, its
//! thread carries an [`Account`] that adds them up. The job's [`crate::limits::Budget`] reads
//! the account between steps (moves replayed, plies, perft nodes, after the engine is built),
//! so a request that passes its share of memory ends alone with an error, while the
//! process-wide budget of the binary stays the last resort for everything else.
//!
//! The count is of bytes allocated minus bytes freed *on the job's thread*: a job's engines
//! and searches run there. Memory freed on another thread, or allocated before the job, only
//! makes the count smaller, never ends another job.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicIsize, Ordering::Relaxed};
use std::sync::Arc;

/// Off until a router is built, so other commands pay one relaxed load per allocation.
static ENABLED: AtomicBool = AtomicBool::new(false);

thread_local! {
    // A raw pointer, not an Arc: the allocator must not touch a reference count (that could
    // recurse), and the guard that set it keeps the account alive (see `Account::enter`).
    static CURRENT: Cell<*const AtomicIsize> = const { Cell::new(std::ptr::null()) };
}

/// Turns accounting on for the rest of the process.
pub fn enable() {
    ENABLED.store(true, Relaxed);
}

/// Adds `bytes` (negative for a free) to the account of the current thread's job, if any.
/// Called by the global allocator: it must not allocate, lock or panic.
#[inline]
pub fn charge(bytes: isize) {
    if !ENABLED.load(Relaxed) {
        return;
    }
    let _ = CURRENT.try_with(|c| {
        let p = c.get();
        if !p.is_null() {
            // SAFETY: `p` was set by `Account::enter` from an `Arc` that the returned guard
            // holds; the guard clears it before dropping that `Arc`, on this same thread.
            unsafe { (*p).fetch_add(bytes, Relaxed) };
        }
    });
}

/// The bytes one job holds.
#[derive(Clone, Debug, Default)]
pub struct Account(Arc<AtomicIsize>);

impl Account {
    /// Bytes allocated and not freed by the job so far (0 if it freed more than it took).
    pub fn used(&self) -> usize {
        self.0.load(Relaxed).max(0) as usize
    }

    /// Charges the current thread's allocations to this account until the guard is dropped.
    pub fn enter(&self) -> Entered {
        let held = self.0.clone();
        let previous = CURRENT.with(|c| c.replace(Arc::as_ptr(&held)));
        Entered { held, previous }
    }
}

/// While alive, the thread's allocations go to an account.
pub struct Entered {
    held: Arc<AtomicIsize>,
    previous: *const AtomicIsize,
}

impl Drop for Entered {
    fn drop(&mut self) {
        CURRENT.with(|c| c.set(self.previous));
        // `held` is dropped after the pointer is cleared.
        let _ = &self.held;
    }
}

/// The system allocator with [`charge`] calls: for test binaries of this crate, which do not
/// link the CLI's allocator.
pub struct Counting;

// SAFETY: every call is forwarded to `System` unchanged; `charge` only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        charge(layout.size() as isize);
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        charge(layout.size() as isize);
        System.alloc_zeroed(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        charge(-(layout.size() as isize));
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        charge(new_size as isize - layout.size() as isize);
        System.realloc(ptr, layout, new_size)
    }
}
