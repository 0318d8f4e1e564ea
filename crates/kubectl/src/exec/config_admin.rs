//! kind's admin credentials (kubeadm's admin.conf): a client certificate
//! for `kubernetes-admin` in `kubeadm:cluster-admins`, issued by the
//! cluster CA (CN=kubernetes), and its key.
//!
//! These are made-up but stable: the key is a P-256 key generated once for
//! the playground and the certificate is written by the model's X.509
//! writer from a request made with it, so `config view --raw` shows real
//! PEM that the API server (`config_authn`) authenticates as any client
//! certificate, and whose key pairs with it. The simulated CA has no key:
//! the certificate's signature is fixed filler, as the CSR signer's are.

use kubeplay_model::api::certificates::x509;

/// `openssl ecparam -genkey -name prime256v1` (the playground's own).
const KEY: &str = "-----BEGIN EC PRIVATE KEY-----
MHcCAQEEII5vKXAa5U2m0X/cn4uXoKGj18CPujXxziGggQvkyDLvoAoGCCqGSM49
AwEHoUQDQgAEYUbjQ5aQiyN671w4VcgtfZ1DexA4rsyAUGlZbknzVl4iF3Tab0Ac
o8SwtfmSOJXn9hAD31oRI/ch4wNSa9DrlQ==
-----END EC PRIVATE KEY-----
";

/// A request for `/O=kubeadm:cluster-admins/CN=kubernetes-admin` made with [`KEY`].
const REQUEST: &str = "-----BEGIN CERTIFICATE REQUEST-----
MIH3MIGeAgEAMDwxHzAdBgNVBAoMFmt1YmVhZG06Y2x1c3Rlci1hZG1pbnMxGTAX
BgNVBAMMEGt1YmVybmV0ZXMtYWRtaW4wWTATBgcqhkjOPQIBBggqhkjOPQMBBwNC
AARhRuNDlpCLI3rvXDhVyC19nUN7EDiuzIBQaVluSfNWXiIXdNpvQByjxLC1+ZI4
lef2EAPfWhEj9yHjA1Jr0OuVoAAwCgYIKoZIzj0EAwIDSAAwRQIgBzqouutRQWEn
ZBNqp5UvPQ9xfTkz+jxQNZpG7KeLq88CIQDiHyzXuDHNG+8iOd0DE+TRtfdNNmKK
gv/IKVjv/ZSTAw==
-----END CERTIFICATE REQUEST-----
";

/// The cluster's creation (the engine's clock starts there), backdated
/// five minutes as kubeadm backdates its certificates.
const NOT_BEFORE: i64 = 1_735_689_600 - 300;
/// kubeadm's client certificates last a year.
const VALIDITY: i64 = 365 * 86_400;

/// The admin's certificate and key, as PEM text.
pub fn credentials() -> (String, String) {
    let Ok(req) = x509::parse_csr_pem(REQUEST.as_bytes()) else {
        return (String::new(), KEY.to_string());
    };
    let usages = ["digital signature".to_string(), "key encipherment".to_string(), "client auth".to_string()];
    let mut serial = [0u8; 16];
    serial[..8].copy_from_slice(&kubeplay_model::fnv::fnv1a(b"kubeplay admin certificate serial").to_be_bytes());
    let mut signature = [0u8; 32];
    for (i, chunk) in signature.chunks_mut(8).enumerate() {
        chunk.copy_from_slice(&kubeplay_model::fnv::fnv1a(format!("kubeplay admin certificate signature {i}").as_bytes()).to_be_bytes());
    }
    let t = x509::CertificateTemplate { serial, issuer_common_name: "kubernetes", not_before: NOT_BEFORE, not_after: NOT_BEFORE + VALIDITY, usages: &usages, signature };
    (x509::pem_encode("CERTIFICATE", &x509::build_certificate(&req, &t)), KEY.to_string())
}
