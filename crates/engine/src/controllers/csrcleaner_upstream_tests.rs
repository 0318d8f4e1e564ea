//! Cases ported from upstream's `pkg/controller/certificates/cleaner/
//! cleaner_test.go` (v1.32), with its two certificates: one that expired
//! in 2017 and one valid until 2117.

use super::*;
use kubeplay_model::api::CertificateSigningRequestCondition;

const EXPIRED_CERT: &str = "-----BEGIN CERTIFICATE-----
MIICIzCCAc2gAwIBAgIJAOApTlMFDOUnMA0GCSqGSIb3DQEBCwUAMG0xCzAJBgNV
BAYTAkdCMQ8wDQYDVQQIDAZMb25kb24xDzANBgNVBAcMBkxvbmRvbjEYMBYGA1UE
CgwPR2xvYmFsIFNlY3VyaXR5MRYwFAYDVQQLDA1JVCBEZXBhcnRtZW50MQowCAYD
VQQDDAEqMB4XDTE3MTAwNDIwNDgzOFoXDTE3MTAwMzIwNDgzOFowbTELMAkGA1UE
BhMCR0IxDzANBgNVBAgMBkxvbmRvbjEPMA0GA1UEBwwGTG9uZG9uMRgwFgYDVQQK
DA9HbG9iYWwgU2VjdXJpdHkxFjAUBgNVBAsMDUlUIERlcGFydG1lbnQxCjAIBgNV
BAMMASowXDANBgkqhkiG9w0BAQEFAANLADBIAkEA3Gt0KmuRXDxvqZUiX/xqAn1t
nZZX98guZvPPyxnQtV3YpA274W0sX3jL+U71Ya+3kaUstXQa4YrWBUHiXoqJnwID
AQABo1AwTjAdBgNVHQ4EFgQUtDsIpzHoUiLsO88f9fm+G0tYSPowHwYDVR0jBBgw
FoAUtDsIpzHoUiLsO88f9fm+G0tYSPowDAYDVR0TBAUwAwEB/zANBgkqhkiG9w0B
AQsFAANBADfrlKof5CUkxGlX9Rifxv/mWOk8ZuTLWfMYQH2nycBHnmOxy6sR+87W
/Mb/uRz0TXVnGVcbu5E8Bz7e/Far1ZI=
-----END CERTIFICATE-----";

const UNEXPIRED_CERT: &str = "-----BEGIN CERTIFICATE-----
MIICJTCCAc+gAwIBAgIJAIRjMToP+pPEMA0GCSqGSIb3DQEBCwUAMG0xCzAJBgNV
BAYTAkdCMQ8wDQYDVQQIDAZMb25kb24xDzANBgNVBAcMBkxvbmRvbjEYMBYGA1UE
CgwPR2xvYmFsIFNlY3VyaXR5MRYwFAYDVQQLDA1JVCBEZXBhcnRtZW50MQowCAYD
VQQDDAEqMCAXDTE3MTAwNDIwNDUyNFoYDzIxMTcwOTEwMjA0NTI0WjBtMQswCQYD
VQQGEwJHQjEPMA0GA1UECAwGTG9uZG9uMQ8wDQYDVQQHDAZMb25kb24xGDAWBgNV
BAoMD0dsb2JhbCBTZWN1cml0eTEWMBQGA1UECwwNSVQgRGVwYXJ0bWVudDEKMAgG
A1UEAwwBKjBcMA0GCSqGSIb3DQEBAQUAA0sAMEgCQQC7j9BAV5HqIJGi6r4G4YeI
ioHxH2loVu8IOKSK7xVs3v/EjR/eXbQzM+jZU7duyZqn6YjySZNLl0K0MfHCHBgX
AgMBAAGjUDBOMB0GA1UdDgQWBBTwxV40NFSNW7lpQ3eUWX7Mxs03yzAfBgNVHSME
GDAWgBTwxV40NFSNW7lpQ3eUWX7Mxs03yzAMBgNVHRMEBTADAQH/MA0GCSqGSIb3
DQEBCwUAA0EALDi9OidANHflx8q+w3p0rJo9gpA6cJcFpEtP2Lv4kvOtB1f6L0jY
MLd7MVm4cS/MNcx4L7l23UC3Hx4+nAxvIg==
-----END CERTIFICATE-----";

const M: i64 = 60_000;
const H: i64 = 60 * M;

// cleaner_test.go's TestCleanerWithApprovedExpiredCSR
#[test]
fn cleaner_cases() {
    let now = kubeplay_model::time::EPOCH.plus_millis(30 * 24 * H);
    let ago = |ms: i64| Some(now.plus_millis(-ms));
    let cond = |t: &str, updated: i64| CertificateSigningRequestCondition {
        type_: t.into(),
        status: "True".into(),
        last_update_time: ago(updated),
        ..Default::default()
    };
    let cases: Vec<(
        &str,
        i64,
        &str,
        Vec<CertificateSigningRequestCondition>,
        bool,
    )> = vec![
        (
            "no delete approved not passed deadline",
            M,
            UNEXPIRED_CERT,
            vec![cond("Approved", 50 * M)],
            false,
        ),
        (
            "no delete approved passed deadline not issued",
            M,
            "",
            vec![cond("Approved", 50 * M)],
            false,
        ),
        (
            "delete approved passed deadline",
            M,
            UNEXPIRED_CERT,
            vec![cond("Approved", 2 * H)],
            true,
        ),
        (
            "no delete denied not passed deadline",
            M,
            "",
            vec![cond("Denied", 50 * M)],
            false,
        ),
        (
            "delete denied passed deadline",
            M,
            "",
            vec![cond("Denied", 2 * H)],
            true,
        ),
        (
            "no delete failed not passed deadline",
            M,
            "",
            vec![cond("Approved", 2 * H), cond("Failed", 50 * M)],
            false,
        ),
        (
            "delete failed passed deadline",
            M,
            "",
            vec![cond("Approved", 2 * H), cond("Failed", 2 * H)],
            true,
        ),
        (
            "no delete pending not passed deadline",
            5 * H,
            "",
            vec![],
            false,
        ),
        ("delete pending passed deadline", 25 * H, "", vec![], true),
        (
            "no delete approved not passed deadline unexpired",
            M,
            UNEXPIRED_CERT,
            vec![cond("Approved", 50 * M)],
            false,
        ),
        (
            "delete approved not passed deadline expired",
            M,
            EXPIRED_CERT,
            vec![cond("Approved", 50 * M)],
            true,
        ),
        (
            "delete approved passed deadline unparseable",
            M,
            "garbage",
            vec![cond("Approved", 2 * H)],
            true,
        ),
    ];
    for (name, created, certificate, conditions, deleted) in cases {
        let mut c = CertificateSigningRequest::default();
        c.metadata.creation_timestamp = ago(created);
        c.status.certificate = kubeplay_model::base64::encode(certificate.as_bytes());
        c.status.conditions = conditions;
        assert_eq!(due(&c).is_some_and(|(t, _)| t <= now), deleted, "{name}");
    }
}

#[test]
fn passes_are_hourly_from_the_start() {
    let start = kubeplay_model::time::EPOCH;
    assert_eq!(next_pass(start.plus_millis(1)), start.plus_millis(H));
    assert_eq!(next_pass(start.plus_millis(H)), start.plus_millis(H));
    assert_eq!(
        next_pass(start.plus_millis(25 * H + 1)),
        start.plus_millis(26 * H)
    );
}
