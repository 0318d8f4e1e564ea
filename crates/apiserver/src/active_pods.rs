//! Active pods counted by controller, the store index behind a
//! ReplicaSet's status: how many active pods each controller has, grouped
//! by namespace and label set, and how many of each group are Ready.
//!
//! A ReplicaSet's sync needs counts (replicas, fully labelled, ready) far
//! more often than it needs its pods: it only picks victims when it has
//! too many. Counting by reading every pod costs a cache miss or more per
//! pod on each sync, and a busy ReplicaSet of 15,000 pods syncs on every
//! change to any of them. The counts are kept here, on each write, so a
//! sync costs its label sets (nearly always one), not its pods.
//!
//! Selectors are not evaluated here: the store does not know them, and a
//! controller's selector or template may change without its pods
//! changing. The controller matches each group's label set itself.

use imbl::OrdMap;
use kubeplay_model::hashed::{Hashed, Lookup};
use kubeplay_model::{Atom, Object};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The active pods of one controller in one namespace with one label set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PodGroup {
    pub namespace: Atom,
    pub labels: BTreeMap<String, String>,
    /// Pods not terminal and not being deleted (`IsPodActive`).
    pub active: usize,
    /// Of those, pods whose Ready condition is True.
    pub ready: usize,
}

/// What the index records of one version of a pod: nothing unless it is
/// an active pod with a controller.
#[derive(PartialEq)]
struct Facts<'a> {
    controller: &'a str,
    namespace: &'a Atom,
    labels: &'a BTreeMap<String, String>,
    ready: bool,
}

fn facts<'a>(o: &'a Object, namespace: &'a Atom) -> Option<Facts<'a>> {
    let pod = o.as_pod().filter(|p| p.is_active())?;
    let controller = pod.metadata.controller_ref()?;
    Some(Facts {
        controller: &controller.uid,
        namespace,
        labels: &pod.metadata.labels,
        ready: pod.is_ready(),
    })
}

/// Controller uid → its groups. Values are shared so that a snapshot of
/// the store (one per step with history on) makes the next write copy one
/// controller's groups, not every controller's beside it. Keys are
/// [`Hashed`]: the map is only looked up.
#[derive(Clone, Default)]
pub struct ActivePods {
    by_controller: OrdMap<Hashed, Arc<Vec<PodGroup>>>,
}

impl ActivePods {
    /// Records one write of a pod: `old` and `new` are its versions before
    /// and after (None: absent), `namespace` is its key's.
    pub fn update(&mut self, namespace: &Atom, old: Option<&Object>, new: Option<&Object>) {
        let (old, new) = (old.and_then(|o| facts(o, namespace)), new.and_then(|n| facts(n, namespace)));
        if old == new {
            return;
        }
        if let Some(f) = old {
            self.remove(&f);
        }
        if let Some(f) = new {
            self.add(&f);
        }
    }

    fn add(&mut self, f: &Facts) {
        if self.by_controller.get(Lookup::new(f.controller).view()).is_none() {
            self.by_controller.insert(Hashed::new(f.controller.to_string()), Arc::default());
        }
        let groups = Arc::make_mut(self.by_controller.get_mut(Lookup::new(f.controller).view()).expect("just made"));
        let at = groups.iter().position(|g| g.namespace == *f.namespace && g.labels == *f.labels);
        let group = match at {
            Some(i) => &mut groups[i],
            None => {
                groups.push(PodGroup { namespace: f.namespace.clone(), labels: f.labels.clone(), active: 0, ready: 0 });
                groups.last_mut().expect("just pushed")
            }
        };
        group.active += 1;
        group.ready += f.ready as usize;
    }

    fn remove(&mut self, f: &Facts) {
        let Some(shared) = self.by_controller.get_mut(Lookup::new(f.controller).view()) else {
            debug_assert!(false, "an active pod of {} was never counted", f.controller);
            return;
        };
        let groups = Arc::make_mut(shared);
        let Some(i) = groups.iter().position(|g| g.namespace == *f.namespace && g.labels == *f.labels) else {
            debug_assert!(false, "an active pod of {} was never counted", f.controller);
            return;
        };
        let group = &mut groups[i];
        group.active -= 1;
        group.ready -= f.ready as usize;
        if group.active == 0 {
            groups.swap_remove(i);
        }
        if groups.is_empty() {
            self.by_controller.remove(Lookup::new(f.controller).view());
        }
    }

    /// The groups of the active pods whose controller has this uid, in one
    /// namespace. Their order is not meaningful.
    pub fn groups<'a>(&'a self, controller: &str, namespace: &'a str) -> impl Iterator<Item = &'a PodGroup> + 'a {
        self.by_controller.get(Lookup::new(controller).view()).into_iter().flat_map(|g| g.iter()).filter(move |g| &*g.namespace == namespace)
    }
}
