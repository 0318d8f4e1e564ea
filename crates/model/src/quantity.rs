//! Resource quantities (`100m`, `0.5`, `1Gi`, `512Mi`, `1e3`, `2k`).
//!
//! STUB: a helper replaces this with the full `resource.Quantity` rules
//! (canonical forms, exact comparison, real parse errors).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// An exact quantity: `nanos` is the value × 10⁹ (no floating point).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Quantity {
    nanos: i128,
    format: Format,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Format {
    #[default]
    DecimalSI,
    BinarySI,
    DecimalExponent,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QuantityError {
    #[error("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")]
    Format,
}

impl Quantity {
    pub fn parse(s: &str) -> Result<Quantity, QuantityError> {
        let s = s.trim();
        let split = s.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '+' || c == '-')).unwrap_or(s.len());
        let (num, suffix) = s.split_at(split);
        if num.is_empty() {
            return Err(QuantityError::Format);
        }
        let (mult_num, mult_den, format): (i128, i128, Format) = match suffix {
            "" => (1, 1, Format::DecimalSI),
            "n" => (1, 1_000_000_000, Format::DecimalSI),
            "u" => (1, 1_000_000, Format::DecimalSI),
            "m" => (1, 1000, Format::DecimalSI),
            "k" => (1000, 1, Format::DecimalSI),
            "M" => (1_000_000, 1, Format::DecimalSI),
            "G" => (1_000_000_000, 1, Format::DecimalSI),
            "T" => (1_000_000_000_000, 1, Format::DecimalSI),
            "P" => (1_000_000_000_000_000, 1, Format::DecimalSI),
            "E" => (1_000_000_000_000_000_000, 1, Format::DecimalSI),
            "Ki" => (1 << 10, 1, Format::BinarySI),
            "Mi" => (1 << 20, 1, Format::BinarySI),
            "Gi" => (1 << 30, 1, Format::BinarySI),
            "Ti" => (1 << 40, 1, Format::BinarySI),
            "Pi" => (1 << 50, 1, Format::BinarySI),
            "Ei" => (1 << 60, 1, Format::BinarySI),
            _ => return Err(QuantityError::Format),
        };
        let (neg, digits) = match num.as_bytes()[0] {
            b'-' => (true, &num[1..]),
            b'+' => (false, &num[1..]),
            _ => (false, num),
        };
        let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
        if int.is_empty() && frac.is_empty() || !int.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
            return Err(QuantityError::Format);
        }
        let mut nanos: i128 = 0;
        for b in int.bytes() {
            nanos = nanos.checked_mul(10).and_then(|v| v.checked_add((b - b'0') as i128)).ok_or(QuantityError::Format)?;
        }
        nanos = nanos.checked_mul(1_000_000_000).ok_or(QuantityError::Format)?;
        let mut scale = 100_000_000i128;
        for b in frac.bytes().take(9) {
            nanos += (b - b'0') as i128 * scale;
            scale /= 10;
        }
        nanos = nanos.checked_mul(mult_num).ok_or(QuantityError::Format)? / mult_den;
        Ok(Quantity { nanos: if neg { -nanos } else { nanos }, format })
    }

    pub fn from_milli(m: i64) -> Quantity {
        Quantity { nanos: m as i128 * 1_000_000, format: Format::DecimalSI }
    }
    pub fn from_value(v: i64) -> Quantity {
        Quantity { nanos: v as i128 * 1_000_000_000, format: Format::DecimalSI }
    }
    pub fn from_bytes_binary(v: i64) -> Quantity {
        Quantity { nanos: v as i128 * 1_000_000_000, format: Format::BinarySI }
    }
    /// Value × 1000, rounded up (as `MilliValue` does for CPU).
    pub fn milli_value(&self) -> i64 {
        let v = self.nanos;
        ((v + 999_999).div_euclid(1_000_000)) as i64
    }
    /// Whole value, rounded up (as `Value` does).
    pub fn value(&self) -> i64 {
        ((self.nanos + 999_999_999).div_euclid(1_000_000_000)) as i64
    }
    pub fn is_zero(&self) -> bool {
        self.nanos == 0
    }
    pub fn format(&self) -> Format {
        self.format
    }
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.nanos;
        if self.format == Format::BinarySI && n % 1_000_000_000 == 0 {
            let v = n / 1_000_000_000;
            for (suffix, shift) in [("Ei", 60), ("Pi", 50), ("Ti", 40), ("Gi", 30), ("Mi", 20), ("Ki", 10)] {
                if v != 0 && v % (1i128 << shift) == 0 {
                    return write!(f, "{}{}", v >> shift, suffix);
                }
            }
            return write!(f, "{v}");
        }
        if n % 1_000_000_000 == 0 {
            let v = n / 1_000_000_000;
            for (suffix, p) in [("E", 18), ("P", 15), ("T", 12), ("G", 9), ("M", 6), ("k", 3)] {
                let d = 10i128.pow(p);
                if v != 0 && v % d == 0 {
                    return write!(f, "{}{}", v / d, suffix);
                }
            }
            return write!(f, "{v}");
        }
        if n % 1_000_000 == 0 {
            return write!(f, "{}m", n / 1_000_000);
        }
        if n % 1000 == 0 {
            return write!(f, "{}u", n / 1000);
        }
        write!(f, "{n}n")
    }
}

impl Serialize for Quantity {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Quantity {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Quantity;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a quantity")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Quantity, E> {
                Quantity::parse(v).map_err(E::custom)
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Quantity, E> {
                Ok(Quantity::from_value(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Quantity, E> {
                Quantity::parse(&v.to_string()).map_err(E::custom)
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Quantity, E> {
                Quantity::parse(&v.to_string()).map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}
