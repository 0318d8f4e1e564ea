//! [`Atom`]: an immutable text one pointer wide, for the words of a
//! vocabulary: condition types, statuses and reasons, event types and
//! reasons, policies.
//!
//! Such fields were `SharedStr`s or `String`s, three words each, and a busy
//! cluster holds millions of them: a pod's five conditions carry three
//! each, every Event a dozen. An `Atom` is a pointer to a shared, counted
//! text, so it is one word (`Option<Atom>` too), a clone is a count
//! increment, and texts asked for often are made once per thread and
//! shared (see [`Atom::from`]). It compares, orders, hashes, prints and
//! debug-prints exactly as the `str` it holds, so swapping it in for a
//! `String` changes no order and no output.
//!
//! ```
//! use kubeplay_model::Atom;
//! let ready = Atom::from("Ready");
//! assert_eq!(ready, "Ready");
//! assert_eq!(std::mem::size_of::<Option<Atom>>(), std::mem::size_of::<usize>());
//! assert!(Atom::from("False") < Atom::from("True"));
//! ```

use std::cell::RefCell;
use std::sync::Arc;

/// The text behind one counted pointer: `Arc<str>` would be two words.
#[derive(Clone)]
pub struct Atom(Arc<Box<str>>);

/// How many distinct texts a thread keeps to share. Vocabularies are
/// small; past this, a text is made afresh each time (and freed with its
/// last copy) rather than kept for good.
const TABLE_ROOM: usize = 16_384;

impl Atom {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// For `skip_serializing_if`, which passes a reference to the field.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl From<&str> for Atom {
    /// The text shared with every earlier call for it on this thread
    /// (while the thread's table has room).
    fn from(s: &str) -> Atom {
        thread_local! {
            static TABLE: RefCell<Table> = const { RefCell::new(Table { slots: Vec::new(), len: 0 }) };
        }
        TABLE.with(|t| t.borrow_mut().intern(s))
    }
}

/// The [`Atom`] of a literal word, looked up once per thread and call
/// site: on a hot path (a condition's type and status, built for every
/// pod's every status) even a hashed lookup of the text costs more than
/// the rest of the work.
///
/// ```
/// use kubeplay_model::{atom, Atom};
/// assert_eq!(atom!("Ready"), Atom::from("Ready"));
/// ```
#[macro_export]
macro_rules! atom {
    ($word:literal) => {{
        ::std::thread_local! { static WORD: $crate::Atom = $crate::Atom::from($word); }
        WORD.with(::std::clone::Clone::clone)
    }};
}

/// A thread's shared texts, by hash: open addressing with linear probing,
/// at most half full, so every probe ends at the text or an empty slot.
/// It was an ordered map, whose lookups compared the text with a dozen
/// others (a cluster's node names and addresses are words too): those
/// comparisons were a tenth of a large Deployment's native cycles. Only
/// looked up, never walked, so its order reaches no output.
struct Table {
    slots: Vec<Option<Atom>>,
    len: usize,
}

impl Table {
    fn intern(&mut self, s: &str) -> Atom {
        if self.slots.is_empty() {
            self.slots = vec![None; 64];
        }
        let at = match self.find(s) {
            Ok(at) => return self.slots[at].clone().expect("found"),
            Err(at) => at,
        };
        let a = Atom(Arc::new(s.into()));
        if self.len < TABLE_ROOM {
            self.slots[at] = Some(a.clone());
            self.len += 1;
            if self.len * 2 > self.slots.len() {
                self.grow();
            }
        }
        a
    }

    /// The slot holding the text, or the empty one where it would go.
    fn find(&self, s: &str) -> Result<usize, usize> {
        let mask = self.slots.len() - 1;
        // The hash's high bits are its best mixed.
        let mut i = (crate::hashed::hash(s) >> 32) as usize & mask;
        loop {
            match &self.slots[i] {
                None => return Err(i),
                Some(a) if a.as_str() == s => return Ok(i),
                Some(_) => i = (i + 1) & mask,
            }
        }
    }

    fn grow(&mut self) {
        let bigger = vec![None; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, bigger);
        for a in old.into_iter().flatten() {
            if let Err(at) = self.find(a.as_str()) {
                self.slots[at] = Some(a);
            }
        }
    }
}

impl Default for Atom {
    /// Made once per thread: every derived `Default` of a struct with an
    /// `Atom` makes one, and a condition or a key is built all the time.
    fn default() -> Atom {
        atom!("")
    }
}

// By text, as `str` compares; one shared text is equal at once.
impl PartialEq for Atom {
    fn eq(&self, o: &Atom) -> bool {
        Arc::ptr_eq(&self.0, &o.0) || self.as_str() == o.as_str()
    }
}

impl Eq for Atom {}

impl Ord for Atom {
    // Inlined where maps compare keys: object keys order by namespace
    // first, and the namespaces of two keys are most often one shared
    // text, equal without a call.
    #[inline]
    fn cmp(&self, o: &Atom) -> std::cmp::Ordering {
        if Arc::ptr_eq(&self.0, &o.0) {
            return std::cmp::Ordering::Equal;
        }
        texts_cmp(self, o)
    }
}

#[inline(never)]
fn texts_cmp(a: &Atom, b: &Atom) -> std::cmp::Ordering {
    a.as_str().cmp(b.as_str())
}

impl PartialOrd for Atom {
    fn partial_cmp(&self, o: &Atom) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}

crate::shared_str::text_like!(Atom);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared_str::tests::hash;

    /// It stands in for `String` fields, so everything observable must be
    /// the string's: order, equality, hash, display and debug forms, and
    /// the JSON it reads and writes.
    #[test]
    fn behaves_as_the_text_it_holds() {
        let words = ["", "A", "False", "True", "Unknown", "a", "ä", "ContainersNotReady", "spec.containers{nginx}", "a much longer text than any inline buffer would hold"];
        for a in words {
            for b in words {
                let (x, y) = (Atom::from(a), Atom::from(b.to_string()));
                assert_eq!(x.cmp(&y), a.cmp(b), "{a:?} vs {b:?}");
                assert_eq!(x == y, a == b);
            }
            let x = Atom::from(a);
            assert_eq!(hash(&x), hash(a));
            assert_eq!(format!("{x}|{x:?}"), format!("{a}|{a:?}"));
            assert_eq!(serde_json::to_string(&x).unwrap(), serde_json::to_string(a).unwrap());
            let back: Atom = serde_json::from_str(&serde_json::to_string(a).unwrap()).unwrap();
            assert_eq!(back, a);
            assert_eq!(String::from(x.clone()), a);
            assert!(x == *a && a == x && x == a.to_string());
        }
    }

    #[test]
    fn a_word_is_made_once_and_shared() {
        let (a, b) = (Atom::from("PodScheduled"), Atom::from(String::from("PodScheduled")));
        assert!(Arc::ptr_eq(&a.0, &b.0));
        assert_eq!(std::mem::size_of::<Option<Atom>>(), std::mem::size_of::<usize>());
    }

    /// Every word stays findable as the table grows (its slots are moved
    /// to a bigger table each time it is half full).
    #[test]
    fn words_are_found_again_through_growth() {
        std::thread::spawn(|| {
            let first: Vec<Atom> = (0..5_000).map(|i| Atom::from(format!("node-{i:05}"))).collect();
            for (i, a) in first.iter().enumerate() {
                let again = Atom::from(format!("node-{i:05}"));
                assert!(Arc::ptr_eq(&a.0, &again.0), "node-{i:05} made twice");
                assert_eq!(again, format!("node-{i:05}"));
            }
        })
        .join()
        .unwrap();
    }

    /// A flood of distinct texts is not kept: once the table is full, each
    /// is its own allocation, freed with its last copy.
    #[test]
    fn a_full_table_keeps_no_more() {
        std::thread::spawn(|| {
            for i in 0..TABLE_ROOM {
                let _ = Atom::from(format!("w{i}"));
            }
            let (a, b) = (Atom::from("past-the-room"), Atom::from("past-the-room"));
            assert!(!Arc::ptr_eq(&a.0, &b.0));
            assert_eq!(a, b);
            assert_eq!(Arc::strong_count(&a.0), 1, "only its holder has it");
            let kept = Atom::from("w7");
            assert_eq!(Arc::strong_count(&kept.0), 2, "the table and this copy");
        })
        .join()
        .unwrap();
    }
}
