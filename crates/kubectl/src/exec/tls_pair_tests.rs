//! Key pairs made with openssl (EC P-256, PKCS #8 and SEC 1; RSA
//! PKCS #1; Ed25519) and the verdicts kubectl v1.32's `create secret
//! tls --dry-run=client` gave for each pairing.

use super::check;

const EC_CRT: &str = "\
-----BEGIN CERTIFICATE-----\n\
MIIBcjCCARegAwIBAgIUBpZju7GdBpNEHCYMH6hvOcVgxBowCgYIKoZIzj0EAwIw\n\
DjEMMAoGA1UEAwwDYmFyMB4XDTI2MTIwNjIzNDkxNVoXDTI2MTIwNzIzNDkxNVow\n\
DjEMMAoGA1UEAwwDYmFyMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEzIyKe5D9\n\
XiHwqghEVBUGfjoBh65HdH3JnTAXPl7MThdLISfaBJDSvKAciKzIeLFlmP2brNrL\n\
1TzLQRHat9khQqNTMFEwHQYDVR0OBBYEFHft9EudDSq3XC+fuCm3QAxmUFDaMB8G\n\
A1UdIwQYMBaAFHft9EudDSq3XC+fuCm3QAxmUFDaMA8GA1UdEwEB/wQFMAMBAf8w\n\
CgYIKoZIzj0EAwIDSQAwRgIhAMyvUpadLhDdy1/UjogHYSzKmnMBt2mWCAWjAzTP\n\
vsQGAiEA+Hzn3SmEy+S9nTMgBuzOJFjdu8vxcQGnNeISiHA/gIE=\n\
-----END CERTIFICATE-----\n\
";
const EC_KEY: &str = "\
-----BEGIN EC PRIVATE KEY-----\n\
MHcCAQEEIO51ZOSPEPuJqD7WWb07mbyGIlTKxORjWvOP4mkoLDyAoAoGCCqGSM49\n\
AwEHoUQDQgAEzIyKe5D9XiHwqghEVBUGfjoBh65HdH3JnTAXPl7MThdLISfaBJDS\n\
vKAciKzIeLFlmP2brNrL1TzLQRHat9khQg==\n\
-----END EC PRIVATE KEY-----\n\
";
const EC8_KEY: &str = "\
-----BEGIN PRIVATE KEY-----\n\
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg7nVk5I8Q+4moPtZZ\n\
vTuZvIYiVMrE5GNa84/iaSgsPIChRANCAATMjIp7kP1eIfCqCERUFQZ+OgGHrkd0\n\
fcmdMBc+XsxOF0shJ9oEkNK8oByIrMh4sWWY/Zus2svVPMtBEdq32SFC\n\
-----END PRIVATE KEY-----\n\
";
const EC2_KEY: &str = "\
-----BEGIN EC PRIVATE KEY-----\n\
MHcCAQEEIJi1nVQeVCtnpBCghVwcuXSwC1uR7/l+U/UGS6P14jPHoAoGCCqGSM49\n\
AwEHoUQDQgAES7XyD8Z4fyaCTCZRg/DtVYqAoxw1cXv3JzJbFlklgyBHpyJpij90\n\
t+Mq/cEh4cuRyu1L9VGU/tCHTeBzRwU5dA==\n\
-----END EC PRIVATE KEY-----\n\
";
const ED_CRT: &str = "\
-----BEGIN CERTIFICATE-----\n\
MIIBLjCB4aADAgECAhROTe8xEvz3f5cQbZHpjnxteYTeCDAFBgMrZXAwDTELMAkG\n\
A1UEAwwCZWQwHhcNMjYxMjA2MjM1MDE0WhcNMjYxMjA3MjM1MDE0WjANMQswCQYD\n\
VQQDDAJlZDAqMAUGAytlcAMhANkrlGaptnrHt96QzTpzi+G4OcYxxliJZvcZWyay\n\
r99uo1MwUTAdBgNVHQ4EFgQU2pu865XoaQX4a9EaTlxeIRwoz5gwHwYDVR0jBBgw\n\
FoAU2pu865XoaQX4a9EaTlxeIRwoz5gwDwYDVR0TAQH/BAUwAwEB/zAFBgMrZXAD\n\
QQBDc9dDIeDu88k59vBSNaF9B5fz1neFUvwbjJxYRXEv0D2QueFLTv/DeihQo0T8\n\
N8wHn2iqg+4Pllzr8GRa2awO\n\
-----END CERTIFICATE-----\n\
";
const ED_KEY: &str = "\
-----BEGIN PRIVATE KEY-----\n\
MC4CAQAwBQYDK2VwBCIEIGk5EnoJSghU3VlOAcf1DMMaMDps9xUokN7ZN+1xb2Yb\n\
-----END PRIVATE KEY-----\n\
";
const RSA1_CRT: &str = "\
-----BEGIN CERTIFICATE-----\n\
MIIB9DCCAV2gAwIBAgIUezrlfDCybwxkXFSMnboXja4snF4wDQYJKoZIhvcNAQEL\n\
BQAwDDEKMAgGA1UEAwwBcjAeFw0yNjEyMDYyMzUwMTRaFw0yNjEyMDcyMzUwMTRa\n\
MAwxCjAIBgNVBAMMAXIwgZ8wDQYJKoZIhvcNAQEBBQADgY0AMIGJAoGBALr9s8bs\n\
2AgYH9EX07ObTrMT5jOw/dLYzuaD0MWnX4FSa+goZQBTojaGZOOK3ybKYrP2zi7j\n\
MHg7aa4o/KZXrb3zV0MDFynyqr6kGPTrvnivXQxIKwYUvIvviiXyHyLx3pLl/77y\n\
PJnYDaSzn3vHDmn7hWYGSaKqYk9vbJeYla05AgMBAAGjUzBRMB0GA1UdDgQWBBQ+\n\
CBfetralF974d/j1vDWGEw6OVzAfBgNVHSMEGDAWgBQ+CBfetralF974d/j1vDWG\n\
Ew6OVzAPBgNVHRMBAf8EBTADAQH/MA0GCSqGSIb3DQEBCwUAA4GBAHSO2LaDCkSx\n\
wQQ42TuuuZukXEoZ7EHbilIsjf6OFWoAIUL6XZAyaekxakgHNG2zdYHrK0UzYW3r\n\
ek/0SwIElcp/IUtr4PyS+xXAPXw5Ev4946rvHQs+/TYl5V6K97LO5CbyUpbdfUzT\n\
G3E0EKnIVfQUpzh+0SCISobS5HEb4xtd\n\
-----END CERTIFICATE-----\n\
";
const RSA1_KEY: &str = "\
-----BEGIN RSA PRIVATE KEY-----\n\
MIICXAIBAAKBgQC6/bPG7NgIGB/RF9Ozm06zE+YzsP3S2M7mg9DFp1+BUmvoKGUA\n\
U6I2hmTjit8mymKz9s4u4zB4O2muKPymV62981dDAxcp8qq+pBj06754r10MSCsG\n\
FLyL74ol8h8i8d6S5f++8jyZ2A2ks597xw5p+4VmBkmiqmJPb2yXmJWtOQIDAQAB\n\
AoGAVVqXJFdaKR+x7kS9Cr/6xX1w1+mTgxoaH1jOBFrpGmPgA6HksKh8Y/0mskLi\n\
p5c8RL+E0Bw+NLOSAsCMyvU8xa7YA9pKEBvFtZuvvNJdMZ1VqiJCPR3dJOGFpcCG\n\
fDzF/qygpdxMLEuh1PVmeFWVfAryNezBEuppjdXXuL5rKz0CQQDpIVYUgRokt7R6\n\
4WkuktUOk30RlFEByT3rcPn1NL4eIQdaLAtb8bxlKdC5fD3tfp1jVKbJRwnrPi2E\n\
PRohZdI/AkEAzVWo3MUgAWHJ4+OZpxd+rAMzA7ghSKNwZQi4yMoS65jSGR5PlWtW\n\
AnfKxpVIPQCZj9yZ+Gmfyz8ATRaH+0yyhwJAMi6N0+4STZMJk2XP+Ul7+R5ATrdp\n\
VIQYAwUXmPOYdO3RIlTWwRzg27nLhxG6VtPpVwdSu4LCHNQOgieQ511+iwJBAJix\n\
+sEyVnqwndI6jykS78A7INTDOP0rjYmU0tV+cFODcbn8MHKNP4jWTJUgrneu2oOB\n\
KX7yDUK3tyGcf8MBZkECQHq4MloSxNXs5+75aEFNhj+1ZWTxKyrom672mT1t5RzH\n\
Pc9NwP5por3Ddg2BIQGgQPvp6LnKn9hIqzXDewzx9bs=\n\
-----END RSA PRIVATE KEY-----\n\
";
const RSA2_KEY: &str = "\
-----BEGIN RSA PRIVATE KEY-----\n\
MIICXQIBAAKBgQCb+l5kMPDuh40hBA+iJtm61uzapqK3oFBSPYkTc+wRhsOQaF3L\n\
tI8ox0Mb8Dxz+igwQmGY0Ixl7eA0Rxk5rTVLgsEBjfo1ht+eMj6bXGlezDCnz4iI\n\
oRnKrvhcwEykXyhEkMRW9MzHf0Y4fY9ebjSkpDMnCD5w/zT07L3BXaaMawIDAQAB\n\
AoGAHRCGTj0gaBIyJhjPoPOEVuB9ujCa2YSx8uEsjcdoEcv+3QXVlIPMuViIFMir\n\
OyE+I9/6t7MEtmmhAZzOAoVYDLOObxEAClgZEuKmnLhEZ9Sv6qUbbZMHVO5Pr1Wl\n\
Pws0suIpYBQBgZWYdkuFBCHs3nl9WwkMdcJ17+g4IUdxXuECQQDMupHS88z1iaxz\n\
XPT1XvCnw5OT/dks++1umes8xXVjFfzP+OkbVz5hqv7nGxta6OoHoV/TW53xkifV\n\
tCsMX8vfAkEAwwpSj9wpLDjz7npbi9QCHjnxfxU8hmCce7kjAB6whsSW7uhlGZKZ\n\
UWJKsaL5jzU/jSTtZIZG4BxWOgDAVhWQ9QJBALW/Gx2vGdEQe2uepkf+FJ6aXTUQ\n\
MfBhZhK9ybuVf/SK3Hi0fBytgs+pwcjgo5Q9GSXU+QDlYH3IRlzNKTo/APkCQQDB\n\
N0yrL5OqN5GPwq9GSnT+tLBFESiwhqz+9F10FPMTz1UmwBrHxq8ULKeKasWH1Vxr\n\
2xVB7LPx+KCDPZNMtHixAkA9cXusabXbI/Wps9iOLNJmZNVuvD85d9gm084D4GyE\n\
zVFdfHHvrEFbu3latARpONKWo8JsW+Gcau85D4aWOSNM\n\
-----END RSA PRIVATE KEY-----\n\
";

#[test]
fn x509_key_pair_table() {
    let cases: &[(&str, &str, &str, Result<(), &str>)] = &[
        ("ec sec1", EC_CRT, EC_KEY, Ok(())),
        ("ec pkcs8", EC_CRT, EC8_KEY, Ok(())),
        ("ec other key", EC_CRT, EC2_KEY, Err("tls: private key does not match public key")),
        ("ed25519", ED_CRT, ED_KEY, Ok(())),
        ("rsa pkcs1", RSA1_CRT, RSA1_KEY, Ok(())),
        ("rsa other key", RSA1_CRT, RSA2_KEY, Err("tls: private key does not match public key")),
        ("ec cert rsa key", EC_CRT, RSA1_KEY, Err("tls: private key type does not match public key type")),
        ("ed cert ec key", ED_CRT, EC_KEY, Err("tls: private key type does not match public key type")),
        ("junk cert", "hello\n", EC_KEY, Err("tls: failed to find any PEM data in certificate input")),
        ("junk key", EC_CRT, "hello\n", Err("tls: failed to find any PEM data in key input")),
        (
            "switched",
            EC_KEY,
            EC_CRT,
            Err("tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched"),
        ),
        ("cert as key", EC_CRT, EC_CRT, Err("tls: found a certificate rather than a key in the PEM for the private key")),
    ];
    for (name, cert, key, want) in cases {
        let got = check(cert.as_bytes(), key.as_bytes());
        assert_eq!(got.as_ref().map_err(String::as_str), want.as_ref().map(|_| &()).map_err(|e| *e), "{name}");
    }
}

#[test]
fn unparsable_key_and_certificate() {
    let bad_key = "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n";
    assert_eq!(check(EC_CRT.as_bytes(), bad_key.as_bytes()), Err("tls: failed to parse private key".to_string()));
    let bad_cert = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";
    assert_eq!(check(bad_cert.as_bytes(), EC_KEY.as_bytes()), Err("x509: malformed certificate".to_string()));
}
