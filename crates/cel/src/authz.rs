//! Kubernetes' authz library (`apiserver/pkg/cel/library/authz.go`,
//! v1.32): the `authorizer` variable of admission policies, and the
//! checks built from it (`authorizer.group('apps').resource('deployments')
//! .namespace('x').check('create').allowed()`). The embedding crate
//! supplies the decision: this crate only builds the query.

use crate::error::EvalError;
use crate::types::Type;
use crate::value::Value;
use std::fmt;
use std::rc::Rc;

/// What a check asks the authorizer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuthzQuery {
    /// `serviceAccount(namespace, name)`: ask for that account instead of
    /// the request's user.
    pub service_account: Option<(String, String)>,
    /// A non-resource check's path.
    pub path: Option<String>,
    pub group: String,
    pub resource: String,
    pub subresource: String,
    pub namespace: String,
    pub name: String,
    pub verb: String,
}

/// The authorizer's answer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuthzDecision {
    pub allowed: bool,
    pub reason: String,
    pub error: Option<String>,
}

/// Decides a query.
pub type Decide = Rc<dyn Fn(&AuthzQuery) -> AuthzDecision>;

/// The library's values.
#[derive(Clone)]
pub enum Authz {
    /// The `authorizer` variable (or `serviceAccount(..)` of it), with the
    /// request's own resource for `requestResource`.
    Authorizer { decide: Decide, query: AuthzQuery, request: Box<AuthzQuery> },
    Path { decide: Decide, query: AuthzQuery },
    Group { decide: Decide, query: AuthzQuery },
    Resource { decide: Decide, query: AuthzQuery },
    Decision(AuthzDecision),
}

impl fmt::Debug for Authz {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Authz::Authorizer { query, .. } => write!(f, "Authorizer({query:?})"),
            Authz::Path { query, .. } => write!(f, "PathCheck({query:?})"),
            Authz::Group { query, .. } => write!(f, "GroupCheck({query:?})"),
            Authz::Resource { query, .. } => write!(f, "ResourceCheck({query:?})"),
            Authz::Decision(d) => write!(f, "Decision({d:?})"),
        }
    }
}

/// The library's types, as cel-go names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthzType {
    Authorizer,
    Path,
    Group,
    Resource,
    Decision,
}

impl AuthzType {
    pub fn name(self) -> &'static str {
        match self {
            AuthzType::Authorizer => "kubernetes.authorization.Authorizer",
            AuthzType::Path => "kubernetes.authorization.PathCheck",
            AuthzType::Group => "kubernetes.authorization.GroupCheck",
            AuthzType::Resource => "kubernetes.authorization.ResourceCheck",
            AuthzType::Decision => "kubernetes.authorization.Decision",
        }
    }
}

impl Authz {
    pub(crate) fn kind(&self) -> AuthzType {
        match self {
            Authz::Authorizer { .. } => AuthzType::Authorizer,
            Authz::Path { .. } => AuthzType::Path,
            Authz::Group { .. } => AuthzType::Group,
            Authz::Resource { .. } => AuthzType::Resource,
            Authz::Decision(_) => AuthzType::Decision,
        }
    }
}

/// The `authorizer` value: `decide` answers its checks; `request` is the
/// request's own resource (`authorizer.requestResource`).
pub fn authorizer(decide: impl Fn(&AuthzQuery) -> AuthzDecision + 'static, request: AuthzQuery) -> Value {
    Value::Authz(Rc::new(Authz::Authorizer { decide: Rc::new(decide), query: AuthzQuery::default(), request: Box::new(request) }))
}

/// The type of the `authorizer` variable, to declare it.
pub fn authorizer_type() -> Type {
    Type::Authz(AuthzType::Authorizer)
}

pub(crate) const NAMES: [&str; 13] = [
    "path",
    "group",
    "serviceAccount",
    "resource",
    "subresource",
    "namespace",
    "name",
    "check",
    "allowed",
    "reason",
    "errored",
    "error",
    "requestResource",
];

/// The result type of a member call on one of these types.
pub(crate) fn signature(func: &str, args: &[Type]) -> Option<Option<Type>> {
    use AuthzType as A;
    let recv = match args.first() {
        Some(Type::Authz(a)) => *a,
        _ => return None,
    };
    let strings = |n: usize| args.len() == n + 1 && args[1..].iter().all(|t| t.accepts(&Type::String));
    let t = |a: A| Some(Type::Authz(a));
    Some(match (recv, func) {
        (A::Authorizer, "path") if strings(1) => t(A::Path),
        (A::Authorizer, "group") if strings(1) => t(A::Group),
        (A::Authorizer, "serviceAccount") if strings(2) => t(A::Authorizer),
        (A::Group, "resource") if strings(1) => t(A::Resource),
        (A::Resource, "subresource" | "namespace" | "name") if strings(1) => t(A::Resource),
        (A::Resource | A::Path, "check") if strings(1) => t(A::Decision),
        (A::Decision, "allowed" | "errored") if strings(0) => Some(Type::Bool),
        (A::Decision, "reason" | "error") if strings(0) => Some(Type::String),
        _ if NAMES.contains(&func) => None,
        _ => return None,
    })
}

/// Applies a member function; None when `args[0]` is not one of these.
pub(crate) fn call(func: &str, args: &[Value]) -> Option<Result<Value, EvalError>> {
    let Some(Value::Authz(a)) = args.first() else {
        return None;
    };
    let s = |i: usize| match args.get(i) {
        Some(Value::String(s)) => Some(s.to_string()),
        _ => None,
    };
    let wrap = |a: Authz| Ok(Value::Authz(Rc::new(a)));
    Some(match (&**a, func, s(1), s(2)) {
        (Authz::Authorizer { decide, query, .. }, "path", Some(p), None) => {
            wrap(Authz::Path { decide: decide.clone(), query: AuthzQuery { path: Some(p), ..query.clone() } })
        }
        (Authz::Authorizer { decide, query, .. }, "group", Some(g), None) => {
            wrap(Authz::Group { decide: decide.clone(), query: AuthzQuery { group: g, ..query.clone() } })
        }
        (Authz::Authorizer { decide, request, .. }, "serviceAccount", Some(ns), Some(name)) => wrap(Authz::Authorizer {
            decide: decide.clone(),
            query: AuthzQuery { service_account: Some((ns.clone(), name.clone())), ..AuthzQuery::default() },
            request: Box::new(AuthzQuery { service_account: Some((ns, name)), ..(**request).clone() }),
        }),
        (Authz::Group { decide, query }, "resource", Some(r), None) => {
            wrap(Authz::Resource { decide: decide.clone(), query: AuthzQuery { resource: r, ..query.clone() } })
        }
        (Authz::Resource { decide, query }, "subresource" | "namespace" | "name", Some(v), None) => {
            let mut q = query.clone();
            match func {
                "subresource" => q.subresource = v,
                "namespace" => q.namespace = v,
                _ => q.name = v,
            }
            wrap(Authz::Resource { decide: decide.clone(), query: q })
        }
        (Authz::Resource { decide, query } | Authz::Path { decide, query }, "check", Some(verb), None) => {
            let q = AuthzQuery { verb, ..query.clone() };
            wrap(Authz::Decision(decide(&q)))
        }
        (Authz::Decision(d), "allowed", None, None) => Ok(Value::Bool(d.allowed)),
        (Authz::Decision(d), "errored", None, None) => Ok(Value::Bool(d.error.is_some())),
        (Authz::Decision(d), "reason", None, None) => Ok(Value::string(d.reason.as_str())),
        (Authz::Decision(d), "error", None, None) => Ok(Value::string(d.error.clone().unwrap_or_default())),
        _ => Err(EvalError::no_overload()),
    })
}

/// `authorizer.requestResource`.
pub(crate) fn request_resource(a: &Authz) -> Option<Value> {
    match a {
        Authz::Authorizer { decide, request, .. } => {
            Some(Value::Authz(Rc::new(Authz::Resource { decide: decide.clone(), query: (**request).clone() })))
        }
        _ => None,
    }
}
