//! The kubectl terminal: the transcript so far and a prompt line. Enter sends
//! the line; ↑/↓ walk the command history; Tab completes the last word
//! (listing the choices when there are several). The line being typed and
//! the choices shown are the only state the terminal keeps itself.

use kubeplay_playground::Completion;
use web_sys::{HtmlElement, HtmlInputElement};
use yew::prelude::*;

use crate::state::Entry;

#[derive(Properties, PartialEq)]
pub struct TerminalProps {
    pub transcript: Vec<Entry>,
    pub history: Vec<String>,
    pub on_run: Callback<String>,
    #[prop_or_default]
    pub input_ref: NodeRef,
    /// Completes a line (Tab).
    #[prop_or_default]
    pub complete: Option<Callback<String, Completion>>,
}

#[function_component]
pub fn Terminal(props: &TerminalProps) -> Html {
    let line = use_state(String::new);
    // Position in the history while browsing it with ↑/↓ (None: a new line).
    let cursor = use_state(|| None::<usize>);
    let output_ref = use_node_ref();
    // The choices the last Tab offered, shown under the prompt.
    let choices = use_state(Vec::<String>::new);

    // Keep the newest output in view, as a terminal does.
    {
        let output_ref = output_ref.clone();
        use_effect_with(props.transcript.len(), move |_| {
            if let Some(output) = output_ref.cast::<HtmlElement>() {
                output.set_scroll_top(output.scroll_height());
            }
        });
    }

    let oninput = {
        let line = line.clone();
        let cursor = cursor.clone();
        let choices = choices.clone();
        Callback::from(move |e: InputEvent| {
            line.set(e.target_unchecked_into::<HtmlInputElement>().value());
            cursor.set(None);
            choices.set(Vec::new());
        })
    };
    let onkeydown = {
        let line = line.clone();
        let cursor = cursor.clone();
        let choices = choices.clone();
        let history = props.history.clone();
        let on_run = props.on_run.clone();
        let complete = props.complete.clone();
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "Enter" => {
                e.prevent_default();
                on_run.emit((*line).clone());
                line.set(String::new());
                cursor.set(None);
                choices.set(Vec::new());
            }
            "Tab" if !e.shift_key() => {
                let Some(complete) = &complete else { return };
                e.prevent_default();
                let current = (*line).clone();
                let c = complete.emit(current.clone());
                let next = c.apply(&current);
                choices.set(if c.candidates.len() > 1 {
                    c.candidates.clone()
                } else {
                    Vec::new()
                });
                if let Some(input) = e
                    .target()
                    .and_then(|t| wasm_bindgen::JsCast::dyn_into::<HtmlInputElement>(t).ok())
                {
                    input.set_value(&next);
                }
                line.set(next);
            }
            "Escape" => choices.set(Vec::new()),
            "ArrowUp" if !history.is_empty() => {
                e.prevent_default();
                let at = match *cursor {
                    None => history.len() - 1,
                    Some(i) => i.saturating_sub(1),
                };
                cursor.set(Some(at));
                line.set(history.get(at).cloned().unwrap_or_default());
            }
            "ArrowDown" => {
                if let Some(i) = *cursor {
                    e.prevent_default();
                    if i + 1 < history.len() {
                        cursor.set(Some(i + 1));
                        line.set(history.get(i + 1).cloned().unwrap_or_default());
                    } else {
                        cursor.set(None);
                        line.set(String::new());
                    }
                }
            }
            _ => {}
        })
    };

    let entries = props.transcript.iter().map(|entry| {
        html! {
            <div class={classes!("entry", entry.output.failed.then_some("failed"), entry.running.is_some().then_some("running"), entry.queued.then_some("queued"))} data-failed={entry.output.failed.to_string()}>
                <div class="command"><span class="prompt">{ "$ " }</span>{ &entry.line }</div>
                if let Some(steps) = entry.running {
                    <div class="progress" data-testid="running" data-steps={steps.to_string()}>{ format!("running… {steps} steps so far") }</div>
                }
                if entry.queued {
                    <div class="progress" data-testid="queued">{ "waits for the command above" }</div>
                }
                { super::inspector::streams(&entry.output) }
            </div>
        }
    });

    html! {
        <section class="panel terminal">
            <header class="panel-header"><h2>{ "Terminal" }</h2><span class="hint">{ "Tab complete · ↑/↓ history · clear · / to focus" }</span></header>
            <div class="terminal-output" data-testid="terminal-output" ref={output_ref} role="log" aria-live="polite">
                { for entries }
            </div>
            <label class="terminal-line">
                <span class="prompt" aria-hidden="true">{ "$" }</span>
                <input
                    data-testid="terminal-input"
                    aria-label="Command"
                    placeholder="kubectl get pods"
                    spellcheck="false"
                    autocomplete="off"
                    ref={props.input_ref.clone()}
                    value={(*line).clone()}
                    {oninput}
                    {onkeydown}
                />
            </label>
            if !choices.is_empty() {
                <div class="completions" data-testid="completions" role="listbox" aria-label="Completions">
                    { for choices.iter().take(60).map(|c| html! { <span class="completion" role="option">{ c }</span> }) }
                    if choices.len() > 60 { <span class="completion more">{ format!("… {} more", choices.len() - 60) }</span> }
                </div>
            }
        </section>
    }
}
