//! The LimitRanger and ResourceQuota admission plugins
//! (`plugin/pkg/admission/limitranger`, `…/resourcequota`): container
//! defaults and bounds from LimitRanges, and per-namespace totals that a
//! create may not push past a quota's `hard` limits.

use crate::error::{ApiError, Result};
use crate::store::Store;
use kubeplay_model::api::{Container, LimitRange, PersistentVolumeClaim, Pod, PodAffinity, ResourceList, ResourceQuota};
use kubeplay_model::{Kind, Object, Quantity};
use std::collections::BTreeMap;

/// LimitRanger's mutating half: each LimitRange of the pod's namespace in
/// turn fills in what its Container items default.
pub fn limit_ranger_defaults(store: &Store, pod: &mut Pod) {
    let ranges: Vec<_> = store.list(Kind::LimitRange, Some(&pod.metadata.namespace)).cloned().collect();
    for r in &ranges {
        if let Object::LimitRange(lr) = &**r {
            pod_mutate_limit(lr, pod);
        }
    }
}

/// `defaultContainerResourceRequirements`: the default requests and limits
/// of a LimitRange's Container items, a later item's winning.
fn container_defaults(lr: &LimitRange) -> (ResourceList, ResourceList) {
    let mut requests = ResourceList::new();
    let mut limits = ResourceList::new();
    for item in lr.spec.limits.iter().filter(|i| i.type_ == "Container") {
        requests.extend(item.default_request.iter().map(|(k, v)| (k.clone(), v.clone())));
        limits.extend(item.default.iter().map(|(k, v)| (k.clone(), v.clone())));
    }
    (requests, limits)
}

/// `PodMutateLimitFunc`: every container and init container gets the
/// defaults it does not state, and the `kubernetes.io/limit-ranger`
/// annotation says what was set: per container, the requests then the
/// limits, app containers before init containers. A LimitRange that sets
/// nothing leaves the annotation as it was.
fn pod_mutate_limit(lr: &LimitRange, pod: &mut Pod) {
    let (requests, limits) = container_defaults(lr);
    if requests.is_empty() && limits.is_empty() {
        return;
    }
    let mut notes: Vec<String> = Vec::new();
    let spec = pod.spec_mut();
    let containers = spec.containers.iter_mut().map(|c| ("container", c)).chain(spec.init_containers.iter_mut().map(|c| ("init container", c)));
    for (label, c) in containers {
        let set = |have: &mut ResourceList, defaults: &ResourceList| -> Vec<String> {
            let mut names = Vec::new();
            for (k, v) in defaults {
                if !have.contains_key(k) {
                    have.insert(k.clone(), v.clone());
                    names.push(k.clone());
                }
            }
            names
        };
        let set_requests = set(&mut c.resources.requests, &requests);
        let set_limits = set(&mut c.resources.limits, &limits);
        if !set_requests.is_empty() {
            notes.push(format!("{} request for {label} {}", set_requests.join(", "), c.name));
        }
        if !set_limits.is_empty() {
            notes.push(format!("{} limit for {label} {}", set_limits.join(", "), c.name));
        }
    }
    if !notes.is_empty() {
        pod.metadata.annotations.insert("kubernetes.io/limit-ranger".into(), format!("LimitRanger plugin set: {}", notes.join("; ")));
    }
}

/// LimitRanger's validating half: a pod on create, a claim on create and
/// update (a pod's resources cannot change after creation), unless the
/// object is already being deleted. The first LimitRange it breaks refuses
/// it with every bound of that range it breaks, in one error.
pub fn limit_ranger_validate(store: &Store, old: Option<&Object>, obj: &Object) -> Result<()> {
    if old.is_some_and(|o| matches!(o, Object::Pod(_)) || o.meta().deletion_timestamp.is_some()) {
        return Ok(());
    }
    if !matches!(obj, Object::Pod(_) | Object::PersistentVolumeClaim(_)) {
        return Ok(());
    }
    for r in store.list(Kind::LimitRange, Some(obj.namespace())) {
        let Object::LimitRange(lr) = &**r else { continue };
        let outcome = match obj {
            Object::Pod(pod) => pod_validate_limit(lr, pod),
            Object::PersistentVolumeClaim(pvc) => pvc_validate_limit(lr, pvc),
            _ => Ok(()),
        };
        if let Err(detail) = outcome {
            let resource = obj.kind().info().group_resource();
            return Err(ApiError::Forbidden { message: format!("{resource} \"{}\" is forbidden: {detail}", obj.name()) });
        }
    }
    Ok(())
}

/// `PodValidateLimitFunc`: a Container item bounds every container and
/// init container, a Pod item the pod's effective totals.
fn pod_validate_limit(lr: &LimitRange, pod: &Pod) -> std::result::Result<(), String> {
    let mut errs: Vec<String> = Vec::new();
    for item in &lr.spec.limits {
        let mut check = |what: &str, requests: &ResourceList, limits: &ResourceList| {
            for (res, min) in &item.min {
                errs.extend(min_constraint(what, res, min, requests, limits));
            }
            for (res, max) in &item.max {
                errs.extend(max_constraint(what, res, max, requests, limits));
            }
            for (res, ratio) in &item.max_limit_request_ratio {
                errs.extend(ratio_constraint(what, res, ratio, requests, limits));
            }
        };
        match item.type_.as_str() {
            "Container" => {
                for c in pod.spec.containers.iter().chain(&pod.spec.init_containers) {
                    check("Container", &c.resources.requests, &c.resources.limits);
                }
            }
            "Pod" => {
                let (requests, limits) = pod_resources(pod);
                check("Pod", &requests, &limits);
            }
            _ => {}
        }
    }
    aggregate(errs)
}

/// `PersistentVolumeClaimValidateLimitFunc`: a claim's storage request
/// against its PersistentVolumeClaim items (a claim's limits are not
/// looked at).
fn pvc_validate_limit(lr: &LimitRange, pvc: &PersistentVolumeClaim) -> std::result::Result<(), String> {
    const WHAT: &str = "PersistentVolumeClaim";
    let requests = &pvc.spec.resources.requests;
    let mut errs: Vec<String> = Vec::new();
    for item in lr.spec.limits.iter().filter(|i| i.type_ == WHAT) {
        for (res, min) in &item.min {
            errs.extend(min_constraint(WHAT, res, min, requests, &ResourceList::new()));
        }
        for (res, max) in &item.max {
            let req = requests.get(res);
            let (observed, _, enforced) = enforced_values(req, None, max);
            match req {
                None => errs.push(format!("maximum {res} usage per {WHAT} is {max}.  No request is specified")),
                Some(req) if observed > enforced => errs.push(format!("maximum {res} usage per {WHAT} is {max}, but request is {req}")),
                _ => {}
            }
        }
    }
    aggregate(errs)
}

/// `utilerrors.NewAggregate(errs).Error()`: one as is, several (without
/// repeats) as `[a, b]`.
fn aggregate(errs: Vec<String>) -> std::result::Result<(), String> {
    let mut seen: Vec<String> = Vec::new();
    for e in errs {
        if !seen.contains(&e) {
            seen.push(e);
        }
    }
    match seen.len() {
        0 => Ok(()),
        1 => Err(seen.remove(0)),
        _ => Err(format!("[{}]", seen.join(", "))),
    }
}

/// `requestLimitEnforcedValues`: the three compared in thousandths when
/// all fit, else in whole units (each rounded up); a missing value is 0.
fn enforced_values(request: Option<&Quantity>, limit: Option<&Quantity>, enforced: &Quantity) -> (i64, i64, i64) {
    const MAX_MILLI: i64 = i64::MAX / 1000;
    let whole = |q: Option<&Quantity>| q.map_or(0, Quantity::value);
    let (r, l, e) = (whole(request), whole(limit), enforced.value());
    if r <= MAX_MILLI && l <= MAX_MILLI && e <= MAX_MILLI {
        let milli = |q: Option<&Quantity>| q.map_or(0, Quantity::milli_value);
        return (milli(request), milli(limit), enforced.milli_value());
    }
    (r, l, e)
}

fn min_constraint(what: &str, res: &str, min: &Quantity, requests: &ResourceList, limits: &ResourceList) -> Option<String> {
    let (req, lim) = (requests.get(res), limits.get(res));
    let (observed_req, observed_lim, enforced) = enforced_values(req, lim, min);
    let Some(req) = req else {
        return Some(format!("minimum {res} usage per {what} is {min}.  No request is specified"));
    };
    if observed_req < enforced {
        return Some(format!("minimum {res} usage per {what} is {min}, but request is {req}"));
    }
    match lim {
        Some(lim) if observed_lim < enforced => Some(format!("minimum {res} usage per {what} is {min}, but limit is {lim}")),
        _ => None,
    }
}

fn max_constraint(what: &str, res: &str, max: &Quantity, requests: &ResourceList, limits: &ResourceList) -> Option<String> {
    let (req, lim) = (requests.get(res), limits.get(res));
    let (observed_req, observed_lim, enforced) = enforced_values(req, lim, max);
    let Some(lim) = lim else {
        return Some(format!("maximum {res} usage per {what} is {max}.  No limit is specified"));
    };
    if observed_lim > enforced {
        return Some(format!("maximum {res} usage per {what} is {max}, but limit is {lim}"));
    }
    match req {
        Some(req) if observed_req > enforced => Some(format!("maximum {res} usage per {what} is {max}, but request is {req}")),
        _ => None,
    }
}

/// `maxLimitRequestRatio`: the limit may be at most this many times the
/// request; the ratio is shown as Go's `%f`.
fn ratio_constraint(what: &str, res: &str, ratio: &Quantity, requests: &ResourceList, limits: &ResourceList) -> Option<String> {
    let (req, lim) = (requests.get(res), limits.get(res));
    let (observed_req, observed_lim, _) = enforced_values(req, lim, ratio);
    if req.is_none() || observed_req == 0 {
        return Some(format!("{res} max limit to request ratio per {what} is {ratio}, but no request is specified or request is 0"));
    }
    if lim.is_none() || observed_lim == 0 {
        return Some(format!("{res} max limit to request ratio per {what} is {ratio}, but no limit is specified or limit is 0"));
    }
    let observed = observed_lim as f64 / observed_req as f64;
    // Thousandths when the bound fits in them, as upstream compares.
    let (compared, bound) = if ratio.value() <= i64::MAX / 1000 { (observed * 1000.0, ratio.milli_value() as f64) } else { (observed, ratio.value() as f64) };
    (compared > bound).then(|| format!("{res} max limit to request ratio per {what} is {ratio}, but provided ratio is {observed:.6}"))
}

/// A pod's effective requests and limits (`PodRequests`, `PodLimits`
/// without the overhead): app containers and restartable (sidecar) init
/// containers add up; an ordinary init container runs beside the sidecars
/// started before it, and the pod needs the most any of those moments
/// does.
fn pod_resources(pod: &Pod) -> (ResourceList, ResourceList) {
    fn add(total: &mut ResourceList, more: &ResourceList) {
        for (k, q) in more {
            let v = total.get(k).map_or_else(|| q.clone(), |t| t.add(q));
            total.insert(k.clone(), v);
        }
    }
    fn max_into(total: &mut ResourceList, other: &ResourceList) {
        for (k, q) in other {
            if total.get(k).is_none_or(|t| q > t) {
                total.insert(k.clone(), q.clone());
            }
        }
    }
    let effective = |pick: &dyn Fn(&Container) -> &ResourceList| {
        let mut total = ResourceList::new();
        for c in &pod.spec.containers {
            add(&mut total, pick(c));
        }
        let mut sidecars = ResourceList::new();
        let mut init = ResourceList::new();
        for c in &pod.spec.init_containers {
            let own = pick(c);
            if c.restart_policy.as_deref() == Some("Always") {
                add(&mut total, own);
                add(&mut sidecars, own);
                max_into(&mut init, &sidecars);
            } else {
                let mut alongside = own.clone();
                add(&mut alongside, &sidecars);
                max_into(&mut init, &alongside);
            }
        }
        max_into(&mut total, &init);
        total
    };
    (effective(&|c| &c.resources.requests), effective(&|c| &c.resources.limits))
}

/// `podComputeUsageHelper`: a running pod's charge. cpu, memory and
/// ephemeral-storage requests count bare and as `requests.*`, their limits
/// as `limits.*`; hugepages requests bare and as `requests.*`; an extended
/// resource (a domain outside kubernetes.io) only as `requests.*`, never
/// its limit. Anything else is not charged. The pod's overhead adds to its
/// requests, and to the limits it sets (`PodRequests`, `PodLimits`).
fn pod_compute_usage(pod: &Pod) -> BTreeMap<String, Quantity> {
    let (mut req, mut lim) = pod_resources(pod);
    for (k, q) in pod.spec.overhead.iter().flatten() {
        let r = req.get(k).map_or_else(|| q.clone(), |t| t.add(q));
        req.insert(k.clone(), r);
        if let Some(l) = lim.get_mut(k) {
            *l = l.add(q);
        }
    }
    let mut u = BTreeMap::new();
    u.insert("pods".to_string(), Quantity::from_value(1));
    for (k, q) in req {
        let extended = kubeplay_model::validation::is_extended_resource(&k);
        if matches!(k.as_str(), "cpu" | "memory" | "ephemeral-storage") || k.starts_with("hugepages-") {
            u.insert(format!("requests.{k}"), q.clone());
            u.insert(k, q);
        } else if extended {
            u.insert(format!("requests.{k}"), q);
        }
    }
    for (k, q) in lim {
        if matches!(k.as_str(), "cpu" | "memory" | "ephemeral-storage") {
            u.insert(format!("limits.{k}"), q);
        }
    }
    u
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
            // count/pods is the generic object count: a terminal pod keeps
            // it, and loses only what the pod evaluator charges
            // (TestPodEvaluatorUsage "terminated generic count still appears").
            if matches!(p.phase(), "Succeeded" | "Failed") {
                return u;
            }
            u.extend(pod_compute_usage(p));
        }
        Object::Service(s) => {
            u.insert("services".into(), Quantity::from_value(1));
            // A load balancer's node ports count too, all of them unless it
            // allocates none, when only those it names do.
            let node_ports = match s.spec.type_.as_deref() {
                Some("NodePort") => s.spec.ports.len(),
                Some("LoadBalancer") if s.spec.allocate_load_balancer_node_ports == Some(false) => s.spec.ports.iter().filter(|p| p.node_port.is_some_and(|n| n != 0)).count(),
                Some("LoadBalancer") => s.spec.ports.len(),
                _ => 0,
            };
            u.insert("services.nodeports".into(), Quantity::from_value(node_ports as i64));
            let balancers = i64::from(s.spec.type_.as_deref() == Some("LoadBalancer"));
            u.insert("services.loadbalancers".into(), Quantity::from_value(balancers));
        }
        Object::ConfigMap(_) => {
            u.insert("configmaps".into(), Quantity::from_value(1));
        }
        Object::Secret(_) => {
            u.insert("secrets".into(), Quantity::from_value(1));
        }
        Object::PersistentVolumeClaim(c) => {
            u.insert("persistentvolumeclaims".into(), Quantity::from_value(1));
            // The beta annotation still names the class before the field.
            let class = c.metadata.annotation("volume.beta.kubernetes.io/storage-class").or(c.spec.storage_class_name.as_deref()).filter(|c| !c.is_empty());
            if let Some(class) = class {
                u.insert(format!("{class}.storageclass.storage.k8s.io/persistentvolumeclaims"), Quantity::from_value(1));
            }
            if let Some(q) = c.spec.resources.requests.get("storage") {
                // Charged in whole bytes (`1001m` is 2).
                let mut bytes = q.clone();
                bytes.round_up(0);
                if let Some(class) = class {
                    u.insert(format!("{class}.storageclass.storage.k8s.io/requests.storage"), bytes.clone());
                }
                u.insert("requests.storage".into(), bytes);
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

/// Whether an object falls under a quota's scopes (the scope half of the
/// quota evaluators' `Matches`): a quota without scopes takes everything;
/// one with scopes (listed, or in its scope selector) only pods, and only
/// those every requirement selects.
pub fn in_scope(quota: &ResourceQuota, obj: &Object) -> bool {
    let reqs = quota.spec.scope_requirements();
    if reqs.is_empty() {
        return true;
    }
    let Object::Pod(pod) = obj else { return false };
    reqs.iter().all(|r| pod_in_scope(pod, r))
}

/// `podMatchesScopeFunc`: the pod scopes ignore the operator (validation
/// holds them to Exists); a priority class is matched as a label would be,
/// so NotIn and DoesNotExist take pods without one.
fn pod_in_scope(pod: &Pod, r: &kubeplay_model::api::ScopeRequirement) -> bool {
    match r.scope_name {
        "Terminating" => pod.spec.active_deadline_seconds.is_some_and(|s| s >= 0),
        "NotTerminating" => pod.spec.active_deadline_seconds.is_none_or(|s| s < 0),
        "BestEffort" => kubeplay_model::defaults::pod_qos_class(pod) == "BestEffort",
        "NotBestEffort" => kubeplay_model::defaults::pod_qos_class(pod) != "BestEffort",
        "CrossNamespacePodAffinity" => cross_namespace_affinity(pod),
        "PriorityClass" => {
            let class = pod.spec.priority_class_name.as_deref().filter(|c| !c.is_empty());
            match r.operator {
                "Exists" => class.is_some(),
                "DoesNotExist" => class.is_none(),
                "In" => class.is_some_and(|c| r.values.contains(&c)),
                "NotIn" => class.is_none_or(|c| !r.values.contains(&c)),
                _ => false,
            }
        }
        _ => false,
    }
}

/// A pod affinity or anti-affinity term that reaches beyond the pod's own
/// namespace (a namespace list or a namespace selector).
fn cross_namespace_affinity(pod: &Pod) -> bool {
    let wide = |t: &kubeplay_model::api::PodAffinityTerm| !t.namespaces.is_empty() || t.namespace_selector.is_some();
    let any = |p: &Option<PodAffinity>| {
        p.as_ref().is_some_and(|p| {
            p.required_during_scheduling_ignored_during_execution.iter().any(wide) || p.preferred_during_scheduling_ignored_during_execution.iter().any(|w| wide(&w.pod_affinity_term))
        })
    };
    pod.spec.affinity.as_ref().is_some_and(|a| any(&a.pod_affinity) || any(&a.pod_anti_affinity))
}

/// Current usage of the resources a quota tracks, in its namespace, by
/// what falls under its scopes.
pub fn used_in(store: &Store, namespace: &str, quota: &ResourceQuota) -> ResourceList {
    let tracked = &quota.spec.hard;
    let mut used: ResourceList = tracked.keys().map(|k| (k.clone(), Quantity::from_value(0))).collect();
    for kind in Kind::ALL.iter().copied().filter(|k| k.namespaced() && *k != Kind::Event) {
        for o in store.list(kind, Some(namespace)).filter(|o| in_scope(quota, o)) {
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

/// The ResourceQuota admission plugin: refuses a write that would take a
/// quota of the namespace past its hard limits, or a pod whose containers
/// do not state what a compute quota tracks, worded as the plugin words
/// it. `old` is the object an update replaces: only what the update adds
/// counts, and only Services and claims are checked on update (the
/// evaluators that handle updates when pods cannot be resized).
///
/// An admitted write answers the quotas it charges, their status as it
/// is to be stored before the object is: the plugin records the increase
/// itself, so a reader sees it at once rather than at the controller's
/// next sync (which still recalculates, and releases what deletes free).
pub fn resource_quota(store: &Store, old: Option<&Object>, obj: &Object) -> Result<Vec<ResourceQuota>> {
    if old.is_some() && !matches!(obj, Object::Service(_) | Object::PersistentVolumeClaim(_)) {
        return Ok(Vec::new());
    }
    let ns = obj.namespace();
    let quotas: Vec<_> = store.list(Kind::ResourceQuota, Some(ns)).cloned().collect();
    if quotas.is_empty() {
        return Ok(Vec::new());
    }
    let resource = obj.kind().info().group_resource();
    let refuse = |detail: String| ApiError::Forbidden { message: format!("{resource} \"{}\" is forbidden: {detail}", obj.name()) };
    let matching: Vec<&ResourceQuota> = quotas
        .iter()
        .filter_map(|q| match &**q {
            Object::ResourceQuota(rq) if in_scope(rq, obj) => Some(&**rq),
            _ => None,
        })
        .collect();
    // Every matching quota's constraints are checked before any usage.
    if let Object::Pod(p) = obj {
        for rq in &matching {
            if let Some(missing) = unstated_compute(p, &rq.spec.hard) {
                return Err(refuse(format!("failed quota: {}: must specify {missing}", rq.metadata.name)));
            }
        }
    }
    // What the write adds; a resource it adds nothing to is not checked,
    // even where the quota is already past its limit.
    let before = old.map(usage_of).unwrap_or_default();
    let delta: BTreeMap<String, Quantity> = usage_of(obj)
        .into_iter()
        .map(|(k, q)| {
            let q = before.get(&k).map_or_else(|| q.clone(), |b| q.sub(b));
            (k, q)
        })
        .filter(|(_, q)| q.sign() > 0)
        .collect();
    if delta.is_empty() {
        return Ok(Vec::new());
    }
    let mut charged = Vec::new();
    for rq in matching {
        let hard = &rq.spec.hard;
        let relevant: Vec<&String> = hard.keys().filter(|k| delta.contains_key(*k)).collect();
        if relevant.is_empty() {
            continue;
        }
        let used = used_in(store, ns, rq);
        let exceeded: Vec<String> = relevant.iter().filter(|k| used[**k].add(&delta[**k]) > hard[**k]).map(|k| (*k).clone()).collect();
        if !exceeded.is_empty() {
            let requested: Vec<(String, Quantity)> = exceeded.iter().map(|k| (k.clone(), delta[k].clone())).collect();
            let used_list: Vec<(String, Quantity)> = exceeded.iter().map(|k| (k.clone(), used[k].clone())).collect();
            let limited: Vec<(String, Quantity)> = exceeded.iter().map(|k| (k.clone(), hard[k].clone())).collect();
            return Err(refuse(format!(
                "exceeded quota: {}, requested: {}, used: {}, limited: {}",
                rq.metadata.name,
                join(&requested),
                join(&used_list),
                join(&limited)
            )));
        }
        if let Some(q) = charge(rq, used, &delta) {
            charged.push(q);
        }
    }
    Ok(charged)
}

/// The quota with `delta` added to what its resources use, or None when
/// its status would not change. Usage is counted live here (see
/// [`used_in`]), so the status written is the one the controller's sync
/// would write once the object is stored: `hard` as the spec says, `used`
/// for each resource it limits (a quota the controller has not yet synced
/// is charged as if it had been).
fn charge(rq: &ResourceQuota, mut used: ResourceList, delta: &BTreeMap<String, Quantity>) -> Option<ResourceQuota> {
    for (k, q) in used.iter_mut() {
        if let Some(d) = delta.get(k) {
            *q = q.add(d);
        }
    }
    if rq.status.hard == rq.spec.hard && rq.status.used == used {
        return None;
    }
    let mut q = rq.clone();
    q.status.hard = rq.spec.hard.clone();
    q.status.used = used;
    Some(q)
}

/// The pod evaluator's Constraints: a quota on cpu or memory (requests or
/// limits) needs every container, init containers too, to state it. The
/// quota's keys as written, sorted, each with the containers (sorted) that
/// lack it: `cpu for: a,b; limits.memory for: b`.
fn unstated_compute(pod: &Pod, hard: &ResourceList) -> Option<String> {
    const TRACKED: [&str; 6] = ["cpu", "limits.cpu", "limits.memory", "memory", "requests.cpu", "requests.memory"];
    let mut missing: BTreeMap<&str, std::collections::BTreeSet<&str>> = BTreeMap::new();
    for c in pod.spec.containers.iter().chain(&pod.spec.init_containers) {
        for key in TRACKED.iter().filter(|k| hard.contains_key(**k)) {
            let stated = match *key {
                "cpu" | "requests.cpu" => c.resources.requests.contains_key("cpu"),
                "memory" | "requests.memory" => c.resources.requests.contains_key("memory"),
                "limits.cpu" => c.resources.limits.contains_key("cpu"),
                _ => c.resources.limits.contains_key("memory"),
            };
            if !stated {
                missing.entry(key).or_default().insert(&c.name);
            }
        }
    }
    (!missing.is_empty()).then(|| {
        missing.iter().map(|(k, names)| format!("{k} for: {}", names.iter().copied().collect::<Vec<_>>().join(","))).collect::<Vec<_>>().join("; ")
    })
}

#[cfg(test)]
#[path = "quota_upstream_tests.rs"]
mod upstream_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::{Affinity, Container, PodAffinityTerm, Service};

    fn scoped(scopes: &[&str]) -> ResourceQuota {
        let mut q = ResourceQuota::default();
        q.spec.scopes = Some(serde_json::json!(scopes));
        q
    }

    /// podMatchesScopeFunc for the scopes a quota lists: each pod against
    /// each scope, and no scope ever selecting an object that is not a pod.
    #[test]
    fn scopes_select_pods_as_the_pod_evaluator_does() {
        let plain = Pod::default();
        let mut deadline = Pod::default();
        deadline.spec_mut().active_deadline_seconds = Some(30);
        let mut sized = Pod::default();
        let mut c = Container { name: "c".into(), ..Default::default() };
        c.resources.requests.insert("cpu".into(), Quantity::parse("100m").unwrap());
        sized.spec_mut().containers.push(c);
        let mut prioritized = Pod::default();
        prioritized.spec_mut().priority_class_name = Some("high".into());
        let mut wide = Pod::default();
        let term = PodAffinityTerm { namespaces: vec!["other".into()], topology_key: "kubernetes.io/hostname".into(), ..Default::default() };
        wide.spec_mut().affinity = Some(Box::new(Affinity { pod_anti_affinity: Some(PodAffinity { required_during_scheduling_ignored_during_execution: vec![term], ..Default::default() }), ..Default::default() }));
        let pods = [&plain, &deadline, &sized, &prioritized, &wide];
        for (scope, want) in [
            ("Terminating", [false, true, false, false, false]),
            ("NotTerminating", [true, false, true, true, true]),
            ("BestEffort", [true, true, false, true, true]),
            ("NotBestEffort", [false, false, true, false, false]),
            ("PriorityClass", [false, false, false, true, false]),
            ("CrossNamespacePodAffinity", [false, false, false, false, true]),
        ] {
            let got: Vec<bool> = pods.iter().map(|p| in_scope(&scoped(&[scope]), &Object::Pod(Box::new((*p).clone())))).collect();
            assert_eq!(got, want, "{scope}");
        }
        // A scope selector on the priority class, as a label selector.
        let selected = |op: &str, values: &[&str]| -> Vec<bool> {
            let mut q = ResourceQuota::default();
            q.spec.scope_selector = Some(serde_json::json!({"matchExpressions": [{"scopeName": "PriorityClass", "operator": op, "values": values}]}));
            pods.iter().map(|p| in_scope(&q, &Object::Pod(Box::new((*p).clone())))).collect()
        };
        assert_eq!(selected("In", &["high", "low"]), [false, false, false, true, false]);
        assert_eq!(selected("NotIn", &["high"]), [true, true, true, false, true]);
        assert_eq!(selected("Exists", &[]), [false, false, false, true, false]);
        assert_eq!(selected("DoesNotExist", &[]), [true, true, true, false, true]);
        // All listed scopes must hold; no scope at all takes everything.
        assert!(!in_scope(&scoped(&["BestEffort", "Terminating"]), &Object::Pod(Box::new(plain.clone()))));
        assert!(in_scope(&ResourceQuota::default(), &Object::Service(Box::default())));
        assert!(!in_scope(&scoped(&["NotTerminating"]), &Object::Service(Box::<Service>::default())));
    }
    fn rl(items: &[(&str, &str)]) -> ResourceList {
        items.iter().map(|(k, v)| (k.to_string(), Quantity::parse(v).unwrap())).collect()
    }

    fn sized(name: &str, requests: &[(&str, &str)], limits: &[(&str, &str)]) -> Container {
        let mut c = Container { name: name.into(), ..Default::default() };
        c.resources.requests = rl(requests).into();
        c.resources.limits = rl(limits).into();
        c
    }

    fn pod_of(init: Vec<Container>, app: Vec<Container>) -> Pod {
        let mut p = Pod::default();
        p.spec_mut().init_containers = init.into();
        p.spec_mut().containers = app.into();
        p
    }

    /// pods_test.go TestPodEvaluatorUsage (the cases Kubeplay models: no
    /// pod-level resources, no DRA-backed extended resources).
    #[test]
    fn pod_usage_as_the_pod_evaluator_charges_it() {
        let one = [("count/pods", "1"), ("pods", "1")];
        let cases: Vec<(&str, Pod, Vec<(&str, &str)>)> = vec![
            ("init container CPU", pod_of(vec![sized("", &[("cpu", "1m")], &[("cpu", "2m")])], vec![]), vec![("requests.cpu", "1m"), ("limits.cpu", "2m"), ("cpu", "1m")]),
            ("init container MEM", pod_of(vec![sized("", &[("memory", "1m")], &[("memory", "2m")])], vec![]), vec![("requests.memory", "1m"), ("limits.memory", "2m"), ("memory", "1m")]),
            (
                "init container local ephemeral storage",
                pod_of(vec![sized("", &[("ephemeral-storage", "32Mi")], &[("ephemeral-storage", "64Mi")])], vec![]),
                vec![("ephemeral-storage", "32Mi"), ("requests.ephemeral-storage", "32Mi"), ("limits.ephemeral-storage", "64Mi")],
            ),
            ("init container hugepages", pod_of(vec![sized("", &[("hugepages-2Mi", "100Mi")], &[])], vec![]), vec![("hugepages-2Mi", "100Mi"), ("requests.hugepages-2Mi", "100Mi")]),
            ("init container extended resources", pod_of(vec![sized("", &[("example.com/dongle", "3")], &[("example.com/dongle", "3")])], vec![]), vec![("requests.example.com/dongle", "3")]),
            ("container CPU", pod_of(vec![], vec![sized("", &[("cpu", "1m")], &[("cpu", "2m")])]), vec![("requests.cpu", "1m"), ("limits.cpu", "2m"), ("cpu", "1m")]),
            ("container MEM", pod_of(vec![], vec![sized("", &[("memory", "1m")], &[("memory", "2m")])]), vec![("requests.memory", "1m"), ("limits.memory", "2m"), ("memory", "1m")]),
            (
                "container local ephemeral storage",
                pod_of(vec![], vec![sized("", &[("ephemeral-storage", "32Mi")], &[("ephemeral-storage", "64Mi")])]),
                vec![("ephemeral-storage", "32Mi"), ("requests.ephemeral-storage", "32Mi"), ("limits.ephemeral-storage", "64Mi")],
            ),
            ("container hugepages", pod_of(vec![], vec![sized("", &[("hugepages-2Mi", "100Mi")], &[])]), vec![("hugepages-2Mi", "100Mi"), ("requests.hugepages-2Mi", "100Mi")]),
            ("container extended resources", pod_of(vec![], vec![sized("", &[("example.com/dongle", "3")], &[("example.com/dongle", "3")])]), vec![("requests.example.com/dongle", "3")]),
            (
                "init container maximums override sum of containers",
                pod_of(
                    vec![
                        sized("", &[("cpu", "4"), ("memory", "100M"), ("example.com/dongle", "4")], &[("cpu", "8"), ("memory", "200M"), ("example.com/dongle", "4")]),
                        sized("", &[("cpu", "1"), ("memory", "50M"), ("example.com/dongle", "2")], &[("cpu", "2"), ("memory", "100M"), ("example.com/dongle", "2")]),
                    ],
                    vec![
                        sized("", &[("cpu", "1"), ("memory", "50M"), ("example.com/dongle", "1")], &[("cpu", "2"), ("memory", "100M"), ("example.com/dongle", "1")]),
                        sized("", &[("cpu", "2"), ("memory", "25M"), ("example.com/dongle", "2")], &[("cpu", "5"), ("memory", "50M"), ("example.com/dongle", "2")]),
                    ],
                ),
                vec![("requests.cpu", "4"), ("requests.memory", "100M"), ("limits.cpu", "8"), ("limits.memory", "200M"), ("cpu", "4"), ("memory", "100M"), ("requests.example.com/dongle", "4")],
            ),
            ("count pod overhead as usage", {
                let mut p = pod_of(vec![], vec![sized("", &[("cpu", "1")], &[("cpu", "2")])]);
                p.spec_mut().overhead = Some(rl(&[("cpu", "1")]));
                p
            }, vec![("requests.cpu", "2"), ("limits.cpu", "3"), ("cpu", "2")]),
        ];
        for (name, pod, want) in cases {
            let mut want = rl(&want);
            want.extend(rl(&one));
            assert_eq!(usage_of(&Object::Pod(Box::new(pod))), want, "{name}");
        }
        // "terminated generic count still appears": only the object count.
        let mut done = pod_of(vec![], vec![sized("", &[("example.com/dongle", "3")], &[("example.com/dongle", "3")])]);
        done.status.phase = Some("Succeeded".into());
        assert_eq!(usage_of(&Object::Pod(Box::new(done))), rl(&[("count/pods", "1")]));
    }

    /// TestPodEvaluatorUsageStats: what a quota with these scopes sums over
    /// these pods (terminal pods keep only count/pods).
    #[test]
    fn pod_usage_stats_under_scopes() {
        let make = |class: &str, cpu: bool, phase: &str| {
            let c = if cpu { sized("c", &[("cpu", "1")], &[("cpu", "1")]) } else { sized("c", &[], &[]) };
            let mut p = pod_of(vec![], vec![c]);
            if !class.is_empty() {
                p.spec_mut().priority_class_name = Some(class.into());
            }
            p.status.phase = Some(phase.into());
            Object::Pod(Box::new(p))
        };
        let sum = |q: &ResourceQuota, objs: &[Object]| -> ResourceList {
            let mut used = ResourceList::new();
            for o in objs.iter().filter(|o| in_scope(q, o)) {
                for (k, v) in usage_of(o) {
                    let t = used.get(&k).map_or_else(|| v.clone(), |t| t.add(&v));
                    used.insert(k, t);
                }
            }
            used
        };
        let high = serde_json::json!({"matchExpressions": [{"scopeName": "PriorityClass", "operator": "In", "values": ["high-priority"]}]});
        let with = |scopes: &[&str], selector: Option<&serde_json::Value>| {
            let mut q = if scopes.is_empty() { ResourceQuota::default() } else { scoped(scopes) };
            q.spec.scope_selector = selector.cloned();
            q
        };
        let cpu = |n: &str, pods: &str, count: &str| rl(&[("pods", pods), ("count/pods", count), ("cpu", n), ("requests.cpu", n), ("limits.cpu", n)]);
        assert_eq!(sum(&with(&[], None), &[]), ResourceList::new(), "nil case");
        assert_eq!(sum(&with(&[], None), &[make("", true, "Running"), make("", true, "Running")]), cpu("2", "2", "2"), "all pods in running state");
        assert_eq!(sum(&with(&[], None), &[make("", true, "Running"), make("", true, "Succeeded")]), cpu("1", "1", "2"), "one pod in terminal state");
        let three = [make("high-priority", true, "Running"), make("high-priority", true, "Succeeded"), make("low-priority", true, "Running")];
        assert_eq!(sum(&with(&[], Some(&high)), &three), cpu("1", "1", "2"), "partial pods matching quotaScopeSelector");
        assert_eq!(sum(&with(&["PriorityClass"], Some(&high)), &three), cpu("1", "1", "2"), "w/ scopeName specified");
        let mut four = three.to_vec();
        four.push(make("high-priority", false, "Failed"));
        assert_eq!(sum(&with(&["PriorityClass", "BestEffort"], Some(&high)), &four), rl(&[("count/pods", "1")]), "w/ multiple scopeNames specified");
    }

    /// TestPodConstraintsFunc: the containers, sorted, that do not state a
    /// compute resource the quota tracks.
    #[test]
    fn pod_constraints_name_the_containers() {
        let cpu_only = |n: &str| sized(n, &[("cpu", "1m")], &[("cpu", "2m")]);
        let hard = |keys: &[&str]| -> ResourceList { keys.iter().map(|k| (k.to_string(), Quantity::from_value(1))).collect() };
        let cases = [
            ("init container resource missing", pod_of(vec![cpu_only("dummy")], vec![]), hard(&["memory"]), "memory for: dummy"),
            ("multiple init container resource missing", pod_of(vec![cpu_only("foo"), cpu_only("bar")], vec![]), hard(&["memory"]), "memory for: bar,foo"),
            ("container resource missing", pod_of(vec![], vec![cpu_only("dummy")]), hard(&["memory"]), "memory for: dummy"),
            ("multiple container resource missing", pod_of(vec![], vec![cpu_only("foo"), cpu_only("bar")]), hard(&["memory"]), "memory for: bar,foo"),
            ("container resource missing multiple", pod_of(vec![], vec![sized("foo", &[], &[]), sized("bar", &[], &[])]), hard(&["memory", "cpu"]), "cpu for: bar,foo; memory for: bar,foo"),
        ];
        for (name, pod, hard, want) in cases {
            assert_eq!(unstated_compute(&pod, &hard).as_deref(), Some(want), "{name}");
        }
    }
}
