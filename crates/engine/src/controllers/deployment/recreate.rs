//! Recreate (upstream `recreate.go`): scale every old ReplicaSet to 0,
//! wait until no old pod is left running, and only then create (or grow)
//! the new ReplicaSet — there is a gap with no pods, by design.

use super::claim::PodMap;
use super::util::*;
use super::{Dc, SyncError};
use kubeplay_model::api::{Deployment, ReplicaSet};

/// `oldPodsRunning`: old ReplicaSets still report pods, or one of their
/// pods is not in a terminal phase (a pod in Unknown may still be running).
pub(crate) fn old_pods_running(rss: &[ReplicaSet], new: Option<usize>, olds: &[usize], pods: &PodMap) -> bool {
    if olds.iter().map(|&i| rss[i].status.replicas).sum::<i32>() > 0 {
        return true;
    }
    let new_uid = new.map(|i| rss[i].metadata.uid.as_str());
    pods.iter()
        .filter(|(uid, _)| Some(uid.as_str()) != new_uid)
        .any(|(_, list)| list.iter().any(|p| !matches!(p.phase(), "Failed" | "Succeeded")))
}

impl Dc<'_> {
    /// `rolloutRecreate`.
    pub(crate) fn rollout_recreate(&mut self, d: &mut Deployment, rss: &mut Vec<ReplicaSet>, pods: &PodMap) -> Result<(), SyncError> {
        // Not created yet: nothing new may start before the old pods stop.
        let (mut new, mut olds) = self.new_and_old(d, rss, false)?;
        let active: Vec<usize> = olds.iter().copied().filter(|&i| rs_replicas(&rss[i]) > 0).collect();
        let mut scaled = false;
        for &i in &active {
            scaled |= self.scale_and_record(d, rss, i, 0)?;
        }
        if scaled {
            self.why = "Recreate: every old ReplicaSet goes to 0 before any new pod starts".into();
            return self.sync_rollout_status(d, rss, new, &olds);
        }
        if old_pods_running(rss, new, &olds, pods) {
            self.why = "Recreate: waiting for the old pods to terminate before starting new ones".into();
            return self.sync_rollout_status(d, rss, new, &olds);
        }
        if new.is_none() {
            (new, olds) = self.new_and_old(d, rss, true)?;
        }
        if let Some(n) = new {
            let want = replicas(d);
            if self.scale_and_record(d, rss, n, want)? {
                self.why = "Recreate: the old pods are gone, so the new ReplicaSet takes every replica".into();
            } else if self.why.is_empty() {
                self.why = format!("Recreate: ReplicaSet {} has the current template and all {want} replicas", rss[n].metadata.name);
            }
        }
        if deployment_complete(d, &d.status) {
            self.cleanup_deployment(d, rss, &olds)?;
        }
        self.sync_rollout_status(d, rss, new, &olds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::{Pod, PodStatus};
    use kubeplay_model::ObjectMeta;

    fn rs(uid: &str, status_replicas: i32) -> ReplicaSet {
        let mut r = ReplicaSet { metadata: ObjectMeta { name: uid.into(), uid: uid.into(), ..Default::default() }, ..Default::default() };
        r.status.replicas = status_replicas;
        r
    }

    fn pod(phase: &str) -> Pod {
        Pod { status: PodStatus { phase: Some(phase.into()), ..Default::default() }.into(), ..Default::default() }
    }

    // TestOldPodsRunning.
    /// (name, ReplicaSets, index of the new one, pod phases by owner uid, running?)
    type Case = (&'static str, Vec<ReplicaSet>, Option<usize>, Vec<(&'static str, Vec<&'static str>)>, bool);

    #[test]
    fn old_pods_running_table() {
        let cases: Vec<Case> = vec![
            ("no old ReplicaSets", vec![], None, vec![], false),
            ("old ReplicaSets with running pods", vec![rs("some-uid", 0), rs("other-uid", 0)], None, vec![("some-uid", vec!["Running"]), ("other-uid", vec!["Running"])], true),
            ("old ReplicaSets without pods but with non-zero status replicas", vec![rs("rs-1", 1)], None, vec![], true),
            ("old ReplicaSets without pods or non-zero status replicas", vec![rs("rs-1", 0)], None, vec![], false),
            ("terminal pods only", vec![rs("uid-1", 0)], None, vec![("uid-1", vec!["Failed", "Succeeded"])], false),
            ("a pod in Unknown", vec![rs("uid-1", 0)], None, vec![("uid-1", vec!["Failed", "Unknown"])], true),
            ("a pending pod", vec![rs("uid-1", 0)], None, vec![("uid-1", vec!["Pending"])], true),
            ("a running pod", vec![rs("uid-1", 0)], None, vec![("uid-1", vec!["Running"])], true),
            ("terminal and pending pods", vec![rs("uid-1", 0)], None, vec![("uid-1", vec!["Failed", "Succeeded", "Pending"])], true),
            ("pods of the new ReplicaSet do not count", vec![rs("new", 0)], Some(0), vec![("new", vec!["Running"])], false),
        ];
        for (name, rss, new, pods, want) in cases {
            let olds: Vec<usize> = (0..rss.len()).filter(|i| Some(*i) != new).collect();
            let map: PodMap = pods.into_iter().map(|(uid, phases)| (uid.into(), phases.into_iter().map(pod).collect())).collect();
            assert_eq!(old_pods_running(&rss, new, &olds, &map), want, "{name}");
        }
    }

    // TestScaleDownOldReplicaSets: one old ReplicaSet of 3 (another
    // template), Deployment foo of 3: the Recreate rollout scales it to 0
    // and starts nothing new in the same sync.
    #[test]
    fn scale_down_old_replica_sets_for_recreate() {
        use crate::controllers::deployment::fake::{deployment, rs as fake_rs, FakeApi};
        let mut d = deployment("foo", 3, None, None, None, &[("foo", "bar")]);
        d.spec.strategy = Some(kubeplay_model::api::DeploymentStrategy { type_: Some("Recreate".into()), rolling_update: None });
        let mut old = fake_rs("foo-0", 3, &[("foo", "bar")], kubeplay_model::Time::from_millis(0));
        old.spec.template = d.spec.template.clone();
        old.spec.template.spec.containers[0].image = Some("foo/old".into());
        let mut rss = vec![old];
        let mut api = FakeApi::at(kubeplay_model::Time::from_millis(1_000));
        Dc::new(&mut api).rollout_recreate(&mut d, &mut rss, &PodMap::new()).unwrap();
        assert_eq!(rs_replicas(&rss[0]), 0);
        assert_eq!(api.rs_updates().iter().map(|r| (r.metadata.name.as_str(), rs_replicas(r))).collect::<Vec<_>>(), vec![("foo-0", 0)]);
        assert!(!api.actions.iter().any(|a| matches!(a, crate::controllers::deployment::fake::Action::CreateRs(_))));
    }

    // TestOldPodsRunning as upstream writes it: the pod map is keyed by
    // uids that need not be the listed ReplicaSets' (every key but the new
    // ReplicaSet's counts), and a pod with no phase yet counts as running.
    #[test]
    fn old_pods_running_upstream_table() {
        let none = |p: &str| -> Pod {
            let mut pod = pod(p);
            pod.status.phase = None;
            pod
        };
        let cases: Vec<(&str, Vec<ReplicaSet>, Vec<(&str, Vec<Pod>)>, bool)> = vec![
            ("no old RSs", vec![], vec![], false),
            ("old RSs with running pods", vec![rs("some-uid", 0), rs("other-uid", 0)], vec![("some-uid", vec![none(""), none("")]), ("other-uid", vec![none(""), none("")])], true),
            ("old RSs without pods but with non-zero status replicas", vec![rs("rs-1", 1)], vec![], true),
            ("old RSs without pods or non-zero status replicas", vec![rs("rs-1", 0)], vec![], false),
            ("zero status replicas, terminal pods", vec![rs("rs-1", 0)], vec![("uid-1", vec![pod("Failed"), pod("Succeeded")])], false),
            ("zero status replicas, a pod in Unknown", vec![rs("rs-1", 0)], vec![("uid-1", vec![pod("Unknown")])], true),
            ("zero status replicas, a pending pod", vec![rs("rs-1", 0)], vec![("uid-1", vec![pod("Pending")])], true),
            ("zero status replicas, a running pod", vec![rs("rs-1", 0)], vec![("uid-1", vec![pod("Running")])], true),
            (
                "zero status replicas, terminal and pending pods",
                vec![rs("rs-1", 0)],
                vec![("uid-1", vec![pod("Failed"), pod("Succeeded")]), ("uid-2", vec![]), ("uid-3", vec![pod("Pending")])],
                true,
            ),
        ];
        for (name, rss, pods, want) in cases {
            let olds: Vec<usize> = (0..rss.len()).collect();
            let map: PodMap = pods.into_iter().map(|(uid, list)| (uid.into(), list)).collect();
            assert_eq!(old_pods_running(&rss, None, &olds, &map), want, "{name}");
        }
    }
}
