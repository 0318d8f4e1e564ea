//! The kubectl terminal: the transcript so far and a prompt line. Enter sends
//! the line; ↑/↓ walk the command history; Tab completes the last word
//! (listing the choices when there are several). A line that bash would
//! read on from waits, as bash does, for the lines that complete it
//! (typed after a `>` prompt, or pasted with it: a multi-line paste is fed
//! line by line): a here-document (`cat <<EOF | kubectl apply -f -`) up to
//! its delimiter, a trailing `\`, `|`, `&&` or `||`, an open quote or
//! compound command (`for i in 0 1; do` … `done`). They are sent as one
//! command (one history entry, one step of a shared link); Escape or
//! Ctrl-C drops them. While the playground is attached to
//! a container's shell the prompt is that shell's, and Ctrl-D at an empty
//! line sends `exit`, as end of input would. The line being typed, the
//! lines waiting and the choices shown are the only state the terminal keeps.

use kubeplay_playground::{CommandReader, Completion};
use web_sys::{HtmlElement, HtmlInputElement};
use yew::prelude::*;

use crate::state::Entry;

/// Feeds each line of `text`; the commands completed, in order. The
/// lines wait while bash would read on ([`CommandReader`]: an open
/// here-document, quote or compound command, a trailing `\`, `|`, `&&`
/// or `||`); one reader goes through a long paste once.
pub fn feed_lines(pending: &mut Vec<String>, text: &str) -> Vec<String> {
    let mut reader = CommandReader::new();
    for l in pending.iter() {
        reader.push(l);
    }
    let mut done = Vec::new();
    for l in text.split('\n') {
        let l = l.strip_suffix('\r').unwrap_or(l);
        pending.push(l.to_string());
        reader.push(l);
        if reader.incomplete().is_none() {
            done.push(std::mem::take(pending).join("\n"));
            reader = CommandReader::new();
        }
    }
    done
}

/// A command as the transcript shows it: the prompt it was typed at
/// (`$ `, or a container shell's) before its first line, `> ` before its
/// here-documents' lines, as bash echoes them.
pub fn command_lines(text: &str, prompt: &str) -> Html {
    let lines = text.split('\n').enumerate().map(|(i, l)| {
        html! {
            <div class="command"><span class="prompt">{ if i == 0 { prompt } else { "> " } }</span>{ l }</div>
        }
    });
    html! { { for lines } }
}

/// The text of a paste event (the input element itself drops newlines).
fn pasted_text(e: &Event) -> Option<String> {
    let data = js_sys::Reflect::get(e, &"clipboardData".into()).ok()?;
    let get = js_sys::Reflect::get(&data, &"getData".into()).ok()?;
    let get: &js_sys::Function = wasm_bindgen::JsCast::dyn_ref(&get)?;
    get.call1(&data, &"text".into()).ok()?.as_string()
}

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
    /// The prompt the next line is typed at (`Playground::prompt`).
    #[prop_or_else(|| kubeplay_playground::USER_PROMPT.to_string())]
    pub prompt: String,
    /// What Ctrl-C at an empty line runs (`Playground::interrupt_line`):
    /// a `kubectl run -it` loop kept as a job stops as Ctrl-C in its own
    /// terminal would stop it.
    #[prop_or_default]
    pub interrupt: Option<String>,
}

/// The empty line's hint: what ends the shell or stops the loop, else
/// an example (a container has no kubectl, so the usual one would fail).
fn placeholder(prompt: &str, interrupt: Option<&str>) -> String {
    match interrupt {
        _ if attached(prompt) => "exit or Ctrl-D leaves the shell".into(),
        Some(line) => format!("Ctrl-C stops the loop ({line})"),
        None => "kubectl get pods".into(),
    }
}

/// Whether the terminal is attached to a container's shell, which
/// Ctrl-D at an empty line ends.
pub fn attached(prompt: &str) -> bool {
    prompt != kubeplay_playground::USER_PROMPT
}

#[function_component]
pub fn Terminal(props: &TerminalProps) -> Html {
    let line = use_state(String::new);
    // Position in the history while browsing it with ↑/↓ (None: a new line).
    let cursor = use_state(|| None::<usize>);
    let output_ref = use_node_ref();
    // The choices the last Tab offered, shown under the prompt.
    let choices = use_state(Vec::<String>::new);
    // Lines of a command still waiting for the lines that complete it.
    let pending = use_state(Vec::<String>::new);

    // Keep the newest output in view, as a terminal does: a new line, or
    // more output under one already shown (a `kubectl edit` saved later).
    {
        let output_ref = output_ref.clone();
        let printed: usize = props.transcript.iter().map(|e| e.output.stdout.len() + e.output.stderr.len()).sum();
        use_effect_with((props.transcript.len(), printed), move |_| {
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
        let pending = pending.clone();
        let in_container = attached(&props.prompt);
        let interrupt = props.interrupt.clone();
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            // Ctrl-C at the `>` prompt: bash drops the lines typed so far.
            "c" if e.ctrl_key() && !pending.is_empty() => {
                e.prevent_default();
                pending.set(Vec::new());
                line.set(String::new());
                choices.set(Vec::new());
            }
            "c" if e.ctrl_key() && line.is_empty() && pending.is_empty() && interrupt.is_some() => {
                e.prevent_default();
                on_run.emit(interrupt.clone().unwrap_or_default());
            }
            // Ctrl-D: end of input, which ends a container's shell as `exit` does.
            "d" if e.ctrl_key() && in_container && line.is_empty() && pending.is_empty() => {
                e.prevent_default();
                on_run.emit("exit".to_string());
            }
            "Enter" => {
                e.prevent_default();
                let mut waiting = (*pending).clone();
                for command in feed_lines(&mut waiting, &line) {
                    on_run.emit(command);
                }
                pending.set(waiting);
                line.set(String::new());
                cursor.set(None);
                choices.set(Vec::new());
            }
            "Escape" if !pending.is_empty() => {
                pending.set(Vec::new());
                choices.set(Vec::new());
            }
            // A container's shell completes nothing the playground knows.
            "Tab" if !e.shift_key() && in_container => e.prevent_default(),
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

    // A multi-line paste: every complete line is fed as if typed, and what
    // follows the last newline stays at the prompt.
    let onpaste = {
        let line = line.clone();
        let pending = pending.clone();
        let on_run = props.on_run.clone();
        Callback::from(move |e: Event| {
            let Some(text) = pasted_text(&e).filter(|t| t.contains('\n')) else { return };
            e.prevent_default();
            let text = format!("{}{text}", *line);
            let (complete, rest) = text.rsplit_once('\n').unwrap_or_default();
            let mut waiting = (*pending).clone();
            for command in feed_lines(&mut waiting, complete) {
                on_run.emit(command);
            }
            pending.set(waiting);
            line.set(rest.strip_suffix('\r').unwrap_or(rest).to_string());
        })
    };

    let entries = props.transcript.iter().map(|entry| {
        html! {
            <div class={classes!("entry", entry.output.failed.then_some("failed"), entry.running.is_some().then_some("running"), entry.queued.then_some("queued"), (!entry.fetching.is_empty()).then_some("fetching"))} data-failed={entry.output.failed.to_string()}>
                { command_lines(&entry.line, &entry.prompt) }
                if let Some(steps) = entry.running {
                    <div class="progress" data-testid="running" data-steps={steps.to_string()}>{ format!("running… {steps} steps so far") }</div>
                }
                for (url, _) in &entry.fetching {
                    <div class="progress" data-testid="fetching">{ format!("fetching {url} …") }</div>
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
                if !pending.is_empty() {
                    <div class="entry pending" data-testid="heredoc-pending">{ command_lines(&pending.join("\n"), &props.prompt) }</div>
                }
            </div>
            <label class="terminal-line">
                <span class="prompt" data-testid="terminal-prompt" aria-hidden="true">{ if pending.is_empty() { props.prompt.trim_end() } else { ">" } }</span>
                <input
                    data-testid="terminal-input"
                    aria-label="Command"
                    placeholder={ placeholder(&props.prompt, props.interrupt.as_deref()) }
                    spellcheck="false"
                    autocomplete="off"
                    ref={props.input_ref.clone()}
                    value={(*line).clone()}
                    {oninput}
                    {onkeydown}
                    {onpaste}
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A line typed and Enter pressed: the command it completes.
    fn feed(pending: &mut Vec<String>, line: &str) -> Option<String> {
        feed_lines(pending, line).pop()
    }

    #[test]
    fn lines_wait_for_their_heredoc_to_close() {
        let mut pending = Vec::new();
        assert_eq!(feed(&mut pending, "kubectl get pods"), Some("kubectl get pods".into()));
        assert_eq!(feed(&mut pending, "cat <<EOF | kubectl apply -f -"), None);
        assert_eq!(feed(&mut pending, "kind: Pod"), None);
        assert_eq!(feed(&mut pending, "EOF "), None, "bash closes only on the delimiter alone");
        assert_eq!(feed(&mut pending, "EOF"), Some("cat <<EOF | kubectl apply -f -\nkind: Pod\nEOF ".to_string() + "\nEOF"));
        assert!(pending.is_empty());
        assert_eq!(feed(&mut pending, "cat <<-'END'"), None);
        assert_eq!(feed(&mut pending, "\t\tEND"), Some("cat <<-'END'\n\t\tEND".into()));
    }

    #[test]
    fn lines_wait_while_bash_would_read_on() {
        let mut pending = Vec::new();
        let cases: &[(&[&str], &str)] = &[
            (&["kubectl create deployment web \\", "  --image=nginx"], "kubectl create deployment web \\\n  --image=nginx"),
            (&["for i in 0 1 2; do", "  kubectl exec zk-$i -- hostname", "done"], "for i in 0 1 2; do\n  kubectl exec zk-$i -- hostname\ndone"),
            (&["if true; then", "echo y", "fi"], "if true; then\necho y\nfi"),
            (&["kubectl annotate pod x note='line one", "line two'"], "kubectl annotate pod x note='line one\nline two'"),
            (&["kubectl get pods |", "grep web"], "kubectl get pods |\ngrep web"),
            (&["a &&", "b"], "a &&\nb"),
            (&["for i in 1; do", "cat <<EOF", "done", "EOF", "done"], "for i in 1; do\ncat <<EOF\ndone\nEOF\ndone"),
        ];
        for (lines, want) in cases {
            let (last, first) = lines.split_last().unwrap();
            for l in first {
                assert_eq!(feed(&mut pending, l), None, "{l:?} waits");
            }
            assert_eq!(feed(&mut pending, last).as_deref(), Some(*want));
            assert!(pending.is_empty());
        }
        // History gives a command back as one entry: Enter feeds its lines.
        assert_eq!(feed_lines(&mut pending, "for i in 1; do\necho $i\ndone"), ["for i in 1; do\necho $i\ndone"]);
        assert_eq!(feed(&mut pending, "echo done"), Some("echo done".into()));
    }

    #[test]
    fn a_paste_is_fed_line_by_line() {
        let mut pending = Vec::new();
        let paste = "kubectl create ns a\r\ncat <<EOF | kubectl apply -f -\r\nkind: Pod\r\nEOF\r\nkubectl get pods\ncat <<X";
        assert_eq!(
            feed_lines(&mut pending, paste),
            ["kubectl create ns a", "cat <<EOF | kubectl apply -f -\nkind: Pod\nEOF", "kubectl get pods"]
        );
        assert_eq!(pending, ["cat <<X"]);
        assert_eq!(feed_lines(&mut pending, "body\nX"), ["cat <<X\nbody\nX"]);
    }
}
