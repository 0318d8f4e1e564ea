//! `kubectl rollout status` messages and `kubectl rollout history` output,
//! as kubectl's status and history viewers word them.

use crate::describe::{describe_pod_template, Writer};
use crate::print::tabwriter::TabWriter;
use kubeplay_model::api::{DaemonSet, Deployment, PodTemplateSpec, StatefulSet};
use kubeplay_model::meta::find_condition;
use kubeplay_model::Kind;

/// One `rollout status` observation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusMessage {
    /// The line to print (without its newline).
    pub message: String,
    /// Whether the rollout is complete.
    pub done: bool,
}

fn waiting(message: String) -> Result<StatusMessage, String> {
    Ok(StatusMessage { message, done: false })
}

fn done(message: String) -> Result<StatusMessage, String> {
    Ok(StatusMessage { message, done: true })
}

/// The `deployment.kubernetes.io/revision` annotation.
pub fn deployment_revision(d: &Deployment) -> Result<i64, String> {
    match d.metadata.annotation("deployment.kubernetes.io/revision") {
        None => Ok(0),
        Some(v) => v.parse::<i64>().map_err(|e| {
            let why = match e.kind() {
                std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => "value out of range",
                _ => "invalid syntax",
            };
            format!("cannot get the revision of deployment {}: strconv.ParseInt: parsing {}: {why}", crate::gofmt::quote(&d.metadata.name), crate::gofmt::quote(v))
        }),
    }
}

/// `DeploymentStatusViewer.Status`; errors are kubectl's (printed as `error: …`).
pub fn deployment_status(d: &Deployment, revision: Option<i64>) -> Result<StatusMessage, String> {
    let name = crate::gofmt::quote(&d.metadata.name);
    if let Some(want) = revision.filter(|r| *r > 0) {
        let running = deployment_revision(d)?;
        if want != running {
            return Err(format!("desired revision ({want}) is different from the running revision ({running})"));
        }
    }
    let s = &d.status;
    if d.metadata.generation > s.observed_generation.unwrap_or(0) {
        return waiting("Waiting for deployment spec update to be observed...".into());
    }
    if find_condition(&s.conditions, "Progressing").is_some_and(|c| c.reason.as_deref() == Some("ProgressDeadlineExceeded")) {
        return Err(format!("deployment {name} exceeded its progress deadline"));
    }
    let (updated, replicas, available) = (s.updated_replicas.unwrap_or(0), s.replicas.unwrap_or(0), s.available_replicas.unwrap_or(0));
    if let Some(spec) = d.spec.replicas.filter(|r| updated < *r) {
        return waiting(format!("Waiting for deployment {name} rollout to finish: {updated} out of {spec} new replicas have been updated..."));
    }
    if replicas > updated {
        return waiting(format!("Waiting for deployment {name} rollout to finish: {} old replicas are pending termination...", replicas - updated));
    }
    if available < updated {
        return waiting(format!("Waiting for deployment {name} rollout to finish: {available} of {updated} updated replicas are available..."));
    }
    done(format!("deployment {name} successfully rolled out"))
}

const ONLY_ROLLING: &str = "rollout status is only available for RollingUpdate strategy type";

/// `DaemonSetStatusViewer.Status`.
pub fn daemon_set_status(ds: &DaemonSet) -> Result<StatusMessage, String> {
    let strategy = ds.spec.update_strategy.as_ref().and_then(|s| s.type_.as_deref()).unwrap_or("RollingUpdate");
    if strategy != "RollingUpdate" {
        return Err(ONLY_ROLLING.into());
    }
    let name = crate::gofmt::quote(&ds.metadata.name);
    let s = &ds.status;
    if ds.metadata.generation > s.observed_generation.unwrap_or(0) {
        return waiting("Waiting for daemon set spec update to be observed...".into());
    }
    let (updated, desired, available) = (s.updated_number_scheduled.unwrap_or(0), s.desired_number_scheduled, s.number_available.unwrap_or(0));
    if updated < desired {
        return waiting(format!("Waiting for daemon set {name} rollout to finish: {updated} out of {desired} new pods have been updated..."));
    }
    if available < desired {
        return waiting(format!("Waiting for daemon set {name} rollout to finish: {available} of {desired} updated pods are available..."));
    }
    done(format!("daemon set {name} successfully rolled out"))
}

/// `StatefulSetStatusViewer.Status`.
pub fn stateful_set_status(sts: &StatefulSet) -> Result<StatusMessage, String> {
    let strategy = sts.spec.update_strategy.as_ref();
    if strategy.and_then(|s| s.type_.as_deref()).unwrap_or("RollingUpdate") != "RollingUpdate" {
        return Err(ONLY_ROLLING.into());
    }
    let s = &sts.status;
    let observed = s.observed_generation.unwrap_or(0);
    if observed == 0 || sts.metadata.generation > observed {
        return waiting("Waiting for statefulset spec update to be observed...".into());
    }
    let ready = s.ready_replicas.unwrap_or(0);
    if let Some(spec) = sts.spec.replicas.filter(|r| ready < *r) {
        return waiting(format!("Waiting for {} pods to be ready...", spec - ready));
    }
    let updated = s.updated_replicas.unwrap_or(0);
    if let Some(ru) = strategy.and_then(|s| s.rolling_update.as_ref()) {
        if let (Some(spec), Some(partition)) = (sts.spec.replicas, ru.partition) {
            if updated < spec - partition {
                return waiting(format!("Waiting for partitioned roll out to finish: {updated} out of {} new pods have been updated...", spec - partition));
            }
        }
        return done(format!("partitioned roll out complete: {updated} new pods have been updated..."));
    }
    let (update_rev, current_rev) = (s.update_revision.clone().unwrap_or_default(), s.current_revision.clone().unwrap_or_default());
    if update_rev != current_rev {
        return waiting(format!("waiting for statefulset rolling update to complete {updated} pods at revision {update_rev}..."));
    }
    done(format!("statefulset rolling update complete {} pods at revision {current_rev}...", s.current_replicas.unwrap_or(0)))
}

/// The `REVISION  CHANGE-CAUSE` table (tabwriter minwidth 0, padding 2).
pub fn history_table(revisions: &[(i64, Option<String>)]) -> String {
    let mut w = TabWriter::describe();
    w.write("REVISION\tCHANGE-CAUSE\n");
    let mut sorted = revisions.to_vec();
    kubeplay_model::sort::sort_by_key(&mut sorted, |(r, _)| *r);
    for (rev, cause) in sorted {
        let cause = cause.filter(|c| !c.is_empty()).unwrap_or_else(|| "<none>".into());
        w.write(&format!("{rev}\t{cause}\n"));
    }
    w.finish()
}

/// `kubectl rollout history TYPE/NAME`: `object` is the name printer's
/// `deployment.apps/web`. With no revisions kubectl says so, even when a
/// `--revision` was asked for (its history viewers check that first).
pub fn history_output(object: &str, revision: Option<i64>, revisions: &[(i64, Option<String>)]) -> String {
    let with = revision.map(|n| format!("with revision #{n}")).unwrap_or_default();
    if revisions.is_empty() {
        return format!("{object} {with}\nNo rollout history found.\n");
    }
    format!("{object} {with}\n{}\n", history_table(revisions))
}

/// `kubectl rollout history TYPE/NAME --revision=N`: the revision's pod
/// template, as history.go's `printTemplate` writes it: describe's prefix
/// writer into a plain buffer, so the tabs are printed as they are.
pub fn history_revision_output(object: &str, revision: i64, template: &PodTemplateSpec) -> String {
    let mut w = Writer::plain();
    describe_pod_template(&mut w, template);
    format!("{object} with revision #{revision}\n{}\n", w.finish())
}

/// `schema.GroupKind.String()`: `ReplicaSet.apps`, or `ConfigMap`.
pub fn group_kind(kind: Kind) -> String {
    let i = kind.info();
    if i.group.is_empty() {
        i.kind.to_string()
    } else {
        format!("{}.{}", i.kind, i.group)
    }
}

/// The kinds kubectl's `apps.GroupKindElement.Accept` has a visit method
/// for; the history viewers and rollbackers are chosen by that visitor, so
/// other kinds fail one step earlier, with another message.
fn visitable(kind: Kind) -> bool {
    matches!(kind, Kind::DaemonSet | Kind::Deployment | Kind::Job | Kind::Pod | Kind::ReplicaSet | Kind::ReplicationController | Kind::StatefulSet | Kind::CronJob)
}

/// Why `what` (`history`, `rollbacker`) cannot be had for `kind`: the
/// visitor's error prints its element with Go's `%v` of a plain struct,
/// `{apps Foo}` (`{ ConfigMap}` for the core group).
fn visitor_error(kind: Kind, retrieving: &str, missing: &str) -> String {
    let gk = crate::gofmt::quote(&group_kind(kind));
    if visitable(kind) {
        return format!("no {missing} has been implemented for {gk}");
    }
    let i = kind.info();
    format!("error retrieving {retrieving} for {gk}, no visitor method exists for {{{} {}}}", i.group, i.kind)
}

/// `HistoryViewerFor`'s error for a kind without revision history.
pub fn history_viewer_error(kind: Kind) -> String {
    visitor_error(kind, "history", "history viewer")
}

/// `RollbackerFor`'s error for a kind `rollout undo` cannot roll back.
pub fn rollbacker_error(kind: Kind) -> String {
    visitor_error(kind, "rollbacker", "rollbacker")
}

/// `StatusViewerFor`'s error (a plain switch over group kinds).
pub fn status_viewer_error(kind: Kind) -> String {
    format!("no status viewer has been implemented for {}", group_kind(kind))
}

/// The `--revision` that is not in the history.
pub const REVISION_NOT_FOUND: &str = "unable to find the specified revision";

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::*;
    use kubeplay_model::Condition;

    fn deploy(spec: i32, generation: i64, observed: i64, replicas: i32, updated: i32, available: i32) -> Deployment {
        let mut d = Deployment::default();
        d.metadata.name = "foo".into();
        d.metadata.generation = generation;
        d.spec.replicas = Some(spec);
        d.status = DeploymentStatus { observed_generation: Some(observed), replicas: Some(replicas), updated_replicas: Some(updated), available_replicas: Some(available), ..Default::default() };
        d
    }

    // TestDeploymentStatusViewerStatus (polymorphichelpers/rollout_status_test.go).
    #[test]
    fn deployment_vectors() {
        let cases = [
            (deploy(1, 0, 1, 1, 0, 1), "Waiting for deployment \"foo\" rollout to finish: 0 out of 1 new replicas have been updated...", false),
            (deploy(1, 1, 1, 2, 1, 2), "Waiting for deployment \"foo\" rollout to finish: 1 old replicas are pending termination...", false),
            (deploy(2, 1, 1, 2, 2, 1), "Waiting for deployment \"foo\" rollout to finish: 1 of 2 updated replicas are available...", false),
            (deploy(2, 1, 1, 2, 2, 2), "deployment \"foo\" successfully rolled out", true),
            (deploy(2, 2, 1, 2, 2, 2), "Waiting for deployment spec update to be observed...", false),
        ];
        for (d, msg, is_done) in cases {
            assert_eq!(deployment_status(&d, None), Ok(StatusMessage { message: msg.into(), done: is_done }));
        }
        let mut stuck = deploy(3, 2, 2, 3, 1, 2);
        stuck.status.conditions.push(Condition { type_: "Progressing".into(), status: "False".into(), reason: Some("ProgressDeadlineExceeded".into()), ..Default::default() });
        assert_eq!(deployment_status(&stuck, None), Err("deployment \"foo\" exceeded its progress deadline".into()));
        let mut rev = deploy(1, 1, 1, 1, 1, 1);
        rev.metadata.annotations.insert("deployment.kubernetes.io/revision".into(), "2".into());
        assert_eq!(deployment_status(&rev, Some(3)), Err("desired revision (3) is different from the running revision (2)".into()));
        assert!(deployment_status(&rev, Some(2)).unwrap().done);
        rev.metadata.annotations.insert("deployment.kubernetes.io/revision".into(), "99999999999999999999".into());
        assert_eq!(deployment_status(&rev, Some(2)), Err("cannot get the revision of deployment \"foo\": strconv.ParseInt: parsing \"99999999999999999999\": value out of range".into()));
    }

    fn ds(generation: i64, observed: i64, updated: i32, desired: i32, available: i32) -> DaemonSet {
        let mut d = DaemonSet::default();
        d.metadata.name = "foo".into();
        d.metadata.generation = generation;
        d.spec.update_strategy = Some(DaemonSetUpdateStrategy { type_: Some("RollingUpdate".into()), rolling_update: None });
        d.status = DaemonSetStatus { observed_generation: Some(observed), updated_number_scheduled: Some(updated), desired_number_scheduled: desired, number_available: Some(available), ..Default::default() };
        d
    }

    // TestDaemonSetStatusViewerStatus.
    #[test]
    fn daemon_set_vectors() {
        assert_eq!(daemon_set_status(&ds(0, 1, 0, 1, 0)).unwrap().message, "Waiting for daemon set \"foo\" rollout to finish: 0 out of 1 new pods have been updated...");
        assert_eq!(daemon_set_status(&ds(1, 1, 2, 2, 1)).unwrap().message, "Waiting for daemon set \"foo\" rollout to finish: 1 of 2 updated pods are available...");
        assert_eq!(daemon_set_status(&ds(1, 1, 2, 2, 2)), Ok(StatusMessage { message: "daemon set \"foo\" successfully rolled out".into(), done: true }));
        assert_eq!(daemon_set_status(&ds(2, 1, 2, 2, 2)).unwrap().message, "Waiting for daemon set spec update to be observed...");
        let mut on_delete = ds(1, 1, 0, 0, 0);
        on_delete.spec.update_strategy = Some(DaemonSetUpdateStrategy { type_: Some("OnDelete".into()), rolling_update: None });
        assert_eq!(daemon_set_status(&on_delete), Err("rollout status is only available for RollingUpdate strategy type".into()));
    }

    fn sts(generation: i64, observed: i64, spec: i32, ready: i32, current: i32, updated: i32, partition: Option<i32>) -> StatefulSet {
        let mut s = StatefulSet::default();
        s.metadata.name = "foo".into();
        s.metadata.generation = generation;
        s.spec.replicas = Some(spec);
        s.spec.update_strategy = Some(StatefulSetUpdateStrategy {
            type_: Some("RollingUpdate".into()),
            rolling_update: partition.map(|p| RollingUpdateStatefulSet { partition: Some(p), max_unavailable: None }),
        });
        s.status = StatefulSetStatus { observed_generation: Some(observed), ready_replicas: Some(ready), current_replicas: Some(current), updated_replicas: Some(updated), ..Default::default() };
        s
    }

    // TestStatefulSetStatusViewerStatus.
    #[test]
    fn stateful_set_vectors() {
        let mut on_delete = sts(1, 1, 1, 1, 1, 1, None);
        on_delete.spec.update_strategy = Some(StatefulSetUpdateStrategy { type_: Some("OnDelete".into()), rolling_update: None });
        assert!(stateful_set_status(&on_delete).is_err());
        assert_eq!(stateful_set_status(&sts(2, 1, 3, 3, 3, 3, None)).unwrap().message, "Waiting for statefulset spec update to be observed...");
        assert_eq!(stateful_set_status(&sts(1, 2, 3, 2, 3, 3, None)).unwrap().message, "Waiting for 1 pods to be ready...");
        assert_eq!(stateful_set_status(&sts(1, 2, 3, 3, 2, 1, Some(2))), Ok(StatusMessage { message: "partitioned roll out complete: 1 new pods have been updated...".into(), done: true }));
        assert_eq!(stateful_set_status(&sts(1, 2, 3, 3, 3, 0, Some(2))), Ok(StatusMessage { message: "Waiting for partitioned roll out to finish: 0 out of 1 new pods have been updated...".into(), done: false }));
        let mut complete = sts(1, 2, 3, 3, 3, 3, None);
        complete.status.current_revision = Some("foo".into());
        complete.status.update_revision = Some("foo".into());
        assert_eq!(stateful_set_status(&complete), Ok(StatusMessage { message: "statefulset rolling update complete 3 pods at revision foo...".into(), done: true }));
        complete.status.update_revision = Some("bar".into());
        assert_eq!(stateful_set_status(&complete).unwrap().message, "waiting for statefulset rolling update to complete 3 pods at revision bar...");
    }

    // TestRolloutHistory (cmd/rollout/rollout_history_test.go).
    #[test]
    fn history() {
        let revs = vec![(3, Some("foo change cause".to_string())), (1, None), (4, Some("bar change cause".to_string())), (2, None)];
        assert_eq!(
            history_output("deployment.apps/foo", None, &revs),
            "deployment.apps/foo \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n3         foo change cause\n4         bar change cause\n\n"
        );
        assert_eq!(history_output("deployment.apps/foo", None, &[]), "deployment.apps/foo \nNo rollout history found.\n");
        assert_eq!(history_output("deployment.apps/foo", Some(2), &[]), "deployment.apps/foo with revision #2\nNo rollout history found.\n");
    }

    // TestViewHistory (polymorphichelpers/history_test.go) "should describe
    // the revision if revision is specified": the tabs stay unaligned; v1.32
    // adds the Node-Selectors and Tolerations lines.
    #[test]
    fn a_revision_is_its_template_with_tabs_as_written() {
        let mut t = PodTemplateSpec::default();
        t.metadata.labels.insert("foo".into(), "bar".into());
        t.metadata.labels.insert("pod-template-hash".into(), "abc".into());
        t.spec.containers.push(Container { name: "test".into(), image: Some("nginx".into()), ..Default::default() });
        assert_eq!(
            history_revision_output("deployment.apps/foo", 1, &t),
            "deployment.apps/foo with revision #1\nPod Template:\n  Labels:\tfoo=bar\n\tpod-template-hash=abc\n  Containers:\n   test:\n    Image:\tnginx\n    Port:\t<none>\n    Host Port:\t<none>\n    Environment:\t<none>\n    Mounts:\t<none>\n  Volumes:\t<none>\n  Node-Selectors:\t<none>\n  Tolerations:\t<none>\n\n"
        );
    }

    // rollback_test.go's TestRollbackerFor, history_test.go's
    // TestHistoryViewerFor and apps/kind_visitor_test.go: the visitor knows
    // eight kinds; of those only Deployments, DaemonSets and StatefulSets
    // have history and rollback, and the rest fail in the visitor.
    #[test]
    fn which_kinds_have_history_and_rollback() {
        for kind in [Kind::Job, Kind::Pod, Kind::ReplicaSet, Kind::ReplicationController, Kind::CronJob] {
            let gk = group_kind(kind);
            assert_eq!(history_viewer_error(kind), format!("no history viewer has been implemented for \"{gk}\""));
            assert_eq!(rollbacker_error(kind), format!("no rollbacker has been implemented for \"{gk}\""));
        }
        assert_eq!(rollbacker_error(Kind::ReplicaSet), "no rollbacker has been implemented for \"ReplicaSet.apps\"");
        assert_eq!(history_viewer_error(Kind::Pod), "no history viewer has been implemented for \"Pod\"");
        assert_eq!(history_viewer_error(Kind::ConfigMap), "error retrieving history for \"ConfigMap\", no visitor method exists for { ConfigMap}");
        assert_eq!(rollbacker_error(Kind::StorageClass), "error retrieving rollbacker for \"StorageClass.storage.k8s.io\", no visitor method exists for {storage.k8s.io StorageClass}");
        assert_eq!(status_viewer_error(Kind::ReplicaSet), "no status viewer has been implemented for ReplicaSet.apps");
        assert_eq!(status_viewer_error(Kind::ConfigMap), "no status viewer has been implemented for ConfigMap");
    }

}
