//! [`Uid`]: an object's uid, and the uid an owner or object reference
//! names, held in the value itself.
//!
//! The API server gives every object a 36-character UUID, and every pod
//! carries three (its own, its owner reference's, and its Events' two
//! each). As `String`s they were a pointer and a separate 36-byte block
//! each, as shared texts a pointer and a 52-byte block. A `Uid` holds up to
//! [`INLINE`] bytes in its own 40 bytes, so a UUID allocates nothing; a
//! longer text (a manifest may write any uid in a reference) is boxed. It
//! compares, orders, hashes, prints and serializes as the `str` it holds.
//!
//! ```
//! use kubeplay_model::Uid;
//! let u = Uid::from("9b2f4c1e-5a3d-4e6f-8a7b-0c1d2e3f4a5b");
//! assert_eq!(u, "9b2f4c1e-5a3d-4e6f-8a7b-0c1d2e3f4a5b");
//! assert!(Uid::from("a") < Uid::from("b"));
//! assert_eq!(std::mem::size_of::<Option<Uid>>(), 40);
//! ```

/// The most bytes held inline: a UUID's 36, and two to spare that the
/// value's size leaves room for.
const INLINE: usize = 38;

#[derive(Clone)]
pub struct Uid(Repr);

#[derive(Clone)]
enum Repr {
    Inline { len: u8, bytes: [u8; INLINE] },
    Boxed(Box<str>),
}

impl Uid {
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Inline { len, bytes } => {
                // SAFETY: `from` copies the bytes of a whole `str`, never
                // changed after, so they are UTF-8. (Checking them on every
                // read would cost each comparison a pass over them.)
                unsafe { std::str::from_utf8_unchecked(&bytes[..*len as usize]) }
            }
            Repr::Boxed(s) => s,
        }
    }

    /// For `skip_serializing_if`, which passes a reference to the field.
    pub fn is_empty(&self) -> bool {
        self.as_str().is_empty()
    }
}

impl From<&str> for Uid {
    fn from(s: &str) -> Uid {
        if s.len() > INLINE {
            return Uid(Repr::Boxed(s.into()));
        }
        let mut bytes = [0; INLINE];
        bytes[..s.len()].copy_from_slice(s.as_bytes());
        Uid(Repr::Inline { len: s.len() as u8, bytes })
    }
}

impl Default for Uid {
    fn default() -> Uid {
        Uid::from("")
    }
}

impl PartialEq for Uid {
    fn eq(&self, o: &Uid) -> bool {
        self.as_str() == o.as_str()
    }
}

impl Eq for Uid {}

impl Ord for Uid {
    fn cmp(&self, o: &Uid) -> std::cmp::Ordering {
        self.as_str().cmp(o.as_str())
    }
}

impl PartialOrd for Uid {
    fn partial_cmp(&self, o: &Uid) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}

crate::shared_str::text_like!(Uid);

#[cfg(test)]
mod tests {
    use super::Uid;

    /// Inline or boxed, a uid reads back, compares, orders and hashes as
    /// its text.
    #[test]
    fn reads_and_compares_as_its_text() {
        // Pairs that differ only in their last byte, in each compared
        // word, or in length by a zero byte.
        let texts = [
            "", "a", "a\0", "0c1d2e3f-4a5b-4c6d-8e7f-001122334455", "0c1d2e3f-4a5b-4c6d-8e7f-001122334456", "0c1d2e3f-4a5b-4c6d-8e7f-0011223344", "1c1d2e3f-4a5b-4c6d-8e7f-001122334455",
            "0c1d2e3f-4a5b-4c6d-8e7f-011122334455", &"x".repeat(38), &format!("{}y", "x".repeat(37)), &"y".repeat(39), "ünïcödé-üïd",
        ];
        for a in texts {
            let u = Uid::from(a);
            assert_eq!(u.as_str(), a);
            assert_eq!(u.to_string(), a);
            assert_eq!(format!("{u:?}"), format!("{a:?}"));
            assert_eq!(serde_json::to_string(&u).unwrap(), serde_json::to_string(a).unwrap());
            assert_eq!(serde_json::from_str::<Uid>(&serde_json::to_string(a).unwrap()).unwrap(), a);
            let hash = |x: &dyn Fn(&mut std::collections::hash_map::DefaultHasher)| {
                let mut h = std::collections::hash_map::DefaultHasher::new();
                x(&mut h);
                std::hash::Hasher::finish(&h)
            };
            assert_eq!(hash(&|h| std::hash::Hash::hash(&u, h)), hash(&|h| std::hash::Hash::hash(a, h)));
            for b in texts {
                assert_eq!(u.cmp(&Uid::from(b)), a.cmp(b), "{a} vs {b}");
                assert_eq!(u == Uid::from(b), a == b);
            }
        }
    }

    proptest::proptest! {
        /// A uid and a copy with one byte changed (anywhere in the 38
        /// held inline, or past them) or cut short compare as their texts
        /// do.
        #[test]
        fn equal_exactly_when_the_texts_are(text in "[0-9a-f-]{0,40}", at in 0usize..40, by in 1u8..=9, cut in proptest::bool::ANY) {
            let mut other = text.clone().into_bytes();
            if cut {
                other.truncate(at);
            } else if let Some(b) = other.get_mut(at) {
                *b = b'0' + (*b + by) % 10;
            }
            let other = String::from_utf8(other).unwrap();
            proptest::prop_assert_eq!(Uid::from(text.as_str()) == Uid::from(other.as_str()), text == other);
            proptest::prop_assert!(Uid::from(text.as_str()) == Uid::from(text.as_str()));
        }
    }

    #[test]
    #[cfg(target_pointer_width = "64")]
    fn a_uuid_needs_no_allocation_and_fits_in_forty_bytes() {
        assert_eq!(std::mem::size_of::<Uid>(), 40);
        assert_eq!(std::mem::size_of::<Option<Uid>>(), 40);
        assert!(matches!(Uid::from("0c1d2e3f-4a5b-4c6d-8e7f-001122334455").0, super::Repr::Inline { .. }));
    }
}
