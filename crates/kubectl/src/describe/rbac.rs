//! `kubectl describe` for Role, ClusterRole, RoleBinding and
//! ClusterRoleBinding (describe.go's `RoleDescriber`,
//! `ClusterRoleDescriber`, `RoleBindingDescriber` and
//! `ClusterRoleBindingDescriber`). None prints a namespace or events.

use super::{annotations_multiline, labels_multiline, Writer};
use kubeplay_model::api::{PolicyRule, RoleRef, Subject};
use kubeplay_model::ObjectMeta;

/// A Go `%v` of a `[]string`: `[a b]`, `[]` when empty.
pub(crate) fn go_list(v: &[String]) -> String {
    format!("[{}]", v.join(" "))
}

/// The protobuf `String()` of a PolicyRule, the key kubectl sorts rules by:
/// verbs first, so rules granting the same verbs come together.
fn rule_key(r: &PolicyRule) -> String {
    format!(
        "&PolicyRule{{Verbs:{},APIGroups:{},Resources:{},ResourceNames:{},NonResourceURLs:{},}}",
        go_list(&r.verbs),
        go_list(&r.api_groups),
        go_list(&r.resources),
        go_list(&r.resource_names),
        go_list(&r.non_resource_urls)
    )
}

/// util/rbac's `BreakdownRule`: one rule per group, resource, verb and
/// name (a rule without groups grants no resources), then one per
/// non-resource URL and verb.
pub(crate) fn breakdown(rule: &PolicyRule) -> Vec<PolicyRule> {
    let one = |s: &String| vec![s.clone()];
    let mut out = Vec::new();
    for group in &rule.api_groups {
        for resource in &rule.resources {
            for verb in &rule.verbs {
                let base = PolicyRule { api_groups: one(group), resources: one(resource), verbs: one(verb), ..Default::default() };
                if rule.resource_names.is_empty() {
                    out.push(base);
                } else {
                    out.extend(rule.resource_names.iter().map(|n| PolicyRule { resource_names: one(n), ..base.clone() }));
                }
            }
        }
    }
    for url in &rule.non_resource_urls {
        for verb in &rule.verbs {
            out.push(PolicyRule { non_resource_urls: one(url), verbs: one(verb), ..Default::default() });
        }
    }
    out
}

/// util/rbac's `CompactRules` then `SortableRuleSlice`: the broken-down
/// resource rules merged per (group, resource, name) with their verbs in
/// the order met; non-resource rules stay one row per URL and verb.
/// Merged rules' keys are distinct, so the order of Go's map walk
/// before the stable sort does not show. describe's rule table and
/// `auth can-i --list` both print rules this way.
pub fn compact_rules(rules: &[PolicyRule]) -> Vec<PolicyRule> {
    let broken: Vec<PolicyRule> = rules.iter().flat_map(breakdown).collect();
    let mut other: Vec<PolicyRule> = Vec::new();
    let mut simple: Vec<PolicyRule> = Vec::new();
    for r in broken {
        if !r.non_resource_urls.is_empty() {
            other.push(r);
            continue;
        }
        let same = |s: &&mut PolicyRule| s.api_groups == r.api_groups && s.resources == r.resources && s.resource_names == r.resource_names;
        match simple.iter_mut().find(same) {
            Some(existing) => existing.verbs.extend(r.verbs),
            None => simple.push(r),
        }
    }
    other.extend(simple);
    let mut keyed: Vec<(String, PolicyRule)> = other.into_iter().map(|r| (rule_key(&r), r)).collect();
    kubeplay_model::sort::sort_by(&mut keyed, |a, b| a.0.cmp(&b.0));
    keyed.into_iter().map(|(_, r)| r).collect()
}

/// describe.go's `CombineResourceGroup`: the first resource, qualified by
/// the first group (`deployments.apps/scale`).
pub(crate) fn resource_group(resources: &[String], groups: &[String]) -> String {
    let Some(first) = resources.first() else { return String::new() };
    let (resource, sub) = match first.split_once('/') {
        Some((r, s)) => (r, Some(s)),
        None => (first.as_str(), None),
    };
    let mut out = resource.to_string();
    if let Some(g) = groups.first().filter(|g| !g.is_empty()) {
        out.push('.');
        out.push_str(g);
    }
    if let Some(s) = sub {
        out.push('/');
        out.push_str(s);
    }
    out
}

/// A Role's or ClusterRole's page: its rules, compacted (an aggregated
/// ClusterRole shows the rules the controller gathered, not its selectors).
pub fn describe_role(meta: &ObjectMeta, rules: &[PolicyRule]) -> String {
    let mut w = Writer::new();
    w.write(0, &format!("Name:\t{}\n", meta.name));
    labels_multiline(&mut w, "Labels", &meta.labels);
    annotations_multiline(&mut w, "Annotations", &meta.annotations);
    w.write(0, "PolicyRule:\n");
    w.write(1, "Resources\tNon-Resource URLs\tResource Names\tVerbs\n");
    w.write(1, "---------\t-----------------\t--------------\t-----\n");
    for r in compact_rules(rules) {
        let row = format!("{}\t{}\t{}\t{}\n", resource_group(&r.resources, &r.api_groups), go_list(&r.non_resource_urls), go_list(&r.resource_names), go_list(&r.verbs));
        w.write(1, &row);
    }
    w.finish()
}

/// A RoleBinding's or ClusterRoleBinding's page: the role and the subjects.
pub fn describe_binding(meta: &ObjectMeta, role_ref: &RoleRef, subjects: &[Subject]) -> String {
    let mut w = Writer::new();
    w.write(0, &format!("Name:\t{}\n", meta.name));
    labels_multiline(&mut w, "Labels", &meta.labels);
    annotations_multiline(&mut w, "Annotations", &meta.annotations);
    w.write(0, "Role:\n");
    w.write(1, &format!("Kind:\t{}\n", role_ref.kind));
    w.write(1, &format!("Name:\t{}\n", role_ref.name));
    w.write(0, "Subjects:\n");
    w.write(1, "Kind\tName\tNamespace\n");
    w.write(1, "----\t----\t---------\n");
    for s in subjects {
        w.write(1, &format!("{}\t{}\t{}\n", s.kind, s.name, s.namespace));
    }
    w.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(verbs: &[&str], groups: &[&str], resources: &[&str], names: &[&str], urls: &[&str]) -> PolicyRule {
        let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        PolicyRule { verbs: v(verbs), api_groups: v(groups), resources: v(resources), resource_names: v(names), non_resource_urls: v(urls) }
    }

    fn meta(name: &str) -> ObjectMeta {
        ObjectMeta { name: name.into(), ..Default::default() }
    }

    // cluster-admin as v1.32 describes it: the resource rule sorts before
    // the non-resource one (`APIGroups:[*]` before `APIGroups:[]`).
    #[test]
    fn cluster_admin() {
        let rules = [rule(&["*"], &["*"], &["*"], &[], &[]), rule(&["*"], &[], &[], &[], &["*"])];
        assert_eq!(
            describe_role(&meta("cluster-admin"), &rules),
            "Name:         cluster-admin\nLabels:       <none>\nAnnotations:  <none>\nPolicyRule:\n  Resources  Non-Resource URLs  Resource Names  Verbs\n  ---------  -----------------  --------------  -----\n  *.*        []                 []              [*]\n             [*]                []              [*]\n"
        );
    }

    // Rules merged per resource and sorted by their verbs first (`[get
    // list]` before `[get]`: a space sorts before `]`), the core group
    // before others, and non-resource URLs one row per verb.
    #[test]
    fn compaction_and_order() {
        let rules = [
            rule(&["list", "get", "watch"], &["", "apps"], &["pods", "deployments"], &[], &[]),
            rule(&["get"], &[""], &["pods/log"], &[], &[]),
            rule(&["list"], &[""], &["pods/log"], &[], &[]),
            rule(&["get", "watch"], &["apps"], &["deployments/scale"], &["web", "api"], &[]),
            rule(&["get", "post"], &[], &[], &[], &["/healthz"]),
        ];
        let rows: Vec<String> = compact_rules(&rules)
            .iter()
            .map(|r| format!("{} {:?} {:?} {:?}", resource_group(&r.resources, &r.api_groups), r.non_resource_urls, r.resource_names, r.verbs))
            .collect();
        assert_eq!(
            rows,
            [
                "pods/log [] [] [\"get\", \"list\"]",
                "deployments.apps/scale [] [\"api\"] [\"get\", \"watch\"]",
                "deployments.apps/scale [] [\"web\"] [\"get\", \"watch\"]",
                " [\"/healthz\"] [] [\"get\"]",
                "deployments [] [] [\"list\", \"get\", \"watch\"]",
                "pods [] [] [\"list\", \"get\", \"watch\"]",
                "deployments.apps [] [] [\"list\", \"get\", \"watch\"]",
                "pods.apps [] [] [\"list\", \"get\", \"watch\"]",
                " [\"/healthz\"] [] [\"post\"]",
            ]
        );
    }

    #[test]
    fn binding_page() {
        let role_ref = RoleRef { api_group: "rbac.authorization.k8s.io".into(), kind: "ClusterRole".into(), name: "cluster-admin".into() };
        let subjects = [
            Subject { kind: "Group".into(), name: "system:masters".into(), ..Default::default() },
            Subject { kind: "ServiceAccount".into(), name: "kubernetes-dashboard".into(), namespace: "kube-system".into(), ..Default::default() },
        ];
        assert_eq!(
            describe_binding(&meta("admins"), &role_ref, &subjects),
            "Name:         admins\nLabels:       <none>\nAnnotations:  <none>\nRole:\n  Kind:  ClusterRole\n  Name:  cluster-admin\nSubjects:\n  Kind            Name                  Namespace\n  ----            ----                  ---------\n  Group           system:masters        \n  ServiceAccount  kubernetes-dashboard  kube-system\n"
        );
    }
}
