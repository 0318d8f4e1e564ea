//! Tables ported from upstream's `quantity_test.go`.

use super::*;
use proptest::prelude::*;

fn q(s: &str) -> Quantity {
    Quantity::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// upstream's `decQuantity(m, e, format)`.
fn dq(m: i128, e: i64, format: Format) -> Quantity {
    Quantity::from_dec(Dec::new(m, e), format)
}

use Format::{BinarySI as BIN, DecimalExponent as EXP, DecimalSI as DEC};

/// TestQuantityParse.
fn parse_table() -> Vec<(&'static str, Quantity)> {
    let max = dq(i64::MAX as i128, 0, BIN);
    vec![
        ("0", dq(0, 0, DEC)),
        ("0n", dq(0, 0, DEC)),
        ("0u", dq(0, 0, DEC)),
        ("0m", dq(0, 0, DEC)),
        ("0Ki", dq(0, 0, BIN)),
        ("0k", dq(0, 0, DEC)),
        ("0Mi", dq(0, 0, BIN)),
        ("0M", dq(0, 0, DEC)),
        ("0Gi", dq(0, 0, BIN)),
        ("0G", dq(0, 0, DEC)),
        ("0Ti", dq(0, 0, BIN)),
        ("0T", dq(0, 0, DEC)),
        ("1", dq(1, 0, DEC)),
        ("1Ki", dq(1024, 0, BIN)),
        ("8Ki", dq(8 * 1024, 0, BIN)),
        ("7Mi", dq(7 * 1024 * 1024, 0, BIN)),
        ("6Gi", dq(6 << 30, 0, BIN)),
        ("5Ti", dq(5 << 40, 0, BIN)),
        ("4Pi", dq(4 << 50, 0, BIN)),
        ("3Ei", dq(3 << 60, 0, BIN)),
        ("10Ti", dq(10 << 40, 0, BIN)),
        ("100Ti", dq(100 << 40, 0, BIN)),
        ("5n", dq(5, -9, DEC)),
        ("4u", dq(4, -6, DEC)),
        ("3m", dq(3, -3, DEC)),
        ("9", dq(9, 0, DEC)),
        ("8k", dq(8, 3, DEC)),
        ("50k", dq(5, 4, DEC)),
        ("7M", dq(7, 6, DEC)),
        ("6G", dq(6, 9, DEC)),
        ("5T", dq(5, 12, DEC)),
        ("40T", dq(4, 13, DEC)),
        ("300T", dq(3, 14, DEC)),
        ("2P", dq(2, 15, DEC)),
        ("1E", dq(1, 18, DEC)),
        ("1E-3", dq(1, -3, EXP)),
        ("1e3", dq(1, 3, EXP)),
        ("1E6", dq(1, 6, EXP)),
        ("1e9", dq(1, 9, EXP)),
        ("1E12", dq(1, 12, EXP)),
        ("1e15", dq(1, 15, EXP)),
        ("1E18", dq(1, 18, EXP)),
        ("1e14", dq(1, 14, EXP)),
        ("1e13", dq(1, 13, EXP)),
        ("100.035k", dq(100035, 0, DEC)),
        ("0.001", dq(1, -3, DEC)),
        ("0.0005k", dq(5, -1, DEC)),
        ("0.005", dq(5, -3, DEC)),
        ("0.05", dq(5, -2, DEC)),
        ("0.5", dq(5, -1, DEC)),
        ("0.00050k", dq(5, -1, DEC)),
        ("0.00500", dq(5, -3, DEC)),
        ("0.05000", dq(5, -2, DEC)),
        ("0.50000", dq(5, -1, DEC)),
        ("0.5e0", dq(5, -1, EXP)),
        ("0.5e-1", dq(5, -2, EXP)),
        ("0.5e-2", dq(5, -3, EXP)),
        ("10.035M", dq(10035, 3, DEC)),
        ("1.2e3", dq(12, 2, EXP)),
        ("1.3E+6", dq(13, 5, EXP)),
        ("1.40e9", dq(14, 8, EXP)),
        ("1.53E12", dq(153, 10, EXP)),
        ("1.6e15", dq(16, 14, EXP)),
        ("1.7E18", dq(17, 17, EXP)),
        ("9.01", dq(901, -2, DEC)),
        ("8.1k", dq(81, 2, DEC)),
        ("7.123456M", dq(7123456, 0, DEC)),
        ("6.987654321G", dq(6987654321, 0, DEC)),
        ("5.444T", dq(5444, 9, DEC)),
        ("40.1T", dq(401, 11, DEC)),
        ("300.2T", dq(3002, 11, DEC)),
        ("2.5P", dq(25, 14, DEC)),
        ("1.01E", dq(101, 16, DEC)),
        // Things that saturate or round.
        ("3.001n", dq(4, -9, DEC)),
        ("1.1E-9", dq(2, -9, EXP)),
        ("0.0000000001", dq(1, -9, DEC)),
        ("0.0000000005", dq(1, -9, DEC)),
        ("0.00000000050", dq(1, -9, DEC)),
        ("0.5e-9", dq(1, -9, EXP)),
        ("0.9n", dq(1, -9, DEC)),
        ("0.00000012345", dq(124, -9, DEC)),
        ("0.00000012354", dq(124, -9, DEC)),
        ("9Ei", max.clone()),
        ("9223372036854775807Ki", max),
        ("12E", dq(12, 18, DEC)),
        // Fractional binary.
        ("100.035Ki", dq(10243584, -2, BIN)),
        ("0.5Mi", dq(512 * 1024, 0, BIN)),
        ("0.05Gi", dq(536870912, -1, BIN)),
        ("0.025Ti", dq(274877906944, -1, BIN)),
        // Things written by trolls.
        ("0.000000000001Ki", dq(2, -9, DEC)),
        (".001", dq(1, -3, DEC)),
        (".0001k", dq(100, -3, DEC)),
        ("1.", dq(1, 0, DEC)),
        ("1.G", dq(1, 9, DEC)),
    ]
}

#[test]
fn parses_upstream_table_with_signs() {
    for (input, want) in parse_table() {
        let got = q(input);
        assert_eq!(got, want, "{input}: got {got}");
        assert_eq!(got.format(), want.format(), "{input}");
        let neg = q(&format!("-{input}"));
        assert_eq!(neg, want.neg(), "-{input}");
        assert_eq!(neg.format(), want.format(), "-{input}");
        let pos = q(&format!("+{input}"));
        assert_eq!(pos, want, "+{input}");
        assert_eq!(pos.format(), want.format(), "+{input}");
    }
}

#[test]
fn rejects_upstream_invalid_inputs_with_their_errors() {
    for s in ["1.1.M", "1+1.0M", "0.1mi", "0.1am", "aoeu", ".5i", "1i", "-3.01i", "-3.01e-", " 1", "1 ", ""] {
        assert!(Quantity::parse(s).is_err(), "{s:?} parsed");
    }
    assert_eq!(
        Quantity::parse("aoeu").unwrap_err().to_string(),
        "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
    );
    assert_eq!(Quantity::parse("0.1mi"), Err(QuantityError::Suffix));
    assert_eq!(QuantityError::Suffix.to_string(), "unable to parse quantity's suffix");
    assert_eq!(Quantity::parse("1i"), Err(QuantityError::Suffix));
    assert_eq!(Quantity::parse("1 "), Err(QuantityError::Format));
    // Upstream's scanner is lenient: these are numbers.
    assert_eq!(q("."), Quantity::default());
    assert_eq!(q("-."), Quantity::default());
    assert_eq!(q("-"), Quantity::default());
}

/// TestQuantityString: the canonical form, that parsing it keeps it, and
/// that the alternate spelling canonicalizes to it; negatives get a `-`.
#[test]
fn prints_canonical_forms() {
    let table: Vec<(Quantity, &str, &str)> = vec![
        (dq(1 << 30, 0, BIN), "1Gi", "1024Mi"),
        (dq(300 << 20, 0, BIN), "300Mi", "307200Ki"),
        (dq(6 * 1024, 0, BIN), "6Ki", ""),
        (dq(1001 << 30, 0, BIN), "1001Gi", "1025024Mi"),
        (dq(1 << 40, 0, BIN), "1Ti", "1024Gi"),
        (dq(5, 0, BIN), "5", "5000m"),
        (dq(500, -3, BIN), "500m", "0.5"),
        (dq(1, 9, DEC), "1G", "1000M"),
        (dq(1000, 6, DEC), "1G", "0.001T"),
        (dq(1000000, 3, DEC), "1G", ""),
        (dq(1000000000, 0, DEC), "1G", ""),
        (dq(1, -3, DEC), "1m", "1000u"),
        (dq(80, -3, DEC), "80m", ""),
        (dq(1080, -3, DEC), "1080m", "1.08"),
        (dq(108, -2, DEC), "1080m", "1080000000n"),
        (dq(10800, -4, DEC), "1080m", ""),
        (dq(300, 6, DEC), "300M", ""),
        (dq(1, 12, DEC), "1T", ""),
        (dq(1, 18, DEC), "1E", ""),
        (dq(1, 21, DEC), "1e21", "1000E"),
        (dq(5, 21, DEC), "5e21", "5000E"),
        (dq(1, 24, DEC), "1e24", "1000000E"),
        (dq(1234567, 6, DEC), "1234567M", ""),
        (dq(1234567, -3, BIN), "1234567m", ""),
        (dq(3, 3, DEC), "3k", ""),
        (dq(1025, 0, BIN), "1025", ""),
        (dq(0, 0, DEC), "0", ""),
        (dq(0, 0, BIN), "0", ""),
        (dq(1, 9, EXP), "1e9", ".001e12"),
        (dq(1, -3, EXP), "1e-3", "0.001e0"),
        (dq(1, -9, EXP), "1e-9", "1000e-12"),
        (dq(80, -3, EXP), "80e-3", ""),
        (dq(300, 6, EXP), "300e6", ""),
        (dq(1, 12, EXP), "1e12", ""),
        (dq(1, 3, EXP), "1e3", ""),
        (dq(3, 3, EXP), "3e3", ""),
        (dq(3, 3, DEC), "3k", ""),
        (dq(0, 0, EXP), "0", "00"),
        (dq(1, -9, DEC), "1n", ""),
        (dq(80, -9, DEC), "80n", ""),
        (dq(1080, -9, DEC), "1080n", ""),
        (dq(108, -8, DEC), "1080n", ""),
        (dq(10800, -10, DEC), "1080n", ""),
        (dq(1, -6, DEC), "1u", ""),
        (dq(80, -6, DEC), "80u", ""),
        (dq(1080, -6, DEC), "1080u", ""),
    ];
    for (value, expect, alternate) in table {
        assert_eq!(value.to_string(), expect, "{value:?}");
        let reparsed = q(expect);
        assert!(reparsed.text.is_some(), "{expect}: canonical text not kept");
        assert_eq!(reparsed.to_string(), expect);
        if !alternate.is_empty() {
            let alt = q(alternate);
            assert!(alt.text.is_none(), "{alternate}: kept a non-canonical text");
            assert_eq!(alt.to_string(), expect, "{alternate}");
        }
        if !value.is_zero() {
            assert_eq!(value.neg().to_string(), format!("-{expect}"));
        }
    }
}

#[test]
fn parse_then_emit() {
    // TestQuantityParseEmit, plus the examples Kubernetes users meet most.
    for (input, expect) in [
        ("1Ki", "1Ki"),
        ("1Mi", "1Mi"),
        ("1Gi", "1Gi"),
        ("1024Mi", "1Gi"),
        ("1000M", "1G"),
        (".001Ki", "1024m"),
        (".000001Ki", "1024u"),
        (".000000001Ki", "1024n"),
        (".000000000001Ki", "2n"),
        ("0.5", "500m"),
        ("1e3", "1e3"),
        ("1000", "1k"),
        ("1.5Gi", "1536Mi"),
        ("1.5", "1500m"),
        ("100m", "100m"),
        ("250m", "250m"),
        ("2000m", "2"),
        ("128974848", "128974848"),
        ("129e6", "129e6"),
        ("123Mi", "123Mi"),
    ] {
        assert_eq!(q(input).to_string(), expect, "{input}");
        let neg = q(&format!("-{input}"));
        assert_eq!(neg.to_string(), format!("-{expect}"), "-{input}");
    }
}

#[test]
fn compares_values_not_formats() {
    // TestQuantityCmp.
    assert_eq!(q("0").cmp(&q("0")), Ordering::Equal);
    assert_eq!(q("100m").cmp(&q("50m")), Ordering::Greater);
    assert_eq!(q("50m").cmp(&q("100m")), Ordering::Less);
    assert_eq!(q("10000T").cmp(&q("100Gi")), Ordering::Greater);
    assert_eq!(q("1000m"), q("1"));
    assert_eq!(q("1Ki"), q("1024"));
    assert!(q("-1") < q("0"));
    assert!(q("-2") < q("-1"));
    assert!(q("1e30") > q("999999999999999999999999999999"));
    // TestQuantityCmpInt64AndDec (a selection).
    let table = [
        (dq(901, -2, DEC), dq(901, -2, DEC), Ordering::Equal),
        (dq(90, -1, DEC), dq(901, -2, DEC), Ordering::Less),
        (dq(901, -2, DEC), dq(900, -2, DEC), Ordering::Greater),
        (dq(0, 1, DEC), dq(0, -1, DEC), Ordering::Equal),
        (dq(800, -3, DEC), dq(1, 0, DEC), Ordering::Less),
        (dq(800, -3, DEC), dq(79, -2, DEC), Ordering::Greater),
        (dq(i64::MAX as i128, 0, DEC), dq(1, -1, DEC), Ordering::Greater),
        (dq(i64::MAX as i128, 1, DEC), dq(1, 1, DEC), Ordering::Greater),
        (dq(i64::MAX as i128, -16, DEC), dq(1, 3, DEC), Ordering::Less),
        (dq(i64::MIN as i128, 0, DEC), dq(0, 0, DEC), Ordering::Less),
        (dq(i64::MIN as i128, -18, DEC), dq(-1, 0, DEC), Ordering::Less),
        (dq(i64::MIN as i128, -19, DEC), dq(-1, 0, DEC), Ordering::Greater),
        (dq(1_000_000_000_000_000_000, -17, DEC), dq(1, 1, DEC), Ordering::Equal),
        (dq(1_000_000_000_000_000_000, -17, DEC), dq(-10, 0, DEC), Ordering::Greater),
        (dq(-1_000_000_000_000_000_000, -17, DEC), dq(-10, 0, DEC), Ordering::Equal),
        (dq(1_000_000_000_000_000_001, -17, DEC), dq(1, 1, DEC), Ordering::Greater),
        (dq(999_999_999_999_999_999, -17, DEC), dq(1, 1, DEC), Ordering::Less),
    ];
    for (a, b, want) in table {
        assert_eq!(a.cmp(&b), want, "{a} vs {b}");
        assert_eq!(b.cmp(&a), want.reverse(), "{b} vs {a}");
    }
}

#[test]
fn adds_and_subtracts_exactly() {
    // TestAdd / TestSub.
    assert_eq!(dq(10, 0, DEC).add(&dq(1, 1, DEC)), dq(20, 0, DEC));
    assert_eq!(dq(10, 0, DEC).add(&dq(1, 0, BIN)), dq(11, 0, DEC));
    assert_eq!(dq(10, 0, BIN).add(&dq(1, 0, DEC)).format(), BIN);
    assert_eq!(Quantity::default().add(&dq(50, 0, DEC)), dq(50, 0, DEC));
    assert_eq!(dq(10, 0, DEC).sub(&dq(1, 1, DEC)), dq(0, 0, DEC));
    assert_eq!(dq(10, 0, DEC).sub(&dq(1, 0, BIN)), dq(9, 0, DEC));
    assert_eq!(Quantity::default().sub(&dq(50, 0, DEC)), dq(-50, 0, DEC));
    // TestQuantityAddZeroPreservesSuffix / SubZero.
    for v in ["100m", "1Gi"] {
        assert_eq!(q(v).add(&q("0")).to_string(), v);
        assert_eq!(q("0").add(&q(v)).to_string(), v);
        assert_eq!(q(v).sub(&q("0")).to_string(), v);
        assert_eq!(q("0").sub(&q(v)).to_string(), q(v).neg().to_string());
    }
    // Sums across scales cancel exactly (TestAddSubRoundTripAcrossScales).
    let values: Vec<Quantity> = (0..100i64).map(|j| Quantity::from_scaled(j * 7_919_339_123 % 1_000_000_007, (j % 20 - 10) as i32)).collect();
    let mut total = Quantity::default();
    for v in &values {
        total += v;
    }
    for v in &values {
        total -= v;
    }
    assert!(total.is_zero(), "{total}");
    let s: Quantity = [q("100m"), q("250m"), q("1")].iter().sum();
    assert_eq!(s.to_string(), "1350m");
    assert_eq!(q("1Gi").add(&q("512Mi")).to_string(), "1536Mi");
}

#[test]
fn constructors_print_as_upstream() {
    // TestMilliNewSet.
    assert_eq!(Quantity::from_milli(1).to_string(), "1m");
    assert_eq!(Quantity::from_milli(1000).to_string(), "1");
    assert_eq!(Quantity::from_milli(1234000).to_string(), "1234");
    assert_eq!(Quantity::from_dec(Dec::new(1024, -3), BIN).to_string(), "1024m");
    assert_eq!(Quantity::from_dec(Dec::new(1024 * 1024, -3), BIN).to_string(), "1048576m");
    // TestNewSet.
    assert_eq!(Quantity::new(1, DEC).to_string(), "1");
    assert_eq!(Quantity::new(1000, DEC).to_string(), "1k");
    assert_eq!(Quantity::new(1234000, DEC).to_string(), "1234k");
    assert_eq!(Quantity::new(1024, BIN).to_string(), "1Ki");
    assert_eq!(Quantity::new(1000000, EXP).to_string(), "1e6");
    assert_eq!(Quantity::from_bytes_binary(1024 * 1024).to_string(), "1Mi");
    // TestNewScaledSet.
    for (v, scale, expect) in [(1, -9, "1n"), (1000, -9, "1u"), (1, -6, "1u"), (1000, -6, "1m"), (1, -3, "1m"), (1000, -3, "1"), (1, 0, "1"), (0, -9, "0"), (0, 0, "0")] {
        let x = Quantity::from_scaled(v, scale);
        assert_eq!(x.to_string(), expect);
        assert_eq!(q(expect).scaled_value(scale), v);
    }
}

#[test]
fn scaled_values_round_away_from_zero() {
    // TestScaledValue.
    for (from, to, expected) in [(-9, -9, 1), (-9, -6, 1), (-9, -3, 1), (-9, 0, 1), (-6, -9, 1000), (-6, -6, 1), (-6, -3, 1), (-6, 0, 1), (-3, -9, 1_000_000), (-3, -6, 1000), (-3, -3, 1), (-3, 0, 1), (0, -9, 1_000_000_000), (0, -6, 1_000_000), (0, -3, 1000), (0, 0, 1), (2, -2, 10_000)] {
        assert_eq!(Quantity::from_scaled(1, from).scaled_value(to), expected, "{from}->{to}");
    }
    assert_eq!(q("100m").milli_value(), 100);
    assert_eq!(q("1.5").value(), 2);
    assert_eq!(q("-1.5").value(), -2);
    assert_eq!(q("1Gi").value(), 1 << 30);
    assert_eq!(q("1e30").value(), i64::MAX);
    assert_eq!(q("9Ei").value(), i64::MAX);
}

#[test]
fn rounds_up_to_a_scale() {
    // TestQuantityRoundUp.
    for (input, scale, expect, exact) in [
        ("9.01", -3, dq(901, -2, DEC), true),
        ("9.01", -2, dq(901, -2, DEC), true),
        ("9.01", -1, dq(91, -1, DEC), false),
        ("9.01", 0, dq(10, 0, DEC), false),
        ("9.01", 1, dq(10, 0, DEC), false),
        ("9.01", 2, dq(100, 0, DEC), false),
        ("-9.01", -3, dq(-901, -2, DEC), true),
        ("-9.01", -1, dq(-91, -1, DEC), false),
        ("-9.01", 0, dq(-10, 0, DEC), false),
        ("-9.01", 2, dq(-100, 0, DEC), false),
    ] {
        let mut x = q(input);
        assert_eq!(x.round_up(scale), exact, "{input} {scale}");
        assert_eq!(x, expect, "{input} {scale}");
    }
    // Defaulting rounds every resource list to milli.
    let mut x = q("100u");
    x.round_up(-3);
    assert_eq!(x.to_string(), "1m");
}

#[test]
fn keeps_canonical_input_text() {
    // Upstream keeps the parsed string when it is already canonical.
    assert_eq!(q("+1").to_string(), "+1");
    assert_eq!(q("1E3").to_string(), "1E3");
    assert_eq!(q("1.500").to_string(), "1.500");
    assert_eq!(q("1.5").to_string(), "1500m");
    assert_eq!(q("1025Ki").to_string(), "1025Ki");
    assert_eq!(q("2048Ki").to_string(), "2Mi");
}

#[test]
fn json_like_serde() {
    // TestJSONWhitespace.
    for (input, expect) in [(r#"" 1""#, "1"), (r#""1 ""#, "1"), ("1", "1"), (" 1", "1"), ("1 ", "1"), ("10", "10"), ("-1", "-1"), (" -1", "-1"), ("0.5", "500m"), (r#""1Gi""#, "1Gi")] {
        let got: Quantity = serde_json::from_str(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(got.to_string(), expect, "{input}");
    }
    assert_eq!(serde_json::to_string(&q("1.5Gi")).unwrap(), r#""1536Mi""#);
    let err = serde_json::from_str::<Quantity>(r#""abc""#).unwrap_err().to_string();
    assert!(err.starts_with("quantities must match the regular expression"), "{err}");
}

#[test]
fn huge_and_tiny_values_stay_exact() {
    assert_eq!(q("18446744073709551616").to_string(), "18446744073709551616");
    assert_eq!(q("1e100").to_string(), "10e99");
    assert_eq!(q("1e-100").to_string(), "1e-9");
    assert_eq!(q("0.000000001e-1000000000").to_string(), "1e-9");
    assert_eq!(q("0.0000000000001").to_string(), "1n");
    assert_eq!(Quantity::parse(&"9".repeat(50)), Err(QuantityError::Numeric));
}

proptest! {
    #[test]
    fn parse_never_panics(s in "\\PC{0,40}") {
        let _ = Quantity::parse(&s);
    }

    #[test]
    fn parse_never_panics_on_quantity_like_text(s in "[-+]?[0-9.]{0,25}[eEinumkKMGTP]{0,2}[-+]?[0-9]{0,12}") {
        if let Ok(x) = Quantity::parse(&s) {
            let printed = x.to_string();
            let back = Quantity::parse(&printed).unwrap_or_else(|e| panic!("{s:?} printed {printed:?}: {e}"));
            prop_assert_eq!(back, x, "{:?} printed {:?}", s, printed);
        }
    }

    #[test]
    fn display_round_trips(m in any::<i64>(), e in -9i32..30, f in 0usize..3) {
        let format = [DEC, BIN, EXP][f];
        // Binary values above 2^63-1 do not round-trip upstream either:
        // parsing caps them (kubernetes#140674).
        let e = if format == BIN { e.min(0) } else { e };
        let x = Quantity::from_dec(Dec::new(m as i128, e as i64), format);
        let printed = x.to_string();
        prop_assert_eq!(Quantity::parse(&printed), Ok(x), "{}", printed);
    }

    #[test]
    fn ordering_agrees_with_subtraction(a in any::<i64>(), ea in -9i32..20, b in any::<i64>(), eb in -9i32..20) {
        let x = Quantity::from_scaled(a, ea);
        let y = Quantity::from_scaled(b, eb);
        prop_assert_eq!(x.cmp(&y), x.sub(&y).sign().cmp(&0));
    }
}

// ---- Further tables from upstream's quantity_test.go. ----

/// TestQuantityParse's exponent cases and TestInterpretExponentInt32Bounds:
/// an exponent is read at 64 bits and accepted only within ±(2³¹−1); past
/// that it is a suffix error, not truncated to an unrelated exponent.
#[test]
fn exponent_outside_int32_is_a_suffix_error() {
    for (input, ok) in [
        ("1e14", true),
        ("1E2147483647", true),
        ("1E-2147483647", true),
        ("1E2147483648", false),
        ("1E-2147483648", false),
        ("1E4294967297", false),
        ("1E8589934592", false),
        ("1E9223372036854775807", false),
        ("1E9223372036854775808", false),
        ("1E6024865272343", false),
        ("1e4294967297", false),
    ] {
        let got = Quantity::parse(input);
        if ok {
            assert_eq!(got.as_ref().map(|x| x.format()), Ok(EXP), "{input}");
        } else {
            assert_eq!(got, Err(QuantityError::Suffix), "{input}");
        }
    }
    assert_eq!(q("1E-2147483647").to_string(), "1e-9");
}

/// TestQuantityString's BinarySI rows past `Ei`, TestBinarySIZeroExponentString
/// and TestQuantityStringBelowNano.
#[test]
fn prints_past_the_largest_and_below_the_smallest_suffix() {
    for (value, expect) in [
        (dq(1, 70, BIN), "10e69"),
        (dq(2, 70, BIN), "20e69"),
        (dq(1, 72, BIN), "1e72"),
        (dq(2000, 0, BIN), "2000"),
        (dq(-2000, 0, BIN), "-2000"),
        (dq(1, -12, DEC), "1e-12"),
        (dq(1, -10, DEC), "100e-12"),
    ] {
        assert_eq!(value.to_string(), expect, "{value:?}");
    }
    for expect in ["10e69", "20e69", "1e72"] {
        let reparsed = q(expect);
        assert!(reparsed.text.is_some(), "{expect}: canonical text not kept");
        assert_eq!(reparsed.to_string(), expect);
        assert_eq!(reparsed.neg().to_string(), format!("-{expect}"));
    }
}

/// TestBinarySIPastEiArithmeticRoundTrip: 2⁷⁰ in BinarySI has no suffix
/// (it would be 1024Ei); it prints as its exact decimal digits, and that
/// text reads back to the same value.
#[test]
fn binary_past_ei_prints_decimal_digits() {
    let x = dq(1 << 70, 0, BIN);
    assert_eq!(x.to_string(), "1180591620717411303424");
    assert_eq!(serde_json::to_string(&x).unwrap(), r#""1180591620717411303424""#);
    let back: Quantity = serde_json::from_str(r#""1180591620717411303424""#).unwrap();
    assert_eq!(back, x);
    assert_eq!(q(&x.to_string()), x);
    // 8 × 2⁶⁰ still has a suffix (TestZeroSubMostNegativeInheritsFormat).
    let z = Quantity::default().sub(&dq(i64::MIN as i128, 0, BIN));
    assert_eq!(z.format(), BIN);
    assert_eq!(z.to_string(), "8Ei");
    assert_eq!(z, q("9223372036854775808"));
}

/// TestNegativeValueRoundsAwayFromZero.
#[test]
fn value_and_milli_value_round_away_from_zero() {
    for (input, value, milli) in [
        ("-.484785E-7466", -1, -1),
        (".484785E-7466", 1, 1),
        ("-.484785E-1", -1, -49),
        (".484785E-1", 1, 49),
        ("-0.0005", -1, -1),
        ("0.0005", 1, 1),
        ("-1500m", -2, -1500),
        ("1500m", 2, 1500),
        ("-9.5000000001Gi", -10200547329, -10200547328108),
        ("9.5000000001Gi", 10200547329, 10200547328108),
        ("-1", -1, -1000),
        ("1", 1, 1000),
        ("0", 0, 0),
    ] {
        let x = q(input);
        assert_eq!(x.value(), value, "{input}");
        assert_eq!(x.milli_value(), milli, "{input}");
    }
}

/// TestQuantityNeg, TestNeg, TestNegAndSubAtMostNegative and
/// TestSubMostNegativeCrossScale: negating −2⁶³ gives 2⁶³, not a wrap.
#[test]
fn negation_and_subtraction_at_the_int64_edge() {
    assert_eq!(dq(901, -2, DEC).neg().to_string(), "-9010m");
    assert_eq!(dq(10, 0, BIN).neg(), dq(-10, 0, BIN));
    assert_eq!(dq(-10, 0, BIN).neg(), dq(10, 0, BIN));
    assert_eq!(dq(0, 0, DEC).neg(), dq(0, 0, DEC));
    let most_negative = dq(i64::MIN as i128, 0, DEC);
    let neg = most_negative.neg();
    assert_eq!((neg.sign(), neg.to_string()), (1, "9223372036854775808".to_string()));
    assert_eq!(Quantity::default().sub(&most_negative).to_string(), "9223372036854775808");
    assert_eq!(dq(1, 0, DEC).sub(&most_negative).to_string(), "9223372036854775809");
    assert_eq!(dq(i64::MIN as i128 + 1, 0, DEC).neg(), dq(i64::MAX as i128, 0, DEC));
    assert_eq!(dq(i64::MIN as i128, -3, DEC).neg().to_string(), "9223372036854775808m");
    assert_eq!(dq(1, -3, DEC).sub(&dq(i64::MIN as i128, -3, DEC)).to_string(), "9223372036854775809m");
    let zero_scaled = Quantity::default().sub(&Quantity::from_scaled(i64::MIN, -3));
    assert_eq!((zero_scaled.sign(), zero_scaled.to_string()), (1, "9223372036854775808m".to_string()));
    assert_eq!(dq(1, 1, DEC).sub(&most_negative).to_string(), "9223372036854775818");
    // TestSub / TestAdd rows with a zero on the right.
    assert_eq!(dq(10, 0, BIN).sub(&dq(1, 0, DEC)), dq(9, 0, BIN));
    assert_eq!(dq(10, 0, BIN).sub(&dq(1, 0, DEC)).format(), BIN);
    assert_eq!(dq(50, 0, DEC).sub(&Quantity::default()), dq(50, 0, DEC));
    assert_eq!(dq(50, 0, DEC).add(&Quantity::default()), dq(50, 0, DEC));
    assert_eq!(Quantity::default().add(&Quantity::default()), dq(0, 0, DEC));
    assert_eq!(Quantity::default().sub(&Quantity::default()), dq(0, 0, DEC));
}

/// TestParseQuantity: values around 18, 19 and 20 digits and the int64
/// bounds keep their exact value, and print as the input unless a
/// canonical form is given.
#[test]
fn parses_values_around_the_int64_bounds_exactly() {
    let table: &[(&str, &str, &str)] = &[
        ("-999999999999999999", "-999999999999999999", ""),
        ("999999999999999999", "999999999999999999", ""),
        ("-999999999999999999.0", "-999999999999999999", "-999999999999999999"),
        ("999999999999999999.0", "999999999999999999", "999999999999999999"),
        ("-999999999999999999.1", "-999999999999999999.1", "-999999999999999999100m"),
        ("999999999999999999.1", "999999999999999999.1", "999999999999999999100m"),
        ("-9999999999999999999", "-9999999999999999999", ""),
        ("9999999999999999999", "9999999999999999999", ""),
        ("-1E", "-1000000000000000000", ""),
        ("1E", "1000000000000000000", ""),
        ("-1000000000000000000", "-1000000000000000000", "-1E"),
        ("1000000000000000000", "1000000000000000000", "1E"),
        ("-9999999999999999999.0", "-9999999999999999999", "-9999999999999999999"),
        ("9999999999999999999.0", "9999999999999999999", "9999999999999999999"),
        ("-1.0E", "-1000000000000000000", "-1E"),
        ("1.0E", "1000000000000000000", "1E"),
        ("-1000000000000000000.0", "-1000000000000000000", "-1E"),
        ("1000000000000000000.0", "1000000000000000000", "1E"),
        ("-9999999999999999999000m", "-9999999999999999999", "-9999999999999999999"),
        ("9999999999999999999000m", "9999999999999999999", "9999999999999999999"),
        ("-9999999999999999999.1", "-9999999999999999999.1", "-9999999999999999999100m"),
        ("9999999999999999999.1", "9999999999999999999.1", "9999999999999999999100m"),
        ("-1.0000000000000000001E", "-1000000000000000000.1", "-1000000000000000000100m"),
        ("1.0000000000000000001E", "1000000000000000000.1", "1000000000000000000100m"),
        ("-1000000000000000000.1", "-1000000000000000000.1", "-1000000000000000000100m"),
        ("1000000000000000000.1", "1000000000000000000.1", "1000000000000000000100m"),
        ("-1.000000000000000001E", "-1000000000000000001", "-1000000000000000001"),
        ("1.000000000000000001E", "1000000000000000001", "1000000000000000001"),
        ("-1000000000000000001", "-1000000000000000001", ""),
        ("1000000000000000001", "1000000000000000001", ""),
        ("-10E", "-10000000000000000000", ""),
        ("10E", "10000000000000000000", ""),
        ("-10000000000000000000", "-10000000000000000000", "-10E"),
        ("10000000000000000000", "10000000000000000000", "10E"),
        ("-10.0E", "-10000000000000000000", "-10E"),
        ("10.0E", "10000000000000000000", "10E"),
        ("-10000000000000000000.0", "-10000000000000000000", "-10E"),
        ("10000000000000000000.0", "10000000000000000000", "10E"),
        ("-10000000000000000000000m", "-10000000000000000000", "-10E"),
        ("10000000000000000000000m", "10000000000000000000", "10E"),
        ("-10.0000000000000000001E", "-10000000000000000000.1", "-10000000000000000000100m"),
        ("10.0000000000000000001E", "10000000000000000000.1", "10000000000000000000100m"),
        ("-10000000000000000000.1", "-10000000000000000000.1", "-10000000000000000000100m"),
        ("10000000000000000000.1", "10000000000000000000.1", "10000000000000000000100m"),
        ("-10.000000000000000001E", "-10000000000000000001", "-10000000000000000001"),
        ("10.000000000000000001E", "10000000000000000001", "10000000000000000001"),
        ("-10000000000000000001", "-10000000000000000001", ""),
        ("10000000000000000001", "10000000000000000001", ""),
        ("-9223372036854775809", "-9223372036854775809", ""),
        ("9223372036854775806", "9223372036854775806", ""),
        ("-9223372036854775809.0", "-9223372036854775809", "-9223372036854775809"),
        ("9223372036854775806.0", "9223372036854775806", "9223372036854775806"),
        ("-9223372036854775809000m", "-9223372036854775809", "-9223372036854775809"),
        ("9223372036854775806000m", "9223372036854775806", "9223372036854775806"),
        ("-9223372036854775809.1", "-9223372036854775809.1", "-9223372036854775809100m"),
        ("9223372036854775806.1", "9223372036854775806.1", "9223372036854775806100m"),
        ("-9223372036854775808", "-9223372036854775808", ""),
        ("9223372036854775807", "9223372036854775807", ""),
        ("-9223372036854775808.0", "-9223372036854775808", "-9223372036854775808"),
        ("9223372036854775807.0", "9223372036854775807", "9223372036854775807"),
        ("-9223372036854775808000m", "-9223372036854775808", "-9223372036854775808"),
        ("9223372036854775807000m", "9223372036854775807", "9223372036854775807"),
        ("-9223372036854775808.1", "-9223372036854775808.1", "-9223372036854775808100m"),
        ("9223372036854775807.1", "9223372036854775807.1", "9223372036854775807100m"),
        ("-9223372036854775807", "-9223372036854775807", ""),
        ("9223372036854775808", "9223372036854775808", ""),
        ("-9223372036854775807.0", "-9223372036854775807", "-9223372036854775807"),
        ("9223372036854775808.0", "9223372036854775808", "9223372036854775808"),
        ("-9223372036854775807000m", "-9223372036854775807", "-9223372036854775807"),
        ("9223372036854775808000m", "9223372036854775808", "9223372036854775808"),
        ("-9223372036854775807.1", "-9223372036854775807.1", "-9223372036854775807100m"),
        ("9223372036854775808.1", "9223372036854775808.1", "9223372036854775808100m"),
    ];
    for &(input, value, canonical) in table {
        let got = q(input);
        assert_eq!(got, q(value), "{input}: value");
        let want = if canonical.is_empty() { input } else { canonical };
        assert_eq!(got.to_string(), want, "{input}");
    }
    // TestMustParseNearMaxInt64: the int64-sized ones print back as given.
    for s in ["9223372036854775807", "9223372036854775806"] {
        assert_eq!(q(s).to_string(), s);
    }
}

/// TestQuantityAsApproximateFloat64 and TestStringQuantityAsApproximateFloat64
/// (the rows whose expectation is exact in binary floating point).
#[test]
fn approximate_floats() {
    let max = dq(i64::MAX as i128, 0, DEC);
    let table = [
        (dq(0, 0, DEC), 0.0),
        (dq(0, 0, EXP), 0.0),
        (dq(0, 0, BIN), 0.0),
        (dq(1, 0, DEC), 1.0),
        (dq(1024, 0, BIN), 1024.0),
        (dq(7 * 1024 * 1024, 0, BIN), 7340032.0),
        (dq(7 * 1024 * 1024, 1, BIN), 73400320.0),
        (dq(7 * 1024 * 1024, 4, DEC), 73400320000.0),
        (dq(7 * 1024 * 1024, 8, EXP), 734003200000000.0),
        (max.clone(), i64::MAX as f64),
        (max.with_format(BIN), i64::MAX as f64),
        (dq(12, 18, DEC), 1.2e19),
        (dq(12, 500, DEC), f64::INFINITY),
        (dq(-12, 500, DEC), f64::NEG_INFINITY),
    ];
    for (x, want) in table {
        assert_eq!(x.as_approximate_f64(), want, "{x:?}");
    }
    for (input, want) in [("2Ki", 2048.0), ("1.1Ki", 1126.4), ("1Mi", 1.048576e6), ("2Gi", 2.147483648e9)] {
        assert_eq!(q(input).as_approximate_f64(), want, "{input}");
    }
}
