//! Cases ported from upstream's `pkg/apis/certificates/validation/
//! validation_test.go` (v1.32). The request is a real openssl-made PKCS#10
//! request rather than the Ed25519 one the Go tests generate.

use super::*;
use crate::api::certificates::x509::tests::JANE_CSR;
use crate::api::{CertificateSigningRequestSpec, CertificateSigningRequestStatus};
use crate::meta::ObjectMeta;

const VALID_SIGNER: &str = "example.com/valid-name";

fn b64(s: &str) -> String {
    crate::base64::encode(s.as_bytes())
}

fn spec(signer: &str, usages: &[&str], request: &str) -> CertificateSigningRequestSpec {
    CertificateSigningRequestSpec {
        request: b64(request),
        signer_name: signer.to_string(),
        usages: usages.iter().map(|u| u.to_string()).collect(),
        ..Default::default()
    }
}

fn csr_of(spec: CertificateSigningRequestSpec) -> CertificateSigningRequest {
    CertificateSigningRequest {
        metadata: ObjectMeta {
            name: "testcsr".into(),
            ..Default::default()
        },
        spec,
        status: Default::default(),
    }
}

fn messages(errs: Errs) -> Vec<String> {
    errs.iter().map(|e| e.to_string()).collect()
}

fn a(n: usize) -> String {
    "a".repeat(n)
}

// validation_test.go's TestValidateCertificateSigningRequestCreate
#[test]
fn create() {
    let max_fqdn = format!("{}.{}.{}.{}", a(63), a(63), a(63), a(61));
    let max_signer = format!("{max_fqdn}/{}.{}", a(63), a(253));
    let subdomain_msg = |l: &str| {
        format!("validating label \"{l}\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')")
    };
    let ke = &["key encipherment"][..];
    let with_expiry = |s: i32| {
        let mut c = spec(VALID_SIGNER, ke, JANE_CSR);
        c.expiration_seconds = Some(s);
        c
    };
    let short = "spec.expirationSeconds: Invalid value: {}: may not specify a duration less than 600 seconds (10 minutes)";
    let cases: Vec<(&str, CertificateSigningRequestSpec, Vec<String>)> = vec![
        ("empty request data", spec(VALID_SIGNER, ke, ""), vec!["spec.request: Invalid value: []byte(nil): PEM block type must be CERTIFICATE REQUEST".into()]),
        (
            "invalid request data",
            spec(VALID_SIGNER, ke, "invalid data"),
            vec!["spec.request: Invalid value: []byte{0x69, 0x6e, 0x76, 0x61, 0x6c, 0x69, 0x64, 0x20, 0x64, 0x61, 0x74, 0x61}: PEM block type must be CERTIFICATE REQUEST".into()],
        ),
        ("no usages", spec(VALID_SIGNER, &[], JANE_CSR), vec!["spec.usages: Required value".into()]),
        ("no signerName", spec("", ke, JANE_CSR), vec!["spec.signerName: Required value".into()]),
        (
            "signerName contains no '/'",
            spec("an-invalid-signer-name", ke, JANE_CSR),
            vec!["spec.signerName: Invalid value: \"an-invalid-signer-name\": must be a fully qualified domain and path of the form 'example.com/signer-name'".into()],
        ),
        (
            "signerName contains two '/'",
            spec("an-invalid-signer-name.com/something/else", ke, JANE_CSR),
            vec!["spec.signerName: Invalid value: \"an-invalid-signer-name.com/something/else\": must be a fully qualified domain and path of the form 'example.com/signer-name'".into()],
        ),
        (
            "signerName domain component is not fully qualified",
            spec("example/some-signer-name", ke, JANE_CSR),
            vec!["spec.signerName: Invalid value: \"example\": should be a domain with at least two segments separated by dots".into()],
        ),
        ("signerName path component is empty", spec("example.com/", ke, JANE_CSR), vec![format!("spec.signerName: Invalid value: \"\": {}", subdomain_msg(""))]),
        (
            "signerName path component ends with a symbol",
            spec("example.com/something-", ke, JANE_CSR),
            vec![format!("spec.signerName: Invalid value: \"something-\": {}", subdomain_msg("something-"))],
        ),
        ("signerName path component is a symbol", spec("example.com/-", ke, JANE_CSR), vec![format!("spec.signerName: Invalid value: \"-\": {}", subdomain_msg("-"))]),
        ("signerName path component contains no '.' but is valid", spec("example.com/some-signer-name", ke, JANE_CSR), vec![]),
        (
            "signerName with a total length greater than 571 characters",
            spec(&format!("{max_signer}.toolong"), ke, JANE_CSR),
            vec!["spec.signerName: Too long: may not be more than 571 bytes".into()],
        ),
        (
            "signerName with a fqdn greater than 253 characters",
            spec(&format!("{max_fqdn}.extra/valid-path"), ke, JANE_CSR),
            vec!["spec.signerName: Too long: may not be more than 253 bytes".into()],
        ),
        ("signerName with a longer path when the domain is short", spec(&format!("abc.io/{}.{}", a(253), a(253)), ke, JANE_CSR), vec![]),
        (
            "signerName with a domain label greater than 63 characters",
            spec(&format!("{}.example.io/valid-path", a(66)), ke, JANE_CSR),
            vec![format!("spec.signerName: Invalid value: \"{}.example.io\": validating label \"{}\": must be no more than 63 characters", a(66), a(66))],
        ),
        ("signerName of max length", spec(&max_signer, ke, JANE_CSR), vec![]),
        ("negative duration", with_expiry(-1), vec![short.replace("{}", "-1")]),
        ("zero duration", with_expiry(0), vec![short.replace("{}", "0")]),
        ("one duration", with_expiry(1), vec![short.replace("{}", "1")]),
        ("too short duration", with_expiry(60), vec![short.replace("{}", "60")]),
        ("valid duration", with_expiry(600), vec![]),
        (
            "unknown and duplicate usages",
            spec(VALID_SIGNER, &["unknown", "unknown"], JANE_CSR),
            {
                let supported = KNOWN_USAGES.iter().map(|u| format!("\"{u}\"")).collect::<Vec<_>>().join(", ");
                vec![
                    format!("spec.usages[0]: Unsupported value: \"unknown\": supported values: {supported}"),
                    format!("spec.usages[1]: Unsupported value: \"unknown\": supported values: {supported}"),
                    "spec.usages[1]: Duplicate value: \"unknown\"".into(),
                ]
            },
        ),
    ];
    for (name, spec, want) in cases {
        assert_eq!(messages(csr(&csr_of(spec))), want, "{name}");
    }
}

fn cond(type_: &str, status: &str) -> CertificateSigningRequestCondition {
    CertificateSigningRequestCondition {
        type_: type_.into(),
        status: status.into(),
        ..Default::default()
    }
}

fn with(
    conditions: Vec<CertificateSigningRequestCondition>,
    certificate: &str,
) -> CertificateSigningRequest {
    let mut c = csr_of(spec(
        "example.com/something",
        &["key encipherment"],
        JANE_CSR,
    ));
    c.metadata.resource_version = "1".into();
    c.status = CertificateSigningRequestStatus {
        conditions,
        certificate: b64(certificate),
    };
    c
}

fn unknown_usages() -> CertificateSigningRequest {
    let mut c = with(vec![], "");
    c.spec.usages = vec!["unknown".into(), "unknown".into()];
    c
}

/// The same object with a finalizer, as the Go tests' old objects have.
fn old(mut c: CertificateSigningRequest) -> CertificateSigningRequest {
    c.metadata.finalizers = vec!["foo".to_string()].into();
    c
}

fn valid_certificate() -> String {
    let req = x509::parse_csr_pem(JANE_CSR.as_bytes()).unwrap();
    let t = x509::CertificateTemplate {
        serial: [1; 16],
        issuer_common_name: "kubernetes",
        not_before: 0,
        not_after: 3600,
        usages: &[],
        signature: [0; 32],
    };
    x509::pem_encode("CERTIFICATE", &x509::build_certificate(&req, &t))
}

const NO_PEM: &str = "new - no PEM blocks";
const REMOVE: &str = "status.conditions: Forbidden: updates may not remove a condition of type";

/// The cases the update, status and approval tables share, with what each
/// path answers.
fn update_cases(
    via: Subresource,
) -> Vec<(
    &'static str,
    CertificateSigningRequest,
    CertificateSigningRequest,
    Vec<String>,
)> {
    let approval = via == Subresource::Approval;
    let status = via == Subresource::Status;
    let add = |t: &str| {
        if approval {
            vec![]
        } else {
            vec![format!(
                "status.conditions: Forbidden: updates may not add a condition of type \"{t}\""
            )]
        }
    };
    let cert = valid_certificate();
    vec![
        ("no-op", with(vec![], ""), with(vec![], ""), vec![]),
        ("finalizer change with invalid certificate", with(vec![], NO_PEM), old(with(vec![], NO_PEM)), vec![]),
        ("finalizer change with duplicate and unknown usages", unknown_usages(), old(unknown_usages()), vec![]),
        ("add Approved condition", with(vec![cond("Approved", "True")], ""), old(with(vec![], "")), add("Approved")),
        ("remove Approved condition", with(vec![], ""), old(with(vec![cond("Approved", "True")], "")), vec![format!("{REMOVE} \"Approved\"")]),
        ("add Denied condition", with(vec![cond("Denied", "True")], ""), old(with(vec![], "")), add("Denied")),
        ("remove Denied condition", with(vec![], ""), old(with(vec![cond("Denied", "True")], "")), vec![format!("{REMOVE} \"Denied\"")]),
        ("add Failed condition", with(vec![cond("Failed", "True")], ""), old(with(vec![], "")), vec![]),
        ("remove Failed condition", with(vec![], ""), old(with(vec![cond("Failed", "True")], "")), vec![format!("{REMOVE} \"Failed\"")]),
        (
            "set certificate",
            with(vec![], &cert),
            old(with(vec![], "")),
            if status { vec![] } else { vec!["status.certificate: Forbidden: updates may not set certificate content".into()] },
        ),
        (
            "set invalid certificate",
            with(vec![], NO_PEM),
            old(with(vec![], "")),
            vec!["status.certificate: Invalid value: \"<certificate data>\": must contain at least one CERTIFICATE PEM block".into()],
        ),
        (
            "reset certificate",
            with(vec![], "-----BEGIN CERTIFICATE REQUEST-----\nMAA=\n-----END CERTIFICATE REQUEST-----\n"),
            old(with(vec![], NO_PEM)),
            vec!["status.certificate: Forbidden: updates may not modify existing certificate content".into()],
        ),
    ]
    .into_iter()
    // Only the status table sets an invalid certificate or replaces one.
    .filter(|(name, ..)| status || !matches!(*name, "set invalid certificate" | "reset certificate"))
    .collect()
}

// validation_test.go's TestValidateCertificateSigningRequestUpdate,
// TestValidateCertificateSigningRequestStatusUpdate and
// TestValidateCertificateSigningRequestApprovalUpdate
#[test]
fn updates() {
    for via in [
        Subresource::Main,
        Subresource::Status,
        Subresource::Approval,
    ] {
        for (name, new, old, want) in update_cases(via) {
            let mut got = messages(csr_update(&new, &old, via));
            got.sort();
            let mut want = want;
            want.sort();
            assert_eq!(got, want, "{via:?}: {name}");
        }
    }
}

// validation_test.go's Test_validateCertificateSigningRequestOptions: the
// strict errors of each case, and that an update from an object already
// holding the problem tolerates it (the lenient options).
#[test]
fn options() {
    let approved = || vec![cond("Approved", "True")];
    let cert_err = |m: &str| {
        vec![format!(
            "status.certificate: Invalid value: \"<certificate data>\": {m}"
        )]
    };
    let cases: Vec<(&str, Vec<CertificateSigningRequestCondition>, String, Vec<String>)> = vec![
        ("no status", vec![], String::new(), vec![]),
        ("approved condition", approved(), String::new(), vec![]),
        ("denied condition", vec![cond("Denied", "True")], String::new(), vec![]),
        ("failed condition", vec![cond("Failed", "True")], String::new(), vec![]),
        ("approved+issued", approved(), valid_certificate(), vec![]),
        ("empty condition type", vec![cond("", "True")], String::new(), vec!["status.conditions[0].type: Required value".into()]),
        (
            "approved and denied",
            vec![cond("Approved", "True"), cond("Denied", "True")],
            String::new(),
            vec!["status.conditions[1].type: Invalid value: \"Denied\": Approved and Denied conditions are mutually exclusive".into()],
        ),
        ("duplicate condition", vec![cond("Approved", "True"), cond("Approved", "True")], String::new(), vec!["status.conditions[1].type: Duplicate value: \"Approved\"".into()]),
        ("status.certificate, no PEM", approved(), "no PEM content".into(), cert_err("must contain at least one CERTIFICATE PEM block")),
        ("status.certificate, non-CERTIFICATE PEM", approved(), NON_CERTIFICATE_PEM.into(), cert_err("only CERTIFICATE PEM blocks are allowed, found \"CERTIFICATE1\"")),
        ("status.certificate, PEM headers", approved(), PEM_HEADERS.into(), cert_err("no PEM block headers are permitted")),
        ("status.certificate, non-base64 PEM", approved(), NON_BASE64_PEM.into(), cert_err("must contain at least one CERTIFICATE PEM block")),
        ("status.certificate, empty PEM block", approved(), EMPTY_PEM.into(), cert_err("found CERTIFICATE PEM block containing 0 certificates")),
        ("status.certificate, non-ASN1 data", approved(), NON_ASN1_DATA.into(), cert_err("x509: invalid RDNSequence")),
    ];
    for (name, conditions, certificate, want) in cases {
        let c = with(conditions, &certificate);
        assert_eq!(messages(csr(&c)), want, "{name}");
        assert_eq!(
            messages(csr_update(&c, &old(c.clone()), Subresource::Main)),
            Vec::<String>::new(),
            "{name}: lenient"
        );
    }
    let mut legacy = with(vec![], "");
    legacy.spec.signer_name = LEGACY_UNKNOWN_SIGNER.into();
    assert_eq!(
        messages(csr(&legacy)),
        vec!["spec.signerName: Invalid value: \"kubernetes.io/legacy-unknown\": the legacy signerName is not allowed via this API version"]
    );
    assert_eq!(
        messages(csr_update(&legacy, &old(legacy.clone()), Subresource::Main)),
        Vec::<String>::new()
    );
}

/// The status values a condition may have: only True for the three
/// approval types, True, False or Unknown for any other.
#[test]
fn condition_statuses() {
    let cases: Vec<(CertificateSigningRequestCondition, Vec<&str>)> = vec![
        (cond("Approved", ""), vec!["status.conditions[0].status: Required value"]),
        (cond("Approved", "False"), vec!["status.conditions[0].status: Unsupported value: \"False\": supported values: \"True\""]),
        (cond("Custom", "False"), vec![]),
        (cond("Custom", "Maybe"), vec!["status.conditions[0].status: Unsupported value: \"Maybe\": supported values: \"False\", \"True\", \"Unknown\""]),
    ];
    for (c, want) in cases {
        assert_eq!(messages(csr(&with(vec![c.clone()], ""))), want, "{c:?}");
    }
}

// The Go test's invalid certificates; those refused before their DER is
// read keep only their first and last lines.
const NON_CERTIFICATE_PEM: &str = "
Leading non-PEM content
-----BEGIN CERTIFICATE1-----
MIIBqDCCAU2gAwIBAgIUfbqeieihh/oERbfvRm38XvS/xHAwCgYIKoZIzj0EAwIw
-----END CERTIFICATE1-----
Trailing non-PEM content
";

const PEM_HEADERS: &str = "
Leading non-PEM content
-----BEGIN CERTIFICATE-----
Some-Header: Some-Value
MIIBqDCCAU2gAwIBAgIUfbqeieihh/oERbfvRm38XvS/xHAwCgYIKoZIzj0EAwIw
-----END CERTIFICATE-----
Trailing non-PEM content
";

const NON_BASE64_PEM: &str = "
Leading non-PEM content
-----BEGIN CERTIFICATE-----
MIIBqDCCAU2gAwIBAgIUfbqeieihh/oERbfvRm38XvS/xHAwCgYIKoZIzj0EAwIw
MnVCuBwfwDXCAiEAw/1TA+CjPq9JC5ek1ifR0FybTURjeQqYkKpve1d?????????
-----END CERTIFICATE-----
Trailing non-PEM content
";

const EMPTY_PEM: &str = "
Leading non-PEM content
-----BEGIN CERTIFICATE-----
-----END CERTIFICATE-----
Trailing non-PEM content
";

/// The first character of its subject's RDN set is wrong.
const NON_ASN1_DATA: &str = "
Leading non-PEM content
-----BEGIN CERTIFICATE-----
MIIBqDCCAU2gAwIBAgIUfbqeieihh/oERbfvRm38XvS/xHAwCgYIKoZIzj0EAwIw
GjEYMBYGA1UEAxMPSW50ZXJtZWRpYXRlLUNBMCAXDTE2MTAxMTA1MDYwMFoYDzIx
MTYwOTE3MDUwNjAwWjAUNRIwEAYDVQQDEwlNeSBDbGllbnQwWTATBgcqhkjOPQIB
BggqhkjOPQMBBwNCAARv6N4R/sjMR65iMFGNLN1GC/vd7WhDW6J4X/iAjkRLLnNb
KbRG/AtOUZ+7upJ3BWIRKYbOabbQGQe2BbKFiap4o3UwczAOBgNVHQ8BAf8EBAMC
BaAwEwYDVR0lBAwwCgYIKwYBBQUHAwIwDAYDVR0TAQH/BAIwADAdBgNVHQ4EFgQU
K/pZOWpNcYai6eHFpmJEeFpeQlEwHwYDVR0jBBgwFoAUX6nQlxjfWnP6aM1meO/Q
a6b3a9kwCgYIKoZIzj0EAwIDSQAwRgIhAIWTKw/sjJITqeuNzJDAKU4xo1zL+xJ5
MnVCuBwfwDXCAiEAw/1TA+CjPq9JC5ek1ifR0FybTURjeQqYkKpve1dveps=
-----END CERTIFICATE-----
Trailing non-PEM content
";

/// The same certificate with its subject intact: it parses.
const VALID_INTERMEDIATE: &str = "-----BEGIN CERTIFICATE-----
MIIBqDCCAU2gAwIBAgIUfbqeieihh/oERbfvRm38XvS/xHAwCgYIKoZIzj0EAwIw
GjEYMBYGA1UEAxMPSW50ZXJtZWRpYXRlLUNBMCAXDTE2MTAxMTA1MDYwMFoYDzIx
MTYwOTE3MDUwNjAwWjAUMRIwEAYDVQQDEwlNeSBDbGllbnQwWTATBgcqhkjOPQIB
BggqhkjOPQMBBwNCAARv6N4R/sjMR65iMFGNLN1GC/vd7WhDW6J4X/iAjkRLLnNb
KbRG/AtOUZ+7upJ3BWIRKYbOabbQGQe2BbKFiap4o3UwczAOBgNVHQ8BAf8EBAMC
BaAwEwYDVR0lBAwwCgYIKwYBBQUHAwIwDAYDVR0TAQH/BAIwADAdBgNVHQ4EFgQU
K/pZOWpNcYai6eHFpmJEeFpeQlEwHwYDVR0jBBgwFoAUX6nQlxjfWnP6aM1meO/Q
a6b3a9kwCgYIKoZIzj0EAwIDSQAwRgIhAIWTKw/sjJITqeuNzJDAKU4xo1zL+xJ5
MnVCuBwfwDXCAiEAw/1TA+CjPq9JC5ek1ifR0FybTURjeQqYkKpve1dveps=
-----END CERTIFICATE-----
";

#[test]
fn upstream_certificate_parses() {
    assert_eq!(
        x509::check_certificate_pem(VALID_INTERMEDIATE.as_bytes()),
        Ok(())
    );
}
