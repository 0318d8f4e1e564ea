//! The deployment controller's pure arithmetic (upstream
//! `pkg/controller/deployment/util/deployment_util.go`): template hashes,
//! surge/unavailable fence-posts, new ReplicaSet sizing, revisions.

use kubeplay_model::api::{Deployment, PodTemplateSpec, ReplicaSet};
use kubeplay_model::IntOrString;

pub const REVISION: &str = "deployment.kubernetes.io/revision";
pub const DESIRED_REPLICAS: &str = "deployment.kubernetes.io/desired-replicas";
pub const MAX_REPLICAS: &str = "deployment.kubernetes.io/max-replicas";
pub const HASH_LABEL: &str = "pod-template-hash";
pub const CHANGE_CAUSE: &str = "kubernetes.io/change-cause";

/// `rand.SafeEncodeString`: maps each byte onto an alphabet without vowels
/// (so no words are spelled) and without look-alike characters.
pub fn safe_encode(s: &str) -> String {
    const ALPHANUMS: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";
    s.bytes().map(|b| ALPHANUMS[b as usize % ALPHANUMS.len()] as char).collect()
}

/// The pod-template-hash: FNV-32a over the template (here its canonical
/// JSON; upstream hashes a Go-specific dump, so the digits differ from a
/// real cluster's while keeping the same shape and properties), plus the
/// collision count, printed in decimal and safe-encoded.
pub fn compute_hash(template: &PodTemplateSpec, collision_count: Option<i32>) -> String {
    let mut h: u32 = 0x811c_9dc5;
    let mut feed = |bytes: &[u8]| {
        for b in bytes {
            h ^= *b as u32;
            h = h.wrapping_mul(0x0100_0193);
        }
    };
    feed(serde_json::to_string(template).unwrap_or_default().as_bytes());
    if let Some(c) = collision_count {
        feed(&c.to_le_bytes());
    }
    safe_encode(&h.to_string())
}

/// Templates equal apart from the pod-template-hash label (`EqualIgnoreHash`).
pub fn equal_ignore_hash(a: &PodTemplateSpec, b: &PodTemplateSpec) -> bool {
    let mut a = a.clone();
    let mut b = b.clone();
    a.metadata.labels.remove(HASH_LABEL);
    b.metadata.labels.remove(HASH_LABEL);
    a == b
}

/// `ResolveFenceposts`: maxSurge rounds up, maxUnavailable rounds down; if
/// both come out 0, unavailable becomes 1 so the rollout can progress.
pub fn resolve_fenceposts(max_surge: &IntOrString, max_unavailable: &IntOrString, desired: i32) -> Result<(i32, i32), String> {
    let surge = max_surge.scaled_value(desired, true)?;
    let unavailable = max_unavailable.scaled_value(desired, false)?;
    if surge == 0 && unavailable == 0 {
        return Ok((0, 1));
    }
    Ok((surge, unavailable))
}

/// The deployment's surge and unavailable settings (RollingUpdate only).
pub fn surge_and_unavailable(d: &Deployment) -> (IntOrString, IntOrString) {
    let ru = d.spec.strategy.as_ref().and_then(|s| s.rolling_update.as_ref());
    let surge = ru.and_then(|r| r.max_surge.clone()).unwrap_or(IntOrString::Str("25%".into()));
    let unavail = ru.and_then(|r| r.max_unavailable.clone()).unwrap_or(IntOrString::Str("25%".into()));
    (surge, unavail)
}

pub fn is_rolling(d: &Deployment) -> bool {
    d.spec.strategy.as_ref().and_then(|s| s.type_.as_deref()).unwrap_or("RollingUpdate") == "RollingUpdate"
}

/// `MaxUnavailable`: 0 for Recreate or 0 replicas; never more than replicas.
pub fn max_unavailable(d: &Deployment) -> i32 {
    let replicas = d.spec.replicas.unwrap_or(1);
    if !is_rolling(d) || replicas == 0 {
        return 0;
    }
    let (s, u) = surge_and_unavailable(d);
    let (_, u) = resolve_fenceposts(&s, &u, replicas).unwrap_or((0, 1));
    u.min(replicas)
}

/// `MaxSurge`: 0 unless RollingUpdate.
pub fn max_surge(d: &Deployment) -> i32 {
    if !is_rolling(d) {
        return 0;
    }
    let (s, u) = surge_and_unavailable(d);
    resolve_fenceposts(&s, &u, d.spec.replicas.unwrap_or(1)).map(|(s, _)| s).unwrap_or(0)
}

pub fn rs_replicas(rs: &ReplicaSet) -> i32 {
    rs.spec.replicas.unwrap_or(1)
}

pub fn actual_replicas(rss: &[&ReplicaSet]) -> i32 {
    rss.iter().map(|r| r.status.replicas).sum()
}

pub fn spec_replicas(rss: &[&ReplicaSet]) -> i32 {
    rss.iter().map(|r| rs_replicas(r)).sum()
}

pub fn available_replicas(rss: &[&ReplicaSet]) -> i32 {
    rss.iter().map(|r| r.status.available_replicas.unwrap_or(0)).sum()
}

pub fn ready_replicas(rss: &[&ReplicaSet]) -> i32 {
    rss.iter().map(|r| r.status.ready_replicas.unwrap_or(0)).sum()
}

/// `NewRSNewReplicas`: how big the new ReplicaSet may be now.
pub fn new_rs_new_replicas(d: &Deployment, all: &[&ReplicaSet], new_rs: &ReplicaSet) -> i32 {
    let replicas = d.spec.replicas.unwrap_or(1);
    if !is_rolling(d) {
        return replicas;
    }
    let surge = max_surge(d);
    let current = spec_replicas(all);
    let max_total = replicas + surge;
    if current >= max_total {
        return rs_replicas(new_rs);
    }
    let scale_up = (max_total - current).min(replicas - rs_replicas(new_rs));
    rs_replicas(new_rs) + scale_up.max(0)
}

/// The revision number in a ReplicaSet's annotation (0 if none or bad).
pub fn revision(rs: &ReplicaSet) -> i64 {
    rs.metadata.annotations.get(REVISION).and_then(|r| r.parse().ok()).unwrap_or(0)
}

pub fn max_revision(rss: &[&ReplicaSet]) -> i64 {
    rss.iter().map(|r| revision(r)).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &str) -> IntOrString {
        IntOrString::Str(v.into())
    }

    // Cases from upstream TestResolveFenceposts.
    #[test]
    fn fenceposts() {
        let cases = [
            (s("0"), s("0"), 0, Err(())),
            (s("10%"), s("0%"), 0, Ok((0, 1))),
            (s("10%"), s("1%"), 100, Ok((10, 1))),
            (s("100%"), s("1%"), 100, Ok((100, 1))),
            (s("100%"), s("1%"), 0, Ok((0, 1))),
            (IntOrString::Int(0), s("1%"), 100, Ok((0, 1))),
            (s("25%"), s("25%"), 3, Ok((1, 0))),
            (s("25%"), s("25%"), 10, Ok((3, 2))),
            (IntOrString::Int(1), IntOrString::Int(0), 3, Ok((1, 0))),
        ];
        for (surge, unavail, desired, want) in cases {
            let got = resolve_fenceposts(&surge, &unavail, desired).map_err(|_| ());
            assert_eq!(got, want, "{surge} {unavail} {desired}");
        }
    }

    #[test]
    fn safe_encode_uses_the_vowelless_alphabet() {
        // Digits are bytes 48..57 and 48 % 27 = 21, the index of '4'.
        assert_eq!(safe_encode("0123456789"), "456789bcdf");
    }
}
