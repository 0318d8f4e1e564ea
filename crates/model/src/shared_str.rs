//! [`SharedStr`]: an immutable string held inline when short (on 64-bit
//! targets), and whose clones otherwise share one allocation.
//!
//! Object keys are cloned constantly: every write to a persistent map
//! copies the map's touched chunks, and with them every key in those chunks,
//! and every queue, index and trace entry keeps its own key. With `String`
//! fields each of those copies allocated and copied the text; with
//! `SharedStr` a clone is a copy of three words or a reference-count
//! increment, and comparing two short keys reads no other memory. It
//! compares, orders, hashes, prints and debug-prints exactly as the
//! `String` it replaces, so orders and outputs do not change.
//!
//! ```
//! use kubeplay_model::SharedStr;
//! let a = SharedStr::from("nginx");
//! let b = a.clone();
//! assert_eq!(a, "nginx");
//! assert_eq!(b.as_str(), "nginx");
//! assert!(SharedStr::from("a") < SharedStr::from("b"));
//! ```

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::Arc;

#[derive(Clone)]
pub struct SharedStr(Repr);

/// Texts up to [`INLINE`] bytes (most object names: a Deployment's pods
/// are `<name>-<10>-<5>`, namespaces) sit in the value itself. A lookup in
/// a big map compares its key with a dozen others; with the text behind a
/// pointer, each comparison was a cache miss, and those misses were a
/// fifth of a large Deployment's cycles. Longer texts are shared.
///
/// Only where pointers are 64 bits wide: there the value is three words, as
/// big as a `String` and one word more than a shared text alone. In wasm a
/// shared text is two 32-bit words, so inline texts would triple every
/// key's size, and the 10,000-pod Deployment ran 15% slower with them.
#[derive(Clone)]
enum Repr {
    #[cfg(target_pointer_width = "64")]
    Inline { len: u8, bytes: [u8; INLINE] },
    Shared(Arc<str>),
}

/// The most an inline text holds.
const INLINE: usize = 22;

impl SharedStr {
    pub fn is_empty(&self) -> bool {
        self.as_str().is_empty()
    }

    pub fn as_str(&self) -> &str {
        match &self.0 {
            #[cfg(target_pointer_width = "64")]
            Repr::Inline { len, bytes } => {
                let bytes = &bytes[..*len as usize];
                // SAFETY: `new` copies the bytes of a whole `str`, never
                // changed after, so they are UTF-8.
                unsafe { std::str::from_utf8_unchecked(bytes) }
            }
            Repr::Shared(s) => s,
        }
    }

    fn new(s: &str) -> SharedStr {
        #[cfg(target_pointer_width = "64")]
        if SharedStr::held_inline(s) {
            let len = s.len();
            let mut bytes = [0; INLINE];
            bytes[..len].copy_from_slice(s.as_bytes());
            return SharedStr(Repr::Inline { len: len as u8, bytes });
        }
        SharedStr(Repr::Shared(Arc::from(s)))
    }

    /// Whether `new` holds `s` itself rather than sharing it.
    fn held_inline(s: &str) -> bool {
        cfg!(target_pointer_width = "64") && s.len() <= INLINE
    }

    /// The same text shared with every earlier call for it on this
    /// thread. Keys intern their namespace: there are few, and two keys
    /// of one namespace then compare it by address, without reading the
    /// text (a cache miss in a big map's lookup). A short text is held
    /// inline, which is better still.
    pub fn interned(s: &str) -> SharedStr {
        thread_local! {
            static TABLE: MemoTable = const { RefCell::new(BTreeMap::new()) };
        }
        if SharedStr::held_inline(s) {
            return SharedStr::new(s);
        }
        remembered(&TABLE, s, SharedStr::new)
    }

    /// Whether the two share one allocation (texts held inline never do).
    fn same_allocation(&self, o: &SharedStr) -> bool {
        matches!((&self.0, &o.0), (Repr::Shared(a), Repr::Shared(b)) if Arc::ptr_eq(a, b))
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
        match (&self.0, &o.0) {
            #[cfg(target_pointer_width = "64")]
            (Repr::Inline { len: la, bytes: a }, Repr::Inline { len: lb, bytes: b }) => la == lb && a == b,
            _ => self.same_allocation(o) || (self.len() == o.len() && bytes_cmp(self.as_bytes(), o.as_bytes()).is_eq()),
        }
    }
}

impl Eq for SharedStr {}

impl Ord for SharedStr {
    // Inlined into the maps' searches, which compare keys more than
    // anything else the engine does: the call cost as much as a short
    // comparison.
    #[inline]
    fn cmp(&self, o: &SharedStr) -> std::cmp::Ordering {
        match (&self.0, &o.0) {
            #[cfg(target_pointer_width = "64")]
            (Repr::Inline { len: la, bytes: a }, Repr::Inline { len: lb, bytes: b }) => inline_cmp(a, b).then(la.cmp(lb)),
            _ if self.same_allocation(o) => std::cmp::Ordering::Equal,
            _ => bytes_cmp(self.as_bytes(), o.as_bytes()),
        }
    }
}

/// Byte order of two texts. In wasm, `memcmp` is a loop over single
/// bytes, and the texts keys compare share long prefixes (a ReplicaSet's
/// pods' names, their Events' names): there the common part goes eight
/// bytes at a time, as big-endian integers, which order as their bytes
/// do. Natively `memcmp` is vectorised already.
fn bytes_cmp(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    if cfg!(target_arch = "wasm32") {
        by_words(a, b)
    } else {
        a.cmp(b)
    }
}

fn by_words(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    let common = a.len().min(b.len());
    let (mut wa, mut wb) = (a[..common].chunks_exact(8), b[..common].chunks_exact(8));
    for (x, y) in (&mut wa).zip(&mut wb) {
        let (x, y) = (u64::from_be_bytes(x.try_into().expect("eight bytes")), u64::from_be_bytes(y.try_into().expect("eight bytes")));
        if x != y {
            return x.cmp(&y);
        }
    }
    wa.remainder().cmp(wb.remainder()).then(a.len().cmp(&b.len()))
}

/// Two inline texts' order, as integers, without a call to `memcmp`. The
/// bytes past a text's end are zero, and a zero orders before any byte
/// that could stand there in the other text, so where the arrays differ
/// they order as the texts do; equal arrays leave it to the lengths
/// (`"a"` before `"a\0"`).
#[cfg(target_pointer_width = "64")]
fn inline_cmp(a: &[u8; INLINE], b: &[u8; INLINE]) -> std::cmp::Ordering {
    let words = |x: &[u8; INLINE]| {
        let (mut hi, mut lo) = ([0u8; 16], [0u8; 8]);
        hi.copy_from_slice(&x[..16]);
        lo[..INLINE - 16].copy_from_slice(&x[16..]);
        (u128::from_be_bytes(hi), u64::from_be_bytes(lo))
    };
    words(a).cmp(&words(b))
}

impl PartialOrd for SharedStr {
    fn partial_cmp(&self, o: &SharedStr) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}

impl Default for SharedStr {
    /// Inline where texts can be; elsewhere one shared empty text per
    /// thread: the store makes a key with an empty name to start every
    /// listing, and an `Arc` of nothing is still an allocation.
    fn default() -> SharedStr {
        if SharedStr::held_inline("") {
            return SharedStr::new("");
        }
        thread_local! {
            static EMPTY: SharedStr = SharedStr(Repr::Shared(Arc::from("")));
        }
        EMPTY.with(SharedStr::clone)
    }
}

impl From<&str> for SharedStr {
    fn from(s: &str) -> SharedStr {
        SharedStr::new(s)
    }
}

/// What makes a text type stand in for `String`: it reads as the `str` it
/// holds (`as_str`), is made from any text through its `From<&str>`, and
/// compares with, prints and serializes as that `str`. [`SharedStr`] and
/// [`crate::Atom`] share it.
macro_rules! text_like {
    ($t:ty) => {
        impl std::ops::Deref for $t {
            type Target = str;
            fn deref(&self) -> &str {
                self.as_str()
            }
        }

        impl AsRef<str> for $t {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        impl std::borrow::Borrow<str> for $t {
            fn borrow(&self) -> &str {
                self.as_str()
            }
        }

        impl From<String> for $t {
            fn from(s: String) -> $t {
                <$t>::from(s.as_str())
            }
        }

        impl From<&String> for $t {
            fn from(s: &String) -> $t {
                <$t>::from(s.as_str())
            }
        }

        impl From<$t> for String {
            fn from(s: $t) -> String {
                s.as_str().to_string()
            }
        }

        impl std::hash::Hash for $t {
            fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
                self.as_str().hash(h)
            }
        }

        impl PartialEq<str> for $t {
            fn eq(&self, o: &str) -> bool {
                self.as_str() == o
            }
        }

        impl PartialEq<&str> for $t {
            fn eq(&self, o: &&str) -> bool {
                self.as_str() == *o
            }
        }

        impl PartialEq<String> for $t {
            fn eq(&self, o: &String) -> bool {
                self.as_str() == o.as_str()
            }
        }

        impl PartialEq<$t> for String {
            fn eq(&self, o: &$t) -> bool {
                self.as_str() == o.as_str()
            }
        }

        impl PartialEq<$t> for &str {
            fn eq(&self, o: &$t) -> bool {
                *self == o.as_str()
            }
        }

        impl PartialEq<$t> for str {
            fn eq(&self, o: &$t) -> bool {
                self == o.as_str()
            }
        }

        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(self.as_str(), f)
            }
        }

        impl std::fmt::Debug for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Debug::fmt(self.as_str(), f)
            }
        }

        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                String::deserialize(d).map(<$t>::from)
            }
        }
    };
}
pub(crate) use text_like;

text_like!(SharedStr);

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};

    /// What `std`'s hasher makes of `t` (the text types' tests compare it
    /// with the `str`'s).
    pub(crate) fn hash<T: Hash + ?Sized>(t: &T) -> u64 {
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
        let long = "a-namespace-longer-than-fits-inline";
        let a = SharedStr::from(long);
        assert!(a.same_allocation(&a.clone()), "a clone shares the text");
        assert!(SharedStr::interned(long).same_allocation(&SharedStr::interned(long)), "interned text is shared");
        assert!(matches!(SharedStr::from("x").0, Repr::Inline { len: 1, .. }), "a short text is inline");
        assert_eq!(std::mem::size_of::<SharedStr>(), std::mem::size_of::<String>());
    }

    proptest::proptest! {
        /// Any two texts, short or long, with NULs and multi-byte
        /// characters, compare and test equal as the `String`s do.
        #[test]
        fn orders_as_strings(a in "[a\\x00\u{e9}-]{0,30}", b in "[a\\x00\u{e9}-]{0,30}") {
            let (sa, sb) = (SharedStr::from(a.as_str()), SharedStr::from(b.as_str()));
            proptest::prop_assert_eq!(sa.cmp(&sb), a.cmp(&b));
            proptest::prop_assert_eq!(sa == sb, a == b);
            proptest::prop_assert_eq!(sa.as_str(), a.as_str());
        }

        /// The word-at-a-time order wasm uses is the bytes' order, for
        /// texts sharing prefixes of every length around a word's.
        #[test]
        fn words_order_as_bytes(prefix in "[ab\\x00]{0,20}", a in "[ab\\x00\u{ff}]{0,12}", b in "[ab\\x00\u{ff}]{0,12}") {
            let (a, b) = ([prefix.as_str(), a.as_str()].concat(), [prefix.as_str(), b.as_str()].concat());
            proptest::prop_assert_eq!(by_words(a.as_bytes(), b.as_bytes()), a.as_bytes().cmp(b.as_bytes()));
        }
    }

    /// Texts either side of the inline limit compare as text with each
    /// other, whichever way each is held.
    #[test]
    fn inline_and_shared_texts_compare_as_text() {
        let words: Vec<String> =
            [INLINE - 1, INLINE, INLINE + 1, INLINE + 8].iter().flat_map(|n| ["a".repeat(*n), format!("{}b", "a".repeat(n - 1)), format!("{}\u{e9}", "a".repeat(n - 2))]).collect();
        let mut words = words;
        words.extend(["", "a", "a\0", "a\0b", "\0", "ab", "b", "web-797596b896-jjhv7", "web-797596b896-jjhv8", "web-797596b896-jjhv"].map(String::from));
        for a in &words {
            for b in &words {
                let (sa, sb) = (SharedStr::from(a.as_str()), SharedStr::from(b.as_str()));
                assert_eq!(sa.cmp(&sb), a.cmp(b), "{a:?} vs {b:?}");
                assert_eq!(sa == sb, a == b);
                assert_eq!(sa.as_str(), a);
            }
        }
    }
}
