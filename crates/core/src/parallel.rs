//! Sharing independent jobs out over threads and summing their counts:
//! every game's parallel perft (Portes's and Fevga's over the root's
//! children, Plakoto's over a deeper split of its own).

use std::sync::atomic::{AtomicUsize, Ordering};

/// The sum of `work(worker, job)` over `jobs` on `threads` threads, each
/// thread taking the next job as it finishes one and keeping one `worker`
/// (made by `new_worker`: its buffers) for all of its jobs. A panic in a
/// thread is resumed in the caller.
pub(crate) fn sum_over<T: Sync, W>(
    jobs: &[T],
    threads: usize,
    new_worker: impl Fn() -> W + Sync,
    work: impl Fn(&mut W, &T) -> u64 + Sync,
) -> u64 {
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| {
                s.spawn(|| {
                    let mut worker = new_worker();
                    let mut sum = 0u64;
                    while let Some(job) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                        sum += work(&mut worker, job);
                    }
                    sum
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).sum()
    })
}
