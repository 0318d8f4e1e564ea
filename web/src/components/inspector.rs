//! The inspector: what kubectl says about the selected object — `describe`
//! (conditions and events), its YAML, and for pods the scheduler's verdict
//! on every node.

use kubeplay_playground::CommandOutput;
use yew::prelude::*;

use crate::state::{Inspection, ObjRef};

#[derive(Properties, PartialEq)]
pub struct InspectorProps {
    pub selected: ObjRef,
    pub inspection: Option<Inspection>,
    pub on_close: Callback<()>,
    /// `kubectl edit` the object (loads it into the editor).
    #[prop_or_default]
    pub on_edit: Option<Callback<()>>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Tab {
    Describe,
    Yaml,
    Scheduling,
}

/// A command's output as a terminal shows it: its warnings where kubectl
/// wrote them, each stream in its own style.
pub fn streams(out: &CommandOutput) -> Html {
    out.pieces()
        .into_iter()
        .map(|(to_err, text)| {
            html! { <pre class={if to_err { "stderr" } else { "stdout" }}>{ text }</pre> }
        })
        .collect()
}

#[function_component]
pub fn Inspector(props: &InspectorProps) -> Html {
    let tab = use_state(|| Tab::Describe);
    let sel = &props.selected;
    let is_pod = sel.kind == "Pod";
    // A pod that is not bound opens on its scheduling explanation.
    {
        let tab = tab.clone();
        let pending = props.inspection.as_ref().and_then(|i| i.explain.as_ref()).is_some_and(|e| e.stdout.starts_with("Pending"));
        use_effect_with(sel.clone(), move |_| {
            tab.set(if pending { Tab::Scheduling } else { Tab::Describe });
        });
    }
    let button = |t: Tab, label: &'static str| {
        let tab = tab.clone();
        html! {
            <button role="tab" class={classes!("tab", (*tab == t).then_some("active"))} aria-selected={(*tab == t).to_string()} onclick={Callback::from(move |_| tab.set(t))}>{ label }</button>
        }
    };
    let body = match (&props.inspection, *tab) {
        (None, _) => html! {},
        (Some(i), Tab::Describe) => streams(&i.describe),
        (Some(i), Tab::Yaml) => streams(&i.yaml),
        (Some(i), Tab::Scheduling) => html! { <div class="wrap">{ i.explain.as_ref().map(streams).unwrap_or_default() }</div> },
    };
    let ns = if sel.namespace.is_empty() { String::new() } else { format!("{}/", sel.namespace) };
    html! {
        <aside class="panel inspector" data-testid="inspector" data-kind={sel.kind.clone()} data-name={sel.name.clone()} aria-label="Inspector">
            <header class="panel-header">
                <h2>{ format!("{} {ns}{}", sel.kind, sel.name) }</h2>
                if let Some(on_edit) = &props.on_edit {
                    if sel.kind != "Event" {
                        <button class="ghost small edit" data-testid="inspector-edit" title={format!("kubectl edit {}/{} — load it into the editor", sel.kind.to_ascii_lowercase(), sel.name)} onclick={on_edit.reform(|_| ())}>{ "✎ Edit" }</button>
                    }
                }
                <button class="ghost close" aria-label="Close inspector" title="Close" onclick={props.on_close.reform(|_| ())}>{ "✕" }</button>
            </header>
            <div class="tabs" role="tablist">
                { button(Tab::Describe, "Describe") }
                { button(Tab::Yaml, "YAML") }
                if is_pod { { button(Tab::Scheduling, "Scheduling") } }
            </div>
            <div class="inspector-body">{ body }</div>
        </aside>
    }
}
