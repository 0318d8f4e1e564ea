//! Decoding pasted manifests through the public API, with the behaviours a
//! real cluster shows: YAML 1.1 scalars reaching typed fields as Kubernetes
//! sees them (`data: {a: yes}` is a boolean, which a ConfigMap rejects),
//! located errors, unknown-field warnings, multi-document partial success,
//! `List`s, and deprecated apiVersions.

use kubeplay_codec::{decode_manifests, to_yaml, ErrorKind, Warning};
use kubeplay_model::Kind;

const NGINX: &str = include_str!("../../../static/examples/nginx-deployment.yaml");

fn configmap(data: &str) -> String {
    format!("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  k: {data}\n")
}

/// What a ConfigMap value decodes to, or the error message. Kubernetes
/// rejects non-strings in `data` ("json: cannot unmarshal bool into Go
/// struct field ConfigMap.data of type string"), which is how YAML 1.1
/// surprises reach users.
fn configmap_value(data: &str) -> Result<String, String> {
    let out = decode_manifests(&configmap(data));
    if let Some(e) = out.errors().next() {
        return Err(e.kind.to_string());
    }
    let o = out.objects().next().expect("one object");
    Ok(o.object.to_json()["data"]["k"].as_str().unwrap_or("<not a string>").to_string())
}

#[test]
fn yaml_1_1_scalars_as_a_configmap_sees_them() {
    let table: &[(&str, Result<&str, &str>)] = &[
        ("hello", Ok("hello")),
        ("\"yes\"", Ok("yes")),
        ("'80'", Ok("80")),
        ("yes", Err("expected string, got boolean true")),
        ("No", Err("expected string, got boolean false")),
        ("on", Err("expected string, got boolean true")),
        ("y", Err("expected string, got boolean true")),
        ("80", Err("expected string, got integer 80")),
        ("0x1F", Err("expected string, got integer 31")),
        ("1.5", Err("expected string, got number 1.5")),
        ("1e3", Err("expected string, got number 1000")),
        // null leaves the zero value, as Go's decoder does.
        ("~", Ok("")),
        ("", Ok("")),
        // Timestamps and versions stay strings.
        ("2024-01-01", Ok("2024-01-01")),
        ("1.2.3", Ok("1.2.3")),
        ("nginx:1.7.9", Ok("nginx:1.7.9")),
        ("|\n    multi\n    line", Ok("multi\nline\n")),
    ];
    for (data, want) in table {
        let want = want.map(str::to_string).map_err(str::to_string);
        assert_eq!(configmap_value(data), want, "{data:?}");
    }
}

#[test]
fn errors_carry_document_line_column_and_path() {
    let table: &[(&str, &str, &str)] = &[
        ("replicas: 3", "replicas: three", "document 1, line 8, column 13: spec.replicas: expected integer, got string \"three\""),
        ("replicas: 3", "replicas: 3.5", "document 1, line 8, column 13: spec.replicas: expected integer, got number 3.5"),
        ("replicas: 3", "replicas: 4294967296", "document 1, line 8, column 13: spec.replicas: value 4294967296 is out of range for int32"),
        (
            "containerPort: 80",
            "containerPort: \"80\"",
            "document 1, line 21, column 26: spec.template.spec.containers[0].ports[0].containerPort: expected integer, got string \"80\"",
        ),
        ("app: nginx\nspec", "app: true\nspec", "document 1, line 6, column 10: metadata.labels[app]: expected string, got boolean true"),
        ("  - name: nginx", "  - name: [nginx]", "document 1, line 18, column 15: spec.template.spec.containers[0].name: expected string, got list"),
        ("containers:", "containers: nginx\n      x:", "document 1, line 17, column 19: spec.template.spec.containers: expected list, got string \"nginx\""),
    ];
    for (from, to, want) in table {
        let input = NGINX.replacen(from, to, 1);
        assert_ne!(input, NGINX, "{from}");
        let out = decode_manifests(&input);
        let errors: Vec<String> = out.errors().map(ToString::to_string).collect();
        assert_eq!(errors, [want.to_string()], "{to}");
    }
}

#[test]
fn unknown_fields_are_warnings_with_suggestions() {
    let input = NGINX.replace("replicas: 3", "replica: 3").replace("image: nginx", "imagee: nginx").replace("  labels:\n    app", "  lables:\n    app");
    let out = decode_manifests(&input);
    let o = out.objects().next().expect("still decoded");
    let got: Vec<(String, Option<String>)> = o.warnings.iter().map(|w| (w.to_string(), w.hint())).collect();
    assert_eq!(
        got,
        [
            ("unknown field \"metadata.lables\"".to_string(), Some("did you mean \"labels\"?".to_string())),
            ("unknown field \"spec.replica\"".to_string(), Some("did you mean \"replicas\"?".to_string())),
            ("unknown field \"spec.template.spec.containers[0].imagee\"".to_string(), Some("did you mean \"image\"?".to_string())),
        ]
    );
    let Warning::UnknownField { line, column, .. } = &o.warnings[1] else { panic!("{:?}", o.warnings[1]) };
    assert_eq!((*line, *column), (8, 3));
    assert_eq!(o.object.as_deployment().unwrap().spec.replicas, None);
}

#[test]
fn multi_document_partial_success() {
    let input = format!(
        "{NGINX}---\napiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n  - port: eighty\n---\n# just a comment\n---\napiVersion: v1\nkind: Secrett\nmetadata: {{name: s}}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\n"
    );
    let out = decode_manifests(&input);
    type Shape = Result<(Kind, usize), (Option<usize>, String)>;
    let shape: Vec<Shape> = out
        .items
        .iter()
        .map(|i| match i {
            Ok(o) => Ok((o.object.kind(), o.document)),
            Err(e) => Err((e.document, e.kind.to_string())),
        })
        .collect();
    assert_eq!(
        shape,
        vec![
            Ok((Kind::Deployment, 1)),
            Err((Some(2), "expected integer, got string \"eighty\"".to_string())),
            Err((Some(3), "no matches for kind \"Secrett\" in version \"v1\"".to_string())),
            Ok((Kind::ConfigMap, 4)),
        ]
    );
    let e = out.errors().nth(1).unwrap();
    assert_eq!(e.hint().as_deref(), Some("did you mean kind \"Secret\"?"));
}

#[test]
fn json_documents_and_json_lists() {
    let json = r#"{
  "apiVersion": "v1",
  "kind": "List",
  "items": [
    {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "a"}, "spec": {"replicas": 2}},
    {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "b"}, "spec": {"ports": [{"port": 80, "targetPort": "http"}]}}
  ]
}"#;
    let out = decode_manifests(json);
    assert!(!out.has_errors(), "{:?}", out.errors().collect::<Vec<_>>());
    let objs: Vec<_> = out.objects().collect();
    assert_eq!(objs.len(), 2);
    assert_eq!(objs[0].object.as_deployment().unwrap().spec.replicas, Some(2));
    assert_eq!(objs[1].object.to_json()["spec"]["ports"][0]["targetPort"], "http");
    assert_eq!((objs[0].line, objs[1].line), (5, 6));

    let single = r#"{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": {"containers": [{"name": "c", "image": "busybox"}]}}"#;
    let out = decode_manifests(single);
    assert_eq!(out.objects().next().map(|o| o.object.name()), Some("p"));

    let bad = r#"{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": {"containers": [{"name": 5}]}}"#;
    let e = decode_manifests(bad).errors().next().cloned().unwrap();
    assert_eq!(e.to_string(), "document 1, line 1, column 97: spec.containers[0].name: expected string, got integer 5");
}

/// The versions older tutorials use are gone in v1.32: each document is
/// the mapper's "no matches" (kubectl's "resource mapping not found"), and
/// the other documents still decode.
#[test]
fn removed_api_versions_are_not_served() {
    for (api, kind) in [
        ("apps/v1beta1", "Deployment"),
        ("apps/v1beta2", "Deployment"),
        ("extensions/v1beta1", "DaemonSet"),
        ("batch/v1beta1", "CronJob"),
        ("policy/v1beta1", "PodDisruptionBudget"),
        ("autoscaling/v2beta1", "HorizontalPodAutoscaler"),
        ("apiextensions.k8s.io/v1beta1", "CustomResourceDefinition"),
    ] {
        let out = decode_manifests(&format!("apiVersion: {api}\nkind: {kind}\nmetadata:\n  name: x\n---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: other\n"));
        let e = out.errors().next().unwrap_or_else(|| panic!("{api} {kind}: {:?}", out.items));
        assert_eq!(e.kind.to_string(), format!("no matches for kind {kind:?} in version {api:?}"));
        assert!(e.mapping_target().is_some());
        assert_eq!(out.objects().count(), 1);
    }
}

#[test]
fn duplicate_keys_are_noted_and_syntax_errors_located() {
    let input = NGINX.replace("  replicas: 3\n", "  replicas: 3\n  replicas: 4\n");
    let out = decode_manifests(&input);
    let o = out.objects().next().expect("decoded: kubectl keeps the last value");
    assert_eq!(o.object.to_json()["spec"]["replicas"], 4);
    assert_eq!(o.warnings.iter().map(ToString::to_string).collect::<Vec<_>>(), ["line 9: mapping key \"replicas\" already defined at line 8; the last value is used, as kubectl uses it"]);

    let e = decode_manifests("apiVersion: v1\nkind: Pod\nmetadata:\n  name: [a\n").errors().next().cloned().unwrap();
    assert!(matches!(e.kind, ErrorKind::Syntax(_)), "{e}");
    assert_eq!(e.document, Some(1));
    assert!(e.line.is_some());
}

#[test]
fn decoded_objects_print_like_kubectl() {
    let o = decode_manifests(NGINX).objects().next().cloned().expect("decoded");
    let yaml = to_yaml(&o.object.to_json());
    // A typed object never stored has no creationTimestamp, which Go prints as null.
    assert!(yaml.starts_with("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  creationTimestamp: null\n  labels:\n    app: nginx\n  name: nginx-deployment\nspec:\n"), "{yaml}");
    assert!(yaml.contains("      containers:\n      - image: nginx:1.7.9\n        name: nginx\n        ports:\n        - containerPort: 80\n"), "{yaml}");
}

#[test]
fn limits_give_errors_not_hangs() {
    let big = "a".repeat(5 << 20);
    let out = decode_manifests(&big);
    assert!(matches!(out.errors().next().map(|e| &e.kind), Some(ErrorKind::InputTooLarge { .. })));

    let mut laughs = String::from("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\nx0: &x0 [a, a, a, a, a, a, a, a, a, a]\n");
    for i in 1..12 {
        laughs.push_str(&format!("x{i}: &x{i} [*x{p}, *x{p}, *x{p}, *x{p}, *x{p}, *x{p}, *x{p}, *x{p}, *x{p}, *x{p}]\n", p = i - 1));
    }
    let out = decode_manifests(&laughs);
    assert!(matches!(out.errors().next().map(|e| &e.kind), Some(ErrorKind::TooManyNodes { .. })), "{:?}", out.items);
}

#[test]
fn windows_line_endings_and_byte_order_marks_are_accepted() {
    let crlf = format!("\u{feff}{}", NGINX.replace('\n', "\r\n"));
    let out = decode_manifests(&crlf);
    assert!(!out.has_errors(), "{:?}", out.errors().collect::<Vec<_>>());
    assert_eq!(out.objects().next().unwrap().object.as_deployment().unwrap().spec.replicas, Some(3));
    let bad = crlf.replace("replicas: 3", "replicas: x");
    assert_eq!(decode_manifests(&bad).errors().next().map(|e| (e.line, e.column)), Some((Some(8), Some(13))));
}

#[test]
fn tabs_in_indentation_are_syntax_errors_in_their_document_only() {
    let input = format!("apiVersion: v1\nkind: Pod\nmetadata:\n\tname: x\n---\n{NGINX}");
    let out = decode_manifests(&input);
    let e = out.errors().next().cloned().expect("an error");
    assert!(matches!(e.kind, ErrorKind::Syntax(_)), "{e}");
    assert_eq!((e.document, e.line), (Some(1), Some(4)));
    assert_eq!(out.objects().count(), 1);
}

