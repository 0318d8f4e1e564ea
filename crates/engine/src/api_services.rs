//! The APIServices the API server registers for itself
//! (`apiregistration.k8s.io/v1`), presented to reads, never stored.
//!
//! At start, kube-apiserver's autoregistration makes one local APIService
//! for each group version it serves that has a priority in its table,
//! labelled `kube-aggregator.kubernetes.io/automanaged: onstart`, and the
//! CRD registration controller one for each served version of every
//! custom resource group (`automanaged: "true"`, priority 1000/100). A
//! local one has no service and is always Available. Here their
//! group versions are what this cluster's discovery serves (`kubectl
//! api-versions`), built-in ones created with the `kube-system` namespace
//! and a CRD's with the CRD; each keeps its uid from read to read.
//!
//! What this gives up: a real cluster also lists the group versions the
//! playground does not serve (authentication.k8s.io and
//! authorization.k8s.io, so far); and users may register
//! aggregated APIs,
//! which the playground refuses (`(playground)`, kubectl's
//! `exec/lease_writes.rs`), having no extension API server to reach.

use kubeplay_apiserver::Store;
use kubeplay_model::api::{APIService, ApiServiceSpec, ApiServiceStatus};
use kubeplay_model::meta::{find_condition, Condition};
use kubeplay_model::{Kind, Object, ObjectMeta, Time};
use std::collections::BTreeMap;
use std::sync::Arc;

pub const AUTOMANAGED_LABEL: &str = "kube-aggregator.kubernetes.io/automanaged";

/// kube-apiserver's `apiVersionPriorities` for the v1.32 group versions a
/// kind cluster serves: (group, version, group priority, version
/// priority). Only those this cluster serves are registered;
/// apiregistration.k8s.io has no entry, so no APIService of its own.
const PRIORITIES: &[(&str, &str, i32, i32)] = &[
    ("", "v1", 18000, 1),
    ("apps", "v1", 17800, 15),
    ("events.k8s.io", "v1", 17750, 15),
    ("authentication.k8s.io", "v1", 17700, 15),
    ("authorization.k8s.io", "v1", 17600, 15),
    ("autoscaling", "v1", 17500, 15),
    ("autoscaling", "v2", 17500, 30),
    ("batch", "v1", 17400, 15),
    ("certificates.k8s.io", "v1", 17300, 15),
    ("networking.k8s.io", "v1", 17200, 15),
    ("policy", "v1", 17100, 15),
    ("rbac.authorization.k8s.io", "v1", 17000, 15),
    ("storage.k8s.io", "v1", 16800, 15),
    ("apiextensions.k8s.io", "v1", 16700, 15),
    ("admissionregistration.k8s.io", "v1", 16700, 15),
    ("scheduling.k8s.io", "v1", 16600, 15),
    ("coordination.k8s.io", "v1", 16500, 15),
    ("node.k8s.io", "v1", 16300, 15),
    ("discovery.k8s.io", "v1", 16200, 15),
    ("flowcontrol.apiserver.k8s.io", "v1", 16100, 21),
];

/// The CRD registration controller's fixed priorities.
const CRD_GROUP_PRIORITY: i32 = 1000;
const CRD_VERSION_PRIORITY: i32 = 100;

/// Whether the cluster serves `group/version` as a built-in group version.
fn built_in(group: &str, version: &str) -> bool {
    let events = group == kubeplay_model::api::events_v1::GROUP && version == kubeplay_model::api::events_v1::VERSION;
    let hpa_v1 = group == "autoscaling" && version == "v1";
    events || hpa_v1 || Kind::ALL.iter().any(|k| k.info().group == group && k.info().version == version)
}

fn stable_uid(name: &str, anchor: &str) -> kubeplay_model::Uid {
    let seed = ["apiservice", name, anchor].iter().fold(kubeplay_model::fnv::Fnv::new(), |h, p| h.bytes(p.as_bytes()).bytes(&[0xff])).finish();
    let mut rng = kubeplay_model::rng::Rng::new(seed);
    kubeplay_apiserver::uuid(&mut || rng.next_u64())
}

fn local(group: &str, version: &str, priorities: (i32, i32), automanaged: &str, created: Option<Time>, anchor: &str) -> APIService {
    let name = format!("{version}.{group}");
    APIService {
        metadata: ObjectMeta {
            uid: stable_uid(&name, anchor),
            creation_timestamp: created,
            labels: BTreeMap::from([(AUTOMANAGED_LABEL.to_string(), automanaged.to_string())]).into(),
            name,
            ..Default::default()
        },
        spec: ApiServiceSpec {
            group: (!group.is_empty()).then(|| group.to_string()),
            version: Some(version.to_string()),
            group_priority_minimum: priorities.0,
            version_priority: priorities.1,
            ..Default::default()
        },
        status: ApiServiceStatus {
            conditions: vec![Condition {
                type_: "Available".into(),
                status: "True".into(),
                last_transition_time: created,
                reason: Some("Local".into()),
                message: Some("Local APIServices are always available".into()),
                ..Default::default()
            }],
        },
    }
}

/// Every APIService a read finds in `store`.
pub fn api_services(store: &Store) -> Vec<APIService> {
    let ns = store.get_by(Kind::Namespace, "", "kube-system");
    let (started, anchor) = (ns.and_then(|n| n.meta().creation_timestamp), ns.map(|n| n.meta().uid.as_str().to_string()).unwrap_or_default());
    let mut out: Vec<APIService> = PRIORITIES.iter().filter(|(g, v, ..)| built_in(g, v)).map(|(g, v, gp, vp)| local(g, v, (*gp, *vp), "onstart", started, &anchor)).collect();
    for o in store.list(Kind::CustomResourceDefinition, None) {
        let Some(crd) = o.as_crd() else { continue };
        if crd.metadata.deletion_timestamp.is_some() || !find_condition(&crd.status.conditions, "Established").is_some_and(|c| c.is_true()) {
            continue;
        }
        for v in crd.spec.versions.iter().filter(|v| v.served && !built_in(&crd.spec.group, &v.name)) {
            let name = format!("{}.{}", v.name, crd.spec.group);
            if out.iter().any(|a| a.metadata.name == name) {
                continue;
            }
            out.push(local(&crd.spec.group, &v.name, (CRD_GROUP_PRIORITY, CRD_VERSION_PRIORITY), "true", crd.metadata.creation_timestamp, crd.metadata.uid.as_str()));
        }
    }
    out
}

/// Puts them into a read's throwaway copy of the store (`Store::present`),
/// at the store's revision, as a list would see them.
pub fn present(view: &mut Store) {
    let version = kubeplay_model::shared_str::SharedStr::from(view.resource_version().to_string().as_str());
    for mut a in api_services(view) {
        a.metadata.resource_version = version.clone();
        view.present(Arc::new(Object::from(a)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_served_group_version_has_a_local_available_apiservice() {
        let e = crate::engine::Engine::with_default_cluster(1);
        let all = api_services(e.store());
        let names: Vec<&str> = all.iter().map(|a| a.metadata.name.as_str()).collect();
        for want in ["v1.", "v1.apps", "v2.autoscaling", "v1.autoscaling", "v1.events.k8s.io", "v1.coordination.k8s.io", "v1.storage.k8s.io"] {
            assert!(names.contains(&want), "{want} in {names:?}");
        }
        assert!(!names.contains(&"v1.apiregistration.k8s.io"), "{names:?}");
        // Each served built-in group version, and only those.
        for k in Kind::ALL {
            let i = k.info();
            let name = format!("{}.{}", i.version, i.group);
            assert_eq!(names.contains(&name.as_str()), i.group != "apiregistration.k8s.io", "{name}");
        }
        for a in &all {
            assert!(a.spec.service.is_none());
            assert_eq!(find_condition(&a.status.conditions, "Available").map(|c| c.is_true()), Some(true));
        }
        let mut view = e.store().clone();
        present(&mut view);
        assert_eq!(view.list(Kind::APIService, None).count(), all.len());
        assert_eq!(e.store().list(Kind::APIService, None).count(), 0);
        // The same uid from read to read.
        assert_eq!(api_services(e.store())[0].metadata.uid, all[0].metadata.uid);
    }
}
