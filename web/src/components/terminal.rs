//! The kubectl terminal: the transcript so far and a prompt line. Enter sends
//! the line; the line's text is the only state the terminal keeps itself.

use web_sys::{HtmlElement, HtmlInputElement};
use yew::prelude::*;

use crate::state::Entry;

#[derive(Properties, PartialEq)]
pub struct TerminalProps {
    pub transcript: Vec<Entry>,
    pub on_run: Callback<String>,
}

#[function_component]
pub fn Terminal(props: &TerminalProps) -> Html {
    let line = use_state(String::new);
    let output_ref = use_node_ref();

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
        Callback::from(move |e: InputEvent| line.set(e.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let onkeydown = {
        let line = line.clone();
        let on_run = props.on_run.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" {
                e.prevent_default();
                on_run.emit((*line).clone());
                line.set(String::new());
            }
        })
    };

    let entries = props.transcript.iter().map(|entry| {
        html! {
            <div class="entry">
                <div class="command"><span class="prompt">{ "$ " }</span>{ &entry.line }</div>
                if !entry.output.stdout.is_empty() {
                    <pre class="stdout">{ &entry.output.stdout }</pre>
                }
                if !entry.output.stderr.is_empty() {
                    <pre class="stderr">{ &entry.output.stderr }</pre>
                }
            </div>
        }
    });

    html! {
        <section class="panel terminal">
            <header class="panel-header"><h2>{ "Terminal" }</h2></header>
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
                    value={(*line).clone()}
                    {oninput}
                    {onkeydown}
                />
            </label>
        </section>
    }
}
