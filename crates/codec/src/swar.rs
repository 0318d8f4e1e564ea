//! Byte searches eight bytes at a time, for the loops that pass over every
//! byte of a large manifest: finding its lines, its quoted scalars' ends,
//! and the bytes its last-applied JSON must escape. Each search sets the
//! high bit of a lane whose byte is searched for; a borrow between lanes
//! can only set lanes above a byte that is itself found, so the lowest
//! lane set is the first such byte.

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// Lanes whose byte is zero.
fn zeros(x: u64) -> u64 {
    x.wrapping_sub(ONES) & !x & HIGH
}

/// Lanes whose byte is `b`.
fn equal(x: u64, b: u8) -> u64 {
    zeros(x ^ (ONES * b as u64))
}

/// Lanes whose byte is below a space.
fn control(x: u64) -> u64 {
    x.wrapping_sub(ONES * 0x20) & !x & HIGH
}

/// The first position at or after `from` whose byte `lanes` flags (eight
/// at a time) and `one` accepts (for the tail).
fn find(bytes: &[u8], from: usize, lanes: impl Fn(u64) -> u64, one: impl Fn(u8) -> bool) -> Option<usize> {
    let mut chunks = bytes.get(from..)?.chunks_exact(8);
    let mut at = from;
    for c in &mut chunks {
        let found = lanes(u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]));
        if found != 0 {
            return Some(at + found.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    chunks.remainder().iter().position(|&b| one(b)).map(|i| at + i)
}

/// The first byte that is not printable ASCII (space to `~`).
pub(crate) fn first_unprintable(bytes: &[u8]) -> Option<usize> {
    find(bytes, 0, |x| (x & HIGH) | control(x) | equal(x, 0x7f), |b| !(b' '..=b'~').contains(&b))
}

/// The first `a` or `b` at or after `from`.
pub(crate) fn first_of(bytes: &[u8], from: usize, a: u8, b: u8) -> Option<usize> {
    find(bytes, from, |x| equal(x, a) | equal(x, b), |c| c == a || c == b)
}

/// The first byte at or after `from` that Go's JSON encoder (HTML escaping
/// on) may escape: a control character, `"`, `\`, `<`, `>`, `&`, or any
/// byte of a multi-byte character (U+2028 and U+2029 are escaped; the
/// caller tells them from the others).
pub(crate) fn first_json_special(bytes: &[u8], from: usize) -> Option<usize> {
    find(
        bytes,
        from,
        |x| (x & HIGH) | control(x) | equal(x, b'"') | equal(x, b'\\') | equal(x, b'<') | equal(x, b'>') | equal(x, b'&'),
        |c| !(0x20..0x80).contains(&c) || matches!(c, b'"' | b'\\' | b'<' | b'>' | b'&'),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte value at every lane of a word and of the tail, alone and
    /// after another byte that is found or is not (a borrow must neither
    /// hide the first nor invent an earlier one).
    #[test]
    fn each_search_finds_the_first_byte_a_byte_loop_finds() {
        let json = |c: u8| c < 0x20 || c >= 0x80 || matches!(c, b'"' | b'\\' | b'<' | b'>' | b'&');
        let printable = |c: u8| (b' '..=b'~').contains(&c);
        for b in 0..=255u8 {
            for second in [b'a', 0x00, 0x1f, b'"', 0x7f, 0xff] {
                for at in 0..19 {
                    let mut line = [b'a'; 19];
                    line[at] = b;
                    if at + 1 < line.len() {
                        line[at + 1] = second;
                    }
                    for from in [0, 3, 8, 18, 19] {
                        let naive = |f: &dyn Fn(u8) -> bool| line[from..].iter().position(|&c| f(c)).map(|i| from + i);
                        assert_eq!(first_json_special(&line, from), naive(&json), "json: {b:#x} at {at}, then {second:#x}, from {from}");
                        assert_eq!(first_of(&line, from, b'"', b'\\'), naive(&|c| c == b'"' || c == b'\\'), "quote: {b:#x} at {at}, from {from}");
                        if from == 0 {
                            assert_eq!(first_unprintable(&line), naive(&|c| !printable(c)), "printable: {b:#x} at {at}, then {second:#x}");
                        }
                    }
                }
            }
        }
        assert_eq!(first_of(b"abc", 4, b'a', b'b'), None);
    }
}
