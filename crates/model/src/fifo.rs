//! [`Fifo`]: a persistent first-in first-out queue, for lists that every
//! step of the engine adds to: its work queue, the Events of each lease.
//!
//! The engine snapshots the world after every step, so such a list is
//! always shared with the snapshot before. In imbl's `Vector` a push or a
//! pop then copied the whole 64-entry chunk at the end it touched, about
//! 4 KB each time, and the work queue's were a sixth of what a recorded
//! step held. Here the queue is two lists of shared links: a push makes one
//! link, a pop shares the rest of the list.
//!
//! ```
//! use kubeplay_model::fifo::Fifo;
//! let mut q = Fifo::default();
//! q.push_back(1);
//! q.push_back(2);
//! let snapshot = q.clone();
//! assert_eq!(q.pop_front(), Some(1));
//! assert_eq!(snapshot.iter().collect::<Vec<_>>(), [&1, &2]);
//! ```

use std::sync::Arc;

struct Link<T> {
    item: T,
    next: Option<Arc<Link<T>>>,
}

/// Items leave in the order they came. `front` holds the oldest, next out
/// first; `back` the newest, last in first, turned onto `front` when
/// `front` runs out (each item is turned once, so a push or pop costs O(1)
/// on average along one history).
pub struct Fifo<T> {
    front: Option<Arc<Link<T>>>,
    back: Option<Arc<Link<T>>>,
    len: usize,
}

impl<T> Default for Fifo<T> {
    fn default() -> Fifo<T> {
        Fifo { front: None, back: None, len: 0 }
    }
}

impl<T> Clone for Fifo<T> {
    fn clone(&self) -> Fifo<T> {
        Fifo { front: self.front.clone(), back: self.back.clone(), len: self.len }
    }
}

impl<T> Fifo<T> {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The items, next out first.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        let mut back: Vec<&T> = links(&self.back).collect();
        back.reverse();
        links(&self.front).chain(back)
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Fifo<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Clone> Fifo<T> {
    pub fn push_back(&mut self, item: T) {
        self.back = Some(Arc::new(Link { item, next: self.back.take() }));
        self.len += 1;
    }

    pub fn pop_front(&mut self) -> Option<T> {
        if self.front.is_none() {
            let mut back = self.back.take();
            while let Some(link) = back {
                let (item, next) = take(link);
                self.front = Some(Arc::new(Link { item, next: self.front.take() }));
                back = next;
            }
        }
        let (item, next) = take(self.front.take()?);
        self.front = next;
        self.len -= 1;
        Some(item)
    }
}

/// A link's item and the rest of its list: moved out when nothing else
/// holds the link, copied when a snapshot does.
fn take<T: Clone>(link: Arc<Link<T>>) -> (T, Option<Arc<Link<T>>>) {
    match Arc::try_unwrap(link) {
        Ok(mut l) => {
            let next = l.next.take();
            (l.item, next)
        }
        Err(shared) => (shared.item.clone(), shared.next.clone()),
    }
}

fn links<T>(list: &Option<Arc<Link<T>>>) -> impl Iterator<Item = &T> {
    std::iter::successors(list.as_deref(), |l| l.next.as_deref()).map(|l| &l.item)
}

/// A list is dropped link by link: dropped the usual way, each link would
/// drop the next from inside its own drop, and a long list would overflow
/// the stack.
impl<T> Drop for Fifo<T> {
    fn drop(&mut self) {
        for list in [self.front.take(), self.back.take()] {
            let mut cur = list;
            while let Some(link) = cur {
                cur = match Arc::try_unwrap(link) {
                    Ok(mut l) => l.next.take(),
                    Err(_) => None,
                };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Any run of pushes and pops gives what a plain deque gives, and a
        /// clone taken at any point keeps what it held then.
        #[test]
        fn behaves_as_a_deque_and_snapshots_stay(ops in proptest::collection::vec(any::<Option<u8>>(), 0..200)) {
            let mut q = Fifo::default();
            let mut model = std::collections::VecDeque::new();
            let mut snapshots = Vec::new();
            for op in ops {
                match op {
                    Some(v) => {
                        q.push_back(v);
                        model.push_back(v);
                    }
                    None => prop_assert_eq!(q.pop_front(), model.pop_front()),
                }
                prop_assert_eq!(q.len(), model.len());
                prop_assert_eq!(q.iter().copied().collect::<Vec<_>>(), model.iter().copied().collect::<Vec<_>>());
                snapshots.push((q.clone(), model.clone()));
            }
            for (s, m) in snapshots {
                prop_assert_eq!(s.iter().copied().collect::<Vec<_>>(), m.into_iter().collect::<Vec<_>>());
            }
        }
    }

    #[test]
    fn a_long_queue_drops_without_recursion() {
        let mut q = Fifo::default();
        for i in 0..1_000_000u32 {
            q.push_back(i);
        }
        let half = q.clone();
        assert_eq!(q.pop_front(), Some(0));
        drop(q);
        assert_eq!(half.len(), 1_000_000);
        drop(half);
    }

    #[test]
    fn a_pop_shares_the_rest_with_the_snapshot() {
        let mut q = Fifo::default();
        (0..3).for_each(|i| q.push_back(i));
        assert_eq!(q.pop_front(), Some(0));
        let snapshot = q.clone();
        assert_eq!(q.pop_front(), Some(1));
        let (Some(a), Some(b)) = (&q.front, &snapshot.front) else { panic!("both have a front") };
        assert!(Arc::ptr_eq(a, b.next.as_ref().expect("2 follows 1")));
    }
}
