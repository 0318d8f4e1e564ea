//! ControllerRevisions (upstream `pkg/controller/history`): the snapshots
//! of a StatefulSet's or DaemonSet's pod template that `rollout history`
//! lists and `rollout undo` restores. Shared by both controllers.

use crate::controller::Ctx;
use crate::controllers::controller_ref;
use crate::controllers::deployment::util::safe_encode;
use kubeplay_apiserver::DeleteOptions;
use kubeplay_model::api::{ControllerRevision, PodTemplateSpec};
use kubeplay_model::{Kind, Object, ObjectKey, ObjectMeta};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

pub const HASH_LABEL: &str = "controller-revision-hash";

/// What a revision stores: a patch replacing `spec.template`.
pub fn template_patch(template: &PodTemplateSpec) -> Value {
    let mut t = serde_json::to_value(template).unwrap_or(Value::Null);
    if let Value::Object(m) = &mut t {
        m.insert("$patch".into(), Value::String("replace".into()));
    }
    json!({ "spec": { "template": t } })
}

/// The template a revision's data holds (for `rollout undo`).
pub fn template_of(rev: &ControllerRevision) -> Option<PodTemplateSpec> {
    template_from_data(rev.data.as_ref())
}

/// The template a revision's data (`{"spec":{"template":…}}`) restores.
pub fn template_from_data(data: Option<&Value>) -> Option<PodTemplateSpec> {
    let mut t = data?.get("spec")?.get("template")?.clone();
    if let Value::Object(m) = &mut t {
        m.remove("$patch");
    }
    kubeplay_codec::from_json(&t).ok()
}

/// `HashControllerRevision`: FNV-32 over the data (and the collision
/// count), safe-encoded. The digits differ from a real cluster's (Go's
/// JSON encoding is not reproduced) but the shape and properties match.
pub fn hash_revision(data: &Value, collision_count: Option<i32>) -> String {
    let mut h: u32 = 0x811c_9dc5;
    let mut feed = |bytes: &[u8]| {
        for b in bytes {
            h = h.wrapping_mul(0x0100_0193);
            h ^= *b as u32;
        }
    };
    feed(serde_json::to_string(data).unwrap_or_default().as_bytes());
    if let Some(c) = collision_count {
        feed(c.to_string().as_bytes());
    }
    safe_encode(&h.to_string())
}

/// Revisions controlled by `owner`, oldest revision first.
pub fn owned(ctx: &Ctx, owner: &Object) -> Vec<ControllerRevision> {
    let uid = &owner.meta().uid;
    let mut revs: Vec<ControllerRevision> = ctx
        .store()
        .list(Kind::ControllerRevision, Some(owner.namespace()))
        .filter_map(|o| match &**o {
            Object::ControllerRevision(r) if r.metadata.controller_ref().is_some_and(|c| &c.uid == uid) => Some((**r).clone()),
            _ => None,
        })
        .collect();
    kubeplay_model::sort::sort_by(&mut revs, |a, b| a.revision.cmp(&b.revision).then(a.metadata.name.cmp(&b.metadata.name)));
    revs
}

/// Finds the revision holding `data` or creates it as `name`, and makes
/// it the newest (an older equal revision is renumbered: a rollback).
/// Returns it, or None if the name is taken by a different revision (a
/// hash collision the caller resolves by bumping collisionCount).
/// New revisions carry the owner's annotations (so `rollout history`
/// shows its change-cause).
pub fn ensure(ctx: &mut Ctx, owner: &Object, revs: &mut Vec<ControllerRevision>, name: &str, labels: BTreeMap<String, String>, data: Value) -> Option<ControllerRevision> {
    let max = revs.iter().map(|r| r.revision).max().unwrap_or(0);
    if let Some(i) = revs.iter().position(|r| r.data.as_ref() == Some(&data)) {
        if revs[i].revision < max {
            let mut r = revs[i].clone();
            r.revision = max + 1;
            if let Ok(o) = ctx.update(Object::ControllerRevision(Box::new(r))) {
                if let Object::ControllerRevision(r) = &*o {
                    revs[i] = ControllerRevision::clone(r);
                }
            }
        }
        return Some(revs[i].clone());
    }
    if ctx.store().get_by(Kind::ControllerRevision, owner.namespace(), name).is_some() {
        return None;
    }
    let rev = ControllerRevision {
        metadata: ObjectMeta {
            name: name.to_string(),
            namespace: owner.namespace().into(),
            labels: labels.into(),
            annotations: owner.meta().annotations.clone(),
            owner_references: vec![controller_ref(owner)].into(),
            ..Default::default()
        },
        data: Some(data.clone()),
        revision: max + 1,
    };
    let key = ObjectKey::new(Kind::ControllerRevision, owner.namespace(), name);
    let made = match ctx.create(Object::ControllerRevision(Box::new(rev))) {
        Ok(o) => o,
        // `CreateControllerRevision`: the name is taken, by this very
        // revision if a lagging cache did not show it yet (a GET past the
        // cache tells), else by a hash collision.
        Err(kubeplay_apiserver::ApiError::AlreadyExists { .. }) => ctx.api_get(&key).filter(|o| matches!(&**o, Object::ControllerRevision(r) if r.data.as_ref() == Some(&data)))?,
        Err(_) => return None,
    };
    let Object::ControllerRevision(r) = &*made else { return None };
    if !revs.iter().any(|x| x.metadata.name == r.metadata.name) {
        revs.push(ControllerRevision::clone(r));
    }
    Some(ControllerRevision::clone(r))
}

/// Deletes the oldest revisions beyond `limit`, never one in `live`
/// (current, update, or still labelling a pod).
pub fn truncate(ctx: &mut Ctx, revs: &[ControllerRevision], live: &BTreeSet<String>, limit: i32) {
    let limit = limit.max(0) as usize;
    let dead: Vec<&ControllerRevision> = revs.iter().filter(|r| !live.contains(&r.metadata.name)).collect();
    if dead.len() <= limit {
        return;
    }
    for r in &dead[..dead.len() - limit] {
        let _ = ctx.delete(&ObjectKey::new(Kind::ControllerRevision, &r.metadata.namespace, &r.metadata.name), DeleteOptions::default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::{Container, PodSpec};

    fn template(image: &str) -> PodTemplateSpec {
        PodTemplateSpec {
            metadata: ObjectMeta::default(),
            spec: PodSpec { containers: vec![Container { name: "c".into(), image: Some(image.into()), ..Default::default() }].into(), ..Default::default() },
        }
    }

    #[test]
    fn patch_round_trips_and_replaces_the_template() {
        let p = template_patch(&template("nginx:1"));
        assert_eq!(p["spec"]["template"]["$patch"], "replace");
        let rev = ControllerRevision { data: Some(p), ..Default::default() };
        assert_eq!(template_of(&rev), Some(template("nginx:1")));
    }

    #[test]
    fn hashes_differ_by_data_and_collision_count() {
        let a = template_patch(&template("nginx:1"));
        let b = template_patch(&template("nginx:2"));
        assert_ne!(hash_revision(&a, None), hash_revision(&b, None));
        assert_ne!(hash_revision(&a, None), hash_revision(&a, Some(1)));
        assert_eq!(hash_revision(&a, None), hash_revision(&a, None));
        assert!(hash_revision(&a, None).chars().all(|c| "bcdfghjklmnpqrstvwxz2456789".contains(c)));
    }
}
