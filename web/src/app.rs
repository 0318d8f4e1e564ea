//! The page: lays out the components and turns their events into actions.

use yew::prelude::*;

use crate::components::{Editor, ExampleList, Terminal};
use crate::state::{Action, State, EXAMPLES};

#[function_component]
pub fn App() -> Html {
    let state = use_reducer(State::default);

    let on_edit = {
        let state = state.clone();
        Callback::from(move |text: String| state.dispatch(Action::Edit(text)))
    };
    let on_apply = {
        let state = state.clone();
        Callback::from(move |()| state.dispatch(Action::Apply))
    };
    let on_run = {
        let state = state.clone();
        Callback::from(move |line: String| state.dispatch(Action::Run(line)))
    };
    let on_select = {
        let state = state.clone();
        Callback::from(move |index: usize| state.dispatch(Action::LoadExample(index)))
    };

    html! {
        <div class="app">
            <header class="app-header">
                <h1>{ "Kubeplay" }</h1>
                <p class="tagline">{ "A Kubernetes cluster in your browser" }</p>
            </header>
            <main class="workspace">
                <ExampleList examples={EXAMPLES} selected={state.selected_example} {on_select} />
                <Editor text={AttrValue::from(state.editor.clone())} {on_edit} {on_apply} />
                <Terminal transcript={state.transcript.clone()} {on_run} />
            </main>
        </div>
    }
}
