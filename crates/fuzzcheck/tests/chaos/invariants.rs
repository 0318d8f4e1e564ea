//! The safety invariants checked after every step of a chaos run. Each is
//! stated as what real Kubernetes guarantees *under faults*: faults (a node
//! failing, a process killed, a drain) may take pods away at any moment, so
//! the bounds are on what each controller itself does in one reconcile,
//! read against the state it saw (the store before the step), and on what
//! the API server and scheduler never allow whatever happens.

use kubeplay_apiserver::Store;
use kubeplay_engine::step::Verb;
use kubeplay_engine::{ControllerId, Engine, Step};
use kubeplay_model::api::*;
use kubeplay_model::{IntOrString, Kind, Object, ObjectKey, Time};
use std::collections::{BTreeMap, BTreeSet};

/// Upstream pod GC: orphaned pods (their node deleted) are deleted after a
/// 40 s quarantine, checked every 20 s (`pkg/controller/podgc`).
pub const ORPHAN_GRACE_MS: i64 = 60_000;

/// What the run knows that the cluster does not: which objects the user
/// made and has not deleted, when nodes were removed, the highest
/// resourceVersion seen.
#[derive(Default)]
pub struct Tracker {
    pub max_rv: u64,
    pub removed_nodes: BTreeMap<String, Time>,
    pub objects: BTreeSet<ObjectKey>,
    /// Pods (by uid) still bound to a node's name when a new node of that
    /// name joined: nobody scheduled them onto the new node, so they are
    /// not the scheduler's to fit. (A real kubelet would admit or reject
    /// them, OutOfcpu/OutOfpods; Kubeplay's kubelet has no admission yet.)
    pub inherited: BTreeSet<kubeplay_model::Uid>,
}

type Check = Result<(), String>;

fn rv(o: &Object) -> u64 {
    o.meta().resource_version.parse().unwrap_or(0)
}

fn pods(store: &Store) -> impl Iterator<Item = &Pod> {
    store.list(Kind::Pod, None).filter_map(|o| o.as_pod())
}

fn owned_pods<'a>(store: &'a Store, uid: &'a str) -> impl Iterator<Item = &'a Pod> + 'a {
    store.controlled_by(Kind::Pod, uid).filter_map(|o| o.as_pod())
}

fn terminal(p: &Pod) -> bool {
    matches!(p.phase(), "Succeeded" | "Failed")
}

/// Checks that hold in every state, whatever led to it.
pub fn check_state(e: &Engine, t: &mut Tracker) -> Check {
    let store = e.store();
    let nodes: BTreeMap<&str, &Node> = store.list(Kind::Node, None).filter_map(|o| o.as_node()).map(|n| (n.metadata.name.as_str(), n)).collect();
    for name in t.removed_nodes.keys().filter(|n| nodes.contains_key(n.as_str())) {
        t.inherited.extend(store.pods_on_node(name).map(|p| p.meta().uid.clone()));
    }
    t.removed_nodes.retain(|name, _| !nodes.contains_key(name.as_str()));

    // No node over-committed: the scheduler only binds where the pod fits,
    // and terminating pods keep their resources until they are gone.
    // (Pods inherited from an earlier node of the same name excepted.)
    let mut used: BTreeMap<&str, (i64, i64, i64)> = BTreeMap::new();
    for p in pods(store).filter(|p| !terminal(p) && !t.inherited.contains(&p.metadata.uid)) {
        let Some(node) = p.node_name() else { continue };
        let (cpu, mem) = requests(p);
        let u = used.entry(node).or_default();
        *u = (u.0 + cpu, u.1 + mem, u.2 + 1);
    }
    for (node, (cpu, mem, count)) in &used {
        let Some(n) = nodes.get(node) else { continue };
        let alloc = &n.status.allocatable;
        let cap = |r: &str, f: fn(&kubeplay_model::Quantity) -> i64| alloc.get(r).map(f);
        if let (Some(c), Some(m), Some(pc)) = (cap("cpu", |q| q.milli_value()), cap("memory", |q| q.value()), cap("pods", |q| q.value())) {
            if *cpu > c || *mem > m || *count > pc {
                return Err(format!("node {node} over-committed: requests cpu {cpu}m / {c}m, memory {mem} / {m}, pods {count} / {pc}"));
            }
        }
    }

    // No pod outlives its node by more than pod GC's grace, and none is
    // ever bound to a node that was never there.
    for p in pods(store) {
        let Some(node) = p.node_name() else { continue };
        if nodes.contains_key(node) {
            continue;
        }
        match t.removed_nodes.get(node) {
            None => return Err(format!("pod {} is bound to node {node}, which does not exist and was never removed", p.metadata.name)),
            Some(at) if e.now().millis() - at.millis() > ORPHAN_GRACE_MS && !p.metadata.is_being_deleted() => {
                return Err(format!("pod {} still runs on removed node {node} {} s after its removal", p.metadata.name, (e.now().millis() - at.millis()) / 1000))
            }
            Some(_) => {}
        }
    }

    // At most one live pod per node per DaemonSet (maxSurge 0: the old pod
    // is gone or terminating before its replacement is made).
    for ds in store.list(Kind::DaemonSet, None).filter_map(|o| o.as_daemon_set()) {
        let mut per_node: BTreeMap<&str, usize> = BTreeMap::new();
        for p in owned_pods(store, &ds.metadata.uid).filter(|p| p.is_active()) {
            if let Some(node) = p.node_name() {
                *per_node.entry(node).or_default() += 1;
            }
        }
        if let Some((node, n)) = per_node.iter().find(|(_, n)| **n > 1) {
            return Err(format!("DaemonSet {} has {n} live pods on node {node}", ds.metadata.name));
        }
    }

    // No object lost: what the user made and did not delete is still there.
    for key in &t.objects {
        if store.get(key).is_none() {
            return Err(format!("{key} disappeared without being deleted"));
        }
    }
    Ok(())
}

/// A pod's effective requests (cpu millicores, memory bytes): the sum of
/// its containers or its largest init container, whichever is more, plus
/// the pod overhead (`resourcehelper.PodRequests`).
fn requests(p: &Pod) -> (i64, i64) {
    let get = |c: &Container, r: &str, f: fn(&kubeplay_model::Quantity) -> i64| c.resources.requests.get(r).map_or(0, f);
    let sum = |r: &str, f: fn(&kubeplay_model::Quantity) -> i64| p.spec.containers.iter().map(|c| get(c, r, f)).sum::<i64>();
    let init = |r: &str, f: fn(&kubeplay_model::Quantity) -> i64| p.spec.init_containers.iter().map(|c| get(c, r, f)).max().unwrap_or(0);
    let over = |r: &str, f: fn(&kubeplay_model::Quantity) -> i64| p.spec.overhead.as_ref().and_then(|o| o.get(r)).map_or(0, f);
    let cpu = sum("cpu", |q| q.milli_value()).max(init("cpu", |q| q.milli_value())) + over("cpu", |q| q.milli_value());
    let mem = sum("memory", |q| q.value()).max(init("memory", |q| q.value())) + over("memory", |q| q.value());
    (cpu, mem)
}

/// resourceVersion strictly increases across every write, whoever makes it.
pub fn check_versions(e: &Engine, step: &Step, t: &mut Tracker) -> Check {
    for w in &step.writes {
        let Some(after) = &w.after else { continue };
        if w.before.as_ref().is_some_and(|b| rv(b) == rv(after)) {
            continue; // an update that changed nothing keeps its version
        }
        let v = rv(after);
        if v <= t.max_rv {
            return Err(format!("step #{} ({:?}): {} {} with resourceVersion {v} (before: {:?}), not above {}", step.index, step.controller, w.verb.as_str(), w.key, w.before.as_ref().map(|b| rv(b)), t.max_rv));
        }
        if std::env::var("CHAOS_DEBUG").is_ok() { eprintln!("#{} {:?} {} {} rv {v} store {}", step.index, step.controller, w.verb.as_str(), w.key, e.store().resource_version()); }
        t.max_rv = v;
    }
    if e.store().resource_version() < t.max_rv {
        return Err(format!("step #{}: the store's resourceVersion went back", step.index));
    }
    Ok(())
}

/// Checks on one controller step, given the store it started from.
pub fn check_step(prev: &Store, e: &Engine, step: &Step, t: &mut Tracker) -> Check {
    let store = e.store();
    check_versions(e, step, t)?;

    // Controllers only create objects whose controller exists (with that uid).
    if step.controller != ControllerId::User {
        for w in step.writes.iter().filter(|w| w.verb == Verb::Create) {
            let Some(obj) = &w.after else { continue };
            for r in obj.meta().owner_references.iter().filter(|r| r.controller == Some(true)) {
                if !owner_exists(prev, obj, r) && !owner_exists(store, obj, r) {
                    return Err(format!("step #{}: {} created pointing at owner {}/{} (uid {}), which does not exist", step.index, w.key, r.kind, r.name, r.uid));
                }
            }
        }
    }

    let creates_pods = step.writes.iter().any(|w| w.verb == Verb::Create && w.key.kind == Kind::Pod);
    match step.controller {
        ControllerId::Deployment if step.key.kind == Kind::Deployment => deployment_bounds(prev, store, &step.key),
        ControllerId::ReplicaSet if creates_pods => {
            let Some(rs) = prev.get(&step.key).and_then(|o| o.as_replica_set()) else { return Ok(()) };
            let want = rs.spec.replicas.unwrap_or(1) as usize;
            let active = owned_pods(store, &rs.metadata.uid).filter(|p| p.is_active()).count();
            if active > want {
                return Err(format!("step #{}: ReplicaSet {} created pods up to {active} live, wanting {want}", step.index, rs.metadata.name));
            }
            Ok(())
        }
        ControllerId::Job if creates_pods => {
            let Some(job) = prev.get(&step.key).and_then(|o| o.as_job()) else { return Ok(()) };
            let parallelism = job.spec.parallelism.unwrap_or(1) as usize;
            let active = owned_pods(store, &job.metadata.uid).filter(|p| p.is_active()).count();
            if active > parallelism {
                return Err(format!("step #{}: Job {} has {active} active pods, parallelism {parallelism}", step.index, job.metadata.name));
            }
            Ok(())
        }
        ControllerId::StatefulSet => statefulset_order(prev, step),
        ControllerId::Endpoints if step.key.kind == Kind::Service => endpoints_match(store, &step.key),
        _ => Ok(()),
    }
}

fn owner_exists(store: &Store, obj: &Object, r: &kubeplay_model::meta::OwnerReference) -> bool {
    let Ok((kind, _)) = Kind::from_api_version_kind(&r.api_version, &r.kind) else { return false };
    let ns = if kind.namespaced() { obj.namespace() } else { "" };
    store.get_by(kind, ns, &r.name).is_some_and(|o| o.meta().uid == r.uid)
}

/// maxSurge and maxUnavailable as counts (`deploymentutil.ResolveFenceposts`):
/// surge rounds up, unavailability down, and both zero means one unavailable.
pub fn fenceposts(d: &Deployment) -> (i32, i32) {
    let r = d.spec.replicas.unwrap_or(1);
    let ru = d.spec.strategy.as_ref().and_then(|s| s.rolling_update.as_ref());
    let scaled = |v: Option<&IntOrString>, up: bool| -> i32 {
        match v {
            Some(IntOrString::Int(i)) => *i,
            Some(IntOrString::Str(s)) => {
                let pct: i64 = s.trim_end_matches('%').parse().unwrap_or(25);
                let n = pct * r as i64;
                (if up { (n + 99) / 100 } else { n / 100 }) as i32
            }
            None => {
                let n = 25 * r as i64;
                (if up { (n + 99) / 100 } else { n / 100 }) as i32
            }
        }
    };
    let surge = scaled(ru.and_then(|u| u.max_surge.as_ref()), true);
    let unavailable = scaled(ru.and_then(|u| u.max_unavailable.as_ref()), false);
    if surge == 0 && unavailable == 0 {
        (0, 1)
    } else {
        (surge, unavailable)
    }
}

#[derive(Clone, Copy)]
struct RsView {
    spec: i32,
    available: i32,
    desired: Option<i32>,
}

fn replica_sets(store: &Store, uid: &str) -> BTreeMap<String, RsView> {
    store
        .controlled_by(Kind::ReplicaSet, uid)
        .filter_map(|o| o.as_replica_set())
        .map(|rs| {
            let desired = rs.metadata.annotation("deployment.kubernetes.io/desired-replicas").and_then(|v| v.parse().ok());
            (rs.metadata.name.clone(), RsView { spec: rs.spec.replicas.unwrap_or(1), available: rs.status.available_replicas.unwrap_or(0), desired })
        })
        .collect()
}

/// A rolling update's bounds, as the deployment controller keeps them in
/// one reconcile (`rolloutRolling`): it never grows the ReplicaSets'
/// total above replicas + maxSurge (`NewRSNewReplicas`), and outside a
/// scaling event it scales old ReplicaSets down only by their unavailable
/// replicas plus what is available above replicas − maxUnavailable
/// (`cleanupUnhealthyReplicas`, `scaleDownOldReplicaSetsForRollingUpdate`).
/// Faults may take availability lower; the controller itself never does.
fn deployment_bounds(prev: &Store, store: &Store, key: &ObjectKey) -> Check {
    let Some(d) = prev.get(key).and_then(|o| o.as_deployment()) else { return Ok(()) };
    if d.metadata.is_being_deleted() || d.spec.strategy.as_ref().and_then(|s| s.type_.as_deref()) == Some("Recreate") {
        return Ok(());
    }
    let r = d.spec.replicas.unwrap_or(1);
    let (surge, unavailable) = fenceposts(d);
    let before = replica_sets(prev, &d.metadata.uid);
    let after = replica_sets(store, &d.metadata.uid);
    let total = |m: &BTreeMap<String, RsView>| m.values().map(|v| v.spec).sum::<i32>();
    let (tb, ta) = (total(&before), total(&after));
    if ta > tb.max(r + surge) {
        return Err(format!("Deployment {}: the controller grew its ReplicaSets to {ta} replicas, above replicas {r} + maxSurge {surge} (was {tb})", d.metadata.name));
    }
    let scaling_event = before.values().any(|v| v.spec > 0 && v.desired != Some(r));
    if scaling_event {
        return Ok(());
    }
    let reduction: i32 = before.iter().map(|(name, b)| (b.spec - after.get(name).map_or(0, |a| a.spec)).max(0)).sum();
    let unhealthy: i32 = before.values().map(|b| (b.spec - b.available).max(0)).sum();
    let available: i32 = before.values().map(|b| b.available).sum();
    let allowed = unhealthy + (available - (r - unavailable)).max(0);
    if reduction > allowed {
        return Err(format!(
            "Deployment {}: the controller scaled down {reduction} replicas with {available} available, {unhealthy} unhealthy, replicas {r}, maxUnavailable {unavailable} (at most {allowed} allowed)",
            d.metadata.name
        ));
    }
    Ok(())
}

fn ordinal(set: &str, pod: &str) -> Option<usize> {
    pod.strip_prefix(set)?.strip_prefix('-')?.parse().ok()
}

/// OrderedReady: pod N is created only once 0..N-1 are Running, Ready and
/// not terminating; a scale-down deletes the highest ordinal first, one at
/// a time (`statefulset/stateful_set_control.go`, monotonic mode).
fn statefulset_order(prev: &Store, step: &Step) -> Check {
    let Some(sts) = prev.get(&step.key).and_then(|o| o.as_stateful_set()) else { return Ok(()) };
    if sts.spec.pod_management_policy.as_deref().is_some_and(|p| p != "OrderedReady") || sts.metadata.is_being_deleted() {
        return Ok(());
    }
    let name = &sts.metadata.name;
    let replicas = sts.spec.replicas.unwrap_or(1) as usize;
    let ns = &sts.metadata.namespace;
    let prev_pod = |i: usize| prev.get_by(Kind::Pod, ns, &format!("{name}-{i}")).and_then(|o| o.as_pod());
    for w in step.writes.iter().filter(|w| w.key.kind == Kind::Pod) {
        let Some(i) = ordinal(name, &w.key.name) else { continue };
        match w.verb {
            Verb::Create => {
                for j in 0..i {
                    let ok = prev_pod(j).is_some_and(|p| p.phase() == "Running" && p.is_ready() && !p.metadata.is_being_deleted());
                    if !ok {
                        return Err(format!("step #{}: StatefulSet {name} created pod {} while {name}-{j} was not Running and Ready", step.index, w.key.name));
                    }
                }
            }
            Verb::Delete if i >= replicas => {
                if prev_pod(i).is_some_and(terminal) {
                    continue;
                }
                let higher = prev.list(Kind::Pod, Some(ns)).filter_map(|o| o.as_pod()).filter_map(|p| ordinal(name, &p.metadata.name)).find(|k| *k > i);
                if let Some(k) = higher {
                    return Err(format!("step #{}: StatefulSet {name} deleted {} while {name}-{k} still existed", step.index, w.key.name));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// Right after the endpoints controller syncs a Service, its ready
/// addresses are exactly the matching pods that have an IP, are Ready and
/// are not terminating (`endpoints_controller.go`, publishNotReadyAddresses off).
fn endpoints_match(store: &Store, key: &ObjectKey) -> Check {
    let Some(svc) = store.get(key).and_then(|o| o.as_service()) else { return Ok(()) };
    if svc.spec.selector.is_empty() || svc.spec.publish_not_ready_addresses == Some(true) {
        return Ok(());
    }
    let want: BTreeSet<String> = store
        .list(Kind::Pod, Some(&key.namespace))
        .filter_map(|o| o.as_pod())
        .filter(|p| svc.spec.selector.iter().all(|(k, v)| p.metadata.labels.get(k) == Some(v)))
        .filter(|p| p.status.pod_ip.as_deref().is_some_and(|ip| !ip.is_empty()) && p.is_ready() && !p.metadata.is_being_deleted())
        .map(|p| p.metadata.name.clone())
        .collect();
    let have: BTreeSet<String> = store
        .get_by(Kind::Endpoints, &key.namespace, &key.name)
        .and_then(|o| o.as_endpoints())
        .map(|ep| ep.subsets.iter().flat_map(|s| &s.addresses).filter_map(|a| a.target_ref.as_ref()?.name.as_deref().map(str::to_string)).collect())
        .unwrap_or_default();
    if want != have {
        return Err(format!("Endpoints {} list {have:?}, but the ready matching pods are {want:?}", key.name));
    }
    Ok(())
}

/// Once garbage collection has settled, every ownerReference resolves.
pub fn owners_resolve(store: &Store) -> Check {
    for o in store.iter().filter(|o| o.kind() != Kind::Event) {
        for r in &o.meta().owner_references {
            if !owner_exists(store, o, r) {
                return Err(format!("{} still points at owner {}/{} (uid {}), which is gone", o.key(), r.kind, r.name, r.uid));
            }
        }
    }
    Ok(())
}
