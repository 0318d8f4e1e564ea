//! Just enough PEM, DER and X.509 for CertificateSigningRequests: read a
//! PKCS#10 request's subject, key and subject alternative names (what
//! validation, `kubectl describe csr` and the signer need), and write a
//! certificate for it. Signatures are neither checked nor made: the
//! simulated signer has no key, and nothing in the playground verifies.

use crate::base64;

/// One PEM block (Go's `pem.Block`): its type and decoded bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PemBlock {
    pub type_: String,
    pub has_headers: bool,
    pub bytes: Vec<u8>,
}

/// Go's `pem.Decode`: the first well-formed block and the bytes after it,
/// or `None` when there is none.
pub fn pem_decode(data: &[u8]) -> Option<(PemBlock, &[u8])> {
    const BEGIN: &[u8] = b"-----BEGIN ";
    let mut rest = data;
    loop {
        let at = find(rest, BEGIN)?;
        // A BEGIN line counts only at the start of the input or of a line.
        if at > 0 && rest[at - 1] != b'\n' {
            rest = &rest[at + BEGIN.len()..];
            continue;
        }
        let after = &rest[at + BEGIN.len()..];
        let (line, body) = split_line(after);
        let Some(type_) = line.strip_suffix(b"-----") else {
            rest = after;
            continue;
        };
        let type_ = String::from_utf8_lossy(type_).into_owned();
        let end_marker = format!("-----END {type_}-----");
        let Some(end) = find(body, end_marker.as_bytes()) else {
            rest = after;
            continue;
        };
        let (text, tail) = (&body[..end], &body[end + end_marker.len()..]);
        let (mut has_headers, mut encoded) = (false, String::new());
        for line in text.split(|&b| b == b'\n') {
            let line = String::from_utf8_lossy(line);
            let line = line.trim();
            if line.contains(':') {
                has_headers = true;
            } else {
                encoded.push_str(line);
            }
        }
        let Ok(bytes) = base64::decode_strict(&encoded) else {
            rest = after;
            continue;
        };
        let (_, tail) = split_line(tail);
        return Some((
            PemBlock {
                type_,
                has_headers,
                bytes,
            },
            tail,
        ));
    }
}

/// Go's `pem.EncodeToMemory` for a block without headers: 64-column base64.
pub fn pem_encode(type_: &str, der: &[u8]) -> String {
    let text = base64::encode(der);
    let mut out = format!("-----BEGIN {type_}-----\n");
    for chunk in text.as_bytes().chunks(64) {
        out.push_str(std::str::from_utf8(chunk).unwrap_or_default());
        out.push('\n');
    }
    out.push_str(&format!("-----END {type_}-----\n"));
    out
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn split_line(b: &[u8]) -> (&[u8], &[u8]) {
    match b.iter().position(|&c| c == b'\n') {
        Some(i) => (b[..i].strip_suffix(b"\r").unwrap_or(&b[..i]), &b[i + 1..]),
        None => (b, &[]),
    }
}

/// Why DER could not be read, in Go's `encoding/asn1` words.
fn truncated() -> String {
    "asn1: syntax error: data truncated".to_string()
}

fn structure(what: &str) -> String {
    format!("asn1: structure error: {what}")
}

/// The first DER element of `data`: its tag byte, its contents, and what
/// follows it; `None` when it is cut short or malformed.
pub fn der_element(data: &[u8]) -> Option<(u8, &[u8], &[u8])> {
    let mut der = Der::new(data);
    let t = der.next().ok()?;
    Some((t.tag, t.body, der.rest))
}

/// One DER element: its tag byte, its contents and its whole encoding.
#[derive(Clone, Copy, Debug)]
struct Tlv<'a> {
    tag: u8,
    body: &'a [u8],
    raw: &'a [u8],
}

/// Reads the elements of a DER sequence one after the other.
struct Der<'a> {
    rest: &'a [u8],
}

impl<'a> Der<'a> {
    fn new(rest: &'a [u8]) -> Der<'a> {
        Der { rest }
    }

    fn is_empty(&self) -> bool {
        self.rest.is_empty()
    }

    fn peek_tag(&self) -> Option<u8> {
        self.rest.first().copied()
    }

    fn next(&mut self) -> Result<Tlv<'a>, String> {
        let data = self.rest;
        let (&tag, after) = data.split_first().ok_or_else(truncated)?;
        if tag & 0x1f == 0x1f {
            return Err(structure("high-tag-number form is not used here"));
        }
        let (&first, mut after) = after.split_first().ok_or_else(truncated)?;
        let len = if first < 0x80 {
            usize::from(first)
        } else {
            let n = usize::from(first & 0x7f);
            if n == 0 || n > 4 {
                return Err(structure("length too large"));
            }
            let (bytes, tail) = (after.get(..n).ok_or_else(truncated)?, &after[n..]);
            after = tail;
            bytes
                .iter()
                .fold(0usize, |acc, &b| (acc << 8) | usize::from(b))
        };
        let body = after.get(..len).ok_or_else(truncated)?;
        let header = data.len() - after.len();
        let raw = &data[..header + len];
        self.rest = &after[len..];
        Ok(Tlv { tag, body, raw })
    }

    fn expect(&mut self, tag: u8) -> Result<Tlv<'a>, String> {
        let t = self.next()?;
        if t.tag != tag {
            return Err(structure(&format!(
                "tags don't match ({} vs {})",
                tag & 0x1f,
                t.tag & 0x1f
            )));
        }
        Ok(t)
    }
}

const SEQUENCE: u8 = 0x30;
const SET: u8 = 0x31;
const OID: u8 = 0x06;
const BIT_STRING: u8 = 0x03;
const OCTET_STRING: u8 = 0x04;

/// A distinguished name's attributes Go's `pkix.Name` keeps, in the order
/// they appear in the request.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Name {
    pub common_name: String,
    pub serial_number: String,
    pub organization: Vec<String>,
    pub organizational_unit: Vec<String>,
    pub country: Vec<String>,
    pub locality: Vec<String>,
    pub province: Vec<String>,
    pub street_address: Vec<String>,
    pub postal_code: Vec<String>,
}

/// What a PKCS#10 request asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CertificateRequest {
    pub subject: Name,
    /// The subject's DER, copied as-is into the certificate.
    pub raw_subject: Vec<u8>,
    /// `RSA`, `ECDSA`, `Ed25519` or `unknown` (Go's `PublicKeyAlgorithm`).
    pub public_key_algorithm: &'static str,
    /// The SubjectPublicKeyInfo's DER, copied as-is into the certificate.
    pub raw_public_key_info: Vec<u8>,
    pub dns_names: Vec<String>,
    pub email_addresses: Vec<String>,
    pub ip_addresses: Vec<String>,
    pub uris: Vec<String>,
}

/// `ParseCSR`: the first PEM block must be a CERTIFICATE REQUEST holding
/// a well-formed PKCS#10 request.
pub fn parse_csr_pem(pem: &[u8]) -> Result<CertificateRequest, String> {
    match pem_decode(pem) {
        Some((block, _)) if block.type_ == "CERTIFICATE REQUEST" => {
            parse_certificate_request(&block.bytes)
        }
        _ => Err("PEM block type must be CERTIFICATE REQUEST".to_string()),
    }
}

/// Go's `x509.ParseCertificateRequest`, without the signature check.
pub fn parse_certificate_request(der: &[u8]) -> Result<CertificateRequest, String> {
    let mut outer = Der::new(der);
    let csr = outer.expect(SEQUENCE)?;
    if !outer.is_empty() {
        return Err("asn1: syntax error: trailing data".to_string());
    }
    let mut csr = Der::new(csr.body);
    let info = csr.expect(SEQUENCE)?;
    csr.expect(SEQUENCE)?; // signature algorithm
    csr.expect(BIT_STRING)?; // signature
    let mut info = Der::new(info.body);
    info.expect(0x02)?; // version
    let subject = info.expect(SEQUENCE)?;
    let spki = info.expect(SEQUENCE)?;
    let mut req = CertificateRequest {
        subject: parse_name(subject.body)?,
        raw_subject: subject.raw.to_vec(),
        public_key_algorithm: key_algorithm(spki.body)?,
        raw_public_key_info: spki.raw.to_vec(),
        ..CertificateRequest::default()
    };
    if info.peek_tag() == Some(0xa0) {
        let attrs = info.next()?;
        parse_attributes(attrs.body, &mut req)?;
    }
    Ok(req)
}

const OID_CN: &[u8] = &[0x55, 0x04, 0x03];
const OID_SERIAL: &[u8] = &[0x55, 0x04, 0x05];
const OID_C: &[u8] = &[0x55, 0x04, 0x06];
const OID_L: &[u8] = &[0x55, 0x04, 0x07];
const OID_ST: &[u8] = &[0x55, 0x04, 0x08];
const OID_STREET: &[u8] = &[0x55, 0x04, 0x09];
const OID_O: &[u8] = &[0x55, 0x04, 0x0a];
const OID_OU: &[u8] = &[0x55, 0x04, 0x0b];
const OID_POSTAL: &[u8] = &[0x55, 0x04, 0x11];
const OID_RSA: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01];
const OID_EC: &[u8] = &[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01];
const OID_ED25519: &[u8] = &[0x2b, 0x65, 0x70];
const OID_EXTENSION_REQUEST: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x0e];
const OID_SAN: &[u8] = &[0x55, 0x1d, 0x11];

fn parse_name(rdns: &[u8]) -> Result<Name, String> {
    let mut name = Name::default();
    let mut rdns = Der::new(rdns);
    while !rdns.is_empty() {
        let mut set = Der::new(rdns.expect(SET)?.body);
        while !set.is_empty() {
            let mut atv = Der::new(set.expect(SEQUENCE)?.body);
            let oid = atv.expect(OID)?.body;
            let value = String::from_utf8_lossy(atv.next()?.body).into_owned();
            match oid {
                OID_CN => name.common_name = value,
                OID_SERIAL => name.serial_number = value,
                OID_C => name.country.push(value),
                OID_L => name.locality.push(value),
                OID_ST => name.province.push(value),
                OID_STREET => name.street_address.push(value),
                OID_O => name.organization.push(value),
                OID_OU => name.organizational_unit.push(value),
                OID_POSTAL => name.postal_code.push(value),
                _ => {}
            }
        }
    }
    Ok(name)
}

fn key_algorithm(spki: &[u8]) -> Result<&'static str, String> {
    let mut spki = Der::new(spki);
    let mut alg = Der::new(spki.expect(SEQUENCE)?.body);
    spki.expect(BIT_STRING)?;
    Ok(match alg.expect(OID)?.body {
        OID_RSA => "RSA",
        OID_EC => "ECDSA",
        OID_ED25519 => "Ed25519",
        _ => "unknown",
    })
}

/// The extensionRequest attribute's subject alternative names.
fn parse_attributes(attrs: &[u8], req: &mut CertificateRequest) -> Result<(), String> {
    let mut attrs = Der::new(attrs);
    while !attrs.is_empty() {
        let mut attr = Der::new(attrs.expect(SEQUENCE)?.body);
        if attr.expect(OID)?.body != OID_EXTENSION_REQUEST {
            continue;
        }
        let mut values = Der::new(attr.expect(SET)?.body);
        while !values.is_empty() {
            let mut exts = Der::new(values.expect(SEQUENCE)?.body);
            while !exts.is_empty() {
                let mut ext = Der::new(exts.expect(SEQUENCE)?.body);
                let oid = ext.expect(OID)?.body;
                let mut value = ext.next()?;
                if value.tag == 0x01 {
                    value = ext.next()?; // critical
                }
                if oid == OID_SAN && value.tag == OCTET_STRING {
                    parse_san(value.body, req)?;
                }
            }
        }
    }
    Ok(())
}

fn parse_san(der: &[u8], req: &mut CertificateRequest) -> Result<(), String> {
    let mut outer = Der::new(der);
    let mut names = Der::new(outer.expect(SEQUENCE)?.body);
    while !names.is_empty() {
        let n = names.next()?;
        let text = || String::from_utf8_lossy(n.body).into_owned();
        match n.tag & 0x1f {
            1 => req.email_addresses.push(text()),
            2 => req.dns_names.push(text()),
            6 => req.uris.push(text()),
            7 => req.ip_addresses.push(format_ip(n.body)),
            _ => {}
        }
    }
    Ok(())
}

/// Go's `net.IP.String` for the 4- and 16-byte forms (IPv6 zero runs
/// compressed, an IPv4-mapped address printed dotted).
fn format_ip(b: &[u8]) -> String {
    match b.len() {
        4 => format!("{}.{}.{}.{}", b[0], b[1], b[2], b[3]),
        16 => {
            let mut octets = [0u8; 16];
            octets.copy_from_slice(b);
            let ip = std::net::Ipv6Addr::from(octets);
            match ip.to_ipv4_mapped() {
                Some(v4) => v4.to_string(),
                None => ip.to_string(),
            }
        }
        _ => format!(
            "?{}",
            b.iter().map(|x| format!("{x:02x}")).collect::<String>()
        ),
    }
}

/// `validateCertificate`: every PEM block is a CERTIFICATE without
/// headers holding a certificate, and there is at least one.
pub fn check_certificate_pem(mut pem: &[u8]) -> Result<(), String> {
    if pem.is_empty() {
        return Ok(());
    }
    let mut blocks = 0;
    while let Some((block, rest)) = pem_decode(pem) {
        if block.type_ != "CERTIFICATE" {
            return Err(format!(
                "only CERTIFICATE PEM blocks are allowed, found {}",
                crate::goquote::quote(&block.type_)
            ));
        }
        if block.has_headers {
            return Err("no PEM block headers are permitted".to_string());
        }
        blocks += 1;
        if block.bytes.is_empty() {
            return Err("found CERTIFICATE PEM block containing 0 certificates".to_string());
        }
        check_certificate_der(&block.bytes)?;
        pem = rest;
    }
    if blocks == 0 {
        return Err("must contain at least one CERTIFICATE PEM block".to_string());
    }
    Ok(())
}

/// The NotAfter of the first certificate in `pem`, in seconds since the
/// epoch (what the CSR cleaner reads).
pub fn certificate_not_after(pem: &[u8]) -> Option<i64> {
    let (block, _) = pem_decode(pem)?;
    let mut der = Der::new(&block.bytes);
    let mut cert = Der::new(der.expect(SEQUENCE).ok()?.body);
    let mut tbs = Der::new(cert.expect(SEQUENCE).ok()?.body);
    if tbs.peek_tag() == Some(0xa0) {
        tbs.next().ok()?;
    }
    for _ in 0..3 {
        tbs.next().ok()?; // serial, signature algorithm, issuer
    }
    let mut validity = Der::new(tbs.expect(SEQUENCE).ok()?.body);
    validity.next().ok()?;
    let t = validity.next().ok()?;
    parse_time(t.tag, t.body)
}

/// UTCTime (`YYMMDDHHMMSSZ`) or GeneralizedTime (`YYYYMMDDHHMMSSZ`), in
/// seconds since the epoch; `tag` is the element's DER tag.
pub fn parse_time(tag: u8, body: &[u8]) -> Option<i64> {
    let text = std::str::from_utf8(body).ok()?.strip_suffix('Z')?;
    let (year, rest) = match tag {
        0x17 => {
            let yy: i64 = text.get(..2)?.parse().ok()?;
            (if yy < 50 { 2000 + yy } else { 1900 + yy }, text.get(2..)?)
        }
        0x18 => (text.get(..4)?.parse().ok()?, text.get(4..)?),
        _ => return None,
    };
    let n = |i: usize| -> Option<i64> { rest.get(i..i + 2)?.parse().ok() };
    let days = crate::time::days_from_civil(year, n(0)?, n(2)?);
    Some(days * 86_400 + n(4)? * 3600 + n(6)? * 60 + n(8)?)
}

/// Enough of `x509.ParseCertificates` to refuse what is not a certificate:
/// the outer structure, and the TBS fields up to the subject's key.
fn check_certificate_der(der: &[u8]) -> Result<(), String> {
    let malformed = |_| "x509: malformed certificate".to_string();
    let mut rest = Der::new(der);
    while !rest.is_empty() {
        let cert = rest.expect(SEQUENCE).map_err(malformed)?;
        let mut parts = Der::new(cert.body);
        let tbs = parts.expect(SEQUENCE).map_err(malformed)?;
        parts.expect(SEQUENCE).map_err(malformed)?;
        parts.expect(BIT_STRING).map_err(malformed)?;
        let mut tbs = Der::new(tbs.body);
        if tbs.peek_tag() == Some(0xa0) {
            tbs.next().map_err(malformed)?;
        }
        tbs.expect(0x02).map_err(malformed)?;
        tbs.expect(SEQUENCE).map_err(malformed)?;
        let rdn = |_| "x509: invalid RDNSequence".to_string();
        parse_name(tbs.expect(SEQUENCE).map_err(malformed)?.body).map_err(rdn)?;
        tbs.expect(SEQUENCE).map_err(malformed)?;
        parse_name(tbs.expect(SEQUENCE).map_err(malformed)?.body).map_err(rdn)?;
        key_algorithm(tbs.expect(SEQUENCE).map_err(malformed)?.body).map_err(malformed)?;
    }
    Ok(())
}

/// What the signer puts in a certificate besides the request's subject and key.
#[derive(Clone, Debug)]
pub struct CertificateTemplate<'a> {
    pub serial: [u8; 16],
    pub issuer_common_name: &'a str,
    /// Seconds since the Unix epoch.
    pub not_before: i64,
    pub not_after: i64,
    pub usages: &'a [String],
    /// Stands in for the signature the simulated CA cannot make.
    pub signature: [u8; 32],
}

/// A DER X.509 v3 certificate for `req` as kube-controller-manager's
/// signer issues it: usages from the request's `spec.usages`, not a CA,
/// signed (nominally) with sha256WithRSA.
pub fn build_certificate(req: &CertificateRequest, t: &CertificateTemplate<'_>) -> Vec<u8> {
    const SHA256_RSA: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b];
    let alg = tlv(SEQUENCE, &[tlv(OID, SHA256_RSA), vec![0x05, 0x00]].concat());
    // A DER INTEGER: no leading zero bytes, and a 0 before a high bit so
    // the (random, positive) serial stays positive.
    let digits = &t.serial[t.serial.iter().take_while(|&&b| b == 0).count().min(15)..];
    let serial = if digits[0] & 0x80 != 0 {
        [&[0u8][..], digits].concat()
    } else {
        digits.to_vec()
    };
    let issuer = tlv(
        SEQUENCE,
        &tlv(
            SET,
            &tlv(
                SEQUENCE,
                &[tlv(OID, OID_CN), tlv(0x0c, t.issuer_common_name.as_bytes())].concat(),
            ),
        ),
    );
    let validity = tlv(
        SEQUENCE,
        &[
            utc_or_generalized(t.not_before),
            utc_or_generalized(t.not_after),
        ]
        .concat(),
    );
    let tbs = tlv(
        SEQUENCE,
        &[
            tlv(0xa0, &tlv(0x02, &[2])),
            tlv(0x02, &serial),
            alg.clone(),
            issuer,
            validity,
            encode_name(&req.subject),
            req.raw_public_key_info.clone(),
            tlv(0xa3, &tlv(SEQUENCE, &extensions(req, t.usages))),
        ]
        .concat(),
    );
    let signature = tlv(BIT_STRING, &[&[0u8][..], &t.signature].concat());
    tlv(SEQUENCE, &[tbs, alg, signature].concat())
}

/// Go's `pkix.Name.ToRDNSequence`: the attributes it knows in its own
/// order (country first, common name and serial number last), each type's
/// values one multi-valued RDN, strings Printable when they can be, else
/// UTF-8. This is how the signer writes the subject it copies.
pub fn encode_name(n: &Name) -> Vec<u8> {
    let cn = [n.common_name.clone()];
    let serial = [n.serial_number.clone()];
    let parts: [(&[u8], &[String]); 9] = [
        (OID_C, &n.country),
        (OID_ST, &n.province),
        (OID_L, &n.locality),
        (OID_STREET, &n.street_address),
        (OID_POSTAL, &n.postal_code),
        (OID_O, &n.organization),
        (OID_OU, &n.organizational_unit),
        (OID_CN, if n.common_name.is_empty() { &[] } else { &cn }),
        (
            OID_SERIAL,
            if n.serial_number.is_empty() {
                &[]
            } else {
                &serial
            },
        ),
    ];
    let mut rdns = Vec::new();
    for (oid, values) in parts.iter().filter(|(_, v)| !v.is_empty()) {
        let atvs: Vec<u8> = values
            .iter()
            .flat_map(|v| {
                tlv(
                    SEQUENCE,
                    &[tlv(OID, oid), tlv(string_tag(v), v.as_bytes())].concat(),
                )
            })
            .collect();
        rdns.extend(tlv(SET, &atvs));
    }
    tlv(SEQUENCE, &rdns)
}

/// PrintableString when every character is in its set, else UTF8String.
fn string_tag(s: &str) -> u8 {
    let printable = s
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b" '()+,-./:=?*&".contains(&b));
    if printable {
        0x13
    } else {
        0x0c
    }
}

/// Key usage, extended key usage and basic constraints (Go's order), then
/// the request's subject alternative names.
fn extensions(req: &CertificateRequest, usages: &[String]) -> Vec<u8> {
    let (mut bits, mut ekus) = (0u16, Vec::new());
    for u in usages {
        match u.as_str() {
            "signing" | "digital signature" => bits |= 1,
            "content commitment" => bits |= 1 << 1,
            "key encipherment" => bits |= 1 << 2,
            "data encipherment" => bits |= 1 << 3,
            "key agreement" => bits |= 1 << 4,
            "cert sign" => bits |= 1 << 5,
            "crl sign" => bits |= 1 << 6,
            "encipher only" => bits |= 1 << 7,
            "decipher only" => bits |= 1 << 8,
            other => ekus.extend(eku_oid(other)),
        }
    }
    ekus.sort();
    ekus.dedup();
    let mut out = Vec::new();
    if bits != 0 {
        out.extend(extension(&[0x55, 0x1d, 0x0f], true, &key_usage_bits(bits)));
    }
    if !ekus.is_empty() {
        let oids: Vec<u8> = ekus.iter().flat_map(|(_, oid)| tlv(OID, oid)).collect();
        out.extend(extension(&[0x55, 0x1d, 0x25], false, &tlv(SEQUENCE, &oids)));
    }
    out.extend(extension(&[0x55, 0x1d, 0x13], true, &tlv(SEQUENCE, &[])));
    let mut names = Vec::new();
    names.extend(req.dns_names.iter().flat_map(|n| tlv(0x82, n.as_bytes())));
    names.extend(
        req.email_addresses
            .iter()
            .flat_map(|n| tlv(0x81, n.as_bytes())),
    );
    names.extend(
        req.ip_addresses
            .iter()
            .filter_map(|ip| ip_bytes(ip))
            .flat_map(|b| tlv(0x87, &b)),
    );
    names.extend(req.uris.iter().flat_map(|n| tlv(0x86, n.as_bytes())));
    if !names.is_empty() {
        out.extend(extension(OID_SAN, false, &tlv(SEQUENCE, &names)));
    }
    out
}

fn ip_bytes(ip: &str) -> Option<Vec<u8>> {
    match ip.parse::<std::net::IpAddr>().ok()? {
        std::net::IpAddr::V4(v4) => Some(v4.octets().to_vec()),
        std::net::IpAddr::V6(v6) => Some(v6.octets().to_vec()),
    }
}

/// Go's `ExtKeyUsage` number (the order it sorts them in) and its OID.
fn eku_oid(usage: &str) -> Option<(u8, Vec<u8>)> {
    let kp = |n: u8| vec![0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, n];
    Some(match usage {
        "any" => (0, vec![0x55, 0x1d, 0x25, 0x00]),
        "server auth" => (1, kp(1)),
        "client auth" => (2, kp(2)),
        "code signing" => (3, kp(3)),
        "email protection" | "s/mime" => (4, kp(4)),
        "ipsec end system" => (5, kp(5)),
        "ipsec tunnel" => (6, kp(6)),
        "ipsec user" => (7, kp(7)),
        "timestamping" => (8, kp(8)),
        "ocsp signing" => (9, kp(9)),
        "microsoft sgc" => (
            10,
            vec![0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x0a, 0x03, 0x03],
        ),
        "netscape sgc" => (
            11,
            vec![0x60, 0x86, 0x48, 0x01, 0x86, 0xf8, 0x42, 0x04, 0x01],
        ),
        _ => return None,
    })
}

/// The KeyUsage BIT STRING: bit 0 is the most significant bit of the first
/// byte, trailing zero bits dropped.
fn key_usage_bits(bits: u16) -> Vec<u8> {
    let bytes = [
        (bits as u8).reverse_bits(),
        ((bits >> 8) as u8).reverse_bits(),
    ];
    let n = if bytes[1] != 0 { 2 } else { 1 };
    let last = bytes[n - 1];
    let unused = last.trailing_zeros().min(7) as u8;
    tlv(BIT_STRING, &[&[unused][..], &bytes[..n]].concat())
}

fn extension(oid: &[u8], critical: bool, value: &[u8]) -> Vec<u8> {
    let mut body = tlv(OID, oid);
    if critical {
        body.extend([0x01, 0x01, 0xff]);
    }
    body.extend(tlv(OCTET_STRING, value));
    tlv(SEQUENCE, &body)
}

/// UTCTime through 2049, GeneralizedTime after, as RFC 5280 requires.
fn utc_or_generalized(secs: i64) -> Vec<u8> {
    let (y, mo, d, h, mi, s) = crate::time::civil(secs);
    if (1950..2050).contains(&y) {
        tlv(
            0x17,
            format!("{:02}{mo:02}{d:02}{h:02}{mi:02}{s:02}Z", y % 100).as_bytes(),
        )
    } else {
        tlv(
            0x18,
            format!("{y:04}{mo:02}{d:02}{h:02}{mi:02}{s:02}Z").as_bytes(),
        )
    }
}

fn tlv(tag: u8, body: &[u8]) -> Vec<u8> {
    let mut out = vec![tag];
    let len = body.len();
    if len < 0x80 {
        out.push(len as u8);
    } else {
        let bytes = len.to_be_bytes();
        let skip = bytes.iter().take_while(|&&b| b == 0).count();
        out.push(0x80 | (bytes.len() - skip) as u8);
        out.extend(&bytes[skip..]);
    }
    out.extend(body);
    out
}

#[cfg(test)]
pub(crate) mod tests;
