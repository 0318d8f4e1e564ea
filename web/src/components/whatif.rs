//! The "What if…" panel: two branches from the cluster as it is now, one
//! change each (kubectl or sim lines, `<<EOF` for manifests), run for the
//! same virtual time from the same seed, compared side by side.

use kubeplay_playground::WhatIfReport;
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

const EXAMPLE_A: &str = "kubectl patch deployment nginx-deployment -p '{\"spec\":{\"strategy\":{\"rollingUpdate\":{\"maxSurge\":1,\"maxUnavailable\":0}}}}'\nkubectl set image deployment/nginx-deployment nginx=nginx:1.27";
const EXAMPLE_B: &str = "kubectl patch deployment nginx-deployment -p '{\"spec\":{\"strategy\":{\"rollingUpdate\":{\"maxSurge\":3,\"maxUnavailable\":0}}}}'\nkubectl set image deployment/nginx-deployment nginx=nginx:1.27";

/// A what-if request: the two scripts and the virtual seconds to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WhatIfRequest {
    pub a: String,
    pub b: String,
    pub seconds: i64,
}

#[derive(Properties, PartialEq)]
pub struct WhatIfProps {
    pub result: Option<Result<WhatIfReport, String>>,
    pub on_run: Callback<WhatIfRequest>,
    pub on_close: Callback<()>,
}

fn textarea(state: &UseStateHandle<String>) -> Callback<InputEvent> {
    let state = state.clone();
    Callback::from(move |e: InputEvent| {
        if let Some(t) = e.target_dyn_into::<HtmlTextAreaElement>() {
            state.set(t.value());
        }
    })
}

fn table(r: &WhatIfReport) -> Html {
    let mut section = String::new();
    let rows = r.rows.iter().map(|row| {
        let head = (row.section != section).then(|| {
            section = row.section.clone();
            html! { <tr class="whatif-section"><th colspan="3">{ &row.section }</th></tr> }
        });
        html! {
            <>
                { for head }
                <tr class={classes!(row.differs.then_some("differs"))} data-testid="whatif-row" data-section={row.section.clone()} data-item={row.item.clone()} data-differs={row.differs.to_string()}>
                    <td class="whatif-item">{ &row.item }</td>
                    <td class="whatif-a" data-testid="whatif-a">{ &row.a }</td>
                    <td class="whatif-b" data-testid="whatif-b">{ &row.b }</td>
                </tr>
            </>
        }
    });
    let n = r.rows.iter().filter(|x| x.differs).count();
    html! {
        <div class="whatif-result" data-testid="whatif-result">
            <p class="whatif-summary">{ format!("After {}s of virtual time: {n} difference{}.", r.duration_ms / 1000, if n == 1 { "" } else { "s" }) }</p>
            <table class="whatif-table">
                <thead><tr><th>{ "" }</th><th>{ "A" }</th><th>{ "B" }</th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            <div class="whatif-transcripts">
                <pre class={classes!("whatif-transcript", r.a.failed.then_some("failed"))} aria-label="Branch A output">{ &r.a.transcript }</pre>
                <pre class={classes!("whatif-transcript", r.b.failed.then_some("failed"))} aria-label="Branch B output">{ &r.b.transcript }</pre>
            </div>
        </div>
    }
}

#[function_component]
pub fn WhatIf(props: &WhatIfProps) -> Html {
    let a = use_state(|| EXAMPLE_A.to_string());
    let b = use_state(|| EXAMPLE_B.to_string());
    let seconds = use_state(|| 120_i64);
    let on_seconds = {
        let seconds = seconds.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = e.target_dyn_into::<HtmlInputElement>().and_then(|i| i.value().parse::<i64>().ok()) {
                seconds.set(v.clamp(1, 3600));
            }
        })
    };
    let run = {
        let (a, b, seconds, cb) = (a.clone(), b.clone(), seconds.clone(), props.on_run.clone());
        Callback::from(move |_: MouseEvent| cb.emit(WhatIfRequest { a: (*a).clone(), b: (*b).clone(), seconds: *seconds }))
    };
    let close = {
        let cb = props.on_close.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    html! {
        <section class="panel whatif-panel" data-testid="whatif" aria-labelledby="whatif-title">
            <header class="panel-header">
                <h2 id="whatif-title">{ "What if…" }</h2>
                <span class="hint">{ "two changes to the cluster as it is now, same seed, side by side" }</span>
                <span class="spacer" />
                <button class="ghost" aria-label="Close" title="Close" onclick={close} data-testid="whatif-close">{ "✕" }</button>
            </header>
            <div class="whatif-inputs">
                <label class="whatif-branch">
                    <span class="whatif-label">{ "A" }</span>
                    <textarea data-testid="whatif-a-input" spellcheck="false" value={(*a).clone()} oninput={textarea(&a)} aria-label="Branch A commands" />
                </label>
                <label class="whatif-branch">
                    <span class="whatif-label">{ "B" }</span>
                    <textarea data-testid="whatif-b-input" spellcheck="false" value={(*b).clone()} oninput={textarea(&b)} aria-label="Branch B commands" />
                </label>
            </div>
            <div class="whatif-controls">
                <label>{ "Run for " }<input type="number" min="1" max="3600" value={seconds.to_string()} onchange={on_seconds} data-testid="whatif-seconds" aria-label="Virtual seconds" />{ " s of virtual time" }</label>
                <button class="apply" data-testid="whatif-run" onclick={run}>{ "Run both" }</button>
            </div>
            { match &props.result {
                None => html! {},
                Some(Err(e)) => html! { <div class="import-error" role="alert" data-testid="whatif-error">{ e }</div> },
                Some(Ok(r)) => table(r),
            } }
        </section>
    }
}
