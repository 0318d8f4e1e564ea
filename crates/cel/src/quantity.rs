//! Kubernetes' quantity library (`quantity('1.5Gi')`, `isQuantity`,
//! `compareTo`, `add`, …): a quantity is held as an exact decimal,
//! mantissa × 10^exponent, so binary and decimal suffixes compare exactly.

use crate::error::EvalError;

/// An exact decimal: `mantissa` × 10^`exp`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quantity {
    pub mantissa: i128,
    pub exp: i32,
}

impl Quantity {
    /// Parses Kubernetes' quantity syntax: a signed decimal number and an
    /// optional suffix (`Ki`…`Ei`, `n`, `u`, `m`, `k`, `M`…`E`, or `e3`).
    pub fn parse(s: &str) -> Option<Quantity> {
        let (neg, rest) = match s.as_bytes().first()? {
            b'-' => (true, &s[1..]),
            b'+' => (false, &s[1..]),
            _ => (false, s),
        };
        let num_end = rest
            .find(|c: char| !c.is_ascii_digit() && c != '.')
            .unwrap_or(rest.len());
        let (num, suffix) = rest.split_at(num_end);
        let (int, frac) = num.split_once('.').unwrap_or((num, ""));
        if (int.is_empty() && frac.is_empty()) || frac.contains('.') {
            return None;
        }
        let digits = format!("{int}{frac}");
        let mut mantissa: i128 = digits.trim_start_matches('0').parse().unwrap_or(0);
        if digits.trim_start_matches('0').len() > 30 {
            return None;
        }
        let mut exp = -(frac.len() as i32);
        let (pow2, pow10) = match suffix {
            "" => (0, 0),
            "Ki" => (10, 0),
            "Mi" => (20, 0),
            "Gi" => (30, 0),
            "Ti" => (40, 0),
            "Pi" => (50, 0),
            "Ei" => (60, 0),
            "n" => (0, -9),
            "u" => (0, -6),
            "m" => (0, -3),
            "k" => (0, 3),
            "M" => (0, 6),
            "G" => (0, 9),
            "T" => (0, 12),
            "P" => (0, 15),
            "E" => (0, 18),
            e if e.starts_with(['e', 'E']) => {
                let n: i32 = e[1..].parse().ok()?;
                if !(-100..=100).contains(&n) {
                    return None;
                }
                (0, n)
            }
            _ => return None,
        };
        mantissa = mantissa.checked_mul(1i128.checked_shl(pow2)?)?;
        exp += pow10;
        if neg {
            mantissa = -mantissa;
        }
        Some(Quantity { mantissa, exp }.normalized())
    }

    fn normalized(mut self) -> Quantity {
        if self.mantissa == 0 {
            return Quantity {
                mantissa: 0,
                exp: 0,
            };
        }
        while self.mantissa % 10 == 0 {
            self.mantissa /= 10;
            self.exp += 1;
        }
        self
    }

    /// Both at the smaller exponent, or None when that overflows.
    fn aligned(self, other: Quantity) -> Option<(i128, i128, i32)> {
        let exp = self.exp.min(other.exp);
        let scale = |q: Quantity| -> Option<i128> {
            let shift = u32::try_from(q.exp - exp).ok()?;
            q.mantissa.checked_mul(10i128.checked_pow(shift)?)
        };
        Some((scale(self)?, scale(other)?, exp))
    }

    pub fn cmp(self, other: Quantity) -> std::cmp::Ordering {
        match self.aligned(other) {
            Some((a, b, _)) => a.cmp(&b),
            // Too far apart to align: the one with the larger magnitude
            // exponent and its sign decide.
            None => self.as_f64().total_cmp(&other.as_f64()),
        }
    }

    pub fn add(self, other: Quantity) -> Result<Quantity, EvalError> {
        let (a, b, exp) = self.aligned(other).ok_or_else(overflow)?;
        let mantissa = a.checked_add(b).ok_or_else(overflow)?;
        Ok(Quantity { mantissa, exp }.normalized())
    }

    pub fn neg(self) -> Quantity {
        Quantity {
            mantissa: -self.mantissa,
            exp: self.exp,
        }
    }

    pub fn sign(self) -> i64 {
        self.mantissa.signum() as i64
    }

    pub fn is_integer(self) -> bool {
        self.exp >= 0
    }

    pub fn as_integer(self) -> Result<i64, EvalError> {
        let err = || EvalError::new("cannot convert value to integer");
        if self.exp < 0 {
            return Err(err());
        }
        let v = self
            .mantissa
            .checked_mul(10i128.checked_pow(self.exp as u32).ok_or_else(err)?)
            .ok_or_else(err)?;
        i64::try_from(v).map_err(|_| err())
    }

    pub fn as_f64(self) -> f64 {
        // Parsed from its decimal text: correctly rounded, the same on
        // every platform (libm's powi may differ in the last bit).
        format!("{}e{}", self.mantissa, self.exp)
            .parse()
            .unwrap_or(f64::NAN)
    }
}

fn overflow() -> EvalError {
    EvalError::new("quantity overflow")
}

pub fn from_int(i: i64) -> Quantity {
    Quantity {
        mantissa: i as i128,
        exp: 0,
    }
    .normalized()
}
