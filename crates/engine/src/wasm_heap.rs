//! The wasm heap: dlmalloc, as std uses, but growing linear memory 4 MiB
//! at a time instead of 64 KiB.
//!
//! Every `memory.grow` costs V8 about a quarter of a millisecond, whatever
//! its size, and std's allocator grows by the least the request needs. A
//! 10,000-pod Deployment reaches 1 GiB of memory, so it paid for 16,000
//! grows: half of its run in a fresh page. At 4 MiB a step the same
//! growth is 256 grows, and at most 4 MiB is reserved and unused.
//!
//! Any wasm build that links the engine (the page, the wasm tests and
//! benchmarks) gets this allocator; native builds keep the system one.

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use dlmalloc::Dlmalloc;

const GRANULARITY: usize = 4 << 20;

struct Heap(UnsafeCell<Dlmalloc>);

// SAFETY: wasm32-unknown-unknown without the atomics feature has one
// thread, so the heap is never reached from two at once (std's own wasm
// allocator rests on the same fact).
#[cfg(not(target_feature = "atomics"))]
unsafe impl Sync for Heap {}

#[global_allocator]
static HEAP: Heap = Heap(UnsafeCell::new(const {
    let mut d = Dlmalloc::new();
    assert!(d.set_granularity(GRANULARITY));
    d
}));

// SAFETY: each method forwards the caller's contract to dlmalloc, whose
// methods carry the same contracts as `GlobalAlloc`'s, and the one thread
// never holds two `&mut` to the heap at once.
unsafe impl GlobalAlloc for Heap {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        unsafe { (*self.0.get()).malloc(layout.size(), layout.align()) }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { (*self.0.get()).free(ptr, layout.size(), layout.align()) }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        unsafe { (*self.0.get()).calloc(layout.size(), layout.align()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        unsafe { (*self.0.get()).realloc(ptr, layout.size(), layout.align(), new_size) }
    }
}
