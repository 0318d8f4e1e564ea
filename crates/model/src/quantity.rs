//! Resource quantities (`100m`, `0.5`, `1Gi`, `512Mi`, `1e3`, `2k`), as
//! `k8s.io/apimachinery/pkg/api/resource.Quantity` parses, compares and
//! prints them: exact decimal arithmetic (never floating point), values
//! finer than a nano rounded away from zero, binary quantities capped at
//! 2⁶³−1, and the canonical text form (`0.5` → `500m`, `1.5Gi` → `1536Mi`).
//! A string that already is canonical is kept and printed back unchanged,
//! as upstream does.
//!
//! Kubeplay stores the value as `m × 10^e` with a 128-bit `m`: a quantity
//! with more than 38 significant digits (after rounding to nano) is
//! rejected with upstream's numeric error, where Go's arbitrary-precision
//! decimal would accept it. No realistic manifest comes near that.

mod big;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

/// How a quantity prints: `1k` (decimal SI), `1Ki` (binary SI) or `1e3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Format {
    #[default]
    DecimalSI,
    BinarySI,
    DecimalExponent,
}

/// Parse errors, worded as upstream's `ErrFormatWrong`, `ErrNumeric` and `ErrSuffix`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QuantityError {
    #[error("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")]
    Format,
    #[error("unable to parse numeric part of quantity")]
    Numeric,
    #[error("unable to parse quantity's suffix")]
    Suffix,
}

/// An exact decimal `m × 10^e`, normalized so that equal values have equal
/// representations: `m` has no factor of ten, and zero is `0 × 10^0`.
///
/// Packed to 8-byte alignment: an `i128` is 16-byte aligned, which made
/// every map node holding quantities (resource lists) an over-aligned
/// allocation, a slow path of the wasm allocator (a quarter of its time in
/// the wasm benchmarks' profile). Fields are only ever copied, never
/// borrowed, which packing requires.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(C, packed(8))]
struct Dec {
    m: i128,
    e: i32,
}

/// Largest power of ten `10^n` that fits an `i128`.
fn pow10(n: u32) -> Option<i128> {
    10i128.checked_pow(n)
}

fn digit_count(mut v: u128) -> i64 {
    let mut n = 1;
    while v >= 10 {
        v /= 10;
        n += 1;
    }
    n
}

impl Dec {
    const ZERO: Dec = Dec { m: 0, e: 0 };

    fn new(mut m: i128, mut e: i64) -> Dec {
        if m == 0 {
            return Dec::ZERO;
        }
        while m % 10 == 0 {
            m /= 10;
            e += 1;
        }
        Dec { m, e: e.clamp(i32::MIN as i64, i32::MAX as i64) as i32 }
    }

    fn signum(self) -> i32 {
        self.m.signum() as i32
    }

    /// Decimal order of magnitude: the value lies in [10^(o-1), 10^o).
    fn order(self) -> i64 {
        digit_count(self.m.unsigned_abs()) + self.e as i64
    }

    fn cmp_magnitude(self, other: Dec) -> Ordering {
        match (self.m == 0, other.m == 0) {
            (true, true) => return Ordering::Equal,
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        let (oa, ob) = (self.order(), other.order());
        if oa != ob {
            return oa.cmp(&ob);
        }
        // Same magnitude: both mantissas have at most 39 digits, so the
        // exponents differ by at most 38 and aligning one cannot overflow
        // unless it is the larger.
        let (a, b) = (self.m.unsigned_abs(), other.m.unsigned_abs());
        match self.e.cmp(&other.e) {
            Ordering::Equal => a.cmp(&b),
            Ordering::Greater => match 10u128.checked_pow((self.e as i64 - other.e as i64) as u32).and_then(|p| a.checked_mul(p)) {
                Some(x) => x.cmp(&b),
                None => Ordering::Greater,
            },
            Ordering::Less => match 10u128.checked_pow((other.e as i64 - self.e as i64) as u32).and_then(|p| b.checked_mul(p)) {
                Some(y) => a.cmp(&y),
                None => Ordering::Less,
            },
        }
    }

    fn neg(self) -> Dec {
        // -i128::MIN does not exist; i128::MIN has a factor of two only, so
        // it never appears as a normalized mantissa from parsing; saturate.
        Dec { m: self.m.checked_neg().unwrap_or(i128::MAX), e: self.e }
    }

    /// Exact sum when it fits; otherwise the smaller operand is rounded to
    /// the precision the larger leaves room for (only for sums spanning more
    /// than 37 significant digits).
    fn add(self, other: Dec) -> Dec {
        if self.m == 0 {
            return other;
        }
        if other.m == 0 {
            return self;
        }
        let (hi, lo) = if self.e >= other.e { (self, other) } else { (other, self) };
        let diff = hi.e as i64 - lo.e as i64;
        let exact = u32::try_from(diff).ok().and_then(pow10).and_then(|p| hi.m.checked_mul(p)).and_then(|h| h.checked_add(lo.m));
        if let Some(sum) = exact {
            return Dec::new(sum, lo.e as i64);
        }
        // Keep hi with as many digits as fit under 10^37, and round lo to that scale.
        let room = (37 - digit_count(hi.m.unsigned_abs())).max(0);
        let keep = diff.min(room);
        let drop = diff - keep;
        let scaled_hi = hi.m * pow10(keep as u32).unwrap_or(1);
        let lo_rounded = if drop > 38 {
            0
        } else {
            let p = pow10(drop as u32).unwrap_or(i128::MAX);
            let (q, r) = (lo.m / p, lo.m % p);
            // Round half away from zero.
            if r.unsigned_abs() * 2 >= p.unsigned_abs() {
                q + lo.m.signum()
            } else {
                q
            }
        };
        Dec::new(scaled_hi.saturating_add(lo_rounded), lo.e as i64 + drop)
    }

    /// `ceil(|self| / 10^scale)` away from zero, saturated to i64.
    fn scaled_int(self, scale: i32) -> i64 {
        if self.m == 0 {
            return 0;
        }
        let mag = self.m.unsigned_abs();
        let shift = self.e as i64 - scale as i64;
        let v: Option<u128> = if shift >= 0 {
            u32::try_from(shift).ok().and_then(|s| 10u128.checked_pow(s)).and_then(|p| mag.checked_mul(p))
        } else {
            match u32::try_from(-shift).ok().and_then(|s| 10u128.checked_pow(s)) {
                Some(p) => Some(mag / p + u128::from(!mag.is_multiple_of(p))),
                None => Some(1),
            }
        };
        let v = v.and_then(|v| i64::try_from(v).ok()).unwrap_or(i64::MAX);
        if self.m < 0 {
            -v
        } else {
            v
        }
    }

    /// Rounds away from zero to a multiple of 10^scale; false if that changed the value.
    fn round_up(self, scale: i32) -> (Dec, bool) {
        if self.m == 0 || self.e >= scale {
            return (self, true);
        }
        let v = self.scaled_int_i128(scale);
        (Dec::new(v, scale as i64), false)
    }

    fn scaled_int_i128(self, scale: i32) -> i128 {
        let mag = self.m.unsigned_abs();
        let down = (scale as i64 - self.e as i64) as u32;
        let q = match 10u128.checked_pow(down) {
            Some(p) => mag / p + u128::from(!mag.is_multiple_of(p)),
            None => 1,
        };
        let q = i128::try_from(q).unwrap_or(i128::MAX);
        if self.m < 0 {
            -q
        } else {
            q
        }
    }
}

/// A resource quantity. Equality, ordering and hashing look at the value
/// only: `1000m`, `1` and `1e0` are equal.
#[derive(Clone, Debug, Default)]
pub struct Quantity {
    amount: Dec,
    format: Format,
    /// The parsed text when it was already canonical; printed back as is.
    text: Option<Box<str>>,
}

impl PartialEq for Quantity {
    fn eq(&self, other: &Self) -> bool {
        self.amount == other.amount
    }
}
impl Eq for Quantity {}
impl Hash for Quantity {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.amount.hash(state);
    }
}
impl PartialOrd for Quantity {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Quantity {
    fn cmp(&self, other: &Self) -> Ordering {
        let (a, b) = (self.amount, other.amount);
        match a.signum().cmp(&b.signum()) {
            Ordering::Equal if a.signum() >= 0 => a.cmp_magnitude(b),
            Ordering::Equal => b.cmp_magnitude(a),
            unequal => unequal,
        }
    }
}

/// What `parseQuantityString` splits a quantity into.
struct Parts<'a> {
    positive: bool,
    /// Integer digits without leading zeros (`"0"` when there are none).
    num: &'a str,
    denom: &'a str,
    suffix: &'a str,
}

/// Upstream's hand-written scanner for `^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$`,
/// including its leniencies (`.`, `1.`, `-` are all accepted as numbers).
fn scan(s: &str) -> Result<Parts<'_>, QuantityError> {
    let b = s.as_bytes();
    let end = b.len();
    let mut pos = 0;
    let mut positive = true;
    match b.first() {
        Some(b'-') => {
            positive = false;
            pos = 1;
        }
        Some(b'+') => pos = 1,
        _ => {}
    }
    while pos < end && b[pos] == b'0' {
        pos += 1;
    }
    if pos >= end {
        return Ok(Parts { positive, num: "0", denom: "", suffix: "" });
    }
    let num_start = pos;
    while pos < end && b[pos].is_ascii_digit() {
        pos += 1;
    }
    let num = if pos == num_start { "0" } else { &s[num_start..pos] };
    let mut denom = "";
    if pos < end && b[pos] == b'.' {
        pos += 1;
        let start = pos;
        while pos < end && b[pos].is_ascii_digit() {
            pos += 1;
        }
        denom = &s[start..pos];
    }
    let suffix_start = pos;
    while pos < end && b"eEinumkKMGTP".contains(&b[pos]) {
        pos += 1;
    }
    if pos < end && (b[pos] == b'-' || b[pos] == b'+') {
        pos += 1;
    }
    while pos < end && b[pos].is_ascii_digit() {
        pos += 1;
    }
    if pos < end {
        return Err(QuantityError::Format);
    }
    Ok(Parts { positive, num, denom, suffix: &s[suffix_start..] })
}

/// Base (10 or 2), exponent and format a suffix stands for.
fn interpret(suffix: &str) -> Option<(u32, i32, Format)> {
    let dec = |e| Some((10, e, Format::DecimalSI));
    let bin = |e| Some((2, e, Format::BinarySI));
    match suffix {
        "" => dec(0),
        "n" => dec(-9),
        "u" => dec(-6),
        "m" => dec(-3),
        "k" => dec(3),
        "M" => dec(6),
        "G" => dec(9),
        "T" => dec(12),
        "P" => dec(15),
        "E" => dec(18),
        "Ki" => bin(10),
        "Mi" => bin(20),
        "Gi" => bin(30),
        "Ti" => bin(40),
        "Pi" => bin(50),
        "Ei" => bin(60),
        _ => {
            let rest = suffix.strip_prefix(['e', 'E']).filter(|r| !r.is_empty())?;
            // Upstream parses 64 bits and accepts only what negates within
            // an int32 scale, ±(2³¹−1); anything past it is a suffix error
            // rather than truncated to an unrelated exponent.
            let e: i64 = rest.parse().ok()?;
            let e = i32::try_from(e).ok().filter(|e| *e != i32::MIN)?;
            Some((10, e, Format::DecimalExponent))
        }
    }
}

const DECIMAL_SUFFIXES: [(i64, &str); 10] = [(-9, "n"), (-6, "u"), (-3, "m"), (0, ""), (3, "k"), (6, "M"), (9, "G"), (12, "T"), (15, "P"), (18, "E")];
const BINARY_SUFFIXES: [&str; 7] = ["", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"];
/// 2⁶³−1: upstream silently caps binary quantities here.
const MAX_BINARY: u128 = i64::MAX as u128;

impl Quantity {
    /// Parses a quantity exactly as `resource.ParseQuantity` does
    /// (surrounding whitespace is an error here; JSON decoding trims it).
    pub fn parse(s: &str) -> Result<Quantity, QuantityError> {
        if s.is_empty() {
            return Err(QuantityError::Format);
        }
        if s == "0" {
            return Ok(Quantity { amount: Dec::ZERO, format: Format::DecimalSI, text: Some(s.into()) });
        }
        let p = scan(s)?;
        let (base, exponent, format) = interpret(p.suffix).ok_or(QuantityError::Suffix)?;
        let keep_text = keeps_text(&p, base, exponent);
        let (amount, format) = exact_value(&p, base, exponent, format)?;
        Ok(Quantity { amount, format, text: keep_text.then(|| s.into()) })
    }

    fn from_dec(amount: Dec, format: Format) -> Quantity {
        Quantity { amount, format, text: None }
    }
    /// `value × 10^scale`, decimal SI (`NewScaledQuantity`).
    pub fn from_scaled(value: i64, scale: i32) -> Quantity {
        let mut q = Quantity::from_dec(Dec::new(value as i128, scale as i64), Format::DecimalSI);
        if scale < -9 {
            q.round_up(-9);
        }
        q
    }
    /// `value / 1000`, decimal SI (`NewMilliQuantity`).
    pub fn from_milli(m: i64) -> Quantity {
        Quantity::from_dec(Dec::new(m as i128, -3), Format::DecimalSI)
    }
    /// A whole number, decimal SI (`NewQuantity(v, DecimalSI)`).
    pub fn from_value(v: i64) -> Quantity {
        Quantity::from_dec(Dec::new(v as i128, 0), Format::DecimalSI)
    }
    /// A byte count, binary SI (`NewQuantity(v, BinarySI)`): prints as `1Gi`.
    pub fn from_bytes_binary(v: i64) -> Quantity {
        Quantity::from_dec(Dec::new(v as i128, 0), Format::BinarySI)
    }
    /// A whole number in the given format.
    pub fn new(v: i64, format: Format) -> Quantity {
        Quantity::from_dec(Dec::new(v as i128, 0), format)
    }

    pub fn format(&self) -> Format {
        self.format
    }
    /// The same value printed in another format.
    pub fn with_format(&self, format: Format) -> Quantity {
        Quantity::from_dec(self.amount, format)
    }
    pub fn is_zero(&self) -> bool {
        self.amount.m == 0
    }
    /// -1, 0 or 1.
    pub fn sign(&self) -> i32 {
        self.amount.signum()
    }

    /// `ceil(value / 10^scale)`, rounding away from zero and saturating at
    /// the i64 bounds (`ScaledValue`).
    pub fn scaled_value(&self, scale: i32) -> i64 {
        self.amount.scaled_int(scale)
    }
    /// Value × 1000 rounded away from zero, as CPU accounting uses it (`MilliValue`).
    pub fn milli_value(&self) -> i64 {
        self.scaled_value(-3)
    }
    /// Whole value rounded away from zero (`Value`).
    pub fn value(&self) -> i64 {
        self.scaled_value(0)
    }
    /// A float approximation, for ratios such as utilization (`AsApproximateFloat64`).
    pub fn as_approximate_f64(&self) -> f64 {
        // Through the decimal text, which Rust parses with correct rounding.
        format!("{}e{}", { self.amount.m }, { self.amount.e }).parse().unwrap_or(0.0)
    }

    /// Whether [`Quantity::round_up`] to `10^scale` would leave the value as it is.
    pub fn is_exact(&self, scale: i32) -> bool {
        self.amount.round_up(scale).1
    }

    /// Rounds away from zero to a multiple of `10^scale` (`RoundUp`); the
    /// API server does this to milli for every resource list. Returns
    /// whether the value was already exact.
    pub fn round_up(&mut self, scale: i32) -> bool {
        let (amount, exact) = self.amount.round_up(scale);
        if !exact {
            self.amount = amount;
            self.text = None;
        }
        exact
    }

    /// The sum; a zero left operand takes the right one's format (`Add`).
    pub fn add(&self, other: &Quantity) -> Quantity {
        let format = if self.is_zero() { other.format } else { self.format };
        Quantity::from_dec(self.amount.add(other.amount), format)
    }
    /// The difference; a zero left operand takes the right one's format (`Sub`).
    pub fn sub(&self, other: &Quantity) -> Quantity {
        let format = if self.is_zero() { other.format } else { self.format };
        Quantity::from_dec(self.amount.add(other.amount.neg()), format)
    }
    pub fn neg(&self) -> Quantity {
        Quantity::from_dec(self.amount.neg(), self.format)
    }

    /// The canonical text, ignoring any kept input text.
    fn canonical(&self) -> String {
        let a = self.amount;
        if a.m == 0 {
            return "0".to_string();
        }
        let sign = if a.m < 0 { "-" } else { "" };
        if self.format == Format::BinarySI && a.cmp_magnitude(Dec::new(1024, 0)) != Ordering::Less && a.e >= 0 {
            // An integer of at least 1024: print in powers of 1024 when it
            // fits 128 bits. A power past Ei has no suffix: upstream then
            // prints the decimal form (2⁷⁰ is not 1024Ei).
            let whole = u32::try_from(a.e).ok().and_then(|e| 10u128.checked_pow(e)).and_then(|p| a.m.unsigned_abs().checked_mul(p));
            if let Some(mut v) = whole {
                let mut power = 0;
                while v % 1024 == 0 {
                    v /= 1024;
                    power += 1;
                }
                if let Some(suffix) = BINARY_SUFFIXES.get(power) {
                    return format!("{sign}{v}{suffix}");
                }
            }
        }
        // Decimal: move the exponent down to a multiple of three.
        let e = a.e as i64;
        let e3 = e.div_euclid(3) * 3;
        let mut digits = a.m.unsigned_abs().to_string();
        for _ in 0..(e - e3) {
            digits.push('0');
        }
        let si = DECIMAL_SUFFIXES.iter().find(|(x, _)| *x == e3).map(|(_, s)| *s);
        let suffix = match (self.format, si) {
            (Format::DecimalExponent, _) if e3 == 0 => String::new(),
            (Format::DecimalSI | Format::BinarySI, Some(s)) => s.to_string(),
            // DecimalSI has no suffix beyond E: upstream falls back to exponent notation.
            _ => format!("e{e3}"),
        };
        format!("{sign}{digits}{suffix}")
    }
}

/// Whether upstream's fast path keeps the input as the printed form: only
/// when it already has the canonical shape.
fn keeps_text(p: &Parts, base: u32, exponent: i32) -> bool {
    let digits = p.num.len() + p.denom.len();
    if base == 10 {
        if digits > 18 {
            return false;
        }
        let scale = exponent.wrapping_sub(p.denom.len() as i32);
        if scale < -9 {
            return false;
        }
        let shifted = format!("{}{}", p.num, p.denom);
        scale % 3 == 0 && !shifted.ends_with("000") && !shifted.starts_with('0')
    } else {
        // Binary: only whole numbers that fit an int64 after scaling, whose
        // digits are not a multiple of 8 (so no larger suffix could apply).
        let precision = 15 - p.num.len() as i64 - (exponent as i64 * 3 / 10) - 1;
        if exponent < 0 || !p.denom.is_empty() || precision < 0 {
            return false;
        }
        let Ok(v) = p.num.parse::<i64>() else { return false };
        v.checked_mul(1i64 << exponent).is_some() && v & 7 != 0
    }
}

/// The exact value: rounded away from zero to nanos, binary values capped
/// at 2⁶³−1, and binary values strictly between 0 and 1 switched to decimal.
fn exact_value(p: &Parts, base: u32, exponent: i32, mut format: Format) -> Result<(Dec, Format), QuantityError> {
    let mut digits = String::with_capacity(p.num.len() + p.denom.len());
    digits.push_str(p.num);
    digits.push_str(p.denom);
    let mut b = big::Big::from_digits(digits.as_bytes());
    let mut e: i64 = -(p.denom.len() as i64);
    if base == 10 {
        e += exponent as i64;
    } else {
        for _ in 0..exponent / 10 {
            b.mul_small(1024);
        }
    }
    if !b.is_zero() {
        if e < -9 {
            b.shift_down_rounding_up((-9 - e) as u64);
            e = -9;
        }
        let order = b.digit_count() as i64 + e;
        if format == Format::BinarySI {
            let over = match order.cmp(&19) {
                Ordering::Greater => true,
                Ordering::Less => false,
                // 19 digits at most 28 of them after the point: fits u128.
                Ordering::Equal => {
                    let v = b.to_u128().unwrap_or(u128::MAX);
                    if e >= 0 {
                        v.saturating_mul(10u128.pow(e as u32)) > MAX_BINARY
                    } else {
                        v > MAX_BINARY * 10u128.pow((-e) as u32)
                    }
                }
            };
            if over {
                return Ok((Dec::new(MAX_BINARY as i128 * if p.positive { 1 } else { -1 }, 0), format));
            }
            if order <= 0 {
                format = Format::DecimalSI;
            }
        }
    }
    if b.is_zero() {
        return Ok((Dec::ZERO, format));
    }
    e += b.strip_trailing_zeros() as i64;
    let m = b.to_u128().and_then(|v| i128::try_from(v).ok()).ok_or(QuantityError::Numeric)?;
    if e < i32::MIN as i64 || e > i32::MAX as i64 {
        return Err(QuantityError::Numeric);
    }
    Ok((Dec::new(if p.positive { m } else { -m }, e), format))
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.text {
            Some(t) => f.write_str(t),
            None => f.write_str(&self.canonical()),
        }
    }
}

impl std::str::FromStr for Quantity {
    type Err = QuantityError;
    fn from_str(s: &str) -> Result<Quantity, QuantityError> {
        Quantity::parse(s)
    }
}

impl std::ops::AddAssign<&Quantity> for Quantity {
    fn add_assign(&mut self, rhs: &Quantity) {
        *self = Quantity::add(self, rhs);
    }
}
impl std::ops::SubAssign<&Quantity> for Quantity {
    fn sub_assign(&mut self, rhs: &Quantity) {
        *self = Quantity::sub(self, rhs);
    }
}
impl<'a> std::iter::Sum<&'a Quantity> for Quantity {
    fn sum<I: Iterator<Item = &'a Quantity>>(iter: I) -> Quantity {
        iter.fold(Quantity::default(), |acc, q| acc.add(q))
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
            // JSON decoding trims surrounding whitespace, as UnmarshalJSON does.
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Quantity, E> {
                Quantity::parse(v.trim()).map_err(E::custom)
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Quantity, E> {
                Quantity::parse(&v.to_string()).map_err(E::custom)
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Quantity, E> {
                Quantity::parse(&v.to_string()).map_err(E::custom)
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Quantity, E> {
                if !v.is_finite() {
                    return Err(E::custom(QuantityError::Format));
                }
                // Rust prints the shortest exact decimal, never in exponent form.
                Quantity::parse(&v.to_string()).map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests;
