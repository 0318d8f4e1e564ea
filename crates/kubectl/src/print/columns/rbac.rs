//! Rows for Role, ClusterRole, RoleBinding and ClusterRoleBinding.

use crate::print::duration::since;
use crate::print::table::{col, name_col, wide, Column};
use kubeplay_model::api::{RoleRef, Subject};
use kubeplay_model::{ObjectMeta, Time};

/// Roles print their creation time, not an age (upstream's "Created At" column).
pub const ROLE: &[Column] = &[name_col(), col("Created At")];
pub const BINDING: &[Column] = &[name_col(), col("Role"), col("Age"), wide("Users"), wide("Groups"), wide("ServiceAccounts")];

/// A binding's row: its role as `Kind/name`, and its subjects by kind, a
/// ServiceAccount as `namespace/name`.
pub fn binding(meta: &ObjectMeta, role_ref: &RoleRef, subjects: &[Subject], now: Time) -> Vec<String> {
    let of = |kind: &'static str| subjects.iter().filter(move |s| s.kind == kind);
    let users: Vec<&str> = of("User").map(|s| s.name.as_str()).collect();
    let groups: Vec<&str> = of("Group").map(|s| s.name.as_str()).collect();
    let accounts: Vec<String> = of("ServiceAccount").map(|s| format!("{}/{}", s.namespace, s.name)).collect();
    vec![meta.name.clone(), format!("{}/{}", role_ref.kind, role_ref.name), since(now, meta.creation_timestamp), users.join(", "), groups.join(", "), accounts.join(", ")]
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::time::EPOCH;

    // printers_test.go's TestPrintRoleBinding and TestPrintClusterRoleBinding (wide rows).
    #[test]
    fn bindings_list_their_subjects_by_kind() {
        let meta = ObjectMeta { name: "binding1".into(), creation_timestamp: Some(EPOCH), ..Default::default() };
        let role_ref = RoleRef { api_group: "rbac.authorization.k8s.io".into(), kind: "Role".into(), name: "extension-apiserver-authentication-reader".into() };
        let subject = |kind: &str, name: &str, namespace: &str| Subject { kind: kind.into(), name: name.into(), namespace: namespace.into(), ..Default::default() };
        let subjects = [subject("User", "system:kube-controller-manager", ""), subject("Group", "system:masters", ""), subject("ServiceAccount", "default", "kube-system")];
        assert_eq!(
            binding(&meta, &role_ref, &subjects, EPOCH.plus_secs(10 * 365 * 86400)),
            ["binding1", "Role/extension-apiserver-authentication-reader", "10y", "system:kube-controller-manager", "system:masters", "kube-system/default"]
        );
        assert_eq!(binding(&meta, &role_ref, &[], EPOCH)[3..], ["", "", ""]);
    }
}
