//! Unknown fields inside the parts of a pod spec the model keeps as
//! free-form JSON (security contexts, volume sources, DNS
//! config, env `fieldRef`s, probes' and lifecycle handlers' details…). The
//! typed decoder cannot see into them, but the API server's strict field
//! validation does (`unknown field
//! "spec.containers[0].securityContext.runAsUsr"`), so their field names
//! are listed here, from core/v1's types.

use crate::error::Warning;
use crate::suggest::closest;
use crate::tree::{Node, NodeValue};
use kubeplay_model::Kind;
use std::fmt;

/// What a node may hold.
#[derive(Clone, Copy)]
enum Shape {
    /// A scalar, or something not checked (free keys, rarely used types).
    Any,
    /// An object with exactly these fields.
    Obj(&'static [(&'static str, Shape)]),
    /// A list of these.
    List(&'static Shape),
}

use Shape::{Any, List, Obj};

const SE_LINUX: Shape = Obj(&[("level", Any), ("role", Any), ("type", Any), ("user", Any)]);
const WINDOWS: Shape = Obj(&[("gmsaCredentialSpec", Any), ("gmsaCredentialSpecName", Any), ("hostProcess", Any), ("runAsUserName", Any)]);
const PROFILE: Shape = Obj(&[("localhostProfile", Any), ("type", Any)]);
const NAME_VALUE: Shape = Obj(&[("name", Any), ("value", Any)]);
const NAME: Shape = Obj(&[("name", Any)]);

const POD_SECURITY_CONTEXT: Shape = Obj(&[
    ("appArmorProfile", PROFILE),
    ("fsGroup", Any),
    ("fsGroupChangePolicy", Any),
    ("runAsGroup", Any),
    ("runAsNonRoot", Any),
    ("runAsUser", Any),
    ("seLinuxChangePolicy", Any),
    ("seLinuxOptions", SE_LINUX),
    ("seccompProfile", PROFILE),
    ("supplementalGroups", Any),
    ("supplementalGroupsPolicy", Any),
    ("sysctls", List(&NAME_VALUE)),
    ("windowsOptions", WINDOWS),
]);

const SECURITY_CONTEXT: Shape = Obj(&[
    ("allowPrivilegeEscalation", Any),
    ("appArmorProfile", PROFILE),
    ("capabilities", Obj(&[("add", Any), ("drop", Any)])),
    ("privileged", Any),
    ("procMount", Any),
    ("readOnlyRootFilesystem", Any),
    ("runAsGroup", Any),
    ("runAsNonRoot", Any),
    ("runAsUser", Any),
    ("seLinuxOptions", SE_LINUX),
    ("seccompProfile", PROFILE),
    ("windowsOptions", WINDOWS),
]);

const OBJECT_FIELD: Shape = Obj(&[("apiVersion", Any), ("fieldPath", Any)]);
const RESOURCE_FIELD: Shape = Obj(&[("containerName", Any), ("divisor", Any), ("resource", Any)]);
const KEY_TO_PATH: Shape = Obj(&[("key", Any), ("mode", Any), ("path", Any)]);
const DOWNWARD_FILE: Shape = Obj(&[("fieldRef", OBJECT_FIELD), ("mode", Any), ("path", Any), ("resourceFieldRef", RESOURCE_FIELD)]);
const PROJECTED_REF: Shape = Obj(&[("items", List(&KEY_TO_PATH)), ("name", Any), ("optional", Any)]);

const PROJECTION: Shape = Obj(&[
    ("clusterTrustBundle", Any),
    ("configMap", PROJECTED_REF),
    ("downwardAPI", Obj(&[("items", List(&DOWNWARD_FILE))])),
    ("secret", PROJECTED_REF),
    ("serviceAccountToken", Obj(&[("audience", Any), ("expirationSeconds", Any), ("path", Any)])),
]);

/// The volume sources the model keeps as JSON, by their field in `Volume`.
const VOLUME_SOURCES: &[(&str, Shape)] = &[
    ("emptyDir", Obj(&[("medium", Any), ("sizeLimit", Any)])),
    ("hostPath", Obj(&[("path", Any), ("type", Any)])),
    ("projected", Obj(&[("defaultMode", Any), ("sources", List(&PROJECTION))])),
    ("downwardAPI", Obj(&[("defaultMode", Any), ("items", List(&DOWNWARD_FILE))])),
    ("nfs", Obj(&[("path", Any), ("readOnly", Any), ("server", Any)])),
    ("csi", Obj(&[("driver", Any), ("fsType", Any), ("nodePublishSecretRef", NAME), ("readOnly", Any), ("volumeAttributes", Any)])),
];

const HANDLER: Shape = Obj(&[
    ("exec", Obj(&[("command", Any)])),
    ("httpGet", Obj(&[("host", Any), ("httpHeaders", List(&NAME_VALUE)), ("path", Any), ("port", Any), ("scheme", Any)])),
    ("sleep", Obj(&[("seconds", Any)])),
    ("tcpSocket", Obj(&[("host", Any), ("port", Any)])),
]);

/// The pod-spec-level fields the model keeps as JSON.
const POD_SPEC_FIELDS: &[(&str, Shape)] = &[
    ("dnsConfig", Obj(&[("nameservers", Any), ("options", List(&Obj(&[("name", Any), ("value", Any)]))), ("searches", Any)])),
    ("hostAliases", List(&Obj(&[("hostnames", Any), ("ip", Any)]))),
    ("imagePullSecrets", List(&NAME)),
    ("os", NAME),
    ("readinessGates", List(&Obj(&[("conditionType", Any)]))),
    ("resourceClaims", List(&Obj(&[("name", Any), ("resourceClaimName", Any), ("resourceClaimTemplateName", Any)]))),
    ("schedulingGates", List(&NAME)),
    ("securityContext", POD_SECURITY_CONTEXT),
];

/// The container-level fields the model keeps as JSON (probes' `grpc` and
/// `httpGet.httpHeaders`, lifecycle handlers, env `fieldRef`s are reached
/// below, through the typed parts around them).
const CONTAINER_FIELDS: &[(&str, Shape)] = &[
    ("resizePolicy", List(&Obj(&[("resourceName", Any), ("restartPolicy", Any)]))),
    ("securityContext", SECURITY_CONTEXT),
    ("volumeDevices", List(&Obj(&[("devicePath", Any), ("name", Any)]))),
];

/// Where a node sits, written out only for a warning: most objects have
/// none, and formatting every path on the way was most of this check.
#[derive(Clone, Copy)]
enum At<'a> {
    Root(&'a str),
    Field(&'a At<'a>, &'a str),
    Index(&'a At<'a>, usize),
}

impl fmt::Display for At<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            At::Root(path) => f.write_str(path),
            At::Field(parent, name) => write!(f, "{parent}.{name}"),
            At::Index(parent, i) => write!(f, "{parent}[{i}]"),
        }
    }
}

/// Appends a warning for every unknown field in the free-form parts of
/// the pod spec(s) of an object of `kind` (its converted, decoded tree).
pub(crate) fn check(kind: Kind, node: &Node, warnings: &mut Vec<Warning>) {
    let (spec_path, root): (&[&str], &str) = match kind {
        Kind::Pod => (&["spec"], "spec"),
        Kind::Deployment | Kind::ReplicaSet | Kind::StatefulSet | Kind::DaemonSet | Kind::Job | Kind::ReplicationController => (&["spec", "template", "spec"], "spec.template.spec"),
        Kind::CronJob => (&["spec", "jobTemplate", "spec", "template", "spec"], "spec.jobTemplate.spec.template.spec"),
        _ => return,
    };
    let mut spec = node;
    for key in spec_path {
        match spec.get(key) {
            Some(n) => spec = n,
            None => return,
        }
    }
    pod_spec(spec, &At::Root(root), warnings);
}

fn pod_spec(spec: &Node, path: &At<'_>, out: &mut Vec<Warning>) {
    fields(spec, POD_SPEC_FIELDS, path, out);
    for list in ["initContainers", "containers"] {
        let lpath = At::Field(path, list);
        for (i, c) in items(spec.get(list)) {
            let cpath = At::Index(&lpath, i);
            fields(c, CONTAINER_FIELDS, &cpath, out);
            let env = At::Field(&cpath, "env");
            for (j, e) in items(c.get("env")) {
                if let Some(from) = e.get("valueFrom") {
                    let item = At::Index(&env, j);
                    fields(from, &[("fieldRef", OBJECT_FIELD), ("resourceFieldRef", RESOURCE_FIELD)], &At::Field(&item, "valueFrom"), out);
                }
            }
            if let Some(l) = c.get("lifecycle") {
                fields(l, &[("postStart", HANDLER), ("preStop", HANDLER)], &At::Field(&cpath, "lifecycle"), out);
            }
            if let Some(r) = c.get("resources") {
                fields(r, &[("claims", List(&Obj(&[("name", Any), ("request", Any)])))], &At::Field(&cpath, "resources"), out);
            }
            for probe in ["livenessProbe", "readinessProbe", "startupProbe"] {
                let Some(p) = c.get(probe) else { continue };
                let ppath = At::Field(&cpath, probe);
                fields(p, &[("grpc", Obj(&[("port", Any), ("service", Any)]))], &ppath, out);
                if let Some(get) = p.get("httpGet") {
                    fields(get, &[("httpHeaders", List(&NAME_VALUE))], &At::Field(&ppath, "httpGet"), out);
                }
            }
        }
    }
    let volumes = At::Field(path, "volumes");
    for (i, v) in items(spec.get("volumes")) {
        let vpath = At::Index(&volumes, i);
        fields(v, VOLUME_SOURCES, &vpath, out);
        for source in ["configMap", "secret"] {
            if let Some(s) = v.get(source) {
                fields(s, &[("items", List(&KEY_TO_PATH))], &At::Field(&vpath, source), out);
            }
        }
    }
}

/// Checks the listed fields of `node` (others are the typed decoder's).
fn fields(node: &Node, listed: &[(&str, Shape)], path: &At<'_>, out: &mut Vec<Warning>) {
    for (name, shape) in listed {
        if let Some(child) = node.get(name) {
            walk(child, *shape, &At::Field(path, name), out);
        }
    }
}

fn walk(node: &Node, shape: Shape, path: &At<'_>, out: &mut Vec<Warning>) {
    match (shape, &node.value) {
        (Obj(known), NodeValue::Map(entries)) => {
            for e in entries {
                match known.iter().find(|(k, _)| *k == e.key) {
                    Some((_, inner)) => walk(&e.value, *inner, &At::Field(path, &e.key), out),
                    None => out.push(Warning::UnknownField {
                        path: At::Field(path, &e.key).to_string(),
                        line: e.key_line,
                        column: e.key_column,
                        suggestion: closest(&e.key, known.iter().map(|(k, _)| *k)).map(str::to_string),
                    }),
                }
            }
        }
        (List(inner), NodeValue::Seq(list)) => {
            for (i, item) in list.iter().enumerate() {
                walk(item, *inner, &At::Index(path, i), out);
            }
        }
        _ => {}
    }
}

fn items(node: Option<&Node>) -> impl Iterator<Item = (usize, &Node)> {
    let list: &[Node] = match node.map(|n| &n.value) {
        Some(NodeValue::Seq(items)) => items,
        _ => &[],
    };
    list.iter().enumerate()
}

#[cfg(test)]
mod tests {
    use crate::decode_manifests;

    fn unknown(yaml: &str) -> Vec<String> {
        let out = decode_manifests(yaml);
        let o = out.objects().next().expect("decoded");
        o.warnings.iter().map(ToString::to_string).collect()
    }

    // What the API server's strict decoding names for typos in these parts,
    // among typos in typed parts beside them (the volume mount's, found by
    // the typed decoder) in document order, each once.
    #[test]
    fn typos_in_free_form_parts_are_reported_with_their_path() {
        let deploy = "apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      securityContext: {runAsUser: 1000, fsGrup: 2000}
      containers:
      - name: web
        image: nginx
        securityContext:
          capabilities: {add: [NET_ADMIN], dorp: [ALL]}
          runAsUsr: 1000
        volumeMounts:
        - {name: data, mountPth: /data}
        env:
        - name: NODE
          valueFrom: {fieldRef: {fieldPth: spec.nodeName}}
      volumes:
      - name: data
        emptyDir: {sizelimit: 1Gi}
      - name: cfg
        configMap: {name: cfg, items: [{key: a, pth: a}]}
      - name: p
        projected:
          sources:
          - serviceAccountToken: {path: token, expirationSecond: 600}
";
        assert_eq!(
            unknown(deploy),
            [
                "unknown field \"spec.template.spec.securityContext.fsGrup\"",
                "unknown field \"spec.template.spec.containers[0].securityContext.capabilities.dorp\"",
                "unknown field \"spec.template.spec.containers[0].securityContext.runAsUsr\"",
                "unknown field \"spec.template.spec.containers[0].volumeMounts[0].mountPth\"",
                "unknown field \"spec.template.spec.containers[0].env[0].valueFrom.fieldRef.fieldPth\"",
                "unknown field \"spec.template.spec.volumes[0].emptyDir.sizelimit\"",
                "unknown field \"spec.template.spec.volumes[1].configMap.items[0].pth\"",
                "unknown field \"spec.template.spec.volumes[2].projected.sources[0].serviceAccountToken.expirationSecond\"",
            ]
        );
        // Correct manifests say nothing, and the hint points at the field.
        assert!(unknown(&deploy.replace("fsGrup", "fsGroup").replace("dorp", "drop").replace("runAsUsr", "runAsUser").replace("mountPth", "mountPath").replace("fieldPth", "fieldPath").replace("sizelimit", "sizeLimit").replace("pth: a", "path: a").replace("expirationSecond:", "expirationSeconds:")).is_empty());
        let out = decode_manifests(deploy);
        let hints: Vec<String> = out.objects().next().unwrap().warnings.iter().filter_map(|w| w.hint()).collect();
        assert_eq!(hints[0], "did you mean \"fsGroup\"?");
    }

    #[test]
    fn cron_job_templates_and_pods_are_checked_too() {
        let pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    image: busybox\n    lifecycle:\n      preStop: {sleep: {second: 5}}\n";
        assert_eq!(unknown(pod), ["unknown field \"spec.containers[0].lifecycle.preStop.sleep.second\""]);
        let cron = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec:\n  schedule: '* * * * *'\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: Never\n          dnsConfig: {nameserver: [1.1.1.1]}\n          containers: [{name: c, image: busybox}]\n";
        assert_eq!(unknown(cron), ["unknown field \"spec.jobTemplate.spec.template.spec.dnsConfig.nameserver\""]);
    }
}
