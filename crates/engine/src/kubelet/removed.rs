//! A program removed from inside a running container (`kubectl exec …
//! rm /usr/bin/zookeeper-ready`, the ZooKeeper tutorial's liveness
//! test): from then on the container's exec probes that run it fail as
//! the shell does ("not found"), and the container that replaces it after
//! a restart has it again (a new writable layer). The removal ends the
//! program's span in the container's plan, so the probes' timeline knows
//! when it changed; probes that had settled on success, and stopped being
//! run, are started again from the next period.

use super::probes::{self, Timing};
use super::runtime::PodRuntime;
use super::shell::FileSpan;
use crate::world::ControllerId;
use crate::Engine;
use kubeplay_model::api::{Container, Probe};
use kubeplay_model::{Kind, Object, ObjectKey};

/// The container's exec probes, each with its state's index (startup,
/// liveness, readiness).
fn exec_probes(c: &Container) -> Vec<(usize, &Probe)> {
    [c.startup_probe.as_deref(), c.liveness_probe.as_deref(), c.readiness_probe.as_deref()]
        .into_iter()
        .enumerate()
        .filter_map(|(i, p)| Some((i, p.filter(|p| p.exec.is_some())?)))
        .collect()
}

/// Whether `probe` runs the program at `path`.
fn runs(probe: &Probe, path: &str) -> bool {
    probe.exec.as_ref().and_then(|e| probes::probe_program(&e.command)).is_some_and(|(_, program)| probes::runs_from(program, path))
}

impl Engine {
    /// `path` was removed from the writable layer of the container whose
    /// runtime ID is `container_id`. Nothing happens unless one of its
    /// exec probes runs that program.
    pub fn program_removed(&mut self, container_id: &str, path: &str) {
        let found = self.world().sim.pods.iter().find_map(|(slot, rt)| {
            let r = rt.refs().into_iter().find(|r| rt.ctr(*r).and_then(|c| c.run.as_ref()).is_some_and(|run| run.id.as_str() == container_id))?;
            Some((slot.to_string(), rt.ctr(r)?.name.to_string()))
        });
        let Some((slot, name)) = found else { return };
        let (namespace, pod) = slot.split_once('/').unwrap_or(("", &slot));
        let key = ObjectKey::new(Kind::Pod, namespace, pod);
        let spec = match self.store().get_by(Kind::Pod, namespace, pod).map(|o| &**o) {
            Some(Object::Pod(p)) => p.spec.containers.iter().chain(p.spec.init_containers.iter()).find(|c| c.name == name).cloned(),
            _ => None,
        };
        let Some(spec) = spec.filter(|c| exec_probes(c).iter().any(|(_, p)| runs(p, path))) else { return };
        let what = format!("rm in {pod}: {path} removed from container {name}, which its probes run");
        let path = path.to_string();
        self.user(&what, key.clone(), |ctx| {
            let now = ctx.now();
            let Some(mut rt) = ctx.world().sim.pods.get(&slot).map(|r| PodRuntime::clone(r)) else { return };
            for r in rt.refs() {
                let Some(run) = rt.ctr_mut(r).filter(|c| c.name == name).and_then(|c| c.run.as_mut()).filter(|run| run.id.as_str() == container_id) else { continue };
                let since = now.millis() - run.started_at.millis();
                std::sync::Arc::make_mut(&mut run.plan).files.push(FileSpan { path: path.clone(), from_ms: 0, until_ms: Some(since) });
                let (start, started) = (run.started_at, run.started);
                let states = [&mut run.probes.startup, &mut run.probes.liveness, &mut run.probes.readiness];
                for (i, st) in states.into_iter().enumerate() {
                    let Some((_, probe)) = exec_probes(&spec).into_iter().find(|(j, _)| *j == i) else { continue };
                    // A probe that settled on success stopped being run;
                    // liveness and readiness wait for startup to pass.
                    if st.next.is_none() && !st.stopped && (i == 0 || started) {
                        st.next = Some(Timing::of(probe).tick_at_or_after(start, now));
                    }
                }
            }
            ctx.world_mut().sim.pods.insert(slot.clone(), rt.into());
            ctx.enqueue(ControllerId::Kubelet, key.clone());
            ctx.explain(format!("{path} is gone from container {name}: its exec probes that run it fail from now on"));
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kubeplay_model::api::ExecAction;

    fn exec(argv: &[&str]) -> Probe {
        Probe { exec: Some(ExecAction { command: argv.iter().map(|s| s.to_string()).collect() }), ..Default::default() }
    }

    // Which removed path an exec probe runs: a bare name is looked up in
    // PATH's directories, a path is itself; under `sh -c` it is the
    // script's first word.
    #[test]
    fn probes_run_programs_from_path() {
        let zk = exec(&["sh", "-c", "zookeeper-ready 2181"]);
        assert!(runs(&zk, "/usr/bin/zookeeper-ready"));
        assert!(runs(&zk, "/usr/local/bin/zookeeper-ready"));
        assert!(!runs(&zk, "/opt/zookeeper-ready"));
        assert!(!runs(&zk, "/usr/bin/sh"));
        let direct = exec(&["/ready-probe.sh"]);
        assert!(runs(&direct, "/ready-probe.sh"));
        assert!(!runs(&direct, "/usr/bin/ready-probe.sh"));
        assert!(!runs(&Probe::default(), "/usr/bin/x"));
    }

    #[test]
    fn only_exec_probes_count() {
        let c = Container { liveness_probe: Some(Box::new(exec(&["cat", "/tmp/healthy"]))), readiness_probe: Some(Box::new(Probe::default())), ..Default::default() };
        assert_eq!(exec_probes(&c).iter().map(|(i, _)| *i).collect::<Vec<_>>(), [1]);
    }
}
