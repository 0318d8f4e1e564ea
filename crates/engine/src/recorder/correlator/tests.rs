//! The scenarios of upstream's `TestEventCorrelator` and
//! `TestEventSpamFilter` (client-go tools/record/events_cache_test.go),
//! played through our correlator. Upstream's test clock moves on every
//! read, three reads per event, so its "interval" is a third of the time
//! between two events' aggregation; the times here are the times between
//! events.

use super::*;
use kubeplay_model::api::{EventSource, ObjectReference};

fn object(kind: &str, name: &str, namespace: &str) -> ObjectReference {
    ObjectReference {
        kind: Some(kind.into()),
        name: Some(name.into()),
        namespace: Some(namespace.into()),
        uid: Some("C934D34AFB20242".into()),
        api_version: Some("version".into()),
        field_path: Some("spec.containers{mycontainer}".into()),
        ..Default::default()
    }
}

fn event(reason: &str, message: &str, involved: ObjectReference) -> Event {
    Event {
        metadata: kubeplay_model::ObjectMeta { name: format!("{}.{reason}", involved.name.clone().unwrap_or_default()), namespace: "my-ns".into(), ..Default::default() },
        involved_object: involved,
        reason: Some(reason.into()),
        message: Some(message.into()),
        source: Some(EventSource { component: Some("kubelet".into()), host: Some("kublet.node1".into()) }),
        count: Some(1),
        type_: Some("Normal".into()),
        ..Default::default()
    }
}

/// Plays `previous` one every `gap_ms` (storing what is written), then
/// `new` after another gap.
fn play(previous: &[Event], new: Event, gap_ms: i64) -> Correlated {
    let mut c = Correlator::default();
    let mut now = Time::from_millis(1_000_000);
    for e in previous {
        let mut e = e.clone();
        e.first_timestamp = Some(now);
        e.last_timestamp = Some(now);
        if let Correlated::Create(written) | Correlated::Patch(written) = c.correlate(e, now) {
            c.stored(&written);
        }
        now = now.plus_millis(gap_ms);
    }
    let mut new = new;
    new.first_timestamp = Some(now);
    new.last_timestamp = Some(now);
    c.correlate(new, now)
}

fn similar(n: usize, template: &Event) -> Vec<Event> {
    (0..n)
        .map(|i| {
            let mut e = template.clone();
            e.message = Some(format!("{}-{i}-{}", template.message.as_deref().unwrap(), template.message.as_deref().unwrap()));
            e
        })
        .collect()
}

fn my_pod() -> ObjectReference {
    object("Pod", "my-pod", "my-ns")
}

fn count(c: &Correlated) -> Option<i32> {
    match c {
        Correlated::Create(e) | Correlated::Patch(e) => e.count,
        Correlated::Skip => None,
    }
}

#[test]
fn a_single_event_is_created() {
    let first = event("first", "i am first", my_pod());
    let got = play(&[], first.clone(), 5_000);
    assert!(matches!(&got, Correlated::Create(e) if e.message == first.message));
    assert_eq!(count(&got), Some(1));
}

#[test]
fn the_same_event_just_counts_even_past_the_aggregation_threshold() {
    let dup = event("duplicate", "me again", my_pod());
    let got = play(std::slice::from_ref(&dup), dup.clone(), 15_000);
    assert!(matches!(&got, Correlated::Patch(e) if e.metadata.name == dup.metadata.name));
    assert_eq!(count(&got), Some(2));
    let got = play(&vec![dup.clone(); AGGREGATE_MAX_EVENTS], dup.clone(), 90_000);
    assert!(matches!(&got, Correlated::Patch(e) if e.message.as_deref() == Some("me again")));
    assert_eq!(count(&got), Some(AGGREGATE_MAX_EVENTS as i32 + 1));
}

#[test]
fn the_same_event_too_often_is_spam() {
    let dup = event("duplicate", "me again", my_pod());
    assert_eq!(play(&vec![dup.clone(); SPAM_BURST as usize + 1], dup, 3_000), Correlated::Skip);
}

#[test]
fn many_unique_events_are_each_created() {
    let unique: Vec<Event> = (0..30).map(|i| event(&format!("reason-{i}"), &format!("message-{i}"), object("Pod", &format!("pod-{i}"), &format!("ns-{i}")))).collect();
    let got = play(&unique, event("unique", "snowflake", my_pod()), 15_000);
    assert!(matches!(&got, Correlated::Create(e) if e.message.as_deref() == Some("snowflake")));
    assert_eq!(count(&got), Some(1));
}

#[test]
fn the_tenth_similar_event_is_combined_and_the_next_counts_it() {
    let mut similar_event = event("similar", "similar message", my_pod());
    similar_event.involved_object.field_path = Some("spec.containers{container1}".into());
    let combined = format!("{COMBINED}similar message");
    let got = play(&similar(AGGREGATE_MAX_EVENTS - 1, &similar_event), similar_event.clone(), 15_000);
    assert!(matches!(&got, Correlated::Create(e) if e.message.as_deref() == Some(combined.as_str())), "{got:?}");
    assert_eq!(count(&got), Some(1));
    let got = play(&similar(AGGREGATE_MAX_EVENTS, &similar_event), similar_event, 15_000);
    assert!(matches!(&got, Correlated::Patch(e) if e.message.as_deref() == Some(combined.as_str())), "{got:?}");
    assert_eq!(count(&got), Some(2));
}

#[test]
fn events_of_different_containers_are_not_counted_together() {
    let mut similar_event = event("similar", "similar message", my_pod());
    similar_event.involved_object.field_path = Some("spec.containers{container1}".into());
    let mut other = similar_event.clone();
    other.involved_object.field_path = Some("spec.containers{container2}".into());
    let got = play(&[other], similar_event, 15_000);
    assert!(matches!(got, Correlated::Create(_)));
    assert_eq!(count(&got), Some(1));
}

#[test]
fn similar_events_further_apart_than_the_interval_are_not_combined() {
    let similar_event = event("similar", "similar message", my_pod());
    let got = play(&similar(AGGREGATE_MAX_EVENTS - 1, &similar_event), similar_event.clone(), AGGREGATE_INTERVAL_MS + 1);
    assert!(matches!(&got, Correlated::Create(e) if e.message.as_deref() == Some("similar message")));
    // At exactly the interval they still are (upstream: only "longer than").
    let got = play(&similar(AGGREGATE_MAX_EVENTS - 1, &similar_event), similar_event, AGGREGATE_INTERVAL_MS);
    assert!(matches!(&got, Correlated::Create(e) if e.message.as_deref().is_some_and(|m| m.starts_with(COMBINED))));
}

#[test]
fn the_spam_filter_keys_on_source_and_object_not_reason() {
    // TestEventSpamFilter's default-key case, with the burst at 25: the
    // 26th event about the object is dropped whatever its reason.
    let original = event("original", "i am first", my_pod());
    let mut events = vec![original; SPAM_BURST as usize];
    events.truncate(SPAM_BURST as usize);
    let different = event("duplicate", "me again", my_pod());
    assert_eq!(play(&events, different.clone(), 1_000), Correlated::Skip);
    let other_object = event("duplicate", "me again", object("Pod", "other-pod", "my-ns"));
    assert!(matches!(play(&events, other_object, 1_000), Correlated::Create(_)));
}

#[test]
fn a_dropped_event_still_counts_and_the_bucket_refills_one_every_five_minutes() {
    let mut c = Correlator::default();
    let dup = event("BackOff", "Back-off restarting failed container", my_pod());
    let t0 = Time::from_millis(0);
    let mut written = Vec::new();
    for i in 0..30 {
        let now = t0.plus_secs(i);
        match c.correlate(dup.clone(), now) {
            Correlated::Create(e) | Correlated::Patch(e) => {
                c.stored(&e);
                written.push(e.count.unwrap());
            }
            Correlated::Skip => {}
        }
    }
    assert_eq!(written, (1..=25).collect::<Vec<_>>());
    // The refill has run since the first event: the 26th token is whole
    // 300 s after it.
    assert_eq!(c.correlate(dup.clone(), t0.plus_secs(299)), Correlated::Skip);
    let Correlated::Patch(e) = c.correlate(dup.clone(), t0.plus_secs(300)) else { panic!("refilled") };
    // Five dropped repeats and the one refused at 299 s were still counted.
    assert_eq!(e.count, Some(32));
    assert_eq!(c.correlate(dup, t0.plus_secs(301)), Correlated::Skip);
}

/// A log keeps a recorder-made name as its stamp alone and gives the
/// same name back; any other name it keeps whole, so a repeat of such an
/// event still patches the event it was stored as.
#[test]
fn a_log_gives_back_the_name_the_event_was_stored_under() {
    let mut e = event("Started", "Started container", object("Pod", "web-0.x", "ns"));
    for name in ["web-0.x.17d3a4b5c6d7e8f9", "web-0.x.0", "web-0.x.a", "web-0.x.0a", "web-0.x.A", "web-0.x.+a", "web-0.x.ffffffffffffffff0", "web-0.x.", "web-0.x", "other.1f", ""] {
        e.metadata.name = name.into();
        let log = LogName::of(&e);
        assert_eq!(log.name(&e), name);
        let stamped = matches!(log, LogName::Stamp(_));
        assert_eq!(stamped, matches!(name, "web-0.x.17d3a4b5c6d7e8f9" | "web-0.x.0" | "web-0.x.a"), "{name}");
    }
}

/// A log keeps a name's stamp only when `name` would write the same text
/// back: the same answers as formatting the number and comparing.
#[test]
fn a_stamp_is_kept_only_in_the_form_it_is_written() {
    let by_formatting = |h: &str| u64::from_str_radix(h, 16).ok().filter(|n| format!("{n:x}") == h);
    let cases = ["0", "00", "1", "01", "a", "A", "ff", "fF", "+1", "-1", "", "18c7e3b2a4f00001", "ffffffffffffffff", "10000000000000000", "0ffffffffffffffff", "12g", " 1", "1 "];
    for h in cases {
        assert_eq!(canonical_hex(h), by_formatting(h), "{h:?}");
    }
}

/// The three keys hashed from their shared beginning are the keys hashed
/// each from the start, over upstream's fields in upstream's order,
/// whatever fields are unset.
#[test]
fn keys_hashed_together_are_the_keys_hashed_apart() {
    let full = event("Started", "Started container nginx", object("Pod", "web-1", "default"));
    let mut bare = event("", "", ObjectReference::default());
    bare.source = None;
    bare.type_ = None;
    bare.message = None;
    let mut reporting = full.clone();
    reporting.reporting_component = Some("kubelet".into());
    reporting.reporting_instance = Some("node-1".into());
    reporting.involved_object.field_path = None;
    for e in [full, bare, reporting] {
        let (component, host) = source(&e);
        let o = &e.involved_object;
        let object = [component, host, text(&o.kind), text(&o.namespace), text(&o.name)];
        let spam: Vec<&str> = object.iter().copied().chain([text(&o.uid), text(&o.api_version)]).collect();
        let aggregate: Vec<&str> = spam.iter().copied().chain([text(&e.type_), text(&e.reason), text(&e.reporting_component), text(&e.reporting_instance)]).collect();
        let keys = Keys::of(&e);
        assert_eq!(keys.event, event_key(&e));
        assert_eq!(keys.event, fnv(&[component, host, text(&o.kind), text(&o.namespace), text(&o.name), text(&o.field_path), text(&o.uid), text(&o.api_version), text(&e.type_), text(&e.reason), text(&e.message)]));
        assert_eq!(keys.spam, fnv(&spam));
        assert_eq!(keys.aggregate, fnv(&aggregate));
    }
}
