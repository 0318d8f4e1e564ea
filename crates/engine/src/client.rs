//! What kubectl's write commands do to the API, as user steps: apply (with
//! the last-applied-configuration three-way merge), create, replace,
//! patch, delete, and read-modify-write updates (scale, set image, label…).
//! Each call is one step in the trace, attributed to `kubectl`.

use crate::engine::Engine;
use kubeplay_apiserver::{three_way_apply, ApiError, DeleteOptions, PatchType, LAST_APPLIED};
use kubeplay_codec::{Node, NodeValue};
use kubeplay_model::{Object, ObjectKey};
use serde_json::Value;
use std::borrow::Cow;
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApplyOutcome {
    Created,
    Configured,
    Unchanged,
}

impl ApplyOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            ApplyOutcome::Created => "created",
            ApplyOutcome::Configured => "configured",
            ApplyOutcome::Unchanged => "unchanged",
        }
    }
}

/// Removes what typed round-trips add (`status: {}`, `resources: {}`,
/// `creationTimestamp: null`), so a manifest's JSON is what the user wrote.
fn prune_empty(v: &mut Value) {
    if let Value::Object(m) = v {
        for (_, child) in m.iter_mut() {
            prune_empty(child);
        }
        m.retain(|_, c| !c.is_null() && !matches!(c, Value::Object(o) if o.is_empty()));
    } else if let Value::Array(a) = v {
        for c in a {
            prune_empty(c);
        }
    }
}

/// The manifest as kubectl records it in the last-applied annotation:
/// the user's fields, namespace filled in, the annotation itself removed.
fn applied_config(manifest: &Object, raw: Option<Node>) -> Node {
    let mut v = raw.unwrap_or_else(|| {
        let mut j = manifest.to_json();
        prune_empty(&mut j);
        Node::from_json(&j, 1, 1)
    });
    if let Some(meta) = v.map_at("metadata") {
        if manifest.kind().namespaced() {
            meta.set("namespace", NodeValue::Str(manifest.namespace().to_string()));
        }
        // kubectl takes the annotation out by setting the annotations to
        // what is left, an empty map if nothing: `"annotations":{}` is in
        // every last-applied configuration.
        if let Some(a) = meta.map_at("annotations") {
            a.remove(LAST_APPLIED);
        }
    }
    v
}

/// The last-applied configuration kubectl records for a manifest read from
/// a file: by `apply`, and by `create` and `replace` with `--save-config`
/// (or when the manifest already carries one, which they keep current).
pub fn last_applied(manifest: &Object, raw: Option<Node>) -> String {
    compact(&applied_config(manifest, raw))
}

/// The annotation's text: the manifest as Go encodes a map (keys sorted),
/// with the newline `json.Encoder` ends it with (so `get -o yaml` shows it
/// as a `|` block).
fn compact(v: &Node) -> String {
    let mut s = kubeplay_codec::to_json_sorted(v);
    s.push('\n');
    s
}

/// `kubectl apply`: creates the object, or merges the manifest into the
/// live object three ways (last applied, new manifest, live). `raw` is the
/// manifest as written, taken rather than borrowed: it becomes the
/// last-applied configuration, and copying it was a sixth of applying a
/// large bundle. The manifest may be given as `Cow::Owned` for the same
/// reason: a new object is made from it.
pub fn apply<'m>(engine: &mut Engine, manifest: impl Into<Cow<'m, Object>>, raw: Option<Node>) -> Result<(ApplyOutcome, Arc<Object>), ApiError> {
    let manifest = manifest.into();
    // kubectl reads the live object by name first, and client-go refuses
    // that request without one: apply never generates a name.
    if manifest.name().is_empty() {
        return Err(ApiError::BadRequest { message: "resource name may not be empty".into() });
    }
    let key = manifest.key();
    authorize_apply(engine, &key)?;
    let config = applied_config(&manifest, raw);
    let annotation = compact(&config);
    let mut manifest = manifest;
    if key.kind == kubeplay_model::Kind::CertificateSigningRequest {
        kubeplay_apiserver::authz::stamp_requester(manifest.to_mut(), &engine.requester());
    }
    let what = format!("kubectl apply {key}");
    engine.user(&what, key.clone(), move |ctx| {
        match ctx.get(&key) {
            None => {
                let mut obj = manifest.into_owned();
                obj.meta_mut().resource_version = Default::default();
                obj.meta_mut().annotations.insert(LAST_APPLIED.into(), annotation);
                let created = ctx.create(obj)?;
                ctx.explain(format!("kubectl apply: {key} did not exist, so it was created"));
                Ok((ApplyOutcome::Created, created))
            }
            Some(live) => {
                // Read through the manifest's version, as kubectl's GET is.
                let live = match &*manifest {
                    Object::Custom(m) => kubeplay_apiserver::custom::in_version(ctx.store(), &live, m.api_version.rsplit_once('/').map_or("", |(_, v)| v)),
                    _ => live,
                };
                let Some(obj) = merge_into_live(&live, config, Some(annotation), true)? else {
                    ctx.explain(format!("kubectl apply: {key} already matches the manifest; nothing changed"));
                    return Ok((ApplyOutcome::Unchanged, live));
                };
                let updated = ctx.update(obj)?;
                ctx.explain(format!("kubectl apply: merged the manifest into the live {key}"));
                Ok((ApplyOutcome::Configured, updated))
            }
        }
    })
}

/// The three-way merge of `kubectl apply` (last applied, new manifest,
/// live): the object to write, or `None` when the live one already matches.
/// `annotation` is the new last-applied configuration to record, if any.
/// `locked`: apply's patch carries the manifest's resourceVersion when it
/// differs from the live one (a manifest exported earlier), and the server
/// refuses it as a stale write; diff's patcher puts the live one there.
fn merge_into_live(live: &Object, config: Node, annotation: Option<String>, locked: bool) -> Result<Option<Object>, ApiError> {
    let (current, merged) = merged_json(live, config, annotation);
    if merged == current {
        return Ok(None);
    }
    let sent_version = merged.pointer("/metadata/resourceVersion").and_then(Value::as_str).unwrap_or_default();
    if locked && !sent_version.is_empty() && sent_version != live.meta().resource_version.as_str() {
        return Err(ApiError::conflict(live.kind(), live.name()));
    }
    let mut obj = kubeplay_codec::object_from_json(&merged).map_err(|m| ApiError::BadRequest { message: m })?;
    obj.meta_mut().resource_version = live.meta().resource_version.clone();
    Ok(Some(obj))
}

/// The live object's JSON, and what the three-way merge makes of it.
fn merged_json(live: &Object, config: Node, annotation: Option<String>) -> (Value, Value) {
    let original: Option<Value> = live.meta().annotations.get(LAST_APPLIED).and_then(|s| serde_json::from_str(s).ok());
    let modified = modified_json(config, annotation);
    let current = live.to_json();
    let merged = three_way_apply(original.as_ref(), &modified, &current);
    (current, merged)
}

/// The manifest with the last-applied configuration to record, if any.
fn modified_json(config: Node, annotation: Option<String>) -> Value {
    let mut modified = config.into_json();
    if let (Some(annotation), Some(meta)) = (annotation, modified.get_mut("metadata").and_then(Value::as_object_mut)) {
        let anns = meta.entry("annotations").or_insert_with(|| Value::Object(Default::default()));
        if let Some(a) = anns.as_object_mut() {
            a.insert(LAST_APPLIED.into(), Value::String(annotation));
        }
    }
    modified
}

/// What kubectl's apply patcher works from for a manifest whose object
/// exists (its error texts quote all three).
pub struct PatchInputs {
    /// The live object's last-applied configuration, as recorded.
    pub original: Option<String>,
    /// The manifest with its new last-applied configuration.
    pub modified: Value,
    /// The live object.
    pub current: Value,
}

impl PatchInputs {
    /// The strategic merge patch `kubectl apply` sends, or why kubectl
    /// could not compute it.
    pub fn patch(&self) -> Result<Value, kubeplay_apiserver::SmpError> {
        let original: Option<Value> = self.original.as_deref().and_then(|s| serde_json::from_str(s).ok());
        kubeplay_apiserver::three_way_patch(original.as_ref(), &self.modified, &self.current)
    }
}

/// [`PatchInputs`] for applying `manifest` (read as `raw`) over `live`.
pub fn patch_inputs(live: &Object, manifest: &Object, raw: Option<Node>) -> PatchInputs {
    let config = applied_config(manifest, raw);
    let annotation = compact(&config);
    PatchInputs {
        original: live.meta().annotations.get(LAST_APPLIED).cloned(),
        modified: modified_json(config, Some(annotation)),
        current: live.to_json(),
    }
}

/// The patch `kubectl apply` sends for a manifest whose object exists, as
/// the API server holds it when it refuses it (see
/// [`kubeplay_apiserver::applied_patch`]); the manifest's unknown fields
/// are in it, since `raw` is the manifest as written.
pub fn apply_patch(live: &Object, manifest: &Object, raw: Option<Node>) -> Value {
    let config = applied_config(manifest, raw);
    let annotation = compact(&config);
    let (current, merged) = merged_json(live, config, Some(annotation));
    kubeplay_apiserver::applied_patch(&current, &merged)
}

/// What a dry-run apply answers: the live object (None: it would be
/// created) and the object as the server would return it.
pub type DryApplied = (Option<Arc<Object>>, Object);

/// How a dry-run apply treats the manifest: `kubectl apply --dry-run=server`
/// sends what apply sends; `kubectl diff`'s patcher differs on both counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DryApply {
    /// The manifest is recorded as the last-applied configuration (apply
    /// does; diff merges without it, so the live one stays, and creates
    /// from the manifest as written).
    pub record: bool,
    /// The manifest's resourceVersion is a lock the server checks (apply's
    /// patch carries it; diff's patcher puts the live one there).
    pub locked: bool,
}

/// `kubectl apply --dry-run=server`, and what `kubectl diff` compares: the
/// live object, and the object `kubectl apply` would make of it as a
/// server dry run returns it, a new one without a resourceVersion and an
/// updated one with the live resourceVersion, since nothing is stored.
/// With the warnings admission gave the dry run (apply prints them;
/// diff's requests are its own).
pub fn apply_dry_run(engine: &Engine, manifest: &Object, raw: Option<Node>, how: DryApply) -> (Result<DryApplied, ApiError>, Vec<String>) {
    let DryApply { record, locked } = how;
    if let Err(e) = authorize_apply(engine, &manifest.key()) {
        return (Err(e), Vec::new());
    }
    let live = engine.store().get(&manifest.key()).cloned();
    let config = applied_config(manifest, raw);
    let annotation = record.then(|| compact(&config));
    let Some(live) = live else {
        let mut obj = manifest.clone();
        obj.meta_mut().resource_version = Default::default();
        if let Some(a) = annotation {
            obj.meta_mut().annotations.insert(LAST_APPLIED.into(), a);
        }
        let (created, warnings) = scratch(engine, |s, c| s.create(obj, c));
        let created = created.map(|c| {
            let mut created = c.as_ref().clone();
            created.meta_mut().resource_version = Default::default();
            (None, created)
        });
        return (created, warnings);
    };
    let obj = match merge_into_live(&live, config, annotation, locked) {
        Err(e) => return (Err(e), Vec::new()),
        Ok(None) => return (Ok((Some(live.clone()), live.as_ref().clone())), Vec::new()),
        Ok(Some(obj)) => obj,
    };
    let (updated, warnings) = scratch(engine, |s, c| s.update(obj, c));
    let updated = updated.map(|u| {
        let mut updated = u.as_ref().clone();
        updated.meta_mut().resource_version = live.meta().resource_version.clone();
        (Some(live), updated)
    });
    (updated, warnings)
}

/// apply's requests: it reads the live object, then creates or patches it.
fn authorize_apply(engine: &Engine, key: &ObjectKey) -> Result<(), ApiError> {
    engine.authorize("get", key.kind, &key.namespace, &key.name, "")?;
    match engine.store().get(key) {
        Some(_) => engine.authorize("patch", key.kind, &key.namespace, &key.name, ""),
        None => engine.authorize("create", key.kind, &key.namespace, "", ""),
    }
}

/// `kubectl create -f` (and `replace --force`'s create): kubectl's helper
/// clears the resourceVersion a manifest copied from a live object carries.
pub fn create(engine: &mut Engine, mut obj: Object) -> Result<Arc<Object>, ApiError> {
    obj.meta_mut().resource_version = Default::default();
    let key = obj.key();
    // A create is sent to the collection: the request has no name.
    engine.authorize("create", key.kind, &key.namespace, "", "")?;
    kubeplay_apiserver::authz::stamp_requester(&mut obj, &engine.requester());
    let what = format!("kubectl create {key}");
    engine.user(&what, key, |ctx| ctx.create(obj))
}

/// `kubectl replace -f`: a full update (status kept by the server).
pub fn replace(engine: &mut Engine, obj: Object) -> Result<Arc<Object>, ApiError> {
    let key = obj.key();
    engine.authorize("update", key.kind, &key.namespace, &key.name, "")?;
    let what = format!("kubectl replace {key}");
    engine.user(&what, key, |ctx| ctx.update(obj))
}

/// `kubectl patch`: applies a merge, strategic or JSON patch. Returns
/// whether anything changed (kubectl prints `patched` or `patched (no change)`).
pub fn patch(engine: &mut Engine, key: &ObjectKey, kind: PatchType, patch: &Value) -> Result<(bool, Arc<Object>), ApiError> {
    engine.authorize("patch", key.kind, &key.namespace, &key.name, "")?;
    let what = format!("kubectl patch {key}");
    // kubectl patch asks for no field validation, so the server's default
    // (Warn) names each field the patched object has and its kind does
    // not, whether or not the update then succeeds.
    let mut dropped = Vec::new();
    let result = engine.user(&what, key.clone(), |ctx| {
        let live = ctx.get(key).ok_or_else(|| ApiError::not_found(key.kind, &key.name))?;
        let current = live.to_json();
        let patched = kubeplay_apiserver::patch_on_server(kind, &current, patch)?;
        if patched == current {
            return Ok((false, live));
        }
        let (obj, warnings) = kubeplay_codec::object_from_json_warned(&patched).map_err(|m| ApiError::BadRequest { message: m })?;
        dropped.extend(warnings.iter().filter(|w| matches!(w, kubeplay_codec::Warning::UnknownField { .. })).map(ToString::to_string));
        if obj.key() != *key {
            return Err(ApiError::BadRequest { message: "the name or kind of an object cannot be changed by a patch".into() });
        }
        let updated = ctx.update(obj)?;
        ctx.explain(format!("kubectl patch: changed the live {key}"));
        Ok((!Arc::ptr_eq(&updated, &live), updated))
    });
    engine.owe_warnings(dropped);
    result
}

/// `kubectl patch --subresource=status|scale`: the patch applies to what
/// the subresource serves (the whole object for `status`, its Scale for
/// `scale`) and is written through it, so the status endpoint keeps only
/// the new status and the scale endpoint only the new replicas. Returns
/// whether anything changed and the object as it then is. `dry`: a
/// `dryRun=All` request, authorized the same and kept nowhere.
pub fn patch_subresource(engine: &mut Engine, key: &ObjectKey, subresource: &str, kind: PatchType, patch: &Value, dry: bool) -> Result<(bool, Arc<Object>), ApiError> {
    engine.authorize("patch", key.kind, &key.namespace, &key.name, subresource)?;
    let scale = subresource == "scale";
    // What the subresource's handler writes: the patched Scale as the
    // object's replicas (a full update), or the patched object as a status
    // update.
    let patched = |live: &Object| -> Result<Object, ApiError> {
        let bad = |message: String| ApiError::BadRequest { message };
        if scale {
            let current = kubeplay_apiserver::scale::scale_of(live).ok_or_else(|| bad(format!("{} has no scale subresource", key.kind)))?;
            let patched = kubeplay_apiserver::patch_on_server(kind, &current, patch)?;
            return kubeplay_apiserver::scale::apply_scale(live, &patched);
        }
        let patched = kubeplay_apiserver::patch_on_server(kind, &live.to_json(), patch)?;
        let obj = kubeplay_codec::object_from_json(&patched).map_err(bad)?;
        if obj.key() != *key {
            return Err(bad("the name or kind of an object cannot be changed by a patch".into()));
        }
        Ok(obj)
    };
    let not_found = || ApiError::not_found(key.kind, &key.name);
    if dry {
        let (answer, warnings) = scratch(engine, |store, wctx| {
            let live = store.get(key).cloned().ok_or_else(not_found)?;
            let obj = patched(&live)?;
            let updated = if scale { store.update(obj, wctx)? } else { store.update_status(obj, wctx)? };
            Ok((*updated != *live, updated))
        });
        engine.owe_warnings(warnings);
        return answer;
    }
    let what = format!("kubectl patch {key} --subresource={subresource}");
    engine.user(&what, key.clone(), |ctx| {
        let live = ctx.get(key).ok_or_else(not_found)?;
        let obj = patched(&live)?;
        let updated = if scale { ctx.update(obj)? } else { ctx.update_status(obj)? };
        ctx.explain(format!("kubectl patch: wrote the {subresource} of {key}"));
        Ok((*updated != *live, updated))
    })
}

/// A write of a CertificateSigningRequest's `approval` subresource
/// (`kubectl certificate approve|deny`): `f` edits the conditions, and
/// nothing else of the request changes. The approval admission plugin
/// first asks whether the requester may approve for the request's signer.
pub fn update_approval(engine: &mut Engine, key: &ObjectKey, what: &str, f: impl FnOnce(&mut Vec<kubeplay_model::api::CertificateSigningRequestCondition>)) -> Result<Arc<Object>, ApiError> {
    engine.authorize("update", key.kind, "", &key.name, "approval")?;
    let signer = match engine.store().get(key).map(|o| o.as_ref()) {
        Some(Object::CertificateSigningRequest(c)) => c.spec.signer_name.clone(),
        _ => return Err(ApiError::not_found(key.kind, &key.name)),
    };
    if !engine.authorized_for_signer("approve", &signer) {
        let message = format!("{} {} is forbidden: user not permitted to approve requests with signerName {}", key.kind.info().group_resource(), kubeplay_model::goquote::quote(&key.name), kubeplay_model::goquote::quote(&signer));
        return Err(ApiError::Forbidden { message });
    }
    engine.user(what, key.clone(), |ctx| {
        let live = ctx.get(key).ok_or_else(|| ApiError::not_found(key.kind, &key.name))?;
        let Object::CertificateSigningRequest(old) = live.as_ref() else { return Err(ApiError::not_found(key.kind, &key.name)) };
        let mut new = old.clone();
        f(&mut new.status.conditions);
        stamp_condition_times(&mut new, old, ctx.now());
        let errs = kubeplay_model::validation::certificates::csr_update(&new, old, kubeplay_model::validation::certificates::Subresource::Approval);
        if !errs.is_empty() {
            return Err(ApiError::invalid(key.kind, &key.name, errs.iter().map(|e| e.to_string())));
        }
        let updated = ctx.update_status(Object::CertificateSigningRequest(new))?;
        ctx.explain(what.to_string());
        Ok(updated)
    })
}

/// `populateConditionTimestamps`: a condition without an update time gets
/// now; one without a transition time keeps the stored one of its type
/// and status, or gets now.
pub fn stamp_condition_times(new: &mut kubeplay_model::api::CertificateSigningRequest, old: &kubeplay_model::api::CertificateSigningRequest, now: kubeplay_model::Time) {
    for c in &mut new.status.conditions {
        c.last_update_time.get_or_insert(now);
        if c.last_transition_time.is_none() {
            let kept = old.status.conditions.iter().find(|o| o.type_ == c.type_ && o.status == c.status).and_then(|o| o.last_transition_time);
            c.last_transition_time = Some(kept.unwrap_or(now));
        }
    }
}

/// `kubectl delete` of one object.
pub fn delete(engine: &mut Engine, key: &ObjectKey, opts: DeleteOptions) -> Result<Arc<Object>, ApiError> {
    engine.authorize("delete", key.kind, &key.namespace, &key.name, "")?;
    let what = format!("kubectl delete {key}");
    engine.user(&what, key.clone(), |ctx| ctx.delete(key, opts))
}

/// Read-modify-write of one object (scale, set image, label, annotate,
/// taint, cordon, rollout pause/resume/restart/undo). `f` edits the object
/// and says why; an `Err` from `f` aborts with that client-side message.
pub fn update_with(
    engine: &mut Engine,
    key: &ObjectKey,
    what: &str,
    f: impl FnOnce(&mut Object) -> Result<(), ClientError>,
) -> Result<(bool, Arc<Object>), ClientError> {
    update_subresource_with(engine, key, "", what, f)
}

/// [`update_with`] sent to a subresource (`kubectl scale`'s patch of
/// `scale`), which is what the API server authorizes.
pub fn update_subresource_with(
    engine: &mut Engine,
    key: &ObjectKey,
    subresource: &str,
    what: &str,
    f: impl FnOnce(&mut Object) -> Result<(), ClientError>,
) -> Result<(bool, Arc<Object>), ClientError> {
    // kubectl sends these edits as patches.
    engine.authorize("patch", key.kind, &key.namespace, &key.name, subresource).map_err(ClientError::Api)?;
    engine.user(what, key.clone(), |ctx| {
        let live = ctx.get(key).ok_or_else(|| ClientError::Api(ApiError::not_found(key.kind, &key.name)))?;
        let mut obj = (*live).clone();
        f(&mut obj)?;
        if obj == *live {
            return Ok((false, live));
        }
        let updated = if subresource == "scale" { ctx.update_scale(obj) } else { ctx.update(obj) };
        let updated = updated.map_err(ClientError::Api)?;
        ctx.explain(what.to_string());
        Ok((!Arc::ptr_eq(&updated, &live), updated))
    })
}

/// A server dry run (`dryRun=All`) of the request `verb` on `key` (and
/// `subresource`): authorized as the real request is, then run against a
/// scratch copy of the store, where defaults, admission and validation
/// apply, nothing is kept and no step is recorded.
pub fn dry_run<T>(
    engine: &mut Engine,
    verb: &str,
    key: &ObjectKey,
    subresource: &str,
    f: impl FnOnce(&mut kubeplay_apiserver::Store, &mut kubeplay_apiserver::WriteCtx) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    // A create is sent to the collection: the request has no name.
    let name = if verb == "create" { "" } else { key.name.as_str() };
    engine.authorize(verb, key.kind, &key.namespace, name, subresource)?;
    // The engine owes the client the scratch store's warnings
    // ([`Engine::take_warnings`]), as after a real write.
    let (answer, warnings) = scratch(engine, f);
    engine.owe_warnings(warnings);
    answer
}

/// Runs `f` against a scratch copy of the store (see [`dry_run`]), for a
/// request already authorized; with what admission warned about there,
/// which is the dry run's answer too.
fn scratch<R>(
    engine: &Engine,
    f: impl FnOnce(&mut kubeplay_apiserver::Store, &mut kubeplay_apiserver::WriteCtx) -> R,
) -> (R, Vec<String>) {
    let world = engine.world();
    let mut store = world.store.clone();
    let mut rng = world.rng;
    let mut draw = || rng.next_u64();
    let mut wctx = kubeplay_apiserver::WriteCtx {
        now: world.now,
        rng: &mut draw,
    };
    let answer = f(&mut store, &mut wctx);
    (answer, store.take_warnings())
}

/// Why the eviction subresource refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EvictionError {
    #[error(transparent)]
    Api(#[from] ApiError),
    /// 429: a disruption budget forbids it now; callers retry.
    #[error("{message}")]
    TooManyRequests { message: String },
    /// 500: the pod is covered by more than one budget.
    #[error("{message}")]
    Internal { message: String },
}

const VIOLATES_BUDGET: &str = "Cannot evict pod as it would violate the pod's disruption budget.";

/// `POST pods/NAME/eviction` (what `kubectl drain` uses): deletes the pod
/// unless its PodDisruptionBudget has no disruption left to give, in which
/// case the budget's allowance is untouched and the caller may retry.
pub fn evict(
    engine: &mut Engine,
    key: &ObjectKey,
    grace_period_seconds: Option<i64>,
) -> Result<Arc<Object>, EvictionError> {
    use kubeplay_model::Kind;
    engine.authorize("create", key.kind, &key.namespace, &key.name, "eviction")?;
    let what = format!("kubectl drain: evict {key}");
    engine.user(&what, key.clone(), |ctx| {
        let live = ctx.get(key).ok_or_else(|| ApiError::not_found(key.kind, &key.name))?;
        let pod = live.as_pod().ok_or_else(|| ApiError::not_found(key.kind, &key.name))?.clone();
        let opts = DeleteOptions { grace_period_seconds, ..Default::default() };
        // Pods that are done, not started or already going cost no disruption.
        let ignore_budget = matches!(pod.phase(), "Succeeded" | "Failed" | "Pending") || pod.metadata.deletion_timestamp.is_some();
        let budgets: Vec<kubeplay_model::api::PodDisruptionBudget> = if ignore_budget {
            Vec::new()
        } else {
            ctx.store()
                .list(Kind::PodDisruptionBudget, Some(&key.namespace))
                .filter_map(|o| match o.as_ref() {
                    Object::PodDisruptionBudget(b) => Some((**b).clone()),
                    _ => None,
                })
                .filter(|b| {
                    // A budget without a selector, or with an empty one, selects nothing here.
                    b.spec.selector.as_ref().filter(|s| !s.is_empty()).and_then(|s| s.to_selector().ok()).is_some_and(|s| s.matches(&pod.metadata.labels))
                })
                .collect()
        };
        if budgets.len() > 1 {
            return Err(EvictionError::Internal { message: "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.".into() });
        }
        if let Some(pdb) = budgets.into_iter().next() {
            let policy = pdb.spec.unhealthy_pod_eviction_policy.as_deref().unwrap_or("IfHealthyBudget");
            let s = &pdb.status;
            let unhealthy_ok = !pod.is_ready() && (policy == "AlwaysAllow" || (s.current_healthy >= s.desired_healthy && s.desired_healthy > 0));
            if !unhealthy_ok {
                if s.observed_generation.unwrap_or(0) < pdb.metadata.generation {
                    return Err(EvictionError::TooManyRequests { message: VIOLATES_BUDGET.into() });
                }
                if s.disruptions_allowed < 0 {
                    return Err(ApiError::Forbidden { message: format!("poddisruptionbudgets.policy \"{}\" is forbidden: pdb disruptions allowed is negative", pdb.metadata.name) }.into());
                }
                if s.disruptions_allowed == 0 {
                    ctx.explain(format!(
                        "kubectl drain: the eviction of {key} was refused: the disruption budget {} needs {} healthy pods and has {} currently",
                        pdb.metadata.name, s.desired_healthy, s.current_healthy
                    ));
                    return Err(EvictionError::TooManyRequests { message: VIOLATES_BUDGET.into() });
                }
                let mut updated = pdb.clone();
                updated.status.disruptions_allowed -= 1;
                if updated.status.disruptions_allowed == 0 {
                    kubeplay_model::meta::set_condition(
                        &mut updated.status.conditions,
                        kubeplay_model::Condition {
                            type_: "DisruptionAllowed".into(),
                            status: "False".into(),
                            reason: Some("InsufficientPods".into()),
                            last_transition_time: Some(ctx.now()),
                            observed_generation: updated.status.observed_generation.map(Box::new),
                            ..Default::default()
                        },
                    );
                }
                updated.status.disrupted_pods.insert(pod.metadata.name.clone(), ctx.now().rfc3339());
                ctx.update_status(Object::from(updated))?;
            }
        }
        // `addConditionAndDeletePod`: since PodDisruptionConditions went GA
        // (v1.31) the pod is first marked as the target of a disruption, so a
        // Job's podFailurePolicy can tell an eviction from a crash.
        let mut marked = pod.status.clone();
        kubeplay_model::meta::set_condition(
            &mut marked.conditions,
            kubeplay_model::Condition {
                type_: "DisruptionTarget".into(),
                status: "True".into(),
                reason: Some("EvictionByEvictionAPI".into()),
                message: Some("Eviction API: evicting".into()),
                last_transition_time: Some(ctx.now()),
                ..Default::default()
            },
        );
        if marked != pod.status {
            ctx.update_pod_status(key, marked.into_inner())?;
        }
        let gone = ctx.delete(key, opts)?;
        ctx.explain(format!("kubectl drain: evicted {key}: no disruption budget stood in the way"));
        Ok(gone)
    })
}

/// Either the server refused, or the client refused before sending.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClientError {
    #[error(transparent)]
    Api(#[from] ApiError),
    /// kubectl's own message, printed as `error: <message>`.
    #[error("{0}")]
    Client(String),
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::*;
    use kubeplay_model::{Kind, LabelSelector, ObjectMeta};
    use std::collections::BTreeMap;

    fn deploy(replicas: Option<i32>, image: &str) -> Object {
        let labels = BTreeMap::from([("app".to_string(), "web".to_string())]);
        Object::Deployment(Box::new(Deployment {
            metadata: ObjectMeta { name: "web".into(), namespace: "default".into(), ..Default::default() },
            spec: DeploymentSpec {
                replicas,
                selector: Some(LabelSelector { match_labels: labels.clone(), match_expressions: vec![] }),
                template: PodTemplateSpec {
                    metadata: ObjectMeta { labels: labels.into(), ..Default::default() },
                    spec: PodSpec { containers: vec![Container { name: "c".into(), image: Some(image.into()), ..Default::default() }].into(), ..Default::default() },
                },
                ..Default::default()
            },
            status: Default::default(),
        }))
    }

    fn replicas(e: &Engine) -> Option<i32> {
        e.store().get_by(Kind::Deployment, "default", "web").and_then(|o| o.as_deployment().and_then(|d| d.spec.replicas))
    }

    #[test]
    fn apply_creates_then_is_unchanged_then_configured() {
        let mut e = Engine::with_default_cluster(1);
        assert_eq!(apply(&mut e, &deploy(None, "nginx:1"), None).unwrap().0, ApplyOutcome::Created);
        let live = e.store().get_by(Kind::Deployment, "default", "web").unwrap().clone();
        let ann = live.meta().annotations.get(LAST_APPLIED).unwrap();
        assert!(ann.contains("\"namespace\":\"default\""), "{ann}");
        e.settle(crate::DEFAULT_SETTLE_MS);
        assert_eq!(apply(&mut e, &deploy(None, "nginx:1"), None).unwrap().0, ApplyOutcome::Unchanged);
        assert_eq!(apply(&mut e, &deploy(None, "nginx:2"), None).unwrap().0, ApplyOutcome::Configured);
    }

    #[test]
    fn apply_keeps_replicas_set_by_scale_when_the_manifest_omits_them() {
        let mut e = Engine::with_default_cluster(1);
        apply(&mut e, &deploy(None, "nginx:1"), None).unwrap();
        let key = ObjectKey::new(Kind::Deployment, "default", "web");
        update_with(&mut e, &key, "kubectl scale", |o| {
            if let Object::Deployment(d) = o {
                d.spec.replicas = Some(5);
            }
            Ok(())
        })
        .unwrap();
        apply(&mut e, &deploy(None, "nginx:2"), None).unwrap();
        assert_eq!(replicas(&e), Some(5));
        // A manifest that does set replicas wins over the scale.
        apply(&mut e, &deploy(Some(2), "nginx:2"), None).unwrap();
        assert_eq!(replicas(&e), Some(2));
    }

    // A manifest exported with `get -o yaml` carries the resourceVersion
    // it was read at: apply sends it, so it is a lock the server checks,
    // while diff's dry run puts the live one in its place.
    #[test]
    fn apply_of_a_stale_resource_version_conflicts() {
        let mut e = Engine::with_default_cluster(1);
        apply(&mut e, &deploy(None, "nginx:1"), None).unwrap();
        let live = e.store().get_by(Kind::Deployment, "default", "web").unwrap().clone();
        let mut current = deploy(None, "nginx:2");
        current.meta_mut().resource_version = live.meta().resource_version.clone();
        let mut stale = current.clone();
        stale.meta_mut().resource_version = "1".into();
        assert!(matches!(apply(&mut e, &stale, None), Err(ApiError::Conflict { .. })));
        let diff = DryApply { record: false, locked: false };
        assert!(apply_dry_run(&e, &stale, None, diff).0.is_ok());
        let apply_server = DryApply { record: true, locked: true };
        assert!(matches!(apply_dry_run(&e, &stale, None, apply_server).0, Err(ApiError::Conflict { .. })));
        assert_eq!(apply(&mut e, &current, None).unwrap().0, ApplyOutcome::Configured);
    }

    fn pod(name: &str, ready: bool) -> Object {
        let mut p = Pod {
            metadata: ObjectMeta { name: name.into(), namespace: "default".into(), labels: BTreeMap::from([("app".to_string(), "db".to_string())]).into(), ..Default::default() },
            ..Default::default()
        };
        p.spec_mut().containers.push(Container { name: "c".into(), image: Some("nginx".into()), ..Default::default() });
        p.spec_mut().node_name = Some("kubeplay-worker".into());
        p.status.phase = Some("Running".into());
        if ready {
            p.status.conditions.push(kubeplay_model::Condition { type_: "Ready".into(), status: "True".into(), ..Default::default() });
        }
        Object::Pod(Box::new(p))
    }

    /// Creates a pod and reports its status as a kubelet would.
    fn add_pod(e: &mut Engine, p: Object) {
        e.user("test", p.key(), |ctx| {
            let created = ctx.create(p.clone())?;
            let mut with_status = (*created).clone();
            with_status.copy_status_from(&p);
            ctx.update_status(with_status)
        })
        .unwrap();
    }

    /// A budget over app=db whose status the disruption controller would
    /// have written: `allowed` more disruptions, `healthy` of `desired`.
    fn budget(e: &mut Engine, allowed: i32, healthy: i32, desired: i32) {
        let mut b = PodDisruptionBudget { metadata: ObjectMeta { name: "db".into(), namespace: "default".into(), ..Default::default() }, ..Default::default() };
        b.spec.selector = Some(LabelSelector { match_labels: BTreeMap::from([("app".to_string(), "db".to_string())]), match_expressions: vec![] });
        b.spec.min_available = Some(kubeplay_model::IntOrString::Int(1));
        let created = create(e, Object::PodDisruptionBudget(Box::new(b))).unwrap();
        let mut with_status = (*created).clone();
        if let Object::PodDisruptionBudget(b) = &mut with_status {
            b.status = PdbStatus { observed_generation: Some(b.metadata.generation), disruptions_allowed: allowed, current_healthy: healthy, desired_healthy: desired, expected_pods: healthy, ..Default::default() };
        }
        e.user("test: disruption controller", with_status.key(), |ctx| ctx.update_status(with_status)).unwrap();
    }

    // The eviction subresource's budget checks (pkg/registry/core/pod/storage/eviction.go).
    #[test]
    fn eviction_honours_disruption_budgets() {
        let mut e = Engine::with_default_cluster(1);
        for n in ["a", "b"] {
            add_pod(&mut e, pod(n, true));
        }
        let a = ObjectKey::new(Kind::Pod, "default", "a");
        let b = ObjectKey::new(Kind::Pod, "default", "b");
        // No budget: evicted (gracefully deleted).
        budget(&mut e, 1, 2, 1);
        assert!(evict(&mut e, &a, Some(0)).is_ok());
        let pdb = e.store().get_by(Kind::PodDisruptionBudget, "default", "db").unwrap().clone();
        let Object::PodDisruptionBudget(pdb) = pdb.as_ref() else { panic!() };
        assert_eq!(pdb.status.disruptions_allowed, 0);
        assert!(pdb.status.disrupted_pods.contains_key("a"));
        // The allowance is used up: 429, and the pod stays.
        assert_eq!(evict(&mut e, &b, None), Err(EvictionError::TooManyRequests { message: VIOLATES_BUDGET.into() }));
        assert!(e.store().get(&b).is_some());
        // A missing pod is NotFound.
        assert!(matches!(evict(&mut e, &ObjectKey::new(Kind::Pod, "default", "zz"), None), Err(EvictionError::Api(ApiError::NotFound { .. }))));
    }

    /// `addConditionAndDeletePod` (PodDisruptionConditions, GA in v1.31):
    /// the evicted pod carries DisruptionTarget while it terminates.
    #[test]
    fn an_evicted_pod_is_marked_as_a_disruption_target() {
        let mut e = Engine::with_default_cluster(1);
        add_pod(&mut e, pod("a", true));
        let key = pod("a", true).key();
        assert!(evict(&mut e, &key, None).is_ok());
        let live = e.store().get(&key).expect("terminating, not gone");
        let p = live.as_pod().unwrap();
        assert!(p.metadata.deletion_timestamp.is_some());
        let c = p.status.conditions.iter().find(|c| c.type_ == "DisruptionTarget").expect("DisruptionTarget");
        assert_eq!((c.status.as_str(), c.reason.as_deref(), c.message.as_deref()), ("True", Some("EvictionByEvictionAPI"), Some("Eviction API: evicting")));
    }

    #[test]
    fn unready_pods_may_go_when_the_budget_is_healthy() {
        let mut e = Engine::with_default_cluster(1);
        let key = pod("a", false).key();
        add_pod(&mut e, pod("a", false));
        budget(&mut e, 0, 2, 1);
        assert!(evict(&mut e, &key, Some(0)).is_ok());
    }

    #[test]
    fn patch_reports_no_change() {
        let mut e = Engine::with_default_cluster(1);
        apply(&mut e, &deploy(Some(1), "nginx:1"), None).unwrap();
        let key = ObjectKey::new(Kind::Deployment, "default", "web");
        let (changed, _) = patch(&mut e, &key, PatchType::Merge, &serde_json::json!({"spec":{"replicas":3}})).unwrap();
        assert!(changed);
        let (changed, _) = patch(&mut e, &key, PatchType::Merge, &serde_json::json!({"spec":{"replicas":3}})).unwrap();
        assert!(!changed);
        assert_eq!(replicas(&e), Some(3));
    }
}
