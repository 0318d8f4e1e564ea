use super::super::{Options, Regex, RegexError, Syntax};

/// What GNU sed's `s/PATTERN/[\1,\2,…]/` (every group, in brackets, once)
/// makes of `line`.
fn sed_groups(re: &Regex, line: &str) -> String {
    let Some(spans) = re.captures_at(line, 0) else {
        return line.to_string();
    };
    let (s, e) = spans[0].expect("a match has a span");
    let groups: Vec<&str> = spans[1..].iter().map(|g| g.map_or("", |(a, b)| &line[a..b])).collect();
    format!("{}[{}]{}", &line[..s], groups.join(","), &line[e..])
}

fn compile(flags: &str, pattern: &str) -> Regex {
    let syntax = if flags.contains('E') { Syntax::Extended } else { Syntax::Basic };
    let opts = Options { ignore_case: flags.contains('I'), ..Options::default() };
    Regex::with_options(&[pattern], syntax, opts).expect(pattern)
}

// Expected values are GNU sed 4.9's, run here:
// `printf '%s\n' LINE | sed [-E] 's/PATTERN/[\1,\2,…]/[I]'`.
/// Flags (E: -E, I: the I flag), pattern, line, sed's output.
#[rustfmt::skip]
const GNU_SED: &[(&str, &str, &str, &str)] = &[
    // `kubectl replace --help`'s example.
    ("", "\\(image: myimage\\):.*$", "    image: myimage:v1", "    [image: myimage]"),
    ("", "\\(a*\\)\\(a*\\)", "aaa", "[aaa,]"),
    ("", "\\([a-z]*\\)=\\(.*\\)", "key=value=x", "[key,value=x]"),
    ("", "\\(x\\)\\?\\(y\\)", "y", "[,y]"),
    ("", "\\(B\\)\\(c\\)", "abc", "abc"),
    ("", "\\(^a\\)\\(.\\)", "ab", "[a,b]"),
    ("", "\\(\\)\\(b\\)", "ab", "a[,b]"),
    ("", "\\(a\\)\\{2\\}", "xaay", "x[a]y"),
    ("", "\\(ab\\)*c", "ababc", "[ab]"),
    ("", "\\(a\\|ab\\)\\(c\\|bcd\\)", "abcd", "[a,bcd]"),
    ("E", "(.*)=(.*)", "a=b=c", "[a=b,c]"),
    ("E", "(a|b)*(c)", "abac", "[a,c]"),
    ("E", "((a)|b)*", "ab", "[b,a]"),
    ("E", "(a*)*", "b", "[]b"),
    ("E", "(a*)*", "aa", "[aa]"),
    ("E", "(a*)+", "aa", "[aa]"),
    ("E", "^(\\w+) (\\w+)$", "hello world", "[hello,world]"),
    ("E", "(a)|(b)", "b", "[,b]"),
    ("E", "([0-9]+)\\.([0-9]+)", "v1.25.3", "v[1,25].3"),
    ("E", "é(.)", "aébc", "a[b]c"),
    ("E", "(c.*){0,2}", "cc", "[c]"),
    ("E", "(a|ab)(bc)?", "abc", "[a,bc]"),
    ("E", "(ab|a)(bc)?", "abc", "[a,bc]"),
    ("E", "(xy|x)(z|yz)", "xyz", "[xy,z]"),
    ("EI", "(A)b", "xaby", "x[a]y"),
    // Random patterns over a, b and c.
    ("E", "((b|c)c){0,2}", "bcaab", "[bc,b]aab"),
    ("E", "(.|b[ab]c.){0,3}", "cacbaa", "[c]baa"),
    ("E", ".|a|c[ab](.{0,2})+", "ccaaacc", "[]caaacc"),
    ("E", "((b)){2}b", "acab", "acab"),
    ("E", "(((b)+)+)", "bccbcbc", "[b,b,b]ccbcbc"),
    ("E", "(c|.){2}(b{1,3}a){0,3}", "bbbc", "[b,]bc"),
    ("E", "c(a|a){0,3}b", "ccb", "c[]"),
    ("E", "a[ab]|c|(b[ab])(a[ab]){0,3}b{0,3}.", "ccb", "[,]cb"),
    ("E", "(.a)?.[ab]b|a(b){0,3}", "cbbccba", "[,]ccba"),
    ("E", "(c)|((c?)?){0,2}", "abc", "[,,]abc"),
    ("E", "(ca){1,3}cc((b{0,2}){0,2})", "aca", "aca"),
    ("E", "((c[ab]|[ab].){1,3}){0,2}", "cbcca", "[cb,cb]cca"),
    ("E", "(a){0,2}", "bba", "[]bba"),
    ("E", "((b[ab]){0,3}([ab]){0,2})*", "ccbbc", "[,,]ccbbc"),
    ("E", "((c){0,2})|[ab]", "caacb", "[c,c]aacb"),
    ("E", "((cb|(c))?)*", "caaa", "[c,c,c]aaa"),
    ("E", "((.c|a+)?)", "babcc", "[,]babcc"),
    ("E", "(c|[ab]|a[ab]?){1,3}", "cccbb", "[c]bb"),
    ("E", "(([ab]b)bb.|[ab])*", "cacc", "[,]cacc"),
    ("E", "((ba){0,3})?", "cac", "[,]cac"),
    ("E", "((b*a{2})+)?", "cbaaccb", "[,]cbaaccb"),
    ("E", "[ab]([ab]+){2}", "bbabaa", "[a]"),
    ("E", "((.(c)){2}){1,3}", "ccbc", "[ccbc,bc,c]"),
    ("E", "b{0,2}[ab]{1,3}|(..[ab]){0,2}", "bab", "[]"),
    ("E", "(((c))*)", "aabac", "[,,]aabac"),
    ("E", "(a[ab]){0,3}|[ab][ab]+|[ab]|b|a[ab]?", "cacabbb", "[]cacabbb"),
    ("E", "((b)|a){1,3}.[ab]a{1,3}c", "bbaaac", "[b,b]"),
    ("E", "(((c))|[ab]c.|a){0,2}", "bbcab", "[,,]bbcab"),
    ("E", "(a){2}|.|c.[ab]|ca", "cacbaaa", "[]cbaaa"),
    ("E", "bcccb{0,3}(a){2}", "aaaa", "aaaa"),
];

#[test]
fn groups_as_gnu_sed_reports_them() {
    for (flags, pattern, line, want) in GNU_SED {
        let re = compile(flags, pattern);
        assert_eq!(sed_groups(&re, line), *want, "{flags} {pattern} on {line:?}");
    }
}

/// Where glibc and this engine part: repetitions of something that can
/// match empty, nested, where glibc undoes or keeps a last, empty
/// iteration by rules of its own backtracking walk (about 3 in 5,000
/// random patterns over a, b and c).
#[test]
fn known_differences() {
    // (pattern, line, GNU sed's, ours)
    let cases = [
        ("[ab]{2}?(.{0,2}){0,2}+", "aabccb", "[]", "[cb]"),
        ("(((a{1,3}){0,2})*){0,2}", "a", "[,,a]", "[,a,a]"),
        ("((a?|c+)+){0,3}", "accc", "[ccc,]", "[,]"),
    ];
    for (pattern, line, gnu, ours) in cases {
        assert_ne!(gnu, ours);
        assert_eq!(sed_groups(&compile("E", pattern), line), ours, "{pattern}");
    }
}

#[test]
fn counts_and_edges() {
    let cases: &[(&str, &str, usize)] = &[
        ("", "a", 0),
        ("", "\\(a\\)\\(b\\(c\\)\\)", 3),
        ("", "(a)", 0),
        ("E", "(a)|(b(c))", 3),
        ("E", "\\(a\\)", 0),
    ];
    for (flags, pattern, n) in cases {
        assert_eq!(compile(flags, pattern).groups(), *n, "{pattern}");
    }
    let ecma = Regex::new("(?:a)(b)", Syntax::Ecma).unwrap();
    assert_eq!(ecma.groups(), 1);
    assert_eq!(ecma.captures_at("xab", 0), Some(vec![Some((1, 3)), Some((2, 3))]));
    let re = compile("", "\\(b\\)");
    assert_eq!(re.captures_at("abab", 2), Some(vec![Some((3, 4)), Some((3, 4))]));
    assert_eq!(re.captures_at("abab", 9), None);
    assert_eq!(re.captures_at("é", 1), None);
    assert_eq!(re.captures_at("xyz", 0), None);
    // Recording groups repeated thousands of times can be too big when
    // the search alone is not (GNU sed takes it): they go unreported.
    let big = compile("", "\\(\\(\\(\\)\\)\\)\\{9999\\}");
    assert_eq!(big.check_captures(), Err(RegexError::TooBig));
    assert_eq!(big.captures_at("x", 0), Some(vec![Some((0, 0)), None, None, None]));
    // Empty groups repeated cost nothing to search for.
    assert!(compile("", "\\(\\(\\)\\{32767\\}\\)\\{32767\\}").is_match("x"));
}

proptest::proptest! {
    /// The whole match captures report is the one `find_at` finds.
    #[test]
    fn the_overall_span_is_find_ats(
        pattern in "([abc.]|\\((([abc.]|\\([abc.]\\))[*+?]?|\\|){1,4}\\))([*+?]|\\{[0-2],2\\})?([abc.]|\\((([abc.]|\\([abc.]\\))[*+?]?|\\|){1,4}\\))*[*+?]?",
        text in "[abc]{0,8}",
        at in 0usize..9,
    ) {
        let Ok(re) = Regex::new(&pattern, Syntax::Extended) else { return Ok(()) };
        let at = at.min(text.len());
        let spans = re.captures_at(&text, at);
        proptest::prop_assert_eq!(spans.as_ref().map(|s| s[0]), re.find_at(&text, at).map(Some));
        if let Some(spans) = spans {
            let (s, e) = spans[0].unwrap();
            proptest::prop_assert_eq!(spans.len(), re.groups() + 1);
            for (gs, ge) in spans.iter().flatten() {
                proptest::prop_assert!(s <= *gs && gs <= ge && *ge <= e);
            }
        }
    }
}
