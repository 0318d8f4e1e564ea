//! Cases ported from upstream's `pkg/controller/certificates/signer/
//! signer_test.go` (v1.32). The Go tests generate an ECDSA request per
//! case; here each case's request is the parsed form the signer reads.

use super::*;
use kubeplay_model::api::certificates::x509::{CertificateRequest, Name};

fn request(cn: &str, org: &[&str], dns: &[&str]) -> CertificateRequest {
    CertificateRequest {
        subject: Name {
            common_name: cn.into(),
            organization: org.iter().map(|s| s.to_string()).collect(),
            ..Default::default()
        },
        public_key_algorithm: "ECDSA",
        dns_names: dns.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    }
}

fn csr(signer: &str, usages: &[&str], approved: bool, failed: bool) -> CertificateSigningRequest {
    let cond = |t: &str| CertificateSigningRequestCondition {
        type_: t.into(),
        status: "True".into(),
        ..Default::default()
    };
    let mut c = CertificateSigningRequest::default();
    c.spec.signer_name = signer.into();
    c.spec.usages = usages.iter().map(|s| s.to_string()).collect();
    if approved {
        c.status.conditions.push(cond("Approved"));
    }
    if failed {
        c.status.conditions.push(cond("Failed"));
    }
    c
}

#[derive(Debug, PartialEq)]
enum Outcome {
    Signed,
    Failed,
    Nothing,
}

fn handle(c: &CertificateSigningRequest, req: &CertificateRequest) -> Outcome {
    if !awaits_signing(c) {
        return Outcome::Nothing;
    }
    match signer_refuses(&c.spec.signer_name, req, &c.spec.usages) {
        Some(_) => Outcome::Failed,
        None => Outcome::Signed,
    }
}

// signer_test.go's TestHandle
#[test]
fn handle_cases() {
    let client = &["client auth", "digital signature", "key encipherment"][..];
    let serving = &["server auth", "digital signature", "key encipherment"][..];
    let world = request("hello-world", &["some-org"], &[]);
    let node_client = request("system:node:hello-world", &["system:nodes"], &[]);
    let node_serving = request("system:node:testnode", &["system:nodes"], &["example.com"]);
    let empty = request("", &[], &[]);
    let cases: Vec<(
        &str,
        CertificateSigningRequest,
        &CertificateRequest,
        Outcome,
    )> = vec![
        (
            "sign kube-apiserver-client",
            csr(KUBE_APISERVER_CLIENT_SIGNER, client, true, false),
            &world,
            Outcome::Signed,
        ),
        (
            "sign kube-apiserver-client without key encipherment",
            csr(
                KUBE_APISERVER_CLIENT_SIGNER,
                &["client auth", "digital signature"],
                true,
                false,
            ),
            &world,
            Outcome::Signed,
        ),
        (
            "refuse kube-apiserver-client with an unexpected usage",
            csr(
                KUBE_APISERVER_CLIENT_SIGNER,
                &[
                    "server auth",
                    "client auth",
                    "digital signature",
                    "key encipherment",
                ],
                true,
                false,
            ),
            &world,
            Outcome::Failed,
        ),
        (
            "sign kube-apiserver-client-kubelet",
            csr(KUBE_APISERVER_CLIENT_KUBELET_SIGNER, client, true, false),
            &node_client,
            Outcome::Signed,
        ),
        (
            "sign kube-apiserver-client-kubelet without key encipherment",
            csr(
                KUBE_APISERVER_CLIENT_KUBELET_SIGNER,
                &["client auth", "digital signature"],
                true,
                false,
            ),
            &node_client,
            Outcome::Signed,
        ),
        (
            "sign legacy-unknown",
            csr(LEGACY_UNKNOWN_SIGNER, &[], true, false),
            &empty,
            Outcome::Signed,
        ),
        (
            "sign kubelet-serving",
            csr(KUBELET_SERVING_SIGNER, serving, true, false),
            &node_serving,
            Outcome::Signed,
        ),
        (
            "sign kubelet-serving without key encipherment",
            csr(
                KUBELET_SERVING_SIGNER,
                &["server auth", "digital signature"],
                true,
                false,
            ),
            &node_serving,
            Outcome::Signed,
        ),
        (
            "nothing if failed",
            csr(KUBELET_SERVING_SIGNER, serving, true, true),
            &node_serving,
            Outcome::Nothing,
        ),
        (
            "nothing for an unrecognised signerName",
            csr("kubernetes.io/not-recognised", &[], true, false),
            &world,
            Outcome::Nothing,
        ),
        (
            "nothing if not approved",
            csr(KUBELET_SERVING_SIGNER, &[], false, false),
            &node_serving,
            Outcome::Nothing,
        ),
        (
            "nothing for a signerName outside kubernetes.io",
            csr("example.com/sample-name", &[], true, false),
            &world,
            Outcome::Nothing,
        ),
    ];
    for (name, c, req, want) in cases {
        assert_eq!(handle(&c, req), want, "{name}");
    }
    let refused = csr(
        KUBE_APISERVER_CLIENT_SIGNER,
        &["server auth", "client auth"],
        true,
        false,
    );
    assert_eq!(
        signer_refuses(KUBE_APISERVER_CLIENT_SIGNER, &world, &refused.spec.usages).as_deref(),
        Some("invalid usage for client certificate: server auth")
    );
    assert_eq!(
        signer_refuses(
            KUBE_APISERVER_CLIENT_SIGNER,
            &world,
            &["digital signature".into()]
        )
        .as_deref(),
        Some("missing required usage for client certificate: client auth")
    );
    assert_eq!(
        signer_refuses(KUBELET_SERVING_SIGNER, &world, &[]).as_deref(),
        Some("subject organization is not system:nodes")
    );
}

// signer_test.go's Test_signer_duration
#[test]
fn durations() {
    const M: i64 = 60_000;
    const H: i64 = 60 * M;
    let cases: &[(&str, Option<i32>, i64)] = &[
        ("shorter duration than TTL", Some(30 * 60), 30 * M),
        ("longer duration than TTL", Some(3 * 3600), H),
        ("negative duration", Some(-60), 10 * M),
        ("less than 10 mins", Some(10 * 60 - 1), 10 * M),
        ("exactly 10 mins", Some(10 * 60), 10 * M),
        ("equal to the default", Some(3600), H),
        ("no duration: the default", None, H),
    ];
    for (name, requested, want) in cases {
        assert_eq!(certificate_ttl_ms(*requested, H), *want, "{name}");
    }
}

// signer_test.go's TestSigner: a 1h certificate (3h asked for) is
// backdated five minutes, and being short, ends an hour from now.
#[test]
fn validity_window() {
    let now = kubeplay_model::time::EPOCH;
    let secs = now.millis() / 1000;
    assert_eq!(
        validity(now, certificate_ttl_ms(Some(3 * 3600), 3_600_000)),
        (secs - 300, secs + 3600)
    );
    // Long certificates lose the backdate off their end.
    assert_eq!(
        validity(now, CLUSTER_SIGNING_DURATION_MS),
        (secs - 300, secs + 8760 * 3600 - 300)
    );
}
