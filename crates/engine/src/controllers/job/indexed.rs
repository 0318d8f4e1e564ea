//! Indexed Jobs (upstream `indexed_job_utils.go`): each pod carries a
//! completion index; the Job records finished indexes as a compact
//! interval string (`"1,3-5"`), creates the lowest missing indexes and
//! removes pods whose index is missing, out of range or duplicated.

use super::math::{self, active_pods_order, INDEX_ANNOTATION, INDEX_FAILURE_COUNT, INDEX_IGNORED_FAILURE_COUNT};
use kubeplay_model::api::Pod;
use kubeplay_model::Time;
use std::collections::{BTreeMap, BTreeSet};

/// The pod's completion index, if it has a valid one.
pub fn completion_index(p: &Pod) -> Option<i32> {
    let v = p.metadata.annotation(INDEX_ANNOTATION)?;
    v.parse::<i32>().ok().filter(|i| *i >= 0)
}

/// Parses `"0,2-4"` into indexes below `completions`, skipping bad parts
/// as upstream does.
pub fn parse_intervals(s: &str, completions: i32) -> BTreeSet<i32> {
    let mut set = BTreeSet::new();
    for part in s.split(',').filter(|p| !p.is_empty()) {
        let (a, b) = match part.split_once('-') {
            Some((a, b)) => (a.parse::<i32>(), b.parse::<i32>()),
            None => (part.parse::<i32>(), part.parse::<i32>()),
        };
        let (Ok(a), Ok(b)) = (a, b) else { continue };
        if a < 0 || b < a {
            continue;
        }
        // Indexed Jobs allow at most 100000 completions.
        for i in a..=b.min(completions.min(100_000).saturating_sub(1)) {
            set.insert(i);
        }
    }
    set
}

/// Formats indexes as upstream's `orderedIntervals.String`: runs of three
/// or more as `a-b`, pairs as `a,b`.
pub fn format_intervals(set: &BTreeSet<i32>) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut iter = set.iter().copied().peekable();
    while let Some(first) = iter.next() {
        let mut last = first;
        while iter.peek() == Some(&(last + 1)) {
            last += 1;
            iter.next();
        }
        out.push(match last - first {
            0 => first.to_string(),
            1 => format!("{first},{last}"),
            _ => format!("{first}-{last}"),
        });
    }
    out.join(",")
}

/// The lowest `count` indexes that neither succeeded, failed, nor have a pod.
pub fn first_pending(completions: i32, taken: &BTreeSet<i32>, count: usize) -> Vec<i32> {
    (0..completions.max(0)).filter(|i| !taken.contains(i)).take(count).collect()
}

/// Active pods to remove before any others (`appendDuplicatedIndexPodsForRemoval`):
/// pods without a valid index, with an index ≥ completions, or sharing an
/// index with a pod further along (the most advanced pod per index stays).
pub fn excess_index_pods<'a>(pods: &[&'a Pod], completions: i32) -> (Vec<&'a Pod>, Vec<&'a Pod>) {
    let mut rm = Vec::new();
    let mut by_index: BTreeMap<i32, Vec<&'a Pod>> = BTreeMap::new();
    for p in pods {
        match completion_index(p) {
            Some(i) if i < completions => by_index.entry(i).or_default().push(p),
            _ => rm.push(*p),
        }
    }
    let mut left = Vec::new();
    for (_, mut group) in by_index {
        kubeplay_model::sort::sort_by(&mut group, |a, b| active_pods_order(a, b));
        if let Some(keep) = group.pop() {
            rm.extend(group);
            left.push(keep);
        }
    }
    (rm, left)
}

/// `calculateSucceededIndexes`: the status's completed indexes below
/// `completions`, and those of every succeeded pod.
pub fn succeeded_indexes(completed: &str, pods: &[Pod], completions: i32) -> BTreeSet<i32> {
    let mut set = parse_intervals(completed, completions);
    set.extend(pods.iter().filter(|p| p.phase() == "Succeeded").filter_map(completion_index).filter(|i| *i < completions));
    set
}

/// `getRemainingTimePerIndex`: the back-off an index waits after its last
/// failed pod, counting its earlier failures, ignored ones included.
pub fn remaining_index_backoff_ms(last_failed: Option<&Pod>, now: Time, default_ms: i64, max_ms: i64) -> i64 {
    last_failed.map_or(0, |p| {
        let (failures, ignored) = failure_counts(p);
        math::remaining_backoff_ms(failures + ignored + 1, Some(math::finish_time(p)), now, default_ms, max_ms)
    })
}

/// `getPodCreationInfoForIndependentIndexes`: of the pending indexes,
/// those whose back-off after their last failed pod is over; when none is,
/// how long until the first is.
pub fn indexes_past_backoff(indexes: &[i32], last_failed: &BTreeMap<i32, &Pod>, now: Time) -> (Vec<i32>, i64) {
    let mut ready = Vec::new();
    let mut wait: Option<i64> = None;
    for &i in indexes {
        match remaining_index_backoff_ms(last_failed.get(&i).copied(), now, math::DEFAULT_BACKOFF_MS, math::MAX_BACKOFF_MS) {
            0 => ready.push(i),
            r => wait = Some(wait.map_or(r, |w| w.min(r))),
        }
    }
    let wait = if ready.is_empty() { wait.unwrap_or(0) } else { 0 };
    (ready, wait)
}

/// `matchSuccessPolicy`: the message of the first `successPolicy` rule
/// the succeeded indexes meet. A rule with `succeededIndexes` needs all of
/// them, or `succeededCount` of them; one with only `succeededCount`, that
/// many indexes of any kind. A rule whose indexes do not parse is skipped.
pub fn matched_success_rule(policy: &serde_json::Value, completions: i32, succeeded: &BTreeSet<i32>) -> Option<String> {
    if succeeded.is_empty() {
        return None;
    }
    for (index, rule) in policy.get("rules")?.as_array()?.iter().enumerate() {
        let count = rule.get("succeededCount").and_then(|c| c.as_i64());
        let met = match rule.get("succeededIndexes").and_then(|i| i.as_str()) {
            Some(text) => {
                let required = parse_intervals(text, completions);
                if required.is_empty() {
                    continue;
                }
                let contained = required.intersection(succeeded).count();
                contained == required.len() || count.is_some_and(|c| contained as i64 >= c)
            }
            None => count.is_some_and(|c| succeeded.len() as i64 >= c),
        };
        if met {
            return Some(format!("Matched rules at index {index}"));
        }
    }
    None
}

/// The per-index failure counters of a pod (`job-index-failure-count`,
/// `job-index-ignored-failure-count`).
pub fn failure_counts(p: &Pod) -> (i32, i32) {
    let get = |k: &str| p.metadata.annotation(k).and_then(|v| v.parse::<i32>().ok()).unwrap_or(0).max(0);
    (get(INDEX_FAILURE_COUNT), get(INDEX_IGNORED_FAILURE_COUNT))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(v: &[i32]) -> BTreeSet<i32> {
        v.iter().copied().collect()
    }

    // Strings from TestControllerSyncJob's indexed rows and orderedIntervals tests.
    #[test]
    fn interval_strings() {
        assert_eq!(format_intervals(&set(&[0, 1, 2])), "0-2");
        assert_eq!(format_intervals(&set(&[0, 1])), "0,1");
        assert_eq!(format_intervals(&set(&[2, 4, 5, 7, 8, 9])), "2,4,5,7-9");
        assert_eq!(format_intervals(&set(&[0])), "0");
        assert_eq!(format_intervals(&set(&[])), "");
        assert_eq!(parse_intervals("2,4,5,7-9", 20), set(&[2, 4, 5, 7, 8, 9]));
        assert_eq!(parse_intervals("0-5", 3), set(&[0, 1, 2]));
        assert_eq!(parse_intervals("x,1,3-a,4", 10), set(&[1, 4]));
    }

    // "indexed some running & completed": 8 parallel, 20 completions, pods at
    // 0 (running), 3 (pending) and succeeded 2,4,5,7,8,9 → create 1,6,10..13.
    #[test]
    fn first_pending_skips_taken_indexes() {
        let taken = set(&[0, 3, 2, 4, 5, 7, 8, 9]);
        assert_eq!(first_pending(20, &taken, 6), vec![1, 6, 10, 11, 12, 13]);
        assert_eq!(first_pending(3, &set(&[0, 1]), 5), vec![2]);
    }

    fn indexed(name: &str, idx: Option<&str>, phase: &str) -> Pod {
        let mut p = Pod::default();
        p.metadata.name = name.into();
        if let Some(i) = idx {
            p.metadata.annotations.insert(INDEX_ANNOTATION.into(), i.into());
        }
        p.status.phase = Some(phase.into());
        p
    }

    // "indexed repeated indexes": invalid Run, 0 Succ (not active), 1 Run, 2 Run,
    // 2 Pending among active pods → delete the invalid one and the pending duplicate.
    #[test]
    fn duplicated_and_invalid_indexes_go_first() {
        let pods = [
            indexed("bad", Some("invalid"), "Running"),
            indexed("one", Some("1"), "Running"),
            indexed("two-run", Some("2"), "Running"),
            indexed("two-pend", Some("2"), "Pending"),
            indexed("far", Some("7"), "Running"),
        ];
        let refs: Vec<&Pod> = pods.iter().collect();
        let (rm, left) = excess_index_pods(&refs, 5);
        let names = |v: &[&Pod]| v.iter().map(|p| p.metadata.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(&rm), ["bad", "far", "two-pend"]);
        assert_eq!(names(&left), ["one", "two-run"]);
    }
}
