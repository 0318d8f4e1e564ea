//! The manifest editor and its Apply button.

use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct EditorProps {
    pub text: AttrValue,
    pub on_edit: Callback<String>,
    pub on_apply: Callback<()>,
}

#[function_component]
pub fn Editor(props: &EditorProps) -> Html {
    let oninput = props.on_edit.reform(|e: InputEvent| e.target_unchecked_into::<HtmlTextAreaElement>().value());
    let onclick = props.on_apply.reform(|_: MouseEvent| ());
    html! {
        <section class="panel editor">
            <header class="panel-header">
                <h2>{ "Manifest" }</h2>
                <button class="apply" data-testid="apply" {onclick}>{ "Apply" }</button>
            </header>
            <textarea
                data-testid="editor"
                aria-label="Manifest editor"
                spellcheck="false"
                autocomplete="off"
                value={props.text.clone()}
                {oninput}
            />
        </section>
    }
}
