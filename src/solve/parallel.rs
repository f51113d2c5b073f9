//! Independent pieces of work (the cubes of a certificate, say) shared out to
//! threads, their results handed back to the calling thread as they finish:
//! whatever the results are written to need not be shared between threads,
//! and at most a few results are held at once.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::sync_channel;

/// Runs `work` on every index below `count` on `threads` threads and hands
/// each result to `on_done` on the calling thread, in the order they finish.
/// The first error `on_done` returns stops the handing out of indices and is
/// returned.
pub fn map_indices<T: Send, E>(
    count: usize,
    threads: usize,
    work: impl Fn(usize) -> T + Sync,
    mut on_done: impl FnMut(usize, T) -> Result<(), E>,
) -> Result<(), E> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let threads = threads.clamp(1, count.max(1));
    let (send, receive) = sync_channel::<(usize, T)>(threads);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let send = send.clone();
            let (next, stop, work) = (&next, &stop, &work);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= count || send.send((k, work(k))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        let mut failed = None;
        for (k, result) in receive.iter() {
            if let Err(e) = on_done(k, result) {
                stop.store(true, Ordering::Relaxed);
                failed = Some(e);
                break;
            }
        }
        // A worker waiting to send gives up once no one receives.
        drop(receive);
        failed.map_or(Ok(()), Err)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_once_whatever_the_threads() {
        for threads in 1..=4 {
            let mut seen = [0; 50];
            map_indices(
                50,
                threads,
                |k| k * k,
                |k, square| {
                    assert_eq!(square, k * k);
                    seen[k] += 1;
                    Ok::<(), ()>(())
                },
            )
            .expect("no error");
            assert!(seen.iter().all(|&n| n == 1));
        }
    }

    #[test]
    fn an_error_stops_the_work() {
        let done = AtomicUsize::new(0);
        let outcome = map_indices(
            1000,
            2,
            |k| {
                done.fetch_add(1, Ordering::Relaxed);
                k
            },
            |k, _| if k >= 3 { Err(k) } else { Ok(()) },
        );
        assert!(outcome.is_err());
        assert!(done.load(Ordering::Relaxed) < 1000);
    }
}
