//! Just enough unsigned big-integer arithmetic to read a quantity string of
//! any length exactly before it is rounded to nanos and narrowed to 128
//! bits. Every operation is linear in the number of digits, so a hostile
//! megabyte-long quantity cannot stall the browser.

use std::cmp::Ordering;

const BASE: u64 = 1_000_000_000;

/// Little-endian limbs in base 10⁹, without leading (high) zero limbs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Big(Vec<u32>);

impl Big {
    /// From ASCII decimal digits (the caller guarantees only digits).
    pub(super) fn from_digits(digits: &[u8]) -> Big {
        let mut limbs = Vec::with_capacity(digits.len() / 9 + 1);
        let mut end = digits.len();
        while end > 0 {
            let start = end.saturating_sub(9);
            let limb = digits[start..end].iter().fold(0u32, |acc, d| acc * 10 + u32::from(d.wrapping_sub(b'0') % 10));
            limbs.push(limb);
            end = start;
        }
        let mut b = Big(limbs);
        b.trim();
        b
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    pub(super) fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    pub(super) fn mul_small(&mut self, k: u32) {
        let mut carry = 0u64;
        for limb in self.0.iter_mut() {
            let v = u64::from(*limb) * u64::from(k) + carry;
            *limb = (v % BASE) as u32;
            carry = v / BASE;
        }
        while carry > 0 {
            self.0.push((carry % BASE) as u32);
            carry /= BASE;
        }
        self.trim();
    }

    fn add_one(&mut self) {
        for limb in self.0.iter_mut() {
            if *limb + 1 < BASE as u32 {
                *limb += 1;
                return;
            }
            *limb = 0;
        }
        self.0.push(1);
    }

    /// Divides by `k < 10⁹`, returning the remainder.
    fn div_small(&mut self, k: u32) -> u32 {
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let v = rem * BASE + u64::from(*limb);
            *limb = (v / u64::from(k)) as u32;
            rem = v % u64::from(k);
        }
        self.trim();
        rem as u32
    }

    pub(super) fn digit_count(&self) -> usize {
        match self.0.last() {
            None => 0,
            Some(&top) => (self.0.len() - 1) * 9 + top.to_string().len(),
        }
    }

    /// `ceil(self / 10^n)`: drops `n` digits, adding one if any dropped
    /// digit was non-zero (upstream rounds sub-nano values away from zero).
    pub(super) fn shift_down_rounding_up(&mut self, n: u64) {
        if self.is_zero() {
            return;
        }
        if n >= self.digit_count() as u64 {
            self.0 = vec![1];
            return;
        }
        let whole_limbs = (n / 9) as usize;
        let mut lost = self.0[..whole_limbs].iter().any(|&l| l != 0);
        self.0.drain(..whole_limbs);
        let rest = (n % 9) as u32;
        if rest > 0 {
            lost |= self.div_small(10u32.pow(rest)) != 0;
        }
        if lost {
            self.add_one();
        }
    }

    /// Removes trailing decimal zeros, returning how many.
    pub(super) fn strip_trailing_zeros(&mut self) -> usize {
        if self.is_zero() {
            return 0;
        }
        let zero_limbs = self.0.iter().take_while(|&&l| l == 0).count();
        self.0.drain(..zero_limbs);
        let mut n = zero_limbs * 9;
        while self.0.first().is_some_and(|l| l % 10 == 0) {
            self.div_small(10);
            n += 1;
        }
        n
    }

    pub(super) fn to_u128(&self) -> Option<u128> {
        if self.0.len() > 5 {
            return None;
        }
        self.0.iter().rev().try_fold(0u128, |acc, &l| acc.checked_mul(u128::from(BASE as u32))?.checked_add(u128::from(l)))
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Big {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.len().cmp(&other.0.len()).then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(s: &str) -> Big {
        Big::from_digits(s.as_bytes())
    }

    #[test]
    fn digits_round_trip_through_u128() {
        assert_eq!(big("000123").to_u128(), Some(123));
        assert_eq!(big("0").to_u128(), Some(0));
        assert!(big("0").is_zero());
        assert_eq!(big("1234567890123456789012345").to_u128(), Some(1234567890123456789012345));
        assert_eq!(big(&"9".repeat(50)).to_u128(), None);
        assert_eq!(big("1000000000").digit_count(), 10);
    }

    #[test]
    fn rounding_down_to_fewer_digits_rounds_up() {
        let mut b = big("123450000000000001");
        b.shift_down_rounding_up(10);
        assert_eq!(b.to_u128(), Some(12345001));
        let mut b = big("1230000000000");
        b.shift_down_rounding_up(10);
        assert_eq!(b.to_u128(), Some(123));
        let mut b = big("5");
        b.shift_down_rounding_up(1_000_000_000_000);
        assert_eq!(b.to_u128(), Some(1));
        let mut b = big("999999999");
        b.shift_down_rounding_up(1);
        assert_eq!(b.to_u128(), Some(100000000));
    }

    #[test]
    fn trailing_zeros_and_multiplication() {
        let mut b = big("1200000000000");
        assert_eq!(b.strip_trailing_zeros(), 11);
        assert_eq!(b.to_u128(), Some(12));
        let mut b = big("3");
        b.mul_small(1024);
        b.mul_small(1024);
        assert_eq!(b.to_u128(), Some(3 << 20));
        assert!(big("10") > big("9"));
    }
}
