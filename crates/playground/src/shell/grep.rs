//! GNU grep over the model's regex engine: selection (`-i -v -w -x`),
//! output modes (`-c -l -L -o -q`), line numbers, file names and context
//! lines with their `--` separators, and grep's exit statuses (0 selected,
//! 1 none, 2 trouble). `-P` reads the pattern as ECMA's syntax, which
//! PCRE's common patterns share, plus PCRE's `\K` at the top level; the
//! engine's matches are the leftmost-longest, not PCRE's leftmost-first.

use super::args::{self, usage_error, Long};
use super::tools::{lines, Input, Out};
use kubeplay_model::regex::{Options, Regex, Syntax};

const LONGS: &[Long] = &[
    ("ignore-case", 'i', None),
    ("no-ignore-case", 'I', None),
    ("invert-match", 'v', None),
    ("count", 'c', None),
    ("line-number", 'n', None),
    ("only-matching", 'o', None),
    ("word-regexp", 'w', None),
    ("line-regexp", 'x', None),
    ("extended-regexp", 'E', None),
    ("fixed-strings", 'F', None),
    ("basic-regexp", 'G', None),
    ("perl-regexp", 'P', None),
    ("regexp", 'e', Some(true)),
    ("quiet", 'q', None),
    ("silent", 'q', None),
    ("no-messages", 's', None),
    ("after-context", 'A', Some(true)),
    ("before-context", 'B', Some(true)),
    ("context", 'C', Some(true)),
    ("max-count", 'm', Some(true)),
    ("color", 'K', Some(false)),
    ("colour", 'K', Some(false)),
    ("no-filename", 'h', None),
    ("with-filename", 'H', None),
    ("files-with-matches", 'l', None),
    ("files-without-match", 'L', None),
    ("text", 'a', None),
    ("recursive", 'r', None),
    ("dereference-recursive", 'R', None),
];

#[derive(Default)]
struct Flags {
    invert: bool,
    count: bool,
    numbers: bool,
    only: bool,
    quiet: bool,
    names: Option<bool>,
    list: Option<bool>,
    after: usize,
    before: usize,
    max: Option<usize>,
}

/// GNU grep takes any count of digits, clamping one past `intmax_t` to its
/// maximum, so `-A 9999999999` (a common "all the rest") is accepted on
/// wasm32 too, where `usize` has 32 bits.
fn context_arg(v: &str) -> Result<usize, String> {
    let digits = v.strip_prefix('+').unwrap_or(v);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("grep: {v}: invalid context length argument\n"));
    }
    Ok(digits.parse().unwrap_or(usize::MAX))
}

/// A pattern's `\K` at its top level: the text before and after it;
/// None without one, Err for one the rewrite cannot take (inside a group
/// or class, beside a top-level `|`, or a second one).
fn split_keep(p: &str) -> Result<Option<(String, String)>, ()> {
    let chars: Vec<char> = p.chars().collect();
    let (mut depth, mut class, mut alternative) = (0usize, false, false);
    let mut at = None;
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '\\' if chars.get(i + 1) == Some(&'K') => {
                if depth > 0 || class || at.is_some() {
                    return Err(());
                }
                at = Some(i);
                i += 2;
                continue;
            }
            '\\' => {
                i += 2;
                continue;
            }
            '[' if !class => class = true,
            ']' if class => class = false,
            '(' if !class => depth += 1,
            ')' if !class => depth = depth.saturating_sub(1),
            '|' if !class && depth == 0 => alternative = true,
            _ => {}
        }
        i += 1;
    }
    match at {
        Some(_) if alternative => Err(()),
        Some(k) => Ok(Some((chars[..k].iter().collect(), chars[k + 2..].iter().collect()))),
        None => Ok(None),
    }
}

pub fn grep(name: &str, args: &[String], input: &Input) -> Out {
    let mut syntax = match name {
        "egrep" => Syntax::Extended,
        "fgrep" => Syntax::Fixed,
        _ => Syntax::Basic,
    };
    let parsed = match args::parse("grep", args, "iyIvcnowxEFGPe:qsA:B:C:m:hHlLarR", LONGS) {
        Ok(p) => p,
        Err(e) => return Out::fail(e, 2),
    };
    let mut opts = Options::default();
    let mut f = Flags::default();
    let mut patterns: Vec<String> = Vec::new();
    let mut explicit = false;
    let mut perl = false;
    for (c, v) in &parsed.opts {
        let v = v.clone().unwrap_or_default();
        let n = match c {
            'A' | 'B' | 'C' => match context_arg(&v) {
                Ok(n) => n,
                Err(e) => return Out::fail(e, 2),
            },
            _ => 0,
        };
        match c {
            'i' | 'y' => opts.ignore_case = true,
            'I' => opts.ignore_case = false,
            'v' => f.invert = true,
            'c' => f.count = true,
            'n' => f.numbers = true,
            'o' => f.only = true,
            'w' => opts.whole_word = true,
            'x' => opts.whole_line = true,
            'E' => syntax = Syntax::Extended,
            'F' => syntax = Syntax::Fixed,
            'G' => syntax = Syntax::Basic,
            // PCRE's common ground with ECMA's syntax; `\K` below.
            'P' => {
                syntax = Syntax::Ecma;
                perl = true;
            }
            'r' | 'R' => return Out::fail("grep: (playground) there are no directories to search here; pipe a command's output into grep\n".into(), 2),
            'e' => {
                patterns.push(v);
                explicit = true;
            }
            'q' => f.quiet = true,
            'A' => f.after = n,
            'B' => f.before = n,
            'C' => (f.after, f.before) = (n, n),
            'm' => match v.parse::<i64>() {
                Ok(m) => f.max = usize::try_from(m).ok(),
                Err(_) => return Out::fail("grep: invalid max count\n".into(), 2),
            },
            'h' => f.names = Some(false),
            'H' => f.names = Some(true),
            'l' => f.list = Some(true),
            'L' => f.list = Some(false),
            _ => {}
        }
    }
    let mut operands = parsed.operands;
    if !explicit {
        if operands.is_empty() {
            return Out::fail(usage_error("grep", "").replacen("grep: \n", "", 1), 2);
        }
        patterns.push(operands.remove(0));
    }
    // A newline separates patterns, as several -e do.
    let mut split: Vec<String> = patterns.iter().flat_map(|p| p.split('\n')).map(str::to_string).collect();
    // `\K` keeps what matched before it out of what -o prints: that part
    // becomes group 1, whose end starts the printed text.
    let mut keep = false;
    if perl {
        if split.len() != 1 {
            return Out::fail("grep: the -P option only supports a single pattern\n".into(), 2);
        }
        match split_keep(&split[0]) {
            Ok(Some((before, after))) => {
                split[0] = format!("({before}){after}");
                keep = true;
            }
            Ok(None) => {}
            Err(()) => return Out::fail("grep: (playground) \\K is supported only once, outside groups, classes and alternatives\n".into(), 2),
        }
    }
    let split: Vec<&str> = split.iter().map(String::as_str).collect();
    let re = match Regex::with_options(&split, syntax, opts) {
        Ok(re) => re,
        Err(e) => return Out::fail(format!("grep: {e}\n"), 2),
    };
    let mut out = Out::default();
    for w in re.warnings() {
        out.stderr.push_str(&format!("grep: {w}\n"));
    }
    let mut files: Vec<(String, String)> = Vec::new();
    if operands.is_empty() {
        files.push(("(standard input)".into(), input.stdin.to_string()));
    }
    let mut trouble = false;
    for name in &operands {
        if name == "-" {
            files.push(("(standard input)".into(), input.stdin.to_string()));
            continue;
        }
        match (input.read)(name) {
            Some(text) => files.push((name.clone(), text)),
            None => {
                trouble = true;
                if !parsed.opts.iter().any(|o| o.0 == 's') {
                    out.stderr
                        .push_str(&format!("grep: {name}: No such file or directory\n"));
                }
            }
        }
    }
    let show_names = f.names.unwrap_or(operands.len() > 1);
    let mut selected_any = false;
    let mut printed_any = false;
    for (name, text) in &files {
        let prefix = |sep: char, n: usize| -> String {
            let mut p = String::new();
            if show_names {
                p.push_str(name);
                p.push(sep);
            }
            if f.numbers {
                p.push_str(&n.to_string());
                p.push(sep);
            }
            p
        };
        let all = lines(text);
        let mut count = 0usize;
        let mut last_printed: Option<usize> = None;
        let mut after_left = 0usize;
        let mut stopped = false;
        let mut body = String::new();
        for (i, line) in all.iter().enumerate() {
            let selected = !stopped && re.is_match(line) != f.invert;
            if selected {
                count += 1;
                selected_any = true;
                if f.quiet {
                    return Out { status: 0, ..out };
                }
                if f.count || f.list.is_some() {
                    if f.max.is_some_and(|m| count >= m) {
                        break;
                    }
                    continue;
                }
                if !f.only {
                    let from = i
                        .saturating_sub(f.before)
                        .max(last_printed.map_or(0, |l| l + 1));
                    if (f.before > 0 || f.after > 0)
                        && printed_any
                        && last_printed.is_none_or(|l| from > l + 1)
                    {
                        body.push_str("--\n");
                    }
                    for (j, ctx) in all.iter().enumerate().take(i).skip(from) {
                        body.push_str(&prefix('-', j + 1));
                        body.push_str(ctx);
                        body.push('\n');
                    }
                    body.push_str(&prefix(':', i + 1));
                    body.push_str(line);
                    body.push('\n');
                    printed_any = true;
                } else if !f.invert {
                    let mut at = 0;
                    while let Some((s, e)) = re.find_at(line, at) {
                        let shown = if keep { re.captures_at(line, at).and_then(|c| c.get(1).copied().flatten()).map_or(s, |(_, k)| k) } else { s };
                        if e > s {
                            if e > shown {
                                body.push_str(&prefix(':', i + 1));
                                body.push_str(&line[shown..e]);
                                body.push('\n');
                            }
                            at = e;
                        } else {
                            match line[e..].chars().next() {
                                Some(c) => at = e + c.len_utf8(),
                                None => break,
                            }
                        }
                    }
                }
                last_printed = Some(i);
                after_left = f.after;
                if f.max.is_some_and(|m| count >= m) {
                    stopped = true;
                }
            } else if after_left > 0 && !f.only {
                body.push_str(&prefix('-', i + 1));
                body.push_str(line);
                body.push('\n');
                last_printed = Some(i);
                after_left -= 1;
            } else if stopped {
                break;
            }
        }
        match f.list {
            Some(with) if with == (count > 0) => {
                out.stdout.push_str(name);
                out.stdout.push('\n');
            }
            Some(_) => {}
            None if f.count => {
                if show_names {
                    out.stdout.push_str(name);
                    out.stdout.push(':');
                }
                out.stdout.push_str(&format!("{count}\n"));
            }
            None => out.stdout.push_str(&body),
        }
    }
    out.status = if trouble && !(f.quiet && selected_any) {
        2
    } else if selected_any {
        0
    } else {
        1
    };
    out
}

#[cfg(test)]
mod context_tests {
    use super::context_arg;

    #[test]
    fn context_counts_as_gnu_grep_reads_them() {
        assert_eq!(context_arg("3"), Ok(3));
        assert_eq!(context_arg("+2"), Ok(2));
        assert_eq!(context_arg("9999999999"), Ok(usize::try_from(9_999_999_999u64).unwrap_or(usize::MAX)));
        assert_eq!(context_arg("99999999999999999999"), Ok(usize::MAX));
        for bad in ["-1", "x", "", "1x"] {
            assert_eq!(context_arg(bad), Err(format!("grep: {bad}: invalid context length argument\n")));
        }
    }
}

#[cfg(test)]
mod perl_tests {
    use super::{grep, split_keep};
    use crate::shell::tools::Input;

    fn run(args: &[&str], stdin: &str) -> (String, String, i32) {
        let read = |_: &str| None;
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let out = grep("grep", &args, &Input { stdin, read: &read });
        (out.stdout, out.stderr, out.status)
    }

    // GNU grep 3.8 -P on a pod's YAML, and its \K cases.
    #[test]
    fn perl_patterns_and_keep() {
        let yaml = "  hostIP: 172.18.0.3\n  hostIPs:\n  - ip: 172.18.0.3\n  podIP: 10.244.1.2\n  podIPs:\n  - ip: 10.244.1.2\n";
        let cases: &[(&[&str], &str, &str, i32)] = &[
            (&["-oP", r"ip: \K.*"], yaml, "172.18.0.3\n10.244.1.2\n", 0),
            (&["-oP", r"podIP: \K[\d.]+"], yaml, "10.244.1.2\n", 0),
            (&["-P", r"podIP: \K\d+"], yaml, "  podIP: 10.244.1.2\n", 0),
            (&["-cP", r"\bip\b"], yaml, "2\n", 0),
            // The line is selected though -o prints nothing of it.
            (&["-oP", r"a\K"], "abc\n", "", 0),
        ];
        for (args, stdin, want, status) in cases {
            let (out, err, st) = run(args, stdin);
            assert_eq!((out.as_str(), st), (*want, *status), "{args:?} {err}");
        }
        assert_eq!(split_keep(r"a\Kb"), Ok(Some(("a".into(), "b".into()))));
        assert_eq!(split_keep(r"a\\Kb"), Ok(None));
        assert_eq!(split_keep(r"[\K]"), Err(()));
        for bad in [r"(a\Kb)", r"a\Kb|c", r"a\Kb\Kc"] {
            assert_eq!(split_keep(bad), Err(()), "{bad}");
            let (_, err, st) = run(&["-P", bad], "ab\n");
            assert!(st == 2 && err.contains("(playground)"), "{bad}: {err}");
        }
        assert_eq!(run(&["-P", "-e", "a", "-e", "b"], "ab\n"), (String::new(), "grep: the -P option only supports a single pattern\n".into(), 2));
    }
}
