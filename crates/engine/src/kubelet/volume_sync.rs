//! When a running pod's ConfigMap and Secret volumes show a new version.
//!
//! The kubelet does not rewrite a mounted ConfigMap or Secret when the
//! object changes: with its default change detection (`Watch`) its copy is
//! always current, but the volume is only rewritten when the pod is next
//! synced (`WaitForAttachAndMount` asks the volume manager to reprocess
//! the pod, and the atomic writer writes a new timestamped directory when
//! the payload differs). Without other news a pod is synced every
//! `syncFrequency` (1 minute) with up to 50% jitter; an update to the pod
//! itself (an annotation, as the docs suggest) syncs it at once.
//!
//! Nothing is kept while volumes and objects agree. When a mounted
//! object changes, each running pod that mounts it gets a [`Held`]
//! record: the version it still shows (the one before the change), until
//! its next periodic sync. Readers of a container's files
//! ([`shown`]) take the held version before that instant, the store's
//! after. The sync instants are drawn from the pod's UID, not the
//! engine's RNG, so the records change no step and no random draw.

use crate::world::World;
use imbl::OrdMap;
use kubeplay_apiserver::Change;
use kubeplay_model::api::Pod;
use kubeplay_model::{Kind, Object, ObjectKey, Time};
use std::sync::Arc;

/// The kubelet's `syncFrequency`.
pub const SYNC_FREQUENCY_MS: i64 = 60_000;
/// `workerResyncIntervalJitterFactor`: a resync comes up to half a
/// period late.
const JITTER_FACTOR: f64 = 0.5;

/// What a pod's volumes still show of one ConfigMap or Secret.
#[derive(Clone, Debug, PartialEq)]
pub struct Held {
    /// The version shown; None: the object did not exist (an optional
    /// source).
    pub object: Option<Arc<Object>>,
    /// When that version was written into the volume.
    pub since: Time,
    /// The pod's next sync, which writes the store's version.
    pub until: Time,
}

/// Held versions by (pod UID, the object's key).
pub type HeldVolumes = OrdMap<(String, ObjectKey), Held>;

/// The pod's resync period: `syncFrequency` plus its jitter, drawn once
/// from the pod's UID (upstream draws it anew each time; a fixed draw keeps
/// the next sync a lookup).
pub fn resync_period_ms(uid: &str) -> i64 {
    let draw = kubeplay_model::fnv::fnv1a(format!("kubelet resync/{uid}").as_bytes()) % 1_000_000;
    let jitter = (SYNC_FREQUENCY_MS as f64 * JITTER_FACTOR * draw as f64 / 1_000_000.0) as i64;
    SYNC_FREQUENCY_MS + jitter
}

/// The pod's first periodic sync strictly after `at`: syncs come one
/// period apart from the pod's start.
pub fn next_sync(pod: &Pod, at: Time) -> Time {
    let start = pod.status.start_time.or(pod.metadata.creation_timestamp).unwrap_or(at);
    let period = resync_period_ms(pod.metadata.uid.as_str());
    let elapsed = (at.millis() - start.millis()).max(0);
    start.plus_millis((elapsed / period + 1) * period)
}

/// Whether `pod` mounts the object `kind`/`name` through a volume (its
/// variables are fixed when a container is created, so they never follow).
pub fn mounts(pod: &Pod, kind: Kind, name: &str) -> bool {
    pod.spec.volumes.iter().any(|v| {
        let direct = match kind {
            Kind::Secret => v.secret.as_ref().and_then(|s| s.secret_name.as_deref()) == Some(name),
            _ => v.config_map.as_ref().and_then(|c| c.name.as_deref()) == Some(name),
        };
        direct || super::config::projected_sources(v.projected.as_deref()).iter().any(|(k, n, _)| *k == kind && n == name)
    })
}

/// Held until a sync can write the source again (a required source that
/// was deleted).
const FOREVER: Time = Time::from_millis(i64::MAX / 4);

/// Whether every volume of `pod` that shows `kind`/`name` marks it
/// optional.
fn optional(pod: &Pod, kind: Kind, name: &str) -> bool {
    pod.spec.volumes.iter().all(|v| {
        let direct = match kind {
            Kind::Secret => v.secret.as_ref().filter(|s| s.secret_name.as_deref() == Some(name)).map(|s| s.optional == Some(true)),
            _ => v.config_map.as_ref().filter(|c| c.name.as_deref() == Some(name)).map(|c| c.optional == Some(true)),
        };
        let projected = super::config::projected_sources(v.projected.as_deref()).into_iter().filter(|(k, n, _)| *k == kind && n == name).all(|(_, _, optional)| optional);
        direct.unwrap_or(true) && projected
    })
}

/// A pod whose volumes are mounted and kept: started, not finished, not
/// going away.
fn mounted(pod: &Pod) -> bool {
    pod.node_name().is_some() && pod.status.start_time.is_some() && !matches!(pod.phase(), "Succeeded" | "Failed") && pod.metadata.deletion_timestamp.is_none()
}

/// Keeps the held versions from one change (run for every change, after
/// the store has it).
pub(crate) fn observe(world: &mut World, change: &Change) {
    match change.key.kind {
        Kind::ConfigMap | Kind::Secret => object_changed(world, change),
        Kind::Pod if !world.sim.held_volumes.is_empty() => pod_changed(world, change),
        _ => {}
    }
}

fn object_changed(world: &mut World, change: &Change) {
    let now = world.now;
    let same_data = match (change.old.as_deref(), change.new.as_deref()) {
        (Some(Object::ConfigMap(a)), Some(Object::ConfigMap(b))) => a.data == b.data && a.binary_data == b.binary_data,
        (Some(Object::Secret(a)), Some(Object::Secret(b))) => a.data == b.data,
        _ => false,
    };
    if same_data {
        return;
    }
    let World { store, sim, .. } = world;
    for p in store.list(Kind::Pod, Some(&change.key.namespace)) {
        let Some(pod) = p.as_pod().filter(|p| mounted(p) && mounts(p, change.key.kind, &change.key.name)) else { continue };
        let key = (pod.metadata.uid.to_string(), change.key.clone());
        let deleted = change.new.is_none();
        // A required source that is gone fails the remount: the files
        // written last stay (the pod keeps its mount point).
        let until = if deleted && !optional(pod, change.key.kind, &change.key.name) { FOREVER } else { next_sync(pod, now) };
        match sim.held_volumes.get_mut(&key) {
            // Back again: the next sync writes it.
            Some(h) if h.until == FOREVER => h.until = until,
            // Still showing an older version: that one stays until the sync.
            Some(h) if h.until > now => {}
            earlier => {
                let since = earlier.map_or_else(|| pod.status.start_time.unwrap_or(now), |h| h.until);
                sim.held_volumes.insert(key, Held { object: change.old.clone(), since, until });
            }
        }
    }
}

/// A pod update syncs the pod at once (its volumes catch up); a pod gone
/// takes its records with it.
fn pod_changed(world: &mut World, change: &Change) {
    let now = world.now;
    let uid = change.object().meta().uid.to_string();
    // The least key of either kind: every record of the pod sorts after it.
    let from = (uid.clone(), ObjectKey::new(Kind::ConfigMap, "", "").min(ObjectKey::new(Kind::Secret, "", "")));
    let keys: Vec<(String, ObjectKey)> = world.sim.held_volumes.range(from..).take_while(|((u, _), _)| *u == uid).map(|(k, _)| k.clone()).collect();
    if keys.is_empty() {
        return;
    }
    let (Some(old), Some(new)) = (change.old.as_deref().and_then(Object::as_pod), change.new.as_deref().and_then(Object::as_pod)) else {
        for k in keys {
            world.sim.held_volumes.remove(&k);
        }
        return;
    };
    let touched = old.metadata.annotations != new.metadata.annotations || old.metadata.labels != new.metadata.labels;
    if !touched {
        return;
    }
    for k in keys {
        if let Some(h) = world.sim.held_volumes.get_mut(&k) {
            if h.until > now {
                h.until = now;
            }
        }
    }
}

/// What `pod`'s volumes show of `kind`/`name` at `now`: the held version
/// (Some(None): the object did not exist yet) and since when, or None for
/// the store's own.
pub fn shown(held: &HeldVolumes, pod: &Pod, kind: Kind, name: &str, now: Time) -> Option<(Option<Arc<Object>>, Time)> {
    let h = held.get(&(pod.metadata.uid.to_string(), ObjectKey::new(kind, &pod.metadata.namespace, name)))?;
    (h.until > now).then(|| (h.object.clone(), h.since))
}

/// When the volume content of `kind`/`name` that `pod` shows at `now` was
/// written, if not at mount time (a sync since wrote a newer version).
pub fn written_at(held: &HeldVolumes, pod: &Pod, kind: Kind, name: &str, now: Time) -> Option<Time> {
    let h = held.get(&(pod.metadata.uid.to_string(), ObjectKey::new(kind, &pod.metadata.namespace, name)))?;
    Some(if h.until > now { h.since } else { h.until })
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::ObjectMeta;

    fn pod(uid: &str, start_ms: i64) -> Pod {
        let mut p = Pod { metadata: ObjectMeta { name: "p".into(), namespace: "default".into(), ..Default::default() }, ..Default::default() };
        p.metadata.uid = uid.into();
        p.status.start_time = Some(Time::from_millis(start_ms));
        p
    }

    #[test]
    fn resyncs_come_a_jittered_period_apart() {
        for uid in ["a", "b", "c", "0f6f4a8e-1b7e-4c55-9a52-3f1d5c1e2a10"] {
            let period = resync_period_ms(uid);
            assert!((SYNC_FREQUENCY_MS..SYNC_FREQUENCY_MS * 3 / 2).contains(&period), "{uid}: {period}");
            let p = pod(uid, 5_000);
            // (at, expected next sync) relative to the start.
            let cases = [(0, period), (1, period), (period - 1, period), (period, 2 * period), (10 * period + 7, 11 * period)];
            for (at, want) in cases {
                assert_eq!(next_sync(&p, Time::from_millis(5_000 + at)), Time::from_millis(5_000 + want), "{uid} at {at}");
            }
        }
    }

    fn apply(e: &mut crate::Engine, yaml: &str) {
        for item in kubeplay_codec::decode_manifests(yaml).items.into_iter().flatten() {
            let mut obj = item.object;
            obj.meta_mut().namespace = "default".into();
            crate::client::apply(e, obj, Some(item.raw)).expect("applies");
        }
    }

    fn sport(e: &crate::Engine) -> Option<String> {
        let pod = e.store().get_by(Kind::Pod, "default", "p")?.as_pod()?.clone();
        let object = match shown(&e.world().sim.held_volumes, &pod, Kind::ConfigMap, "sport", e.now()) {
            Some((held, _)) => held,
            None => e.store().get_by(Kind::ConfigMap, "default", "sport").cloned(),
        };
        match object.as_deref()? {
            Object::ConfigMap(cm) => cm.data.get("sport").cloned(),
            _ => None,
        }
    }

    const POD: &str = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: busybox, command: [sleep, '3600'], volumeMounts: [{name: v, mountPath: /etc/config}]}]\n  volumes: [{name: v, configMap: {name: sport}}]\n";

    // The tutorial's edit: the running pod's volume changes at its next
    // periodic sync, not before; a deleted required ConfigMap leaves the
    // last files in place.
    #[test]
    fn a_running_pod_sees_updates_at_its_next_sync() {
        let mut e = crate::Engine::with_default_cluster(1);
        apply(&mut e, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: sport}\ndata: {sport: football}\n");
        apply(&mut e, POD);
        e.settle(60_000);
        assert_eq!(sport(&e).as_deref(), Some("football"));
        apply(&mut e, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: sport}\ndata: {sport: cricket}\n");
        assert_eq!(sport(&e).as_deref(), Some("football"), "at once");
        let pod = e.store().get_by(Kind::Pod, "default", "p").and_then(|p| p.as_pod()).cloned().expect("pod");
        let sync = next_sync(&pod, e.now());
        assert!(sync.millis() - e.now().millis() <= SYNC_FREQUENCY_MS * 3 / 2);
        e.advance(sync.millis() - e.now().millis() - 1);
        assert_eq!(sport(&e).as_deref(), Some("football"), "just before the sync");
        e.advance(1);
        assert_eq!(sport(&e).as_deref(), Some("cricket"), "at the sync");
        let _ = crate::client::delete(&mut e, &ObjectKey::new(Kind::ConfigMap, "default", "sport"), Default::default());
        e.advance(10 * SYNC_FREQUENCY_MS);
        assert_eq!(sport(&e).as_deref(), Some("cricket"), "kept after the delete");
    }

    // "You can trigger an immediate refresh by updating one of the pod's
    // annotations."
    #[test]
    fn updating_the_pod_syncs_its_volumes_at_once() {
        let mut e = crate::Engine::with_default_cluster(1);
        apply(&mut e, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: sport}\ndata: {sport: football}\n");
        apply(&mut e, POD);
        e.settle(60_000);
        apply(&mut e, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: sport}\ndata: {sport: cricket}\n");
        e.advance(1_000);
        assert_eq!(sport(&e).as_deref(), Some("football"));
        let annotated = POD.replace("metadata: {name: p}", "metadata: {name: p, annotations: {refresh: '1'}}");
        apply(&mut e, &annotated);
        e.advance(1);
        assert_eq!(sport(&e).as_deref(), Some("cricket"));
    }

    #[test]
    fn the_held_version_shows_until_the_sync() {
        let p = pod("u", 0);
        let key = ObjectKey::new(Kind::ConfigMap, "default", "sport");
        let mut held = HeldVolumes::new();
        held.insert(("u".into(), key), Held { object: None, since: Time::from_millis(0), until: Time::from_millis(70_000) });
        let cases: &[(i64, bool, Option<i64>)] = &[(0, true, Some(0)), (69_999, true, Some(0)), (70_000, false, Some(70_000)), (500_000, false, Some(70_000))];
        for &(at, held_now, written) in cases {
            let t = Time::from_millis(at);
            assert_eq!(shown(&held, &p, Kind::ConfigMap, "sport", t).is_some(), held_now, "at {at}");
            assert_eq!(written_at(&held, &p, Kind::ConfigMap, "sport", t), written.map(Time::from_millis), "at {at}");
        }
        assert_eq!(shown(&held, &p, Kind::Secret, "sport", Time::from_millis(0)), None);
        assert_eq!(written_at(&held, &p, Kind::ConfigMap, "other", Time::from_millis(0)), None);
    }
}
