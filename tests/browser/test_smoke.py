"""Smoke test of the compiled app (issue 2): it loads offline, runs the project's
own code in Pyodide, and answers a click. The self-check it drives is the
developer's, shown only with ``?debug`` in the address (test_page.py checks
that people never see it).

The expected text comes from the same model run by CPython on the host: the
point here is not the poker (tests/ covers that) but that the browser, on
Python 3.12 in WebAssembly, computes exactly what the host computes, from the
wheel the site ships. Times are printed, never asserted (bench/load.py
measures load properly).
"""

import statistics
import time

from palace_tutor.site.browser import shadow_text, wait_shadow_text
from rules.cards import parse_cards
from tutor.model.deal import DealtHand


def _expected(seed: int) -> str:
    return DealtHand(seed=seed).summary()


def test_app_loads_offline_and_a_click_deals_the_next_hand(open_app, report):
    app_page = open_app("?debug")  # the self-check is shown only with ?debug
    report(f"page -> interactive (cold, fresh context): {app_page.palace_timing.interactive_s:.2f} s "
           f"(DOM ready {app_page.palace_timing.dom_s:.2f} s)")
    shown = shadow_text(app_page, "smoke-hand")
    assert shown == _expected(1)
    dealt = parse_cards(shown.split("|")[0].split(":", 1)[1])
    assert len(dealt) == 7 and len(set(dealt)) == 7  # seven different cards, read back from the page

    latencies = []
    for seed in (2, 3, 4):
        t0 = time.perf_counter()
        app_page.locator(".smoke-deal button").click()
        wait_shadow_text(app_page, "smoke-hand", f"t.startsWith('deal {seed}:')")
        latencies.append(time.perf_counter() - t0)
        assert shadow_text(app_page, "smoke-hand") == _expected(seed)
    report("click -> update: " + ", ".join(f"{x * 1000:.0f} ms" for x in latencies)
           + f" (median {statistics.median(latencies) * 1000:.0f} ms)")


def test_after_one_visit_the_app_opens_with_the_network_cut(chromium, site_url, report):
    """The service worker keeps an offline copy: a second visit works with no network at all."""
    from palace_tutor.site import browser as B

    context = chromium.new_context()
    guard = B.OutsideGuard()
    guard.attach(context)
    try:
        page = context.new_page()
        B.open_until_interactive(page, site_url)
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")  # precached
        page.close()
        context.set_offline(True)
        page = context.new_page()
        timing = B.open_until_interactive(page, site_url + "?debug", timeout_s=120)
        report(f"offline revisit -> interactive: {timing.interactive_s:.2f} s")
        page.locator(".smoke-deal button").click()
        wait_shadow_text(page, "smoke-hand", "t.startsWith('deal 2:')")
        assert shadow_text(page, "smoke-hand") == _expected(2)
    finally:
        context.close()
    assert guard.problems() == []


# Every custom component's code is a module the page imports (es-module-shims'
# importShim, a later task): hold each import back 2 s, as a slow phone would.
SLOW_IMPORTS_JS = """
(() => {
  window.__slowImports = 0;
  let real;
  Object.defineProperty(window, 'importShim', {
    configurable: true,
    get() {
      return real && new Proxy(real, {apply(target, self, args) {
        window.__slowImports += 1;
        return new Promise((r) => setTimeout(r, 2000)).then(() => Reflect.apply(target, self, args));
      }});
    },
    set(value) { real = value; },
  });
})();
"""


def test_the_first_screen_stays_until_the_page_is_drawn_even_when_its_code_arrives_late(chromium, site_url):
    """The page used to swap its first screen for the live app two frames after Bokeh's
    embedding, which resolves before a custom component has imported its code and drawn:
    on a slow machine a person saw an empty page and the page counted as ready with
    nothing in it (a CI run failed on it). The swap waits for the page to be drawn."""
    from palace_tutor.site import browser as B

    context = chromium.new_context(service_workers="block")
    context.add_init_script(SLOW_IMPORTS_JS)
    guard = B.OutsideGuard()
    guard.attach(context)
    try:
        page = context.new_page()
        # at the swap, the first screen goes and the app shows: what does the app hold then?
        page.add_init_script("""
          window.__atSwap = 'no swap seen';
          new MutationObserver((changes, observer) => {
            const app = document.getElementById('pt-app');
            if (app && !app.classList.contains('pt-pending')) {
              window.__atSwap = (%s)('smoke-hand');
              observer.disconnect();
            }
          }).observe(document, {subtree: true, attributes: true, attributeFilter: ['class']});
        """ % B.SHADOW_TEXT_JS)
        B.open_until_interactive(page, site_url + "?debug")
        assert page.evaluate("window.__slowImports") > 0  # the imports really were held back
        assert page.evaluate("window.__atSwap") == _expected(1)
        assert shadow_text(page, "smoke-hand") == _expected(1)
    finally:
        context.close()
    assert guard.problems() == []
