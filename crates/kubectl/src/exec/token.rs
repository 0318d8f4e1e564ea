//! `kubectl create token`: the TokenRequest API's answer for a
//! ServiceAccount, as kube-apiserver v1.32 gives it.

use super::auth::{print_object, requester};
use super::{Cx, Output};
use crate::cli::{CreateToken, Invocation};
use crate::print::structured::sort_keys;
use kubeplay_apiserver::authz::{self, Attributes, UserInfo};
use kubeplay_apiserver::{ApiError, Store};
use kubeplay_model::{Kind, Object};
use serde_json::{json, Value};

/// The API server's default audience and issuer on kind.
const KUBERNETES_SVC: &str = "https://kubernetes.default.svc.cluster.local";
/// The issuer the API server's token authenticator accepts.
pub const ISSUER: &str = KUBERNETES_SVC;

/// The token's signature over `header.claims` (both base64url), base64url:
/// a stand-in for RS256 with the cluster's service-account key, derived
/// from the signing input and a fixed cluster key through the model's
/// hash and generator, so the authenticator can recompute it and a token
/// whose header or claims were changed no longer verifies. 256 bytes, as
/// a 2048-bit RSA signature is.
pub fn sign(signing_input: &str) -> String {
    let mut h = kubeplay_model::fnv::Fnv::new().bytes(b"kubeplay service-account signing key\0");
    h.write(signing_input.as_bytes());
    let mut rng = kubeplay_model::rng::Rng::new(h.finish());
    let signature: Vec<u8> = (0..32).flat_map(|_| rng.next_u64().to_be_bytes()).collect();
    kubeplay_model::base64::encode_url(&signature)
}

/// `kubectl create token`: the TokenRequest the API server answers.
///
/// The token is shaped as v1.32's service-account token generator writes
/// it (header `{"alg":"RS256","kid":…}`, its claims with Go's sorted map
/// keys, base64url without padding); its signature is [`sign`]'s, which
/// the API server's authenticator (`config_authn`) checks.
pub fn create_token(t: &CreateToken, inv: &Invocation, cx: &Cx, out: &mut Output) {
    let ns = cx.namespace;
    let failed = |out: &mut Output, e: ApiError| out.error(&format!("error: failed to create token: {e}"));
    if let Ok(Some(who)) = requester(inv, cx.store) {
        if let Err(e) = check_api(cx.store, &who, "create", Kind::ServiceAccount, ns, &t.name, "token") {
            return failed(out, e);
        }
    }
    let Some(sa) = cx.store.get_by(Kind::ServiceAccount, ns, &t.name) else {
        return failed(out, ApiError::not_found(Kind::ServiceAccount, &t.name));
    };
    let seconds = if t.duration_ms == 0 { 3600 } else { t.duration_ms / 1000 };
    // The registry names no object in this error.
    let invalid = |m: String| ApiError::BadRequest { message: format!("TokenRequest.authentication.k8s.io \"\" is invalid: spec.expirationSeconds: Invalid value: {seconds}: {m}") };
    if seconds < 600 {
        return failed(out, invalid("may not specify a duration less than 10 minutes".into()));
    }
    if seconds > 1 << 32 {
        return failed(out, invalid("may not specify a duration larger than 2^32 seconds".into()));
    }
    let bound = if t.bound_kind.is_empty() {
        None
    } else {
        let kind = if t.bound_kind == "Pod" { Kind::Pod } else { Kind::Secret };
        let Some(obj) = cx.store.get_by(kind, ns, &t.bound_name) else {
            return failed(out, ApiError::not_found(kind, &t.bound_name));
        };
        if obj.as_pod().is_some_and(|p| p.spec.service_account_name.as_deref().unwrap_or("default") != t.name) {
            let message = format!("cannot bind token for serviceaccount {} to pod running with different serviceaccount name.", crate::gofmt::quote(&t.name));
            return failed(out, ApiError::BadRequest { message });
        }
        let uid = obj.meta().uid.as_str().to_string();
        if !t.bound_uid.is_empty() && t.bound_uid != uid {
            // The conflict names the kind, not the resource.
            let message = format!(
                "Operation cannot be fulfilled on {} {}: the UID in the bound object reference ({}) does not match the UID in record. The object might have been deleted and then recreated",
                t.bound_kind,
                crate::gofmt::quote(&t.bound_name),
                t.bound_uid
            );
            return failed(out, ApiError::BadRequest { message });
        }
        Some((kind, obj.clone()))
    };
    let token = jwt(sa, ns, &t.audiences, seconds, bound.as_ref().map(|(_, o)| o.as_ref()), cx);
    match &t.output {
        None => out.out(&token),
        Some(format) => {
            let iat = cx.now.millis().div_euclid(1000);
            let exp = kubeplay_model::Time::from_millis((iat + seconds) * 1000);
            let mut spec = serde_json::Map::new();
            spec.insert("audiences".into(), json!(if t.audiences.is_empty() { vec![KUBERNETES_SVC.to_string()] } else { t.audiences.clone() }));
            spec.insert("expirationSeconds".into(), json!(seconds));
            if bound.is_some() {
                // The reference as kubectl sent it: the server fills in no uid.
                let mut r = json!({"kind": t.bound_kind, "apiVersion": "v1", "name": t.bound_name});
                if !t.bound_uid.is_empty() {
                    r["uid"] = json!(t.bound_uid);
                }
                spec.insert("boundObjectRef".into(), r);
            }
            let v = json!({
                "kind": "TokenRequest",
                "apiVersion": "authentication.k8s.io/v1",
                "metadata": {"name": t.name, "namespace": ns, "creationTimestamp": cx.now.rfc3339()},
                "spec": spec,
                "status": {"token": token, "expirationTimestamp": exp.rfc3339()},
            });
            print_object(v, format, out);
        }
    }
}

/// A 403 as [`ApiError`] (create token words it in its own prefix).
fn check_api(store: &Store, who: &UserInfo, verb: &str, kind: Kind, namespace: &str, name: &str, subresource: &str) -> Result<(), ApiError> {
    authz::check(store, &Attributes { subresource, ..authz::resource_attributes(who, verb, kind, namespace, name) })
}

fn b64(v: &Value) -> String {
    kubeplay_model::base64::encode_url(serde_json::to_string(v).unwrap_or_default().as_bytes())
}

/// A UUID (version 4) from two draws.
fn uuid(a: u64, b: u64) -> String {
    let mut bytes = [0u8; 16];
    bytes[..8].copy_from_slice(&a.to_be_bytes());
    bytes[8..].copy_from_slice(&b.to_be_bytes());
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let h: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &h[..8], &h[8..12], &h[12..16], &h[16..20], &h[20..])
}

fn jwt(sa: &Object, ns: &str, audiences: &[String], seconds: i64, bound: Option<&Object>, cx: &Cx) -> String {
    let uid = sa.meta().uid.as_str();
    let seed = kubeplay_model::fnv::fnv1a(format!("token/{uid}/{}/{}", cx.now.millis(), cx.store.resource_version()).as_bytes());
    let mut rng = kubeplay_model::rng::Rng::new(seed);
    // The key id is the signing key's: one per cluster, so not drawn per token.
    let mut key_rng = kubeplay_model::rng::Rng::new(kubeplay_model::fnv::fnv1a(b"kubeplay service-account signing key"));
    let kid: Vec<u8> = (0..4).flat_map(|_| key_rng.next_u64().to_be_bytes()).collect();
    let kid = kubeplay_model::base64::encode_url(&kid[..32]);
    let iat = cx.now.millis().div_euclid(1000);
    let aud: Vec<String> = if audiences.is_empty() { vec![KUBERNETES_SVC.to_string()] } else { audiences.to_vec() };
    // Go's map encoding: every level's keys sorted.
    let mut k8s = serde_json::Map::new();
    k8s.insert("namespace".into(), json!(ns));
    if let Some(obj) = bound {
        let field = if obj.kind() == Kind::Pod { "pod" } else { "secret" };
        if let Some(node) = obj.as_pod().and_then(|p| p.spec.node_name.as_ref()).map(|n| n.to_string()) {
            // v1.32 adds the pod's node to a pod-bound token.
            let node_uid = cx.store.get_by(Kind::Node, "", &node).map(|n| n.meta().uid.as_str().to_string()).unwrap_or_default();
            k8s.insert("node".into(), json!({"name": node, "uid": node_uid}));
        }
        k8s.insert(field.into(), json!({"name": obj.name(), "uid": obj.meta().uid.as_str()}));
    }
    k8s.insert("serviceaccount".into(), json!({"name": sa.name(), "uid": uid}));
    let mut claims = json!({
        "aud": aud,
        "exp": iat + seconds,
        "iat": iat,
        "iss": KUBERNETES_SVC,
        "jti": uuid(rng.next_u64(), rng.next_u64()),
        "kubernetes.io": k8s,
        "nbf": iat,
        "sub": format!("{}{ns}:{}", authz::SERVICE_ACCOUNT_PREFIX, sa.name()),
    });
    sort_keys(&mut claims);
    let header = json!({"alg": "RS256", "kid": kid});
    let signing_input = format!("{}.{}", b64(&header), b64(&claims));
    let signature = sign(&signing_input);
    format!("{signing_input}.{signature}")
}
