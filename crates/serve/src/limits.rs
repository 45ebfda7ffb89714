//! Every request is bounded: its body by size, its work by time, by its share of memory
//! ([`crate::memory`]) and by a cancellation flag raised when the client goes away, and the
//! work of all requests by a count of jobs running at once (the machine's cores are few; more
//! requests wait briefly or are told to retry). Connections are bounded in number and in the
//! time their headers and bodies may take (`crate::serve`).

use crate::error::ApiError;
use crate::memory::Account;
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
    /// Bytes one job may hold (allocated on its thread, not freed), checked between its steps;
    /// past it the request fails with 422 and the others go on.
    pub job_memory: usize,
    /// Connections served at once; more wait in the system's listen queue.
    pub connections: usize,
    /// Time a client has to send a request's headers, and then its body.
    pub header_time: Duration,
    pub body_time: Duration,
    /// Longest request target (path and query) answered; longer ones get 414.
    pub uri_bytes: usize,
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
            // `rbgtool serve` sets it from --memory: a fifth of it, so four jobs at their
            // share leave room for the server itself.
            job_memory: 400 << 20,
            connections: 64,
            header_time: Duration::from_secs(10),
            body_time: Duration::from_secs(10),
            uri_bytes: 8 << 10,
        }
    }
}

/// What a running job checks to know whether to go on.
#[derive(Clone, Debug)]
pub struct Budget {
    deadline: Instant,
    cancelled: Arc<AtomicBool>,
    memory: Account,
    memory_share: usize,
    /// Set once the share was seen passed: the job may free memory before its end is
    /// checked, and must still fail.
    memory_passed: Arc<AtomicBool>,
}

impl Budget {
    /// A budget of time only.
    pub fn new(time: Duration) -> Budget {
        Budget::with_memory(time, usize::MAX)
    }

    /// A budget of time and of `share` bytes held by the job's thread (see
    /// [`Budget::account`]).
    pub fn with_memory(time: Duration, share: usize) -> Budget {
        Budget {
            deadline: Instant::now() + time,
            cancelled: Arc::new(AtomicBool::new(false)),
            memory: Account::default(),
            memory_share: share,
            memory_passed: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The account the job's thread charges its allocations to (`Account::enter`).
    pub fn account(&self) -> &Account {
        &self.memory
    }

    /// False once the time is up, the client has gone or the memory share is passed.
    pub fn alive(&self) -> bool {
        !self.cancelled.load(Ordering::Relaxed)
            && Instant::now() < self.deadline
            && !self.over_memory()
    }

    fn over_memory(&self) -> bool {
        if self.memory.used() > self.memory_share {
            self.memory_passed.store(true, Ordering::Relaxed);
        }
        self.memory_passed.load(Ordering::Relaxed)
    }

    /// An error once the job is past its memory share (a result cut short by the budget is
    /// still an answer; one cut short by memory is not).
    pub fn check_memory(&self) -> Result<(), ApiError> {
        if self.over_memory() {
            return Err(ApiError::invalid(format!(
                "the request needs more than its share of memory ({} MB); use the command line",
                self.memory_share >> 20
            )));
        }
        Ok(())
    }

    /// An error once the job must stop: 422 past its memory share (the game needs more than
    /// a request may use), 503 when its time is up or its client has gone.
    pub fn check(&self) -> Result<(), ApiError> {
        self.check_memory()?;
        if !self.alive() {
            return Err(ApiError::unavailable(
                "the request ran out of time; use the command line for long work",
            ));
        }
        Ok(())
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

    #[tokio::test]
    async fn the_gate_lets_in_its_number_of_jobs_and_no_more() {
        let gate = Gate::new(2);
        let wait = Duration::from_millis(20);
        let first = gate.enter(wait).await.expect("a free slot");
        let _second = gate.enter(wait).await.expect("a free slot");
        assert!(gate.enter(wait).await.is_none(), "a third job got in");
        drop(first);
        assert!(
            gate.enter(wait).await.is_some(),
            "a freed slot stayed taken"
        );
        assert!(Gate::new(0).enter(wait).await.is_some(), "0 jobs means one");
    }

    #[test]
    fn a_budget_ends_with_time_or_cancellation() {
        let b = Budget::new(Duration::from_secs(60));
        assert!(b.alive());
        drop(CancelOnDrop(b.clone()));
        assert!(!b.alive());
        assert!(!Budget::new(Duration::ZERO).alive());
    }

    #[test]
    fn a_budget_ends_past_its_memory_share() {
        let b = Budget::with_memory(Duration::from_secs(60), 1000);
        assert!(b.check().is_ok());
        // Without a counting allocator in this test binary, charge the account directly.
        crate::memory::enable();
        let held = {
            let _in = b.account().enter();
            crate::memory::charge(4000);
            b.account().used()
        };
        assert_eq!(held, 4000);
        assert!(!b.alive());
        let e = b.check().unwrap_err();
        assert_eq!(e.status, axum::http::StatusCode::UNPROCESSABLE_ENTITY);
    }
}
