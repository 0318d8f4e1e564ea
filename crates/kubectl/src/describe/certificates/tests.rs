use super::*;
use kubeplay_model::api::{CertificateSigningRequestCondition, CertificateSigningRequestSpec};
use kubeplay_model::meta::ObjectMeta;

/// An Ed25519 request for `www.example.com` with every subject field and
/// alternative name describe prints (see the model's x509 tests).
const SAN_CSR: &str = "-----BEGIN CERTIFICATE REQUEST-----
MIIBdjCCASgCAQAweTELMAkGA1UEBhMCVVMxCzAJBgNVBAgMAkNBMQswCQYDVQQH
DAJTRjENMAsGA1UECgwEYWNtZTEMMAoGA1UECgwDb3BzMQwwCgYDVQQLDAN3ZWIx
GDAWBgNVBAMMD3d3dy5leGFtcGxlLmNvbTELMAkGA1UEBRMCNDIwKjAFBgMrZXAD
IQAjpQOLIzSHDMs7V/tdOMbyF6t6tcD4mnHQZ2z9vMDRL6B8MHoGCSqGSIb3DQEJ
DjFtMGswaQYDVR0RBGIwYIIPd3d3LmV4YW1wbGUuY29tggtleGFtcGxlLmNvbYcE
CgAAAYcQIAENuAAAAAAAAAAAAAAAAYERYWRtaW5AZXhhbXBsZS5jb22GFXNwaWZm
ZTovL2NsdXN0ZXIvbnMvYTAFBgMrZXADQQBWl4ZakvoInuEfwGdIkdq8U3mNG735
rMoOfI14PYNddK6zlNJIhTUk/AKprGy6cThGbrNP32AHeYN0KjsZno0N
-----END CERTIFICATE REQUEST-----
";

fn csr(
    conditions: &[&str],
    certificate: &str,
    expiration: Option<i32>,
) -> CertificateSigningRequest {
    CertificateSigningRequest {
        metadata: ObjectMeta {
            name: "web".into(),
            creation_timestamp: Some(Time::from_millis(1_735_689_600_000)),
            ..Default::default()
        },
        spec: CertificateSigningRequestSpec {
            request: kubeplay_model::base64::encode(SAN_CSR.as_bytes()),
            signer_name: "example.com/serving".into(),
            expiration_seconds: expiration,
            usages: vec!["server auth".into()],
            username: "kubernetes-admin".into(),
            ..Default::default()
        },
        status: kubeplay_model::api::CertificateSigningRequestStatus {
            conditions: conditions
                .iter()
                .map(|t| CertificateSigningRequestCondition {
                    type_: t.to_string(),
                    status: "True".into(),
                    ..Default::default()
                })
                .collect(),
            certificate: certificate.into(),
        },
    }
}

#[test]
fn page_shows_the_request_subject_and_names() {
    let page = describe_csr(
        &csr(&["Approved"], "", Some(3600)),
        None,
        Time::from_millis(1_735_689_660_000),
    )
    .unwrap();
    assert_eq!(
        page,
        "Name:                web
Labels:              <none>
Annotations:         <none>
CreationTimestamp:   Wed, 01 Jan 2025 00:00:00 +0000
Requesting User:     kubernetes-admin
Signer:              example.com/serving
Requested Duration:  60m
Status:              Approved
Subject:
  Common Name:          www.example.com
  Serial Number:        42
  Organization:         acme
                        ops
  Organizational Unit:  web
  Country:              US
  Locality:             SF
  Province:             CA
Subject Alternative Names:
  DNS Names:        www.example.com
                    example.com
  Email Addresses:  admin@example.com
  URIs:             spiffe://cluster/ns/a
  IP Addresses:     10.0.0.1
                    2001:db8::1
"
    );
}

// extractCSRStatus's precedence: Denied over Approved, then Failed and Issued.
#[test]
fn status_words() {
    let status = |c: &[&str], cert: &str| csr_status(&csr(c, cert, None));
    assert_eq!(status(&[], ""), "Pending");
    assert_eq!(status(&["Approved"], "Y2VydA=="), "Approved,Issued");
    assert_eq!(status(&["Approved", "Failed"], ""), "Approved,Failed");
    assert_eq!(status(&["Approved", "Denied"], ""), "Denied");
    assert_eq!(status(&["Denied"], ""), "Denied");
}

#[test]
fn table_row() {
    let now = Time::from_millis(1_735_689_600_000 + 90_000);
    let row =
        crate::print::columns::certificates::csr(&csr(&["Approved"], "Y2VydA==", Some(86400)), now);
    assert_eq!(
        row,
        vec![
            "web",
            "90s",
            "example.com/serving",
            "kubernetes-admin",
            "24h",
            "Approved,Issued"
        ]
    );
    let row = crate::print::columns::certificates::csr(&csr(&[], "", None), now);
    assert_eq!(row[4], "<none>");
}
