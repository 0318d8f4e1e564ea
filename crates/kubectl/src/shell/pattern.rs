//! The shell's pattern matching, as `case` uses it (the terminal's shell
//! and a container's): `*`, `?`, bracket expressions (`[abc]`, `[a-z]`,
//! `[!x]` and `[^x]`) and `\` making the next character literal (how
//! quoted parts of a pattern reach here).
//! Character classes (`[[:digit:]]`) are not simulated: they match
//! nothing, which [`matches`] callers are told by [`has_class`].

/// Whether `text` matches all of `pattern`.
pub fn matches(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    // Backtracking over the last `*` only: linear enough for typed lines.
    let (mut pi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        match p.get(pi) {
            Some('*') => {
                star = Some((pi, ti));
                pi += 1;
                continue;
            }
            Some('?') => {
                pi += 1;
                ti += 1;
                continue;
            }
            Some('[') => {
                if let Some((hit, next)) = bracket(&p, pi, t[ti]) {
                    if hit {
                        pi = next;
                        ti += 1;
                        continue;
                    }
                } else if t[ti] == '[' {
                    // An unclosed `[` stands for itself.
                    pi += 1;
                    ti += 1;
                    continue;
                }
            }
            Some('\\') if p.get(pi + 1) == Some(&t[ti]) => {
                pi += 2;
                ti += 1;
                continue;
            }
            Some(&c) if c != '\\' && c == t[ti] => {
                pi += 1;
                ti += 1;
                continue;
            }
            _ => {}
        }
        match star {
            Some((sp, st)) => {
                pi = sp + 1;
                ti = st + 1;
                star = Some((sp, st + 1));
            }
            None => return false,
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// The bracket expression at `p[at]` (a `[`): whether `c` is in it and
/// where the pattern goes on; None when no `]` closes it.
fn bracket(p: &[char], at: usize, c: char) -> Option<(bool, usize)> {
    let mut i = at + 1;
    let negated = matches!(p.get(i), Some('!' | '^'));
    if negated {
        i += 1;
    }
    let mut hit = false;
    let mut first = true;
    loop {
        let ch = *p.get(i)?;
        if ch == ']' && !first {
            return Some((hit != negated, i + 1));
        }
        first = false;
        let lo = if ch == '\\' {
            i += 1;
            *p.get(i)?
        } else {
            ch
        };
        if p.get(i + 1) == Some(&'-') && p.get(i + 2).is_some_and(|&h| h != ']') {
            let hi = p[i + 2];
            hit |= lo <= c && c <= hi;
            i += 3;
        } else {
            hit |= lo == c;
            i += 1;
        }
    }
}

/// `[[:NAME:]]` in a pattern, which the playground does not match.
pub fn has_class(pattern: &str) -> bool {
    pattern.contains("[:")
}

/// `text` as a pattern that matches only itself.
pub fn literal(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            if matches!(c, '*' | '?' | '[' | ']' | '\\') {
                vec!['\\', c]
            } else {
                vec![c]
            }
        })
        .collect()
}

/// Which end `${NAME%pattern}` and its kin trim, and how much.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trim {
    /// `#`: the shortest prefix the pattern matches.
    SmallestPrefix,
    /// `##`: the longest prefix.
    LargestPrefix,
    /// `%`: the shortest suffix.
    SmallestSuffix,
    /// `%%`: the longest suffix.
    LargestSuffix,
}

/// `value` with the part `pattern` matches removed from one end, or all of
/// it when nothing matches (sh's `${NAME%pattern}` family).
pub fn trim(value: &str, pattern: &str, how: Trim) -> String {
    // Char boundaries, from the empty prefix to the whole value.
    let cuts: Vec<usize> = value.char_indices().map(|(i, _)| i).chain([value.len()]).collect();
    let hit = match how {
        Trim::SmallestPrefix => cuts.iter().find(|&&i| matches(pattern, &value[..i])).map(|&i| value[i..].to_string()),
        Trim::LargestPrefix => cuts.iter().rev().find(|&&i| matches(pattern, &value[..i])).map(|&i| value[i..].to_string()),
        Trim::SmallestSuffix => cuts.iter().rev().find(|&&i| matches(pattern, &value[i..])).map(|&i| value[..i].to_string()),
        Trim::LargestSuffix => cuts.iter().find(|&&i| matches(pattern, &value[i..])).map(|&i| value[..i].to_string()),
    };
    hit.unwrap_or_else(|| value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    // Each row as bash 5.2 expands `${v%PATTERN}` and its kin with
    // v=VALUE.
    #[test]
    fn trims_as_the_shells_trim() {
        use Trim::*;
        let cases: &[(&str, &str, Trim, &str)] = &[
            ("app=rc,tier=web,", "?", SmallestSuffix, "app=rc,tier=web"),
            ("app=rc,tier=web,", ",", SmallestSuffix, "app=rc,tier=web"),
            ("app=rc,tier=web,", ",*", SmallestSuffix, "app=rc,tier=web"),
            ("app=rc,tier=web,", ",*", LargestSuffix, "app=rc"),
            ("app=rc,tier=web,", "*=", SmallestPrefix, "rc,tier=web,"),
            ("app=rc,tier=web,", "*=", LargestPrefix, "web,"),
            ("pod/web-7d4f", "*/", LargestPrefix, "web-7d4f"),
            ("file.tar.gz", ".*", SmallestSuffix, "file.tar"),
            ("file.tar.gz", ".*", LargestSuffix, "file"),
            ("abc", "x", SmallestSuffix, "abc"),
            ("abc", "", LargestPrefix, "abc"),
            ("abc", "*", LargestSuffix, ""),
            ("abc", "*", SmallestSuffix, "abc"),
            ("", "?", SmallestSuffix, ""),
            ("héllo", "?", SmallestPrefix, "éllo"),
        ];
        for (value, pattern, how, want) in cases {
            assert_eq!(trim(value, pattern, *how), *want, "{value} {pattern} {how:?}");
        }
    }

    // Each row as `case TEXT in PATTERN) echo y;; *) echo n;; esac`
    // answers in bash 5.2 and dash.
    #[test]
    fn patterns_match_as_the_shells_match() {
        let cases: &[(&str, &str, bool)] = &[
            ("*", "", true),
            ("*", "anything", true),
            ("web-*", "web-7d4f", true),
            ("web-*", "db-0", false),
            ("*.yaml", "pod.yaml", true),
            ("*.yaml", "pod.yml", false),
            ("?", "a", true),
            ("?", "ab", false),
            ("a*b*c", "aXXbYYc", true),
            ("a*b*c", "aXXbYY", false),
            ("[abc]x", "bx", true),
            ("[a-c]", "d", false),
            ("[!a-c]", "d", true),
            ("[^0-9]*", "x1", true),
            ("[]x]", "]", true),
            ("[a", "[a", true),
            ("\\*", "*", true),
            ("\\*", "x", false),
            ("Running", "Running", true),
            ("Running", "running", false),
            ("*Err*|x", "CrashLoopBackOff", false),
        ];
        for (pattern, text, want) in cases {
            assert_eq!(matches(pattern, text), *want, "{pattern} {text}");
        }
        assert!(matches(&literal("a*[b]?"), "a*[b]?"));
        assert!(!matches(&literal("a*"), "ab"));
        assert!(has_class("[[:digit:]]*"));
    }
}
