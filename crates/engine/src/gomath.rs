//! Go's `math.Log`, bit for bit, for the scheduler arithmetic that calls
//! it (PodTopologySpread's constraint weights), and `int64(math.Round(x))`
//! without a libm call. `f64::ln` is the platform's
//! libm: glibc natively and Rust's own port in wasm, which may differ in
//! the last bit, and a last-bit difference in a weight can turn a score
//! and so a placement. The same sequence of IEEE operations gives the same
//! bits everywhere (Rust never fuses them into FMAs), and this sequence is
//! the one Go's portable `log` and its amd64 assembly both perform:
//! FreeBSD's `e_log.c` method in its simpler form, without the branches
//! for small arguments. (Against glibc's `log`, about one in a hundred of
//! the integers up to 100,000 differs in the last bit, 3 among them.)

/// ln 2 in two parts: the high part times any exponent below 2000 is exact.
const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76);
/// The minimax polynomial for log(1+s) - log(1-s) in s² (error < 2^-58.45).
const L1: f64 = f64::from_bits(0x3fe5_5555_5555_5593);
const L2: f64 = f64::from_bits(0x3fd9_9999_9997_fa04);
const L3: f64 = f64::from_bits(0x3fd2_4924_9422_9359);
const L4: f64 = f64::from_bits(0x3fcc_71c5_1d8e_78af);
const L5: f64 = f64::from_bits(0x3fc7_4664_96cb_03de);
const L6: f64 = f64::from_bits(0x3fc3_9a09_d078_c69f);
const L7: f64 = f64::from_bits(0x3fc2_f112_df3e_5244);

/// `x = frac × 2^exp` with `frac` in [0.5, 1) (Go's `math.Frexp`), for
/// finite non-zero `x`.
fn frexp(x: f64) -> (f64, i32) {
    let (x, bias) = if x.abs() < f64::MIN_POSITIVE {
        // Subnormal: scale into the normal range first.
        (x * (1u64 << 52) as f64, -52)
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32 - 1022 + bias;
    let frac = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (frac, exp)
}

/// The natural logarithm as Go computes it: `log(+Inf) = +Inf`,
/// `log(0) = -Inf`, `log(x < 0) = NaN`, `log(NaN) = NaN`.
pub fn log(x: f64) -> f64 {
    if x.is_nan() || x == f64::INFINITY {
        return x;
    }
    if x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 {
        return f64::NEG_INFINITY;
    }
    // x = 2^k × (1 + f) with √2/2 ≤ 1 + f < √2.
    let (mut m, mut k) = frexp(x);
    if m < std::f64::consts::FRAC_1_SQRT_2 {
        m *= 2.0;
        k -= 1;
    }
    let f = m - 1.0;
    let k = f64::from(k);
    // log(1 + f) = 2s + s·R(s²) with s = f / (2 + f).
    let s = f / (2.0 + f);
    let s2 = s * s;
    let s4 = s2 * s2;
    let t1 = s2 * (L1 + s4 * (L3 + s4 * (L5 + s4 * L7)));
    let t2 = s4 * (L2 + s4 * (L4 + s4 * L6));
    let r = t1 + t2;
    let hfsq = 0.5 * f * f;
    k * LN2_HI - ((hfsq - (s * (hfsq + r) + k * LN2_LO)) - f)
}

/// 2⁵²: from there up every float is an integer, and its bit pattern
/// with a smaller integer in its low bits is 2⁵² plus that integer.
const TWO_52: u64 = 1 << 52;

/// `int64(math.Round(x))`: half away from zero, as `f64::round`, which is
/// a libm call on targets without a rounding instruction (baseline x86-64,
/// wasm) and the scores round once per node. For 0 ≤ x < 2⁵², `x −
/// trunc(x)` is exact, so the integer part and that difference decide.
pub fn round_to_int(x: f64) -> i64 {
    if (0.0..TWO_52 as f64).contains(&x) {
        let t = x as i64;
        if x - to_f64(t) >= 0.5 {
            t + 1
        } else {
            t
        }
    } else {
        x.round() as i64
    }
}

/// `float64(x)`. In wasm, V8 converts an integer with `cvtsi2sd`, which
/// keeps the upper half of a register from before and so waits for
/// whatever last wrote that register. BalancedAllocation's two
/// conversions and divisions a node were a sixth of the 100,000-pod
/// scheduler run; with the value built from its bits when it can be, that
/// run takes 15% less time (LLVM still emits the plain conversion for the
/// other case and selects, but the division no longer waits for it).
/// Natively the compiler clears the register first, so nothing waits.
#[inline]
pub fn to_f64(x: i64) -> f64 {
    #[cfg(target_arch = "wasm32")]
    if let Some(f) = from_bits(x) {
        return f;
    }
    x as f64
}

/// For 0 ≤ x < 2⁵², the bits of 2⁵² + x are 2⁵²'s with x in the low
/// ones, and less 2⁵² that is x exactly.
#[cfg(any(target_arch = "wasm32", test))]
#[inline]
fn from_bits(x: i64) -> Option<f64> {
    ((x as u64) < TWO_52).then(|| f64::from_bits(x as u64 | (TWO_52 as f64).to_bits()) - TWO_52 as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The conversion from bits is `as f64`'s wherever it applies
        /// (below 2⁵², around every power of two), and applies to every
        /// value a resource count takes in practice.
        #[test]
        fn conversion_agrees_with_as(x in proptest::num::i64::ANY, shift in 0u32..63, near in -3i64..=3) {
            let y = (1i64 << shift).wrapping_add(near);
            for v in [x, y, x & ((1 << 52) - 1)] {
                proptest::prop_assert_eq!(to_f64(v).to_bits(), (v as f64).to_bits());
                if let Some(f) = from_bits(v) {
                    proptest::prop_assert_eq!(f.to_bits(), (v as f64).to_bits());
                }
            }
            proptest::prop_assert!(from_bits(x & ((1 << 52) - 1)).is_some());
            proptest::prop_assert_eq!(from_bits(y).is_some(), (0..1 << 52).contains(&y));
        }

        /// The rounding is `f64::round`'s (Go's `math.Round`) for
        /// every value a score can take, halves and their neighbours
        /// included.
        #[test]
        fn rounding_agrees_with_round(whole in 0i64..1 << 40, frac in 0.0f64..1.0, ulps in -2i64..=2) {
            let x = f64::from_bits(((whole as f64 + frac).to_bits() as i64 + ulps).max(0) as u64);
            proptest::prop_assert_eq!(round_to_int(x), x.round() as i64);
            let half = whole as f64 + 0.5;
            proptest::prop_assert_eq!(round_to_int(half), half.round() as i64);
        }
    }

    #[test]
    fn rounding_table() {
        let below_half = 0.5f64.next_down();
        for (x, want) in [(0.0, 0), (0.5, 1), (below_half, 0), (1.5, 2), (2.5, 3), (4.499999999999999, 4), (1e300, 1e300 as i64), (-0.5, -1), (-1.5, -2)] {
            assert_eq!(round_to_int(x), want, "{x}");
        }
    }


    /// Go's math/all_test.go: `TestLog` checks `Log(|vf[i]|) == log[i]`
    /// exactly, and `Log(10) == Ln10`.
    #[test]
    fn matches_go_exactly() {
        let vf: [f64; 10] = [
            4.9790119248836735e+00,
            7.7388724745781045e+00,
            -2.7688005719200159e-01,
            -5.0106036182710749e+00,
            9.6362937071984173e+00,
            2.9263772392439646e+00,
            5.2290834314593066e+00,
            2.7279399104360102e+00,
            1.8253080916808550e+00,
            -8.6859247685756013e+00,
        ];
        let want: [f64; 10] = [
            1.6052314626930630e+00,
            2.0462560018708768e+00,
            -1.2841708730962657e+00,
            1.6115563905281544e+00,
            2.2655365644872018e+00,
            1.0737652208918380e+00,
            1.6542360106073545e+00,
            1.0035467127723465e+00,
            6.0174879014578053e-01,
            2.1617038728473527e+00,
        ];
        for (x, w) in vf.iter().zip(want) {
            assert_eq!(log(x.abs()).to_bits(), w.to_bits(), "log({x})");
        }
        assert_eq!(log(10.0), std::f64::consts::LN_10);
    }

    /// Go's `vflogSC` / `logSC` special cases.
    #[test]
    fn special_cases() {
        assert!(log(f64::NEG_INFINITY).is_nan());
        assert!(log(-std::f64::consts::PI).is_nan());
        assert_eq!(log(-0.0), f64::NEG_INFINITY);
        assert_eq!(log(0.0), f64::NEG_INFINITY);
        assert_eq!(log(1.0).to_bits(), 0.0f64.to_bits());
        assert_eq!(log(f64::INFINITY), f64::INFINITY);
        assert!(log(f64::NAN).is_nan());
    }

    /// Exact powers of two are k·ln 2 from the split constant; a subnormal
    /// goes through the same reduction as its normal neighbours.
    #[test]
    fn reduction() {
        assert_eq!(log(2.0), std::f64::consts::LN_2);
        assert_eq!(frexp(8.0), (0.5, 4));
        assert_eq!(frexp(f64::MIN_POSITIVE / 4.0), (0.5, -1023));
        let tiny = log(f64::MIN_POSITIVE / 4.0);
        assert!(
            (tiny - (-1024.0 * std::f64::consts::LN_2)).abs() < 1e-12,
            "{tiny}"
        );
    }
}
