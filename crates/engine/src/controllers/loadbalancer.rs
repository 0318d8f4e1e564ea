//! A simulated cloud load-balancer (the cloud controller manager's service
//! controller, as cloud-provider-kind or MetalLB give a kind cluster):
//! a LoadBalancer Service shows `<pending>` until, a moment later, it is
//! given an external IP from 172.18.255.200 upwards.

use crate::controller::{Controller, Ctx};
use crate::world::ControllerId;
use kubeplay_apiserver::{Change, Store};
use kubeplay_model::api::{LoadBalancerIngress, LoadBalancerStatus};
use kubeplay_model::{Kind, Object, ObjectKey};
use std::collections::BTreeSet;

pub struct LoadBalancerController;

/// How long provisioning takes, in virtual ms.
pub const PROVISION_MS: i64 = 3_000;

impl Controller for LoadBalancerController {
    fn id(&self) -> ControllerId {
        ControllerId::LoadBalancer
    }
    fn component(&self) -> &'static str {
        "service-controller"
    }

    fn watch(&self, change: &Change, _store: &Store, enqueue: &mut dyn FnMut(ObjectKey)) {
        if change.key.kind == Kind::Service {
            if let Some(Object::Service(s)) = change.new.as_deref() {
                let was_lb = change.old.as_deref().and_then(Object::as_service).is_some_and(|o| o.spec.type_.as_deref() == Some("LoadBalancer"));
                if s.spec.type_.as_deref() == Some("LoadBalancer") && !was_lb {
                    enqueue(change.key.clone());
                }
            }
        }
    }

    fn reconcile(&self, key: &ObjectKey, ctx: &mut Ctx) {
        ctx.desired("an external IP in the status of every Service of type LoadBalancer");
        let Some(obj) = ctx.get(key) else {
            ctx.observed(format!("Service {} is gone", key.name));
            return;
        };
        let Object::Service(svc) = &*obj else { return };
        let ingress: Vec<&str> = svc.status.load_balancer.iter().flat_map(|lb| lb.ingress.iter().filter_map(|i| i.ip.as_deref())).collect();
        ctx.observed(format!("Service {} of type {}, external IP {}", key.name, svc.spec.type_.as_deref().unwrap_or("ClusterIP"), if ingress.is_empty() { "<pending>".to_string() } else { ingress.join(",") }));
        if svc.spec.type_.as_deref() != Some("LoadBalancer") {
            return;
        }
        let has_ip = svc.status.load_balancer.as_ref().is_some_and(|lb| !lb.ingress.is_empty());
        if has_ip {
            ctx.explain(format!("load balancer for {} is in place", key.name));
            return;
        }
        let started = ctx.world().sim.lb_requested.get(key).copied();
        match started {
            None => {
                let now = ctx.now();
                ctx.world_mut().sim.lb_requested.insert(key.clone(), now);
                ctx.event(&obj, "Normal", "EnsuringLoadBalancer", "Ensuring load balancer");
                ctx.requeue_after(key.clone(), PROVISION_MS);
                ctx.explain(format!("Service {} asks for a load balancer: provisioning one (EXTERNAL-IP stays <pending> until it is ready)", key.name));
            }
            Some(t) if t.plus_millis(PROVISION_MS) > ctx.now() => {
                ctx.requeue_after(key.clone(), t.plus_millis(PROVISION_MS).millis() - ctx.now().millis());
            }
            Some(_) => {
                let used: BTreeSet<String> = ctx
                    .store()
                    .list(Kind::Service, None)
                    .filter_map(|s| s.as_service())
                    .flat_map(|s| s.status.load_balancer.iter().flat_map(|lb| lb.ingress.iter().filter_map(|i| i.ip.clone())).collect::<Vec<_>>())
                    .collect();
                let ip = (200..255).map(|n| format!("172.18.255.{n}")).find(|ip| !used.contains(ip)).unwrap_or_else(|| "172.18.255.254".into());
                let mut s = svc.clone();
                s.status.load_balancer = Some(LoadBalancerStatus { ingress: vec![LoadBalancerIngress { ip: Some(ip.clone()), hostname: None, ip_mode: Some("VIP".into()) }] });
                let _ = ctx.update_status(Object::Service(s));
                ctx.world_mut().sim.lb_requested.remove(key);
                ctx.event(&obj, "Normal", "EnsuredLoadBalancer", "Ensured load balancer");
                ctx.explain(format!("load balancer for {} is ready at {ip}", key.name));
            }
        }
    }
}
