//! [`SharedStr`]: an immutable string whose clones share one allocation.
//!
//! Object keys are cloned constantly: every write to a persistent map
//! copies the map's touched chunks, and with them every key in those chunks,
//! and every queue, index and trace entry keeps its own key. With `String`
//! fields each of those copies allocated and copied the text; with
//! `SharedStr` a clone is a reference-count increment. It compares, orders,
//! hashes, prints and debug-prints exactly as the `String` it replaces, so
//! orders and outputs do not change.
//!
//! ```
//! use kubeplay_model::SharedStr;
//! let a = SharedStr::from("nginx");
//! let b = a.clone();
//! assert_eq!(a, "nginx");
//! assert_eq!(b.as_str(), "nginx");
//! assert!(SharedStr::from("a") < SharedStr::from("b"));
//! ```

use std::borrow::Borrow;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

#[derive(Clone)]
pub struct SharedStr(Arc<str>);

impl SharedStr {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The same text shared with every earlier call for it on this
    /// thread. Keys intern their namespace: there are few, and two keys
    /// of one namespace then compare it by address, without reading the
    /// text (a cache miss in a big map's lookup).
    pub fn interned(s: &str) -> SharedStr {
        thread_local! {
            static TABLE: MemoTable = const { RefCell::new(BTreeMap::new()) };
        }
        remembered(&TABLE, s, |s| SharedStr::from(s))
    }
}

/// A per-thread table of what a pure function of a text gave (see
/// [`remembered`]).
pub type MemoTable = RefCell<BTreeMap<Box<str>, SharedStr>>;

/// `make(key)`, made once per thread for each key `table` has room for:
/// the texts asked for are few (namespaces, image names), and a flood of
/// distinct ones is not kept.
pub fn remembered(table: &'static std::thread::LocalKey<MemoTable>, key: &str, make: impl FnOnce(&str) -> SharedStr) -> SharedStr {
    table.with(|t| {
        if let Some(done) = t.borrow().get(key) {
            return done.clone();
        }
        let done = make(key);
        let mut t = t.borrow_mut();
        if t.len() < 1024 {
            t.insert(key.into(), done.clone());
        }
        done
    })
}

// By text, as `str` compares; the same allocation is equal at once.
impl PartialEq for SharedStr {
    fn eq(&self, o: &SharedStr) -> bool {
        Arc::ptr_eq(&self.0, &o.0) || *self.0 == *o.0
    }
}

impl Eq for SharedStr {}

impl Ord for SharedStr {
    fn cmp(&self, o: &SharedStr) -> std::cmp::Ordering {
        if Arc::ptr_eq(&self.0, &o.0) {
            return std::cmp::Ordering::Equal;
        }
        self.0.cmp(&o.0)
    }
}

impl PartialOrd for SharedStr {
    fn partial_cmp(&self, o: &SharedStr) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}

impl std::hash::Hash for SharedStr {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.0.hash(h)
    }
}

impl Default for SharedStr {
    /// One shared empty text per thread: the store makes a key with an
    /// empty name to start every listing, and an `Arc` of nothing is still
    /// an allocation.
    fn default() -> SharedStr {
        thread_local! {
            static EMPTY: SharedStr = SharedStr(Arc::from(""));
        }
        EMPTY.with(SharedStr::clone)
    }
}

impl Deref for SharedStr {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for SharedStr {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for SharedStr {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl From<&str> for SharedStr {
    fn from(s: &str) -> SharedStr {
        SharedStr(Arc::from(s))
    }
}

impl From<String> for SharedStr {
    fn from(s: String) -> SharedStr {
        SharedStr(Arc::from(s))
    }
}

impl From<&String> for SharedStr {
    fn from(s: &String) -> SharedStr {
        SharedStr(Arc::from(s.as_str()))
    }
}

impl From<SharedStr> for String {
    fn from(s: SharedStr) -> String {
        s.0.to_string()
    }
}

impl PartialEq<str> for SharedStr {
    fn eq(&self, o: &str) -> bool {
        &*self.0 == o
    }
}

impl PartialEq<&str> for SharedStr {
    fn eq(&self, o: &&str) -> bool {
        &*self.0 == *o
    }
}

impl PartialEq<String> for SharedStr {
    fn eq(&self, o: &String) -> bool {
        *self.0 == **o
    }
}

impl PartialEq<SharedStr> for String {
    fn eq(&self, o: &SharedStr) -> bool {
        **self == *o.0
    }
}

impl PartialEq<SharedStr> for &str {
    fn eq(&self, o: &SharedStr) -> bool {
        **self == *o.0
    }
}

impl PartialEq<SharedStr> for str {
    fn eq(&self, o: &SharedStr) -> bool {
        *self == *o.0
    }
}

impl fmt::Display for SharedStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

impl fmt::Debug for SharedStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl serde::Serialize for SharedStr {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> serde::Deserialize<'de> for SharedStr {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SharedStr, D::Error> {
        String::deserialize(d).map(SharedStr::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};

    fn hash<T: Hash + ?Sized>(t: &T) -> u64 {
        let mut h = DefaultHasher::new();
        t.hash(&mut h);
        h.finish()
    }

    /// Swapping `String` for `SharedStr` in a key must not change any
    /// order, hash or printed form: traces and listings depend on them.
    #[test]
    fn behaves_as_the_string_it_replaces() {
        let words = ["", "a", "B", "nginx-7c5ddbdf54-x2kqp", "nginx", "ñ", "kube-system", "default"];
        for a in words {
            for b in words {
                // Separate allocations, one interned and one not, and the
                // interned ones (shared when equal): all compare as text.
                for (sa, sb) in [(SharedStr::from(a), SharedStr::from(b)), (SharedStr::interned(a), SharedStr::from(b)), (SharedStr::interned(a), SharedStr::interned(b))] {
                    assert_eq!(sa.cmp(&sb), a.to_string().cmp(&b.to_string()), "{a:?} vs {b:?}");
                    assert_eq!(sa.partial_cmp(&sb), a.partial_cmp(b));
                    assert_eq!(sa == sb, a == b);
                }
            }
            assert_eq!(hash(&SharedStr::interned(a)), hash(&a.to_string()));
            let s = SharedStr::from(a);
            assert_eq!(hash(&s), hash(&a.to_string()));
            assert_eq!(format!("{s}"), a);
            assert_eq!(format!("{s:?}"), format!("{:?}", a.to_string()));
            assert_eq!(format!("{s:>12}|"), format!("{a:>12}|"));
            assert_eq!(serde_json::to_string(&s).ok(), serde_json::to_string(a).ok());
        }
        let a = SharedStr::from("x");
        let b = a.clone();
        assert!(Arc::ptr_eq(&a.0, &b.0), "a clone shares the text");
        assert!(Arc::ptr_eq(&SharedStr::interned("ns").0, &SharedStr::interned("ns").0), "interned text is shared");
    }
}
