//! `kubectl scale` (the scale subresource, with its preconditions) and
//! `kubectl autoscale` (a HorizontalPodAutoscaler for a scalable object).

use super::waiting::{wait_until, Poll, Waited};
use super::write::{api_error, client_error, find, namespace, report, Printer};
use super::{Io, Output};
use crate::cli::{Autoscale, DryRun, Invocation, Scale};
use crate::exec::apply::CHANGE_CAUSE;
use kubeplay_engine::client::{self, ClientError};
use kubeplay_engine::Engine;
use kubeplay_model::{Kind, Object, ObjectKey};
use serde_json::json;

/// Kinds with a scale subresource.
const SCALABLE: &[Kind] = &[Kind::Deployment, Kind::ReplicaSet, Kind::ReplicationController, Kind::StatefulSet];

const NO_SCALE: &str = "Error from server (NotFound): the server could not find the requested resource";

/// `spec.replicas` (what the scale subresource reports; unset reads as 1 after defaulting).
pub fn spec_replicas(obj: &Object) -> Option<i32> {
    match obj {
        Object::Deployment(d) => d.spec.replicas,
        Object::ReplicaSet(r) => r.spec.replicas,
        Object::ReplicationController(r) => r.spec.replicas,
        Object::StatefulSet(s) => s.spec.replicas,
        // A custom resource's, at its CRD's scale paths.
        Object::Custom(_) => kubeplay_apiserver::scale::scale_of(obj).map(|s| s.pointer("/spec/replicas").and_then(|v| v.as_i64()).unwrap_or(0) as i32),
        _ => None,
    }
}

/// `status.replicas` of a scalable object.
fn status_replicas(obj: &Object) -> i32 {
    match obj {
        Object::Deployment(d) => d.status.replicas.unwrap_or(0),
        Object::ReplicaSet(r) => r.status.replicas,
        Object::ReplicationController(r) => r.status.replicas,
        Object::StatefulSet(s) => s.status.replicas,
        Object::Custom(_) => kubeplay_apiserver::scale::scale_of(obj).and_then(|s| s.pointer("/status/replicas").and_then(|v| v.as_i64())).unwrap_or(0) as i32,
        _ => 0,
    }
}

fn set_replicas(obj: &mut Object, n: i32) {
    match obj {
        Object::Deployment(d) => d.spec.replicas = Some(n),
        Object::ReplicaSet(r) => r.spec.replicas = Some(n),
        Object::ReplicationController(r) => r.spec.replicas = Some(n),
        Object::StatefulSet(s) => s.spec.replicas = Some(n),
        Object::Custom(_) => {
            if let Ok(scaled) = kubeplay_apiserver::scale::apply_scale(obj, &json!({"spec": {"replicas": n}})) {
                *obj = scaled;
            }
        }
        _ => {}
    }
}

pub fn run(s: &Scale, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let fetched = find(engine, inv, io, &s.targets, false);
    let (objects, errors) = (fetched.objects, fetched.errors);
    if s.resource_version.is_some() && objects.len() > 1 {
        out.error("error: cannot use --resource-version with multiple resources");
        return;
    }
    if objects.is_empty() {
        if errors.is_empty() {
            out.error("error: no objects passed to scale");
        }
        report(out, errors);
        return;
    }
    let Ok(replicas) = i32::try_from(s.replicas) else {
        out.error(&format!("error: replicas {} is out of range", s.replicas));
        return;
    };
    let mut printer = Printer::new(&s.write);
    for obj in objects {
        // kubectl v1.32 prints the object as it fetched it, before the
        // scale (later releases show the new count).
        if s.write.dry_run == DryRun::Client {
            printer.object(out, &obj, "scaled");
            continue;
        }
        if !SCALABLE.contains(&obj.kind()) && kubeplay_apiserver::scale::scale_of(&obj).is_none() {
            out.error(NO_SCALE);
            return;
        }
        let precondition = |o: &Object| -> Result<(), ClientError> {
            let current = spec_replicas(o).unwrap_or(1) as i64;
            if let Some(want) = s.current_replicas.filter(|c| *c != current) {
                return Err(ClientError::Client(format!("Expected replicas to be {want}, was {current}")));
            }
            if let Some(rv) = s.resource_version.as_ref().filter(|rv| **rv != o.meta().resource_version) {
                return Err(ClientError::Client(format!("Expected resource version to be {rv}, was {}", o.meta().resource_version)));
            }
            Ok(())
        };
        let edit = |o: &mut Object| -> Result<(), ClientError> {
            precondition(o)?;
            set_replicas(o, replicas);
            if let Some(cause) = &inv.change_cause {
                o.meta_mut().annotations.insert(CHANGE_CAUSE.into(), cause.clone());
            }
            Ok(())
        };
        let key = obj.key();
        let result = if s.write.dry_run == DryRun::Server {
            let mut copy = (*obj).clone();
            edit(&mut copy).and_then(|_| client::dry_run(engine, "patch", &key, "scale", |store, ctx| store.update_subresource(copy, "scale", ctx)).map_err(ClientError::Api))
        } else {
            client::update_subresource_with(engine, &key, "scale", &format!("kubectl scale {key} --replicas={replicas}"), edit).map(|(_, o)| o)
        };
        // kubectl prints every response's warnings (an admission policy's
        // Warn action), before what it says of the object.
        super::server_warnings(engine, out);
        match result {
            Ok(_) => printer.object(out, &obj, "scaled"),
            Err(e) => {
                out.error(&client_error(&e));
                return;
            }
        }
        if s.timeout_ms > 0 && s.write.dry_run == DryRun::None {
            let waited = wait_until(engine, s.timeout_ms, |e| match e.store().get(&key) {
                None => Poll::Fail(api_error(&kubeplay_apiserver::ApiError::not_found(key.kind, &key.name))),
                Some(o) if spec_replicas(o) != Some(replicas) => Poll::Done,
                Some(o) if status_replicas(o) == replicas => Poll::Done,
                Some(_) => Poll::Pending,
            });
            match waited {
                Waited::Done => {}
                Waited::Failed(e) => {
                    out.error(&e);
                    return;
                }
                Waited::TimedOut { .. } => {
                    out.error(&format!("error: timed out waiting for {} to be synced", crate::gofmt::quote(&key.name)));
                    return;
                }
            }
        }
    }
    report(out, errors);
}

/// The HPA `kubectl autoscale` makes (autoscaling/v1, which the server
/// stores as v2 with a CPU utilization metric).
fn hpa_for(obj: &Object, a: &Autoscale, ns: &str) -> serde_json::Value {
    let info = obj.kind().info();
    let name = a.name.clone().unwrap_or_else(|| obj.name().to_string());
    let mut spec = serde_json::Map::new();
    // The version the target was read in: a custom resource's request's.
    let api_version = match obj {
        Object::Custom(c) => c.api_version.clone(),
        _ => info.api_version(),
    };
    spec.insert("scaleTargetRef".into(), json!({"kind": info.kind, "name": obj.name(), "apiVersion": api_version}));
    if let Some(min) = a.min {
        spec.insert("minReplicas".into(), json!(min));
    }
    spec.insert("maxReplicas".into(), json!(a.max));
    if let Some(cpu) = a.cpu_percent {
        spec.insert("targetCPUUtilizationPercentage".into(), json!(cpu));
    }
    let mut meta = serde_json::Map::new();
    meta.insert("name".into(), json!(name));
    if !ns.is_empty() {
        meta.insert("namespace".into(), json!(ns));
    }
    meta.insert("creationTimestamp".into(), serde_json::Value::Null);
    json!({"kind": "HorizontalPodAutoscaler", "apiVersion": "autoscaling/v1", "metadata": meta, "spec": spec, "status": {"currentReplicas": 0, "desiredReplicas": 0}})
}

/// The v1 HPA as the server stores it (v2 with the CPU target as a metric).
fn hpa_object(v1: &serde_json::Value) -> Result<Object, String> {
    let spec = &v1["spec"];
    let mut v2spec = serde_json::Map::new();
    v2spec.insert("scaleTargetRef".into(), spec["scaleTargetRef"].clone());
    if let Some(min) = spec.get("minReplicas") {
        v2spec.insert("minReplicas".into(), min.clone());
    }
    v2spec.insert("maxReplicas".into(), spec["maxReplicas"].clone());
    if let Some(cpu) = spec.get("targetCPUUtilizationPercentage") {
        v2spec
            .insert("metrics".into(), json!([{"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": cpu}}}]));
    }
    let mut meta = v1["metadata"].clone();
    if let Some(m) = meta.as_object_mut() {
        m.remove("creationTimestamp");
    }
    kubeplay_codec::object_from_json(&json!({"apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler", "metadata": meta, "spec": v2spec}))
}

pub fn autoscale(a: &Autoscale, inv: &Invocation, engine: &mut Engine, io: Io, out: &mut Output) {
    let fetched = find(engine, inv, io, &a.targets, false);
    let mut printer = Printer::new(&a.write);
    for obj in &fetched.objects {
        // v1.32 autoscales whatever discovery gives a scale subresource.
        let custom_scale = kubeplay_model::custom_kind::served_kind(obj.kind()).is_some_and(|s| s.scale.is_some());
        if !SCALABLE.contains(&obj.kind()) && !custom_scale {
            let info = obj.kind().info();
            out.error(&format!(
                "error: cannot autoscale a {}: could not find scale subresource for {}/{}, Resource={} in discovery information",
                info.kind, info.group, info.version, info.plural
            ));
            return;
        }
        let ns = if obj.namespace().is_empty() { namespace(inv).to_string() } else { obj.namespace().to_string() };
        let mut v1 = hpa_for(obj, a, if inv.namespace.is_some() { &ns } else { "" });
        if a.write.save_config {
            super::apply::save_typed_config(&mut v1);
        }
        if let Some(cause) = &inv.change_cause {
            super::apply::annotate_value(&mut v1, CHANGE_CAUSE, cause);
        }
        let name = v1["metadata"]["name"].as_str().unwrap_or_default().to_string();
        if a.write.dry_run == DryRun::Client {
            printer.typed(out, Kind::HorizontalPodAutoscaler, &name, &v1, "autoscaled");
            continue;
        }
        let mut hpa = match hpa_object(&v1) {
            Ok(h) => h,
            Err(e) => {
                out.error(&format!("error: {e}"));
                return;
            }
        };
        hpa.meta_mut().namespace = ns.as_str().into();
        let result = if a.write.dry_run == DryRun::Server { client::dry_run(engine, "create", &hpa.key(), "", |store, ctx| store.create(hpa, ctx)) } else { client::create(engine, hpa) };
        super::server_warnings(engine, out);
        match result {
            Ok(created) => printer.typed_object(out, &created, "autoscaled"),
            Err(e) => {
                out.error(&api_error(&e));
                return;
            }
        }
        let _ = ObjectKey::new(Kind::HorizontalPodAutoscaler, &ns, &name);
    }
    report(out, fetched.errors);
}

#[cfg(test)]
mod tests {
    use crate::exec::{execute, Io};
    use kubeplay_engine::Engine;

    fn run(e: &mut Engine, line: &str) -> (String, String) {
        let inv = match crate::parse_line(line) {
            Ok(crate::Line::Kubectl(inv)) => inv,
            other => panic!("{line}: {other:?}"),
        };
        let out = execute(&inv, e, Io::default()).expect("output");
        (out.stdout, out.stderr)
    }

    // scale.go's RunScale builds with ResourceTypeOrNameArgs(o.All, …) and
    // then LabelSelectorParam: `--all` only stands in for a missing
    // selector, so a selector narrows it and named objects ignore it.
    #[test]
    fn all_is_an_empty_selector() {
        let mut e = Engine::with_default_cluster(7);
        for line in ["kubectl create deployment web --image=nginx", "kubectl create deployment api --image=nginx", "kubectl label deployment api tier=be"] {
            run(&mut e, line);
        }
        let cases = [
            ("deployment --all -l tier=be", "deployment.apps/api scaled\n"),
            ("deployment web --all", "deployment.apps/web scaled\n"),
            ("deployment --all", "deployment.apps/api scaled\ndeployment.apps/web scaled\n"),
        ];
        for (args, want) in cases {
            assert_eq!(run(&mut e, &format!("kubectl scale {args} --replicas=2")), (want.to_string(), String::new()), "{args}");
        }
    }
}
