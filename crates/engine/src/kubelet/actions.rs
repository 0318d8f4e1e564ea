//! `computePodActions`: which containers a sync (re)starts, from the spec
//! and what the runtime holds. Kills (failed probes, changed images) are
//! requested elsewhere; the sandbox is made once and never dies here.

use super::runtime::{CtrRef, PodRuntime};
use super::status::{is_sidecar, should_restart};
use kubeplay_model::api::PodSpec;

/// The containers to start, in the order they are started: init
/// containers first (the next regular one, and every sidecar not
/// running), then, once the pod is initialized, each regular container
/// that is not running and should be. Empty when the pod is to be killed:
/// a regular init container failed under `restartPolicy: Never`, or no
/// regular container runs or will run again (sidecars then do not keep
/// the pod alive).
pub fn containers_to_start(spec: &PodSpec, rt: &PodRuntime, policy: &str) -> Vec<CtrRef> {
    let mut out = Vec::new();
    match init_actions(spec, rt, policy, &mut out) {
        None => return Vec::new(),
        Some(false) => return out,
        Some(true) => {}
    }
    let mut keep = false;
    let mut start = false;
    for (idx, ctr) in rt.app.iter().enumerate().take(spec.containers.len()) {
        if ctr.running().is_some() {
            keep = true;
        } else if should_restart(ctr, policy, false) {
            out.push(CtrRef { init: false, idx });
            start = true;
        }
    }
    if !keep && !start {
        return Vec::new();
    }
    out
}

/// `computeInitContainerActions`: pushes the init containers to start and
/// says whether the pod is initialized; `None` when a regular init
/// container failed and the pod does not restart on failure. The init
/// containers are read from the last one back, as upstream does: the
/// latest that ran tells how far initialization got.
fn init_actions(
    spec: &PodSpec,
    rt: &PodRuntime,
    policy: &str,
    out: &mut Vec<CtrRef>,
) -> Option<bool> {
    let n = spec.init_containers.len().min(rt.init.len());
    if n == 0 {
        return Some(true);
    }
    // A regular container that runs means the pod was initialized once;
    // regular init containers do not run again, sidecars are kept running.
    let mut initialized = rt.app.iter().any(|c| c.running().is_some());
    // Whether the pod got at least as far as this init container.
    let mut reached = initialized;
    let first = out.len();
    let at = |idx| CtrRef { init: true, idx };
    for idx in (0..n).rev() {
        let (c, ctr) = (&spec.init_containers[idx], &rt.init[idx]);
        let sidecar = is_sidecar(c);
        let Some(run) = &ctr.run else {
            if reached && sidecar {
                out.push(at(idx));
            }
            continue;
        };
        if reached && !sidecar {
            continue;
        }
        match &run.exited {
            // A sidecar counts once started (its startup probe passed, or
            // it has none); a regular one is waited for.
            None => {
                if sidecar && run.started {
                    if idx == n - 1 {
                        initialized = true;
                    } else if !reached {
                        out.push(at(idx + 1));
                    }
                }
            }
            Some(_) if sidecar => out.push(at(idx)),
            Some(e) if e.code != 0 => {
                if policy == "Never" {
                    out.truncate(first);
                    return None;
                }
                out.push(at(idx));
            }
            Some(_) if idx == n - 1 => initialized = true,
            Some(_) => out.push(at(idx + 1)),
        }
        reached = true;
    }
    if !reached {
        out.push(at(0));
    }
    out[first..].reverse();
    Some(initialized)
}
