//! Field selection as the v1.32 registries and conversion funcs define it:
//! pkg/registry/core/pod/strategy_test.go's tables and the label lists of
//! pkg/apis/{core,batch}/v1/conversion.go.

use super::{convert, convert_label, field_set};
use kubeplay_model::api::{
    Event, Job, Namespace, Node, Pod, ReplicationController, Secret, Service,
};
use kubeplay_model::selector::FieldSelector;
use kubeplay_model::{Kind, Object};
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

fn decode<T: DeserializeOwned>(v: Value) -> T {
    serde_json::from_value(v).expect("test object decodes")
}

fn matches(obj: &Object, selector: &str) -> bool {
    let parsed = FieldSelector::parse(selector).expect("selector parses");
    let converted = convert(obj.kind(), &parsed).expect("selector converts");
    converted.matches(&field_set(obj))
}

// strategy_test.go's TestMatchPod (the internal pod's podIPs[0] is the v1
// podIP, and its securityContext.hostNetwork the v1 spec.hostNetwork).
#[test]
fn match_pod() {
    let cases = [
        (
            json!({"spec": {"nodeName": "nodeA"}}),
            "spec.nodeName=nodeA",
            true,
        ),
        (
            json!({"spec": {"nodeName": "nodeB"}}),
            "spec.nodeName=nodeA",
            false,
        ),
        (
            json!({"spec": {"restartPolicy": "Always"}}),
            "spec.restartPolicy=Always",
            true,
        ),
        (
            json!({"spec": {"restartPolicy": "Always"}}),
            "spec.restartPolicy=Never",
            false,
        ),
        (
            json!({"spec": {"schedulerName": "scheduler1"}}),
            "spec.schedulerName=scheduler1",
            true,
        ),
        (
            json!({"spec": {"schedulerName": "scheduler1"}}),
            "spec.schedulerName=scheduler2",
            false,
        ),
        (
            json!({"spec": {"serviceAccountName": "serviceAccount1"}}),
            "spec.serviceAccountName=serviceAccount1",
            true,
        ),
        (
            json!({"spec": {"schedulerName": "serviceAccount1"}}),
            "spec.serviceAccountName=serviceAccount2",
            false,
        ),
        (
            json!({"status": {"phase": "Running"}}),
            "status.phase=Running",
            true,
        ),
        (
            json!({"status": {"phase": "Running"}}),
            "status.phase=Pending",
            false,
        ),
        (
            json!({"status": {"podIP": "1.2.3.4", "podIPs": [{"ip": "1.2.3.4"}]}}),
            "status.podIP=1.2.3.4",
            true,
        ),
        (
            json!({"status": {"podIP": "1.2.3.4", "podIPs": [{"ip": "1.2.3.4"}]}}),
            "status.podIP=4.3.2.1",
            false,
        ),
        (
            json!({"status": {"nominatedNodeName": "node1"}}),
            "status.nominatedNodeName=node1",
            true,
        ),
        (
            json!({"status": {"nominatedNodeName": "node1"}}),
            "status.nominatedNodeName=node2",
            false,
        ),
        (
            json!({"status": {"podIP": "2001:db8::", "podIPs": [{"ip": "2001:db8::"}]}}),
            "status.podIP=2001:db8::",
            true,
        ),
        (
            json!({"status": {"podIP": "2001:db8::", "podIPs": [{"ip": "2001:db8::"}]}}),
            "status.podIP=2001:db7::",
            false,
        ),
        (
            json!({"spec": {"hostNetwork": true}}),
            "spec.hostNetwork=true",
            true,
        ),
        (
            json!({"spec": {"hostNetwork": true}}),
            "spec.hostNetwork=false",
            false,
        ),
        (
            json!({"spec": {"hostNetwork": false}}),
            "spec.hostNetwork=false",
            true,
        ),
        (json!({"spec": {}}), "spec.hostNetwork=false", true),
        (json!({"spec": {}}), "spec.hostNetwork=true", false),
    ];
    for (pod, selector, want) in cases {
        let obj = Object::from(decode::<Pod>(pod.clone()));
        assert_eq!(matches(&obj, selector), want, "{selector} on {pod}");
    }
}

// core/v1 conversion.go: old clients' spec.host is spec.nodeName, and
// status.podIPs is accepted but ToSelectableFields never sets it, so it
// reads as "".
#[test]
fn pod_labels_the_registry_rewrites_or_leaves_unset() {
    let pod = Object::from(decode::<Pod>(
        json!({"spec": {"nodeName": "n1"}, "status": {"podIP": "10.0.0.5", "podIPs": [{"ip": "10.0.0.5"}]}}),
    ));
    assert!(matches(&pod, "spec.host=n1"));
    assert!(!matches(&pod, "spec.host=n2"));
    assert!(!matches(&pod, "status.podIPs=10.0.0.5"));
    assert!(matches(&pod, "status.podIPs="));
    assert!(matches(&pod, "status.podIPs!=10.0.0.5"));
}

// The conversion funcs' accepted labels, and each func's error for any
// other (conversion.go of core/v1 and batch/v1; the generic
// DefaultMetaV1FieldSelectorConversion for kinds without one).
#[test]
fn convert_field_labels() {
    let accepted: &[(Kind, &[&str])] = &[
        (
            Kind::Pod,
            &[
                "metadata.name",
                "metadata.namespace",
                "spec.nodeName",
                "spec.restartPolicy",
                "spec.schedulerName",
                "spec.serviceAccountName",
                "spec.hostNetwork",
                "status.phase",
                "status.podIP",
                "status.podIPs",
                "status.nominatedNodeName",
                "spec.host",
            ],
        ),
        (Kind::Node, &["metadata.name", "spec.unschedulable"]),
        (
            Kind::ReplicationController,
            &["metadata.name", "metadata.namespace", "status.replicas"],
        ),
        (
            Kind::Event,
            &[
                "involvedObject.kind",
                "involvedObject.namespace",
                "involvedObject.name",
                "involvedObject.uid",
                "involvedObject.apiVersion",
                "involvedObject.resourceVersion",
                "involvedObject.fieldPath",
                "reason",
                "reportingComponent",
                "source",
                "type",
                "metadata.namespace",
                "metadata.name",
            ],
        ),
        (Kind::Namespace, &["status.phase", "metadata.name"]),
        (
            Kind::Secret,
            &["type", "metadata.namespace", "metadata.name"],
        ),
        (
            Kind::Service,
            &[
                "metadata.namespace",
                "metadata.name",
                "spec.clusterIP",
                "spec.type",
            ],
        ),
        (
            Kind::Job,
            &["metadata.name", "metadata.namespace", "status.successful"],
        ),
        (Kind::ReplicaSet, &["metadata.name", "metadata.namespace"]),
        (Kind::Deployment, &["metadata.name", "metadata.namespace"]),
        (Kind::ConfigMap, &["metadata.name", "metadata.namespace"]),
        (Kind::Endpoints, &["metadata.name", "metadata.namespace"]),
        (
            Kind::PersistentVolume,
            &["metadata.name", "metadata.namespace"],
        ),
    ];
    for (kind, labels) in accepted {
        for l in *labels {
            assert!(convert_label(*kind, l).is_ok(), "{kind} {l}");
        }
    }
    let not_known = |l: &str| {
        format!(
            "\"{l}\" is not a known field selector: only \"metadata.name\", \"metadata.namespace\""
        )
    };
    let rejected = [
        (
            Kind::Pod,
            "foo",
            "field label not supported: foo".to_string(),
        ),
        (
            Kind::Pod,
            "metadata.uid",
            "field label not supported: metadata.uid".to_string(),
        ),
        (
            Kind::Node,
            "metadata.namespace",
            "field label not supported: metadata.namespace".to_string(),
        ),
        (
            Kind::Namespace,
            "metadata.namespace",
            "field label not supported: metadata.namespace".to_string(),
        ),
        (
            Kind::Namespace,
            "name",
            "field label not supported: name".to_string(),
        ),
        (
            Kind::Event,
            "message",
            "field label not supported: message".to_string(),
        ),
        (
            Kind::Secret,
            "data",
            "field label not supported: data".to_string(),
        ),
        (
            Kind::Service,
            "spec.ports",
            "field label not supported: spec.ports".to_string(),
        ),
        (
            Kind::ReplicationController,
            "spec.replicas",
            "field label not supported: spec.replicas".to_string(),
        ),
        (
            Kind::Job,
            "status.active",
            "field label \"status.active\" not supported for Job".to_string(),
        ),
        (
            Kind::Job,
            "status.succeeded",
            "field label \"status.succeeded\" not supported for Job".to_string(),
        ),
        // apps/v1 registers no func (kubernetes#135136).
        (
            Kind::ReplicaSet,
            "status.replicas",
            not_known("status.replicas"),
        ),
        (
            Kind::Deployment,
            "spec.replicas",
            not_known("spec.replicas"),
        ),
        (Kind::ConfigMap, "foo.bar", not_known("foo.bar")),
        (Kind::Endpoints, "subsets", not_known("subsets")),
    ];
    for (kind, label, want) in rejected {
        assert_eq!(convert_label(kind, label), Err(want), "{kind} {label}");
    }
}

// Each registry's TestSelectableFieldLabelConversions: every field its
// ToSelectableFields sets is a label its conversion func accepts.
#[test]
fn selectable_field_label_conversions() {
    let objects = [
        Object::from(decode::<Pod>(
            json!({"metadata": {"name": "p", "namespace": "ns"}}),
        )),
        Object::from(decode::<Node>(json!({"metadata": {"name": "n"}}))),
        Object::from(decode::<Namespace>(json!({"metadata": {"name": "ns"}}))),
        Object::from(decode::<Secret>(
            json!({"metadata": {"name": "s", "namespace": "ns"}}),
        )),
        Object::from(decode::<Service>(
            json!({"metadata": {"name": "s", "namespace": "ns"}}),
        )),
        Object::from(decode::<ReplicationController>(
            json!({"metadata": {"name": "rc", "namespace": "ns"}}),
        )),
        Object::from(decode::<Event>(
            json!({"metadata": {"name": "e", "namespace": "ns"}, "involvedObject": {}}),
        )),
        Object::from(decode::<Job>(
            json!({"metadata": {"name": "j", "namespace": "ns"}}),
        )),
    ];
    for obj in &objects {
        for label in field_set(obj).keys() {
            assert_eq!(
                convert_label(obj.kind(), label),
                Ok(label.as_str()),
                "{}",
                obj.kind()
            );
        }
    }
}

// The remaining registries' ToSelectableFields values (event, node,
// namespace, secret, service, replicationcontroller and job strategy.go).
#[test]
fn selectable_field_values() {
    let event = Object::from(decode::<Event>(json!({
        "metadata": {"name": "e", "namespace": "ns"},
        "involvedObject": {"kind": "Pod", "namespace": "ns", "name": "p", "uid": "u1", "apiVersion": "v1", "resourceVersion": "7", "fieldPath": "spec.containers{c}"},
        "reason": "Started", "type": "Normal", "reportingComponent": "kubelet", "source": {"component": "kubelet"}
    })));
    for s in [
        "involvedObject.kind=Pod",
        "involvedObject.namespace=ns",
        "involvedObject.name=p",
        "involvedObject.uid=u1",
        "involvedObject.apiVersion=v1",
        "involvedObject.resourceVersion=7",
        "involvedObject.fieldPath=spec.containers{c}",
        "reason=Started",
        "type=Normal",
        "reportingComponent=kubelet",
        "source=kubelet",
        "metadata.namespace=ns,metadata.name=e",
    ] {
        assert!(matches(&event, s), "{s}");
    }
    // A series event written through events.k8s.io has no source: the
    // registry falls back to the reporting controller.
    let new_style = Object::from(decode::<Event>(json!({
        "metadata": {"name": "e2", "namespace": "ns"}, "involvedObject": {}, "reportingComponent": "default-scheduler"
    })));
    assert!(matches(&new_style, "source=default-scheduler"));

    let node = Object::from(decode::<Node>(
        json!({"metadata": {"name": "n"}, "spec": {"unschedulable": true}}),
    ));
    assert!(matches(&node, "spec.unschedulable=true"));
    let node = Object::from(decode::<Node>(json!({"metadata": {"name": "n"}})));
    assert!(matches(&node, "spec.unschedulable=false"));
    assert!(matches(&node, "metadata.name==n"));

    let ns = Object::from(decode::<Namespace>(
        json!({"metadata": {"name": "dev"}, "status": {"phase": "Terminating"}}),
    ));
    assert!(matches(&ns, "status.phase=Terminating"));
    assert!(matches(&ns, "status.phase!=Active"));

    let secret = Object::from(decode::<Secret>(
        json!({"metadata": {"name": "s", "namespace": "ns"}, "type": "kubernetes.io/tls"}),
    ));
    assert!(matches(&secret, "type=kubernetes.io/tls"));

    let svc = Object::from(decode::<Service>(
        json!({"metadata": {"name": "s", "namespace": "ns"}, "spec": {"clusterIP": "None", "type": "ClusterIP"}}),
    ));
    assert!(matches(&svc, "spec.clusterIP=None,spec.type=ClusterIP"));
    assert!(!matches(&svc, "spec.type=NodePort"));

    let rc = Object::from(decode::<ReplicationController>(
        json!({"metadata": {"name": "rc", "namespace": "ns"}, "status": {"replicas": 3}}),
    ));
    assert!(matches(&rc, "status.replicas=3"));
    assert!(matches(&rc, "status.replicas!=0"));

    let job = Object::from(decode::<Job>(
        json!({"metadata": {"name": "j", "namespace": "ns"}, "status": {"succeeded": 1}}),
    ));
    assert!(matches(&job, "status.successful=1"));
    let job = Object::from(decode::<Job>(
        json!({"metadata": {"name": "j", "namespace": "ns"}}),
    ));
    assert!(matches(&job, "status.successful=0"));
}

// `Transform` converts the terms in the parsed (sorted) order, so the
// first unsupported one is reported.
#[test]
fn first_unsupported_term_is_reported() {
    let sel = FieldSelector::parse("zzz=1,status.phase=Running,aaa=2").expect("parses");
    assert_eq!(
        convert(Kind::Pod, &sel),
        Err("field label not supported: aaa".to_string())
    );
}
