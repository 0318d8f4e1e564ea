//! The chaos toolbar: break things on purpose. Every button only builds the
//! equivalent `sim …` or `kubectl …` line and runs it through the terminal,
//! so the user sees (and can retype) the command it stands for.

use std::rc::Rc;

use kubeplay_playground::ClusterView;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::state::ObjRef;

#[derive(Properties, PartialEq)]
pub struct ChaosProps {
    pub view: Rc<ClusterView>,
    pub selected: Option<ObjRef>,
    /// The image named first in the editor's text, offered for "image missing".
    pub image: Option<String>,
    /// Runs one terminal line.
    pub on_run: Callback<String>,
}

/// The first name `kubeplay-workerN` no node has yet.
pub fn next_node_name(view: &ClusterView) -> String {
    (2..).map(|n| format!("kubeplay-worker{n}")).find(|name| view.nodes.iter().all(|node| &node.name != name)).unwrap_or_default()
}

/// The pod "kill pod" acts on: the selected one, else the first running
/// pod outside the system namespaces (kind runs its local-path
/// provisioner in its own).
pub fn kill_target(view: &ClusterView, selected: &Option<ObjRef>) -> Option<(String, String)> {
    if let Some(s) = selected.as_ref().filter(|s| s.kind == "Pod") {
        return Some((s.namespace.clone(), s.name.clone()));
    }
    view.pods.iter().find(|p| !kubeplay_playground::is_system_namespace(&p.namespace) && p.phase == "Running" && !p.terminating).map(|p| (p.namespace.clone(), p.name.clone()))
}

/// `sim load TYPE/NAME cpu=…` for a slider position in millicores.
pub fn load_line(kind: &str, namespace: &str, name: &str, millicores: u32) -> String {
    let ns = if namespace == "default" || namespace.is_empty() { String::new() } else { format!(" -n {namespace}") };
    format!("sim load {}/{name} cpu={millicores}m{ns}", kind.to_ascii_lowercase())
}

/// The first `image:` value in manifest text.
pub fn first_image(text: &str) -> Option<String> {
    text.lines().find_map(|l| {
        let v = l.trim_start().trim_start_matches("- ").trim_start().strip_prefix("image:")?;
        let v = v.split(" #").next().unwrap_or(v).trim().trim_matches(['"', '\'']);
        (!v.is_empty()).then(|| v.to_string())
    })
}

#[function_component]
pub fn Chaos(props: &ChaosProps) -> Html {
    let view = &props.view;
    let node_pick = use_state(|| None::<String>);
    let load = use_state(|| 0u32);
    let image = use_state(|| None::<String>);
    // The node the node buttons act on: picked, else the selected node, else the first worker.
    let selected_node = props.selected.as_ref().filter(|s| s.kind == "Node").map(|s| s.name.clone());
    let node = (*node_pick)
        .clone()
        .filter(|n| view.nodes.iter().any(|x| &x.name == n))
        .or(selected_node)
        .or_else(|| view.nodes.iter().find(|n| n.taints.is_empty()).or(view.nodes.first()).map(|n| n.name.clone()))
        .unwrap_or_default();
    let node_view = view.nodes.iter().find(|n| n.name == node);
    let run = |line: String| {
        let on_run = props.on_run.clone();
        Callback::from(move |_: MouseEvent| on_run.emit(line.clone()))
    };
    let on_node = {
        let node_pick = node_pick.clone();
        Callback::from(move |e: Event| node_pick.set(Some(e.target_unchecked_into::<HtmlSelectElement>().value())))
    };
    let kill = kill_target(view, &props.selected);
    let kill_line = kill.as_ref().map(|(ns, name)| if ns == "default" { format!("sim pod kill {name}") } else { format!("sim pod kill {name} -n {ns}") });
    let image_value = (*image).clone().or_else(|| props.image.clone()).unwrap_or_default();
    let on_image = {
        let image = image.clone();
        Callback::from(move |e: InputEvent| image.set(Some(e.target_unchecked_into::<HtmlInputElement>().value())))
    };
    // The load slider acts on the first Deployment an HPA could scale.
    let target = view.workloads.iter().find(|w| w.kind == "Deployment" && !kubeplay_playground::is_system_namespace(&w.namespace));
    let on_load_input = {
        let load = load.clone();
        Callback::from(move |e: InputEvent| load.set(e.target_unchecked_into::<HtmlInputElement>().value().parse().unwrap_or(0)))
    };
    let on_load_change = {
        let on_run = props.on_run.clone();
        let target = target.map(|t| (t.kind.clone(), t.namespace.clone(), t.name.clone()));
        Callback::from(move |e: Event| {
            let m: u32 = e.target_unchecked_into::<HtmlInputElement>().value().parse().unwrap_or(0);
            if let Some((kind, ns, name)) = &target {
                on_run.emit(load_line(kind, ns, name, m));
            }
        })
    };
    let cordoned = node_view.is_some_and(|n| n.unschedulable);
    html! {
        <div class="chaos" role="toolbar" aria-label="Chaos toolbar" data-testid="chaos">
            <span class="chaos-title" title="Break things on purpose: each button runs the command it stands for in the terminal">{ "⚡ Chaos" }</span>
            <div class="chaos-group">
                <label class="visually-hidden" for="chaos-node">{ "Node" }</label>
                <select id="chaos-node" data-testid="chaos-node" onchange={on_node} title="The node the node buttons act on">
                    { for view.nodes.iter().map(|n| html! { <option value={n.name.clone()} selected={n.name == node}>{ &n.name }</option> }) }
                </select>
                <button class="chip-btn" data-testid="chaos-fail-node" title={format!("sim node fail {node}")} onclick={run(format!("sim node fail {node}"))}>{ "Fail" }</button>
                <button class="chip-btn" data-testid="chaos-recover-node" title={format!("sim node recover {node}")} onclick={run(format!("sim node recover {node}"))}>{ "Recover" }</button>
                if cordoned {
                    <button class="chip-btn" data-testid="chaos-cordon" title={format!("kubectl uncordon {node}")} onclick={run(format!("kubectl uncordon {node}"))}>{ "Uncordon" }</button>
                } else {
                    <button class="chip-btn" data-testid="chaos-cordon" title={format!("kubectl cordon {node}")} onclick={run(format!("kubectl cordon {node}"))}>{ "Cordon" }</button>
                }
                <button class="chip-btn" data-testid="chaos-drain" title={format!("kubectl drain {node} --ignore-daemonsets")} onclick={run(format!("kubectl drain {node} --ignore-daemonsets"))}>{ "Drain" }</button>
                <button class="chip-btn" data-testid="chaos-add-node" title={format!("sim node add {}", next_node_name(view))} onclick={run(format!("sim node add {}", next_node_name(view)))}>{ "+ Node" }</button>
            </div>
            <div class="chaos-group">
                if let Some(line) = kill_line {
                    <button class="chip-btn danger" data-testid="chaos-kill-pod" title={line.clone()} onclick={run(line)}>{ "Kill pod" }</button>
                } else {
                    <button class="chip-btn danger" data-testid="chaos-kill-pod" disabled=true title="No running pod to kill">{ "Kill pod" }</button>
                }
            </div>
            <div class="chaos-group">
                <input class="chaos-image" data-testid="chaos-image" aria-label="Image" placeholder="image" value={image_value.clone()} oninput={on_image} />
                <button class="chip-btn danger" data-testid="chaos-image-missing" disabled={image_value.is_empty()} title={format!("sim image missing {image_value}")} onclick={run(format!("sim image missing {image_value}"))}>{ "Image missing" }</button>
            </div>
            if let Some(t) = target {
                <label class="chaos-group load" title={format!("{} (on release)", load_line(&t.kind, &t.namespace, &t.name, *load))}>
                    <span>{ format!("Load on {}", t.name) }</span>
                    <input type="range" data-testid="chaos-load" min="0" max="2000" step="50" value={load.to_string()} oninput={on_load_input} onchange={on_load_change} />
                    <span class="load-value">{ format!("{}m", *load) }</span>
                </label>
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_image_of_a_manifest() {
        assert_eq!(first_image("spec:\n  containers:\n  - name: a\n    image: nginx:1.7.9\n").as_deref(), Some("nginx:1.7.9"));
        assert_eq!(first_image("  - image: \"busybox\" # pinned\n").as_deref(), Some("busybox"));
        assert_eq!(first_image("kind: Service\n"), None);
    }

    #[test]
    fn load_lines_are_sim_grammar() {
        assert_eq!(load_line("Deployment", "default", "web", 750), "sim load deployment/web cpu=750m");
        assert_eq!(load_line("Deployment", "team", "web", 0), "sim load deployment/web cpu=0m -n team");
        // The sim parser accepts what the toolbar types.
        for line in ["sim load deployment/web cpu=750m", "sim load deployment/web cpu=0m -n team", "sim node add kubeplay-worker4", "sim pod kill web-1 -n team", "sim image missing nginx:1.7.9"] {
            let mut pg = kubeplay_playground::Playground::new(1);
            let out = pg.run(line, None);
            assert!(!out.stderr.contains("usage") && !out.stderr.contains("unknown"), "{line}: {out:?}");
        }
    }

    #[test]
    fn next_node_name_skips_existing_ones() {
        let pg = kubeplay_playground::Playground::new(1);
        assert_eq!(next_node_name(&pg.view()), "kubeplay-worker4");
    }
}
