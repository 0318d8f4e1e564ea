//! `kubectl certificate approve|deny` (`pkg/cmd/certificates`): adds the
//! Approved or Denied condition through the `approval` subresource, unless
//! it is there already (`--force` writes anyway), and refuses a request
//! that already has the other one.

use super::write::{api_error, find, Printer};
use super::{Io, Output};
use crate::cli::{CertificateCmd, Invocation, WriteOptions};
use kubeplay_engine::client;
use kubeplay_engine::Engine;
use kubeplay_model::api::CertificateSigningRequestCondition;
use kubeplay_model::Object;

pub fn run(c: &CertificateCmd, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let fetched = find(engine, inv, io, &c.targets, false);
    let write = WriteOptions {
        output: c.output.clone(),
        ..Default::default()
    };
    let mut printer = Printer::new(&write);
    let (refused, wanted, reason, message, operation) = if c.approve {
        (
            "Denied",
            "Approved",
            "KubectlApprove",
            "This CSR was approved by kubectl certificate approve.",
            "approved",
        )
    } else {
        (
            "Approved",
            "Denied",
            "KubectlDeny",
            "This CSR was denied by kubectl certificate deny.",
            "denied",
        )
    };
    // The visitor's errors: (text, whether it is a server error kubectl
    // prints as is).
    let mut errors: Vec<(String, bool)> = Vec::new();
    let mut found = 0;
    for obj in &fetched.objects {
        let Object::CertificateSigningRequest(csr) = obj.as_ref() else {
            let info = obj.kind().info();
            let got = if info.group.is_empty() {
                info.kind.to_string()
            } else {
                format!("{}.{}", info.kind, info.group)
            };
            errors.push((format!("can only handle CertificateSigningRequest.certificates.k8s.io objects, got {got}"), false));
            continue;
        };
        if let Some(c) = csr.status.conditions.iter().find(|c| c.type_ == refused) {
            errors.push((
                format!(
                    "certificate signing request {} is already {}",
                    crate::gofmt::quote(&csr.metadata.name),
                    c.type_
                ),
                false,
            ));
            continue;
        }
        let has = csr.status.conditions.iter().any(|c| c.type_ == wanted);
        if !has || c.force {
            let key = obj.key();
            // The client's clock stamps the update time (`metav1.Now()`).
            let now = engine.now();
            let what = format!(
                "kubectl certificate {} {}",
                if c.approve { "approve" } else { "deny" },
                key.name
            );
            let result = client::update_approval(engine, &key, &what, |conditions| {
                if !has {
                    conditions.push(CertificateSigningRequestCondition {
                        type_: wanted.into(),
                        status: "True".into(),
                        reason: reason.into(),
                        message: message.into(),
                        last_update_time: Some(now),
                        last_transition_time: None,
                    });
                }
            });
            if let Err(e) = result {
                errors.push((api_error(&e), true));
                continue;
            }
        }
        found += 1;
        // kubectl prints the request as it read it, before the write.
        printer.object(out, obj, operation);
    }
    if found == 0 && errors.is_empty() && fetched.errors.is_empty() {
        out.stdout.push_str("No resources found\n");
    }
    errors.extend(fetched.errors.into_iter().map(|e| (e, true)));
    match errors.as_slice() {
        [] => {}
        [(e, true)] => out.error(e),
        [(e, false)] => out.error(&format!("error: {e}")),
        many => out.error(
            &many
                .iter()
                .map(|(e, _)| e.as_str())
                .collect::<Vec<_>>()
                .join("\n"),
        ),
    }
}
