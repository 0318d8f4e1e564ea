//! API Priority and Fairness's configuration (`flowcontrol.apiserver.k8s.io/v1`)
//! as the API server keeps it: its bootstrap FlowSchemas and
//! PriorityLevelConfigurations, and the Dangling condition its
//! configuration controller writes on every FlowSchema. Presented to
//! reads, never stored by the cluster itself.
//!
//! kube-apiserver's post-start hook creates the bootstrap set (two
//! mandatory objects of each kind, `exempt` and `catch-all`, and the
//! suggested ones) with `apf.kubernetes.io/autoupdate-spec: "true"`, and
//! every minute puts back a mandatory object's spec, a suggested one's
//! when its annotation still says `true`, and any of them that was
//! deleted. Storing them would add steps to every session's trace (and
//! move the self-check's fingerprint); so a read's throwaway copy of the
//! store gets them here (`Store::present`), created with the
//! `kube-system` namespace, each with the same uid from read to read:
//! - a bootstrap object not stored is shown as the API server made it;
//! - a stored one (a user's write stored it, [`materialize`]) is shown as
//!   stored, with the bootstrap spec put back when the producer would;
//! - every FlowSchema, stored or not, is shown with its Dangling
//!   condition: `False`/`Found` when its priority level exists, else
//!   `True`/`NotFound`.
//!
//! A write that names a bootstrap object first has [`materialize`] store
//! it as presented (same uid), so a create is refused as existing and a
//! patch or delete finds it; a deleted one is recreated at once, with a
//! new uid ([`recreate`]).
//!
//! What this gives up: the producer's minute-long period (what it puts
//! back is shown at the next read, not up to a minute later); the
//! condition's `lastTransitionTime` is when the later of the schema and
//! its level was created (or the schema's creation when dangling), not
//! when the controller saw the change; and the upstream validation that
//! a mandatory object's spec is the fixed one.

use kubeplay_apiserver::Store;
use kubeplay_model::api::flowcontrol::*;
use kubeplay_model::meta::Condition;
use kubeplay_model::{Kind, Object, ObjectKey, ObjectMeta, Time};
use std::collections::BTreeMap;
use std::sync::Arc;

/// How the schema tells flows apart (`FlowDistinguisherMethodType`).
#[derive(Clone, Copy)]
enum By {
    None,
    User,
    Namespace,
}

/// A bootstrap schema's one rule set: its subjects and whether its rules
/// are "everything" or a named list.
struct Schema {
    name: &'static str,
    level: &'static str,
    precedence: i32,
    by: By,
    subjects: fn() -> Vec<Subject>,
    resource_rules: fn() -> Vec<ResourcePolicyRule>,
    non_resource_rules: fn() -> Vec<NonResourcePolicyRule>,
}

/// A bootstrap level: `None` shares is the exempt level; no queuing
/// (`(0, 0, 0)`) is a level that rejects.
struct Level {
    name: &'static str,
    shares: Option<i32>,
    lendable: i32,
    queuing: (i32, i32, i32),
}

const MANDATORY: &[&str] = &["exempt", "catch-all"];

const LEVELS: &[Level] = &[
    Level { name: "exempt", shares: None, lendable: 0, queuing: (0, 0, 0) },
    Level { name: "catch-all", shares: Some(5), lendable: 0, queuing: (0, 0, 0) },
    Level { name: "system", shares: Some(30), lendable: 33, queuing: (64, 6, 50) },
    Level { name: "node-high", shares: Some(40), lendable: 25, queuing: (64, 6, 50) },
    Level { name: "leader-election", shares: Some(10), lendable: 0, queuing: (16, 4, 50) },
    Level { name: "workload-high", shares: Some(40), lendable: 50, queuing: (128, 6, 50) },
    Level { name: "workload-low", shares: Some(100), lendable: 90, queuing: (128, 6, 50) },
    Level { name: "global-default", shares: Some(20), lendable: 50, queuing: (128, 6, 50) },
];

fn strings(v: &[&str]) -> Option<Vec<String>> {
    Some(v.iter().map(|s| s.to_string()).collect())
}

fn groups(names: &[&str]) -> Vec<Subject> {
    names.iter().map(|n| Subject { kind: "Group".into(), group: Some(NamedSubject { name: n.to_string() }), ..Default::default() }).collect()
}

fn users(names: &[&str]) -> Vec<Subject> {
    names.iter().map(|n| Subject { kind: "User".into(), user: Some(NamedSubject { name: n.to_string() }), ..Default::default() }).collect()
}

fn kube_system_accounts(names: &[&str]) -> Vec<Subject> {
    names.iter().map(|n| Subject { kind: "ServiceAccount".into(), service_account: Some(ServiceAccountSubject { namespace: "kube-system".into(), name: n.to_string() }), ..Default::default() }).collect()
}

fn rule(verbs: &[&str], api_groups: &[&str], resources: &[&str], namespaces: &[&str], cluster_scope: bool) -> ResourcePolicyRule {
    ResourcePolicyRule { verbs: strings(verbs), api_groups: strings(api_groups), resources: strings(resources), cluster_scope, namespaces: namespaces.iter().map(|s| s.to_string()).collect() }
}

fn all_resources() -> Vec<ResourcePolicyRule> {
    vec![rule(&["*"], &["*"], &["*"], &["*"], true)]
}

fn all_non_resources() -> Vec<NonResourcePolicyRule> {
    vec![NonResourcePolicyRule { verbs: strings(&["*"]), non_resource_urls: strings(&["*"]) }]
}

fn none_rules<T>() -> Vec<T> {
    Vec::new()
}

fn leader_election_rules(namespaces: &'static [&'static str]) -> Vec<ResourcePolicyRule> {
    vec![rule(&["get", "create", "update"], &[""], &["endpoints", "configmaps"], namespaces, false), rule(&["get", "create", "update"], &["coordination.k8s.io"], &["leases"], &["*"], false)]
}

const EVERYONE: &[&str] = &["system:unauthenticated", "system:authenticated"];

const SCHEMAS: &[Schema] = &[
    Schema { name: "exempt", level: "exempt", precedence: 1, by: By::None, subjects: || groups(&["system:masters"]), resource_rules: all_resources, non_resource_rules: all_non_resources },
    Schema { name: "catch-all", level: "catch-all", precedence: 10000, by: By::User, subjects: || groups(EVERYONE), resource_rules: all_resources, non_resource_rules: all_non_resources },
    Schema { name: "system-nodes", level: "system", precedence: 500, by: By::User, subjects: || groups(&["system:nodes"]), resource_rules: all_resources, non_resource_rules: all_non_resources },
    Schema {
        name: "system-node-high",
        level: "node-high",
        precedence: 400,
        by: By::User,
        subjects: || groups(&["system:nodes"]),
        resource_rules: || vec![rule(&["*"], &[""], &["nodes", "nodes/status"], &["*"], true), rule(&["*"], &["coordination.k8s.io"], &["leases"], &["*"], false)],
        non_resource_rules: none_rules,
    },
    Schema {
        name: "probes",
        level: "exempt",
        precedence: 2,
        by: By::None,
        subjects: || groups(EVERYONE),
        resource_rules: none_rules,
        non_resource_rules: || vec![NonResourcePolicyRule { verbs: strings(&["get"]), non_resource_urls: strings(&["/healthz", "/readyz", "/livez"]) }],
    },
    Schema {
        name: "system-leader-election",
        level: "leader-election",
        precedence: 100,
        by: By::User,
        subjects: || {
            let mut s = users(&["system:kube-controller-manager", "system:kube-scheduler"]);
            s.extend(kube_system_accounts(&["*"]));
            s
        },
        resource_rules: || leader_election_rules(&["kube-system"]),
        non_resource_rules: none_rules,
    },
    Schema {
        name: "endpoint-controller",
        level: "workload-high",
        precedence: 150,
        by: By::User,
        subjects: || {
            let mut s = users(&["system:kube-controller-manager"]);
            s.extend(kube_system_accounts(&["endpoint-controller", "endpointslicemirroring-controller"]));
            s
        },
        resource_rules: || vec![rule(&["get", "create", "update"], &[""], &["endpoints"], &["*"], false)],
        non_resource_rules: none_rules,
    },
    Schema { name: "workload-leader-election", level: "leader-election", precedence: 200, by: By::User, subjects: || kube_system_accounts(&["*"]), resource_rules: || leader_election_rules(&["*"]), non_resource_rules: none_rules },
    Schema { name: "kube-controller-manager", level: "workload-high", precedence: 800, by: By::Namespace, subjects: || users(&["system:kube-controller-manager"]), resource_rules: all_resources, non_resource_rules: all_non_resources },
    Schema { name: "kube-scheduler", level: "workload-high", precedence: 800, by: By::Namespace, subjects: || users(&["system:kube-scheduler"]), resource_rules: all_resources, non_resource_rules: all_non_resources },
    Schema { name: "kube-system-service-accounts", level: "workload-high", precedence: 900, by: By::Namespace, subjects: || kube_system_accounts(&["*"]), resource_rules: all_resources, non_resource_rules: all_non_resources },
    Schema { name: "service-accounts", level: "workload-low", precedence: 9000, by: By::User, subjects: || groups(&["system:serviceaccounts"]), resource_rules: all_resources, non_resource_rules: all_non_resources },
    Schema { name: "global-default", level: "global-default", precedence: 9900, by: By::User, subjects: || groups(EVERYONE), resource_rules: all_resources, non_resource_rules: all_non_resources },
];

/// The uid the API server gave a bootstrap object: the one the proxy's
/// `X-Kubernetes-Pf-*-Uid` headers carry (kubectl's `exec/proxy_api.rs`
/// draws them from the same seed, `flowschema/<name>` or
/// `prioritylevel/<name>`).
pub fn bootstrap_uid(seed: &str) -> String {
    let [a, b] = uid_draws(seed);
    let mut draws = [a, b].into_iter();
    kubeplay_apiserver::uuid(&mut || draws.next().unwrap_or(0)).as_str().to_string()
}

/// The two random words the store turns into that uid (its version and
/// variant bits land on the `4` and the `a` the headers show), so a
/// stored copy ([`materialize`]) draws the same one.
fn uid_draws(seed: &str) -> [u64; 2] {
    let a = kubeplay_model::fnv::fnv1a(seed.as_bytes());
    let b = kubeplay_model::fnv::Fnv::new().bytes(&a.to_le_bytes()).bytes(seed.as_bytes()).finish();
    [a, (b & 0x0fff_ffff_ffff_ffff) | 0xa000_0000_0000_0000]
}

/// Which seed a bootstrap object's uid comes from.
fn seed_of(kind: Kind, name: &str) -> String {
    match kind {
        Kind::FlowSchema => format!("flowschema/{name}"),
        _ => format!("prioritylevel/{name}"),
    }
}

fn meta(kind: Kind, name: &str, created: Option<Time>) -> ObjectMeta {
    ObjectMeta {
        name: name.into(),
        uid: bootstrap_uid(&seed_of(kind, name)).as_str().into(),
        creation_timestamp: created,
        generation: 1,
        annotations: BTreeMap::from([(AUTOUPDATE_ANNOTATION.to_string(), "true".to_string())]).into(),
        ..Default::default()
    }
}

fn level_spec(l: &Level) -> PriorityLevelSpec {
    match l.shares {
        None => PriorityLevelSpec { type_: "Exempt".into(), limited: None, exempt: Some(ExemptPriorityLevel { nominal_concurrency_shares: Some(0), lendable_percent: Some(l.lendable) }) },
        Some(shares) => {
            let (queues, hand_size, queue_length_limit) = l.queuing;
            let limit_response = if queues == 0 { LimitResponse { type_: "Reject".into(), queuing: None } } else { LimitResponse { type_: "Queue".into(), queuing: Some(Queuing { queues, hand_size, queue_length_limit }) } };
            PriorityLevelSpec { type_: "Limited".into(), limited: Some(LimitedPriorityLevel { nominal_concurrency_shares: Some(shares), limit_response, lendable_percent: Some(l.lendable), borrowing_limit_percent: None }), exempt: None }
        }
    }
}

fn schema_spec(s: &Schema) -> FlowSchemaSpec {
    let method = match s.by {
        By::None => None,
        By::User => Some("ByUser"),
        By::Namespace => Some("ByNamespace"),
    };
    FlowSchemaSpec {
        priority_level_configuration: PriorityLevelReference { name: s.level.into() },
        matching_precedence: s.precedence,
        distinguisher_method: method.map(|m| DistinguisherMethod { type_: m.into() }),
        rules: vec![PolicyRulesWithSubjects { subjects: Some((s.subjects)()), resource_rules: (s.resource_rules)(), non_resource_rules: (s.non_resource_rules)() }],
    }
}

/// The bootstrap PriorityLevelConfigurations, created at `created`.
pub fn bootstrap_levels(created: Option<Time>) -> Vec<PriorityLevelConfiguration> {
    LEVELS.iter().map(|l| PriorityLevelConfiguration { metadata: meta(Kind::PriorityLevelConfiguration, l.name, created), spec: level_spec(l), status: FlowControlStatus::default() }).collect()
}

/// The bootstrap FlowSchemas, created at `created` (no status yet).
pub fn bootstrap_schemas(created: Option<Time>) -> Vec<FlowSchema> {
    SCHEMAS.iter().map(|s| FlowSchema { metadata: meta(Kind::FlowSchema, s.name, created), spec: schema_spec(s), status: FlowControlStatus::default() }).collect()
}

/// Go's `strconv.ParseBool`.
fn parse_bool(s: &str) -> Option<bool> {
    match s {
        "1" | "t" | "T" | "TRUE" | "true" | "True" => Some(true),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Some(false),
        _ => None,
    }
}

/// Whether the configuration producer puts the bootstrap spec back on a
/// stored object: always for a mandatory one; for a suggested one while
/// its annotation says true (missing or not a boolean: the user's).
fn auto_updated(name: &str, meta: &ObjectMeta) -> bool {
    MANDATORY.contains(&name) || meta.annotations.get(AUTOUPDATE_ANNOTATION).and_then(|v| parse_bool(v)).unwrap_or(false)
}

/// Whether the annotation says the producer owns the spec, as it writes it.
fn marked(meta: &ObjectMeta) -> bool {
    meta.annotations.get(AUTOUPDATE_ANNOTATION).map(String::as_str) == Some("true")
}

/// `meta` with the annotation the producer writes on what it updates
/// (a mandatory object's is put back to `true` whatever a user set).
fn remarked(meta: &ObjectMeta) -> ObjectMeta {
    let mut m = meta.clone();
    m.annotations.insert(AUTOUPDATE_ANNOTATION.to_string(), "true".to_string());
    m
}

/// When the API server made its bootstrap set: with `kube-system`.
/// `None` when that namespace is gone (no bootstrap objects then either:
/// a cluster without it is not one this models).
fn started(store: &Store) -> Option<Option<Time>> {
    store.get_by(Kind::Namespace, "", "kube-system").map(|ns| ns.meta().creation_timestamp)
}

/// The Dangling condition of a schema naming `level`, given that level
/// as the read sees it.
fn dangling(fs: &FlowSchema, level: Option<&ObjectMeta>) -> Condition {
    let name = &fs.spec.priority_level_configuration.name;
    let (status, reason, message, since) = match level {
        Some(l) => ("False", "Found", format!("This FlowSchema references the PriorityLevelConfiguration object named {} and it exists", kubeplay_model::goquote::quote(name)), fs.metadata.creation_timestamp.max(l.creation_timestamp)),
        None => ("True", "NotFound", format!("This FlowSchema references the PriorityLevelConfiguration object named {} but there is no such object", kubeplay_model::goquote::quote(name)), fs.metadata.creation_timestamp),
    };
    Condition { type_: DANGLING.into(), status: status.into(), last_transition_time: since, reason: Some(reason.into()), message: Some(message.into()), ..Default::default() }
}

/// Puts the configuration into a read's throwaway copy of the store
/// (see the module's comment), at the store's revision.
pub fn present(view: &mut Store) {
    let Some(created) = started(view) else { return };
    let version = kubeplay_model::shared_str::SharedStr::from(view.resource_version().to_string().as_str());
    for b in bootstrap_levels(created) {
        let shown = match view.get_by(Kind::PriorityLevelConfiguration, "", &b.metadata.name).and_then(|o| o.as_priority_level()) {
            None => Some(PriorityLevelConfiguration { metadata: ObjectMeta { resource_version: version.clone(), ..b.metadata }, ..b }),
            Some(s) if s.metadata.deletion_timestamp.is_none() && auto_updated(&b.metadata.name, &s.metadata) && (s.spec != b.spec || !marked(&s.metadata)) => {
                Some(PriorityLevelConfiguration { metadata: remarked(&s.metadata), spec: b.spec, ..s.clone() })
            }
            Some(_) => None,
        };
        if let Some(pl) = shown {
            view.present(Arc::new(Object::from(pl)));
        }
    }
    for b in bootstrap_schemas(created) {
        let shown = match view.get_by(Kind::FlowSchema, "", &b.metadata.name).and_then(|o| o.as_flow_schema()) {
            None => Some(FlowSchema { metadata: ObjectMeta { resource_version: version.clone(), ..b.metadata }, ..b }),
            Some(s) if s.metadata.deletion_timestamp.is_none() && auto_updated(&b.metadata.name, &s.metadata) && (s.spec != b.spec || !marked(&s.metadata)) => {
                Some(FlowSchema { metadata: remarked(&s.metadata), spec: b.spec, ..s.clone() })
            }
            Some(_) => None,
        };
        if let Some(fs) = shown {
            view.present(Arc::new(Object::from(fs)));
        }
    }
    // The configuration controller's status, on every schema.
    let schemas: Vec<FlowSchema> = view.list(Kind::FlowSchema, None).filter_map(|o| o.as_flow_schema()).cloned().collect();
    for mut fs in schemas {
        let level = view.get_by(Kind::PriorityLevelConfiguration, "", &fs.spec.priority_level_configuration.name).map(|o| o.meta().clone());
        let cond = dangling(&fs, level.as_ref());
        if fs.status.conditions.iter().any(|c| c.type_ == DANGLING && c.status == cond.status && c.reason == cond.reason && c.message == cond.message) {
            continue;
        }
        fs.status.conditions.retain(|c| c.type_ != DANGLING);
        fs.status.conditions.push(cond);
        view.present(Arc::new(Object::from(fs)));
    }
}

/// Whether `kind/name` is one of the bootstrap objects.
pub fn is_bootstrap(kind: Kind, name: &str) -> bool {
    match kind {
        Kind::FlowSchema => SCHEMAS.iter().any(|s| s.name == name),
        Kind::PriorityLevelConfiguration => LEVELS.iter().any(|l| l.name == name),
        _ => false,
    }
}

/// The bootstrap objects `wanted` picks, as presented now (uid, creation
/// time, spec), for storing.
fn presented(store: &Store, wanted: &dyn Fn(Kind, &str) -> bool) -> Vec<Object> {
    let Some(created) = started(store) else { return Vec::new() };
    let levels = bootstrap_levels(created).into_iter().map(Object::from);
    let schemas = bootstrap_schemas(created).into_iter().map(Object::from);
    levels.chain(schemas).filter(|o| wanted(o.kind(), o.name()) && store.get_by(o.kind(), "", o.name()).is_none()).collect()
}

/// Stores the bootstrap objects `wanted` picks that are presented but not
/// stored, as the API server made them (same uid and creation time), in
/// one step, so a user's write finds them. Only a command that names one
/// calls this. Returns how many were stored.
pub fn materialize(engine: &mut crate::engine::Engine, wanted: impl Fn(Kind, &str) -> bool) -> usize {
    let missing = presented(&engine.world().store, &wanted);
    let Some(first) = missing.first().map(|o| o.key()) else { return 0 };
    let n = missing.len();
    engine.user("the API server's priority and fairness configuration is stored as it stands, before the command writes it", first, |ctx| {
        for mut obj in missing {
            let created = obj.meta().creation_timestamp;
            // The store assigns identity on create: drawing the presented
            // uid's words again gives the same uid.
            let mut draws = uid_draws(&seed_of(obj.kind(), obj.name())).into_iter();
            let meta = obj.meta_mut();
            meta.uid = Default::default();
            meta.creation_timestamp = None;
            meta.generation = 0;
            let mut draw = || draws.next().unwrap_or(0);
            let mut wctx = kubeplay_apiserver::WriteCtx { now: created.unwrap_or(ctx.world.now), rng: &mut draw };
            if let Ok(made) = ctx.world.store.create(obj, &mut wctx) {
                ctx.writes.push(crate::step::Write { verb: crate::step::Verb::Create, key: made.key(), before: None, after: Some(made) });
            }
        }
    });
    n
}

/// Recreates the bootstrap objects among `deleted` that a command just
/// deleted, as the configuration producer does: new uids, created now,
/// the bootstrap spec, in one step.
pub fn recreate(engine: &mut crate::engine::Engine, deleted: &[ObjectKey]) -> usize {
    let missing = presented(&engine.world().store, &|k, n| deleted.iter().any(|d| d.kind == k && d.name.as_str() == n));
    let Some(first) = missing.first().map(|o| o.key()) else { return 0 };
    let n = missing.len();
    engine.user("the API server puts back the priority and fairness configuration that was deleted", first, |ctx| {
        for mut obj in missing {
            let meta = obj.meta_mut();
            meta.uid = Default::default();
            meta.creation_timestamp = None;
            meta.generation = 0;
            let _ = ctx.create_system(obj);
        }
    });
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::validation::validate;

    #[test]
    fn the_bootstrap_set_is_valid_and_already_defaulted() {
        for o in bootstrap_levels(None).into_iter().map(Object::from).chain(bootstrap_schemas(None).into_iter().map(Object::from)) {
            assert_eq!(validate(&o).iter().map(|e| e.to_string()).collect::<Vec<_>>(), Vec::<String>::new(), "{}", o.name());
            let mut defaulted = o.clone();
            kubeplay_model::defaults::apply_defaults(&mut defaulted);
            assert_eq!(defaulted, o, "{}", o.name());
        }
        // Every schema's level is a bootstrap level.
        for s in SCHEMAS {
            assert!(LEVELS.iter().any(|l| l.name == s.level), "{}", s.name);
        }
    }

    #[test]
    fn a_default_cluster_reads_them_all_found() {
        let e = crate::engine::Engine::with_default_cluster(1);
        let mut view = e.store().clone();
        present(&mut view);
        assert_eq!(view.list(Kind::FlowSchema, None).count(), SCHEMAS.len());
        assert_eq!(view.list(Kind::PriorityLevelConfiguration, None).count(), LEVELS.len());
        for o in view.list(Kind::FlowSchema, None) {
            let fs = o.as_flow_schema().unwrap();
            assert_eq!(fs.status.conditions.len(), 1, "{}", fs.metadata.name);
            assert_eq!(fs.status.conditions[0].reason.as_deref(), Some("Found"));
        }
        assert_eq!(e.store().list(Kind::FlowSchema, None).count(), 0, "nothing stored");
        let exempt = view.get_by(Kind::FlowSchema, "", "exempt").unwrap();
        assert_eq!(exempt.meta().uid.as_str(), bootstrap_uid("flowschema/exempt"));
        // The uid the proxy's flow-control headers have always shown.
        let seed = "flowschema/exempt";
        let a = kubeplay_model::fnv::fnv1a(seed.as_bytes());
        let b = kubeplay_model::fnv::Fnv::new().bytes(&a.to_le_bytes()).bytes(seed.as_bytes()).finish();
        let hex = format!("{a:016x}{b:016x}");
        let header = format!("{}-{}-4{}-a{}-{}", &hex[0..8], &hex[8..12], &hex[13..16], &hex[17..20], &hex[20..32]);
        assert_eq!(bootstrap_uid(seed), header);
    }

    #[test]
    fn the_producer_resets_what_it_owns() {
        let table = [
            // (name, annotation, reset)
            ("exempt", None, true),
            ("exempt", Some("false"), true),
            ("global-default", Some("true"), true),
            ("global-default", Some("TRUE"), true),
            ("global-default", Some("false"), false),
            ("global-default", Some("nope"), false),
            ("global-default", None, false),
        ];
        for (name, annotation, want) in table {
            let mut m = ObjectMeta::default();
            if let Some(a) = annotation {
                m.annotations.insert(AUTOUPDATE_ANNOTATION.into(), a.into());
            }
            assert_eq!(auto_updated(name, &m), want, "{name} {annotation:?}");
        }
    }
}
