//! The shell's lists, loops and arithmetic, line by line. Expected
//! outputs are what `bash -c LINE` (bash 5.2) printed here; each line runs
//! in a fresh playground, as each `bash -c` starts afresh.

use crate::Playground;

#[test]
fn lists_loops_and_arithmetic_print_what_bash_prints() {
    let cases: &[(&str, &str)] = &[
        ("true; echo $?; false; echo $?", "0\n1\n"),
        ("false && echo a || echo b", "b\n"),
        ("true || echo a && echo b", "b\n"),
        ("! true; echo $?", "1\n"),
        ("for i in 1 2 3; do echo n$i; done", "n1\nn2\nn3\n"),
        ("for i in $(seq 3); do echo $((i * i)); done", "1\n4\n9\n"),
        ("X=3; X=$((X + 1)); echo $X", "4\n"),
        (
            "echo ${U:-def} ${U-x} ${#X} ${X:+set} ${U:+unset}",
            "def x 0\n",
        ),
        (
            "if false; then echo a; elif true; then echo b; else echo c; fi",
            "b\n",
        ),
        (
            "for w in a b; do for v in 1 2; do echo $w$v; done; done",
            "a1\na2\nb1\nb2\n",
        ),
        ("echo a | grep b; echo $?", "1\n"),
        ("echo a | grep -q a && echo found", "found\n"),
        (
            "N=0; until echo $N | grep -q 3; do N=$((N+1)); done; echo $N",
            "3\n",
        ),
        ("echo $((2**10)) $((7 % 3)) $((-7 / 2))", "1024 1 -3\n"),
        ("echo ${Z:=zz}; echo $Z", "zz\nzz\n"),
        ("for i in a b; do echo $i; done; echo $i", "a\nb\nb\n"),
        ("seq -s ' ' 5", "1 2 3 4 5\n"),
        ("for f in \"a b\" c; do echo \"[$f]\"; done", "[a b]\n[c]\n"),
        (
            "L=\"x y  z\"; for f in $L; do echo \"<$f>\"; done; echo ${#L}",
            "<x>\n<y>\n<z>\n6\n",
        ),
        (
            "if echo hi | grep -q hi; then echo yes; fi; echo $?",
            "yes\n0\n",
        ),
        ("false; echo $? $?", "1 1\n"),
        ("for i in; do echo never; done; echo $?", "0\n"),
        ("echo $(echo a; echo b)", "a b\n"),
        ("true && false || echo recovered; echo $?", "recovered\n0\n"),
        ("echo \"$((1+2))\" '$((1+2))'", "3 $((1+2))\n"),
        // Groups run in the shell, subshells in a copy of it.
        ("X=1; { X=2; echo in $X; }; echo out $X", "in 2\nout 2\n"),
        ("X=1; (X=3; echo in $X); echo out $X", "in 3\nout 1\n"),
        ("{ echo a; echo b; } | wc -l", "2\n"),
        ("echo hi | { read x; echo got $x; }; echo \"[$x]\"", "got hi\n[]\n"),
        ("echo hi | (read x; echo got $x)", "got hi\n"),
        ("(export Y=1); echo \"[$Y]\"", "[]\n"),
        ("false || { echo no; false; }; echo $?", "no\n1\n"),
        ("(false); echo $?", "1\n"),
        ("for i in 1 2; do (echo s$i) && { echo g$i; }; done", "s1\ng1\ns2\ng2\n"),
        // case: the first arm whose pattern matches; quoted parts literal.
        ("S=Running; case $S in Run*) echo up;; Pend*|Cont*) echo wait;; *) echo other;; esac", "up\n"),
        ("case x in a) echo a;; esac; echo $?", "0\n"),
        ("case \"a b\" in \"a b\") echo quoted;; esac", "quoted\n"),
        ("case x in '*') echo no;; \"x\") echo yes; esac", "yes\n"),
        ("P='w*'; case web in $P) echo pat;; esac; case web in \"$P\") echo lit;; *) echo nolit;; esac", "pat\nnolit\n"),
        ("for f in a.yaml b.json c; do case $f in *.yaml) echo y;; (*.json) echo j;; *) echo \"? $f\";; esac; done", "y\nj\n? c\n"),
        ("case x in x) false;; esac; echo $?", "1\n"),
        ("case 7 in [0-9]) echo digit;; esac; case b in [!a]) echo nota;; esac", "digit\nnota\n"),
        ("echo web-1 | while read p; do case $p in web-?) echo web;; esac; done", "web\n"),
    ];
    for (line, want) in cases {
        let mut pg = Playground::new(1);
        assert_eq!(pg.run(line, None).shown(), *want, "{line}");
    }
}

// bash's status for each line (`bash -c LINE; echo $?`), and `$?` on the
// next line reads it.
#[test]
fn statuses_are_bashs() {
    let cases: &[(&str, i32)] = &[
        ("true", 0),
        ("false", 1),
        ("nosuch", 127),
        ("echo a | grep b", 1),
        ("echo a | grep -E '('", 2),
        ("kubectl get pods nope", 1),
        ("kubectl get pods nope || true", 0),
        ("! kubectl get pods nope", 0),
        ("false; true", 0),
        ("true; false", 1),
        ("for i in 1 2; do false; done", 1),
        ("if false; then true; fi", 0),
        ("if true; then false; fi", 1),
        ("X=$(false)", 1),
        ("echo $((1/0))", 1),
    ];
    for (line, want) in cases {
        let mut pg = Playground::new(1);
        let out = pg.run(line, None);
        assert_eq!(out.failed, *want != 0, "{line}: {out:?}");
        assert_eq!(
            pg.run("echo $?", None).stdout,
            format!("{want}\n"),
            "{line}"
        );
    }
}

// What bash -i printed: the error, and nothing more of the line.
#[test]
fn an_arithmetic_error_ends_the_line() {
    let mut pg = Playground::new(1);
    let out = pg.run("echo a; echo $((1/0)); echo after", None);
    assert_eq!(
        out.shown(),
        "a\nbash: 1/0: division by 0 (error token is \"0\")\n"
    );
    assert!(out.failed);
    let out = pg.run("for i in 1 2; do echo $((2 ** -i)); done; echo after", None);
    assert_eq!(
        out.shown(),
        "bash: 2 ** -i: exponent less than 0 (error token is \"i\")\n"
    );
    // Inside $(…), only the substitution's own line ends.
    assert_eq!(
        pg.run("echo [$(echo $((1/0)))] after", None).shown(),
        "bash: 1/0: division by 0 (error token is \"0\")\n[] after\n"
    );
}

#[test]
fn loops_are_capped_per_line() {
    let mut pg = Playground::new(1);
    let out = pg.run("for i in $(seq 2000); do :; done; echo after", None);
    assert!(
        out.failed && out.stderr.contains("1000 iterations"),
        "{out:?}"
    );
    assert!(!out.stdout.contains("after"));
    let out = pg.run(
        "for i in $(seq 10); do for j in $(seq 200); do :; done; done",
        None,
    );
    assert!(
        out.failed && out.stderr.contains("1000 iterations"),
        "{out:?}"
    );
    let out = pg.run(
        "N=0; until false | grep -q x && false; do N=$((N+1)); done",
        None,
    );
    assert!(
        out.failed && out.stderr.contains("1000 iterations"),
        "{out:?}"
    );
    // The budget is the line's: the next line starts afresh.
    let out = pg.run("for i in $(seq 1000); do :; done; echo done", None);
    assert_eq!(out.shown(), "done\n");
    assert!(pg
        .run("while true; do :; done", None)
        .stderr
        .contains("would never end"));
}

#[test]
fn sleep_advances_virtual_time_as_sim_advance_does() {
    let mut slept = Playground::new(1);
    let mut advanced = slept.clone();
    let out = slept.run("sleep 1m 30", None);
    assert_eq!(out, crate::CommandOutput::default());
    assert!(!advanced.run("sim advance 90s", None).failed);
    assert_eq!(slept.engine().now(), advanced.engine().now());
    assert_eq!(
        slept.run("kubectl get pods -A", None),
        advanced.run("kubectl get pods -A", None)
    );
    let out = slept.run("sleep 1x", None);
    assert_eq!(
        out.stderr,
        "sleep: invalid time interval ‘1x’\nTry 'sleep --help' for more information.\n"
    );
    assert!(out.failed);
}

#[test]
fn watch_runs_its_command_once_with_a_note() {
    let mut pg = Playground::new(1);
    let out = pg.run("watch -n 5 kubectl get ns default", None);
    assert!(
        out.stdout
            .starts_with("NAME      STATUS   AGE\ndefault   Active"),
        "{out:?}"
    );
    assert!(out.stderr.contains("every 5s"), "{out:?}");
    assert!(!out.failed);
    assert!(pg.run("watch", None).failed);
}

#[test]
fn heredocs_in_a_list_feed_their_own_pipelines() {
    let mut pg = Playground::new(1);
    let out = pg.run(
        "cat <<A; echo mid; cat <<B | tr a-z A-Z\none\nA\ntwo\nB",
        None,
    );
    assert_eq!(out.shown(), "one\nmid\nTWO\n");
    let out = pg.run("for i in 1 2; do cat <<EOF; done\nline $i\nEOF", None);
    assert_eq!(out.shown(), "line 1\nline 2\n");
}

#[test]
fn dev_null_swallows_output() {
    let mut pg = Playground::new(1);
    let out = pg.run("if echo hi > /dev/null; then echo yes; fi", None);
    assert_eq!(out.shown(), "yes\n");
    assert_eq!(pg.file("/dev/null"), None);
}

// More lines, pipes into and out of compound commands and `read`
// included; expected outputs are `bash -c LINE`'s (bash 5.2, coreutils 9.1).
#[test]
fn more_lines_print_what_bash_prints() {
    let cases: &[(&str, &str)] = &[
        (
            "a=1; b=2; echo $((a+b)) $((a-b)) $((a*b)) $((b/a)) $((b%a)) $((b**3))",
            "3 -1 2 2 0 8\n",
        ),
        (
            "echo $(( (1+2) * 3 )) $((10 > 3 && 2 < 1)) $((5 == 5 ? 7 : 8))",
            "9 0 7\n",
        ),
        (
            "N=5; echo $((N)) $((N+N)) $(($N * 2)) \"$((N / 2))\"",
            "5 10 10 2\n",
        ),
        ("X=\"1+2\"; echo $((X * 3))", "9\n"),
        (
            "for x in a \"b c\" 'd'; do echo \"<$x>\"; done",
            "<a>\n<b c>\n<d>\n",
        ),
        (
            "for x in $(echo a b; echo c); do echo -n \"$x,\"; done; echo",
            "a,b,c,\n",
        ),
        (
            "for i in 1 2 3; do if [ $i = 2 ]; then echo two; else echo not $i; fi; done",
            "not 1\ntwo\nnot 3\n",
        ),
        (
            "i=0; while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done",
            "0\n1\n2\n",
        ),
        (
            "i=5; until [ $i -le 2 ]; do i=$((i-1)); done; echo $i",
            "2\n",
        ),
        (
            "true && echo a; false || echo b; true || echo c; false && echo d; echo end",
            "a\nb\nend\n",
        ),
        ("! false; echo $?; ! true; echo $?", "0\n1\n"),
        ("echo ${UNSET:-x}${UNSET:+y}${#UNSET}", "x0\n"),
        (
            "V=hello; echo ${#V} ${V:-no} ${V:+yes} ${V-no} ${V+yes}",
            "5 hello yes hello yes\n",
        ),
        (
            "E=; echo \"[${E:-d}][${E-d}][${E:+a}][${E+a}]\"",
            "[d][][][a]\n",
        ),
        (
            "echo \"${A:=first}\" \"$A\"; echo \"${A:=second}\"",
            "first first\nfirst\n",
        ),
        ("seq 3 | while read l; do echo $l; done", "1\n2\n3\n"),
        ("seq 5 | grep 3 && echo found || echo nope", "3\nfound\n"),
        ("seq 10 | tail -n 2; echo $?", "9\n10\n0\n"),
        ("echo a; echo b >/dev/null; echo c", "a\nc\n"),
        ("if true; then :; fi; echo done", "done\n"),
        (
            "if false; then echo a; elif false; then echo b; fi; echo $?",
            "0\n",
        ),
        (
            "for i in 1 2; do for j in a b; do echo $i$j; done; done | wc -l",
            "4\n",
        ),
        (
            "echo $((0x10)) $((010)) $((2#1010)) $((36#z))",
            "16 8 10 35\n",
        ),
        (
            "echo $((1 << 4)) $((256 >> 2)) $((5 & 3)) $((5 | 3)) $((5 ^ 3)) $((~0))",
            "16 64 1 7 6 -1\n",
        ),
        (
            "echo $((9223372036854775807 + 1)) $((-9223372036854775807 - 2))",
            "-9223372036854775808 9223372036854775807\n",
        ),
        (
            "echo $(( 7 / -2 )) $(( -7 % 2 )) $(( 2 ** 62 ))",
            "-3 -1 4611686018427387904\n",
        ),
        ("for f in; do echo x; done; echo ok", "ok\n"),
        ("test -n \"abc\" && echo nonempty", "nonempty\n"),
        ("[ \"$(echo hi)\" = hi ] && echo same", "same\n"),
        ("echo $? $?; false; echo $?", "0 0\n1\n"),
        (
            "seq 2 4; seq 4 -1 2; seq -s- 1 3",
            "2\n3\n4\n4\n3\n2\n1-2-3\n",
        ),
        ("echo \"sum: $(( $(seq 3 | wc -l) + 1 ))\"", "sum: 4\n"),
        (
            "printf 'a b c\\n d  e \\nf\\n' | while read x y; do echo \"[$x][$y]\"; done",
            "[a][b c]\n[d][e]\n[f][]\n",
        ),
        (
            "printf 'one\\ntwo\\n' | while read; do echo \"<$REPLY>\"; done",
            "<one>\n<two>\n",
        ),
        ("printf 'x\\ny' | while read l; do echo $l; done", "x\n"),
        ("for i in 3 1 2; do echo $i; done | sort", "1\n2\n3\n"),
        ("for i in 1 2 3; do echo $i; done | grep 2 | wc -l", "1\n"),
        ("if true; then echo yes; fi | tr a-z A-Z", "YES\n"),
        (
            "seq 3 | while read n; do echo $((n * 10)); done | tail -1",
            "30\n",
        ),
        (
            "echo hi | while read a; do echo got $a; done; echo status $?",
            "got hi\nstatus 0\n",
        ),
        ("seq 2 | for i in a b; do echo $i; done", "a\nb\n"),
        ("seq 3 | while read n; do seq $n | wc -l; done", "1\n2\n3\n"),
        ("echo \"a b\" | read x y; echo \"[$x]\"", "[]\n"),
        (
            "printf '' | while read l; do echo never; done; echo $?",
            "0\n",
        ),
        (
            "printf 'a\\n\\nb\\n' | while read l; do echo \"[$l]\"; done",
            "[a]\n[]\n[b]\n",
        ),
    ];
    for (line, want) in cases {
        let mut pg = Playground::new(1);
        assert_eq!(pg.run(line, None).shown(), *want, "{line}");
    }
}

// Typed in the page, a sleep runs a slice at a time, as sim advance does,
// and still prints nothing.
#[test]
fn a_typed_sleep_runs_sliced_and_quiet() {
    let mut pg = Playground::new(1);
    let mut direct = pg.clone();
    assert!(matches!(
        pg.run_outcome("sleep 2m"),
        crate::RunOutcome::Running
    ));
    let mut out = None;
    while out.is_none() {
        out = pg.work(10);
    }
    assert_eq!(out, Some(crate::CommandOutput::default()));
    direct.run("sleep 2m", None);
    assert_eq!(pg.engine().now(), direct.engine().now());
    assert_eq!(pg.run("echo $?", None).stdout, "0\n");
    // A sim advance afterwards still prints.
    assert!(matches!(
        pg.run_outcome("sim advance 1s"),
        crate::RunOutcome::Running
    ));
    assert!(pg
        .work(usize::MAX)
        .is_some_and(|o| o.stdout.starts_with("advanced 1s")));
}

// `2>/dev/null` and `2>&1`, as `bash -c LINE` (bash 5.2, coreutils 9.1)
// printed them.
#[test]
fn stderr_redirections_print_what_bash_prints() {
    let cases: &[(&str, &str)] = &[
        ("ls nope 2>/dev/null; echo $?", "2\n"),
        ("cat nope 2>&1 | wc -l", "1\n"),
        ("grep x nope 2>/dev/null || echo missing", "missing\n"),
        ("echo a 2>/dev/null | tr a b", "b\n"),
        ("2>/dev/null cat nope; echo $?", "1\n"),
        (
            "cat nope 2>&1; echo end",
            "cat: nope: No such file or directory\nend\n",
        ),
        ("seq 3 2>/dev/null | tail -1", "3\n"),
    ];
    for (line, want) in cases {
        let mut pg = Playground::new(1);
        assert_eq!(pg.run(line, None).shown(), *want, "{line}");
    }
}

// Found by differential testing (random lines run by `bash -c` (bash 5.2)
// and by the playground): each command of a pipe runs in a subshell of
// its own, so what it sets is gone after it (and unseen by the next
// stage); a `| while read` inside a `while read` body leaves the outer
// loop's input alone, and an expansion error there ends only its stage;
// `--3` is two minus signs; printf knows %x %o %u.
#[test]
fn differential_lines_print_what_bash_prints() {
    let cases: &[(&str, &str)] = &[
        ("echo ${U:=q} | cat; echo \"[$U]\"", "q\n[]\n"),
        ("echo a | while read l; do V=$l; done; echo \"[$V]\"", "[]\n"),
        ("for i in 1 2; do W=$i; done | cat; echo \"[$W]\"", "[]\n"),
        ("echo ${U:=q} | grep -c ${U:-none}", "0\n"),
        (
            "echo x | while read a; do echo \"$a${U:=z}\"; done; echo \"[$U]\"",
            "xz\n[]\n",
        ),
        (
            "seq 3 | while read l; do echo a | while read b; do echo $l$b; done; done",
            "1a\n2a\n3a\n",
        ),
        (
            "seq 2 | while read l; do printf '%s\\n' x y | while read b; do echo $l$b; done; echo end$l; done",
            "1x\n1y\nend1\n2x\n2y\nend2\n",
        ),
        ("echo $((5--3)) $((--3)) $((1+ ++4))", "8 3 5\n"),
        // Quoted blanks in an unquoted `${U:-word}` do not split; `:=`
        // gives the new value, which does.
        ("printf \"[%s]\\n\" ${U:-\"a b\"} c", "[a b]\n[c]\n"),
        (
            "for w in ${U:-'x y'}z; do echo \"<$w>\"; done",
            "<x yz>\n",
        ),
        ("echo ${U:=\"p  q\"}; echo \"[$U]\"", "p q\n[p  q]\n"),
        (
            "printf '%x %o %X %u\\n' 255 8 171 -1",
            "ff 10 AB 18446744073709551615\n",
        ),
        ("printf '%05x|%-4o|\\n' 26 9", "0001a|11  |\n"),
        (
            "printf '%d|' ' ' '' '5 '; echo",
            "bash: printf:  : invalid number\nbash: printf: 5 : invalid number\n0|0|5|\n",
        ),
        // An expansion error in a stage of a pipe ends only that stage.
        (
            "echo $((1/0)) | wc -l; echo \"[rc=$?]\"",
            "bash: 1/0: division by 0 (error token is \"0\")\n0\n[rc=0]\n",
        ),
        (
            "echo a | echo $((1/0)); echo \"[rc=$?]\"",
            "bash: 1/0: division by 0 (error token is \"0\")\n[rc=1]\n",
        ),
    ];
    for (line, want) in cases {
        let mut pg = Playground::new(1);
        assert_eq!(pg.run(line, None).shown(), *want, "{line}");
    }
}

// `${NAME%pattern}` and its kin, as kubernetes.io's cheat sheet drops the
// last comma of a selector; the word's quoted parts match only themselves.
#[test]
fn trims_print_what_bash_prints() {
    let cases: &[(&str, &str)] = &[
        ("s=app=rc,tier=web,; echo ${s%?} ${s%%,*} ${s#*=} ${s##*=}", "app=rc,tier=web app=rc rc,tier=web, web,\n"),
        ("s=a,b,; echo \"${s%\"?\"}\" ${s%\\?} ${s%,}", "a,b, a,b, a,b\n"),
        ("f=file.tar.gz; x='.*'; echo ${f%$x} ${f%\"$x\"} ${nope%x}.", "file.tar file.tar.gz .\n"),
        ("p=pod/web; for w in ${p#pod/}; do echo \"<$w>\"; done", "<web>\n"),
    ];
    for (line, want) in cases {
        let mut pg = Playground::new(1);
        assert_eq!(pg.run(line, None).shown(), *want, "{line}");
    }
}

// Tilde-prefixes: unquoted at a word's start, and after an assignment's
// `=` or `:` (kubernetes.io's `KUBECONFIG=~/.kube/config:~/.kube/…`);
// root's home while HOME is unset, HOME's value once set.
#[test]
fn tildes_print_what_bash_prints() {
    let cases: &[(&str, &str)] = &[
        ("echo ~ ~/x a~b \"~\" '~' \\~ ~user x=~/a:~/b", "/root /root/x a~b ~ ~ ~ ~user x=/root/a:/root/b\n"),
        ("X=~/a:~/b; echo $X", "/root/a:/root/b\n"),
        ("X=a~:b~; echo $X", "a~:b~\n"),
        ("HOME=/home/me; echo ~ ~/.kube", "/home/me /home/me/.kube\n"),
        ("echo hi > ~/.bashrc; cat /root/.bashrc", "hi\n"),
    ];
    for (line, want) in cases {
        let mut pg = Playground::new(1);
        assert_eq!(pg.run(line, None).shown(), *want, "{line}");
    }
}
