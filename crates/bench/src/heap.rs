//! Memory readings for the table: live heap bytes, counted by the global
//! allocator the `kubeplay` binary installs ([`Counting`]), and the
//! process's resident size.
//!
//! The binary's allocator is mimalloc: glibc's, on the hour-long run's
//! 2.5 GB heap of small blocks, spent a quarter of the run merging freed
//! chunks (`malloc_consolidate`, `unlink_chunk`). Counting in the
//! allocator reads the same whichever allocator is underneath, so the
//! figures stay comparable across that change.

use std::alloc::{GlobalAlloc, Layout};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Bytes in live blocks, as requested (allocator overhead not included).
static LIVE: AtomicUsize = AtomicUsize::new(0);

/// A global allocator that forwards to `A` and keeps [`LIVE`]: install it
/// with `#[global_allocator] static A: Counting<…> = Counting(…);` for
/// [`heap_mb`] to read live bytes (without it, the resident size).
pub struct Counting<A>(pub A);

// SAFETY: every method forwards its caller's contract unchanged to `A`;
// the counter is only arithmetic beside it.
unsafe impl<A: GlobalAlloc> GlobalAlloc for Counting<A> {
    #[inline]
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let p = unsafe { self.0.alloc(l) };
        if !p.is_null() {
            LIVE.fetch_add(l.size(), Ordering::Relaxed);
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        let p = unsafe { self.0.alloc_zeroed(l) };
        if !p.is_null() {
            LIVE.fetch_add(l.size(), Ordering::Relaxed);
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size(), Ordering::Relaxed);
        unsafe { self.0.dealloc(p, l) }
    }

    #[inline]
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new_size: usize) -> *mut u8 {
        let q = unsafe { self.0.realloc(p, l, new_size) };
        if !q.is_null() {
            // Wrapping: a shrink subtracts, and the sum never goes below 0.
            LIVE.fetch_add(new_size.wrapping_sub(l.size()), Ordering::Relaxed);
        }
        q
    }
}

/// Live heap now, in MiB: the bytes [`Counting`] holds, else (when it is
/// not installed) the resident size. What a stretch of work kept is the
/// difference of two readings; the resident size alone reads 0 once
/// earlier frees (expired Events, say) left room the new blocks reuse.
pub(crate) fn heap_mb() -> f64 {
    match LIVE.load(Ordering::Relaxed) {
        0 => rss_mb(),
        bytes => bytes as f64 / (1024.0 * 1024.0),
    }
}

/// Peak resident memory of this process so far (Linux), in MiB.
pub(crate) fn peak_mb() -> f64 {
    status_mb("VmHWM:")
}

/// Resident memory now (Linux), in MiB.
fn rss_mb() -> f64 {
    status_mb("VmRSS:")
}

fn status_mb(field: &str) -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with(field)).and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok()))
        .map(|kb| kb / 1024.0)
        .unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    #[global_allocator]
    static A: super::Counting<std::alloc::System> = super::Counting(std::alloc::System);

    /// The live-heap reading follows what is allocated, shrunk and freed.
    /// Other tests' threads allocate meanwhile, so a reading may be off
    /// by what they did between two: the test passes when one attempt of
    /// twenty sees every change within a MiB.
    #[test]
    fn heap_reading_follows_allocations() {
        let mut seen = Vec::new();
        for _ in 0..20 {
            let before = super::heap_mb();
            let mut block = vec![1u8; 64 << 20];
            let with = super::heap_mb();
            block.truncate(16 << 20);
            block.shrink_to_fit();
            let shrunk = super::heap_mb();
            drop(std::hint::black_box(block));
            let after = super::heap_mb();
            let deltas = [with - before, with - shrunk, shrunk - after];
            if deltas.iter().zip([64.0, 48.0, 16.0]).all(|(d, want)| (d - want).abs() < 1.0) {
                return;
            }
            seen.push(deltas);
        }
        panic!("expected the reading to grow 64 MiB, fall 48 MiB, fall 16 MiB; saw (MiB) {seen:.1?}");
    }
}
