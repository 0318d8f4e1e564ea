//! Tables ported from upstream kubectl's `cmd/config/*_test.go` for
//! contexts, run on the playground's in-memory kubeconfig (clusters and
//! users: `config_edit_tests.rs`).

use super::{run, Context, Kubeconfig};
use crate::cli::{Command, ConfigCommand};
use crate::exec::Output;

fn ctx(name: &str, cluster: &str, user: &str, namespace: &str) -> Context {
    Context {
        name: name.into(),
        cluster: cluster.into(),
        user: user.into(),
        namespace: namespace.into(),
    }
}

fn config(current: &str, contexts: &[Context]) -> Kubeconfig {
    Kubeconfig {
        current: current.into(),
        contexts: contexts.to_vec(),
        clusters: Vec::new(),
        users: Vec::new(),
        colors: false,
        env: None,
    }
}

/// Runs one `kubectl config …` line on `kc`: its output, or the parse
/// error as kubectl prints it.
fn config_line(kc: &mut Kubeconfig, line: &str) -> Output {
    let mut out = Output::default();
    match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => match inv.command {
            Command::Config(cmd) => run(&cmd, kc, &mut out),
            other => panic!("{line}: {other:?}"),
        },
        Ok(other) => panic!("{line}: {other:?}"),
        Err(e) => out.error(&e.to_string()),
    }
    out
}

fn shaker() -> Context {
    ctx("shaker-context", "big-cluster", "blue-user", "saw-ns")
}

// get_contexts_test.go's TestGetContextsAll, TestGetContextsAllNoHeader,
// TestGetContextsAllSorted, TestGetContextsAllName,
// TestGetContextsAllNameNoHeader, TestGetContextsAllNone and
// TestGetContextsSelectOneOfTwo.
#[test]
fn get_contexts() {
    let sorted = [
        shaker(),
        ctx("abc", "abc-cluster", "blue-user", "kube-system"),
        ctx("xyz", "xyz-cluster", "blue-user", "default"),
    ];
    let two = [
        shaker(),
        ctx("not-this", "big-cluster", "blue-user", "saw-ns"),
    ];
    let cases: &[(Kubeconfig, &str, &str)] = &[
        (
            config("shaker-context", &[shaker()]),
            "",
            "CURRENT   NAME             CLUSTER       AUTHINFO    NAMESPACE\n*         shaker-context   big-cluster   blue-user   saw-ns\n",
        ),
        (config("shaker-context", &[shaker()]), "--no-headers", "*     shaker-context   big-cluster   blue-user   saw-ns\n"),
        (
            config("shaker-context", &sorted),
            "",
            "CURRENT   NAME             CLUSTER       AUTHINFO    NAMESPACE\n          abc              abc-cluster   blue-user   kube-system\n*         shaker-context   big-cluster   blue-user   saw-ns\n          xyz              xyz-cluster   blue-user   default\n",
        ),
        (config("", &[shaker()]), "-o name", "shaker-context\n"),
        (config("shaker-context", &[shaker()]), "-o name --no-headers", "shaker-context\n"),
        (config("", &[]), "--no-headers", ""),
        (config("shaker-context", &two), "shaker-context -o name --no-headers", "shaker-context\n"),
    ];
    for (kc, flags, want) in cases {
        let out = config_line(
            &mut kc.clone(),
            &format!("kubectl config get-contexts {flags}"),
        );
        assert_eq!(
            (out.stdout.as_str(), out.stderr.as_str(), out.failed),
            (*want, "", false),
            "{flags}"
        );
    }
}

// set_context_test.go's TestCreateContext, TestModifyContext and
// TestModifyCurrentContext: the message, and the context as written.
#[test]
fn set_context() {
    let flags = "--cluster=cluster_nickname --user=user_nickname --namespace=namespace";
    let two = [
        shaker(),
        ctx("not-this", "big-cluster", "blue-user", "saw-ns"),
    ];
    let cases: &[(Kubeconfig, &str, &str)] = &[
        (
            config("", &[]),
            "shaker-context",
            "Context \"shaker-context\" created.\n",
        ),
        (
            config("", &two),
            "shaker-context",
            "Context \"shaker-context\" modified.\n",
        ),
        (
            config("shaker-context", &two),
            "--current",
            "Context \"shaker-context\" modified.\n",
        ),
    ];
    for (start, args, want) in cases {
        let mut kc = start.clone();
        let out = config_line(
            &mut kc,
            &format!("kubectl config set-context {args} {flags}"),
        );
        assert_eq!(out.stdout, *want, "{args}");
        assert!(
            kc.contexts.contains(&ctx(
                "shaker-context",
                "cluster_nickname",
                "user_nickname",
                "namespace"
            )),
            "{args}: {kc:?}"
        );
        // The other context is left as it was.
        assert!(
            start
                .contexts
                .iter()
                .filter(|c| c.name != "shaker-context")
                .all(|c| kc.contexts.contains(c)),
            "{args}"
        );
        assert_eq!(kc.contexts.len(), start.contexts.len().max(1), "{args}");
    }
}

// use_context_test.go's TestUseContext.
#[test]
fn use_context() {
    let mut kc = config(
        "minikube",
        &[
            ctx("minikube", "minikube", "minikube", ""),
            ctx("my-cluster", "my-cluster", "mu-cluster", ""),
        ],
    );
    let out = config_line(&mut kc, "kubectl config use-context my-cluster");
    assert_eq!(out.stdout, "Switched to context \"my-cluster\".\n");
    assert_eq!(kc.current, "my-cluster");
}

/// The contexts there, the arguments, the message or error, and the
/// current context after.
type RenameCase<'a> = (&'a [&'a str], &'a str, Result<&'a str, &'a str>, &'a str);

// rename_context_test.go's TestRenameContext,
// TestRenameNonexistentContext and TestRenameToAlreadyExistingContext:
// the message or error, and the current context after.
#[test]
fn rename_context() {
    let data = |name: &str| ctx(name, "", "", "");
    let cases: &[RenameCase] = &[
        (&["current-context"], "current-context new-context", Ok("Context \"current-context\" renamed to \"new-context\".\n"), "new-context"),
        (&["current-context"], "nonexistent-current-context new-context", Err("cannot rename the context \"nonexistent-current-context\", it's not in"), "current-context"),
        (
            &["current-context", "existent-new-context"],
            "current-context existent-new-context",
            Err("cannot rename the context \"current-context\", the context \"existent-new-context\" already exists"),
            "current-context",
        ),
    ];
    for (names, args, want, current) in cases {
        let contexts: Vec<Context> = names.iter().map(|n| data(n)).collect();
        let mut kc = config("current-context", &contexts);
        let out = config_line(&mut kc, &format!("kubectl config rename-context {args}"));
        match want {
            Ok(msg) => assert_eq!((out.stdout.as_str(), out.failed), (*msg, false), "{args}"),
            Err(msg) => assert!(
                out.failed && out.stderr.contains(msg),
                "{args}: {}",
                out.stderr
            ),
        }
        assert_eq!(kc.current, *current, "{args}");
        if want.is_err() {
            assert_eq!(kc.contexts, contexts, "{args}");
        }
    }
}

// delete_context_test.go's TestDeleteContext.
#[test]
fn delete_context() {
    let mut kc = config(
        "",
        &[
            ctx("minikube", "minikube", "minikube", ""),
            ctx("otherkube", "otherkube", "otherkube", ""),
        ],
    );
    let out = config_line(&mut kc, "kubectl config delete-context minikube");
    assert_eq!(
        out.stdout,
        "deleted context minikube from /root/.kube/config\n"
    );
    assert_eq!(
        kc.contexts,
        vec![ctx("otherkube", "otherkube", "otherkube", "")]
    );
}

// current_context_test.go's TestCurrentContextWithSetContext and
// TestCurrentContextWithUnsetContext.
#[test]
fn current_context() {
    let out = config_line(
        &mut config("shaker-context", &[shaker()]),
        "kubectl config current-context",
    );
    assert_eq!(
        (out.stdout.as_str(), out.failed),
        ("shaker-context\n", false)
    );
    let out = config_line(&mut config("", &[]), "kubectl config current-context");
    assert_eq!(
        (out.stderr.as_str(), out.failed),
        ("error: current-context is not set\n", true)
    );
}

// The argument checks of use_context.go, rename_context.go,
// set_context.go and delete_context.go (their Complete and Validate),
// which the tests above leave out; outputs as kubectl v1.32 prints them.
#[test]
fn argument_checks() {
    let cases: &[(&str, &str)] = &[
        ("use-context", "error: Unexpected args: []\n"),
        ("use-context a b", "error: Unexpected args: [a b]\n"),
        ("use-context ''", "error: empty context names are not allowed\n"),
        ("rename-context a", "error: Unexpected args: [a]\n"),
        ("rename-context a ''", "error: You must specify a new non-empty context name\n"),
        ("set-context a b", "error: Unexpected args: [a b]\n"),
        ("set-context", "error: you must specify a non-empty context name or --current\n"),
        ("set-context a --current", "error: you cannot specify both a context name and --current\n"),
        ("get-contexts -o wide", "error: --output wide is not available in kubectl config get-contexts; resetting to default output format\n"),
        ("get-contexts a b", "context a not found\ncontext b not found\n"),
        ("view extra", "error: unexpected arguments: [extra]\nSee 'kubectl config view -h' for help and examples\n"),
        ("view --merge=false", "error: if merge==false a precise file must be specified\n"),
        // set-context's own --namespace hides the global one and its -n.
        ("set-context --current -n foo", "error: unknown shorthand flag: 'n' in -n\nSee 'kubectl config set-context --help' for usage.\n"),
    ];
    for (args, want) in cases {
        let out = config_line(
            &mut Kubeconfig::default(),
            &format!("kubectl config {args}"),
        );
        assert_eq!((out.stderr.as_str(), out.failed), (*want, true), "{args}");
    }
    // delete-context prints its help and succeeds.
    let out = config_line(&mut Kubeconfig::default(), "kubectl config delete-context");
    assert!(
        !out.failed
            && out.stderr.is_empty()
            && out.stdout.starts_with("Delete the specified context"),
        "{out:?}"
    );
}

// view.go's minify (clientcmdapi.MinifyConfig's errors), as kubectl v1.32
// words them on a kubeconfig like the playground's.
#[test]
fn view_minify() {
    let cases: &[(&str, &[Context], &str, &str)] = &[
        (
            "",
            &[],
            "",
            "error: current-context must exist in order to minify\n",
        ),
        ("gone", &[], "", "error: cannot locate context gone\n"),
        (
            "other",
            &[ctx("other", "elsewhere", "", "")],
            "",
            "error: cannot locate cluster elsewhere\n",
        ),
        (
            "other",
            &[ctx("other", "kind-kubeplay", "bob", "")],
            "",
            "error: cannot locate user bob\n",
        ),
        (
            "kind-kubeplay",
            &[ctx("dev", "", "", "dev")],
            "--context=dev",
            "",
        ),
    ];
    for (current, contexts, flags, want) in cases {
        let mut kc = Kubeconfig {
            current: current.to_string(),
            ..Default::default()
        };
        kc.contexts.extend(contexts.iter().cloned());
        let out = config_line(&mut kc, &format!("kubectl config view --minify {flags}"));
        assert_eq!(out.stderr, *want, "{current} {flags}");
    }
    let mut kc = Kubeconfig::default();
    kc.contexts.push(ctx("dev", "", "", "dev"));
    let out = config_line(&mut kc, "kubectl config view --minify --context=dev");
    assert_eq!(
        out.stdout,
        "apiVersion: v1\nclusters: null\ncontexts:\n- context:\n    cluster: \"\"\n    namespace: dev\n    user: \"\"\n  name: dev\ncurrent-context: dev\nkind: Config\npreferences: {}\nusers: null\n"
    );
    let out = config_line(&mut kc, "kubectl config view -o name");
    assert_eq!(out.stdout, "config/<unknown>\n");
    assert!(
        matches!(crate::parse_line("kubectl config view"), Ok(crate::Line::Kubectl(i)) if matches!(i.command, Command::Config(ConfigCommand::View { .. })))
    );
}
