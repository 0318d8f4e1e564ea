//! `memcmp` and `bcmp` for wasm, eight bytes at a time.
//!
//! On wasm32-unknown-unknown there is no libc: string comparisons (every
//! ordered-map lookup by name or label, `==` on strings) call
//! compiler-builtins' byte-at-a-time loop, which links weakly so that a
//! program can bring a faster one. Node names share long prefixes
//! (`node-0123…`), so the byte loop ran many rounds per compare, and map
//! lookups by node name were the top of the wasm scheduling profile.

/// The sign of the first differing byte (as unsigned), or 0: `memcmp`.
///
/// # Safety
/// `a` and `b` must be valid for reads of `n` bytes.
pub(crate) unsafe fn compare(a: *const u8, b: *const u8, n: usize) -> i32 {
    let mut i = 0;
    while i + 8 <= n {
        // SAFETY: i + 8 <= n, and both are readable for n bytes; wasm
        // loads need no alignment.
        let (x, y) = unsafe { (a.add(i).cast::<u64>().read_unaligned(), b.add(i).cast::<u64>().read_unaligned()) };
        if x != y {
            // Little-endian: the lowest differing bit is in the first differing byte.
            i += (u64::from_le(x) ^ u64::from_le(y)).trailing_zeros() as usize / 8;
            // SAFETY: i < n, within the word just read.
            return unsafe { i32::from(*a.add(i)) - i32::from(*b.add(i)) };
        }
        i += 8;
    }
    while i < n {
        // SAFETY: i < n.
        let (x, y) = unsafe { (*a.add(i), *b.add(i)) };
        if x != y {
            return i32::from(x) - i32::from(y);
        }
        i += 1;
    }
    0
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod symbols {
    /// # Safety
    /// As C's `memcmp`.
    #[unsafe(no_mangle)]
    pub unsafe extern "C" fn memcmp(a: *const u8, b: *const u8, n: usize) -> i32 {
        unsafe { super::compare(a, b, n) }
    }

    /// # Safety
    /// As C's `bcmp`: only zero or non-zero matters.
    #[unsafe(no_mangle)]
    pub unsafe extern "C" fn bcmp(a: *const u8, b: *const u8, n: usize) -> i32 {
        unsafe { super::compare(a, b, n) }
    }
}

#[cfg(test)]
mod tests {
    use super::compare;
    use proptest::prelude::*;

    fn cmp(a: &[u8], b: &[u8]) -> i32 {
        assert_eq!(a.len(), b.len());
        // SAFETY: both slices hold a.len() bytes.
        unsafe { compare(a.as_ptr(), b.as_ptr(), a.len()) }
    }

    #[test]
    fn the_first_differing_byte_decides_as_unsigned() {
        assert_eq!(cmp(b"", b""), 0);
        assert_eq!(cmp(b"node-01234", b"node-01234"), 0);
        assert!(cmp(b"node-01234", b"node-01235") < 0);
        // Differences in the word and in the tail, and bytes above 0x7f.
        assert!(cmp(b"abcdefgh-x", b"abcdeXgh-a") > 0);
        assert!(cmp(b"abcdefghij", b"abcdefghik") < 0);
        assert!(cmp(&[0x80, 0, 0, 0, 0, 0, 0, 0], &[0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]) > 0);
        // Only the first difference counts, even when a later one points the other way.
        assert!(cmp(b"aaaaaaab-zzzz", b"aaaaaaac-aaaa") < 0);
    }

    proptest! {
        #[test]
        fn agrees_with_slice_ordering(a in proptest::collection::vec(0u8..4, 0..40), flip in any::<prop::sample::Index>(), to in any::<u8>(), offset in 0usize..8) {
            // Near-equal inputs (one byte changed) at any offset, so words and tails both differ.
            let mut b = a.clone();
            if !b.is_empty() {
                let i = flip.index(b.len());
                b[i] = to;
            }
            let (a, b) = (&a[offset.min(a.len())..], &b[offset.min(b.len())..]);
            prop_assert_eq!(cmp(a, b).signum(), a.cmp(b) as i32);
        }
    }
}
