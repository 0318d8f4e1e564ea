//! `kubectl describe` for ConfigMaps, Secrets and ServiceAccounts. Data
//! keys are listed sorted: kubectl v1.32 walks Go maps here, in no fixed
//! order, and a sorted listing is one of the orders it can print.

use super::{annotations_multiline, finish_with_events, labels_multiline, Writer};
use kubeplay_model::api::{ConfigMap, Event, Secret, ServiceAccount};
use kubeplay_model::Time;
use serde_json::Value;
use std::collections::BTreeSet;

const SERVICE_ACCOUNT_TOKEN: &str = "kubernetes.io/service-account-token";

/// Standard (padded) base64 as Go's JSON decoding of `[]byte` reads it,
/// which skips line breaks; `None` for text that is not base64.
fn decode_base64(s: &str) -> Option<Vec<u8>> {
    kubeplay_model::base64::decode(s)
}

/// How many bytes a base64 data value holds (what `len(v)` counts upstream).
fn byte_len(s: &str) -> usize {
    decode_base64(s).map_or(s.len() * 3 / 4, |b| b.len())
}

/// `describeConfigMap`, with the blank line kubectl (since v1.31) puts after
/// each value.
pub fn describe_config_map(cm: &ConfigMap, events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    let m = &cm.metadata;
    w.write(0, &format!("Name:\t{}\n", m.name));
    w.write(0, &format!("Namespace:\t{}\n", m.namespace));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    w.write(0, "\nData\n====\n");
    for (k, v) in &cm.data {
        w.write(0, &format!("{k}:\n----\n"));
        w.write(0, &format!("{v}\n"));
        w.write(0, "\n");
    }
    w.write(0, "\nBinaryData\n====\n");
    for (k, v) in &cm.binary_data {
        w.write(0, &format!("{k}: {} bytes\n", byte_len(v)));
    }
    w.write(0, "\n");
    finish_with_events(w, events, now)
}

/// `describeSecret`: sizes only, except a service account token's token,
/// which kubectl prints. The page has no events.
pub fn describe_secret(s: &Secret) -> String {
    let mut w = Writer::new();
    let m = &s.metadata;
    let type_ = s.type_.as_deref().unwrap_or("");
    w.write(0, &format!("Name:\t{}\n", m.name));
    w.write(0, &format!("Namespace:\t{}\n", m.namespace));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    w.write(0, &format!("\nType:\t{type_}\n"));
    w.write(0, "\nData\n====\n");
    for (k, v) in &s.data {
        if k == "token" && type_ == SERVICE_ACCOUNT_TOKEN {
            let token = decode_base64(v).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default();
            w.write(0, &format!("{k}:\t{token}\n"));
        } else {
            w.write(0, &format!("{k}:\t{} bytes\n", byte_len(v)));
        }
    }
    w.finish()
}

/// The `name`s of a list of object references kept as raw JSON.
fn ref_names(refs: Option<&Value>) -> Vec<String> {
    let items = refs.and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]);
    items.iter().map(|r| r.get("name").and_then(Value::as_str).unwrap_or("").to_string()).collect()
}

/// `ServiceAccountDescriber` and `describeServiceAccount`: `secrets` are
/// the namespace's Secrets, which give the account's legacy token Secrets
/// and tell which referenced Secrets are missing.
pub fn describe_service_account(sa: &ServiceAccount, secrets: &[&Secret], events: Option<&[&Event]>, now: Time) -> String {
    let m = &sa.metadata;
    let existing: BTreeSet<&str> = secrets.iter().map(|s| s.metadata.name.as_str()).collect();
    let tokens: Vec<String> = secrets
        .iter()
        .filter(|s| s.type_.as_deref() == Some(SERVICE_ACCOUNT_TOKEN))
        .filter(|s| {
            let a = &s.metadata;
            a.annotation("kubernetes.io/service-account.name").unwrap_or("") == m.name
                && a.annotation("kubernetes.io/service-account.uid").unwrap_or("") == m.uid.as_str()
        })
        .map(|s| s.metadata.name.clone())
        .collect();
    let pull = ref_names(sa.image_pull_secrets.as_ref());
    let mount = ref_names(sa.secrets.as_ref());
    let missing = |name: &str, can_be_missing: bool| can_be_missing && !existing.contains(name);

    let mut w = Writer::new();
    w.write(0, &format!("Name:\t{}\n", m.name));
    w.write(0, &format!("Namespace:\t{}\n", m.namespace));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    // Headers are padded to one width so continuation lines line up;
    // kubectl prints them in sorted order.
    let sections = [("Image pull secrets:", &pull, true), ("Mountable secrets: ", &mount, true), ("Tokens:            ", &tokens, false)];
    for (header, names, referenced) in sections {
        if names.is_empty() {
            w.write(0, &format!("{header}\t<none>\n"));
            continue;
        }
        for (i, name) in names.iter().enumerate() {
            let prefix = if i == 0 { header } else { "                   " };
            let note = if missing(name, referenced) { " (not found)" } else { "" };
            w.write(0, &format!("{prefix}\t{name}{note}\n"));
        }
    }
    finish_with_events(w, events, now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const NOW: Time = kubeplay_model::time::EPOCH;

    fn meta_named(name: &str, namespace: &str) -> kubeplay_model::ObjectMeta {
        kubeplay_model::ObjectMeta { name: name.into(), namespace: namespace.into(), ..Default::default() }
    }

    #[test]
    fn base64_lengths() {
        for (text, want) in [("", 0), ("dg==", 1), ("YWI=", 2), ("YWJj", 3), ("//79/Ps=", 5), ("//79/Pv6", 6), ("YW\nJj", 3)] {
            assert_eq!(byte_len(text), want, "{text}");
        }
        assert_eq!(decode_base64("aGVsbG8="), Some(b"hello".to_vec()));
        assert_eq!(decode_base64("a*b"), None);
    }

    // describe.go's describeConfigMap, on describe_test.go's TestDescribeConfigMap object.
    #[test]
    fn config_map_page() {
        let mut cm = ConfigMap { metadata: meta_named("mycm", "foo"), ..Default::default() };
        cm.data.insert("key1".into(), "value1".into());
        cm.data.insert("key2".into(), "value2".into());
        cm.binary_data.insert("binarykey1".into(), "//79/Ps=".into());
        cm.binary_data.insert("binarykey2".into(), "//79/Pv6".into());
        let want = "\
Name:         mycm
Namespace:    foo
Labels:       <none>
Annotations:  <none>

Data
====
key1:
----
value1

key2:
----
value2


BinaryData
====
binarykey1: 5 bytes
binarykey2: 6 bytes

Events:  <none>
";
        assert_eq!(describe_config_map(&cm, Some(&[]), NOW), want);
        let empty = ConfigMap { metadata: meta_named("e", "default"), ..Default::default() };
        assert_eq!(
            describe_config_map(&empty, None, NOW),
            "Name:         e\nNamespace:    default\nLabels:       <none>\nAnnotations:  <none>\n\nData\n====\n\nBinaryData\n====\n\n"
        );
    }

    // describeSecret: `Type` and the data rows each align on their own.
    #[test]
    fn secret_page() {
        let mut s = Secret { metadata: meta_named("s", "default"), type_: Some("Opaque".into()), ..Default::default() };
        s.data.insert("k".into(), "dg==".into());
        s.data.insert("password".into(), "c2VjcmV0".into());
        let want = "\
Name:         s
Namespace:    default
Labels:       <none>
Annotations:  <none>

Type:  Opaque

Data
====
k:         1 bytes
password:  6 bytes
";
        assert_eq!(describe_secret(&s), want);

        let mut tok = Secret { metadata: meta_named("t", "default"), type_: Some(SERVICE_ACCOUNT_TOKEN.into()), ..Default::default() };
        tok.data.insert("ca.crt".into(), "YWJj".into());
        tok.data.insert("token".into(), "ZXlKaGJH".into());
        let page = describe_secret(&tok);
        assert!(page.ends_with("\nData\n====\nca.crt:  3 bytes\ntoken:   eyJhbG\n"), "{page}");
        let bare = describe_secret(&Secret::default());
        assert!(bare.contains("\nType:  \n\nData\n====\n"), "{bare}");
    }

    // describe_test.go's TestDescribeServiceAccount: referenced secrets that
    // are not in the namespace are marked.
    #[test]
    fn service_account_page() {
        let sa = ServiceAccount {
            metadata: meta_named("bar", "foo"),
            secrets: Some(json!([{"name": "test-objectref"}])),
            image_pull_secrets: Some(json!([{"name": "test-local-ref"}])),
            ..Default::default()
        };
        let want = "\
Name:                bar
Namespace:           foo
Labels:              <none>
Annotations:         <none>
Image pull secrets:  test-local-ref (not found)
Mountable secrets:   test-objectref (not found)
Tokens:              <none>
Events:              <none>
";
        assert_eq!(describe_service_account(&sa, &[], Some(&[]), NOW), want);
    }

    // Found secrets are listed plainly; legacy tokens match on the account's
    // name and UID annotations; extra names go on padded continuation lines.
    #[test]
    fn service_account_tokens_and_continuations() {
        let mut sa = ServiceAccount {
            metadata: meta_named("build", "ci"),
            image_pull_secrets: Some(json!([{"name": "reg-a"}, {"name": "reg-b"}])),
            ..Default::default()
        };
        sa.metadata.uid = "u-1".into();
        let secret = |name: &str, type_: &str, sa_name: &str, uid: &str| {
            let mut s = Secret { metadata: meta_named(name, "ci"), type_: Some(type_.into()), ..Default::default() };
            let mut ann = std::collections::BTreeMap::new();
            ann.insert("kubernetes.io/service-account.name".to_string(), sa_name.to_string());
            ann.insert("kubernetes.io/service-account.uid".to_string(), uid.to_string());
            s.metadata.annotations = ann.into();
            s
        };
        let reg = secret("reg-a", "kubernetes.io/dockerconfigjson", "", "");
        let tok = secret("build-token", SERVICE_ACCOUNT_TOKEN, "build", "u-1");
        let stale = secret("old-token", SERVICE_ACCOUNT_TOKEN, "build", "u-0");
        let page = describe_service_account(&sa, &[&tok, &stale, &reg], None, NOW);
        assert!(
            page.ends_with("Image pull secrets:  reg-a\n                     reg-b (not found)\nMountable secrets:   <none>\nTokens:              build-token\n"),
            "{page}"
        );
    }
}
