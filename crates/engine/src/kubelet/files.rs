//! Files written inside containers (through `kubectl exec … > f`, `touch`,
//! `mkdir`, `rm`, `kubectl cp`). Everything a container can read without
//! anyone writing — ConfigMap and Secret keys, the kubelet's /etc/hosts,
//! the image's own files — is derived on demand from the API objects by
//! the reader (kubectl's exec); only writes are state, kept here in one
//! ordered map in `SimState`, so time travel, `sim jump` and the web page
//! see them and a cluster where nobody wrote keeps an empty map.
//!
//! Where a write lives decides how long it lasts, as on a real node: a
//! container's writable layer goes with that container instance (a
//! restart makes a new one), an emptyDir with the pod, a
//! PersistentVolume's contents stay with the volume whichever pod mounts
//! its claim next, and a hostPath stays with the node. Keys name the
//! instance (container ID, pod UID, PV name, node), so nothing needs
//! deleting when a container restarts or a pod goes: the new instance
//! simply has another key.

use crate::Engine;
use imbl::OrdMap;
use kubeplay_model::Time;
use std::sync::Arc;

/// Whose storage a written path belongs to.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Scope {
    /// A container instance's writable layer, by its container ID.
    Layer(String),
    /// A pod's emptyDir volume: (pod UID, volume name).
    EmptyDir(String, String),
    /// A PersistentVolume's contents, by the volume's name.
    Volume(String),
    /// A node's own file system (hostPath volumes), by node name.
    Host(String),
}

/// What was written at a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    File(Arc<str>),
    Dir,
    /// Removed (`rm`): hides what the image or an earlier write had there.
    Gone,
}

/// One written path and when it was last changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    pub entry: Entry,
    pub at: Time,
    /// Permission bits (`0o644` for new files, `0o755` for directories).
    pub mode: u32,
}

/// All written paths: (scope, absolute path inside the scope).
pub type Files = OrdMap<(Scope, String), Written>;

/// What is written at `path` in `scope`, if anything.
pub fn get<'f>(files: &'f Files, scope: &Scope, path: &str) -> Option<&'f Written> {
    files.get(&(scope.clone(), path.to_string()))
}

/// A directory that exists because something was written below it (a
/// hostPath's directories on the node).
static IMPLIED_DIR: Written = Written { entry: Entry::Dir, at: kubeplay_model::time::EPOCH, mode: 0o755 };

/// The written paths directly inside directory `dir` of `scope`, by name,
/// with the directories that deeper writes imply.
pub fn children<'f>(files: &'f Files, scope: &Scope, dir: &str) -> Vec<(String, &'f Written)> {
    let prefix = if dir.ends_with('/') { dir.to_string() } else { format!("{dir}/") };
    let mut out: Vec<(String, &Written)> = Vec::new();
    for ((_, p), w) in files.range((scope.clone(), prefix.clone())..).take_while(|((s, p), _)| s == scope && p.starts_with(&prefix)) {
        let rest = &p[prefix.len()..];
        let (name, w) = match rest.split_once('/') {
            Some((first, _)) => (first, &IMPLIED_DIR),
            None => (rest, w),
        };
        if name.is_empty() {
            continue;
        }
        // Sorted input: an entry and the paths below it are adjacent.
        match out.last_mut() {
            Some((last, slot)) if last == name => {
                // What was written at the name itself wins over what paths below imply.
                if std::ptr::eq(*slot, &IMPLIED_DIR) {
                    *slot = w;
                }
            }
            _ => out.push((name.to_string(), w)),
        }
    }
    out
}

impl Engine {
    /// Records a write made inside a container, in the current step's
    /// snapshot too (time travel keeps it).
    pub fn write_file(&mut self, scope: Scope, path: &str, entry: Entry, mode: u32) {
        let at = self.now();
        self.world_mut().sim.files.insert((scope, path.to_string()), Written { entry, at, mode });
        self.keep_in_history();
    }

    /// `chmod`: a new mode for what is at `path`, keeping its time (a
    /// mode change is not a write); `entry` and `at` stand for what the
    /// image or the volume had there when nothing was written yet.
    pub fn set_mode(&mut self, scope: Scope, path: &str, entry: Entry, at: Time, mode: u32) {
        let slot = self.world_mut().sim.files.entry((scope, path.to_string())).or_insert(Written { entry, at, mode });
        slot.mode = mode;
        self.keep_in_history();
    }

    /// Forgets everything written under `path` in `scope` (`rm -r`), and
    /// marks the path itself removed.
    pub fn remove_tree(&mut self, scope: Scope, path: &str) {
        let prefix = format!("{path}/");
        let under: Vec<_> = self.world().sim.files.range((scope.clone(), prefix.clone())..).take_while(|((s, p), _)| *s == scope && p.starts_with(&prefix)).map(|(k, _)| k.clone()).collect();
        let files = &mut self.world_mut().sim.files;
        for k in under {
            files.remove(&k);
        }
        let layer = match &scope {
            Scope::Layer(id) => Some(id.clone()),
            _ => None,
        };
        self.write_file(scope, path, Entry::Gone, 0);
        // A program the container's probes run may be the one removed.
        if let Some(id) = layer {
            self.program_removed(&id, path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(entry: Entry) -> Written {
        Written { entry, at: Time::default(), mode: 0o644 }
    }

    #[test]
    fn children_are_direct_entries_of_one_scope() {
        let mut f = Files::new();
        let a = Scope::Volume("pv-a".into());
        let b = Scope::Volume("pv-b".into());
        f.insert((a.clone(), "/x".into()), w(Entry::File("1".into())));
        f.insert((a.clone(), "/d".into()), w(Entry::Dir));
        f.insert((a.clone(), "/d/y".into()), w(Entry::File("2".into())));
        f.insert((b.clone(), "/z".into()), w(Entry::File("3".into())));
        let names: Vec<String> = children(&f, &a, "/").into_iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["d", "x"]);
        let names: Vec<String> = children(&f, &a, "/d").into_iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["y"]);
        f.insert((b.clone(), "/deep/er/file".into()), w(Entry::File("4".into())));
        let kids = children(&f, &b, "/");
        assert_eq!(kids.iter().map(|(n, w)| (n.as_str(), w.entry == Entry::Dir)).collect::<Vec<_>>(), [("deep", true), ("z", false)]);
        assert_eq!(children(&f, &b, "/").len(), 2);
        assert!(get(&f, &b, "/x").is_none());
    }
}
