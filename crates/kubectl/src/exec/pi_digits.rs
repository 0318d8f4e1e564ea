//! What `perl -Mbignum=bpi -wle 'print bpi(N)'` prints: pi to N
//! significant digits, the Jobs page's example Job (`kubectl logs jobs/pi`).
//! The digits come from Rabinowitz and Wagon's spigot, in integers only.

/// The most digits worked out; a larger N costs quadratic time, and the
/// docs ask for 2000.
pub const MAX_DIGITS: usize = 10_000;

/// Perl's line for `print bpi(digits)`: `3.14159…` with `digits`
/// significant digits, the last one rounded as Math::BigFloat rounds
/// (to nearest; pi never ties). None beyond [`MAX_DIGITS`].
pub fn bpi_line(digits: usize) -> Option<String> {
    if digits == 0 || digits > MAX_DIGITS {
        return None;
    }
    // Guard digits: the spigot's last few may still change with carries.
    let raw = spigot(digits + 10);
    let mut kept: Vec<u8> = raw[..digits].to_vec();
    if raw[digits] >= 5 {
        for d in kept.iter_mut().rev() {
            if *d == 9 {
                *d = 0;
            } else {
                *d += 1;
                break;
            }
        }
    }
    let mut line = String::with_capacity(digits + 1);
    for (i, d) in kept.iter().enumerate() {
        if i == 1 {
            line.push('.');
        }
        line.push(char::from(b'0' + d));
    }
    Some(line)
}

/// The first `n` decimal digits of pi (3, 1, 4, 1, 5, …).
fn spigot(n: usize) -> Vec<u8> {
    let len = n * 10 / 3 + 1;
    let mut a = vec![2u64; len];
    let mut out: Vec<u8> = Vec::with_capacity(n + 1);
    let (mut nines, mut predigit) = (0usize, 0u8);
    for j in 1..=n {
        let mut q = 0u64;
        for i in (1..=len).rev() {
            let x = 10 * a[i - 1] + q * i as u64;
            let den = 2 * i as u64 - 1;
            a[i - 1] = x % den;
            q = x / den;
        }
        a[0] = q % 10;
        q /= 10;
        match q {
            9 => nines += 1,
            10 => {
                out.push(predigit + 1);
                out.extend(std::iter::repeat_n(0, nines));
                predigit = 0;
                nines = 0;
            }
            _ => {
                if j > 1 {
                    out.push(predigit);
                }
                predigit = q as u8;
                out.extend(std::iter::repeat_n(9, nines));
                nines = 0;
            }
        }
    }
    out.push(predigit);
    out.truncate(n);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_of_pi() {
        let cases: &[(usize, &str)] = &[
            (1, "3"),
            (5, "3.1416"),
            (10, "3.141592654"),
            (50, "3.1415926535897932384626433832795028841971693993751"),
        ];
        for (n, want) in cases {
            assert_eq!(bpi_line(*n).as_deref(), Some(*want), "{n}");
        }
        let line = bpi_line(2000).unwrap_or_default();
        assert_eq!(line.len(), 2001);
        // The Feynman point (six nines from the 762nd decimal) survives the carries.
        assert_eq!(&line[763..769], "999999");
        assert_eq!(&line[991..1002], "92164201989", "decimals 990-1000");
        assert!(line.ends_with("59958133904780275901"), "{}", &line[1980..]);
        assert_eq!(bpi_line(0), None);
        assert_eq!(bpi_line(MAX_DIGITS + 1), None);
    }
}
