//! The deployment controller's pure rules (upstream
//! `pkg/controller/deployment/util/deployment_util.go` and the ReplicaSet
//! orders of `controller_utils.go`): template hashes, surge/unavailable
//! fence-posts, new ReplicaSet sizing, proportions, revisions and their
//! annotations, and the three rollout predicates (complete, progressing,
//! timed out). No I/O: everything here is a function of its arguments.

use kubeplay_apiserver::LAST_APPLIED;
use kubeplay_model::api::{Deployment, DeploymentStatus, PodTemplateSpec, ReplicaSet};
use kubeplay_model::{Condition, IntOrString, ObjectMeta, Time};
use std::cmp::Ordering;

pub const REVISION: &str = "deployment.kubernetes.io/revision";
pub const REVISION_HISTORY: &str = "deployment.kubernetes.io/revision-history";
pub const DESIRED_REPLICAS: &str = "deployment.kubernetes.io/desired-replicas";
pub const MAX_REPLICAS: &str = "deployment.kubernetes.io/max-replicas";
/// Where apps/v1 keeps the deprecated `spec.rollbackTo` of older API versions.
pub const ROLLBACK_TO: &str = "deprecated.deployment.rollback.to";
pub const HASH_LABEL: &str = "pod-template-hash";
pub const CHANGE_CAUSE: &str = "kubernetes.io/change-cause";
/// `maxRevHistoryLengthInChars` in `sync.go`.
pub const MAX_REV_HISTORY_CHARS: usize = 2000;

// Condition reasons, as upstream names them.
pub const RS_UPDATED: &str = "ReplicaSetUpdated";
pub const FAILED_RS_CREATE: &str = "ReplicaSetCreateError";
pub const NEW_RS_CREATED: &str = "NewReplicaSetCreated";
pub const FOUND_NEW_RS: &str = "FoundNewReplicaSet";
pub const NEW_RS_AVAILABLE: &str = "NewReplicaSetAvailable";
pub const TIMED_OUT: &str = "ProgressDeadlineExceeded";
pub const PAUSED: &str = "DeploymentPaused";
pub const RESUMED: &str = "DeploymentResumed";
pub const MIN_AVAILABLE: &str = "MinimumReplicasAvailable";
pub const MIN_UNAVAILABLE: &str = "MinimumReplicasUnavailable";

pub const PROGRESSING: &str = "Progressing";
pub const AVAILABLE: &str = "Available";
pub const REPLICA_FAILURE: &str = "ReplicaFailure";

/// Annotations a ReplicaSet never copies from its Deployment (and a
/// rollback never copies back).
const ANNOTATIONS_TO_SKIP: [&str; 6] = [LAST_APPLIED, REVISION, REVISION_HISTORY, DESIRED_REPLICAS, MAX_REPLICAS, ROLLBACK_TO];

pub fn skip_copy_annotation(key: &str) -> bool {
    ANNOTATIONS_TO_SKIP.contains(&key)
}

// ---- times ----

/// `metav1.Time` travels with whole seconds (the protobuf form drops the
/// nanoseconds), so every time the controllers read back has been cut to
/// the second; comparisons use that, against a precise `now`.
pub fn api_time(t: Time) -> Time {
    Time::from_millis(t.millis() - t.millis().rem_euclid(1000))
}

/// A missing time reads as Go's zero time, far in the past.
pub fn time_or_zero(t: Option<Time>) -> Time {
    t.map(api_time).unwrap_or(Time::from_millis(i64::MIN / 4))
}

// ---- the spec, with apps/v1 defaults for fields left unset ----

pub fn replicas(d: &Deployment) -> i32 {
    d.spec.replicas.unwrap_or(1)
}

pub fn strategy_type(d: &Deployment) -> &str {
    d.spec.strategy.as_ref().and_then(|s| s.type_.as_deref()).unwrap_or("RollingUpdate")
}

pub fn is_rolling(d: &Deployment) -> bool {
    strategy_type(d) == "RollingUpdate"
}

/// maxSurge and maxUnavailable as the API server defaults them (25% each).
pub fn surge_and_unavailable(d: &Deployment) -> (IntOrString, IntOrString) {
    let ru = d.spec.strategy.as_ref().and_then(|s| s.rolling_update.as_ref());
    let pct = || IntOrString::Str("25%".into());
    let surge = ru.and_then(|r| r.max_surge.clone()).unwrap_or_else(pct);
    let unavailable = ru.and_then(|r| r.max_unavailable.clone()).unwrap_or_else(pct);
    (surge, unavailable)
}

/// `HasProgressDeadline`: `progressDeadlineSeconds`, None when unset or
/// "infinite" (MaxInt32). The API server defaults it to 600, so only an
/// object that skipped defaulting is unset; upstream reads that as no
/// deadline (TestRequeueStuckDeployment, TestSyncRolloutStatus), not 600.
pub fn progress_deadline(d: &Deployment) -> Option<i32> {
    d.spec.progress_deadline_seconds.filter(|s| *s != i32::MAX)
}

/// `HasRevisionHistoryLimit`: `revisionHistoryLimit`, None when unset or
/// unlimited (MaxInt32). Defaulted to 10 by the API server; upstream
/// prunes nothing when it is unset.
pub fn revision_history_limit(d: &Deployment) -> Option<i32> {
    d.spec.revision_history_limit.filter(|s| *s != i32::MAX)
}

pub fn is_paused(d: &Deployment) -> bool {
    d.spec.paused == Some(true)
}

// ---- fence-posts ----

/// `ResolveFenceposts`: surge rounds up, unavailable rounds down, a missing
/// value is 0; if both resolve to 0, unavailable becomes 1 so a rollout can
/// still progress (surge may be blocked by quota).
pub fn resolve_fenceposts(max_surge: Option<&IntOrString>, max_unavailable: Option<&IntOrString>, desired: i32) -> Result<(i32, i32), String> {
    let surge = max_surge.map_or(Ok(0), |s| s.scaled_value(desired, true))?;
    let unavailable = max_unavailable.map_or(Ok(0), |u| u.scaled_value(desired, false))?;
    if surge == 0 && unavailable == 0 {
        return Ok((0, 1));
    }
    Ok((surge, unavailable))
}

/// `MaxUnavailable`: 0 unless rolling with replicas; never above replicas.
/// Bad values were caught by validation, so errors read as 0.
pub fn max_unavailable(d: &Deployment) -> i32 {
    let want = replicas(d);
    if !is_rolling(d) || want == 0 {
        return 0;
    }
    let (s, u) = surge_and_unavailable(d);
    let (_, u) = resolve_fenceposts(Some(&s), Some(&u), want).unwrap_or((0, 0));
    u.min(want)
}

/// `MinAvailable`: replicas − maxUnavailable for rolling updates, else 0.
pub fn min_available(d: &Deployment) -> i32 {
    if !is_rolling(d) {
        return 0;
    }
    replicas(d) - max_unavailable(d)
}

/// `MaxSurge`: 0 unless rolling.
pub fn max_surge(d: &Deployment) -> i32 {
    if !is_rolling(d) {
        return 0;
    }
    let (s, u) = surge_and_unavailable(d);
    resolve_fenceposts(Some(&s), Some(&u), replicas(d)).map(|(s, _)| s).unwrap_or(0)
}

/// `NewRSNewReplicas`: how big the new ReplicaSet may be now. Rolling: up
/// to replicas + maxSurge pods in all, never above replicas for the new
/// one. Recreate: all at once.
pub fn new_rs_new_replicas(d: &Deployment, all: &[&ReplicaSet], new_rs: &ReplicaSet) -> Result<i32, String> {
    let want = replicas(d);
    match strategy_type(d) {
        "RollingUpdate" => {
            let (surge, _) = surge_and_unavailable(d);
            let surge = surge.scaled_value(want, true)?;
            let current = total_spec(all);
            let max_total = want + surge;
            if current >= max_total {
                return Ok(rs_replicas(new_rs));
            }
            let up = (max_total - current).min(want - rs_replicas(new_rs));
            Ok(rs_replicas(new_rs) + up)
        }
        "Recreate" => Ok(want),
        other => Err(format!("deployment type {other} isn't supported")),
    }
}

// ---- ReplicaSet counts ----

pub fn rs_replicas(rs: &ReplicaSet) -> i32 {
    rs.spec.replicas.unwrap_or(1)
}

/// `GetReplicaCountForReplicaSets`: the sum of spec.replicas.
pub fn total_spec(rss: &[&ReplicaSet]) -> i32 {
    rss.iter().map(|r| rs_replicas(r)).sum()
}

/// `GetActualReplicaCountForReplicaSets`: the sum of status.replicas.
pub fn total_actual(rss: &[&ReplicaSet]) -> i32 {
    rss.iter().map(|r| r.status.replicas).sum()
}

pub fn total_ready(rss: &[&ReplicaSet]) -> i32 {
    rss.iter().map(|r| r.status.ready_replicas.unwrap_or(0)).sum()
}

pub fn total_available(rss: &[&ReplicaSet]) -> i32 {
    rss.iter().map(|r| r.status.available_replicas.unwrap_or(0)).sum()
}

/// `FilterActiveReplicaSets`: those with spec.replicas > 0.
pub fn active<'a>(rss: &[&'a ReplicaSet]) -> Vec<&'a ReplicaSet> {
    rss.iter().copied().filter(|r| rs_replicas(r) > 0).collect()
}

// ---- orders ----

/// `ReplicaSetsByCreationTimestamp`: older first (to the second), then by name.
pub fn by_creation(a: &ReplicaSet, b: &ReplicaSet) -> Ordering {
    time_or_zero(a.metadata.creation_timestamp)
        .cmp(&time_or_zero(b.metadata.creation_timestamp))
        .then_with(|| a.metadata.name.cmp(&b.metadata.name))
}

/// `ReplicaSetsBySizeOlder`: larger first; equal sizes, older first.
pub fn by_size_older(a: &ReplicaSet, b: &ReplicaSet) -> Ordering {
    rs_replicas(b).cmp(&rs_replicas(a)).then_with(|| by_creation(a, b))
}

/// `ReplicaSetsBySizeNewer`: larger first; equal sizes, newer first.
pub fn by_size_newer(a: &ReplicaSet, b: &ReplicaSet) -> Ordering {
    rs_replicas(b).cmp(&rs_replicas(a)).then_with(|| by_creation(b, a))
}

/// `ReplicaSetsByRevision`: lower revision first; unreadable or equal
/// revisions fall back to creation order.
pub fn by_revision(a: &ReplicaSet, b: &ReplicaSet) -> Ordering {
    match (revision(a), revision(b)) {
        (Ok(x), Ok(y)) if x != y => x.cmp(&y),
        _ => by_creation(a, b),
    }
}

// ---- revisions and annotations ----

/// `Revision`: the revision annotation, 0 if absent, an error if not a number.
pub fn revision(rs: &ReplicaSet) -> Result<i64, String> {
    match rs.metadata.annotations.get(REVISION) {
        None => Ok(0),
        Some(v) => parse_go_int(v).ok_or_else(|| format!("strconv.ParseInt: parsing {v:?}: invalid syntax")),
    }
}

/// `strconv.ParseInt(s, 10, 64)`: optional sign, decimal digits only.
pub fn parse_go_int(s: &str) -> Option<i64> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// `MaxRevision`: the highest readable revision (0 if none).
pub fn max_revision(rss: &[&ReplicaSet]) -> i64 {
    rss.iter().filter_map(|r| revision(r).ok()).fold(0, i64::max)
}

/// `LastRevision`: the second-highest revision.
pub fn last_revision(rss: &[&ReplicaSet]) -> i64 {
    let (mut max, mut sec) = (0, 0);
    for v in rss.iter().filter_map(|r| revision(r).ok()) {
        if v >= max {
            sec = max;
            max = v;
        } else if v > sec {
            sec = v;
        }
    }
    sec
}

/// A non-negative int32 annotation (`getNonNegativeInt32FromAnnotation`):
/// None when missing or not a plain decimal in 0..=MaxInt32.
pub fn annotation_i32(rs: &ReplicaSet, key: &str) -> Option<i32> {
    let v = rs.metadata.annotations.get(key)?;
    if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    v.parse::<u64>().ok().filter(|n| *n <= i32::MAX as u64).map(|n| n as i32)
}

/// `SetReplicasAnnotations`: desired-replicas and max-replicas; true if changed.
pub fn set_replicas_annotations(rs: &mut ReplicaSet, desired: i32, max: i32) -> bool {
    let mut changed = false;
    for (k, v) in [(DESIRED_REPLICAS, desired), (MAX_REPLICAS, max)] {
        let v = v.to_string();
        if rs.metadata.annotations.get(k) != Some(&v) {
            rs.metadata.annotations.insert(k.to_string(), v);
            changed = true;
        }
    }
    changed
}

/// `ReplicasAnnotationsNeedUpdate`.
pub fn replicas_annotations_need_update(rs: &ReplicaSet, desired: i32, max: i32) -> bool {
    rs.metadata.annotations.get(DESIRED_REPLICAS) != Some(&desired.to_string()) || rs.metadata.annotations.get(MAX_REPLICAS) != Some(&max.to_string())
}

/// Copies the Deployment's annotations (but not the skipped ones) onto the
/// ReplicaSet: this is how `kubernetes.io/change-cause` reaches history.
pub fn copy_deployment_annotations(d: &Deployment, rs: &mut ReplicaSet) -> bool {
    let mut changed = false;
    for (k, v) in &d.metadata.annotations {
        if skip_copy_annotation(k) || rs.metadata.annotations.get(k) == Some(v) {
            continue;
        }
        rs.metadata.annotations.insert(k.clone(), v.clone());
        changed = true;
    }
    changed
}

/// `SetNewReplicaSetAnnotations`: copies the Deployment's annotations,
/// raises the revision to `new_revision` if it is lower (remembering the
/// revisions it served before in `revision-history`, within `limit_chars`),
/// and for a ReplicaSet about to be created sets the replicas annotations.
/// Returns whether anything changed.
pub fn set_new_rs_annotations(d: &Deployment, rs: &mut ReplicaSet, new_revision: &str, exists: bool, limit_chars: usize) -> bool {
    let mut changed = copy_deployment_annotations(d, rs);
    let old_revision = rs.metadata.annotations.get(REVISION).cloned();
    let had = old_revision.is_some();
    let old = old_revision.clone().unwrap_or_default();
    let old_int = match parse_go_int(&old) {
        Some(v) => v,
        // Upstream gives up (and reports no change) on a garbled revision.
        None if !old.is_empty() => return false,
        None => 0,
    };
    let Some(new_int) = parse_go_int(new_revision) else { return false };
    if old_int < new_int {
        rs.metadata.annotations.insert(REVISION.into(), new_revision.to_string());
        changed = true;
    }
    if had && old_int < new_int {
        let history = rs.metadata.annotations.get(REVISION_HISTORY).cloned().unwrap_or_default();
        let olds: Vec<&str> = history.split(',').collect();
        if olds.first().is_none_or(|f| f.is_empty()) {
            rs.metadata.annotations.insert(REVISION_HISTORY.into(), old.clone());
        } else {
            let mut total = history.len() + old.len() + 1;
            let mut start = 0;
            while total > limit_chars && start < olds.len() {
                total -= olds[start].len() + 1;
                start += 1;
            }
            if total <= limit_chars {
                let mut kept: Vec<&str> = olds[start..].to_vec();
                kept.push(&old);
                rs.metadata.annotations.insert(REVISION_HISTORY.into(), kept.join(","));
            }
        }
    }
    if !exists && set_replicas_annotations(rs, replicas(d), replicas(d) + max_surge(d)) {
        changed = true;
    }
    changed
}

/// `SetDeploymentAnnotationsTo`: on rollback the Deployment takes the old
/// ReplicaSet's annotations, keeping only its own skipped ones.
pub fn set_deployment_annotations_to(d: &mut Deployment, rs: &ReplicaSet) {
    d.metadata.annotations.retain(|k, _| skip_copy_annotation(k));
    for (k, v) in &rs.metadata.annotations {
        if !skip_copy_annotation(k) {
            d.metadata.annotations.insert(k.clone(), v.clone());
        }
    }
}

/// `SetDeploymentRevision`: true if the annotation changed.
pub fn set_deployment_revision(d: &mut Deployment, revision: &str) -> bool {
    if d.metadata.annotations.get(REVISION).map(String::as_str) == Some(revision) {
        return false;
    }
    d.metadata.annotations.insert(REVISION.into(), revision.to_string());
    true
}

// ---- new and old ReplicaSets ----

/// Templates equal apart from the pod-template-hash label (`EqualIgnoreHash`).
pub fn equal_ignore_hash(a: &PodTemplateSpec, b: &PodTemplateSpec) -> bool {
    // Compared in place: every Deployment sync asks this of each of its
    // ReplicaSets, and a copy of a template is a copy of all its containers.
    fn labels(t: &PodTemplateSpec) -> impl Iterator<Item = (&String, &String)> {
        t.metadata.labels.iter().filter(|(k, _)| k.as_str() != HASH_LABEL)
    }
    a.spec == b.spec && labels(a).eq(labels(b)) && same_but_labels(&a.metadata, &b.metadata)
}

/// Metadata equal in every field but the labels, compared field by field
/// (a copy without the labels was a copy of the annotations too). The
/// pattern names every field, so a field added to `ObjectMeta` must be
/// added here.
fn same_but_labels(a: &ObjectMeta, b: &ObjectMeta) -> bool {
    let ObjectMeta {
        name,
        generate_name,
        namespace,
        self_link,
        uid,
        resource_version,
        generation,
        creation_timestamp,
        deletion_timestamp,
        deletion_grace_period_seconds,
        labels: _,
        annotations,
        owner_references,
        finalizers,
        managed_fields,
    } = a;
    *name == b.name
        && *generate_name == b.generate_name
        && *namespace == b.namespace
        && *self_link == b.self_link
        && *uid == b.uid
        && *resource_version == b.resource_version
        && *generation == b.generation
        && *creation_timestamp == b.creation_timestamp
        && *deletion_timestamp == b.deletion_timestamp
        && *deletion_grace_period_seconds == b.deletion_grace_period_seconds
        && *annotations == b.annotations
        && *owner_references == b.owner_references
        && *finalizers == b.finalizers
        && *managed_fields == b.managed_fields
}

/// `FindNewReplicaSet`: the oldest ReplicaSet whose template is the Deployment's.
pub fn find_new<'a>(d: &Deployment, rss: &[&'a ReplicaSet]) -> Option<&'a ReplicaSet> {
    let mut sorted = rss.to_vec();
    kubeplay_model::sort::sort_by(&mut sorted, |a, b| by_creation(a, b));
    sorted.into_iter().find(|r| equal_ignore_hash(&r.spec.template, &d.spec.template))
}

/// `FindOldReplicaSets`: (old ones with replicas, all old ones).
pub fn find_old<'a>(d: &Deployment, rss: &[&'a ReplicaSet]) -> (Vec<&'a ReplicaSet>, Vec<&'a ReplicaSet>) {
    let new = find_new(d, rss);
    let all: Vec<&ReplicaSet> = rss.iter().copied().filter(|r| !new.is_some_and(|n| std::ptr::eq(n, *r))).collect();
    let required = all.iter().copied().filter(|r| rs_replicas(r) != 0).collect();
    (required, all)
}

/// `FindActiveOrLatest`: the only active ReplicaSet, or (none active) the
/// new one, else the newest old one; None when several are active.
/// Sorts `olds` newest first, as upstream does in place.
pub fn find_active_or_latest<'a>(new_rs: Option<&'a ReplicaSet>, olds: &mut [&'a ReplicaSet]) -> Option<&'a ReplicaSet> {
    if new_rs.is_none() && olds.is_empty() {
        return None;
    }
    kubeplay_model::sort::sort_by(olds, |a, b| by_creation(b, a));
    let mut all: Vec<&ReplicaSet> = olds.to_vec();
    all.extend(new_rs);
    let live = active(&all);
    match live.len() {
        0 => new_rs.or_else(|| olds.first().copied()),
        1 => live.first().copied(),
        _ => None,
    }
}

/// `IsSaturated`: the new ReplicaSet has, wants and has available all replicas.
pub fn is_saturated(d: &Deployment, rs: Option<&ReplicaSet>) -> bool {
    let Some(rs) = rs else { return false };
    let Some(desired) = annotation_i32(rs, DESIRED_REPLICAS) else { return false };
    let want = replicas(d);
    rs_replicas(rs) == want && desired == want && rs.status.available_replicas.unwrap_or(0) == want
}

// ---- proportional scaling ----

/// `GetReplicaSetProportion`: how many replicas this ReplicaSet gains (or
/// loses) of the `to_add` being spread, given `added` so far.
pub fn proportion(rs: &ReplicaSet, d: &Deployment, to_add: i32, added: i32) -> i32 {
    if rs_replicas(rs) == 0 || to_add == 0 || to_add == added {
        return 0;
    }
    let fraction = fraction(rs, d);
    let allowed = to_add - added;
    if to_add > 0 {
        fraction.min(allowed)
    } else {
        fraction.max(allowed)
    }
}

/// `getReplicaSetFraction`: the ReplicaSet's share of the new maximum size,
/// in proportion to the maximum it was sized for (max-replicas annotation).
pub fn fraction(rs: &ReplicaSet, d: &Deployment) -> i32 {
    let size = rs_replicas(rs);
    if replicas(d) == 0 {
        return -size;
    }
    let max_now = replicas(d) + max_surge(d);
    let before = match annotation_i32(rs, MAX_REPLICAS).filter(|m| *m != 0) {
        Some(m) => m,
        // The annotation was removed or zeroed by someone else: fall back
        // on the current size; with no pods there is nothing to go on.
        None => match d.status.replicas.unwrap_or(0) {
            0 => return 0,
            r => r,
        },
    };
    let new_size = (size as i64 * max_now as i64) as f64 / before as f64;
    new_size.round() as i32 - size
}

// ---- conditions ----

pub fn new_condition(type_: &str, status: &str, reason: &str, message: String, now: Time) -> Condition {
    let now = api_time(now);
    Condition {
        type_: type_.into(),
        status: status.into(),
        last_update_time: Some(now),
        last_transition_time: Some(now),
        reason: Some(reason.into()),
        message: Some(message.into()),
        ..Default::default()
    }
}

pub fn get_condition<'a>(status: &'a DeploymentStatus, type_: &str) -> Option<&'a Condition> {
    status.conditions.iter().find(|c| c.type_ == type_)
}

/// `SetDeploymentCondition`: no change if status and reason are the same;
/// keeps lastTransitionTime if only the reason changed; the condition moves
/// to the end of the list.
pub fn set_condition(status: &mut DeploymentStatus, mut cond: Condition) {
    if let Some(cur) = get_condition(status, &cond.type_) {
        if cur.status == cond.status && cur.reason == cond.reason {
            return;
        }
        if cur.status == cond.status {
            cond.last_transition_time = cur.last_transition_time;
        }
    }
    remove_condition(status, &cond.type_.clone());
    status.conditions.push(cond);
}

pub fn remove_condition(status: &mut DeploymentStatus, type_: &str) {
    status.conditions.retain(|c| c.type_ != type_);
}

// ---- rollout predicates ----

/// `DeploymentComplete`: every replica updated and available, none old.
pub fn deployment_complete(d: &Deployment, s: &DeploymentStatus) -> bool {
    let want = replicas(d);
    s.updated_replicas.unwrap_or(0) == want
        && s.replicas.unwrap_or(0) == want
        && s.available_replicas.unwrap_or(0) == want
        && s.observed_generation.unwrap_or(0) >= d.metadata.generation
}

/// `DeploymentProgressing`: more new pods, fewer old ones, or more ready or
/// available than the Deployment's current status says.
pub fn deployment_progressing(d: &Deployment, new: &DeploymentStatus) -> bool {
    let old = &d.status;
    let n = |v: Option<i32>| v.unwrap_or(0);
    let old_old = n(old.replicas) - n(old.updated_replicas);
    let new_old = n(new.replicas) - n(new.updated_replicas);
    n(new.updated_replicas) > n(old.updated_replicas)
        || new_old < old_old
        || n(new.ready_replicas) > n(old.ready_replicas)
        || n(new.available_replicas) > n(old.available_replicas)
}

/// `DeploymentTimedOut`: the Progressing condition has not been updated
/// for longer than progressDeadlineSeconds (or already says so).
pub fn deployment_timed_out(d: &Deployment, new: &DeploymentStatus, now: Time) -> bool {
    let Some(deadline) = progress_deadline(d) else { return false };
    let Some(cond) = get_condition(new, PROGRESSING) else { return false };
    match cond.reason.as_deref() {
        Some(NEW_RS_AVAILABLE) => false,
        Some(TIMED_OUT) => true,
        _ => time_or_zero(cond.last_update_time).plus_secs(deadline as i64) < now,
    }
}

// ---- the pod-template-hash ----

/// `rand.SafeEncodeString`: each byte onto an alphabet without vowels (so
/// no words are spelled) and without look-alike characters.
pub fn safe_encode(s: &str) -> String {
    const ALPHANUMS: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";
    s.bytes().map(|b| ALPHANUMS[b as usize % ALPHANUMS.len()] as char).collect()
}

/// `controller.ComputeHash`: FNV-32a over the template, then the collision
/// count as 8 little-endian bytes, printed in decimal and safe-encoded.
/// Upstream hashes a Go-specific dump of the struct; this hashes its
/// canonical JSON, so the digits differ from a real cluster's while the
/// shape, alphabet and properties are the same.
pub fn compute_hash(template: &PodTemplateSpec, collision_count: Option<i32>) -> String {
    let mut h: u32 = 0x811c_9dc5;
    let mut feed = |bytes: &[u8]| {
        for b in bytes {
            h ^= *b as u32;
            h = h.wrapping_mul(0x0100_0193);
        }
    };
    // The template's `creationTimestamp: null` (how a 1.32 server prints an
    // embedded metadata) is left out, so the hashes stay those of every
    // recorded trace.
    let mut json = serde_json::to_value(template).unwrap_or_default();
    if let Some(meta) = json.get_mut("metadata").and_then(serde_json::Value::as_object_mut) {
        if meta.get("creationTimestamp").is_some_and(serde_json::Value::is_null) {
            meta.shift_remove("creationTimestamp");
        }
    }
    feed(serde_json::to_string(&json).unwrap_or_default().as_bytes());
    if let Some(c) = collision_count {
        let mut bytes = [0u8; 8];
        bytes[..4].copy_from_slice(&(c as u32).to_le_bytes());
        feed(&bytes);
    }
    safe_encode(&h.to_string())
}

#[cfg(test)]
mod tests;
