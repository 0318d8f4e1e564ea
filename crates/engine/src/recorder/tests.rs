//! The recorders end to end: what a cluster's store holds after
//! components emit events.

use crate::engine::Engine;
use kubeplay_model::api::{Event, PodSpec, PodTemplateSpec, ReplicaSet, ReplicaSetSpec};
use kubeplay_model::api::Container;
use kubeplay_model::{Kind, LabelSelector, Object, ObjectKey, ObjectMeta};
use std::collections::BTreeMap;

fn events(e: &Engine, reason: &str) -> Vec<Event> {
    let mut v: Vec<Event> = e.store().list(Kind::Event, None).filter_map(|o| o.as_event().cloned()).filter(|ev| ev.reason.as_deref() == Some(reason)).collect();
    kubeplay_model::sort::sort_by_key(&mut v, |ev| ev.first_timestamp.or(ev.last_timestamp));
    v
}

fn poke(e: &mut Engine, reason: &str, message: &str) {
    let key = ObjectKey::new(Kind::Node, "", "kubeplay-worker");
    let (reason, message) = (reason.to_string(), message.to_string());
    e.user("poke", key.clone(), |ctx| {
        let node = ctx.get(&key).unwrap();
        ctx.event(&node, "Normal", &reason, message);
    });
}

fn replica_set(replicas: i32) -> Object {
    let labels = BTreeMap::from([("app".to_string(), "web".to_string())]);
    Object::ReplicaSet(Box::new(ReplicaSet {
        metadata: ObjectMeta { name: "web".into(), namespace: "default".into(), ..Default::default() },
        spec: ReplicaSetSpec {
            replicas: Some(replicas),
            selector: Some(LabelSelector { match_labels: labels.clone(), match_expressions: vec![] }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels: labels.into(), ..Default::default() },
                spec: PodSpec { containers: vec![Container { name: "web".into(), image: Some("nginx:1.27".into()), ..Default::default() }].into(), ..Default::default() },
            },
            ..Default::default()
        },
        status: Default::default(),
    }))
}

#[test]
fn a_replica_set_of_twenty_shows_nine_created_pods_and_one_combined_event() {
    let mut e = Engine::with_default_cluster(1);
    let rs = replica_set(20);
    e.user("create", rs.key(), |ctx| ctx.create(rs).map(|_| ())).unwrap();
    e.settle(crate::DEFAULT_SETTLE_MS);
    let mut created = events(&e, "SuccessfulCreate");
    created.retain(|ev| ev.involved_object.name.as_deref() == Some("web"));
    let (combined, single): (Vec<&Event>, Vec<&Event>) = created.iter().partition(|ev| ev.message.as_deref().unwrap().starts_with("(combined from similar events): Created pod: web-"));
    assert_eq!(single.len(), 9, "{:#?}", created.iter().map(|e| (e.message.clone(), e.count, e.last_timestamp)).collect::<Vec<_>>());
    assert!(single.iter().all(|ev| ev.count == Some(1) && ev.message.as_deref().unwrap().starts_with("Created pod: web-")));
    assert_eq!(combined.len(), 1);
    assert_eq!(combined[0].count, Some(11));
    // Its message names the last pod created.
    let last_pod = e.store().list(Kind::Pod, Some("default")).filter_map(|p| p.as_pod()).max_by_key(|p| p.metadata.resource_version.parse::<u64>().unwrap()).unwrap().metadata.name.clone();
    assert!(combined[0].message.as_deref().unwrap().ends_with(&last_pod), "{:?} / {last_pod}", combined[0].message);
}

#[test]
fn events_expire_an_hour_after_their_last_write() {
    let mut e = Engine::with_default_cluster(1);
    let before = e.store().event_count();
    // Past the lease the bootstrap's writes share, so these get their own.
    e.advance(2 * 60 * 1000);
    poke(&mut e, "Once", "said once");
    poke(&mut e, "Twice", "said twice");
    e.advance(50 * 60 * 1000);
    poke(&mut e, "Twice", "said twice");
    assert_eq!(events(&e, "Twice")[0].count, Some(2));
    // An hour and a minute after the first writes (the lease's extra
    // minute): the event written again 50 minutes in stays.
    e.advance(10 * 60 * 1000 + 59_000);
    assert_eq!(events(&e, "Once").len(), 1);
    e.advance(1_000);
    assert!(events(&e, "Once").is_empty());
    assert_eq!(events(&e, "Twice").len(), 1);
    e.advance(51 * 60 * 1000);
    assert!(events(&e, "Twice").is_empty());
    // The bootstrap's own events went too.
    assert!(e.store().event_count() < before, "{} of {before} left", e.store().event_count());
}

/// Every write of an Event renews its lease (the events registry's TTL
/// applies to each update), the one a deletion held by a finalizer makes
/// too.
#[test]
fn a_deletion_held_by_a_finalizer_renews_an_events_lease() {
    let mut e = Engine::with_default_cluster(1);
    e.advance(2 * 60 * 1000);
    let meta = ObjectMeta { name: "held".into(), namespace: "default".into(), finalizers: vec!["example.com/hold".into()].into(), ..Default::default() };
    let ev = Object::Event(Box::new(Event { metadata: meta, reason: Some("Held".into()), ..Default::default() }));
    let key = ev.key();
    e.user("create", key.clone(), |ctx| ctx.create(ev).map(|_| ())).unwrap();
    e.advance(30 * 60 * 1000);
    crate::client::delete(&mut e, &key, kubeplay_apiserver::DeleteOptions::default()).unwrap();
    assert!(e.store().get(&key).unwrap().meta().deletion_timestamp.is_some(), "held by its finalizer");
    // 70 minutes after the create, 40 after the deletion's write.
    e.advance(40 * 60 * 1000);
    assert!(e.store().get(&key).is_some(), "the deletion's write renewed the lease");
    // An hour and two minutes after the deletion's write.
    e.advance(22 * 60 * 1000);
    assert!(e.store().get(&key).is_none(), "expired with its lease, finalizer or not");
}

/// An Event held by a finalizer goes when an update removes it, and the
/// lease its stored version was on still carries the others written
/// under it, which expire on time.
#[test]
fn an_event_whose_finalizer_goes_leaves_its_leases_to_the_others() {
    let mut e = Engine::with_default_cluster(1);
    e.advance(2 * 60 * 1000);
    let event = |name: &str, finalizers: Vec<String>| {
        let metadata = ObjectMeta { name: name.into(), namespace: "default".into(), finalizers: finalizers.into(), ..Default::default() };
        Object::Event(Box::new(Event { metadata, reason: Some("Held".into()), ..Default::default() }))
    };
    let (held, other) = (event("held", vec!["example.com/hold".into()]), event("other", vec![]));
    let (held_key, other_key) = (held.key(), other.key());
    crate::client::create(&mut e, held).unwrap();
    crate::client::create(&mut e, other).unwrap();
    e.advance(60 * 1000);
    crate::client::delete(&mut e, &held_key, kubeplay_apiserver::DeleteOptions::default()).unwrap();
    // Its finalizer goes two minutes later, under another lease.
    e.advance(2 * 60 * 1000);
    let mut released = e.store().get(&held_key).unwrap().as_ref().clone();
    released.meta_mut().finalizers.clear();
    crate::client::replace(&mut e, released).unwrap();
    assert!(e.store().get(&held_key).is_none(), "gone with its last finalizer");
    // An hour and a minute after the two were written, the other goes.
    e.advance(57 * 60 * 1000);
    assert!(e.store().get(&other_key).is_some());
    e.advance(60 * 1000);
    assert!(e.store().get(&other_key).is_none(), "its lease still carried it");
}

#[test]
fn the_spam_filter_keeps_twenty_five_events_about_an_object() {
    let mut e = Engine::with_default_cluster(1);
    for i in 0..30 {
        poke(&mut e, &format!("Reason{i}"), "poked");
    }
    let about_worker = e.store().list(Kind::Event, Some("default")).filter_map(|o| o.as_event()).filter(|ev| ev.reason.as_deref().is_some_and(|r| r.starts_with("Reason"))).count();
    assert_eq!(about_worker, 25);
    // Five minutes on, one more gets through.
    e.advance(5 * 60 * 1000);
    poke(&mut e, "Late", "poked");
    assert_eq!(events(&e, "Late").len(), 1);
}

#[test]
fn scheduler_events_repeat_as_a_series_with_the_first_message() {
    let mut e = Engine::with_default_cluster(1);
    let key = ObjectKey::new(Kind::Node, "", "kubeplay-worker");
    let fail = |e: &mut Engine, note: &str| {
        let note = note.to_string();
        let key2 = key.clone();
        e.user("fail", key.clone(), move |ctx| {
            let node = ctx.get(&key2).unwrap();
            ctx.event_v1(&node, None, "Warning", "FailedScheduling", "Scheduling", note);
        });
    };
    let start = e.now();
    fail(&mut e, "first try");
    let ev = &events(&e, "FailedScheduling")[0];
    assert!(ev.series.is_none() && ev.first_timestamp.is_none() && ev.count.is_none());
    assert_eq!(ev.reporting_component.as_deref(), Some("default-scheduler"));
    assert_eq!(ev.reporting_instance.as_deref(), Some("default-scheduler-kubeplay-control-plane"));
    assert_eq!(ev.action.as_deref(), Some("Scheduling"));
    e.advance(10_000);
    fail(&mut e, "second try");
    e.advance(10_000);
    fail(&mut e, "third try");
    let got = events(&e, "FailedScheduling");
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].message.as_deref(), Some("first try"));
    assert_eq!(got[0].series.as_ref().and_then(|s| s.count), Some(2), "the third waits for the recorder's loops");
    // The loop after six quiet minutes writes the last count and ends the series.
    e.advance(20 * 60 * 1000);
    let got = events(&e, "FailedScheduling");
    assert_eq!(got[0].series.as_ref().and_then(|s| s.count), Some(3));
    let last_seen = got[0].series.as_ref().and_then(|s| s.last_observed_time.clone()).unwrap();
    assert_eq!(last_seen.as_str(), Some(start.plus_secs(20).rfc3339_micro().as_str()));
    fail(&mut e, "much later");
    assert_eq!(events(&e, "FailedScheduling").len(), 2, "a new series starts with a new event");
}

/// Event names written by hand are what `{:x}` writes: lower case, no
/// leading zeros, "0" for zero.
#[test]
fn event_names_are_the_object_and_the_stamp_in_hex() {
    for stamp in [0, 1, 0xf, 0x10, 0xabc, 0x1873_a2b3_c4d5_e6f7, u64::MAX, 1 << 63, 1_700_000_000_000_000_123] {
        assert_eq!(super::event_name("web-7d4b9c-x2x4q", stamp), format!("web-7d4b9c-x2x4q.{stamp:x}"));
    }
    assert_eq!(super::event_name("", 255), ".ff");
}
