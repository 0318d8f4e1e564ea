use super::*;
use std::sync::Arc;

#[test]
fn finds_the_urls_a_line_reads() {
    let k8s = "https://k8s.io/examples/application/deployment.yaml";
    let cases: &[(&str, &[&str])] = &[
        ("kubectl apply -f https://k8s.io/examples/application/deployment.yaml", &[k8s]),
        ("k create -f=https://k8s.io/examples/application/deployment.yaml", &[k8s]),
        ("kubectl delete --filename https://a/x.yaml --filename=http://b/y.yaml", &["https://a/x.yaml", "http://b/y.yaml"]),
        ("kubectl diff -fhttps://a/x.yaml -f https://a/x.yaml", &["https://a/x.yaml"]),
        ("kubectl apply -Rf 'https://a/x y.yaml'", &["https://a/x y.yaml"]),
        ("kubectl apply -f \"https://a/x.yaml\" | grep created", &["https://a/x.yaml"]),
        ("kubectl create ns a && kubectl apply -f https://a/1.yaml; kubectl get -f https://a/2.yaml", &["https://a/1.yaml", "https://a/2.yaml"]),
        ("echo $(kubectl apply -f https://a/x.yaml -o name)", &["https://a/x.yaml"]),
        ("for i in 1 2; do kubectl apply -f https://a/$i.yaml; done", &[]),
        ("kubectl apply -f $URL", &[]),
        ("X=1 kubectl apply -f https://a/x.yaml", &["https://a/x.yaml"]),
        // kubectl's builder matches the scheme's case exactly.
        ("kubectl apply -f HTTPS://a/x.yaml", &[]),
        ("kubectl apply -f x.yaml", &[]),
        ("curl -f https://a/x.yaml", &[]),
        ("kubectl get pods # -f https://a/x.yaml", &[]),
        ("kubectl apply -f - <<EOF\nkind: Pod # -f https://a/x.yaml\nEOF", &[]),
        ("kubectl logs -f web", &[]),
    ];
    for (line, want) in cases {
        assert_eq!(needed(line), *want, "{line}");
    }
}

#[test]
fn downloads_redirects_where_they_lead() {
    let cases = [
        ("https://k8s.io/examples/application/deployment.yaml", Some("https://raw.githubusercontent.com/kubernetes/website/main/content/en/examples/application/deployment.yaml")),
        ("http://k8s.io/examples/pods/simple-pod.yaml#x", Some("https://raw.githubusercontent.com/kubernetes/website/main/content/en/examples/pods/simple-pod.yaml")),
        ("https://github.com/o/r/raw/main/d/x.yaml", Some("https://raw.githubusercontent.com/o/r/main/d/x.yaml")),
        ("https://gist.github.com/u/abc/raw/x.yaml", Some("https://gist.githubusercontent.com/u/abc/raw/x.yaml")),
        ("https://raw.githubusercontent.com/o/r/main/x.yaml", Some("https://raw.githubusercontent.com/o/r/main/x.yaml")),
        ("http://127.0.0.1:8080/a.yaml", Some("http://127.0.0.1:8080/a.yaml")),
        ("https://github.com/o/r/blob/main/x.yaml", None),
    ];
    for (url, want) in cases {
        assert_eq!(fetch_address(url).as_deref(), want, "{url}");
    }
}

// visitor_test.go's TestVisitorHttpGet (its non-200 cases, 300 and 501:
// both end in an error) with the message readHttpWithRetries builds
// from the response's status line in visitor.go.
#[test]
fn a_status_other_than_200_is_kubectls_error() {
    let err = |code| error_for("https://a/x.yaml", Some(&Err(FetchError::Status(code))));
    assert_eq!(err(300).unwrap(), "error: unable to read URL \"https://a/x.yaml\", server reported 300 Multiple Choices, status code=300");
    assert_eq!(err(501).unwrap(), "error: unable to read URL \"https://a/x.yaml\", server reported 501 Not Implemented, status code=501");
    assert_eq!(err(404).unwrap(), "error: unable to read URL \"https://a/x.yaml\", server reported 404 Not Found, status code=404");
    assert_eq!(
        error_for("https://a/x.yaml", Some(&Ok(Arc::from("kind: Pod")))),
        None
    );
}

#[test]
fn a_failed_download_reads_as_gos_dial_error() {
    let net = error_for(
        "https://example.invalid/x.yaml",
        Some(&Err(FetchError::Network)),
    )
    .unwrap();
    assert!(net.starts_with("error: Get \"https://example.invalid/x.yaml\": dial tcp: lookup example.invalid: no such host\n(playground) the page could not download it"), "{net}");
    let refused = error_for("http://127.0.0.1:9/x.yaml", Some(&Err(FetchError::Network))).unwrap();
    assert!(refused.starts_with("error: Get \"http://127.0.0.1:9/x.yaml\": dial tcp 127.0.0.1:9: connect: connection refused\n"), "{refused}");
    let slow = error_for("https://a.example/x.yaml", Some(&Err(FetchError::Timeout))).unwrap();
    assert!(slow.starts_with("error: Get \"https://a.example/x.yaml\": dial tcp a.example:443: i/o timeout\n(playground) the page gave up"), "{slow}");
    let big = error_for("https://a/x.yaml", Some(&Err(FetchError::TooLarge))).unwrap();
    assert!(big.contains("larger than 2 MiB"), "{big}");
    assert_eq!(error_for("https://a/x.yaml", None), None);
}

#[test]
fn a_github_file_page_is_html_kubectl_cannot_decode() {
    let e = error_for("https://github.com/o/r/blob/main/d/x.yaml", None).unwrap();
    assert!(
        e.starts_with("error: error parsing https://github.com/o/r/blob/main/d/x.yaml: "),
        "{e}"
    );
    assert!(
        e.ends_with("use the raw file: https://raw.githubusercontent.com/o/r/main/d/x.yaml"),
        "{e}"
    );
}

#[test]
fn a_line_reads_what_the_page_downloaded() {
    let mut pg = crate::Playground::new(1);
    let url = "https://k8s.io/examples/controllers/nginx-deployment.yaml";
    assert_eq!(
        pg.missing_urls(&format!("kubectl apply -f {url}")),
        [(url.to_string(), fetch_address(url).unwrap())]
    );
    let out = pg.run(&format!("kubectl apply -f {url}"), None);
    assert!(out.failed);
    assert!(out.stderr.starts_with("error: Get \"https://k8s.io/examples/controllers/nginx-deployment.yaml\": dial tcp: lookup k8s.io: no such host\n(playground) the playground did not download"), "{}", out.stderr);
    pg.set_url(url, Ok(crate::DEFAULT_EXAMPLE.to_string()));
    assert!(pg
        .missing_urls(&format!("kubectl apply -f {url}"))
        .is_empty());
    let out = pg.run(&format!("kubectl apply -f {url}"), None);
    assert_eq!(
        (out.stdout.as_str(), out.stderr.as_str()),
        ("deployment.apps/nginx-deployment created\n", "")
    );
    // The download is not one of the user's files.
    let out = pg.run("kubectl apply -f nginx.yaml", None);
    assert!(
        out.stderr.contains("(playground) no file named nginx.yaml here: write it first (cat <<EOF > nginx.yaml … EOF) or pass the manifest on standard input with -f -"),
        "{}",
        out.stderr
    );
    pg.set_url("https://a/x.yaml", Err(FetchError::Status(404)));
    let out = pg.run("kubectl delete -f https://a/x.yaml", None);
    assert_eq!(out.stderr, "error: unable to read URL \"https://a/x.yaml\", server reported 404 Not Found, status code=404\n");
    assert_eq!(
        pg.missing_urls("kubectl delete -f https://a/x.yaml").len(),
        1,
        "a failed download is tried again"
    );
    pg.set_url("https://a/big.yaml", Ok("#".repeat(MAX_URL_BODY + 1)));
    assert!(pg
        .run("kubectl apply -f https://a/big.yaml", None)
        .stderr
        .contains("larger than"));
    let out = pg.run(
        "kubectl apply -f https://github.com/o/r/blob/main/x.yaml",
        None,
    );
    assert!(
        out.failed && out.stderr.contains("use the raw file"),
        "{}",
        out.stderr
    );
    assert!(pg
        .missing_urls("kubectl apply -f https://github.com/o/r/blob/main/x.yaml")
        .is_empty());
}
