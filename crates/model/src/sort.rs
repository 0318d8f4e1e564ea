//! Stable sorts that compile to little code, for the download's sake.
//!
//! The standard library's stable sort is instantiated whole (about 4 KB of
//! wasm) for every element type and comparator it is called with, and the
//! workspace sorts some ninety kinds of lists: a third of a megabyte of
//! the release wasm was sort code. These sort an index list instead, with
//! one merge sort shared by every caller that sees the elements only
//! through a comparison callback, then move the elements into place: per
//! call site only the callback and the moving loop are compiled. The same
//! merge serves the orders that are not total ([`sort_by_less`]).
//!
//! None of the workspace's sorts is hot (every one is under 0.1% of any
//! benchmark's instructions), so the indirect calls cost nothing that
//! shows. The result is what `slice::sort_by` gives: a stable sort's
//! output is fully determined by a consistent comparator, so traces do
//! not change.
//!
//! ```
//! let mut v = vec![(2, 'a'), (1, 'b'), (2, 'c'), (1, 'd')];
//! kubeplay_model::sort::sort_by_key(&mut v, |p| p.0);
//! assert_eq!(v, [(1, 'b'), (1, 'd'), (2, 'a'), (2, 'c')]);
//! ```

use std::cmp::Ordering;

/// [`slice::sort_by`]: stable, by `cmp`.
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    sort_by_less(v, |a, b| cmp(a, b) == Ordering::Less);
}

/// [`slice::sort_by_key`]: stable, by the key (computed per comparison).
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// [`slice::sort`]: stable, by `Ord`.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

/// A stable sort that only ever asks "is `b` less than `a`?", of an
/// element of the right half about one of the left. Upstream's orders are
/// not always total (the ReplicaSet controller's uid tie-breaks inside age
/// buckets, go-yaml's key order), and the standard sorts may panic on
/// those; with such an order the result is whatever this exact merge
/// (halves split at `len / 2`, the left one first on ties) gives, which
/// is what callers of it rely on.
pub fn sort_by_less<T>(v: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    if v.len() < 2 {
        return;
    }
    let mut order: Vec<usize> = (0..v.len()).collect();
    let mut scratch = vec![0; v.len()];
    merge_sort(&mut order, &mut scratch, &mut |a, b| less(&v[a], &v[b]));
    permute(v, order);
}

/// Sorts positions, `scratch` as long as `v`. Not generic, so compiled
/// once for every caller.
fn merge_sort(v: &mut [usize], scratch: &mut [usize], less: &mut dyn FnMut(usize, usize) -> bool) {
    let n = v.len();
    if n < 2 {
        return;
    }
    let mid = n / 2;
    merge_sort(&mut v[..mid], &mut scratch[..mid], less);
    merge_sort(&mut v[mid..], &mut scratch[mid..], less);
    scratch.copy_from_slice(v);
    let (left, right) = scratch.split_at(mid);
    let (mut l, mut r) = (0, 0);
    for slot in v.iter_mut() {
        let take_right = l == left.len() || (r < right.len() && less(right[r], left[l]));
        if take_right {
            *slot = right[r];
            r += 1;
        } else {
            *slot = left[l];
            l += 1;
        }
    }
}

/// Moves `v[order[i]]` to position `i` for every `i`, cycle by cycle.
fn permute<T>(v: &mut [T], mut order: Vec<usize>) {
    const DONE: usize = usize::MAX;
    for start in 0..v.len() {
        let mut cur = start;
        while order[cur] != DONE {
            let next = std::mem::replace(&mut order[cur], DONE);
            if next == start {
                break;
            }
            v.swap(cur, next);
            cur = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The same order as the standard library's stable sort, equal keys
        /// included (few distinct keys, so ties abound).
        #[test]
        fn sorts_as_the_standard_stable_sort(keys in proptest::collection::vec(0u8..6, 0..200)) {
            let tagged: Vec<(u8, usize)> = keys.iter().copied().zip(0..).collect();
            let mut ours = tagged.clone();
            sort_by_key(&mut ours, |t| t.0);
            let mut std = tagged;
            std.sort_by_key(|t| t.0);
            prop_assert_eq!(ours, std);
        }

        #[test]
        fn sorts_owned_values_by_a_comparator(words in proptest::collection::vec("[a-c]{0,3}", 0..60)) {
            let mut ours = words.clone();
            sort_by(&mut ours, |a, b| b.len().cmp(&a.len()));
            let mut std = words;
            std.sort_by(|a, b| b.len().cmp(&a.len()));
            prop_assert_eq!(ours, std);
        }
    }
}
