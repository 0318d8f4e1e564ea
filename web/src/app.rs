//! The page: lays out the components, turns their events into actions,
//! paces play, handles the keyboard shortcuts and autosaves the session.

use std::collections::BTreeSet;

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::prelude::*;

use crate::boot::{self, Notice, Notices};
use crate::components::{
    first_image, Chaos, Cluster, Editor, Events, ExampleList, Graph, ImportDialog, Inspector,
    LessonEvent, LessonPanel, LessonPicker, RolloutBudget, StepCard, Stepper, Terminal, WhatIf,
    WhatIfRequest,
};
use crate::embed;
use crate::state::{Action, State, EXAMPLES, MAX_WORK_SLICE_MS, WORK_SLICE_MS};
use crate::storage;

/// Least time between two autosaves while play runs.
const AUTOSAVE_WHILE_PLAYING_MS: f64 = 1000.0;

#[derive(Properties, PartialEq, Default)]
pub struct AppProps {
    /// Restore the saved session at start and save every change. The page
    /// turns this on; component tests leave it off so they don't share state.
    #[prop_or_default]
    pub persist: bool,
    /// Embed mode (embed.html): compact, driven by the host page.
    #[prop_or_default]
    pub embed: Option<Rc<embed::Config>>,
}

/// The objects a step read or wrote, as `kind/name` (lowercase kind).
fn touched(state: &State) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    if let Some(step) = &state.step {
        out.insert(format!("{}/{}", step.kind.to_ascii_lowercase(), step.name));
        for w in &step.writes {
            if let Some(obj) = w.split(' ').next_back() {
                out.insert(obj.to_string());
            }
        }
    }
    out
}

fn set_theme_attr(theme: &str) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("data-theme", theme);
    }
}

fn system_dark() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .is_some_and(|m| m.matches())
}

#[function_component]
pub fn App(props: &AppProps) -> Html {
    let embed = props.embed.clone();
    let persist = props.persist && embed.is_none();
    let boot_notices = use_mut_ref(Vec::<Notice>::new);
    let state = {
        let (boot_notices, embed) = (boot_notices.clone(), embed.clone());
        use_reducer(move || {
            let (state, notices) = boot::initial(persist, embed.as_deref());
            *boot_notices.borrow_mut() = notices;
            state
        })
    };
    let notices = use_state(|| boot_notices.borrow().clone());
    let lesson = {
        let embed = embed.clone();
        use_state(move || match &embed {
            Some(c) => c.lesson.clone(),
            None if persist => boot::lesson_from_url(),
            None => None,
        })
    };
    let terminal_input = use_node_ref();
    let theme = use_state(|| {
        if persist { storage::theme() } else { None }.unwrap_or_else(|| {
            if system_dark() {
                "dark".into()
            } else {
                "light".into()
            }
        })
    });

    // Autosave: after every change worth keeping, but while playing at
    // most once a second (serialising and `localStorage.setItem` are too
    // slow for every frame); stopping play saves at once.
    let last_save = use_mut_ref(|| f64::NEG_INFINITY);
    {
        let state = state.clone();
        use_effect_with((state.generation, state.playing), move |_| {
            let now = js_sys::Date::now();
            let due = !state.playing || now - *last_save.borrow() >= AUTOSAVE_WHILE_PLAYING_MS;
            if persist && due {
                *last_save.borrow_mut() = now;
                let saved = state.saved();
                if saved.script.is_empty()
                    && saved.history.is_empty()
                    && state.selected_example == Some(0)
                {
                    storage::clear();
                } else {
                    storage::save(&saved);
                }
            }
        });
    }
    {
        let theme = (*theme).clone();
        use_effect_with(theme, move |t| set_theme_attr(t));
    }

    // Play: every animation frame tells the facade how much wall time
    // passed; it runs the steps the speed makes due (`Playground::play`),
    // until nothing is left. A frame with no step due leaves the state as
    // it was, so nothing is drawn. The frame clock only paces; the
    // engine's clock stays virtual.
    {
        let dispatcher = state.dispatcher();
        use_effect_with(state.playing, move |playing| {
            let mut last: Option<f64> = None;
            frame_loop(*playing, move |now| {
                let elapsed_ms = last.map_or(0.0, |t| (now - t).clamp(0.0, 60_000.0));
                last = Some(now);
                dispatcher.dispatch(Action::Frame((elapsed_ms * 1000.0) as u32));
            })
        });
    }

    // A long `sim settle|advance|step` typed in the terminal runs a slice
    // of engine time per animation frame, so the page keeps drawing and
    // answering: WORK_SLICE_MS, or as long as the last frame took to draw
    // when that was longer (the command keeps at least half the time).
    {
        let dispatcher = state.dispatcher();
        use_effect_with(state.working(), move |working| {
            let mut slice = WORK_SLICE_MS;
            let mut last: Option<f64> = None;
            frame_loop(*working, move |now| {
                if let Some(t) = last {
                    let drawing = now - t - f64::from(slice);
                    slice = (drawing as u32).clamp(WORK_SLICE_MS, MAX_WORK_SLICE_MS);
                }
                last = Some(now);
                dispatcher.dispatch(Action::WorkSlice(slice));
            })
        });
    }

    // A line that reads `-f https://…` waits for the page to download
    // it: each download starts once (the list shrinks as they come back)
    // and its result goes back to the state, which then runs the line.
    let in_flight = use_mut_ref(BTreeSet::<String>::new);
    {
        let dispatcher = state.dispatcher();
        use_effect_with(state.downloads(), move |wanted| {
            for (url, address) in wanted.iter().cloned() {
                if !in_flight.borrow_mut().insert(url.clone()) {
                    continue;
                }
                let (dispatcher, in_flight) = (dispatcher.clone(), in_flight.clone());
                crate::fetch::fetch(address, move |body| {
                    in_flight.borrow_mut().remove(&url);
                    dispatcher.dispatch(Action::Fetched(url, body));
                });
            }
        });
    }

    // Keyboard shortcuts, except while typing in a field.
    {
        let dispatcher = state.dispatcher();
        let terminal_input = terminal_input.clone();
        use_effect_with((), move |_| {
            let listener = Closure::<dyn Fn(KeyboardEvent)>::new(move |e: KeyboardEvent| {
                let typing = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    .is_some_and(|el| {
                        matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                            && el.get_attribute("type").as_deref() != Some("range")
                    });
                if typing || e.ctrl_key() || e.meta_key() || e.alt_key() {
                    return;
                }
                let action = match e.key().as_str() {
                    " " => Some(Action::TogglePlay),
                    "ArrowLeft" => Some(Action::StepBack),
                    "ArrowRight" => Some(Action::Step),
                    "/" => {
                        if let Some(input) = terminal_input.cast::<HtmlElement>() {
                            let _ = input.focus();
                        }
                        e.prevent_default();
                        None
                    }
                    "Escape" => Some(Action::CloseInspector),
                    _ => return,
                };
                if let Some(action) = action {
                    e.prevent_default();
                    dispatcher.dispatch(action);
                }
            });
            let document = web_sys::window().and_then(|w| w.document());
            if let Some(d) = &document {
                let _ = d
                    .add_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref());
            }
            move || {
                if let Some(d) = &document {
                    let _ = d.remove_event_listener_with_callback(
                        "keydown",
                        listener.as_ref().unchecked_ref(),
                    );
                }
            }
        });
    }

    // The chaos panel's image: found again only when the editor's text
    // changed, not on every render (scanning a pasted 1 MB bundle's lines
    // took ≈10 ms of each render).
    let editor_image = use_memo(state.editor.clone(), |text| first_image(text));
    // Callbacks made once and kept (they only dispatch), so a component
    // whose data did not change is not re-rendered for a new callback.
    let dispatcher = state.dispatcher();
    let on_apply = use_callback(dispatcher.clone(), |(), d| d.dispatch(Action::Apply));
    let on_save = use_callback(dispatcher.clone(), |(), d| d.dispatch(Action::SaveEdit));
    let on_cancel = use_callback(dispatcher.clone(), |(), d| d.dispatch(Action::CancelEdit));
    let on_reset = use_callback(dispatcher.clone(), |(), d| d.dispatch(Action::ResetSession));
    let on_rewind = use_callback(dispatcher.clone(), |(), d| d.dispatch(Action::Rewind));
    let on_back = use_callback(dispatcher.clone(), |(), d| d.dispatch(Action::StepBack));
    let on_play = use_callback(dispatcher.clone(), |(), d| d.dispatch(Action::TogglePlay));
    let on_step = use_callback(dispatcher.clone(), |(), d| d.dispatch(Action::Step));
    let on_close_inspector = use_callback(dispatcher.clone(), |(), d| {
        d.dispatch(Action::CloseInspector)
    });
    let on_edit = use_callback(dispatcher.clone(), |text: String, d| {
        d.dispatch(Action::Edit(text))
    });
    let on_run = use_callback(dispatcher.clone(), |line: String, d| {
        // A hidden command that crashes the page on purpose, to try
        // (and test) crash recovery.
        if line.trim() == "debug panic" {
            panic!("debug panic: a deliberate crash (typed in the terminal)");
        }
        d.dispatch(Action::Run(line))
    });
    let on_select_example = use_callback(dispatcher.clone(), |index: usize, d| {
        d.dispatch(Action::LoadExample(index))
    });
    let on_select = use_callback(dispatcher.clone(), |obj, d| d.dispatch(Action::Select(obj)));
    let on_speed = use_callback(dispatcher.clone(), |i, d| d.dispatch(Action::SetSpeed(i)));
    let on_jump = use_callback(dispatcher.clone(), |n, d| d.dispatch(Action::Jump(n)));
    let on_hide_noops = use_callback(dispatcher.clone(), |on, d| d.dispatch(Action::HideNoops(on)));
    let on_chaos = use_callback(dispatcher.clone(), |line: String, d| {
        d.dispatch(Action::Run(line))
    });
    let on_edit_object = state.selected.clone().map(|obj| {
        let state = state.clone();
        Callback::from(move |()| state.dispatch(Action::EditObject(obj.clone())))
    });
    // Completion reads the cluster as it is when Tab is pressed.
    let latest = use_mut_ref(|| None::<UseReducerHandle<State>>);
    *latest.borrow_mut() = Some(state.clone());
    let complete = {
        let latest = latest.clone();
        use_callback((), move |line: String, _| {
            latest
                .borrow()
                .as_ref()
                .map(|s| s.complete(&line))
                .unwrap_or_default()
        })
    };
    let toggle_theme = {
        let theme = theme.clone();
        Callback::from(move |_: MouseEvent| {
            let next = if *theme == "dark" { "light" } else { "dark" };
            if persist {
                storage::set_theme(next);
            }
            theme.set(next.to_string());
        })
    };

    // The import dialog and the what-if panel (see components/import.rs, whatif.rs).
    let import_open = use_state(|| false);
    let whatif_open = use_state(|| false);
    let whatif_result = use_state(|| None);
    let toggle = |flag: &UseStateHandle<bool>| {
        let flag = flag.clone();
        Callback::from(move |_: MouseEvent| flag.set(!*flag))
    };
    let close = |flag: &UseStateHandle<bool>| {
        let flag = flag.clone();
        Callback::from(move |()| flag.set(false))
    };
    let on_import = {
        let state = state.clone();
        Callback::from(move |text: String| state.dispatch(Action::Import(text)))
    };
    let on_whatif = {
        let (state, result) = (state.clone(), whatif_result.clone());
        Callback::from(move |r: WhatIfRequest| {
            result.set(Some(state.what_if(&r.a, &r.b, r.seconds * 1000)))
        })
    };
    // Embeds: take the host's messages, announce readiness.
    {
        let dispatcher = state.dispatcher();
        let embed = embed.clone();
        use_effect_with((), move |_| {
            let listener = embed.as_ref().and_then(|config| {
                embed::post(
                    config,
                    &embed::Event::Ready {
                        widget: config.widget.clone(),
                        lesson: config.lesson.clone(),
                    },
                );
                embed::listen((**config).clone(), move |cmd| match cmd {
                    embed::Command::Apply { manifest } => {
                        dispatcher.dispatch(Action::Edit(manifest));
                        dispatcher.dispatch(Action::Apply);
                    }
                    embed::Command::Run { command } => dispatcher.dispatch(Action::Run(command)),
                    embed::Command::Load { example } => {
                        if let Some(i) = crate::state::EXAMPLES
                            .iter()
                            .position(|e| e.name == example)
                        {
                            dispatcher.dispatch(Action::LoadExample(i));
                        }
                    }
                    embed::Command::Step { count } => {
                        for _ in 0..count.unwrap_or(1) {
                            dispatcher.dispatch(Action::Step);
                        }
                    }
                    embed::Command::Jump { step } => dispatcher.dispatch(Action::Jump(step)),
                    embed::Command::Play { playing } => dispatcher.dispatch(Action::SetPlaying(playing)),
                    embed::Command::Reset {} => dispatcher.dispatch(Action::ResetSession),
                })
            });
            move || drop(listener)
        });
    }
    // Embeds: tell the host where the simulation is, whenever that moves.
    {
        let embed = embed.clone();
        let (time, explanation) = (
            state.view.time.clone(),
            state.step.as_ref().map(|s| s.explanation.clone()),
        );
        use_effect_with(state.position, move |position| {
            if let Some(config) = &embed {
                embed::post(
                    config,
                    &embed::engine_event(config, *position, &time, explanation.as_deref()),
                );
            }
        });
    }
    // A share link pasted into this tab's address bar (only the fragment changes).
    {
        let (dispatcher, notices) = (state.dispatcher(), notices.setter());
        use_effect_with((), move |_| {
            let listener = persist.then(|| {
                boot::on_share_link(move |result| match result {
                    Ok(saved) => {
                        let n = saved.script.len();
                        dispatcher.dispatch(Action::Restore(saved));
                        notices.set(vec![Notice::info("link", format!("Opened a shared session: {n} recorded actions replayed on a fresh cluster."))]);
                    }
                    Err(e) => notices.set(vec![Notice::error("share", format!("This share link was not opened: {e}."))]),
                })
            });
            move || drop(listener)
        });
    }
    // `?panic=1`: crash once rendered (a test hook for crash recovery).
    use_effect_with((), move |_| {
        if persist && boot::panic_requested() {
            panic!("?panic=1: a deliberate crash (test hook)");
        }
    });
    let on_lesson_event = {
        let embed = embed.clone();
        Callback::from(move |e: LessonEvent| {
            if let Some(config) = &embed {
                embed::post(config, &embed::lesson_event(config, &e));
            }
        })
    };
    // Bumped on every pick, so picking the same lesson again starts it over.
    let lesson_run = use_state(|| 0u32);
    let on_pick_lesson = {
        let (state, lesson, lesson_run) = (state.clone(), lesson.clone(), lesson_run.clone());
        Callback::from(move |id: Option<String>| {
            lesson_run.set(*lesson_run + 1);
            // A lesson starts on a fresh cluster.
            state.dispatch(Action::ResetSession);
            if persist {
                storage::set_lesson_progress(None);
                boot::set_lesson_in_url(id.as_deref());
            }
            lesson.set(id);
        })
    };
    let on_close_lesson = {
        let lesson = lesson.clone();
        Callback::from(move |()| {
            if persist {
                storage::set_lesson_progress(None);
                boot::set_lesson_in_url(None);
            }
            lesson.set(None);
        })
    };
    let on_share = {
        let (state, notices) = (state.clone(), notices.clone());
        Callback::from(move |_: MouseEvent| {
            let notice = match crate::share::link(&state.saved()) {
                Ok(link) => {
                    crate::share::copy(&link);
                    let text = "This link replays your session (manifests, commands, steps) on a fresh cluster; it is copied to the clipboard where the browser allows it.";
                    Notice {
                        link: Some(link),
                        ..Notice::info("share", text.into())
                    }
                }
                Err(e) => Notice::error(
                    "share",
                    format!("This session cannot be shared as a link: {e}."),
                ),
            };
            let mut next: Vec<Notice> = notices
                .iter()
                .filter(|n| n.kind != "share")
                .cloned()
                .collect();
            next.push(notice);
            notices.set(next);
        })
    };
    let on_dismiss = {
        let notices = notices.clone();
        Callback::from(move |i: usize| {
            let mut next = (*notices).clone();
            if i < next.len() {
                next.remove(i);
            }
            notices.set(next);
        })
    };
    let embed_classes = embed.as_ref().map(|c| {
        let mut cls = classes!("embed");
        for p in &c.panels {
            cls.push(format!("show-{p}"));
        }
        cls
    });

    html! {
        <div class={classes!("app", state.selected.is_some().then_some("inspecting"), lesson.is_some().then_some("with-lesson"), embed_classes)}>
            <header class="app-header">
                <h1><span class="logo" aria-hidden="true">{ "⎈" }</span>{ "Kubeplay" }</h1>
                <p class="tagline">{ "A Kubernetes cluster in your browser" }</p>
                <ExampleList examples={EXAMPLES} selected={state.selected_example} on_select={on_select_example} />
                <LessonPicker current={(*lesson).clone().map(AttrValue::from)} on_pick={on_pick_lesson} />
                <span class="spacer" />
                // A widget inside someone's article keeps to the host's
                // script: no cluster import, no side-by-side comparisons.
                if embed.is_none() {
                    <button class="ghost" data-testid="import-open" title="Recreate a real cluster from kubectl get -o yaml output" onclick={toggle(&import_open)}>{ "Import cluster" }</button>
                    <button class={classes!("ghost", whatif_open.then_some("active"))} data-testid="whatif-open" title="Compare two changes side by side" aria-pressed={whatif_open.to_string()} onclick={toggle(&whatif_open)}>{ "What if…" }</button>
                }
                <button class="ghost share" data-testid="share" title="Copy a link that replays this session" onclick={on_share}>{ "Share" }</button>
                <span class="keys" title="Keyboard shortcuts">{ "space play · ←/→ step · / terminal" }</span>
                <button class="ghost theme-toggle" data-testid="theme" title="Light / dark theme" aria-label="Toggle theme" onclick={toggle_theme}>{ if *theme == "dark" { "☀" } else { "☾" } }</button>
            </header>
            <Notices notices={(*notices).clone()} {on_dismiss} />
            <main class="workspace">
                if let Some(id) = (*lesson).clone() {
                    <LessonPanel id={id.clone()} key={format!("{id}-{}", *lesson_run)} state={state.clone()} {persist} on_event={on_lesson_event} on_close={on_close_lesson} />
                }
                <div class="left">
                    <Editor text={AttrValue::from(state.editor.clone())} error={state.editor_error.clone()} diagnostics={state.diagnostics.clone()} editing={state.editing.clone()} swapped={state.file_swaps} {on_edit} {on_apply} {on_reset} {on_save} {on_cancel} />
                    <Terminal transcript={state.transcript.clone()} history={state.history.clone()} {on_run} input_ref={terminal_input.clone()} complete={Some(complete)} prompt={state.playground().prompt()} interrupt={state.playground().interrupt_line()} />
                </div>
                <div class="center">
                    <Stepper position={state.position} playing={state.playing} speed={state.speed} time={state.view.time.clone()}
                        hide_noops={state.hide_noops} {on_rewind} {on_back} {on_play} {on_step} {on_speed} {on_jump} {on_hide_noops} />
                    <StepCard step={state.step.clone()} writes={state.writes.clone()} />
                    <RolloutBudget rollouts={state.rollouts.clone()} />
                    <Chaos view={state.view.clone()} selected={state.selected.clone()} image={(*editor_image).clone()} on_run={on_chaos} />
                    <div class="views">
                        <Graph view={state.view.clone()} graph={state.graph.clone()} traffic={state.traffic.clone()} selected={state.selected.clone()} touched={touched(&state)} on_select={on_select.clone()} />
                        <Cluster view={state.view.clone()} selected={state.selected.clone()} {on_select} />
                    </div>
                    if *whatif_open {
                        <WhatIf result={(*whatif_result).clone()} on_run={on_whatif} on_close={close(&whatif_open)} />
                    }
                    <Events view={state.view.clone()} />
                </div>
                if let Some(selected) = state.selected.clone() {
                    <Inspector {selected} inspection={state.inspection.clone()} on_close={on_close_inspector} on_edit={on_edit_object} />
                }
            </main>
            if *import_open {
                <ImportDialog result={state.import_result.clone()} {on_import} on_close={close(&import_open)} />
            }
        </div>
    }
}

/// Play's per-frame callback, shared with itself so it can ask for the next frame.
type Frame = Rc<RefCell<Option<Closure<dyn FnMut(f64)>>>>;

/// Calls `each` with the frame time on every animation frame while `on`;
/// the returned cleanup (an effect's destructor) stops it.
fn frame_loop(on: bool, mut each: impl FnMut(f64) + 'static) -> impl FnOnce() {
    let stop = Rc::new(Cell::new(!on));
    let frame: Frame = Rc::new(RefCell::new(None));
    // The pending frame request, cancelled when the loop stops.
    let pending = Rc::new(Cell::new(0));
    if on {
        let (stop_in, frame_in, pending_in) = (stop.clone(), frame.clone(), pending.clone());
        *frame.borrow_mut() = Some(Closure::new(move |now: f64| {
            if stop_in.get() {
                return;
            }
            each(now);
            pending_in.set(request_frame(&frame_in));
        }));
        pending.set(request_frame(&frame));
    }
    move || {
        stop.set(true);
        if let Some(w) = web_sys::window() {
            let _ = w.cancel_animation_frame(pending.get());
        }
        // Dropping the closure breaks the frame ↔ closure cycle.
        frame.borrow_mut().take();
    }
}

/// Asks for `frame` to run on the next animation frame; the request id.
fn request_frame(frame: &Frame) -> i32 {
    match (
        web_sys::window(),
        frame.try_borrow().ok().as_ref().and_then(|f| f.as_ref()),
    ) {
        (Some(window), Some(f)) => window
            .request_animation_frame(f.as_ref().unchecked_ref())
            .unwrap_or(0),
        _ => 0,
    }
}
