//! bash's aliases: the `alias` and `unalias` builtins, and the expansion
//! of a typed line's command words before the line is parsed, as bash's
//! reader substitutes them. An interactive bash expands aliases; a line's
//! own `alias` takes effect from the next line on, since bash reads (and
//! expands) the whole line before running any of it.

use super::tools::Out;
use std::collections::{BTreeMap, BTreeSet};

pub(crate) type Aliases = BTreeMap<String, String>;

/// A name bash takes for an alias: no blank, quote, `$`, `/`, or
/// character that ends a word.
fn legal(name: &str) -> bool {
    !name.is_empty() && !name.contains(|c: char| " \t\n()<>;&|\"'`\\$/".contains(c))
}

/// `alias k='kubectl'`: a value quoted back as bash lists it.
fn listed(name: &str, value: &str) -> String {
    format!("alias {name}='{}'\n", value.replace('\'', "'\\''"))
}

/// `alias [-p] [NAME[=VALUE] …]`.
pub(super) fn alias(args: &[String], aliases: &mut Aliases) -> Out {
    let mut out = Out::default();
    let mut args = args;
    let mut print = args.is_empty();
    while let Some(first) = args.first().filter(|a| a.starts_with('-') && a.len() > 1) {
        args = &args[1..];
        match first.as_str() {
            "--" => break,
            "-p" => print = true,
            bad => {
                let opt = bad
                    .chars()
                    .nth(1)
                    .filter(|&c| c != 'p')
                    .map_or(bad.to_string(), |c| format!("-{c}"));
                return Out::fail(format!("bash: alias: {opt}: invalid option\nalias: usage: alias [-p] [name[=value] ... ]\n"), 2);
            }
        }
    }
    if print {
        for (name, value) in aliases.iter() {
            out.stdout.push_str(&listed(name, value));
        }
    }
    for arg in args {
        match arg.split_once('=').filter(|(name, _)| !name.is_empty()) {
            Some((name, _)) if !legal(name) => {
                out.stderr
                    .push_str(&format!("bash: alias: `{name}': invalid alias name\n"));
                out.status = 1;
            }
            Some((name, value)) => {
                aliases.insert(name.to_string(), value.to_string());
            }
            None => match aliases.get(arg.as_str()) {
                Some(value) => out.stdout.push_str(&listed(arg, value)),
                None => {
                    out.stderr
                        .push_str(&format!("bash: alias: {arg}: not found\n"));
                    out.status = 1;
                }
            },
        }
    }
    out
}

/// `unalias [-a] NAME …`.
pub(super) fn unalias(args: &[String], aliases: &mut Aliases) -> Out {
    const USAGE: &str = "unalias: usage: unalias [-a] name [name ...]\n";
    let mut args = args;
    if let Some(first) = args.first().filter(|a| a.starts_with('-') && a.len() > 1) {
        args = &args[1..];
        match first.as_str() {
            "--" => {}
            "-a" => {
                aliases.clear();
                return Out::default();
            }
            bad => {
                let opt = bad
                    .chars()
                    .nth(1)
                    .filter(|&c| c != 'a')
                    .map_or(bad.to_string(), |c| format!("-{c}"));
                return Out::fail(format!("bash: unalias: {opt}: invalid option\n{USAGE}"), 2);
            }
        }
    }
    if args.is_empty() {
        return Out::fail(USAGE.to_string(), 2);
    }
    let mut out = Out::default();
    for arg in args {
        if aliases.remove(arg.as_str()).is_none() {
            out.stderr
                .push_str(&format!("bash: unalias: {arg}: not found\n"));
            out.status = 1;
        }
    }
    out
}

/// Words after which the next one is a command word again.
const OPENERS: &[&str] = &[
    "!", "do", "then", "else", "elif", "if", "while", "until", "{", "time",
];

/// `line` with its aliases expanded; None when nothing was.
pub(crate) fn expand(line: &str, aliases: &Aliases, limit: usize) -> Option<String> {
    if aliases.is_empty() {
        return None;
    }
    let mut x = Expander {
        aliases,
        limit,
        out: String::new(),
        changed: false,
    };
    x.scan(line, &mut BTreeSet::new(), true);
    // Past the limit, the line is too long for the caller to run.
    x.changed.then_some(x.out)
}

struct Expander<'a> {
    aliases: &'a Aliases,
    limit: usize,
    out: String,
    changed: bool,
}

impl Expander<'_> {
    /// Copies `text` to the output, expanding the aliases of its command
    /// words except those in `active` (being expanded already: bash does
    /// not expand an alias inside itself). `command`: the first word is a
    /// command word. Returns whether a word after `text` would be one.
    fn scan(&mut self, text: &str, active: &mut BTreeSet<String>, mut command: bool) -> bool {
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        // The previous alias's value ended in a blank: the next word is
        // checked for an alias too (`alias sudo='sudo '`).
        let mut next_too = false;
        while i < chars.len() {
            if self.out.len() > self.limit {
                return false;
            }
            let c = chars[i];
            match c {
                ' ' | '\t' => {
                    self.out.push(c);
                    i += 1;
                }
                '\n' | ';' | '&' | '|' | '(' | ')' => {
                    self.out.push(c);
                    i += 1;
                    command = true;
                    next_too = false;
                }
                '#' => {
                    let end = chars[i..]
                        .iter()
                        .position(|&c| c == '\n')
                        .map_or(chars.len(), |p| i + p);
                    self.out.extend(&chars[i..end]);
                    i = end;
                }
                '<' | '>' => {
                    // The operator and the word it names, which is no command.
                    while i < chars.len() && matches!(chars[i], '<' | '>' | '&' | '-') {
                        self.out.push(chars[i]);
                        i += 1;
                    }
                    while i < chars.len() && matches!(chars[i], ' ' | '\t') {
                        self.out.push(chars[i]);
                        i += 1;
                    }
                    let end = word_end(&chars, i);
                    self.out.extend(&chars[i..end]);
                    i = end;
                }
                _ => {
                    let end = word_end(&chars, i);
                    let word: String = chars[i..end].iter().collect();
                    i = end;
                    let plain = !word.contains(|c: char| "'\"\\$`".contains(c));
                    let value = (command || next_too)
                        .then(|| self.aliases.get(&word))
                        .flatten()
                        .filter(|_| plain && !active.contains(&word));
                    next_too = false;
                    match value {
                        Some(value) => {
                            self.changed = true;
                            active.insert(word.clone());
                            command = self.scan(value, active, true);
                            active.remove(&word);
                            next_too = value.ends_with([' ', '\t']);
                        }
                        None => {
                            self.copy_word(&word, active);
                            let assignment = word
                                .split_once('=')
                                .is_some_and(|(n, _)| kubeplay_kubectl::shell::is_name(n));
                            command = command && (OPENERS.contains(&word.as_str()) || assignment);
                        }
                    }
                }
            }
        }
        command
    }

    /// Copies a word that is no alias, expanding the aliases of the
    /// commands in its `$(…)` substitutions (bash parses their text as it
    /// reads the line, its reader substituting aliases there too), outside
    /// single quotes; `$((…))` is arithmetic, and backquotes are parsed
    /// only when they run, so both stay as written.
    fn copy_word(&mut self, word: &str, active: &mut BTreeSet<String>) {
        let chars: Vec<char> = word.chars().collect();
        let mut i = 0;
        let mut double = false;
        while i < chars.len() {
            let c = chars[i];
            match c {
                '\\' => {
                    self.out.extend(&chars[i..(i + 2).min(chars.len())]);
                    i += 2;
                    continue;
                }
                '"' => double = !double,
                '\'' | '`' if !double || c == '`' => {
                    let end = chars[i + 1..].iter().position(|&x| x == c).map_or(chars.len(), |p| i + 1 + p + 1);
                    self.out.extend(&chars[i..end.min(chars.len())]);
                    i = end;
                    continue;
                }
                '$' if chars.get(i + 1) == Some(&'(') && chars.get(i + 2) != Some(&'(') => {
                    if let Some(close) = subst_close(&chars, i + 2) {
                        let inner: String = chars[i + 2..close].iter().collect();
                        self.out.push_str("$(");
                        self.scan(&inner, active, true);
                        self.out.push(')');
                        i = close + 1;
                        continue;
                    }
                }
                _ => {}
            }
            self.out.push(c);
            i += 1;
        }
    }
}

/// The `)` that closes a `$(` whose text starts at `from`, quotes and
/// nested parentheses aside; None when the word ends first.
fn subst_close(chars: &[char], from: usize) -> Option<usize> {
    let mut depth = 1usize;
    let mut i = from;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 1,
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            '\'' | '"' | '`' => i = quote_end(chars, i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// `source <(kubectl completion bash)` (or zsh, or `.`): the kubectl
/// cheat sheet's first line, which the terminal needs no script for.
pub(crate) fn loads_completion(line: &str) -> bool {
    let line = line.trim().trim_end_matches(';').trim_end();
    let Some(rest) = line
        .strip_prefix("source")
        .or_else(|| line.strip_prefix('.'))
    else {
        return false;
    };
    let Some(inner) = rest
        .trim_start()
        .strip_prefix("<(")
        .and_then(|r| r.strip_suffix(')'))
    else {
        return false;
    };
    let words: Vec<&str> = inner.split_whitespace().collect();
    rest.starts_with([' ', '\t'])
        && matches!(
            words.as_slice(),
            ["kubectl" | "k", "completion", "bash" | "zsh"]
        )
}

/// The closing quote of the quoted text opening at `open` (or the end):
/// a backslash escapes in double quotes and backquotes, not in single.
fn quote_end(chars: &[char], open: usize) -> usize {
    let q = chars[open];
    let mut i = open + 1;
    while i < chars.len() && chars[i] != q {
        if chars[i] == '\\' && q != '\'' {
            i += 1;
        }
        i += 1;
    }
    i
}

/// Where the word starting at `i` ends: at a blank or operator outside
/// quotes, `$(…)` and backquotes.
fn word_end(chars: &[char], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i < chars.len() {
        match chars[i] {
            ' ' | '\t' | '\n' | ';' | '&' | '|' | '<' | '>' | '(' | ')' if depth == 0 => {
                // `$(` opens a substitution inside the word.
                if chars[i] == '(' && i > 0 && chars[i - 1] == '$' {
                    depth += 1;
                } else {
                    return i;
                }
            }
            '(' => depth += 1,
            ')' => depth -= 1,
            '\\' => i += 1,
            '\'' | '"' | '`' => i = quote_end(chars, i),
            _ => {}
        }
        i += 1;
    }
    chars.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(
        f: fn(&[String], &mut Aliases) -> Out,
        args: &[&str],
        aliases: &mut Aliases,
    ) -> (String, String, i32) {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let o = f(&args, aliases);
        (o.stdout, o.stderr, o.status)
    }

    #[test]
    fn builtins_answer_as_bash() {
        let mut a = Aliases::new();
        let s = |x: &str| x.to_string();
        assert_eq!(
            run(alias, &["k=kubectl", "q=it's"], &mut a),
            (s(""), s(""), 0)
        );
        assert_eq!(
            run(alias, &[], &mut a),
            (s("alias k='kubectl'\nalias q='it'\\''s'\n"), s(""), 0)
        );
        assert_eq!(
            run(alias, &["k"], &mut a),
            (s("alias k='kubectl'\n"), s(""), 0)
        );
        assert_eq!(
            run(alias, &["x", "k"], &mut a),
            (
                s("alias k='kubectl'\n"),
                s("bash: alias: x: not found\n"),
                1
            )
        );
        assert_eq!(
            run(alias, &["=x"], &mut a),
            (s(""), s("bash: alias: =x: not found\n"), 1)
        );
        assert_eq!(
            run(alias, &["a b=c"], &mut a),
            (s(""), s("bash: alias: `a b': invalid alias name\n"), 1)
        );
        assert_eq!(
            run(alias, &["a/b=c"], &mut a).1,
            "bash: alias: `a/b': invalid alias name\n"
        );
        assert_eq!(run(alias, &["-z"], &mut a), (s(""), s("bash: alias: -z: invalid option\nalias: usage: alias [-p] [name[=value] ... ]\n"), 2));
        assert_eq!(
            run(alias, &["-p"], &mut a).0,
            "alias k='kubectl'\nalias q='it'\\''s'\n"
        );
        assert_eq!(
            run(unalias, &["x"], &mut a),
            (s(""), s("bash: unalias: x: not found\n"), 1)
        );
        assert_eq!(
            run(unalias, &[], &mut a),
            (
                s(""),
                s("unalias: usage: unalias [-a] name [name ...]\n"),
                2
            )
        );
        assert_eq!(
            run(unalias, &["-z"], &mut a).1,
            "bash: unalias: -z: invalid option\nunalias: usage: unalias [-a] name [name ...]\n"
        );
        assert_eq!(run(unalias, &["q"], &mut a), (s(""), s(""), 0));
        assert_eq!(run(alias, &[], &mut a).0, "alias k='kubectl'\n");
        assert_eq!(run(unalias, &["-a"], &mut a), (s(""), s(""), 0));
        assert!(a.is_empty());
    }

    #[test]
    fn expands_command_words_only() {
        let mut a = Aliases::new();
        for (k, v) in [
            ("kg", "kubectl get"),
            ("kgp", "kg pods"),
            ("w", "watch "),
            ("ls", "ls -l"),
            ("loop", "loop x"),
            ("semi", "echo a;"),
        ] {
            a.insert(k.into(), v.into());
        }
        let cases = [
            ("kg pods", Some("kubectl get pods")),
            ("kgp -A", Some("kubectl get pods -A")),
            ("echo kg", None),
            ("'kg' pods", None),
            ("\\kg pods", None),
            (
                "kg pods | kg ns && kg no; (kg svc)",
                Some("kubectl get pods | kubectl get ns && kubectl get no; (kubectl get svc)"),
            ),
            (
                "for i in 1; do kg po; done",
                Some("for i in 1; do kubectl get po; done"),
            ),
            (
                "if kg x; then kg y; fi",
                Some("if kubectl get x; then kubectl get y; fi"),
            ),
            ("X=1 kg po", Some("X=1 kubectl get po")),
            ("w kg po", Some("watch  kubectl get po")),
            ("ls", Some("ls -l")),
            ("loop", Some("loop x")),
            ("semi kg", Some("echo a; kubectl get")),
            ("echo \"kg; kg\" > kg", None),
            // A substitution's commands are command words too.
            ("echo $(kg po) kg", Some("echo $(kubectl get po) kg")),
            ("echo \"n=$(kgp -o name | wc -l)\"", Some("echo \"n=$(kubectl get pods -o name | wc -l)\"")),
            ("X=$(kg ns default -o name) kg po", Some("X=$(kubectl get ns default -o name) kubectl get po")),
            ("echo $(echo $(kg po))", Some("echo $(echo $(kubectl get po))")),
            ("echo $(kg po; kg svc)", Some("echo $(kubectl get po; kubectl get svc)")),
            ("echo '$(kg po)' `kg po` $((kg))", None),
            ("echo $(echo kg)", None),
            ("echo $(kg", None),
            ("kg # kg", Some("kubectl get # kg")),
        ];
        for (line, want) in cases {
            assert_eq!(expand(line, &a, 1 << 20).as_deref(), want, "{line}");
        }
    }

    #[test]
    fn completion_scripts_are_recognized() {
        for line in [
            "source <(kubectl completion bash)",
            ". <(kubectl completion zsh)",
            "source <( k completion bash );",
        ] {
            assert!(loads_completion(line), "{line}");
        }
        for line in [
            "source <(kubectl completion fish)",
            "source<(kubectl completion bash)",
            "cat <(kubectl completion bash)",
            "source <(kubectl get pods)",
        ] {
            assert!(!loads_completion(line), "{line}");
        }
    }

    #[test]
    fn expansion_is_bounded() {
        let mut a = Aliases::new();
        a.insert("a".into(), "b b b b b b b b ".into());
        a.insert("b".into(), "c c c c c c c c ".into());
        a.insert("c".into(), "d d d d d d d d ".into());
        assert!(expand("a a a a", &a, 100).is_some_and(|l| l.len() > 100));
    }
}
