//! `seq`, `test`/`[`, `true`, `false` and `:` as GNU coreutils and bash
//! print them, and the argument parsing of `sleep` and `watch` (which the
//! shell runs against the cluster: see the shell module).

use super::tools::{Input, Out};

/// Most lines one `seq` prints: more is no tutorial's loop.
const MAX_SEQ: i64 = 100_000;

fn try_help(tool: &str, text: String) -> Out {
    Out::fail(
        format!("{tool}: {text}\nTry '{tool} --help' for more information.\n"),
        1,
    )
}

/// `seq [-s SEP] [-w] [FIRST [INCREMENT]] LAST`, over integers.
pub fn seq(args: &[String]) -> Out {
    let mut sep = "\n".to_string();
    let mut width = false;
    let mut nums: Vec<&str> = Vec::new();
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        // A negative number is an operand, not an option.
        if !nums.is_empty()
            || !a.starts_with('-')
            || a.len() == 1
            || a[1..].starts_with(|c: char| c.is_ascii_digit() || c == '.')
        {
            nums.push(a);
            continue;
        }
        match a.as_str() {
            "--" => {
                nums.extend(args[i..].iter().map(String::as_str));
                break;
            }
            "-w" | "--equal-width" => width = true,
            "-s" | "--separator" => match args.get(i) {
                Some(s) => {
                    sep = s.clone();
                    i += 1;
                }
                None => {
                    return try_help(
                        "seq",
                        format!("option requires an argument -- '{}'", &a[1..]),
                    )
                }
            },
            s if s.starts_with("--separator=") => sep = s["--separator=".len()..].to_string(),
            s if s.starts_with("-s") => sep = s[2..].to_string(),
            s => {
                return try_help(
                    "seq",
                    format!("invalid option -- '{}'", s.chars().nth(1).unwrap_or('-')),
                )
            }
        }
    }
    let mut values = Vec::with_capacity(3);
    for n in &nums {
        match n.parse::<i64>() {
            Ok(v) => values.push(v),
            Err(_) if n.parse::<f64>().is_ok_and(f64::is_finite) => {
                return Out::fail(
                    "seq: (playground) only whole numbers are supported\n".into(),
                    1,
                )
            }
            Err(_) => return try_help("seq", format!("invalid floating point argument: ‘{n}’")),
        }
    }
    let (first, step, last) = match values.as_slice() {
        [] => return try_help("seq", "missing operand".into()),
        [l] => (1, 1, *l),
        [f, l] => (*f, 1, *l),
        [f, s, l] => (*f, *s, *l),
        _ => return try_help("seq", format!("extra operand ‘{}’", nums[3])),
    };
    if step == 0 {
        return try_help(
            "seq",
            format!("invalid Zero increment value: ‘{}’", nums[1]),
        );
    }
    let count = if (step > 0 && first > last) || (step < 0 && first < last) {
        0
    } else {
        (i128::from(last) - i128::from(first)) / i128::from(step) + 1
    };
    if count > i128::from(MAX_SEQ) {
        return Out::fail(format!("seq: (playground) at most {MAX_SEQ} numbers\n"), 1);
    }
    let pad = if width {
        first.to_string().len().max(last.to_string().len())
    } else {
        0
    };
    let mut stdout = String::new();
    for k in 0..count as i64 {
        if k > 0 {
            stdout.push_str(&sep);
        }
        let v = first + k * step;
        if v < 0 {
            stdout.push_str(&format!(
                "-{:0>w$}",
                v.unsigned_abs(),
                w = pad.saturating_sub(1)
            ));
        } else {
            stdout.push_str(&format!("{v:0>pad$}"));
        }
    }
    if count > 0 {
        stdout.push('\n');
    }
    Out {
        stdout,
        stderr: String::new(),
        status: 0,
    }
}

/// bash's `test` and `[`, by the number of operands as POSIX specifies
/// them (strings, integers, the playground's files); `-a`, `-o` and
/// parentheses are refused.
pub fn test(name: &str, args: &[String], input: &Input) -> Out {
    let args = if name == "[" {
        match args.split_last() {
            Some((last, rest)) if last == "]" => rest,
            _ => return Out::fail("bash: [: missing `]'\n".into(), 2),
        }
    } else {
        args
    };
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    if args.iter().any(|a| matches!(*a, "-a" | "-o" | "(" | ")")) && args.len() > 3 {
        return Out::fail(format!("bash: {name}: (playground) -a, -o and ( ) are not supported: join tests with && and ||\n"), 2);
    }
    match eval_test(&args, input) {
        Ok(true) => Out::default(),
        Ok(false) => Out::fail(String::new(), 1),
        Err(e) => Out::fail(format!("bash: {name}: {e}\n"), 2),
    }
}

fn eval_test(args: &[&str], input: &Input) -> Result<bool, String> {
    match *args {
        [] => Ok(false),
        [s] => Ok(!s.is_empty()),
        ["!", ref rest @ ..] if args.len() <= 4 => eval_test(rest, input).map(|b| !b),
        [op, s] => {
            let file = || (input.read)(s);
            Ok(match op {
                "-z" => s.is_empty(),
                "-n" => !s.is_empty(),
                "-e" | "-f" | "-r" | "-w" => file().is_some(),
                "-s" => file().is_some_and(|t| !t.is_empty()),
                "-d" | "-x" | "-L" | "-h" | "-p" | "-S" | "-b" | "-c" | "-t" | "-g" | "-u"
                | "-k" | "-O" | "-G" | "-N" => false,
                _ => return Err(format!("{op}: unary operator expected")),
            })
        }
        [a, op, b] => {
            let int = |v: &str| {
                v.trim()
                    .parse::<i64>()
                    .map_err(|_| format!("{v}: integer expression expected"))
            };
            Ok(match op {
                "=" | "==" => a == b,
                "!=" => a != b,
                "<" => a < b,
                ">" => a > b,
                "-eq" => int(a)? == int(b)?,
                "-ne" => int(a)? != int(b)?,
                "-lt" => int(a)? < int(b)?,
                "-le" => int(a)? <= int(b)?,
                "-gt" => int(a)? > int(b)?,
                "-ge" => int(a)? >= int(b)?,
                _ => return Err(format!("{op}: binary operator expected")),
            })
        }
        _ => Err("too many arguments".into()),
    }
}

/// `sleep`'s operands as milliseconds: each `NUMBER[smhd]`, summed as
/// GNU sleep sums them; its error otherwise.
pub fn sleep_millis(args: &[String]) -> Result<i64, Out> {
    if args.is_empty() {
        return Err(try_help("sleep", "missing operand".into()));
    }
    let mut total = 0.0f64;
    for a in args {
        if a.starts_with('-') && a.len() > 1 && a != "--" {
            let c = a.chars().nth(1).unwrap_or('-');
            return Err(match a.as_str() {
                "--help" | "--version" => Out::fail(
                    format!("sleep: (playground) {a} is not available here\n"),
                    1,
                ),
                s if s.starts_with("--") => try_help("sleep", format!("unrecognized option '{s}'")),
                _ => try_help("sleep", format!("invalid option -- '{c}'")),
            });
        }
        if a == "--" {
            continue;
        }
        let (num, unit) = match a.char_indices().last() {
            Some((i, 's')) => (&a[..i], 1.0),
            Some((i, 'm')) => (&a[..i], 60.0),
            Some((i, 'h')) => (&a[..i], 3600.0),
            Some((i, 'd')) => (&a[..i], 86400.0),
            _ => (a.as_str(), 1.0),
        };
        let seconds = parse_number(num).filter(|v| *v >= 0.0);
        let Some(seconds) = seconds else {
            return Err(try_help("sleep", format!("invalid time interval ‘{a}’")));
        };
        total += seconds * unit;
    }
    // A year of virtual time is far past anything a cluster does unprompted.
    if !total.is_finite() || total > 365.0 * 86400.0 {
        return Err(Out::fail("sleep: (playground) sleeps of more than a year (or for ever) are not supported: the page would never come back\n".into(), 1));
    }
    Ok((total * 1000.0).round() as i64)
}

/// A number as strtod reads one: decimal with an optional exponent, or
/// `inf`/`infinity`.
fn parse_number(text: &str) -> Option<f64> {
    let lower = text.to_ascii_lowercase();
    if lower == "inf" || lower == "infinity" {
        return Some(f64::INFINITY);
    }
    let ok = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'))
        && text.starts_with(|c: char| c.is_ascii_digit() || c == '.' || c == '+');
    ok.then(|| text.parse::<f64>().ok()).flatten()
}

/// `watch [options] COMMAND…`: the command line it runs (its words joined
/// by spaces, as watch hands them to `sh -c`) and the interval, in
/// seconds as written; or watch's error.
pub fn watch_command(args: &[String]) -> Result<(String, String), Out> {
    let mut interval = "2.0".to_string();
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if !a.starts_with('-') || a == "-" {
            break;
        }
        i += 1;
        match a.as_str() {
            "--" => break,
            "-n" | "--interval" => match args.get(i) {
                Some(v) => {
                    interval = v.clone();
                    i += 1;
                }
                None => {
                    return Err(Out::fail(
                        format!(
                            "watch: option requires an argument -- '{}'\n",
                            a.trim_start_matches('-').chars().next().unwrap_or('n')
                        ),
                        1,
                    ))
                }
            },
            s if s.starts_with("--interval=") => interval = s["--interval=".len()..].to_string(),
            s if s.starts_with("-n") => interval = s[2..].to_string(),
            // -d, -t, -c, -x, -e, -b, -g, -p, -w: how the screen is drawn.
            _ => {}
        }
    }
    let rest = &args[i.min(args.len())..];
    if rest.is_empty() {
        return Err(Out::fail("\nUsage:\n watch [options] command\n".into(), 1));
    }
    Ok((rest.join(" "), interval))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    // Expected outputs are what GNU coreutils 9.1's seq printed here.
    #[test]
    fn seq_matches_coreutils() {
        let cases: &[(&[&str], &str, &str)] = &[
            (&["3"], "1\n2\n3\n", ""),
            (&["2", "4"], "2\n3\n4\n", ""),
            (&["1", "2", "7"], "1\n3\n5\n7\n", ""),
            (&["3", "-1", "1"], "3\n2\n1\n", ""),
            (&["5", "1"], "", ""),
            (&["0"], "", ""),
            (&["-2", "0"], "-2\n-1\n0\n", ""),
            (&["-s", ",", "3"], "1,2,3\n", ""),
            (&["-s,", "3"], "1,2,3\n", ""),
            (&["-w", "8", "10"], "08\n09\n10\n", ""),
            (&["-w", "-5", "5", "5"], "-5\n00\n05\n", ""),
            (&[], "", "seq: missing operand\nTry 'seq --help' for more information.\n"),
            (&["x"], "", "seq: invalid floating point argument: ‘x’\nTry 'seq --help' for more information.\n"),
            (&["1", "0", "3"], "", "seq: invalid Zero increment value: ‘0’\nTry 'seq --help' for more information.\n"),
            (&["1", "2", "3", "4"], "", "seq: extra operand ‘4’\nTry 'seq --help' for more information.\n"),
        ];
        for (args, stdout, stderr) in cases {
            let out = seq(&v(args));
            assert_eq!(
                (out.stdout.as_str(), out.stderr.as_str()),
                (*stdout, *stderr),
                "{args:?}"
            );
            assert_eq!(out.status, i32::from(!stderr.is_empty()), "{args:?}");
        }
        assert!(seq(&v(&["1000000000"])).stderr.contains("(playground)"));
    }

    // Errors are GNU sleep's (coreutils 9.1) for the same operands.
    #[test]
    fn sleep_reads_durations_as_gnu_sleep() {
        assert_eq!(sleep_millis(&v(&["10"])), Ok(10_000));
        assert_eq!(sleep_millis(&v(&["1.5"])), Ok(1_500));
        assert_eq!(sleep_millis(&v(&["2m", "30s"])), Ok(150_000));
        assert_eq!(sleep_millis(&v(&["1h"])), Ok(3_600_000));
        assert_eq!(sleep_millis(&v(&["0.5d"])), Ok(43_200_000));
        assert_eq!(sleep_millis(&v(&["1e-1"])), Ok(100));
        assert_eq!(sleep_millis(&v(&[".25"])), Ok(250));
        let err = |args: &[&str]| sleep_millis(&v(args)).unwrap_err().stderr;
        assert_eq!(
            err(&[]),
            "sleep: missing operand\nTry 'sleep --help' for more information.\n"
        );
        assert_eq!(
            err(&["x"]),
            "sleep: invalid time interval ‘x’\nTry 'sleep --help' for more information.\n"
        );
        assert_eq!(
            err(&["1x"]),
            "sleep: invalid time interval ‘1x’\nTry 'sleep --help' for more information.\n"
        );
        assert_eq!(
            err(&["-1"]),
            "sleep: invalid option -- '1'\nTry 'sleep --help' for more information.\n"
        );
        assert!(err(&["infinity"]).contains("(playground)"));
        assert!(err(&["400d"]).contains("(playground)"));
    }

    // Statuses and messages are bash 5.2's (its `line 1: ` aside).
    #[test]
    fn test_and_brackets_match_bash() {
        let files = |n: &str| (n == "pods.txt").then(|| "x".to_string());
        let input = Input {
            stdin: "",
            read: &files,
        };
        let cases: &[(&str, &[&str], i32, &str)] = &[
            ("[", &["a", "=", "a", "]"], 0, ""),
            ("[", &["a", "!=", "a", "]"], 1, ""),
            ("[", &["-z", "", "]"], 0, ""),
            ("[", &["-n", "", "]"], 1, ""),
            ("[", &["3", "-gt", "2", "]"], 0, ""),
            (
                "[",
                &["x", "-gt", "2", "]"],
                2,
                "bash: [: x: integer expression expected\n",
            ),
            ("[", &["a", "=", "a"], 2, "bash: [: missing `]'\n"),
            ("[", &["]"], 1, ""),
            ("[", &["abc", "]"], 0, ""),
            ("[", &["!", "-z", "x", "]"], 0, ""),
            ("test", &["1", "-eq", "1"], 0, ""),
            (
                "[",
                &["a", "b", "]"],
                2,
                "bash: [: a: unary operator expected\n",
            ),
            (
                "[",
                &["a", "=", "]"],
                2,
                "bash: [: a: unary operator expected\n",
            ),
            ("[", &["-x", "]"], 0, ""),
            ("[", &["5", "-le", "5", "]"], 0, ""),
            ("[", &["", "]"], 1, ""),
            ("[", &["a", "==", "a", "]"], 0, ""),
            (
                "[",
                &["a", "b", "c", "d", "]"],
                2,
                "bash: [: too many arguments\n",
            ),
            ("[", &["1", "-eq", " 1 ", "]"], 0, ""),
            (
                "[",
                &["99999999999999999999", "-eq", "1", "]"],
                2,
                "bash: [: 99999999999999999999: integer expression expected\n",
            ),
            ("[", &["-f", "nofile", "]"], 1, ""),
            ("[", &["-f", "pods.txt", "]"], 0, ""),
        ];
        for (name, args, status, stderr) in cases {
            let out = test(name, &v(args), &input);
            assert_eq!(
                (out.status, out.stderr.as_str()),
                (*status, *stderr),
                "{name} {args:?}"
            );
        }
        assert!(test(
            "[",
            &v(&["1", "-eq", "1", "-a", "2", "-eq", "2", "]"]),
            &input
        )
        .stderr
        .contains("(playground)"));
    }

    #[test]
    fn watch_takes_its_options_off() {
        assert_eq!(
            watch_command(&v(&["kubectl", "get", "pods"])),
            Ok(("kubectl get pods".into(), "2.0".into()))
        );
        assert_eq!(
            watch_command(&v(&["-n", "5", "-d", "kubectl get pods | grep web"])),
            Ok(("kubectl get pods | grep web".into(), "5".into()))
        );
        assert_eq!(
            watch_command(&v(&["-n1", "kubectl", "top", "pods"])),
            Ok(("kubectl top pods".into(), "1".into()))
        );
        assert!(watch_command(&v(&["-n"])).is_err());
        assert!(watch_command(&v(&[])).is_err());
    }
}
