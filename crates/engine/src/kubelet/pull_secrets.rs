//! The kubelet's `getPullSecretsForPod`: every sync of a pod that is past
//! mounting its volumes looks up the Secrets its `imagePullSecrets` name,
//! and warns (`FailedToRetrieveImagePullSecret`) about those it cannot
//! find, before any pull. The playground's registry needs no credentials,
//! so the Secrets found change nothing else.

use super::sync::Worker;
use kubeplay_apiserver::Store;
use kubeplay_model::api::Pod;
use kubeplay_model::Kind;
use serde_json::Value;

/// The names of the pod's pull secrets that are missing from its
/// namespace, in the spec's order; entries without a name (which
/// validation lets through) are skipped, as upstream skips them.
pub fn missing(store: &Store, pod: &Pod) -> Vec<String> {
    let refs = pod.spec.image_pull_secrets.as_deref().and_then(Value::as_array);
    refs.into_iter()
        .flatten()
        .filter_map(|r| r.get("name").and_then(Value::as_str))
        .filter(|name| !name.is_empty() && store.get_by(Kind::Secret, &pod.metadata.namespace, name).is_none())
        .map(str::to_string)
        .collect()
}

impl Worker<'_, '_> {
    pub(super) fn check_pull_secrets(&mut self) {
        let missing = missing(self.ctx.store(), &self.pod);
        if !missing.is_empty() {
            self.event(
                "Warning",
                "FailedToRetrieveImagePullSecret",
                format!("Unable to retrieve some image pull secrets ({}); attempting to pull the image may not succeed.", missing.join(", ")),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_apiserver::WriteCtx;
    use kubeplay_model::time::EPOCH;
    use kubeplay_model::Object;
    use serde_json::json;

    #[test]
    fn missing_pull_secrets() {
        let mut n = 0u64;
        let mut rng = move || {
            n += 1;
            n
        };
        let mut s = Store::new();
        let ns = serde_json::from_value(json!({"metadata": {"name": "ns1"}})).expect("namespace");
        s.create(Object::Namespace(Box::new(ns)), &mut WriteCtx { now: EPOCH, rng: &mut rng }).expect("namespace");
        let secret = serde_json::from_value(json!({"metadata": {"name": "regcred", "namespace": "ns1"}})).expect("secret");
        s.create(Object::Secret(Box::new(secret)), &mut WriteCtx { now: EPOCH, rng: &mut rng }).expect("secret");
        let cases = [
            ("none named", json!(null), vec![]),
            ("all there", json!([{"name": "regcred"}]), vec![]),
            ("one missing", json!([{"name": "regcred"}, {"name": "other"}]), vec!["other"]),
            ("in the spec's order", json!([{"name": "b"}, {"name": "regcred"}, {"name": "a"}]), vec!["b", "a"]),
            ("an empty name is skipped", json!([{"name": ""}, {}]), vec![]),
        ];
        for (name, refs, want) in cases {
            let mut pod: Pod = serde_json::from_value(json!({"metadata": {"name": "p", "namespace": "ns1"}, "spec": {"containers": []}})).expect("pod");
            if !refs.is_null() {
                pod.spec_mut().image_pull_secrets = Some(Box::new(refs));
            }
            assert_eq!(missing(&s, &pod), want, "{name}");
        }
    }
}
