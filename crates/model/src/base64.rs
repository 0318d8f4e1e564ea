//! Standard base64 with padding: how the API encodes `[]byte` fields
//! (Secret data) in JSON, and what readers of those fields decode.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
/// RFC 4648 §5's alphabet, safe in a URL.
const URL_ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Go's `base64.StdEncoding.EncodeToString`.
pub fn encode(bytes: &[u8]) -> String {
    encode_with(bytes, ALPHABET, true)
}

/// RFC 4648 §5 base64url without padding (Go's `RawURLEncoding`): what a
/// share link carries.
pub fn encode_url(bytes: &[u8]) -> String {
    encode_with(bytes, URL_ALPHABET, false)
}

fn encode_with(bytes: &[u8], alphabet: &[u8; 64], pad: bool) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(alphabet[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else if pad {
                out.push('=');
            }
        }
    }
    out
}

/// The bytes back; `None` for a character outside the alphabet. Decoding
/// stops at the padding, and line breaks are skipped (as the API's JSON
/// decoder skips them).
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 2);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.bytes().filter(|c| !matches!(c, b'\r' | b'\n')) {
        let v = match c {
            b'=' => break,
            c => ALPHABET.iter().position(|&a| a == c)? as u32,
        };
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

/// Go's `base64.StdEncoding.DecodeString`: line breaks skipped, padding
/// required, and its error for the first byte it cannot take (`illegal
/// base64 data at input byte 3`), which the API server's JSON decoding of
/// `[]byte` fields and a template's `base64decode` report. The offset
/// counts the line breaks; input that ends inside a group of four is
/// reported at the group's start.
pub fn decode_strict(s: &str) -> Result<Vec<u8>, String> {
    let src = s.as_bytes();
    let corrupt = |at: usize| Err(format!("illegal base64 data at input byte {at}"));
    let skip_breaks = |mut at: usize| {
        while src.get(at).is_some_and(|b| matches!(b, b'\n' | b'\r')) {
            at += 1;
        }
        at
    };
    let mut out = Vec::with_capacity(src.len() / 4 * 3);
    let mut si = 0;
    loop {
        let mut quad = [0u32; 4];
        let mut n = 0;
        let mut padded = false;
        while n < 4 {
            let Some(&b) = src.get(si) else {
                return if n == 0 { Ok(out) } else { corrupt(si - n) };
            };
            si += 1;
            if let Some(p) = ALPHABET.iter().position(|a| *a == b) {
                quad[n] = p as u32;
                n += 1;
                continue;
            }
            if b == b'\n' || b == b'\r' {
                continue;
            }
            if b != b'=' || n < 2 {
                return corrupt(si - 1);
            }
            if n == 2 {
                // A second `=` must follow (line breaks aside).
                si = skip_breaks(si);
                match src.get(si) {
                    None => return corrupt(src.len()),
                    Some(b'=') => si += 1,
                    Some(_) => return corrupt(si - 1),
                }
            }
            si = skip_breaks(si);
            if si < src.len() {
                return corrupt(si);
            }
            padded = true;
            break;
        }
        let v = quad[0] << 18 | quad[1] << 12 | quad[2] << 6 | quad[3];
        out.push((v >> 16) as u8);
        if n > 2 {
            out.push((v >> 8) as u8);
        }
        if n > 3 {
            out.push(v as u8);
        }
        if padded {
            return Ok(out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_decoding_as_go_reads_it() {
        assert_eq!(decode_strict("eyJhdXRocyI6e319").as_deref(), Ok(&b"{\"auths\":{}}"[..]));
        assert_eq!(decode_strict("YQ==").as_deref(), Ok(&b"a"[..]));
        assert_eq!(decode_strict("YWE=").as_deref(), Ok(&b"aa"[..]));
        assert_eq!(decode_strict("").as_deref(), Ok(&b""[..]));
        assert!(decode_strict("a").is_err());
    }

    // Go's encoding/base64 TestDecodeCorrupt: where each input is refused
    // (None: accepted).
    #[test]
    fn corrupt_input_offsets_as_go_reports_them() {
        for (input, offset) in [
            ("", None),
            ("\n", None),
            ("AAA=\n", None),
            ("AAAA\n", None),
            ("!!!!", Some(0)),
            ("====", Some(0)),
            ("x===", Some(1)),
            ("=AAA", Some(0)),
            ("A=AA", Some(1)),
            ("AA=A", Some(2)),
            ("AA==A", Some(4)),
            ("AAA=AAAA", Some(4)),
            ("AAAAA", Some(4)),
            ("AAAAAA", Some(4)),
            ("A=", Some(1)),
            ("A==", Some(1)),
            ("AA=", Some(3)),
            ("AA==", None),
            ("AAA=", None),
            ("AAAA", None),
            ("AAAAAA=", Some(7)),
            ("YWJjZA=====", Some(8)),
            ("A!\n", Some(1)),
            ("A=\n", Some(1)),
        ] {
            let want = offset.map(|o| format!("illegal base64 data at input byte {o}"));
            assert_eq!(decode_strict(input).err(), want, "{input:?}");
        }
    }

    /// RFC 4648's test vectors, both ways.
    #[test]
    fn rfc_4648_vectors() {
        for (plain, coded) in [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")] {
            assert_eq!(encode(plain.as_bytes()), coded);
            assert_eq!(decode(coded).as_deref(), Some(plain.as_bytes()));
        }
        assert_eq!(decode("Zm9v\nYmFy").as_deref(), Some(&b"foobar"[..]));
        assert_eq!(decode("Zm9v!"), None);
    }

    /// The URL form: the same vectors unpadded, and `-_` for `+/`.
    #[test]
    fn url_encoding() {
        for (plain, coded) in [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE")] {
            assert_eq!(encode_url(plain.as_bytes()), coded);
        }
        assert_eq!(encode(&[0xfb, 0xff]), "+/8=");
        assert_eq!(encode_url(&[0xfb, 0xff]), "-_8");
    }

    proptest::proptest! {
        #[test]
        fn round_trips(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..64)) {
            proptest::prop_assert_eq!(decode(&encode(&bytes)), Some(bytes));
        }
    }
}
