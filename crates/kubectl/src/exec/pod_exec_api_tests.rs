use super::*;
use kubeplay_engine::Engine;

// request_test.go's TestGetAPIRequestInfo cases, as a table of our own:
// method, path?query → verb, namespace, group, resource, subresource, name.
#[test]
fn request_info_reads_paths_as_the_resolver_does() {
    let cases: &[(&str, &str, [&str; 6])] = &[
        ("GET", "/api/v1/namespaces", ["list", "", "", "namespaces", "", ""]),
        ("GET", "/api/v1/namespaces/other", ["get", "other", "", "namespaces", "", "other"]),
        ("GET", "/api/v1/namespaces/other/pods", ["list", "other", "", "pods", "", ""]),
        ("GET", "/api/v1/namespaces/other/pods/foo", ["get", "other", "", "pods", "", "foo"]),
        ("HEAD", "/api/v1/namespaces/other/pods/foo", ["get", "other", "", "pods", "", "foo"]),
        ("GET", "/api/v1/pods", ["list", "", "", "pods", "", ""]),
        ("HEAD", "/api/v1/pods", ["list", "", "", "pods", "", ""]),
        ("GET", "/api/v1/proxy/namespaces/other/pods/foo", ["proxy", "other", "", "pods", "", "foo"]),
        ("GET", "/api/v1/proxy/namespaces/other/pods/foo/subpath/not/a/subresource", ["proxy", "other", "", "pods", "", "foo"]),
        ("GET", "/api/v1/watch/pods", ["watch", "", "", "pods", "", ""]),
        ("GET", "/api/v1/pods?watch=true", ["watch", "", "", "pods", "", ""]),
        ("GET", "/api/v1/pods?watch=false", ["list", "", "", "pods", "", ""]),
        ("GET", "/api/v1/watch/namespaces/other/pods", ["watch", "other", "", "pods", "", ""]),
        ("GET", "/api/v1/namespaces/other/pods?watch=1", ["watch", "other", "", "pods", "", ""]),
        ("GET", "/api/v1/namespaces/other/pods?watch=0", ["list", "other", "", "pods", "", ""]),
        ("GET", "/api/v1/namespaces/other/pods/foo/status", ["get", "other", "", "pods", "status", "foo"]),
        ("GET", "/api/v1/namespaces/other/pods/foo/proxy/subpath", ["get", "other", "", "pods", "proxy", "foo"]),
        ("PUT", "/api/v1/namespaces/other/finalize", ["update", "other", "", "namespaces", "finalize", "other"]),
        ("PUT", "/api/v1/namespaces/other/status", ["update", "other", "", "namespaces", "status", "other"]),
        ("PATCH", "/api/v1/namespaces/other/pods/foo", ["patch", "other", "", "pods", "", "foo"]),
        ("DELETE", "/api/v1/namespaces/other/pods/foo", ["delete", "other", "", "pods", "", "foo"]),
        ("POST", "/api/v1/namespaces/other/pods", ["create", "other", "", "pods", "", ""]),
        ("DELETE", "/api/v1/nodes", ["deletecollection", "", "", "nodes", "", ""]),
        ("DELETE", "/api/v1/namespaces", ["deletecollection", "", "", "namespaces", "", ""]),
        ("DELETE", "/api/v1/namespaces/other/pods", ["deletecollection", "other", "", "pods", "", ""]),
        ("DELETE", "/apis/extensions/v1/namespaces/other/pods", ["deletecollection", "other", "extensions", "pods", "", ""]),
        ("POST", "/apis/extensions/v1beta3/namespaces/other/pods", ["create", "other", "extensions", "pods", "", ""]),
        // TestSelectorParsing: a list by metadata.name is that name's.
        ("GET", "/apis/group/version/resource?fieldSelector=metadata.name=name1", ["list", "", "group", "resource", "", "name1"]),
        ("GET", "/apis/group/version/resource?watch=true&fieldSelector=metadata.name=name1", ["watch", "", "group", "resource", "", "name1"]),
        ("GET", "/apis/group/version/resource?fieldSelector=foo=bar", ["list", "", "group", "resource", "", ""]),
        ("GET", "/apis/group/version/resource?fieldSelector=metadata.name=name1,foo", ["list", "", "group", "resource", "", ""]),
    ];
    for (method, url, [verb, ns, group, resource, sub, name]) in cases {
        let (path, query) = url.split_once('?').unwrap_or((url, ""));
        let info = request_info(method, path, query);
        let got = [info.verb.as_str(), &info.namespace, &info.api_group, &info.resource, &info.subresource, &info.name];
        assert!(info.resource_request, "{method} {url}");
        assert_eq!(got, [*verb, *ns, *group, *resource, *sub, *name], "{method} {url}");
    }
}

// TestGetNonAPIRequestInfo's table: which paths are resource requests.
#[test]
fn short_and_foreign_paths_are_non_resource_requests() {
    let cases = [
        ("/api/version/resource", true),
        ("/apis/group/version/resource/name/subresource", true),
        ("/api/version/resource/name/subresource", true),
        ("/apis/batch/v1/job", true),
        ("/apis/batch/v1/job/foo", true),
        ("/apis/batch/v1/job/foo/scale", true),
        ("/not-api/version/resource", false),
        ("/apis/extensions/v1beta1", false),
        ("/apis/extensions/v1beta1/", false),
        ("/api/version", false),
        ("/api", false),
        ("/", false),
        ("", false),
        ("/apis/version/resource", false),
    ];
    for (path, resource) in cases {
        let info = request_info("GET", path, "");
        assert_eq!(info.resource_request, resource, "{path}");
        if !resource {
            assert_eq!((info.verb.as_str(), info.path.as_str()), ("get", path), "{path}");
        }
    }
}

fn curl(args: &str) -> Curl {
    let argv: Vec<String> = args.split_whitespace().map(str::to_string).collect();
    crate::exec::pod_exec::tools::parse_curl(&argv).expect("curl's arguments")
}

#[test]
fn curl_verifies_the_server_as_openssl_does() {
    let e = Engine::with_default_cluster(1);
    let ca = String::from_utf8(crate::exec::config::kind_cluster().certificate_authority_data).expect("PEM");
    let other = "-----BEGIN CERTIFICATE-----\nYWJj\n-----END CERTIFICATE-----\n".to_string();
    let bundle = format!("{other}{ca}");
    let read = |p: &str| match p {
        "/ca.crt" => Some(ca.clone()),
        "/other.pem" => Some(other.clone()),
        "/bundle.pem" => Some(bundle.clone()),
        "/etc/hostname" => Some("curl\n".to_string()),
        _ => None,
    };
    let agent = "curl/8.11.1";
    let unverified = "curl: (60) SSL certificate problem: unable to get local issuer certificate";
    // curl's arguments, the host, and how it gives up (exit code, first line).
    type Case<'a> = (&'a str, &'a str, Option<(i32, &'a str)>);
    let cases: &[Case] = &[
        ("-k https://x/", "kubernetes.default.svc", None),
        ("--insecure --cacert /nope https://x/", "kubernetes.default.svc", None),
        ("https://x/", "kubernetes.default.svc", Some((60, unverified))),
        ("--cacert /ca.crt https://x/", "kubernetes.default.svc", None),
        ("--cacert /bundle.pem https://x/", "kubernetes.default.svc.cluster.local", None),
        ("--cacert /ca.crt https://x/", "10.96.0.1", None),
        ("--cacert /ca.crt https://x/", "172.18.0.2", None),
        ("--cacert /ca.crt https://x/", "kubernetes", None),
        ("--cacert /other.pem https://x/", "kubernetes.default.svc", Some((60, unverified))),
        ("--cacert /nope https://x/", "kubernetes.default.svc", Some((77, "curl: (77) error setting certificate file: /nope"))),
        ("--cacert /etc/hostname https://x/", "kubernetes.default.svc", Some((77, "curl: (77) error setting certificate file: /etc/hostname"))),
        ("--cacert /ca.crt https://x/", "api.example", Some((60, "curl: (60) SSL: no alternative certificate subject name matches target host name 'api.example'"))),
    ];
    for (args, host, want) in cases {
        let got = verify(&curl(args), host, agent, &e, &read);
        match (got, want) {
            (Ok(()), None) => {}
            (Err(Outcome::Failed { code, error }), Some((want_code, want_line))) => {
                assert_eq!((code, error.lines().next().unwrap_or_default()), (*want_code, *want_line), "{args} {host}");
                assert_eq!(error.contains("curl failed to verify the legitimacy"), code == 60, "{args} {host}");
            }
            (got, want) => panic!("{args} {host}: {got:?}, want {want:?}"),
        }
    }
}

#[test]
fn the_ca_help_follows_the_curl_release() {
    assert!(ca_help("curl/8.11.1").ends_with("please visit the webpage mentioned above."));
    assert!(ca_help("curl/7.88.1").ends_with("please visit the web page mentioned above."));
}

#[test]
fn answers_are_read_over_http2() {
    let a = Answer {
        code: 403,
        headers: vec![
            "Audit-Id: a".into(),
            "Cache-Control: no-cache, private".into(),
            "Content-Length: 10".into(),
            "Content-Type: application/json".into(),
            "Date: d".into(),
            "X-Kubernetes-Pf-Flowschema-Uid: f".into(),
        ],
        body: Some("{}".into()),
        note: None,
    };
    let r = over_http2(a);
    assert_eq!(
        r.headers,
        ["HTTP/2 403 ", "audit-id: a", "cache-control: no-cache, private", "content-type: application/json", "x-kubernetes-pf-flowschema-uid: f", "content-length: 10", "date: d"]
    );
    assert_eq!(r.code(), 403);
}

#[test]
fn only_headers_the_server_reads_are_sent() {
    let cases = [
        ("-H Authorization:x https://k/", false),
        ("-H Accept:application/json https://k/", false),
        ("-H Content-Type:application/json https://k/", false),
        ("-H Accept:application/yaml https://k/", true),
        ("-H User-Agent:x https://k/", true),
    ];
    for (args, refused) in cases {
        assert_eq!(unread_header(&curl(args)).is_some(), refused, "{args}");
    }
}

fn kubectl(e: &mut Engine, line: &str) -> crate::exec::Output {
    match crate::parse_line(line) {
        Ok(crate::Line::Kubectl(inv)) => crate::exec::execute(&inv, e, crate::exec::Io::default()).unwrap_or_default(),
        other => panic!("{line}: {other:?}"),
    }
}

const SA: &str = "/var/run/secrets/kubernetes.io/serviceaccount";

/// The task page's requests from a pod, before and after its account may
/// read: the pod's own token authenticates it, RBAC decides.
#[test]
fn a_pods_token_reaches_the_api_server() {
    let mut e = Engine::with_default_cluster(1);
    kubectl(&mut e, "kubectl run curl --image=curlimages/curl -- sleep 3600");
    e.advance(30_000);
    let with_token = |path: &str| format!("kubectl exec curl -- sh -c 'curl -s --cacert {SA}/ca.crt -H \"Authorization: Bearer $(cat {SA}/token)\" https://kubernetes.default.svc{path}'");
    let cases = [
        (with_token("/api"), "\"kind\": \"APIVersions\""),
        (with_token("/api/v1/namespaces/default/pods"), "\"message\": \"pods is forbidden: User \\\"system:serviceaccount:default:default\\\" cannot list resource \\\"pods\\\" in API group \\\"\\\" in the namespace \\\"default\\\"\""),
        ("kubectl exec curl -- curl -sk https://kubernetes.default.svc/api".to_string(), "\"message\": \"forbidden: User \\\"system:anonymous\\\" cannot get path \\\"/api\\\"\",\n  \"reason\": \"Forbidden\",\n  \"details\": {},\n  \"code\": 403"),
        ("kubectl exec curl -- curl -sk -H 'Authorization: Bearer x.y.z' https://10.96.0.1/api".to_string(), "\"message\": \"Unauthorized\",\n  \"reason\": \"Unauthorized\",\n  \"code\": 401"),
        ("kubectl exec curl -- curl -sk https://kubernetes/version".to_string(), "\"gitVersion\""),
        ("kubectl exec curl -- curl -s http://kubernetes.default.svc:443/".to_string(), "Client sent an HTTP request to an HTTPS server.\n"),
    ];
    for (line, want) in &cases {
        let out = kubectl(&mut e, line);
        assert!(out.stdout.contains(want), "{line}\n{}{}", out.stdout, out.stderr);
    }
    kubectl(&mut e, "kubectl create rolebinding default-view --clusterrole=view --serviceaccount=default:default");
    let out = kubectl(&mut e, &with_token("/api/v1/namespaces/default/pods"));
    assert!(out.stdout.contains("\"kind\": \"PodList\"") && !out.failed, "{}{}", out.stdout, out.stderr);
    // Deleting is not in view.
    let delete = format!("kubectl exec curl -- sh -c 'curl -s -X DELETE --cacert {SA}/ca.crt -H \"Authorization: Bearer $(cat {SA}/token)\" https://kubernetes.default.svc/api/v1/namespaces/default/pods/curl'");
    let out = kubectl(&mut e, &delete);
    assert!(out.stdout.contains("pods \\\"curl\\\" is forbidden: User \\\"system:serviceaccount:default:default\\\" cannot delete resource"), "{}{}", out.stdout, out.stderr);
    // Without the cluster CA, curl stops before anything is sent.
    let out = kubectl(&mut e, "kubectl exec curl -- curl -sS https://kubernetes.default.svc/api");
    assert!(out.failed && out.stderr.starts_with("curl: (60) SSL certificate problem: unable to get local issuer certificate\n"), "{}", out.stderr);
}

/// busybox wget sends its --header lines and checks no certificate.
#[test]
fn busybox_wget_reaches_the_api_server() {
    let mut e = Engine::with_default_cluster(1);
    kubectl(&mut e, "kubectl run bb --image=busybox:1.36 -- sleep 3600");
    e.advance(30_000);
    let cases = [
        (format!("kubectl exec bb -- sh -c 'wget -qO- --header \"Authorization: Bearer $(cat {SA}/token)\" https://kubernetes.default.svc/api'"), "\"kind\": \"APIVersions\"", "wget: note: TLS certificate validation not implemented\n", false),
        ("kubectl exec bb -- wget -qO- https://kubernetes.default.svc/api".to_string(), "", "wget: server returned error: HTTP/1.1 403 Forbidden\n", true),
        ("kubectl exec bb -- wget -qO- --no-check-certificate --header 'Authorization: Bearer x' https://10.96.0.1/api".to_string(), "", "wget: server returned error: HTTP/1.1 401 Unauthorized\n", true),
    ];
    for (line, stdout, stderr_has, failed) in &cases {
        let out = kubectl(&mut e, line);
        assert!(out.stdout.contains(stdout) && out.stderr.contains(stderr_has) && out.failed == *failed, "{line}\n{}{}", out.stdout, out.stderr);
    }
}
