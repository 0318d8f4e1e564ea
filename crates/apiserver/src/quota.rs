//! The LimitRanger and ResourceQuota admission plugins
//! (`plugin/pkg/admission/limitranger`, `…/resourcequota`): container
//! defaults and bounds from LimitRanges, and per-namespace totals that a
//! create may not push past a quota's `hard` limits.

use crate::error::{ApiError, Result};
use crate::store::Store;
use kubeplay_model::api::{Pod, ResourceList};
use kubeplay_model::{Kind, Object, Quantity};
use std::collections::BTreeMap;

/// LimitRanger's mutating half: defaults for missing requests/limits from
/// every LimitRange of the pod's namespace, recorded in the
/// `kubernetes.io/limit-ranger` annotation.
pub fn limit_ranger_defaults(store: &Store, pod: &mut Pod) {
    let ranges: Vec<_> = store.list(Kind::LimitRange, Some(&pod.metadata.namespace)).cloned().collect();
    let mut notes: Vec<String> = Vec::new();
    for r in &ranges {
        let Object::LimitRange(lr) = &**r else { continue };
        for item in lr.spec.limits.iter().filter(|i| i.type_ == "Container") {
            // LimitRange defaulting: `default` falls back to `max`,
            // `defaultRequest` to `default`.
            let default_limit: ResourceList = if item.default.is_empty() { item.max.clone() } else { item.default.clone() };
            let default_request: ResourceList = if item.default_request.is_empty() { default_limit.clone() } else { item.default_request.clone() };
            let spec = pod.spec_mut();
            for c in spec.init_containers.iter_mut().chain(spec.containers.iter_mut()) {
                for (res, q) in &default_request {
                    if !c.resources.requests.contains_key(res) {
                        c.resources.requests.insert(res.clone(), q.clone());
                        notes.push(format!("{res} request for container {}", c.name));
                    }
                }
                for (res, q) in &default_limit {
                    if !c.resources.limits.contains_key(res) {
                        c.resources.limits.insert(res.clone(), q.clone());
                        notes.push(format!("{res} limit for container {}", c.name));
                    }
                }
            }
        }
    }
    if !notes.is_empty() {
        pod.metadata.annotations.insert("kubernetes.io/limit-ranger".into(), format!("LimitRanger plugin set: {}", notes.join("; ")));
    }
}

/// LimitRanger's validating half: the min/max bounds.
pub fn limit_ranger_validate(store: &Store, pod: &Pod) -> Result<()> {
    let ranges: Vec<_> = store.list(Kind::LimitRange, Some(&pod.metadata.namespace)).cloned().collect();
    for r in &ranges {
        let Object::LimitRange(lr) = &**r else { continue };
        for item in lr.spec.limits.iter().filter(|i| i.type_ == "Container") {
            for c in pod.spec.init_containers.iter().chain(&pod.spec.containers) {
                for (res, min) in &item.min {
                    if let Some(req) = c.resources.requests.get(res).or_else(|| c.resources.limits.get(res)) {
                        if req < min {
                            return Err(forbidden(pod, format!("minimum {res} usage per Container is {min}, but request is {req}")));
                        }
                    } else {
                        return Err(forbidden(pod, format!("minimum {res} usage per Container is {min}.  No request is specified")));
                    }
                }
                for (res, max) in &item.max {
                    match c.resources.limits.get(res) {
                        Some(l) if l > max => return Err(forbidden(pod, format!("maximum {res} usage per Container is {max}, but limit is {l}"))),
                        Some(_) => {}
                        None => return Err(forbidden(pod, format!("maximum {res} usage per Container is {max}.  No limit is specified"))),
                    }
                }
            }
        }
    }
    Ok(())
}

fn forbidden(pod: &Pod, detail: String) -> ApiError {
    ApiError::Forbidden { message: format!("pods \"{}\" is forbidden: {detail}", pod.metadata.name) }
}

/// A pod's effective requests and limits: the sum over app containers, or
/// the largest init container's when that is bigger (upstream's
/// `PodRequests`).
fn pod_resources(pod: &Pod) -> (ResourceList, ResourceList) {
    let sum = |pick: &dyn Fn(&kubeplay_model::api::Container) -> &ResourceList| {
        let mut total: ResourceList = BTreeMap::new();
        for c in &pod.spec.containers {
            for (k, q) in pick(c) {
                let v = total.get(k).map_or_else(|| q.clone(), |t| t.add(q));
                total.insert(k.clone(), v);
            }
        }
        for c in &pod.spec.init_containers {
            for (k, q) in pick(c) {
                if total.get(k).is_none_or(|t| q > t) {
                    total.insert(k.clone(), q.clone());
                }
            }
        }
        total
    };
    (sum(&|c| &c.resources.requests), sum(&|c| &c.resources.limits))
}

/// What one object adds to each quota resource it counts toward.
pub fn usage_of(obj: &Object) -> BTreeMap<String, Quantity> {
    let mut u = BTreeMap::new();
    let kind = obj.kind();
    let info = kind.info();
    let count_name = if info.group.is_empty() { format!("count/{}", info.plural) } else { format!("count/{}.{}", info.plural, info.group) };
    u.insert(count_name, Quantity::from_value(1));
    match obj {
        Object::Pod(p) => {
            if matches!(p.phase(), "Succeeded" | "Failed") {
                return BTreeMap::new();
            }
            u.insert("pods".into(), Quantity::from_value(1));
            let (req, lim) = pod_resources(p);
            for (k, q) in req {
                u.insert(format!("requests.{k}"), q.clone());
                if k == "cpu" || k == "memory" {
                    u.insert(k, q);
                }
            }
            for (k, q) in lim {
                u.insert(format!("limits.{k}"), q);
            }
        }
        Object::Service(s) => {
            u.insert("services".into(), Quantity::from_value(1));
            match s.spec.type_.as_deref() {
                Some("NodePort") => {
                    u.insert("services.nodeports".into(), Quantity::from_value(s.spec.ports.len() as i64));
                }
                Some("LoadBalancer") => {
                    u.insert("services.loadbalancers".into(), Quantity::from_value(1));
                }
                _ => {}
            }
        }
        Object::ConfigMap(_) => {
            u.insert("configmaps".into(), Quantity::from_value(1));
        }
        Object::Secret(_) => {
            u.insert("secrets".into(), Quantity::from_value(1));
        }
        Object::PersistentVolumeClaim(c) => {
            u.insert("persistentvolumeclaims".into(), Quantity::from_value(1));
            if let Some(q) = c.spec.resources.requests.get("storage") {
                u.insert("requests.storage".into(), q.clone());
            }
        }
        Object::ReplicationController(_) => {
            u.insert("replicationcontrollers".into(), Quantity::from_value(1));
        }
        Object::ResourceQuota(_) => {
            u.insert("resourcequotas".into(), Quantity::from_value(1));
        }
        _ => {}
    }
    u
}

/// Current usage of the resources a quota tracks, in its namespace.
pub fn used_in(store: &Store, namespace: &str, tracked: &ResourceList) -> ResourceList {
    let mut used: ResourceList = tracked.keys().map(|k| (k.clone(), Quantity::from_value(0))).collect();
    for kind in Kind::ALL.iter().copied().filter(|k| k.namespaced() && *k != Kind::Event) {
        for o in store.list(kind, Some(namespace)) {
            for (k, q) in usage_of(o) {
                if let Some(t) = used.get_mut(&k) {
                    *t = t.add(&q);
                }
            }
        }
    }
    used
}

fn join(list: &[(String, Quantity)]) -> String {
    list.iter().map(|(k, q)| format!("{k}={q}")).collect::<Vec<_>>().join(",")
}

/// Rejects a create that would take any quota in the namespace past its
/// hard limits, worded as the ResourceQuota plugin words it.
pub fn resource_quota(store: &Store, obj: &Object) -> Result<()> {
    let ns = obj.namespace();
    let quotas: Vec<_> = store.list(Kind::ResourceQuota, Some(ns)).cloned().collect();
    if quotas.is_empty() {
        return Ok(());
    }
    let delta = usage_of(obj);
    let resource = obj.kind().info().group_resource();
    for q in &quotas {
        let Object::ResourceQuota(rq) = &**q else { continue };
        let hard = &rq.spec.hard;
        // A pod must state what a compute quota tracks.
        if let Object::Pod(p) = obj {
            let mut missing: Vec<String> = Vec::new();
            for tracked in hard.keys() {
                let needs = match tracked.as_str() {
                    "requests.cpu" | "cpu" => Some(("requests.cpu", "cpu", true)),
                    "requests.memory" | "memory" => Some(("requests.memory", "memory", true)),
                    "limits.cpu" => Some(("limits.cpu", "cpu", false)),
                    "limits.memory" => Some(("limits.memory", "memory", false)),
                    _ => None,
                };
                if let Some((label, res, request)) = needs {
                    let lacking: Vec<&str> = p
                        .spec
                        .containers
                        .iter()
                        .filter(|c| if request { !c.resources.requests.contains_key(res) } else { !c.resources.limits.contains_key(res) })
                        .map(|c| c.name.as_str())
                        .collect();
                    if !lacking.is_empty() {
                        missing.push(format!("{label} for: {}", lacking.join(",")));
                    }
                }
            }
            missing.sort();
            missing.dedup();
            if !missing.is_empty() {
                return Err(ApiError::Forbidden {
                    message: format!("{resource} \"{}\" is forbidden: failed quota: {}: must specify {}", obj.name(), rq.metadata.name, missing.join("; ")),
                });
            }
        }
        let relevant: Vec<&String> = hard.keys().filter(|k| delta.contains_key(*k)).collect();
        if relevant.is_empty() {
            continue;
        }
        let used = used_in(store, ns, hard);
        let mut exceeded: Vec<String> = Vec::new();
        for k in &relevant {
            let after = used[*k].add(&delta[*k]);
            if after > hard[*k] {
                exceeded.push((*k).clone());
            }
        }
        if !exceeded.is_empty() {
            let requested: Vec<(String, Quantity)> = exceeded.iter().map(|k| (k.clone(), delta[k].clone())).collect();
            let used_list: Vec<(String, Quantity)> = exceeded.iter().map(|k| (k.clone(), used[k].clone())).collect();
            let limited: Vec<(String, Quantity)> = exceeded.iter().map(|k| (k.clone(), hard[k].clone())).collect();
            return Err(ApiError::Forbidden {
                message: format!(
                    "{resource} \"{}\" is forbidden: exceeded quota: {}, requested: {}, used: {}, limited: {}",
                    obj.name(),
                    rq.metadata.name,
                    join(&requested),
                    join(&used_list),
                    join(&limited)
                ),
            });
        }
    }
    Ok(())
}
