//! `kubectl debug`: an ephemeral container added to a running pod
//! (through the pod's `ephemeralcontainers` subresource), a copy of a pod
//! with a container added or changed (`--copy-to`), or a pod in a node's
//! host namespaces with its root file system at `/host` (`node/NAME`),
//! each shaped by a debugging profile (`--profile`).
//!
//! `--custom` reads a partial container spec from a file (none in the
//! browser). With `-i`/`--attach` the command waits (in virtual time) for
//! the container to start, as kubectl does, then attaches as `kubectl
//! attach` does (a shell opens a session in the terminal).

use super::waiting::{wait_until, Poll, Waited};
use super::write::{api_error, namespace};
use super::{Io, Output};
use crate::cli::{Debug, DebugKeep, DebugProfile, Invocation};
use crate::gofmt::quote;
use kubeplay_apiserver::{ApiError, DeleteOptions};
use kubeplay_engine::kubelet::image::ImageRef;
use kubeplay_engine::{client, Engine};
use kubeplay_model::api::{Container, EphemeralContainer, Pod, PodSpec, Toleration, Volume, VolumeMount};
use kubeplay_model::{Kind, Object, ObjectKey};
use serde_json::{json, Map, Value};
use std::sync::Arc;

const LEGACY_WARNING: &str =
    "--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example \"--profile=general\".";

/// How the debugging container reaches its target (upstream's `debugStyle`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    Ephemeral,
    Copy,
    Node,
}

fn valid_image(image: &str) -> bool {
    ImageRef::parse(image).is_ok()
}

/// `Validate`, in its order (`custom` is `--custom`'s container, as
/// `Complete` read it). It prints the `--target` caveat (stdout) and the
/// legacy profile's deprecation (stderr) as it goes.
pub(crate) fn validate(d: &Debug, custom: Option<&Container>, out: &mut Output) -> Result<(), String> {
    if d.attach && d.attach_changed && d.image.is_none() && d.container.is_none() {
        return Err("you must specify --container or create a new container using --image in order to attach.".into());
    }
    if d.copy_to.is_some() {
        if d.image.is_none() && d.set_images.is_empty() && d.args.is_empty() {
            return Err("you must specify --image, --set-image or command arguments.".into());
        }
        if !d.args.is_empty() && d.container.is_none() && d.image.is_none() {
            return Err("you must specify an existing container or a new image when specifying args.".into());
        }
    } else if d.replace {
        return Err("--replace may only be used with --copy-to.".into());
    } else if d.same_node {
        return Err("--same-node may only be used with --copy-to.".into());
    } else if !d.set_images.is_empty() {
        return Err("--set-image may only be used with --copy-to.".into());
    } else if d.image.is_none() {
        return Err("you must specify --image when not using --copy-to.".into());
    }
    if let Some(image) = d.image.as_deref().filter(|i| !valid_image(i)) {
        return Err(format!("invalid image name {}: invalid reference format", quote(image)));
    }
    if d.targets.is_empty() && d.files.is_empty() {
        return Err("NAME or filename is required for debug".into());
    }
    if let Some(p) = d.pull_policy.as_deref().filter(|p| !matches!(*p, "Always" | "IfNotPresent" | "Never")) {
        return Err(format!("invalid image pull policy: {p}"));
    }
    if let Some((name, image)) = d.set_images.iter().find(|(_, image)| !valid_image(image)) {
        return Err(format!("invalid image name {} for container {}: invalid reference format", quote(image), quote(name)));
    }
    if let Some(target) = &d.target_container {
        if d.copy_to.is_some() {
            return Err("--target is incompatible with --copy-to. Use --share-processes instead.".into());
        }
        if !d.quiet {
            out.out(&format!(
                "Targeting container {}. If you don't see processes from this container it may be because the container runtime doesn't support this feature.",
                quote(target)
            ));
        }
    }
    if d.tty && !d.interactive {
        return Err("-i/--stdin is required for containers with -t/--tty=true".into());
    }
    if let Some(c) = custom {
        if !c.name.is_empty() || !c.command.is_empty() || c.image.as_deref().is_some_and(|i| !i.is_empty()) || c.lifecycle.is_some() || c.volume_devices.is_some() {
            return Err("name, command, image, lifecycle and volume devices are not modifiable via custom profile".into());
        }
    }
    if d.profile == DebugProfile::Legacy {
        out.note(LEGACY_WARNING);
    }
    Ok(())
}

// ---------------------------------------------------------------- profiles

/// The pod's container named `name`: among the regular containers only,
/// or (`all`) init, regular then ephemeral ones, as `VisitContainers`
/// walks them; the first one named so.
fn container_mut<'a>(spec: &'a mut PodSpec, name: &str, all: bool) -> Option<&'a mut Container> {
    if all {
        if let Some(i) = spec.init_containers.iter().position(|c| c.name == name) {
            return spec.init_containers.get_mut(i);
        }
    }
    if let Some(i) = spec.containers.iter().position(|c| c.name == name) {
        return spec.containers.get_mut(i);
    }
    if all {
        if let Some(i) = spec.ephemeral_containers.iter().position(|c| c.container.name == name) {
            return spec.ephemeral_containers.get_mut(i).map(|e| &mut e.container);
        }
    }
    None
}

fn edit_container(pod: &mut Pod, name: &str, f: impl FnOnce(&mut Container)) {
    if let Some(c) = container_mut(pod.spec_mut(), name, true) {
        f(c);
    }
}

/// The container's security context (made empty first if it has none).
fn edit_security(c: &mut Container, f: impl FnOnce(&mut Map<String, Value>)) {
    let sc = c.security_context.get_or_insert_with(|| Box::new(Value::Object(Map::new())));
    if let Value::Object(m) = &mut **sc {
        f(m);
    } else {
        let mut m = Map::new();
        f(&mut m);
        **sc = Value::Object(m);
    }
}

fn edit_capabilities(c: &mut Container, f: impl FnOnce(&mut Map<String, Value>)) {
    edit_security(c, |sc| {
        let caps = sc.entry("capabilities").or_insert_with(|| Value::Object(Map::new()));
        if !caps.is_object() {
            *caps = Value::Object(Map::new());
        }
        if let Value::Object(m) = caps {
            f(m);
        }
    });
}

fn add_capability(c: &mut Container, cap: &str) {
    edit_capabilities(c, |m| match m.get_mut("add") {
        Some(Value::Array(list)) => list.push(json!(cap)),
        _ => {
            m.insert("add".into(), json!([cap]));
        }
    });
}

fn set_security_field(pod: &mut Pod, name: &str, field: &str, value: Value) {
    edit_container(pod, name, |c| {
        edit_security(c, |sc| {
            sc.insert(field.into(), value);
        })
    });
}

/// `mountRootPartition`: the host's `/` as volume `host-root`, at `/host`
/// in the (regular) container.
fn mount_root_partition(pod: &mut Pod, name: &str) {
    const VOLUME: &str = "host-root";
    let spec = pod.spec_mut();
    spec.volumes.push(Volume { name: VOLUME.into(), host_path: Some(Arc::new(json!({"path": "/"}))), ..Default::default() });
    if let Some(c) = container_mut(spec, name, false) {
        c.volume_mounts.push(VolumeMount { name: VOLUME.into(), mount_path: "/host".into(), ..Default::default() });
    }
}

fn use_host_namespaces(pod: &mut Pod) {
    let spec = pod.spec_mut();
    spec.host_network = Some(true);
    spec.host_pid = Some(true);
    spec.host_ipc = Some(true);
}

fn share_process_namespace(pod: &mut Pod) {
    if pod.spec.share_process_namespace.is_none() {
        pod.spec_mut().share_process_namespace = Some(true);
    }
}

fn clear_security_context(pod: &mut Pod, name: &str) {
    edit_container(pod, name, |c| c.security_context = None);
}

/// What a pod copy drops of the original unless `--keep-*` says otherwise.
fn drop_unkept(keep: DebugKeep, pod: &mut Pod) {
    if !keep.labels {
        pod.metadata.labels = Default::default();
    }
    if !keep.annotations {
        pod.metadata.annotations = Default::default();
    }
    if !(keep.liveness && keep.readiness && keep.startup) {
        for c in pod.spec_mut().containers.iter_mut() {
            if !keep.liveness {
                c.liveness_probe = None;
            }
            if !keep.readiness {
                c.readiness_probe = None;
            }
            if !keep.startup {
                c.startup_probe = None;
            }
        }
    }
    if !keep.init_containers {
        pod.spec_mut().init_containers = Default::default();
    }
}

/// `ProfileApplier.Apply`: shapes `pod` (the pod being debugged, its copy,
/// or the node's debugging pod) and its container `name`.
pub(crate) fn apply_profile(profile: DebugProfile, keep: DebugKeep, pod: &mut Pod, name: &str, style: Style) {
    let copy = style == Style::Copy;
    match profile {
        DebugProfile::Legacy => match style {
            Style::Node => {
                mount_root_partition(pod, name);
                use_host_namespaces(pod);
            }
            // The legacy profile always drops the copy's labels.
            Style::Copy => drop_unkept(DebugKeep { labels: false, ..DebugKeep::all() }, pod),
            Style::Ephemeral => {}
        },
        DebugProfile::General => match style {
            Style::Node => {
                mount_root_partition(pod, name);
                clear_security_context(pod, name);
                use_host_namespaces(pod);
            }
            Style::Copy => {
                drop_unkept(keep, pod);
                edit_container(pod, name, |c| add_capability(c, "SYS_PTRACE"));
                share_process_namespace(pod);
            }
            Style::Ephemeral => edit_container(pod, name, |c| add_capability(c, "SYS_PTRACE")),
        },
        DebugProfile::Baseline => {
            clear_security_context(pod, name);
            if copy {
                drop_unkept(keep, pod);
                share_process_namespace(pod);
            }
        }
        DebugProfile::Restricted => {
            clear_security_context(pod, name);
            set_security_field(pod, name, "runAsNonRoot", json!(true));
            edit_container(pod, name, |c| {
                edit_capabilities(c, |m| {
                    m.insert("drop".into(), json!(["ALL"]));
                    m.remove("add");
                })
            });
            set_security_field(pod, name, "allowPrivilegeEscalation", json!(false));
            set_security_field(pod, name, "seccompProfile", json!({"type": "RuntimeDefault"}));
            if copy {
                drop_unkept(keep, pod);
                share_process_namespace(pod);
            }
        }
        DebugProfile::Netadmin => {
            edit_container(pod, name, |c| {
                add_capability(c, "NET_ADMIN");
                add_capability(c, "NET_RAW");
            });
            match style {
                Style::Node => use_host_namespaces(pod),
                Style::Copy => {
                    drop_unkept(keep, pod);
                    share_process_namespace(pod);
                }
                Style::Ephemeral => {}
            }
        }
        DebugProfile::Sysadmin => {
            set_security_field(pod, name, "privileged", json!(true));
            match style {
                Style::Node => {
                    use_host_namespaces(pod);
                    mount_root_partition(pod, name);
                }
                Style::Copy => {
                    drop_unkept(keep, pod);
                    share_process_namespace(pod);
                }
                Style::Ephemeral => {}
            }
        }
    }
}

impl DebugKeep {
    fn all() -> DebugKeep {
        DebugKeep { labels: true, annotations: true, liveness: true, readiness: true, startup: true, init_containers: true }
    }
}

// ---------------------------------------------------------------- generating

/// Every container name of the pod (`containerNameToRef`).
fn taken_names(pod: &Pod) -> Vec<&str> {
    let spec = &pod.spec;
    spec.containers.iter().chain(spec.init_containers.iter()).map(|c| c.name.as_str()).chain(spec.ephemeral_containers.iter().map(|c| c.container.name.as_str())).collect()
}

/// `computeDebugContainerName`: `-c`, or `debugger-` and five random
/// characters that no container of the pod has yet.
fn debug_container_name(d: &Debug, pod: &Pod, suffix: &mut dyn FnMut() -> String, out: &mut Output) -> String {
    if let Some(c) = &d.container {
        return c.clone();
    }
    let taken = taken_names(pod);
    let mut name = String::new();
    while name.is_empty() || taken.contains(&name.as_str()) {
        name = format!("debugger-{}", suffix());
    }
    if !d.quiet {
        out.out(&format!("Defaulting debug container name to {name}."));
    }
    name
}

fn command_or_args(d: &Debug, c: &mut Container) {
    if d.args_only {
        c.args = d.args.clone();
    } else {
        c.command = d.args.clone();
    }
}

fn env(d: &Debug) -> Vec<kubeplay_model::api::EnvVar> {
    d.env.iter().map(|(k, v)| kubeplay_model::api::EnvVar { name: k.clone(), value: Some(v.clone()), value_from: None }).collect()
}

/// The debugging container's fields every style sets.
fn base_container(d: &Debug, name: &str) -> Container {
    let mut c = Container {
        name: name.into(),
        env: env(d),
        image: d.image.as_deref().map(Into::into),
        image_pull_policy: d.pull_policy.as_deref().map(Into::into),
        stdin: d.interactive.then_some(true),
        termination_message_policy: Some("File".into()),
        tty: d.tty.then_some(true),
        ..Default::default()
    };
    command_or_args(d, &mut c);
    c
}

/// `generateDebugContainer`: the pod with the ephemeral container added,
/// and that container's name.
pub(crate) fn generate_debug_container(d: &Debug, pod: &Pod, suffix: &mut dyn FnMut() -> String, out: &mut Output) -> (Pod, String) {
    let name = debug_container_name(d, pod, suffix, out);
    let ec = EphemeralContainer { container: base_container(d, &name), target_container_name: d.target_container.clone() };
    let mut copied = pod.clone();
    copied.spec_mut().ephemeral_containers.push(ec);
    apply_profile(d.profile, d.keep, &mut copied, &name, Style::Ephemeral);
    (copied, name)
}

/// `generateNodeDebugPod`: a pod on the node, tolerating every taint.
pub(crate) fn generate_node_pod(d: &Debug, node: &str, suffix: &mut dyn FnMut() -> String, out: &mut Output) -> Pod {
    let cn = d.container.clone().unwrap_or_else(|| "debugger".into());
    let pn = format!("node-debugger-{node}-{}", suffix());
    if !d.quiet {
        out.out(&format!("Creating debugging pod {pn} with container {cn} on node {node}."));
    }
    let mut pod = Pod::default();
    pod.metadata.name = pn;
    let spec = pod.spec_mut();
    spec.containers = vec![base_container(d, &cn)].into();
    spec.node_name = Some(node.into());
    spec.restart_policy = Some("Never".into());
    spec.tolerations = vec![Toleration { operator: Some("Exists".into()), ..Default::default() }].into();
    apply_profile(d.profile, d.keep, &mut pod, &cn, Style::Node);
    pod
}

/// `generatePodCopyWithDebugContainer`: the copy, and the debugging
/// container's name (empty when `--set-image` alone changed images).
pub(crate) fn generate_pod_copy(d: &Debug, pod: &Pod, suffix: &mut dyn FnMut() -> String, out: &mut Output) -> Result<(Pod, String), String> {
    let mut copied = Pod::default();
    copied.metadata.name = d.copy_to.clone().unwrap_or_default();
    copied.metadata.namespace = pod.metadata.namespace.clone();
    copied.metadata.annotations = pod.metadata.annotations.clone();
    copied.metadata.labels = pod.metadata.labels.clone();
    copied.spec = pod.spec.clone();
    let spec = copied.spec_mut();
    spec.ephemeral_containers = Default::default();
    if let Some(share) = d.share_processes {
        spec.share_process_namespace = Some(share);
    }
    if !d.same_node {
        spec.node_name = None;
    }
    let any = d.set_images.iter().find(|(n, _)| n == "*").map(|(_, i)| i.as_str());
    if any.is_some() || !d.set_images.is_empty() {
        for c in spec.containers.iter_mut() {
            let image = d.set_images.iter().find(|(n, _)| *n == *c.name).map(|(_, i)| i.as_str()).or(any);
            if let Some(image) = image.filter(|i| !i.is_empty()) {
                c.image = Some(image.into());
            }
        }
    }
    let mut name = d.container.clone().unwrap_or_default();
    if container_mut(copied.spec_mut(), &name, true).is_none() {
        if d.image.is_none() {
            if !d.set_images.is_empty() {
                return Ok((copied, String::new()));
            }
            return Err("you must specify image when creating new container".into());
        }
        if name.is_empty() {
            name = debug_container_name(d, &copied, suffix, out);
        }
        copied.spec_mut().containers.push(Container { name: name.as_str().into(), termination_message_policy: Some("File".into()), ..Default::default() });
    }
    let mut container_name = name.clone();
    if let Some(c) = container_mut(copied.spec_mut(), &name, true) {
        if !d.args.is_empty() {
            if d.args_only {
                c.args = d.args.clone();
            } else {
                c.command = d.args.clone();
                c.args = Vec::new();
            }
        }
        if !d.env.is_empty() {
            c.env = env(d);
        }
        if let Some(image) = &d.image {
            c.image = Some(image.as_str().into());
        }
        if let Some(p) = &d.pull_policy {
            c.image_pull_policy = Some(p.as_str().into());
        }
        c.stdin = d.interactive.then_some(true);
        c.tty = d.tty.then_some(true);
        container_name = c.name.to_string();
    }
    apply_profile(d.profile, d.keep, &mut copied, &container_name, Style::Copy);
    Ok((copied, name))
}

/// `--custom`: the partial container spec in the file, read as JSON or
/// YAML (`Complete`).
fn read_custom(path: &str, io: &Io) -> Result<Container, String> {
    let text =
        io.read_file.and_then(|read| read(path)).ok_or_else(|| format!("must pass a container spec json file for custom profile: open {path}: no such file or directory"))?;
    let invalid = |e: String| format!("{path} does not contain a valid container spec: {e}");
    let value = kubeplay_codec::parse_value(&text).map_err(|e| invalid(e.to_string()))?;
    kubeplay_codec::from_json(&value).map_err(invalid)
}

/// `applyCustomProfile`: the custom spec merged into the debugging
/// container as a strategic merge patch (lists by their merge keys).
pub(crate) fn apply_custom(c: &mut Container, custom: &Container) -> Result<(), String> {
    let mut patch = custom.clone();
    patch.name = c.name.clone();
    let to_json = |c: &Container| serde_json::to_value(c).map_err(|e| format!("unable to marshall container: {e}"));
    let merged = kubeplay_apiserver::strategic_merge_patch(&to_json(c)?, &to_json(&patch)?).map_err(|e| format!("error creating three way patch to add debug container: {e}"))?;
    *c = kubeplay_codec::from_json(&merged).map_err(|e| format!("unable to unmarshall patched container to container: {e}"))?;
    Ok(())
}

// ---------------------------------------------------------------- running

pub fn run(d: &Debug, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let custom = match d.custom.as_deref().map(|path| read_custom(path, &io)).transpose() {
        Ok(c) => c,
        Err(e) => return out.error(&format!("error: {e}")),
    };
    if let Err(e) = validate(d, custom.as_ref(), out) {
        return out.error(&format!("error: {e}"));
    }
    if !d.files.is_empty() {
        return out.error("error: (playground) kubectl debug -f is not supported; name the pod or node");
    }
    let ns = namespace(inv).to_string();
    for target in &d.targets {
        let (kind, name) = match target.split_once('/') {
            Some((t, n)) => match crate::cli::resources::resolve_kind(t) {
                Ok(k) => (k, n.to_string()),
                Err(e) => return out.error(&e.to_string()),
            },
            None => (Kind::Pod, target.clone()),
        };
        let custom = custom.as_ref();
        let result = match kind {
            Kind::Pod => debug_pod(d, custom, engine, &ns, &name, out),
            Kind::Node => debug_node(d, custom, engine, &ns, &name, out),
            other => match engine.store().get_by(other, if other.namespaced() { &ns } else { "" }, &name) {
                None => Err(api_error(&ApiError::not_found(other, &name))),
                // Go's GroupVersionKind string: `/v1, Kind=Service` for the core group.
                Some(_) => Err(format!("error: \"{}/{}, Kind={}\" not supported by debug", other.info().group, other.info().version, other.info().kind)),
            },
        };
        match result {
            Ok((pod, container)) if d.attach && !container.is_empty() => attach(d, engine, &pod, &container, out),
            Ok(_) => {}
            Err(e) => return out.error(&e),
        }
    }
}

/// Five characters as `utilrand.String(5)` draws them, from the session's
/// random source.
fn suffix_from(ctx: &mut kubeplay_engine::controller::Ctx) -> String {
    kubeplay_model::names::generate_name_suffix(&mut || ctx.rand())
}

fn debug_pod(d: &Debug, custom: Option<&Container>, engine: &mut Engine, ns: &str, name: &str, out: &mut Output) -> Result<(ObjectKey, String), String> {
    let key = ObjectKey::new(Kind::Pod, ns, name);
    let Some(live) = engine.store().get(&key).cloned() else {
        return Err(api_error(&ApiError::not_found(Kind::Pod, name)));
    };
    let Object::Pod(pod) = &*live else {
        return Err(api_error(&ApiError::not_found(Kind::Pod, name)));
    };
    if d.copy_to.is_some() {
        return debug_by_copy(d, custom, engine, pod, out);
    }
    let what = format!("kubectl debug {key}");
    let added = engine.user(&what, key.clone(), |ctx| {
        let (mut debug_pod, container) = generate_debug_container(d, pod, &mut || suffix_from(ctx), out);
        if let Some(custom) = custom {
            let ec = debug_pod.spec_mut().ephemeral_containers.iter_mut().find(|e| e.container.name == container.as_str());
            let Some(ec) = ec else {
                return Err(format!("error: unable to find the {container} ephemeral container in the pod {name}"));
            };
            apply_custom(&mut ec.container, custom).map_err(|e| format!("error: {e}"))?;
        }
        match ctx.update_ephemeral_containers(Object::Pod(Box::new(debug_pod))) {
            Ok(_) => {
                ctx.explain(format!("kubectl debug: added ephemeral container {container} to pod {name}"));
                Ok((key.clone(), container))
            }
            Err(e) => Err(api_error(&e)),
        }
    });
    // PodSecurity's warnings about the new container.
    super::server_warnings(engine, out);
    added
}

/// The custom spec applied to the regular container `name` of a copy or
/// a node's pod.
fn customize(pod: &mut Pod, name: &str, custom: Option<&Container>) -> Result<(), String> {
    let Some(custom) = custom else { return Ok(()) };
    let pod_name = pod.metadata.name.clone();
    match container_mut(pod.spec_mut(), name, false) {
        Some(c) => apply_custom(c, custom).map_err(|e| format!("error: {e}")),
        None => Err(format!("error: unable to find the {name} container in the pod {pod_name}")),
    }
}

fn debug_by_copy(d: &Debug, custom: Option<&Container>, engine: &mut Engine, pod: &Pod, out: &mut Output) -> Result<(ObjectKey, String), String> {
    let key = ObjectKey::new(Kind::Pod, &pod.metadata.namespace, d.copy_to.as_deref().unwrap_or(""));
    let what = format!("kubectl debug {key}");
    let container = engine.user(&what, key.clone(), |ctx| {
        let (mut copied, container) = generate_pod_copy(d, pod, &mut || suffix_from(ctx), out).map_err(|e| format!("error: {e}"))?;
        customize(&mut copied, &container, custom)?;
        ctx.create(Object::Pod(Box::new(copied))).map_err(|e| api_error(&e))?;
        ctx.explain(format!("kubectl debug: created {key}, a copy of pod {}", pod.metadata.name));
        Ok::<_, String>(container)
    })?;
    if d.replace {
        let original = ObjectKey::new(Kind::Pod, &pod.metadata.namespace, &pod.metadata.name);
        client::delete(engine, &original, DeleteOptions { grace_period_seconds: Some(0), ..Default::default() }).map_err(|e| api_error(&e))?;
    }
    Ok((key, container))
}

fn debug_node(d: &Debug, custom: Option<&Container>, engine: &mut Engine, ns: &str, name: &str, out: &mut Output) -> Result<(ObjectKey, String), String> {
    if engine.store().get_by(Kind::Node, "", name).is_none() {
        return Err(api_error(&ApiError::not_found(Kind::Node, name)));
    }
    let what = format!("kubectl debug node/{name}");
    engine.user(&what, ObjectKey::new(Kind::Node, "", name), |ctx| {
        let mut pod = generate_node_pod(d, name, &mut || suffix_from(ctx), out);
        pod.metadata.namespace = ns.into();
        let container = pod.spec.containers.first().map(|c| c.name.to_string()).unwrap_or_default();
        customize(&mut pod, &container, custom)?;
        let created = ctx.create(Object::Pod(Box::new(pod))).map_err(|e| api_error(&e))?;
        ctx.explain(format!("kubectl debug: created {} on node {name}", created.key()));
        Ok((created.key(), container))
    })
}

/// The container's status, wherever the pod lists it.
fn container_status<'p>(pod: &'p Pod, name: &str) -> Option<&'p kubeplay_model::api::ContainerStatus> {
    let s = &pod.status;
    s.init_container_statuses.iter().chain(&s.container_statuses).chain(&s.ephemeral_container_statuses).find(|c| c.name == name)
}

/// `handleAttachPod`: wait for the container to run or end, then attach
/// (which the playground cannot) or, once it ended, stream its logs.
fn attach(d: &Debug, engine: &mut Engine, key: &ObjectKey, container: &str, out: &mut Output) {
    let mut shown: Option<String> = None;
    // kubectl would wait on; the playground stops at the first failure
    // that only a change of the pod or image would undo.
    let mut stuck: Option<String> = None;
    let waited = wait_until(engine, 0, |e| {
        let Some(pod) = e.store().get(key).and_then(|o| o.as_pod()) else {
            return Poll::Fail("Error from server (NotFound): pods \"\" not found".into());
        };
        let Some(s) = container_status(pod, container) else {
            return Poll::Pending;
        };
        if s.state.running.is_some() || s.state.terminated.is_some() {
            return Poll::Done;
        }
        let waiting = s.state.waiting.as_ref();
        if let Some(msg) = waiting.and_then(|w| w.message.clone()).filter(|m| !m.is_empty()) {
            if !d.quiet && shown.as_ref() != Some(&msg) {
                out.note(&format!("Warning: container {container}: {msg}"));
                shown = Some(msg);
            }
        }
        match waiting.and_then(|w| w.reason.as_deref()) {
            Some(r @ ("ErrImagePull" | "ImagePullBackOff" | "InvalidImageName" | "ErrImageNeverPull" | "CreateContainerConfigError")) => {
                stuck = Some(r.to_string());
                Poll::Done
            }
            _ => Poll::Pending,
        }
    });
    match waited {
        Waited::Done => {}
        Waited::Failed(e) => return out.error(&e),
        Waited::TimedOut { .. } => return out.note(&super::waiting::gave_up_note()),
    }
    if let Some(reason) = stuck {
        return out.note(&format!("(playground) stopped waiting for container {container}: it cannot start ({reason}); kubectl would keep waiting"));
    }
    let Some(pod) = engine.store().get(key).and_then(|o| o.as_pod()).cloned() else {
        return;
    };
    let Some(status) = container_status(&pod, container) else {
        return;
    };
    if let Some(t) = &status.state.terminated {
        // kubectl falls back to the container's logs.
        let spec =
            pod.spec.containers.iter().chain(pod.spec.init_containers.iter()).chain(pod.spec.ephemeral_containers.iter().map(|e| &e.container)).find(|c| c.name == container);
        if let (Some(c), Some(started)) = (spec, t.started_at) {
            for (_, line) in super::logs::container_lines(&pod, c, started) {
                out.out(&line);
            }
        }
        return;
    }
    super::attach::attach_to(&pod, container, d.interactive, d.tty, d.quiet, engine, out);
}

#[cfg(test)]
#[path = "debug_upstream_tests.rs"]
mod upstream_tests;
