//! Keys for maps that are looked up but never walked in key order.
//!
//! A persistent map keyed by `String` finds a key by comparing it with a
//! dozen stored ones, each text behind a pointer: on a 10,000-pod cluster
//! the kubelets' runtimes by `namespace/name` slot and the event
//! recorders by host cost a cache miss per comparison, and the texts share
//! long prefixes (`default/web-7d9f8b6c5d-…`, `kind-worker…`). A
//! [`Hashed`] key orders by a hash of its text first, held beside the
//! text's pointer, so a lookup compares numbers and reads one stored text,
//! the one it finds.
//!
//! A map keyed this way iterates in hash order: fixed (the hash is the
//! same natively and in wasm, for every run) but meaningless, so whatever
//! lists such a map in an order a user or a trace sees sorts it first.
//!
//! ```
//! use kubeplay_model::hashed::{Hashed, Lookup};
//! use std::collections::BTreeMap;
//!
//! let mut m: BTreeMap<Hashed, u32> = BTreeMap::new();
//! m.insert(Hashed::new("default/web-1".into()), 1);
//! assert_eq!(m.get(Lookup::new("default/web-1").view()), Some(&1));
//! assert_eq!(m.get(Lookup::new("default/web-2").view()), None);
//! ```

use std::borrow::Borrow;
use std::cmp::Ordering;

/// An owned key: a text and its [`hash`].
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Hashed {
    // Field order is the order: hash first, text on a tie.
    hash: u64,
    text: String,
}

impl Hashed {
    pub fn new(text: String) -> Hashed {
        Hashed { hash: hash(&text), text }
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }
}

/// What a key compares by, owned or borrowed: lookups pass a borrowed
/// text without allocating a key.
pub trait View {
    fn parts(&self) -> (u64, &str);
}

impl View for Hashed {
    #[inline]
    fn parts(&self) -> (u64, &str) {
        (self.hash, &self.text)
    }
}

/// A borrowed key, for lookups: `map.get(Lookup::new(text).view())`.
pub struct Lookup<'a>(u64, &'a str);

impl<'a> Lookup<'a> {
    pub fn new(text: &'a str) -> Lookup<'a> {
        Lookup(hash(text), text)
    }

    pub fn as_str(&self) -> &'a str {
        self.1
    }

    /// What a map keyed by [`Hashed`] takes as a borrowed key.
    pub fn view(&self) -> &(dyn View + 'a) {
        self
    }
}

impl View for Lookup<'_> {
    #[inline]
    fn parts(&self) -> (u64, &str) {
        (self.0, self.1)
    }
}

// The same order as `Hashed`'s derived one, as `Borrow` requires.
impl Ord for dyn View + '_ {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        self.parts().cmp(&other.parts())
    }
}

impl PartialOrd for dyn View + '_ {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for dyn View + '_ {
    fn eq(&self, other: &Self) -> bool {
        self.parts() == other.parts()
    }
}

impl Eq for dyn View + '_ {}

impl<'a> Borrow<dyn View + 'a> for Hashed {
    fn borrow(&self) -> &(dyn View + 'a) {
        self
    }
}

/// A multiplicative hash eight bytes at a time (rustc's FxHash step):
/// cheap for the short texts keys are, and collisions only cost a text
/// comparison, never a wrong answer.
pub fn hash(text: &str) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let step = |h: u64, word: u64| (h.rotate_left(5) ^ word).wrapping_mul(K);
    let bytes = text.as_bytes();
    let mut h = step(0, bytes.len() as u64);
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        h = step(h, u64::from_le_bytes(w.try_into().expect("eight bytes")));
    }
    let rest = words.remainder();
    if !rest.is_empty() {
        let mut last = [0u8; 8];
        last[..rest.len()].copy_from_slice(rest);
        h = step(h, u64::from_le_bytes(last));
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// A borrowed lookup finds exactly what an owned key would: every
    /// key of a map, and no text that is not one, including texts that
    /// differ from a key only in their last byte or length (the hash's
    /// padded tail word).
    #[test]
    fn lookups_agree_with_owned_keys() {
        let texts: Vec<String> = (0..300).map(|i| format!("default/web-7d9f8b6c5d-{i:05}")).chain(["".into(), "a".into(), "a\0".into(), "12345678".into(), "123456780".into()]).collect();
        let mut m: BTreeMap<Hashed, usize> = BTreeMap::new();
        for (i, t) in texts.iter().enumerate() {
            m.insert(Hashed::new(t.clone()), i);
        }
        assert_eq!(m.len(), texts.len(), "no two texts made one key");
        for (i, t) in texts.iter().enumerate() {
            assert_eq!(m.get(Lookup::new(t).view()), Some(&i), "{t:?}");
            assert_eq!(m.get(&Hashed::new(t.clone())), Some(&i));
        }
        for absent in ["default/web-7d9f8b6c5d-00300", "default/web-7d9f8b6c5d-0000", "a\0\0", "1234567"] {
            assert_eq!(m.get(Lookup::new(absent).view()), None, "{absent:?}");
        }
        *m.get_mut(Lookup::new("a").view()).expect("present") = 99;
        assert_eq!(m.get(Lookup::new("a").view()), Some(&99));
        assert_eq!(m.remove(Lookup::new("a").view()), Some(99));
        assert_eq!(m.get(Lookup::new("a").view()), None);
        assert_eq!(m.remove(Lookup::new("a").view()), None);
    }

    /// The hash is a fixed function of the bytes (the same natively and in
    /// wasm): the order of a map keyed by it never changes between runs.
    #[test]
    fn the_hash_is_fixed() {
        assert_eq!(hash(""), 0);
        assert_ne!(hash("a"), hash("a\0"), "the length is hashed");
        assert_eq!(hash("default/web-1"), hash(&String::from("default/web-1")));
        let h = hash("kind-worker");
        assert_eq!(h, {
            let k: u64 = 0x517c_c1b7_2722_0a95;
            let s = |h: u64, w: u64| (h.rotate_left(5) ^ w).wrapping_mul(k);
            s(s(s(0, 11), u64::from_le_bytes(*b"kind-wor")), u64::from_le_bytes(*b"ker\0\0\0\0\0"))
        });
    }
}
