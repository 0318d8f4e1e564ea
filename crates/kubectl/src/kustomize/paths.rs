//! Where kinds keep the fields the transformers change: the pod spec and
//! pod template metadata of each workload kind (kustomize's default field
//! specs), as JSON pointers.

/// The pod specs of an object of `kind`.
pub fn pod_specs(kind: &str) -> &'static [&'static str] {
    match kind {
        "Pod" => &["/spec"],
        "Deployment"
        | "ReplicaSet"
        | "DaemonSet"
        | "StatefulSet"
        | "Job"
        | "ReplicationController" => &["/spec/template/spec"],
        "PodTemplate" => &["/template/spec"],
        "CronJob" => &["/spec/jobTemplate/spec/template/spec"],
        _ => &[],
    }
}

/// The metadata of the templates an object of `kind` stamps out.
pub fn template_metas(kind: &str) -> &'static [&'static str] {
    match kind {
        "Deployment"
        | "ReplicaSet"
        | "DaemonSet"
        | "StatefulSet"
        | "Job"
        | "ReplicationController" => &["/spec/template/metadata"],
        "CronJob" => &[
            "/spec/jobTemplate/metadata",
            "/spec/jobTemplate/spec/template/metadata",
        ],
        _ => &[],
    }
}

/// The value at `pointer`, making the missing objects on the way (`None`
/// when something on the way is not an object).
pub fn ensure<'a>(
    root: &'a mut serde_json::Value,
    pointer: &str,
) -> Option<&'a mut serde_json::Value> {
    let mut cur = root;
    for part in pointer.split('/').skip(1) {
        let key = part.replace("~1", "/").replace("~0", "~");
        let m = cur.as_object_mut()?;
        cur = m
            .entry(key)
            .or_insert_with(|| serde_json::Value::Object(serde_json::Map::new()));
        if cur.is_null() {
            *cur = serde_json::Value::Object(serde_json::Map::new());
        }
    }
    Some(cur)
}
