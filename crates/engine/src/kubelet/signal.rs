//! A signal sent from inside a container to its main process (`kill 1` in
//! `kubectl exec`): a process that handles it (redis, nginx) shuts down,
//! so the container exits and the kubelet goes on as the restart policy
//! says. Whether the process handles the signal is the caller's
//! knowledge of the image; the kernel's rule that init ignores signals
//! it has no handler for is too.

use crate::controller::Ctx;
use crate::kubelet::runtime::PodRuntime;
use crate::sim::SimError;
use crate::world::ControllerId;
use crate::Engine;
use kubeplay_model::{Kind, Object, ObjectKey};

impl Engine {
    /// The main process of `container` (an app or init container of the
    /// pod) ends by itself with `code`, as after a handled SIGTERM: the
    /// runtime sees the exit at once.
    pub fn container_process_exits(
        &mut self,
        namespace: &str,
        pod: &str,
        container: &str,
        code: i32,
    ) -> Result<(), SimError> {
        let key = ObjectKey::new(Kind::Pod, namespace, pod);
        self.user(
            &format!("kill in {pod}: the main process of {container} exits"),
            key.clone(),
            |ctx| exit_now(ctx, &key, container, code),
        )
    }
}

fn exit_now(ctx: &mut Ctx, key: &ObjectKey, container: &str, code: i32) -> Result<(), SimError> {
    let (namespace, pod) = (key.namespace.to_string(), key.name.to_string());
    let uid = match ctx.get(key).as_deref() {
        Some(Object::Pod(p)) => p.metadata.uid.clone(),
        _ => return Err(SimError::PodNotFound(namespace, pod)),
    };
    let now = ctx.now();
    let slot = crate::kubelet::pod_slot(&namespace, &pod);
    let Some(mut rt) = ctx
        .world()
        .sim
        .pods
        .get(&slot)
        .filter(|r| r.uid == uid)
        .map(|r| PodRuntime::clone(r))
    else {
        return Err(SimError::PodNotStarted(pod));
    };
    let mut stopped = false;
    for r in rt.refs() {
        let Some(ctr) = rt.ctr_mut(r).filter(|c| c.name == container) else {
            continue;
        };
        if let Some(run) = ctr
            .run
            .as_mut()
            .filter(|r| r.exited.is_none() && r.stopping.is_none())
        {
            run.stopping = Some((now, code));
            stopped = true;
        }
    }
    if !stopped {
        return Err(SimError::NothingRunning(pod));
    }
    rt.mark_dirty(now);
    ctx.world_mut().sim.pods.insert(slot, rt.into());
    ctx.enqueue(ControllerId::Kubelet, key.clone());
    ctx.explain(format!("the main process of container {container} in pod {pod} handles the signal and exits with code {code}"));
    Ok(())
}
