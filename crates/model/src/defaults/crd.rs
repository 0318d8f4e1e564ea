//! CustomResourceDefinition defaults (apiextensions v1's `SetDefaults_*`).

use crate::api::{CustomResourceConversion, CustomResourceDefinition};

pub fn crd(o: &mut CustomResourceDefinition) {
    let names = &mut o.spec.names;
    if names.singular.is_empty() {
        names.singular = names.kind.to_lowercase();
    }
    if names.list_kind.is_empty() && !names.kind.is_empty() {
        names.list_kind = format!("{}List", names.kind);
    }
    let conversion = o.spec.conversion.get_or_insert_with(|| CustomResourceConversion { strategy: "None".into(), webhook: None });
    // `SetDefaults_ServiceReference`: a conversion webhook's service listens on 443.
    if let Some(service) = conversion.webhook.as_mut().and_then(|w| w.get_mut("clientConfig")).and_then(|c| c.get_mut("service")).and_then(|s| s.as_object_mut()) {
        service.entry("port").or_insert_with(|| 443.into());
    }
    if o.status.stored_versions.is_empty() {
        if let Some(v) = o.spec.versions.iter().find(|v| v.storage) {
            o.status.stored_versions.push(v.name.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn defaulted(v: serde_json::Value) -> serde_json::Value {
        let mut c: CustomResourceDefinition = serde_json::from_value(v).expect("test CRD decodes");
        crd(&mut c);
        serde_json::to_value(&c).expect("CRD encodes")
    }

    // apiextensions/v1/defaults_test.go's TestDefaults
    #[test]
    fn upstream_defaults() {
        let empty = defaulted(json!({}));
        assert_eq!(empty["spec"]["conversion"], json!({"strategy": "None"}));
        assert_eq!(empty["status"]["storedVersions"], json!([]));

        let webhook = defaulted(json!({"spec": {"scope": "Namespaced", "conversion": {"strategy": "Webhook", "webhook": {"clientConfig": {"service": {}}}}}}));
        assert_eq!(webhook["spec"]["conversion"], json!({"strategy": "Webhook", "webhook": {"clientConfig": {"service": {"port": 443}}}}));

        let versions = json!([{"name": "v1", "served": true, "storage": false}, {"name": "v2", "served": true, "storage": true}, {"name": "v3", "served": true, "storage": false}]);
        let storage = defaulted(json!({"spec": {"scope": "Namespaced", "conversion": {"strategy": "None"}, "versions": versions}}));
        assert_eq!(storage["status"]["storedVersions"], json!(["v2"]));
        assert_eq!(storage["spec"]["versions"], versions);

        let one = defaulted(json!({"spec": {"scope": "Namespaced", "conversion": {"strategy": "None"}, "versions": [{"name": "v1", "storage": true}]}}));
        assert_eq!(one["status"]["storedVersions"], json!(["v1"]));
    }

    #[test]
    fn names_follow_the_kind() {
        let c = defaulted(json!({"spec": {"names": {"plural": "crontabs", "kind": "CronTab"}}}));
        assert_eq!(c["spec"]["names"], json!({"plural": "crontabs", "singular": "crontab", "kind": "CronTab", "listKind": "CronTabList"}));
        // Without a kind there is no list kind to derive.
        let c = defaulted(json!({"spec": {"names": {"plural": "crontabs"}}}));
        assert_eq!(c["spec"]["names"], json!({"plural": "crontabs", "kind": ""}));
    }
}
