//! A container's file system as `kubectl exec` sees it, derived on demand
//! from the pod, its volumes and the writes kept in the engine
//! ([`kubeplay_engine::kubelet::files`]): nothing is stored per pod.
//!
//! A path belongs to the deepest volume mounted above it, else to the
//! container's root: the image's files (a small table of the ones the
//! docs read), the files the kubelet mounts (/etc/hosts, resolv.conf,
//! hostname) and what was written to the container's layer. ConfigMap,
//! Secret, downward API and projected volumes are read-only and laid out
//! as the kubelet's atomic writer leaves them (a timestamped payload
//! directory, `..data` pointing at it, one link per top-level name);
//! emptyDir, PVC and hostPath volumes hold what was written to them (a
//! claim bound to a hostPath or local volume is that directory of the
//! node), and an emptyDir file a container's printing loop keeps
//! rewriting reads as its latest turn left it. ConfigMap and Secret keys
//! are the version the kubelet last wrote: an update shows at the pod's
//! next sync ([`volume_sync`]). Directories whose full contents the playground does not know (most of
//! an image's) can be read from but not listed.

use super::pod_fs_files as kf;
use kubeplay_engine::kubelet::envvars::{self, PodFacts};
use kubeplay_engine::kubelet::files::{self, Entry, Scope};
use kubeplay_engine::kubelet::volume_sync;
use kubeplay_engine::Engine;
use kubeplay_model::api::{Container, Pod};
use kubeplay_model::{Kind, Object, Time};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

/// One entry of the file system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    File { text: String, mode: u32, at: Time },
    Dir { mode: u32, at: Time },
    Link { target: String, at: Time },
}

impl Node {
    pub fn is_dir(&self) -> bool {
        matches!(self, Node::Dir { .. })
    }
}

/// Why an operation failed, as errno names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FsError {
    NotFound,
    NotDir,
    IsDir,
    ReadOnly,
    Exists,
    /// The playground does not know what the image has at this path.
    Unknown,
}

impl FsError {
    /// strerror's text.
    pub fn text(&self) -> &'static str {
        match self {
            FsError::NotFound | FsError::Unknown => "No such file or directory",
            FsError::NotDir => "Not a directory",
            FsError::IsDir => "Is a directory",
            FsError::ReadOnly => "Read-only file system",
            FsError::Exists => "File exists",
        }
    }
}

/// The base image's family: what its root directory holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Busybox,
    Alpine,
    Debian,
}

enum MountKind {
    /// Written by the kubelet's atomic writer: payload path → (text,
    /// mode); `tmpfs` for the volumes that may hold secrets.
    Payload { files: BTreeMap<String, (String, u32)>, ts: String, tmpfs: bool },
    /// Holds writes: the scope, and the directory inside it (hostPath's
    /// path, a subPath).
    Store { scope: Scope, base: String },
}

struct Mount {
    path: String,
    read_only: bool,
    kind: MountKind,
}

/// One container's view.
pub struct Fs {
    layer: Scope,
    family: Family,
    image: String,
    started: Time,
    mounts: Vec<Mount>,
    /// Files of the image and the kubelet at fixed paths.
    fixed: BTreeMap<String, String>,
    /// What the pod's printing loops keep rewriting in its emptyDir
    /// volumes (see [`loop_files`]), by (scope, path in it).
    generated: BTreeMap<(Scope, String), String>,
    cwd: String,
    /// The pod's `fsGroup`: the group that owns its emptyDir volumes.
    fs_group: Option<i64>,
    /// The container's user as `ls -l` names it (its `runAsUser`, else root).
    user: String,
    /// `readOnlyRootFilesystem`: the runtime mounts the image's layers
    /// read-only, so only volumes, the kubelet's files and the kernel's
    /// file systems take writes.
    root_read_only: bool,
}

/// Directories every image has (their entries are not all known).
const COMMON_DIRS: &[&str] = &["/", "/bin", "/dev", "/etc", "/home", "/proc", "/root", "/sys", "/tmp", "/usr", "/usr/bin", "/usr/local", "/usr/local/bin", "/usr/share", "/var", "/var/log", "/var/run", "/run", "/lib", "/sbin", "/usr/sbin", "/var/lib", "/var/tmp"];

/// Directories whose whole contents the playground knows when nothing
/// was mounted or written there: empty in the images, or the web roots.
fn listable(dir: &str) -> bool {
    matches!(dir, "/" | "/tmp" | "/home" | "/mnt" | "/srv" | "/opt" | "/media" | "/usr/share/nginx/html" | "/usr/local/apache2/htdocs" | "/var/tmp")
}

impl Fs {
    /// The view of `container` in `pod`; None when its runtime record is
    /// gone (the caller has checked it runs).
    pub fn new(engine: &Engine, pod: &Pod, container: &str, family: Family) -> Option<Fs> {
        let spec = super::spec_of(pod, container)?;
        let rt = engine.world().sim.pods.of_pod(&pod.metadata.namespace, &pod.metadata.name).filter(|rt| rt.uid == pod.metadata.uid)?;
        let ephemeral = rt.ephemeral.iter().flat_map(|v| v.iter().map(|e| &e.ctr));
        let run = rt.init.iter().chain(&rt.app).chain(ephemeral).find(|c| c.name == container)?.run.as_ref()?;
        let started = run.started_at;
        let image = spec.image.clone().unwrap_or_default();
        let mut fs = Fs { layer: Scope::Layer(run.id.to_string()), family, image: image.to_string(), started, mounts: Vec::new(), fixed: BTreeMap::new(), generated: loop_files(engine, pod), cwd: spec.working_dir.clone().filter(|d| d.starts_with('/')).unwrap_or_else(|| "/".into()), fs_group: None, user: "root".into(), root_read_only: false };
        fs.root_read_only = spec.security_context.as_ref().and_then(|sc| sc.get("readOnlyRootFilesystem")).and_then(Value::as_bool) == Some(true);
        fs.fs_group = pod.spec.security_context.as_ref().and_then(|sc| sc.get("fsGroup")).and_then(Value::as_i64);
        if let Some(uid) = super::procs::run_as_user(pod, container) {
            fs.user = super::procs::user_name(&super::procs::repository(&fs.image).0, uid);
        }
        let mounted_at = pod.status.start_time.unwrap_or(started);
        for vm in spec.volume_mounts.iter() {
            let Some(vol) = pod.spec.volumes.iter().find(|v| v.name == vm.name) else { continue };
            let sub = vm.sub_path.clone().filter(|s| !s.is_empty());
            let kind = if vol.empty_dir.is_some() {
                MountKind::Store { scope: Scope::EmptyDir(pod.metadata.uid.to_string(), vol.name.to_string()), base: "/".into() }
            } else if let Some(hp) = &vol.host_path {
                let path = hp.get("path").and_then(Value::as_str).unwrap_or("/");
                MountKind::Store { scope: Scope::Host(pod.spec.node_name.as_deref().unwrap_or_default().to_string()), base: normalize("/", path) }
            } else if let Some(claim) = &vol.persistent_volume_claim {
                let pv = match engine.store().get_by(Kind::PersistentVolumeClaim, &pod.metadata.namespace, &claim.claim_name).map(|o| &**o) {
                    Some(Object::PersistentVolumeClaim(c)) => c.spec.volume_name.clone().unwrap_or_default(),
                    _ => String::new(),
                };
                claimed_store(engine, pod, pv)
            } else if vol.ephemeral.is_some() {
                MountKind::Store { scope: Scope::Volume(format!("{}-{}", pod.metadata.name, vol.name)), base: "/".into() }
            } else {
                let files = payload(engine, pod, spec, vol);
                // A sync since the mount that wrote a newer version made a
                // new timestamped directory.
                let written = sources(vol).into_iter().filter_map(|(kind, name)| volume_sync::written_at(&engine.world().sim.held_volumes, pod, kind, &name, engine.now())).max();
                let ts = kf::timestamp_dir(written.unwrap_or(mounted_at).max(mounted_at), &format!("{}/{}", pod.metadata.uid.as_str(), vol.name));
                // Secret, downward API and projected volumes are kept in memory.
                MountKind::Payload { files, ts, tmpfs: vol.config_map.is_none() }
            };
            // subPath: the mount shows one entry of the volume.
            let kind = match (kind, sub) {
                (MountKind::Store { scope, base }, Some(sub)) => MountKind::Store { scope, base: normalize(&base, &sub) },
                (MountKind::Payload { files, ts, tmpfs }, Some(sub)) => {
                    // A subPath of an atomic-writer volume is a copy of one
                    // payload path, not updated afterwards.
                    let sub = sub.trim_matches('/').to_string();
                    match files.get(&sub) {
                        Some(f) => {
                            fs.fixed.insert(normalize("/", &vm.mount_path), f.0.clone());
                            continue;
                        }
                        None => MountKind::Payload { files: files.into_iter().filter_map(|(k, v)| Some((k.strip_prefix(&format!("{sub}/"))?.to_string(), v))).collect(), ts, tmpfs },
                    }
                }
                (k, None) => k,
            };
            let read_only = vm.read_only == Some(true) || matches!(kind, MountKind::Payload { .. });
            fs.mounts.push(Mount { path: normalize("/", &vm.mount_path), read_only, kind });
        }
        // The deepest mount first.
        fs.mounts.sort_by(|a, b| b.path.len().cmp(&a.path.len()).then(a.path.cmp(&b.path)));
        fs.layer_loop_file(engine, pod, spec);
        let hostname = envvars::hostname(pod);
        fs.fixed.entry("/etc/hosts".into()).or_insert_with(|| kf::hosts(pod, &hostname));
        fs.fixed.entry("/etc/resolv.conf".into()).or_insert_with(|| kf::resolv_conf(pod));
        fs.fixed.entry("/etc/hostname".into()).or_insert_with(|| format!("{hostname}\n"));
        fs.fixed.entry("/dev/termination-log".into()).or_default();
        fs.fixed.extend(super::mounts::files(engine, pod, spec, &run.id));
        fs.fixed.extend(super::apparmor::files(pod, spec));
        for (path, text) in image_files(&fs.image) {
            fs.fixed.entry(path.into()).or_insert_with(|| text.to_string());
        }
        // What the image's start script wrote, on a volume or in the layer.
        for (path, text) in super::zookeeper::files(pod, spec) {
            let on_volume = fs.mount_of(&path).map(|(m, rest)| match &m.kind {
                MountKind::Store { scope, base } => Some((scope.clone(), normalize(base, &rest))),
                MountKind::Payload { .. } => None,
            });
            match on_volume {
                Some(Some(key)) => drop(fs.generated.insert(key, text)),
                Some(None) => {}
                None => drop(fs.fixed.insert(path, text)),
            }
        }
        Some(fs)
    }

    /// The container's own printing loop writing outside its volumes (the
    /// crash course's `echo $(date) >> ~/tmp/curr-date.txt`): the file
    /// holds the turns since the directory it goes into exists, made in
    /// the container (`mkdir`) or there in the image.
    fn layer_loop_file(&mut self, engine: &Engine, pod: &Pod, spec: &Container) {
        let Some((path, _)) = super::super::logs_command::loop_file(pod, spec, engine, engine.now()) else { return };
        if self.mount_of(&path).is_some() {
            return;
        }
        let dir = parent(&path);
        let since = match files::get(&engine.world().sim.files, &self.layer, dir) {
            Some(w) if w.entry == Entry::Dir => w.at,
            Some(_) => return,
            None if COMMON_DIRS.contains(&dir) || listable(dir) => self.started,
            None => return,
        };
        if let Some((path, text)) = super::super::logs_command::loop_file_since(pod, spec, engine, engine.now(), Some(since)).filter(|(_, t)| !t.is_empty()) {
            self.generated.insert((self.layer.clone(), path), text);
        }
    }

    /// `ls -l`'s link count: overlayfs shows 1 for the directories it
    /// merges with the image's; elsewhere, a directory made in the
    /// container included, a directory has 2 plus one per subdirectory.
    pub fn links(&self, engine: &Engine, path: &str, node: &Node) -> u64 {
        let made_here = || !listable(path) && !COMMON_DIRS.contains(&path) && files::get(&engine.world().sim.files, &self.layer, path).is_some_and(|w| w.entry == Entry::Dir);
        match node {
            Node::Dir { .. } if self.mount_of(path).is_none() && !made_here() => 1,
            Node::Dir { .. } => 2 + self.list(engine, path).map_or(0, |l| l.iter().filter(|(_, n)| n.is_dir()).count() as u64),
            _ => 1,
        }
    }

    /// `ls -l`'s owner and group of `path`. With an fsGroup the kubelet
    /// gives an emptyDir to that group and sets its set-group-id bit, so
    /// what the container makes there is the container user's and in
    /// that group; the playground shows everything else as root's (it
    /// keeps no owner per write).
    pub fn owner(&self, path: &str) -> (String, String) {
        match (self.fs_group, self.mount_of(path)) {
            (Some(group), Some((Mount { kind: MountKind::Store { scope: Scope::EmptyDir(..), .. }, .. }, rest))) => {
                let user = if rest.is_empty() { "root".to_string() } else { self.user.clone() };
                let group = if group == 0 { "root".to_string() } else { group.to_string() };
                (user, group)
            }
            _ => ("root".into(), "root".into()),
        }
    }

    /// A directory's size as `ls -l` shows it: tmpfs counts 20 bytes an
    /// entry (with `.` and `..`); disks show a 4096-byte block.
    pub fn dir_size(&self, engine: &Engine, path: &str) -> u64 {
        match self.mount_of(path) {
            Some((Mount { kind: MountKind::Payload { tmpfs: true, .. }, .. }, _)) => (self.list(engine, path).map_or(0, |l| l.len()) as u64 + 2) * 20,
            _ => 4096,
        }
    }

    pub fn family(&self) -> Family {
        self.family
    }

    /// Where relative paths start from now on (a shell's `cd`).
    pub fn set_cwd(&mut self, cwd: &str) {
        self.cwd = normalize("/", cwd);
    }

    /// `path` made absolute and clean (`.`, `..`, repeated slashes).
    pub fn abs(&self, path: &str) -> String {
        normalize(&self.cwd, path)
    }

    fn mount_of(&self, path: &str) -> Option<(&Mount, String)> {
        self.mounts.iter().find_map(|m| {
            if path == m.path {
                Some((m, String::new()))
            } else {
                let rest = path.strip_prefix(&m.path)?;
                let rest = if m.path == "/" { rest } else { rest.strip_prefix('/')? };
                Some((m, rest.to_string()))
            }
        })
    }

    /// What is at `path` (absolute), following no links except the
    /// atomic writer's, which reads resolve.
    pub fn stat(&self, engine: &Engine, path: &str) -> Result<Node, FsError> {
        match self.mount_of(path) {
            Some((m, rest)) => match &m.kind {
                MountKind::Payload { files, ts, tmpfs } => payload_stat(files, ts, &rest, self.started, *tmpfs),
                MountKind::Store { scope, base } => {
                    let p = normalize(base, &rest);
                    let node = self.store_stat(engine, scope, &p, rest.is_empty());
                    // fsGroup's set-group-id bit, which directories made
                    // below inherit.
                    match node {
                        Ok(Node::Dir { mode, at }) if self.fs_group.is_some() && matches!(scope, Scope::EmptyDir(..)) => Ok(Node::Dir { mode: mode | 0o2000, at }),
                        node => node,
                    }
                }
            },
            None => self.layer_stat(engine, path),
        }
    }

    /// What is at `p` in a volume that holds writes (`top`: the mount's own directory).
    fn store_stat(&self, engine: &Engine, scope: &Scope, p: &str, top: bool) -> Result<Node, FsError> {
        let written = &engine.world().sim.files;
        let key = (scope.clone(), p.to_string());
        match files::get(written, scope, p) {
            Some(w) => from_written(w).ok_or(FsError::NotFound),
            None if top || p == "/" => Ok(Node::Dir { mode: 0o777, at: self.started }),
            None if self.generated.contains_key(&key) => Ok(Node::File { text: self.generated[&key].clone(), mode: 0o644, at: engine.now() }),
            None if node_dir(scope, p) => Ok(Node::Dir { mode: if p == "/tmp" { 0o1777 } else { 0o755 }, at: self.started }),
            // A hostPath's directories on the node exist where files were written below them.
            None if !files::children(written, scope, p).is_empty() => Ok(Node::Dir { mode: 0o755, at: self.started }),
            None => Err(FsError::NotFound),
        }
    }

    /// What is at `path` outside every volume: the container's layer,
    /// the kubelet's and the image's files.
    fn layer_stat(&self, engine: &Engine, path: &str) -> Result<Node, FsError> {
        let written = &engine.world().sim.files;
        if let Some(w) = files::get(written, &self.layer, path) {
            return from_written(w).ok_or(FsError::NotFound);
        }
        if let Some(text) = self.generated.get(&(self.layer.clone(), path.to_string())) {
            return Ok(Node::File { text: text.clone(), mode: 0o644, at: engine.now() });
        }
        if let Some(text) = self.fixed.get(path) {
            let mode = if path == "/dev/termination-log" { 0o666 } else { 0o644 };
            return Ok(Node::File { text: text.clone(), mode, at: self.started });
        }
        let is_dir = COMMON_DIRS.contains(&path) || listable(path) || self.fixed.keys().any(|f| f.starts_with(&format!("{path}/"))) || self.mounts.iter().any(|m| m.path.starts_with(&format!("{}/", path.trim_end_matches('/'))));
        if is_dir {
            let mode = if path == "/tmp" || path == "/var/tmp" { 0o1777 } else { 0o755 };
            return Ok(Node::Dir { mode, at: self.started });
        }
        let parent = parent(path);
        if listable(parent) || files::get(written, &self.layer, parent).is_some_and(|w| w.entry == Entry::Dir) {
            return Err(FsError::NotFound);
        }
        // Nothing is below a directory known to be missing, or below a file.
        match self.stat(engine, parent) {
            Err(FsError::NotFound) => Err(FsError::NotFound),
            Err(FsError::NotDir) | Ok(Node::File { .. }) => Err(FsError::NotDir),
            _ => Err(FsError::Unknown),
        }
    }

    /// A file's text, as `cat` reads it (links followed).
    pub fn read(&self, engine: &Engine, path: &str) -> Result<String, FsError> {
        match self.stat(engine, path)? {
            Node::File { text, .. } => Ok(text),
            Node::Dir { .. } => Err(FsError::IsDir),
            Node::Link { target, .. } => self.read(engine, &normalize(parent(path), &target)),
        }
    }

    /// A directory's entries by name (without `.` and `..`); links are
    /// not followed for the entries, but `path` itself is.
    pub fn list(&self, engine: &Engine, path: &str) -> Result<Vec<(String, Node)>, FsError> {
        let node = self.stat(engine, path)?;
        let path = match node {
            Node::Link { target, .. } => normalize(parent(path), &target),
            Node::File { .. } => return Err(FsError::NotDir),
            Node::Dir { .. } => path.to_string(),
        };
        let written = &engine.world().sim.files;
        let mut out: BTreeMap<String, Node> = BTreeMap::new();
        let (scope, dir) = match self.mount_of(&path) {
            Some((m, rest)) => match &m.kind {
                MountKind::Payload { files, ts, tmpfs } => return Ok(payload_list(files, ts, &rest, self.started, *tmpfs)),
                MountKind::Store { scope, base } => {
                    let dir = normalize(base, &rest);
                    if matches!(scope, Scope::Host(_)) && dir == "/" {
                        for name in NODE_ROOT {
                            out.insert(name.to_string(), Node::Dir { mode: if *name == "tmp" { 0o1777 } else { 0o755 }, at: self.started });
                        }
                    } else if node_dir(scope, &dir) && !NODE_EMPTY.contains(&&dir[1..]) && files::children(written, scope, &dir).is_empty() {
                        // The node's own files are not simulated.
                        return Err(FsError::Unknown);
                    }
                    (scope.clone(), dir)
                }
            },
            None => {
                let has_written = files::get(written, &self.layer, &path).is_some_and(|w| w.entry == Entry::Dir);
                if !listable(&path) && !has_written {
                    return Err(FsError::Unknown);
                }
                if path == "/" {
                    for name in root_dirs(self.family) {
                        out.insert(name.to_string(), Node::Dir { mode: if *name == "tmp" { 0o1777 } else { 0o755 }, at: self.started });
                    }
                    if is_nginx(&self.image) {
                        // The official image's entrypoint and its scripts.
                        out.insert("docker-entrypoint.d".into(), Node::Dir { mode: 0o755, at: self.started });
                        out.insert("docker-entrypoint.sh".into(), Node::File { text: String::new(), mode: 0o775, at: self.started });
                    }
                }
                for f in self.fixed.keys() {
                    if let Some(name) = f.strip_prefix(&format!("{}/", path.trim_end_matches('/'))).filter(|n| !n.contains('/')) {
                        out.insert(name.to_string(), self.stat(engine, f)?);
                    }
                }
                (self.layer.clone(), path.clone())
            }
        };
        let prefix = if dir == "/" { "/".to_string() } else { format!("{dir}/") };
        for ((s, p), text) in &self.generated {
            if let Some(name) = p.strip_prefix(&prefix).filter(|n| *s == scope && !n.contains('/')) {
                out.insert(name.to_string(), Node::File { text: text.clone(), mode: 0o644, at: engine.now() });
            }
        }
        for (name, w) in files::children(written, &scope, &dir) {
            match from_written(w) {
                Some(n) => out.insert(name, n),
                None => out.remove(&name),
            };
        }
        // Mount points directly inside.
        for m in &self.mounts {
            if parent(&m.path) == path && m.path != path {
                let name = m.path.rsplit('/').next().unwrap_or_default().to_string();
                let node = self.stat(engine, &m.path)?;
                out.insert(name, node);
            }
        }
        Ok(out.into_iter().collect())
    }

    /// Where a write to `path` goes: read-only mounts refuse, a missing
    /// parent directory fails.
    fn target(&self, engine: &Engine, path: &str) -> Result<(Scope, String), FsError> {
        let (scope, p) = match self.mount_of(path) {
            Some((m, _)) if m.read_only => return Err(FsError::ReadOnly),
            Some((m, rest)) => match &m.kind {
                MountKind::Store { scope, base } => (scope.clone(), normalize(base, &rest)),
                MountKind::Payload { .. } => return Err(FsError::ReadOnly),
            },
            None if self.root_read_only && !writable_on_read_only_root(path, &self.fixed) => return Err(FsError::ReadOnly),
            None => (self.layer.clone(), path.to_string()),
        };
        if path != "/" {
            match self.stat(engine, parent(path)) {
                Ok(Node::Dir { .. } | Node::Link { .. }) => {}
                Ok(Node::File { .. }) => return Err(FsError::NotDir),
                Err(FsError::Unknown) => return Err(FsError::NotFound),
                Err(e) => return Err(e),
            }
        }
        Ok((scope, p))
    }

    /// `> path` (or `>>` with `append`).
    pub fn write(&self, engine: &mut Engine, path: &str, text: &str, append: bool) -> Result<(), FsError> {
        let old = match self.stat(engine, path) {
            Ok(Node::Dir { .. }) => return Err(FsError::IsDir),
            Ok(Node::File { text, mode, .. }) => Some((text, mode)),
            _ => None,
        };
        let (scope, p) = self.target(engine, path)?;
        let mode = old.as_ref().map_or(0o644, |o| o.1);
        let text = match (append, old) {
            (true, Some((before, _))) => format!("{before}{text}"),
            _ => text.to_string(),
        };
        engine.write_file(scope, &p, Entry::File(text.into()), mode);
        Ok(())
    }

    pub fn mkdir(&self, engine: &mut Engine, path: &str) -> Result<(), FsError> {
        if self.stat(engine, path).is_ok() {
            return Err(FsError::Exists);
        }
        let (scope, p) = self.target(engine, path)?;
        engine.write_file(scope, &p, Entry::Dir, 0o755);
        Ok(())
    }

    /// `chmod`: gives what is at `path` the mode `change` makes of its
    /// current one (the second argument: whether it is a directory). A
    /// directory of the image whose contents the playground does not know
    /// keeps the mode it shows: recording one would also claim to know
    /// everything in it.
    pub fn chmod(&self, engine: &mut Engine, path: &str, change: impl Fn(u32, bool) -> u32) -> Result<(), FsError> {
        let (entry, mode, at, dir) = match self.stat(engine, path)? {
            Node::File { text, mode, at } => (Entry::File(text.into()), mode, at, false),
            Node::Dir { mode, at } => (Entry::Dir, mode, at, true),
            Node::Link { .. } => return Err(FsError::ReadOnly),
        };
        let (scope, p) = self.target(engine, path)?;
        let known = !dir || self.mount_of(path).is_some() || listable(path) || files::get(&engine.world().sim.files, &self.layer, path).is_some();
        if known {
            engine.set_mode(scope, &p, entry, at, change(mode, dir));
        }
        Ok(())
    }

    pub fn remove(&self, engine: &mut Engine, path: &str, recursive: bool) -> Result<(), FsError> {
        let node = self.stat(engine, path)?;
        if node.is_dir() && !recursive {
            return Err(FsError::IsDir);
        }
        if self.mounts.iter().any(|m| m.path == path) {
            return Err(FsError::ReadOnly);
        }
        let (scope, p) = self.target(engine, path)?;
        if node.is_dir() && matches!(self.list(engine, path), Err(FsError::Unknown)) {
            return Err(FsError::Unknown);
        }
        engine.remove_tree(scope, &p);
        Ok(())
    }

    /// What nginx serves at `url_path` from its web root `root`: the
    /// file when someone wrote it (or a volume is mounted there), or the
    /// status nginx answers instead (403 for a directory without
    /// index.html, 404 for a missing file); None: the image's own page
    /// stands.
    pub fn served(&self, engine: &Engine, root: &str, url_path: &str) -> Option<Result<String, u16>> {
        let written = &engine.world().sim.files;
        let changed = |path: &str| match self.mount_of(path) {
            Some(_) => true,
            None => files::get(written, &self.layer, path).is_some(),
        };
        let mut path = normalize(root, url_path.trim_start_matches('/'));
        let is_dir = matches!(self.stat(engine, &path), Ok(Node::Dir { .. }));
        if is_dir {
            path = normalize(&path, "index.html");
        }
        match self.read(engine, &path) {
            Ok(text) => changed(&path).then_some(Ok(text)),
            Err(FsError::Unknown) => None,
            Err(_) if is_dir => Some(Err(403)),
            Err(_) => Some(Err(404)),
        }
    }
}

fn from_written(w: &files::Written) -> Option<Node> {
    match &w.entry {
        Entry::File(t) => Some(Node::File { text: t.to_string(), mode: w.mode, at: w.at }),
        Entry::Dir => Some(Node::Dir { mode: w.mode, at: w.at }),
        Entry::Gone => None,
    }
}

/// `path` resolved against `cwd` (a container's working directory, which
/// is absolute), cleaned.
/// What stays writable under `readOnlyRootFilesystem`: /dev, /proc and
/// /sys are mounts of their own, and the kubelet's files (/etc/hosts,
/// /dev/termination-log, …) are bind mounts.
fn writable_on_read_only_root(path: &str, fixed: &BTreeMap<String, String>) -> bool {
    ["/dev", "/proc", "/sys"].iter().any(|m| path == *m || path.starts_with(&format!("{m}/")))
        || matches!(path, "/etc/hosts" | "/etc/resolv.conf" | "/etc/hostname") && fixed.contains_key(path)
}

pub fn normalize(cwd: &str, path: &str) -> String {
    let joined = if path.starts_with('/') { path.to_string() } else { format!("{cwd}/{path}") };
    crate::gofmt::path_clean(&joined)
}

pub fn parent(path: &str) -> &str {
    match path.rfind('/') {
        Some(0) | None => "/",
        Some(i) => &path[..i],
    }
}

fn root_dirs(family: Family) -> &'static [&'static str] {
    match family {
        Family::Busybox => &["bin", "dev", "etc", "home", "lib", "lib64", "proc", "root", "sys", "tmp", "usr", "var"],
        Family::Alpine => &["bin", "dev", "etc", "home", "lib", "media", "mnt", "opt", "proc", "root", "run", "sbin", "srv", "sys", "tmp", "usr", "var"],
        Family::Debian => &["bin", "boot", "dev", "etc", "home", "lib", "lib64", "media", "mnt", "opt", "proc", "root", "run", "sbin", "srv", "sys", "tmp", "usr", "var"],
    }
}

/// The files the pod's containers' printing loops keep writing into
/// emptyDir volumes (the tutorial's helper that writes index.html for
/// nginx every 10 s): what the last turn wrote, by (scope, path).
fn loop_files(engine: &Engine, pod: &Pod) -> BTreeMap<(Scope, String), String> {
    let mut out = BTreeMap::new();
    for c in pod.spec.containers.iter().chain(&pod.spec.init_containers) {
        let Some((path, text)) = super::super::logs_command::loop_file(pod, c, engine, engine.now()) else { continue };
        let found = c.volume_mounts.iter().find_map(|m| {
            let mount = normalize("/", &m.mount_path);
            let rest = path.strip_prefix(&format!("{}/", mount.trim_end_matches('/')))?;
            let vol = pod.spec.volumes.iter().find(|v| v.name == m.name && v.empty_dir.is_some())?;
            let base = normalize("/", m.sub_path.as_deref().unwrap_or_default());
            Some((Scope::EmptyDir(pod.metadata.uid.to_string(), vol.name.to_string()), normalize(&base, rest)))
        });
        if let Some(key) = found {
            out.insert(key, text);
        }
    }
    out
}

/// Where a claim's volume keeps its files: a hostPath or local volume
/// is a directory of the node the pod runs on (what was written there
/// from the node is what the pod sees), any other its own storage.
fn claimed_store(engine: &Engine, pod: &Pod, pv: String) -> MountKind {
    let host_dir = match engine.store().get_by(Kind::PersistentVolume, "", &pv).map(|o| &**o) {
        Some(Object::PersistentVolume(v)) => v.spec.host_path.as_ref().or(v.spec.local.as_ref()).and_then(|s| s.get("path")).and_then(Value::as_str).map(str::to_string),
        _ => None,
    };
    match host_dir {
        Some(path) => MountKind::Store { scope: Scope::Host(pod.spec.node_name.as_deref().unwrap_or_default().to_string()), base: normalize("/", &path) },
        None => MountKind::Store { scope: Scope::Volume(pv), base: "/".into() },
    }
}

/// A kind node's top-level directories (its Debian base and /kind), which
/// a node debugging pod sees under /host.
const NODE_ROOT: &[&str] = &["bin", "boot", "dev", "etc", "home", "kind", "lib", "lib64", "media", "mnt", "opt", "proc", "root", "run", "sbin", "srv", "sys", "tmp", "usr", "var"];

/// The node's top-level directories that are empty on a fresh node.
const NODE_EMPTY: &[&str] = &["home", "media", "mnt", "opt", "srv", "tmp"];

/// Whether `path` in `scope` is one of the node's top-level directories.
fn node_dir(scope: &Scope, path: &str) -> bool {
    matches!(scope, Scope::Host(_)) && path.strip_prefix('/').is_some_and(|name| NODE_ROOT.contains(&name))
}

fn is_nginx(image: &str) -> bool {
    kubeplay_engine::kubelet::image::ImageRef::parse(image).is_ok_and(|r| r.repository().as_str() == "docker.io/library/nginx")
}

/// The few image files the docs read.
fn image_files(image: &str) -> Vec<(&'static str, &'static str)> {
    let Ok(r) = kubeplay_engine::kubelet::image::ImageRef::parse(image) else { return Vec::new() };
    match r.repository().as_str() {
        "docker.io/library/nginx" => vec![("/usr/share/nginx/html/index.html", NGINX_PAGE), ("/usr/share/nginx/html/50x.html", NGINX_50X)],
        "registry.k8s.io/nginx-slim" | "k8s.gcr.io/nginx-slim" => vec![("/usr/share/nginx/html/index.html", NGINX_PAGE_OLD)],
        "docker.io/library/httpd" => vec![("/usr/local/apache2/htdocs/index.html", "<html><body><h1>It works!</h1></body></html>\n")],
        // The file CKAD exercises copy out with kubectl cp.
        "docker.io/library/busybox" => vec![("/etc/passwd", BUSYBOX_PASSWD)],
        "docker.io/library/mysql" => super::mysql::IMAGE_FILES.to_vec(),
        _ => Vec::new(),
    }
}

/// busybox's (buildroot's) users.
const BUSYBOX_PASSWD: &str = "root:x:0:0:root:/root:/bin/sh\ndaemon:x:1:1:daemon:/usr/sbin:/bin/false\nbin:x:2:2:bin:/bin:/bin/false\nsys:x:3:3:sys:/dev:/bin/false\nsync:x:4:100:sync:/bin:/bin/sync\nmail:x:8:8:mail:/var/spool/mail:/bin/false\nwww-data:x:33:33:www-data:/var/www:/bin/false\noperator:x:37:37:Operator:/var:/bin/false\nnobody:x:65534:65534:nobody:/home:/bin/false\n";

/// nginx's default page (1.21 on) and error page.
const NGINX_PAGE: &str = include_str!("nginx_index.html");
const NGINX_PAGE_OLD: &str = include_str!("nginx_index_old.html");
const NGINX_50X: &str = "<!DOCTYPE html>\n<html>\n<head>\n<title>Error</title>\n<style>\nhtml { color-scheme: light dark; }\nbody { width: 35em; margin: 0 auto;\nfont-family: Tahoma, Verdana, Arial, sans-serif; }\n</style>\n</head>\n<body>\n<h1>An error occurred.</h1>\n<p>Sorry, the page you are looking for is currently unavailable.<br/>\nPlease try again later.</p>\n<p>If you are the system administrator of this resource then you should check\nthe error log for details.</p>\n<p><em>Faithfully yours, nginx.</em></p>\n</body>\n</html>\n";

// ------------------------------------------------------------ atomic writer

fn payload_stat(files: &BTreeMap<String, (String, u32)>, ts: &str, rest: &str, at: Time, tmpfs: bool) -> Result<Node, FsError> {
    if rest.is_empty() {
        return Ok(Node::Dir { mode: if tmpfs { 0o1777 } else { 0o777 }, at });
    }
    if rest == ts {
        return Ok(Node::Dir { mode: 0o755, at });
    }
    if rest == "..data" {
        return Ok(Node::Link { target: ts.to_string(), at });
    }
    let (first, inner) = rest.split_once('/').unwrap_or((rest, ""));
    let in_payload = |p: &str| -> Result<Node, FsError> {
        if let Some((text, mode)) = files.get(p) {
            return Ok(Node::File { text: text.clone(), mode: *mode, at });
        }
        if files.keys().any(|k| k.starts_with(&format!("{p}/"))) {
            return Ok(Node::Dir { mode: 0o755, at });
        }
        Err(FsError::NotFound)
    };
    if first == ts || first == "..data" {
        return in_payload(inner);
    }
    // A top-level name is a link into `..data`; deeper paths go through it.
    in_payload(first)?;
    if inner.is_empty() {
        Ok(Node::Link { target: format!("..data/{first}"), at })
    } else {
        in_payload(rest)
    }
}

fn payload_list(files: &BTreeMap<String, (String, u32)>, ts: &str, rest: &str, at: Time, _tmpfs: bool) -> Vec<(String, Node)> {
    let mut out: BTreeMap<String, Node> = BTreeMap::new();
    let (inner, top) = if rest.is_empty() {
        out.insert(ts.to_string(), Node::Dir { mode: 0o755, at });
        out.insert("..data".into(), Node::Link { target: ts.to_string(), at });
        (String::new(), true)
    } else {
        let (first, inner) = rest.split_once('/').unwrap_or((rest, ""));
        let inner = if first == ts || first == "..data" { inner.to_string() } else { rest.to_string() };
        (inner, false)
    };
    let prefix = if inner.is_empty() { String::new() } else { format!("{inner}/") };
    for (k, (text, mode)) in files {
        let Some(sub) = k.strip_prefix(&prefix) else { continue };
        let (name, deeper) = sub.split_once('/').map_or((sub, false), |(n, _)| (n, true));
        let node = if top {
            Node::Link { target: format!("..data/{name}"), at }
        } else if deeper {
            Node::Dir { mode: 0o755, at }
        } else {
            Node::File { text: text.clone(), mode: *mode, at }
        };
        out.insert(name.to_string(), node);
    }
    out.into_iter().collect()
}

/// The files an atomic-writer volume holds: payload path → (text, mode).
fn payload(engine: &Engine, pod: &Pod, c: &Container, vol: &kubeplay_model::api::Volume) -> BTreeMap<String, (String, u32)> {
    let store = engine.store();
    let ns = pod.metadata.namespace.as_str();
    let mut out = BTreeMap::new();
    let mode_of = |m: Option<i64>, default: u32| m.map_or(default, |m| (m as u32) & 0o7777);
    if let Some(cm) = &vol.config_map {
        let default = mode_of(cm.default_mode.map(i64::from), 0o644);
        add_keys(&mut out, config_map_data(shown_object(engine, pod, Kind::ConfigMap, cm.name.as_deref().unwrap_or_default())), cm.items.as_ref(), default);
    } else if let Some(s) = &vol.secret {
        let default = mode_of(s.default_mode.map(i64::from), 0o644);
        add_keys(&mut out, secret_data(shown_object(engine, pod, Kind::Secret, s.secret_name.as_deref().unwrap_or_default())), s.items.as_ref(), default);
    } else if let Some(d) = &vol.downward_api {
        let default = mode_of(d.get("defaultMode").and_then(Value::as_i64), 0o644);
        add_downward(&mut out, engine, pod, c, d.get("items"), default);
    } else if let Some(p) = &vol.projected {
        let default = mode_of(p.get("defaultMode").and_then(Value::as_i64), 0o644);
        for src in p.get("sources").and_then(Value::as_array).into_iter().flatten() {
            let name = |v: &Value| v.get("name").and_then(Value::as_str).unwrap_or_default().to_string();
            if let Some(cm) = src.get("configMap") {
                add_keys(&mut out, config_map_data(shown_object(engine, pod, Kind::ConfigMap, &name(cm))), cm.get("items"), default);
            } else if let Some(s) = src.get("secret") {
                add_keys(&mut out, secret_data(shown_object(engine, pod, Kind::Secret, &name(s))), s.get("items"), default);
            } else if let Some(d) = src.get("downwardAPI") {
                add_downward(&mut out, engine, pod, c, d.get("items"), default);
            } else if let Some(t) = src.get("serviceAccountToken") {
                let path = t.get("path").and_then(Value::as_str).unwrap_or("token");
                let secs = t.get("expirationSeconds").and_then(Value::as_i64).unwrap_or(3607);
                let node_uid = pod.spec.node_name.as_deref().and_then(|n| store.get_by(Kind::Node, "", n)).map(|n| n.meta().uid.to_string()).unwrap_or_default();
                let sa = pod.spec.service_account_name.as_deref().unwrap_or("default");
                let sa_uid = store.get_by(Kind::ServiceAccount, ns, sa).map(|n| n.meta().uid.to_string()).unwrap_or_default();
                let issued = pod.status.start_time.unwrap_or_default();
                let audience = t.get("audience").and_then(Value::as_str).filter(|a| !a.is_empty());
                out.insert(path.to_string(), (kf::projected_token(pod, issued, secs, &node_uid, &sa_uid, path, audience), default));
            }
        }
    }
    out
}

/// The version of `kind`/`name` the pod's volumes show now: the one its
/// last sync wrote (see [`volume_sync`]).
fn shown_object(engine: &Engine, pod: &Pod, kind: Kind, name: &str) -> Option<Arc<Object>> {
    match volume_sync::shown(&engine.world().sim.held_volumes, pod, kind, name, engine.now()) {
        Some((held, _)) => held,
        None => engine.store().get_by(kind, &pod.metadata.namespace, name).cloned(),
    }
}

/// The ConfigMaps and Secrets a volume shows.
fn sources(vol: &kubeplay_model::api::Volume) -> Vec<(Kind, String)> {
    let mut out = Vec::new();
    if let Some(cm) = &vol.config_map {
        out.push((Kind::ConfigMap, cm.name.clone().unwrap_or_default()));
    }
    if let Some(s) = &vol.secret {
        out.push((Kind::Secret, s.secret_name.clone().unwrap_or_default()));
    }
    for src in vol.projected.as_deref().and_then(|p| p.get("sources")).and_then(Value::as_array).into_iter().flatten() {
        let name = |v: &Value| v.get("name").and_then(Value::as_str).unwrap_or_default().to_string();
        if let Some(cm) = src.get("configMap") {
            out.push((Kind::ConfigMap, name(cm)));
        } else if let Some(s) = src.get("secret") {
            out.push((Kind::Secret, name(s)));
        }
    }
    out
}

fn config_map_data(object: Option<Arc<Object>>) -> BTreeMap<String, String> {
    match object.as_deref() {
        Some(Object::ConfigMap(cm)) => {
            let binary = cm.binary_data.iter().map(|(k, v)| (k.clone(), kubeplay_model::base64::decode(v).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default()));
            cm.data.clone().into_iter().chain(binary).collect()
        }
        _ => BTreeMap::new(),
    }
}

fn secret_data(object: Option<Arc<Object>>) -> BTreeMap<String, String> {
    match object.as_deref() {
        Some(Object::Secret(s)) => s.data.iter().map(|(k, v)| (k.clone(), kubeplay_model::base64::decode(v).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default())).collect(),
        _ => BTreeMap::new(),
    }
}

/// Keys as files: all of them, or the `items` listed (key → path, mode).
fn add_keys(out: &mut BTreeMap<String, (String, u32)>, data: BTreeMap<String, String>, items: Option<&Value>, default: u32) {
    match items.and_then(Value::as_array).filter(|i| !i.is_empty()) {
        None => {
            for (k, v) in data {
                out.insert(k, (v, default));
            }
        }
        Some(items) => {
            for item in items {
                let key = item.get("key").and_then(Value::as_str).unwrap_or_default();
                let path = item.get("path").and_then(Value::as_str).unwrap_or(key);
                let mode = item.get("mode").and_then(Value::as_i64).map_or(default, |m| (m as u32) & 0o7777);
                if let Some(v) = data.get(key) {
                    out.insert(path.trim_matches('/').to_string(), (v.clone(), mode));
                }
            }
        }
    }
}

fn add_downward(out: &mut BTreeMap<String, (String, u32)>, engine: &Engine, pod: &Pod, c: &Container, items: Option<&Value>, default: u32) {
    let allocatable = pod.spec.node_name.as_deref().and_then(|n| engine.store().get_by(Kind::Node, "", n)).and_then(|n| match &**n {
        Object::Node(node) => Some(node.status.allocatable.clone()),
        _ => None,
    });
    let facts = PodFacts { pod, pod_ip: pod.status.pod_ip.as_deref(), host_ip: pod.status.host_ip.as_deref().unwrap_or_default(), allocatable: allocatable.as_ref() };
    for item in items.and_then(Value::as_array).into_iter().flatten() {
        let path = item.get("path").and_then(Value::as_str).unwrap_or_default().trim_matches('/').to_string();
        let mode = item.get("mode").and_then(Value::as_i64).map_or(default, |m| (m as u32) & 0o7777);
        let text = if let Some(f) = item.get("fieldRef") {
            match f.get("fieldPath").and_then(Value::as_str).unwrap_or_default() {
                "metadata.labels" => kf::format_map(&pod.metadata.labels),
                "metadata.annotations" => kf::format_map(&pod.metadata.annotations),
                p => envvars::field_value(&facts, p),
            }
        } else if let Some(r) = item.get("resourceFieldRef") {
            envvars::resource_value(&facts, c, r)
        } else {
            continue;
        };
        out.insert(path, (text, mode));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files() -> BTreeMap<String, (String, u32)> {
        [("special.how", "very"), ("dir/inner", "x")].iter().map(|(k, v)| (k.to_string(), (v.to_string(), 0o644))).collect()
    }

    #[test]
    fn atomic_writer_layout() {
        let (f, ts, at) = (files(), "..2025_01_01_00_00_02.42", Time::default());
        let names: Vec<String> = payload_list(&f, ts, "", at, false).into_iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["..2025_01_01_00_00_02.42", "..data", "dir", "special.how"]);
        assert_eq!(payload_stat(&f, ts, "special.how", at, false), Ok(Node::Link { target: "..data/special.how".into(), at }));
        assert_eq!(payload_stat(&f, ts, "..data/special.how", at, false), Ok(Node::File { text: "very".into(), mode: 0o644, at }));
        assert_eq!(payload_stat(&f, ts, "dir/inner", at, false), Ok(Node::File { text: "x".into(), mode: 0o644, at }));
        assert_eq!(payload_stat(&f, ts, "nope", at, false), Err(FsError::NotFound));
        let inside: Vec<String> = payload_list(&f, ts, "..data", at, false).into_iter().map(|(n, _)| n).collect();
        assert_eq!(inside, ["dir", "special.how"]);
    }

    #[test]
    fn paths_are_cleaned() {
        assert_eq!(normalize("/", "etc//config/./a"), "/etc/config/a");
        assert_eq!(normalize("/usr/share", "../x"), "/usr/x");
        assert_eq!(normalize("/", "/.."), "/");
        assert_eq!(parent("/etc/hosts"), "/etc");
        assert_eq!(parent("/etc"), "/");
    }
}
