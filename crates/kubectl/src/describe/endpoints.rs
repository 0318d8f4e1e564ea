//! `kubectl describe endpoints` and `kubectl describe endpointslice`.

use super::{annotations_multiline, finish_with_events, labels_multiline, Writer};
use kubeplay_model::api::{EndpointSlice, Endpoints, Event};
use kubeplay_model::Time;

fn or_none(list: Vec<&str>, sep: &str) -> String {
    if list.is_empty() {
        "<none>".into()
    } else {
        list.join(sep)
    }
}

/// `describeEndpoints`: each subset's ready and not-ready addresses and
/// its ports, then a blank line.
pub fn describe_endpoints(ep: &Endpoints, events: Option<&[&Event]>, now: Time) -> String {
    let mut w = Writer::new();
    let m = &ep.metadata;
    w.write(0, &format!("Name:\t{}\n", m.name));
    w.write(0, &format!("Namespace:\t{}\n", m.namespace));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    w.write(0, "Subsets:\n");
    for subset in &ep.subsets {
        w.write(
            1,
            &format!(
                "Addresses:\t{}\n",
                or_none(
                    subset.addresses.iter().map(|a| a.ip.as_str()).collect(),
                    ","
                )
            ),
        );
        w.write(
            1,
            &format!(
                "NotReadyAddresses:\t{}\n",
                or_none(
                    subset
                        .not_ready_addresses
                        .iter()
                        .map(|a| a.ip.as_str())
                        .collect(),
                    ","
                )
            ),
        );
        if !subset.ports.is_empty() {
            w.write(1, "Ports:\n");
            w.write(2, "Name\tPort\tProtocol\n");
            w.write(2, "----\t----\t--------\n");
            for p in &subset.ports {
                let name = p
                    .name
                    .as_deref()
                    .filter(|n| !n.is_empty())
                    .unwrap_or("<unset>");
                w.write(
                    2,
                    &format!(
                        "{name}\t{}\t{}\n",
                        p.port,
                        p.protocol.as_deref().unwrap_or("")
                    ),
                );
            }
        }
        w.write(0, "\n");
    }
    finish_with_events(w, events, now)
}

/// `describeEndpointSliceV1`.
pub fn describe_endpoint_slice(
    eps: &EndpointSlice,
    events: Option<&[&Event]>,
    now: Time,
) -> String {
    const UNSET: &str = "<unset>";
    let mut w = Writer::new();
    let m = &eps.metadata;
    w.write(0, &format!("Name:\t{}\n", m.name));
    w.write(0, &format!("Namespace:\t{}\n", m.namespace));
    labels_multiline(&mut w, "Labels", &m.labels);
    annotations_multiline(&mut w, "Annotations", &m.annotations);
    w.write(0, &format!("AddressType:\t{}\n", eps.address_type));
    if eps.ports.is_empty() {
        w.write(0, "Ports: <unset>\n");
    } else {
        w.write(0, "Ports:\n");
        w.write(1, "Name\tPort\tProtocol\n");
        w.write(1, "----\t----\t--------\n");
        for p in &eps.ports {
            let name = p.name.as_deref().filter(|n| !n.is_empty()).unwrap_or(UNSET);
            let port = p.port.map_or(UNSET.to_string(), |n| n.to_string());
            // The API server defaults a port's protocol to TCP.
            w.write(
                1,
                &format!(
                    "{name}\t{port}\t{}\n",
                    p.protocol.as_deref().unwrap_or("TCP")
                ),
            );
        }
    }
    if eps.endpoints.is_empty() {
        w.write(0, "Endpoints: <none>\n");
    } else {
        w.write(0, "Endpoints:\n");
        for e in &eps.endpoints {
            w.write(
                1,
                &format!(
                    "- Addresses:\t{}\n",
                    or_none(e.addresses.iter().map(String::as_str).collect(), ", ")
                ),
            );
            w.write(2, "Conditions:\n");
            w.write(
                3,
                &format!(
                    "Ready:\t{}\n",
                    e.conditions
                        .ready
                        .map_or(UNSET.to_string(), |r| r.to_string())
                ),
            );
            w.write(
                2,
                &format!("Hostname:\t{}\n", e.hostname.as_deref().unwrap_or(UNSET)),
            );
            if let Some(r) = &e.target_ref {
                w.write(
                    2,
                    &format!(
                        "TargetRef:\t{}/{}\n",
                        r.kind.as_deref().unwrap_or(""),
                        r.name.as_deref().unwrap_or("")
                    ),
                );
            }
            w.write(
                2,
                &format!("NodeName:\t{}\n", e.node_name.as_deref().unwrap_or(UNSET)),
            );
            w.write(
                2,
                &format!("Zone:\t{}\n", e.zone.as_deref().unwrap_or(UNSET)),
            );
        }
    }
    finish_with_events(w, events, now)
}
