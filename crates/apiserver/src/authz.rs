//! Authorization as a kind cluster's API server does it (`--authorization-mode
//! =Node,RBAC`, behind the privileged `system:masters` group): who is asking
//! ([`UserInfo`]), what they ask ([`Attributes`]), and whether the RBAC
//! objects in the store allow it ([`authorize`]). Also the rules a user
//! holds in a namespace (`SelfSubjectRulesReview`), the impersonation
//! checks, and the API server's wording of a denial ([`forbidden`]).
//!
//! The Node authorizer is left out: it answers only for kubelets
//! (`system:node:*` in `system:nodes`), which never send kubectl's requests.

use crate::error::ApiError;
use kubeplay_model::api::{ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, Subject};
use kubeplay_model::Kind;
use crate::Store;

/// The API server's privileged group: every request of its members is
/// allowed before any authorizer is asked.
pub const SYSTEM_MASTERS: &str = "system:masters";
pub const ALL_AUTHENTICATED: &str = "system:authenticated";
pub const ALL_UNAUTHENTICATED: &str = "system:unauthenticated";
pub const SERVICE_ACCOUNT_PREFIX: &str = "system:serviceaccount:";
pub const SERVICE_ACCOUNTS_GROUP: &str = "system:serviceaccounts";

/// An authenticated identity (`user.Info`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UserInfo {
    pub name: String,
    pub uid: String,
    pub groups: Vec<String>,
}

impl UserInfo {
    /// A ServiceAccount's identity: `system:serviceaccount:NS:NAME` in the
    /// groups every account and every account of its namespace share, as
    /// the token authenticator (and impersonation without `--as-group`)
    /// gives it.
    pub fn service_account(namespace: &str, name: &str) -> UserInfo {
        UserInfo {
            name: format!("{SERVICE_ACCOUNT_PREFIX}{namespace}:{name}"),
            uid: String::new(),
            groups: vec![SERVICE_ACCOUNTS_GROUP.into(), format!("{SERVICE_ACCOUNTS_GROUP}:{namespace}"), ALL_AUTHENTICATED.into()],
        }
    }
}

/// kind's `kubernetes-admin` from kubeadm's admin.conf: whom a request
/// runs as when nobody is impersonated.
pub fn cluster_admin() -> UserInfo {
    UserInfo { name: "kubernetes-admin".into(), uid: String::new(), groups: vec!["kubeadm:cluster-admins".into(), ALL_AUTHENTICATED.into()] }
}

/// The CertificateSigningRequest strategy's `PrepareForCreate`: whatever
/// the client wrote, the request names who sent it.
pub fn stamp_requester(obj: &mut kubeplay_model::Object, user: &UserInfo) {
    if let kubeplay_model::Object::CertificateSigningRequest(c) = obj {
        c.spec.username = user.name.clone();
        c.spec.uid = user.uid.clone();
        c.spec.groups = user.groups.clone();
        c.spec.extra.clear();
    }
}

/// `serviceaccount.SplitUsername`: the namespace and name of a
/// ServiceAccount's user name, when it is one (both parts non-empty, no
/// further colon).
pub fn split_service_account(user: &str) -> Option<(&str, &str)> {
    let rest = user.strip_prefix(SERVICE_ACCOUNT_PREFIX)?;
    let (ns, name) = rest.split_once(':')?;
    (!ns.is_empty() && !name.is_empty() && !name.contains(':')).then_some((ns, name))
}

/// One request as the authorizer sees it (`authorizer.Attributes`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Attributes<'a> {
    pub user: Option<&'a UserInfo>,
    pub verb: &'a str,
    pub namespace: &'a str,
    pub api_group: &'a str,
    pub resource: &'a str,
    pub subresource: &'a str,
    pub name: &'a str,
    /// `Some` for a non-resource request (`/healthz`): its path.
    pub path: Option<&'a str>,
}

impl Attributes<'_> {
    pub fn is_resource_request(&self) -> bool {
        self.path.is_none()
    }
}

fn verb_matches(rule: &PolicyRule, verb: &str) -> bool {
    rule.verbs.iter().any(|v| v == "*" || v == verb)
}

fn api_group_matches(rule: &PolicyRule, group: &str) -> bool {
    rule.api_groups.iter().any(|g| g == "*" || g == group)
}

/// `combined` is `resource/subresource` (or the resource alone); a rule's
/// `*/subresource` matches that subresource of any resource.
fn resource_matches(rule: &PolicyRule, combined: &str, subresource: &str) -> bool {
    rule.resources.iter().any(|r| {
        r == "*" || r == combined || (!subresource.is_empty() && r.strip_prefix("*/") == Some(subresource))
    })
}

fn resource_name_matches(rule: &PolicyRule, name: &str) -> bool {
    rule.resource_names.is_empty() || rule.resource_names.iter().any(|n| n == name)
}

/// A trailing `*` matches every path with the prefix before it.
fn non_resource_url_matches(rule: &PolicyRule, path: &str) -> bool {
    rule.non_resource_urls.iter().any(|u| {
        u == "*" || u == path || u.strip_suffix('*').is_some_and(|_| path.starts_with(u.trim_end_matches('*')))
    })
}

/// `RuleAllows`: whether one rule grants the request.
pub fn rule_allows(a: &Attributes, rule: &PolicyRule) -> bool {
    let Some(path) = a.path else {
        let combined;
        let resource = if a.subresource.is_empty() {
            a.resource
        } else {
            combined = format!("{}/{}", a.resource, a.subresource);
            &combined
        };
        return verb_matches(rule, a.verb)
            && api_group_matches(rule, a.api_group)
            && resource_matches(rule, resource, a.subresource)
            && resource_name_matches(rule, a.name);
    };
    verb_matches(rule, a.verb) && non_resource_url_matches(rule, path)
}

/// Where the authorizer reads roles and bindings: the store, or the fixed
/// lists of upstream's tests (`StaticRoles`). A failed lookup is the
/// lister's error text.
pub trait Policy {
    fn cluster_role_bindings(&self) -> Vec<&ClusterRoleBinding>;
    fn role_bindings<'a>(&'a self, namespace: &'a str) -> Result<Vec<&'a RoleBinding>, String>;
    fn role(&self, namespace: &str, name: &str) -> Result<&Role, String>;
    fn cluster_role(&self, name: &str) -> Result<&ClusterRole, String>;
}

impl Policy for Store {
    fn cluster_role_bindings(&self) -> Vec<&ClusterRoleBinding> {
        self.list(Kind::ClusterRoleBinding, None).filter_map(|o| o.as_cluster_role_binding()).collect()
    }
    fn role_bindings<'a>(&'a self, namespace: &'a str) -> Result<Vec<&'a RoleBinding>, String> {
        Ok(self.list(Kind::RoleBinding, Some(namespace)).filter_map(|o| o.as_role_binding()).collect())
    }
    fn role(&self, namespace: &str, name: &str) -> Result<&Role, String> {
        self.get_by(Kind::Role, namespace, name).and_then(|o| o.as_role()).ok_or_else(|| not_found("role", name))
    }
    fn cluster_role(&self, name: &str) -> Result<&ClusterRole, String> {
        self.get_by(Kind::ClusterRole, "", name).and_then(|o| o.as_cluster_role()).ok_or_else(|| not_found("clusterrole", name))
    }
}

fn not_found(resource: &str, name: &str) -> String {
    ApiError::NotFound { resource: format!("{resource}.rbac.authorization.k8s.io"), name: name.into() }.to_string()
}

fn role_ref_rules<'p>(policy: &'p dyn Policy, kind: &str, name: &str, namespace: &str) -> Result<&'p [PolicyRule], String> {
    let rules = match kind {
        "Role" => &policy.role(namespace, name)?.rules,
        "ClusterRole" => &policy.cluster_role(name)?.rules,
        other => return Err(format!("unsupported role reference kind: {}", kubeplay_model::goquote::quote(other))),
    };
    Ok(rules.as_deref().unwrap_or_default())
}

/// `GetRoleReferenceRules`.
pub fn role_reference_rules<'p>(policy: &'p dyn Policy, role_ref: &kubeplay_model::api::RoleRef, namespace: &str) -> Result<&'p [PolicyRule], String> {
    role_ref_rules(policy, &role_ref.kind, &role_ref.name, namespace)
}

/// `appliesToUser`: a ServiceAccount subject without a namespace is the
/// binding's namespace's account.
pub fn applies_to_user(user: &UserInfo, subject: &Subject, namespace: &str) -> bool {
    match subject.kind.as_str() {
        "User" => user.name == subject.name,
        "Group" => user.groups.contains(&subject.name),
        "ServiceAccount" => {
            let ns = if subject.namespace.is_empty() { namespace } else { &subject.namespace };
            !ns.is_empty() && split_service_account(&user.name).is_some_and(|(n, s)| n == ns && s == subject.name)
        }
        _ => false,
    }
}

fn applies(user: &UserInfo, subjects: &[Subject], namespace: &str) -> bool {
    subjects.iter().any(|s| applies_to_user(user, s, namespace))
}

/// `VisitRulesFor`: every rule the user holds cluster-wide, then in the
/// namespace (none for `""`), and each lookup that failed, until the
/// visitor returns false.
pub fn visit_rules_for(policy: &dyn Policy, user: &UserInfo, namespace: &str, visit: &mut dyn FnMut(Option<&PolicyRule>, Option<&str>) -> bool) {
    for b in policy.cluster_role_bindings() {
        if !applies(user, &b.subjects, "") {
            continue;
        }
        match role_reference_rules(policy, &b.role_ref, "") {
            Err(e) if !visit(None, Some(&e)) => return,
            Err(_) => {}
            Ok(rules) => {
                if !rules.iter().all(|r| visit(Some(r), None)) {
                    return;
                }
            }
        }
    }
    if namespace.is_empty() {
        return;
    }
    let bindings = match policy.role_bindings(namespace) {
        Ok(b) => b,
        Err(e) => {
            visit(None, Some(&e));
            return;
        }
    };
    for b in bindings {
        if !applies(user, &b.subjects, namespace) {
            continue;
        }
        match role_reference_rules(policy, &b.role_ref, namespace) {
            Err(e) if !visit(None, Some(&e)) => return,
            Err(_) => {}
            Ok(rules) => {
                if !rules.iter().all(|r| visit(Some(r), None)) {
                    return;
                }
            }
        }
    }
}

/// `RulesFor`: the rules, and the lookups that failed.
pub fn rules_for(policy: &dyn Policy, user: &UserInfo, namespace: &str) -> (Vec<PolicyRule>, Vec<String>) {
    let (mut rules, mut errors) = (Vec::new(), Vec::new());
    visit_rules_for(policy, user, namespace, &mut |rule, err| {
        rules.extend(rule.cloned());
        errors.extend(err.map(str::to_string));
        true
    });
    (rules, errors)
}

/// The authorizers' answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    Allow,
    /// No authorizer allowed it; the reason is empty unless a role could not
    /// be read (`RBAC: …`).
    Deny { reason: String },
}

impl Decision {
    pub fn allowed(&self) -> bool {
        matches!(self, Decision::Allow)
    }
}

/// `utilerrors.NewAggregate(..).Error()`: one message alone, several in
/// brackets, repeats dropped.
fn aggregate(errors: &[String]) -> String {
    let mut seen: Vec<&str> = Vec::new();
    for e in errors {
        if !seen.contains(&e.as_str()) {
            seen.push(e);
        }
    }
    match seen.as_slice() {
        [one] => one.to_string(),
        many => format!("[{}]", many.join(", ")),
    }
}

/// The privileged group, then RBAC (the Node authorizer has no opinion on
/// anyone but a kubelet).
pub fn authorize(policy: &dyn Policy, a: &Attributes) -> Decision {
    let Some(user) = a.user else { return Decision::Deny { reason: String::new() } };
    if user.groups.iter().any(|g| g == SYSTEM_MASTERS) {
        return Decision::Allow;
    }
    rbac_authorize(policy, user, a)
}

/// The RBAC authorizer alone (`RBACAuthorizer.Authorize`).
pub fn rbac_authorize(policy: &dyn Policy, user: &UserInfo, a: &Attributes) -> Decision {
    let (mut allowed, mut errors) = (false, Vec::new());
    visit_rules_for(policy, user, a.namespace, &mut |rule, err| {
        if let Some(rule) = rule {
            allowed = rule_allows(a, rule);
        }
        errors.extend(err.map(str::to_string));
        !allowed
    });
    match (allowed, errors.is_empty()) {
        (true, _) => Decision::Allow,
        (false, true) => Decision::Deny { reason: String::new() },
        (false, false) => Decision::Deny { reason: format!("RBAC: {}", aggregate(&errors)) },
    }
}

/// `forbiddenMessage`: what the user may not do, where.
pub fn forbidden_message(a: &Attributes) -> String {
    let user = kubeplay_model::goquote::quote(a.user.map_or("", |u| u.name.as_str()));
    let q = kubeplay_model::goquote::quote;
    let Some(path) = a.path else {
        let resource = if a.subresource.is_empty() { a.resource.to_string() } else { format!("{}/{}", a.resource, a.subresource) };
        let head = format!("User {user} cannot {} resource {} in API group {}", a.verb, q(&resource), q(a.api_group));
        return if a.namespace.is_empty() { format!("{head} at the cluster scope") } else { format!("{head} in the namespace {}", q(a.namespace)) };
    };
    format!("User {user} cannot {} path {}", a.verb, q(path))
}

/// `responsewriters.Forbidden`: the 403 a denied request gets, its message
/// HTML-escaped as the API server escapes it.
pub fn forbidden(a: &Attributes, reason: &str) -> ApiError {
    let msg = forbidden_message(a).replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    let err = if reason.is_empty() { msg } else { format!("{msg}: {reason}") };
    let resource = if a.api_group.is_empty() { a.resource.to_string() } else { format!("{}.{}", a.resource, a.api_group) };
    let message = match (resource.is_empty(), a.name.is_empty()) {
        (true, _) => format!("forbidden: {err}"),
        (false, true) => format!("{resource} is forbidden: {err}"),
        (false, false) => format!("{resource} {} is forbidden: {err}", kubeplay_model::goquote::quote(a.name)),
    };
    ApiError::Forbidden { message }
}

/// Authorizes a request, as the API server's filter does: `Err` is the 403.
pub fn check(policy: &dyn Policy, a: &Attributes) -> Result<(), ApiError> {
    match authorize(policy, a) {
        Decision::Allow => Ok(()),
        Decision::Deny { reason } => Err(forbidden(a, &reason)),
    }
}

/// What `--as`, `--as-group` and `--as-uid` ask for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Impersonation {
    pub user: String,
    pub groups: Vec<String>,
    pub uid: String,
}

/// The impersonation filter: checks that `requester` may act as each part
/// of the requested identity (the user or ServiceAccount, each group, the
/// uid), in that order, and returns the identity requests then run as.
pub fn impersonate(policy: &dyn Policy, requester: &UserInfo, imp: &Impersonation) -> Result<UserInfo, ApiError> {
    let ask = |api_group: &str, resource: &str, namespace: &str, name: &str| {
        check(policy, &Attributes { user: Some(requester), verb: "impersonate", namespace, api_group, resource, name, ..Default::default() })
    };
    match split_service_account(&imp.user) {
        Some((ns, name)) => ask("", "serviceaccounts", ns, name)?,
        None => ask("", "users", "", &imp.user)?,
    }
    for g in &imp.groups {
        ask("", "groups", "", g)?;
    }
    if !imp.uid.is_empty() {
        ask("authentication.k8s.io", "uids", "", &imp.uid)?;
    }
    Ok(impersonated(imp))
}

/// The identity an allowed impersonation gives: a ServiceAccount without
/// `--as-group` comes with its fixed groups; `system:anonymous` is in
/// `system:unauthenticated`, anyone else in `system:authenticated` unless
/// asked to be in either.
pub fn impersonated(imp: &Impersonation) -> UserInfo {
    let mut user = UserInfo { name: imp.user.clone(), uid: imp.uid.clone(), groups: Vec::new() };
    if let (Some((ns, _)), true) = (split_service_account(&imp.user), imp.groups.is_empty()) {
        user.groups = vec![SERVICE_ACCOUNTS_GROUP.into(), format!("{SERVICE_ACCOUNTS_GROUP}:{ns}")];
    }
    user.groups.extend(imp.groups.iter().cloned());
    let has = |g: &str| user.groups.iter().any(|x| x == g);
    if imp.user == "system:anonymous" {
        if !has(ALL_UNAUTHENTICATED) {
            user.groups.push(ALL_UNAUTHENTICATED.into());
        }
    } else if !has(ALL_AUTHENTICATED) && !has(ALL_UNAUTHENTICATED) {
        user.groups.push(ALL_AUTHENTICATED.into());
    }
    user
}

/// A resource request on an object's kind, by its group and plural.
pub fn resource_attributes<'a>(user: &'a UserInfo, verb: &'a str, kind: Kind, namespace: &'a str, name: &'a str) -> Attributes<'a> {
    let info = kind.info();
    Attributes { user: Some(user), verb, namespace: if kind.namespaced() { namespace } else { "" }, api_group: info.group, resource: info.plural, name, ..Default::default() }
}

#[cfg(test)]
#[path = "authz_upstream_tests.rs"]
mod upstream_tests;
