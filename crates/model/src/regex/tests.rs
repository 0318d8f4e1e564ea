use super::*;

fn syntax_of(flags: &str) -> (Syntax, Options) {
    let syntax = if flags.contains('E') {
        Syntax::Extended
    } else if flags.contains('F') {
        Syntax::Fixed
    } else {
        Syntax::Basic
    };
    let opts = Options {
        ignore_case: flags.contains('i'),
        whole_word: flags.contains('w'),
        whole_line: flags.contains('x'),
    };
    (syntax, opts)
}

/// What `grep -o` prints for one line: every non-empty leftmost-longest
/// match, left to right.
fn grep_o(re: &Regex, line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some((s, e)) = re.find_at(line, at) {
        if e > s {
            out.push(line[s..e].to_string());
            at = e;
        } else {
            match line[e..].chars().next() {
                Some(c) => at = e + c.len_utf8(),
                None => break,
            }
        }
    }
    out
}

// Expected values were produced by running GNU grep 3.8 here:
// `printf '%s\n' INPUT | grep -o FLAGS -e PATTERN`, its stdout lines, exit
// status and stderr.
/// Flags, pattern, input line, `grep -o`'s lines, exit status, stderr.
type Case = (
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
    i32,
    &'static str,
);

#[rustfmt::skip]
const GNU_GREP: &[Case] = &[
    ("", "nginx", "nginx-7c5ddbdf54-abcde   1/1     Running", &["nginx"], 0, ""),
    ("", "a*b", "xaaab", &["aaab"], 0, ""),
    ("", "*a", "x*a", &["*a"], 0, ""),
    ("", "^*", "*a", &["*"], 0, ""),
    ("", "a\\{2\\}", "aaaaa", &["aa", "aa"], 0, ""),
    ("", "a\\{1,\\}b", "caaab", &["aaab"], 0, ""),
    ("", "\\(ab\\)*c", "ababcx", &["ababc"], 0, ""),
    ("", "ab\\|cd", "xcdab", &["cd", "ab"], 0, ""),
    ("", "a\\+", "baaa", &["aaa"], 0, ""),
    ("", "colou\\?r", "color colour", &["color", "colour"], 0, ""),
    ("", "[[:digit:]]\\+", "abc 123 d45", &["123", "45"], 0, ""),
    ("", "[^a-c]", "abcd", &["d"], 0, ""),
    ("", "[]a]", "]a", &["]", "a"], 0, ""),
    ("", "[a-]", "-", &["-"], 0, ""),
    ("", "\\w\\+", "foo-bar_baz 9", &["foo", "bar_baz", "9"], 0, ""),
    ("", "\\bbar\\b", "foobar bar", &["bar"], 0, ""),
    ("", "\\<b", "ab b", &["b"], 0, ""),
    ("", "o\\>", "foo boo o", &["o", "o", "o"], 0, ""),
    ("", "a^b", "a^b", &["a^b"], 0, ""),
    ("", "a$b", "a$b", &["a$b"], 0, ""),
    ("", "x$", "xx", &["x"], 0, ""),
    ("", "\\(^a\\)", "aa", &["a"], 0, ""),
    ("", "a.c", "abc a-c", &["abc", "a-c"], 0, ""),
    ("", "\\.", "a.b", &["."], 0, ""),
    ("", "(a)", "(a)", &["(a)"], 0, ""),
    ("", "a|b", "a|b", &["a|b"], 0, ""),
    ("", "a\\{,2\\}", "aaa", &["aa", "a"], 0, ""),
    ("", "[[:upper:]][[:lower:]]*", "Hello World", &["Hello", "World"], 0, ""),
    ("", "[[:space:]]", "a b", &[" "], 0, ""),
    ("-E", "a+b?", "aab ab b", &["aab", "ab"], 0, ""),
    ("-E", "(ab)+", "ababab", &["ababab"], 0, ""),
    ("-E", "a|b|c", "cab", &["c", "a", "b"], 0, ""),
    ("-E", "^(Running|Pending)$", "Running", &["Running"], 0, ""),
    ("-E", "^(Running|Pending)$", "Running2", &[], 1, ""),
    ("-E", "[0-9]{1,3}", "12345", &["123", "45"], 0, ""),
    ("-E", "a{1", "a{1", &["a{1"], 0, ""),
    ("-E", "a{,2}", "aaa", &["aa", "a"], 0, ""),
    ("-E", ")", "a)", &[")"], 0, ""),
    ("-E", "*a", "*a", &["a"], 0, "grep: warning: * at start of expression\n"),
    ("-E", "a**", "aaa", &["aaa"], 0, ""),
    ("-E", "()", "x", &[], 0, ""),
    ("-E", "a{1,2}{3}", "aaaaaaa", &["aaaaaa"], 0, ""),
    ("-E", "a|", "b", &[], 0, ""),
    ("-E", "{1}a", "{1}a", &["1}a"], 0, "grep: warning: {...} at start of expression\n"),
    ("-E", "a{1}{", "a{", &["a{"], 0, ""),
    ("-E", "[a\\]]", "a]\\", &["a]"], 0, ""),
    ("-E", "a^b", "a^b", &[], 1, ""),
    ("-E", "a{x}", "a{x}", &["a{x}"], 0, ""),
    ("-E", "x*", "axxb", &["xx"], 0, ""),
    ("-E", "(a|ab)(c|bcd)(d*)", "abcd", &["abcd"], 0, ""),
    ("-E", "(a*)*b", "aaab", &["aaab"], 0, ""),
    ("-E", "(a*)+$", "aab", &[], 0, ""),
    ("-E", "nginx|redis", "web-redis-1", &["redis"], 0, ""),
    ("-E", "\\(x\\)", "(x)", &["(x)"], 0, ""),
    ("-i", "NGINX", "Nginx nginx", &["Nginx", "nginx"], 0, ""),
    ("-i", "[a-c]+", "ABC", &[], 1, ""),
    ("-iE", "[[:upper:]]+", "abC", &["abC"], 0, ""),
    ("-w", "web", "web-1 webapp web", &["web", "web"], 0, ""),
    ("-w", "ab", "xab ab", &["ab"], 0, ""),
    ("-w", "a.*", "a bc", &["a bc"], 0, ""),
    ("-x", "abc", "abc", &["abc"], 0, ""),
    ("-x", "ab", "abc", &[], 1, ""),
    ("-F", "a.c", "abc a.c", &["a.c"], 0, ""),
    ("-F", "[x", "a[x", &["[x"], 0, ""),
    ("", "a\\{2,1\\}", "a", &[], 2, "grep: Invalid content of \\{\\}\n"),
    ("-E", "a{2,1}", "a", &[], 2, "grep: Invalid content of \\{\\}\n"),
    ("-E", "(", "a", &[], 2, "grep: Unmatched ( or \\(\n"),
    ("", "[", "a", &[], 2, "grep: Invalid regular expression\n"),
    ("", "a[b", "a", &[], 2, "grep: Unmatched [, [^, [:, [., or [=\n"),
    ("", "a\\", "a", &[], 2, "grep: Trailing backslash\n"),
    ("", "[z-a]", "a", &[], 2, "grep: Invalid range end\n"),
    ("", "[[:foo:]]", "a", &[], 2, "grep: Invalid character class name\n"),
    ("", "[:digit:]", "a", &[], 2, "grep: character class syntax is [[:space:]], not [:space:]\n"),
    ("", "\\(a", "a", &[], 2, "grep: Unmatched ( or \\(\n"),
    ("", "a\\)", "a", &[], 2, "grep: Unmatched ) or \\)\n"),
    ("", "\\1", "a", &[], 2, "grep: Invalid back reference\n"),
    ("", "a\\{1", "a", &[], 2, "grep: Unmatched \\{\n"),
    ("", "a\\{99999\\}", "a", &[], 2, "grep: Regular expression too big\n"),
    ("-E", "a{1,2,3}", "a", &[], 2, "grep: Invalid content of \\{\\}\n"),
    ("-E", "a{99999}", "a", &[], 2, "grep: Regular expression too big\n"),
];

#[test]
fn matches_like_gnu_grep() {
    for &(flags, pattern, input, want, rc, err) in GNU_GREP {
        let (syntax, opts) = syntax_of(flags);
        match Regex::with_options(&[pattern], syntax, opts) {
            Ok(re) => {
                assert_eq!(
                    rc == 0,
                    re.is_match(input),
                    "{flags} {pattern:?} on {input:?}"
                );
                assert_eq!(grep_o(&re, input), want, "{flags} {pattern:?} on {input:?}");
                let warned: String = re
                    .warnings()
                    .iter()
                    .map(|w| format!("grep: {w}\n"))
                    .collect();
                assert_eq!(warned, err, "{flags} {pattern:?}");
            }
            Err(e) => {
                assert_eq!(rc, 2, "{flags} {pattern:?} failed: {e}");
                assert_eq!(format!("grep: {e}\n"), err, "{flags} {pattern:?}");
            }
        }
    }
}

#[test]
fn ecma_patterns() {
    let m = |p: &str, s: &str| Regex::new(p, Syntax::Ecma).unwrap().is_match(s);
    assert!(m(r"^\d{3}-\d{4}$", "555-1234"));
    assert!(!m(r"^\d{3}-\d{4}$", "555-12345"));
    assert!(m(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$", "my-name"));
    assert!(!m(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$", "My-name"));
    assert!(m(r"^(?:abc|def)+$", "abcdef"));
    assert!(m(r"[\w.-]+@\w+\.com", "a.b-c@example.com"));
    assert!(m(r"^\S+$", "abc"));
    assert!(!m(r"^\S+$", "a c"));
    assert!(m(r"^\u0041\x42$", "AB"));
    assert!(m(r"^a.+?c$", "abbc"));
    assert!(m(r"^[^]$", "x"));
    assert!(!m(r"[]", "x"));
    assert!(m(r"^\$\{[A-Z]+\}$", "${HOME}"));
    assert!(!m(r"^a.c$", "a\nc"));
    assert!(m(r"\bcat\b", "a cat"));
    assert!(m(r"x{2,}", "axxx"));
    assert!(m(r"a{", "a{"));
    assert_eq!(
        Regex::new("*a", Syntax::Ecma).unwrap_err(),
        RegexError::NothingToRepeat
    );
    assert_eq!(
        Regex::new("(a", Syntax::Ecma).unwrap_err(),
        RegexError::UnmatchedParen
    );
    assert_eq!(
        Regex::new("a)", Syntax::Ecma).unwrap_err(),
        RegexError::UnmatchedCloseParen
    );
    assert!(matches!(
        Regex::new("(?=a)", Syntax::Ecma),
        Err(RegexError::Unsupported(_))
    ));
    assert!(matches!(
        Regex::new(r"(a)\1", Syntax::Ecma),
        Err(RegexError::Unsupported(_))
    ));
}

#[test]
fn find_at_reports_byte_offsets() {
    let re = Regex::new("é+", Syntax::Extended).unwrap();
    assert_eq!(re.find_at("aéé b é", 0), Some((1, 5)));
    assert_eq!(re.find_at("aéé b é", 5), Some((8, 10)));
    assert_eq!(re.find_at("aéé", 2), None);
    assert_eq!(re.find_at("aéé", 99), None);
    // `^` means the start of the text, not of the search.
    assert_eq!(
        Regex::new("^a", Syntax::Basic).unwrap().find_at("aa", 1),
        None
    );
}

#[test]
fn stays_linear_on_pathological_patterns() {
    let long = "a".repeat(10_000);
    for (p, syntax) in [
        ("(a*)*b", Syntax::Extended),
        ("(a|aa)*c", Syntax::Extended),
        ("^(a+)+b$", Syntax::Ecma),
        (r"\(a*\)*b", Syntax::Basic),
    ] {
        assert!(!Regex::new(p, syntax).unwrap().is_match(&long), "{p}");
    }
    assert!(Regex::new("(a*)*$", Syntax::Extended)
        .unwrap()
        .is_match(&long));
    assert_eq!(
        Regex::new("(a*)*", Syntax::Extended)
            .unwrap()
            .find_at(&long, 0),
        Some((0, 10_000))
    );
    assert_eq!(
        Regex::new("(a{1000}){1000}", Syntax::Extended).unwrap_err(),
        RegexError::TooBig
    );
}

#[test]
fn several_patterns_match_as_one() {
    let re = Regex::with_options(&["web", "db"], Syntax::Basic, Options::default()).unwrap();
    assert!(re.is_match("my-db"));
    assert!(!re.is_match("cache"));
}
