//! Inputs the long fuzz runs (scripts/fuzz.sh) failed on, kept so they
//! stay fixed. Each names the target and what was wrong.

/// selectors: upstream's field-selector parser sorts the raw terms, so
/// `app==we;,app=b` (sorted `app==we;` < `app=b`) prints as `app=we;,app=b`,
/// which sorts the other way round when read back. Same terms, so the
/// check compares them as a set (it used to require the same order).
#[test]
fn field_selector_terms_reorder_after_printing_but_stay_the_same() {
    kubeplay_fuzzcheck::selectors(b"app==we;,app=b");
    let s = kubeplay_model::selector::FieldSelector::parse("app==we;,app=b").unwrap();
    assert_eq!(s.to_string(), "app=we;,app=b");
    assert_eq!(kubeplay_model::selector::FieldSelector::parse("app=we;,app=b").unwrap().to_string(), "app=b,app=we;");
}

/// command_line: an integer flag of more than 39 digits overflowed the
/// u128 accumulator of `strconv.ParseInt` (a panic with overflow checks on).
/// Go stops at the first digit that overflows, with a range error.
#[test]
fn a_forty_digit_flag_value_is_out_of_range_not_a_panic() {
    let digits = "8".repeat(60);
    let line = format!("kubectl scale deployment web --replicas={digits}");
    kubeplay_fuzzcheck::command_line(line.as_bytes());
    let err = kubeplay_kubectl::parse_line(&line).unwrap_err().to_string();
    assert!(err.contains(&format!("invalid argument \"{digits}\" for \"--replicas\" flag: strconv.ParseInt: parsing \"{digits}\": value out of range")), "{err}");
    assert_eq!(kubeplay_kubectl::gofmt::parse_int(&"9".repeat(40), 64).unwrap_err().to_string(), format!("strconv.ParseInt: parsing \"{}\": value out of range", "9".repeat(40)));
}

// The surfaces fuzzed by surfaces.rs and the pathological sizes of the
// brief: what they found, each with what the real program says.

fn cel_eval(src: &str) -> Result<String, String> {
    let p = kubeplay_cel::compile(src, &[]).map_err(|e| e.to_string())?;
    p.eval(&[]).map(|v| format!("{v:?}")).map_err(|e| e.to_string())
}

/// CEL `format`: `%.Nf` past Rust's formatter limit (u16::MAX digits)
/// panicked. Go's fmt takes precisions up to a million; a double's digits
/// past its exact expansion are zeros.
#[test]
fn cel_format_with_a_huge_precision_is_exact_not_a_panic() {
    let out = cel_eval("'%.1000000f'.format([1.5])").unwrap();
    let digits = out.trim_start_matches("String(\"1.5").trim_end_matches("\")");
    assert_eq!(digits.len(), 999_999, "{}", &out[..40]);
    assert!(digits.bytes().all(|b| b == b'0'));
    assert_eq!(cel_eval("'%.2000000f'.format([1.0])").unwrap_err(), "operation cancelled: actual cost limit exceeded");
    // strconv.Atoi's range error, not "invalid syntax", for too many digits.
    let err = cel_eval("'%.99999999999999999999f'.format([1.0])").unwrap_err();
    assert!(err.contains("strconv.Atoi: parsing \"99999999999999999999\": value out of range"), "{err}");
}

/// CEL: a string doubled in a chain of `map`s grew to gigabytes within
/// the step budget; cel-go charges concatenation by size, so the cost
/// limit stops it (Kubernetes' per-expression limit).
#[test]
fn cel_string_growth_runs_into_the_cost_limit() {
    let src = format!("['ab']{}[0].size()", ".map(a, a + a)".repeat(40));
    assert_eq!(cel_eval(&src).unwrap_err(), "operation cancelled: actual cost limit exceeded");
    // Small results are unaffected.
    assert_eq!(cel_eval("['ab'].map(a, a + a).map(a, a + a)[0]").unwrap(), "String(\"abababab\")");
}

/// CEL nested 10,000 deep is refused at cel-go's 250 levels with its
/// message. (250 nested list literals need about 640 KB of stack in a
/// release build, 4 MB in a debug one: run where the CLI runs, on a
/// main thread's 8 MB.)
#[test]
fn cel_nested_ten_thousand_deep_is_refused() {
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(|| {
            for (open, close) in [("(", ")"), ("[", "]"), ("{1: ", "}"), ("-(", ")"), ("size(", ")"), ("[0].map(x, ", ")")] {
                let src = format!("{}1{}", open.repeat(10_000), close.repeat(10_000));
                let err = cel_eval(&src).unwrap_err();
                assert!(err.contains("expression recursion limit exceeded: 250"), "{open}: {}", &err[..err.len().min(200)]);
            }
            for src in ["!".repeat(10_000) + "true", "1".to_string() + &" + 1".repeat(10_000), "a".to_string() + &".b".repeat(10_000)] {
                let err = cel_eval(&src).unwrap_err();
                assert!(err.contains("expression recursion limit exceeded: 250"), "{}", &err[..err.len().min(200)]);
            }
        })
        .unwrap()
        .join()
        .unwrap();
}

fn settled() -> kubeplay_playground::Playground {
    let mut pg = kubeplay_playground::Playground::new(1);
    for line in ["kubectl run b --image=busybox -- sleep 3600", "kubectl run n --image=nginx", "sim settle"] {
        pg.run(line, None);
    }
    pg
}

/// Container shells: the first word of a command was expanded once to
/// look for `exit`/`return` and again to run it, so its `$(…)` ran twice
/// and `$($($(…)))` 2^depth times (25 levels hung the page). Each
/// substitution runs once, as in sh.
#[test]
fn a_container_command_substitution_runs_once() {
    let mut pg = settled();
    let out = pg.run("kubectl exec b -- sh -c 'echo $($($($($($(echo x))))))'", None);
    assert_eq!(out.stdout, "\n");
    // busybox: the inner `x` is not found once; the outer ones run nothing.
    assert_eq!(out.stderr, "sh: x: not found\n");
    let out = pg.run("kubectl exec b -- sh -c '$(echo x >> /tmp/c; echo echo) hi; cat /tmp/c'", None);
    assert_eq!(out.stdout, "hi\nx\n");
}

/// Container shells: a backslash ending the script stepped past its end
/// (the proptest run found `"$(hostname\)"` typed into `kubectl exec -it`,
/// where `$(` took `hostname\` as its script). The shells keep a final
/// backslash, and `\)` does not close `$(` (checked against dash and bash).
#[test]
fn a_backslash_at_the_end_of_a_container_script_is_kept() {
    let mut pg = settled();
    let out = pg.run(r"kubectl exec b -- sh -c 'echo a\'", None);
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("a\\\n", ""));
    let out = pg.run(r#"kubectl exec n -- sh -c 'echo "$(hostname\)"'"#, None);
    assert_eq!(out.stderr, "sh: 1: Syntax error: Unterminated quoted string\ncommand terminated with exit code 2\n");
    let out = pg.run(r"kubectl exec n -- sh -c 'echo $(hostname\)'", None);
    assert_eq!(out.stderr, "sh: 1: Syntax error: end of file unexpected (expecting \")\")\ncommand terminated with exit code 2\n");
    // Typed into an interactive shell, the line is not finished yet.
    let out = pg.run("kubectl exec -it b -- sh", None);
    assert!(!out.failed, "{}", out.stderr);
    let out = pg.run(r#"echo "$(hostname\)" > /usr/share/nginx/html/index.html"#, None);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
}

/// Container shells nested thousands deep (subshells, groups, `if`s,
/// `$(…)`) recursed until the stack ran out: the script is refused past
/// the playground's depth, as the terminal's shell refuses its own.
#[test]
fn container_scripts_nested_thousands_deep_are_refused() {
    let mut pg = settled();
    let n = 3000;
    for script in [
        "( ".repeat(n) + "true" + &" )".repeat(n),
        "{ ".repeat(n) + "true" + &"; }".repeat(n),
        "if true; then ".repeat(n) + "true" + &"; fi".repeat(n),
    ] {
        let out = pg.run(&format!("kubectl exec b -- sh -c '{script}'"), None);
        assert!(out.failed && out.stderr.starts_with("error: (playground) kubectl exec runs only"), "{}", &out.stderr[..out.stderr.len().min(200)]);
    }
    let out = pg.run(&format!("kubectl exec b -- sh -c 'echo {}x{}'", "$(".repeat(n), ")".repeat(n)), None);
    assert!(out.failed && out.stderr.ends_with("error: (playground) the script nested $(…) 32 deep and stops here (the shells go on until they run out of processes)\n"), "{}", out.stderr);
    // A few levels are fine.
    let out = pg.run("kubectl exec b -- sh -c '( ( { echo $(echo $(echo deep)); } ) )'", None);
    assert_eq!((out.stdout.as_str(), out.failed), ("deep\n", false));
}

/// The terminal's shell scanned `${X:-${X:-…}}` recursively without a
/// bound: thousands of levels ran out of stack. Refused past its nesting
/// depth, as `$(…)` is.
#[test]
fn terminal_parameter_expansions_nested_thousands_deep_are_refused() {
    let mut pg = kubeplay_playground::Playground::new(1);
    let n = 3000;
    let out = pg.run(&format!("echo {}y{}", "${X:-".repeat(n), "}".repeat(n)), None);
    assert!(out.failed && out.stderr.contains("${…} nested this deep (column 6) is not supported here"), "{}", out.stderr);
    let out = pg.run("echo ${X:-${Y:-${Z:-deep}}}", None);
    assert_eq!(out.stdout, "deep\n");
}

/// `$(( ))` overflow wraps and division by zero is an error, in bash's
/// words (bash 5: expr.c), at the prompt and in a container.
#[test]
fn arithmetic_overflow_and_division_by_zero_in_bash_words() {
    let mut pg = settled();
    assert_eq!(pg.run("echo $((9223372036854775807 + 1))", None).stdout, "-9223372036854775808\n");
    let out = pg.run("echo $((1/0))", None);
    assert!(out.failed && out.stderr.contains("1/0: division by 0 (error token is \"0\")"), "{}", out.stderr);
    let out = pg.run("kubectl exec n -- bash -c 'echo $((1/0)); echo after'", None);
    assert_eq!(out.stderr, "bash: 1/0: division by 0 (error token is \"0\")\ncommand terminated with exit code 1\n");
    let out = pg.run("kubectl exec b -- sh -c 'echo $((9223372036854775807+1))'", None);
    assert_eq!(out.stdout, "-9223372036854775808\n");
}

/// A terminal line of a megabyte is refused at the line cap, not parsed.
#[test]
fn a_megabyte_line_is_refused_at_the_cap() {
    let mut pg = kubeplay_playground::Playground::new(1);
    let out = pg.run(&format!("echo {}", "a".repeat(1 << 20)), None);
    assert!(out.failed && out.stderr.contains("the command line is longer than 65536 bytes"), "{}", out.stderr);
}

/// Nested quantifiers on a long line: the Pike VM stays linear (a
/// backtracking engine would take exponential time on `(a*)*b`).
#[test]
fn nested_quantifiers_on_a_long_line_stay_linear() {
    use kubeplay_model::regex::{Regex, Syntax};
    let text = "a".repeat(50_000);
    for (pattern, syntax) in [("(a*)*b", Syntax::Extended), ("(a|aa)*c", Syntax::Extended), ("\\(a*\\)*b", Syntax::Basic), ("(a+)+$", Syntax::Ecma)] {
        let re = Regex::new(pattern, syntax).unwrap();
        let found = re.find_at(&text, 0);
        assert_eq!(found.is_some(), pattern.ends_with('$'), "{pattern}");
    }
    let mut pg = kubeplay_playground::Playground::new(1);
    let out = pg.run(&format!("echo {} | grep -cE '(a*)*b'", "a".repeat(30_000)), None);
    assert_eq!(out.stdout, "0\n");
}
