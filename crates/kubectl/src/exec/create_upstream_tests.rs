//! Upstream kubectl v1.32's `create …` generator tests
//! (staging/src/k8s.io/kubectl/pkg/cmd/create/*_test.go), run as command
//! lines against a fresh cluster with `--dry-run=client` unless a case
//! needs the server. Expected objects and error texts are upstream's;
//! where upstream compares Go structs, the same fields are read from the
//! printed JSON.

use super::super::{execute, Io, Output};
use kubeplay_engine::Engine;
use serde_json::{json, Value};

pub(super) fn engine() -> Engine {
    Engine::with_default_cluster(1)
}

/// A cluster with namespaces `test` and `testns` and these objects.
pub(super) fn engine_with(manifests: &str) -> Engine {
    let mut e = Engine::with_default_cluster(1);
    for ns in ["test", "testns"] {
        assert!(!kubectl(&mut e, &format!("kubectl create namespace {ns}")).failed);
    }
    let decoded = kubeplay_codec::decode_manifests(manifests);
    let errors: Vec<String> = decoded.errors().map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    for o in decoded.objects() {
        kubeplay_engine::client::apply(&mut e, &o.object, Some(o.raw.clone()))
            .unwrap_or_else(|err| panic!("{err:?}"));
    }
    e
}

/// Runs one line, with `files` readable by name.
pub(super) fn kubectl_with(e: &mut Engine, line: &str, files: &[(&str, &str)]) -> Output {
    let read = |p: &str| {
        files
            .iter()
            .find(|(n, _)| *n == p)
            .map(|(_, t)| t.to_string())
    };
    let io = Io {
        stdin: None,
        read_file: Some(&read),
        kubeconfig: None,
    };
    match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => execute(&inv, e, io).unwrap_or_default(),
        Ok(other) => panic!("{line}: not a kubectl line: {other:?}"),
        Err(err) => {
            let mut out = Output::default();
            out.error(&err.to_string());
            out
        }
    }
}

pub(super) fn kubectl(e: &mut Engine, line: &str) -> Output {
    kubectl_with(e, line, &[])
}

/// The object a `-o json` line printed.
pub(super) fn object(out: &Output) -> Value {
    assert!(!out.failed, "unexpected failure: {}", out.stderr);
    serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", out.stdout))
}

/// The first line of a failure (usage errors add a hint line).
pub(super) fn error(out: &Output) -> &str {
    assert!(out.failed, "expected a failure, got: {}", out.stdout);
    out.stderr.lines().next().unwrap_or_default()
}

// create_deployment_test.go's TestCreateDeployment, TestCreateDeploymentWithPort,
// TestCreateDeploymentWithReplicas and TestCreateDeploymentNoImage.
#[test]
fn create_deployment() {
    let mut e = engine();
    let base =
        "kubectl create deployment jonny-dep --image=hollywood/jonny.depp:v2 --dry-run=client";
    assert_eq!(
        kubectl(&mut e, &format!("{base} -o name")).stdout,
        "deployment.apps/jonny-dep\n"
    );
    assert!(kubectl(&mut e, &format!("{base} -o yaml --port=5701"))
        .stdout
        .contains("5701"));
    assert_eq!(
        kubectl(
            &mut e,
            &format!("{base} -o jsonpath={{.spec.replicas}} --replicas=3")
        )
        .stdout,
        "3"
    );
    let no_image = kubectl(
        &mut e,
        "kubectl create deployment jonny-dep --dry-run=client -o name",
    );
    assert_eq!(
        error(&no_image),
        "error: required flag(s) \"image\" not set"
    );
    // kubectl's sanitizeAndUniquify: `.` and `_` become `-` and five random
    // characters follow.
    let name = kubectl(
        &mut e,
        &format!("{base} -o jsonpath={{.spec.template.spec.containers[0].name}}"),
    )
    .stdout;
    let suffix = name
        .strip_prefix("jonny-depp-")
        .unwrap_or_else(|| panic!("{name}"));
    assert!(
        suffix.len() == 5
            && suffix
                .bytes()
                .all(|b| kubeplay_model::names::SUFFIX_ALPHABET.contains(&b)),
        "{name}"
    );
}

// create_service_test.go's TestCreateServices: (name, type, --tcp values,
// --clusterip, --external-name, --node-port), then the expected ports as
// (name, port, targetPort, nodePort), or None for an error.
type ServiceCase = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static str,
    &'static str,
    i64,
    Option<&'static [(&'static str, i64, Value, i64)]>,
);

#[test]
fn create_services() {
    let ok = |p: &'static [(&'static str, i64, Value, i64)]| Some(p);
    let cases: Vec<ServiceCase> = vec![
        (
            "clusterip-ok",
            "clusterip",
            &["456", "321:908"],
            "",
            "",
            0,
            ok(Box::leak(Box::new([
                ("456", 456, json!(456), 0),
                ("321-908", 321, json!(908), 0),
            ]))),
        ),
        ("clusterip-missing", "clusterip", &[], "", "", 0, None),
        (
            "clusterip-none-wrong-type",
            "nodeport",
            &[],
            "None",
            "",
            0,
            None,
        ),
        (
            "clusterip-none-ok",
            "clusterip",
            &[],
            "None",
            "",
            0,
            ok(&[]),
        ),
        (
            "clusterip-none-and-port-mapping",
            "clusterip",
            &["456:9898"],
            "None",
            "",
            0,
            ok(Box::leak(Box::new([("456-9898", 456, json!(9898), 0)]))),
        ),
        (
            "loadbalancer-ok",
            "loadbalancer",
            &["456:9898"],
            "",
            "",
            0,
            ok(Box::leak(Box::new([("456-9898", 456, json!(9898), 0)]))),
        ),
        ("invalid-port", "clusterip", &["65536"], "None", "", 0, None),
        (
            "invalid-port-mapping",
            "clusterip",
            &["8080:-abc"],
            "None",
            "",
            0,
            None,
        ),
        (
            "validate-ok",
            "clusterip",
            &["123", "234:1234"],
            "",
            "",
            0,
            ok(Box::leak(Box::new([
                ("123", 123, json!(123), 0),
                ("234-1234", 234, json!(1234), 0),
            ]))),
        ),
        (
            "invalid-clusteripnone",
            "nodeport",
            &["123", "234:1234"],
            "None",
            "",
            0,
            None,
        ),
        ("tcp-none", "clusterip", &[], "", "", 0, None),
        (
            "invalid-externalname",
            "externalname",
            &["123", "234:1234"],
            "",
            "@oi:test",
            0,
            None,
        ),
        (
            "externalname-ok",
            "externalname",
            &["123", "234:1234"],
            "",
            "www.externalname.com",
            0,
            ok(Box::leak(Box::new([
                ("123", 123, json!(123), 0),
                ("234-1234", 234, json!(1234), 0),
            ]))),
        ),
        (
            "my-node-port-service-ok",
            "nodeport",
            &["443:https", "30000:8000"],
            "",
            "",
            0,
            ok(Box::leak(Box::new([
                ("443-https", 443, json!("https"), 0),
                ("30000-8000", 30000, json!(8000), 0),
            ]))),
        ),
        (
            "my-node-port-service-ok2",
            "nodeport",
            &["80:http"],
            "",
            "",
            4444,
            ok(Box::leak(Box::new([("80-http", 80, json!("http"), 4444)]))),
        ),
    ];
    let mut e = engine();
    for (name, kind, tcp, cluster_ip, external_name, node_port, expected) in cases {
        let mut line = format!("kubectl create service {kind} {name} --dry-run=client -o json");
        for t in tcp {
            line += &format!(" --tcp={t}");
        }
        if !cluster_ip.is_empty() {
            line += &format!(" --clusterip={cluster_ip}");
        }
        // externalname requires the flag; an empty one is what the other types have.
        if kind == "externalname" {
            line += &format!(" --external-name={external_name}");
        }
        if node_port != 0 {
            line += &format!(" --node-port={node_port}");
        }
        let out = kubectl(&mut e, &line);
        let Some(expected) = expected else {
            assert!(out.failed, "{name}: expected an error, got {}", out.stdout);
            continue;
        };
        let svc = object(&out);
        assert_eq!(svc["metadata"]["labels"], json!({"app": name}), "{name}");
        assert_eq!(svc["spec"]["selector"], json!({"app": name}), "{name}");
        let type_ = match kind {
            "clusterip" => "ClusterIP",
            "nodeport" => "NodePort",
            "loadbalancer" => "LoadBalancer",
            _ => "ExternalName",
        };
        assert_eq!(svc["spec"]["type"], json!(type_), "{name}");
        assert_eq!(
            svc["spec"]["clusterIP"].as_str().unwrap_or_default(),
            cluster_ip,
            "{name}"
        );
        assert_eq!(
            svc["spec"]["externalName"].as_str().unwrap_or_default(),
            external_name,
            "{name}"
        );
        let ports: Vec<(String, i64, Value, i64)> = svc["spec"]["ports"]
            .as_array()
            .map(|ps| {
                ps.iter()
                    .map(|p| {
                        assert_eq!(p["protocol"], json!("TCP"));
                        (
                            p["name"].as_str().unwrap_or_default().to_string(),
                            p["port"].as_i64().unwrap_or(0),
                            p["targetPort"].clone(),
                            p["nodePort"].as_i64().unwrap_or(0),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        let want: Vec<(String, i64, Value, i64)> = expected
            .iter()
            .map(|(n, p, t, np)| (n.to_string(), *p, t.clone(), *np))
            .collect();
        assert_eq!(ports, want, "{name}");
    }
}

// create_service_test.go's TestCreateServiceWithNamespace.
#[test]
fn create_service_with_namespace() {
    let mut e = engine();
    let out = kubectl(&mut e, "kubectl create service clusterip test-service -n test --dry-run=client -o jsonpath={.metadata.namespace} --clusterip=None");
    assert_eq!(out.stdout, "test");
}

/// `hello world`, as create_secret_test.go's and create_configmap_test.go's
/// text files hold it.
const FILES: &[(&str, &str)] = &[
    ("foo1", "hello world"),
    ("foo2", "hello world"),
    ("file.env", "key1=value1\r\n#\r\n\r\nkey2=value2\r\n"),
    ("file1.env", "key1=value1\r\n#\r\n\r\nkey2=value2\r\n"),
    ("file2.env", "key3=value3\r\n"),
    ("space.env", "   key1=  value1\r\n"),
    ("cm_space.env", "key1=  value1\r\n"),
    ("bad_hash.env", "key#1=value1\r\n"),
    ("bad_digit.env", "1key=value1\r\n"),
    ("bad_at.env", "key@=value1\r\n"),
];

/// (flags after NAME, name, expected name, expected data or the error).
type DataCase = (
    &'static str,
    &'static str,
    &'static str,
    Result<&'static [(&'static str, &'static str)], &'static str>,
);

fn check_data_cases(kind: &str, cases: &[DataCase]) {
    let mut e = engine();
    for (flags, name, want_name, want) in cases {
        let out = kubectl_with(
            &mut e,
            &format!("kubectl create {kind} {name} {flags} --dry-run=client -o json"),
            FILES,
        );
        match want {
            Err(msg) => assert_eq!(
                error(&out),
                format!("error: {msg}"),
                "{kind} {name} {flags}"
            ),
            Ok(data) => {
                let v = object(&out);
                assert_eq!(
                    v["metadata"]["name"],
                    json!(want_name),
                    "{kind} {name} {flags}"
                );
                let got = v.get("data").cloned().unwrap_or(json!({}));
                let want: serde_json::Map<String, Value> = data
                    .iter()
                    .map(|(k, v)| {
                        (
                            k.to_string(),
                            if kind.starts_with("secret") {
                                json!(kubeplay_model::base64::encode(v.as_bytes()))
                            } else {
                                json!(v)
                            },
                        )
                    })
                    .collect();
                assert_eq!(got, Value::Object(want), "{kind} {name} {flags}");
            }
        }
    }
}

const KEY_ERR: &str = "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')";

// create_secret_test.go's TestCreateSecretGeneric.
#[test]
fn create_secret_generic() {
    let two: &[(&str, &str)] = &[("key1", "value1"), ("key2", "value2")];
    let three: &[(&str, &str)] = &[("key1", "value1"), ("key2", "value2"), ("key3", "value3")];
    let files: &[(&str, &str)] = &[("foo1", "hello world"), ("foo2", "hello world")];
    let cases: &[DataCase] = &[
        ("", "foo", "foo", Ok(&[])),
        ("--append-hash", "foo", "foo-949tdgdkgg", Ok(&[])),
        ("--type=my-type", "foo", "foo", Ok(&[])),
        ("--type=my-type --append-hash", "foo", "foo-dg474f9t76", Ok(&[])),
        ("--from-literal=key1=value1 --from-literal=key2=value2", "foo", "foo", Ok(two)),
        ("--from-literal=key1=value1 --from-literal=key2=value2 --append-hash", "foo", "foo-tf72c228m4", Ok(two)),
        ("--from-literal=key1==value1", "foo", "foo", Ok(&[("key1", "=value1")])),
        ("--from-literal=key1==value1 --append-hash", "foo", "foo-fdcc8tkhh5", Ok(&[("key1", "=value1")])),
        ("--from-file=foo1 --from-file=foo2", "foo", "foo", Ok(files)),
        ("--from-file=foo1 --from-file=foo2 --append-hash", "foo", "foo-hbkh2cdb57", Ok(files)),
        ("--from-env-file=file.env", "valid_env", "valid_env", Ok(two)),
        ("--from-env-file=file.env --append-hash", "valid_env", "valid_env-bkb2m2965h", Ok(two)),
        ("--from-env-file=file1.env --from-env-file=file2.env", "two_valid_env", "two_valid_env", Ok(three)),
        ("--from-env-file=file1.env --from-env-file=file2.env --append-hash", "two_valid_env", "two_valid_env-gd56gct5cf", Ok(three)),
        ("--from-env-file=space.env", "value_with_space", "value_with_space", Ok(&[("key1", "  value1")])),
        ("--from-env-file=space.env --append-hash", "valid_with_space", "valid_with_space-bhkb4gfck6", Ok(&[("key1", "  value1")])),
        ("--from-file=key1=/file=2", "foo", "", Err("key names or file paths cannot contain '='")),
        ("--from-file==key=/file1", "foo", "", Err("key names or file paths cannot contain '='")),
        ("--from-literal==key=value1", "foo", "", Err("invalid literal source =key=value1, expected key=value")),
        (
            "--from-literal=key#1=value1",
            "foo",
            "",
            Err("\"key#1\" is not valid key name for a Secret a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')"),
        ),
        ("--from-env-file=bad_hash.env", "invalid_key", "", Err(Box::leak(format!("\"key#1\" is not a valid key name: {KEY_ERR}").into_boxed_str()))),
        ("--from-env-file=bad_digit.env", "invalid_key", "", Err(Box::leak(format!("\"1key\" is not a valid key name: {KEY_ERR}").into_boxed_str()))),
        ("--from-env-file=bad_at.env", "invalid_key", "", Err(Box::leak(format!("\"key@\" is not a valid key name: {KEY_ERR}").into_boxed_str()))),
        ("--from-literal=key1=value1 --from-literal=key1=value2", "foo", "", Err("cannot add key key1, another key by that name already exists")),
        ("--from-file=key1=/file1", "foo", "", Err("error reading /file1: no such file or directory")),
        ("--from-literal=key1value1", "foo", "", Err("invalid literal source key1value1, expected key=value")),
        ("--from-file=key1==file1", "foo", "", Err("key names or file paths cannot contain '='")),
        ("--from-file=key1=/file1 --from-env-file=foo", "too_many_args", "", Err("from-env-file cannot be combined with from-file or from-literal")),
        ("--from-literal=key1=value1 --from-env-file=foo", "too_many_args_1", "", Err("from-env-file cannot be combined with from-file or from-literal")),
        ("--from-file=key1=/file1 --from-literal=key1=value1 --from-env-file=foo", "too_many_args_2", "", Err("from-env-file cannot be combined with from-file or from-literal")),
    ];
    check_data_cases("secret generic", cases);
}

// create_configmap_test.go's TestCreateConfigMap.
#[test]
fn create_configmap() {
    let two: &[(&str, &str)] = &[("key1", "value1"), ("key2", "value2")];
    let three: &[(&str, &str)] = &[("key1", "value1"), ("key2", "value2"), ("key3", "value3")];
    let cases: &[DataCase] = &[
        ("", "foo", "foo", Ok(&[])),
        ("--append-hash", "foo", "foo-867km9574f", Ok(&[])),
        ("--from-literal=key1=value1 --from-literal=key2=value2", "foo", "foo", Ok(two)),
        ("--from-literal=key1=value1 --from-literal=key2=value2 --append-hash", "foo", "foo-gcb75dd9gb", Ok(two)),
        ("--from-literal=key1==value1", "foo", "foo", Ok(&[("key1", "=value1")])),
        ("--from-literal=key1==value1 --append-hash", "foo", "foo-bdgk9ttt7m", Ok(&[("key1", "=value1")])),
        ("--from-file=foo1 --from-file=foo2", "foo", "foo", Ok(&[("foo1", "hello world"), ("foo2", "hello world")])),
        ("--from-env-file=file.env", "valid_env", "valid_env", Ok(two)),
        ("--from-env-file=file1.env --from-env-file=file2.env", "two_valid_env", "two_valid_env", Ok(three)),
        ("--from-env-file=file.env --append-hash", "valid_env", "valid_env-2cgh8552ch", Ok(two)),
        ("--from-env-file=file1.env --from-env-file=file2.env --append-hash", "two_valid_env", "two_valid_env-2m5tm82522", Ok(three)),
        ("--from-env-file=cm_space.env", "value_with_space", "value_with_space", Ok(&[("key1", "  value1")])),
        ("--from-env-file=cm_space.env --append-hash", "valid_with_space", "valid_with_space-b4448m7gdm", Ok(&[("key1", "  value1")])),
        ("--from-file=key1=/file=2", "foo", "", Err("key names or file paths cannot contain '='")),
        ("--from-file==key=/file1", "foo", "", Err("key names or file paths cannot contain '='")),
        ("--from-file==key=value1", "foo", "", Err("key names or file paths cannot contain '='")),
        ("--from-literal=key1=value1 --from-literal=key1=value2", "foo", "", Err("cannot add key \"key1\", another key by that name already exists in Data for ConfigMap \"foo\"")),
        ("--from-file=key1=/file1", "foo", "", Err("error reading /file1: no such file or directory")),
        ("--from-literal=key1value1", "foo", "", Err("invalid literal source key1value1, expected key=value")),
        ("--from-file=key1==file1", "foo", "", Err("key names or file paths cannot contain '='")),
        ("--from-file=key1=/file1 --from-env-file=file.env", "too_many_args", "", Err("from-env-file cannot be combined with from-file or from-literal")),
        ("--from-literal=key1=value1 --from-env-file=file.env", "too_many_args_1", "", Err("from-env-file cannot be combined with from-file or from-literal")),
    ];
    check_data_cases("configmap", cases);
}

// create_secret_docker_test.go's TestCreateSecretDockerRegistry.
#[test]
fn create_secret_docker_registry() {
    let config = |email: &str| {
        let email = if email.is_empty() {
            String::new()
        } else {
            format!(",\"email\":\"{email}\"")
        };
        format!("{{\"auths\":{{\"https://index.docker.io/v1/\":{{\"username\":\"test-user\",\"password\":\"test-password\"{email},\"auth\":\"dGVzdC11c2VyOnRlc3QtcGFzc3dvcmQ=\"}}}}}}")
    };
    let creds = "--docker-username=test-user --docker-password=test-password --docker-server=https://index.docker.io/v1/";
    let cases: Vec<(String, &str, Option<String>)> = vec![
        (
            format!("{creds} --docker-email=test-user@example.org"),
            "foo",
            Some(config("test-user@example.org")),
        ),
        (
            format!("{creds} --docker-email=test-user@example.org --append-hash"),
            "foo-548cm7fgdh",
            Some(config("test-user@example.org")),
        ),
        (creds.to_string(), "foo", Some(config(""))),
        (
            format!("{creds} --append-hash"),
            "foo-bff5bt4f92",
            Some(config("")),
        ),
        (
            "--docker-password=test-password --docker-server=https://index.docker.io/v1/".into(),
            "",
            None,
        ),
        (
            "--docker-username=test-user --docker-server=https://index.docker.io/v1/".into(),
            "",
            None,
        ),
        (
            "--docker-username=test-user --docker-password=test-password --docker-server=".into(),
            "",
            None,
        ),
    ];
    let mut e = engine();
    for (flags, name, config) in cases {
        let out = kubectl(
            &mut e,
            &format!("kubectl create secret docker-registry foo {flags} --dry-run=client -o json"),
        );
        let Some(config) = config else {
            assert_eq!(error(&out), "error: either --from-file or the combination of --docker-username, --docker-password and --docker-server is required", "{flags}");
            continue;
        };
        let v = object(&out);
        assert_eq!(v["metadata"]["name"], json!(name), "{flags}");
        assert_eq!(
            v["type"],
            json!("kubernetes.io/dockerconfigjson"),
            "{flags}"
        );
        assert_eq!(
            v["data"],
            json!({".dockerconfigjson": kubeplay_model::base64::encode(config.as_bytes())}),
            "{flags}"
        );
    }
}

// create_secret_docker_test.go's TestCreateSecretDockerRegistryFromFile:
// the file is the config, under `.dockerconfigjson` whether or not the
// source names that key.
#[test]
fn create_secret_docker_registry_from_file() {
    let config = r#"{"auths":{"https://index.docker.io/v1/":{"username":"test-user","password":"test-password","email":"test-user@example.org","auth":"dGVzdC11c2VyOnRlc3QtcGFzc3dvcmQ="}}}"#;
    let files = [("dockerconfig.json", config)];
    let mut e = engine();
    for source in [
        "--from-file=.dockerconfigjson=dockerconfig.json",
        "--from-file=dockerconfig.json",
    ] {
        let v = object(&kubectl_with(
            &mut e,
            &format!("kubectl create secret docker-registry foo --dry-run=client -ojson {source}"),
            &files,
        ));
        assert_eq!(v["metadata"]["name"], json!("foo"));
        assert_eq!(v["type"], json!("kubernetes.io/dockerconfigjson"));
        assert_eq!(
            v["data"],
            json!({".dockerconfigjson": kubeplay_model::base64::encode(config.as_bytes())})
        );
    }
    // `kubectl create secret docker-registry foo --from-file=dockerconfig.json --append-hash` (v1.32).
    let files = [("dockerconfig.json", r#"{"auths":{}}"#)];
    let out = kubectl_with(&mut e, "kubectl create secret docker-registry foo --from-file=dockerconfig.json --append-hash --dry-run=client -o name", &files);
    assert_eq!(out.stdout, "secret/foo-ttbdmhf7h8\n");
}

// create_job_test.go's TestCreateJobValidation and TestCreateJob.
#[test]
fn create_job() {
    let mut e = engine();
    let cases = [
        ("", "either --image or --from must be specified"),
        (
            "--image=my-image --from=cronjob/xyz",
            "either --image or --from must be specified",
        ),
        (
            "--from=cronjob/xyz -- test command",
            "cannot specify --from and command",
        ),
    ];
    for (flags, msg) in cases {
        let out = kubectl(
            &mut e,
            &format!("kubectl create job test-job {flags} --dry-run=client"),
        );
        assert!(error(&out).contains(msg), "{flags}: {}", out.stderr);
    }
    for (command, want) in [("", None), (" -- date", Some(json!(["date"])))] {
        let job = object(&kubectl(
            &mut e,
            &format!(
                "kubectl create job test-job --image=busybox --dry-run=client -o json{command}"
            ),
        ));
        assert_eq!(job["metadata"]["name"], json!("test-job"));
        let spec = &job["spec"]["template"]["spec"];
        assert_eq!(spec["restartPolicy"], json!("Never"));
        assert_eq!(spec["containers"][0]["name"], json!("test-job"));
        assert_eq!(spec["containers"][0]["image"], json!("busybox"));
        assert_eq!(spec["containers"][0].get("command"), want.as_ref());
    }
}

// create_job_test.go's TestCreateJobFromCronJob: the cron job's template,
// marked as started by hand and owned by the cron job.
#[test]
fn create_job_from_cron_job() {
    let mut e = engine();
    let made = kubectl(
        &mut e,
        "kubectl create cronjob cj --image=test-image --schedule=\"*/1 * * * *\" --restart=Never",
    );
    assert!(!made.failed, "{}", made.stderr);
    let job = object(&kubectl(
        &mut e,
        "kubectl create job test-job --from=cronjob/cj --dry-run=client -o json",
    ));
    assert_eq!(job["metadata"]["name"], json!("test-job"));
    assert_eq!(
        job["metadata"]["annotations"],
        json!({"cronjob.kubernetes.io/instantiate": "manual"})
    );
    let owner = &job["metadata"]["ownerReferences"][0];
    assert_eq!(
        (
            owner["apiVersion"].clone(),
            owner["kind"].clone(),
            owner["name"].clone()
        ),
        (json!("batch/v1"), json!("CronJob"), json!("cj"))
    );
    assert_eq!(
        job["spec"]["template"]["spec"]["containers"][0]["image"],
        json!("test-image")
    );
    assert_eq!(
        job["spec"]["template"]["spec"]["restartPolicy"],
        json!("Never")
    );
}

// create_cronjob_test.go's TestCreateCronJob and TestValidateCreateCronJob.
// (The namespace case of TestRunCreateCronJob expects the job template to
// carry the namespace; kubectl v1.32 writes it on the CronJob only.)
#[test]
fn create_cronjob() {
    let mut e = engine();
    for (restart, command, want) in [
        ("OnFailure", "", None),
        ("Never", " -- date", Some(json!(["date"]))),
    ] {
        let line = format!("kubectl create cronjob test-job --image=busybox --schedule=\"0/5 * * * ?\" --restart={restart} --dry-run=client -o json{command}");
        let cj = object(&kubectl(&mut e, &line));
        assert_eq!(cj["spec"]["schedule"], json!("0/5 * * * ?"));
        assert_eq!(
            cj["spec"]["jobTemplate"]["metadata"]["name"],
            json!("test-job")
        );
        let spec = &cj["spec"]["jobTemplate"]["spec"]["template"]["spec"];
        assert_eq!(spec["restartPolicy"], json!(restart));
        assert_eq!(spec["containers"][0]["name"], json!("test-job"));
        assert_eq!(spec["containers"][0].get("command"), want.as_ref());
    }
    let ns = object(&kubectl(&mut e, "kubectl create cronjob my-cronjob -n my-namespace --image=busybox --schedule=x --dry-run=client -o json"));
    assert_eq!(ns["metadata"]["namespace"], json!("my-namespace"));
    assert_eq!(ns["spec"]["jobTemplate"]["metadata"].get("namespace"), None);
    for (flags, ok) in [
        ("--image=busybox --schedule=x", false),
        ("my-cronjob --schedule=x", false),
        ("my-cronjob --image=busybox", false),
        ("my-conjob --image=busybox --schedule=x", true),
    ] {
        let out = kubectl(
            &mut e,
            &format!("kubectl create cronjob {flags} --dry-run=client -o name"),
        );
        assert_eq!(!out.failed, ok, "{flags}: {}", out.stderr);
    }
}

// create_quota_test.go's TestCreateQuota and TestPopulateResourceListV1's
// valid case (its two nameless cases are refused only after v1.33).
#[test]
fn create_quota() {
    let mut e = engine();
    let cases = [
        ("--hard=cpu=1", json!({"hard": {"cpu": "1"}})),
        (
            "--hard=cpu=1 --scopes=BestEffort",
            json!({"hard": {"cpu": "1"}, "scopes": ["BestEffort"]}),
        ),
        (
            "--hard=cpu=1,pods=42 --scopes=BestEffort",
            json!({"hard": {"cpu": "1", "pods": "42"}, "scopes": ["BestEffort"]}),
        ),
        (
            "--hard=cpu=1 --scopes=BestEffort,NotTerminating",
            json!({"hard": {"cpu": "1"}, "scopes": ["BestEffort", "NotTerminating"]}),
        ),
    ];
    for (flags, spec) in cases {
        let q = object(&kubectl(
            &mut e,
            &format!("kubectl create quota my-quota {flags} --dry-run=client -o json"),
        ));
        assert_eq!(
            (q["kind"].clone(), q["metadata"]["name"].clone()),
            (json!("ResourceQuota"), json!("my-quota"))
        );
        assert_eq!(q["spec"], spec, "{flags}");
    }
}

// create_pdb_test.go's TestCreatePdbValidation and TestCreatePdb.
#[test]
fn create_pdb() {
    let mut e = engine();
    let invalid = [
        ("--min-available=3", "a selector must be specified"),
        (
            "--selector=app=nginx",
            "one of min-available or max-unavailable must be specified",
        ),
        (
            "--selector=app=nginx --min-available=3 --max-unavailable=50%",
            "min-available and max-unavailable cannot be both specified",
        ),
        (
            "--selector=app=nginx --min-available=10GB",
            "invalid format specified for min-available",
        ),
        (
            "--selector=app=nginx --max-unavailable=10GB",
            "invalid format specified for max-unavailable",
        ),
    ];
    for (flags, msg) in invalid {
        let out = kubectl(
            &mut e,
            &format!("kubectl create pdb my-pdb {flags} --dry-run=client"),
        );
        assert_eq!(error(&out), format!("error: {msg}"), "{flags}");
    }
    let valid = [
        ("--min-available=3", "minAvailable", json!(3)),
        ("--min-available=50%", "minAvailable", json!("50%")),
        ("--max-unavailable=3", "maxUnavailable", json!(3)),
        ("--max-unavailable=50%", "maxUnavailable", json!("50%")),
    ];
    for (flags, field, value) in valid {
        let pdb = object(&kubectl(
            &mut e,
            &format!(
                "kubectl create pdb my-pdb --selector=app=nginx {flags} --dry-run=client -o json"
            ),
        ));
        assert_eq!(
            (pdb["apiVersion"].clone(), pdb["metadata"]["name"].clone()),
            (json!("policy/v1"), json!("my-pdb"))
        );
        assert_eq!(
            pdb["spec"]["selector"],
            json!({"matchLabels": {"app": "nginx"}}),
            "{flags}"
        );
        assert_eq!(pdb["spec"][field], value, "{flags}");
        assert_eq!(pdb["spec"].as_object().map(|m| m.len()), Some(2), "{flags}");
    }
}

// create_priorityclass_test.go's TestCreatePriorityClass,
// create_namespace_test.go's TestCreateNamespace and
// create_serviceaccount_test.go's TestCreateServiceAccount.
#[test]
fn create_priorityclass_namespace_serviceaccount() {
    let mut e = engine();
    let pc = kubectl(&mut e, "kubectl create priorityclass my-pc --value=1000 --global-default=true --description=my_priority --preemption-policy=Never --dry-run=client -o name");
    assert_eq!(pc.stdout, "priorityclass.scheduling.k8s.io/my-pc\n");
    let ns = object(&kubectl(
        &mut e,
        "kubectl create namespace my-namespace --dry-run=client -o json",
    ));
    assert_eq!(
        (
            ns["kind"].clone(),
            ns["apiVersion"].clone(),
            ns["metadata"]["name"].clone()
        ),
        (json!("Namespace"), json!("v1"), json!("my-namespace"))
    );
    assert!(kubectl(&mut e, "kubectl create namespace --dry-run=client").failed);
    let sa = kubectl(
        &mut e,
        "kubectl create serviceaccount my-service-account -o name",
    );
    assert_eq!(sa.stdout, "serviceaccount/my-service-account\n");
}
