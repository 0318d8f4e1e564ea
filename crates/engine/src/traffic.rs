//! `sim traffic`: steady streams of requests to Services, so a learner can
//! watch kube-proxy spread load over the ready pods (and stop sending to a
//! pod the moment it leaves the endpoints).
//!
//! Requests are due at fixed instants (`rps` per virtual second, evenly
//! spaced). The cluster only changes in steps, so whenever the clock moves
//! the requests due in between are routed with one [`network::Plan`] (the
//! same DNS and kube-proxy rules as `sim curl`) and counted per pod. This
//! adds no steps to the trace; the counts live in `SimState` and travel in
//! time with the world. Streams draw from their own seeded random source,
//! so starting one does not change the names or choices elsewhere.

use crate::engine::Engine;
use crate::network::{self, Route, Url};
use crate::rng::Rng;
use crate::world::World;
use imbl::{OrdMap, Vector};
use kubeplay_model::{Kind, ObjectKey, Time};

/// Most requests per second one stream sends.
pub const MAX_RPS: u32 = 1000;
/// Per-second buckets kept per stream.
pub const SECONDS_KEPT: usize = 60;
/// Latest requests kept per stream (for the UI's animation).
pub const RECENT_KEPT: usize = 100;
/// Requests routed one by one per clock move; older ones of a long jump
/// are counted in bulk (same plan, shares split evenly).
const DETAILED_PER_MOVE: u64 = 20_000;
/// The streams' own random source starts from this, mixed with a peek at the
/// cluster's source (so the session's seed decides the traffic too) and the
/// first stream's start; peeking never advances the cluster's source, so
/// traffic never disturbs its draws.
const TRAFFIC_SEED: u64 = 0x7A1F_F1C0_5EED;

/// All streams, by Service.
#[derive(Clone, Debug, Default)]
pub struct Traffic {
    pub streams: OrdMap<ObjectKey, Stream>,
    rng: Option<Rng>,
    seq: u64,
}

/// Where a stream's requests come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Client {
    pub namespace: String,
    pub ip: String,
    /// The pod sending (`--from`), if any.
    pub pod: Option<String>,
}

/// One stream and what it measured since it started.
#[derive(Clone, Debug, PartialEq)]
pub struct Stream {
    pub service: ObjectKey,
    pub port: i32,
    pub rps: u32,
    pub client: Client,
    pub started: Time,
    /// Requests sent so far (the next one is number `sent`).
    pub sent: u64,
    /// Requests answered, per pod name.
    pub per_pod: OrdMap<String, u64>,
    /// Failed requests, per curl error.
    pub failed: OrdMap<String, u64>,
    /// The last seconds, oldest first.
    pub seconds: Vector<Second>,
    /// The latest requests, oldest first.
    pub recent: Vector<Request>,
}

/// Requests of one virtual second.
#[derive(Clone, Debug, PartialEq)]
pub struct Second {
    /// Start of the second.
    pub at: Time,
    pub per_pod: OrdMap<String, u32>,
    pub failed: u32,
}

/// One request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// Increasing over all streams.
    pub seq: u64,
    pub at: Time,
    /// The pod that answered, or None when it failed.
    pub pod: Option<String>,
    pub error: Option<String>,
}

impl Stream {
    /// When request number `n` is due.
    fn due(&self, n: u64) -> Time {
        self.started.plus_millis((n.saturating_mul(1000) / u64::from(self.rps.max(1))) as i64)
    }

    fn count(&mut self, at: Time, route: &Route, n: u64, seq: Option<u64>) {
        let (pod, error) = match route {
            Route::Pod { pod, .. } => (Some(pod.clone()), None),
            Route::External { ip, port } => (Some(format!("{ip}:{port}")), None),
            Route::Failed(msg) => (None, Some(msg.clone())),
        };
        match (&pod, &error) {
            (Some(p), _) => *self.per_pod.entry(p.clone()).or_default() += n,
            (_, Some(e)) => *self.failed.entry(e.clone()).or_default() += n,
            _ => {}
        }
        let Some(seq) = seq else { return };
        let second = Time::from_millis(at.millis().div_euclid(1000) * 1000);
        if self.seconds.back().is_none_or(|s| s.at != second) {
            self.seconds.push_back(Second { at: second, per_pod: OrdMap::new(), failed: 0 });
            while self.seconds.len() > SECONDS_KEPT {
                self.seconds.pop_front();
            }
        }
        if let Some(s) = self.seconds.back_mut() {
            match &pod {
                Some(p) => *s.per_pod.entry(p.clone()).or_default() += 1,
                None => s.failed += 1,
            }
        }
        self.recent.push_back(Request { seq, at, pod, error });
        while self.recent.len() > RECENT_KEPT {
            self.recent.pop_front();
        }
    }
}

/// The FQDN URL a stream sends to: any namespace's client resolves it.
fn url(s: &Stream) -> Url {
    Url { host: format!("{}.{}.svc.{}", s.service.name, s.service.namespace, network::CLUSTER_DOMAIN), port: s.port }
}

/// Moves the clock to `to`, first sending every request due in between
/// with the cluster as it stands (it cannot change between steps).
pub fn advance_clock(world: &mut World, to: Time) {
    if to > world.now && !world.sim.traffic.streams.is_empty() {
        send_until(world, to);
    }
    if to > world.now {
        crate::recorder::advance(world, to);
        world.now = to;
    }
}

fn send_until(world: &mut World, to: Time) {
    let keys: Vec<ObjectKey> = world.sim.traffic.streams.keys().cloned().collect();
    for key in keys {
        let Some(mut s) = world.sim.traffic.streams.get(&key).cloned() else { continue };
        // Requests due in (now, to]: number n is due at started +
        // floor(n*1000/rps), so those up to `to` are the n below
        // ceil((to - started + 1) * rps / 1000).
        let first = s.sent;
        let elapsed = to.millis() - s.started.millis();
        let upto = if elapsed < 0 { 0 } else { (elapsed as u64 + 1).saturating_mul(u64::from(s.rps)).div_ceil(1000) };
        let last = upto.max(first);
        if last == first {
            continue;
        }
        let plan = network::plan(world, &s.client.namespace, &s.client.ip, &url(&s));
        let mut rng = world.sim.traffic.rng.unwrap_or_else(|| {
            let mut peek = world.rng;
            Rng::new(TRAFFIC_SEED ^ peek.next_u64() ^ s.started.millis() as u64)
        });
        let mut seq = world.sim.traffic.seq;
        let bulk = (last - first).saturating_sub(DETAILED_PER_MOVE);
        if bulk > 0 {
            send_bulk(&mut s, &plan, &mut rng, &mut world.sim.affinity, bulk);
        }
        for n in first + bulk..last {
            let route = plan.pick(&mut rng, &mut world.sim.affinity, &s.client.ip);
            seq += 1;
            let at = s.due(n);
            s.count(at, &route, 1, Some(seq));
        }
        s.sent = last;
        let t = &mut world.sim.traffic;
        t.rng = Some(rng);
        t.seq = seq;
        t.streams.insert(key, s);
    }
}

/// Counts `n` old requests of a long jump without routing each: a sticky
/// or fixed outcome takes them all; otherwise they split evenly over the
/// candidates (the first ones take the remainder). Over that many requests
/// random picks would be within a fraction of a percent of even anyway.
fn send_bulk(s: &mut Stream, plan: &network::Plan, rng: &mut Rng, affinity: &mut OrdMap<(ObjectKey, String), String>, n: u64) {
    let outcomes: Vec<Route> = match &plan.target {
        network::Target::Service { backends, affinity: false, unanswered, .. } => {
            backends.iter().map(|b| b.route(unanswered)).collect()
        }
        network::Target::PerAddress(routes) => routes.clone(),
        _ => vec![plan.pick(rng, affinity, &s.client.ip)],
    };
    let k = outcomes.len().max(1) as u64;
    for (i, r) in outcomes.iter().enumerate() {
        let extra = u64::from((i as u64) < n % k);
        s.count(s.started, r, n / k + extra, None);
    }
}

/// Why a stream could not start or stop.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrafficError {
    #[error("services {1:?} not found in namespace {0:?}")]
    ServiceNotFound(String, String),
    #[error("service {0:?} has no port {1}")]
    NoSuchPort(String, i32),
    #[error("service {0:?} has no ports")]
    NoPorts(String),
    #[error("pod {1:?} not found in namespace {0:?}")]
    PodNotFound(String, String),
    #[error("pod {0:?} has no IP yet")]
    PodHasNoIp(String),
    #[error("--rps must be between 1 and {MAX_RPS}, not {0}")]
    BadRate(u32),
    #[error("no traffic is being sent to service {0:?}")]
    NotSending(String),
    #[error("no traffic is being sent")]
    NothingSending,
}

/// What `sim traffic SERVICE` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamSpec {
    pub namespace: String,
    pub service: String,
    /// A Service port; None: its first.
    pub port: Option<i32>,
    pub rps: u32,
    /// `--from POD` (in `namespace`); None: a client pod outside any workload.
    pub from: Option<String>,
}

/// The address requests come from when no `--from` pod is given (the
/// same debugging client `sim curl` uses).
pub const DEFAULT_CLIENT_IP: &str = "10.244.0.250";

impl Engine {
    /// `sim traffic SERVICE --rps N`: starts (or restarts) a stream.
    pub fn sim_traffic_start(&mut self, spec: &StreamSpec) -> Result<Stream, TrafficError> {
        if spec.rps == 0 || spec.rps > MAX_RPS {
            return Err(TrafficError::BadRate(spec.rps));
        }
        let store = self.store();
        let svc = store
            .get_by(Kind::Service, &spec.namespace, &spec.service)
            .and_then(|o| o.as_service().cloned())
            .ok_or_else(|| TrafficError::ServiceNotFound(spec.namespace.clone(), spec.service.clone()))?;
        let port = match spec.port {
            Some(p) if svc.spec.ports.iter().any(|sp| sp.port == p) => p,
            Some(p) => return Err(TrafficError::NoSuchPort(spec.service.clone(), p)),
            None => svc.spec.ports.first().map(|p| p.port).ok_or_else(|| TrafficError::NoPorts(spec.service.clone()))?,
        };
        let client = match &spec.from {
            Some(pod) => {
                let p = store
                    .get_by(Kind::Pod, &spec.namespace, pod)
                    .and_then(|o| o.as_pod().cloned())
                    .ok_or_else(|| TrafficError::PodNotFound(spec.namespace.clone(), pod.clone()))?;
                let ip = p.status.pod_ip.clone().ok_or_else(|| TrafficError::PodHasNoIp(pod.clone()))?;
                Client { namespace: spec.namespace.clone(), ip: ip.to_string(), pod: Some(pod.clone()) }
            }
            None => Client { namespace: spec.namespace.clone(), ip: DEFAULT_CLIENT_IP.into(), pod: None },
        };
        let key = ObjectKey::new(Kind::Service, &spec.namespace, &spec.service);
        let stream = Stream {
            service: key.clone(),
            port,
            rps: spec.rps,
            client,
            // The first request goes out one interval from now.
            started: self.now().plus_millis(i64::from(1000 / spec.rps.max(1)).max(1)),
            sent: 0,
            per_pod: OrdMap::new(),
            failed: OrdMap::new(),
            seconds: Vector::new(),
            recent: Vector::new(),
        };
        let what = format!("sim traffic svc/{} --rps {}", spec.service, spec.rps);
        let s = stream.clone();
        self.user(&what, key.clone(), move |ctx| {
            ctx.world_mut().sim.traffic.streams.insert(key, s);
        });
        Ok(stream)
    }

    /// `sim traffic stop [SERVICE]`: stops one stream (or all); returns
    /// the streams stopped, with their final counts.
    pub fn sim_traffic_stop(&mut self, namespace: &str, service: Option<&str>) -> Result<Vec<Stream>, TrafficError> {
        let streams = &self.world().sim.traffic.streams;
        let stopping: Vec<Stream> = match service {
            Some(name) => {
                let key = ObjectKey::new(Kind::Service, namespace, name);
                vec![streams.get(&key).cloned().ok_or_else(|| TrafficError::NotSending(name.to_string()))?]
            }
            None if streams.is_empty() => return Err(TrafficError::NothingSending),
            None => streams.values().cloned().collect(),
        };
        let keys: Vec<ObjectKey> = stopping.iter().map(|s| s.service.clone()).collect();
        let first = keys.first().cloned().unwrap_or_else(|| ObjectKey::new(Kind::Service, namespace, ""));
        self.user("sim traffic stop", first, move |ctx| {
            for k in &keys {
                ctx.world_mut().sim.traffic.streams.remove(k);
            }
        });
        Ok(stopping)
    }

    /// The running streams.
    pub fn traffic(&self) -> Vec<&Stream> {
        self.world().sim.traffic.streams.values().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_evenly_spaced() {
        let s = Stream {
            service: ObjectKey::new(Kind::Service, "default", "web"),
            port: 80,
            rps: 3,
            client: Client { namespace: "default".into(), ip: DEFAULT_CLIENT_IP.into(), pod: None },
            started: Time::from_millis(10_000),
            sent: 0,
            per_pod: OrdMap::new(),
            failed: OrdMap::new(),
            seconds: Vector::new(),
            recent: Vector::new(),
        };
        let due: Vec<i64> = (0..4).map(|n| s.due(n).millis()).collect();
        assert_eq!(due, [10_000, 10_333, 10_666, 11_000]);
    }
}
