// Kubeplay's embeddable widget: <kubeplay-playground> (also spelled
// <kubeplay-widget>) puts the playground on any page, in an iframe of
// embed.html next to this script, so the host page and the playground share
// nothing (no styles, no globals, no storage).
//
//   <script type="module" src="https://…/kubeplay/kubeplay-embed.js"></script>
//   <kubeplay-playground lesson="rolling-update"></kubeplay-playground>
//
// Attributes: lesson, manifest (an example name), script (a `kubeplay run`
// script, or a share link's kp1.… payload, to start from), layout (panels,
// e.g. "lesson,terminal,graph"), allow-origin (origins whose messages the
// widget accepts; by default only its own), height (CSS, default 640px),
// src (the embed.html to use).
//
// Host API: el.apply(manifestYaml), el.run(commandLine), el.load(example),
// el.step(count = 1) (reconcile steps, 1 to 100), el.jump(step) (time travel
// to just after that step), el.play() / el.play(false), el.reset(); events on the
// element (detail: the widget's message): kubeplay-ready, kubeplay-step (the
// reader moved to a lesson step), kubeplay-lesson-step-done, and
// kubeplay-engine-step (the simulation's step cursor moved). Buttons with
// data-kubeplay-target="ID" and data-kubeplay-run="kubectl …",
// data-kubeplay-step="N" or data-kubeplay-reset drive the widget with that
// id, without any script.

const EMBED_URL = new URL("embed.html", import.meta.url);
const PASSED = ["lesson", "manifest", "script", "layout", "allow-origin"];
let counter = 0;

class KubeplayPlayground extends HTMLElement {
  connectedCallback() {
    if (this.frame) return;
    const src = new URL(this.getAttribute("src") || EMBED_URL.href, document.baseURI);
    for (const name of PASSED) {
      const value = this.getAttribute(name);
      if (value) src.searchParams.set(name, value);
    }
    this.widget = this.id || `kubeplay-${++counter}`;
    src.searchParams.set("widget", this.widget);
    this.origin = src.origin;
    const frame = document.createElement("iframe");
    frame.src = src.href;
    frame.title = this.getAttribute("title") || "Kubeplay: a Kubernetes cluster in your browser";
    frame.setAttribute("allow", "clipboard-write");
    frame.style.cssText = `display:block;width:100%;height:${this.getAttribute("height") || "640px"};border:1px solid #dde2eb;border-radius:10px;`;
    this.frame = frame;
    this.listener = (event) => {
      // Only this widget's own frame, from the origin it was loaded from.
      if (event.source !== frame.contentWindow || event.origin !== this.origin) return;
      const data = event.data;
      if (!data || typeof data.type !== "string" || !data.type.startsWith("kubeplay:")) return;
      this.dispatchEvent(new CustomEvent(data.type.replace(":", "-"), { detail: data }));
    };
    window.addEventListener("message", this.listener);
    this.append(frame);
  }

  disconnectedCallback() {
    window.removeEventListener("message", this.listener);
    this.frame?.remove();
    this.frame = null;
  }

  send(message) {
    this.frame?.contentWindow?.postMessage(message, this.origin);
  }
  apply(manifest) { this.send({ type: "kubeplay:apply", manifest: String(manifest) }); }
  run(command) { this.send({ type: "kubeplay:run", command: String(command) }); }
  load(example) { this.send({ type: "kubeplay:load", example: String(example) }); }
  step(count = 1) { this.send({ type: "kubeplay:step", count: Number(count) }); }
  jump(step) { this.send({ type: "kubeplay:jump", step: Number(step) }); }
  play(playing = true) { this.send({ type: "kubeplay:play", playing: Boolean(playing) }); }
  reset() { this.send({ type: "kubeplay:reset" }); }
}

for (const name of ["kubeplay-playground", "kubeplay-widget"]) {
  if (!customElements.get(name)) customElements.define(name, class extends KubeplayPlayground {});
}

document.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest("[data-kubeplay-target]") : null;
  if (!button) return;
  const widget = document.getElementById(button.getAttribute("data-kubeplay-target"));
  if (!(widget instanceof KubeplayPlayground)) return;
  if (button.hasAttribute("data-kubeplay-run")) widget.run(button.getAttribute("data-kubeplay-run"));
  if (button.hasAttribute("data-kubeplay-step")) widget.step(button.getAttribute("data-kubeplay-step") || 1);
  if (button.hasAttribute("data-kubeplay-reset")) widget.reset();
});
