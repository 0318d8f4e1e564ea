//! API errors, worded as the real API server words them. kubectl renders
//! them as `Error from server (<Reason>): <message>`.

use kubeplay_model::validation::go_quote;
use kubeplay_model::Kind;
use thiserror::Error;

pub type Result<T, E = ApiError> = std::result::Result<T, E>;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ApiError {
    /// `deployments.apps "web" not found`
    #[error("{resource} \"{name}\" not found")]
    NotFound { resource: String, name: String },
    /// `deployments.apps "web" already exists`; `object is being deleted:
    /// pods "web" already exists` when the one there is terminating, as the
    /// registry words it then.
    #[error("{}{resource} \"{name}\" already exists", if *deleting { "object is being deleted: " } else { "" })]
    AlreadyExists { resource: String, name: String, deleting: bool },
    /// Optimistic concurrency failure on update.
    #[error("Operation cannot be fulfilled on {resource} \"{name}\": the object has been modified; please apply your changes to the latest version and try again")]
    Conflict { resource: String, name: String },
    /// Validation failure (422): the object and its field errors, each as
    /// the API server words it (`spec.replicas: Invalid value: -1: must be
    /// greater than or equal to 0`). `Display` is what kubectl's CheckErr
    /// prints for it (`The Deployment "web" is invalid: …`, several causes
    /// as a `* ` list); [`ApiError::server_message`] is the Status message.
    #[error("{}", kubectl_invalid(*kind, name, causes))]
    Invalid { kind: Kind, name: String, causes: Vec<String> },
    /// Admission rejection, e.g. quota (`exceeded quota: …`).
    #[error("{message}")]
    Forbidden { message: String },
    /// Malformed request (bad patch, wrong type).
    #[error("{message}")]
    BadRequest { message: String },
    /// A create into a namespace that is being deleted.
    #[error("{message}")]
    NamespaceTerminating { message: String },
    /// Too many objects: the playground's own limit.
    #[error("{message}")]
    TooLarge { message: String },
    /// An error the API server did not turn into a status (a 500 with no
    /// reason), e.g. a strategic merge patch item without its merge key.
    #[error("{message}")]
    Internal { message: String },
    /// `NewInternalError`: a 500 with reason `InternalError`, its message
    /// prefixed as upstream prefixes it (`Internal error occurred: failed
    /// to allocate a serviceIP: range is full`).
    #[error("Internal error occurred: {message}")]
    InternalError { message: String },
    /// A 422 without details (`NewGenericServerResponse`), as a JSON patch
    /// that does not apply gets: its own message is dropped, and kubectl
    /// prints the generic one.
    #[error("The request is invalid: {UNPROCESSABLE}")]
    Unprocessable,
    /// A 405: a write to a resource whose storage only reads
    /// (ComponentStatus).
    #[error("the server does not allow this method on the requested resource")]
    MethodNotAllowed,
    /// A ValidatingAdmissionPolicy's denial: `admission.NewForbidden`'s
    /// Status (`deployments.apps "x" is forbidden: …`) with the
    /// validation's reason and the message as its one cause, which kubectl
    /// shows as `The deployments "x" is invalid: : …` when the reason is
    /// Invalid.
    #[error("{}", policy_denied(*kind, name, message, *reason))]
    PolicyDenied { kind: Kind, name: String, message: String, reason: DenyReason },
}

/// The reasons a policy's validation may give a denial.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DenyReason {
    Unauthorized,
    Forbidden,
    Invalid,
    RequestEntityTooLarge,
}

impl DenyReason {
    pub fn parse(s: &str) -> Option<DenyReason> {
        [DenyReason::Unauthorized, DenyReason::Forbidden, DenyReason::Invalid, DenyReason::RequestEntityTooLarge].into_iter().find(|r| r.as_str() == s)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            DenyReason::Unauthorized => "Unauthorized",
            DenyReason::Forbidden => "Forbidden",
            DenyReason::Invalid => "Invalid",
            DenyReason::RequestEntityTooLarge => "RequestEntityTooLarge",
        }
    }
}

fn policy_denied(kind: Kind, name: &str, message: &str, reason: DenyReason) -> String {
    match reason {
        DenyReason::Invalid => format!("The {} {} is invalid: : {message}", kind.info().plural, go_quote(name)),
        _ => format!("{} {} is forbidden: {message}", kind.info().group_resource(), go_quote(name)),
    }
}

const UNPROCESSABLE: &str = "the server rejected our request due to an error in our request";

impl ApiError {
    /// The `reason` kubectl prints in parentheses.
    pub fn reason(&self) -> &'static str {
        match self {
            ApiError::NotFound { .. } => "NotFound",
            ApiError::AlreadyExists { .. } => "AlreadyExists",
            ApiError::Conflict { .. } => "Conflict",
            ApiError::Invalid { .. } | ApiError::Unprocessable => "Invalid",
            ApiError::Forbidden { .. } | ApiError::NamespaceTerminating { .. } => "Forbidden",
            ApiError::BadRequest { .. } => "BadRequest",
            ApiError::TooLarge { .. } => "RequestEntityTooLarge",
            ApiError::Internal { .. } => "",
            ApiError::InternalError { .. } => "InternalError",
            ApiError::MethodNotAllowed => "MethodNotAllowed",
            ApiError::PolicyDenied { reason, .. } => reason.as_str(),
        }
    }

    /// An `Invalid` error, its causes without repeats (as upstream's
    /// aggregate drops duplicate messages).
    pub fn invalid(kind: Kind, name: &str, causes: impl IntoIterator<Item = String>) -> ApiError {
        let mut distinct: Vec<String> = Vec::new();
        for c in causes {
            if !distinct.contains(&c) {
                distinct.push(c);
            }
        }
        ApiError::Invalid { kind, name: name.to_string(), causes: distinct }
    }

    /// The message of the Status the API server answers with: what kubectl
    /// shows when it does not rebuild the message itself (several errors
    /// from one `-f`, or a generator's `failed to create …`). For `Invalid`
    /// it is `Deployment.apps "web" is invalid: [a, b]`.
    pub fn server_message(&self) -> String {
        match self {
            ApiError::Invalid { kind, name, causes } => {
                let info = kind.info();
                let group_kind = if info.group.is_empty() { info.kind.to_string() } else { format!("{}.{}", info.kind, info.group) };
                match causes.len() {
                    0 => format!("{group_kind} {} is invalid", go_quote(name)),
                    1 => format!("{group_kind} {} is invalid: {}", go_quote(name), causes[0]),
                    _ => format!("{group_kind} {} is invalid: [{}]", go_quote(name), causes.join(", ")),
                }
            }
            ApiError::Unprocessable => UNPROCESSABLE.into(),
            ApiError::PolicyDenied { kind, name, message, .. } => format!("{} {} is forbidden: {message}", kind.info().group_resource(), go_quote(name)),
            other => other.to_string(),
        }
    }

    pub fn not_found(kind: Kind, name: &str) -> ApiError {
        ApiError::NotFound { resource: kind.info().group_resource(), name: name.to_string() }
    }

    pub fn already_exists(kind: Kind, name: &str) -> ApiError {
        ApiError::AlreadyExists { resource: kind.info().group_resource(), name: name.to_string(), deleting: false }
    }

    /// [`ApiError::already_exists`] for a create that found `existing` in its way.
    pub fn already_exists_as(existing: &kubeplay_model::Object) -> ApiError {
        let deleting = existing.meta().deletion_timestamp.is_some();
        ApiError::AlreadyExists { resource: existing.kind().info().group_resource(), name: existing.name().to_string(), deleting }
    }

    pub fn conflict(kind: Kind, name: &str) -> ApiError {
        ApiError::Conflict { resource: kind.info().group_resource(), name: name.to_string() }
    }

    /// How kubectl prints it: `Error from server (NotFound): pods "x" not found`.
    pub fn kubectl_message(&self) -> String {
        format!("{}: {}", self.from_server(), self)
    }

    /// `Error from server (Reason)`, or `Error from server` for a status
    /// without a reason (kubectl's `StandardErrorMessage`).
    pub fn from_server(&self) -> String {
        match self.reason() {
            "" => "Error from server".into(),
            r => format!("Error from server ({r})"),
        }
    }
}

/// kubectl's rendering of an Invalid Status (cmdutil's checkErr): one
/// cause on the line, several as a `* ` list on the lines after.
fn kubectl_invalid(kind: Kind, name: &str, causes: &[String]) -> String {
    let prefix = format!("The {} {} is invalid", kind.name(), go_quote(name));
    match causes.len() {
        0 => prefix,
        1 => format!("{prefix}: {}", causes[0]),
        _ => {
            let mut out = format!("{prefix}: ");
            for c in causes {
                out.push_str("\n* ");
                out.push_str(c);
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_match_the_api_server() {
        assert_eq!(
            ApiError::not_found(Kind::Deployment, "x").kubectl_message(),
            r#"Error from server (NotFound): deployments.apps "x" not found"#
        );
        assert_eq!(ApiError::not_found(Kind::Pod, "p").to_string(), r#"pods "p" not found"#);
        assert_eq!(
            ApiError::already_exists(Kind::Service, "s").kubectl_message(),
            r#"Error from server (AlreadyExists): services "s" already exists"#
        );
        // What real kubectl 1.32 printed for a 422 from the server, alone
        // and as one of several errors of an apply (a fake server's answer).
        let e = ApiError::invalid(Kind::ConfigMap, "Bad", ["metadata.name: Invalid value: \"Bad\": x".to_string()]);
        assert_eq!(e.to_string(), r#"The ConfigMap "Bad" is invalid: metadata.name: Invalid value: "Bad": x"#);
        assert_eq!(e.server_message(), r#"ConfigMap "Bad" is invalid: metadata.name: Invalid value: "Bad": x"#);
        let e = ApiError::invalid(Kind::Deployment, "w", ["a".to_string(), "b".to_string(), "a".to_string()]);
        assert_eq!(e.to_string(), "The Deployment \"w\" is invalid: \n* a\n* b");
        assert_eq!(e.server_message(), r#"Deployment.apps "w" is invalid: [a, b]"#);
        assert_eq!(
            ApiError::conflict(Kind::Deployment, "web").to_string(),
            r#"Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again"#
        );
    }
}

#[cfg(test)]
#[path = "error_upstream_tests.rs"]
mod upstream_tests;
