use super::*;

fn s(line: &str) -> Vec<String> {
    split(line).unwrap()
}

// Expected words are what `sh -c 'for w in LINE; do …'` (dash) produces.
#[test]
fn splits_like_posix_sh() {
    assert_eq!(s("kubectl get pods"), ["kubectl", "get", "pods"]);
    assert_eq!(s("  a\t b  "), ["a", "b"]);
    assert_eq!(s("get pods -l 'app in (a,b)'"), ["get", "pods", "-l", "app in (a,b)"]);
    assert_eq!(s(r#"-p '{"spec":{"replicas":3}}'"#), ["-p", r#"{"spec":{"replicas":3}}"#]);
    assert_eq!(s(r#"-p "{\"a\":1}""#), ["-p", r#"{"a":1}"#]);
    assert_eq!(s(r#"a"b"'c'd"#), ["abcd"]);
    assert_eq!(s(r"a\ b"), ["a b"]);
    assert_eq!(s(r#""a\nb""#), [r"a\nb"]);
    assert_eq!(s(r#""a\$b\\c\"d""#), [r#"a$b\c"d"#]);
    assert_eq!(s(r"'a\b'"), [r"a\b"]);
    assert_eq!(s("'' x"), ["", "x"]);
    assert_eq!(s("a $HOME | b > c"), ["a", "$HOME", "|", "b", ">", "c"]);
    assert_eq!(s("get pods # all of them"), ["get", "pods"]);
    assert_eq!(s("a#b"), ["a#b"]);
    assert_eq!(s(r"a\"), [r"a\"]);
    assert_eq!(s("a\\\nb"), ["ab"]);
    assert!(s("").is_empty());
}

#[test]
fn unterminated_quotes_are_located() {
    assert_eq!(split("get -l 'app=x"), Err(ShellError::UnterminatedQuote { quote: '\'', column: 8 }));
    assert_eq!(split(r#"x "abc"#).unwrap_err().to_string(), "unexpected EOF while looking for matching `\"'");
}

fn stages(line: &str) -> Vec<Vec<String>> {
    let p = parse_pipeline(line).unwrap();
    let mut vars = |part: &Part| -> Result<String, ()> {
        Ok(match part {
            Part::Var { name, .. } => match name.as_str() {
                "POD" => "web-1".into(),
                "TWO" => " a  b ".into(),
                _ => String::new(),
            },
            Part::Command { line, .. } => format!("<{line}>"),
            Part::Text { text, .. } => text.clone(),
            other => other.source(),
        })
    };
    p.stages.iter().map(|s| expand(s, &mut vars).unwrap()).collect()
}

// Expected fields are what bash prints for `printf '[%s]' WORDS` with
// POD=web-1 and TWO=' a  b ' (and $(…) standing for its own text).
#[test]
fn pipelines_split_and_expand_like_bash() {
    assert_eq!(stages("kubectl get pods | grep nginx"), [vec!["kubectl", "get", "pods"], vec!["grep", "nginx"]]);
    assert_eq!(stages("a|b|c"), [["a"], ["b"], ["c"]]);
    assert_eq!(stages("echo '|' \\| \"|\""), [["echo", "|", "|", "|"]]);
    assert_eq!(stages("echo $POD ${POD}x \"$POD\" '$POD' \\$POD"), [["echo", "web-1", "web-1x", "web-1", "$POD", "$POD"]]);
    assert_eq!(stages("echo $TWO"), [["echo", "a", "b"]]);
    assert_eq!(stages("echo \"$TWO\""), [["echo", " a  b "]]);
    assert_eq!(stages("echo x$TWO"), [["echo", "x", "a", "b"]]);
    assert_eq!(stages("echo $NOPE \"$NOPE\" ''"), [["echo", "", ""]]);
    assert_eq!(stages("echo $ a$ \"$\""), [["echo", "$", "a$", "$"]]);
    assert_eq!(stages("kubectl logs $(kubectl get pods -o name | head -1)"), [["kubectl", "logs", "<kubectl", "get", "pods", "-o", "name", "|", "head", "-1>"]]);
    assert_eq!(stages("echo \"$(echo \"a )\")\""), [["echo", "<echo \"a )\">"]]);
    assert_eq!(stages("echo $(echo $(echo x))"), [["echo", "<echo", "$(echo", "x)>"]]);
    assert_eq!(stages("kubectl get pods # | grep x"), [["kubectl", "get", "pods"]]);
    assert!(parse_pipeline("").unwrap().stages.is_empty());
}

#[test]
fn assignments_and_plain_lines() {
    let p = parse_pipeline("POD=$(kubectl get pods)").unwrap();
    let (name, parts) = p.stages[0][0].assignment().unwrap();
    assert_eq!(name, "POD");
    assert_eq!(parts, [Part::Command { line: "kubectl get pods".into(), quoted: false }]);
    assert!(parse_pipeline("'A'=1").unwrap().stages[0][0].assignment().is_none());
    assert!(parse_pipeline("1A=1").unwrap().stages[0][0].assignment().is_none());
    assert!(parse_pipeline("kubectl get pods -l 'a in (b)'").unwrap().is_plain());
    assert!(!parse_pipeline("A=1").unwrap().is_plain());
    assert!(!parse_pipeline("kubectl logs $P").unwrap().is_plain());
    assert!(!parse_pipeline("a | b").unwrap().is_plain());
}

// Backquotes read as bash reads them: `printf '[%s]' LINE` there.
#[test]
fn backquotes_are_command_substitutions() {
    let commands = |line: &str| -> Vec<(String, bool)> {
        parse_pipeline(line).unwrap().stages[0]
            .iter()
            .flat_map(|w| w.parts.iter())
            .filter_map(|p| match p {
                Part::Command { line, quoted } => Some((line.clone(), *quoted)),
                _ => None,
            })
            .collect()
    };
    let cases: &[(&str, &[(&str, bool)])] = &[
        ("echo `date`", &[("date", false)]),
        ("echo x`a b`y \"`c`\"", &[("a b", false), ("c", true)]),
        ("echo `echo \\`date\\``", &[("echo `date`", false)]),
        ("echo `echo \\$HOME \\\\ \\n`", &[("echo $HOME \\ \\n", false)]),
        ("echo \"`echo \\\"q\\\"`\"", &[("echo \"q\"", true)]),
        ("echo `echo \\\"q\\\"`", &[("echo \\\"q\\\"", false)]),
        ("echo \\`x\\` '`y`'", &[]),
    ];
    for (line, want) in cases {
        let want: Vec<(String, bool)> = want.iter().map(|(l, q)| (l.to_string(), *q)).collect();
        assert_eq!(commands(line), want, "{line}");
    }
}

#[test]
fn brace_expansion_makes_words() {
    assert_eq!(stages("kubectl run nginx{1..3} --image=nginx"), [["kubectl", "run", "nginx1", "nginx2", "nginx3", "--image=nginx"]]);
    assert_eq!(stages("A={a,b} echo x={a,b}"), [["A={a,b}", "echo", "x=a", "x=b"]]);
    assert!(!parse_pipeline("kubectl get pod{1,2}").unwrap().is_plain());
    assert!(parse_pipeline("kubectl get pods -o jsonpath={.items}").unwrap().is_plain());
    assert!(parse_pipeline("echo {1..20000}").unwrap_err().to_string().contains("more than 10000 words"));
    assert!(parse_pipeline("echo {1..6000} {1..6000}").unwrap_err().to_string().contains("more than 10000 words"));
    assert!(parse_list("for i in {1..6000} {1..6000}; do :; done").unwrap_err().to_string().contains("more than 10000 words"));
    assert_eq!(quote("{a,b}"), "'{a,b}'");
    assert_eq!(quote("{.items[0]}"), "{.items[0]}");
}

// bash's own errors for these lines are in the comments.
#[test]
fn refuses_the_rest_of_sh_by_name() {
    let err = |line: &str| parse_pipeline(line).unwrap_err().to_string();
    assert_eq!(err("a | | b"), "syntax error near unexpected token `|'");
    assert_eq!(err("| b"), "syntax error near unexpected token `|'");
    assert_eq!(err("a |"), "syntax error: unexpected end of file");
    assert_eq!(err("echo a(b"), "syntax error near unexpected token `('");
    assert!(err("kubectl get pods; ls").starts_with("(playground) a list of commands (column 1) is not supported"));
    assert!(err("a < f").contains("redirection"));
    assert!(err("a 2> f").contains("stderr other than 2>/dev/null and 2>&1"));
    assert!(err("a 2>&3").contains("stderr other than"));
    assert!(err("a 2>>f").contains("stderr other than"));
    assert!(err("a 3> f").contains("another descriptor"));
    // The Cassandra page's `echo … 1>&2`, and bash's short form.
    let p = parse_pipeline("echo \"Sleeping 5 seconds\" 1>&2").unwrap();
    assert_eq!(p.stdout_to_stderr, [0]);
    assert_eq!(stages("echo a 1>&2"), [["echo", "a"]]);
    assert_eq!(parse_pipeline("a >&2 | b").unwrap().stdout_to_stderr, [0]);
    assert!(!parse_pipeline("a 1>&2").unwrap().is_plain());
    assert!(err("a 1>&3").contains("another descriptor"));
    assert_eq!(err("a 2>"), "syntax error near unexpected token `newline'");
    let p = parse_pipeline("2>/dev/null kubectl get x | grep y 2>&1").unwrap();
    assert_eq!(p.stderr, [(0, false), (1, true)]);
    assert_eq!(p.stages.len(), 2);
    assert!(!p.is_plain());
    assert_eq!(stages("echo a2>/dev/null"), [["echo", "a2"]]);
    // bash's `&>` and `&>>`: stdout to the file, stderr with it.
    for (line, append) in [("k logs p &> e.txt", false), ("k logs p&>>e.txt", true)] {
        let p = parse_pipeline(line).unwrap();
        assert_eq!(p.output.as_ref().map(|(w, a)| (w.literal(), *a)), Some((Some("e.txt".into()), append)), "{line}");
        assert_eq!(p.stderr, [(0, true)], "{line}");
        assert_eq!(p.stages, parse_pipeline("k logs p").unwrap().stages, "{line}");
    }
    assert_eq!(err("a &>"), "syntax error near unexpected token `newline'");
    assert!(err("a > f &> g").contains("second"));
    assert!(err("a > f | b").contains("pipe after"));
    assert!(err("a > f > g").contains("second"));
    assert!(err("a >& f").contains(">&"));
    assert!(err("echo $(a > f)").contains("redirection"));
    assert_eq!(err("a >"), "syntax error near unexpected token `newline'");
    assert_eq!(err("a > | b"), "syntax error near unexpected token `|'");
    let p = parse_pipeline("cat <<EOF >>./out.yaml").unwrap();
    assert_eq!(p.output.as_ref().map(|(w, append)| (w.literal(), *append)), Some((Some("./out.yaml".into()), true)));
    assert!(!p.is_plain());
    assert_eq!(stages("kubectl get pods>f x"), [["kubectl", "get", "pods", "x"]]);
    assert!(err("a &").contains("a list of commands"));
    assert_eq!(parse_pipeline("echo `a"), Err(ShellError::UnterminatedQuote { quote: '`', column: 6 }));
    assert_eq!(err("echo `a | | b`"), "syntax error near unexpected token `|'");
    assert_eq!(err("echo `a )`"), "syntax error near unexpected token `)'");
    let deep = (0..20).fold(String::from("x"), |inner, _| format!("`{}`", inner.replace('\\', "\\\\").replace('`', "\\`")));
    assert!(err(&format!("echo {deep}")).contains("nested this deep"));
    assert!(err("echo ${X/a/b}").contains("${NAME}"));
    assert!(err("echo $$").contains("special"));
    assert_eq!(parse_pipeline("echo $(a"), Err(ShellError::UnterminatedQuote { quote: ')', column: 6 }));
    assert_eq!(parse_pipeline("echo ${a"), Err(ShellError::UnterminatedQuote { quote: '}', column: 6 }));
    assert_eq!(parse_pipeline("x 'a"), Err(ShellError::UnterminatedQuote { quote: '\'', column: 3 }));
    let deep = "$(".repeat(100) + &")".repeat(100);
    assert!(err(&deep).contains("nested"));
}

fn delimiters(line: &str) -> Vec<String> {
    heredocs(line).into_iter().map(|d| d.delimiter).collect()
}

// The delimiters bash waits for after each line: checked by feeding
// `LINE`, then `body` and each delimiter line, to `bash -n` (5.2),
// which warns when a here-document is left open and is silent when
// one is closed by a line it did not expect.
#[test]
fn heredoc_markers_are_found_where_bash_finds_them() {
    let cases: &[(&str, &[&str])] = &[
        ("cat <<EOF | kubectl apply -f -", &["EOF"]),
        ("kubectl apply -f - <<'EOF'", &["EOF"]),
        ("kubectl apply -f - <<\"EOF\"", &["EOF"]),
        ("cat <<-EOF", &["EOF"]),
        ("cat<<EOF>f", &["EOF"]),
        ("cat << EOF", &["EOF"]),
        ("cat <<E\\OF", &["EOF"]),
        ("cat <<'E O'", &["E O"]),
        ("cat <<\"$X\"", &["$X"]),
        ("cat <<E\"O\"F", &["EOF"]),
        ("kubectl create -f- <<EOF", &["EOF"]),
        ("cat <<EOF|cat", &["EOF"]),
        ("cat <<A <<B", &["A", "B"]),
        ("cat <<A | cat <<-B", &["A", "B"]),
        ("cat <<EOF; echo done", &["EOF"]),
        ("cat <<EOF && echo \"<<X\"", &["EOF"]),
        ("echo a#<<EOF", &["EOF"]),
        ("echo \"[$(cat <<EOF)]\"", &["EOF"]),
        ("echo '<<EOF'", &[]),
        ("echo \"<<EOF\"", &[]),
        ("echo \\<<EOF", &[]),
        ("echo a # <<EOF", &[]),
        ("echo $((1<<2))", &[]),
        ("cat <<<EOF", &[]),
        ("x=`cat <<EOF`", &[]),
        ("cat <<", &[]),
        ("kubectl get pods", &[]),
    ];
    for (line, want) in cases {
        assert_eq!(delimiters(line), *want, "{line}");
    }
    let d = &heredocs("cat <<-'EOF' | x")[0];
    assert!(d.strip_tabs && d.quoted);
    let d = &heredocs("cat <<EOF")[0];
    assert!(!d.strip_tabs && !d.quoted);
    assert!(heredocs("cat <<E\\OF")[0].quoted);
    // Deep nesting neither overflows the stack nor finds anything.
    assert!(heredocs(&format!("{}<<EOF", "$(".repeat(100_000))).is_empty());
}

#[test]
fn heredoc_bodies_end_at_their_delimiter_lines() {
    let docs = heredocs("cat <<A | cat <<-B");
    let read = read_heredocs(&docs, &["a1", "A ", "A", "\tb1", "\t\tB", "next"]);
    assert_eq!(read.bodies, ["a1\nA \n", "b1\n"]);
    assert_eq!(read.lines, 5);
    assert_eq!(read.unclosed, None);
    let read = read_heredocs(&docs, &["a1", "A", "b1"]);
    assert_eq!(read.unclosed.as_deref(), Some("B"));
    assert_eq!(read.lines, 3);
}

#[test]
fn pipelines_attach_heredocs_to_their_stage() {
    let p = parse_pipeline("cat <<EOF | kubectl apply -f -").unwrap();
    assert_eq!(p.stages.len(), 2);
    assert_eq!(p.heredocs, [(0, HereDoc { delimiter: "EOF".into(), strip_tabs: false, quoted: false })]);
    assert!(!p.is_plain());
    let p = parse_pipeline("kubectl apply -f - <<'EOF'").unwrap();
    assert_eq!(p.stages[0].len(), 4);
    assert!(p.heredocs[0].1.quoted);
    assert_eq!(parse_pipeline("cat<<EOF").unwrap().stages[0].len(), 1);
    assert_eq!(parse_pipeline("echo x | <<EOF cat").unwrap().heredocs[0].0, 1);
    let err = |line: &str| parse_pipeline(line).unwrap_err().to_string();
    // bash: syntax error near unexpected token `newline' / `|'
    assert_eq!(err("cat <<"), "syntax error near unexpected token `newline'");
    assert_eq!(err("cat << | x"), "syntax error near unexpected token `|'");
    assert!(err("cat <<<x").contains("here-string"));
    assert!(err("echo $(cat <<EOF)").contains("inside $(…)"));
    assert_eq!(parse_pipeline("cat <<'EOF"), Err(ShellError::UnterminatedQuote { quote: '\'', column: 7 }));
}

fn body(text: &str) -> String {
    let parts = parse_heredoc_body(text).unwrap();
    let mut value = |p: &Part| -> Result<String, ()> {
        Ok(match p {
            Part::Var { name, .. } if name == "N" => "a  b".into(),
            Part::Var { .. } => String::new(),
            Part::Command { line, .. } => format!("<{line}>"),
            Part::Text { text, .. } => text.clone(),
            other => other.source(),
        })
    };
    expand_parts(&parts, false, &mut value).unwrap().concat()
}

// Expected texts are what bash prints for `N='a  b' ; cat <<EOF` over
// the same body ($(…) standing for its own text).
#[test]
fn unquoted_heredoc_bodies_expand_like_bash() {
    assert_eq!(body("name: $N\n"), "name: a  b\n");
    assert_eq!(body("x: ${N}-1 $NOPE.\n"), "x: a  b-1 .\n");
    assert_eq!(body("'$N' \"$N\"\n"), "'a  b' \"a  b\"\n");
    assert_eq!(body("\\$N \\\\ \\n \\\" $ a$\n"), "$N \\ \\n \\\" $ a$\n");
    assert_eq!(body("one \\\ntwo\n"), "one two\n");
    assert_eq!(body("node: $(kubectl get nodes -o name | head -1)\n"), "node: <kubectl get nodes -o name | head -1>\n");
    assert_eq!(body("ok\n`date` \\`x\\`\n"), "ok\n<date> `x`\n");
    let err = parse_heredoc_body("ok\n`a |`\n").unwrap_err().to_string();
    assert_eq!(err, "here-document line 2: syntax error: unexpected end of file");
    assert_eq!(body("a: $((1+2))\n"), "a: $((1+2))\n");
}

#[test]
fn quoted_words_read_back_as_themselves() {
    for w in ["a", "", "a b", "it's", "$x", "#c", "{.items[0]}", "a\\b", "|"] {
        assert_eq!(split(&quote(w)).unwrap(), [w], "{w:?}");
    }
}

#[test]
fn pipe_hint_only_for_bare_pipes() {
    assert!(pipe_hint(&split_words("kubectl get pods | grep x").unwrap()).is_some());
    assert!(pipe_hint(&split_words("kubectl get pods '|'").unwrap()).is_none());
    assert!(pipe_hint(&split_words("kubectl get pods a|b").unwrap()).is_none());
}

/// A list written back compactly: pipelines as their words' sources.
fn show(list: &List) -> String {
    let words = |ws: &[ShellWord]| ws.iter().map(|w| w.parts.iter().map(Part::source).collect::<String>()).collect::<Vec<_>>().join(" ");
    let item = |i: &Item| {
        let body = match &i.command {
            Command::Pipeline(p) => p.stages.iter().map(|s| words(s)).collect::<Vec<_>>().join(" | "),
            Command::For { name, words: ws, body } => format!("for {name} in {} {{{}}}", words(ws), show(body)),
            Command::If { branches, otherwise } => {
                let mut t = branches.iter().map(|(c, b)| format!("if {{{}}} then {{{}}}", show(c), show(b))).collect::<Vec<_>>().join(" el");
                if let Some(o) = otherwise {
                    t.push_str(&format!(" else {{{}}}", show(o)));
                }
                t
            }
            Command::While { until, condition, body } => format!("{} {{{}}} do {{{}}}", if *until { "until" } else { "while" }, show(condition), show(body)),
            Command::Piped(segments) => segments
                .iter()
                .map(|c| show(&List { items: vec![AndOr { first: Item { negated: false, command: c.clone() }, rest: Vec::new(), background: None }] }))
                .collect::<Vec<_>>()
                .join(" |> "),
            Command::Group(l) => format!("group {{{}}}", show(l)),
            Command::Subshell(l) => format!("subshell {{{}}}", show(l)),
            Command::Case { subject, arms } => format!(
                "case {} {}",
                words(std::slice::from_ref(subject)),
                arms.iter().map(|(ps, l)| format!("{} {{{}}}", ps.iter().map(|p| words(std::slice::from_ref(p))).collect::<Vec<_>>().join("|"), show(l))).collect::<Vec<_>>().join(" ")
            ),
            Command::Function { name, body } => format!(
                "function {name} {}",
                show(&List { items: vec![AndOr { first: Item { negated: false, command: (**body).clone() }, rest: Vec::new(), background: None }] })
            ),
            Command::Arith(e) => format!("(({e}))"),
            Command::ArithFor { init, test, step, body } => format!("for (({init};{test};{step})) {{{}}}", show(body)),
        };
        if i.negated { format!("! {body}") } else { body }
    };
    list.items
        .iter()
        .map(|ao| {
            let mut t = item(&ao.first);
            for (and, i) in &ao.rest {
                t.push_str(if *and { " && " } else { " || " });
                t.push_str(&item(i));
            }
            t
        })
        .collect::<Vec<_>>()
        .join(" ; ")
}

// The structure bash gives each line (checked by running the lines in
// bash 5.2 with echo standing for each command).
#[test]
fn lists_and_compound_commands_parse_as_bash_reads_them() {
    let cases: &[(&str, &str)] = &[
        ("a; b", "a ; b"),
        ("a;b;", "a ; b"),
        ("a && b || c", "a && b || c"),
        ("a || b && c; d", "a || b && c ; d"),
        ("a | b && c | d", "a | b && c | d"),
        ("! a && b", "! a && b"),
        ("echo done; echo for in do", "echo done ; echo for in do"),
        ("a &&\n b", "a && b"),
        ("for i in 1 2 3; do kubectl run pod$i --image=nginx; done", "for i in 1 2 3 {kubectl run pod$i --image=nginx}"),
        ("for p in $(kubectl get pods -o name); do kubectl describe $p | grep Image:; done", "for p in $(kubectl get pods -o name) {kubectl describe $p | grep Image:}"),
        ("for i in; do a; done", "for i in  {a}"),
        ("for i in a b;do x;y;done&&z", "for i in a b {x ; y} && z"),
        ("if a; then b; fi", "if {a} then {b}"),
        ("if a; then b; elif c; then d; else e; fi; f", "if {a} then {b} elif {c} then {d} else {e} ; f"),
        ("if ! a && b; then for i in 1; do c; done; fi", "if {! a && b} then {for i in 1 {c}}"),
        ("while a; do b; done", "while {a} do {b}"),
        ("until a; do b; done", "until {a} do {b}"),
        ("echo $? ${#X} ${X:-a b} ${X=y} ${X:+z} $((1 + $Y))", "echo $? ${#X} ${X:-a b} ${X=y} ${X:+z} $((1 + $Y))"),
        ("echo $(a; b && c)", "echo $(a; b && c)"),
        ("a # ; b", "a"),
        ("seq 3 | while read l; do echo $l; done", "seq 3 |> while {read l} do {echo $l}"),
        ("a | b | for i in 1; do c; done | wc -l && d", "a | b |> for i in 1 {c} |> wc -l && d"),
        ("if a; then b; fi | c |\n for i in 1; do d; done", "if {a} then {b} |> c |> for i in 1 {d}"),
        ("echo for | for i in 1; do :; done", "echo for |> for i in 1 {:}"),
        ("{ a; b; }", "group {a ; b}"),
        ("{\n a\n b\n}; c", "group {a ; b} ; c"),
        ("a && { b || c; } && d", "a && group {b || c} && d"),
        ("echo { } }x; { echo }; }", "echo { } }x ; group {echo }}"),
        ("(a; b)", "subshell {a ; b}"),
        ("( a ) && (b|c)", "subshell {a} && subshell {b | c}"),
        ("( (a) ); x", "subshell {subshell {a}} ; x"),
        ("a | { b; } | (c)", "a |> group {b} |> subshell {c}"),
        ("if a; then (b); fi", "if {a} then {subshell {b}}"),
        ("case $S in Run*) a;; Pend*|\"x y\") b; c;; *) ;; esac", "case $S Run* {a} Pend*|x y {b ; c} * {}"),
        ("case x in (a) b; esac; c", "case x a {b} ; c"),
        ("case x\nin\n  a)\n    b\n    ;;\n  # note\n  c) d\nesac", "case x a {b} c {d}"),
        ("case x in esac", "case x "),
        ("a | case x in *) b;; esac", "a |> case x * {b}"),
        ("f() { a; b; }", "function f group {a ; b}"),
        ("f ( ) (a); f x", "function f subshell {a} ; f x"),
        ("f()
{
  a
}", "function f group {a}"),
        ("function f { a; }", "function f group {a}"),
        ("function f() if a; then b; fi", "function f if {a} then {b}"),
        ("f() { g() { a; }; }", "function f group {function g group {a}}"),
        ("a && f() { b; } || c", "a && function f group {b} || c"),
        ("((1 > 0)) && echo yes", "((1 > 0)) && echo yes"),
        ("(( (1+2) * 3 ))", "(( (1+2) * 3 ))"),
        ("for (( i=0; i<3; i++ )); do a; done", "for (( i=0; i<3; i++ )) {a}"),
        ("for ((;;))\ndo a\ndone", "for ((;;)) {a}"),
        ("for ((i=0;i<2;i++)) do a; done", "for ((i=0;i<2;i++)) {a}"),
        ("echo $1 $# \"$@\" $*", "echo $1 $# $@ $*"),
    ];
    for (line, want) in cases {
        assert_eq!(show(&parse_list(line).unwrap_or_else(|e| panic!("{line}: {e}"))), *want, "{line}");
    }
    assert!(parse_list("a; b").unwrap().simple().is_none());
    assert!(parse_list("a | b").unwrap().simple().is_some());
    let p = parse_list("cat <<A | x; cat <<B").unwrap();
    let firsts: Vec<usize> = p.items.iter().map(|ao| match &ao.first.command {
        Command::Pipeline(p) => p.first_heredoc,
        _ => usize::MAX,
    }).collect();
    assert_eq!(firsts, [0, 1]);
}

// bash -c's message for each line, without its `bash: -c: line 1: ` prefix.
#[test]
fn list_syntax_errors_are_worded_as_bash_words_them() {
    let cases: &[(&str, &str)] = &[
        ("a ;; b", "syntax error near unexpected token `;;'"),
        ("; a", "syntax error near unexpected token `;'"),
        ("a && ; b", "syntax error near unexpected token `;'"),
        ("a &&", "syntax error: unexpected end of file"),
        ("a ||", "syntax error: unexpected end of file"),
        ("for i in 1 2; do done", "syntax error near unexpected token `done'"),
        ("for 1 in a; do echo; done", "`1': not a valid identifier"),
        ("done", "syntax error near unexpected token `done'"),
        ("if true; then; fi", "syntax error near unexpected token `;'"),
        ("echo a; fi", "syntax error near unexpected token `fi'"),
        ("if true; then echo; fi fi", "syntax error near unexpected token `fi'"),
        ("for i in 1; do echo; done x", "syntax error near unexpected token `x'"),
        ("a | ; b", "syntax error near unexpected token `;'"),
        ("then", "syntax error near unexpected token `then'"),
        ("{ }", "syntax error near unexpected token `}'"),
        ("( )", "syntax error near unexpected token `)'"),
        ("(a)(b)", "syntax error near unexpected token `('"),
        ("{ a; } x", "syntax error near unexpected token `x'"),
        ("( a ) b", "syntax error near unexpected token `b'"),
        ("(a", "syntax error: unexpected end of file"),
        ("{ a; }}", "syntax error: unexpected end of file"),
        ("{ a }", "syntax error: unexpected end of file"),
        ("{ a; }; }", "syntax error near unexpected token `}'"),
        ("(a;;)", "syntax error near unexpected token `;;'"),
        ("case x in x) echo a;;; esac", "syntax error near unexpected token `;'"),
        ("case x in x echo; esac", "syntax error near unexpected token `echo'"),
        ("case in) echo;; esac", "syntax error near unexpected token `)'"),
        ("case x in", "syntax error: unexpected end of file"),
        ("case x; esac", "syntax error near unexpected token `;'"),
        ("case x in x) echo a;; esac x", "syntax error near unexpected token `x'"),
        ("case x in ) echo;; esac", "syntax error near unexpected token `)'"),
        ("case x in x|) echo;; esac", "syntax error near unexpected token `)'"),
        ("case x in a);; b) echo b", "syntax error: unexpected end of file"),
        ("case x in x) echo a esac", "syntax error: unexpected end of file"),
        ("a;; b", "syntax error near unexpected token `;;'"),
        ("case esac in esac) echo;; esac", "syntax error near unexpected token `)'"),
        ("f() echo hi", "syntax error near unexpected token `echo'"),
        ("f()", "syntax error: unexpected end of file"),
        ("f() { :; } x", "syntax error near unexpected token `x'"),
        ("function", "syntax error near unexpected token `newline'"),
        ("for (( i=0; i<2; i++ )) echo", "syntax error near unexpected token `echo'"),
        ("((1)) x", "syntax error near unexpected token `x'"),
    ];
    for (line, want) in cases {
        assert_eq!(parse_list(line).unwrap_err().to_string(), *want, "{line}");
    }
    let err = |line: &str| parse_list(line).unwrap_err().to_string();
    // `&` ends a background job: the whole and-or list before it, its text kept.
    let l = parse_list("kubectl proxy --port=8080   &  ").unwrap();
    assert_eq!(l.items[0].background.as_deref(), Some("kubectl proxy --port=8080"));
    assert!(l.simple().is_none());
    let l = parse_list("a && b & c; d &").unwrap();
    let jobs: Vec<Option<&str>> = l.items.iter().map(|i| i.background.as_deref()).collect();
    assert_eq!(jobs, [Some("a && b"), None, Some("d")]);
    assert_eq!(err("& a"), "syntax error near unexpected token `&'");
    assert_eq!(err("a & & b"), "syntax error near unexpected token `&'");
    // At the end of the input (the readers of lines wait for more before).
    assert_eq!(err("for i in 1 2; do echo $i"), "syntax error: unexpected end of file");
    assert_eq!(err("for i in 1 2"), "syntax error: unexpected end of file");
    assert_eq!(err("if a; then b # fi"), "syntax error: unexpected end of file");
    // Over several lines, with comments between them.
    let l = parse_list("for i in 1 2 # the pods
do
  # each
  echo $i
done
echo end").unwrap();
    assert_eq!(l.items.len(), 2);
    assert!(matches!(&l.items[0].first.command, Command::For { body, .. } if body.items.len() == 1));
    assert!(err("a | select x in y; do :; done").contains("after |"));
    assert!(err("for i in 1; do a; done > f").contains("redirection of a compound"));
    assert!(err("while true; do kubectl get pods; done").contains("would never end"));
    assert!(err("while :; do a; done").contains("would never end"));
    assert!(err("until false; do a; done").contains("would never end"));
    assert!(err("select x in y; do :; done").contains("select"));
    assert!(err("(( 1 ) )").contains("(( … )"));
    assert!(err("for (( i=0; i<2 )); do :; done").contains("three expressions"));
    assert!(err("echo $$").contains("special parameters"));
    assert!(err("(a) > f").contains("redirection of a compound"));
    assert!(err("[[ -n x ]]").contains("[["));
    // Deep nesting of loops is refused, not a stack overflow.
    let deep = "for i in 1; do ".repeat(5_000) + "a" + &"; done".repeat(5_000);
    assert!(err(&deep).contains("nested this deep"));
    let deep = "if a; then ".repeat(5_000) + "a" + &"; fi".repeat(5_000);
    assert!(err(&deep).contains("nested this deep"));
    let deep = "{ ".repeat(5_000) + "a" + &"; }".repeat(5_000);
    assert!(err(&deep).contains("nested this deep"));
    let deep = "( ".repeat(5_000) + "a" + &")".repeat(5_000);
    assert!(err(&deep).contains("nested this deep"));
}
