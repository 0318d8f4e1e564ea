//! The RuntimeClass admission plugin (`plugin/pkg/admission/runtimeclass`)
//! on a pod's create: the pod's class must exist; its overhead becomes the
//! pod's `spec.overhead` (which a pod may not state otherwise), and its
//! scheduling constraints are merged into the pod's node selector and
//! tolerations, so the scheduler needs to know nothing of classes.

use kubeplay_model::api::{PodSpec, ResourceList, RuntimeClass, Toleration};

/// Why a pod is refused, in upstream's words (after `pods "x" is forbidden: `).
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    NotFound(String),
    OverheadMismatch,
    OverheadWithoutClass,
    SelectorConflict {
        key: String,
        class_value: String,
        pod_value: String,
    },
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NotFound(name) => write!(f, "pod rejected: RuntimeClass {} not found", kubeplay_model::goquote::quote(name)),
            Refusal::OverheadMismatch => f.write_str("pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead"),
            Refusal::OverheadWithoutClass => f.write_str("pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead"),
            // Upstream formats with %s, not %q.
            Refusal::SelectorConflict { key, class_value, pod_value } => {
                write!(f, "conflict: runtimeClass.scheduling.nodeSelector[{key}] = {class_value}; pod.spec.nodeSelector[{key}] = {pod_value}")
            }
        }
    }
}

/// The plugin's mutating and validating halves on one pod. `lookup`
/// finds a class by name.
pub fn admit<'a>(
    spec: &mut PodSpec,
    lookup: impl Fn(&str) -> Option<&'a RuntimeClass>,
) -> Result<(), Refusal> {
    // An empty name is left for the pod's validation to refuse.
    let class = match spec.runtime_class_name.as_deref().filter(|n| !n.is_empty()) {
        None => None,
        Some(name) => Some(lookup(name).ok_or_else(|| Refusal::NotFound(name.to_string()))?),
    };
    set_overhead(spec, class)?;
    set_scheduling(spec, class)?;
    validate_overhead(spec, class)
}

fn class_overhead(class: Option<&RuntimeClass>) -> Option<&ResourceList> {
    class
        .and_then(|c| c.overhead.as_ref())
        .map(|o| o.pod_fixed.as_ref().unwrap_or(&EMPTY))
}

static EMPTY: ResourceList = ResourceList::new();

/// `setOverhead`: a class with an overhead gives it to the pod, unless the
/// pod states another. Quantities compare by value (`Semantic.DeepEqual`).
fn set_overhead(spec: &mut PodSpec, class: Option<&RuntimeClass>) -> Result<(), Refusal> {
    let Some(fixed) = class_overhead(class) else {
        return Ok(());
    };
    if spec.overhead.as_ref().is_some_and(|o| o != fixed) {
        return Err(Refusal::OverheadMismatch);
    }
    spec.overhead = Some(fixed.clone());
    Ok(())
}

/// `setScheduling`: the class's node selector joins the pod's (a key both
/// set differently is a conflict), its tolerations merge into the pod's.
fn set_scheduling(spec: &mut PodSpec, class: Option<&RuntimeClass>) -> Result<(), Refusal> {
    let Some(s) = class.and_then(|c| c.scheduling.as_ref()) else {
        return Ok(());
    };
    for (key, class_value) in s.node_selector.iter().flatten() {
        match spec.node_selector.get(key) {
            Some(pod_value) if pod_value != class_value => {
                return Err(Refusal::SelectorConflict {
                    key: key.clone(),
                    class_value: class_value.clone(),
                    pod_value: pod_value.clone(),
                });
            }
            _ => {
                spec.node_selector.insert(key.clone(), class_value.clone());
            }
        }
    }
    if !s.tolerations.is_empty() {
        spec.tolerations = merge_tolerations(&spec.tolerations, &s.tolerations).into();
    }
    Ok(())
}

/// `validateOverhead`, run after every mutating plugin: the pod's overhead
/// is its class's, or absent when the class defines none.
fn validate_overhead(spec: &PodSpec, class: Option<&RuntimeClass>) -> Result<(), Refusal> {
    match class_overhead(class) {
        Some(fixed) if spec.overhead.as_ref() != Some(fixed) => Err(Refusal::OverheadMismatch),
        Some(_) => Ok(()),
        None if spec.overhead.is_some() => Err(Refusal::OverheadWithoutClass),
        None => Ok(()),
    }
}

/// `tolerations.MergeTolerations`: both lists in order, leaving out any
/// toleration another one kept (or a later, different one) already covers.
pub fn merge_tolerations(first: &[Toleration], second: &[Toleration]) -> Vec<Toleration> {
    let all: Vec<&Toleration> = first.iter().chain(second).collect();
    let mut merged: Vec<Toleration> = Vec::new();
    for (i, t) in all.iter().enumerate() {
        if merged.iter().any(|kept| is_superset(kept, t)) {
            continue;
        }
        if all[i + 1..]
            .iter()
            .any(|later| !same(t, later) && is_superset(later, t))
        {
            continue;
        }
        merged.push((*t).clone());
    }
    merged
}

fn s(v: &Option<String>) -> &str {
    v.as_deref().unwrap_or("")
}

/// Go's zero values: an unset field equals an empty one.
fn same(a: &Toleration, b: &Toleration) -> bool {
    s(&a.key) == s(&b.key)
        && s(&a.operator) == s(&b.operator)
        && s(&a.value) == s(&b.value)
        && s(&a.effect) == s(&b.effect)
        && a.toleration_seconds == b.toleration_seconds
}

/// `isSuperset`: whether `ss` tolerates everything `t` does.
fn is_superset(ss: &Toleration, t: &Toleration) -> bool {
    if same(ss, t) {
        return true;
    }
    if s(&t.key) != s(&ss.key) && (!s(&ss.key).is_empty() || s(&ss.operator) != "Exists") {
        return false;
    }
    if s(&t.effect) != s(&ss.effect) && !s(&ss.effect).is_empty() {
        return false;
    }
    if s(&ss.effect) == "NoExecute" {
        if let Some(limit) = ss.toleration_seconds {
            if t.toleration_seconds.is_none_or(|secs| secs > limit) {
                return false;
            }
        }
    }
    match s(&ss.operator) {
        "Equal" | "" => s(&t.operator) == "Equal" && s(&t.value) == s(&ss.value),
        "Exists" => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests;
