//! `podFailurePolicy` (upstream `pod_failure_policy.go`): rules matched in
//! order against a failed pod's exit codes or conditions decide whether
//! the failure fails the whole Job, fails its index, is ignored, or counts
//! against backoffLimit as usual.

use kubeplay_model::api::{ContainerStatus, Pod};
use serde::Deserialize;
use serde_json::Value;

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodFailurePolicy {
    #[serde(default)]
    pub rules: Vec<Rule>,
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Rule {
    #[serde(default)]
    pub action: String,
    pub on_exit_codes: Option<OnExitCodes>,
    pub on_pod_conditions: Option<Vec<OnPodCondition>>,
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OnExitCodes {
    pub container_name: Option<String>,
    #[serde(default)]
    pub operator: String,
    #[serde(default)]
    pub values: Vec<i32>,
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OnPodCondition {
    #[serde(rename = "type", default)]
    pub type_: String,
    /// Defaulted to True by the API server.
    pub status: Option<String>,
}

/// What a matched rule does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Fail the Job at once, with this message.
    FailJob(String),
    FailIndex,
    Ignore,
    Count,
}

impl PodFailurePolicy {
    /// Reads the policy from the Job's opaque JSON; an unreadable policy
    /// is treated as absent (validation rejects it before it gets here).
    pub fn from_value(v: &Value) -> Option<PodFailurePolicy> {
        kubeplay_codec::from_json(v).ok()
    }

    /// The first matching rule's action (`matchPodFailurePolicy`); None
    /// means no rule matched and the failure counts as usual.
    pub fn match_pod(&self, pod: &Pod) -> Option<Action> {
        for (index, rule) in self.rules.iter().enumerate() {
            let describe = |detail: String| format!("{detail} matching {} rule at index {index}", rule.action);
            let matched = if let Some(req) = &rule.on_exit_codes {
                matching_container(pod, req).map(|(name, code)| {
                    describe(format!("Container {name} for pod {}/{} failed with exit code {code}", pod.metadata.namespace, pod.metadata.name))
                })
            } else if let Some(patterns) = &rule.on_pod_conditions {
                pod.status
                    .conditions
                    .iter()
                    .find(|c| patterns.iter().any(|p| p.type_ == c.type_ && p.status.as_deref().unwrap_or("True") == c.status))
                    .map(|c| describe(format!("Pod {}/{} has condition {}", pod.metadata.namespace, pod.metadata.name, c.type_)))
            } else {
                None
            };
            let Some(message) = matched else { continue };
            match rule.action.as_str() {
                "FailJob" => return Some(Action::FailJob(message)),
                "FailIndex" => return Some(Action::FailIndex),
                "Ignore" => return Some(Action::Ignore),
                "Count" => return Some(Action::Count),
                _ => {}
            }
        }
        None
    }
}

/// The first terminated, non-zero container (regular ones before init
/// ones) whose exit code satisfies the requirement.
fn matching_container(pod: &Pod, req: &OnExitCodes) -> Option<(String, i32)> {
    let find = |list: &[ContainerStatus]| {
        list.iter().find_map(|c| {
            let t = c.state.terminated.as_ref()?;
            let name_ok = req.container_name.as_deref().is_none_or(|n| n == c.name);
            let listed = req.values.contains(&t.exit_code);
            let op_ok = match req.operator.as_str() {
                "In" => listed,
                "NotIn" => !listed,
                _ => false,
            };
            (name_ok && t.exit_code != 0 && op_ok).then(|| (c.name.to_string(), t.exit_code))
        })
    };
    find(&pod.status.container_statuses).or_else(|| find(&pod.status.init_container_statuses))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::{ContainerState, ContainerStateTerminated};
    use kubeplay_model::Condition;
    use serde_json::json;

    fn failed_pod(exits: &[(&str, i32)]) -> Pod {
        let mut p = Pod::default();
        p.metadata.namespace = "default".into();
        p.metadata.name = "mypod".into();
        p.status.phase = Some("Failed".into());
        p.status.container_statuses = exits
            .iter()
            .map(|(n, code)| ContainerStatus {
                name: (*n).into(),
                state: ContainerState { terminated: Some(Box::new(ContainerStateTerminated { exit_code: *code, ..Default::default() })), ..Default::default() },
                ..Default::default()
            })
            .collect();
        p
    }

    fn policy(v: Value) -> PodFailurePolicy {
        PodFailurePolicy::from_value(&v).unwrap()
    }

    #[test]
    fn fail_job_on_exit_code_with_upstream_message() {
        let pol = policy(json!({"rules": [
            {"action": "Ignore", "onPodConditions": [{"type": "DisruptionTarget"}]},
            {"action": "FailJob", "onExitCodes": {"containerName": "main", "operator": "In", "values": [1, 2, 3]}}
        ]}));
        assert_eq!(
            pol.match_pod(&failed_pod(&[("main", 2)])),
            Some(Action::FailJob("Container main for pod default/mypod failed with exit code 2 matching FailJob rule at index 1".into()))
        );
        // Another container's code, or a code not listed: no rule matches.
        assert_eq!(pol.match_pod(&failed_pod(&[("sidecar", 2)])), None);
        assert_eq!(pol.match_pod(&failed_pod(&[("main", 42)])), None);
    }

    #[test]
    fn not_in_never_matches_exit_code_zero() {
        let pol = policy(json!({"rules": [{"action": "Count", "onExitCodes": {"operator": "NotIn", "values": [5]}}]}));
        assert_eq!(pol.match_pod(&failed_pod(&[("a", 0), ("b", 7)])), Some(Action::Count));
        assert_eq!(pol.match_pod(&failed_pod(&[("a", 0)])), None);
        assert_eq!(pol.match_pod(&failed_pod(&[("a", 5)])), None);
    }

    #[test]
    fn ignore_on_pod_condition_and_fail_job_message_for_conditions() {
        let mut p = failed_pod(&[("main", 137)]);
        p.status.conditions.push(Condition { type_: "DisruptionTarget".into(), status: "True".into(), ..Default::default() });
        let ignore = policy(json!({"rules": [{"action": "Ignore", "onPodConditions": [{"type": "DisruptionTarget"}]}]}));
        assert_eq!(ignore.match_pod(&p), Some(Action::Ignore));
        let fail = policy(json!({"rules": [{"action": "FailJob", "onPodConditions": [{"type": "DisruptionTarget", "status": "True"}]}]}));
        assert_eq!(fail.match_pod(&p), Some(Action::FailJob("Pod default/mypod has condition DisruptionTarget matching FailJob rule at index 0".into())));
        let wrong_status = policy(json!({"rules": [{"action": "FailJob", "onPodConditions": [{"type": "DisruptionTarget", "status": "False"}]}]}));
        assert_eq!(wrong_status.match_pod(&p), None);
    }
}
