//! apimachinery's api/errors errors_test.go and kubectl's
//! cmd/util/helpers_test.go (v1.32): the Status messages the API server
//! builds and how kubectl's CheckErr prints them.

use super::ApiError;
use kubeplay_model::validation::{BadValue, FieldError, Path};
use kubeplay_model::Kind;

fn causes(errs: &[FieldError]) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

// errors_test.go's TestNewInvalid: one cause of each field error type
// (upstream's kind "Kind" is a core kind here, so it prints without a group).
#[test]
fn new_invalid() {
    let p = Path::new("field[0].name");
    let cases = [
        (
            Some(FieldError::duplicate(&p, BadValue::str("bar"))),
            r#"Pod "name" is invalid: field[0].name: Duplicate value: "bar""#,
        ),
        (
            Some(FieldError::invalid(&p, BadValue::str("bar"), "detail")),
            r#"Pod "name" is invalid: field[0].name: Invalid value: "bar": detail"#,
        ),
        (
            Some(FieldError::not_found(&p, BadValue::str("bar"))),
            r#"Pod "name" is invalid: field[0].name: Not found: "bar""#,
        ),
        (
            Some(FieldError::not_supported(&p, BadValue::str("bar"), &[])),
            r#"Pod "name" is invalid: field[0].name: Unsupported value: "bar""#,
        ),
        (
            Some(FieldError::required(&p, "")),
            r#"Pod "name" is invalid: field[0].name: Required value"#,
        ),
        (None, r#"Pod "name" is invalid"#),
    ];
    for (err, want) in cases {
        let e = ApiError::invalid(
            Kind::Pod,
            "name",
            causes(&err.into_iter().collect::<Vec<_>>()),
        );
        assert_eq!(e.reason(), "Invalid");
        assert_eq!(e.server_message(), want);
    }
}

// helpers_test.go's TestCheckInvalidErr: kubectl rebuilds the message from
// the Status details, one cause on the line, several as a list, repeats
// dropped. (Its fifth case, a Status without details, cannot arise: the
// playground's Invalid always carries its kind and name.)
#[test]
fn check_invalid_err() {
    let single = ApiError::invalid(
        Kind::Pod,
        "invalidation",
        causes(&[FieldError::invalid(
            &Path::new("field"),
            BadValue::str("single"),
            "details",
        )]),
    );
    assert_eq!(
        single.to_string(),
        r#"The Pod "invalidation" is invalid: field: Invalid value: "single": details"#
    );
    let multi = ApiError::invalid(
        Kind::Pod,
        "invalidation",
        causes(&[
            FieldError::invalid(&Path::new("field1"), BadValue::str("multi1"), "details"),
            FieldError::invalid(&Path::new("field2"), BadValue::str("multi2"), "details"),
        ]),
    );
    assert_eq!(
        multi.to_string(),
        "The Pod \"invalidation\" is invalid: \n* field1: Invalid value: \"multi1\": details\n* field2: Invalid value: \"multi2\": details"
    );
    let none = ApiError::invalid(Kind::Pod, "invalidation", Vec::new());
    assert_eq!(none.to_string(), r#"The Pod "invalidation" is invalid"#);
    let repeated = FieldError::invalid(&Path::new("field4"), BadValue::str("multi4"), "details");
    let twice = ApiError::invalid(
        Kind::Pod,
        "invalidation",
        causes(&[repeated.clone(), repeated]),
    );
    assert_eq!(
        twice.to_string(),
        r#"The Pod "invalidation" is invalid: field4: Invalid value: "multi4": details"#
    );
}

// errors.go's constructors as errors_test.go's TestErrorNew builds them,
// and StandardErrorMessage's `Error from server (Reason): …` around each.
#[test]
fn status_errors_as_kubectl_prints_them() {
    let cases = [
        (
            ApiError::already_exists(Kind::Pod, "1"),
            "AlreadyExists",
            r#"pods "1" already exists"#,
        ),
        (
            ApiError::not_found(Kind::Pod, "3"),
            "NotFound",
            r#"pods "3" not found"#,
        ),
        (
            ApiError::not_found(Kind::Deployment, "web"),
            "NotFound",
            r#"deployments.apps "web" not found"#,
        ),
        (
            ApiError::conflict(Kind::Pod, "2"),
            "Conflict",
            r#"Operation cannot be fulfilled on pods "2": the object has been modified; please apply your changes to the latest version and try again"#,
        ),
        (
            ApiError::BadRequest {
                message: "reason".into(),
            },
            "BadRequest",
            "reason",
        ),
        (
            ApiError::Forbidden {
                message: r#"pods "2" is forbidden: reason"#.into(),
            },
            "Forbidden",
            r#"pods "2" is forbidden: reason"#,
        ),
        (
            ApiError::InternalError {
                message: "failed to allocate a serviceIP: range is full".into(),
            },
            "InternalError",
            "Internal error occurred: failed to allocate a serviceIP: range is full",
        ),
    ];
    for (e, reason, message) in cases {
        assert_eq!(e.reason(), reason);
        assert_eq!(e.to_string(), message);
        assert_eq!(e.server_message(), message);
        assert_eq!(
            e.kubectl_message(),
            format!("Error from server ({reason}): {message}")
        );
    }
}

// StandardErrorMessage for a Status without a reason: what the API server
// answers for an error no registry turned into one (ErrorToAPIStatus's
// 500 with StatusReasonUnknown).
#[test]
fn reasonless_status() {
    let e = ApiError::Internal {
        message: "resourceVersion should not be set on objects to be created".into(),
    };
    assert_eq!(e.reason(), "");
    assert_eq!(
        e.kubectl_message(),
        "Error from server: resourceVersion should not be set on objects to be created"
    );
}
