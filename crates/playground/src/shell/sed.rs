//! GNU sed, the part pages use: `s` to stamp templates (`sed
//! "s/\$ITEM/$i/"` in "Parallel Processing using Expansions"), `d` and
//! `p` to drop or pick lines (`sed 1d`, `sed -n '/Running/p'`).
//! `sed [-n] [-E] [-e] SCRIPT [FILE]...`; a command may have an address
//! (a line number, `$`, `/RE/`, or a range `A,B`); `s/RE/REPLACEMENT/`
//! takes the flags `g`, `p`, `i`/`I` and a count, its replacement `&`,
//! the groups' `\1`…`\9` and GNU's `\U \L \u \l \E`; commands are joined by
//! `;` or newlines; GNU's texts for the scripts it refuses. `-i[SUFFIX]`
//! edits the playground's files in place (the pages' `sed -i 's/…/…/' f`).

use super::args::{self, Long};
use super::tools::{lines, Input, Out};
use kubeplay_model::regex::{Options, Regex, Syntax};
use replacement::Piece;
use std::collections::BTreeMap;

mod replacement;

const USAGE: &str = "Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...\n";

const LONGS: &[Long] = &[
    ("expression", 'e', Some(true)),
    ("regexp-extended", 'E', None),
    ("quiet", 'n', None),
    ("silent", 'n', None),
    ("in-place", 'i', Some(false)),
];

/// Where a command applies.
enum Addr {
    Line(usize),
    Last,
    Re(Regex),
}

/// One command with its addresses (none: every line).
struct Command {
    from: Option<Addr>,
    to: Option<Addr>,
    op: Op,
}

enum Op {
    Subst(Subst),
    Delete,
    Print,
}

/// One `s` command.
struct Subst {
    re: Regex,
    /// The replacement's pieces: text, `&` (the whole match) or `\N`.
    with: Vec<Piece>,
    /// Whether a piece names a group, so matches need their captures.
    groups: bool,
    global: bool,
    /// Replace only the Nth match (1 when no count is given).
    nth: usize,
    /// `p`: print the line when a replacement was made.
    print: bool,
}

/// A parsed command line: the commands, `-n`, `-i`'s suffix (Some("")
/// for `-i` alone) and the file operands.
struct Invocation {
    commands: Vec<Command>,
    quiet: bool,
    in_place: Option<String>,
    operands: Vec<String>,
}

fn invocation(argv: &[String]) -> Result<Invocation, Out> {
    let parsed = match args::parse("sed", argv, "e:Erni::", LONGS) {
        Ok(p) => p,
        Err(msg) => return Err(Out::fail(format!("sed: {msg}\n{USAGE}"), 1)),
    };
    let extended = parsed.opts.iter().any(|(c, _)| matches!(c, 'E' | 'r'));
    let quiet = parsed.opts.iter().any(|(c, _)| *c == 'n');
    let in_place = parsed
        .opts
        .iter()
        .rev()
        .find(|(c, _)| *c == 'i')
        .map(|(_, suffix)| suffix.clone().unwrap_or_default());
    let mut scripts: Vec<String> = parsed
        .opts
        .iter()
        .filter(|(c, _)| *c == 'e')
        .filter_map(|(_, v)| v.clone())
        .collect();
    let mut operands = parsed.operands;
    if scripts.is_empty() {
        if operands.is_empty() {
            return Err(Out::fail(USAGE.to_string(), 1));
        }
        scripts.push(operands.remove(0));
    }
    let mut commands = Vec::new();
    for (i, script) in scripts.iter().enumerate() {
        match parse_script(script, extended) {
            Ok(mut c) => commands.append(&mut c),
            Err(e) => return Err(Out::fail(format!("sed: -e expression #{}, {e}\n", i + 1), 1)),
        }
    }
    Ok(Invocation { commands, quiet, in_place, operands })
}

/// Whether `argv` (after `sed`) asks to edit files in place.
pub fn in_place(argv: &[String]) -> bool {
    matches!(invocation(argv), Ok(Invocation { in_place: Some(_), .. }))
}

pub fn sed(argv: &[String], input: &Input) -> Out {
    let inv = match invocation(argv) {
        Ok(inv) => inv,
        Err(out) => return out,
    };
    if inv.in_place.is_some() {
        return Out::fail("sed: (playground) sed -i edits the playground's files only as a command of its own, not under xargs or watch\n".into(), 4);
    }
    let mut out = Out::default();
    let mut text = String::new();
    if inv.operands.is_empty() {
        text.push_str(input.stdin);
    }
    for name in &inv.operands {
        let file = if name == "-" { Some(input.stdin.to_string()) } else { (!name.ends_with('/')).then(|| (input.read)(name)).flatten() };
        match file {
            Some(t) => text.push_str(&t),
            // A directory is a read error, which ends GNU sed at once.
            None if (input.read)(&format!("{}/", name.trim_end_matches('/'))).is_some() => {
                out.stdout.push_str(&edit(&inv.commands, inv.quiet, &text));
                out.stderr.push_str(&format!("sed: read error on {name}: Is a directory\n"));
                out.status = 4;
                return out;
            }
            None => {
                out.stderr.push_str(&format!("sed: can't read {name}: No such file or directory\n"));
                out.status = 2;
            }
        }
    }
    out.stdout.push_str(&edit(&inv.commands, inv.quiet, &text));
    out
}

/// `sed -i[SUFFIX] SCRIPT FILE...`: each file edited on its own (its own
/// line numbers and `$`, as GNU's -i implies -s), what the script prints
/// going back into the file, the old text kept as FILE+SUFFIX when there
/// is a suffix. The edits so far are kept when a later file is missing.
pub fn sed_in_place(argv: &[String], files: &mut BTreeMap<String, String>, limit: usize) -> Out {
    let inv = match invocation(argv) {
        Ok(inv) => inv,
        Err(out) => return out,
    };
    let suffix = inv.in_place.unwrap_or_default();
    if inv.operands.is_empty() {
        return Out::fail("sed: no input files\n".into(), 4);
    }
    let mut out = Out::default();
    for name in &inv.operands {
        let read = |n: &str| super::files::read(files, n);
        let Some(text) = (!name.ends_with('/')).then(|| read(name)).flatten() else {
            if read(&format!("{}/", name.trim_end_matches('/'))).is_some() {
                out.stderr.push_str(&format!("sed: couldn't edit {name}: not a regular file\n"));
                out.status = 4;
            } else {
                out.stderr.push_str(&format!("sed: can't read {name}: No such file or directory\n"));
                out.status = 2;
            }
            continue;
        };
        let edited = edit(&inv.commands, inv.quiet, &text);
        let mut writes = Vec::new();
        if !suffix.is_empty() {
            // GNU's suffix may hold `*`, standing for the file's base name.
            let backup = if suffix.contains('*') {
                let (dir, base) = name.rsplit_once('/').map_or(("", name.as_str()), |(d, b)| (d, b));
                let named = suffix.replace('*', base);
                if named.contains('/') || dir.is_empty() { named } else { format!("{dir}/{named}") }
            } else {
                format!("{name}{suffix}")
            };
            writes.push((backup, text));
        }
        writes.push((name.clone(), edited));
        if let Err(e) = super::files::keep(files, writes, limit) {
            out.stderr.push_str(&e);
            out.stderr.push('\n');
            out.status = 4;
            return out;
        }
    }
    out
}

/// What the commands make of `text`: the lines kept, and those printed.
fn edit(commands: &[Command], quiet: bool, text: &str) -> String {
    let mut out = String::new();
    let all = lines(text);
    // Ranges in progress, per command.
    let mut open = vec![false; commands.len()];
    for (n, line) in all.iter().enumerate() {
        let last = n + 1 == all.len();
        let mut line = line.to_string();
        let mut deleted = false;
        for (k, c) in commands.iter().enumerate() {
            if !c.selects(n + 1, last, &line, &mut open[k]) {
                continue;
            }
            match &c.op {
                Op::Delete => {
                    deleted = true;
                    break;
                }
                Op::Print => {
                    out.push_str(&line);
                    out.push('\n');
                }
                Op::Subst(sub) => {
                    let (next, changed) = sub.apply(&line);
                    line = next;
                    if changed && sub.print {
                        out.push_str(&line);
                        out.push('\n');
                    }
                }
            }
        }
        if !deleted && !quiet {
            out.push_str(&line);
            out.push('\n');
        }
    }
    // A last line without its newline is printed without one, as GNU does.
    if !text.is_empty() && !text.ends_with('\n') && out.ends_with('\n') {
        out.pop();
    }
    out
}

/// The commands of one script; errors say where, as GNU's `char N: …`.
fn parse_script(script: &str, extended: bool) -> Result<Vec<Command>, String> {
    let chars: Vec<char> = script.chars().collect();
    let mut i = 0;
    let mut out = Vec::new();
    loop {
        while i < chars.len() && (chars[i].is_whitespace() || chars[i] == ';') {
            i += 1;
        }
        if i >= chars.len() {
            return Ok(out);
        }
        let syntax = if extended {
            Syntax::Extended
        } else {
            Syntax::Basic
        };
        let from = address(&chars, &mut i, syntax)?;
        let mut to = None;
        if from.is_some() && chars.get(i) == Some(&',') {
            i += 1;
            to = Some(
                address(&chars, &mut i, syntax)?
                    .ok_or_else(|| format!("char {}: unexpected `,'", i))?,
            );
        }
        while chars.get(i).is_some_and(|c| *c == ' ') {
            i += 1;
        }
        let Some(&cmd) = chars.get(i) else {
            return Err(format!("char {}: missing command", chars.len()));
        };
        i += 1;
        match cmd {
            'd' | 'p' => {
                out.push(Command { from, to, op: if cmd == 'd' { Op::Delete } else { Op::Print } });
                continue;
            }
            's' => {}
            _ => return Err(format!("char {i}: (playground) only the s, d and p commands are supported here, not `{cmd}'")),
        }
        let Some(&delim) = chars.get(i).filter(|c| **c != '\n' && **c != '\\') else {
            return Err(format!("char {}: unterminated `s' command", chars.len()));
        };
        i += 1;
        let unterminated = || format!("char {}: unterminated `s' command", chars.len());
        let (pattern, next) = part(&chars, i, delim, true).ok_or_else(unterminated)?;
        let (replacement, next) = part(&chars, next, delim, false).ok_or_else(unterminated)?;
        i = next;
        let (mut global, mut nth, mut icase, mut print) = (false, None::<usize>, false, false);
        while let Some(&f) = chars.get(i) {
            match f {
                'g' => global = true,
                'p' => print = true,
                'i' | 'I' => icase = true,
                d if d.is_ascii_digit() => {
                    nth = Some(nth.unwrap_or(0) * 10 + d as usize - '0' as usize)
                }
                // Blanks between flags are skipped, as GNU does.
                ' ' | '\t' => {}
                // The command's end is read with it, so GNU's later
                // errors for this command count it.
                ';' | '\n' => {
                    i += 1;
                    break;
                }
                '}' | '#' => break,
                _ => return Err(format!("char {}: unknown option to `s'", i + 1)),
            }
            i += 1;
        }
        if nth == Some(0) {
            return Err(format!(
                "char {i}: number option to `s' command may not be zero"
            ));
        }
        if pattern.is_empty() {
            return Err("char 0: no previous regular expression".into());
        }
        let re = Regex::with_options(
            &[pattern.as_str()],
            syntax,
            Options {
                ignore_case: icase,
                ..Options::default()
            },
        )
        .map_err(|e| format!("char {i}: {e}"))?;
        let with = replacement::pieces(&replacement);
        if let Some(n) = with.iter().find_map(|p| match p {
            Piece::Group(n) if *n > re.groups() => Some(*n),
            _ => None,
        }) {
            return Err(format!("char {i}: invalid reference \\{n} on `s' command's RHS"));
        }
        let groups = with.iter().any(|p| matches!(p, Piece::Group(_)));
        if groups {
            // GNU takes these; only recording so many groups is too big here.
            re.check_captures().map_err(|_| format!("char {i}: (playground) the groups of this expression are repeated too often to record them here"))?;
        }
        out.push(Command {
            from,
            to,
            op: Op::Subst(Subst {
                re,
                with,
                groups,
                global,
                nth: nth.unwrap_or(1),
                print,
            }),
        });
    }
}

/// An address at `i`, if one starts there: `N`, `$` or `/RE/`.
fn address(chars: &[char], i: &mut usize, syntax: Syntax) -> Result<Option<Addr>, String> {
    match chars.get(*i) {
        Some(c) if c.is_ascii_digit() => {
            let mut n = 0usize;
            while let Some(d) = chars.get(*i).and_then(|c| c.to_digit(10)) {
                n = n.saturating_mul(10).saturating_add(d as usize);
                *i += 1;
            }
            if n == 0 {
                // GNU reports it at the command after the address.
                return Err(format!("char {}: invalid usage of line address 0", *i + 1));
            }
            Ok(Some(Addr::Line(n)))
        }
        Some('$') => {
            *i += 1;
            Ok(Some(Addr::Last))
        }
        Some('/') => {
            let (pattern, next) = part(chars, *i + 1, '/', true)
                .ok_or_else(|| format!("char {}: unterminated address regex", chars.len()))?;
            *i = next;
            if pattern.is_empty() {
                return Err("char 0: no previous regular expression".into());
            }
            let re = Regex::new(&pattern, syntax).map_err(|e| format!("char {}: {e}", *i))?;
            Ok(Some(Addr::Re(re)))
        }
        _ => Ok(None),
    }
}

impl Addr {
    fn matches(&self, n: usize, last: bool, line: &str) -> bool {
        match self {
            Addr::Line(k) => *k == n,
            Addr::Last => last,
            Addr::Re(re) => re.is_match(line),
        }
    }
}

impl Command {
    /// Whether line `n` is selected; `open` is this command's range state.
    fn selects(&self, n: usize, last: bool, line: &str, open: &mut bool) -> bool {
        let Some(from) = &self.from else { return true };
        let Some(to) = &self.to else {
            return from.matches(n, last, line);
        };
        if *open {
            // A line-number end at or before this line closes the range here.
            let ends = match to {
                Addr::Line(k) => n >= *k,
                other => other.matches(n, last, line),
            };
            *open = !ends;
            return true;
        }
        if from.matches(n, last, line) {
            *open = match to {
                Addr::Line(k) => n < *k,
                _ => true,
            };
            return true;
        }
        false
    }
}

/// The text up to the next unescaped `delim`, from `i`, and where the
/// text after it starts. In the pattern `\DELIM` is the delimiter itself;
/// other escapes stay for the regex (or the replacement) to read.
fn part(chars: &[char], mut i: usize, delim: char, pattern: bool) -> Option<(String, usize)> {
    let mut s = String::new();
    while i < chars.len() {
        let c = chars[i];
        if c == '\\' {
            let next = *chars.get(i + 1)?;
            if next == delim {
                s.push(delim);
            } else if next == 'n' && pattern {
                s.push('\n');
            } else {
                s.push('\\');
                s.push(next);
            }
            i += 2;
            continue;
        }
        if c == delim {
            return Some((s, i + 1));
        }
        s.push(c);
        i += 1;
    }
    None
}

impl Subst {
    /// The line with the replacements made, and whether any was.
    fn apply(&self, line: &str) -> (String, bool) {
        let mut out = String::new();
        let mut changed = false;
        let (mut at, mut count) = (0, 0);
        let mut prev_end = None;
        while at <= line.len() {
            // Captures cost a slower search: only when the text names a group.
            let spans = if self.groups {
                self.re.captures_at(line, at)
            } else {
                self.re.find_at(line, at).map(|whole| vec![Some(whole)])
            };
            let Some((start, end)) = spans.as_ref().and_then(|s| s[0]) else {
                break;
            };
            let spans = spans.unwrap_or_default();
            if start == end && prev_end == Some(start) {
                // GNU takes no empty match right where the last one ended
                // (`s/a*/x/g` on "baaac" is "xbxcx"): one character on.
                match line[start..].chars().next() {
                    Some(c) => {
                        out.push_str(&line[at..start + c.len_utf8()]);
                        at = start + c.len_utf8();
                        continue;
                    }
                    None => break,
                }
            }
            prev_end = Some(end);
            count += 1;
            out.push_str(&line[at..start]);
            if count >= self.nth {
                changed = true;
                replacement::write(&mut out, &self.with, line, &spans);
            } else {
                out.push_str(&line[start..end]);
            }
            at = end;
            if start == end {
                // An empty match: the next search starts one character on.
                match line[end..].chars().next() {
                    Some(c) => {
                        out.push(c);
                        at += c.len_utf8();
                    }
                    None => {
                        at = line.len() + 1;
                    }
                }
            }
            if count >= self.nth && !self.global {
                break;
            }
        }
        if at <= line.len() {
            out.push_str(&line[at..]);
        }
        (out, changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str], stdin: &str) -> Out {
        let argv: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let read = |_: &str| None;
        sed(&argv, &Input { stdin, read: &read })
    }

    // Outputs as GNU sed 4.9 prints them.
    #[test]
    fn substitutions() {
        let cases: &[(&[&str], &str, &str)] = &[
            (
                &["s/\\$ITEM/apple/"],
                "  name: process-item-$ITEM\n",
                "  name: process-item-apple\n",
            ),
            (&["s/a/b/"], "aaa\n", "baa\n"),
            (&["s/a/b/g"], "aaa\nxa\n", "bbb\nxb\n"),
            (&["s/a/b/2"], "aaa\n", "aba\n"),
            (&["s/a/b/2g"], "aaaa\n", "abbb\n"),
            (&["s/A/b/gi"], "aXa\n", "bXb\n"),
            (&["s|/|:|g"], "/a/b\n", ":a:b\n"),
            (&["s/[0-9]\\+/<&>/g"], "a12b3\n", "a<12>b<3>\n"),
            (&["-E", "s/(ab)+/X/"], "ababc\n", "Xc\n"),
            (&["s/x*/-/g"], "abc\n", "-a-b-c-\n"),
            (&["s/a/b/; s/b/c/"], "a\n", "c\n"),
            (&["-e", "s/a/1/", "-e", "s/b/2/"], "ab\n", "12\n"),
            (&["s/a/\\&/"], "a\n", "&\n"),
            (&["s/$/!/"], "no newline", "no newline!"),
            (&["1d"], "NAME\na\nb\n", "a\nb\n"),
            (&["$d"], "a\nb\n", "a\n"),
            (&["-n", "/b/p"], "a\nb\nab\n", "b\nab\n"),
            (&["-n", "2,3p"], "a\nb\nc\nd\n", "b\nc\n"),
            (&["/start/,/end/d"], "a\nstart\nx\nend\nb\n", "a\nb\n"),
            (&["-n", "s/a/A/p"], "a\nb\n", "A\n"),
            // `kubectl replace --help`'s example.
            (
                &["s/\\(image: myimage\\):.*$/\\1:v4/"],
                "    image: myimage:v1\n",
                "    image: myimage:v4\n",
            ),
            (&["-E", "s/(.*)=(.*)/\\2=\\1/"], "key=value\n", "value=key\n"),
            (&["-r", "s/(.*)=(.*)/\\2=\\1/"], "a=b=c\n", "c=a=b\n"),
            (&["s/\\([a-z]\\)\\([0-9]\\)/\\2\\1/g"], "a1b2c3\n", "1a2b3c\n"),
            (&["s/\\([a-z]\\)\\([0-9]\\)/\\2\\1/2"], "a1b2c3\n", "a12bc3\n"),
            (&["-n", "s/\\([a-z]\\)\\([0-9]\\)/<\\2\\1>/2p"], "a1b2c3\nx\n", "a1<2b>c3\n"),
            (&["s/\\(\\w*\\) \\(\\w*\\)/\\2 \\1/"], "hello world\n", "world hello\n"),
            // A group that took no part is empty.
            (&["s/\\(a\\)\\|b/[\\1]/g"], "ab\n", "[a][]\n"),
            (&["s/\\(a\\)/\\&\\1&\\0/"], "ab\n", "&aaab\n"),
            (&["-E", "s/(a)/\\1\\\\1/"], "ab\n", "a\\1b\n"),
            (&["s/\\(a\\)/<\\1>/I"], "AB\n", "<A>B\n"),
            (&["-E", "s/(b|)/[\\1]/g"], "abc\n", "[]a[b]c[]\n"),
            (&["s/a/x\\ty/"], "ab\n", "x\tyb\n"),
            // No empty match right after a match; blanks between flags.
            (&["s/a*/x/g"], "baaac\n", "xbxcx\n"),
            (&["s/b*/x/2"], "abc\n", "axc\n"),
            (&["s/b*/x/3"], "abc\n", "abcx\n"),
            (&["s/a/b/ g"], "aa\n", "bb\n"),
            // Case conversions.
            (&["s/\\w\\+/\\u&/g"], "hello world\n", "Hello World\n"),
            (&["s/\\(h\\)\\(.*\\)/\\u\\2\\E-\\U\\1x\\Ey/"], "hello\n", "Ello-HXy\n"),
            (&["s/.*/\\u\\L&X/"], "hello\n", "hellox\n"),
            (&["s/.*/\\L\\u&X/"], "hello\n", "Hellox\n"),
            (&["s/.*/\\U\\l&X/"], "hello\n", "hELLOX\n"),
            (&["s/\\(h\\)\\(.*\\)/\\u-\\1/"], "hello\n", "-h\n"),
            (&["s/a/\\U&/g"], "ab ab\n", "Ab Ab\n"),
            (&["s/.*/\\U&/"], "éa\n", "ÉA\n"),
        ];
        for (args, stdin, want) in cases {
            let out = run(args, stdin);
            assert_eq!(
                (out.stdout.as_str(), out.stderr.as_str(), out.status),
                (*want, "", 0),
                "{args:?}"
            );
        }
    }

    #[test]
    fn refusals() {
        let cases: &[(&[&str], &str)] = &[
            (
                &["s/a/b"],
                "sed: -e expression #1, char 5: unterminated `s' command\n",
            ),
            (
                &["s/a/b/q"],
                "sed: -e expression #1, char 7: unknown option to `s'\n",
            ),
            (
                &["s/a/b/0"],
                "sed: -e expression #1, char 7: number option to `s' command may not be zero\n",
            ),
            (&[], USAGE),
            (
                &["s/a/\\1/"],
                "sed: -e expression #1, char 7: invalid reference \\1 on `s' command's RHS\n",
            ),
            (
                &["-E", "s/(a)/\\2/"],
                "sed: -e expression #1, char 9: invalid reference \\2 on `s' command's RHS\n",
            ),
            (
                &["s/\\(a\\)/\\1/;s/b/\\2/"],
                "sed: -e expression #1, char 19: invalid reference \\2 on `s' command's RHS\n",
            ),
            // `\(` is a plain parenthesis in an ERE.
            (
                &["-E", "s/\\(a\\)/\\1/"],
                "sed: -e expression #1, char 11: invalid reference \\1 on `s' command's RHS\n",
            ),
            (
                &["s/a/\\1/ ;p"],
                "sed: -e expression #1, char 9: invalid reference \\1 on `s' command's RHS\n",
            ),
            (
                &["s/\\(/x/;p"],
                "sed: -e expression #1, char 8: Unmatched ( or \\(\n",
            ),
            (
                &["-e", "p", "-e", "s/a/\\1/"],
                "sed: -e expression #2, char 7: invalid reference \\1 on `s' command's RHS\n",
            ),
        ];
        for (args, want) in cases {
            let out = run(args, "x\n");
            assert_eq!((out.stderr.as_str(), out.status), (*want, 1), "{args:?}");
        }
        assert!(run(&["y/a/b/"], "x\n")
            .stderr
            .contains("(playground) only the s, d and p commands"));
        // Without `\1` the groups need not be recorded.
        assert_eq!(run(&["s/\\(\\(\\(\\)\\)\\)\\{9999\\}/-/"], "x\n").stdout, "-x\n");
        assert!(run(&["s/\\(\\(\\(\\)\\)\\)\\{9999\\}/\\1/"], "x\n")
            .stderr
            .starts_with("sed: -e expression #1, char 26: (playground) the groups"));
        assert_eq!(
            run(&["0d"], "x\n").stderr,
            "sed: -e expression #1, char 2: invalid usage of line address 0\n"
        );
    }

    // GNU sed 4.9's -i, run here.
    #[test]
    fn edits_in_place() {
        let argv = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
        let mut files: BTreeMap<String, String> =
            [("f", "a\nb\n"), ("g", "aa"), ("d/x", "")].iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        assert!(in_place(&argv("-i s/a/X/ f")) && !in_place(&argv("s/a/X/ f")));
        let o = sed_in_place(&argv("-i s/a/X/;$d f g"), &mut files, 1 << 20);
        assert_eq!((o.stdout.as_str(), o.stderr.as_str(), o.status), ("", "", 0));
        // Each file its own `$`; a last line without newline stays so.
        assert_eq!((files["f"].as_str(), files["g"].as_str()), ("X\n", ""));
        let o = sed_in_place(&argv("-i.bak -n s/X/Y/p f"), &mut files, 1 << 20);
        assert_eq!(o.status, 0);
        assert_eq!((files["f"].as_str(), files["f.bak"].as_str()), ("Y\n", "X\n"));
        sed_in_place(&argv("--in-place=.orig s/Y/Z/ f"), &mut files, 1 << 20);
        assert_eq!((files["f"].as_str(), files["f.orig"].as_str()), ("Z\n", "Y\n"));
        let cases: &[(&str, &str, i32)] = &[
            ("-i s/a/b/", "sed: no input files\n", 4),
            ("-i s/a/b/ nope", "sed: can't read nope: No such file or directory\n", 2),
            ("-i s/a/b/ d", "sed: couldn't edit d: not a regular file\n", 4),
        ];
        for (args, want, status) in cases {
            let o = sed_in_place(&argv(args), &mut files, 1 << 20);
            assert_eq!((o.stderr.as_str(), o.status), (*want, *status), "{args}");
        }
        let o = run(&["-i", "s/a/b/", "f"], "");
        assert!(o.stderr.contains("(playground)"), "{o:?}");
        let o = run(&["p", "nope", "-"], "x\n");
        assert_eq!((o.stdout.as_str(), o.stderr.as_str(), o.status), ("x\nx\n", "sed: can't read nope: No such file or directory\n", 2));
    }
}
