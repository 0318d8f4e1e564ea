//! The HorizontalPodAutoscaler controller (`pkg/controller/podautoscaler`,
//! autoscaling/v2): every 15 s it reads its target's scale and its pods'
//! resource usage, proposes `ceil(current × usage / target)` per metric,
//! takes the largest proposal, stabilizes and rate-limits it, rescales the
//! target, and reports AbleToScale / ScalingActive / ScalingLimited.

pub mod ambiguous;
pub mod kept;
pub mod metrics;
pub mod normalize;
pub mod replicas;
#[cfg(test)]
mod upstream_tests;

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, Store};
use kubeplay_model::api::{HorizontalPodAutoscaler, HpaStatus, MetricSpec, MetricStatus, MetricValueStatus, ResourceMetricStatus};
use kubeplay_model::meta::set_condition;
use kubeplay_model::{Condition, Kind, LabelSelector, Object, ObjectKey, Quantity, Selector, Time};
use normalize::{normalize_legacy, normalize_with_behavior, Normalized, Recommendation, ScaleEvent};
use replicas::{average_value_replicas, utilization_replicas, PodInfo, DEFAULTS};
use std::sync::Arc;

/// `horizontal-pod-autoscaler-sync-period`.
pub const SYNC_PERIOD_MS: i64 = 15_000;

/// What the controller remembers about one HPA between syncs (upstream
/// keeps it in memory): recent recommendations, recent rescales, when it
/// last synced, and the selector its last computation used (upstream's
/// `hpaSelectors`, which finds HPAs selecting the same pods).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Memory {
    pub recommendations: Vec<Recommendation>,
    pub scale_ups: Vec<ScaleEvent>,
    pub scale_downs: Vec<ScaleEvent>,
    pub last_sync: Option<Time>,
    pub selector: Option<Selector>,
}

pub struct HpaController;

fn memory_key(key: &ObjectKey) -> String {
    format!("{}/{}", key.namespace, key.name)
}

impl Controller for HpaController {
    fn id(&self) -> ControllerId {
        ControllerId::Hpa
    }
    fn component(&self) -> &'static str {
        "horizontal-pod-autoscaler"
    }

    fn watch(&self, change: &Change, _store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        if change.key.kind == Kind::HorizontalPodAutoscaler && change.old.is_none() {
            enqueue(change.key.clone());
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        let mkey = memory_key(key);
        let Some(obj) = ctx.get(key) else {
            ctx.world_mut().sim.hpa.remove(&mkey);
            ctx.world().hpa_kept.forget(&mkey);
            ctx.explain(format!("HorizontalPodAutoscaler {} was deleted; the controller forgets it", key.name));
            return;
        };
        let Object::HorizontalPodAutoscaler(hpa) = &*obj else { return };
        let now = ctx.now();
        let mut mem = ctx.world().sim.hpa.get(&mkey).cloned();
        match &mem {
            // The work queue rate-limits each HPA to one sync per period.
            None => {
                ctx.world_mut().sim.hpa.insert(mkey, Memory { last_sync: Some(now), ..Default::default() });
                ctx.resync_after(key.clone(), SYNC_PERIOD_MS);
                ctx.explain(format!("HorizontalPodAutoscaler {} is new; the controller syncs every 15s, first at {}", hpa.metadata.name, now.plus_millis(SYNC_PERIOD_MS).rfc3339()));
                return;
            }
            Some(m) if m.last_sync.is_some_and(|t| now < t.plus_millis(SYNC_PERIOD_MS)) => {
                ctx.explain(format!("HorizontalPodAutoscaler {} synced less than 15s ago; it waits for its period", hpa.metadata.name));
                return;
            }
            _ => {}
        }
        let m = mem.get_or_insert_with(Memory::default);
        m.last_sync = Some(now);
        let mut s = Sync { ctx, obj: obj.clone(), hpa: HorizontalPodAutoscaler::clone(hpa), now };
        s.run(m);
        s.ctx.world_mut().sim.hpa.insert(mkey, m.clone());
        s.ctx.resync_after(key.clone(), SYNC_PERIOD_MS);
    }
}

struct Sync<'c, 'w> {
    ctx: &'c mut Ctx<'w>,
    obj: Arc<Object>,
    hpa: HorizontalPodAutoscaler,
    now: Time,
}

/// The scale subresource of a target: replicas and pod selector.
struct Scale {
    key: ObjectKey,
    replicas: i32,
    selector: Option<LabelSelector>,
    /// A custom resource's Scale carries its selector as a string, which
    /// may be missing or unparsable: the event reason, the error, and the
    /// ScalingActive message (`validateAndParseSelector`).
    bad_selector: Option<(&'static str, String, String)>,
}

/// A metric that could not be computed: its event reason, its
/// ScalingActive message, its own error and the error as
/// `computeReplicasForMetric` wraps it.
struct MetricError {
    reason: String,
    message: String,
    detail: String,
    error: String,
}

/// A metric's proposal.
struct Proposal {
    replicas: i32,
    name: String,
    status: MetricStatus,
}

fn cond(type_: &str, status: bool, reason: &str, message: String, now: Time) -> Condition {
    Condition {
        type_: type_.into(),
        status: if status { "True" } else { "False" }.into(),
        last_transition_time: Some(now),
        reason: Some(reason.into()),
        message: Some(message.into()),
        ..Default::default()
    }
}

impl Sync<'_, '_> {
    fn set(&mut self, st: &mut HpaStatus, type_: &str, status: bool, reason: &str, message: String) {
        set_condition(&mut st.conditions, cond(type_, status, reason, message, self.now));
    }

    fn event(&mut self, type_: &str, reason: &str, msg: String) {
        let obj = self.obj.clone();
        self.ctx.event(&obj, type_, reason, msg);
    }

    fn get_scale(&self) -> Result<Scale, String> {
        let r = &self.hpa.spec.scale_target_ref;
        let ns = &self.hpa.metadata.namespace;
        let group = r.api_version.rsplit_once('/').map_or("", |(g, _)| g);
        let custom = || kubeplay_apiserver::custom::served(self.ctx.store()).into_iter().find(|s| s.group == group && s.kind.name() == r.kind).map(|s| s.kind);
        let kind = Kind::ALL.iter().copied().find(|k| k.name() == r.kind).or_else(custom).ok_or_else(|| format!("no matches for kind {:?} in group {:?}", r.kind, r.api_version.split('/').next().unwrap_or("")))?;
        // The scale subresource is read from the API, not a cache, as
        // upstream's scale client does.
        let obj = self.ctx.api_get(&ObjectKey::new(kind, ns, &r.name)).ok_or_else(|| format!("{} {:?} not found", kind.info().group_resource(), r.name))?;
        let (replicas, selector) = match &*obj {
            Object::Deployment(d) => (d.spec.replicas.unwrap_or(1), d.spec.selector.clone()),
            Object::ReplicaSet(rs) => (rs.spec.replicas.unwrap_or(1), rs.spec.selector.clone()),
            Object::StatefulSet(s) => (s.spec.replicas.unwrap_or(1), s.spec.selector.clone()),
            Object::ReplicationController(rc) => (rc.spec.replicas.unwrap_or(1), Some(LabelSelector { match_labels: rc.spec.selector.clone(), match_expressions: vec![] })),
            Object::Custom(_) => return self.custom_scale(&obj, kind),
            _ => return Err(format!("the server could not find the requested resource (get {}.scale)", kind.info().plural)),
        };
        Ok(Scale { key: obj.key(), replicas, selector, bad_selector: None })
    }

    /// A custom resource's Scale, at the paths its CRD's scale
    /// subresource names.
    fn custom_scale(&self, obj: &Object, kind: Kind) -> Result<Scale, String> {
        let scale = kubeplay_apiserver::scale::scale_of_in(self.ctx.store(), obj).ok_or_else(|| format!("the server could not find the requested resource (get {}.scale)", kind.info().plural))?;
        let replicas = scale.pointer("/spec/replicas").and_then(|v| v.as_i64()).and_then(|n| i32::try_from(n).ok()).unwrap_or(0);
        let text = scale.pointer("/status/selector").and_then(|v| v.as_str()).unwrap_or("");
        let (selector, bad_selector) = if text.is_empty() {
            (None, Some(("SelectorRequired", "selector is required".to_string(), "the HPA target's scale is missing a selector".to_string())))
        } else {
            match LabelSelector::parse(text) {
                Ok(s) => (Some(s), None),
                Err(e) => {
                    let msg = format!("couldn't convert selector into a corresponding internal selector object: {e}");
                    (None, Some(("InvalidSelector", msg.clone(), msg)))
                }
            }
        };
        Ok(Scale { key: obj.key(), replicas, selector, bad_selector })
    }

    fn update_scale(&mut self, scale: &Scale, replicas: i32) -> Result<(), String> {
        let Some(obj) = self.ctx.api_get(&scale.key) else { return Err("target not found".into()) };
        let mut o = (*obj).clone();
        match &mut o {
            Object::Deployment(d) => d.spec.replicas = Some(replicas),
            Object::ReplicaSet(rs) => rs.spec.replicas = Some(replicas),
            Object::StatefulSet(s) => s.spec.replicas = Some(replicas),
            Object::ReplicationController(rc) => rc.spec.replicas = Some(replicas),
            Object::Custom(_) => o = kubeplay_apiserver::scale::apply_scale_in(self.ctx.store(), &obj, &serde_json::json!({"spec": {"replicas": replicas}})).map_err(|e| e.to_string())?,
            _ => return Err("not scalable".into()),
        }
        self.ctx.update(o).map(|_| ()).map_err(|e| e.to_string())
    }

    /// The metrics to evaluate: spec.metrics, the v1 CPU target, or the
    /// default 80 % CPU.
    fn metric_specs(&self) -> Vec<MetricSpec> {
        if !self.hpa.spec.metrics.is_empty() {
            return self.hpa.spec.metrics.clone();
        }
        let pct = self.hpa.spec.target_cpu_utilization_percentage.unwrap_or(80);
        vec![MetricSpec {
            type_: "Resource".into(),
            resource: Some(kubeplay_model::api::ResourceMetricSource {
                name: "cpu".into(),
                target: kubeplay_model::api::MetricTarget { type_: "Utilization".into(), average_utilization: Some(pct), ..Default::default() },
            }),
            ..Default::default()
        }]
    }

    /// The target's pods (an invalid selector matches nothing; a valid one
    /// is built once, not per pod), in name order.
    fn selected(&self, selector: &LabelSelector) -> Vec<&Arc<Object>> {
        let Ok(selector) = selector.to_selector() else { return Vec::new() };
        self.ctx.store().pods_selected(&self.hpa.metadata.namespace, |labels| selector.matches(labels))
    }

    /// Each pod as the calculator sees it, read afresh: what
    /// [`kept::Kept`] does not serve.
    fn pod_infos<'p>(&self, pods: &[&'p Arc<Object>], resource: &str) -> Vec<PodInfo<'p>> {
        let world = self.ctx.world();
        pods.iter().filter_map(|o| o.as_pod()).map(|p| kept::read_info(world, p, resource)).collect()
    }

    /// One metric's proposal (`computeReplicasForMetric`). A failure is
    /// reported at once, as upstream's `getUnableComputeReplicaCountCondition`
    /// does for every metric that fails, whether or not the others let the
    /// HPA scale.
    fn metric_proposal(&mut self, spec: &MetricSpec, current: i32, selector: &LabelSelector) -> Result<Proposal, MetricError> {
        let Some(r) = &spec.resource else {
            let (reason, inner, outer) = metrics::unserved(spec, &self.hpa.metadata.namespace);
            return Err(self.metric_failed(reason, inner, outer));
        };
        match self.resource_proposal(r, current, selector) {
            Ok(p) => Ok(p),
            Err(inner) => {
                let outer = format!("failed to get {} resource metric value: {inner}", r.name);
                Err(self.metric_failed("FailedGetResourceMetric", inner, outer))
            }
        }
    }

    /// Emits the metric's Warning event and builds the ScalingActive=False
    /// condition upstream keeps for the first invalid metric.
    fn metric_failed(&mut self, reason: &str, inner: String, outer: String) -> MetricError {
        self.event("Warning", reason, inner.clone());
        MetricError { reason: reason.to_string(), message: format!("the HPA was unable to compute the replica count: {inner}"), detail: inner, error: outer }
    }

    /// A Resource metric's proposal (`computeStatusForResourceMetricGeneric`);
    /// the error is upstream's `failed to get <resource> utilization|usage: …`.
    fn resource_proposal(&mut self, r: &kubeplay_model::api::ResourceMetricSource, current: i32, selector: &LabelSelector) -> Result<Proposal, String> {
        let selected = self.selected(selector);
        let kept = self.ctx.world().hpa_kept.clone();
        let facts = if r.name == "cpu" || r.name == "memory" {
            kept.facts(self.ctx.world(), &memory_key(&self.obj.key()), &self.hpa.metadata.namespace, &selected)
        } else {
            None
        };
        let pods = match &facts {
            Some(f) => f.get().map(|p| p.info(&r.name)).collect(),
            None => self.pod_infos(&selected, &r.name),
        };
        // Usage is in milli-units for every resource, and upstream reports
        // it as `NewMilliQuantity`, so an average of bytes may show `m`.
        if let Some(target) = r.target.average_value.as_ref().filter(|_| r.target.type_ == "AverageValue") {
            let (replicas, usage) = average_value_replicas(current, target.milli_value(), &pods, &r.name, self.now, &DEFAULTS).map_err(|e| format!("failed to get {} usage: {e}", r.name))?;
            let status = MetricStatus {
                type_: "Resource".into(),
                resource: Some(ResourceMetricStatus { name: r.name.clone(), current: MetricValueStatus { average_value: Some(Quantity::from_milli(usage)), ..Default::default() } }),
            };
            return Ok(Proposal { replicas, name: format!("{} resource", r.name), status });
        }
        let Some(target) = r.target.average_utilization.filter(|_| r.target.type_ == "Utilization") else {
            return Err("invalid resource metric source: neither an average utilization target nor an average value (usage) target was set".into());
        };
        let (replicas, utilization, raw) = utilization_replicas(current, target, &pods, &r.name, self.now, &DEFAULTS).map_err(|e| format!("failed to get {} utilization: {e}", r.name))?;
        let status = MetricStatus {
            type_: "Resource".into(),
            resource: Some(ResourceMetricStatus {
                name: r.name.clone(),
                current: MetricValueStatus { average_utilization: Some(utilization), average_value: Some(Quantity::from_milli(raw)), value: None },
            }),
        };
        Ok(Proposal { replicas, name: format!("{} resource utilization (percentage of request)", r.name), status })
    }

    fn run(&mut self, mem: &mut Memory) {
        let mut st = self.hpa.status.clone();
        let target_ref = format!("{}/{}", self.hpa.spec.scale_target_ref.kind, self.hpa.spec.scale_target_ref.name);
        let name = self.hpa.metadata.name.clone();
        let scale = match self.get_scale() {
            Ok(s) => s,
            Err(e) => {
                self.event("Warning", "FailedGetScale", e.clone());
                self.set(&mut st, "AbleToScale", false, "FailedGetScale", format!("the HPA controller was unable to get the target's current scale: {e}"));
                self.write_status(st);
                self.ctx.explain(format!("HPA {name}: cannot read the scale of {target_ref}: {e}"));
                return;
            }
        };
        self.set(&mut st, "AbleToScale", true, "SucceededGetScale", "the HPA controller was able to get the target's current scale".into());
        let current = scale.replicas;
        // `recordInitialRecommendation`: the current size counts as a recent
        // recommendation, so a new HPA does not scale down within its window.
        if mem.recommendations.is_empty() {
            mem.recommendations.push(Recommendation { replicas: current, at: self.now });
        }
        let min = self.hpa.spec.min_replicas.unwrap_or(1);
        let max = self.hpa.spec.max_replicas;
        let mut desired;
        let mut reason = String::new();
        let mut metric_statuses = Vec::new();
        let mut what;
        if current == 0 && min != 0 {
            desired = 0;
            self.set(&mut st, "ScalingActive", false, "ScalingDisabled", "scaling is disabled since the replica count of the target is zero".into());
            what = "the target has 0 replicas, so autoscaling is disabled".to_string();
        } else if current > max {
            desired = max;
            reason = "Current number of replicas above Spec.MaxReplicas".into();
            what = format!("{current} replicas is above maxReplicas {max}");
        } else if current < min {
            desired = min;
            reason = "Current number of replicas below Spec.MinReplicas".into();
            what = format!("{current} replicas is below minReplicas {min}");
        } else {
            if let Some((event, msg, condition)) = scale.bad_selector.clone() {
                self.event("Warning", event, msg.clone());
                self.set(&mut st, "ScalingActive", false, "InvalidSelector", condition);
                let desired = st.desired_replicas;
                self.write_status(rebuilt(st, current, desired, Vec::new()));
                self.event("Warning", "FailedComputeMetricsReplicas", msg.clone());
                self.ctx.explain(format!("HPA {name}: the target's scale has no usable selector ({msg}), so nothing changes"));
                return;
            }
            let selector = scale.selector.clone().unwrap_or_default();
            if let Err(msg) = self.unambiguous(mem, &selector) {
                self.event("Warning", "AmbiguousSelector", msg.clone());
                self.set(&mut st, "ScalingActive", false, "AmbiguousSelector", msg.clone());
                let desired = st.desired_replicas;
                self.write_status(rebuilt(st, current, desired, Vec::new()));
                self.event("Warning", "FailedComputeMetricsReplicas", msg.clone());
                self.ctx.explain(format!("HPA {name}: {msg}, so nothing changes"));
                return;
            }
            let mut best: Option<Proposal> = None;
            let mut first_error: Option<MetricError> = None;
            let mut invalid = 0;
            let specs = self.metric_specs();
            for spec in &specs {
                match self.metric_proposal(spec, current, &selector) {
                    Ok(p) => {
                        metric_statuses.push(p.status.clone());
                        if best.as_ref().is_none_or(|b| p.replicas > b.replicas) {
                            best = Some(p);
                        }
                    }
                    Err(e) => {
                        invalid += 1;
                        // A failed metric keeps its index with an empty
                        // status, as upstream's `statuses[i]`: the TARGETS
                        // column and describe read statuses by position.
                        metric_statuses.push(MetricStatus::default());
                        first_error.get_or_insert(e);
                    }
                }
            }
            // All metrics invalid, or some invalid and the rest would scale down: do nothing.
            let blocked = best.is_none() || (invalid > 0 && best.as_ref().is_some_and(|b| b.replicas < current));
            if let (true, Some(e)) = (blocked, first_error) {
                self.event("Warning", "FailedComputeMetricsReplicas", format!("invalid metrics ({invalid} invalid out of {}), first error is: {}", specs.len(), e.error));
                self.set(&mut st, "ScalingActive", false, &e.reason, e.message);
                // `setCurrentReplicasAndMetricsInStatus`: desiredReplicas keeps its last value.
                let desired = st.desired_replicas;
                self.write_status(rebuilt(st, current, desired, metric_statuses));
                self.ctx.explain(format!("HPA {name}: {target_ref} has {current} replicas, but its metrics cannot be computed ({}), so nothing changes", e.detail));
                return;
            }
            let Some(best) = best else { return };
            self.set(&mut st, "ScalingActive", true, "ValidMetricFound", format!("the HPA was able to successfully calculate a replica count from {}", best.name));
            desired = best.replicas;
            if desired > current {
                reason = format!("{} above target", best.name);
            } else if desired < current {
                reason = "All metrics below target".into();
            }
            let proposed = desired;
            let n: Normalized = match &self.hpa.spec.behavior {
                None => normalize_legacy(&mut mem.recommendations, current, desired, min, max, self.now),
                Some(b) => normalize_with_behavior(&mut mem.recommendations, b, &mem.scale_ups, &mem.scale_downs, current, desired, min, max, self.now),
            };
            desired = n.replicas;
            self.set(&mut st, "AbleToScale", true, n.able.0, n.able.1.into());
            self.set(&mut st, "ScalingLimited", n.limited, n.limit.0, n.limit.1.into());
            what = format!("{} → {proposed} proposed", describe_metrics(&metric_statuses, &specs));
            if proposed != desired {
                what.push_str(&format!(", {desired} allowed ({})", if n.limited { n.limit.1 } else { n.able.1 }));
            }
        }
        let rescale = desired != current && !(current == 0 && min != 0);
        if rescale {
            match self.update_scale(&scale, desired) {
                Ok(()) => {
                    self.set(&mut st, "AbleToScale", true, "SucceededRescale", format!("the HPA controller was able to update the target scale to {desired}"));
                    self.event("Normal", "SuccessfulRescale", format!("New size: {desired}; reason: {reason}"));
                    if let Some(b) = &self.hpa.spec.behavior {
                        let (up, down) = normalize::defaulted(b);
                        if desired > current {
                            normalize::store_event(&mut mem.scale_ups, desired - current, &up, self.now);
                        } else {
                            normalize::store_event(&mut mem.scale_downs, current - desired, &down, self.now);
                        }
                    }
                    st.last_scale_time = Some(self.now);
                    what.push_str(&format!("; scaled {target_ref} from {current} to {desired}"));
                }
                Err(e) => {
                    self.event("Warning", "FailedRescale", format!("New size: {desired}; reason: {reason}; error: {e}"));
                    self.set(&mut st, "AbleToScale", false, "FailedUpdateScale", format!("the HPA controller was unable to update the target scale: {e}"));
                    // `setCurrentReplicasAndMetricsInStatus`: the last desired count stays.
                    desired = st.desired_replicas;
                }
            }
        } else {
            desired = current;
            what.push_str(&format!("; {target_ref} stays at {current}"));
        }
        self.write_status(rebuilt(st, current, desired, metric_statuses));
        self.ctx.observed(format!("{target_ref} at {current} replicas"));
        self.ctx.desired(format!("between {min} and {max} replicas, metrics at target"));
        self.ctx.explain(format!("HPA {name}: {what}"));
    }

    /// `validateAndParseSelector`'s overlap check: remembers this HPA's
    /// selector, and fails with upstream's message when another HPA's
    /// selector selects some of the same pods.
    fn unambiguous(&self, mem: &mut Memory, selector: &LabelSelector) -> Result<(), String> {
        let parsed = selector.to_selector().unwrap_or_else(|_| Selector::nothing());
        let me = memory_key(&self.obj.key());
        let mut hpas = ambiguous::others(self.ctx.world(), &self.hpa.metadata.namespace, &me, &parsed);
        mem.selector = Some(parsed);
        if hpas.is_empty() {
            return Ok(());
        }
        hpas.push(me);
        kubeplay_model::sort::sort(&mut hpas);
        Err(format!("pods by selector {} are controlled by multiple HPAs: [{}]", selector.to_string_form(), hpas.join(" ")))
    }

    fn write_status(&mut self, st: HpaStatus) {
        if st != self.hpa.status {
            let mut h = self.hpa.clone();
            h.status = st;
            let _ = self.ctx.update_status(Object::HorizontalPodAutoscaler(Box::new(h)));
        }
    }
}

/// `setStatus`: the status rebuilt from the sync's outcome, keeping only the
/// last scale time and the conditions; v1.32 sets no observedGeneration.
fn rebuilt(st: HpaStatus, current: i32, desired: i32, metrics: Vec<MetricStatus>) -> HpaStatus {
    HpaStatus { observed_generation: None, last_scale_time: st.last_scale_time, current_replicas: current, desired_replicas: desired, current_metrics: metrics, conditions: st.conditions }
}

/// `cpu: 85%/50%`-style summary of current against target, as TARGETS shows.
fn describe_metrics(statuses: &[MetricStatus], specs: &[MetricSpec]) -> String {
    let mut parts = Vec::new();
    for (i, spec) in specs.iter().enumerate() {
        let Some(r) = &spec.resource else { continue };
        let cur = statuses.get(i).and_then(|s| s.resource.as_ref());
        let target = match (&r.target.average_utilization, &r.target.average_value) {
            (Some(u), _) if r.target.type_ == "Utilization" => format!("{u}%"),
            (_, Some(v)) => v.to_string(),
            _ => "?".into(),
        };
        let current = match cur {
            Some(c) if r.target.type_ == "Utilization" => c.current.average_utilization.map(|u| format!("{u}%")).unwrap_or_else(|| "<unknown>".into()),
            Some(c) => c.current.average_value.as_ref().map(|v| v.to_string()).unwrap_or_else(|| "<unknown>".into()),
            None => "<unknown>".into(),
        };
        parts.push(format!("{}: {current}/{target}", r.name));
    }
    parts.join(", ")
}
