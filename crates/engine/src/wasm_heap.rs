//! The wasm heap: small blocks from free lists by size class, the rest
//! from dlmalloc (as std uses), which grows linear memory 4 MiB at a time
//! instead of 64 KiB.
//!
//! - Every `memory.grow` costs V8 about a quarter of a millisecond,
//!   whatever its size, and std's allocator grows by the least the request
//!   needs. A 10,000-pod Deployment reaches 1 GiB of memory, so it paid
//!   for 16,000 grows: half of its run in a fresh page. At 4 MiB a step
//!   the same growth is 256 grows, and at most 4 MiB is reserved and unused.
//! - Nearly every allocation the engine makes is a string, a small vector
//!   or a persistent-map node, from a few bytes to a few KiB, freed soon
//!   after. In dlmalloc each costs a search of its bins and, on free, a
//!   merge with the neighbours, and a 16-byte-aligned request is served by
//!   over-allocating and trimming: malloc, free and unlink were 15% of a
//!   10,000-pod Deployment's wasm profile. Here a block of up to
//!   [`MAX_SMALL`] bytes is rounded up to its size class (multiples of 16
//!   bytes up to 1 KiB, then of 256), taken from that class's free list (or
//!   cut from a 256 KiB slab, every block 16-aligned) and freed by pushing
//!   it back: a few loads and stores. Freed small blocks stay in their list
//!   for the next block of that size and are never merged or given back;
//!   the engine's sizes repeat, so the lists are reused rather than grown.
//!
//! Any wasm build that links the engine (the page, the wasm tests and
//! benchmarks) gets this allocator; native builds keep the system one
//! (the tests run [`Pools`] over it).

use core::alloc::Layout;
use core::ptr;

/// Where slabs and large blocks come from.
pub(crate) trait Backing {
    /// # Safety
    /// As `GlobalAlloc::alloc`.
    unsafe fn alloc(&mut self, layout: Layout) -> *mut u8;
    /// # Safety
    /// As `GlobalAlloc::dealloc`.
    unsafe fn dealloc(&mut self, ptr: *mut u8, layout: Layout);
    /// # Safety
    /// As `GlobalAlloc::alloc_zeroed`.
    unsafe fn alloc_zeroed(&mut self, layout: Layout) -> *mut u8;
    /// # Safety
    /// As `GlobalAlloc::realloc`.
    unsafe fn realloc(&mut self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8;
}

/// Size classes step by this much up to [`FINE`], and every small block is
/// aligned to it.
const GRAIN: usize = 16;
const FINE: usize = 1024;
/// The step of the classes above [`FINE`].
const COARSE: usize = 256;
/// The largest small block; larger ones go to the backing allocator.
pub(crate) const MAX_SMALL: usize = 8192;
const CLASSES: usize = FINE / GRAIN + (MAX_SMALL - FINE) / COARSE;
/// Small blocks are cut from slabs of this size.
const SLAB: usize = 256 << 10;

/// The free lists and the slab being cut, in front of a [`Backing`].
pub(crate) struct Pools<B> {
    backing: B,
    /// Per class, the first free block; each free block's first word
    /// points to the next.
    free: [*mut u8; CLASSES],
    /// The uncut rest of the current slab.
    next: *mut u8,
    end: *mut u8,
}

/// A layout's size class, when it is small. Sizes are never 0
/// (GlobalAlloc's contract).
#[inline]
fn class(layout: Layout) -> Option<usize> {
    let size = layout.size().max(1);
    if layout.align() > GRAIN || size > MAX_SMALL {
        None
    } else if size <= FINE {
        Some((size - 1) / GRAIN)
    } else {
        Some(FINE / GRAIN + (size - FINE - 1) / COARSE)
    }
}

/// The size of a block of class `c`.
#[inline]
fn block_size(c: usize) -> usize {
    if c < FINE / GRAIN {
        (c + 1) * GRAIN
    } else {
        FINE + (c + 1 - FINE / GRAIN) * COARSE
    }
}

impl<B: Backing> Pools<B> {
    pub(crate) const fn new(backing: B) -> Pools<B> {
        Pools { backing, free: [ptr::null_mut(); CLASSES], next: ptr::null_mut(), end: ptr::null_mut() }
    }

    /// # Safety
    /// As `GlobalAlloc::alloc`.
    #[inline]
    pub(crate) unsafe fn alloc(&mut self, layout: Layout) -> *mut u8 {
        match class(layout) {
            Some(c) => unsafe { self.alloc_small(c) },
            None => unsafe { self.backing.alloc(layout) },
        }
    }

    #[inline]
    unsafe fn alloc_small(&mut self, c: usize) -> *mut u8 {
        let head = self.free[c];
        if !head.is_null() {
            // SAFETY: a free block holds the next one's address in its
            // first word (written by `dealloc_small`), and blocks are
            // GRAIN-aligned, so the read is aligned.
            self.free[c] = unsafe { head.cast::<*mut u8>().read() };
            return head;
        }
        let size = block_size(c);
        if (self.end as usize) - (self.next as usize) < size {
            // The slab's tail (less than the block) is left unused.
            // SAFETY: SLAB and GRAIN make a valid, non-zero layout.
            let slab = unsafe { self.backing.alloc(Layout::from_size_align_unchecked(SLAB, GRAIN)) };
            if slab.is_null() {
                return slab;
            }
            self.next = slab;
            // SAFETY: the slab is SLAB bytes long.
            self.end = unsafe { slab.add(SLAB) };
        }
        let block = self.next;
        // SAFETY: at least `size` bytes of the slab are uncut.
        self.next = unsafe { block.add(size) };
        block
    }

    /// # Safety
    /// As `GlobalAlloc::dealloc`.
    #[inline]
    pub(crate) unsafe fn dealloc(&mut self, ptr: *mut u8, layout: Layout) {
        match class(layout) {
            Some(c) => unsafe { self.dealloc_small(ptr, c) },
            None => unsafe { self.backing.dealloc(ptr, layout) },
        }
    }

    #[inline]
    unsafe fn dealloc_small(&mut self, ptr: *mut u8, c: usize) {
        // SAFETY: the block is at least GRAIN bytes, GRAIN-aligned, and
        // the caller gives up its contents.
        unsafe { ptr.cast::<*mut u8>().write(self.free[c]) };
        self.free[c] = ptr;
    }

    /// # Safety
    /// As `GlobalAlloc::alloc_zeroed`.
    #[inline]
    pub(crate) unsafe fn alloc_zeroed(&mut self, layout: Layout) -> *mut u8 {
        match class(layout) {
            Some(c) => {
                let p = unsafe { self.alloc_small(c) };
                if !p.is_null() {
                    // SAFETY: the block has at least `layout.size()` bytes.
                    unsafe { ptr::write_bytes(p, 0, layout.size()) };
                }
                p
            }
            None => unsafe { self.backing.alloc_zeroed(layout) },
        }
    }

    /// # Safety
    /// As `GlobalAlloc::realloc`.
    #[inline]
    pub(crate) unsafe fn realloc(&mut self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller guarantees the new size, with the old
        // alignment, makes a valid layout.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        match (class(layout), class(new_layout)) {
            // The block already has room (or is the size it would be).
            (Some(a), Some(b)) if a == b => ptr,
            (None, None) => unsafe { self.backing.realloc(ptr, layout, new_size) },
            _ => {
                let moved = unsafe { self.alloc(new_layout) };
                if !moved.is_null() {
                    // SAFETY: both blocks hold at least the smaller size,
                    // and distinct live blocks never overlap.
                    unsafe {
                        ptr::copy_nonoverlapping(ptr, moved, layout.size().min(new_size));
                        self.dealloc(ptr, layout);
                    }
                }
                moved
            }
        }
    }
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod global {
    use super::{Backing, Pools};
    use core::alloc::{GlobalAlloc, Layout};
    use core::cell::UnsafeCell;
    use dlmalloc::Dlmalloc;

    const GRANULARITY: usize = 4 << 20;

    impl Backing for Dlmalloc {
        unsafe fn alloc(&mut self, layout: Layout) -> *mut u8 {
            unsafe { self.malloc(layout.size(), layout.align()) }
        }
        unsafe fn dealloc(&mut self, ptr: *mut u8, layout: Layout) {
            unsafe { self.free(ptr, layout.size(), layout.align()) }
        }
        unsafe fn alloc_zeroed(&mut self, layout: Layout) -> *mut u8 {
            unsafe { self.calloc(layout.size(), layout.align()) }
        }
        unsafe fn realloc(&mut self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            unsafe { Dlmalloc::realloc(self, ptr, layout.size(), layout.align(), new_size) }
        }
    }

    struct Heap(UnsafeCell<Pools<Dlmalloc>>);

    // SAFETY: wasm32-unknown-unknown without the atomics feature has one
    // thread, so the heap is never reached from two at once (std's own wasm
    // allocator rests on the same fact).
    #[cfg(not(target_feature = "atomics"))]
    unsafe impl Sync for Heap {}

    #[global_allocator]
    static HEAP: Heap = Heap(UnsafeCell::new(Pools::new(const {
        let mut d = Dlmalloc::new();
        assert!(d.set_granularity(GRANULARITY));
        d
    })));

    // SAFETY: each method forwards the caller's contract to the pools,
    // whose methods carry the same contracts as `GlobalAlloc`'s, and the
    // one thread never holds two `&mut` to the heap at once.
    unsafe impl GlobalAlloc for Heap {
        #[inline]
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            unsafe { (*self.0.get()).alloc(layout) }
        }

        #[inline]
        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            unsafe { (*self.0.get()).dealloc(ptr, layout) }
        }

        #[inline]
        unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
            unsafe { (*self.0.get()).alloc_zeroed(layout) }
        }

        #[inline]
        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            unsafe { (*self.0.get()).realloc(ptr, layout, new_size) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::alloc::{GlobalAlloc, System};

    /// The system allocator, counting what is live in it.
    #[derive(Default)]
    struct Counted {
        live: usize,
    }

    impl Backing for Counted {
        unsafe fn alloc(&mut self, layout: Layout) -> *mut u8 {
            self.live += 1;
            unsafe { System.alloc(layout) }
        }
        unsafe fn dealloc(&mut self, ptr: *mut u8, layout: Layout) {
            self.live -= 1;
            unsafe { System.dealloc(ptr, layout) }
        }
        unsafe fn alloc_zeroed(&mut self, layout: Layout) -> *mut u8 {
            self.live += 1;
            unsafe { System.alloc_zeroed(layout) }
        }
        unsafe fn realloc(&mut self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            unsafe { System.realloc(ptr, layout, new_size) }
        }
    }

    #[derive(Clone, Debug)]
    enum Op {
        Alloc { size: usize, align: usize, zeroed: bool },
        Free(usize),
        Realloc(usize, usize),
    }

    fn op() -> impl Strategy<Value = Op> {
        // Sizes around the small/large border and the class edges.
        let size = prop_oneof![1usize..64, 1usize..=FINE + 64, Just(FINE), Just(FINE + 1), Just(MAX_SMALL), Just(MAX_SMALL + 1), 1usize..=MAX_SMALL + 600];
        prop_oneof![
            (size.clone(), prop_oneof![Just(1usize), Just(8), Just(16), Just(32), Just(64)], any::<bool>()).prop_map(|(size, align, zeroed)| Op::Alloc { size, align, zeroed }),
            any::<usize>().prop_map(Op::Free),
            (any::<usize>(), size).prop_map(|(i, s)| Op::Realloc(i, s)),
        ]
    }

    /// A live block: where, its layout, and the byte it is filled with.
    struct Block {
        ptr: *mut u8,
        layout: Layout,
        fill: u8,
    }

    fn check(b: &Block, len: usize) {
        // SAFETY: the block is live and at least `len` bytes long.
        let bytes = unsafe { std::slice::from_raw_parts(b.ptr, len) };
        assert!(bytes.iter().all(|x| *x == b.fill), "block at {:p} ({:?}) lost its contents", b.ptr, b.layout);
    }

    proptest! {
        /// Whatever the sequence of calls, every block is aligned as asked,
        /// keeps its contents (through reallocs, up to the smaller size),
        /// never overlaps another live block, and zeroed blocks start zeroed.
        #[test]
        fn blocks_keep_their_contents_and_never_overlap(ops in proptest::collection::vec(op(), 1..300)) {
            let mut pools = Pools::new(Counted::default());
            let mut live: Vec<Block> = Vec::new();
            for (n, op) in ops.into_iter().enumerate() {
                let fill = (n % 251) as u8 + 1;
                match op {
                    Op::Alloc { size, align, zeroed } => {
                        let layout = Layout::from_size_align(size, align).unwrap();
                        let ptr = unsafe { if zeroed { pools.alloc_zeroed(layout) } else { pools.alloc(layout) } };
                        prop_assert!(!ptr.is_null());
                        prop_assert_eq!(ptr as usize % align, 0);
                        if zeroed {
                            check(&Block { ptr, layout, fill: 0 }, size);
                        }
                        unsafe { ptr::write_bytes(ptr, fill, size) };
                        live.push(Block { ptr, layout, fill });
                    }
                    Op::Free(i) if !live.is_empty() => {
                        let b = live.swap_remove(i % live.len());
                        check(&b, b.layout.size());
                        unsafe { pools.dealloc(b.ptr, b.layout) };
                    }
                    Op::Realloc(i, size) if !live.is_empty() => {
                        let i = i % live.len();
                        let b = &mut live[i];
                        let kept = b.layout.size().min(size);
                        let ptr = unsafe { pools.realloc(b.ptr, b.layout, size) };
                        prop_assert!(!ptr.is_null());
                        prop_assert_eq!(ptr as usize % b.layout.align(), 0);
                        b.ptr = ptr;
                        b.layout = Layout::from_size_align(size, b.layout.align()).unwrap();
                        check(b, kept);
                        unsafe { ptr::write_bytes(ptr, fill, size) };
                        b.fill = fill;
                    }
                    _ => {}
                }
                let mut spans: Vec<(usize, usize)> = live.iter().map(|b| (b.ptr as usize, b.ptr as usize + b.layout.size())).collect();
                kubeplay_model::sort::sort(&mut spans);
                prop_assert!(spans.windows(2).all(|w| w[0].1 <= w[1].0), "live blocks overlap: {spans:?}");
            }
            for b in live {
                check(&b, b.layout.size());
                unsafe { pools.dealloc(b.ptr, b.layout) };
            }
        }
    }

    /// A freed small block is the next one handed out for its class, and
    /// only for its class; large blocks go to the backing allocator.
    #[test]
    fn freed_blocks_are_reused_by_their_class_only() {
        let mut pools = Pools::new(Counted::default());
        let l = |size| Layout::from_size_align(size, 8).unwrap();
        unsafe {
            let a = pools.alloc(l(40));
            assert_eq!(pools.backing.live, 1, "the first small block cuts a slab");
            pools.dealloc(a, l(40));
            // 33..=48 bytes share a class: the block comes back.
            assert_eq!(pools.alloc(l(48)), a);
            pools.dealloc(a, l(48));
            let b = pools.alloc(l(64));
            assert_ne!(b, a, "another class cuts a new block");
            assert_eq!(pools.alloc(l(33)), a);
            // Blocks are cut back to back from the slab.
            assert_eq!(b as usize, a as usize + 48);
            let big = pools.alloc(l(MAX_SMALL + 1));
            assert_eq!(pools.backing.live, 2, "a large block comes from the backing");
            pools.dealloc(big, l(MAX_SMALL + 1));
            assert_eq!(pools.backing.live, 1);
            // Over-aligned blocks are not small, whatever their size.
            let aligned = pools.alloc(Layout::from_size_align(8, 64).unwrap());
            assert_eq!(pools.backing.live, 2);
            pools.dealloc(aligned, Layout::from_size_align(8, 64).unwrap());
            // A realloc within the class keeps the block.
            assert_eq!(pools.realloc(b, l(64), 50), b);
        }
    }

    /// Every small size has the smallest class that holds it, classes
    /// grow with their index, and each block size keeps blocks 16-aligned.
    #[test]
    fn each_size_takes_the_smallest_class_that_holds_it() {
        let l = |size| Layout::from_size_align(size, 1).unwrap();
        assert_eq!(class(l(MAX_SMALL)), Some(CLASSES - 1));
        assert_eq!(block_size(CLASSES - 1), MAX_SMALL);
        assert_eq!(class(l(MAX_SMALL + 1)), None);
        assert_eq!(class(Layout::from_size_align(16, 32).unwrap()), None);
        for (size, block) in [(1, 16), (16, 16), (17, 32), (1024, 1024), (1025, 1280), (1280, 1280), (1281, 1536), (8192, 8192)] {
            assert_eq!(class(l(size)).map(block_size), Some(block), "size {size}");
        }
        for size in 1..=MAX_SMALL {
            let c = class(l(size)).unwrap();
            assert!(block_size(c) >= size && (c == 0 || block_size(c - 1) < size), "size {size} in class {c}");
            assert_eq!(block_size(c) % GRAIN, 0);
        }
    }

    /// A slab that cannot fit the next block is left, and a new one cut.
    #[test]
    fn a_slab_too_short_for_a_block_is_replaced() {
        let mut pools = Pools::new(Counted::default());
        let l = Layout::from_size_align(MAX_SMALL, 16).unwrap();
        let blocks: Vec<*mut u8> = (0..SLAB / MAX_SMALL + 1).map(|_| unsafe { pools.alloc(l) }).collect();
        assert_eq!(pools.backing.live, 2);
        let first = blocks[0] as usize;
        assert!(blocks[..SLAB / MAX_SMALL].iter().all(|b| (first..first + SLAB).contains(&(*b as usize))));
        assert!(!(first..first + SLAB).contains(&(blocks[SLAB / MAX_SMALL] as usize)));
    }
}
