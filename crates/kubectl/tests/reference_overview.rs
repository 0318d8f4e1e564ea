//! Lines of kubernetes.io's kubectl overview (reference/kubectl/): the
//! root words cobra answers outside kubectl's command tree (`help`, the
//! hidden `alpha`), `options`, `plugin list`, and `get
//! --server-print=false`. Expected texts are what the installed kubectl
//! v1.32 prints where no cluster is needed, else what cli-runtime's table
//! printer prints for a non-Table object.

use kubeplay_engine::Engine;
use kubeplay_kubectl::cli::Command;
use kubeplay_kubectl::exec::{execute, Io, Output};
use kubeplay_kubectl::{parse_line, Line};

fn run(line: &str) -> Output {
    run_on(&mut Engine::with_default_cluster(7), line)
}

fn run_on(e: &mut Engine, line: &str) -> Output {
    match parse_line(line) {
        Ok(Line::Kubectl(inv)) => execute(&inv, e, Io::default()).expect("a read-only command"),
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn help_names_a_command_path() {
    // (line, the help path it shows, the stderr line before it)
    let table: &[(&str, &str, &[&str])] = &[
        ("kubectl help", "kubectl", &[]),
        ("kubectl help get", "kubectl get", &[]),
        (
            "kubectl help create deployment",
            "kubectl create deployment",
            &[],
        ),
        // cobra's Find stops at the last command; the rest are its args.
        ("kubectl help get nosuch", "kubectl get", &[]),
        ("kubectl help rollout status", "kubectl rollout status", &[]),
        (
            "kubectl help nosuch",
            "kubectl",
            &["Unknown help topic [`nosuch`]"],
        ),
        (
            "kubectl help nosuch other",
            "kubectl",
            &["Unknown help topic [`nosuch` `other`]"],
        ),
        ("kubectl help alpha", "kubectl alpha", &[]),
        ("kubectl alpha", "kubectl alpha", &[]),
        ("kubectl options", "kubectl options", &[]),
    ];
    for (line, path, warnings) in table {
        let inv = match parse_line(line) {
            Ok(Line::Kubectl(inv)) => inv,
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(
            inv.command,
            Command::Help {
                path: path.to_string()
            },
            "{line}"
        );
        assert_eq!(
            inv.warnings,
            warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>(),
            "{line}"
        );
    }
}

#[test]
fn help_prints_as_dash_dash_help_does() {
    assert_eq!(run("kubectl help"), run("kubectl --help"));
    assert_eq!(run("kubectl help get"), run("kubectl get --help"));
    let unknown = run("kubectl help nosuch");
    assert!(!unknown.failed);
    assert_eq!(unknown.stderr, "Unknown help topic [`nosuch`]\n");
    assert_eq!(unknown.stdout, run("kubectl help").stdout);
}

#[test]
fn alpha_has_no_commands_in_v1_32() {
    for line in ["kubectl alpha", "kubectl help alpha", "kubectl alpha foo"] {
        let out = run(line);
        assert!(!out.failed, "{line}");
        assert_eq!(out.stdout, "", "{line}");
        assert_eq!(
            out.stderr, "No alpha commands are available in this version of kubectl\n",
            "{line}"
        );
    }
}

#[test]
fn plugin_list_finds_none() {
    let e = match parse_line("kubectl plugin list") {
        Err(e) => e.to_string(),
        other => panic!("{other:?}"),
    };
    assert_eq!(e, "error: unable to find any kubectl plugins in your PATH");
    // A plugin's own name stays an unknown command, as without one on
    // PATH; cobra's suggestions count `help` (two edits away).
    let e = match parse_line("kubectl hello") {
        Err(e) => e.to_string(),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        e,
        "error: unknown command \"hello\" for \"kubectl\"\n\nDid you mean this?\n\thelp"
    );
}

#[test]
fn server_print_false_prints_name_and_age_per_kind() {
    let mut e = Engine::with_default_cluster(7);
    let yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  labels:\n    app: web\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n  - port: 80\n";
    for o in kubeplay_codec::decode_manifests(yaml).objects() {
        kubeplay_engine::client::apply(&mut e, &o.object, Some(o.raw.clone())).expect("apply");
    }
    e.advance(90_000);
    let table: &[(&str, &str)] = &[
        (
            "kubectl get cm settings --server-print=false",
            "NAME       AGE\nsettings   90s\n",
        ),
        // -o wide adds nothing: both columns have priority 0.
        (
            "kubectl get cm settings --server-print=false -o wide",
            "NAME       AGE\nsettings   90s\n",
        ),
        (
            "kubectl get cm settings --server-print=false --show-labels",
            "NAME       AGE   LABELS\nsettings   90s   app=web\n",
        ),
        (
            "kubectl get cm settings --server-print=false --no-headers",
            "settings   90s\n",
        ),
        // A printer per kind, without the kind/ prefix of server tables.
        (
            "kubectl get cm/settings svc/web --server-print=false",
            "NAME       AGE\nsettings   90s\n\nNAME   AGE\nweb    90s\n",
        ),
        (
            "kubectl get cm -A -l app=web --server-print=false",
            "NAMESPACE   NAME       AGE\ndefault     settings   90s\n",
        ),
    ];
    for (line, want) in table {
        let out = run_on(&mut e, line);
        assert_eq!(out.stdout, *want, "{line}");
        assert!(!out.failed, "{line}");
    }
    let with_tables = run_on(&mut e, "kubectl get cm/settings svc/web");
    assert!(
        with_tables
            .stdout
            .starts_with("NAME                 DATA   AGE\nconfigmap/settings   0      90s\n"),
        "{}",
        with_tables.stdout
    );
}
