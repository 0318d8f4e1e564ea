//! The CSR signing controllers (`pkg/controller/certificates/signer`):
//! kube-controller-manager signs, with the cluster's CA, the approved
//! requests of the four signers it serves. A request a signer's rules
//! refuse (a client certificate asking for server auth, a kubelet
//! certificate for someone not a node) gets a Failed condition instead.
//!
//! The simulated CA has no key: the certificate is a well-formed X.509
//! certificate for the request's subject and key, issued by CN=kubernetes,
//! whose signature is seeded random bytes no one can verify.

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, Store};
use kubeplay_model::api::certificates::x509::{self, CertificateRequest};
use kubeplay_model::api::*;
use kubeplay_model::{Kind, Object, ObjectKey, Time};

pub struct CsrSigningController;

/// `--cluster-signing-duration`'s default: a year.
pub const CLUSTER_SIGNING_DURATION_MS: i64 = 8760 * 3_600_000;
/// How far back NotBefore is set, against clock skew.
const BACKDATE_MS: i64 = 5 * 60_000;
/// Certificates shorter than this do not lose the backdate off their end.
const SHORT_MS: i64 = 8 * 3_600_000;
/// kubeadm's CA is valid ten years from the cluster's creation; nothing
/// it signs outlives it.
const CA_NOT_AFTER: Time =
    Time::from_millis(kubeplay_model::time::EPOCH.millis() + 3650 * 86_400_000);

/// The signers kube-controller-manager serves.
const SIGNERS: &[&str] = &[
    KUBE_APISERVER_CLIENT_SIGNER,
    KUBE_APISERVER_CLIENT_KUBELET_SIGNER,
    KUBELET_SERVING_SIGNER,
    LEGACY_UNKNOWN_SIGNER,
];

/// Whether a request waits on a signer here: approved, not failed, not yet
/// issued, for one of our signers.
pub fn awaits_signing(c: &CertificateSigningRequest) -> bool {
    c.is_approved()
        && !c.is_failed()
        && c.status.certificate.is_empty()
        && SIGNERS.contains(&c.spec.signer_name.as_str())
}

fn has(usages: &[String], wanted: &[&str]) -> bool {
    let mut got: Vec<&str> = usages.iter().map(String::as_str).collect();
    got.sort_unstable();
    got.dedup();
    let mut want = wanted.to_vec();
    want.sort_unstable();
    got == want
}

/// The signer's own rules (`isRequestForSignerFn`): why it refuses the
/// request, if it does.
pub fn signer_refuses(signer: &str, req: &CertificateRequest, usages: &[String]) -> Option<String> {
    let node_rules = |req: &CertificateRequest| -> Option<String> {
        if req.subject.organization != ["system:nodes"] {
            return Some("subject organization is not system:nodes".into());
        }
        None
    };
    let not_node = || {
        (!req.subject.common_name.starts_with("system:node:"))
            .then(|| "subject common name does not begin with system:node:".to_string())
    };
    let no_uris =
        || (!req.uris.is_empty()).then(|| "URI subjectAltNames are not allowed".to_string());
    let no_emails = || {
        (!req.email_addresses.is_empty())
            .then(|| "Email subjectAltNames are not allowed".to_string())
    };
    match signer {
        KUBE_APISERVER_CLIENT_SIGNER => {
            // Client authentication is required; two usages are optional.
            let mut client_auth = false;
            for u in usages {
                match u.as_str() {
                    "digital signature" | "key encipherment" => {}
                    "client auth" => client_auth = true,
                    other => return Some(format!("invalid usage for client certificate: {other}")),
                }
            }
            (!client_auth)
                .then(|| "missing required usage for client certificate: client auth".into())
        }
        KUBE_APISERVER_CLIENT_KUBELET_SIGNER => node_rules(req)
            .or_else(|| {
                (!req.dns_names.is_empty()).then(|| "DNS subjectAltNames are not allowed".into())
            })
            .or_else(no_emails)
            .or_else(|| {
                (!req.ip_addresses.is_empty()).then(|| "IP subjectAltNames are not allowed".into())
            })
            .or_else(no_uris)
            .or_else(not_node)
            .or_else(|| {
                let ok = has(
                    usages,
                    &["digital signature", "key encipherment", "client auth"],
                ) || has(usages, &["digital signature", "client auth"]);
                (!ok).then(|| {
                    "usages did not match [client auth digital signature key encipherment]".into()
                })
            }),
        KUBELET_SERVING_SIGNER => node_rules(req)
            .or_else(|| {
                (req.dns_names.is_empty() && req.ip_addresses.is_empty())
                    .then(|| "DNS or IP subjectAltName is required".into())
            })
            .or_else(no_emails)
            .or_else(no_uris)
            .or_else(|| {
                let ok = has(
                    usages,
                    &["digital signature", "key encipherment", "server auth"],
                ) || has(usages, &["digital signature", "server auth"]);
                (!ok).then(|| {
                    "usages did not match [digital signature key encipherment server auth]".into()
                })
            })
            .or_else(not_node),
        _ => None,
    }
}

/// `signer.duration`: the requested duration when it is shorter than the
/// signing duration `cert_ttl_ms`, but never under ten minutes.
pub fn certificate_ttl_ms(expiration_seconds: Option<i32>, cert_ttl_ms: i64) -> i64 {
    match expiration_seconds {
        None => cert_ttl_ms,
        Some(s) if i64::from(s) * 1000 > cert_ttl_ms => cert_ttl_ms,
        Some(s) => (i64::from(s) * 1000).max(10 * 60_000),
    }
}

/// `PermissiveSigningPolicy`: NotBefore five minutes back; NotAfter the
/// TTL on from then for long certificates, from now for short ones, and
/// never past the CA's own expiry. In seconds.
pub fn validity(now: Time, ttl_ms: i64) -> (i64, i64) {
    let not_before = now.millis() - BACKDATE_MS;
    let not_after = if ttl_ms < SHORT_MS {
        now.millis() + ttl_ms
    } else {
        now.millis() + ttl_ms - BACKDATE_MS
    };
    (
        not_before.div_euclid(1000),
        not_after.min(CA_NOT_AFTER.millis()).div_euclid(1000),
    )
}

impl Controller for CsrSigningController {
    fn id(&self) -> ControllerId {
        ControllerId::CsrSigning
    }
    fn component(&self) -> &'static str {
        "csrsigning-controller"
    }

    /// Upstream's four signers each look at every change; only the
    /// requests one of them would act on are queued here.
    fn watch(&self, change: &Change, _: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        if change.key.kind != Kind::CertificateSigningRequest {
            return;
        }
        if let Some(Object::CertificateSigningRequest(c)) = change.new.as_deref() {
            if awaits_signing(c) {
                enqueue(change.key.clone());
            }
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        ctx.desired("every approved request for a kubernetes.io signer gets a certificate from the cluster's CA, or a Failed condition saying why not");
        let Some(obj) = ctx.get(key) else {
            ctx.explain(format!(
                "CertificateSigningRequest {} is gone: nothing to sign",
                key.name
            ));
            return;
        };
        let Object::CertificateSigningRequest(csr) = &*obj else {
            return;
        };
        if !awaits_signing(csr) {
            ctx.observed(format!(
                "CertificateSigningRequest {} is {}",
                key.name,
                status_word(csr)
            ));
            ctx.explain(format!(
                "CertificateSigningRequest {} needs nothing from kube-controller-manager's signers",
                key.name
            ));
            return;
        }
        ctx.observed(format!(
            "CertificateSigningRequest {} is approved for {} and has no certificate",
            key.name, csr.spec.signer_name
        ));
        let pem = kubeplay_model::base64::decode(&csr.spec.request).unwrap_or_default();
        let req = match x509::parse_csr_pem(&pem) {
            Ok(r) => r,
            Err(e) => {
                ctx.requeue_rate_limited(key.clone());
                ctx.explain(format!(
                    "unable to parse csr {:?}: {e}; retrying with back-off",
                    key.name
                ));
                return;
            }
        };
        let now = ctx.now();
        let mut updated = (**csr).clone();
        let explanation = match signer_refuses(&csr.spec.signer_name, &req, &csr.spec.usages) {
            Some(why) => {
                updated
                    .status
                    .conditions
                    .push(CertificateSigningRequestCondition {
                        type_: "Failed".into(),
                        status: "True".into(),
                        reason: "SignerValidationFailure".into(),
                        message: why.clone(),
                        last_update_time: Some(now),
                        last_transition_time: Some(now),
                    });
                format!(
                    "the {} signer refuses CertificateSigningRequest {}: {why}; marked it Failed",
                    csr.spec.signer_name, key.name
                )
            }
            None => {
                let ttl =
                    certificate_ttl_ms(csr.spec.expiration_seconds, CLUSTER_SIGNING_DURATION_MS);
                let (not_before, not_after) = validity(now, ttl);
                let mut serial = [0u8; 16];
                serial[..8].copy_from_slice(&ctx.rand().to_be_bytes());
                serial[8..].copy_from_slice(&ctx.rand().to_be_bytes());
                let mut signature = [0u8; 32];
                for chunk in signature.chunks_mut(8) {
                    chunk.copy_from_slice(&ctx.rand().to_be_bytes());
                }
                let t = x509::CertificateTemplate {
                    serial,
                    issuer_common_name: "kubernetes",
                    not_before,
                    not_after,
                    usages: &csr.spec.usages,
                    signature,
                };
                let pem = x509::pem_encode("CERTIFICATE", &x509::build_certificate(&req, &t));
                updated.status.certificate = kubeplay_model::base64::encode(pem.as_bytes());
                let until = Time::from_millis(not_after * 1000).rfc3339();
                format!("signed CertificateSigningRequest {} for {} with the cluster's CA (CN=kubernetes): a certificate for {} valid until {until}", key.name, csr.spec.signer_name, subject_text(&req))
            }
        };
        if let Err(e) = ctx.update_status(Object::CertificateSigningRequest(Box::new(updated))) {
            ctx.requeue_rate_limited(key.clone());
            ctx.explain(format!(
                "updating CertificateSigningRequest {} failed ({e}); retrying with back-off",
                key.name
            ));
            return;
        }
        ctx.forget(key);
        ctx.explain(explanation);
    }
}

fn status_word(c: &CertificateSigningRequest) -> &'static str {
    if c.is_denied() {
        "denied"
    } else if c.is_failed() {
        "failed"
    } else if !c.status.certificate.is_empty() {
        "already issued"
    } else if !c.is_approved() {
        "not approved yet"
    } else {
        "for a signer kube-controller-manager does not serve"
    }
}

/// `CN=jane, O=dev`, for the explanation.
fn subject_text(req: &CertificateRequest) -> String {
    let s = &req.subject;
    let mut parts = vec![format!("CN={}", s.common_name)];
    parts.extend(s.organization.iter().map(|o| format!("O={o}")));
    parts.join(", ")
}

#[cfg(test)]
#[path = "csrsigning_upstream_tests.rs"]
mod upstream_tests;
