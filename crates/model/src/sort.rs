//! Stable sorts that compile to little code, for the download's sake.
//!
//! The standard library's stable sort is instantiated whole (about 4 KB of
//! wasm) for every element type and comparator it is called with, and the
//! workspace sorts some ninety kinds of lists: a third of a megabyte of
//! the release wasm was sort code. These sort an index list instead, with
//! one merge sort shared by every caller that sees the elements only
//! through a comparison callback, then move the elements into place: per
//! call site only the callback and the moving loop are compiled.
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
    if v.len() < 2 {
        return;
    }
    let order = sorted_indices(v.len(), &mut |a, b| cmp(&v[a], &v[b]));
    permute(v, order);
}

/// [`slice::sort_by_key`]: stable, by the key (computed per comparison).
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// [`slice::sort`]: stable, by `Ord`.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

/// The positions `0..n` in stable sorted order: a top-down merge sort
/// that skips merging runs already in order (so sorted input costs n − 1
/// comparisons). Not generic, so compiled once.
fn sorted_indices(n: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..n).collect();
    let mut buf = vec![0; n];
    merge_sort(&mut idx, &mut buf, cmp);
    idx
}

fn merge_sort(v: &mut [usize], buf: &mut [usize], cmp: &mut dyn FnMut(usize, usize) -> Ordering) {
    let n = v.len();
    if n <= 8 {
        // Insertion sort: shifts past strictly greater elements only, so
        // equal ones keep their order.
        for i in 1..n {
            let mut j = i;
            while j > 0 && cmp(v[j - 1], v[j]) == Ordering::Greater {
                v.swap(j - 1, j);
                j -= 1;
            }
        }
        return;
    }
    let mid = n / 2;
    merge_sort(&mut v[..mid], &mut buf[..mid], cmp);
    merge_sort(&mut v[mid..], &mut buf[mid..], cmp);
    if cmp(v[mid - 1], v[mid]) != Ordering::Greater {
        return;
    }
    buf[..n].copy_from_slice(v);
    let (left, right) = buf[..n].split_at(mid);
    let (mut i, mut j) = (0, 0);
    for slot in v.iter_mut() {
        // The left run wins ties: stability.
        let take_left = j == right.len() || (i < left.len() && cmp(left[i], right[j]) != Ordering::Greater);
        if take_left {
            *slot = left[i];
            i += 1;
        } else {
            *slot = right[j];
            j += 1;
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
        /// included (few distinct keys, so ties abound), at every length
        /// around the insertion-sort cut-off and well past it.
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

    /// Sorted input is never merged: n − 1 comparisons.
    #[test]
    fn sorted_input_costs_one_comparison_per_element() {
        let mut calls = 0;
        let mut v: Vec<u32> = (0..1000).collect();
        sort_by(&mut v, |a, b| {
            calls += 1;
            a.cmp(b)
        });
        assert_eq!(calls, 999);
        assert!(v.windows(2).all(|w| w[0] < w[1]));
    }
}
