//! The field lists `kubectl explain` prints, checked against upstream
//! Kubernetes v1.32's OpenAPI v3 schemas (api/openapi-spec/v3/*.json and the
//! `k8s.io/api` types they are generated from): every property, `!` where
//! the schema lists it as required. The descriptions are the playground's
//! own, so only names, types, required markers and enums are compared.

use super::*;
use kubeplay_model::Kind;

fn explain(kind: Kind, path: &str) -> String {
    let fields = path
        .split('.')
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    let e = Explain {
        kind,
        fields,
        recursive: false,
        api_version: None,
    };
    text(&e).unwrap_or_else(|err| panic!("{kind:?} {path}: {err}"))
}

/// The `FIELDS:` entries as `name` or `name!`, in printed order.
fn listed(out: &str) -> Vec<String> {
    out.lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   ") && l.contains('\t'))
        .map(|l| {
            let (name, rest) = l.trim_start().split_once('\t').unwrap_or((l, ""));
            format!(
                "{name}{}",
                if rest.ends_with(" -required-") {
                    "!"
                } else {
                    ""
                }
            )
        })
        .collect()
}

fn check(kind: Kind, path: &str, want: &str) {
    let got = listed(&explain(kind, path));
    let want: Vec<String> = want.split_whitespace().map(str::to_string).collect();
    assert_eq!(got, want, "{kind:?} {path}");
}

// api__v1_openapi.json: io.k8s.api.core.v1.PodSpec (40 properties, v1.32
// adds resources; serviceAccount is the deprecated alias).
#[test]
fn pod_spec_fields() {
    check(
        Kind::Pod,
        "spec",
        "activeDeadlineSeconds affinity automountServiceAccountToken containers! dnsConfig dnsPolicy \
         enableServiceLinks ephemeralContainers hostAliases hostIPC hostNetwork hostPID hostUsers hostname \
         imagePullSecrets initContainers nodeName nodeSelector os overhead preemptionPolicy priority \
         priorityClassName readinessGates resourceClaims resources restartPolicy runtimeClassName \
         schedulerName schedulingGates securityContext serviceAccount serviceAccountName setHostnameAsFQDN \
         shareProcessNamespace subdomain terminationGracePeriodSeconds tolerations topologySpreadConstraints \
         volumes",
    );
}

// api__v1_openapi.json: io.k8s.api.core.v1.Container and EphemeralContainer.
#[test]
fn container_fields() {
    let common = "args command env envFrom image imagePullPolicy lifecycle livenessProbe name! ports \
                  readinessProbe resizePolicy resources restartPolicy securityContext startupProbe stdin stdinOnce";
    let tail =
        "terminationMessagePath terminationMessagePolicy tty volumeDevices volumeMounts workingDir";
    check(Kind::Pod, "spec.containers", &format!("{common} {tail}"));
    check(
        Kind::Pod,
        "spec.ephemeralContainers",
        &format!("{common} targetContainerName {tail}"),
    );
}

// api__v1_openapi.json: PodStatus, ContainerStatus, ContainerStateTerminated.
#[test]
fn pod_status_fields() {
    check(
        Kind::Pod,
        "status",
        "conditions containerStatuses ephemeralContainerStatuses hostIP hostIPs initContainerStatuses \
         message nominatedNodeName phase podIP podIPs qosClass reason resize resourceClaimStatuses startTime",
    );
    check(
        Kind::Pod,
        "status.containerStatuses",
        "allocatedResources allocatedResourcesStatus containerID image! imageID! lastState name! ready! \
         resources restartCount! started state user volumeMounts",
    );
    check(
        Kind::Pod,
        "status.containerStatuses.state.terminated",
        "containerID exitCode! finishedAt message reason signal startedAt",
    );
}

// api__v1_openapi.json: ContainerPort, VolumeMount, Probe, HTTPGetAction,
// PodSecurityContext, TopologySpreadConstraint, HostAlias, Toleration.
#[test]
fn pod_nested_fields() {
    check(
        Kind::Pod,
        "spec.containers.ports",
        "containerPort! hostIP hostPort name protocol",
    );
    check(
        Kind::Pod,
        "spec.containers.volumeMounts",
        "mountPath! mountPropagation name! readOnly recursiveReadOnly subPath subPathExpr",
    );
    check(
        Kind::Pod,
        "spec.containers.livenessProbe",
        "exec failureThreshold grpc httpGet initialDelaySeconds periodSeconds successThreshold tcpSocket \
         terminationGracePeriodSeconds timeoutSeconds",
    );
    check(
        Kind::Pod,
        "spec.containers.livenessProbe.httpGet",
        "host httpHeaders path port! scheme",
    );
    check(
        Kind::Pod,
        "spec.securityContext",
        "appArmorProfile fsGroup fsGroupChangePolicy runAsGroup runAsNonRoot runAsUser seLinuxChangePolicy \
         seLinuxOptions seccompProfile supplementalGroups supplementalGroupsPolicy sysctls windowsOptions",
    );
    check(
        Kind::Pod,
        "spec.topologySpreadConstraints",
        "labelSelector matchLabelKeys maxSkew! minDomains nodeAffinityPolicy nodeTaintsPolicy topologyKey! \
         whenUnsatisfiable!",
    );
    check(Kind::Pod, "spec.hostAliases", "hostnames ip!");
    check(
        Kind::Pod,
        "spec.tolerations",
        "effect key operator tolerationSeconds value",
    );
    check(
        Kind::Pod,
        "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution",
        "nodeSelectorTerms!",
    );
}

// api__v1_openapi.json: io.k8s.api.core.v1.Volume (every volume source).
#[test]
fn volume_fields() {
    check(
        Kind::Pod,
        "spec.volumes",
        "awsElasticBlockStore azureDisk azureFile cephfs cinder configMap csi downwardAPI emptyDir ephemeral \
         fc flexVolume flocker gcePersistentDisk gitRepo glusterfs hostPath image iscsi name! nfs \
         persistentVolumeClaim photonPersistentDisk portworxVolume projected quobyte rbd scaleIO secret \
         storageos vsphereVolume",
    );
    check(Kind::Pod, "spec.volumes.nfs", "path! readOnly server!");
    check(
        Kind::Pod,
        "spec.volumes.ephemeral.volumeClaimTemplate",
        "metadata spec!",
    );
}

// apis__apps__v1_openapi.json: StatefulSetSpec, DeploymentStatus, DaemonSetStatus.
#[test]
fn apps_fields() {
    check(
        Kind::StatefulSet,
        "spec",
        "minReadySeconds ordinals persistentVolumeClaimRetentionPolicy podManagementPolicy replicas \
         revisionHistoryLimit selector! serviceName template! updateStrategy volumeClaimTemplates",
    );
    check(
        Kind::Deployment,
        "status",
        "availableReplicas collisionCount conditions observedGeneration readyReplicas replicas \
         unavailableReplicas updatedReplicas",
    );
    check(
        Kind::DaemonSet,
        "status",
        "collisionCount conditions currentNumberScheduled! desiredNumberScheduled! numberAvailable \
         numberMisscheduled! numberReady! numberUnavailable observedGeneration updatedNumberScheduled",
    );
}

// apis__batch__v1_openapi.json: JobSpec, JobStatus, PodFailurePolicyRule.
#[test]
fn batch_fields() {
    check(
        Kind::Job,
        "spec",
        "activeDeadlineSeconds backoffLimit backoffLimitPerIndex completionMode completions managedBy \
         manualSelector maxFailedIndexes parallelism podFailurePolicy podReplacementPolicy selector \
         successPolicy suspend template! ttlSecondsAfterFinished",
    );
    check(
        Kind::Job,
        "status",
        "active completedIndexes completionTime conditions failed failedIndexes ready startTime succeeded \
         terminating uncountedTerminatedPods",
    );
    check(
        Kind::Job,
        "spec.podFailurePolicy.rules",
        "action! onExitCodes onPodConditions",
    );
}

// api__v1_openapi.json: ServiceSpec, NodeStatus, PersistentVolumeClaimSpec;
// apis__autoscaling__v2_openapi.json: HorizontalPodAutoscalerSpec.
#[test]
fn other_kinds_fields() {
    check(
        Kind::Service,
        "spec",
        "allocateLoadBalancerNodePorts clusterIP clusterIPs externalIPs externalName externalTrafficPolicy \
         healthCheckNodePort internalTrafficPolicy ipFamilies ipFamilyPolicy loadBalancerClass loadBalancerIP \
         loadBalancerSourceRanges ports publishNotReadyAddresses selector sessionAffinity sessionAffinityConfig \
         trafficDistribution type",
    );
    check(
        Kind::Node,
        "status",
        "addresses allocatable capacity conditions config daemonEndpoints features images nodeInfo phase \
         runtimeHandlers volumesAttached volumesInUse",
    );
    check(
        Kind::PersistentVolumeClaim,
        "spec",
        "accessModes dataSource dataSourceRef resources selector storageClassName volumeAttributesClassName \
         volumeMode volumeName",
    );
    check(
        Kind::HorizontalPodAutoscaler,
        "spec",
        "behavior maxReplicas! metrics minReplicas scaleTargetRef!",
    );
}

/// Types as kubectl's typeGuess prints them: a `$ref` to a string schema
/// (Time) prints `string`, to a oneOf schema (Quantity, IntOrString) or an
/// object schema its name; arrays and maps wrap the element.
#[test]
fn printed_types() {
    let spec = explain(Kind::Pod, "spec");
    assert!(
        spec.contains("  containers\t<[]Container> -required-\n"),
        "{spec}"
    );
    assert!(
        spec.contains("  overhead\t<map[string]Quantity>\n"),
        "{spec}"
    );
    assert!(
        spec.contains("  nodeSelector\t<map[string]string>\n"),
        "{spec}"
    );
    let meta = explain(Kind::Pod, "metadata");
    assert!(meta.contains("  creationTimestamp\t<string>\n"), "{meta}");
    assert!(
        meta.contains("  managedFields\t<[]ManagedFieldsEntry>\n"),
        "{meta}"
    );
    let get = explain(Kind::Pod, "spec.containers.readinessProbe.httpGet");
    assert!(get.contains("  port\t<IntOrString> -required-\n"), "{get}");
    let rev = explain(Kind::ControllerRevision, "");
    assert!(rev.contains("  data\t<RawExtension>\n"), "{rev}");
    let sel = explain(Kind::Pod, "spec.securityContext");
    assert!(sel.contains("  supplementalGroups\t<[]integer>\n"), "{sel}");
}

/// Enums come from `+enum` types only (kube-openapi, sorted); plain string
/// types such as RecursiveReadOnlyMode and PodResizeStatus have none.
#[test]
fn enums() {
    let pull = explain(Kind::Pod, "spec.containers.imagePullPolicy");
    assert!(
        pull.contains("ENUM:\n    Always\n    IfNotPresent\n    Never\n"),
        "{pull}"
    );
    let host = explain(Kind::Pod, "spec.volumes.hostPath");
    assert!(
        host.contains("  type\t<string>\n  enum: \"\", BlockDevice, CharDevice, Directory, ....\n"),
        "{host}"
    );
    for path in [
        "spec.containers.volumeMounts.recursiveReadOnly",
        "status.resize",
        "spec.containers.restartPolicy",
    ] {
        assert!(!explain(Kind::Pod, path).contains("ENUM:"), "{path}");
    }
    let op = explain(Kind::Pod, "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms.matchExpressions.operator");
    assert!(
        op.contains("ENUM:\n    DoesNotExist\n    Exists\n    Gt\n    In\n    Lt\n    NotIn\n"),
        "{op}"
    );
}
