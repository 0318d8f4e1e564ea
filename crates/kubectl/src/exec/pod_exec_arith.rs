//! bash's arithmetic command, `(( EXPR ))`: the expression evaluated as
//! `$((…))` evaluates it, plus what only the command is for: assignments
//! (`x = 1`, `n += 2`, `i++`, `--i`), several of them joined by `,`. Its
//! status is 0 when the last value is not zero, 1 when it is (`((i++))`
//! with i at 0 fails, bash's well-known trap). dash has no such command
//! and busybox ash none either: both read `((` as two subshells.

use crate::shell::arith::{self, ArithError};

/// What `(( expr ))` did: its last value and the variables it set, in
/// order. `get` gives a variable's value before the command.
pub(super) fn evaluate(
    expr: &str,
    get: &mut dyn FnMut(&str) -> Option<String>,
) -> Result<(i64, Vec<(String, String)>), ArithError> {
    let mut set: Vec<(String, String)> = Vec::new();
    let mut value = 0;
    for part in split_commas(expr) {
        value = one(part.trim(), &mut set, get)?;
    }
    Ok((value, set))
}

/// The expression's top-level `,`-separated parts.
fn split_commas(expr: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (i, c) in expr.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(&expr[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&expr[start..]);
    parts
}

const COMPOUND: &[&str] = &["+=", "-=", "*=", "/=", "%="];

fn one(
    e: &str,
    set: &mut Vec<(String, String)>,
    get: &mut dyn FnMut(&str) -> Option<String>,
) -> Result<i64, ArithError> {
    let mut eval = |text: &str, set: &[(String, String)]| {
        arith::eval(text, &mut |n: &str| {
            set.iter()
                .rev()
                .find(|(k, _)| k == n)
                .map(|(_, v)| v.clone())
                .or_else(|| get(n))
        })
    };
    let name_of = |s: &str| Some(s.trim().to_string()).filter(|n| super::sh::is_name(n));
    // ++NAME, --NAME: the new value; NAME++, NAME--: the old one.
    for (op, delta) in [("++", 1i64), ("--", -1)] {
        if let Some(name) = e.strip_prefix(op).and_then(name_of) {
            let v = eval(&name, set)?.wrapping_add(delta);
            set.push((name, v.to_string()));
            return Ok(v);
        }
        if let Some(name) = e.strip_suffix(op).and_then(name_of) {
            let old = eval(&name, set)?;
            set.push((name, old.wrapping_add(delta).to_string()));
            return Ok(old);
        }
    }
    for op in COMPOUND {
        if let Some((lhs, rhs)) = e.split_once(op).and_then(|(l, r)| Some((name_of(l)?, r))) {
            let current = eval(&lhs, set)?;
            let v = eval(&format!("{current} {} ({rhs})", &op[..1]), set)?;
            set.push((lhs, v.to_string()));
            return Ok(v);
        }
    }
    if let Some((lhs, rhs)) = e
        .split_once('=')
        .filter(|(_, r)| !r.starts_with('='))
        .and_then(|(l, r)| Some((name_of(l)?, r)))
    {
        let v = eval(rhs, set)?;
        set.push((lhs, v.to_string()));
        return Ok(v);
    }
    eval(e, set)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (expression, its value, the variables it leaves set).
    type Case<'a> = (&'a str, i64, &'a [(&'a str, &'a str)]);

    /// bash 5.2's `(( EXPR )); echo $? $x $y` for x=5, y unset.
    #[test]
    fn values_and_assignments_as_bash() {
        let cases: &[Case] = &[
            ("x > 3", 1, &[]),
            ("x < 3", 0, &[]),
            ("x == 5 && y == 0", 1, &[]),
            ("0", 0, &[]),
            ("x++", 5, &[("x", "6")]),
            ("++x", 6, &[("x", "6")]),
            ("y++", 0, &[("y", "1")]),
            ("x--", 5, &[("x", "4")]),
            ("x += 2", 7, &[("x", "7")]),
            ("x *= 2 + 1", 15, &[("x", "15")]),
            ("x %= 3", 2, &[("x", "2")]),
            ("y = x * 2", 10, &[("y", "10")]),
            ("y=1, x=y+1", 2, &[("y", "1"), ("x", "2")]),
            ("x++, x", 6, &[("x", "6")]),
            ("x != 5", 0, &[]),
            ("x <= 5", 1, &[]),
        ];
        for (expr, value, set) in cases {
            let mut get = |n: &str| (n == "x").then(|| "5".to_string());
            let (got, vars) = evaluate(expr, &mut get).unwrap();
            let vars: Vec<(&str, &str)> =
                vars.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            // Only the last assignment of a name counts.
            let mut last: Vec<(&str, &str)> = Vec::new();
            for (k, v) in vars {
                last.retain(|(n, _)| *n != k);
                last.push((k, v));
            }
            assert_eq!((got, last.as_slice()), (*value, *set), "{expr}");
        }
    }

    #[test]
    fn errors_are_bashs() {
        let mut get = |_: &str| None;
        assert!(evaluate("1+", &mut get).is_err());
        assert!(evaluate("x /= 0", &mut get).is_err());
    }
}
