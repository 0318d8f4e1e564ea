//! The binary Trunk builds into the page's wasm module.

fn main() {
    kubeplay_web::start();
}
