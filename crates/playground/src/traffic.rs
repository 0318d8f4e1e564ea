//! The `sim traffic` streams as the UI draws them: per Service, the pods
//! that answered (with totals and the last second's share, for edge
//! thickness) and the latest requests with their virtual times, so the
//! front end can animate one dot per request from the Service to its pod.

use kubeplay_engine::Engine;
use serde::Serialize;

/// Every running stream, at the engine's current instant.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TrafficView {
    /// The virtual clock, in milliseconds since the Unix epoch (request
    /// times use the same scale).
    pub now_ms: i64,
    pub streams: Vec<StreamView>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StreamView {
    pub namespace: String,
    pub service: String,
    pub port: i32,
    pub rps: u32,
    /// The sending pod (`--from`), or None for the default client.
    pub from_pod: Option<String>,
    pub client_ip: String,
    /// Requests sent since the stream started.
    pub sent: u64,
    /// Pods that answered, by name.
    pub pods: Vec<PodTraffic>,
    /// Failures (`curl: (7) … Couldn't connect to server`), with their counts.
    pub failures: Vec<FailureCount>,
    /// The latest requests (at most 100), oldest first.
    pub recent: Vec<RequestView>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PodTraffic {
    pub pod: String,
    pub total: u64,
    /// Requests it answered in the last whole virtual second.
    pub last_second: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FailureCount {
    pub error: String,
    pub count: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RequestView {
    /// Increases with every request of every stream: a stable animation key.
    pub seq: u64,
    pub at_ms: i64,
    /// The pod that answered; None when the request failed.
    pub pod: Option<String>,
    pub error: Option<String>,
}

pub fn traffic_view(engine: &Engine) -> TrafficView {
    let now = engine.now();
    let streams = engine
        .traffic()
        .into_iter()
        .map(|s| {
            let last = s.seconds.iter().rev().find(|b| b.at.plus_millis(1000) <= now && b.at.plus_millis(2000) > now);
            StreamView {
                namespace: s.service.namespace.to_string(),
                service: s.service.name.to_string(),
                port: s.port,
                rps: s.rps,
                from_pod: s.client.pod.clone(),
                client_ip: s.client.ip.clone(),
                sent: s.sent,
                pods: s
                    .per_pod
                    .iter()
                    .map(|(pod, total)| PodTraffic { pod: pod.clone(), total: *total, last_second: last.and_then(|b| b.per_pod.get(pod)).copied().unwrap_or(0) })
                    .collect(),
                failures: s.failed.iter().map(|(e, n)| FailureCount { error: e.clone(), count: *n }).collect(),
                recent: s.recent.iter().map(|r| RequestView { seq: r.seq, at_ms: r.at.millis(), pod: r.pod.clone(), error: r.error.clone() }).collect(),
            }
        })
        .collect();
    TrafficView { now_ms: now.millis(), streams }
}
