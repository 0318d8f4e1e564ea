//! Cassandra's `nodetool status` in gcr.io/google-samples/cassandra, as
//! "Example: Deploying Cassandra with a StatefulSet" runs it: the ring is
//! the StatefulSet's pods whose Cassandra runs (Up, and Normal once ready,
//! Joining before), each with its pod IP, 32 tokens (the image's
//! CASSANDRA_NUM_TOKENS), and a host ID that lives on its data volume, so
//! a pod that comes back on the same claim is the same node. Loads and
//! token ownership are not computed from data: they are fixed per node
//! from its host ID, with ownership shares that add up to what two
//! replicas of the ring hold, as the page's output does.

use super::Output;
use kubeplay_engine::kubelet::image::ImageRef;
use kubeplay_engine::Engine;
use kubeplay_model::api::Pod;
use kubeplay_model::fnv::fnv1a;
use kubeplay_model::{Kind, Object};

const REPOSITORY: &str = "gcr.io/google-samples/cassandra";

/// The programs answered here.
pub const PROGRAMS: &[&str] = &["nodetool"];

/// Whether `image` is the tutorial's Cassandra image.
pub fn is_image(image: &str) -> bool {
    ImageRef::parse(image).is_ok_and(|r| r.repository().as_str() == REPOSITORY)
}

/// One node of the ring as `status` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Node {
    address: String,
    /// `UN`, `UJ`, `DN`.
    state: &'static str,
    host_id: String,
    /// Its place in token order.
    token: u64,
    load_centi_kib: u64,
}

/// A UUID (version 4 in form) from a seed that stays with the data.
fn host_id(seed: &str) -> String {
    let a = fnv1a(seed.as_bytes());
    let b = fnv1a(format!("{seed}/host-id").as_bytes());
    let hex = format!("{a:016x}{b:016x}");
    let variant = ["8", "9", "a", "b"][(b >> 60) as usize & 3];
    format!("{}-{}-4{}-{variant}{}-{}", &hex[0..8], &hex[8..12], &hex[13..16], &hex[17..20], &hex[20..32])
}

/// The volume a pod's Cassandra keeps its data on: the claim's volume, or
/// the pod itself when it has none.
fn data_seed(engine: &Engine, pod: &Pod) -> String {
    let claims = pod.spec.volumes.iter().filter_map(|v| v.persistent_volume_claim.as_ref());
    for c in claims {
        if let Some(Object::PersistentVolumeClaim(pvc)) = engine.store().get_by(Kind::PersistentVolumeClaim, &pod.metadata.namespace, &c.claim_name).map(|o| &**o) {
            if let Some(v) = pvc.spec.volume_name.as_deref() {
                return v.to_string();
            }
        }
    }
    pod.metadata.uid.to_string()
}

/// The ring `pod` belongs to: its StatefulSet's pods (or itself alone).
fn ring(engine: &Engine, pod: &Pod, container: &str) -> Vec<Node> {
    let owner = pod.metadata.controller_ref().map(|o| o.uid.to_string());
    let mut nodes: Vec<Node> = Vec::new();
    for obj in engine.store().list(Kind::Pod, Some(&pod.metadata.namespace)) {
        let Object::Pod(p) = &**obj else { continue };
        let same = match &owner {
            Some(uid) => p.metadata.controller_ref().is_some_and(|o| o.uid.as_str() == uid),
            None => p.metadata.uid == pod.metadata.uid,
        };
        let Some(ip) = p.status.pod_ip.as_deref().filter(|ip| !ip.is_empty()) else { continue };
        if !same {
            continue;
        }
        let Some(status) = p.status.container_statuses.iter().find(|s| s.name == container) else { continue };
        let state = match (status.state.running.is_some(), status.ready) {
            (true, true) => "UN",
            (true, false) => "UJ",
            (false, _) => "DN",
        };
        let seed = data_seed(engine, p);
        nodes.push(Node { address: ip.to_string(), state, host_id: host_id(&seed), token: fnv1a(format!("{seed}/token").as_bytes()), load_centi_kib: 6_000 + fnv1a(format!("{seed}/load").as_bytes()) % 5_000 });
    }
    nodes.sort_by(|a, b| a.token.cmp(&b.token).then_with(|| a.address.cmp(&b.address)));
    nodes
}

/// Each node's share of the ring with two replicas, in tenths of a
/// percent (capped at the whole ring).
fn ownership(nodes: &[Node]) -> Vec<u64> {
    // Two nodes or fewer each hold every replica.
    if nodes.len() <= 2 {
        return vec![1000; nodes.len()];
    }
    let weights: Vec<u64> = nodes.iter().map(|n| 700 + n.token % 600).collect();
    let total: u64 = weights.iter().sum::<u64>().max(1);
    weights.iter().map(|w| (w * 2000 / total).min(1000)).collect()
}

fn status(nodes: &[Node], dc: &str, rack: &str) -> String {
    let title = format!("Datacenter: {dc}");
    let mut s = format!("{title}\n{}\nStatus=Up/Down\n|/ State=Normal/Leaving/Joining/Moving\n", "=".repeat(title.len()));
    let width = nodes.iter().map(|n| n.address.len()).max().unwrap_or(0).max("Address".len());
    let row = |state: &str, addr: &str, load: &str, tokens: &str, owns: &str, id: &str, rack: &str| format!("{state:<2}  {addr:<width$}  {load:<9}  {tokens:<11}  {owns:<16}  {id:<36}  {rack}\n");
    s.push_str(&row("--", "Address", "Load", "Tokens", "Owns (effective)", "Host ID", "Rack"));
    for (n, owns) in nodes.iter().zip(ownership(nodes)) {
        let load = format!("{}.{:02} KiB", n.load_centi_kib / 100, n.load_centi_kib % 100);
        let owns = format!("{}.{}%", owns / 10, owns % 10);
        s.push_str(&row(n.state, &n.address, &load, "32", &owns, &n.host_id, rack));
    }
    s
}

/// Runs `nodetool ARGS` in `container` of `pod`; None when it is not this
/// image (the caller goes on).
pub fn run(argv: &[String], engine: &mut Engine, pod: &Pod, container: &str, out: &mut Output) -> Option<i32> {
    let spec = super::spec_of(pod, container)?;
    if !spec.image.as_deref().is_some_and(is_image) {
        return None;
    }
    let env = |name: &str, default: &str| spec.env.iter().find(|e| e.name == name).and_then(|e| e.value.clone()).unwrap_or_else(|| default.to_string());
    let ready = pod.status.container_statuses.iter().any(|s| s.name == container && s.ready);
    let sub = argv.iter().skip(1).find(|a| !a.starts_with('-')).map(String::as_str);
    match sub {
        Some("status") => {
            // JMX answers once the node has started (its readiness probe
            // asks the same nodetool).
            if !ready {
                out.note("nodetool: Failed to connect to '127.0.0.1:7199' - ConnectException: 'Connection refused (Connection refused)'.");
                return Some(1);
            }
            let nodes = ring(engine, pod, container);
            out.stdout.push_str(&status(&nodes, &env("CASSANDRA_DC", "DC1"), &env("CASSANDRA_RACK", "Rack1")));
            Some(0)
        }
        // The preStop hook's: the node stops accepting writes.
        Some("drain") => Some(0),
        Some(other) => {
            out.error(&format!("error: (playground) nodetool answers status here, not {other}"));
            None
        }
        None => {
            out.error("error: (playground) nodetool answers status here: run nodetool status");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(address: &str, state: &'static str, seed: &str) -> Node {
        Node { address: address.into(), state, host_id: host_id(seed), token: fnv1a(format!("{seed}/token").as_bytes()), load_centi_kib: 8_357 }
    }

    // The page's layout: Cassandra 3.11's columns (address as wide as the
    // widest, load 9, tokens 11, ownership 16, host ID 36).
    #[test]
    fn status_layout() {
        let nodes = vec![node("172.17.0.5", "UN", "a")];
        let s = status(&nodes, "DC1-K8Demo", "Rack1-K8Demo");
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines[0], "Datacenter: DC1-K8Demo");
        assert_eq!(lines[1], "======================");
        assert_eq!(lines[2], "Status=Up/Down");
        assert_eq!(lines[3], "|/ State=Normal/Leaving/Joining/Moving");
        assert_eq!(lines[4], "--  Address     Load       Tokens       Owns (effective)  Host ID                               Rack");
        let id = host_id("a");
        assert_eq!(lines[5], format!("UN  172.17.0.5  83.57 KiB  32           100.0%            {id}  Rack1-K8Demo"));
    }

    #[test]
    fn host_ids_look_like_uuids_and_stay_with_the_data() {
        let id = host_id("pvc-1");
        assert_eq!(id.len(), 36);
        assert_eq!(id.as_bytes()[14], b'4');
        assert_eq!(id, host_id("pvc-1"));
        assert_ne!(id, host_id("pvc-2"));
    }

    #[test]
    fn two_replicas_own_twice_the_ring() {
        let nodes = vec![node("10.0.0.1", "UN", "a"), node("10.0.0.2", "UN", "b"), node("10.0.0.3", "UN", "c")];
        let owns = ownership(&nodes);
        let total: u64 = owns.iter().sum();
        assert!((1995..=2000).contains(&total), "{owns:?}");
        assert_eq!(ownership(&nodes[..1]), vec![1000]);
        assert_eq!(ownership(&nodes[..2]), vec![1000, 1000]);
    }
}
