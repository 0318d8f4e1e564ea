//! The text tools a pipe can feed, printing what bash's builtins and GNU
//! coreutils print (in the C.UTF-8 locale: byte order, ASCII classes).

use super::args::{self, usage_error, Long};
use super::{awk, grep};
use std::collections::{BTreeMap, BTreeSet};

/// What a tool reads: standard input, and the playground's files for
/// file operands.
pub struct Input<'a> {
    pub stdin: &'a str,
    pub read: &'a dyn Fn(&str) -> Option<String>,
}

/// What a tool printed, and its exit status.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Out {
    pub stdout: String,
    pub stderr: String,
    pub status: i32,
}

impl Out {
    pub fn fail(stderr: String, status: i32) -> Out {
        Out {
            stdout: String::new(),
            stderr,
            status,
        }
    }
}

/// The tools, for completion after a pipe.
pub const TOOLS: &[&str] = &[
    "awk", "base64", "cat", "column", "cut", "echo", "egrep", "false", "fgrep", "grep", "head",
    "less", "more", "printf", "sed", "seq", "sleep", "sort", "tail", "test", "tr", "true", "uniq", "watch",
    "wc",
];

/// Runs `argv` if its program is one of the tools.
pub fn run(argv: &[String], input: &Input) -> Option<Out> {
    let (name, args) = argv.split_first()?;
    Some(match name.as_str() {
        "echo" => echo(args),
        "printf" => printf(args),
        "cat" | "less" | "more" => cat(name, args, input),
        "grep" | "egrep" | "fgrep" => grep::grep(name, args, input),
        "head" | "tail" => head_tail(name, args, input),
        "wc" => wc(args, input),
        "sort" => sort(args, input),
        "uniq" => uniq(args, input),
        "cut" => cut(args, input),
        "tr" => tr(args, input),
        "column" => column(args, input),
        "base64" => base64(args, input),
        "awk" | "gawk" | "mawk" => awk::awk(name, args, input),
        "ls" => super::files::ls(args, input),
        "seq" => super::extra::seq(args),
        "sed" => super::sed::sed(args, input),
        "test" | "[" => super::extra::test(name, args, input),
        "true" | ":" => Out::default(),
        // In a pipe bash runs read in a subshell: what it reads is lost.
        "read" if input.stdin.contains('\n') => Out::default(),
        "read" => Out::fail("read: (playground) there is no keyboard input to read here: pipe lines into a loop (… | while read l; do …; done)\n".into(), 1),
        "false" => Out::fail(String::new(), 1),
        _ => return None,
    })
}

/// The text of the operands (standard input when there are none, or for
/// `-`); a missing file is reported in `tool`'s words.
pub fn read_inputs(tool: &str, operands: &[String], input: &Input, out: &mut Out) -> String {
    if operands.is_empty() {
        return input.stdin.to_string();
    }
    let mut text = String::new();
    for name in operands {
        if name == "-" {
            text.push_str(input.stdin);
            continue;
        }
        let file = if name.ends_with('/') { None } else { (input.read)(name) };
        match file {
            Some(t) => text.push_str(&t),
            None => {
                // A name ending in `/` reads a directory's listing (see files.rs).
                let dir = (input.read)(&format!("{}/", name.trim_end_matches('/'))).is_some();
                let why = if dir { "Is a directory" } else { "No such file or directory" };
                out.stderr.push_str(&format!("{tool}: {name}: {why}\n"));
                out.status = if tool == "grep" { 2 } else { 1 };
            }
        }
    }
    text
}

/// Lines without their terminators; a last line without one counts.
pub fn lines(text: &str) -> Vec<&str> {
    text.split_inclusive('\n')
        .map(|l| l.strip_suffix('\n').unwrap_or(l))
        .collect()
}

fn echo(args: &[String]) -> Out {
    let (mut newline, mut escapes) = (true, false);
    let mut rest = args;
    // bash takes leading words made only of n, e and E as options.
    while let Some((first, tail)) = rest.split_first() {
        let flags = first
            .strip_prefix('-')
            .filter(|f| !f.is_empty() && f.chars().all(|c| "neE".contains(c)));
        let Some(flags) = flags else { break };
        for c in flags.chars() {
            match c {
                'n' => newline = false,
                'e' => escapes = true,
                _ => escapes = false,
            }
        }
        rest = tail;
    }
    let mut text = rest.join(" ");
    if escapes {
        let (t, stop) = backslash_escapes(&text, true);
        text = t;
        if stop {
            newline = false;
        }
    }
    if newline {
        text.push('\n');
    }
    Out {
        stdout: text,
        ..Out::default()
    }
}

/// Expands `\n`-style escapes as `echo -e` and printf's format do; true
/// when a `\c` asked to stop there.
fn backslash_escapes(s: &str, echo: bool) -> (String, bool) {
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(e) = chars.next() else {
            out.push('\\');
            break;
        };
        match e {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            'a' => out.push('\u{7}'),
            'b' => out.push('\u{8}'),
            'f' => out.push('\u{c}'),
            'v' => out.push('\u{b}'),
            'e' | 'E' => out.push('\u{1b}'),
            '\\' => out.push('\\'),
            '"' if !echo => out.push('"'),
            '\'' if !echo => out.push('\''),
            'c' => return (out, true),
            '0'..='7' => {
                // echo's octal is \0NNN; printf's is \NNN.
                let mut v = if echo && e == '0' {
                    0
                } else {
                    e.to_digit(8).unwrap_or(0)
                };
                let max = if echo && e == '0' { 3 } else { 2 };
                for _ in 0..max {
                    match chars.peek().and_then(|d| d.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                if echo && e != '0' {
                    out.push('\\');
                    out.push(e);
                    continue;
                }
                out.push(char::from_u32(v & 0xff).unwrap_or('?'));
            }
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
    (out, false)
}

fn printf(args: &[String]) -> Out {
    let Some((format, mut rest)) = args.split_first() else {
        return Out::fail(
            "printf: usage: printf [-v var] format [arguments]\n".into(),
            2,
        );
    };
    let mut out = Out::default();
    loop {
        let used = printf_once(format, &mut rest, &mut out);
        if rest.is_empty() || used == 0 || out.status == 2 {
            break;
        }
    }
    out
}

/// One pass of printf's format; how many arguments it consumed.
pub fn printf_once(format: &str, args: &mut &[String], out: &mut Out) -> usize {
    let mut used = 0;
    let mut next = |args: &mut &[String]| -> Option<String> {
        let (first, tail) = args.split_first()?;
        *args = tail;
        used += 1;
        Some(first.clone())
    };
    let chars: Vec<char> = format.chars().collect();
    let mut i = 0;
    let mut literal = String::new();
    while i < chars.len() {
        let c = chars[i];
        if c == '\\' {
            let mut j = i + 1;
            if j < chars.len() {
                j += 1;
                while j < chars.len()
                    && j < i + 4
                    && chars[i + 1].is_digit(8)
                    && chars[j].is_digit(8)
                {
                    j += 1;
                }
            }
            let esc: String = chars[i..j].iter().collect();
            literal.push_str(&backslash_escapes(&esc, false).0);
            i = j;
            continue;
        }
        if c != '%' {
            literal.push(c);
            i += 1;
            continue;
        }
        if chars.get(i + 1) == Some(&'%') {
            literal.push('%');
            i += 2;
            continue;
        }
        let mut j = i + 1;
        while j < chars.len() && "-+ #0".contains(chars[j]) {
            j += 1;
        }
        while j < chars.len() && (chars[j].is_ascii_digit() || chars[j] == '.') {
            j += 1;
        }
        let spec: String = chars[i + 1..j].iter().collect();
        let Some(&conv) = chars.get(j) else {
            out.stdout.push_str(&literal);
            out.stderr.push_str(&format!(
                "bash: printf: `{}': missing format character\n",
                chars[i..].iter().collect::<String>()
            ));
            out.status = 1;
            return used;
        };
        i = j + 1;
        let arg = next(args).unwrap_or_default();
        let left = spec.contains('-');
        let (width, precision) = match spec
            .trim_start_matches(['-', '+', ' ', '#', '0'])
            .split_once('.')
        {
            Some((w, p)) => (
                w.parse::<usize>().unwrap_or(0),
                Some(p.parse::<usize>().unwrap_or(0)),
            ),
            None => (
                spec.trim_start_matches(['-', '+', ' ', '#', '0'])
                    .parse::<usize>()
                    .unwrap_or(0),
                None,
            ),
        };
        let body = match conv {
            's' => match precision {
                Some(p) => arg.chars().take(p).collect(),
                None => arg,
            },
            'b' => backslash_escapes(&arg, true).0,
            'c' => arg.chars().next().map(String::from).unwrap_or_default(),
            'd' | 'i' | 'u' | 'x' | 'X' | 'o' => {
                let num = |s: &str| {
                    s.parse::<i64>().ok().or_else(|| {
                        s.strip_prefix(['\'', '"'])
                            .and_then(|r| r.chars().next())
                            .map(|c| c as i64)
                    })
                };
                let t = arg.trim_start();
                // bash prints the number before trailing blanks yet calls the
                // argument invalid; blanks alone are not 0 either.
                let (n, valid) = match num(t) {
                    _ if arg.is_empty() => (0, true),
                    Some(n) => (n, true),
                    None => (num(t.trim_end()).unwrap_or(0), false),
                };
                if !valid {
                    out.stderr
                        .push_str(&format!("bash: printf: {arg}: invalid number\n"));
                    out.status = 1;
                }
                // Unsigned conversions print a negative number's 64-bit
                // two's complement, as bash does.
                let (sign, digits) = match conv {
                    'x' => ("", format!("{:x}", n as u64)),
                    'X' => ("", format!("{:X}", n as u64)),
                    'o' => ("", format!("{:o}", n as u64)),
                    'u' => ("", (n as u64).to_string()),
                    _ => (if n < 0 { "-" } else { "" }, n.unsigned_abs().to_string()),
                };
                let zeros = if spec.contains('0') && !left {
                    width.saturating_sub(digits.len() + sign.len())
                } else {
                    0
                };
                format!("{sign}{}{digits}", "0".repeat(zeros))
            }
            _ => {
                out.stdout.push_str(&literal);
                out.stderr.push_str(&format!(
                    "bash: printf: `{conv}': invalid format character\n"
                ));
                out.status = 1;
                return used;
            }
        };
        literal.push_str(&pad(&body, width, left));
    }
    out.stdout.push_str(&literal);
    used
}

fn pad(s: &str, width: usize, left: bool) -> String {
    let n = s.chars().count();
    if n >= width {
        return s.to_string();
    }
    let fill = " ".repeat(width - n);
    if left {
        format!("{s}{fill}")
    } else {
        format!("{fill}{s}")
    }
}

fn cat(name: &str, args: &[String], input: &Input) -> Out {
    let (shorts, longs): (&str, &[Long]) = match name {
        "cat" => ("nAbeEstTuv", &[("number", 'n', None)]),
        // The pager's display options change nothing without a terminal.
        _ => ("RSFXirEeNnsKMmQqcdfw", &[]),
    };
    let parsed = match args::parse(name, args, shorts, longs) {
        Ok(p) => p,
        Err(e) => return Out::fail(e, if name == "cat" { 1 } else { 2 }),
    };
    let mut out = Out::default();
    let text = read_inputs(name, &parsed.operands, input, &mut out);
    if name == "cat" && parsed.opts.iter().any(|o| o.0 == 'n') {
        for (i, line) in text.split_inclusive('\n').enumerate() {
            out.stdout.push_str(&format!("{:>6}\t{line}", i + 1));
        }
    } else {
        out.stdout.push_str(&text);
    }
    out
}

/// A line count as head and tail read it: `5`, `-5` (all but), `+5` (from).
fn count_arg(tool: &str, v: &str, what: &str) -> Result<(i64, bool), String> {
    let plus = v.starts_with('+');
    let n: i64 = v
        .trim_start_matches('+')
        .parse()
        .map_err(|_| format!("{tool}: invalid number of {what}: ‘{v}’\n"))?;
    Ok((n, plus))
}

fn head_tail(name: &str, args: &[String], input: &Input) -> Out {
    let head = name == "head";
    // The obsolete `head -5` form, which GNU still takes as the first argument.
    let mut args = args.to_vec();
    if let Some(first) = args.first() {
        if first.len() > 1
            && first.starts_with('-')
            && first[1..].chars().all(|c| c.is_ascii_digit())
        {
            args[0] = format!("-n{}", &first[1..]);
        }
    }
    let longs: &[Long] = &[
        ("lines", 'n', Some(true)),
        ("bytes", 'c', Some(true)),
        ("quiet", 'q', None),
        ("silent", 'q', None),
        ("follow", 'f', Some(false)),
    ];
    let parsed = match args::parse(
        name,
        &args,
        if head { "n:c:qvz" } else { "n:c:qvzfF" },
        longs,
    ) {
        Ok(p) => p,
        Err(e) => return Out::fail(e, 1),
    };
    let mut lines_n: (i64, bool) = (10, false);
    let mut bytes: Option<(i64, bool)> = None;
    for (c, v) in &parsed.opts {
        let v = v.clone().unwrap_or_default();
        match c {
            'n' => match count_arg(name, &v, "lines") {
                Ok(n) => lines_n = n,
                Err(e) => return Out::fail(e, 1),
            },
            'c' => match count_arg(name, &v, "bytes") {
                Ok(n) => bytes = Some(n),
                Err(e) => return Out::fail(e, 1),
            },
            'f' | 'F' => return Out::fail(format!("{name}: (playground) -f would wait for more output forever; the terminal runs each line to the end\n"), 1),
            _ => {}
        }
    }
    let mut out = Out::default();
    let text = read_inputs(name, &parsed.operands, input, &mut out);
    if let Some((n, plus)) = bytes {
        let b = text.as_bytes();
        let len = b.len() as i64;
        let (from, to) = match (head, n < 0, plus) {
            (true, false, _) => (0, n.min(len)),
            (true, true, _) => (0, (len + n).max(0)),
            (false, _, true) => ((n - 1).clamp(0, len), len),
            (false, _, false) => ((len - n.abs()).max(0), len),
        };
        out.stdout
            .push_str(&String::from_utf8_lossy(&b[from as usize..to as usize]));
        return out;
    }
    let all: Vec<&str> = text.split_inclusive('\n').collect();
    let len = all.len() as i64;
    let (n, plus) = lines_n;
    let (from, to) = match (head, n < 0, plus) {
        (true, false, _) => (0, n.min(len)),
        (true, true, _) => (0, (len + n).max(0)),
        (false, _, true) => ((n - 1).clamp(0, len), len),
        (false, _, false) => ((len - n.abs()).max(0), len),
    };
    out.stdout
        .extend(all[from as usize..to as usize].iter().copied());
    out
}

fn wc(args: &[String], input: &Input) -> Out {
    let longs: &[Long] = &[
        ("lines", 'l', None),
        ("words", 'w', None),
        ("bytes", 'c', None),
        ("chars", 'm', None),
        ("max-line-length", 'L', None),
    ];
    let parsed = match args::parse("wc", args, "lwcmL", longs) {
        Ok(p) => p,
        Err(e) => return Out::fail(e, 1),
    };
    let has = |c: char| parsed.opts.iter().any(|o| o.0 == c);
    let mut which: Vec<char> = "lwmcL".chars().filter(|&c| has(c)).collect();
    if which.is_empty() {
        which = vec!['l', 'w', 'c'];
    }
    let mut out = Out::default();
    let count = |text: &str| -> Vec<usize> {
        which
            .iter()
            .map(|c| match c {
                'l' => text.bytes().filter(|&b| b == b'\n').count(),
                'w' => text.split_ascii_whitespace().count(),
                'm' => text.chars().count(),
                'c' => text.len(),
                _ => lines(text)
                    .iter()
                    .map(|l| l.chars().count())
                    .max()
                    .unwrap_or(0),
            })
            .collect()
    };
    let named: Vec<(Vec<usize>, Option<&str>)> = if parsed.operands.is_empty() {
        vec![(count(input.stdin), None)]
    } else {
        let mut v = Vec::new();
        for name in &parsed.operands {
            let text = read_inputs("wc", std::slice::from_ref(name), input, &mut out);
            if out.status == 0 || !out.stderr.contains(name.as_str()) {
                v.push((count(&text), Some(name.as_str())));
            }
        }
        v
    };
    // GNU pads to 7 for standard input, else to the widest byte count.
    let width = if which.len() == 1 && named.len() == 1 {
        1
    } else if parsed.operands.is_empty() {
        7
    } else {
        named
            .iter()
            .flat_map(|n| n.0.iter())
            .max()
            .map_or(1, |m| m.to_string().len())
    };
    let mut totals = vec![0; which.len()];
    for (counts, name) in &named {
        let cols: Vec<String> = counts.iter().map(|n| format!("{n:>width$}")).collect();
        out.stdout.push_str(&cols.join(" "));
        if let Some(n) = name {
            out.stdout.push(' ');
            out.stdout.push_str(n);
        }
        out.stdout.push('\n');
        for (t, n) in totals.iter_mut().zip(counts) {
            *t += n;
        }
    }
    if named.len() > 1 {
        let cols: Vec<String> = totals.iter().map(|n| format!("{n:>width$}")).collect();
        out.stdout.push_str(&format!("{} total\n", cols.join(" ")));
    }
    out
}

/// A sort key: fields `start..=end` (1-based; 0 = to the end of the line),
/// and its own ordering flags, which replace the global ones when given.
#[derive(Clone, Copy)]
struct Key {
    start: usize,
    end: usize,
    order: Option<Order>,
}

#[derive(Clone, Copy, Default)]
struct Order {
    numeric: bool,
    reverse: bool,
    fold: bool,
    blanks: bool,
}

fn sort(args: &[String], input: &Input) -> Out {
    let longs: &[Long] = &[
        ("reverse", 'r', None),
        ("numeric-sort", 'n', None),
        ("unique", 'u', None),
        ("key", 'k', Some(true)),
        ("field-separator", 't', Some(true)),
        ("ignore-case", 'f', None),
        ("ignore-leading-blanks", 'b', None),
    ];
    let parsed = match args::parse("sort", args, "rnuk:t:fbshV", longs) {
        Ok(p) => p,
        Err(e) => return Out::fail(e, 2),
    };
    let mut global = Order::default();
    let mut unique = false;
    let mut keys: Vec<Key> = Vec::new();
    let mut sep: Option<char> = None;
    for (c, v) in &parsed.opts {
        let v = v.clone().unwrap_or_default();
        match c {
            'r' => global.reverse = true,
            'n' => global.numeric = true,
            'u' => unique = true,
            'f' => global.fold = true,
            'b' => global.blanks = true,
            's' => {}
            'h' | 'V' => {
                return Out::fail(
                    format!("sort: (playground) -{c} is not supported here\n"),
                    2,
                )
            }
            't' => {
                let mut cs = v.chars();
                match (cs.next(), cs.next()) {
                    (Some(ch), None) => sep = Some(ch),
                    (None, _) => return Out::fail("sort: empty tab\n".into(), 2),
                    _ => return Out::fail(format!("sort: multi-character tab ‘{v}’\n"), 2),
                }
            }
            _ => match sort_key(&v) {
                Ok(k) => keys.push(k),
                Err(e) => return Out::fail(e, 2),
            },
        }
    }
    let mut out = Out::default();
    let text = read_inputs("sort", &parsed.operands, input, &mut out);
    if out.status != 0 {
        out.status = 2;
        return out;
    }
    let mut all = lines(&text);
    if keys.is_empty() {
        keys.push(Key {
            start: 1,
            end: 0,
            order: None,
        });
    }
    let compare_key = |a: &str, b: &str, k: &Key| -> std::cmp::Ordering {
        let o = k.order.unwrap_or(global);
        let text = |line: &'_ str| -> String {
            let spans = field_spans(line, sep);
            let from = spans.get(k.start - 1).map_or(line.len(), |s| s.0);
            let to = if k.end == 0 {
                line.len()
            } else {
                spans.get(k.end - 1).map_or(line.len(), |s| s.1)
            };
            let t = &line[from..to.max(from)];
            if o.blanks || o.numeric {
                t.trim_start_matches([' ', '\t']).to_string()
            } else {
                t.to_string()
            }
        };
        let (x, y) = (text(a), text(b));
        let ord = if o.numeric {
            numeric_value(&x)
                .partial_cmp(&numeric_value(&y))
                .unwrap_or(std::cmp::Ordering::Equal)
        } else if o.fold {
            x.bytes()
                .map(|c| c.to_ascii_uppercase())
                .cmp(y.bytes().map(|c| c.to_ascii_uppercase()))
        } else {
            x.cmp(&y)
        };
        if o.reverse {
            ord.reverse()
        } else {
            ord
        }
    };
    let by_keys = |a: &str, b: &str| -> std::cmp::Ordering {
        for k in &keys {
            let o = compare_key(a, b, k);
            if o.is_ne() {
                return o;
            }
        }
        std::cmp::Ordering::Equal
    };
    let full = |a: &&str, b: &&str| -> std::cmp::Ordering {
        // GNU's last resort compares whole lines byte by byte (under the
        // global -r), except with -u.
        by_keys(a, b).then_with(|| match (unique, global.reverse) {
            (true, _) => std::cmp::Ordering::Equal,
            (false, false) => a.cmp(b),
            (false, true) => b.cmp(a),
        })
    };
    kubeplay_model::sort::sort_by(&mut all, full);
    let mut last: Option<&str> = None;
    for line in all {
        if unique && last.is_some_and(|l| by_keys(l, line).is_eq()) {
            continue;
        }
        last = Some(line);
        out.stdout.push_str(line);
        out.stdout.push('\n');
    }
    out
}

/// `-k N[,M]` with per-key flags (`2,2n`); a character offset (`2.3`) is
/// refused.
fn sort_key(v: &str) -> Result<Key, String> {
    let mut order: Option<Order> = None;
    let mut field = |s: &str| -> Option<usize> {
        let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
        let rest = &s[digits.len()..];
        if !rest.chars().all(|c| "nrbf".contains(c)) {
            return None;
        }
        if !rest.is_empty() {
            let o = order.get_or_insert_with(Order::default);
            o.numeric |= rest.contains('n');
            o.reverse |= rest.contains('r');
            o.blanks |= rest.contains('b');
            o.fold |= rest.contains('f');
        }
        digits.parse().ok()
    };
    let (a, b) = match v.split_once(',') {
        Some((a, b)) => (a, Some(b)),
        None => (v, None),
    };
    let Some(start) = field(a) else {
        return Err(format!(
            "sort: invalid number at field start: invalid count at start of ‘{v}’\n"
        ));
    };
    if start == 0 {
        return Err(format!(
            "sort: field number is zero: invalid field specification ‘{v}’\n"
        ));
    }
    let end = match b.map(&mut field) {
        None => 0,
        Some(Some(e)) => e,
        Some(None) => {
            return Err(format!(
                "sort: invalid number after ‘,’: invalid count at start of ‘{}’\n",
                b.unwrap_or_default()
            ))
        }
    };
    Ok(Key { start, end, order })
}

/// Byte spans of a line's fields: split at `sep`, or (without one) each
/// field being its leading blanks and the non-blanks after them, as GNU
/// sort counts them.
fn field_spans(line: &str, sep: Option<char>) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    match sep {
        Some(sep) => {
            let mut from = 0;
            for (i, c) in line.char_indices() {
                if c == sep {
                    spans.push((from, i));
                    from = i + c.len_utf8();
                }
            }
            spans.push((from, line.len()));
        }
        None => {
            let b = line.as_bytes();
            let mut i = 0;
            while i < b.len() {
                let from = i;
                while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
                    i += 1;
                }
                while i < b.len() && b[i] != b' ' && b[i] != b'\t' {
                    i += 1;
                }
                spans.push((from, i));
            }
        }
    }
    spans
}

/// sort -n's value: leading blanks, a sign, digits and a decimal part;
/// anything else counts as zero.
fn numeric_value(s: &str) -> f64 {
    let t = s.trim_start_matches([' ', '\t']);
    let mut end = 0;
    let b = t.as_bytes();
    if end < b.len() && b[end] == b'-' {
        end += 1;
    }
    let digits_from = end;
    while end < b.len() && b[end].is_ascii_digit() {
        end += 1;
    }
    if end < b.len() && b[end] == b'.' {
        end += 1;
        while end < b.len() && b[end].is_ascii_digit() {
            end += 1;
        }
    }
    if end == digits_from {
        return 0.0;
    }
    t[..end].parse().unwrap_or(0.0)
}

fn uniq(args: &[String], input: &Input) -> Out {
    let longs: &[Long] = &[
        ("count", 'c', None),
        ("repeated", 'd', None),
        ("unique", 'u', None),
        ("ignore-case", 'i', None),
    ];
    let parsed = match args::parse("uniq", args, "cdui", longs) {
        Ok(p) => p,
        Err(e) => return Out::fail(e, 1),
    };
    let has = |c: char| parsed.opts.iter().any(|o| o.0 == c);
    let (count, repeated, unique, icase) = (has('c'), has('d'), has('u'), has('i'));
    if parsed.operands.len() > 1 {
        return Out::fail(
            "uniq: (playground) writing to an output file is not supported here\n".into(),
            1,
        );
    }
    let mut out = Out::default();
    let text = read_inputs("uniq", &parsed.operands, input, &mut out);
    let all = lines(&text);
    let same = |a: &str, b: &str| {
        if icase {
            a.eq_ignore_ascii_case(b)
        } else {
            a == b
        }
    };
    let mut i = 0;
    while i < all.len() {
        let mut j = i + 1;
        while j < all.len() && same(all[i], all[j]) {
            j += 1;
        }
        let n = j - i;
        if (!repeated || n > 1) && (!unique || n == 1) {
            if count {
                out.stdout.push_str(&format!("{n:>7} "));
            }
            out.stdout.push_str(all[i]);
            out.stdout.push('\n');
        }
        i = j;
    }
    out
}

/// A cut list (`1,3-5,7-`) as inclusive 1-based ranges (0 = open end).
fn cut_list(list: &str, what: &str) -> Result<Vec<(usize, usize)>, String> {
    let mut ranges = Vec::new();
    for item in list.split([',', ' ']) {
        let bad = || usage_error("cut", &format!("invalid {what} value ‘{item}’"));
        let num = |s: &str| -> Result<usize, String> { s.parse::<usize>().map_err(|_| bad()) };
        let (a, b) = match item.split_once('-') {
            Some(("", "")) => return Err(usage_error("cut", "invalid range with no endpoint: -")),
            Some((a, b)) => (
                if a.is_empty() { 1 } else { num(a)? },
                if b.is_empty() { 0 } else { num(b)? },
            ),
            None => {
                let n = num(item)?;
                (n, n)
            }
        };
        if a == 0 || (b == 0 && item.ends_with("-0")) {
            return Err(usage_error("cut", &format!("{what}s are numbered from 1")));
        }
        if b != 0 && b < a {
            return Err(usage_error("cut", "invalid decreasing range"));
        }
        ranges.push((a, b));
    }
    Ok(ranges)
}

fn cut(args: &[String], input: &Input) -> Out {
    let longs: &[Long] = &[
        ("delimiter", 'd', Some(true)),
        ("fields", 'f', Some(true)),
        ("characters", 'c', Some(true)),
        ("bytes", 'b', Some(true)),
        ("only-delimited", 's', None),
        ("output-delimiter", 'O', Some(true)),
    ];
    let parsed = match args::parse("cut", args, "d:f:c:b:sn", longs) {
        Ok(p) => p,
        Err(e) => return Out::fail(e, 1),
    };
    let mut delim = '\t';
    let mut out_delim: Option<String> = None;
    let mut list: Option<(char, String)> = None;
    let mut only = false;
    for (c, v) in &parsed.opts {
        let v = v.clone().unwrap_or_default();
        match c {
            'd' => {
                let mut cs = v.chars();
                match (cs.next(), cs.next()) {
                    (Some(ch), None) => delim = ch,
                    _ => {
                        return Out::fail(
                            usage_error("cut", "the delimiter must be a single character"),
                            1,
                        )
                    }
                }
            }
            'f' | 'c' | 'b' => {
                if list.is_some() {
                    return Out::fail(usage_error("cut", "only one list may be specified"), 1);
                }
                list = Some((*c, v));
            }
            's' => only = true,
            'O' => out_delim = Some(v),
            _ => {}
        }
    }
    let Some((mode, list)) = list else {
        return Out::fail(
            usage_error(
                "cut",
                "you must specify a list of bytes, characters, or fields",
            ),
            1,
        );
    };
    let what = if mode == 'f' {
        "field"
    } else if mode == 'c' {
        "character"
    } else {
        "byte"
    };
    let ranges = match cut_list(&list, what) {
        Ok(r) => r,
        Err(e) => return Out::fail(e, 1),
    };
    let picked = |i: usize| ranges.iter().any(|&(a, b)| i >= a && (b == 0 || i <= b));
    let mut out = Out::default();
    let text = read_inputs("cut", &parsed.operands, input, &mut out);
    for line in lines(&text) {
        if mode == 'f' {
            if !line.contains(delim) {
                if !only {
                    out.stdout.push_str(line);
                    out.stdout.push('\n');
                }
                continue;
            }
            let sep = out_delim.clone().unwrap_or_else(|| delim.to_string());
            let fields: Vec<&str> = line
                .split(delim)
                .enumerate()
                .filter(|(i, _)| picked(i + 1))
                .map(|(_, f)| f)
                .collect();
            out.stdout.push_str(&fields.join(&sep));
        } else {
            // In C.UTF-8, GNU cut counts -c as bytes too; characters keep multi-byte text whole.
            let chars: String = line
                .chars()
                .enumerate()
                .filter(|(i, _)| picked(i + 1))
                .map(|(_, c)| c)
                .collect();
            out.stdout.push_str(&chars);
        }
        out.stdout.push('\n');
    }
    out
}

/// A tr set, expanded: escapes, ranges and `[:class:]`es.
fn tr_set(spec: &str) -> Result<Vec<char>, String> {
    let mut chars: Vec<char> = Vec::new();
    let src: Vec<char> = spec.chars().collect();
    let mut i = 0;
    let unescape = |i: &mut usize| -> char {
        let c = src[*i];
        *i += 1;
        if c != '\\' || *i >= src.len() {
            return c;
        }
        let e = src[*i];
        *i += 1;
        match e {
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            'a' => '\u{7}',
            'b' => '\u{8}',
            'f' => '\u{c}',
            'v' => '\u{b}',
            '0'..='7' => {
                let mut v = e.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match src.get(*i).and_then(|d| d.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            *i += 1;
                        }
                        None => break,
                    }
                }
                char::from_u32(v & 0xff).unwrap_or('?')
            }
            other => other,
        }
    };
    while i < src.len() {
        if src[i] == '[' && src.get(i + 1) == Some(&':') {
            if let Some(end) = src[i + 2..].windows(2).position(|w| w == [':', ']']) {
                let name: String = src[i + 2..i + 2 + end].iter().collect();
                let class: fn(&u8) -> bool = match name.as_str() {
                    "upper" => u8::is_ascii_uppercase,
                    "lower" => u8::is_ascii_lowercase,
                    "digit" => u8::is_ascii_digit,
                    "alpha" => u8::is_ascii_alphabetic,
                    "alnum" => u8::is_ascii_alphanumeric,
                    "space" => |b: &u8| b" \t\n\r\x0b\x0c".contains(b),
                    "blank" => |b: &u8| *b == b' ' || *b == b'\t',
                    "punct" => u8::is_ascii_punctuation,
                    "xdigit" => u8::is_ascii_hexdigit,
                    "cntrl" => u8::is_ascii_control,
                    "print" => |b: &u8| (0x20..0x7f).contains(b),
                    "graph" => u8::is_ascii_graphic,
                    _ => return Err(format!("tr: invalid character class ‘{name}’\n")),
                };
                chars.extend((0u8..128).filter(class).map(char::from));
                i += 2 + end + 2;
                continue;
            }
        }
        let lo = unescape(&mut i);
        if src.get(i) == Some(&'-') && i + 1 < src.len() {
            i += 1;
            let hi = unescape(&mut i);
            if hi < lo {
                return Err(format!(
                    "tr: range-endpoints of '{}-{}' are in reverse collating sequence order\n",
                    lo.escape_default(),
                    hi.escape_default()
                ));
            }
            chars.extend(lo..=hi);
        } else {
            chars.push(lo);
        }
    }
    Ok(chars)
}

fn tr(args: &[String], input: &Input) -> Out {
    let parsed = match args::parse(
        "tr",
        args,
        "dsct",
        &[("delete", 'd', None), ("squeeze-repeats", 's', None)],
    ) {
        Ok(p) => p,
        Err(e) => return Out::fail(e, 1),
    };
    let has = |c: char| parsed.opts.iter().any(|o| o.0 == c);
    if has('c') {
        return Out::fail("tr: (playground) -c is not supported here\n".into(), 1);
    }
    let (delete, squeeze) = (has('d'), has('s'));
    let ops = &parsed.operands;
    let need = if delete == squeeze { 2 } else { 1 };
    if ops.is_empty() {
        return Out::fail(usage_error("tr", "missing operand"), 1);
    }
    if ops.len() < need {
        let why = if delete {
            "Two strings must be given when both deleting and squeezing repeats."
        } else {
            "Two strings must be given when translating."
        };
        return Out::fail(
            format!(
                "tr: missing operand after ‘{}’\n{why}\nTry 'tr --help' for more information.\n",
                ops[ops.len() - 1]
            ),
            1,
        );
    }
    if ops.len() > need.max(if squeeze && !delete { 2 } else { need }) {
        return Out::fail(
            usage_error("tr", &format!("extra operand ‘{}’", ops[need.max(1)])),
            1,
        );
    }
    let set1 = match tr_set(&ops[0]) {
        Ok(s) => s,
        Err(e) => return Out::fail(e, 1),
    };
    let set2 = match ops.get(1).map(|s| tr_set(s)).transpose() {
        Ok(s) => s,
        Err(e) => return Out::fail(e, 1),
    };
    let translate = !delete && set2.is_some();
    if translate && set2.as_ref().is_some_and(Vec::is_empty) && !set1.is_empty() {
        return Out::fail(
            "tr: when not truncating set1, string2 must be non-empty\n".into(),
            1,
        );
    }
    // Looked up by character: a set may be a range of a million.
    let squeeze_set: BTreeSet<char> = if squeeze {
        set2.as_deref().unwrap_or(&set1).iter().copied().collect()
    } else {
        BTreeSet::new()
    };
    let deleted: BTreeSet<char> = if delete {
        set1.iter().copied().collect()
    } else {
        BTreeSet::new()
    };
    let mut map: BTreeMap<char, char> = BTreeMap::new();
    if translate {
        let to = set2.as_deref().unwrap_or_default();
        // The last occurrence of a character in set1 decides its mapping.
        for (i, &c) in set1.iter().enumerate() {
            if let Some(&t) = to.get(i).or(to.last()) {
                map.insert(c, t);
            }
        }
    }
    let mut out = Out::default();
    let mut last: Option<char> = None;
    for c in input.stdin.chars() {
        if deleted.contains(&c) {
            continue;
        }
        let mapped = map.get(&c).copied().unwrap_or(c);
        if squeeze && last == Some(mapped) && squeeze_set.contains(&mapped) {
            continue;
        }
        last = Some(mapped);
        out.stdout.push(mapped);
    }
    out
}

fn column(args: &[String], input: &Input) -> Out {
    let parsed = match args::parse(
        "column",
        args,
        "ts:o:",
        &[
            ("table", 't', None),
            ("separator", 's', Some(true)),
            ("output-separator", 'o', Some(true)),
        ],
    ) {
        Ok(p) => p,
        Err(e) => return Out::fail(e, 1),
    };
    let mut out = Out::default();
    let text = read_inputs("column", &parsed.operands, input, &mut out);
    let table = parsed.opts.iter().any(|o| o.0 == 't');
    if !table {
        // Without -t, column fills the terminal's width in columns; a pipe has none.
        out.stdout.push_str(&text);
        return out;
    }
    let seps: Vec<char> = parsed
        .opts
        .iter()
        .rev()
        .find(|o| o.0 == 's')
        .and_then(|o| o.1.clone())
        .map_or(vec![' ', '\t'], |s| s.chars().collect());
    let osep = parsed
        .opts
        .iter()
        .rev()
        .find(|o| o.0 == 'o')
        .and_then(|o| o.1.clone())
        .unwrap_or_else(|| "  ".into());
    let rows: Vec<Vec<&str>> = lines(&text)
        .into_iter()
        .filter(|l| !l.is_empty())
        .map(|l| {
            l.split(|c| seps.contains(&c))
                .filter(|c| !c.is_empty())
                .collect()
        })
        .collect();
    let ncols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut widths = vec![0; ncols];
    for row in &rows {
        for (i, cell) in row.iter().enumerate() {
            widths[i] = widths[i].max(cell.chars().count());
        }
    }
    for row in &rows {
        // util-linux pads every column but the table's last, even where a short row has no cell.
        for (i, width) in widths.iter().enumerate() {
            let cell = row.get(i).copied().unwrap_or_default();
            if i + 1 == ncols {
                out.stdout.push_str(cell);
                break;
            }
            out.stdout.push_str(cell);
            out.stdout
                .push_str(&" ".repeat(width - cell.chars().count()));
            out.stdout.push_str(&osep);
        }
        out.stdout.push('\n');
    }
    out
}

fn base64(args: &[String], input: &Input) -> Out {
    let longs: &[Long] = &[
        ("decode", 'd', None),
        ("wrap", 'w', Some(true)),
        ("ignore-garbage", 'i', None),
    ];
    let parsed = match args::parse("base64", args, "dw:i", longs) {
        Ok(p) => p,
        Err(e) => return Out::fail(e, 1),
    };
    let mut decode = false;
    let mut ignore = false;
    let mut wrap = 76usize;
    for (c, v) in &parsed.opts {
        match c {
            'd' => decode = true,
            'i' => ignore = true,
            _ => {
                let v = v.clone().unwrap_or_default();
                match v.parse() {
                    Ok(n) => wrap = n,
                    Err(_) => return Out::fail(format!("base64: invalid wrap size: ‘{v}’\n"), 1),
                }
            }
        }
    }
    if parsed.operands.len() > 1 {
        return Out::fail(
            usage_error("base64", &format!("extra operand ‘{}’", parsed.operands[1])),
            1,
        );
    }
    let mut out = Out::default();
    let text = read_inputs("base64", &parsed.operands, input, &mut out);
    if out.status != 0 {
        return out;
    }
    if decode {
        let (bytes, ok) = base64_decode(&text, ignore);
        out.stdout = String::from_utf8_lossy(&bytes).into_owned();
        if !ok {
            out.stderr.push_str("base64: invalid input\n");
            out.status = 1;
        }
        return out;
    }
    let enc = kubeplay_model::base64::encode(text.as_bytes());
    if wrap == 0 {
        out.stdout = enc;
    } else {
        let b = enc.as_bytes();
        for chunk in b.chunks(wrap) {
            out.stdout
                .push_str(std::str::from_utf8(chunk).unwrap_or_default());
            out.stdout.push('\n');
        }
    }
    if !out.stdout.is_empty() && wrap != 0 && !out.stdout.ends_with('\n') {
        out.stdout.push('\n');
    }
    out
}

/// GNU base64 -d: newlines are skipped; the first character outside the
/// alphabet (or a group left short) stops it with "invalid input".
fn base64_decode(text: &str, ignore_garbage: bool) -> (Vec<u8>, bool) {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::new();
    let mut group: Vec<u8> = Vec::with_capacity(4);
    let mut pad = 0;
    for b in text.bytes() {
        if b == b'\n' {
            continue;
        }
        if b == b'=' {
            if group.len() < 2 {
                return (out, false);
            }
            pad += 1;
            group.push(0);
        } else if let Some(v) = ALPHABET.iter().position(|&a| a == b) {
            if pad > 0 {
                return (out, false);
            }
            group.push(v as u8);
        } else if ignore_garbage {
            continue;
        } else {
            return (out, false);
        }
        if group.len() == 4 {
            let n = (u32::from(group[0]) << 18)
                | (u32::from(group[1]) << 12)
                | (u32::from(group[2]) << 6)
                | u32::from(group[3]);
            let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
            out.extend_from_slice(&bytes[..3 - pad.min(2)]);
            group.clear();
            if pad > 0 {
                pad = 3;
            }
        }
    }
    if !group.is_empty() {
        // A short last group still yields its whole bytes before the error.
        if group.len() >= 2 && pad == 0 {
            let mut n = 0u32;
            for (i, v) in group.iter().enumerate() {
                n |= u32::from(*v) << (18 - 6 * i);
            }
            let bytes = [(n >> 16) as u8, (n >> 8) as u8];
            out.extend_from_slice(&bytes[..group.len() - 1]);
        }
        return (out, false);
    }
    (out, true)
}
