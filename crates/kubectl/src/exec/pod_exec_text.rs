//! The text filters a script pipes into inside a container: `grep`,
//! `sort`, `uniq`, `cut` and `tr`, reading files or the pipe, with GNU's
//! words in Debian images and busybox's elsewhere (where they differ).
//! Options the playground does not simulate are refused with a note
//! rather than guessed at.

use super::fs::{Fs, FsError};
use super::Output;
use kubeplay_engine::Engine;
use kubeplay_model::regex::{Options, Regex, Syntax};

/// The programs answered here.
pub const PROGRAMS: &[&str] = &["grep", "egrep", "fgrep", "sort", "uniq", "cut", "tr", "rev"];

/// Runs one of [`PROGRAMS`]; its exit code, or None when the playground
/// cannot (it said why).
pub fn run(
    fs: &Fs,
    engine: &Engine,
    argv: &[String],
    stdin: &str,
    out: &mut Output,
) -> Option<i32> {
    let name = kubeplay_engine::kubelet::shell::basename(&argv[0]);
    let gnu = fs.family() == super::fs::Family::Debian;
    let mut t = Text {
        fs,
        engine,
        stdin,
        out,
        name,
        gnu,
    };
    match name {
        "grep" | "egrep" | "fgrep" => t.grep(&argv[1..]),
        "sort" => t.sort(&argv[1..]),
        "uniq" => t.uniq(&argv[1..]),
        "cut" => t.cut(&argv[1..]),
        "tr" => t.tr(&argv[1..]),
        "rev" => t.rev(&argv[1..]),
        _ => None,
    }
}

struct Text<'a> {
    fs: &'a Fs,
    engine: &'a Engine,
    stdin: &'a str,
    out: &'a mut Output,
    name: &'a str,
    gnu: bool,
}

/// Options in order, each with its value (empty for a flag).
type Flags = Vec<(char, String)>;

/// Short options split as getopt does: flags, options taking a value
/// (named in `with_value`), then operands (all of them after `--`).
fn getopt(args: &[String], with_value: &str) -> Result<(Flags, Vec<String>), String> {
    let (mut opts, mut operands) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if a == "--" {
            operands.extend(args[i..].iter().cloned());
            break;
        }
        if a.starts_with("--") {
            return Err(a.clone());
        }
        if a.len() < 2 || !a.starts_with('-') {
            operands.push(a.clone());
            continue;
        }
        let chars: Vec<char> = a[1..].chars().collect();
        for (j, &c) in chars.iter().enumerate() {
            if with_value.contains(c) {
                let rest: String = chars[j + 1..].iter().collect();
                let value = if !rest.is_empty() {
                    rest
                } else if let Some(v) = args.get(i) {
                    i += 1;
                    v.clone()
                } else {
                    return Err(format!("-{c}"));
                };
                opts.push((c, value));
                break;
            }
            opts.push((c, String::new()));
        }
    }
    Ok((opts, operands))
}

fn lines(text: &str) -> Vec<&str> {
    let t = text.strip_suffix('\n').unwrap_or(text);
    if text.is_empty() {
        Vec::new()
    } else {
        t.split('\n').collect()
    }
}

impl Text<'_> {
    fn refuse(&mut self, what: &str) -> Option<i32> {
        self.out.error(&format!(
            "error: (playground) {} in a container answers only {what}",
            self.name
        ));
        None
    }

    /// The texts of `files` (stdin when none or `-`), each named; files it
    /// cannot read are said and marked None.
    fn inputs(&mut self, files: &[String]) -> Option<Vec<(String, Option<String>)>> {
        if files.is_empty() {
            return Some(vec![(
                "(standard input)".into(),
                Some(self.stdin.to_string()),
            )]);
        }
        let mut all = Vec::new();
        for f in files {
            if f == "-" {
                all.push(("(standard input)".into(), Some(self.stdin.to_string())));
                continue;
            }
            match self.fs.read(self.engine, &self.fs.abs(f)) {
                Ok(t) => all.push((f.clone(), Some(t))),
                Err(FsError::Unknown) => {
                    self.out.error(&format!("error: (playground) the playground does not know what {f} holds in this image; it knows the volumes, the files the kubelet writes, a few of the image's files and what was written through kubectl exec"));
                    return None;
                }
                Err(e) => {
                    // Each tool's own words, as GNU's and busybox 1.35's say them.
                    let msg = match (self.name, self.gnu) {
                        ("sort", true) => format!("sort: cannot read: {f}: {}", e.text()),
                        ("uniq", false) => format!("uniq: can't open '{f}': {}", e.text()),
                        ("rev", true) => format!("rev: cannot open {f}: {}", e.text()),
                        (name, _) => format!("{name}: {f}: {}", e.text()),
                    };
                    self.out.note(&msg);
                    all.push((f.clone(), None));
                }
            }
        }
        Some(all)
    }

    /// `rev [FILE]...`: each line's characters backwards. busybox and
    /// util-linux keep a last line's missing new line missing, so the
    /// next file's first line runs on after it.
    fn rev(&mut self, args: &[String]) -> Option<i32> {
        if args.iter().any(|a| a.starts_with('-') && a.len() > 1) {
            return self.refuse("rev with files or its input");
        }
        let mut status = 0;
        for (_, text) in self.inputs(args)? {
            let Some(text) = text else {
                status = 1;
                continue;
            };
            for line in text.split_inclusive('\n') {
                let (body, end) = line.strip_suffix('\n').map_or((line, ""), |b| (b, "\n"));
                let back: String = body.chars().rev().collect();
                self.out.stdout.push_str(&back);
                self.out.stdout.push_str(end);
            }
        }
        Some(status)
    }

    fn grep(&mut self, args: &[String]) -> Option<i32> {
        let (opts, mut operands) = match getopt(args, "e") {
            Ok(p) => p,
            Err(_) => {
                return self.refuse("grep's -i, -v, -c, -n, -q, -s, -h, -H, -w, -x, -E, -F and -e")
            }
        };
        let mut syntax = match self.name {
            "egrep" => Syntax::Extended,
            "fgrep" => Syntax::Fixed,
            _ => Syntax::Basic,
        };
        let mut o = Options::default();
        let (mut invert, mut count, mut numbers, mut quiet, mut silent, mut names) =
            (false, false, false, false, false, None);
        let mut patterns = Vec::new();
        for (c, v) in opts {
            match c {
                'i' => o.ignore_case = true,
                'v' => invert = true,
                'c' => count = true,
                'n' => numbers = true,
                'q' => quiet = true,
                's' => silent = true,
                'h' => names = Some(false),
                'H' => names = Some(true),
                'w' => o.whole_word = true,
                'x' => o.whole_line = true,
                'E' => syntax = Syntax::Extended,
                'F' => syntax = Syntax::Fixed,
                'e' => patterns.push(v),
                _ => {
                    return self
                        .refuse("grep's -i, -v, -c, -n, -q, -s, -h, -H, -w, -x, -E, -F and -e")
                }
            }
        }
        if patterns.is_empty() {
            if operands.is_empty() {
                if self.gnu {
                    self.out.note("Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.");
                } else {
                    self.out.note(BUSYBOX_GREP_USAGE);
                }
                return Some(2);
            }
            patterns.push(operands.remove(0));
        }
        let split: Vec<&str> = patterns.iter().flat_map(|p| p.split('\n')).collect();
        let re = match Regex::with_options(&split, syntax, o) {
            Ok(re) => re,
            Err(kubeplay_model::regex::RegexError::Unsupported(what)) => {
                return self.refuse(&format!("patterns without {what}"))
            }
            Err(e) => {
                self.out.note(&format!("grep: {e}"));
                return Some(2);
            }
        };
        let show_names = names.unwrap_or(operands.len() > 1);
        let files = if silent {
            // -s hides unreadable files' messages.
            let saved = std::mem::take(&mut self.out.stderr);
            let r = self.inputs(&operands);
            let kept = std::mem::replace(&mut self.out.stderr, saved);
            if r.is_none() {
                self.out.stderr.push_str(&kept);
            }
            r?
        } else {
            self.inputs(&operands)?
        };
        let (mut any, mut trouble) = (false, false);
        for (name, text) in &files {
            let Some(text) = text else {
                trouble = true;
                continue;
            };
            let mut n = 0;
            for (i, line) in lines(text).iter().enumerate() {
                if re.is_match(line) == invert {
                    continue;
                }
                n += 1;
                any = true;
                if quiet {
                    return Some(0);
                }
                if !count {
                    let mut prefix = String::new();
                    if show_names {
                        prefix = format!("{name}:");
                    }
                    if numbers {
                        prefix.push_str(&format!("{}:", i + 1));
                    }
                    self.out.stdout.push_str(&format!("{prefix}{line}\n"));
                }
            }
            if count {
                let prefix = if show_names {
                    format!("{name}:")
                } else {
                    String::new()
                };
                self.out.stdout.push_str(&format!("{prefix}{n}\n"));
            }
        }
        // GNU grep says 2 on trouble unless a line was selected under -q;
        // both say 2 when a file was missing.
        Some(if trouble {
            2
        } else if any {
            0
        } else {
            1
        })
    }

    fn sort(&mut self, args: &[String]) -> Option<i32> {
        let Ok((opts, operands)) = getopt(args, "") else {
            return self.refuse("sort's -r, -n and -u");
        };
        let (mut reverse, mut numeric, mut unique) = (false, false, false);
        for (c, _) in opts {
            match c {
                'r' => reverse = true,
                'n' => numeric = true,
                'u' => unique = true,
                _ => return self.refuse("sort's -r, -n and -u"),
            }
        }
        let files = self.inputs(&operands)?;
        if files.iter().any(|(_, t)| t.is_none()) {
            return Some(2);
        }
        let texts: Vec<String> = files.into_iter().filter_map(|(_, t)| t).collect();
        let mut all: Vec<&str> = texts.iter().flat_map(|t| lines(t)).collect();
        let key = |l: &str| -> f64 {
            let t = l.trim_start();
            let end = t
                .char_indices()
                .find(|&(i, c)| !(c.is_ascii_digit() || c == '.' || (i == 0 && c == '-')))
                .map_or(t.len(), |(i, _)| i);
            t[..end].parse().unwrap_or(0.0)
        };
        // Equal keys fall back to the whole line, as sort's last resort does.
        all.sort_by(|a, b| {
            let by_key = if numeric {
                key(a)
                    .partial_cmp(&key(b))
                    .unwrap_or(std::cmp::Ordering::Equal)
            } else {
                std::cmp::Ordering::Equal
            };
            by_key.then_with(|| {
                if numeric && unique {
                    std::cmp::Ordering::Equal
                } else {
                    a.as_bytes().cmp(b.as_bytes())
                }
            })
        });
        if reverse {
            all.reverse();
        }
        if unique {
            all.dedup_by(|a, b| if numeric { key(a) == key(b) } else { a == b });
        }
        for l in all {
            self.out.stdout.push_str(l);
            self.out.stdout.push('\n');
        }
        Some(0)
    }

    fn uniq(&mut self, args: &[String]) -> Option<i32> {
        let Ok((opts, operands)) = getopt(args, "") else {
            return self.refuse("uniq's -c, -d and -u");
        };
        let (mut counts, mut dups, mut singles) = (false, false, false);
        for (c, _) in opts {
            match c {
                'c' => counts = true,
                'd' => dups = true,
                'u' => singles = true,
                _ => return self.refuse("uniq's -c, -d and -u"),
            }
        }
        if operands.len() > 1 {
            return self.refuse("uniq reading one input and writing stdout");
        }
        let files = self.inputs(&operands)?;
        let Some(text) = files.into_iter().next().and_then(|(_, t)| t) else {
            return Some(1);
        };
        let mut groups: Vec<(&str, usize)> = Vec::new();
        for l in lines(&text) {
            match groups.last_mut() {
                Some((prev, n)) if *prev == l => *n += 1,
                _ => groups.push((l, 1)),
            }
        }
        for (l, n) in groups {
            if (dups && n == 1) || (singles && n > 1) {
                continue;
            }
            let line = if counts {
                format!("{n:>7} {l}\n")
            } else {
                format!("{l}\n")
            };
            self.out.stdout.push_str(&line);
        }
        Some(0)
    }

    fn cut(&mut self, args: &[String]) -> Option<i32> {
        let Ok((opts, operands)) = getopt(args, "dfc") else {
            return self.refuse("cut's -d, -f, -c and -s");
        };
        let (mut delim, mut list, mut chars, mut only_delimited) = ('\t', None, false, false);
        for (c, v) in opts {
            match c {
                'd' => {
                    let mut it = v.chars();
                    match (it.next(), it.next()) {
                        (Some(d), None) => delim = d,
                        _ => {
                            self.out.note(if self.gnu { "cut: the delimiter must be a single character\nTry 'cut --help' for more information." } else { "cut: delimiter must be one character" });
                            return Some(1);
                        }
                    }
                }
                'f' => list = Some(v),
                'c' => {
                    list = Some(v);
                    chars = true;
                }
                's' => only_delimited = true,
                _ => return self.refuse("cut's -d, -f, -c and -s"),
            }
        }
        let Some(list) = list else {
            self.out.note(if self.gnu { "cut: you must specify a list of bytes, characters, or fields\nTry 'cut --help' for more information." } else { "cut: expected a list of bytes, characters, or fields" });
            return Some(1);
        };
        let Some(ranges) = ranges(&list) else {
            return self.refuse("cut's lists of numbers and ranges (1,3-5)");
        };
        let pick = |i: usize| ranges.iter().any(|&(a, b)| i >= a && i <= b);
        let files = self.inputs(&operands)?;
        let mut status = 0;
        for (_, text) in files {
            let Some(text) = text else {
                status = 1;
                continue;
            };
            for l in lines(&text) {
                let line = if chars {
                    l.chars()
                        .enumerate()
                        .filter(|(i, _)| pick(i + 1))
                        .map(|(_, c)| c)
                        .collect::<String>()
                } else if !l.contains(delim) {
                    if only_delimited {
                        continue;
                    }
                    l.to_string()
                } else {
                    let fields: Vec<&str> = l
                        .split(delim)
                        .enumerate()
                        .filter(|(i, _)| pick(i + 1))
                        .map(|(_, f)| f)
                        .collect();
                    fields.join(&delim.to_string())
                };
                self.out.stdout.push_str(&line);
                self.out.stdout.push('\n');
            }
        }
        Some(status)
    }
}

/// Whether a character is in a class.
type CharTest = fn(&char) -> bool;

/// tr's SET: characters, `a-z` ranges, `\\n`-style escapes and the
/// `[:upper:]`-style classes, expanded; None for what is not simulated.
fn tr_set(set: &str) -> Option<Vec<char>> {
    const CLASSES: &[(&str, CharTest)] = &[
        ("[:upper:]", char::is_ascii_uppercase),
        ("[:lower:]", char::is_ascii_lowercase),
        ("[:digit:]", char::is_ascii_digit),
        ("[:alpha:]", char::is_ascii_alphabetic),
        ("[:alnum:]", char::is_ascii_alphanumeric),
        ("[:space:]", |c: &char| {
            matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c')
        }),
        ("[:punct:]", char::is_ascii_punctuation),
    ];
    let mut chars = Vec::new();
    let src: Vec<char> = set.chars().collect();
    let mut i = 0;
    while i < src.len() {
        let rest: String = src[i..].iter().collect();
        if let Some((name, test)) = CLASSES.iter().find(|(n, _)| rest.starts_with(n)) {
            chars.extend((0u8..128).map(char::from).filter(test));
            i += name.chars().count();
            continue;
        }
        if src[i] == '[' && rest.contains(":]") {
            return None;
        }
        let (c, next) = if src[i] == '\\' && i + 1 < src.len() {
            let e = match src[i + 1] {
                'n' => '\n',
                't' => '\t',
                'r' => '\r',
                '\\' => '\\',
                other => other,
            };
            (e, i + 2)
        } else {
            (src[i], i + 1)
        };
        if src.get(next) == Some(&'-') && next + 1 < src.len() {
            let end = src[next + 1];
            if end < c {
                return None;
            }
            chars.extend(c..=end);
            i = next + 2;
        } else {
            chars.push(c);
            i = next;
        }
    }
    Some(chars)
}

impl Text<'_> {
    fn tr(&mut self, args: &[String]) -> Option<i32> {
        let Ok((opts, operands)) = getopt(args, "") else {
            return self.refuse("tr's -d and -s with one or two sets");
        };
        let (mut delete, mut squeeze) = (false, false);
        for (c, _) in opts {
            match c {
                'd' => delete = true,
                's' => squeeze = true,
                _ => return self.refuse("tr's -d and -s with one or two sets"),
            }
        }
        let wanted = if delete && !squeeze || squeeze && !delete && operands.len() == 1 {
            1
        } else {
            2
        };
        if operands.len() != wanted {
            if !self.gnu {
                return self.refuse("tr with its sets (busybox would print its usage)");
            }
            let msg = match (operands.len() < wanted, operands.first()) {
                (true, None) => "tr: missing operand".to_string(),
                (true, Some(a)) if !delete && !squeeze => format!(
                    "tr: missing operand after '{a}'\nTwo strings must be given when translating."
                ),
                (true, Some(a)) => format!("tr: missing operand after '{a}'"),
                (false, _) => format!("tr: extra operand '{}'", operands[wanted]),
            };
            self.out
                .note(&format!("{msg}\nTry 'tr --help' for more information."));
            return Some(1);
        }
        let Some(set1) = tr_set(&operands[0]) else {
            return self.refuse("tr's sets of characters, ranges and [:class:]es");
        };
        let set2 = match operands.get(1).map(|s| tr_set(s)) {
            Some(None) => return self.refuse("tr's sets of characters, ranges and [:class:]es"),
            Some(Some(s)) => s,
            None => Vec::new(),
        };
        let squeezed: &[char] = if operands.len() == 2 { &set2 } else { &set1 };
        let mut text = String::new();
        for c in self.stdin.chars() {
            let c = if delete {
                if set1.contains(&c) {
                    continue;
                }
                c
            } else if let (Some(at), Some(last)) = (set1.iter().rposition(|x| *x == c), set2.last())
            {
                *set2.get(at).unwrap_or(last)
            } else {
                c
            };
            if squeeze && squeezed.contains(&c) && text.ends_with(c) {
                continue;
            }
            text.push(c);
        }
        self.out.stdout.push_str(&text);
        Some(0)
    }
}

/// cut's LIST: `N`, `N-M`, `N-`, `-M`, comma separated (1-based).
fn ranges(list: &str) -> Option<Vec<(usize, usize)>> {
    list.split(',')
        .map(|r| {
            let num = |s: &str| s.parse::<usize>().ok().filter(|n| *n > 0);
            match r.split_once('-') {
                Some(("", b)) => Some((1, num(b)?)),
                Some((a, "")) => Some((num(a)?, usize::MAX)),
                Some((a, b)) => Some((num(a)?, num(b)?)),
                None => num(r).map(|n| (n, n)),
            }
        })
        .collect()
}

/// The head of busybox grep's usage (its option list left out).
const BUSYBOX_GREP_USAGE: &str = "Usage: grep [-HhnlLoqvsrRiwFEz] [-m N] [-A|B|C N] { PATTERN | -e PATTERN... | -f FILE... } [FILE]...

Search for PATTERN in FILEs (or stdin)";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cut_ranges() {
        assert_eq!(
            ranges("1,3-4,6-"),
            Some(vec![(1, 1), (3, 4), (6, usize::MAX)])
        );
        assert_eq!(ranges("-2"), Some(vec![(1, 2)]));
        assert_eq!(ranges("0"), None);
    }

    #[test]
    fn options_split_as_getopt() {
        let a = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let (o, rest) = getopt(&a(&["-ic", "-eX", "f", "--", "-v"]), "e").unwrap();
        assert_eq!(
            o,
            [
                ('i', String::new()),
                ('c', String::new()),
                ('e', "X".into())
            ]
        );
        assert_eq!(rest, ["f", "-v"]);
    }
}
