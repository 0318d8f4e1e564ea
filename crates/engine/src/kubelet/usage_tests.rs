//! What request loops (the docs' load generators) cost the pods behind
//! the Service they request, as metrics-server would report it.

use super::pod_usage_total;
use crate::{Engine, DEFAULT_SETTLE_MS};
use kubeplay_model::api::*;
use kubeplay_model::{Kind, LabelSelector, Object, ObjectMeta, Quantity};
use std::collections::BTreeMap;

const NS: &str = "default";

fn labels() -> BTreeMap<String, String> {
    BTreeMap::from([("run".to_string(), "php-apache".to_string())])
}

fn apply(e: &mut Engine, obj: Object) {
    let key = obj.key();
    e.user("apply", key, |ctx| ctx.create(obj).map(|_| ()))
        .expect("created");
}

/// The walkthrough's php-apache Deployment (200m requested, `limit` at
/// most) with `replicas` pods of `image`, behind its Service.
fn backend(e: &mut Engine, image: &str, replicas: i32, limit: Option<i64>) {
    let mut c = Container {
        name: "php-apache".into(),
        image: Some(image.into()),
        ..Default::default()
    };
    c.resources
        .requests
        .insert("cpu".into(), Quantity::from_milli(200));
    if let Some(l) = limit {
        c.resources
            .limits
            .insert("cpu".into(), Quantity::from_milli(l));
    }
    apply(
        e,
        Object::Deployment(Box::new(Deployment {
            metadata: ObjectMeta {
                name: "php-apache".into(),
                namespace: NS.into(),
                ..Default::default()
            },
            spec: DeploymentSpec {
                replicas: Some(replicas),
                selector: Some(LabelSelector {
                    match_labels: labels(),
                    match_expressions: vec![],
                }),
                template: PodTemplateSpec {
                    metadata: ObjectMeta {
                        labels: labels().into(),
                        ..Default::default()
                    },
                    spec: PodSpec {
                        containers: vec![c].into(),
                        ..Default::default()
                    },
                },
                ..Default::default()
            },
            status: Default::default(),
        })),
    );
    apply(
        e,
        Object::Service(Box::new(Service {
            metadata: ObjectMeta {
                name: "php-apache".into(),
                namespace: NS.into(),
                ..Default::default()
            },
            spec: ServiceSpec {
                selector: labels(),
                ports: vec![ServicePort {
                    port: 80,
                    ..Default::default()
                }],
                ..Default::default()
            },
            ..Default::default()
        })),
    );
}

/// A busybox pod running `script` as `sh -c` (kubectl run's args).
fn client(e: &mut Engine, name: &str, script: &str) {
    let c = Container {
        name: name.into(),
        image: Some("busybox:1.28".into()),
        args: vec!["/bin/sh".into(), "-c".into(), script.into()],
        ..Default::default()
    };
    apply(
        e,
        Object::Pod(Box::new(Pod {
            metadata: ObjectMeta {
                name: name.into(),
                namespace: NS.into(),
                ..Default::default()
            },
            spec: PodSpec {
                containers: vec![c].into(),
                restart_policy: Some("Never".into()),
                ..Default::default()
            }
            .into(),
            ..Default::default()
        })),
    );
}

struct Case {
    name: &'static str,
    image: &'static str,
    replicas: i32,
    limit: Option<i64>,
    scripts: &'static [&'static str],
    /// Each backend pod's cpu, in millicores (a server idles at 1m).
    want: i64,
}

const LOOP: &str = "while sleep 0.01; do wget -q -O- http://php-apache; done";

#[test]
fn request_loops_load_the_services_pods() {
    let cases = [
        Case {
            name: "one pod, throttled at its limit",
            image: "registry.k8s.io/hpa-example",
            replicas: 1,
            limit: Some(500),
            scripts: &[LOOP],
            want: 500,
        },
        Case {
            name: "shared by seven pods",
            image: "registry.k8s.io/hpa-example",
            replicas: 7,
            limit: Some(500),
            scripts: &[LOOP],
            want: 101,
        },
        Case {
            name: "two loops, two pods, no limit",
            image: "registry.k8s.io/hpa-example",
            replicas: 2,
            limit: None,
            scripts: &[
                LOOP,
                "while true; do wget -q -O- http://php-apache.default > /dev/null; done",
            ],
            want: 701,
        },
        Case {
            name: "no loop: idle",
            image: "registry.k8s.io/hpa-example",
            replicas: 1,
            limit: Some(500),
            scripts: &[],
            want: 1,
        },
        Case {
            name: "another Service",
            image: "registry.k8s.io/hpa-example",
            replicas: 1,
            limit: Some(500),
            scripts: &["while true; do wget -q -O- http://other; done"],
            want: 1,
        },
        Case {
            name: "a loop that waits, then ends",
            image: "registry.k8s.io/hpa-example",
            replicas: 1,
            limit: Some(500),
            scripts: &["until wget -q http://php-apache; do sleep 1; done"],
            want: 1,
        },
        Case {
            name: "an image whose requests cost nothing",
            image: "nginx",
            replicas: 1,
            limit: Some(500),
            scripts: &[LOOP],
            want: 1,
        },
    ];
    for c in &cases {
        let mut e = Engine::with_default_cluster(1);
        backend(&mut e, c.image, c.replicas, c.limit);
        for (i, s) in c.scripts.iter().enumerate() {
            client(&mut e, &format!("load-{i}"), s);
        }
        e.settle(DEFAULT_SETTLE_MS);
        let pods: Vec<Pod> = e
            .store()
            .list(Kind::Pod, Some(NS))
            .filter_map(|o| o.as_pod())
            .filter(|p| p.metadata.labels.contains_key("run"))
            .cloned()
            .collect();
        assert_eq!(pods.len(), c.replicas as usize, "{}", c.name);
        for p in &pods {
            let (cpu, _) = pod_usage_total(e.world(), p).expect("running");
            assert_eq!(cpu, c.want, "{}: {}", c.name, p.metadata.name);
        }
    }
}
