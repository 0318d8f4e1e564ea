//! The manifest editor: a transparent textarea over a highlighted copy of
//! its text (so the caret and selection are the browser's own), a gutter
//! with line numbers, and a marker layer on top that underlines where the
//! decoder found an error or warning (hover for its message). Apply (also
//! Ctrl+Enter) and Reset; while it holds the file of a running `kubectl
//! edit`, Save (also Ctrl+Enter) and Cancel end that edit instead.

use kubeplay_playground::{Diagnostic, Severity};
use web_sys::{HtmlElement, HtmlTextAreaElement};
use yew::prelude::*;

use super::yaml::highlight;
use crate::state::EditorError;

#[derive(Properties, PartialEq)]
pub struct EditorProps {
    pub text: AttrValue,
    /// The decoder's located errors and warnings for the text as typed.
    #[prop_or_default]
    pub diagnostics: Vec<Diagnostic>,
    /// What the last Apply failed with.
    pub error: Option<EditorError>,
    /// `deployment.apps/web` while the text is a running `kubectl edit`'s file.
    #[prop_or_default]
    pub editing: Option<String>,
    pub on_edit: Callback<String>,
    pub on_apply: Callback<()>,
    pub on_reset: Callback<()>,
    /// Save the running edit's file.
    #[prop_or_default]
    pub on_save: Callback<()>,
    /// Close it without saving.
    #[prop_or_default]
    pub on_cancel: Callback<()>,
    /// Counts the times the text was swapped for another file (an edit's
    /// opened, reopened, closed): each is shown from its top, where
    /// kubectl's comments say what went wrong.
    #[prop_or_default]
    pub swapped: u32,
}

/// The end (in chars) of the word that starts at `col` (0-based): the marker
/// underlines at least one character.
fn word_end(chars: &[char], col: usize) -> usize {
    let mut end = col;
    while end < chars.len() && !chars[end].is_whitespace() {
        end += 1;
    }
    end.max(col + 1)
}

fn severity_class(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// The marker layer: the text in transparent ink, with each located
/// problem wrapped in an underlined, hoverable span.
fn markers(text: &str, diagnostics: &[Diagnostic]) -> Html {
    let lines: Vec<&str> = text.split('\n').collect();
    let rows = lines.iter().enumerate().map(|(i, line)| {
        let here: Vec<&Diagnostic> = diagnostics.iter().filter(|d| d.line == i + 1).collect();
        let Some(d) = here.first() else {
            return html! { <>{ *line }{ "\n" }</> };
        };
        let chars: Vec<char> = line.chars().collect();
        let col = d.column.saturating_sub(1).min(chars.len());
        let end = word_end(&chars, col);
        let before: String = chars[..col].iter().collect();
        let marked: String = chars[col..end.min(chars.len())].iter().collect();
        let pad = " ".repeat(end.saturating_sub(chars.len()));
        let after: String = chars[end.min(chars.len())..].iter().collect();
        let message = here.iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("\n");
        html! {
            <>
                { before }
                <span class={classes!("mark", severity_class(d.severity))} data-testid="editor-marker"
                    data-line={d.line.to_string()} data-column={d.column.to_string()} data-severity={severity_class(d.severity)}
                    title={message.clone()} data-message={message}>{ marked }{ pad }</span>
                { after }{ "\n" }
            </>
        }
    });
    html! { <>{ for rows }</> }
}

#[function_component]
pub fn Editor(props: &EditorProps) -> Html {
    let gutter = use_node_ref();
    let colours = use_node_ref();
    let marks = use_node_ref();
    let area = use_node_ref();
    {
        let layers = [area.clone(), gutter.clone(), colours.clone(), marks.clone()];
        use_effect_with(props.swapped, move |_| {
            for layer in &layers {
                if let Some(l) = layer.cast::<HtmlElement>() {
                    l.set_scroll_top(0);
                    l.set_scroll_left(0);
                }
            }
        });
    }
    let oninput = props.on_edit.reform(|e: InputEvent| e.target_unchecked_into::<HtmlTextAreaElement>().value());
    let onclick = props.on_apply.reform(|_: MouseEvent| ());
    let on_reset = props.on_reset.reform(|_: MouseEvent| ());
    let on_save = props.on_save.reform(|_: MouseEvent| ());
    let on_cancel = props.on_cancel.reform(|_: MouseEvent| ());
    let onkeydown = {
        // Ctrl+Enter saves a running edit, else applies.
        let on_apply = if props.editing.is_some() { props.on_save.clone() } else { props.on_apply.clone() };
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" && (e.ctrl_key() || e.meta_key()) {
                e.prevent_default();
                on_apply.emit(());
            }
        })
    };
    // The gutter and both layers scroll with the text.
    let onscroll = {
        let (gutter, colours, marks) = (gutter.clone(), colours.clone(), marks.clone());
        Callback::from(move |e: Event| {
            let area = e.target_unchecked_into::<HtmlElement>();
            let (top, left) = (area.scroll_top(), area.scroll_left());
            if let Some(g) = gutter.cast::<HtmlElement>() {
                g.set_scroll_top(top);
            }
            for layer in [&colours, &marks] {
                if let Some(l) = layer.cast::<HtmlElement>() {
                    l.set_scroll_top(top);
                    l.set_scroll_left(left);
                }
            }
        })
    };
    let text = props.text.as_str();
    let lines = text.split('\n').count().max(1);
    let numbers = (1..=lines).map(|n| {
        let here: Vec<&Diagnostic> = props.diagnostics.iter().filter(|d| d.line == n).collect();
        let apply_error = props.error.as_ref().filter(|e| e.line == n);
        let class = if apply_error.is_some() || here.iter().any(|d| d.severity == Severity::Error) {
            Some("ln-error")
        } else if !here.is_empty() {
            Some("ln-warning")
        } else {
            None
        };
        let mut messages: Vec<String> = here.iter().map(|d| format!("{}:{}: {}", d.line, d.column, d.message)).collect();
        if let Some(e) = apply_error {
            messages.push(e.message.clone());
        }
        let title = (!messages.is_empty()).then(|| messages.join("\n"));
        html! { <div class={classes!("ln", class)} title={title}>{ n }</div> }
    });
    let coloured = highlight(text).into_iter().map(|line| {
        html! {
            <>
                { for line.into_iter().map(|(tok, s)| html! { <span class={tok.class()}>{ s }</span> }) }
                { "\n" }
            </>
        }
    });
    let (errors, warnings) = props.diagnostics.iter().fold((0, 0), |(e, w), d| match d.severity {
        Severity::Error => (e + 1, w),
        Severity::Warning => (e, w + 1),
    });
    let first = props.diagnostics.first();
    html! {
        <section class="panel editor">
            <header class="panel-header">
                <h2>{ "Manifest" }</h2>
                <div class="header-actions">
                    if props.editing.is_some() {
                        <button class="ghost" data-testid="edit-cancel" title="Close the file without saving: Edit cancelled, no changes made." onclick={on_cancel}>{ "Cancel" }</button>
                        <button class="apply" data-testid="edit-save" title="Save the file: kubectl edit patches what changed (Ctrl+Enter)" onclick={on_save}>{ "Save" }<kbd class="kbd">{ "Ctrl ⏎" }</kbd></button>
                    } else {
                        <button class="ghost" data-testid="reset-session" title="Start over: a fresh cluster and the default example (clears the saved session)" onclick={on_reset}>{ "Reset" }</button>
                        <button class="apply" data-testid="apply" title="kubectl apply -f - (Ctrl+Enter)" {onclick}>{ "Apply" }<kbd class="kbd">{ "Ctrl ⏎" }</kbd></button>
                    }
                </div>
            </header>
            // A strip of its own, full width: the object's name is never cut.
            if let Some(obj) = &props.editing {
                <div class="edit-bar" role="status">
                    <span class="edit-what" data-testid="editing">{ format!("editing {obj}") }</span>
                    <span class="edit-hint">{ "kubectl edit waits for this file: Save sends your changes, Cancel closes it unchanged" }</span>
                </div>
            }
            <div class="editor-body">
                <div class="gutter" ref={gutter} aria-hidden="true">{ for numbers }<div class="ln-pad" /></div>
                <div class="code">
                    <pre class="code-layer colours" ref={colours} aria-hidden="true" data-testid="editor-highlight">{ for coloured }</pre>
                    <textarea
                        class="code-layer input"
                        data-testid="editor"
                        ref={area}
                        aria-label="Manifest editor"
                        spellcheck="false"
                        autocomplete="off"
                        wrap="off"
                        value={props.text.clone()}
                        {oninput}
                        {onkeydown}
                        {onscroll}
                    />
                    <pre class="code-layer marks" ref={marks} aria-hidden="true">{ markers(text, &props.diagnostics) }</pre>
                </div>
            </div>
            if let Some(err) = &props.error {
                <div class="editor-error" role="alert" data-testid="editor-error">{ format!("line {}: {}", err.line, err.message) }</div>
            } else if let Some(d) = first {
                <div class={classes!("editor-status", severity_class(d.severity))} data-testid="editor-status" role="status">
                    <span class="status-count">{
                        match (errors, warnings) {
                            (0, w) => format!("{w} warning{}", if w == 1 { "" } else { "s" }),
                            (e, 0) => format!("{e} error{}", if e == 1 { "" } else { "s" }),
                            (e, w) => format!("{e} error{} · {w} warning{}", if e == 1 { "" } else { "s" }, if w == 1 { "" } else { "s" }),
                        }
                    }</span>
                    { format!("line {}, column {}: {}", d.line, d.column, d.message) }
                </div>
            }
        </section>
    }
}
