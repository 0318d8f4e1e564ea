//! `apps/v1` defaults (`pkg/apis/apps/v1/defaults.go`) and the core
//! ReplicationController's (`SetDefaults_ReplicationController`).

use super::{core, pod};
use crate::api::{
    DaemonSet, DaemonSetUpdateStrategy, Deployment, DeploymentStrategy, PvcRetentionPolicy, ReplicaSet, ReplicationController, RollingUpdateDeployment,
    RollingUpdateStatefulSet, StatefulSet, StatefulSetUpdateStrategy,
};
use crate::intstr::IntOrString;

const REVISION_HISTORY_LIMIT: i32 = 10;

/// `SetDefaults_Deployment`: one replica, RollingUpdate 25%/25%, ten
/// revisions kept, a 600 s progress deadline.
pub(super) fn deployment(d: &mut Deployment) {
    let s = &mut d.spec;
    s.replicas.get_or_insert(1);
    let strategy = s.strategy.get_or_insert_with(DeploymentStrategy::default);
    if strategy.type_.as_deref().unwrap_or("").is_empty() {
        strategy.type_ = Some("RollingUpdate".into());
    }
    if strategy.type_.as_deref() == Some("RollingUpdate") {
        let ru = strategy.rolling_update.get_or_insert_with(RollingUpdateDeployment::default);
        ru.max_unavailable.get_or_insert_with(|| IntOrString::Str("25%".into()));
        ru.max_surge.get_or_insert_with(|| IntOrString::Str("25%".into()));
    }
    s.revision_history_limit.get_or_insert(REVISION_HISTORY_LIMIT);
    s.progress_deadline_seconds.get_or_insert(600);
    pod::template(&mut s.template);
}

/// `SetDefaults_ReplicaSet`: one replica.
pub(super) fn replica_set(rs: &mut ReplicaSet) {
    rs.spec.replicas.get_or_insert(1);
    pod::template(&mut rs.spec.template);
}

/// `SetDefaults_DaemonSet`: RollingUpdate with maxUnavailable 1 and
/// maxSurge 0, ten revisions kept.
pub(super) fn daemon_set(ds: &mut DaemonSet) {
    let s = &mut ds.spec;
    let strategy = s.update_strategy.get_or_insert_with(DaemonSetUpdateStrategy::default);
    if strategy.type_.as_deref().unwrap_or("").is_empty() {
        strategy.type_ = Some("RollingUpdate".into());
    }
    if strategy.type_.as_deref() == Some("RollingUpdate") {
        let ru = strategy.rolling_update.get_or_insert_with(RollingUpdateDeployment::default);
        ru.max_unavailable.get_or_insert(IntOrString::Int(1));
        ru.max_surge.get_or_insert(IntOrString::Int(0));
    }
    s.revision_history_limit.get_or_insert(REVISION_HISTORY_LIMIT);
    pod::template(&mut s.template);
}

/// `SetDefaults_StatefulSet`: OrderedReady, RollingUpdate with partition
/// 0, claims retained on delete and scale-down, one replica, ten revisions.
/// The claim templates get the PersistentVolumeClaim defaults.
pub(super) fn stateful_set(sts: &mut StatefulSet) {
    let s = &mut sts.spec;
    if s.pod_management_policy.as_deref().unwrap_or("").is_empty() {
        s.pod_management_policy = Some("OrderedReady".into());
    }
    let strategy = s.update_strategy.get_or_insert_with(StatefulSetUpdateStrategy::default);
    if strategy.type_.as_deref().unwrap_or("").is_empty() {
        strategy.type_ = Some("RollingUpdate".into());
        strategy.rolling_update.get_or_insert_with(RollingUpdateStatefulSet::default);
    }
    if strategy.type_.as_deref() == Some("RollingUpdate") {
        if let Some(ru) = &mut strategy.rolling_update {
            ru.partition.get_or_insert(0);
        }
    }
    let policy = s.persistent_volume_claim_retention_policy.get_or_insert_with(PvcRetentionPolicy::default);
    for field in [&mut policy.when_deleted, &mut policy.when_scaled] {
        if field.as_deref().unwrap_or("").is_empty() {
            *field = Some("Retain".into());
        }
    }
    s.replicas.get_or_insert(1);
    s.revision_history_limit.get_or_insert(REVISION_HISTORY_LIMIT);
    pod::template(&mut s.template);
    for claim in &mut s.volume_claim_templates {
        core::pvc(claim);
    }
}

/// `SetDefaults_ReplicationController`: selector and labels from the
/// template's labels when empty, one replica.
pub(super) fn replication_controller(rc: &mut ReplicationController) {
    if let Some(t) = &rc.spec.template {
        let labels = &t.metadata.labels;
        // Go's `labels != nil`: a template with labels given, even empty.
        // An empty map is indistinguishable from nil here, and copying an
        // empty map changes nothing either way.
        if rc.spec.selector.is_empty() {
            rc.spec.selector = (**labels).clone();
        }
        if rc.metadata.labels.is_empty() {
            rc.metadata.labels = labels.clone();
        }
    }
    rc.spec.replicas.get_or_insert(1);
    if let Some(t) = &mut rc.spec.template {
        pod::template(t);
    }
}
