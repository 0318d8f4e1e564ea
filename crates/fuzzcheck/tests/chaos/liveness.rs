//! Liveness: once the faults stop (failed nodes recovered, cordons and
//! taints lifted, images behaving, loads gone, rollouts resumed, room for
//! every workload), within bounded virtual time every workload reaches its
//! spec, except where the spec itself cannot be met (an image tag that
//! does not exist).

use crate::invariants::{fenceposts, owners_resolve};
use crate::ops::{Line, BAD_IMAGE, JOB_IMAGE};
use crate::Run;
use kubeplay_model::api::*;
use kubeplay_model::{Kind, Object};

/// Virtual time allowed to converge after the faults stop: the longest
/// back-offs (image pull, crash loop) are capped at 5 minutes upstream,
/// so a few of them fit.
pub const CONVERGE_MINUTES: usize = 30;
/// Full-size workers the recovery makes sure of (adding nodes).
const MIN_WORKERS: usize = 3;

fn cmd(text: String) -> Line {
    Line { text, stdin: None }
}

fn is_control_plane(n: &Node) -> bool {
    n.spec
        .taints
        .iter()
        .any(|t| t.key == "node-role.kubernetes.io/control-plane")
}

/// Types the lines that stop every fault, then lets the virtual time pass.
pub fn recover(run: &mut Run) -> Result<(), String> {
    let failed: Vec<String> = run
        .engine
        .world()
        .sim
        .failed_nodes
        .iter()
        .cloned()
        .collect();
    for n in failed {
        run.exec_ok(&cmd(format!("sim node recover {n}")))?;
    }
    let nodes: Vec<Node> = run
        .engine
        .store()
        .list(Kind::Node, None)
        .filter_map(|o| o.as_node().cloned())
        .collect();
    for n in &nodes {
        if n.spec.unschedulable == Some(true) {
            run.exec_ok(&cmd(format!("kubectl uncordon {}", n.metadata.name)))?;
        }
        if n.spec.taints.iter().any(|t| t.key == "chaos") {
            run.exec_ok(&cmd(format!(
                "kubectl taint nodes {} chaos-",
                n.metadata.name
            )))?;
        }
    }
    // Room for every workload: three full-size workers (the chaos may
    // have removed some and added small ones).
    let full = |n: &&Node| {
        n.status
            .allocatable
            .get("cpu")
            .is_some_and(|q| q.milli_value() >= 4000)
            && n.status
                .allocatable
                .get("pods")
                .is_some_and(|q| q.value() >= 110)
    };
    // Small workers go: a DaemonSet wants a pod on every worker, and a
    // full small one could never fit it.
    for n in nodes.iter().filter(|n| !is_control_plane(n) && !full(n)) {
        run.exec_ok(&cmd(format!("sim node remove {}", n.metadata.name)))?;
    }
    let workers = nodes
        .iter()
        .filter(|n| !is_control_plane(n))
        .filter(full)
        .count();
    for _ in workers..MIN_WORKERS {
        let (nodes, _) = run.names();
        run.exec_ok(&cmd(format!(
            "sim node add {}",
            crate::ops::new_node(&nodes)
        )))?;
    }
    let images: Vec<String> = run.engine.world().sim.images.keys().cloned().collect();
    for image in images {
        run.exec_ok(&cmd(format!("sim image behave {image} reset=true")))?;
    }
    run.exec_ok(&cmd(format!("sim image behave {JOB_IMAGE} exit-after=3s")))?;
    // (A load stays keyed by name when its Deployment is deleted: it comes
    // back with a Deployment of that name, so only live ones need it gone.)
    let loads: Vec<String> = run
        .engine
        .world()
        .sim
        .loads
        .keys()
        .map(|t| t.name.clone())
        .filter(|n| {
            run.engine
                .store()
                .get_by(Kind::Deployment, "default", n)
                .is_some()
        })
        .collect();
    for name in loads {
        run.exec_ok(&cmd(format!("sim load deployment/{name} cpu=0")))?;
    }
    let paused: Vec<String> = deployments(run)
        .filter(|d| d.spec.paused == Some(true))
        .map(|d| d.metadata.name.clone())
        .collect();
    for name in paused {
        run.exec_ok(&cmd(format!("kubectl rollout resume deployment/{name}")))?;
    }
    // StatefulSets' "forced rollback" (documented upstream as a known issue):
    // with OrderedReady, a pod stuck on a template that never becomes Ready
    // blocks the controller even after the template is reverted, until
    // someone deletes that pod. The user's part, so the recovery does it.
    let stuck: Vec<String> = run
        .engine
        .store()
        .list(Kind::StatefulSet, Some("default"))
        .filter_map(|o| o.as_stateful_set())
        .filter(|s| image_of(&s.spec.template.spec) != BAD_IMAGE)
        .flat_map(|s| run.engine.store().controlled_by(Kind::Pod, &s.metadata.uid))
        .filter_map(|o| o.as_pod())
        .filter(|p| image_of(&p.spec) == BAD_IMAGE && p.metadata.deletion_timestamp.is_none())
        .map(|p| p.metadata.name.clone())
        .collect();
    for pod in stuck {
        run.exec_ok(&cmd(format!("kubectl delete pod {pod}")))?;
    }
    for _ in 0..CONVERGE_MINUTES / 5 {
        run.exec(&cmd("sim advance 5m".into()))?;
    }
    Ok(())
}

fn deployments(run: &Run) -> impl Iterator<Item = &Deployment> {
    run.engine
        .store()
        .list(Kind::Deployment, Some("default"))
        .filter_map(|o| o.as_deployment())
}

fn image_of(spec: &PodSpec) -> &str {
    spec.containers
        .first()
        .and_then(|c| c.image.as_deref())
        .unwrap_or("")
}

/// Every workload is where its spec says.
pub fn check(run: &Run) -> Result<(), String> {
    let store = run.engine.store();
    let after = format!("after {CONVERGE_MINUTES} quiet minutes");
    for d in deployments(run) {
        let name = &d.metadata.name;
        let r = d.spec.replicas.unwrap_or(1);
        let rss: Vec<&ReplicaSet> = store
            .controlled_by(Kind::ReplicaSet, &d.metadata.uid)
            .filter_map(|o| o.as_replica_set())
            .collect();
        let total: i32 = rss.iter().map(|rs| rs.spec.replicas.unwrap_or(1)).sum();
        if image_of(&d.spec.template.spec) == BAD_IMAGE {
            // Stuck for good, but never above its surge bound.
            let (surge, _) = fenceposts(d);
            if total > r + surge {
                return Err(format!("Deployment {name} stuck on {BAD_IMAGE} with {total} replicas, above {r} + {surge}"));
            }
            continue;
        }
        let s = &d.status;
        let got = (
            s.observed_generation,
            s.replicas.unwrap_or(0),
            s.updated_replicas.unwrap_or(0),
            s.available_replicas.unwrap_or(0),
        );
        if got != (Some(d.metadata.generation), r, r, r) || total != r {
            return Err(format!(
                "Deployment {name} {after}: observedGeneration {:?} (generation {:?}), replicas {}, updated {}, available {} (want {r}); its ReplicaSets want {total}",
                got.0, d.metadata.generation, got.1, got.2, got.3
            ));
        }
        let pods = rss
            .iter()
            .flat_map(|rs| store.controlled_by(Kind::Pod, &rs.metadata.uid))
            .filter_map(|o| o.as_pod())
            .filter(|p| p.is_active())
            .count();
        if pods != r as usize {
            return Err(format!(
                "Deployment {name} {after}: {pods} live pods, want {r}"
            ));
        }
    }
    for o in store.list(Kind::StatefulSet, Some("default")) {
        let Some(sts) = o.as_stateful_set() else {
            continue;
        };
        let name = &sts.metadata.name;
        if image_of(&sts.spec.template.spec) == BAD_IMAGE {
            continue;
        }
        let r = sts.spec.replicas.unwrap_or(1);
        let s = &sts.status;
        if s.ready_replicas.unwrap_or(0) != r
            || s.replicas != r
            || s.current_revision != s.update_revision
            || s.observed_generation != Some(sts.metadata.generation)
        {
            return Err(format!(
                "StatefulSet {name} {after}: status {s:?}, want {r} ready at one revision"
            ));
        }
        let mut ordinals: Vec<String> = store
            .controlled_by(Kind::Pod, &sts.metadata.uid)
            .map(|p| p.name().to_string())
            .collect();
        ordinals.sort();
        let mut want: Vec<String> = (0..r).map(|i| format!("{name}-{i}")).collect();
        want.sort();
        if ordinals != want {
            return Err(format!(
                "StatefulSet {name} {after}: pods {ordinals:?}, want {want:?}"
            ));
        }
    }
    let workers: Vec<&Node> = store
        .list(Kind::Node, None)
        .filter_map(|o| o.as_node())
        .filter(|n| !is_control_plane(n))
        .collect();
    for o in store.list(Kind::DaemonSet, Some("default")) {
        let Some(ds) = o.as_daemon_set() else {
            continue;
        };
        if image_of(&ds.spec.template.spec) == BAD_IMAGE {
            continue;
        }
        let want = workers.len() as i32;
        let s = &ds.status;
        let got = (
            s.desired_number_scheduled,
            s.current_number_scheduled,
            s.number_ready,
            s.updated_number_scheduled.unwrap_or(0),
        );
        if got != (want, want, want, want) {
            return Err(format!("DaemonSet {} {after}: desired, current, ready, up-to-date = {got:?}, want {want} each", ds.metadata.name));
        }
        for n in &workers {
            let on: Vec<&Pod> = store
                .pods_on_node(&n.metadata.name)
                .filter_map(|o| o.as_pod())
                .filter(|p| {
                    p.is_active()
                        && p.metadata
                            .controller_ref()
                            .is_some_and(|r| r.uid == ds.metadata.uid)
                })
                .collect();
            if on.len() != 1 || !on[0].is_ready() {
                return Err(format!(
                    "DaemonSet {} {after}: {} live pods on {}",
                    ds.metadata.name,
                    on.len(),
                    n.metadata.name
                ));
            }
        }
    }
    for o in store.list(Kind::Job, Some("default")) {
        let Some(job) = o.as_job() else { continue };
        let done = job
            .status
            .conditions
            .iter()
            .any(|c| (c.type_ == "Complete" || c.type_ == "Failed") && c.is_true());
        if !done {
            return Err(format!(
                "Job {} {after}: neither Complete nor Failed: {:?}",
                job.metadata.name, job.status
            ));
        }
    }
    if let Some(Object::Pod(p)) = store
        .list(Kind::Pod, Some("default"))
        .map(|p| p.as_ref())
        .find(|p| {
            p.as_pod()
                .is_some_and(|p| p.is_active() && p.node_name().is_none())
        })
    {
        return Err(format!(
            "pod {} {after}: still not scheduled",
            p.metadata.name
        ));
    }
    owners_resolve(store)
}
