//! What the API server says of a manifest value whose JSON type does not
//! fit its field (`containerPort: "80"`, `value: 8080` for an environment
//! variable). kubectl sends manifests untyped, so the server finds these:
//! a create or replace through Go's JSON decoding (sigs.k8s.io/json,
//! `json: cannot unmarshal string into Go struct field
//! ContainerPort.spec.template.spec.containers.ports.containerPort of type
//! int32`), a patch through the unstructured converter
//! (apimachinery's runtime/converter.go, `unrecognized type: int32`).
//!
//! Go's message names the innermost struct holding the field, the JSON
//! field names from the object's root (list indexes and map keys left
//! out) and the Go type the value was to fill, which this module reads
//! from the schema `kubectl explain` uses, plus the named string types
//! the schema cannot show. `None` where the playground cannot name the
//! Go type for sure (a custom unmarshaller's type such as a Quantity, a
//! converted apiVersion): the caller keeps its own located message then.

use super::explain::{schema_field, schema_has_type};
use kubeplay_codec::{JsonValue, Step, TypeError};
use kubeplay_model::Kind;

/// A Go type, as far as the messages need it.
#[derive(Clone, Debug, PartialEq)]
enum GoType {
    /// `name` as Go prints it (`int32`, `v1.RestartPolicy`).
    Scalar { name: String, kind: Scalar },
    Slice(Box<GoType>),
    /// `named`: the map type's own name (`v1.ResourceList`).
    Map { named: Option<&'static str>, elem: Box<GoType> },
    /// `schema`: the type's name in the explain schema.
    Struct { schema: &'static str, go: String },
    /// A type that decodes itself (Quantity, IntOrString, raw JSON).
    Custom,
}

/// The reflect kinds of Go's scalar types.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Scalar {
    String,
    Int,
    Float,
    Bool,
}

impl GoType {
    fn name(&self) -> Option<String> {
        Some(match self {
            GoType::Scalar { name, .. } => name.clone(),
            GoType::Slice(elem) => format!("[]{}", elem.name()?),
            GoType::Map { named: Some(n), .. } => n.to_string(),
            GoType::Map { named: None, elem } => format!("map[string]{}", elem.name()?),
            GoType::Struct { go, .. } => go.clone(),
            GoType::Custom => return None,
        })
    }

    fn scalar(name: &str, kind: Scalar) -> GoType {
        GoType::Scalar { name: name.to_string(), kind }
    }
}

/// Where the value is: the struct holding its field, the field names from
/// the root, and the type the value was to fill.
struct Place {
    owner: String,
    fields: Vec<String>,
    ty: GoType,
}

/// Go's decoding error for a create or replace: `json: cannot unmarshal
/// string into Go struct field ContainerPort.spec.…containerPort of type int32`.
pub fn json_error(kind: Kind, api_version: &str, e: &TypeError) -> Option<String> {
    let p = place(kind, api_version, e)?;
    let ty = p.ty.name()?;
    let value = match &e.value {
        JsonValue::String => "string".to_string(),
        JsonValue::Bool => "bool".to_string(),
        JsonValue::Array => "array".to_string(),
        JsonValue::Object => "object".to_string(),
        // An integer field quotes the number it could not parse or fit.
        JsonValue::Number { text, .. } if matches!(p.ty, GoType::Scalar { kind: Scalar::Int, .. }) => format!("number {text}"),
        JsonValue::Number { .. } => "number".to_string(),
    };
    Some(format!("json: cannot unmarshal {value} into Go struct field {}.{} of type {ty}", p.owner, p.fields.join(".")))
}

/// The unstructured converter's error for a patch: the patched object is
/// a map of JSON values (integers as `int64`) converted field by field.
pub fn converter_error(kind: Kind, api_version: &str, e: &TypeError) -> Option<String> {
    let p = place(kind, api_version, e)?;
    // The source's reflect type and kind.
    let (source, source_kind) = match &e.value {
        JsonValue::String => ("string", "string"),
        JsonValue::Bool => ("bool", "bool"),
        JsonValue::Number { integral: true, .. } => ("int64", "int64"),
        JsonValue::Number { integral: false, .. } => ("float64", "float64"),
        JsonValue::Array => ("[]interface {}", "slice"),
        JsonValue::Object => ("map[string]interface {}", "map"),
    };
    Some(match &p.ty {
        GoType::Slice(_) => format!("cannot restore slice from {source_kind}"),
        GoType::Map { .. } => format!("cannot restore map from {source_kind}"),
        GoType::Struct { .. } => format!("cannot restore struct from: {source_kind}"),
        GoType::Custom => return None,
        GoType::Scalar { name, kind } => {
            // reflect's ConvertibleTo: numbers to numbers, and an integer
            // to a string; the converter refuses the ones JSON would.
            let convertible = matches!(
                (source_kind, kind),
                ("int64", Scalar::Int | Scalar::Float | Scalar::String) | ("float64", Scalar::Int | Scalar::Float) | ("string", Scalar::String) | ("bool", Scalar::Bool)
            );
            if convertible {
                format!("cannot convert {source} to {name}")
            } else {
                let kind_name = match kind {
                    Scalar::String => "string",
                    Scalar::Bool => "bool",
                    Scalar::Float => "float64",
                    Scalar::Int => name.as_str(),
                };
                format!("unrecognized type: {kind_name}")
            }
        }
    })
}

fn place(kind: Kind, api_version: &str, e: &TypeError) -> Option<Place> {
    let info = kind.info();
    // A manifest in another version was converted before it was decoded:
    // its paths are not the ones the server would decode.
    if api_version != info.api_version() || matches!(kind, Kind::Custom(_)) {
        return None;
    }
    let root: &'static str = info.kind;
    let mut ty = GoType::Struct { schema: root, go: String::new() };
    let mut owner = root;
    let mut fields = Vec::new();
    for step in &e.steps {
        ty = match (step, ty) {
            (Step::Field(name), GoType::Struct { schema, .. }) => {
                let (field_ty, enumerated) = schema_field(schema, name)?;
                owner = schema;
                fields.push(name.clone());
                field_type(schema, name, field_ty, enumerated, info.version, e.scalar)?
            }
            (Step::Index(_), GoType::Slice(elem)) => *elem,
            (Step::Key(_), GoType::Map { elem, .. }) => *elem,
            _ => return None,
        };
    }
    if fields.is_empty() {
        return None;
    }
    // A schema name may carry its group (`discovery.Endpoint`); Go's does not.
    let owner = owner.rsplit('.').next().unwrap_or(owner).to_string();
    Some(Place { owner, fields, ty })
}

/// The Go type of a field the schema types as `ty`.
fn field_type(owner: &str, field: &str, ty: &'static str, enumerated: bool, version: &str, scalar: Option<&'static str>) -> Option<GoType> {
    if let Some(named) = named_string(owner, field) {
        return Some(GoType::scalar(named, Scalar::String));
    }
    // `[]byte` values: Go reads them from base64 strings.
    if matches!((owner, field), ("Secret", "data") | ("ConfigMap", "binaryData")) {
        let bytes = GoType::Slice(Box::new(GoType::scalar("uint8", Scalar::Int)));
        return Some(GoType::Map { named: None, elem: Box::new(bytes) });
    }
    if let Some(elem) = ty.strip_prefix("[]") {
        let elem = match named_element(owner, field) {
            Some(named) => GoType::scalar(named, Scalar::String),
            None => type_named(elem, false, version, scalar)?,
        };
        return Some(GoType::Slice(Box::new(elem)));
    }
    if let Some(elem) = ty.strip_prefix("map[string]") {
        let named = (elem == "Quantity").then_some("v1.ResourceList");
        return Some(GoType::Map { named, elem: Box::new(type_named(elem, false, version, scalar)?) });
    }
    if field == "uid" && ty == "string" {
        return Some(GoType::scalar("types.UID", Scalar::String));
    }
    type_named(ty, enumerated, version, scalar)
}

fn type_named(ty: &'static str, enumerated: bool, version: &str, scalar: Option<&'static str>) -> Option<GoType> {
    Some(match ty {
        // An enum is a named string type; one the table lacks is not guessed.
        "string" if enumerated => return None,
        "string" => GoType::scalar("string", Scalar::String),
        "boolean" => GoType::scalar("bool", Scalar::Bool),
        "number" => GoType::scalar("float64", Scalar::Float),
        // The schema says only "integer"; the model's field knows its width.
        "integer" => GoType::scalar(scalar?, Scalar::Int),
        "Quantity" | "IntOrString" | "Object" | "RawExtension" | "FieldsV1" | "JSONSchemaProps" => GoType::Custom,
        _ if schema_has_type(ty) => {
            let name = ty.rsplit('.').next().unwrap_or(ty);
            let package = if META_TYPES.contains(&name) { "v1" } else { version };
            GoType::Struct { schema: ty, go: format!("{package}.{name}") }
        }
        _ => return None,
    })
}

/// apimachinery's meta/v1 types: `v1.` whatever the kind's version.
const META_TYPES: &[&str] = &["ObjectMeta", "LabelSelector", "LabelSelectorRequirement", "OwnerReference", "ManagedFieldsEntry", "Condition"];

/// Fields whose Go type is a named string type (k8s.io/api's types.go):
/// every field the schema lists enum values for, and a few more.
fn named_string(owner: &str, field: &str) -> Option<&'static str> {
    Some(match (owner, field) {
        ("PodSpec", "dnsPolicy") => "v1.DNSPolicy",
        ("PodSpec" | "PriorityClass", "preemptionPolicy") => "v1.PreemptionPolicy",
        ("PodSpec", "restartPolicy") => "v1.RestartPolicy",
        ("Container" | "EphemeralContainer", "restartPolicy") => "v1.ContainerRestartPolicy",
        ("Container" | "EphemeralContainer", "imagePullPolicy") | ("ImageVolumeSource", "pullPolicy") => "v1.PullPolicy",
        ("Container" | "EphemeralContainer", "terminationMessagePolicy") => "v1.TerminationMessagePolicy",
        ("ContainerPort" | "ServicePort" | "PortStatus" | "EndpointPort" | "discovery.EndpointPort" | "IngressPortStatus" | "NetworkPolicyPort", "protocol") => "v1.Protocol",
        ("HTTPGetAction", "scheme") => "v1.URIScheme",
        ("SecurityContext", "procMount") => "v1.ProcMountType",
        ("PodSecurityContext", "fsGroupChangePolicy") => "v1.PodFSGroupChangePolicy",
        ("PodSecurityContext", "supplementalGroupsPolicy") => "v1.SupplementalGroupsPolicy",
        ("SeccompProfile", "type") => "v1.SeccompProfileType",
        ("AppArmorProfile", "type") => "v1.AppArmorProfileType",
        ("VolumeMount", "mountPropagation") => "v1.MountPropagationMode",
        ("HostPathVolumeSource", "type") => "v1.HostPathType",
        ("AzureDiskVolumeSource", "cachingMode") => "v1.AzureDataDiskCachingMode",
        ("AzureDiskVolumeSource", "kind") => "v1.AzureDataDiskKind",
        ("PersistentVolumeSpec", "persistentVolumeReclaimPolicy") | ("StorageClass", "reclaimPolicy") => "v1.PersistentVolumeReclaimPolicy",
        ("PersistentVolumeSpec" | "PersistentVolumeClaimSpec", "volumeMode") => "v1.PersistentVolumeMode",
        ("PersistentVolumeStatus", "phase") => "v1.PersistentVolumePhase",
        ("PersistentVolumeClaimStatus", "phase") => "v1.PersistentVolumeClaimPhase",
        ("ModifyVolumeStatus", "status") => "v1.PersistentVolumeClaimModifyVolumeStatus",
        ("Toleration" | "Taint", "effect") => "v1.TaintEffect",
        ("Toleration", "operator") => "v1.TolerationOperator",
        ("NodeSelectorRequirement", "operator") => "v1.NodeSelectorOperator",
        ("LabelSelectorRequirement", "operator") => "v1.LabelSelectorOperator",
        ("TopologySpreadConstraint", "nodeAffinityPolicy" | "nodeTaintsPolicy") => "v1.NodeInclusionPolicy",
        ("TopologySpreadConstraint", "whenUnsatisfiable") => "v1.UnsatisfiableConstraintAction",
        ("PodStatus", "phase") => "v1.PodPhase",
        ("PodStatus", "qosClass") => "v1.PodQOSClass",
        ("DeploymentStrategy", "type") => "v1.DeploymentStrategyType",
        ("StatefulSetSpec", "podManagementPolicy") => "v1.PodManagementPolicyType",
        ("StatefulSetUpdateStrategy", "type") => "v1.StatefulSetUpdateStrategyType",
        ("DaemonSetUpdateStrategy", "type") => "v1.DaemonSetUpdateStrategyType",
        ("JobSpec", "completionMode") => "v1.CompletionMode",
        ("JobSpec", "podReplacementPolicy") => "v1.PodReplacementPolicy",
        ("PodFailurePolicyRule", "action") => "v1.PodFailurePolicyAction",
        ("PodFailurePolicyOnExitCodesRequirement", "operator") => "v1.PodFailurePolicyOnExitCodesOperator",
        ("CronJobSpec", "concurrencyPolicy") => "v1.ConcurrencyPolicy",
        ("ServiceSpec", "externalTrafficPolicy") => "v1.ServiceExternalTrafficPolicy",
        ("ServiceSpec", "internalTrafficPolicy") => "v1.ServiceInternalTrafficPolicy",
        ("ServiceSpec", "ipFamilyPolicy") => "v1.IPFamilyPolicy",
        ("ServiceSpec", "sessionAffinity") => "v1.ServiceAffinity",
        ("ServiceSpec", "type") => "v1.ServiceType",
        ("NamespaceStatus", "phase") => "v1.NamespacePhase",
        ("NodeStatus", "phase") => "v1.NodePhase",
        ("PodDisruptionBudgetSpec", "unhealthyPodEvictionPolicy") => "v1.UnhealthyPodEvictionPolicyType",
        ("EndpointSlice", "addressType") => "v1.AddressType",
        ("StorageClass", "volumeBindingMode") => "v1.VolumeBindingMode",
        ("ScopedResourceSelectorRequirement", "operator") => "v1.ScopeSelectorOperator",
        ("ScopedResourceSelectorRequirement", "scopeName") => "v1.ResourceQuotaScope",
        ("HTTPIngressPath", "pathType") => "v1.PathType",
        ("Secret", "type") => "v1.SecretType",
        _ => return None,
    })
}

/// Lists of a named string type.
fn named_element(owner: &str, field: &str) -> Option<&'static str> {
    Some(match (owner, field) {
        ("PersistentVolumeSpec" | "PersistentVolumeClaimSpec", "accessModes") => "v1.PersistentVolumeAccessMode",
        ("ServiceSpec", "ipFamilies") => "v1.IPFamily",
        ("Capabilities", "add" | "drop") => "v1.Capability",
        ("NamespaceSpec", "finalizers") => "v1.FinalizerName",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(yaml: &str) -> TypeError {
        let out = kubeplay_codec::decode_manifests(yaml);
        let e = out.errors().next().expect("an error");
        e.partial.as_ref().expect("decoded without the value").error.clone()
    }

    fn pod(container: &str) -> String {
        format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers:\n  - name: c\n    image: nginx\n{container}")
    }

    fn deployment(container: &str) -> String {
        format!(
            "apiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: d}}\nspec:\n  selector: {{matchLabels: {{app: d}}}}\n  template:\n    metadata: {{labels: {{app: d}}}}\n    spec:\n      containers:\n      - name: c\n        image: nginx\n{container}"
        )
    }

    /// Go's messages for the mistakes people make most, in the shape
    /// encoding/json's UnmarshalTypeError gives them (the innermost
    /// struct, the JSON path from the root, the Go type), as real
    /// clusters print them (for example `json: cannot unmarshal number
    /// into Go struct field ObjectMeta.metadata.labels of type string`).
    #[test]
    fn json_decoding_errors_in_gos_words() {
        let table: &[(Kind, String, &str)] = &[
            (
                Kind::Deployment,
                deployment("        ports:\n        - containerPort: \"80\"\n"),
                "json: cannot unmarshal string into Go struct field ContainerPort.spec.template.spec.containers.ports.containerPort of type int32",
            ),
            (
                Kind::Deployment,
                deployment("        env:\n        - name: PORT\n          value: 8080\n"),
                "json: cannot unmarshal number into Go struct field EnvVar.spec.template.spec.containers.env.value of type string",
            ),
            (Kind::Pod, pod("    args: [--port, 8080]\n"), "json: cannot unmarshal number into Go struct field Container.spec.containers.args of type string"),
            (Kind::Pod, pod("    command: sleep 10\n"), "json: cannot unmarshal string into Go struct field Container.spec.containers.command of type []string"),
            (Kind::Pod, pod("    ports: {containerPort: 80}\n"), "json: cannot unmarshal object into Go struct field Container.spec.containers.ports of type []v1.ContainerPort"),
            (Kind::Pod, pod("    imagePullPolicy: 1\n"), "json: cannot unmarshal number into Go struct field Container.spec.containers.imagePullPolicy of type v1.PullPolicy"),
            (Kind::Pod, pod("    tty: \"true\"\n"), "json: cannot unmarshal string into Go struct field Container.spec.containers.tty of type bool"),
            (
                Kind::ConfigMap,
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels: {tier: 1}\n".into(),
                "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string",
            ),
            (Kind::ConfigMap, "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {enabled: true}\n".into(), "json: cannot unmarshal bool into Go struct field ConfigMap.data of type string"),
            (Kind::Deployment, "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  replicas: 1.5\n".into(), "json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32"),
            (
                Kind::Deployment,
                "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  replicas: 3000000000\n".into(),
                "json: cannot unmarshal number 3000000000 into Go struct field DeploymentSpec.spec.replicas of type int32",
            ),
            (Kind::Deployment, "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec: nginx\n".into(), "json: cannot unmarshal string into Go struct field Deployment.spec of type v1.DeploymentSpec"),
            (Kind::Pod, "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [nginx]\n".into(), "json: cannot unmarshal string into Go struct field PodSpec.spec.containers of type v1.Container"),
        ];
        for (kind, yaml, want) in table {
            let e = error(yaml);
            assert_eq!(json_error(*kind, kind.info().api_version().as_str(), &e).as_deref(), Some(*want), "{yaml}");
        }
    }

    /// runtime/converter.go's fromUnstructured on a patched object: a
    /// scalar reflect can convert is "cannot convert", one it cannot falls
    /// through to "unrecognized type"; lists, maps and structs are restored
    /// only from their own JSON types.
    #[test]
    fn converter_errors_as_fromunstructured_words_them() {
        let table: &[(String, &str)] = &[
            (pod("    ports:\n    - containerPort: \"80\"\n"), "unrecognized type: int32"),
            (pod("    env:\n    - name: A\n      value: 8080\n"), "cannot convert int64 to string"),
            (pod("    env:\n    - name: A\n      value: 1.5\n"), "unrecognized type: string"),
            (pod("    env:\n    - name: A\n      value: true\n"), "unrecognized type: string"),
            (pod("    imagePullPolicy: 1\n"), "cannot convert int64 to v1.PullPolicy"),
            (pod("    command: sleep\n"), "cannot restore slice from string"),
            (pod("    ports: {containerPort: 80}\n"), "cannot restore slice from map"),
            (pod("    resources: []\n"), "cannot restore struct from: slice"),
            (pod("    ports:\n    - containerPort: 8.5\n"), "cannot convert float64 to int32"),
        ];
        for (yaml, want) in table {
            let e = error(yaml);
            assert_eq!(converter_error(Kind::Pod, "v1", &e).as_deref(), Some(*want), "{yaml}");
        }
    }

    /// Where the Go type is not certain, no message: the caller keeps the
    /// decoder's located one.
    #[test]
    fn no_guess_for_types_that_decode_themselves_or_converted_versions() {
        let hpa = "apiVersion: autoscaling/v1\nkind: HorizontalPodAutoscaler\nmetadata: {name: h}\nspec:\n  maxReplicas: \"3\"\n";
        let e = error(hpa);
        assert_eq!(json_error(Kind::HorizontalPodAutoscaler, "autoscaling/v1", &e), None);
    }

    /// Every enum field of the schema has its Go type named: an enum is a
    /// named string type, and "string" would misname it.
    #[test]
    fn every_enum_field_has_its_named_type() {
        let schema = include_str!("schema.txt");
        let mut owner = "";
        for line in schema.lines() {
            let head = line.split('|').next().unwrap_or_default();
            if let Some(t) = head.strip_prefix("TYPE ") {
                owner = t.trim();
            } else if head.contains("enum=") {
                let field = head.split_whitespace().next().unwrap_or_default();
                assert!(named_string(owner, field).is_some(), "{owner}.{field}");
            }
        }
    }
}
