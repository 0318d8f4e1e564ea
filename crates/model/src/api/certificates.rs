//! `certificates.k8s.io/v1`: CertificateSigningRequest, how a client asks
//! a signer for a certificate. Field order is Go's; `[]byte` fields
//! (`spec.request`, `status.certificate`) are held as the standard base64
//! text the API writes them as.

use crate::meta::ObjectMeta;
use crate::time::Time;
use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;
use std::collections::BTreeMap;

/// The API group of CertificateSigningRequest.
pub const CERTIFICATES_GROUP: &str = "certificates.k8s.io";

/// The well-known signers kube-controller-manager signs for.
pub const KUBE_APISERVER_CLIENT_SIGNER: &str = "kubernetes.io/kube-apiserver-client";
pub const KUBE_APISERVER_CLIENT_KUBELET_SIGNER: &str =
    "kubernetes.io/kube-apiserver-client-kubelet";
pub const KUBELET_SERVING_SIGNER: &str = "kubernetes.io/kubelet-serving";
pub const LEGACY_UNKNOWN_SIGNER: &str = "kubernetes.io/legacy-unknown";

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificateSigningRequest {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: CertificateSigningRequestSpec,
    /// Go's `omitempty` does not drop a struct: a pending request prints `status: {}`.
    #[serde(default)]
    pub status: CertificateSigningRequestStatus,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificateSigningRequestSpec {
    /// Base64 of a PEM `CERTIFICATE REQUEST` block.
    #[serde(default)]
    pub request: String,
    #[serde(default)]
    pub signer_name: String,
    pub expiration_seconds: Option<i32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub usages: Vec<String>,
    /// The requester, stamped by the API server at create.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub username: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub uid: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub extra: BTreeMap<String, Vec<String>>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificateSigningRequestStatus {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<CertificateSigningRequestCondition>,
    /// Base64 of the issued PEM certificate chain.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub certificate: String,
}

#[skip_serializing_none]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CertificateSigningRequestCondition {
    /// `Approved`, `Denied` or `Failed` (other types are allowed too).
    #[serde(default, rename = "type")]
    pub type_: String,
    #[serde(default)]
    pub status: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub message: String,
    pub last_update_time: Option<Time>,
    pub last_transition_time: Option<Time>,
}

impl CertificateSigningRequest {
    /// The condition of this type whose status is `True`, as upstream's
    /// `GetCertApprovalCondition` looks for Approved and Denied.
    pub fn true_condition(&self, type_: &str) -> Option<&CertificateSigningRequestCondition> {
        self.status
            .conditions
            .iter()
            .find(|c| c.type_ == type_ && c.status == "True")
    }

    pub fn is_approved(&self) -> bool {
        self.true_condition("Approved").is_some()
    }

    pub fn is_denied(&self) -> bool {
        self.true_condition("Denied").is_some()
    }

    pub fn is_failed(&self) -> bool {
        self.true_condition("Failed").is_some()
    }
}

pub mod x509;
