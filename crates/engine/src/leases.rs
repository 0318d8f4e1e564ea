//! The Leases the cluster's own components keep (coordination.k8s.io/v1),
//! presented, never stored.
//!
//! A kind v1.32 cluster holds, besides whatever users create:
//! - `kube-node-lease/<node>` for every node: the kubelet's heartbeat,
//!   held by the node's name, 40 s long, renewed every 10 s, owned by the
//!   Node (so deleting the node deletes it);
//! - `kube-system/kube-scheduler` and `kube-system/kube-controller-manager`:
//!   leader election, held by `<control-plane node>_<uuid>`, 15 s long,
//!   renewed every 2 s, with the time it was acquired and its transitions;
//! - `kube-system/apiserver-<id>`: the API server's identity, labelled
//!   `apiserver.kubernetes.io/identity=kube-apiserver` and with its host,
//!   an hour long, renewed every 10 s.
//!
//! Every renewal of these is a write on a real cluster. Here a write is a
//! step of the trace, and the benchmarks run thousands of nodes for
//! virtual hours: one step per renewal would swamp the trace and the
//! step budget. So nothing is stored. What a renewal would write is a
//! function of what the engine already keeps: which nodes exist (and
//! their uids and creation times), each node's last status heartbeat (its
//! Ready condition, the same anchor `kubectl describe node` read before
//! Leases were served), whether its kubelet stopped and when
//! (`SimState::node_failed_at`), and the virtual clock. A read asks
//! [`with_system_leases`] for a copy of the store with these Leases put
//! in at that instant (`Store::present`: no write, no version, no change;
//! the copy is thrown away after the command). So a stopped node's Lease
//! stops renewing at its last heartbeat, a deleted node's Lease is gone,
//! the default cluster is unchanged (the self-check's fingerprint and the
//! benchmarks' hashes do not move), and a step costs what it did.
//!
//! A user's write to one of them (a label, a patch, a delete) must find
//! it: kubectl first has [`materialize`] store the ones the command names,
//! as their components made them (same uid and creation time), in one
//! step; from then on a read shows the stored Lease, renewed by its
//! component whenever a renewal is due after the stored renew time (the
//! holder, duration and renew time are the component's again; labels and
//! the rest stay as the user left them). Only commands that name such a
//! Lease store anything, so no other session's trace changes.
//!
//! A presented Lease's resourceVersion moves with its renew time (the
//! store's revision plus the seconds of renewals since it was created:
//! [`renewal_version`]); a deleted system Lease is made again at once by
//! [`recreate`], with a new uid and created then, as its component makes
//! it again at its next renewal.
//!
//! What this gives up: the resourceVersion is not one a renewal wrote (it
//! is not ordered with the store's other writes); a renewal due is shown
//! at once, where a real component would overwrite a user's change of the
//! holder at its next renewal; and a deleted Lease comes back at once,
//! not at its component's next renewal.

use crate::sim::SimState;
use kubeplay_apiserver::Store;
use kubeplay_model::api::{Lease, LeaseSpec, MicroTime, Node};
use kubeplay_model::meta::find_condition;
use kubeplay_model::{Kind, Object, ObjectMeta, OwnerReference, Time};
use std::collections::BTreeMap;
use std::sync::Arc;

pub const NODE_LEASE_NAMESPACE: &str = "kube-node-lease";
/// The kubelet's `nodeLeaseDurationSeconds`, renewed at a quarter of it.
const NODE_LEASE_SECONDS: i32 = 40;
const NODE_RENEW_MS: i64 = 10_000;
/// kube-scheduler's and kube-controller-manager's `--leader-elect-*`
/// defaults: 15 s leases, renewed every 2 s by the retry loop.
const LEADER_LEASE_SECONDS: i32 = 15;
const LEADER_RENEW_MS: i64 = 2_000;
/// The API server identity lease: an hour, renewed every 10 s.
const IDENTITY_LEASE_SECONDS: i32 = 3600;
const IDENTITY_RENEW_MS: i64 = 10_000;
const CONTROL_PLANE_LABEL: &str = "node-role.kubernetes.io/control-plane";
pub const IDENTITY_LABEL: &str = "apiserver.kubernetes.io/identity";

/// The last renewal at or before `now` of a holder that renews every
/// `period_ms` from `start` on, and stopped renewing at `stopped` if it did.
pub fn last_renewal(start: Time, period_ms: i64, now: Time, stopped: Option<Time>) -> Time {
    let until = stopped.map_or(now, |s| s.min(now));
    let since = (until.millis() - start.millis()).max(0);
    start.plus_millis(since - since % period_ms.max(1))
}

/// When the kubelet of `node` last renewed its Lease: on a 10 s grid from
/// its last status heartbeat, up to when its kubelet stopped (`sim node
/// fail`) or, for a node not Ready, that heartbeat. `None` before the
/// kubelet ever posted a Ready condition.
pub fn node_renew_time(node: &Node, sim: &SimState, now: Time) -> Option<Time> {
    let ready = find_condition(&node.status.conditions, "Ready")?;
    let beat = ready.last_heartbeat_time?;
    let name = node.metadata.name.as_str();
    let stopped = if sim.failed_nodes.contains(name) {
        Some(sim.node_failed_at.get(name).copied().unwrap_or(beat).max(beat))
    } else if !ready.is_true() {
        Some(beat)
    } else {
        None
    };
    Some(last_renewal(beat, NODE_RENEW_MS, now, stopped))
}

/// The seed of a Lease's uid: its identity and its anchor's uid, so the
/// uid stays the same from read to read, and a stored copy
/// ([`materialize`]) draws the same one.
fn uid_seed(namespace: &str, name: &str, anchor: &str) -> u64 {
    [namespace, name, anchor].iter().fold(kubeplay_model::fnv::Fnv::new(), |h, p| h.bytes(p.as_bytes()).bytes(&[0xff])).finish()
}

fn stable_uid(namespace: &str, name: &str, anchor: &str) -> kubeplay_model::Uid {
    let mut rng = kubeplay_model::rng::Rng::new(uid_seed(namespace, name, anchor));
    kubeplay_apiserver::uuid(&mut || rng.next_u64())
}

fn lease(namespace: &str, name: &str, anchor: &Node, spec: LeaseSpec) -> Lease {
    Lease {
        metadata: ObjectMeta {
            name: name.into(),
            namespace: namespace.into(),
            uid: stable_uid(namespace, name, anchor.metadata.uid.as_str()),
            creation_timestamp: anchor.metadata.creation_timestamp,
            ..Default::default()
        },
        spec,
    }
}

/// `kube-node-lease/<node>`.
pub fn node_lease(node: &Node, sim: &SimState, now: Time) -> Lease {
    let name = node.metadata.name.as_str();
    let mut l = lease(NODE_LEASE_NAMESPACE, name, node, LeaseSpec {
        holder_identity: Some(name.into()),
        lease_duration_seconds: Some(NODE_LEASE_SECONDS),
        renew_time: node_renew_time(node, sim, now).map(MicroTime::from_time),
        ..Default::default()
    });
    let (kind, api_version) = Kind::Node.words();
    l.metadata.owner_references = vec![OwnerReference { api_version, kind, name: name.into(), uid: node.metadata.uid.clone(), controller: None, block_owner_deletion: None }].into();
    l
}

/// The API server's identity: `apiserver-` and the lowercased base32 of
/// the first 16 bytes of SHA-256 over the length-prefixed hostname and
/// `kube-apiserver` (as kube-apiserver derives its id).
pub fn apiserver_id(hostname: &str) -> String {
    let mut data = Vec::with_capacity(hostname.len() + 18);
    for part in [hostname, "kube-apiserver"] {
        data.extend_from_slice(&(part.len() as u16).to_be_bytes());
        data.extend_from_slice(part.as_bytes());
    }
    let hash = kubeplay_model::sha256::sha256(&data);
    const ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";
    let mut out = String::from("apiserver-");
    let (mut bits, mut acc) = (0u32, 0u32);
    for b in &hash[..16] {
        acc = (acc << 8) | u32::from(*b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[((acc >> bits) & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(ALPHABET[((acc << (5 - bits)) & 31) as usize] as char);
    }
    out
}

/// The control plane's Leases, kept by the components on `cp`.
fn control_plane_leases(cp: &Node, sim: &SimState, now: Time) -> Vec<Lease> {
    let host = cp.metadata.name.as_str();
    let Some(start) = cp.metadata.creation_timestamp else { return Vec::new() };
    let stopped = sim.failed_nodes.contains(host).then(|| sim.node_failed_at.get(host).copied().unwrap_or(start).max(start));
    let renewed = |period| Some(MicroTime::from_time(last_renewal(start, period, now, stopped)));
    let mut out = Vec::new();
    for component in ["kube-controller-manager", "kube-scheduler"] {
        // The elector's identity: its host and a uuid of its own process.
        let holder = format!("{host}_{}", stable_uid("holder", component, cp.metadata.uid.as_str()));
        out.push(lease("kube-system", component, cp, LeaseSpec {
            holder_identity: Some(holder),
            lease_duration_seconds: Some(LEADER_LEASE_SECONDS),
            acquire_time: Some(MicroTime::from_time(start)),
            renew_time: renewed(LEADER_RENEW_MS),
            lease_transitions: Some(0),
            ..Default::default()
        }));
    }
    let id = apiserver_id(host);
    let holder = format!("{id}_{}", stable_uid("holder", &id, cp.metadata.uid.as_str()));
    let mut identity = lease("kube-system", &id, cp, LeaseSpec {
        holder_identity: Some(holder),
        lease_duration_seconds: Some(IDENTITY_LEASE_SECONDS),
        renew_time: renewed(IDENTITY_RENEW_MS),
        ..Default::default()
    });
    identity.metadata.labels = BTreeMap::from([(IDENTITY_LABEL.to_string(), "kube-apiserver".to_string()), ("kubernetes.io/hostname".to_string(), host.to_string())]).into();
    out.push(identity);
    out
}

/// The seed a system Lease's uid is drawn from.
fn seed_of(l: &Lease, store: &Store) -> u64 {
    let anchor = match l.metadata.owner_references.first() {
        Some(owner) => owner.uid.as_str().to_string(),
        None => store.list(Kind::Node, None).filter_map(|o| o.as_node()).find(|n| n.metadata.labels.contains_key(CONTROL_PLANE_LABEL)).map(|n| n.metadata.uid.as_str().to_string()).unwrap_or_default(),
    };
    uid_seed(&l.metadata.namespace, &l.metadata.name, &anchor)
}

/// Every system Lease at `now`, whether or not a stored one shadows it.
pub fn system_leases(store: &Store, sim: &SimState, now: Time) -> Vec<Lease> {
    let nodes: Vec<&Node> = store.list(Kind::Node, None).filter_map(|o| o.as_node()).filter(|n| n.metadata.deletion_timestamp.is_none()).collect();
    let mut out: Vec<Lease> = nodes.iter().map(|n| node_lease(n, sim, now)).collect();
    if let Some(cp) = nodes.iter().find(|n| n.metadata.labels.contains_key(CONTROL_PLANE_LABEL)) {
        out.extend(control_plane_leases(cp, sim, now));
    }
    out
}

/// A copy of `store` with the system Leases in it as a read at `now`
/// sees them (see the module's comment). A stored Lease of the same name
/// (a user's write stored it, [`materialize`]) is shown as its component
/// renews it: once a renewal is due after the stored renew time, the
/// holder, duration and renew time are the component's again, the rest
/// (labels, annotations…) as the user left it.
pub fn with_system_leases(store: &Store, sim: &SimState, now: Time) -> Store {
    let mut view = store.clone();
    let revision = store.resource_version();
    for mut l in system_leases(store, sim, now) {
        // Its namespace must exist for it to be listed, as on a real
        // cluster where it would have been refused.
        if store.get_by(Kind::Namespace, "", &l.metadata.namespace).is_none() {
            continue;
        }
        if let Some(stored) = store.get_by(Kind::Lease, &l.metadata.namespace, &l.metadata.name).and_then(|o| o.as_lease()) {
            if stored.metadata.deletion_timestamp.is_some() || l.spec.renew_time <= stored.spec.renew_time {
                continue;
            }
            let mut renewed = stored.clone();
            renewed.spec.holder_identity = l.spec.holder_identity.take();
            renewed.spec.lease_duration_seconds = l.spec.lease_duration_seconds;
            renewed.spec.renew_time = l.spec.renew_time;
            renewed.metadata.resource_version = renewal_version(revision, &renewed);
            view.present(Arc::new(Object::from(renewed)));
            continue;
        }
        l.metadata.resource_version = renewal_version(revision, &l);
        view.present(Arc::new(Object::from(l)));
    }
    view
}

/// A presented Lease's resourceVersion: the store's revision at the read
/// plus the seconds its renewals have covered since it was created, so it
/// moves with each renewal and stays put between them (as the revision
/// of the renewal's write would), deterministically.
fn renewal_version(revision: u64, l: &Lease) -> kubeplay_model::shared_str::SharedStr {
    let renewed = l.spec.renew_time.map_or(0, |t| t.to_time().millis());
    let created = l.metadata.creation_timestamp.map_or(renewed, |t| t.millis());
    let moved = u64::try_from((renewed - created).max(0) / 1000).unwrap_or(0);
    kubeplay_model::shared_str::SharedStr::from(revision.saturating_add(moved).to_string().as_str())
}

/// Stores the system Leases `wanted` picks that are presented but not
/// stored, as their components made them (same uid, created when the
/// presented one says), in one step: a user's write to one (a label, a
/// patch, a delete) then finds it, as it would on a real cluster. Only a
/// command that names such a Lease calls this, so no other session's
/// store or trace changes. Returns how many were stored.
pub fn materialize(engine: &mut crate::engine::Engine, wanted: impl Fn(&Lease) -> bool) -> usize {
    let w = engine.world();
    let missing: Vec<(Lease, u64)> = system_leases(&w.store, &w.sim, w.now)
        .into_iter()
        .filter(|l| wanted(l) && w.store.get_by(Kind::Namespace, "", &l.metadata.namespace).is_some())
        .filter(|l| w.store.get_by(Kind::Lease, &l.metadata.namespace, &l.metadata.name).is_none())
        .map(|l| {
            let seed = seed_of(&l, &w.store);
            (l, seed)
        })
        .collect();
    let Some(first) = missing.first().map(|(l, _)| kubeplay_model::ObjectKey::new(Kind::Lease, &l.metadata.namespace, &l.metadata.name)) else { return 0 };
    let n = missing.len();
    engine.user("the Leases the kubelets and the control plane renew are stored as they stand, before the command writes them", first, |ctx| {
        for (mut l, seed) in missing {
            let created_at = l.metadata.creation_timestamp.unwrap_or(ctx.world.now);
            // The store draws the uid first: the same seed gives the same one.
            l.metadata.uid = Default::default();
            l.metadata.creation_timestamp = None;
            let mut rng = kubeplay_model::rng::Rng::new(seed);
            let mut draw = || rng.next_u64();
            let mut wctx = kubeplay_apiserver::WriteCtx { now: created_at, rng: &mut draw };
            if let Ok(created) = ctx.world.store.create(Object::from(l), &mut wctx) {
                ctx.writes.push(crate::step::Write { verb: crate::step::Verb::Create, key: created.key(), before: None, after: Some(created) });
            }
        }
    });
    n
}

/// Stores again, as their components would at their next renewal, the
/// system Leases among `deleted` that a command just deleted: a new uid
/// (drawn from the store's revision and the Lease's identity) and created
/// now (acquired and renewed then), in one step. Returns how many.
pub fn recreate(engine: &mut crate::engine::Engine, deleted: &[kubeplay_model::ObjectKey]) -> usize {
    let w = engine.world();
    let gone: Vec<Lease> = system_leases(&w.store, &w.sim, w.now)
        .into_iter()
        .filter(|l| deleted.iter().any(|k| k.kind == Kind::Lease && k.namespace.as_str() == l.metadata.namespace.as_str() && k.name.as_str() == l.metadata.name))
        .filter(|l| w.store.get_by(Kind::Lease, &l.metadata.namespace, &l.metadata.name).is_none())
        .collect();
    let Some(first) = gone.first().map(|l| kubeplay_model::ObjectKey::new(Kind::Lease, &l.metadata.namespace, &l.metadata.name)) else { return 0 };
    let n = gone.len();
    engine.user("the kubelets and the control plane's components create again the Leases they renew", first, |ctx| {
        let now = Some(MicroTime::from_time(ctx.world.now));
        for mut l in gone {
            l.metadata.uid = Default::default();
            l.metadata.creation_timestamp = None;
            // A new holder's record: acquired and renewed now.
            l.spec.renew_time = now;
            if l.spec.acquire_time.is_some() {
                l.spec.acquire_time = now;
            }
            let _ = ctx.create_system(Object::from(l));
        }
    });
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::time::EPOCH;

    #[test]
    fn renewals_fall_on_the_grid_and_stop_with_the_holder() {
        let t = |s: i64| EPOCH.plus_millis(s);
        let table = [
            // (start, period, now, stopped, want)
            (t(0), 10_000, t(0), None, t(0)),
            (t(0), 10_000, t(9_999), None, t(0)),
            (t(0), 10_000, t(10_000), None, t(10_000)),
            (t(0), 10_000, t(65_000), None, t(60_000)),
            (t(5_000), 10_000, t(64_999), None, t(55_000)),
            (t(5_000), 10_000, t(65_000), None, t(65_000)),
            (t(0), 2_000, t(7_500), None, t(6_000)),
            (t(0), 10_000, t(65_000), Some(t(31_000)), t(30_000)),
            (t(0), 10_000, t(25_000), Some(t(31_000)), t(20_000)),
            // A clock before the start renews nothing after it.
            (t(10_000), 10_000, t(0), None, t(10_000)),
        ];
        for (start, period, now, stopped, want) in table {
            assert_eq!(last_renewal(start, period, now, stopped), want, "{start:?} {period} {now:?} {stopped:?}");
        }
    }

    #[test]
    fn apiserver_ids_are_26_base32_characters() {
        let id = apiserver_id("kind-control-plane");
        assert_eq!(id.len(), "apiserver-".len() + 26, "{id}");
        assert!(id["apiserver-".len()..].bytes().all(|c| c.is_ascii_lowercase() || (b'2'..=b'7').contains(&c)), "{id}");
        assert_ne!(id, apiserver_id("other-host"));
    }

    #[test]
    fn a_default_cluster_has_a_lease_per_node_and_three_control_plane_ones() {
        let e = crate::engine::Engine::with_default_cluster(1);
        let w = e.world();
        let leases = system_leases(&w.store, &w.sim, w.now);
        let names: Vec<String> = leases.iter().map(|l| format!("{}/{}", l.metadata.namespace, l.metadata.name)).collect();
        assert_eq!(names.iter().filter(|n| n.starts_with("kube-node-lease/")).count(), e.store().list(Kind::Node, None).count());
        assert!(names.contains(&"kube-system/kube-scheduler".to_string()), "{names:?}");
        assert!(names.contains(&"kube-system/kube-controller-manager".to_string()), "{names:?}");
        assert!(names.iter().any(|n| n.starts_with("kube-system/apiserver-")), "{names:?}");
        let view = with_system_leases(&w.store, &w.sim, w.now);
        assert_eq!(view.list(Kind::Lease, None).count(), leases.len());
        // The store itself is untouched.
        assert_eq!(e.store().list(Kind::Lease, None).count(), 0);
    }

    #[test]
    fn a_stored_system_lease_keeps_its_identity_and_its_renewals() {
        let mut e = crate::engine::Engine::with_default_cluster(1);
        let lease_of = |store: &Store| store.get_by(Kind::Lease, NODE_LEASE_NAMESPACE, "kubeplay-worker").and_then(|o| o.as_lease()).cloned();
        let presented = {
            let w = e.world();
            lease_of(&with_system_leases(&w.store, &w.sim, w.now)).expect("presented")
        };
        let steps = e.trace().len();
        let wanted = |l: &Lease| l.metadata.namespace == NODE_LEASE_NAMESPACE && l.metadata.name == "kubeplay-worker";
        assert_eq!(materialize(&mut e, wanted), 1);
        assert_eq!(e.trace().len(), steps + 1, "one step stores it");
        // Nothing left to store the second time.
        assert_eq!(materialize(&mut e, wanted), 0);
        let stored = lease_of(e.store()).expect("stored");
        assert_eq!(stored.metadata.uid, presented.metadata.uid);
        assert_eq!(stored.metadata.creation_timestamp, presented.metadata.creation_timestamp);
        assert_eq!(stored.spec, presented.spec);
        e.advance(35_000);
        let w = e.world();
        let read = lease_of(&with_system_leases(&w.store, &w.sim, w.now)).expect("read");
        assert_eq!(read.spec.renew_time, Some(MicroTime::from_time(kubeplay_model::time::EPOCH.plus_secs(30))), "{read:?}");
        assert_eq!(lease_of(e.store()).expect("stored").spec.renew_time, presented.spec.renew_time, "the store is not written by renewals");
    }

    #[test]
    fn a_presented_lease_version_moves_only_with_its_renewals() {
        let mut e = crate::engine::Engine::with_default_cluster(1);
        let read = |e: &crate::engine::Engine| {
            let w = e.world();
            let view = with_system_leases(&w.store, &w.sim, w.now);
            let l = view.get_by(Kind::Lease, NODE_LEASE_NAMESPACE, "kubeplay-worker").and_then(|o| o.as_lease()).cloned().expect("presented");
            (l.spec.renew_time, l.metadata.resource_version.to_string())
        };
        let first = read(&e);
        assert_eq!(read(&e), first, "the same read twice");
        e.advance(1_000);
        let second = read(&e);
        if second.0 == first.0 {
            assert_eq!(second.1, first.1);
        }
        e.advance(10_000);
        let third = read(&e);
        assert_ne!(third.0, first.0);
        assert!(third.1.parse::<u64>().unwrap() > first.1.parse::<u64>().unwrap(), "{first:?} {third:?}");
    }

    #[test]
    fn a_deleted_system_lease_comes_back_with_a_new_uid() {
        let mut e = crate::engine::Engine::with_default_cluster(1);
        let key = kubeplay_model::ObjectKey::new(Kind::Lease, NODE_LEASE_NAMESPACE, "kubeplay-worker");
        let wanted = |l: &Lease| l.metadata.namespace == NODE_LEASE_NAMESPACE && l.metadata.name == "kubeplay-worker";
        assert_eq!(materialize(&mut e, wanted), 1);
        let old = e.store().get(&key).expect("stored").meta().uid.clone();
        // Nothing deleted: nothing made.
        assert_eq!(recreate(&mut e, std::slice::from_ref(&key)), 0);
        e.user("delete", key.clone(), |ctx| {
            let now = ctx.world.now;
            let mut draw = || 0u64;
            let mut wctx = kubeplay_apiserver::WriteCtx { now, rng: &mut draw };
            ctx.world.store.delete(&key, &Default::default(), &mut wctx).expect("deleted");
        });
        assert!(e.store().get(&key).is_none());
        assert_eq!(recreate(&mut e, std::slice::from_ref(&key)), 1);
        let new = e.store().get(&key).expect("made again");
        assert_ne!(new.meta().uid, old);
        assert_eq!(new.meta().creation_timestamp, Some(e.world().now));
        assert_eq!(new.meta().owner_references.len(), 1, "still owned by its node");
    }
}
