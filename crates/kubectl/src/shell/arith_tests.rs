//! Expected values and messages are what bash 5.2 printed here for
//! `X=5 E= R="X*2" Y=abc; echo $((EXPR))` (its messages without the
//! `bash: line 1: ` prefix the caller adds).

use super::*;

fn vars(name: &str) -> Option<String> {
    match name {
        "X" => Some("5".into()),
        "E" => Some(String::new()),
        "R" => Some("X*2".into()),
        "Y" => Some("abc".into()),
        _ => None,
    }
}

fn run(expr: &str) -> Result<i64, String> {
    let mut lookup = |n: &str| vars(n);
    eval(expr, &mut lookup).map_err(|e| e.to_string())
}

#[test]
fn values_match_bash() {
    let cases: &[(&str, i64)] = &[
        ("1+2", 3),
        (" 3 * 2 ", 6),
        ("7/2", 3),
        ("-7/2", -3),
        ("-7%3", -1),
        ("7%-3", 1),
        ("2**10", 1024),
        ("2**63", -9223372036854775808),
        ("2**64", 0),
        ("-2**2", 4),
        ("2**3**2", 512),
        ("1<<3", 8),
        ("-8>>1", -4),
        ("1<<64", 1),
        ("5&3", 1),
        ("5|3", 7),
        ("5^3", 6),
        ("~5", -6),
        ("!0", 1),
        ("!7", 0),
        ("3>2", 1),
        ("3<2", 0),
        ("2<=2", 1),
        ("2>=3", 0),
        ("1==1", 1),
        ("1!=1", 0),
        ("1&&0", 0),
        ("1||0", 1),
        ("0&&1/0", 0),
        ("1||1/0", 1),
        ("1?2:3", 2),
        ("0?1/0:4", 4),
        ("(1+2)*3", 9),
        ("X+1", 6),
        ("X*X", 25),
        ("R+1", 11),
        ("Y", 0),
        ("NOPE+1", 1),
        ("E+3", 3),
        ("0x1F", 31),
        ("017", 15),
        ("2#101", 5),
        ("16#ff", 255),
        ("9223372036854775807+1", -9223372036854775808),
        ("-9223372036854775807-1", -9223372036854775808),
        ("(-9223372036854775807-1)/-1", -9223372036854775808),
        ("1,2", 2),
        (" ", 0),
        // Found by differential testing against bash 5.2: doubled signs
        // before a number are two unary operators, not ++/--.
        ("--3", 3),
        ("5--3", 8),
        ("++2", 2),
        ("1+ ++4", 5),
        ("-- 7", 7),
        ("!--3", 0),
        ("~--1", -2),
    ];
    for (expr, want) in cases {
        assert_eq!(run(expr), Ok(*want), "{expr}");
    }
}

#[test]
fn errors_match_bash() {
    let cases: &[(&str, &str)] = &[
        ("1/0", "1/0: division by 0 (error token is \"0\")"),
        // Found by differential testing: bash drops the leading blanks.
        (" 1 +", "1 +: syntax error: operand expected (error token is \"+\")"),
        (" 1/0", "1/0: division by 0 (error token is \"0\")"),
        ("\t2**-1 ", "2**-1 : exponent less than 0 (error token is \"1 \")"),
        ("5%0", "5%0: division by 0 (error token is \"0\")"),
        (
            "2**-1",
            "2**-1: exponent less than 0 (error token is \"1\")",
        ),
        (
            "1+",
            "1+: syntax error: operand expected (error token is \"+\")",
        ),
        (
            "a b",
            "a b: syntax error in expression (error token is \"b\")",
        ),
        ("09", "09: value too great for base (error token is \"09\")"),
        (
            "1 2",
            "1 2: syntax error in expression (error token is \"2\")",
        ),
        (
            "*3",
            "*3: syntax error: operand expected (error token is \"*3\")",
        ),
        (
            "1?2",
            "1?2: `:' expected for conditional expression (error token is \"2\")",
        ),
        (
            "3#4",
            "3#4: value too great for base (error token is \"3#4\")",
        ),
    ];
    for (expr, want) in cases {
        assert_eq!(run(expr), Err(want.to_string()), "{expr}");
    }
}

#[test]
fn self_reference_stops() {
    let mut lookup = |_: &str| Some("A".to_string());
    let err = eval("A", &mut lookup).unwrap_err();
    assert_eq!(err.message, "expression recursion level exceeded");
}

#[test]
fn deep_nesting_is_refused_not_overflowed() {
    for expr in [
        "(".repeat(100_000) + "1" + &")".repeat(100_000),
        "- ".repeat(100_000) + "1",
        "2**".repeat(100_000) + "1",
        "1?".repeat(50_000) + "1" + &":1".repeat(50_000),
        "0?1:".repeat(100_000) + "1",
    ] {
        let err = run(&expr).unwrap_err();
        assert!(
            err.contains("recursion level exceeded"),
            "{}",
            &err[err.len().saturating_sub(80)..]
        );
    }
}

#[test]
fn increments_and_assignments_are_refused_by_name() {
    for expr in ["i++", "++i", "i--", "X = 1", "X += 2"] {
        assert!(run(expr).unwrap_err().contains("(playground)"), "{expr}");
    }
    // `1 - -1` is no decrement.
    assert_eq!(run("1 - -1"), Ok(2));
    assert_eq!(run("1 + +1"), Ok(2));
}
