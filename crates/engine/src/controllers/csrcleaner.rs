//! The CSR cleaner (`pkg/controller/certificates/cleaner`): once an hour
//! kube-controller-manager deletes the CertificateSigningRequests it no
//! longer needs to keep: issued, denied or failed ones an hour after
//! that happened, pending ones a day after they were made, and any whose
//! certificate has expired.

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, ChangeType, DeleteOptions, Store};
use kubeplay_model::api::certificates::x509;
use kubeplay_model::api::CertificateSigningRequest;
use kubeplay_model::{Kind, Object, ObjectKey, Time};

pub struct CsrCleanerController;

/// `pollingInterval`: the cleaner looks every hour.
pub const POLLING_INTERVAL_MS: i64 = 3_600_000;
const APPROVED_EXPIRATION_MS: i64 = 3_600_000;
const DENIED_EXPIRATION_MS: i64 = 3_600_000;
const FAILED_EXPIRATION_MS: i64 = 3_600_000;
const PENDING_EXPIRATION_MS: i64 = 24 * 3_600_000;

/// The certificate's NotAfter, read back from the issued PEM.
fn not_after(c: &CertificateSigningRequest) -> Option<Time> {
    let pem = kubeplay_model::base64::decode(&c.status.certificate)?;
    x509::certificate_not_after(&pem).map(|s| Time::from_millis(s.saturating_mul(1000)))
}

/// When the cleaner's criteria make the request deletable, and which
/// criterion does (`isOlderThan` is strict: the instant after).
pub fn due(c: &CertificateSigningRequest) -> Option<(Time, &'static str)> {
    let issued = !c.status.certificate.is_empty();
    let after = |t: Option<Time>, ms: i64| t.map(|t| t.plus_millis(ms + 1));
    let mut due: Vec<(Time, &'static str)> = Vec::new();
    for cond in &c.status.conditions {
        let deadline = match cond.type_.as_str() {
            "Approved" if issued => after(cond.last_update_time, APPROVED_EXPIRATION_MS)
                .map(|t| (t, "issued more than 1h ago")),
            "Denied" => after(cond.last_update_time, DENIED_EXPIRATION_MS)
                .map(|t| (t, "denied more than 1h ago")),
            "Failed" => after(cond.last_update_time, FAILED_EXPIRATION_MS)
                .map(|t| (t, "failed more than 1h ago")),
            _ => None,
        };
        due.extend(deadline);
    }
    if c.status.conditions.is_empty() {
        due.extend(
            after(c.metadata.creation_timestamp, PENDING_EXPIRATION_MS)
                .map(|t| (t, "pending for more than 24h")),
        );
    }
    if issued && c.is_approved() {
        due.extend(not_after(c).map(|t| (t.plus_millis(1), "its certificate has expired")));
    }
    due.into_iter().min_by_key(|(t, _)| *t)
}

/// The first of the cleaner's hourly passes at or after `t`; it has run
/// every hour since the cluster started.
fn next_pass(t: Time) -> Time {
    let since = t.millis() - kubeplay_model::time::EPOCH.millis();
    let passes = since.div_euclid(POLLING_INTERVAL_MS)
        + i64::from(since.rem_euclid(POLLING_INTERVAL_MS) != 0);
    Time::from_millis(kubeplay_model::time::EPOCH.millis() + passes * POLLING_INTERVAL_MS)
}

impl Controller for CsrCleanerController {
    fn id(&self) -> ControllerId {
        ControllerId::CsrCleaner
    }
    fn component(&self) -> &'static str {
        "csrcleaner-controller"
    }

    /// Upstream lists every request on each pass; here a request is looked
    /// at when it changes, and again at the pass that can delete it.
    fn watch(&self, change: &Change, _: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        if change.key.kind == Kind::CertificateSigningRequest && change.type_ != ChangeType::Deleted
        {
            enqueue(change.key.clone());
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        ctx.desired("CertificateSigningRequests are deleted an hour after they are issued, denied or failed, a day after they were made if still pending, and once their certificate expires");
        let Some(obj) = ctx.get(key) else {
            ctx.explain(format!(
                "CertificateSigningRequest {} is gone: nothing to clean",
                key.name
            ));
            return;
        };
        let Object::CertificateSigningRequest(csr) = &*obj else {
            return;
        };
        let Some((at, why)) = due(csr) else {
            ctx.explain(format!("CertificateSigningRequest {} is approved and waits for its certificate: the cleaner keeps it", key.name));
            return;
        };
        let now = ctx.now();
        let pass = next_pass(at);
        if now < pass {
            ctx.resync_after(key.clone(), pass.millis() - now.millis());
            ctx.explain(format!("CertificateSigningRequest {} will be deleted by the cleaner's pass at {} (once {why})", key.name, pass.rfc3339()));
            return;
        }
        match ctx.delete(key, DeleteOptions::default()) {
            Ok(_) => ctx.explain(format!(
                "deleted CertificateSigningRequest {}: {why}",
                key.name
            )),
            Err(e) => ctx.explain(format!(
                "deleting CertificateSigningRequest {} failed ({e}); the next pass tries again",
                key.name
            )),
        }
    }
}

#[cfg(test)]
#[path = "csrcleaner_upstream_tests.rs"]
mod upstream_tests;
