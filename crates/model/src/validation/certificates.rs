//! CertificateSigningRequest validation (`pkg/apis/certificates/
//! validation`): the request must be a PKCS#10 PEM block, the signer name
//! a domain and path, usages known and unique, the requested duration at
//! least ten minutes, and the approval conditions consistent; updates may
//! not take an Approved, Denied or Failed condition away, and only the
//! approval and status subresources may set conditions or the certificate.

use super::common::Errs;
use super::field::{BadValue, FieldError, Path};
use super::meta;
use crate::api::certificates::x509;
use crate::api::{
    CertificateSigningRequest, CertificateSigningRequestCondition, LEGACY_UNKNOWN_SIGNER,
};
use crate::names::{self, NameRule};

/// Every usage the API knows, sorted as Go's `sets.String.List` gives them.
pub const KNOWN_USAGES: &[&str] = &[
    "any",
    "cert sign",
    "client auth",
    "code signing",
    "content commitment",
    "crl sign",
    "data encipherment",
    "decipher only",
    "digital signature",
    "email protection",
    "encipher only",
    "ipsec end system",
    "ipsec tunnel",
    "ipsec user",
    "key agreement",
    "key encipherment",
    "microsoft sgc",
    "netscape sgc",
    "ocsp signing",
    "s/mime",
    "server auth",
    "signing",
    "timestamping",
];

/// Condition types whose only allowed status is True.
const TRUE_ONLY_TYPES: &[&str] = &["Approved", "Denied", "Failed"];

/// Which writes an update is (`certificateValidationOptions`): the
/// tolerances for bad data an update finds already stored, and what the
/// subresources may set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Options {
    setting_approval_conditions: bool,
    setting_certificate: bool,
    both_approved_and_denied: bool,
    legacy_signer_name: bool,
    duplicate_condition_types: bool,
    empty_condition_type: bool,
    arbitrary_certificate: bool,
    unknown_usages: bool,
    duplicate_usages: bool,
}

/// Which update path a write takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subresource {
    Main,
    Status,
    Approval,
}

fn decoded(text: &str) -> Vec<u8> {
    crate::base64::decode(text).unwrap_or_default()
}

/// Go's `%#v` of a `[]byte`, what an Invalid `spec.request` shows.
fn go_bytes(b: &[u8]) -> String {
    if b.is_empty() {
        return "[]byte(nil)".to_string();
    }
    let items: Vec<String> = b.iter().map(|x| format!("0x{x:x}")).collect();
    format!("[]byte{{{}}}", items.join(", "))
}

fn options(new: &CertificateSigningRequest, old: Option<&CertificateSigningRequest>) -> Options {
    let Some(old) = old else {
        return Options::default();
    };
    let has = |t: &str| old.status.conditions.iter().any(|c| c.type_ == t);
    let mut seen = std::collections::BTreeSet::new();
    let mut usages = std::collections::BTreeSet::new();
    Options {
        both_approved_and_denied: has("Approved") && has("Denied"),
        legacy_signer_name: old.spec.signer_name == LEGACY_UNKNOWN_SIGNER,
        duplicate_condition_types: !old
            .status
            .conditions
            .iter()
            .all(|c| seen.insert(c.type_.as_str())),
        empty_condition_type: old.status.conditions.iter().any(|c| c.type_.is_empty()),
        arbitrary_certificate: new.status.certificate == old.status.certificate
            || x509::check_certificate_pem(&decoded(&old.status.certificate)).is_err(),
        unknown_usages: old
            .spec
            .usages
            .iter()
            .any(|u| !KNOWN_USAGES.contains(&u.as_str())),
        duplicate_usages: !old.spec.usages.iter().all(|u| usages.insert(u.as_str())),
        ..Options::default()
    }
}

/// `ValidateCertificateSigningRequestCreate`.
pub fn csr(o: &CertificateSigningRequest) -> Errs {
    validate(o, options(o, None))
}

/// `ValidateCertificateSigningRequestUpdate` and its status and approval
/// variants.
pub fn csr_update(
    new: &CertificateSigningRequest,
    old: &CertificateSigningRequest,
    via: Subresource,
) -> Errs {
    let mut opts = options(new, Some(old));
    opts.setting_certificate = via == Subresource::Status;
    opts.setting_approval_conditions = via == Subresource::Approval;
    let mut errs = validate(new, opts);
    let status = Path::new("status");
    let conditions = status.child("conditions");
    let of_type =
        |c: &CertificateSigningRequest, t: &str| -> Vec<CertificateSigningRequestCondition> {
            c.status
                .conditions
                .iter()
                .filter(|x| x.type_ == t)
                .cloned()
                .collect()
        };
    for t in TRUE_ONLY_TYPES {
        if of_type(new, t).len() < of_type(old, t).len() {
            errs.push(FieldError::forbidden(
                &conditions,
                format!(
                    "updates may not remove a condition of type {}",
                    names_quote(t)
                ),
            ));
        }
    }
    if !opts.setting_approval_conditions {
        for t in ["Approved", "Denied"] {
            let (was, is) = (of_type(old, t), of_type(new, t));
            if is.len() > was.len() {
                errs.push(FieldError::forbidden(
                    &conditions,
                    format!("updates may not add a condition of type {}", names_quote(t)),
                ));
            } else if is.len() == was.len() && is != was {
                errs.push(FieldError::forbidden(
                    &conditions,
                    format!(
                        "updates may not modify a condition of type {}",
                        names_quote(t)
                    ),
                ));
            }
        }
    }
    if new.status.certificate != old.status.certificate {
        let certificate = status.child("certificate");
        if !opts.setting_certificate {
            errs.push(FieldError::forbidden(
                &certificate,
                "updates may not set certificate content",
            ));
        } else if !old.status.certificate.is_empty() {
            errs.push(FieldError::forbidden(
                &certificate,
                "updates may not modify existing certificate content",
            ));
        }
    }
    errs.extend(meta::object_meta_update(&new.metadata, &old.metadata));
    errs
}

fn names_quote(s: &str) -> String {
    crate::goquote::quote(s)
}

fn validate(o: &CertificateSigningRequest, opts: Options) -> Errs {
    // Any name will do (`ValidateCertificateRequestName`), as long as it
    // can be a segment of the object's URL.
    let mut errs = meta::object_meta(&o.metadata, false, NameRule::PathSegment);
    let spec = Path::new("spec");
    let request = decoded(&o.spec.request);
    if let Err(e) = x509::parse_csr_pem(&request) {
        errs.push(FieldError::invalid(
            &spec.child("request"),
            BadValue::GoSyntax(go_bytes(&request)),
            e,
        ));
    }
    let usages = spec.child("usages");
    if o.spec.usages.is_empty() {
        errs.push(FieldError::required(&usages, ""));
    }
    if !opts.unknown_usages {
        for (i, u) in o.spec.usages.iter().enumerate() {
            if !KNOWN_USAGES.contains(&u.as_str()) {
                errs.push(FieldError::not_supported(
                    &usages.index(i),
                    BadValue::str(u),
                    KNOWN_USAGES,
                ));
            }
        }
    }
    if !opts.duplicate_usages {
        for (i, u) in o.spec.usages.iter().enumerate() {
            if o.spec.usages[..i].contains(u) {
                errs.push(FieldError::duplicate(&usages.index(i), BadValue::str(u)));
            }
        }
    }
    let signer = spec.child("signerName");
    if !opts.legacy_signer_name && o.spec.signer_name == LEGACY_UNKNOWN_SIGNER {
        errs.push(FieldError::invalid(
            &signer,
            BadValue::str(&o.spec.signer_name),
            "the legacy signerName is not allowed via this API version",
        ));
    } else {
        errs.extend(signer_name(&signer, &o.spec.signer_name));
    }
    if let Some(s) = o.spec.expiration_seconds.filter(|&s| s < 600) {
        errs.push(FieldError::invalid(
            &spec.child("expirationSeconds"),
            BadValue::int(s),
            "may not specify a duration less than 600 seconds (10 minutes)",
        ));
    }
    errs.extend(conditions(o, opts));
    if !opts.arbitrary_certificate {
        if let Err(e) = x509::check_certificate_pem(&decoded(&o.status.certificate)) {
            errs.push(FieldError::invalid(
                &Path::new("status").child("certificate"),
                BadValue::str("<certificate data>"),
                e,
            ));
        }
    }
    errs
}

/// `ValidateSignerName`: `example.com/signer-name`, at most 571 bytes.
pub(super) fn signer_name(path: &Path, name: &str) -> Errs {
    const MAX_DOMAIN: usize = 253;
    const MAX_PATH: usize = 253 + 63 + 1;
    if name.is_empty() {
        return vec![FieldError::required(path, "")];
    }
    let Some((domain, rest)) = name.split_once('/').filter(|(_, rest)| !rest.contains('/')) else {
        return vec![FieldError::invalid(
            path,
            BadValue::str(name),
            "must be a fully qualified domain and path of the form 'example.com/signer-name'",
        )];
    };
    let mut errs = Vec::new();
    if domain.len() > MAX_DOMAIN {
        errs.push(FieldError::too_long(path, MAX_DOMAIN));
    }
    let labels: Vec<&str> = domain.split('.').collect();
    // The first bad label says enough: the rest would repeat it.
    if let Some((label, msgs)) = labels
        .iter()
        .map(|l| (l, names::is_dns1123_label(l)))
        .find(|(_, m)| !m.is_empty())
    {
        errs.extend(msgs.into_iter().map(|m| {
            FieldError::invalid(
                path,
                BadValue::str(domain),
                format!("validating label {}: {m}", names_quote(label)),
            )
        }));
    }
    if labels.len() < 2 {
        errs.push(FieldError::invalid(
            path,
            BadValue::str(domain),
            "should be a domain with at least two segments separated by dots",
        ));
    }
    if let Some((label, msgs)) = rest
        .split('.')
        .map(|l| (l, names::is_dns1123_subdomain(l)))
        .find(|(_, m)| !m.is_empty())
    {
        errs.extend(msgs.into_iter().map(|m| {
            FieldError::invalid(
                path,
                BadValue::str(rest),
                format!("validating label {}: {m}", names_quote(label)),
            )
        }));
    }
    if name.len() > MAX_DOMAIN + MAX_PATH + 1 {
        errs.push(FieldError::too_long(path, MAX_DOMAIN + MAX_PATH + 1));
    }
    errs
}

fn conditions(o: &CertificateSigningRequest, opts: Options) -> Errs {
    let status = Path::new("status");
    let path = status.child("conditions");
    let mut errs = Vec::new();
    let (mut approved, mut denied) = (false, false);
    for (i, c) in o.status.conditions.iter().enumerate() {
        let at = path.index(i);
        if !opts.empty_condition_type && c.type_.is_empty() {
            errs.push(FieldError::required(&at.child("type"), ""));
        }
        let allowed: &[&str] = if TRUE_ONLY_TYPES.contains(&c.type_.as_str()) {
            &["True"]
        } else {
            &["False", "True", "Unknown"]
        };
        if c.status.is_empty() {
            errs.push(FieldError::required(&at.child("status"), ""));
        } else if !allowed.contains(&c.status.as_str()) {
            errs.push(FieldError::not_supported(
                &at.child("status"),
                BadValue::str(&c.status),
                allowed,
            ));
        }
        if !opts.both_approved_and_denied {
            let clash = match c.type_.as_str() {
                "Approved" => {
                    approved = true;
                    denied
                }
                "Denied" => {
                    denied = true;
                    approved
                }
                _ => false,
            };
            if clash {
                errs.push(FieldError::invalid(
                    &at.child("type"),
                    BadValue::str(&c.type_),
                    "Approved and Denied conditions are mutually exclusive",
                ));
            }
        }
        if !opts.duplicate_condition_types
            && o.status.conditions[..i].iter().any(|p| p.type_ == c.type_)
        {
            errs.push(FieldError::duplicate(
                &at.child("type"),
                BadValue::str(&c.type_),
            ));
        }
    }
    errs
}

#[cfg(test)]
#[path = "upstream_certificates.rs"]
mod upstream_tests;
