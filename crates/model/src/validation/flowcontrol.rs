//! `flowcontrol.apiserver.k8s.io` (`pkg/apis/flowcontrol/validation`):
//! a FlowSchema's precedence, priority-level reference, subjects and
//! rules; a PriorityLevelConfiguration's type, shares, percentages and
//! queuing (with shuffle sharding's entropy limit). An update is checked
//! as a create: nothing is immutable.
//!
//! Not here: upstream also requires the mandatory objects (`exempt`,
//! `catch-all`) to keep their fixed spec; the engine's presenter puts it
//! back instead (as the API server's configuration producer would).

use super::common::{dns1123_label, dns1123_subdomain, Errs};
use super::field::{BadValue, FieldError, Path};
use super::meta;
use crate::api::flowcontrol::{FlowSchema, LimitResponse, LimitedPriorityLevel, NonResourcePolicyRule, PolicyRulesWithSubjects, PriorityLevelConfiguration, Queuing, ResourcePolicyRule, Subject};
use crate::meta::Condition;
use crate::names::NameRule;

const MAX_MATCHING_PRECEDENCE: i32 = 10_000;
const MAX_QUEUES: i32 = 10_000_000;
/// Shuffle sharding's `MaxHashBits`.
const MAX_HASH_BITS: i32 = 60;
/// Sorted, as upstream's `sets.String.List()` gives them.
const VERBS: &[&str] = &["create", "delete", "deletecollection", "get", "list", "patch", "proxy", "update", "watch"];
const NS_INTRO: &str = "each member of this list must be '*' or a DNS-1123 label; ";

/// `ValidateFlowSchema` (and `ValidateFlowSchemaUpdate`, the same).
pub(super) fn flow_schema(fs: &FlowSchema) -> Errs {
    let mut errs = meta::object_meta(&fs.metadata, false, NameRule::DnsSubdomain);
    let path = Path::new("spec");
    let spec = &fs.spec;
    let precedence = path.child("matchingPrecedence");
    if spec.matching_precedence <= 0 {
        errs.push(FieldError::invalid(&precedence, BadValue::int(spec.matching_precedence), "must be a positive value"));
    }
    if spec.matching_precedence > MAX_MATCHING_PRECEDENCE {
        errs.push(FieldError::invalid(&precedence, BadValue::int(spec.matching_precedence), format!("must not be greater than {MAX_MATCHING_PRECEDENCE}")));
    }
    if spec.matching_precedence == 1 && fs.metadata.name != "exempt" {
        errs.push(FieldError::invalid(&precedence, BadValue::int(1), "only the schema named 'exempt' may have matchingPrecedence 1"));
    }
    if let Some(m) = &spec.distinguisher_method {
        if !matches!(m.type_.as_str(), "ByNamespace" | "ByUser") {
            let shown = BadValue::GoSyntax(format!("flowcontrol.FlowDistinguisherMethod{{Type:{}}}", crate::goquote::quote(&m.type_)));
            errs.push(FieldError::not_supported(&path.child("distinguisherMethod").child("type"), shown, &["ByNamespace", "ByUser"]));
        }
    }
    let pl = path.child("priorityLevelConfiguration");
    let pl_name = pl.child("name");
    if spec.priority_level_configuration.name.is_empty() {
        errs.push(FieldError::required(&pl_name, "must reference a priority level"));
    } else {
        errs.extend(dns1123_subdomain(&spec.priority_level_configuration.name, &pl_name));
    }
    let rules = path.child("rules");
    for (i, rule) in spec.rules.iter().enumerate() {
        errs.extend(rules_with_subjects(rule, &rules.index(i)));
    }
    errs.extend(conditions(&fs.status.conditions));
    errs
}

fn rules_with_subjects(rule: &PolicyRulesWithSubjects, path: &Path) -> Errs {
    let mut errs = Vec::new();
    let subjects = rule.subjects.as_deref().unwrap_or_default();
    if subjects.is_empty() {
        errs.push(FieldError::required(&path.child("subjects"), "subjects must contain at least one value"));
    }
    let sp = path.child("subjects");
    for (i, s) in subjects.iter().enumerate() {
        errs.extend(subject(s, &sp.index(i)));
    }
    if rule.resource_rules.is_empty() && rule.non_resource_rules.is_empty() {
        errs.push(FieldError::required(path, "at least one of resourceRules and nonResourceRules has to be non-empty"));
    }
    let rp = path.child("resourceRules");
    for (i, r) in rule.resource_rules.iter().enumerate() {
        errs.extend(resource_rule(r, &rp.index(i)));
    }
    let np = path.child("nonResourceRules");
    for (i, r) in rule.non_resource_rules.iter().enumerate() {
        errs.extend(non_resource_rule(r, &np.index(i)));
    }
    errs
}

/// `ValidateFlowSchemaSubject`: the member its kind names is required
/// (with a name, and a service account's namespace), the others forbidden.
fn subject(s: &Subject, path: &Path) -> Errs {
    let mut errs = Vec::new();
    let (user, group, sa) = (s.user.is_some(), s.group.is_some(), s.service_account.is_some());
    let forbid = |errs: &mut Errs, present: bool, field: &str, kind: &str| {
        if present {
            errs.push(FieldError::forbidden(&path.child(field), format!("{field} is forbidden when subject kind is not '{kind}'")));
        }
    };
    match s.kind.as_str() {
        "ServiceAccount" => {
            let p = path.child("serviceAccount");
            match &s.service_account {
                None => errs.push(FieldError::required(&p, "serviceAccount is required when subject kind is 'ServiceAccount'")),
                Some(a) => {
                    if a.name.is_empty() {
                        errs.push(FieldError::required(&p.child("name"), ""));
                    } else if a.name != "*" {
                        errs.extend(dns1123_subdomain(&a.name, &p.child("name")));
                    }
                    if a.namespace.is_empty() {
                        errs.push(FieldError::required(&p.child("namespace"), "must specify namespace for service account"));
                    } else {
                        errs.extend(dns1123_label(&a.namespace, &p.child("namespace")));
                    }
                }
            }
            forbid(&mut errs, user, "user", "User");
            forbid(&mut errs, group, "group", "Group");
        }
        "User" => {
            named(&mut errs, s.user.as_ref().map(|u| u.name.as_str()), &path.child("user"), "user is required when subject kind is 'User'");
            forbid(&mut errs, sa, "serviceAccount", "ServiceAccount");
            forbid(&mut errs, group, "group", "Group");
        }
        "Group" => {
            named(&mut errs, s.group.as_ref().map(|g| g.name.as_str()), &path.child("group"), "group is required when subject kind is 'Group'");
            forbid(&mut errs, sa, "serviceAccount", "ServiceAccount");
            forbid(&mut errs, user, "user", "User");
        }
        other => errs.push(FieldError::not_supported(&path.child("kind"), BadValue::str(other), &["Group", "ServiceAccount", "User"])),
    }
    errs
}

fn named(errs: &mut Errs, name: Option<&str>, path: &Path, missing: &str) {
    match name {
        None => errs.push(FieldError::required(path, missing)),
        Some("") => errs.push(FieldError::required(&path.child("name"), "")),
        Some(_) => {}
    }
}

fn has_wildcard(v: &[String]) -> bool {
    v.iter().any(|s| s == "*")
}

fn verbs(v: &[String], path: &Path) -> Errs {
    let p = path.child("verbs");
    if v.is_empty() {
        vec![FieldError::required(&p, "verbs must contain at least one value")]
    } else if has_wildcard(v) {
        if v.len() > 1 {
            vec![FieldError::invalid(&p, BadValue::list(v), "if '*' is present, must not specify other verbs")]
        } else {
            Vec::new()
        }
    } else if !v.iter().all(|x| VERBS.contains(&x.as_str())) {
        vec![FieldError::not_supported(&p, BadValue::list(v), VERBS)]
    } else {
        Vec::new()
    }
}

/// `ValidateFlowSchemaResourcePolicyRule`.
fn resource_rule(r: &ResourcePolicyRule, path: &Path) -> Errs {
    let mut errs = verbs(r.verbs.as_deref().unwrap_or_default(), path);
    for (field, values, what) in [("apiGroups", &r.api_groups, "api groups"), ("resources", &r.resources, "resources")] {
        let values = values.as_deref().unwrap_or_default();
        let p = path.child(field);
        if values.is_empty() {
            let one = if field == "apiGroups" { "api group" } else { "resource" };
            errs.push(FieldError::required(&p, format!("resource rules must supply at least one {one}")));
        } else if values.len() > 1 && has_wildcard(values) {
            errs.push(FieldError::invalid(&p, BadValue::list(values), format!("if '*' is present, must not specify other {what}")));
        }
    }
    let p = path.child("namespaces");
    if r.namespaces.is_empty() && !r.cluster_scope {
        errs.push(FieldError::required(&p, "resource rules that are not cluster scoped must supply at least one namespace"));
    } else if has_wildcard(&r.namespaces) {
        if r.namespaces.len() > 1 {
            errs.push(FieldError::invalid(&p, BadValue::list(&r.namespaces), "if '*' is present, must not specify other namespaces"));
        }
    } else {
        for (i, ns) in r.namespaces.iter().enumerate() {
            for msg in crate::names::is_dns1123_label(ns) {
                errs.push(FieldError::invalid(&p.index(i), BadValue::str(ns), format!("{NS_INTRO}{msg}")));
            }
        }
    }
    errs
}

/// `ValidateFlowSchemaNonResourcePolicyRule`.
fn non_resource_rule(r: &NonResourcePolicyRule, path: &Path) -> Errs {
    let mut errs = verbs(r.verbs.as_deref().unwrap_or_default(), path);
    let urls = r.non_resource_urls.as_deref().unwrap_or_default();
    let p = path.child("nonResourceURLs");
    if urls.is_empty() {
        errs.push(FieldError::required(&p, "nonResourceURLs must contain at least one value"));
    } else if has_wildcard(urls) {
        if urls.len() > 1 {
            errs.push(FieldError::invalid(&p, BadValue::list(urls), "if '*' is present, must not specify other non-resource URLs"));
        }
    } else {
        for (i, u) in urls.iter().enumerate() {
            if let Some(msg) = non_resource_url(u) {
                errs.push(FieldError::invalid(&p.index(i), BadValue::str(u), msg));
            }
        }
    }
    errs
}

/// `ValidateNonResourceURLPath`: rooted, no spaces or `//`, and `*` only
/// as a final `/*`.
fn non_resource_url(u: &str) -> Option<&'static str> {
    if u.is_empty() {
        return Some("must not be empty");
    }
    if u == "/" {
        return None;
    }
    if !u.starts_with('/') {
        Some("must start with slash")
    } else if u.contains(' ') {
        Some("must not contain white-space")
    } else if u.contains("//") {
        Some("must not contain double slash")
    } else if u.matches('*').count() > 1 || (u.contains('*') && !u.ends_with("/*")) {
        Some("wildcard can only do suffix matching")
    } else {
        None
    }
}

fn conditions(conds: &[Condition]) -> Errs {
    let mut errs = Vec::new();
    let status = Path::new("status");
    let p = status.child("conditions");
    let mut seen: Vec<&str> = Vec::new();
    for (i, c) in conds.iter().enumerate() {
        if seen.contains(&c.type_.as_str()) {
            errs.push(FieldError::duplicate(&p.index(i).child("type"), BadValue::str(c.type_.as_str())));
        }
        seen.push(c.type_.as_str());
        if c.type_.is_empty() {
            errs.push(FieldError::required(&p.index(i).child("type"), "must not be empty"));
        }
    }
    errs
}

/// `ValidatePriorityLevelConfiguration` (and its update, the same).
pub(super) fn priority_level(pl: &PriorityLevelConfiguration) -> Errs {
    let mut errs = meta::object_meta(&pl.metadata, false, NameRule::DnsSubdomain);
    let path = Path::new("spec");
    let spec = &pl.spec;
    if (pl.metadata.name == "exempt") != (spec.type_ == "Exempt") {
        errs.push(FieldError::invalid(&path.child("type"), BadValue::str(&spec.type_), "type must be 'Exempt' if and only if name is 'exempt'"));
    }
    match spec.type_.as_str() {
        "Exempt" => {
            if spec.limited.is_some() {
                errs.push(FieldError::forbidden(&path.child("limited"), "must be nil if the type is not Limited"));
            }
            if let Some(e) = &spec.exempt {
                let p = path.child("exempt");
                errs.extend(shares(e.nominal_concurrency_shares, &p));
                errs.extend(lendable(e.lendable_percent, &p));
            }
        }
        "Limited" => {
            if spec.exempt.is_some() {
                errs.push(FieldError::forbidden(&path.child("exempt"), "must be nil if the type is Limited"));
            }
            match &spec.limited {
                None => errs.push(FieldError::required(&path.child("limited"), "must not be empty when type is Limited")),
                Some(l) => errs.extend(limited(l, &path.child("limited"))),
            }
        }
        other => errs.push(FieldError::not_supported(&path.child("type"), BadValue::str(other), &["Exempt", "Limited"])),
    }
    errs.extend(conditions(&pl.status.conditions));
    errs
}

fn shares(v: Option<i32>, path: &Path) -> Errs {
    match v {
        Some(n) if n < 0 => vec![FieldError::invalid(&path.child("nominalConcurrencyShares"), BadValue::int(n), "must be a non-negative integer")],
        _ => Vec::new(),
    }
}

fn lendable(v: Option<i32>, path: &Path) -> Errs {
    match v {
        Some(n) if !(0..=100).contains(&n) => vec![FieldError::invalid(&path.child("lendablePercent"), BadValue::int(n), "must be between 0 and 100, inclusive")],
        _ => Vec::new(),
    }
}

/// `ValidateLimitedPriorityLevelConfiguration`, as for a v1 request
/// (zero shares allowed).
fn limited(l: &LimitedPriorityLevel, path: &Path) -> Errs {
    let mut errs = shares(l.nominal_concurrency_shares, path);
    errs.extend(limit_response(&l.limit_response, &path.child("limitResponse")));
    errs.extend(lendable(l.lendable_percent, path));
    if let Some(b) = l.borrowing_limit_percent.filter(|b| *b < 0) {
        errs.push(FieldError::invalid(&path.child("borrowingLimitPercent"), BadValue::int(b), "if specified, must be a non-negative integer"));
    }
    errs
}

fn limit_response(lr: &LimitResponse, path: &Path) -> Errs {
    match (lr.type_.as_str(), &lr.queuing) {
        ("Reject", Some(_)) => vec![FieldError::forbidden(&path.child("queuing"), "must be nil if limited.limitResponse.type is not Limited")],
        ("Reject", None) => Vec::new(),
        ("Queue", None) => vec![FieldError::required(&path.child("queuing"), "must not be empty if limited.limitResponse.type is Limited")],
        ("Queue", Some(q)) => queuing(q, &path.child("queuing")),
        (other, _) => vec![FieldError::not_supported(&path.child("type"), BadValue::str(other), &["Queue", "Reject"])],
    }
}

/// Whether shuffle sharding's `RequiredEntropyBits`, ⌈log₂(deck) × hand⌉,
/// exceeds [`MAX_HASH_BITS`]: exactly when deck^hand > 2^60, computed in
/// integers (no platform logarithm to differ in the last bit).
fn too_much_entropy(deck: i32, hand: i32) -> bool {
    let limit = 1u128 << MAX_HASH_BITS;
    let mut power = 1u128;
    for _ in 0..hand {
        power = power.saturating_mul(deck.max(0) as u128);
        if power > limit {
            return true;
        }
    }
    false
}

/// `ValidatePriorityLevelQueuingConfiguration`.
fn queuing(q: &Queuing, path: &Path) -> Errs {
    let mut errs = Vec::new();
    if q.queue_length_limit <= 0 {
        errs.push(FieldError::invalid(&path.child("queueLengthLimit"), BadValue::int(q.queue_length_limit), "must be positive"));
    }
    let queues = path.child("queues");
    if q.queues <= 0 {
        errs.push(FieldError::invalid(&queues, BadValue::int(q.queues), "must be positive"));
    } else if q.queues > MAX_QUEUES {
        errs.push(FieldError::invalid(&queues, BadValue::int(q.queues), format!("must not be greater than {MAX_QUEUES}")));
    }
    let hand = path.child("handSize");
    if q.hand_size <= 0 {
        errs.push(FieldError::invalid(&hand, BadValue::int(q.hand_size), "must be positive"));
    } else if q.hand_size > q.queues {
        errs.push(FieldError::invalid(&hand, BadValue::int(q.hand_size), format!("should not be greater than queues ({})", q.queues)));
    } else if too_much_entropy(q.queues, q.hand_size) {
        errs.push(FieldError::invalid(&hand, BadValue::int(q.hand_size), format!("required entropy bits of deckSize {} and handSize {} should not be greater than {MAX_HASH_BITS}", q.queues, q.hand_size)));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::flowcontrol::{DistinguisherMethod, ExemptPriorityLevel, NamedSubject, PriorityLevelReference, PriorityLevelSpec, ServiceAccountSubject};
    use crate::ObjectMeta;

    fn strings(v: &[&str]) -> Option<Vec<String>> {
        Some(v.iter().map(|s| s.to_string()).collect())
    }

    fn schema(name: &str, precedence: i32, rule: PolicyRulesWithSubjects) -> FlowSchema {
        FlowSchema {
            metadata: ObjectMeta { name: name.into(), ..Default::default() },
            spec: crate::api::flowcontrol::FlowSchemaSpec { priority_level_configuration: PriorityLevelReference { name: "system-bar".into() }, matching_precedence: precedence, distinguisher_method: None, rules: vec![rule] },
            ..Default::default()
        }
    }

    fn user(name: &str) -> Subject {
        Subject { kind: "User".into(), user: Some(NamedSubject { name: name.into() }), ..Default::default() }
    }

    fn all_resources() -> ResourcePolicyRule {
        ResourcePolicyRule { verbs: strings(&["*"]), api_groups: strings(&["*"]), resources: strings(&["*"]), cluster_scope: true, namespaces: vec!["*".into()] }
    }

    fn messages(errs: &Errs) -> Vec<String> {
        errs.iter().map(|e| e.to_string()).collect()
    }

    fn ok_rule() -> PolicyRulesWithSubjects {
        PolicyRulesWithSubjects { subjects: Some(vec![user("noxu")]), resource_rules: vec![all_resources()], non_resource_rules: Vec::new() }
    }

    // TestFlowSchemaValidation, its table in our words.
    #[test]
    fn flow_schema_table() {
        let cases: Vec<(&str, FlowSchema, Vec<&str>)> = vec![
            ("valid", schema("system-foo", 50, ok_rule()), vec![]),
            ("precedence 1 is exempt's", schema("system-foo", 1, ok_rule()), vec!["spec.matchingPrecedence: Invalid value: 1: only the schema named 'exempt' may have matchingPrecedence 1"]),
            ("precedence too high", schema("system-foo", 50000, ok_rule()), vec!["spec.matchingPrecedence: Invalid value: 50000: must not be greater than 10000"]),
            ("no subjects", schema("system-foo", 50, PolicyRulesWithSubjects { subjects: None, ..ok_rule() }), vec!["spec.rules[0].subjects: Required value: subjects must contain at least one value"]),
            ("no rules", schema("system-foo", 50, PolicyRulesWithSubjects { resource_rules: vec![], ..ok_rule() }), vec!["spec.rules[0]: Required value: at least one of resourceRules and nonResourceRules has to be non-empty"]),
            (
                "wildcard verb with others",
                schema("system-foo", 50, PolicyRulesWithSubjects { resource_rules: vec![ResourcePolicyRule { verbs: strings(&["*", "create"]), ..all_resources() }], ..ok_rule() }),
                vec![r#"spec.rules[0].resourceRules[0].verbs: Invalid value: []string{"*", "create"}: if '*' is present, must not specify other verbs"#],
            ),
            (
                "unsupported verb",
                schema("system-foo", 50, PolicyRulesWithSubjects { resource_rules: vec![ResourcePolicyRule { verbs: strings(&["feed"]), ..all_resources() }], ..ok_rule() }),
                vec![r#"spec.rules[0].resourceRules[0].verbs: Unsupported value: []string{"feed"}: supported values: "create", "delete", "deletecollection", "get", "list", "patch", "proxy", "update", "watch""#],
            ),
            (
                "namespaced rule without namespaces",
                schema("system-foo", 50, PolicyRulesWithSubjects { resource_rules: vec![ResourcePolicyRule { cluster_scope: false, namespaces: vec![], ..all_resources() }], ..ok_rule() }),
                vec!["spec.rules[0].resourceRules[0].namespaces: Required value: resource rules that are not cluster scoped must supply at least one namespace"],
            ),
            (
                "bad namespace",
                schema("system-foo", 50, PolicyRulesWithSubjects { resource_rules: vec![ResourcePolicyRule { namespaces: vec!["-foo".into()], ..all_resources() }], ..ok_rule() }),
                vec![r#"spec.rules[0].resourceRules[0].namespaces[0]: Invalid value: "-foo": each member of this list must be '*' or a DNS-1123 label; a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"#],
            ),
            (
                "non-resource url without slash",
                schema("system-foo", 50, PolicyRulesWithSubjects { resource_rules: vec![], non_resource_rules: vec![NonResourcePolicyRule { verbs: strings(&["get"]), non_resource_urls: strings(&["healthz", "/a/*/b"]) }], ..ok_rule() }),
                vec![r#"spec.rules[0].nonResourceRules[0].nonResourceURLs[0]: Invalid value: "healthz": must start with slash"#, r#"spec.rules[0].nonResourceRules[0].nonResourceURLs[1]: Invalid value: "/a/*/b": wildcard can only do suffix matching"#],
            ),
            (
                "user subject without user, with a group",
                schema("system-foo", 50, PolicyRulesWithSubjects { subjects: Some(vec![Subject { kind: "User".into(), group: Some(NamedSubject { name: "g".into() }), ..Default::default() }]), ..ok_rule() }),
                vec!["spec.rules[0].subjects[0].user: Required value: user is required when subject kind is 'User'", "spec.rules[0].subjects[0].group: Forbidden: group is forbidden when subject kind is not 'Group'"],
            ),
            (
                "service account without namespace",
                schema("system-foo", 50, PolicyRulesWithSubjects { subjects: Some(vec![Subject { kind: "ServiceAccount".into(), service_account: Some(ServiceAccountSubject { namespace: "".into(), name: "*".into() }), ..Default::default() }]), ..ok_rule() }),
                vec!["spec.rules[0].subjects[0].serviceAccount.namespace: Required value: must specify namespace for service account"],
            ),
            (
                "unknown subject kind",
                schema("system-foo", 50, PolicyRulesWithSubjects { subjects: Some(vec![Subject { kind: "Robot".into(), ..Default::default() }]), ..ok_rule() }),
                vec![r#"spec.rules[0].subjects[0].kind: Unsupported value: "Robot": supported values: "Group", "ServiceAccount", "User""#],
            ),
        ];
        for (name, fs, want) in cases {
            assert_eq!(messages(&flow_schema(&fs)), want, "{name}");
        }
        let mut fs = schema("system-foo", 50, ok_rule());
        fs.spec.distinguisher_method = Some(DistinguisherMethod { type_: "ByFoo".into() });
        fs.spec.priority_level_configuration.name = String::new();
        assert_eq!(
            messages(&flow_schema(&fs)),
            [r#"spec.distinguisherMethod.type: Unsupported value: flowcontrol.FlowDistinguisherMethod{Type:"ByFoo"}: supported values: "ByNamespace", "ByUser""#, "spec.priorityLevelConfiguration.name: Required value: must reference a priority level"]
        );
    }

    fn level(name: &str, spec: PriorityLevelSpec) -> PriorityLevelConfiguration {
        PriorityLevelConfiguration { metadata: ObjectMeta { name: name.into(), ..Default::default() }, spec, ..Default::default() }
    }

    fn queued(queues: i32, hand_size: i32, limit: i32) -> PriorityLevelSpec {
        PriorityLevelSpec {
            type_: "Limited".into(),
            limited: Some(LimitedPriorityLevel { nominal_concurrency_shares: Some(5), limit_response: LimitResponse { type_: "Queue".into(), queuing: Some(Queuing { queues, hand_size, queue_length_limit: limit }) }, lendable_percent: Some(0), borrowing_limit_percent: None }),
            exempt: None,
        }
    }

    #[test]
    fn entropy_is_measured_exactly() {
        // log2(1024) × 6 = 60: allowed; one more card is not.
        assert!(!too_much_entropy(1024, 6));
        assert!(too_much_entropy(1025, 6));
        assert!(!too_much_entropy(64, 8));
        assert!(too_much_entropy(10_000_000, 8));
    }

    // TestPriorityLevelConfigurationValidation, in our words.
    #[test]
    fn priority_level_table() {
        let exempt = PriorityLevelSpec { type_: "Exempt".into(), limited: None, exempt: Some(ExemptPriorityLevel { nominal_concurrency_shares: Some(0), lendable_percent: Some(0) }) };
        let cases: Vec<(&str, PriorityLevelConfiguration, Vec<&str>)> = vec![
            ("exempt", level("exempt", exempt.clone()), vec![]),
            ("exempt type elsewhere", level("foo", exempt.clone()), vec![r#"spec.type: Invalid value: "Exempt": type must be 'Exempt' if and only if name is 'exempt'"#]),
            ("limited", level("foo", queued(64, 8, 50)), vec![]),
            ("hand bigger than deck", level("foo", queued(7, 8, 50)), vec!["spec.limited.limitResponse.queuing.handSize: Invalid value: 8: should not be greater than queues (7)"]),
            ("too much entropy", level("foo", queued(10_000_000, 8, 50)), vec!["spec.limited.limitResponse.queuing.handSize: Invalid value: 8: required entropy bits of deckSize 10000000 and handSize 8 should not be greater than 60"]),
            ("too many queues", level("foo", queued(10_000_001, 1, 50)), vec!["spec.limited.limitResponse.queuing.queues: Invalid value: 10000001: must not be greater than 10000000"]),
            ("zero limit", level("foo", queued(64, 8, 0)), vec!["spec.limited.limitResponse.queuing.queueLengthLimit: Invalid value: 0: must be positive"]),
            ("limited without limited", level("foo", PriorityLevelSpec { type_: "Limited".into(), ..Default::default() }), vec!["spec.limited: Required value: must not be empty when type is Limited"]),
            ("bad type", level("foo", PriorityLevelSpec { type_: "Unlimited".into(), ..Default::default() }), vec![r#"spec.type: Unsupported value: "Unlimited": supported values: "Exempt", "Limited""#]),
        ];
        for (name, pl, want) in cases {
            assert_eq!(messages(&priority_level(&pl)), want, "{name}");
        }
        let mut bad = queued(64, 8, 50);
        if let Some(l) = &mut bad.limited {
            l.nominal_concurrency_shares = Some(-1);
            l.lendable_percent = Some(101);
            l.borrowing_limit_percent = Some(-1);
            l.limit_response = LimitResponse { type_: "Reject".into(), queuing: Some(Queuing::default()) };
        }
        assert_eq!(
            messages(&priority_level(&level("foo", bad))),
            [
                "spec.limited.nominalConcurrencyShares: Invalid value: -1: must be a non-negative integer",
                "spec.limited.limitResponse.queuing: Forbidden: must be nil if limited.limitResponse.type is not Limited",
                "spec.limited.lendablePercent: Invalid value: 101: must be between 0 and 100, inclusive",
                "spec.limited.borrowingLimitPercent: Invalid value: -1: if specified, must be a non-negative integer",
            ]
        );
    }
}
