//! The manifest editor: a textarea with a line-number gutter that marks the
//! line the decoder complained about, Apply (also Ctrl+Enter) and Reset.

use web_sys::{HtmlElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::state::EditorError;

#[derive(Properties, PartialEq)]
pub struct EditorProps {
    pub text: AttrValue,
    pub error: Option<EditorError>,
    pub on_edit: Callback<String>,
    pub on_apply: Callback<()>,
    pub on_reset: Callback<()>,
}

#[function_component]
pub fn Editor(props: &EditorProps) -> Html {
    let gutter = use_node_ref();
    let oninput = props.on_edit.reform(|e: InputEvent| e.target_unchecked_into::<HtmlTextAreaElement>().value());
    let onclick = props.on_apply.reform(|_: MouseEvent| ());
    let on_reset = props.on_reset.reform(|_: MouseEvent| ());
    let onkeydown = {
        let on_apply = props.on_apply.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" && (e.ctrl_key() || e.meta_key()) {
                e.prevent_default();
                on_apply.emit(());
            }
        })
    };
    // The gutter scrolls with the text.
    let onscroll = {
        let gutter = gutter.clone();
        Callback::from(move |e: Event| {
            let area = e.target_unchecked_into::<HtmlElement>();
            if let Some(g) = gutter.cast::<HtmlElement>() {
                g.set_scroll_top(area.scroll_top());
            }
        })
    };
    let lines = props.text.split('\n').count().max(1);
    let error_line = props.error.as_ref().map(|e| e.line);
    let numbers = (1..=lines).map(|n| {
        let bad = error_line == Some(n);
        let title = if bad { props.error.as_ref().map(|e| e.message.clone()) } else { None };
        html! { <div class={classes!("ln", bad.then_some("ln-error"))} title={title}>{ n }</div> }
    });
    html! {
        <section class="panel editor">
            <header class="panel-header">
                <h2>{ "Manifest" }</h2>
                <div class="header-actions">
                    <button class="ghost" data-testid="reset-session" title="Start over: a fresh cluster and the default example (clears the saved session)" onclick={on_reset}>{ "Reset" }</button>
                    <button class="apply" data-testid="apply" title="kubectl apply -f - (Ctrl+Enter)" {onclick}>{ "Apply" }</button>
                </div>
            </header>
            <div class="editor-body">
                <div class="gutter" ref={gutter} aria-hidden="true">{ for numbers }<div class="ln-pad" /></div>
                <textarea
                    data-testid="editor"
                    aria-label="Manifest editor"
                    spellcheck="false"
                    autocomplete="off"
                    wrap="off"
                    value={props.text.clone()}
                    {oninput}
                    {onkeydown}
                    {onscroll}
                />
            </div>
            if let Some(err) = &props.error {
                <div class="editor-error" role="alert" data-testid="editor-error">{ format!("line {}: {}", err.line, err.message) }</div>
            }
        </section>
    }
}
