//! Go's float formatting (`strconv.FormatFloat` with the shortest precision,
//! and `encoding/json`'s choice between its 'f' and 'e' forms), because
//! kubectl's output, sigs.k8s.io/yaml's key conversion and the API server's
//! `%v` in messages print floats that way. The exponent comes from the
//! shortest digits, never from `log10` (libm's, which differs in wasm).

/// Shortest decimal digits and decimal-point position of a finite float:
/// `value = 0.d1d2d3… × 10^point`. Rust's `{:e}` gives the same shortest
/// round-trip digits Go's `-1` precision does.
fn digits(f: f64, bits32: bool) -> (String, i32) {
    let s = if bits32 { format!("{:e}", (f as f32).abs()) } else { format!("{:e}", f.abs()) };
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    (digits, exp + 1)
}

fn sign(f: f64) -> &'static str {
    if f.is_sign_negative() {
        "-"
    } else {
        ""
    }
}

fn fmt_e(neg: &str, d: &str, point: i32) -> String {
    let exp = if d == "0" { 0 } else { point - 1 };
    let mut out = String::from(neg);
    out.push_str(&d[..1]);
    if d.len() > 1 {
        out.push('.');
        out.push_str(&d[1..]);
    }
    out.push('e');
    out.push(if exp < 0 { '-' } else { '+' });
    out.push_str(&format!("{:02}", exp.abs()));
    out
}

fn fmt_f(neg: &str, d: &str, point: i32) -> String {
    let mut out = String::from(neg);
    if point <= 0 {
        out.push_str("0.");
        out.push_str(&"0".repeat(point.unsigned_abs() as usize));
        out.push_str(d);
    } else if point as usize >= d.len() {
        out.push_str(d);
        out.push_str(&"0".repeat(point as usize - d.len()));
    } else {
        out.push_str(&d[..point as usize]);
        out.push('.');
        out.push_str(&d[point as usize..]);
    }
    out
}

fn special(f: f64) -> Option<String> {
    if f.is_nan() {
        Some("NaN".into())
    } else if f.is_infinite() {
        Some(if f > 0.0 { "+Inf".into() } else { "-Inf".into() })
    } else {
        None
    }
}

/// `strconv.FormatFloat(f, 'g', -1, 64 or 32)`.
pub fn format_g(f: f64, bits32: bool) -> String {
    if let Some(s) = special(f) {
        return s;
    }
    let (d, point) = digits(f, bits32);
    let exp = point - 1;
    // Go uses a precision of 6 to choose %e when formatting the shortest form.
    if d != "0" && !(-4..6).contains(&exp) {
        fmt_e(sign(f), &d, point)
    } else {
        fmt_f(sign(f), &d, point)
    }
}

/// How Go's `encoding/json` writes a float64.
pub fn format_json(f: f64) -> String {
    if let Some(s) = special(f) {
        return s;
    }
    let abs = f.abs();
    let (d, point) = digits(f, false);
    if abs != 0.0 && !(1e-6..1e21).contains(&abs) {
        let s = fmt_e(sign(f), &d, point);
        // json writes e-07 as e-7.
        match s.rsplit_once("e-0") {
            Some((m, e)) if e.len() == 1 => format!("{m}e-{e}"),
            _ => s,
        }
    } else {
        fmt_f(sign(f), &d, point)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected strings are Go's strconv/encoding/json outputs.
    #[test]
    fn g_format() {
        let table: &[(f64, bool, &str)] = &[
            (1.5, false, "1.5"),
            (0.1, false, "0.1"),
            (0.1, true, "0.1"),
            (100.0, false, "100"),
            (123456.0, false, "123456"),
            (1234567.0, false, "1.234567e+06"),
            (1e6, false, "1e+06"),
            (1e20, false, "1e+20"),
            (1e21, false, "1e+21"),
            (0.0001, false, "0.0001"),
            (0.00001, false, "1e-05"),
            (-2.5, false, "-2.5"),
            (0.0, false, "0"),
            (1e10, true, "1e+10"),
            (f64::INFINITY, false, "+Inf"),
        ];
        for &(f, b, want) in table {
            assert_eq!(format_g(f, b), want, "{f}");
        }
    }

    #[test]
    fn json_format() {
        let table: &[(f64, &str)] = &[
            (1.5, "1.5"),
            (100.0, "100"),
            (1e20, "100000000000000000000"),
            (1e21, "1e+21"),
            (1e-6, "0.000001"),
            (1e-7, "1e-7"),
            (1.5e-10, "1.5e-10"),
            (-0.5, "-0.5"),
            (0.0, "0"),
        ];
        for &(f, want) in table {
            assert_eq!(format_json(f), want, "{f}");
        }
    }
}
