//! Tables after upstream's `TestValidateSeccompProfileField`,
//! `TestValidateAppArmorProfileField`, the AppArmor annotation cases of
//! `TestValidatePod` and the pod strategy's `TestApplyAppArmorVersionSkew`.

use super::*;
use crate::object::Object;
use serde_json::json;

fn p(type_: &str, localhost: Option<&str>) -> Profile {
    Profile { type_: type_.to_string(), localhost: localhost.map(str::to_string) }
}

fn msgs(errs: &[FieldError]) -> Vec<String> {
    errs.iter().map(|e| e.to_string()).collect()
}

#[test]
fn seccomp_profiles() {
    let path = Path::new("seccompProfile");
    let cases: &[(Profile, &[&str])] = &[
        (p("Unconfined", None), &[]),
        (p("RuntimeDefault", None), &[]),
        (p("Localhost", Some("profiles/audit.json")), &[]),
        (p("Localhost", None), &["seccompProfile.localhostProfile: Required value: must be set when seccomp type is Localhost"]),
        (p("Localhost", Some("/etc/x.json")), &["seccompProfile.localhostProfile: Invalid value: \"/etc/x.json\": must be a relative path"]),
        (p("Localhost", Some("../x.json")), &["seccompProfile.localhostProfile: Invalid value: \"../x.json\": must not contain '..'"]),
        (p("RuntimeDefault", Some("x")), &["seccompProfile.localhostProfile: Invalid value: core.SeccompProfile{Type:\"RuntimeDefault\", LocalhostProfile:(*string)(0xc000012345)}: can only be set when seccomp type is Localhost"]),
        (p("", None), &["seccompProfile.type: Required value: type is required when seccompProfile is set"]),
        (
            p("Bogus", Some("x")),
            &[
                "seccompProfile.type: Unsupported value: \"Bogus\": supported values: \"Localhost\", \"RuntimeDefault\", \"Unconfined\"",
                "seccompProfile.localhostProfile: Invalid value: core.SeccompProfile{Type:\"Bogus\", LocalhostProfile:(*string)(0xc000012345)}: can only be set when seccomp type is Localhost",
            ],
        ),
    ];
    for (profile, want) in cases {
        assert_eq!(msgs(&seccomp(profile, &path)), *want, "{profile:?}");
    }
}

#[test]
fn apparmor_profiles() {
    let path = Path::new("appArmorProfile");
    let long = "x".repeat(4096);
    let cases: &[(Profile, &[&str])] = &[
        (p("Unconfined", None), &[]),
        (p("RuntimeDefault", None), &[]),
        (p("Localhost", Some("k8s-apparmor-example-deny-write")), &[]),
        (p("Localhost", None), &["appArmorProfile.localhostProfile: Required value: must be set when AppArmor type is Localhost"]),
        (p("Localhost", Some("")), &["appArmorProfile.localhostProfile: Required value: must be set when AppArmor type is Localhost"]),
        (p("Localhost", Some(" x")), &["appArmorProfile.localhostProfile: Invalid value: \" x\": must not be padded with whitespace"]),
        (p("Localhost", Some(&long)), &["appArmorProfile.localhostProfile: Too long: may not be more than 4095 bytes"]),
        (p("Unconfined", Some("x")), &["appArmorProfile.localhostProfile: Invalid value: \"x\": can only be set when AppArmor type is Localhost"]),
        (p("", Some("x")), &["appArmorProfile.type: Required value: type is required when appArmorProfile is set"]),
        (p("Bogus", None), &["appArmorProfile.type: Unsupported value: \"Bogus\": supported values: \"Localhost\", \"RuntimeDefault\", \"Unconfined\""]),
    ];
    for (profile, want) in cases {
        assert_eq!(msgs(&apparmor(profile, &path)), *want, "{profile:?}");
    }
}

fn pod(v: serde_json::Value) -> Pod {
    match Object::from_json(&v).expect("decodes") {
        Object::Pod(p) => *p,
        _ => unreachable!("a pod"),
    }
}

fn hello(annotations: serde_json::Value, pod_sc: serde_json::Value, ctr_sc: serde_json::Value) -> Pod {
    let mut c = json!({"name": "hello", "image": "busybox:1.28"});
    if !ctr_sc.is_null() {
        c["securityContext"] = ctr_sc;
    }
    let mut spec = json!({"containers": [c]});
    if !pod_sc.is_null() {
        spec["securityContext"] = pod_sc;
    }
    pod(json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "hello-apparmor", "annotations": annotations}, "spec": spec}))
}

#[test]
fn apparmor_annotations_name_a_container_and_a_profile() {
    let path = Path::new("metadata").child("annotations").as_string();
    let path = Path::new(&path);
    let cases: &[(serde_json::Value, &[&str])] = &[
        (json!({"container.apparmor.security.beta.kubernetes.io/hello": "localhost/deny"}), &[]),
        (json!({"container.apparmor.security.beta.kubernetes.io/hello": "runtime/default"}), &[]),
        (
            json!({"container.apparmor.security.beta.kubernetes.io/other": "unconfined"}),
            &["metadata.annotations[container.apparmor.security.beta.kubernetes.io/other]: Invalid value: \"other\": container not found"],
        ),
        (
            json!({"container.apparmor.security.beta.kubernetes.io/hello": "deny-write"}),
            &["metadata.annotations[container.apparmor.security.beta.kubernetes.io/hello]: Invalid value: \"deny-write\": invalid AppArmor profile name: \"deny-write\""],
        ),
    ];
    for (annotations, want) in cases {
        let pod = hello(annotations.clone(), json!(null), json!(null));
        assert_eq!(msgs(&apparmor_annotations(&pod.metadata.annotations, &pod.spec, &path)), *want, "{annotations}");
    }
}

#[test]
fn apparmor_annotation_and_field_must_agree_on_create() {
    let key = "container.apparmor.security.beta.kubernetes.io/hello";
    type Case<'a> = (serde_json::Value, serde_json::Value, serde_json::Value, &'a [&'a str]);
    let cases: &[Case] = &[
        (json!({key: "localhost/a"}), json!({"appArmorProfile": {"type": "Localhost", "localhostProfile": "a"}}), json!(null), &[]),
        (
            json!({key: "runtime/default"}),
            json!(null),
            json!({"appArmorProfile": {"type": "Unconfined"}}),
            &["spec.containers[0].securityContext.appArmorProfile.type: Forbidden: apparmor type in annotation and field must match"],
        ),
        (
            json!({key: "localhost/a"}),
            json!({"appArmorProfile": {"type": "Localhost", "localhostProfile": "b"}}),
            json!(null),
            &["spec.containers[0].securityContext.appArmorProfile.localhostProfile: Forbidden: apparmor profile in annotation and field must match"],
        ),
        // A container's own profile overrides the pod's.
        (json!({key: "unconfined"}), json!({"appArmorProfile": {"type": "RuntimeDefault"}}), json!({"appArmorProfile": {"type": "Unconfined"}}), &[]),
    ];
    for (annotations, pod_sc, ctr_sc, want) in cases {
        let pod = hello(annotations.clone(), pod_sc.clone(), ctr_sc.clone());
        assert_eq!(msgs(&apparmor_match_on_create(&pod)), *want, "{annotations} {pod_sc} {ctr_sc}");
    }
}

#[test]
fn the_version_skew_syncs_fields_and_annotations() {
    let key = "container.apparmor.security.beta.kubernetes.io/hello";
    let warning = format!("metadata.annotations[{key}]: deprecated since v1.30; use the \"appArmorProfile\" field instead");
    // (annotations, pod profile, container profile) → (annotation after, container profile after, warns)
    type Case<'a> = (serde_json::Value, serde_json::Value, serde_json::Value, Option<&'a str>, Option<serde_json::Value>, bool);
    let cases: Vec<Case> = vec![
        // The pod's field becomes the container's annotation.
        (json!({}), json!({"appArmorProfile": {"type": "Localhost", "localhostProfile": "deny"}}), json!(null), Some("localhost/deny"), None, false),
        // The container's field wins over the pod's.
        (json!({}), json!({"appArmorProfile": {"type": "RuntimeDefault"}}), json!({"appArmorProfile": {"type": "Unconfined"}}), Some("unconfined"), Some(json!({"type": "Unconfined"})), false),
        // The annotation becomes the container's field, with a warning.
        (json!({key: "localhost/deny"}), json!(null), json!(null), Some("localhost/deny"), Some(json!({"type": "Localhost", "localhostProfile": "deny"})), true),
        // Equal to the pod's: not copied, and no warning.
        (json!({key: "runtime/default"}), json!({"appArmorProfile": {"type": "RuntimeDefault"}}), json!(null), Some("runtime/default"), None, false),
        // A value no field can hold: only the warning.
        (json!({key: "localhost/"}), json!(null), json!(null), Some("localhost/"), None, true),
        (json!({key: "bogus"}), json!(null), json!(null), Some("bogus"), None, true),
    ];
    for (annotations, pod_sc, ctr_sc, want_annotation, want_field, warns) in cases {
        let mut pod = hello(annotations.clone(), pod_sc.clone(), ctr_sc.clone());
        let warnings = apparmor_version_skew(&mut pod);
        let case = format!("{annotations} {pod_sc} {ctr_sc}");
        assert_eq!(pod.metadata.annotations.get(key).map(String::as_str), want_annotation, "{case}");
        let field = pod.spec.containers[0].security_context.as_deref().and_then(|sc| sc.get("appArmorProfile")).cloned();
        assert_eq!(field, want_field, "{case}");
        assert_eq!(warnings, if warns { vec![warning.clone()] } else { vec![] }, "{case}");
    }
}
