//! From the metrics' proposal to the replica count the HPA applies
//! (upstream `horizontal.go` normalizeDesiredReplicas*): stabilization
//! over recent recommendations, then rate limits — the legacy rules when
//! `spec.behavior` is absent, the scaling policies when it is present —
//! each with the condition reason and message the HPA reports.

use kubeplay_model::api::{HpaBehavior, HpaScalingPolicy, HpaScalingRules};
use kubeplay_model::Time;

/// The controller's downscale stabilization window (flag default 5 min).
pub const DOWNSCALE_STABILIZATION_MS: i64 = 300_000;

/// A recommendation the HPA made, kept for stabilization.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recommendation {
    pub replicas: i32,
    pub at: Time,
}

/// A rescale, kept for the scaling policies' periods.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScaleEvent {
    pub change: i32,
    pub at: Time,
    pub outdated: bool,
}

/// A condition to set: (reason, message).
pub type Why = (&'static str, &'static str);

pub const READY_FOR_NEW_SCALE: Why = ("ReadyForNewScale", "recommended size matches current size");
pub const SCALE_DOWN_STABILIZED: Why = ("ScaleDownStabilized", "recent recommendations were higher than current one, applying the highest recent recommendation");
pub const SCALE_UP_STABILIZED: Why = ("ScaleUpStabilized", "recent recommendations were lower than current one, applying the lowest recent recommendation");
pub const SCALE_UP_LIMIT: Why = ("ScaleUpLimit", "the desired replica count is increasing faster than the maximum scale rate");
pub const SCALE_DOWN_LIMIT: Why = ("ScaleDownLimit", "the desired replica count is decreasing faster than the maximum scale rate");
pub const TOO_MANY: Why = ("TooManyReplicas", "the desired replica count is more than the maximum replica count");
pub const TOO_FEW: Why = ("TooFewReplicas", "the desired replica count is less than the minimum replica count");
pub const WITHIN_RANGE: Why = ("DesiredWithinRange", "the desired count is within the acceptable range");

/// The outcome: replicas, the AbleToScale reason and the ScalingLimited
/// one (limited = the result differs from the stabilized recommendation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Normalized {
    pub replicas: i32,
    pub able: Why,
    pub limited: bool,
    pub limit: Why,
}

/// Legacy stabilization (`stabilizeRecommendation`): the highest
/// recommendation of the last five minutes; the new one replaces an
/// expired entry if there is one.
pub fn stabilize(recs: &mut Vec<Recommendation>, desired: i32, now: Time, window_ms: i64) -> i32 {
    let cutoff = now.plus_millis(-window_ms);
    let mut max = desired;
    let mut old = None;
    for (i, r) in recs.iter().enumerate() {
        if r.at < cutoff {
            old = Some(i);
        } else if r.replicas > max {
            max = r.replicas;
        }
    }
    let rec = Recommendation { replicas: desired, at: now };
    match old {
        Some(i) => recs[i] = rec,
        None => recs.push(rec),
    }
    max
}

/// `convertDesiredReplicasWithRules`: at most max(2 × current, 4) at once.
pub fn legacy_limits(current: i32, desired: i32, min: i32, max: i32) -> (i32, Why) {
    let scale_up_limit = current.saturating_mul(2).max(4);
    let (allowed_max, why) = if max > scale_up_limit { (scale_up_limit, SCALE_UP_LIMIT) } else { (max, TOO_MANY) };
    if desired < min {
        (min, TOO_FEW)
    } else if desired > allowed_max {
        (allowed_max, why)
    } else {
        (desired, WITHIN_RANGE)
    }
}

/// `normalizeDesiredReplicas` (no behavior).
pub fn normalize_legacy(recs: &mut Vec<Recommendation>, current: i32, desired: i32, min: i32, max: i32, now: Time) -> Normalized {
    let stabilized = stabilize(recs, desired, now, DOWNSCALE_STABILIZATION_MS);
    let able = if stabilized != desired { SCALE_DOWN_STABILIZED } else { READY_FOR_NEW_SCALE };
    let (replicas, limit) = legacy_limits(current, stabilized, min, max);
    Normalized { replicas, able, limited: replicas != stabilized, limit }
}

/// The API defaults for a behavior that is present (`GenerateHPAScaleUpRules`
/// / `GenerateHPAScaleDownRules`), with the controller's 300 s default
/// scale-down window.
pub fn defaulted(b: &HpaBehavior) -> (HpaScalingRules, HpaScalingRules) {
    let policy = |type_: &str, value, period| HpaScalingPolicy { type_: type_.into(), value, period_seconds: period };
    let mut up = b.scale_up.clone().unwrap_or_default();
    if up.policies.is_empty() {
        up.policies = vec![policy("Pods", 4, 15), policy("Percent", 100, 15)];
    }
    up.select_policy.get_or_insert_with(|| "Max".into());
    up.stabilization_window_seconds.get_or_insert(0);
    let mut down = b.scale_down.clone().unwrap_or_default();
    if down.policies.is_empty() {
        down.policies = vec![policy("Percent", 100, 15)];
    }
    down.select_policy.get_or_insert_with(|| "Max".into());
    down.stabilization_window_seconds.get_or_insert((DOWNSCALE_STABILIZATION_MS / 1000) as i32);
    (up, down)
}

/// `stabilizeRecommendationWithBehaviors`: scale up no further than the
/// lowest recommendation in the up window, down no further than the
/// highest in the down window.
pub fn stabilize_with_behavior(recs: &mut Vec<Recommendation>, current: i32, desired: i32, up_window_s: i32, down_window_s: i32, now: Time) -> (i32, Why) {
    let up_cutoff = now.plus_secs(-(up_window_s as i64));
    let down_cutoff = now.plus_secs(-(down_window_s as i64));
    let (mut up, mut down) = (desired, desired);
    let mut old = None;
    for (i, r) in recs.iter().enumerate() {
        if r.at > up_cutoff {
            up = up.min(r.replicas);
        }
        if r.at > down_cutoff {
            down = down.max(r.replicas);
        }
        if r.at < up_cutoff && r.at < down_cutoff {
            old = Some(i);
        }
    }
    let stabilized = current.max(up).min(down);
    let rec = Recommendation { replicas: desired, at: now };
    match old {
        Some(i) => recs[i] = rec,
        None => recs.push(rec),
    }
    let why = if desired >= current { SCALE_UP_STABILIZED } else { SCALE_DOWN_STABILIZED };
    (stabilized, why)
}

fn change_in_period(events: &[ScaleEvent], period_s: i32, now: Time) -> i32 {
    let cutoff = now.plus_secs(-(period_s as i64));
    events.iter().filter(|e| e.at > cutoff).fold(0i32, |a, e| a.saturating_add(e.change))
}

/// `calculateScaleUpLimitWithScalingRules`.
pub fn scale_up_limit(current: i32, ups: &[ScaleEvent], downs: &[ScaleEvent], rules: &HpaScalingRules, now: Time) -> i32 {
    let select = rules.select_policy.as_deref().unwrap_or("Max");
    if select == "Disabled" {
        return current;
    }
    let min_change = select == "Min";
    let mut result = if min_change { i32::MAX } else { i32::MIN };
    for p in &rules.policies {
        let start = current.saturating_sub(change_in_period(ups, p.period_seconds, now)).saturating_add(change_in_period(downs, p.period_seconds, now));
        let proposed = match p.type_.as_str() {
            "Pods" => start.saturating_add(p.value),
            "Percent" => (start as f64 * (1.0 + p.value as f64 / 100.0)).ceil() as i32,
            _ => continue,
        };
        result = if min_change { result.min(proposed) } else { result.max(proposed) };
    }
    result
}

/// `calculateScaleDownLimitWithBehaviors`.
pub fn scale_down_limit(current: i32, ups: &[ScaleEvent], downs: &[ScaleEvent], rules: &HpaScalingRules, now: Time) -> i32 {
    let select = rules.select_policy.as_deref().unwrap_or("Max");
    if select == "Disabled" {
        return current;
    }
    let min_change = select == "Min";
    let mut result = if min_change { i32::MIN } else { i32::MAX };
    for p in &rules.policies {
        let start = current.saturating_sub(change_in_period(ups, p.period_seconds, now)).saturating_add(change_in_period(downs, p.period_seconds, now));
        let proposed = match p.type_.as_str() {
            "Pods" => start.saturating_sub(p.value),
            "Percent" => (start as f64 * (1.0 - p.value as f64 / 100.0)) as i32,
            _ => continue,
        };
        result = if min_change { result.max(proposed) } else { result.min(proposed) };
    }
    result
}

/// `convertDesiredReplicasWithBehaviorRate`.
#[allow(clippy::too_many_arguments)]
pub fn behavior_limits(current: i32, desired: i32, min: i32, max: i32, up: &HpaScalingRules, down: &HpaScalingRules, ups: &[ScaleEvent], downs: &[ScaleEvent], now: Time) -> (i32, Why) {
    if desired > current {
        let limit = scale_up_limit(current, ups, downs, up, now).max(current);
        let (allowed, why) = if max > limit { (limit, SCALE_UP_LIMIT) } else { (max, TOO_MANY) };
        if desired > allowed {
            return (allowed, why);
        }
    } else if desired < current {
        let limit = scale_down_limit(current, ups, downs, down, now).min(current);
        let (allowed, why) = if min < limit { (limit, SCALE_DOWN_LIMIT) } else { (min, TOO_FEW) };
        if desired < allowed {
            return (allowed, why);
        }
    }
    (desired, WITHIN_RANGE)
}

/// `normalizeDesiredReplicasWithBehaviors`.
#[allow(clippy::too_many_arguments)]
pub fn normalize_with_behavior(
    recs: &mut Vec<Recommendation>,
    behavior: &HpaBehavior,
    ups: &[ScaleEvent],
    downs: &[ScaleEvent],
    current: i32,
    desired: i32,
    min: i32,
    max: i32,
    now: Time,
) -> Normalized {
    let (up, down) = defaulted(behavior);
    let (stabilized, why) = stabilize_with_behavior(recs, current, desired, up.stabilization_window_seconds.unwrap_or(0), down.stabilization_window_seconds.unwrap_or(300), now);
    let able = if stabilized != desired { why } else { READY_FOR_NEW_SCALE };
    let (replicas, limit) = behavior_limits(current, stabilized, min, max, &up, &down, ups, downs, now);
    Normalized { replicas, able, limited: replicas != stabilized, limit }
}

/// `storeScaleEvent`: remembers a rescale, reusing an entry older than the
/// longest policy period.
pub fn store_event(events: &mut Vec<ScaleEvent>, change: i32, rules: &HpaScalingRules, now: Time) {
    let longest = rules.policies.iter().map(|p| p.period_seconds).max().unwrap_or(0);
    let cutoff = now.plus_secs(-(longest as i64));
    for e in events.iter_mut() {
        if e.at < cutoff {
            e.outdated = true;
        }
    }
    let new = ScaleEvent { change, at: now, outdated: false };
    match events.iter().rposition(|e| e.outdated) {
        Some(i) => events[i] = new,
        None => events.push(new),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: Time = Time::from_millis(100_000_000_000);

    fn ago(secs: i64) -> Time {
        NOW.plus_secs(-secs)
    }

    /// Stored recommendations as (replicas, seconds ago).
    type Stored = &'static [(i32, i64)];

    fn recs(v: &[(i32, i64)]) -> Vec<Recommendation> {
        v.iter().map(|(r, s)| Recommendation { replicas: *r, at: ago(*s) }).collect()
    }

    // TestConvertDesiredReplicasWithRules.
    #[test]
    fn legacy_limit_vectors() {
        assert_eq!(legacy_limits(5, 7, 3, 8), (7, WITHIN_RANGE));
        assert_eq!(legacy_limits(3, 1, 2, 8), (2, TOO_FEW));
        assert_eq!(legacy_limits(1, 0, 0, 10), (0, WITHIN_RANGE));
        assert_eq!(legacy_limits(20, 1000, 1, 10), (10, TOO_MANY));
        assert_eq!(legacy_limits(3, 1000, 1, 2000), (6, SCALE_UP_LIMIT));
    }

    // TestNormalizeDesiredReplicas (stabilizeRecommendation, 5 min window).
    #[test]
    fn legacy_stabilization_vectors() {
        let cases: [(Stored, i32, i32, usize); 5] = [
            (&[], 5, 5, 1),
            (&[(4, 120), (5, 60)], 3, 5, 3),
            (&[(1, 120), (2, 60)], 3, 3, 3),
            (&[(10, 600), (9, 540)], 3, 3, 2),
            (&[(10, 600), (4, 60), (5, 120), (9, 540)], 3, 5, 4),
        ];
        for (i, (stored, new, want, len)) in cases.into_iter().enumerate() {
            let mut r = recs(stored);
            assert_eq!(stabilize(&mut r, new, NOW, DOWNSCALE_STABILIZATION_MS), want, "case {i}");
            assert_eq!(r.len(), len, "case {i}");
        }
    }

    fn gen(pods: i32, pods_period: i32, percent: i32, percent_period: i32, window: i32) -> HpaScalingRules {
        let mut policies = Vec::new();
        if pods > 0 {
            policies.push(HpaScalingPolicy { type_: "Pods".into(), value: pods, period_seconds: pods_period });
        }
        if percent > 0 {
            policies.push(HpaScalingPolicy { type_: "Percent".into(), value: percent, period_seconds: percent_period });
        }
        HpaScalingRules { stabilization_window_seconds: Some(window), select_policy: Some("Max".into()), policies, tolerance: None }
    }

    /// Events of the given replica changes, spread uniformly over the last 120 s.
    fn events(changes: &[i32]) -> Vec<ScaleEvent> {
        let n = changes.len() as i64;
        changes.iter().enumerate().map(|(i, c)| ScaleEvent { change: *c, at: ago(120 - (i as i64 + 1) * 120 / (n + 1)), outdated: false }).collect()
    }

    // TestScalingWithRules (hpa.md §5).
    #[test]
    fn scaling_with_rules_vectors() {
        let default = HpaBehavior::default();
        let (dup, ddown) = defaulted(&default);
        type Case = (&'static str, i32, i32, i32, i32, Option<HpaScalingRules>, Option<HpaScalingRules>, Vec<i32>, Vec<i32>, i32, Why);
        let cases: Vec<Case> = vec![
            ("within range", 3, 8, 5, 7, None, None, vec![], vec![], 7, WITHIN_RANGE),
            ("< minReplicas", 2, 8, 3, 1, None, None, vec![], vec![], 2, TOO_FEW),
            ("min 0", 0, 10, 1, 0, None, None, vec![], vec![], 0, WITHIN_RANGE),
            ("maxReplicas < scaleUpLimit", 1, 10, 20, 1000, None, None, vec![], vec![], 10, TOO_MANY),
            ("more than max", 100, 150, 100, 1000, None, None, vec![], vec![], 150, TOO_MANY),
            ("user up policy 1%/60s", 1, 2000, 3, 1000, Some(gen(0, 0, 1, 60, 0)), None, vec![], vec![], 4, SCALE_UP_LIMIT),
            ("scaleUp default behavior", 1, 1000, 10, 50, None, None, vec![], vec![], 20, SCALE_UP_LIMIT),
            ("pods policy > percent", 1, 1000, 10, 500, Some(gen(100, 60, 100, 60, 0)), None, vec![], vec![], 110, SCALE_UP_LIMIT),
            ("percent > pods", 1, 1000, 10, 500, Some(gen(2, 60, 100, 60, 0)), None, vec![], vec![], 20, SCALE_UP_LIMIT),
            ("large pod policy", 1, 1000, 10, 50, Some(gen(100, 60, 0, 0, 0)), None, vec![], vec![], 50, WITHIN_RANGE),
            ("pod policy limit", 1, 1000, 10, 50, Some(gen(30, 60, 0, 0, 0)), None, vec![], vec![], 40, SCALE_UP_LIMIT),
            ("percent policy limit", 1, 1000, 10, 50, Some(gen(0, 0, 200, 60, 0)), None, vec![], vec![], 30, SCALE_UP_LIMIT),
            ("down: percent > pod", 1, 1000, 100, 2, None, Some(gen(20, 60, 1, 60, 300)), vec![], vec![], 80, SCALE_DOWN_LIMIT),
            ("down: pod > percent", 1, 1000, 100, 2, None, Some(gen(2, 60, 1, 60, 300)), vec![], vec![], 98, SCALE_DOWN_LIMIT),
            ("down to 0, min 1", 1, 1000, 10, 0, None, Some(gen(100, 60, 0, 0, 300)), vec![], vec![], 1, TOO_FEW),
            ("down, min 5, 100%", 5, 1000, 10, 2, None, Some(gen(0, 0, 100, 60, 300)), vec![], vec![], 5, TOO_FEW),
            ("down pod policy 5", 1, 1000, 10, 2, None, Some(gen(5, 60, 0, 0, 300)), vec![], vec![], 5, SCALE_DOWN_LIMIT),
            ("down percent 50", 1, 1000, 10, 5, None, Some(gen(0, 0, 50, 60, 300)), vec![], vec![], 5, WITHIN_RANGE),
            ("up, max 200, pods 300/60", 1, 200, 100, 500, Some(gen(300, 60, 0, 0, 0)), None, vec![1, 5, 9], vec![], 200, TOO_MANY),
            ("up, max 200, percent 10000/60", 1, 200, 100, 500, Some(gen(0, 0, 10000, 60, 0)), None, vec![1, 5, 9], vec![], 200, TOO_MANY),
            ("up, pods 5/120 with recent ups", 1, 1000, 100, 500, Some(gen(5, 120, 0, 0, 0)), None, vec![1, 5, 9], vec![], 100, SCALE_UP_LIMIT),
            ("up, pods 150/120 with ups", 1, 1000, 100, 500, Some(gen(150, 120, 0, 0, 0)), None, vec![1, 5, 9], vec![], 235, SCALE_UP_LIMIT),
            ("up, percent 200/120 with ups", 1, 1000, 100, 500, Some(gen(0, 0, 200, 120, 0)), None, vec![1, 5, 9], vec![], 255, SCALE_UP_LIMIT),
            ("up, percent 300/300, ups & downs", 1, 1000, 6, 24, Some(gen(0, 0, 300, 300, 0)), None, vec![4], vec![2], 16, SCALE_UP_LIMIT),
            ("down default with events", 1, 1000, 10, 5, None, None, vec![], vec![1, 5, 9], 5, WITHIN_RANGE),
            ("down to 0, pods 115/120", 1, 1000, 100, 0, None, Some(gen(115, 120, 0, 0, 300)), vec![], vec![1, 5, 9], 1, TOO_FEW),
            ("down to 0, min 5, pods 130/120", 5, 1000, 100, 0, None, Some(gen(130, 120, 0, 0, 300)), vec![], vec![1, 5, 9], 5, TOO_FEW),
            ("down min 5, 100%/120", 5, 1000, 100, 2, None, Some(gen(0, 0, 100, 120, 300)), vec![], vec![1, 5, 9], 5, TOO_FEW),
            ("down pods 5/120 with downs", 1, 1000, 100, 2, None, Some(gen(5, 120, 0, 0, 300)), vec![], vec![1, 5, 9], 100, SCALE_DOWN_LIMIT),
            ("down percent 50/120 with downs", 1, 1000, 100, 0, None, Some(gen(0, 0, 50, 120, 300)), vec![], vec![2, 4, 6], 56, SCALE_DOWN_LIMIT),
            ("down percent 50/180, ups & downs", 1, 1000, 10, 1, None, Some(gen(0, 0, 50, 180, 0)), vec![2], vec![4], 6, SCALE_DOWN_LIMIT),
            ("down 10%/120, downs 10,10,10", 1, 1000, 100, 0, None, Some(gen(0, 0, 10, 120, 300)), vec![], vec![10, 10, 10], 100, SCALE_DOWN_LIMIT),
            ("down 1000%/120, downs 10,10,10", 1, 1000, 10, 5, None, Some(gen(0, 0, 1000, 120, 300)), vec![], vec![10, 10, 10], 5, WITHIN_RANGE),
        ];
        for (name, min, max, current, desired, up, down, ups, downs, want, why) in cases {
            let up = up.unwrap_or_else(|| dup.clone());
            let down = down.unwrap_or_else(|| ddown.clone());
            let got = behavior_limits(current, desired, min, max, &up, &down, &events(&ups), &events(&downs), NOW);
            assert_eq!(got, (want, why), "{name}");
        }
    }

    #[test]
    fn select_policy_min() {
        let rules = HpaScalingRules { select_policy: Some("Min".into()), ..gen(2, 60, 50, 60, 0) };
        assert_eq!(scale_up_limit(1, &[], &[], &rules, NOW), 2, "TestCalculateScaleUpLimitWithScalingRules");
        assert_eq!(scale_down_limit(5, &[], &[], &rules, NOW), 3, "TestCalculateScaleDownLimitWithBehaviors");
        let disabled = HpaScalingRules { select_policy: Some("Disabled".into()), ..gen(2, 60, 0, 0, 0) };
        assert_eq!(scale_up_limit(5, &[], &[], &disabled, NOW), 5);
    }

    // TestNormalizeDesiredReplicasWithBehavior (stabilizeRecommendationWithBehaviors).
    #[test]
    fn behavior_stabilization_vectors() {
        let cases: [(&str, Stored, i32, i32, i32, i32, i32); 11] = [
            ("empty, scaling down", &[], 100, 5, 0, 0, 5),
            ("simple down stabilization", &[(4, 120), (5, 60)], 100, 3, 0, 180, 5),
            ("simple up stabilization", &[(4, 120), (5, 60)], 1, 7, 300, 0, 4),
            ("no down stabilization", &[(1, 120), (2, 60)], 100, 3, 300, 0, 3),
            ("no up stabilization", &[(4, 120), (5, 60)], 1, 3, 0, 300, 3),
            ("no down stab., reuse element", &[(10, 600), (9, 540)], 100, 3, 0, 0, 3),
            ("no up stab., reuse element", &[(10, 600), (9, 540)], 1, 100, 0, 0, 100),
            ("down stab., reuse obsolete", &[(10, 600), (4, 60), (5, 120), (9, 540)], 100, 3, 0, 180, 5),
            ("up stab., reuse obsolete", &[(10, 6000), (6, 60), (5, 120), (9, 180)], 1, 100, 300, 0, 5),
            ("up & down, rec goes down", &[(2, 6000), (3, 180)], 2, 1, 300, 300, 2),
            ("up & down, rec goes up", &[(2, 6000), (1, 180)], 2, 3, 300, 300, 2),
        ];
        for (name, stored, current, desired, up, down, want) in cases {
            let mut r = recs(stored);
            assert_eq!(stabilize_with_behavior(&mut r, current, desired, up, down, NOW).0, want, "{name}");
        }
        let mut r = recs(&[(10, 600), (9, 540)]);
        stabilize_with_behavior(&mut r, 100, 3, 0, 0, NOW);
        assert_eq!(r.iter().map(|x| x.replicas).collect::<Vec<_>>(), [10, 3], "the last expired entry is reused");
    }

    /// Upstream's `generateEventsUniformDistribution`: each change at the
    /// middle of its share of the last `period_s` seconds.
    fn midpoints(changes: &[i32], period_s: i64) -> Vec<ScaleEvent> {
        let n = changes.len() as i64;
        changes.iter().enumerate().map(|(i, c)| ScaleEvent { change: *c, at: NOW.plus_millis(-(period_s * 1000 - period_s * 1000 * (i as i64 + 1) / n + period_s * 1000 / (2 * n))), outdated: false }).collect()
    }

    // The rest of TestScalingWithRules: the large pod policy, and the
    // "outdated" flag cases (events spread as upstream spreads them).
    #[test]
    fn scaling_with_rules_more() {
        let (dup, ddown) = defaulted(&HpaBehavior::default());
        type Case = (&'static str, i32, i32, Option<HpaScalingRules>, Option<HpaScalingRules>, Vec<i32>, Vec<i32>, i32);
        let cases: Vec<Case> = vec![
            ("large pod policy 10000", 10, 50, Some(gen(10000, 60, 0, 0, 0)), None, vec![], vec![], 50),
            ("'outdated' flag, one policy, up", 100, 200, Some(gen(1000, 60, 0, 0, 0)), None, vec![8, 12, 9, 11], vec![], 200),
            ("not 'outdated', two policies, up", 100, 200, Some(gen(1000, 120, 100, 60, 0)), None, vec![8, 12, 9, 11], vec![], 200),
            ("'outdated', two policies, up", 100, 200, Some(gen(1000, 30, 100, 60, 0)), None, vec![8, 12, 9, 11], vec![], 200),
            ("'outdated' flag, one policy, down", 100, 5, None, Some(gen(1000, 60, 0, 0, 300)), vec![], vec![8, 12, 9, 11], 5),
            ("not 'outdated', two policies, down", 100, 5, None, Some(gen(1000, 120, 100, 60, 300)), vec![], vec![8, 12, 9, 11], 5),
            ("'outdated', two policies, down", 100, 5, None, Some(gen(1000, 30, 100, 60, 300)), vec![], vec![8, 12, 9, 11], 5),
        ];
        for (name, current, desired, up, down, ups, downs, want) in cases {
            let up = up.unwrap_or_else(|| dup.clone());
            let down = down.unwrap_or_else(|| ddown.clone());
            let got = behavior_limits(current, desired, 1, 1000, &up, &down, &midpoints(&ups, 120), &midpoints(&downs, 120), NOW);
            assert_eq!(got, (want, WITHIN_RANGE), "{name}");
        }
        // generateEventsUniformDistribution([1, 5, 9], 120): 100 s, 60 s and 20 s ago.
        let ev = midpoints(&[1, 5, 9], 120);
        assert_eq!(ev.iter().map(|e| e.at).collect::<Vec<_>>(), [ago(100), ago(60), ago(20)]);
        // An event exactly one period ago is outside it (upstream's is a
        // hair older than its cutoff, made a moment later).
        assert_eq!(change_in_period(&ev, 60, NOW), 9);
    }

    // TestStoreScaleEvents (the cases with a behavior; without one the
    // controller stores nothing, see `mod.rs`): (name, previous events as
    // (change, seconds ago), rules, change in the last 60 s before,
    // events after as (change, outdated)).
    #[test]
    fn store_scale_events() {
        type Case = (&'static str, Vec<(i32, i64)>, HpaScalingRules, i32, Vec<(i32, bool)>);
        let cases: Vec<Case> = vec![
            ("empty entries with two-policy-behavior", vec![], gen(10, 60, 100, 60, 0), 0, vec![(5, false)]),
            ("one outdated entry to be replaced with behavior", vec![(7, 61)], gen(10, 60, 100, 60, 0), 0, vec![(5, false)]),
            ("one actual entry to be not touched with behavior", vec![(7, 58)], gen(10, 60, 100, 60, 0), 7, vec![(7, false), (5, false)]),
            ("two entries, one of them to be replaced", vec![(7, 61), (6, 59)], gen(10, 60, 0, 0, 0), 6, vec![(5, false), (6, false)]),
            ("replace one entry, use policies with different periods", vec![(8, 29), (6, 59), (7, 61), (9, 61)], gen(10, 60, 100, 30, 0), 14, vec![(8, false), (6, false), (7, true), (5, false)]),
            ("two entries, both actual", vec![(7, 58), (6, 59)], gen(10, 120, 100, 30, 0), 13, vec![(7, false), (6, false), (5, false)]),
        ];
        for (name, prev, rules, before, after) in cases {
            let mut ev: Vec<ScaleEvent> = prev.iter().map(|(c, s)| ScaleEvent { change: *c, at: ago(*s), outdated: false }).collect();
            assert_eq!(change_in_period(&ev, 60, NOW), before, "{name}");
            store_event(&mut ev, 5, &rules, NOW);
            assert_eq!(ev.iter().map(|e| (e.change, e.outdated)).collect::<Vec<_>>(), after, "{name}");
        }
    }

    // TestNormalizeDesiredReplicasWithBehavior's expectedRecommendations:
    // the stored list after each stabilization.
    #[test]
    fn behavior_stabilization_stores() {
        // (name, stored, current, desired, up window, down window, stored after).
        type Case = (&'static str, Stored, i32, i32, i32, i32, &'static [i32]);
        let cases: [Case; 9] = [
            ("empty, scaling down", &[], 100, 5, 0, 0, &[5]),
            ("simple down stabilization", &[(4, 120), (5, 60)], 100, 3, 0, 180, &[4, 5, 3]),
            ("simple up stabilization", &[(4, 120), (5, 60)], 1, 7, 300, 0, &[4, 5, 7]),
            ("no down stabilization", &[(1, 120), (2, 60)], 100, 3, 300, 0, &[1, 2, 3]),
            ("no up stabilization", &[(4, 120), (5, 60)], 1, 3, 0, 300, &[4, 5, 3]),
            ("no down stab., reuse element", &[(10, 600), (9, 540)], 100, 3, 0, 0, &[10, 3]),
            ("no up stab., reuse element", &[(10, 600), (9, 540)], 1, 100, 0, 0, &[10, 100]),
            ("down stab., reuse obsolete", &[(10, 600), (4, 60), (5, 120), (9, 540)], 100, 3, 0, 180, &[10, 4, 5, 3]),
            ("up stab., reuse obsolete", &[(10, 6000), (6, 60), (5, 120), (9, 180)], 1, 100, 300, 0, &[100, 6, 5, 9]),
        ];
        for (name, stored, current, desired, up, down, want) in cases {
            let mut r = recs(stored);
            stabilize_with_behavior(&mut r, current, desired, up, down, NOW);
            assert_eq!(r.iter().map(|x| x.replicas).collect::<Vec<_>>(), want, "{name}");
        }
    }

    #[test]
    fn scale_events_reuse_outdated_entries() {
        let rules = gen(4, 15, 100, 15, 0);
        let mut ev = vec![ScaleEvent { change: 2, at: ago(60), outdated: false }];
        store_event(&mut ev, 3, &rules, NOW);
        assert_eq!(ev.len(), 1);
        assert_eq!((ev[0].change, ev[0].at), (3, NOW));
        store_event(&mut ev, 1, &rules, NOW);
        assert_eq!(ev.len(), 2);
    }
}
