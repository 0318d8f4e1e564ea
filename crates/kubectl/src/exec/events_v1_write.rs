//! Events written through events.k8s.io/v1: the codec converted the
//! manifest to the stored core Event (`note` → `message`, `regarding` →
//! `involvedObject`, …); the API server checks such a create with the
//! group's own rules (`ValidateEventCreate` for events.k8s.io/v1), which
//! a core v1 create skips. The store does not know which group a request
//! used, so the write paths ask here first.

use kubeplay_apiserver::ApiError;
use kubeplay_model::api::events_v1::API_VERSION;
use kubeplay_model::{Kind, Object};

/// What the playground says to an update of an Event written as
/// events.k8s.io/v1: its patches are computed in the stored core shape.
pub const NO_V1_UPDATES: &str = "(playground) an Event written as events.k8s.io/v1 is created here, but changing one through that group is not modelled: apply it as apiVersion v1 (message, involvedObject, reportingComponent)";

/// Whether `obj`, written as `api_version`, is an events.k8s.io/v1 Event.
pub fn is_v1_event(obj: &Object, api_version: &str) -> bool {
    matches!(obj, Object::Event(_)) && api_version == API_VERSION
}

/// The API server's refusal of creating `obj`, written as `api_version`,
/// when it is an events.k8s.io/v1 Event that breaks the group's rules.
pub fn refused(obj: &Object, api_version: &str) -> Option<ApiError> {
    let Object::Event(e) = obj else { return None };
    if !is_v1_event(obj, api_version) {
        return None;
    }
    let errs = kubeplay_model::validation::events_v1::event_create(e);
    (!errs.is_empty()).then(|| ApiError::invalid(Kind::Event, obj.name(), errs.iter().map(|e| e.to_string())))
}
