//! `images` (new names, tags and digests for containers' images) and
//! `replicas` (counts for workloads, by name).

use super::file::Image;
use super::res::Res;
use serde_json::Value;

/// An image reference split into name, `:tag` and `@digest` (a registry
/// port's colon is not a tag).
fn split(image: &str) -> (&str, &str, &str) {
    let (rest, digest) = match image.find('@') {
        Some(i) => (&image[..i], &image[i..]),
        None => (image, ""),
    };
    let slash = rest.rfind('/').map_or(0, |i| i + 1);
    match rest[slash..].find(':') {
        Some(i) => (&rest[..slash + i], &rest[slash + i..], digest),
        None => (rest, "", digest),
    }
}

fn rewrite(image: &str, rules: &[Image]) -> Option<String> {
    let (name, tag, digest) = split(image);
    let rule = rules.iter().find(|r| r.name == name)?;
    let new_name = if rule.new_name.is_empty() {
        name
    } else {
        rule.new_name.as_str()
    };
    let suffix = if !rule.digest.is_empty() && !rule.new_tag.is_empty() {
        format!(":{}@{}", rule.new_tag, rule.digest)
    } else if !rule.digest.is_empty() {
        format!("@{}", rule.digest)
    } else if !rule.new_tag.is_empty() {
        format!(":{}", rule.new_tag)
    } else {
        format!("{tag}{digest}")
    };
    Some(format!("{new_name}{suffix}"))
}

/// kustomize rewrites the images of every `containers` and
/// `initContainers` list, wherever in the object it sits.
fn rewrite_all(v: &mut Value, rules: &[Image]) {
    match v {
        Value::Object(m) => {
            for (k, child) in m.iter_mut() {
                if let (true, Value::Array(cs)) =
                    (k == "containers" || k == "initContainers", &mut *child)
                {
                    for c in cs.iter_mut().filter_map(Value::as_object_mut) {
                        if let Some(new) = c
                            .get("image")
                            .and_then(Value::as_str)
                            .and_then(|i| rewrite(i, rules))
                        {
                            c.insert("image".into(), Value::String(new));
                        }
                    }
                }
                rewrite_all(child, rules);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|i| rewrite_all(i, rules)),
        _ => {}
    }
}

pub fn images(list: &mut [Res], rules: &[Image]) {
    if rules.is_empty() {
        return;
    }
    for r in list {
        let mut v = Value::Object(std::mem::take(&mut r.obj));
        // One transformer per entry, in order: a later entry sees what an
        // earlier one renamed.
        for rule in rules {
            rewrite_all(&mut v, std::slice::from_ref(rule));
        }
        if let Value::Object(m) = v {
            r.obj = m;
        }
    }
}

const SCALED: [&str; 4] = [
    "Deployment",
    "StatefulSet",
    "ReplicaSet",
    "ReplicationController",
];

/// `replicas`: a name no scalable resource had is kustomize's error.
pub fn replicas(list: &mut [Res], counts: &[(String, i64)]) -> Result<(), String> {
    for (name, count) in counts {
        let mut found = false;
        for r in list
            .iter_mut()
            .filter(|r| SCALED.contains(&r.kind()) && r.had_name(name))
        {
            found = true;
            if let Some(Value::Object(spec)) = Some(
                r.obj
                    .entry("spec")
                    .or_insert_with(|| Value::Object(Default::default())),
            ) {
                spec.insert("replicas".into(), Value::from(*count));
            }
        }
        if !found {
            return Err(format!(
                "resource with name {name} does not match a config with the following GVK [Deployment.[noVer].[noGrp] StatefulSet.[noVer].[noGrp] ReplicaSet.[noVer].[noGrp] ReplicationController.[noVer].[noGrp]]"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_image_references() {
        assert_eq!(split("nginx"), ("nginx", "", ""));
        assert_eq!(split("nginx:1.25"), ("nginx", ":1.25", ""));
        assert_eq!(
            split("localhost:5000/app:v1@sha256:ab"),
            ("localhost:5000/app", ":v1", "@sha256:ab")
        );
        assert_eq!(split("localhost:5000/app"), ("localhost:5000/app", "", ""));
    }
}
