//! GNU `xargs` (findutils 4.9) at the end of a pipe: its options, its
//! reading of the input (blanks and newlines separate items; quotes and
//! backslashes are processed; `-0` and `-d` take items whole), and the
//! commands it builds, each run as a line of its own would run
//! (kubectl, sim or a text tool; `echo` when none is named), one after
//! another. Its exit status follows findutils: 123 when a command
//! failed, 124 for a 255, 127 for a command not found.

use super::{quiet, Stage};
use crate::{CommandOutput, Playground, Ran};

/// How input items are separated.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Delimiter {
    /// Blanks and newlines, with quotes and backslashes processed.
    Blank,
    /// One character; the items are taken as they are.
    Char(char),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Options {
    max_args: Option<usize>,
    max_lines: Option<usize>,
    replace: Option<String>,
    no_run_if_empty: bool,
    delimiter: Delimiter,
    verbose: bool,
    eof: Option<String>,
}

/// An error in xargs' words (a usage error adds its pointer to --help).
fn usage(text: &str) -> (String, i32) {
    (
        format!("xargs: {text}\nTry 'xargs --help' for more information.\n"),
        1,
    )
}

fn count(value: &str, option: char) -> Result<usize, (String, i32)> {
    let n: i64 = value
        .trim()
        .parse()
        .map_err(|_| usage(&format!("invalid number \"{value}\" for -{option} option")))?;
    if n < 1 {
        return Err(usage(&format!(
            "value {n} for -{option} option should be >= 1"
        )));
    }
    Ok(n as usize)
}

/// `-d`'s argument: one character or a C escape.
fn delimiter(spec: &str) -> Result<char, (String, i32)> {
    let mut chars = spec.chars();
    let c = match (chars.next(), chars.next(), chars.next()) {
        (Some(c), None, _) => Some(c),
        (Some('\\'), Some(e), None) => match e {
            'n' => Some('\n'),
            't' => Some('\t'),
            '0' => Some('\0'),
            'r' => Some('\r'),
            '\\' => Some('\\'),
            _ => None,
        },
        _ => None,
    };
    c.ok_or_else(|| (format!("xargs: Invalid input delimiter specification {spec}: the delimiter must be either a single character or an escape sequence starting with \\.\n"), 1))
}

/// Options up to the command (getopt's, which stops at the first word
/// that is not one).
fn parse(args: &[String]) -> Result<(Options, Vec<String>), (String, i32)> {
    let mut o = Options {
        max_args: None,
        max_lines: None,
        replace: None,
        no_run_if_empty: false,
        delimiter: Delimiter::Blank,
        verbose: false,
        eof: None,
    };
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        i += 1;
        if arg == "--" {
            break;
        }
        if let Some(long) = arg.strip_prefix("--") {
            let (name, value) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (long, None),
            };
            let mut required = |flag: &str| match value.clone() {
                Some(v) => Ok(v),
                None => args
                    .get(i)
                    .cloned()
                    .inspect(|_| i += 1)
                    .ok_or_else(|| usage(&format!("option '--{flag}' requires an argument"))),
            };
            match name {
                "max-args" => o.max_args = Some(count(&required("max-args")?, 'n')?),
                "max-lines" => o.max_lines = Some(count(&required("max-lines")?, 'L')?),
                "replace" => o.replace = Some(value.unwrap_or_else(|| "{}".into())),
                "no-run-if-empty" => o.no_run_if_empty = true,
                "null" => o.delimiter = Delimiter::Char('\0'),
                "delimiter" => o.delimiter = Delimiter::Char(delimiter(&required("delimiter")?)?),
                "verbose" => o.verbose = true,
                "eof" => o.eof = value,
                "max-procs" | "max-chars" => {
                    required(name)?;
                }
                "exit" => {}
                "interactive" | "open-tty" | "arg-file" | "process-slot-var" | "show-limits"
                | "help" | "version" => {
                    return Err((
                        format!("xargs: (playground) --{name} is not simulated here\n"),
                        1,
                    ));
                }
                _ => return Err(usage(&format!("unrecognized option '{arg}'"))),
            }
            continue;
        }
        if !arg.starts_with('-') || arg == "-" {
            i -= 1;
            break;
        }
        let flags: Vec<char> = arg[1..].chars().collect();
        let mut k = 0;
        while let Some(&f) = flags.get(k) {
            k += 1;
            let attached: String = flags[k..].iter().collect();
            // An option's value: the rest of this word, or the next word.
            let mut value = |k: &mut usize| -> Result<String, (String, i32)> {
                *k = flags.len();
                if !attached.is_empty() {
                    return Ok(attached.clone());
                }
                let v = args
                    .get(i)
                    .cloned()
                    .ok_or_else(|| usage(&format!("option requires an argument -- '{f}'")))?;
                i += 1;
                Ok(v)
            };
            match f {
                'n' => o.max_args = Some(count(&value(&mut k)?, 'n')?),
                'L' => o.max_lines = Some(count(&value(&mut k)?, 'L')?),
                'I' => o.replace = Some(value(&mut k)?),
                // The old spellings take their value only attached.
                'i' => {
                    o.replace = Some(if attached.is_empty() {
                        "{}".into()
                    } else {
                        attached.clone()
                    });
                    k = flags.len();
                }
                'l' => {
                    o.max_lines = Some(if attached.is_empty() {
                        1
                    } else {
                        count(&attached, 'l')?
                    });
                    k = flags.len();
                }
                'e' => {
                    o.eof = (!attached.is_empty()).then(|| attached.clone());
                    k = flags.len();
                }
                'E' => o.eof = Some(value(&mut k)?),
                'd' => o.delimiter = Delimiter::Char(delimiter(&value(&mut k)?)?),
                '0' => o.delimiter = Delimiter::Char('\0'),
                'r' => o.no_run_if_empty = true,
                't' => o.verbose = true,
                'x' => {}
                'P' => {
                    let v = value(&mut k)?;
                    if v.parse::<u64>().is_err() {
                        return Err(usage(&format!("invalid number \"{v}\" for -P option")));
                    }
                }
                's' => {
                    value(&mut k)?;
                }
                'p' | 'a' | 'o' => {
                    return Err((
                        format!("xargs: (playground) -{f} is not simulated here\n"),
                        1,
                    ))
                }
                _ => return Err(usage(&format!("invalid option -- '{f}'"))),
            }
        }
    }
    let mut command = args[i.min(args.len())..].to_vec();
    if command.is_empty() {
        command.push("echo".into());
    }
    Ok((o, command))
}

/// The input read into lines of items, and the error that stopped the
/// reading (an unmatched quote), after which nothing more is read.
fn read(input: &str, o: &Options) -> (Vec<Vec<String>>, Option<String>) {
    if let Delimiter::Char(d) = o.delimiter {
        let mut items: Vec<String> = input.split(d).map(str::to_string).collect();
        // The text after the last delimiter is an item unless empty.
        if items.last().is_some_and(String::is_empty) {
            items.pop();
        }
        return (items.into_iter().map(|i| vec![i]).collect(), None);
    }
    // -I: one item per line, leading blanks dropped.
    let whole_lines = o.replace.is_some();
    let mut lines: Vec<Vec<String>> = Vec::new();
    let mut line: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = input.chars();
    // A line ending in a blank goes on to the next one (-L).
    let mut trailing_blank = false;
    while let Some(c) = chars.next() {
        if let Some(q) = quote {
            if c == q {
                quote = None;
            } else if c == '\n' {
                if !line.is_empty() {
                    lines.push(line);
                }
                return (cut_at_eof(lines, o.eof.as_deref()), Some(unmatched(q)));
            } else {
                word.push(c);
            }
            continue;
        }
        match c {
            '\n' => {
                if in_word {
                    line.push(std::mem::take(&mut word));
                    in_word = false;
                    trailing_blank = false;
                }
                if whole_lines {
                    if let Some(last) = line.pop() {
                        lines.push(vec![last]);
                    }
                } else if !line.is_empty() && !trailing_blank {
                    lines.push(std::mem::take(&mut line));
                }
            }
            ' ' | '\t' if !whole_lines || !in_word => {
                if in_word && !whole_lines {
                    line.push(std::mem::take(&mut word));
                    in_word = false;
                }
                trailing_blank = true;
            }
            '\'' | '"' => {
                quote = Some(c);
                in_word = true;
            }
            '\\' => {
                if let Some(next) = chars.next() {
                    word.push(next);
                }
                in_word = true;
            }
            c => {
                word.push(c);
                in_word = true;
                trailing_blank = false;
            }
        }
    }
    let error = quote.map(unmatched);
    if in_word {
        line.push(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    (cut_at_eof(lines, o.eof.as_deref()), error)
}

/// `-E EOF`: the input ends before the first item that is EOF.
fn cut_at_eof(lines: Vec<Vec<String>>, eof: Option<&str>) -> Vec<Vec<String>> {
    let Some(eof) = eof else { return lines };
    let mut kept = Vec::new();
    for mut line in lines {
        if let Some(i) = line.iter().position(|w| w == eof) {
            line.truncate(i);
            if !line.is_empty() {
                kept.push(line);
            }
            break;
        }
        kept.push(line);
    }
    kept
}

fn unmatched(q: char) -> String {
    let which = if q == '\'' { "single" } else { "double" };
    format!("xargs: unmatched {which} quote; by default quotes are special to xargs unless you use the -0 option\n")
}

/// The command lines xargs runs for `lines`.
fn commands(o: &Options, command: &[String], lines: Vec<Vec<String>>) -> Vec<Vec<String>> {
    if let Some(r) = &o.replace {
        return lines
            .into_iter()
            .map(|l| {
                command
                    .iter()
                    .map(|w| w.replace(r.as_str(), &l.concat()))
                    .collect()
            })
            .collect();
    }
    if lines.is_empty() {
        return if o.no_run_if_empty {
            Vec::new()
        } else {
            vec![command.to_vec()]
        };
    }
    let with = |args: Vec<String>| command.iter().cloned().chain(args).collect::<Vec<String>>();
    if let Some(n) = o.max_lines {
        return lines.chunks(n).map(|c| with(c.concat())).collect();
    }
    let args: Vec<String> = lines.concat();
    match o.max_args {
        Some(n) => args.chunks(n).map(|c| with(c.to_vec())).collect(),
        None => vec![with(args)],
    }
}

/// `-t`'s echo of a command: words with blanks or quotes shell-quoted.
fn shown(argv: &[String]) -> String {
    argv.iter()
        .map(|w| {
            if !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./=:,%+@{}".contains(c))
            {
                w.clone()
            } else {
                format!("'{}'", w.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Most commands one xargs may run: a pipe of many lines must not keep
/// the page busy.
const MAX_COMMANDS: usize = super::list::MAX_ITERATIONS;

impl Playground {
    /// `xargs ARGS` with `input` as its standard input.
    pub(super) fn xargs(&mut self, args: &[String], input: &str) -> Stage {
        let (o, command) = match parse(args) {
            Ok(p) => p,
            Err((stderr, status)) => {
                return Stage {
                    stderr,
                    status,
                    ..quiet(true)
                }
            }
        };
        let (lines, error) = read(input, &o);
        let runs = commands(&o, &command, lines);
        let mut out = CommandOutput::default();
        let push = |out: &mut CommandOutput, o: &CommandOutput| {
            for (to_err, text) in o.pieces() {
                if to_err {
                    out.stderr_at.push((out.stdout.len(), out.stderr.len()));
                    out.stderr.push_str(text);
                } else {
                    out.stdout.push_str(text);
                }
            }
        };
        let mut status = 0;
        if runs.len() > MAX_COMMANDS {
            push(&mut out, &crate::error(format!("xargs: (playground) the input makes {} commands; xargs here runs at most {MAX_COMMANDS}", runs.len())));
            return out.into();
        }
        for argv in runs {
            if o.verbose {
                push(&mut out, &crate::error(shown(&argv)));
            }
            let ran = match self.run_line(&super::requote(&argv), None, false) {
                Ran::Printed(r) => r,
                Ran::Started => self.work(usize::MAX).unwrap_or_default(),
            };
            let name = argv.first().cloned().unwrap_or_default();
            let code = ran.status();
            if code == 127 && ran.stderr == super::not_found(&name) {
                push(
                    &mut out,
                    &crate::error(format!("xargs: {name}: No such file or directory")),
                );
                status = 127;
                break;
            }
            push(&mut out, &ran);
            match code {
                0 => {}
                255 => {
                    push(
                        &mut out,
                        &crate::error(format!("xargs: {name}: exited with status 255; aborting")),
                    );
                    status = 124;
                    break;
                }
                _ => status = 123,
            }
        }
        if let Some(e) = error {
            push(&mut out, &crate::error(e.trim_end().to_string()));
            status = 1;
        }
        let mut stage: Stage = out.into();
        stage.status = status;
        stage
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(s: &[&str]) -> Vec<String> {
        s.iter().map(|w| w.to_string()).collect()
    }

    /// The commands GNU xargs 4.9 builds (each case checked against it).
    type Built = (Vec<Vec<String>>, Option<String>);

    fn built(args: &[&str], input: &str) -> Result<Built, (String, i32)> {
        let (o, command) = parse(&argv(args))?;
        let (lines, error) = read(input, &o);
        Ok((commands(&o, &command, lines), error))
    }

    #[test]
    fn commands_as_gnu_xargs_builds_them() {
        type Case<'a> = (&'a [&'a str], &'a str, &'a [&'a [&'a str]]);
        let cases: &[Case] = &[
            (
                &["-n1", "echo"],
                "a b\nc",
                &[&["echo", "a"], &["echo", "b"], &["echo", "c"]],
            ),
            (
                &["-n1", "echo"],
                "a 'b c' \"d e\" f\\ g\n",
                &[
                    &["echo", "a"],
                    &["echo", "b c"],
                    &["echo", "d e"],
                    &["echo", "f g"],
                ],
            ),
            (&["echo", "x"], "", &[&["echo", "x"]]),
            (&["-r", "echo", "x"], "", &[]),
            (&["--no-run-if-empty", "echo"], "  \n", &[]),
            (
                &["-I{}", "echo", "[{}]"],
                "  a b  \n c \n\n d",
                &[&["echo", "[a b  ]"], &["echo", "[c ]"], &["echo", "[d]"]],
            ),
            (
                &["-I", "%", "echo", "x", "%", "y", "%"],
                "a\nb\n",
                &[&["echo", "x", "a", "y", "a"], &["echo", "x", "b", "y", "b"]],
            ),
            (&["-i", "echo", "[{}]"], "a\n", &[&["echo", "[a]"]]),
            (&["-I{}", "echo", "{}"], "", &[]),
            (
                &["-0", "-n1", "echo"],
                "a\0b c\0",
                &[&["echo", "a"], &["echo", "b c"]],
            ),
            (&["-0", "echo"], "a b\n", &[&["echo", "a b\n"]]),
            (
                &["-n", "2", "echo"],
                "a b c d e\n",
                &[&["echo", "a", "b"], &["echo", "c", "d"], &["echo", "e"]],
            ),
            (
                &["-L", "1", "echo"],
                "a b\nc d\ne\n",
                &[&["echo", "a", "b"], &["echo", "c", "d"], &["echo", "e"]],
            ),
            (
                &["-L1", "echo"],
                "a b \nc\nd\n",
                &[&["echo", "a", "b", "c"], &["echo", "d"]],
            ),
            (
                &["-d", "\\n", "-n1", "echo"],
                "a b\nc\n",
                &[&["echo", "a b"], &["echo", "c"]],
            ),
            (
                &["-d,", "-n1", "echo"],
                "a b,c\n",
                &[&["echo", "a b"], &["echo", "c\n"]],
            ),
            (
                &["-rn1", "echo"],
                "a\nb\n",
                &[&["echo", "a"], &["echo", "b"]],
            ),
            (&["-E", "a", "echo", "x"], "a\n", &[&["echo", "x"]]),
            (&["echo"], "a\"b\"c\n", &[&["echo", "abc"]]),
            (&["echo"], "a\\\nb\n", &[&["echo", "a\nb"]]),
            (&[], "x y\n", &[&["echo", "x", "y"]]),
            (
                &["kubectl", "delete"],
                "pod/a\npod/b\n",
                &[&["kubectl", "delete", "pod/a", "pod/b"]],
            ),
        ];
        for (args, input, want) in cases {
            let want: Vec<Vec<String>> = want.iter().map(|c| argv(c)).collect();
            assert_eq!(
                built(args, input),
                Ok((want, None)),
                "xargs {args:?} <<< {input:?}"
            );
        }
    }

    #[test]
    fn errors_in_gnu_xargs_words() {
        let (runs, error) = built(&["echo"], "a 'b c\n").unwrap_or_default();
        assert_eq!(runs, vec![argv(&["echo", "a"])]);
        assert_eq!(error.as_deref(), Some("xargs: unmatched single quote; by default quotes are special to xargs unless you use the -0 option\n"));
        let cases: &[(&[&str], &str)] = &[
            (&["-n0", "echo"], "xargs: value 0 for -n option should be >= 1\nTry 'xargs --help' for more information.\n"),
            (&["-n", "x"], "xargs: invalid number \"x\" for -n option\nTry 'xargs --help' for more information.\n"),
            (&["-L", "0"], "xargs: value 0 for -L option should be >= 1\nTry 'xargs --help' for more information.\n"),
            (&["-Q"], "xargs: invalid option -- 'Q'\nTry 'xargs --help' for more information.\n"),
            (&["--foo"], "xargs: unrecognized option '--foo'\nTry 'xargs --help' for more information.\n"),
            (&["-n"], "xargs: option requires an argument -- 'n'\nTry 'xargs --help' for more information.\n"),
            (&["-d", "ab"], "xargs: Invalid input delimiter specification ab: the delimiter must be either a single character or an escape sequence starting with \\.\n"),
        ];
        for (args, want) in cases {
            assert_eq!(
                parse(&argv(args)).map(|_| ()),
                Err((want.to_string(), 1)),
                "{args:?}"
            );
        }
    }

    #[test]
    fn verbose_quotes_as_xargs_does() {
        assert_eq!(shown(&argv(&["echo", "q r", "a", "b"])), "echo 'q r' a b");
    }
}

#[cfg(test)]
mod session_tests {
    use crate::Playground;

    #[test]
    fn runs_kubectl_and_text_tools_with_gnu_statuses() {
        let mut pg = Playground::new(1);
        assert!(
            !pg.run(
                "kubectl create deployment web --image=nginx --replicas=2",
                None
            )
            .failed
        );
        pg.run("sim settle", None);
        let out = pg.run("kubectl get pods -o name | xargs kubectl delete", None);
        assert_eq!(out.stdout.matches(" deleted\n").count(), 2, "{out:?}");
        let out = pg.run("echo \"'a b' c\" | xargs -n1 echo", None);
        assert_eq!(out.stdout, "a b\nc\n");
        let out = pg.run("echo x | xargs nosuch; echo $?", None);
        assert_eq!(
            (out.stdout.as_str(), out.stderr.as_str()),
            ("127\n", "xargs: nosuch: No such file or directory\n")
        );
        let out = pg.run("echo a b | xargs -n1 kubectl get pod; echo $?", None);
        assert!(out.stdout.ends_with("123\n"), "{out:?}");
        assert!(
            out.stderr.contains("pods \"a\" not found")
                && out.stderr.contains("pods \"b\" not found"),
            "{out:?}"
        );
        let out = pg.run("echo -n | xargs -r kubectl delete pod", None);
        assert_eq!(
            (out.stdout.as_str(), out.stderr.as_str(), out.failed),
            ("", "", false)
        );
    }
}
