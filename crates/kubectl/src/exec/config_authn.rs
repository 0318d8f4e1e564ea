//! Who the API server takes kubectl's requests for: the kubeconfig user's
//! credentials (the context's, or `--user`'s) checked as client-go sends
//! them and as kube-apiserver authenticates them on kind.
//!
//! client-go first validates the user entry (a certificate needs its key,
//! named files must be readable) and pairs an embedded certificate with
//! its key (`tls.X509KeyPair`); an entry with nothing to identify the user
//! makes it prompt for a username. The API server then tries, in order:
//! the client certificate (issued by the cluster CA, valid now: the user
//! is its CN, the groups its O's), a bearer token (a service-account
//! token it issued, unexpired, whose account and bound object still
//! exist); with neither, or only basic auth (gone since v1.19, so its
//! header is ignored), the request is anonymous, as kind allows. A
//! credential that fails, with none that succeeds, is a 401.
//!
//! What is not checked: the simulated CA has no key, so a certificate's
//! signature cannot be verified: any certificate naming the cluster CA
//! (CN=kubernetes) as issuer passes, as do the CSR signer's, whose
//! signatures are filler. Nor are its key usages read. Tokens are checked
//! in full: a `create token` token by its signature (`token::sign`), a
//! legacy token against its Secret.

use super::config::{file_name, resolved, AuthInfo, Cluster, Kubeconfig};
use super::Output;
use crate::cli::{Authenticated, Command, Invocation};
use kubeplay_apiserver::authz::{self, UserInfo};
use kubeplay_apiserver::Store;
use kubeplay_model::api::certificates::x509::{self, der_element, pem_decode};
use kubeplay_model::{Kind, Time};
use serde_json::Value;

pub const ANONYMOUS: &str = "system:anonymous";

/// What a request is sent with, as client-go builds it from a user entry.
struct Credentials {
    /// The client certificate's PEM, when one is presented.
    certificate: Option<Vec<u8>>,
    token: String,
}

/// The anonymous user kind's API server lets in.
pub fn anonymous() -> UserInfo {
    UserInfo { name: ANONYMOUS.into(), uid: String::new(), groups: vec![authz::ALL_UNAUTHENTICATED.into()] }
}

/// Whether the command talks to the API server at all.
fn sends_requests(c: &Command) -> bool {
    !matches!(c, Command::Help { .. } | Command::Kustomize(_)) && !matches!(c, Command::Version(v) if v.client_only)
}

/// What the request carries, once client-go accepted the user entry
/// (`None`: the command sends no request).
pub struct Client(Option<Credentials>);

/// client-go's side: the user entry (`--user`'s, else the context's)
/// validated and loaded; `Err` is what kubectl prints when it refuses it
/// or, finding nothing that identifies the user, prompts for a username.
pub fn client(inv: &Invocation, kc: &Kubeconfig, context: &str, read: &dyn Fn(&str) -> Option<String>, stdin: Option<&str>) -> Result<Client, Box<Output>> {
    if !sends_requests(&inv.command) {
        return Ok(Client(None));
    }
    let mut out = Output::default();
    let name = match &inv.user {
        Some(u) => {
            if kc.user(u).is_none() {
                out.error(&format!("error: auth info {} does not exist", crate::gofmt::quote(u)));
                return Err(Box::new(out));
            }
            u.clone()
        }
        None => kc.context(context).map(|c| c.user.clone()).unwrap_or_default(),
    };
    let empty = AuthInfo::default();
    let user = kc.user(&name).unwrap_or(&empty);
    let cluster = kc.context(context).and_then(|c| kc.cluster(&c.cluster));
    match client_credentials(&name, user, cluster, read) {
        Ok(Some(c)) => Ok(Client(Some(c))),
        Ok(None) => {
            // No way to identify the user: client-go asks on the terminal,
            // whose username comes from stdin (the password never can).
            out.stdout.push_str("Please enter Username: ");
            match stdin.filter(|s| !s.is_empty()) {
                None => out.error("error: EOF"),
                Some(_) => {
                    out.stdout.push_str("Please enter Password: ");
                    out.error("error: error reading input for Password");
                }
            }
            Err(Box::new(out))
        }
        Err(e) => {
            out.error(&e);
            Err(Box::new(out))
        }
    }
}

/// The API server's side: `Ok(None)` for kind's admin (today's unchecked
/// identity), `Ok(Some(user))` for anyone else, `Err` kubectl's 401.
pub fn server(inv: &Invocation, client: &Client, store: &Store, now: Time) -> Result<Option<Authenticated>, Box<Output>> {
    let Some(creds) = &client.0 else { return Ok(None) };
    match server_authenticate(creds, store, now) {
        Some(who) if who.user == authz::cluster_admin() => Ok(None),
        Some(who) => Ok(Some(who)),
        None => {
            // A typed client's request decodes the server's Status; the
            // discovery client's (`Raw()`) keeps the generic 401 message.
            let reason = if matches!(inv.command, Command::Whoami { .. } | Command::CreateToken(_) | Command::CanI(_)) {
                "Unauthorized"
            } else {
                "the server has asked for the client to provide credentials"
            };
            let mut out = Output::default();
            out.error(&format!("error: You must be logged in to the server ({reason})"));
            Err(Box::new(out))
        }
    }
}

/// clientcmd's validation of the entry and client-go's loading of what it
/// names: `Ok(None)` when nothing identifies the user, `Err` kubectl's
/// error line(s), the cluster's CA file after the user's files, as
/// clientcmd validates them.
fn client_credentials(name: &str, u: &AuthInfo, cluster: Option<&Cluster>, read: &dyn Fn(&str) -> Option<String>) -> Result<Option<Credentials>, String> {
    let read_path = |p: &str| file_name(&resolved(p)).and_then(read);
    let has_cert = !u.client_certificate.is_empty() || !u.client_certificate_data.is_empty();
    let has_key = !u.client_key.is_empty() || !u.client_key_data.is_empty();
    let mut errors = Vec::new();
    let (mut cert, mut key) = (u.client_certificate_data.clone(), u.client_key_data.clone());
    if has_cert || has_key {
        if !has_cert {
            errors.push(format!("client-cert-data or client-cert must be specified for {name} to use the clientCert authentication method."));
        }
        if !has_key {
            errors.push(format!("client-key-data or client-key must be specified for {name} to use the clientCert authentication method."));
        }
        for (what, path, slot) in [("client-cert", &u.client_certificate, &mut cert), ("client-key", &u.client_key, &mut key)] {
            if path.is_empty() {
                continue;
            }
            match read_path(path) {
                Some(text) => *slot = text.into_bytes(),
                None => {
                    let full = resolved(path);
                    errors.push(format!("unable to read {what} {full} for {name} due to open {full}: no such file or directory"))
                }
            }
        }
    }
    if let Some(c) = cluster.filter(|c| !c.certificate_authority.is_empty()) {
        if read_path(&c.certificate_authority).is_none() {
            let full = resolved(&c.certificate_authority);
            errors.push(format!("unable to read certificate-authority {full} for {} due to open {full}: no such file or directory", c.name));
        }
    }
    match errors.as_slice() {
        [] => {}
        [one] => return Err(format!("error: {one}")),
        many => return Err(format!("Error in configuration: \n* {}", many.join("\n* "))),
    }
    if let Some(p) = &u.auth_provider {
        return Err(format!("(playground) the {} auth provider is not run here: use a client certificate or a token", p.name));
    }
    if let Some(e) = &u.exec {
        return Err(format!("(playground) the exec credential plugin {} is not run here: use a client certificate or a token", crate::gofmt::quote(&e.command)));
    }
    let identifies = !u.username.is_empty() || has_cert || !u.token.is_empty();
    if !identifies {
        return Ok(None);
    }
    let certificate = if has_cert {
        match super::tls_pair::check(&cert, &key) {
            Ok(()) => Some(cert),
            // Embedded data fails the command; files are reloaded in the
            // background, and a pair that fails to load is not presented.
            Err(e) if u.client_certificate.is_empty() && u.client_key.is_empty() => return Err(format!("error: {e}")),
            Err(_) => None,
        }
    } else {
        None
    };
    Ok(Some(Credentials { certificate, token: u.token.clone() }))
}

/// The API server's authenticators in kind's order: `None` is a 401.
fn server_authenticate(c: &Credentials, store: &Store, now: Time) -> Option<Authenticated> {
    let mut failed = false;
    if let Some(pem) = &c.certificate {
        match certificate_user(pem, now) {
            Some(user) => return Some(Authenticated { user, extra: Vec::new() }),
            None => failed = true,
        }
    }
    if !c.token.is_empty() {
        match token_user(&c.token, store, now) {
            Some(who) => return Some(who),
            None => failed = true,
        }
    }
    (!failed).then(|| Authenticated { user: anonymous(), extra: Vec::new() })
}

/// kube-apiserver's bearer-token authenticator (`bearertoken.Authenticator`)
/// on an `Authorization` header's value: `Ok(None)` when the header names
/// no bearer token (no header, another scheme, an empty token), so the
/// request is anonymous; `Err` for a token no authenticator takes.
pub fn bearer(header: Option<&str>, store: &Store, now: Time) -> Result<Option<Authenticated>, Unauthorized> {
    let value = header.map(str::trim).unwrap_or_default();
    let mut parts = value.splitn(3, ' ');
    let (scheme, token) = (parts.next().unwrap_or_default(), parts.next().unwrap_or_default());
    if !scheme.eq_ignore_ascii_case("bearer") || token.is_empty() {
        return Ok(None);
    }
    token_user(token, store, now).map(Some).ok_or(Unauthorized)
}

/// A credential was sent and none of the API server's authenticators took
/// it: a 401.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unauthorized;

/// One X.509 name's common name and organizations.
#[derive(Debug, Default, PartialEq, Eq)]
struct Name {
    common_name: String,
    organizations: Vec<String>,
}

fn parse_name(der: &[u8]) -> Option<Name> {
    const CN: &[u8] = &[0x55, 0x04, 0x03];
    const O: &[u8] = &[0x55, 0x04, 0x0a];
    let mut name = Name::default();
    let mut rdns = der;
    while !rdns.is_empty() {
        let (_, set, rest) = der_element(rdns)?;
        rdns = rest;
        let mut atvs = set;
        while !atvs.is_empty() {
            let (_, atv, rest) = der_element(atvs)?;
            atvs = rest;
            let (_, oid, value) = der_element(atv)?;
            let (_, text, _) = der_element(value)?;
            let text = String::from_utf8_lossy(text).into_owned();
            match oid {
                CN => name.common_name = text,
                O => name.organizations.push(text),
                _ => {}
            }
        }
    }
    Some(name)
}

/// The x509 authenticator: the first certificate, issued by the cluster
/// CA and valid at `now`, names the user; `None` when it does not verify
/// (or names no one).
fn certificate_user(pem: &[u8], now: Time) -> Option<UserInfo> {
    let (block, _) = pem_decode(pem).filter(|(b, _)| b.type_ == "CERTIFICATE")?;
    let (_, cert, _) = der_element(&block.bytes)?;
    let (_, tbs, _) = der_element(cert)?;
    let mut rest = tbs;
    let mut next = || -> Option<(u8, &[u8])> {
        let (tag, body, after) = der_element(rest)?;
        rest = after;
        Some((tag, body))
    };
    // An explicit version ([0]) comes before the serial.
    if next()?.0 == 0xa0 {
        next()?;
    }
    next()?; // signature algorithm
    let issuer = parse_name(next()?.1)?;
    let validity = next()?.1;
    let subject = parse_name(next()?.1)?;
    let (t1, b1, after) = der_element(validity)?;
    let (t2, b2, _) = der_element(after)?;
    let (not_before, not_after) = (x509::parse_time(t1, b1)?, x509::parse_time(t2, b2)?);
    let secs = now.millis().div_euclid(1000);
    if issuer.common_name != "kubernetes" || secs < not_before || secs > not_after || subject.common_name.is_empty() {
        return None;
    }
    // The group adder leaves a user already in either group as it is.
    let mut groups = subject.organizations;
    if !groups.iter().any(|g| g == authz::ALL_AUTHENTICATED || g == authz::ALL_UNAUTHENTICATED) {
        groups.push(authz::ALL_AUTHENTICATED.into());
    }
    Some(UserInfo { name: subject.common_name, uid: String::new(), groups })
}

/// The service-account token authenticators: a `create token` token
/// (issuer `https://kubernetes.default.svc.cluster.local`) by its
/// signature, audience, lifetime, account and bound object; a legacy one
/// (issuer `kubernetes/serviceaccount`) by its Secret and account.
fn token_user(token: &str, store: &Store, now: Time) -> Option<Authenticated> {
    let mut parts = token.split('.');
    let (header, claims, signature) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    // base64url without padding, read with the standard alphabet.
    let decode = |p: &str| kubeplay_model::base64::decode(&p.replace('-', "+").replace('_', "/"));
    let claims: Value = serde_json::from_slice(&decode(claims)?).ok()?;
    let str_claim = |path: &[&str]| -> Option<String> {
        let mut v = &claims;
        for p in path {
            v = v.get(p)?;
        }
        v.as_str().map(str::to_string)
    };
    // What the authenticator adds: the token's id, and the pod (and its
    // node) a token is bound to.
    let mut extra: Vec<(String, Vec<String>)> = Vec::new();
    let (namespace, name, uid) = match str_claim(&["iss"])?.as_str() {
        "kubernetes/serviceaccount" => {
            let ns = str_claim(&["kubernetes.io/serviceaccount/namespace"])?;
            let secret = str_claim(&["kubernetes.io/serviceaccount/secret.name"])?;
            let s = store.get_by(Kind::Secret, &ns, &secret)?;
            let kubeplay_model::Object::Secret(s) = s.as_ref() else { return None };
            if kubeplay_model::base64::decode(s.data.get("token")?)? != token.as_bytes() {
                return None;
            }
            (ns, str_claim(&["kubernetes.io/serviceaccount/service-account.name"])?, str_claim(&["kubernetes.io/serviceaccount/service-account.uid"])?)
        }
        super::token::ISSUER => {
            if super::token::sign(&format!("{header}.{}", token.split('.').nth(1)?)) != signature {
                return None;
            }
            let audiences = claims.get("aud")?.as_array()?;
            if !audiences.iter().any(|a| a.as_str() == Some(super::token::ISSUER)) {
                return None;
            }
            let secs = now.millis().div_euclid(1000);
            let (exp, nbf) = (claims.get("exp")?.as_i64()?, claims.get("nbf")?.as_i64()?);
            if secs >= exp || secs < nbf {
                return None;
            }
            let ns = str_claim(&["kubernetes.io", "namespace"])?;
            // A bound object must still be the one the token was made for.
            for (field, kind) in [("pod", Kind::Pod), ("secret", Kind::Secret)] {
                if let Some(uid) = str_claim(&["kubernetes.io", field, "uid"]) {
                    let obj = store.get_by(kind, &ns, &str_claim(&["kubernetes.io", field, "name"])?)?;
                    if obj.meta().uid.as_str() != uid || obj.meta().deletion_timestamp.is_some() {
                        return None;
                    }
                }
            }
            let mut add = |key: &str, value: Option<String>| {
                if let Some(v) = value {
                    extra.push((format!("authentication.kubernetes.io/{key}"), vec![v]));
                }
            };
            add("credential-id", str_claim(&["jti"]).map(|j| format!("JTI={j}")));
            add("node-name", str_claim(&["kubernetes.io", "node", "name"]));
            add("node-uid", str_claim(&["kubernetes.io", "node", "uid"]));
            add("pod-name", str_claim(&["kubernetes.io", "pod", "name"]));
            add("pod-uid", str_claim(&["kubernetes.io", "pod", "uid"]));
            (ns.clone(), str_claim(&["kubernetes.io", "serviceaccount", "name"])?, str_claim(&["kubernetes.io", "serviceaccount", "uid"])?)
        }
        _ => return None,
    };
    let sa = store.get_by(Kind::ServiceAccount, &namespace, &name)?;
    if sa.meta().uid.as_str() != uid || sa.meta().deletion_timestamp.is_some() {
        return None;
    }
    Some(Authenticated { user: UserInfo { uid, ..UserInfo::service_account(&namespace, &name) }, extra })
}

#[cfg(test)]
#[path = "config_authn_tests.rs"]
mod tests;
