//! Stable sorts that compile to little code, for the download's sake, and
//! [`sort_as_go`], Go's unstable one, where kubectl's output shows its ties.
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

/// Go's `sort.Sort` (and `sort.Slice`), which kubectl calls to order
/// `--sort-by`'s rows, `kubectl events` and describe's events: since Go
/// 1.19 a pattern-defeating quicksort, which is not stable past 12
/// elements, so equal keys (events of the same second) come out in the
/// order that exact algorithm leaves them. Following its every comparison
/// and swap is the only way to print them as kubectl does.
///
/// ```
/// // kubectl v1.32 `get --sort-by` of fourteen pods keyed 0, 1 or 2.
/// let keys = [1, 1, 0, 0, 2, 0, 0, 2, 1, 2, 1, 1, 2, 1];
/// let mut v: Vec<usize> = (0..keys.len()).collect();
/// kubeplay_model::sort::sort_as_go(&mut v, |a, b| keys[*a] < keys[*b]);
/// assert_eq!(v, [6, 5, 2, 3, 8, 1, 0, 10, 11, 13, 4, 9, 7, 12]);
/// ```
pub fn sort_as_go<T>(v: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    if v.len() < 2 {
        return;
    }
    let mut order: Vec<usize> = (0..v.len()).collect();
    let limit = usize::BITS - v.len().leading_zeros();
    let mut s = GoSort { v: &mut order, less: &mut |a, b| less(&v[a], &v[b]) };
    let n = s.v.len();
    s.pdqsort(0, n, limit);
    permute(v, order);
}

/// The positions being sorted, compared through the caller's elements.
struct GoSort<'a> {
    v: &'a mut [usize],
    less: &'a mut dyn FnMut(usize, usize) -> bool,
}

#[derive(PartialEq)]
enum Hint {
    Unknown,
    Increasing,
    Decreasing,
}

impl GoSort<'_> {
    fn less(&mut self, i: usize, j: usize) -> bool {
        (self.less)(self.v[i], self.v[j])
    }

    fn insertion(&mut self, a: usize, b: usize) {
        for i in a + 1..b {
            let mut j = i;
            while j > a && self.less(j, j - 1) {
                self.v.swap(j, j - 1);
                j -= 1;
            }
        }
    }

    fn sift_down(&mut self, lo: usize, hi: usize, first: usize) {
        let mut root = lo;
        loop {
            let mut child = 2 * root + 1;
            if child >= hi {
                return;
            }
            if child + 1 < hi && self.less(first + child, first + child + 1) {
                child += 1;
            }
            if !self.less(first + root, first + child) {
                return;
            }
            self.v.swap(first + root, first + child);
            root = child;
        }
    }

    fn heap(&mut self, a: usize, b: usize) {
        let hi = b - a;
        for i in (0..=(hi - 1) / 2).rev() {
            self.sift_down(i, hi, a);
        }
        for i in (0..hi).rev() {
            self.v.swap(a, a + i);
            self.sift_down(0, i, a);
        }
    }

    fn pdqsort(&mut self, mut a: usize, mut b: usize, mut limit: u32) {
        const MAX_INSERTION: usize = 12;
        let (mut was_balanced, mut was_partitioned) = (true, true);
        loop {
            let length = b - a;
            if length <= MAX_INSERTION {
                self.insertion(a, b);
                return;
            }
            if limit == 0 {
                self.heap(a, b);
                return;
            }
            if !was_balanced {
                self.break_patterns(a, b);
                limit -= 1;
            }
            let (mut pivot, mut hint) = self.choose_pivot(a, b);
            if hint == Hint::Decreasing {
                self.v[a..b].reverse();
                pivot = (b - 1) - (pivot - a);
                hint = Hint::Increasing;
            }
            if was_balanced && was_partitioned && hint == Hint::Increasing && self.partial_insertion(a, b) {
                return;
            }
            // Many elements equal to the one before this range: put the
            // equal ones first and go on with the greater.
            if a > 0 && !self.less(a - 1, pivot) {
                a = self.partition_equal(a, b, pivot);
                continue;
            }
            let (mid, already) = self.partition(a, b, pivot);
            was_partitioned = already;
            let (left, right) = (mid - a, b - mid);
            let threshold = length / 8;
            if left < right {
                was_balanced = left >= threshold;
                self.pdqsort(a, mid, limit);
                a = mid + 1;
            } else {
                was_balanced = right >= threshold;
                self.pdqsort(mid + 1, b, limit);
                b = mid;
            }
        }
    }

    fn partition(&mut self, a: usize, b: usize, pivot: usize) -> (usize, bool) {
        self.v.swap(a, pivot);
        // `i` and `j` bound the unpartitioned middle, both inclusive; `j`
        // may step below `a + 1` by one, hence the signed arithmetic.
        let (mut i, mut j) = (a as isize + 1, b as isize - 1);
        let mut first = true;
        loop {
            while i <= j && self.less(i as usize, a) {
                i += 1;
            }
            while i <= j && !self.less(j as usize, a) {
                j -= 1;
            }
            if i > j {
                self.v.swap(j as usize, a);
                return (j as usize, first);
            }
            self.v.swap(i as usize, j as usize);
            i += 1;
            j -= 1;
            first = false;
        }
    }

    fn partition_equal(&mut self, a: usize, b: usize, pivot: usize) -> usize {
        self.v.swap(a, pivot);
        let (mut i, mut j) = (a as isize + 1, b as isize - 1);
        loop {
            while i <= j && !self.less(a, i as usize) {
                i += 1;
            }
            while i <= j && self.less(a, j as usize) {
                j -= 1;
            }
            if i > j {
                return i as usize;
            }
            self.v.swap(i as usize, j as usize);
            i += 1;
            j -= 1;
        }
    }

    /// Sorts a nearly sorted range with a few shifts; false if it is not.
    fn partial_insertion(&mut self, a: usize, b: usize) -> bool {
        const MAX_STEPS: usize = 5;
        const SHORTEST_SHIFTING: usize = 50;
        let mut i = a + 1;
        for _ in 0..MAX_STEPS {
            while i < b && !self.less(i, i - 1) {
                i += 1;
            }
            if i == b {
                return true;
            }
            if b - a < SHORTEST_SHIFTING {
                return false;
            }
            self.v.swap(i, i - 1);
            if i - a >= 2 {
                // Go shifts down to index 1 of the whole slice, not of
                // the range.
                let mut j = i - 1;
                while j >= 1 && self.less(j, j - 1) {
                    self.v.swap(j, j - 1);
                    j -= 1;
                }
            }
            if b - i >= 2 {
                let mut j = i + 1;
                while j < b && self.less(j, j - 1) {
                    self.v.swap(j, j - 1);
                    j += 1;
                }
            }
        }
        false
    }

    fn break_patterns(&mut self, a: usize, b: usize) {
        let length = b - a;
        if length < 8 {
            return;
        }
        let mut random = length as u64;
        let modulus = 1usize << (usize::BITS - length.leading_zeros());
        let mid = a + (length / 4) * 2;
        for idx in mid - 1..=mid + 1 {
            // The shifts of the Go that built kubectl v1.27–v1.32; Go 1.24
            // (kubectl v1.33) shifts by 13, 7 and 17.
            random ^= random << 13;
            random ^= random >> 17;
            random ^= random << 5;
            let mut other = (random as usize) & (modulus - 1);
            if other >= length {
                other -= length;
            }
            self.v.swap(idx, a + other);
        }
    }

    fn choose_pivot(&mut self, a: usize, b: usize) -> (usize, Hint) {
        const SHORTEST_NINTHER: usize = 50;
        const MAX_SWAPS: usize = 4 * 3;
        let l = b - a;
        let mut swaps = 0;
        let (mut i, mut j, mut k) = (a + l / 4, a + l / 4 * 2, a + l / 4 * 3);
        if l >= 8 {
            if l >= SHORTEST_NINTHER {
                i = self.median(i - 1, i, i + 1, &mut swaps);
                j = self.median(j - 1, j, j + 1, &mut swaps);
                k = self.median(k - 1, k, k + 1, &mut swaps);
            }
            j = self.median(i, j, k, &mut swaps);
        }
        let hint = match swaps {
            0 => Hint::Increasing,
            MAX_SWAPS => Hint::Decreasing,
            _ => Hint::Unknown,
        };
        (j, hint)
    }

    fn order2(&mut self, a: usize, b: usize, swaps: &mut usize) -> (usize, usize) {
        if self.less(b, a) {
            *swaps += 1;
            (b, a)
        } else {
            (a, b)
        }
    }

    fn median(&mut self, a: usize, b: usize, c: usize, swaps: &mut usize) -> usize {
        let (a, b) = self.order2(a, b, swaps);
        let (b, _) = self.order2(b, c, swaps);
        let (_, b) = self.order2(a, b, swaps);
        b
    }
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

    /// Orders kubectl v1.27–v1.32 printed for `get pods --sort-by=.spec.priority`
    /// (a stub API server listing pods p000, p001… with these priorities);
    /// v1.33, built with a later Go, orders some ties differently.
    #[test]
    fn sorts_as_kubectl_v1_32_did() {
        let text = include_str!("sort_as_go.txt");
        let mut lines = text.lines();
        let mut cases = 0;
        while let Some(title) = lines.next() {
            let nums = |l: Option<&str>, tag: &str| -> Vec<usize> {
                let l = l.expect("a line");
                let rest = l.strip_prefix(tag).expect(tag);
                rest.split_whitespace().map(|w| w.parse().expect("a number")).collect()
            };
            let keys = nums(lines.next(), "keys ");
            let want = nums(lines.next(), "order ");
            let mut got: Vec<usize> = (0..keys.len()).collect();
            sort_as_go(&mut got, |a, b| keys[*a] < keys[*b]);
            assert_eq!(got, want, "{title}");
            cases += 1;
        }
        assert_eq!(cases, 84);
    }

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

        /// Whatever it does with ties, Go's sort sorts: every key in order,
        /// every element kept (long inputs with few keys reach its
        /// pattern-breaking path).
        #[test]
        fn sorts_as_go_sorts(keys in proptest::collection::vec(0u16..40, 0..600)) {
            let mut v: Vec<(u16, usize)> = keys.iter().copied().zip(0..).collect();
            sort_as_go(&mut v, |a, b| a.0 < b.0);
            prop_assert!(v.windows(2).all(|w| w[0].0 <= w[1].0));
            let mut seen: Vec<usize> = v.iter().map(|p| p.1).collect();
            seen.sort_unstable();
            prop_assert_eq!(seen, (0..keys.len()).collect::<Vec<_>>());
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
