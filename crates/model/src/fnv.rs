//! FNV-1a, 64-bit: the one fixed, platform-independent hash behind
//! fingerprints and derived "random-looking" values (trace hashes, image
//! digests and sizes, seeds of private random streams, event correlation
//! keys). `std`'s hashers are randomly keyed or free to change between
//! releases, and a hash that differed between builds would change traces.
//!
//! ```
//! use kubeplay_model::fnv::{fnv1a, Fnv};
//! assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
//! assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
//! assert_eq!(Fnv::new().bytes(b"a").finish(), fnv1a(b"a"));
//! ```

/// The offset basis: the hash of nothing.
pub const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0100_0000_01b3;

/// A running hash; `fmt::Write` feeds it a formatted text's bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fnv(pub u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(OFFSET)
    }
}

impl Fnv {
    pub fn new() -> Fnv {
        Fnv::default()
    }
    /// The hash with `bytes` added.
    #[must_use]
    pub fn bytes(mut self, bytes: &[u8]) -> Fnv {
        self.write(bytes);
        self
    }
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(PRIME);
        }
    }
    pub fn finish(self) -> u64 {
        self.0
    }
}

impl std::fmt::Write for Fnv {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.write(s.as_bytes());
        Ok(())
    }
}

/// The hash of `bytes`.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    Fnv::new().bytes(bytes).finish()
}
