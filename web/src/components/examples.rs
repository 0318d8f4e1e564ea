//! The list of examples the user can load into the editor.

use yew::prelude::*;

use crate::state::Example;

#[derive(Properties, PartialEq)]
pub struct ExampleListProps {
    pub examples: &'static [Example],
    pub selected: Option<usize>,
    pub on_select: Callback<usize>,
}

#[function_component]
pub fn ExampleList(props: &ExampleListProps) -> Html {
    let items = props.examples.iter().enumerate().map(|(index, example)| {
        let selected = props.selected == Some(index);
        let onclick = props.on_select.reform(move |_: MouseEvent| index);
        html! {
            <li key={example.name}>
                <button
                    class={classes!("example", selected.then_some("selected"))}
                    aria-pressed={selected.to_string()}
                    title="Load this example into the editor"
                    {onclick}
                >{ example.name }</button>
            </li>
        }
    });
    html! {
        <nav class="examples" aria-label="Examples">
            <span class="examples-label">{ "Examples" }</span>
            <ul data-testid="examples">{ for items }</ul>
        </nav>
    }
}
