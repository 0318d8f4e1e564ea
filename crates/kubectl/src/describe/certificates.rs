//! `kubectl describe csr` (`describeCertificateSigningRequest`): the
//! request's own fields, then what the PKCS#10 request inside asks for.

use super::{finish_with_events, Writer};
use crate::print::columns::certificates::{csr_status, requested_duration};
use crate::print::duration::rfc1123z;
use crate::print::format::labels;
use kubeplay_model::api::certificates::x509;
use kubeplay_model::api::{CertificateSigningRequest, Event};
use kubeplay_model::Time;

/// `printListHelper`: a title and its values, one a line, or nothing.
fn list(w: &mut Writer, name: &str, values: &[String]) {
    if values.is_empty() {
        return;
    }
    w.write(0, &format!("\t{name}:\t{}\n", values.join("\n\t\t")));
}

/// The page, or kubectl's error when the stored request does not parse.
pub fn describe_csr(
    c: &CertificateSigningRequest,
    events: Option<&[&Event]>,
    now: Time,
) -> Result<String, String> {
    let pem = kubeplay_model::base64::decode(&c.spec.request).unwrap_or_default();
    let req = x509::parse_csr_pem(&pem).map_err(|e| format!("Error parsing CSR: {e}"))?;
    let mut w = Writer::new();
    w.write(0, &format!("Name:\t{}\n", c.metadata.name));
    w.write(0, &format!("Labels:\t{}\n", labels(&c.metadata.labels)));
    w.write(
        0,
        &format!("Annotations:\t{}\n", labels(&c.metadata.annotations)),
    );
    w.write(
        0,
        &format!(
            "CreationTimestamp:\t{}\n",
            rfc1123z(c.metadata.creation_timestamp)
        ),
    );
    w.write(0, &format!("Requesting User:\t{}\n", c.spec.username));
    if !c.spec.signer_name.is_empty() {
        w.write(0, &format!("Signer:\t{}\n", c.spec.signer_name));
    }
    if let Some(d) = requested_duration(c) {
        w.write(0, &format!("Requested Duration:\t{d}\n"));
    }
    w.write(0, &format!("Status:\t{}\n", csr_status(c)));
    let s = &req.subject;
    w.write(0, "Subject:\n");
    w.write(0, &format!("\tCommon Name:\t{}\n", s.common_name));
    w.write(0, &format!("\tSerial Number:\t{}\n", s.serial_number));
    list(&mut w, "Organization", &s.organization);
    list(&mut w, "Organizational Unit", &s.organizational_unit);
    list(&mut w, "Country", &s.country);
    list(&mut w, "Locality", &s.locality);
    list(&mut w, "Province", &s.province);
    list(&mut w, "StreetAddress", &s.street_address);
    list(&mut w, "PostalCode", &s.postal_code);
    if !(req.dns_names.is_empty()
        && req.email_addresses.is_empty()
        && req.ip_addresses.is_empty()
        && req.uris.is_empty())
    {
        w.write(0, "Subject Alternative Names:\n");
        list(&mut w, "DNS Names", &req.dns_names);
        list(&mut w, "Email Addresses", &req.email_addresses);
        list(&mut w, "URIs", &req.uris);
        list(&mut w, "IP Addresses", &req.ip_addresses);
    }
    Ok(finish_with_events(w, events, now))
}

#[cfg(test)]
mod tests;
