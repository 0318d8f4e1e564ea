//! API errors, worded as the real API server words them. kubectl renders
//! them as `Error from server (<Reason>): <message>`.

use kubeplay_model::Kind;
use thiserror::Error;

pub type Result<T, E = ApiError> = std::result::Result<T, E>;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ApiError {
    /// `deployments.apps "web" not found`
    #[error("{resource} \"{name}\" not found")]
    NotFound { resource: String, name: String },
    /// `deployments.apps "web" already exists`
    #[error("{resource} \"{name}\" already exists")]
    AlreadyExists { resource: String, name: String },
    /// Optimistic concurrency failure on update.
    #[error("Operation cannot be fulfilled on {resource} \"{name}\": the object has been modified; please apply your changes to the latest version and try again")]
    Conflict { resource: String, name: String },
    /// Validation failure; the message is the full upstream text
    /// (`The Deployment "web" is invalid: …`).
    #[error("{message}")]
    Invalid { message: String },
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
}

impl ApiError {
    /// The `reason` kubectl prints in parentheses.
    pub fn reason(&self) -> &'static str {
        match self {
            ApiError::NotFound { .. } => "NotFound",
            ApiError::AlreadyExists { .. } => "AlreadyExists",
            ApiError::Conflict { .. } => "Conflict",
            ApiError::Invalid { .. } => "Invalid",
            ApiError::Forbidden { .. } | ApiError::NamespaceTerminating { .. } => "Forbidden",
            ApiError::BadRequest { .. } => "BadRequest",
            ApiError::TooLarge { .. } => "RequestEntityTooLarge",
            ApiError::Internal { .. } => "",
        }
    }

    pub fn not_found(kind: Kind, name: &str) -> ApiError {
        ApiError::NotFound { resource: kind.info().group_resource(), name: name.to_string() }
    }

    pub fn already_exists(kind: Kind, name: &str) -> ApiError {
        ApiError::AlreadyExists { resource: kind.info().group_resource(), name: name.to_string() }
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
        assert_eq!(
            ApiError::conflict(Kind::Deployment, "web").to_string(),
            r#"Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again"#
        );
    }
}
