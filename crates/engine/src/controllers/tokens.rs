//! The legacy service account token controller (`pkg/controller/
//! serviceaccount`'s TokensController): a Secret of type
//! `kubernetes.io/service-account-token` that names a ServiceAccount gets
//! a long-lived token, the cluster's CA bundle and its namespace, and the
//! account's uid in an annotation. A token Secret whose account is gone
//! (or is another account of the same name) is deleted, and so are an
//! account's token Secrets when the account goes.
//!
//! Since v1.24 nothing makes such Secrets on its own; a user does, as the
//! Secrets page shows, for a token that never expires.

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, ChangeType, Store};
use kubeplay_model::api::Secret;
use kubeplay_model::{Kind, Object, ObjectKey};
use serde_json::json;

pub struct TokensController;

pub const TOKEN_TYPE: &str = "kubernetes.io/service-account-token";
const NAME_KEY: &str = "kubernetes.io/service-account.name";
const UID_KEY: &str = "kubernetes.io/service-account.uid";

/// What the controller would do to a token Secret.
#[derive(Debug, PartialEq, Eq)]
enum Need {
    Nothing,
    /// Fill in the token, CA and namespace (and the uid annotation).
    Populate,
    /// The account is missing, or the Secret names another one's uid.
    Delete,
}

fn need(store: &Store, s: &Secret) -> Need {
    if s.type_.as_deref() != Some(TOKEN_TYPE) || s.metadata.deletion_timestamp.is_some() {
        return Need::Nothing;
    }
    let account = s.metadata.annotation(NAME_KEY).unwrap_or_default();
    let Some(sa) = store.get_by(Kind::ServiceAccount, &s.metadata.namespace, account) else { return Need::Delete };
    let uid = sa.meta().uid.as_str();
    if s.metadata.annotation(UID_KEY).is_some_and(|u| !u.is_empty() && u != uid) {
        return Need::Delete;
    }
    let filled = ["token", "ca.crt", "namespace"].iter().all(|k| s.data.get(*k).is_some_and(|v| !v.is_empty()));
    if filled && s.metadata.annotation(UID_KEY) == Some(uid) {
        Need::Nothing
    } else {
        Need::Populate
    }
}

/// `LegacyClaims`, signed by nobody: a JWT whose claims are the ones a
/// real legacy token carries (go-jose writes them in key order), with a
/// signature drawn from the Secret's identity.
fn legacy_token(namespace: &str, account: &str, account_uid: &str, secret: &str, secret_uid: &str) -> String {
    let b64 = |v: &serde_json::Value| kubeplay_model::base64::encode_url(serde_json::to_string(v).unwrap_or_default().as_bytes());
    let mut key_rng = kubeplay_model::rng::Rng::new(kubeplay_model::fnv::fnv1a(b"kubeplay service-account signing key"));
    let kid: Vec<u8> = (0..4).flat_map(|_| key_rng.next_u64().to_be_bytes()).collect();
    let header = json!({"alg": "RS256", "kid": kubeplay_model::base64::encode_url(&kid[..32])});
    let claims = json!({
        "iss": "kubernetes/serviceaccount",
        "kubernetes.io/serviceaccount/namespace": namespace,
        "kubernetes.io/serviceaccount/secret.name": secret,
        "kubernetes.io/serviceaccount/service-account.name": account,
        "kubernetes.io/serviceaccount/service-account.uid": account_uid,
        "sub": format!("system:serviceaccount:{namespace}:{account}"),
    });
    let mut rng = kubeplay_model::rng::Rng::new(kubeplay_model::fnv::fnv1a(format!("legacy-token/{secret_uid}").as_bytes()));
    let signature: Vec<u8> = (0..32).flat_map(|_| rng.next_u64().to_be_bytes()).collect();
    format!("{}.{}.{}", b64(&header), b64(&claims), kubeplay_model::base64::encode_url(&signature))
}

impl Controller for TokensController {
    fn id(&self) -> ControllerId {
        ControllerId::Tokens
    }
    fn component(&self) -> &'static str {
        "tokens-controller"
    }

    fn watch(&self, change: &Change, store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        match change.key.kind {
            Kind::Secret if change.type_ != ChangeType::Deleted => {
                if let Some(Object::Secret(s)) = change.new.as_deref() {
                    if need(store, s) != Need::Nothing {
                        enqueue(change.key.clone());
                    }
                }
            }
            // A deleted account takes its token Secrets with it.
            Kind::ServiceAccount if change.type_ == ChangeType::Deleted => {
                for o in store.list(Kind::Secret, Some(&change.key.namespace)) {
                    if let Object::Secret(s) = &**o {
                        if s.type_.as_deref() == Some(TOKEN_TYPE) && s.metadata.annotation(NAME_KEY) == Some(change.key.name.as_str()) {
                            enqueue(o.key());
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let Some(obj) = ctx.get(key) else {
            ctx.explain(format!("secret {} is gone", key.name));
            return;
        };
        let Object::Secret(s) = &*obj else { return };
        ctx.desired(format!("token secret {} holds a token for its service account", key.name));
        match need(ctx.store(), s) {
            Need::Nothing => ctx.explain(format!("secret {} needs nothing", key.name)),
            Need::Delete => {
                let account = s.metadata.annotation(NAME_KEY).unwrap_or_default().to_string();
                ctx.observed(format!("secret {} names service account {account:?}, which does not exist", key.name));
                if ctx.delete(key, Default::default()).is_ok() {
                    ctx.explain(format!("deleted token secret {}: its service account {account:?} is gone", key.name));
                }
            }
            Need::Populate => {
                let account = s.metadata.annotation(NAME_KEY).unwrap_or_default().to_string();
                let Some(sa) = ctx.get(&ObjectKey::new(Kind::ServiceAccount, &key.namespace, &account)) else { return };
                let account_uid = sa.meta().uid.as_str().to_string();
                let ca = match super::rootca::root_ca_config_map(&key.namespace) {
                    Object::ConfigMap(cm) => cm.data.get("ca.crt").cloned().unwrap_or_default(),
                    _ => String::new(),
                };
                let mut new = Secret::clone(s);
                let encode = |v: &str| kubeplay_model::base64::encode(v.as_bytes());
                if new.data.get("token").is_none_or(|t| t.is_empty()) {
                    let token = legacy_token(&key.namespace, &account, &account_uid, &key.name, s.metadata.uid.as_str());
                    new.data.insert("token".into(), encode(&token));
                }
                new.data.insert("namespace".into(), encode(&key.namespace));
                new.data.insert("ca.crt".into(), encode(&ca));
                new.metadata.annotations.insert(UID_KEY.into(), account_uid);
                if ctx.update(Object::Secret(Box::new(new))).is_ok() {
                    ctx.explain(format!("filled token secret {} with a token for service account {account}, the CA bundle and the namespace", key.name));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legacy_token_claims() {
        let token = legacy_token("default", "build-robot", "uid-1", "build-robot-secret", "s-uid");
        let parts: Vec<&str> = token.split('.').collect();
        assert_eq!(parts.len(), 3);
        let standard: String = parts[1].chars().map(|c| match c {
            '-' => '+',
            '_' => '/',
            c => c,
        }).collect();
        let claims = kubeplay_model::base64::decode(&standard).expect("base64");
        assert_eq!(
            String::from_utf8(claims).expect("utf-8"),
            r#"{"iss":"kubernetes/serviceaccount","kubernetes.io/serviceaccount/namespace":"default","kubernetes.io/serviceaccount/secret.name":"build-robot-secret","kubernetes.io/serviceaccount/service-account.name":"build-robot","kubernetes.io/serviceaccount/service-account.uid":"uid-1","sub":"system:serviceaccount:default:build-robot"}"#
        );
    }
}
