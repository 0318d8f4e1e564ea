//! An integer's decimal digits without the formatter's machinery: every
//! number of every manifest applied, and every resourceVersion the store
//! writes, is printed by this.

/// `n`'s digits, written at the end of `buf`.
///
/// ```
/// let mut buf = [0; 20];
/// assert_eq!(kubeplay_model::decimal::decimal(12_345, &mut buf), "12345");
/// ```
pub fn decimal(mut n: u64, buf: &mut [u8; 20]) -> &str {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // ASCII digits only, so this never takes the default.
    std::str::from_utf8(&buf[at..]).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn prints_as_the_formatter_does() {
        for n in [0, 7, 10, 99, 100, 12_345, u64::MAX] {
            assert_eq!(super::decimal(n, &mut [0; 20]), n.to_string());
        }
    }
}
