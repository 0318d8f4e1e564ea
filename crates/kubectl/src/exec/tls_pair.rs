//! `kubectl create secret tls`'s one check before it builds the Secret:
//! crypto/tls's `X509KeyPair`, in its words. The certificate input must
//! hold a CERTIFICATE block, the key input a `… PRIVATE KEY` block, and
//! the first certificate's public key must be the key's.
//!
//! Where Go derives the public half from the private key (an EC key's
//! point, an Ed25519 key's seed), this reads the public key the encoding
//! carries instead (openssl and Go both write it into an EC key); an
//! Ed25519 key, whose encoding carries no public key, is matched by type
//! only. Nothing is signed or verified.

use kubeplay_model::api::certificates::x509::{der_element as tlv, pem_decode};

const RSA_OID: &[u8] = &[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01];
const EC_OID: &[u8] = &[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01];
const ED25519_OID: &[u8] = &[0x2b, 0x65, 0x70];

/// A public key, as far as matching needs it.
#[derive(Debug, PartialEq, Eq)]
enum PublicKey {
    /// The modulus, leading zero bytes dropped (Go compares `N` alone).
    Rsa(Vec<u8>),
    /// The encoded point, when known.
    Ec(Option<Vec<u8>>),
    Ed25519,
}

impl PublicKey {
    fn same_type(&self, other: &PublicKey) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

/// `tls.X509KeyPair(cert, key)`: `Ok` when they pair, else Go's error.
pub fn check(cert: &[u8], key: &[u8]) -> Result<(), String> {
    let mut certs = Vec::new();
    let mut skipped = Vec::new();
    let mut rest = cert;
    while let Some((block, after)) = pem_decode(rest) {
        if block.type_ == "CERTIFICATE" {
            certs.push(block.bytes);
        } else {
            skipped.push(block.type_);
        }
        rest = after;
    }
    let Some(first) = certs.first() else {
        return Err(match skipped.as_slice() {
            [] => "tls: failed to find any PEM data in certificate input".into(),
            [one] if one.ends_with("PRIVATE KEY") => {
                "tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched".into()
            }
            _ => format!("tls: failed to find \"CERTIFICATE\" PEM block in certificate input after skipping PEM blocks of the following types: [{}]", skipped.join(" ")),
        });
    };
    let mut skipped = Vec::new();
    let mut rest = key;
    let key_der = loop {
        let Some((block, after)) = pem_decode(rest) else {
            return Err(match skipped.as_slice() {
                [] => "tls: failed to find any PEM data in key input".into(),
                [one] if one == "CERTIFICATE" => "tls: found a certificate rather than a key in the PEM for the private key".into(),
                _ => format!(
                    "tls: failed to find PEM block with type ending in \"PRIVATE KEY\" in key input after skipping PEM blocks of the following types: [{}]",
                    skipped.join(" ")
                ),
            });
        };
        if block.type_ == "PRIVATE KEY" || block.type_.ends_with(" PRIVATE KEY") {
            break block.bytes;
        }
        skipped.push(block.type_);
        rest = after;
    };
    let public = certificate_key(first).ok_or_else(|| "x509: malformed certificate".to_string())?;
    let private = private_key(&key_der)?;
    if !public.same_type(&private) {
        return Err("tls: private key type does not match public key type".into());
    }
    let matches = match (&public, &private) {
        (PublicKey::Ec(Some(a)), PublicKey::Ec(Some(b))) => a == b,
        _ => public == private || matches!(private, PublicKey::Ec(None)),
    };
    if !matches {
        return Err("tls: private key does not match public key".into());
    }
    Ok(())
}

/// The contents of an element with tag `want`, and what follows.
fn expect(data: &[u8], want: u8) -> Option<(&[u8], &[u8])> {
    let (tag, body, rest) = tlv(data)?;
    (tag == want).then_some((body, rest))
}

const SEQUENCE: u8 = 0x30;
const INTEGER: u8 = 0x02;
const BIT_STRING: u8 = 0x03;
const OCTET_STRING: u8 = 0x04;
const OID: u8 = 0x06;

fn unsigned(int: &[u8]) -> Vec<u8> {
    let start = int.iter().position(|&b| b != 0).unwrap_or(int.len());
    int[start..].to_vec()
}

/// The subject public key of a DER certificate.
fn certificate_key(der: &[u8]) -> Option<PublicKey> {
    let (cert, _) = expect(der, SEQUENCE)?;
    let (tbs, _) = expect(cert, SEQUENCE)?;
    let mut rest = tbs;
    if rest.first() == Some(&0xa0) {
        rest = tlv(rest)?.2;
    }
    let (_, rest) = expect(rest, INTEGER)?; // serial number
    let (_, rest) = expect(rest, SEQUENCE)?; // signature algorithm
    let (_, rest) = expect(rest, SEQUENCE)?; // issuer
    let (_, rest) = expect(rest, SEQUENCE)?; // validity
    let (_, rest) = expect(rest, SEQUENCE)?; // subject
    let (spki, _) = expect(rest, SEQUENCE)?;
    subject_public_key(spki)
}

/// A SubjectPublicKeyInfo's contents: algorithm, then the key bits.
fn subject_public_key(spki: &[u8]) -> Option<PublicKey> {
    let (alg, rest) = expect(spki, SEQUENCE)?;
    let (oid, _) = expect(alg, OID)?;
    let (bits, _) = expect(rest, BIT_STRING)?;
    let bits = bits.get(1..)?; // the unused-bits count
    match oid {
        RSA_OID => {
            let (key, _) = expect(bits, SEQUENCE)?;
            let (n, _) = expect(key, INTEGER)?;
            Some(PublicKey::Rsa(unsigned(n)))
        }
        EC_OID => Some(PublicKey::Ec(Some(bits.to_vec()))),
        ED25519_OID => Some(PublicKey::Ed25519),
        _ => None,
    }
}

/// crypto/tls's `parsePrivateKey`: PKCS #1, then PKCS #8, then SEC 1.
fn private_key(der: &[u8]) -> Result<PublicKey, String> {
    if let Some(k) = pkcs1(der) {
        return Ok(k);
    }
    if let Some((alg, inner)) = pkcs8(der) {
        return match alg {
            RSA_OID => pkcs1(inner),
            EC_OID => sec1(inner),
            ED25519_OID => Some(PublicKey::Ed25519),
            _ => return Err("tls: found unknown private key type in PKCS#8 wrapping".into()),
        }
        .ok_or_else(|| "tls: failed to parse private key".into());
    }
    sec1(der).ok_or_else(|| "tls: failed to parse private key".into())
}

/// RSAPrivateKey: version 0, then the modulus.
fn pkcs1(der: &[u8]) -> Option<PublicKey> {
    let (key, _) = expect(der, SEQUENCE)?;
    let (version, rest) = expect(key, INTEGER)?;
    if version != [0] {
        return None;
    }
    let (n, rest) = expect(rest, INTEGER)?;
    expect(rest, INTEGER)?; // the public exponent: a PKCS #8 wrapper has none
    Some(PublicKey::Rsa(unsigned(n)))
}

/// PrivateKeyInfo: version, algorithm, the key in an OCTET STRING.
fn pkcs8(der: &[u8]) -> Option<(&[u8], &[u8])> {
    let (info, _) = expect(der, SEQUENCE)?;
    let (_, rest) = expect(info, INTEGER)?;
    let (alg, rest) = expect(rest, SEQUENCE)?;
    let (oid, _) = expect(alg, OID)?;
    let (inner, _) = expect(rest, OCTET_STRING)?;
    Some((oid, inner))
}

/// ECPrivateKey: version 1, the scalar, then optional [0] parameters and
/// [1] public key.
fn sec1(der: &[u8]) -> Option<PublicKey> {
    let (key, _) = expect(der, SEQUENCE)?;
    let (version, rest) = expect(key, INTEGER)?;
    if version != [1] {
        return None;
    }
    let (_, mut rest) = expect(rest, OCTET_STRING)?;
    let mut point = None;
    while let Some((tag, body, after)) = tlv(rest) {
        if tag == 0xa1 {
            let (bits, _) = expect(body, BIT_STRING)?;
            point = Some(bits.get(1..)?.to_vec());
        }
        rest = after;
    }
    Some(PublicKey::Ec(point))
}

#[cfg(test)]
#[path = "tls_pair_tests.rs"]
mod tests;
