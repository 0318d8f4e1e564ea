//! Each case checked against bash 5.2: `printf '%s\n' TEXT | bash -n`
//! says "unexpected end of file" / "unexpected EOF while looking for
//! matching" / "delimited by end-of-file" exactly where more lines are
//! needed here.

use super::*;

fn why(text: &str) -> Option<Incomplete> {
    read_text(text).incomplete()
}

#[test]
fn what_needs_more_lines_as_bash_reads_them() {
    use Incomplete::*;
    let cases: &[(&str, Option<Incomplete>)] = &[
        ("kubectl get pods", None),
        ("", None),
        ("kubectl create deployment web \\", Some(Backslash)),
        ("kubectl create deployment web \\\n  --image=nginx", None),
        ("echo a # \\", None),
        ("# for i in", None),
        ("for i in 0 1 2; do", Some(Compound("done"))),
        ("for i in 0 1 2; do\n  kubectl exec zk-$i -- hostname\ndone", None),
        ("for i in 0 1 2\ndo\necho\ndone", None),
        ("for i in a b # c", Some(Compound("done"))),
        ("select x in a; do", Some(Compound("done"))),
        ("if", Some(Compound("fi"))),
        ("if true; then", Some(Compound("fi"))),
        ("if a; then b; else\nc\nfi", None),
        ("while read l; do", Some(Compound("done"))),
        ("until false; do echo; done", None),
        ("case $x in", Some(Compound("esac"))),
        ("case $x in\na|b) echo ab;;\n*) echo other\nesac", None),
        ("case a in (a) echo;; esac", None),
        ("echo $(case a in a) echo x;; esac)", None),
        ("{ echo a", Some(Compound("}"))),
        ("{ echo a }", Some(Compound("}"))),
        ("{ echo a; }", None),
        ("{a,b}", None),
        ("( echo a", Some(Compound(")"))),
        ("(echo a)", None),
        ("f() {", Some(Compound("}"))),
        ("function f {", Some(Compound("}"))),
        ("f() { echo; }", None),
        ("f()\n{ echo; }", None),
        ("echo 'one", Some(Quote('\''))),
        ("kubectl annotate pod x note='line one\nline two'", None),
        ("echo \"a", Some(Quote('"'))),
        ("echo $(date", Some(Quote(')'))),
        ("echo `date", Some(Quote('`'))),
        ("echo ${a", Some(Quote('}'))),
        ("echo $((1+", Some(Quote(')'))),
        ("echo ${a:-$(b}", Some(Quote(')'))),
        ("echo \"$(echo ')')\"", None),
        ("x=$(for i in 1\ndo echo\ndone)", None),
        ("kubectl get pods |", Some(Operator("|"))),
        ("a | # comment", Some(Operator("|"))),
        ("a |\n# comment", Some(Operator("|"))),
        ("a &&", Some(Operator("&&"))),
        ("a ||", Some(Operator("||"))),
        ("echo a 2>&1 |", Some(Operator("|"))),
        ("echo a 2>&1", None),
        ("sleep 1 &", None),
        ("echo done", None),
        ("echo for; echo if", None),
        // Closing words with nothing open: bash's syntax error, now.
        ("echo a; done", None),
        ("echo (", None),
        ("time", None),
        ("cat <<EOF", Some(HereDoc("EOF".into()))),
        ("cat <<-EOF", Some(HereDoc("EOF".into()))),
        ("cat <<EOF\nfor x\nEOF", None),
        ("for i in 1; do\ncat <<EOF\ndone\nEOF\ndone", None),
        ("for i in 1; do\ncat <<EOF\ndone\nEOF", Some(Compound("done"))),
        ("cat <<EOF &&\nbody\nEOF\necho ok", None),
        ("echo $(( 1 << 2 ))", None),
        // bash's arithmetic command and arithmetic for.
        ("((1 > 0)) && echo yes", None),
        ("for (( i=0; i<3; i++ ))", Some(Compound("done"))),
        ("for ((i=0; i<3; i++))
do
  echo $i
done", None),
        ("for (( i=0; i<(3); i++ )); do echo; done", None),
        ("f() {
  case $1 in
    a) return 1 ;;
  esac
}", None),
        ("echo a <<<b", None),
    ];
    for (text, want) in cases {
        assert_eq!(why(text), *want, "{text:?}");
    }
}

#[test]
fn bash_words_at_the_end_of_input() {
    assert_eq!(Incomplete::Quote('\'').at_end().as_deref(), Some("unexpected EOF while looking for matching `''"));
    assert_eq!(Incomplete::Compound("done").at_end().as_deref(), Some("syntax error: unexpected end of file"));
    assert_eq!(Incomplete::Operator("|").at_end().as_deref(), Some("syntax error: unexpected end of file"));
    assert_eq!(Incomplete::Backslash.at_end(), None);
}

#[test]
fn the_syntax_leaves_out_continuations_and_bodies() {
    let r = read_text("kubectl create deployment web \\\n  --image=nginx");
    assert_eq!(r.syntax(), "kubectl create deployment web   --image=nginx");
    // In double quotes too; in single quotes the backslash and newline stay.
    assert_eq!(read_text("echo \"a\\\nb\" 'c\\\nd'").syntax(), "echo \"ab\" 'c\\\nd'");
    let r = read_text("for i in 1; do\n  cat <<EOF\ndone\nEOF\ndone");
    assert_eq!(r.syntax(), "for i in 1; do\n  cat <<EOF\ndone");
    assert_eq!(r.bodies(), ["done", "EOF"]);
    let r = read_text("cat <<A | cat <<-B &&\na\nA\n\tb\n\tB\necho ok");
    assert_eq!(r.syntax(), "cat <<A | cat <<-B &&\necho ok");
    assert_eq!(r.bodies(), ["a", "A", "\tb", "\tB"]);
}

#[test]
fn the_first_command_of_lines_ends_where_bash_runs_it() {
    let lines = ["for i in 1 2; do", "  echo $i", "done", "kubectl get pods"];
    let (n, r) = read_command(&lines);
    assert_eq!((n, r.incomplete()), (3, None));
    let (n, r) = read_command(&["cat <<EOF", "> x", "EOF", "next"]);
    assert_eq!(n, 3);
    assert_eq!(r.bodies(), ["> x", "EOF"]);
    let (n, r) = read_command(&["echo 'a", "b"]);
    assert_eq!((n, r.incomplete()), (2, Some(Incomplete::Quote('\''))));
    let mut r = CommandReader::new();
    r.push("cat <<EOF");
    assert!(r.in_body());
    r.push("EOF");
    assert!(!r.in_body());
}

#[test]
fn long_and_deep_input_is_read_without_recursion() {
    let deep = "$(".repeat(100_000);
    assert_eq!(why(&deep), Some(Incomplete::Quote(')')));
    let loops = "for i in 1; do ".repeat(10_000);
    assert_eq!(why(&loops), Some(Incomplete::Compound("done")));
}

#[test]
fn any_text_is_read_without_panicking() {
    // Every string of up to four of these, over one or two lines.
    let alphabet = ["(", ")", "'", "\"", "`", "\\", "$", "{", "}", "<<", "<", "|", "&", ";", "#", " ", "-", "do", "done", "case", "in", "esac", "x"];
    let mut texts = vec![String::new()];
    for _ in 0..4 {
        texts = texts.iter().flat_map(|t| alphabet.iter().map(move |a| format!("{t}{a}"))).collect();
        for t in &texts {
            let r = read_text(t);
            let _ = r.incomplete();
            let mut r = read_text(&format!("{t}\n{t}"));
            r.push("x");
            assert!(r.lines() == 3);
        }
    }
}
