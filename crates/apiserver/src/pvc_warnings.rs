//! The claim strategy's warnings (`GetWarningsForPersistentVolumeClaim`),
//! which the API server sends back on a create or update it goes on
//! with: the beta storage-class annotation, deprecated since v1.8, and a
//! storage request or limit that is not a whole number of bytes (`256m`
//! is 0.256 bytes, a slip for `256Mi` no volume can serve).

use kubeplay_model::goquote::quote;
use kubeplay_model::Object;

const BETA_CLASS_ANNOTATION: &str = "volume.beta.kubernetes.io/storage-class";

/// What writing `obj` earns the client; nothing for other kinds.
pub(crate) fn warnings(obj: &Object) -> Vec<String> {
    let Object::PersistentVolumeClaim(claim) = obj else { return Vec::new() };
    let mut out = Vec::new();
    if claim.metadata.annotation(BETA_CLASS_ANNOTATION).is_some() {
        out.push(format!("metadata.annotations[{BETA_CLASS_ANNOTATION}]: deprecated since v1.8; use \"storageClassName\" attribute instead"));
    }
    let resources = &claim.spec.resources;
    for (list, field) in [(&resources.requests, "requests"), (&resources.limits, "limits")] {
        if let Some(q) = list.get("storage").filter(|q| q.milli_value() % 1000 != 0) {
            out.push(format!("spec.resources.{field}[storage]: fractional byte value {} is invalid, must be an integer", quote(&q.to_string())));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::PersistentVolumeClaim;

    fn claim(requests: &[(&str, &str)], limits: &[(&str, &str)], annotated: bool) -> Object {
        let mut c = PersistentVolumeClaim::default();
        let list = |l: &[(&str, &str)]| l.iter().map(|(k, v)| (k.to_string(), v.parse().unwrap())).collect::<kubeplay_model::api::ResourceList>();
        *c.spec.resources.requests = list(requests);
        *c.spec.resources.limits = list(limits);
        if annotated {
            c.metadata.annotations.insert(BETA_CLASS_ANNOTATION.into(), "fast".into());
        }
        Object::PersistentVolumeClaim(Box::new(c))
    }

    // pkg/api/persistentvolumeclaim's TestWarnings, the storage cases.
    #[test]
    fn fractional_storage_and_the_beta_class_annotation_warn() {
        let cases: Vec<(&str, Object, Vec<&str>)> = vec![
            ("whole bytes", claim(&[("storage", "200Mi")], &[("storage", "1G")], false), vec![]),
            ("milli of a byte", claim(&[("storage", "256m")], &[], false), vec![r#"spec.resources.requests[storage]: fractional byte value "256m" is invalid, must be an integer"#]),
            (
                "request and limit",
                claim(&[("storage", "200Mi"), ("cpu", "500m")], &[("storage", "1.5")], false),
                vec![r#"spec.resources.limits[storage]: fractional byte value "1500m" is invalid, must be an integer"#],
            ),
            (
                "annotation first",
                claim(&[("storage", "0.5")], &[], true),
                vec![
                    r#"metadata.annotations[volume.beta.kubernetes.io/storage-class]: deprecated since v1.8; use "storageClassName" attribute instead"#,
                    r#"spec.resources.requests[storage]: fractional byte value "500m" is invalid, must be an integer"#,
                ],
            ),
        ];
        for (name, obj, want) in cases {
            assert_eq!(warnings(&obj), want, "{name}");
        }
        assert!(warnings(&Object::Pod(Default::default())).is_empty());
    }
}
