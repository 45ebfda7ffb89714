//! Every request is bounded: its body by size, its work by time and by a cancellation flag
//! raised when the client goes away, and the work of all requests by a count of jobs running
//! at once (the machine's cores are few; more requests wait briefly or are told to retry).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// The server's bounds.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest request body in bytes (a game text and a move list).
    pub body_bytes: usize,
    /// Wall-clock time one request may work.
    pub request_time: Duration,
    /// Jobs running at once; a request that cannot start one within `queue_wait` is refused.
    pub jobs: usize,
    pub queue_wait: Duration,
    /// Longest move list a request may replay.
    pub moves: usize,
    /// Longest time an agent may think per move.
    pub agent_time: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            body_bytes: 1 << 20,
            request_time: Duration::from_secs(10),
            jobs: 4,
            queue_wait: Duration::from_secs(2),
            moves: 5000,
            agent_time: Duration::from_secs(5),
        }
    }
}

/// What a running job checks to know whether to go on.
#[derive(Clone, Debug)]
pub struct Budget {
    deadline: Instant,
    cancelled: Arc<AtomicBool>,
}

impl Budget {
    pub fn new(time: Duration) -> Budget {
        Budget {
            deadline: Instant::now() + time,
            cancelled: Arc::new(AtomicBool::new(false)),
        }
    }

    /// False once the time is up or the client has gone.
    pub fn alive(&self) -> bool {
        !self.cancelled.load(Ordering::Relaxed) && Instant::now() < self.deadline
    }

    /// Time left before the deadline.
    pub fn left(&self) -> Duration {
        self.deadline.saturating_duration_since(Instant::now())
    }

    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }
}

/// Raises the job's cancellation flag when dropped: a handler's future is dropped when its
/// client disconnects, so an aborted `fetch` stops the work it started.
pub struct CancelOnDrop(pub Budget);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// The gate of concurrent jobs.
#[derive(Clone)]
pub struct Gate {
    permits: Arc<Semaphore>,
}

impl Gate {
    pub fn new(jobs: usize) -> Gate {
        Gate {
            permits: Arc::new(Semaphore::new(jobs.max(1))),
        }
    }

    /// A permit within `wait`, or `None` when the server is busy.
    pub async fn enter(&self, wait: Duration) -> Option<tokio::sync::OwnedSemaphorePermit> {
        tokio::time::timeout(wait, self.permits.clone().acquire_owned())
            .await
            .ok()
            .and_then(Result::ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_ends_with_time_or_cancellation() {
        let b = Budget::new(Duration::from_secs(60));
        assert!(b.alive());
        drop(CancelOnDrop(b.clone()));
        assert!(!b.alive());
        assert!(!Budget::new(Duration::ZERO).alive());
    }
}
