use super::*;

/// `openssl req -new -newkey rsa:2048 -nodes -subj "/CN=jane/O=dev"`.
pub(crate) const JANE_CSR: &str = r"-----BEGIN CERTIFICATE REQUEST-----
MIICYjCCAUoCAQAwHTENMAsGA1UEAwwEamFuZTEMMAoGA1UECgwDZGV2MIIBIjAN
BgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAkSWb4dSLh8Z30EvAXtymONcSD78h
6XRrUW6zSsz1oscWnICZ7yVIJez4CYgdMVUAsKkRtOnf+a+nhiBttOz5U/YOHryk
UASePnykgp4HwBPNj4rHloddKu8UOEuJLRGkhP8zx/Ts75yWnKgqpVEu6UU4IniS
Me3ZwDWmmG+qwCbOQzg12DWey3AT48F5UV/rjAO5L86hfCu6z2deeHCLuK4xQTre
6OMGLrg9W5KVdZgQnEHhRw5i2Ba677+THE1OUaux2JV244iShb2/y8+gWSR5F/dW
N4B+jEe+uGymphV1SktJvCYu3cGeFlR67qq+X6vMWYiQf1S8QGkre4FE4wIDAQAB
oAAwDQYJKoZIhvcNAQELBQADggEBAIh32EqQzMeVPGpKIfTRAh6W3TnRpJlzUIeI
LN3Dd8lMYmI9aeT9bknZcQyMl8MA416uOX5mKlHqoo01GGxkrM9P67RVVBELW21l
impLkCUj76J9hlAOf9AAi9tEtrczuu3BnY87nWelvErYQ1sl/6lIAAuSz9rz2B+v
lcYaCw0CU6GUlvQltaJAlLVK7UtMpkO9pXg5L3eEaiBj+iYXBXsVikajjw+2Mhhk
WD+5iqZDfVjo1o3nZVpbdPy7E7+Dt9MbjpbVfaIfnNx/hcmRLe8DGKEvlr2EWvT+
BA/BS3wpagYcz0/WWq72yljh6wotIUIae4pxPKvVqw/X4wPX25c=
-----END CERTIFICATE REQUEST-----
";

/// An Ed25519 request with every subject attribute describe prints and
/// every kind of subject alternative name.
pub(crate) const SAN_CSR: &str = r"-----BEGIN CERTIFICATE REQUEST-----
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

/// A P-256 request for `/CN=bob`.
const BOB_CSR: &str = r"-----BEGIN CERTIFICATE REQUEST-----
MIHHMHACAQAwDjEMMAoGA1UEAwwDYm9iMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcD
QgAE/X8Izj8OTJIxjG7aYnu70GTva7Mo71yv1+27v83eu6tj/nEJ7CdH7mv1/wLw
kwbyM2/HRDkTIQeEIxKASPYy6qAAMAoGCCqGSM49BAMCA0cAMEQCIHwjczIU0SXm
k6+ORmpE/3rysdev25yrXZaUMbC8nV44AiAVS3Hiqgw38HHN0C9rN1Yd7TX9EKRV
IfTP5WlXi6YXHw==
-----END CERTIFICATE REQUEST-----
";

#[test]
fn reads_a_request_made_by_openssl() {
    let req = parse_csr_pem(JANE_CSR.as_bytes()).unwrap();
    assert_eq!(req.subject.common_name, "jane");
    assert_eq!(req.subject.organization, vec!["dev"]);
    assert_eq!(req.public_key_algorithm, "RSA");
    assert!(req.dns_names.is_empty() && req.ip_addresses.is_empty());
    assert_eq!(
        parse_csr_pem(BOB_CSR.as_bytes())
            .unwrap()
            .public_key_algorithm,
        "ECDSA"
    );
}

#[test]
fn reads_every_subject_field_and_alternative_name() {
    let req = parse_csr_pem(SAN_CSR.as_bytes()).unwrap();
    let s = &req.subject;
    assert_eq!(req.public_key_algorithm, "Ed25519");
    assert_eq!(
        (s.common_name.as_str(), s.serial_number.as_str()),
        ("www.example.com", "42")
    );
    assert_eq!(s.organization, vec!["acme", "ops"]);
    assert_eq!(
        (s.organizational_unit.clone(), s.country.clone()),
        (vec!["web".to_string()], vec!["US".to_string()])
    );
    assert_eq!(
        (s.locality.clone(), s.province.clone()),
        (vec!["SF".to_string()], vec!["CA".to_string()])
    );
    assert_eq!(req.dns_names, vec!["www.example.com", "example.com"]);
    assert_eq!(req.ip_addresses, vec!["10.0.0.1", "2001:db8::1"]);
    assert_eq!(req.email_addresses, vec!["admin@example.com"]);
    assert_eq!(req.uris, vec!["spiffe://cluster/ns/a"]);
}

#[test]
fn rejects_what_is_not_a_request() {
    let pem_err = Err("PEM block type must be CERTIFICATE REQUEST".to_string());
    assert_eq!(parse_csr_pem(b""), pem_err);
    assert_eq!(parse_csr_pem(b"invalid data"), pem_err);
    assert_eq!(
        parse_csr_pem(pem_encode("CERTIFICATE", b"\x30\x00").as_bytes()),
        pem_err
    );
    let garbage = pem_encode("CERTIFICATE REQUEST", b"\x30\x05\x01");
    assert_eq!(
        parse_csr_pem(garbage.as_bytes()),
        Err("asn1: syntax error: data truncated".to_string())
    );
    let empty = pem_encode("CERTIFICATE REQUEST", b"\x30\x00");
    assert!(parse_csr_pem(empty.as_bytes())
        .unwrap_err()
        .starts_with("asn1: "));
}

#[test]
fn pem_round_trips_and_skips_text_around_blocks() {
    let der: Vec<u8> = (0..=255u8).collect();
    let text = format!("junk before\n{}trailing", pem_encode("CERTIFICATE", &der));
    let (block, rest) = pem_decode(text.as_bytes()).unwrap();
    assert_eq!(
        (block.type_.as_str(), block.bytes, rest),
        ("CERTIFICATE", der, &b"trailing"[..])
    );
    assert!(pem_encode("X", &[0; 100]).lines().all(|l| l.len() <= 64));
}

#[test]
fn a_built_certificate_is_one_openssl_would_read() {
    let req = parse_csr_pem(SAN_CSR.as_bytes()).unwrap();
    let usages = [
        "digital signature".to_string(),
        "key encipherment".to_string(),
        "client auth".to_string(),
    ];
    let t = CertificateTemplate {
        serial: [0xff; 16],
        issuer_common_name: "kubernetes",
        not_before: 1_735_689_600,
        not_after: 1_735_689_600 + 365 * 86400,
        usages: &usages,
        signature: [7; 32],
    };
    let der = build_certificate(&req, &t);
    let pem = pem_encode("CERTIFICATE", &der);
    assert_eq!(check_certificate_pem(pem.as_bytes()), Ok(()));
    // The key is the request's bytes, unchanged; the subject is in Go's order.
    let find = |needle: &[u8]| der.windows(needle.len()).any(|w| w == needle);
    assert!(find(&req.raw_public_key_info) && find(&encode_name(&req.subject)));
    // A serial with its high bit set gets a leading zero.
    assert!(find(&[0x02, 0x11, 0x00, 0xff, 0xff]));
    assert!(find(b"250101000000Z") && find(b"260101000000Z"));
    // keyUsage digitalSignature|keyEncipherment: 0b101 in the top bits, 5 unused.
    assert!(find(&[0x03, 0x02, 0x05, 0xa0]));
    assert_eq!(
        certificate_not_after(pem.as_bytes()),
        Some(1_735_689_600 + 365 * 86400)
    );
}

#[test]
fn names_are_written_in_go_order() {
    let name = parse_csr_pem(JANE_CSR.as_bytes()).unwrap().subject;
    let der = encode_name(&name);
    let back = parse_name(&der[2..]).unwrap();
    assert_eq!(back, name);
    // O=dev comes before CN=jane, though openssl wrote CN first.
    let o = der.windows(3).position(|w| w == b"dev").unwrap();
    let cn = der.windows(4).position(|w| w == b"jane").unwrap();
    assert!(o < cn);
}

#[test]
fn certificate_content_rules() {
    assert_eq!(check_certificate_pem(b""), Ok(()));
    assert_eq!(
        check_certificate_pem(b"no PEM blocks"),
        Err("must contain at least one CERTIFICATE PEM block".to_string())
    );
    let req = pem_encode("CERTIFICATE REQUEST", b"\x30\x00");
    assert_eq!(
        check_certificate_pem(req.as_bytes()),
        Err("only CERTIFICATE PEM blocks are allowed, found \"CERTIFICATE REQUEST\"".to_string())
    );
    let bad = pem_encode("CERTIFICATE", b"\x30\x00");
    assert_eq!(
        check_certificate_pem(bad.as_bytes()),
        Err("x509: malformed certificate".to_string())
    );
}
