//! `kubectl set subject` (set_subject.go): users, groups and service
//! accounts added to RoleBindings and ClusterRoleBindings. A binding that
//! already has every subject given is left alone and not printed, as
//! kubectl skips an empty patch.

use super::set::local_objects;
use super::write::{find, namespace, report, report_failures, Failure, Printer};
use super::{Io, Output};
use crate::cli::{DryRun, Invocation, SetSubject};
use kubeplay_engine::client::{self, ClientError};
use kubeplay_engine::Engine;
use kubeplay_model::api::{Subject, RBAC_GROUP};
use kubeplay_model::Object;

/// `Validate`: something to add, and each service account as
/// `namespace:name` (the namespace may only be left out for a RoleBinding).
fn validate(s: &SetSubject, objects: &[std::sync::Arc<Object>]) -> Result<(), String> {
    if s.users.is_empty() && s.groups.is_empty() && s.service_accounts.is_empty() {
        return Err("error: you must specify at least one value of user, group or serviceaccount".into());
    }
    for sa in &s.service_accounts {
        let tokens: Vec<&str> = sa.split(':').collect();
        if tokens.len() != 2 || tokens[1].is_empty() {
            return Err("error: serviceaccount must be <namespace>:<name>".into());
        }
        if tokens[0].is_empty() && objects.iter().any(|o| matches!(o.as_ref(), Object::ClusterRoleBinding(_))) {
            return Err("error: serviceaccount must be <namespace>:<name>, namespace must be specified".into());
        }
    }
    Ok(())
}

/// The subjects to add: users, groups, then service accounts, each
/// de-duplicated and sorted (kubectl walks a string set); a service
/// account without a namespace takes the command's.
pub fn wanted_subjects(users: &[String], groups: &[String], service_accounts: &[String], default_ns: &str) -> Vec<Subject> {
    let sorted = |v: &[String]| {
        let mut v = v.to_vec();
        kubeplay_model::sort::sort(&mut v);
        v.dedup();
        v
    };
    let mut out = Vec::new();
    for (kind, names) in [("User", users), ("Group", groups)] {
        out.extend(sorted(names).into_iter().map(|name| Subject { kind: kind.into(), api_group: RBAC_GROUP.into(), name, namespace: String::new() }));
    }
    for sa in sorted(service_accounts) {
        let (ns, name) = sa.split_once(':').unwrap_or(("", sa.as_str()));
        let ns = if ns.is_empty() { default_ns } else { ns };
        out.push(Subject { kind: "ServiceAccount".into(), api_group: String::new(), name: name.into(), namespace: ns.into() });
    }
    out
}

/// `addSubjects`: each wanted subject not already bound is appended;
/// `Ok(false)` when there was none. Only bindings have subjects.
pub fn add_subjects(obj: &mut Object, wanted: &[Subject]) -> Result<bool, String> {
    let subjects = match obj {
        Object::RoleBinding(b) => &mut b.subjects,
        Object::ClusterRoleBinding(b) => &mut b.subjects,
        _ => return Err("setting subjects is only supported for RoleBinding/ClusterRoleBinding".into()),
    };
    let existing = subjects.clone();
    let mut changed = false;
    for s in wanted.iter().filter(|s| !existing.contains(s)) {
        subjects.push(s.clone());
        changed = true;
    }
    Ok(changed)
}

pub fn run(s: &SetSubject, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let (objects, fetch_errors) = if s.local {
        local_objects(&s.targets, inv, io)
    } else {
        let f = find(engine, inv, io, &s.targets, false);
        (f.objects, f.errors)
    };
    // `Complete` fails on any lookup error, before anything is changed.
    if !fetch_errors.is_empty() {
        report(out, fetch_errors);
        return;
    }
    if let Err(e) = validate(s, &objects) {
        out.error(&e);
        return;
    }
    let wanted = wanted_subjects(&s.users, &s.groups, &s.service_accounts, namespace(inv));
    let mut printer = Printer::new(&s.write);
    let mut errors: Vec<Failure> = Vec::new();
    for obj in objects {
        let mut copy: Object = (*obj).clone();
        match add_subjects(&mut copy, &wanted) {
            Err(e) => {
                let name = format!("{}/{}", obj.kind().info().group_resource(), obj.name());
                errors.push(Failure::Text(format!("error: {name} {e}\n")));
                continue;
            }
            Ok(false) => continue,
            Ok(true) => {}
        }
        if s.local || s.write.dry_run == DryRun::Client {
            printer.typed_object(out, &copy, "subjects updated");
            continue;
        }
        let key = obj.key();
        let result = if s.write.dry_run == DryRun::Server {
            client::dry_run(engine, "patch", &key, "", |st, c| st.update(copy, c)).map_err(ClientError::Api)
        } else {
            client::update_with(engine, &key, &format!("kubectl set subject {key}"), |o| add_subjects(o, &wanted).map(|_| ()).map_err(ClientError::Client)).map(|(_, o)| o)
        };
        match result {
            Ok(updated) => printer.typed_object(out, &updated, "subjects updated"),
            Err(ClientError::Api(e)) => errors.push(Failure::Client(format!("failed to patch subjects to rolebinding: {}", e.server_message()))),
            Err(ClientError::Client(m)) => errors.push(Failure::Client(m)),
        }
    }
    report_failures(out, errors);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Targets, WriteOptions};
    use kubeplay_model::api::{ClusterRoleBinding, RoleBinding};
    use std::sync::Arc;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    fn user(name: &str) -> Subject {
        Subject { kind: "User".into(), api_group: RBAC_GROUP.into(), name: name.into(), namespace: String::new() }
    }
    fn group(name: &str) -> Subject {
        Subject { kind: "Group".into(), api_group: RBAC_GROUP.into(), name: name.into(), namespace: String::new() }
    }
    fn sa(ns: &str, name: &str) -> Subject {
        Subject { kind: "ServiceAccount".into(), api_group: String::new(), name: name.into(), namespace: ns.into() }
    }

    // set_subject_test.go's TestValidate
    #[test]
    fn validate_options() {
        let opts = |users: &[&str], groups: &[&str], sas: &[&str]| SetSubject {
            targets: Targets::Named(Vec::new()),
            users: s(users),
            groups: s(groups),
            service_accounts: s(sas),
            local: false,
            write: WriteOptions::default(),
        };
        let crb: Vec<Arc<Object>> = vec![Arc::new(Object::ClusterRoleBinding(Box::default()))];
        let rb: Vec<Arc<Object>> = vec![Arc::new(Object::RoleBinding(Box::default()))];
        assert_eq!(validate(&opts(&[], &[], &[]), &[]), Err("error: you must specify at least one value of user, group or serviceaccount".into()));
        assert_eq!(validate(&opts(&[], &[], &["foo"]), &[]), Err("error: serviceaccount must be <namespace>:<name>".into()));
        assert_eq!(validate(&opts(&[], &[], &["foo:"]), &[]), Err("error: serviceaccount must be <namespace>:<name>".into()));
        assert_eq!(validate(&opts(&[], &[], &[":foo"]), &crb), Err("error: serviceaccount must be <namespace>:<name>, namespace must be specified".into()));
        assert_eq!(validate(&opts(&["foo"], &["foo"], &["ns:foo"]), &rb), Ok(()));
        assert_eq!(validate(&opts(&[], &[], &[":foo"]), &rb), Ok(()));
    }

    fn subjects_of(obj: &Object) -> Vec<Subject> {
        match obj {
            Object::RoleBinding(b) => b.subjects.clone(),
            Object::ClusterRoleBinding(b) => b.subjects.clone(),
            _ => Vec::new(),
        }
    }

    // set_subject_test.go's TestUpdateSubjectForObject
    #[test]
    fn update_subject_for_object() {
        let mut role = Object::Role(Box::default());
        assert_eq!(add_subjects(&mut role, &[user("a")]), Err("setting subjects is only supported for RoleBinding/ClusterRoleBinding".into()));
        let rb = |existing: Vec<Subject>| Object::RoleBinding(Box::new(RoleBinding { subjects: existing, ..Default::default() }));
        let cases = [
            (rb(vec![user("a")]), vec![user("a"), user("b")], vec![user("a"), user("b")]),
            (rb(vec![group("a")]), vec![group("a"), group("b")], vec![group("a"), group("b")]),
            (rb(vec![sa("one", "a")]), vec![sa("one", "a"), sa("one", "b")], vec![sa("one", "a"), sa("one", "b")]),
            (
                Object::ClusterRoleBinding(Box::new(ClusterRoleBinding { subjects: vec![user("a"), group("a")], ..Default::default() })),
                vec![sa("one", "a")],
                vec![user("a"), group("a"), sa("one", "a")],
            ),
        ];
        for (mut obj, wanted, expected) in cases {
            assert_eq!(add_subjects(&mut obj, &wanted), Ok(true));
            assert_eq!(subjects_of(&obj), expected);
        }
    }

    // set_subject_test.go's TestAddSubject
    #[test]
    fn add_subject() {
        let mut obj = Object::RoleBinding(Box::new(RoleBinding { subjects: vec![user("a"), user("b")], ..Default::default() }));
        assert_eq!(add_subjects(&mut obj, &[user("a")]), Ok(false));
        assert_eq!(subjects_of(&obj), [user("a"), user("b")]);
        let mut obj = Object::RoleBinding(Box::new(RoleBinding { subjects: vec![sa("one", "a"), sa("one", "b")], ..Default::default() }));
        assert_eq!(add_subjects(&mut obj, &[sa("two", "a")]), Ok(true));
        assert_eq!(subjects_of(&obj), [sa("one", "a"), sa("one", "b"), sa("two", "a")]);
    }

    // Checked on the real binary (`set subject --local`): each kind's names
    // sorted and de-duplicated, a service account without a namespace in
    // the command's namespace.
    #[test]
    fn wanted_subjects_are_sorted_sets() {
        let wanted = wanted_subjects(&s(&["b", "a", "a"]), &s(&["g"]), &s(&["ns:sa", ":local"]), "default");
        assert_eq!(wanted, [user("a"), user("b"), group("g"), sa("default", "local"), sa("ns", "sa")]);
    }
}
