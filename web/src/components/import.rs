//! The "Import cluster" dialog: paste `kubectl get … -A -o yaml` output
//! from a real cluster and the playground recreates it; the report lists
//! what was imported, skipped and why.

use kubeplay_playground::{ImportEntry, ImportReport};
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

/// The command to run against the real cluster, shown in the dialog.
pub const KUBECTL_GET: &str = "kubectl get nodes,namespaces,deployments,statefulsets,daemonsets,services,configmaps,secrets,pvc,pv,storageclasses,hpa,pdb,cronjobs,jobs -A -o yaml > cluster.yaml";

#[derive(Properties, PartialEq)]
pub struct ImportDialogProps {
    /// What the last import did, if anything since the dialog opened.
    pub result: Option<Result<ImportReport, String>>,
    pub on_import: Callback<String>,
    pub on_close: Callback<()>,
}

fn entries(title: &str, class: &'static str, list: &[ImportEntry]) -> Html {
    if list.is_empty() {
        return html! {};
    }
    html! {
        <details class={classes!("import-group", class)} open={class != "skipped"}>
            <summary>{ format!("{title} ({})", list.len()) }</summary>
            <table>
                <tbody>
                    { for list.iter().map(|e| html! {
                        <tr data-kind={e.kind.clone()} data-namespace={e.namespace.clone()} data-name={e.name.clone()}>
                            <td class="import-path">{ e.path() }</td>
                            <td class="import-note">{ &e.note }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
        </details>
    }
}

#[function_component]
pub fn ImportDialog(props: &ImportDialogProps) -> Html {
    let text = use_state(String::new);
    let on_input = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(t) = e.target_dyn_into::<HtmlTextAreaElement>() {
                text.set(t.value());
            }
        })
    };
    let import = {
        let (text, cb) = (text.clone(), props.on_import.clone());
        Callback::from(move |_: MouseEvent| cb.emit((*text).clone()))
    };
    let close = {
        let cb = props.on_close.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let on_key = {
        let cb = props.on_close.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                e.stop_propagation();
                cb.emit(());
            }
        })
    };
    let result = match &props.result {
        None => html! {},
        Some(Err(e)) => html! { <div class="import-error" role="alert" data-testid="import-error">{ e }</div> },
        Some(Ok(r)) => html! {
            <div class="import-report" data-testid="import-report">
                <p class="import-summary">
                    { format!("{} imported, {} skipped, {} failed.", r.imported.len(), r.skipped.len(), r.failed.len()) }
                    if !r.removed_nodes.is_empty() {
                        { format!(" The default nodes ({}) were replaced by the imported ones.", r.removed_nodes.len()) }
                    }
                </p>
                { entries("Failed", "failed", &r.failed) }
                { entries("Imported", "imported", &r.imported) }
                { entries("Skipped", "skipped", &r.skipped) }
            </div>
        },
    };
    html! {
        <div class="modal-backdrop" onkeydown={on_key}>
            <section class="panel modal import-dialog" role="dialog" aria-modal="true" aria-labelledby="import-title" data-testid="import-dialog">
                <header class="panel-header">
                    <h2 id="import-title">{ "Import a real cluster" }</h2>
                    <span class="spacer" />
                    <button class="ghost" aria-label="Close" title="Close (Esc)" onclick={close.clone()} data-testid="import-close">{ "✕" }</button>
                </header>
                <div class="modal-body">
                    <p class="hint">{ "Run this against your cluster and paste its output. Nodes keep their capacity, labels and taints; workloads, services and config are recreated; pods, ReplicaSets and other objects controllers make are left for the controllers to make again." }</p>
                    <code class="import-command">{ KUBECTL_GET }</code>
                    <textarea class="import-text" data-testid="import-text" spellcheck="false" aria-label="kubectl get -o yaml output"
                        placeholder="apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Node\n  …" value={(*text).clone()} oninput={on_input} />
                    { result }
                </div>
                <footer class="modal-footer">
                    <button class="ghost" onclick={close}>{ "Close" }</button>
                    <button class="apply" data-testid="import-run" disabled={text.trim().is_empty()} onclick={import}>{ "Import" }</button>
                </footer>
            </section>
        </div>
    }
}
