// The page's side of the service worker (palace_tutor/site/sw.js), run once the app is
// interactive so that precaching never competes with the first load:
// register, say which build this tab runs, and offer a new version when one is ready.
window.__ptInteractive = function () {
  const BUILD = "__VERSION__";
  if (!("serviceWorker" in navigator)) return;
  const notice = document.getElementById("pt-update");
  let reloading = false;

  function offer(reg) {
    if (!notice || !notice.hidden) return;
    notice.textContent = "";
    const text = document.createElement("span");
    text.textContent = "A new version of Palace Tutor is ready.";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "pt-update-reload";
    button.textContent = "Reload";
    button.addEventListener("click", () => {
      reloading = true;
      button.disabled = true;
      if (reg.waiting) reg.waiting.postMessage({type: "skip-waiting"});
      else location.reload();
    });
    notice.append(text, button);
    notice.hidden = false;
  }

  // Ready offline (issue 35, point 5): the worker is active once its install stored every
  // file a visit loads (cache.addAll: all or none) and the start-up snapshot. Said once per
  // build on this device, in the tab where it became true; an update still installing waits.
  const ready = document.getElementById("pt-ready");
  const READY_KEY = "pt-offline-ready";
  function sayReady() {
    if (!ready) return;
    try { if (localStorage.getItem(READY_KEY) === BUILD) return; } catch (e) { return; }
    const text = document.createElement("span");
    text.textContent = "Ready offline: everything a game night needs is stored on this device.";
    const ok = document.createElement("button");
    ok.type = "button";
    ok.className = "pt-ready-ok";
    ok.textContent = "OK";
    ok.addEventListener("click", () => { ready.hidden = true; });
    ready.replaceChildren(text, ok);
    ready.hidden = false;
    try { localStorage.setItem(READY_KEY, BUILD); } catch (e) { /* said again next time */ }
  }

  // only the person's click reloads: the new worker takes over, then this tab reloads into it
  navigator.serviceWorker.addEventListener("controllerchange", () => { if (reloading) location.reload(); });

  navigator.serviceWorker.register("./sw.js").then((reg) => {
    if (!reg) return;  // service workers blocked (a test harness, a browser setting)
    const hello = (w) => w && w.postMessage({type: "hello", build: BUILD});
    navigator.serviceWorker.ready.then((r) => {
      hello(r.active);
      if (!reg.installing && !reg.waiting) sayReady();
    });
    // a worker already waiting is a newer build (this page was served by the older one)
    if (reg.waiting && navigator.serviceWorker.controller) offer(reg);
    reg.addEventListener("updatefound", () => {
      const w = reg.installing;
      if (!w) return;
      w.addEventListener("statechange", () => {
        // installed while another worker controls this tab: an update, not the first install
        if (w.state === "installed" && navigator.serviceWorker.controller) offer(reg);
      });
    });
    // a tab left open at the table still learns of a new version
    const check = () => reg.update().catch(() => {});
    document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") check(); });
    setInterval(check, 30 * 60 * 1000);
  }).catch((e) => console.warn("no offline copy:", e.message));
};
