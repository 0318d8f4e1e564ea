//! Downloads for `kubectl apply -f https://…`: the page fetches what a
//! line reads before the line runs (the playground itself never touches
//! the network), with a time limit and a size cap, and hands back the body
//! or why there is none.

use std::cell::Cell;
use std::rc::Rc;

use kubeplay_playground::urls::{FetchError, FETCH_TIMEOUT_S, MAX_URL_BODY};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Downloads `address` in the background; `done` gets the result.
pub fn fetch(address: String, done: impl FnOnce(Result<String, FetchError>) + 'static) {
    wasm_bindgen_futures::spawn_local(async move { done(get(&address).await) });
}

async fn get(address: &str) -> Result<String, FetchError> {
    let window = web_sys::window().ok_or(FetchError::Network)?;
    let abort = web_sys::AbortController::new().map_err(|_| FetchError::Network)?;
    let timed_out = Rc::new(Cell::new(false));
    // Dropped (cancelled) when the download ends first.
    let _timer = {
        let (abort, timed_out) = (abort.clone(), timed_out.clone());
        gloo_timers::callback::Timeout::new(FETCH_TIMEOUT_S * 1000, move || {
            timed_out.set(true);
            abort.abort();
        })
    };
    let init = web_sys::RequestInit::new();
    init.set_signal(Some(&abort.signal()));
    let result = read(window.fetch_with_str_and_init(address, &init)).await;
    match result {
        Err(_) if timed_out.get() => Err(FetchError::Timeout),
        r => r,
    }
}

async fn read(request: js_sys::Promise) -> Result<String, FetchError> {
    let response: web_sys::Response = JsFuture::from(request)
        .await
        .ok()
        .and_then(|r| r.dyn_into().ok())
        .ok_or(FetchError::Network)?;
    if response.status() != 200 {
        return Err(FetchError::Status(response.status()));
    }
    // Refused before downloading when the server says how big it is.
    let length = response.headers().get("content-length").ok().flatten();
    if length
        .and_then(|l| l.trim().parse::<usize>().ok())
        .is_some_and(|n| n > MAX_URL_BODY)
    {
        return Err(FetchError::TooLarge);
    }
    let text = response.text().map_err(|_| FetchError::Network)?;
    let text = JsFuture::from(text)
        .await
        .map_err(|_| FetchError::Network)?;
    let text = text.as_string().ok_or(FetchError::Network)?;
    if text.len() > MAX_URL_BODY {
        return Err(FetchError::TooLarge);
    }
    Ok(text)
}
