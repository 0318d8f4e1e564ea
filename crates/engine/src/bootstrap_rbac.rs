//! The RBAC objects of a fresh kind v1.32 cluster: the API server's
//! bootstrap policy (upstream's `bootstrappolicy` package: its cluster
//! roles, the controllers' roles, the roles in kube-system and kube-public,
//! and their bindings, with the label and annotation it gives each), what
//! kubeadm adds (node bootstrap, kube-proxy, CoreDNS) and what kind's
//! manifests install (kindnet, the local-path provisioner).
//!
//! The rules are the cluster's data, some 150 objects; they are kept as a
//! terse text (`bootstrap_rbac.txt`) read at every start, which costs less
//! download than the same objects written as Rust. One line each:
//!
//! - objects: `CR name` a ClusterRole, `RO namespace name` a Role, `CB
//!   name role` a ClusterRoleBinding to a ClusterRole, `RB namespace name
//!   role` a RoleBinding to a Role (upper case: the API server's, with its
//!   label and annotation; lower case: kubeadm's or kind's, with none),
//!   and `CC name` the role `system:controller:<name>` with its binding to
//!   the kube-system ServiceAccount `<name>`;
//! - the last object's details: `l key=value` a label, `a key=value` an
//!   aggregation selector, `= verbs groups resources [resourceNames]` a
//!   rule (lists comma-separated, `~` the core group), `u verbs urls` a
//!   non-resource rule, `e` the rule every controller has for events, and
//!   `G group`, `U user`, `S namespace:name` (a ServiceAccount) subjects.

use kubeplay_model::api::{AggregationRule, ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, RoleRef, Subject, RBAC_GROUP};
use kubeplay_model::{LabelSelector, Object, ObjectMeta};
use std::collections::BTreeMap;

const DATA: &str = include_str!("bootstrap_rbac.txt");

/// A line of the data that does not parse (its 1-based number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bootstrap RBAC data, line {0}: not understood")]
pub struct BadLine(pub usize);

/// Every object, in the order the cluster creates them, `admin`, `edit`
/// and `view` holding the rules the aggregation controller gives them
/// before anyone can look.
pub fn objects() -> Result<Vec<Object>, BadLine> {
    let mut objects = parse(DATA)?;
    crate::controllers::clusterroleaggregation::aggregate_all(&mut objects);
    Ok(objects)
}

/// What the API server puts on each object of its bootstrap policy.
fn bootstrap_meta(name: &str, namespace: &str) -> ObjectMeta {
    ObjectMeta {
        name: name.into(),
        namespace: namespace.into(),
        labels: BTreeMap::from([("kubernetes.io/bootstrapping".to_string(), "rbac-defaults".to_string())]).into(),
        annotations: BTreeMap::from([("rbac.authorization.kubernetes.io/autoupdate".to_string(), "true".to_string())]).into(),
        ..Default::default()
    }
}

fn meta(bootstrap: bool, name: &str, namespace: &str) -> ObjectMeta {
    if bootstrap {
        bootstrap_meta(name, namespace)
    } else {
        ObjectMeta { name: name.into(), namespace: namespace.into(), ..Default::default() }
    }
}

/// A comma-separated list; `~` stands for the core API group's empty name.
fn list(s: &str) -> Vec<String> {
    s.split(',').map(|w| if w == "~" { String::new() } else { w.to_string() }).collect()
}

/// `eventsRule()`: what every controller needs to record events.
fn events_rule() -> PolicyRule {
    PolicyRule {
        verbs: list("create,patch,update"),
        api_groups: list("~,events.k8s.io"),
        resources: list("events"),
        ..Default::default()
    }
}

fn role_ref(kind: &str, name: &str) -> RoleRef {
    RoleRef { api_group: RBAC_GROUP.into(), kind: kind.into(), name: name.into() }
}

fn subject(kind: &str, rest: &str) -> Option<Subject> {
    Some(match kind {
        "G" | "U" => Subject { kind: if kind == "G" { "Group" } else { "User" }.into(), api_group: RBAC_GROUP.into(), name: rest.into(), namespace: String::new() },
        "S" => {
            let (namespace, name) = rest.split_once(':')?;
            Subject { kind: "ServiceAccount".into(), api_group: String::new(), name: name.into(), namespace: namespace.into() }
        }
        _ => return None,
    })
}

fn rules_of(obj: &mut Object) -> Option<&mut Vec<PolicyRule>> {
    match obj {
        Object::ClusterRole(r) => Some(r.rules.get_or_insert_with(Vec::new)),
        Object::Role(r) => Some(r.rules.get_or_insert_with(Vec::new)),
        _ => None,
    }
}

fn subjects_of(obj: &mut Object) -> Option<&mut Vec<Subject>> {
    match obj {
        Object::ClusterRoleBinding(b) => Some(&mut b.subjects),
        Object::RoleBinding(b) => Some(&mut b.subjects),
        _ => None,
    }
}

/// Reads the format `bootstrap_rbac.txt` describes.
pub(crate) fn parse(data: &str) -> Result<Vec<Object>, BadLine> {
    let mut out: Vec<Object> = Vec::new();
    // Upstream adds each controller's binding with its role; they are
    // created after every role, as the API server's hook does.
    let mut controller_bindings = Vec::new();
    for (i, line) in data.lines().enumerate() {
        let bad = BadLine(i + 1);
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (tag, rest) = line.split_once(' ').unwrap_or((line, ""));
        let words: Vec<&str> = rest.split_whitespace().collect();
        let bootstrap = tag.chars().all(|c| c.is_ascii_uppercase());
        match (tag, words.as_slice()) {
            ("CR" | "cr", [name]) => out.push(Object::ClusterRole(Box::new(ClusterRole { metadata: meta(bootstrap, name, ""), ..Default::default() }))),
            ("CC", [name]) => {
                let full = format!("system:controller:{name}");
                out.push(Object::ClusterRole(Box::new(ClusterRole { metadata: bootstrap_meta(&full, ""), ..Default::default() })));
                controller_bindings.push(Object::ClusterRoleBinding(Box::new(ClusterRoleBinding {
                    metadata: bootstrap_meta(&full, ""),
                    subjects: vec![Subject { kind: "ServiceAccount".into(), api_group: String::new(), name: name.to_string(), namespace: "kube-system".into() }],
                    role_ref: role_ref("ClusterRole", &full),
                })));
            }
            ("RO" | "ro", [namespace, name]) => out.push(Object::Role(Box::new(Role { metadata: meta(bootstrap, name, namespace), rules: None }))),
            ("CB" | "cb", [name, role]) => out.push(Object::ClusterRoleBinding(Box::new(ClusterRoleBinding {
                metadata: meta(bootstrap, name, ""),
                subjects: Vec::new(),
                role_ref: role_ref("ClusterRole", role),
            }))),
            ("RB" | "rb", [namespace, name, role]) => out.push(Object::RoleBinding(Box::new(RoleBinding {
                metadata: meta(bootstrap, name, namespace),
                subjects: Vec::new(),
                role_ref: role_ref("Role", role),
            }))),
            ("l" | "a", [pair]) => {
                let (key, value) = pair.split_once('=').ok_or(bad)?;
                let (key, value) = (key.to_string(), value.to_string());
                match (tag, out.last_mut()) {
                    ("l", Some(obj)) => {
                        obj.meta_mut().labels.insert(key, value);
                    }
                    ("a", Some(Object::ClusterRole(r))) => {
                        let selector = LabelSelector { match_labels: BTreeMap::from([(key, value)]), match_expressions: Vec::new() };
                        r.aggregation_rule.get_or_insert_with(AggregationRule::default).cluster_role_selectors.push(selector);
                    }
                    _ => return Err(bad),
                }
            }
            ("=" | "u" | "e", _) => {
                let rule = match (tag, words.as_slice()) {
                    ("=", [verbs, groups, resources, names @ ..]) if names.len() <= 1 => PolicyRule {
                        verbs: list(verbs),
                        api_groups: list(groups),
                        resources: list(resources),
                        resource_names: names.first().map(|n| list(n)).unwrap_or_default(),
                        non_resource_urls: Vec::new(),
                    },
                    ("u", [verbs, urls]) => PolicyRule { verbs: list(verbs), non_resource_urls: list(urls), ..Default::default() },
                    ("e", []) => events_rule(),
                    _ => return Err(bad),
                };
                out.last_mut().and_then(rules_of).ok_or(bad)?.push(rule);
            }
            ("G" | "U" | "S", [rest]) => {
                let s = subject(tag, rest).ok_or(bad)?;
                out.last_mut().and_then(subjects_of).ok_or(bad)?.push(s);
            }
            _ => return Err(bad),
        }
    }
    out.extend(controller_bindings);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::Kind;

    #[test]
    fn the_data_parses() {
        let objects = objects().unwrap();
        let count = |kind: Kind| objects.iter().filter(|o| o.kind() == kind).count();
        // bootstrappolicy's 31 cluster roles and 33 controller roles, and
        // kubeadm's and kind's 4.
        assert_eq!(count(Kind::ClusterRole), 31 + 33 + 4);
        assert_eq!(count(Kind::ClusterRoleBinding), 12 + 33 + 9);
        assert_eq!(count(Kind::Role), 11);
        assert_eq!(count(Kind::RoleBinding), 11);
    }

    #[test]
    fn the_api_server_accepts_every_object() {
        let e = crate::Engine::with_default_cluster(1);
        let store = &e.world().store;
        let objects = objects().unwrap();
        for kind in [Kind::ClusterRole, Kind::ClusterRoleBinding, Kind::Role, Kind::RoleBinding] {
            assert_eq!(store.list(kind, None).count(), objects.iter().filter(|o| o.kind() == kind).count(), "{kind:?}");
        }
    }

    #[test]
    fn lines_it_does_not_understand_are_errors() {
        assert_eq!(parse("CR a\n= get"), Err(BadLine(2)));
        assert_eq!(parse("G system:masters"), Err(BadLine(1)));
        assert_eq!(parse("CB a b\nS no-namespace"), Err(BadLine(2)));
        assert_eq!(parse("# only a comment\n\nXX y"), Err(BadLine(3)));
    }

    // cluster-roles.yaml's entries, as the golden file writes them.
    #[test]
    fn roles_carry_the_bootstrap_label_annotation_and_rules() {
        let objects = parse(DATA).unwrap();
        let role = |name: &str| objects.iter().find_map(|o| o.as_cluster_role().filter(|r| r.metadata.name == name)).unwrap();
        let edit = role("edit");
        assert_eq!(edit.metadata.labels.get("kubernetes.io/bootstrapping").map(String::as_str), Some("rbac-defaults"));
        assert_eq!(edit.metadata.labels.get("rbac.authorization.k8s.io/aggregate-to-admin").map(String::as_str), Some("true"));
        assert_eq!(edit.metadata.annotations.get("rbac.authorization.kubernetes.io/autoupdate").map(String::as_str), Some("true"));
        assert_eq!(edit.rules, None);
        let selectors = &edit.aggregation_rule.as_ref().unwrap().cluster_role_selectors;
        assert_eq!(selectors[0].match_labels.get("rbac.authorization.k8s.io/aggregate-to-edit").map(String::as_str), Some("true"));
        let admin = role("cluster-admin");
        assert_eq!(
            admin.rules.as_deref().unwrap(),
            [
                PolicyRule { verbs: list("*"), api_groups: list("*"), resources: list("*"), ..Default::default() },
                PolicyRule { verbs: list("*"), non_resource_urls: list("*"), ..Default::default() },
            ]
        );
        let kindnet = role("kindnet");
        assert!(kindnet.metadata.labels.is_empty() && kindnet.metadata.annotations.is_empty());
    }
}
