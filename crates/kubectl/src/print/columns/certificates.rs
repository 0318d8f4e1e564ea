//! The CertificateSigningRequest row (`printCertificateSigningRequest`).

use crate::print::duration::{human, since};
use crate::print::table::{col, name_col, Column};
use kubeplay_model::api::CertificateSigningRequest;
use kubeplay_model::Time;

pub const CSR: &[Column] = &[
    name_col(),
    col("Age"),
    col("SignerName"),
    col("Requestor"),
    col("RequestedDuration"),
    col("Condition"),
];

/// `extractCSRStatus`: Denied wins over Approved, else Pending; then
/// `,Failed` and `,Issued` as they apply.
pub fn csr_status(c: &CertificateSigningRequest) -> String {
    let has = |t: &str| c.status.conditions.iter().any(|x| x.type_ == t);
    let mut status = if has("Denied") {
        "Denied"
    } else if has("Approved") {
        "Approved"
    } else {
        "Pending"
    }
    .to_string();
    if has("Failed") {
        status.push_str(",Failed");
    }
    if !c.status.certificate.is_empty() {
        status.push_str(",Issued");
    }
    status
}

/// `HumanDuration` of a requested `expirationSeconds`, or `<none>`.
pub fn requested_duration(c: &CertificateSigningRequest) -> Option<String> {
    c.spec
        .expiration_seconds
        .map(|s| human(i64::from(s) * 1000))
}

pub fn csr(c: &CertificateSigningRequest, now: Time) -> Vec<String> {
    let signer = if c.spec.signer_name.is_empty() {
        "<none>".to_string()
    } else {
        c.spec.signer_name.clone()
    };
    vec![
        c.metadata.name.clone(),
        since(now, c.metadata.creation_timestamp),
        signer,
        c.spec.username.clone(),
        requested_duration(c).unwrap_or_else(|| "<none>".into()),
        csr_status(c),
    ]
}
