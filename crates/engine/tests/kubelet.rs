//! The simulated kubelet walked through every pod state, with exact
//! virtual timings and the events a real kubelet records.
//!
//! Timings follow the model's documented constants: sandbox 1 s, a pull
//! resolves in 0.5 s plus size / 25 MB/s (a missing tag fails after 1 s),
//! runtime changes reach the pod worker one PLEG relist (1 s) later, a
//! failed sync is retried after 10 s, back-offs are 10 s doubling to 5 min,
//! the node-monitor grace period is 50 s (v1.32) and default tolerations
//! last 300 s. STATUS strings are computed with kubectl's printPod rules.

use kubeplay_engine::kubelet::image::ImageRef;
use kubeplay_engine::kubelet::registry;
use kubeplay_engine::kubelet::usage;
use kubeplay_engine::sim::{ImageBehavior, Load, LoadTarget};
use kubeplay_engine::Engine;
use kubeplay_model::api::*;
use kubeplay_model::{IntOrString, Kind, LabelSelector, Object, ObjectKey, ObjectMeta, Quantity, Time};
use kubeplay_apiserver::DeleteOptions;
use std::collections::BTreeMap;

const NODE: &str = "kubeplay-worker3";

// ------------------------------------------------------------------ helpers

fn cluster() -> Engine {
    Engine::with_default_cluster(1)
}

fn container(name: &str, image: &str) -> Container {
    Container { name: name.into(), image: Some(image.into()), ..Default::default() }
}

fn with_cmd(mut c: Container, cmd: &[&str]) -> Container {
    c.command = cmd.iter().map(|s| s.to_string()).collect();
    c
}

/// A pod bound straight to NODE (as with `spec.nodeName`), so tests do not
/// depend on scheduling.
fn pinned(name: &str, containers: Vec<Container>) -> Pod {
    Pod {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: PodSpec { containers: containers.into(), node_name: Some(NODE.into()), ..Default::default() }.into(),
        status: Default::default(),
    }
}

fn create(e: &mut Engine, obj: Object) {
    let key = obj.key();
    e.user("create", key, |ctx| ctx.create(obj).map(|_| ())).expect("create");
}

/// Creates the pod now and returns the creation time.
fn start(e: &mut Engine, pod: Pod) -> Time {
    let t0 = e.now();
    create(e, Object::Pod(Box::new(pod)));
    e.advance(0);
    t0
}

fn get(e: &Engine, name: &str) -> Option<Pod> {
    e.store().get_by(Kind::Pod, "default", name).and_then(|o| o.as_pod().cloned())
}

fn pod(e: &Engine, name: &str) -> Pod {
    get(e, name).expect("pod exists")
}

/// Advances the clock to `t0 + ms`.
fn at(e: &mut Engine, t0: Time, ms: i64) {
    let target = t0.millis() + ms;
    assert!(target >= e.now().millis(), "time goes forward");
    e.advance(target - e.now().millis());
}

/// Events about `name` as emitted, with their time after `t0` in ms.
fn events(e: &Engine, name: &str, t0: Time) -> Vec<(i64, String, String)> {
    e.trace()
        .iter()
        .filter(|s| s.time >= t0)
        .flat_map(|s| s.events.iter().filter(|ev| ev.object.name == name).map(move |ev| (s.time.millis() - t0.millis(), ev.reason.clone(), ev.message.clone())))
        .collect()
}

fn times_of(evs: &[(i64, String, String)], reason: &str) -> Vec<i64> {
    evs.iter().filter(|(_, r, _)| r == reason).map(|(t, _, _)| *t).collect()
}

/// kubectl's STATUS column (`printers.go` printPod).
fn kubectl_status(p: &Pod) -> String {
    let mut reason = p.status.phase.as_deref().unwrap_or_default().to_string();
    if let Some(r) = p.status.reason.clone().filter(|r| !r.is_empty()) {
        reason = r.to_string();
    }
    let exit_reason = |t: &ContainerStateTerminated| match &t.reason {
        Some(r) if !r.is_empty() => r.clone(),
        _ => match t.signal {
            Some(s) if s != 0 => format!("Signal:{s}"),
            _ => format!("ExitCode:{}", t.exit_code),
        },
    };
    let mut initializing = false;
    let n = p.spec.init_containers.len();
    for (i, s) in p.status.init_container_statuses.iter().enumerate() {
        if let Some(t) = &s.state.terminated {
            if t.exit_code == 0 {
                continue;
            }
            reason = format!("Init:{}", exit_reason(t));
        } else if let Some(w) = s.state.waiting.as_ref().and_then(|w| w.reason.clone()).filter(|r| !r.is_empty() && r != "PodInitializing") {
            reason = format!("Init:{w}");
        } else {
            reason = format!("Init:{i}/{n}");
        }
        initializing = true;
        break;
    }
    let initialized = p.status.conditions.iter().any(|c| c.type_ == "Initialized" && c.status == "True");
    if !initializing || initialized {
        let mut has_running = false;
        for s in p.status.container_statuses.iter().rev() {
            if let Some(w) = s.state.waiting.as_ref().and_then(|w| w.reason.clone()).filter(|r| !r.is_empty()) {
                reason = w;
            } else if let Some(t) = &s.state.terminated {
                reason = exit_reason(t);
            } else if s.state.running.is_some() && s.ready {
                has_running = true;
            }
        }
        if reason == "Completed" && has_running {
            reason = if p.is_ready() { "Running".into() } else { "NotReady".into() };
        }
    }
    if p.metadata.deletion_timestamp.is_some() {
        reason = if p.status.reason.as_deref() == Some("NodeLost") { "Unknown".into() } else { "Terminating".into() };
    }
    reason
}

fn status_at(e: &mut Engine, name: &str, t0: Time, ms: i64) -> String {
    at(e, t0, ms);
    kubectl_status(&pod(e, name))
}

fn cs(p: &Pod) -> &ContainerStatus {
    &p.status.container_statuses[0]
}

fn pull_ms(image: &str) -> i64 {
    let r = ImageRef::parse(image).unwrap();
    let size = match registry::resolve(&r, registry::Declared::Nothing) {
        registry::PullOutcome::Ok { size } => size,
        registry::PullOutcome::NotFound => panic!("{image} exists"),
    };
    500 + size / 25_000
}

fn size_of(image: &str) -> i64 {
    match registry::resolve(&ImageRef::parse(image).unwrap(), registry::Declared::Nothing) {
        registry::PullOutcome::Ok { size } => size,
        registry::PullOutcome::NotFound => 0,
    }
}

fn go_secs(ms: i64) -> String {
    kubeplay_engine::kubelet::format::go_duration(ms)
}

fn http_probe(port: i32, delay: i32, period: i32) -> Probe {
    Probe {
        http_get: Some(HttpGetAction { path: Some("/".into()), port: Some(IntOrString::Int(port)), ..Default::default() }),
        initial_delay_seconds: Some(delay),
        period_seconds: Some(period),
        ..Default::default()
    }
}

// ------------------------------------------------------------------ starting

#[test]
fn a_pod_is_pulled_created_started_and_ready_with_real_events() {
    let mut e = cluster();
    let t0 = start(&mut e, pinned("web", vec![container("nginx", "nginx:1.7.9")]));
    let pull = pull_ms("nginx:1.7.9");

    // Admitted: Pending, ContainerCreating, no IP yet, the host IP known.
    let p = pod(&e, "web");
    assert_eq!(kubectl_status(&p), "ContainerCreating");
    assert_eq!(p.status.phase.as_deref(), Some("Pending"));
    assert_eq!(p.status.pod_ip, None);
    assert_eq!(p.status.host_ip.as_deref(), Some("172.18.0.5"));
    let types: Vec<&str> = p.status.conditions.iter().map(|c| c.type_.as_str()).collect();
    assert_eq!(types, ["PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled"]);
    let ready = p.status.conditions.iter().find(|c| c.type_ == "Ready").unwrap();
    assert_eq!((ready.status.as_str(), ready.reason.as_deref(), ready.message.as_deref()), ("False", Some("ContainersNotReady"), Some("containers with unready status: [nginx]")));
    assert_eq!(cs(&p).image, "nginx:1.7.9");

    // Still pulling a moment before the pull ends.
    assert_eq!(status_at(&mut e, "web", t0, 1_000 + pull - 1), "ContainerCreating");
    assert_eq!(pod(&e, "web").status.pod_ip, None, "status is only refreshed when the pull ends");

    at(&mut e, t0, 1_000 + pull);
    let p = pod(&e, "web");
    assert_eq!(kubectl_status(&p), "Running");
    assert!(p.is_ready());
    assert!(p.status.pod_ip.as_deref().is_some_and(|ip| ip.starts_with("10.244.3.")), "{:?}", p.status.pod_ip);
    let c = cs(&p);
    assert_eq!((c.ready, c.started, c.restart_count), (true, Some(true), 0));
    assert_eq!(c.image, "docker.io/library/nginx:1.7.9");
    assert!(c.image_id.starts_with("docker.io/library/nginx@sha256:"));
    assert!(c.container_id.as_deref().is_some_and(|id| id.starts_with("containerd://") && id.len() == 13 + 64));
    assert_eq!(c.state.running.as_ref().and_then(|r| r.started_at), Some(t0.plus_millis(1_000 + pull)));
    assert_eq!(p.status.qos_class.as_deref(), Some("BestEffort"));

    let evs = events(&e, "web", t0);
    let want = vec![
        (1_000, "Pulling".to_string(), "Pulling image \"nginx:1.7.9\"".to_string()),
        (
            1_000 + pull,
            "Pulled".into(),
            format!("Successfully pulled image \"nginx:1.7.9\" in {} ({} including waiting). Image size: {} bytes.", go_secs(pull), go_secs(pull), size_of("nginx:1.7.9")),
        ),
        (1_000 + pull, "Created".into(), "Created container nginx".into()),
        (1_000 + pull, "Started".into(), "Started container nginx".into()),
    ];
    assert_eq!(evs, want);

    // The image is cached now: a second pod on the node does not pull.
    let t1 = start(&mut e, pinned("web2", vec![container("nginx", "nginx:1.7.9")]));
    at(&mut e, t1, 1_000);
    let evs = events(&e, "web2", t1);
    assert_eq!(evs[0], (1_000, "Pulled".into(), "Container image \"nginx:1.7.9\" already present on machine".into()));
    assert_eq!(evs[2], (1_000, "Started".into(), "Started container nginx".into()));
    // The status shows it at the next sync, when the PLEG has seen it.
    assert_eq!(kubectl_status(&pod(&e, "web2")), "ContainerCreating");
    assert_eq!(status_at(&mut e, "web2", t1, 2_000), "Running");
    // The node reports the image it now holds.
    let node = e.store().get_by(Kind::Node, "", NODE).and_then(|n| n.as_node().cloned()).unwrap();
    assert!(node.status.images.iter().any(|i| i.names.contains(&"docker.io/library/nginx:1.7.9".to_string())));
}

/// Pulled by digest (a tag beside it is dropped, as containerd's
/// ParseDockerRef does), the image is known by that digest alone: it is
/// the container's imageID, and the node lists it under that one name.
#[test]
fn a_digest_pinned_image_is_its_own_image_id() {
    let mut e = cluster();
    let digest = format!("sha256:{}", "4f".repeat(32));
    let t0 = start(&mut e, pinned("pinned", vec![container("nginx", &format!("nginx:1.25@{digest}"))]));
    assert_eq!(status_at(&mut e, "pinned", t0, 60_000), "Running");
    let want = format!("docker.io/library/nginx@{digest}");
    assert_eq!(cs(&pod(&e, "pinned")).image_id, want.as_str());
    let node = e.store().get_by(Kind::Node, "", NODE).and_then(|n| n.as_node().cloned()).unwrap();
    let listed: Vec<_> = node.status.images.iter().filter(|i| i.names.iter().any(|n| n.contains(&digest))).map(|i| i.names.clone()).collect();
    assert_eq!(listed, vec![vec![want]]);
}

#[test]
fn pull_policy_always_pays_the_pull_and_pulls_queue_on_a_node() {
    let mut e = cluster();
    let t0 = start(&mut e, pinned("a", vec![container("app", "redis:7.2.4")]));
    let redis = pull_ms("redis:7.2.4");
    at(&mut e, t0, 1_000 + redis);
    // Always pulls even a cached image: just the manifest check.
    let mut c = container("app", "redis:7.2.4");
    c.image_pull_policy = Some("Always".into());
    let t1 = start(&mut e, pinned("b", vec![c]));
    at(&mut e, t1, 2_000);
    let evs = events(&e, "b", t1);
    assert_eq!(evs[0], (1_000, "Pulling".into(), "Pulling image \"redis:7.2.4\"".into()));
    assert_eq!(evs[1].2, format!("Successfully pulled image \"redis:7.2.4\" in 500ms (500ms including waiting). Image size: {} bytes.", size_of("redis:7.2.4")));

    // Two new images at once: the node's serial puller makes the second wait.
    let t2 = start(&mut e, pinned("c", vec![container("app", "httpd:2.4")]));
    create(&mut e, Object::Pod(Box::new(pinned("d", vec![container("app", "memcached:1.6")]))));
    let (httpd, memcached) = (pull_ms("httpd:2.4"), pull_ms("memcached:1.6"));
    at(&mut e, t2, 1_000 + httpd + memcached);
    let pulled = |name: &str| events(&e, name, t2).into_iter().find(|(_, r, _)| r == "Pulled").unwrap();
    assert_eq!(pulled("c").0, 1_000 + httpd);
    assert_eq!(pulled("d").0, 1_000 + httpd + memcached);
    assert!(pulled("d").2.contains(&format!("in {} ({} including waiting)", go_secs(memcached), go_secs(httpd + memcached))), "{}", pulled("d").2);
}

// ------------------------------------------------------------------ image pull failures

#[test]
fn a_missing_tag_alternates_err_image_pull_and_image_pull_back_off_with_doubling_retries() {
    let mut e = cluster();
    let t0 = start(&mut e, pinned("bad", vec![container("nginx", "nginx:1.91")]));
    let not_found = "rpc error: code = NotFound desc = failed to pull and unpack image \"docker.io/library/nginx:1.91\": failed to resolve reference \"docker.io/library/nginx:1.91\": docker.io/library/nginx:1.91: not found";

    assert_eq!(status_at(&mut e, "bad", t0, 1_500), "ContainerCreating");
    // First failure at 2 s (sandbox 1 s + registry answer 1 s).
    assert_eq!(status_at(&mut e, "bad", t0, 2_000), "ErrImagePull");
    let w = cs(&pod(&e, "bad")).state.waiting.clone().unwrap();
    assert_eq!(w.message.as_deref(), Some(not_found));
    assert_eq!(status_at(&mut e, "bad", t0, 11_999), "ErrImagePull");
    // The next sync (10 s later) shows the back-off and retries the pull.
    assert_eq!(status_at(&mut e, "bad", t0, 12_000), "ImagePullBackOff");
    // v1.32's waiting message carries the failed pull's error (prevPullErrMsg).
    let backoff = format!("Back-off pulling image \"nginx:1.91\": ErrImagePull: {not_found}");
    assert_eq!(cs(&pod(&e, "bad")).state.waiting.as_ref().and_then(|w| w.message.clone()).as_deref(), Some(backoff.as_str()));
    assert_eq!(status_at(&mut e, "bad", t0, 23_000), "ErrImagePull");
    assert_eq!(status_at(&mut e, "bad", t0, 33_000), "ImagePullBackOff");

    at(&mut e, t0, 700_000);
    let evs = events(&e, "bad", t0);
    let pulls = times_of(&evs, "Pulling");
    let failures: Vec<i64> = evs.iter().filter(|(_, r, m)| r == "Failed" && m.starts_with("Failed to pull image")).map(|(t, _, _)| *t).collect();
    assert_eq!(failures.len(), pulls.len());
    // Each retry waits the back-off after the previous failure: 10, 20, 40, 80, 160, 300 s.
    let gaps: Vec<i64> = failures.iter().zip(pulls.iter().skip(1)).map(|(f, p)| (p - f) / 1000).collect();
    assert_eq!(gaps, vec![10, 20, 40, 80, 160, 300]);
    assert_eq!(pulls[0], 1_000);
    // The first failure's events, in order.
    let first: Vec<(String, String)> = evs.iter().filter(|(t, _, _)| *t == 2_000).map(|(_, r, m)| (r.clone(), m.clone())).collect();
    assert_eq!(
        first,
        vec![
            ("Failed".into(), format!("Failed to pull image \"nginx:1.91\": {not_found}")),
            ("Failed".into(), "Error: ErrImagePull".into()),
            ("BackOff".into(), "Back-off pulling image \"nginx:1.91\"".into()),
            ("Failed".into(), "Error: ImagePullBackOff".into()),
        ]
    );
    // Repeats are aggregated into one Event with a count.
    let backoff = e
        .store()
        .list(Kind::Event, Some("default"))
        .filter_map(|o| match &**o {
            Object::Event(ev) if ev.involved_object.name.as_deref() == Some("bad") && ev.reason.as_deref() == Some("BackOff") => Some(ev.count),
            _ => None,
        })
        .next()
        .flatten();
    assert!(backoff.is_some_and(|n| n > 10), "{backoff:?}");

    // Fixing the image starts the container at once: the back-off belonged
    // to the old image.
    let mut p = pod(&e, "bad");
    p.spec_mut().containers[0].image = Some("nginx:1.25".into());
    let t1 = e.now();
    e.user("set image", ObjectKey::new(Kind::Pod, "default", "bad"), |ctx| ctx.update(Object::Pod(Box::new(p))).map(|_| ())).unwrap();
    at(&mut e, t1, pull_ms("nginx:1.25"));
    assert_eq!(times_of(&events(&e, "bad", t1), "Pulling"), vec![0]);
    assert_eq!(status_at(&mut e, "bad", t1, pull_ms("nginx:1.25") + 1_000), "Running");
}

#[test]
fn sim_image_missing_and_never_pull_and_invalid_names() {
    let mut e = cluster();
    e.sim_image("nginx:1.25", ImageBehavior { missing: true, ..Default::default() }).unwrap();
    let t0 = start(&mut e, pinned("m", vec![container("nginx", "nginx:1.25")]));
    assert_eq!(status_at(&mut e, "m", t0, 2_000), "ErrImagePull");

    let mut never = container("app", "myorg/app:1.0");
    never.image_pull_policy = Some("Never".into());
    let t1 = start(&mut e, pinned("n", vec![never]));
    at(&mut e, t1, 1_000);
    let evs = events(&e, "n", t1);
    assert_eq!(evs[0].1, "ErrImageNeverPull");
    assert_eq!(evs[0].2, "Container image \"myorg/app:1.0\" is not present with pull policy of Never");
    assert_eq!(status_at(&mut e, "n", t1, 11_000), "ErrImageNeverPull");

    let t2 = start(&mut e, pinned("i", vec![container("app", "Nginx")]));
    at(&mut e, t2, 11_000);
    let evs = events(&e, "i", t2);
    assert_eq!(
        (evs[0].1.as_str(), evs[0].2.as_str()),
        ("InspectFailed", "Failed to apply default image tag \"Nginx\": couldn't parse image name \"Nginx\": invalid reference format: repository name (library/Nginx) must be lowercase")
    );
    assert_eq!(kubectl_status(&pod(&e, "i")), "InvalidImageName");
}

// ------------------------------------------------------------------ restarts

#[test]
fn crash_loop_back_off_doubles_and_resets_after_ten_minutes() {
    let mut e = cluster();
    let c = with_cmd(container("app", "busybox:1.36"), &["sh", "-c", "sleep 5; exit 1"]);
    let t0 = start(&mut e, pinned("crash", vec![c]));
    at(&mut e, t0, 1_200_000);
    let evs = events(&e, "crash", t0);
    let started = times_of(&evs, "Started");
    let s = started[0];
    assert_eq!(s, 1_000 + pull_ms("busybox:1.36"));
    // Exit 5 s after each start; the kubelet notices 1 s later (PLEG); the
    // first restart is immediate, later ones wait out the back-off, which
    // the 10 s sync retries discover: 10, 20, 40, 80, 160, 300 s + 1 s.
    let delays: Vec<i64> = started.windows(2).map(|w| (w[1] - w[0] - 5_000) / 1000).collect();
    assert_eq!(delays[..7], [1, 11, 21, 41, 81, 161, 301]);
    let backoffs: Vec<&str> = evs.iter().filter(|(_, r, _)| r == "BackOff").map(|(_, _, m)| m.as_str()).collect();
    let p = pod(&e, "crash");
    assert_eq!(backoffs[0], format!("Back-off restarting failed container app in pod crash_default({})", p.metadata.uid));

    // The status through one cycle: Error after the exit, CrashLoopBackOff
    // from the next sync, Running again after the restart.
    let mut e = cluster();
    let c = with_cmd(container("app", "busybox:1.36"), &["sh", "-c", "sleep 5; exit 1"]);
    let t0 = start(&mut e, pinned("crash", vec![c]));
    let s = 1_000 + pull_ms("busybox:1.36");
    // Runs: s..s+5, (s+6)..(s+11), (s+22)..(s+27), then back-off 20 s. A
    // sync writes the status before it acts, so a restart shows one PLEG
    // relist later.
    assert_eq!(status_at(&mut e, "crash", t0, s + 1_000), "Running");
    assert_eq!(status_at(&mut e, "crash", t0, s + 6_000), "Error");
    assert_eq!(cs(&pod(&e, "crash")).restart_count, 0);
    assert_eq!(status_at(&mut e, "crash", t0, s + 7_000), "Running", "the first restart is immediate");
    assert_eq!(status_at(&mut e, "crash", t0, s + 12_000), "Error");
    let p = pod(&e, "crash");
    assert_eq!(cs(&p).restart_count, 1);
    assert_eq!(cs(&p).last_state.terminated.as_ref().map(|t| (t.exit_code, t.reason.clone())), Some((1, Some("Error".into()))));
    assert_eq!(status_at(&mut e, "crash", t0, s + 22_000), "CrashLoopBackOff");
    assert_eq!(status_at(&mut e, "crash", t0, s + 23_000), "Running");
    assert_eq!(status_at(&mut e, "crash", t0, s + 28_000), "Error");
    assert_eq!(status_at(&mut e, "crash", t0, s + 38_000), "CrashLoopBackOff");
    let p = pod(&e, "crash");
    let w = cs(&p).state.waiting.clone().unwrap();
    assert_eq!(w.message.unwrap(), format!("back-off 20s restarting failed container=app pod=crash_default({})", p.metadata.uid));
    assert_eq!(cs(&p).restart_count, 2);
    assert_eq!(p.status.phase.as_deref(), Some("Running"));
    assert!(cs(&p).last_state.terminated.is_some());

    // A container that ran for more than 10 minutes starts over at 10 s:
    // restarts are immediate.
    let mut e = cluster();
    let c = with_cmd(container("app", "busybox:1.36"), &["sh", "-c", "sleep 700; exit 1"]);
    let t0 = start(&mut e, pinned("slow", vec![c]));
    at(&mut e, t0, 2_200_000);
    let started = times_of(&events(&e, "slow", t0), "Started");
    let delays: Vec<i64> = started.windows(2).map(|w| (w[1] - w[0]) / 1000).collect();
    assert_eq!(delays, vec![701, 701, 701]);
}

#[test]
fn restart_policies_never_and_on_failure() {
    let mut e = cluster();
    let mut never_ok = pinned("ok", vec![with_cmd(container("app", "busybox:1.36"), &["sh", "-c", "sleep 2"])]);
    never_ok.spec_mut().restart_policy = Some("Never".into());
    let t0 = start(&mut e, never_ok);
    let mut never_fail = pinned("fail", vec![with_cmd(container("app", "busybox:1.36"), &["false"])]);
    never_fail.spec_mut().restart_policy = Some("Never".into());
    create(&mut e, Object::Pod(Box::new(never_fail)));
    let mut on_failure = pinned("retry", vec![with_cmd(container("app", "busybox:1.36"), &["sh", "-c", "sleep 1; exit 3"])]);
    on_failure.spec_mut().restart_policy = Some("OnFailure".into());
    create(&mut e, Object::Pod(Box::new(on_failure)));
    at(&mut e, t0, 60_000);

    let ok = pod(&e, "ok");
    assert_eq!((ok.status.phase.as_deref(), kubectl_status(&ok).as_str()), (Some("Succeeded"), "Completed"));
    let cond = |p: &Pod, t: &str| p.status.conditions.iter().find(|c| c.type_ == t).map(|c| (c.status.clone(), c.reason.clone())).unwrap();
    assert_eq!(cond(&ok, "Ready"), ("False".into(), Some("PodCompleted".into())));
    assert_eq!(cond(&ok, "ContainersReady"), ("False".into(), Some("PodCompleted".into())));
    assert_eq!(cond(&ok, "Initialized"), ("True".into(), Some("PodCompleted".into())));
    assert_eq!(cond(&ok, "PodReadyToStartContainers"), ("False".into(), None));
    assert_eq!(cs(&ok).restart_count, 0);

    let fail = pod(&e, "fail");
    assert_eq!((fail.status.phase.as_deref(), kubectl_status(&fail).as_str()), (Some("Failed"), "Error"));
    assert_eq!(cond(&fail, "Ready"), ("False".into(), Some("PodFailed".into())));
    assert_eq!(cs(&fail).state.terminated.as_ref().map(|t| t.exit_code), Some(1));

    let retry = pod(&e, "retry");
    assert_eq!(retry.status.phase.as_deref(), Some("Running"));
    assert!(cs(&retry).restart_count >= 2);
}

#[test]
fn the_pi_job_pod_completes_after_a_few_seconds() {
    let mut e = cluster();
    let mut p = pinned("pi", vec![with_cmd(container("pi", "perl:5.34.0"), &["perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"])]);
    p.spec_mut().restart_policy = Some("Never".into());
    let t0 = start(&mut e, p);
    let s = 1_000 + pull_ms("perl:5.34.0");
    assert_eq!(status_at(&mut e, "pi", t0, s + 3_999), "Running");
    assert_eq!(status_at(&mut e, "pi", t0, s + 5_000), "Completed");
    let done = pod(&e, "pi");
    let t = cs(&done).state.terminated.clone().unwrap();
    assert_eq!((t.exit_code, t.reason.as_deref()), (0, Some("Completed")));
    assert_eq!(t.finished_at, Some(t0.plus_millis(s + 4_000)));
}

// ------------------------------------------------------------------ probes

#[test]
fn liveness_probe_failure_restarts_the_container() {
    // The docs' "liveness-exec" pod.
    let mut e = cluster();
    let mut c = container("liveness", "registry.k8s.io/busybox");
    c.args = vec!["/bin/sh".into(), "-c".into(), "touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600".into()];
    c.liveness_probe = Some(Box::new(Probe {
        exec: Some(ExecAction { command: vec!["cat".into(), "/tmp/healthy".into()] }),
        initial_delay_seconds: Some(5),
        period_seconds: Some(5),
        ..Default::default()
    }));
    let t0 = start(&mut e, pinned("liveness-exec", vec![c]));
    let pull = pull_ms("registry.k8s.io/busybox");
    let s = 1_000 + pull;
    at(&mut e, t0, s + 71_000);
    let evs = events(&e, "liveness-exec", t0);
    let msg = "Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory".to_string();
    let unhealthy: Vec<(i64, String)> = evs.iter().filter(|(_, r, _)| r == "Unhealthy").map(|(t, _, m)| (t - s, m.clone())).collect();
    assert_eq!(unhealthy, vec![(30_000, msg.clone()), (35_000, msg.clone()), (40_000, msg)]);
    let killing: Vec<(i64, String)> = evs.iter().filter(|(_, r, _)| r == "Killing").map(|(t, _, m)| (t - s, m.clone())).collect();
    assert_eq!(killing, vec![(40_000, "Container liveness failed liveness probe, will be restarted".into())]);
    // sh as PID 1 ignores SIGTERM: killed after the 30 s grace period, then
    // started again at once (pulled again: no tag means Always).
    let started = times_of(&evs, "Started");
    assert_eq!(started, vec![s, s + 70_000 + 500]);
    let p = pod(&e, "liveness-exec");
    assert_eq!(cs(&p).restart_count, 1);
    let last = cs(&p).last_state.terminated.clone().unwrap();
    assert_eq!((last.exit_code, last.reason.as_deref(), last.finished_at), (137, Some("Error"), Some(t0.plus_millis(s + 70_000))));
    assert_eq!(kubectl_status(&p), "Running");
}

// kuberuntime_manager_test.go's TestComputePodActionsWithRestartableInitContainers,
// "kill and recreate the restartable init container if the liveness check
// has failed", in a pod that never restarts: a sidecar is restarted
// whatever the pod's restartPolicy, and its Killing message says so
// without ", will be restarted".
#[test]
fn a_sidecar_failing_liveness_restarts_even_under_restart_policy_never() {
    let mut e = cluster();
    let mut side = container("liveness", "registry.k8s.io/busybox");
    side.args = vec!["/bin/sh".into(), "-c".into(), "touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600".into()];
    side.restart_policy = Some("Always".into());
    side.liveness_probe = Some(Box::new(Probe {
        exec: Some(ExecAction { command: vec!["cat".into(), "/tmp/healthy".into()] }),
        initial_delay_seconds: Some(5),
        period_seconds: Some(5),
        ..Default::default()
    }));
    let mut p = pinned("sidecar-liveness", vec![with_cmd(container("main", "registry.k8s.io/busybox"), &["sleep", "3600"])]);
    p.spec_mut().init_containers = vec![side].into();
    p.spec_mut().restart_policy = Some("Never".into());
    let t0 = start(&mut e, p);
    at(&mut e, t0, 180_000);
    let evs = events(&e, "sidecar-liveness", t0);
    let killing: Vec<String> = evs.iter().filter(|(_, r, _)| r == "Killing").map(|(_, _, m)| m.clone()).collect();
    assert_eq!(killing.first().map(String::as_str), Some("Init container liveness failed liveness probe"));
    let p = pod(&e, "sidecar-liveness");
    let side = &p.status.init_container_statuses[0];
    assert!(side.restart_count >= 1, "the sidecar was started again: {side:?}");
    assert_eq!(p.status.phase.as_deref(), Some("Running"));
}

#[test]
fn readiness_probe_gates_the_ready_condition() {
    let mut e = cluster();
    e.sim_image("nginx:1.25", ImageBehavior { ready_after_secs: Some(12), ..Default::default() }).unwrap();
    let mut c = container("web", "nginx:1.25");
    c.readiness_probe = Some(Box::new(http_probe(80, 5, 5)));
    let t0 = start(&mut e, pinned("ready", vec![c]));
    let s = 1_000 + pull_ms("nginx:1.25");
    at(&mut e, t0, s + 1_000);
    let p = pod(&e, "ready");
    assert_eq!((kubectl_status(&p).as_str(), p.is_ready(), cs(&p).ready), ("Running", false, false));
    let ip = p.status.pod_ip.clone().unwrap();
    at(&mut e, t0, s + 14_999);
    assert!(!pod(&e, "ready").is_ready());
    at(&mut e, t0, s + 15_000);
    let p = pod(&e, "ready");
    assert!(p.is_ready() && cs(&p).ready);
    let ready = p.status.conditions.iter().find(|c| c.type_ == "Ready").unwrap();
    assert_eq!(ready.last_transition_time, Some(t0.plus_millis(s + 15_000)));
    let evs = events(&e, "ready", t0);
    let refused = format!("Readiness probe failed: Get \"http://{ip}:80/\": dial tcp {ip}:80: connect: connection refused");
    let unhealthy: Vec<(i64, String)> = evs.iter().filter(|(_, r, _)| r == "Unhealthy").map(|(t, _, m)| (t - s, m.clone())).collect();
    assert_eq!(unhealthy, vec![(5_000, refused.clone()), (10_000, refused)]);

    // `sim image … fail-readiness`: three failed probes later it is unready,
    // and the container keeps running.
    let t1 = e.now();
    e.sim_image("nginx:1.25", ImageBehavior { fail_readiness: true, ..Default::default() }).unwrap();
    at(&mut e, t1, 20_000);
    let p = pod(&e, "ready");
    assert!(!p.is_ready());
    assert_eq!((kubectl_status(&p).as_str(), cs(&p).restart_count), ("Running", 0));
    let last = events(&e, "ready", t1).into_iter().rev().find(|(_, r, _)| r == "Unhealthy").unwrap();
    assert_eq!(last.2, "Readiness probe failed: HTTP probe failed with statuscode: 503");
}

#[test]
fn startup_probe_holds_back_liveness() {
    let mut e = cluster();
    e.sim_image("nginx:1.25", ImageBehavior { ready_after_secs: Some(45), ..Default::default() }).unwrap();
    let mut c = container("slow", "nginx:1.25");
    c.startup_probe = Some(Box::new(Probe { failure_threshold: Some(30), ..http_probe(80, 0, 10) }));
    c.liveness_probe = Some(Box::new(http_probe(80, 0, 10)));
    let t0 = start(&mut e, pinned("slow", vec![c]));
    let s = 1_000 + pull_ms("nginx:1.25");
    at(&mut e, t0, s + 45_000);
    assert_eq!(cs(&pod(&e, "slow")).started, Some(false));
    at(&mut e, t0, s + 50_000);
    let p = pod(&e, "slow");
    assert_eq!((cs(&p).started, cs(&p).ready, cs(&p).restart_count), (Some(true), true, 0));
    let startup_failures = events(&e, "slow", t0).iter().filter(|(_, r, m)| r == "Unhealthy" && m.starts_with("Startup probe failed")).count();
    assert_eq!(startup_failures, 5, "probes at 0, 10, 20, 30, 40 s fail; 50 s passes");
}

// ------------------------------------------------------------------ init containers

#[test]
fn init_containers_run_in_order_and_wait_for_their_services() {
    // The docs' myapp-pod.
    let mut e = cluster();
    let init = |name: &str, svc: &str| {
        with_cmd(
            container(name, "busybox:1.28"),
            &["sh", "-c", &format!("until nslookup {svc}.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for {svc}; sleep 2; done")],
        )
    };
    let mut p = pinned("myapp-pod", vec![with_cmd(container("myapp-container", "busybox:1.28"), &["sh", "-c", "echo The app is running! && sleep 3600"])]);
    p.spec_mut().init_containers = vec![init("init-myservice", "myservice"), init("init-mydb", "mydb")].into();
    let t0 = start(&mut e, p);
    let p = pod(&e, "myapp-pod");
    assert_eq!(kubectl_status(&p), "Init:0/2");
    assert_eq!(cs(&p).state.waiting.as_ref().and_then(|w| w.reason.as_deref()), Some("PodInitializing"));
    at(&mut e, t0, 30_000);
    let p = pod(&e, "myapp-pod");
    assert_eq!(kubectl_status(&p), "Init:0/2");
    let init_cond = p.status.conditions.iter().find(|c| c.type_ == "Initialized").unwrap();
    assert_eq!(
        (init_cond.status.as_str(), init_cond.reason.as_deref(), init_cond.message.as_deref()),
        ("False", Some("ContainersNotInitialized"), Some("containers with incomplete status: [init-myservice init-mydb]"))
    );
    assert!(p.status.init_container_statuses[0].state.running.is_some());

    let service = |name: &str| {
        Object::Service(Box::new(Service {
            metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
            spec: ServiceSpec { ports: vec![ServicePort { port: 80, ..Default::default() }], ..Default::default() },
            status: Default::default(),
        }))
    };
    // The init container polls every 2 s from its start.
    let s = times_of(&events(&e, "myapp-pod", t0), "Started")[0];
    let t1 = e.now();
    create(&mut e, service("myservice"));
    let poll = s + ((t1.millis() - t0.millis() - s + 1_999) / 2_000) * 2_000;
    at(&mut e, t0, poll + 1_000);
    let p = pod(&e, "myapp-pod");
    assert_eq!(kubectl_status(&p), "Init:1/2");
    let first = p.status.init_container_statuses[0].state.terminated.clone().unwrap();
    assert_eq!((first.exit_code, first.reason.as_deref(), first.finished_at), (0, Some("Completed"), Some(t0.plus_millis(poll))));
    assert!(p.status.init_container_statuses[0].ready);

    create(&mut e, service("mydb"));
    at(&mut e, t0, poll + 10_000);
    let p = pod(&e, "myapp-pod");
    assert_eq!(kubectl_status(&p), "Running");
    assert!(p.is_ready());
    let started: Vec<String> = events(&e, "myapp-pod", t0).into_iter().filter(|(_, r, _)| r == "Started").map(|(_, _, m)| m).collect();
    assert_eq!(started, ["Started container init-myservice", "Started container init-mydb", "Started container myapp-container"]);
}

#[test]
fn a_failing_init_container_blocks_the_pod() {
    let mut e = cluster();
    let mut p = pinned("initfail", vec![container("app", "nginx:1.25")]);
    p.spec_mut().init_containers = vec![with_cmd(container("setup", "busybox:1.36"), &["sh", "-c", "exit 1"])].into();
    let t0 = start(&mut e, p);
    at(&mut e, t0, 60_000);
    let status = kubectl_status(&pod(&e, "initfail"));
    assert!(status == "Init:Error" || status == "Init:CrashLoopBackOff", "{status}");
    assert!(events(&e, "initfail", t0).iter().all(|(_, _, m)| m != "Started container app"));

    let mut e = cluster();
    let mut p = pinned("initnever", vec![container("app", "nginx:1.25")]);
    p.spec_mut().restart_policy = Some("Never".into());
    p.spec_mut().init_containers = vec![with_cmd(container("setup", "busybox:1.36"), &["sh", "-c", "exit 1"])].into();
    let t0 = start(&mut e, p);
    at(&mut e, t0, 30_000);
    let p = pod(&e, "initnever");
    assert_eq!((p.status.phase.as_deref(), kubectl_status(&p).as_str()), (Some("Failed"), "Init:Error"));
}

// ------------------------------------------------------------------ termination

fn delete(e: &mut Engine, name: &str, grace: Option<i64>) -> Time {
    let t = e.now();
    let key = ObjectKey::new(Kind::Pod, "default", name);
    e.user("delete", key.clone(), |ctx| ctx.delete(&key, DeleteOptions { grace_period_seconds: grace, ..Default::default() }).map(|_| ())).unwrap();
    e.advance(0);
    t
}

#[test]
fn deleted_pods_terminate_for_as_long_as_their_process_needs() {
    let mut e = cluster();
    let t0 = start(&mut e, pinned("sleeper", vec![with_cmd(container("app", "busybox:1.36"), &["sleep", "3600"])]));
    create(&mut e, Object::Pod(Box::new(pinned("web", vec![container("nginx", "nginx:1.25")]))));
    at(&mut e, t0, 30_000);

    // sleep as PID 1 ignores SIGTERM: Terminating for the whole 30 s.
    let d = delete(&mut e, "sleeper", None);
    let evs = events(&e, "sleeper", d);
    assert_eq!(evs.last().map(|(t, r, m)| (*t, r.as_str(), m.as_str())), Some((0, "Killing", "Stopping container app")));
    assert_eq!(status_at(&mut e, "sleeper", d, 29_999), "Terminating");
    at(&mut e, d, 30_000);
    assert!(get(&e, "sleeper").is_none());

    // nginx exits promptly on SIGTERM.
    let d = delete(&mut e, "web", None);
    assert_eq!(status_at(&mut e, "web", d, 299), "Terminating");
    at(&mut e, d, 300);
    assert!(get(&e, "web").is_none());

    // --grace-period=5.
    let t1 = start(&mut e, pinned("short", vec![with_cmd(container("app", "busybox:1.36"), &["sleep", "3600"])]));
    at(&mut e, t1, 5_000);
    let d = delete(&mut e, "short", Some(5));
    at(&mut e, d, 4_999);
    assert!(get(&e, "short").is_some());
    at(&mut e, d, 5_000);
    assert!(get(&e, "short").is_none());

    // preStop runs first: nginx with `sleep 10` in its preStop hook.
    let mut c = container("nginx", "nginx:1.25");
    c.lifecycle = Some(Box::new(Lifecycle { post_start: None, pre_stop: Some(serde_json::json!({"exec": {"command": ["/bin/sh", "-c", "sleep 10"]}})) }));
    let t2 = start(&mut e, pinned("hooked", vec![c]));
    at(&mut e, t2, 5_000);
    let d = delete(&mut e, "hooked", None);
    at(&mut e, d, 10_299);
    assert!(get(&e, "hooked").is_some());
    at(&mut e, d, 10_300);
    assert!(get(&e, "hooked").is_none());
}

// ------------------------------------------------------------------ config

#[test]
fn a_missing_config_map_stops_the_container_until_it_exists() {
    let mut e = cluster();
    let mut c = container("app", "nginx:1.25");
    c.env = vec![EnvVar {
        name: "SPECIAL_LEVEL_KEY".into(),
        value: None,
        value_from: Some(Box::new(EnvVarSource { config_map_key_ref: Some(KeySelector { name: Some("special-config".into()), key: "special.how".into(), optional: None }), ..Default::default() })),
    }];
    let t0 = start(&mut e, pinned("cfg", vec![c]));
    let s = 1_000 + pull_ms("nginx:1.25");
    at(&mut e, t0, s);
    let evs = events(&e, "cfg", t0);
    assert_eq!(evs.last().map(|(t, r, m)| (*t, r.as_str(), m.as_str())), Some((s, "Failed", "Error: configmap \"special-config\" not found")));
    assert_eq!(status_at(&mut e, "cfg", t0, s + 1_000), "CreateContainerConfigError");
    assert_eq!(cs(&pod(&e, "cfg")).state.waiting.as_ref().and_then(|w| w.message.as_deref()), Some("configmap \"special-config\" not found"));

    // Created later: the next retry (every 10 s) starts the container.
    at(&mut e, t0, s + 15_000);
    let cm = Object::ConfigMap(Box::new(ConfigMap {
        metadata: ObjectMeta { name: "special-config".into(), namespace: "default".into(), ..Default::default() },
        data: BTreeMap::from([("special.how".to_string(), "very".to_string())]),
        ..Default::default()
    }));
    create(&mut e, cm);
    e.settle(60_000);
    let started = times_of(&events(&e, "cfg", t0), "Started");
    assert_eq!(started, vec![s + 20_000]);
    assert_eq!(kubectl_status(&pod(&e, "cfg")), "Running");

    // Started, the pod is no longer one a ConfigMap write can unblock: a
    // change to it wakes no kubelet (environment variables are read once,
    // at container start).
    let before = e.trace().len();
    let key = ObjectKey::new(Kind::ConfigMap, "default", "special-config");
    let mut cm = (**e.store().get(&key).expect("configmap")).clone();
    let Object::ConfigMap(c) = &mut cm else { unreachable!() };
    c.data.insert("special.how".into(), "quite".into());
    e.user("replace", key, |ctx| ctx.update(cm).map(|_| ())).expect("update");
    e.settle(60_000);
    let woken: Vec<String> = e.trace()[before..].iter().filter(|st| st.component == "kubelet").map(|st| st.key.to_string()).collect();
    assert_eq!(woken, Vec::<String>::new());
}

#[test]
fn a_missing_volume_source_keeps_the_pod_container_creating() {
    let mut e = cluster();
    let mut p = pinned("vol", vec![container("app", "nginx:1.25")]);
    p.spec_mut().volumes = vec![Volume { name: "config-volume".into(), config_map: Some(Box::new(ConfigMapVolumeSource { name: Some("special-config".into()), ..Default::default() })), ..Default::default() }].into();
    let t0 = start(&mut e, p);
    at(&mut e, t0, 10_000);
    let mounts: Vec<i64> = events(&e, "vol", t0).into_iter().filter(|(_, r, m)| r == "FailedMount" && m == "MountVolume.SetUp failed for volume \"config-volume\" : configmap \"special-config\" not found").map(|(t, _, _)| t).collect();
    // Retries after 0.5, 1, 2, 4 s…
    assert_eq!(mounts, vec![0, 500, 1_500, 3_500, 7_500]);
    let p = pod(&e, "vol");
    assert_eq!((kubectl_status(&p).as_str(), p.status.pod_ip.clone()), ("ContainerCreating", None));
}

// ------------------------------------------------------------------ resources

#[test]
fn over_the_memory_limit_the_container_is_oom_killed() {
    // The docs' memory-demo-2.
    let mut e = cluster();
    let mut c = with_cmd(container("memory-demo-2-ctr", "polinux/stress"), &["stress"]);
    c.args = ["--vm", "1", "--vm-bytes", "250M", "--vm-hang", "1"].iter().map(|s| s.to_string()).collect();
    c.resources.limits.insert("memory".into(), Quantity::parse("100Mi").unwrap());
    c.resources.requests.insert("memory".into(), Quantity::parse("50Mi").unwrap());
    let t0 = start(&mut e, pinned("memory-demo-2", vec![c]));
    let s = 1_000 + pull_ms("polinux/stress");
    assert_eq!(status_at(&mut e, "memory-demo-2", t0, s + 1_999), "Running");
    assert_eq!(status_at(&mut e, "memory-demo-2", t0, s + 2_000), "OOMKilled");
    let p = pod(&e, "memory-demo-2");
    let t = cs(&p).state.terminated.clone().unwrap();
    assert_eq!((t.exit_code, t.reason.as_deref()), (137, Some("OOMKilled")));
    assert_eq!(p.status.qos_class.as_deref(), Some("Burstable"));
    at(&mut e, t0, s + 120_000);
    assert!(cs(&pod(&e, "memory-demo-2")).restart_count >= 3);

    // `sim load` pushing a running container over its limit.
    let mut c = container("app", "nginx:1.25");
    c.resources.limits.insert("memory".into(), Quantity::parse("64Mi").unwrap());
    let t1 = start(&mut e, pinned("loaded", vec![c]));
    at(&mut e, t1, 10_000);
    let target = LoadTarget { namespace: "default".into(), kind: Kind::Pod, name: "loaded".into() };
    e.sim_load(target, Load { cpu_milli: None, memory_bytes: Some(100 * 1024 * 1024) }).unwrap();
    let t2 = e.now();
    assert_eq!(status_at(&mut e, "loaded", t2, 1_000), "OOMKilled");
}

#[test]
fn usage_for_kubectl_top_follows_sim_load_and_cpu_limits() {
    let mut e = cluster();
    let mut c = container("app", "nginx:1.25");
    c.resources.limits.insert("cpu".into(), Quantity::parse("500m").unwrap());
    let t0 = start(&mut e, pinned("top", vec![c]));
    at(&mut e, t0, 10_000);
    let p = pod(&e, "top");
    let idle = usage::pod_usage(e.world(), &p).unwrap();
    assert_eq!(idle[0].cpu_milli, 1);
    assert_eq!(idle[0].memory_bytes, 3 * 1024 * 1024);
    let target = LoadTarget { namespace: "default".into(), kind: Kind::Pod, name: "top".into() };
    e.sim_load(target, Load { cpu_milli: Some(900), memory_bytes: Some(20 * 1024 * 1024) }).unwrap();
    let busy = usage::pod_usage(e.world(), &pod(&e, "top")).unwrap();
    assert_eq!((busy[0].cpu_milli, busy[0].memory_bytes), (500, 20 * 1024 * 1024), "CPU is throttled at the limit");
    // The autoscaler's total is the sum of what `kubectl top` shows per container.
    let sum = busy.iter().fold((0, 0), |(c, m), u| (c + u.cpu_milli, m + u.memory_bytes));
    assert_eq!(usage::pod_usage_total(e.world(), &pod(&e, "top")), Some(sum));
    let (cpu, _) = usage::node_usage(e.world(), NODE).unwrap();
    assert!(cpu >= 540, "{cpu}");
}

// ------------------------------------------------------------------ sim pod kill

#[test]
fn a_killed_container_is_restarted() {
    let mut e = cluster();
    let t0 = start(&mut e, pinned("victim", vec![container("nginx", "nginx:1.25")]));
    at(&mut e, t0, 10_000);
    let k = e.now();
    assert_eq!(e.sim_pod_kill("default", "victim", None), Ok(vec!["nginx".to_string()]));
    assert_eq!(status_at(&mut e, "victim", k, 1_000), "Error");
    assert_eq!(status_at(&mut e, "victim", k, 2_000), "Running");
    let p = pod(&e, "victim");
    assert_eq!(cs(&p).restart_count, 1);
    let last = cs(&p).last_state.terminated.clone().unwrap();
    assert_eq!((last.exit_code, last.finished_at), (137, Some(k)));
    assert!(e.sim_pod_kill("default", "nope", None).is_err());
    assert!(e.sim_pod_kill("default", "victim", Some("sidecar")).is_err());
}

// ------------------------------------------------------------------ nodes

fn deployment(replicas: i32) -> Object {
    let labels = BTreeMap::from([("app".to_string(), "web".to_string())]);
    Object::Deployment(Box::new(Deployment {
        metadata: ObjectMeta { name: "web".into(), namespace: "default".into(), ..Default::default() },
        spec: DeploymentSpec {
            replicas: Some(replicas),
            selector: Some(LabelSelector { match_labels: labels.clone(), match_expressions: vec![] }),
            template: PodTemplateSpec { metadata: ObjectMeta { labels: labels.into(), ..Default::default() }, spec: PodSpec { containers: vec![container("nginx", "nginx:1.25")].into(), ..Default::default() } },
            ..Default::default()
        },
        status: Default::default(),
    }))
}

fn web_pods(e: &Engine) -> Vec<Pod> {
    e.store().list(Kind::Pod, Some("default")).filter_map(|o| o.as_pod().cloned()).filter(|p| p.metadata.labels.get("app").map(String::as_str) == Some("web")).collect()
}

fn node(e: &Engine, name: &str) -> Node {
    e.store().get_by(Kind::Node, "", name).and_then(|n| n.as_node().cloned()).unwrap()
}

#[test]
fn a_failed_node_goes_not_ready_its_pods_are_evicted_and_replaced() {
    let mut e = cluster();
    create(&mut e, deployment(3));
    e.settle(300_000);
    let victim = web_pods(&e)[0].node_name().unwrap().to_string();
    let on_victim: Vec<String> = web_pods(&e).iter().filter(|p| p.node_name() == Some(victim.as_str())).map(|p| p.metadata.name.clone()).collect();
    assert!(!on_victim.is_empty());

    let f = e.now();
    e.sim_node_fail(&victim).unwrap();
    at(&mut e, f, 49_999);
    assert!(node(&e, &victim).status.conditions.iter().any(|c| c.type_ == "Ready" && c.status == "True"));
    // After the 50 s grace period: Unknown (kubectl: NotReady), tainted.
    at(&mut e, f, 50_000);
    let n = node(&e, &victim);
    let ready = n.status.conditions.iter().find(|c| c.type_ == "Ready").unwrap();
    assert_eq!((ready.status.as_str(), ready.reason.as_deref(), ready.message.as_deref()), ("Unknown", Some("NodeStatusUnknown"), Some("Kubelet stopped posting node status.")));
    let taints: Vec<(String, String)> = n.spec.taints.iter().map(|t| (t.key.clone(), t.effect.clone())).collect();
    assert_eq!(taints, vec![("node.kubernetes.io/unreachable".into(), "NoSchedule".into()), ("node.kubernetes.io/unreachable".into(), "NoExecute".into())]);
    for name in &on_victim {
        let p = pod(&e, name);
        assert!(!p.is_ready(), "{name} is marked not ready");
        assert_eq!(kubectl_status(&p), "Running", "the last status the kubelet wrote");
        let evs = events(&e, name, f);
        assert_eq!(evs.last().map(|(t, r, m)| (*t, r.as_str(), m.as_str())), Some((50_000, "NodeNotReady", "Node is not ready")));
    }
    let node_events = events(&e, &victim, f);
    assert_eq!(node_events, vec![(50_000, "NodeNotReady".into(), format!("Node {victim} status is now: NodeNotReady"))]);

    // 300 s later the default toleration runs out: evicted, replaced elsewhere.
    at(&mut e, f, 349_999);
    assert!(on_victim.iter().all(|n| pod(&e, n).metadata.deletion_timestamp.is_none()));
    at(&mut e, f, 350_000);
    for name in &on_victim {
        let p = pod(&e, name);
        assert_eq!(kubectl_status(&p), "Terminating", "the kubelet is down, so it stays Terminating");
        let dt = p.status.conditions.iter().find(|c| c.type_ == "DisruptionTarget").unwrap();
        assert_eq!((dt.reason.as_deref(), dt.message.as_deref()), (Some("DeletionByTaintManager"), Some("Taint manager: deleting due to NoExecute taint")));
        assert!(events(&e, name, f).iter().any(|(t, r, m)| *t == 350_000 && r == "TaintManagerEviction" && *m == format!("Marking for deletion Pod default/{name}")));
    }
    e.settle(120_000);
    let active: Vec<Pod> = web_pods(&e).into_iter().filter(|p| p.metadata.deletion_timestamp.is_none()).collect();
    assert_eq!(active.len(), 3);
    assert!(active.iter().all(|p| p.is_ready() && p.node_name() != Some(victim.as_str())));

    // Recovery: the kubelet posts Ready, the taints go, the evicted pods finish terminating.
    e.sim_node_recover(&victim).unwrap();
    e.settle(60_000);
    let n = node(&e, &victim);
    assert!(n.status.conditions.iter().any(|c| c.type_ == "Ready" && c.status == "True"));
    assert!(n.spec.taints.is_empty());
    assert_eq!(web_pods(&e).len(), 3);
}

#[test]
fn recovery_before_the_toleration_runs_out_cancels_the_eviction() {
    let mut e = cluster();
    create(&mut e, deployment(1));
    e.settle(300_000);
    let p0 = web_pods(&e)[0].clone();
    let victim = p0.node_name().unwrap().to_string();
    let f = e.now();
    e.sim_node_fail(&victim).unwrap();
    at(&mut e, f, 100_000);
    assert!(!pod(&e, &p0.metadata.name).is_ready());
    let r = e.now();
    e.sim_node_recover(&victim).unwrap();
    e.settle(60_000);
    let p = pod(&e, &p0.metadata.name);
    assert!(p.is_ready(), "the kubelet re-posts its pods' status");
    assert_eq!(p.metadata.deletion_timestamp, None);
    assert!(events(&e, &p0.metadata.name, r).iter().any(|(_, reason, m)| reason == "TaintManagerEviction" && *m == format!("Cancelling deletion of Pod default/{}", p0.metadata.name)));
    at(&mut e, f, 400_000);
    assert_eq!(pod(&e, &p0.metadata.name).metadata.deletion_timestamp, None);
}

#[test]
fn nodes_can_be_added_and_removed() {
    let mut e = cluster();
    let name = e.sim_node_add(None).unwrap();
    assert_eq!(name, "kubeplay-worker4");
    e.settle(10_000);
    let n = node(&e, &name);
    assert_eq!(n.spec.pod_cidr.as_deref(), Some("10.244.4.0/24"));
    assert!(n.status.conditions.iter().any(|c| c.type_ == "Ready" && c.status == "True"));
    assert!(!n.status.images.is_empty(), "kind nodes come with preloaded images");
    assert_eq!(e.sim_node_add(Some(&name)), Err(kubeplay_engine::sim::SimError::NodeExists(name.clone())));

    // A pod on the node; the node goes away; pod GC removes the pod 40 s later.
    let mut p = pinned("orphan", vec![container("nginx", "nginx:1.25")]);
    p.spec_mut().node_name = Some(name.as_str().into());
    let t0 = start(&mut e, p);
    at(&mut e, t0, 10_000);
    assert!(pod(&e, "orphan").status.pod_ip.as_deref().is_some_and(|ip| ip.starts_with("10.244.4.")));
    let r = e.now();
    e.sim_node_remove(&name).unwrap();
    at(&mut e, r, 39_999);
    assert!(get(&e, "orphan").is_some());
    at(&mut e, r, 40_000);
    assert!(get(&e, "orphan").is_none());
    assert_eq!(e.sim_node_fail(&name), Err(kubeplay_engine::sim::SimError::NodeNotFound(name.clone())));
}

#[test]
fn added_nodes_take_the_size_labels_and_taints_asked_for() {
    let mut e = cluster();
    let over = kubeplay_engine::sim::NodeOverrides {
        cpu: Some(Quantity::from_value(8)),
        memory: Some(Quantity::parse("16Gi").unwrap()),
        pods: Some(20),
        labels: vec![("disk".into(), "ssd".into())],
        taints: vec![Taint { key: "gpu".into(), value: Some("true".into()), effect: "NoSchedule".into(), time_added: None }],
    };
    let name = e.sim_node_add_with(Some("big"), &over).unwrap();
    e.settle(10_000);
    let n = node(&e, &name);
    assert_eq!(n.status.allocatable.get("cpu").map(|q| q.milli_value()), Some(8000));
    assert_eq!(n.status.capacity.get("memory").map(|q| q.value()), Some(16 << 30));
    assert_eq!(n.status.allocatable.get("pods").map(|q| q.value()), Some(20));
    assert_eq!(n.metadata.labels.get("disk").map(String::as_str), Some("ssd"));
    assert_eq!(n.metadata.labels.get("kubernetes.io/hostname").map(String::as_str), Some("big"));
    assert!(n.spec.taints.iter().any(|t| t.key == "gpu" && t.effect == "NoSchedule"));
}

#[test]
fn sim_errors_are_clear() {
    let mut e = cluster();
    assert_eq!(e.sim_node_recover("kubeplay-worker").unwrap_err().to_string(), "node \"kubeplay-worker\" has not failed");
    e.sim_node_fail("kubeplay-worker").unwrap();
    assert_eq!(e.sim_node_fail("kubeplay-worker").unwrap_err().to_string(), "node \"kubeplay-worker\" has already failed");
    assert!(e.sim_image("Bad Image", ImageBehavior::default()).is_err());
    assert!(e.sim_node_add(Some("Not_Valid")).is_err());
    let t = LoadTarget { namespace: "default".into(), kind: Kind::Deployment, name: "nope".into() };
    assert_eq!(e.sim_load(t, Load::default()).unwrap_err().to_string(), "deployment \"nope\" not found in namespace \"default\"");
}

#[test]
fn same_seed_same_run_with_failures_and_back_offs() {
    let run = || {
        let mut e = cluster();
        create(&mut e, deployment(3));
        create(&mut e, Object::Pod(Box::new(pinned("bad", vec![container("nginx", "nginx:1.91")]))));
        create(&mut e, Object::Pod(Box::new(pinned("crash", vec![with_cmd(container("app", "busybox:1.36"), &["false"])]))));
        e.settle(60_000);
        e.sim_node_fail("kubeplay-worker").unwrap();
        e.advance(400_000);
        e.trace_hash()
    };
    assert_eq!(run(), run());
}

#[test]
fn sidecar_init_containers_keep_running_beside_the_app() {
    let mut e = cluster();
    let mut sidecar = with_cmd(container("log-shipper", "busybox:1.36"), &["sh", "-c", "while true; do sleep 1; done"]);
    sidecar.restart_policy = Some("Always".into());
    let mut p = pinned("with-sidecar", vec![container("app", "nginx:1.25")]);
    p.spec_mut().init_containers = vec![sidecar].into();
    let t0 = start(&mut e, p);
    at(&mut e, t0, 30_000);
    let p = pod(&e, "with-sidecar");
    assert_eq!(p.status.phase.as_deref(), Some("Running"));
    let side = &p.status.init_container_statuses[0];
    assert!(side.state.running.is_some() && side.ready && side.started == Some(true));
    assert!(cs(&p).state.running.is_some() && p.is_ready());
    let started: Vec<String> = events(&e, "with-sidecar", t0).into_iter().filter(|(_, r, _)| r == "Started").map(|(_, _, m)| m).collect();
    assert_eq!(started, ["Started container log-shipper", "Started container app"]);
}

// computePodActions kills the pod once no regular container is kept or
// started; killContainersWithSyncResult's termination ordering stops the
// sidecars after the regular containers, last first, each within the grace
// period. Until they have exited the phase counts them (Running); then
// Succeeded, their exit codes ignored.
#[test]
fn sidecars_stop_last_first_once_the_regular_containers_are_done() {
    let mut e = cluster();
    let sidecar = |name: &str, cmd: &[&str]| {
        let mut c = with_cmd(container(name, "busybox:1.36"), cmd);
        c.restart_policy = Some("Always".into());
        c
    };
    let mut p = pinned("job-like", vec![with_cmd(container("main", "busybox:1.36"), &["sh", "-c", "sleep 10"])]);
    p.spec_mut().restart_policy = Some("Never".into());
    p.spec_mut().termination_grace_period_seconds = Some(30);
    // `first` ignores SIGTERM too, but gets it only once `second` is gone.
    p.spec_mut().init_containers = vec![sidecar("first", &["sleep", "3600"]), sidecar("second", &["sh", "-c", "tail -f /dev/null"])].into();
    let t0 = start(&mut e, p);
    at(&mut e, t0, 20_000);
    let p = pod(&e, "job-like");
    let main = cs(&p).state.terminated.as_ref().expect("main is done");
    assert_eq!(main.exit_code, 0);
    assert_eq!(p.status.phase.as_deref(), Some("Running"), "the sidecars still run");
    assert!(p.status.init_container_statuses.iter().all(|s| s.state.running.is_some()));
    let done = main.finished_at.expect("finished").millis() - t0.millis();
    e.settle(600_000);
    let p = pod(&e, "job-like");
    assert_eq!(p.status.phase.as_deref(), Some("Succeeded"));
    let exit = |i: usize| {
        let t = p.status.init_container_statuses[i].state.terminated.as_ref().expect("stopped");
        (t.exit_code, t.finished_at.expect("finished").millis() - t0.millis())
    };
    let (second_code, second_at) = exit(1);
    let (first_code, first_at) = exit(0);
    assert_eq!(second_code, 137, "killed at the end of the grace period");
    assert_eq!(first_code, 137);
    assert!((done + 30_000..done + 32_000).contains(&second_at), "{done} {second_at}");
    assert!((second_at + 2_000..second_at + 3_000).contains(&first_at), "the 2 s minimum after its turn: {second_at} {first_at}");
    let killing: Vec<String> = events(&e, "job-like", t0).into_iter().filter(|(_, r, _)| r == "Killing").map(|(_, _, m)| m).collect();
    assert_eq!(killing, ["Stopping container second", "Stopping container first"]);
}

// active_deadline.go: past startTime + activeDeadlineSeconds the pod is
// stopped with its grace period and ends Failed, DeadlineExceeded (the
// terminal phase only once nothing runs).
#[test]
fn a_pod_past_its_active_deadline_is_stopped_and_fails() {
    let mut e = cluster();
    let mut p = pinned("deadline", vec![with_cmd(container("main", "busybox:1.36"), &["sleep", "3600"])]);
    p.spec_mut().active_deadline_seconds = Some(10);
    p.spec_mut().termination_grace_period_seconds = Some(5);
    let t0 = start(&mut e, p);
    at(&mut e, t0, 12_000);
    let p = pod(&e, "deadline");
    assert_eq!(p.status.phase.as_deref(), Some("Running"), "still stopping");
    let started = p.status.start_time.expect("start time").millis() - t0.millis();
    e.settle(60_000);
    let p = pod(&e, "deadline");
    assert_eq!((p.status.phase.as_deref(), p.status.reason.as_deref()), (Some("Failed"), Some("DeadlineExceeded")));
    assert_eq!(p.status.message.as_deref(), Some("Pod was active on the node longer than the specified deadline"));
    let t = cs(&p).state.terminated.as_ref().expect("stopped");
    assert_eq!(t.exit_code, 137, "sleep ignores SIGTERM");
    assert_eq!(t.finished_at.expect("finished").millis() - t0.millis(), started + 15_000);
    let evs = events(&e, "deadline", t0);
    assert_eq!(times_of(&evs, "DeadlineExceeded"), [started + 10_000]);
}

#[test]
fn cordoning_a_node_taints_it_unschedulable() {
    let mut e = cluster();
    let set = |e: &mut Engine, on: bool| {
        let mut n = node(e, NODE);
        n.spec.unschedulable = on.then_some(true);
        let key = ObjectKey::new(Kind::Node, "", NODE);
        e.user("cordon", key, |ctx| ctx.update(Object::Node(Box::new(n))).map(|_| ())).unwrap();
        e.settle(1_000);
    };
    set(&mut e, true);
    let taints: Vec<(String, String)> = node(&e, NODE).spec.taints.iter().map(|t| (t.key.clone(), t.effect.clone())).collect();
    assert_eq!(taints, vec![("node.kubernetes.io/unschedulable".into(), "NoSchedule".into())]);
    set(&mut e, false);
    assert!(node(&e, NODE).spec.taints.is_empty());
}

// kubelet's recordNodeSchedulableEvent: a cordon and an uncordon are each
// reported once, by the node's kubelet; other changes to the node repeat
// neither.
#[test]
fn cordon_and_uncordon_are_reported_by_the_kubelet() {
    use kubeplay_engine::client;
    let mut e = cluster();
    e.settle(300_000);
    let t0 = e.now();
    let key = ObjectKey::new(Kind::Node, "", NODE);
    let set = |e: &mut Engine, on: bool| {
        client::patch(e, &key, kubeplay_apiserver::PatchType::Merge, &serde_json::json!({"spec": {"unschedulable": on}})).unwrap();
        e.settle(300_000);
    };
    set(&mut e, true);
    // Labelling the node again changes nothing the kubelet reports.
    client::patch(&mut e, &key, kubeplay_apiserver::PatchType::Merge, &serde_json::json!({"metadata": {"labels": {"x": "y"}}})).unwrap();
    e.settle(300_000);
    set(&mut e, false);
    let reasons: Vec<(String, String)> = events(&e, NODE, t0).into_iter().map(|(_, r, m)| (r, m)).collect();
    assert_eq!(
        reasons,
        vec![
            ("NodeNotSchedulable".into(), format!("Node {NODE} status is now: NodeNotSchedulable")),
            ("NodeSchedulable".into(), format!("Node {NODE} status is now: NodeSchedulable")),
        ]
    );
}
