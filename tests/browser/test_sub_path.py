"""The site served under a sub-path, as a static host serves a project page
(``https://host/user/palace-tutor/``): every URL the page, its worker and its service
worker use is relative, so the same build works there. ``palace-tutor serve --base``
serves it that way; the test opens it, clicks, and revisits it offline."""

from __future__ import annotations

from palace_tutor.site import browser as B
from palace_tutor.site.serve import serve_process
from tutor.model.deal import DealtHand

from .conftest import ConsoleLog

BASE = "/user/palace-tutor/"


def test_the_site_works_under_a_sub_path_and_offline_there(chromium, site_dir, report):
    server, url = serve_process(site_dir, base=BASE)
    context = chromium.new_context(viewport={"width": 390, "height": 844})  # service workers allowed
    guard = B.OutsideGuard()
    guard.attach(context)
    console = ConsoleLog()
    try:
        assert url.endswith(BASE)
        page = context.new_page()
        console.attach(page)
        timing = B.open_until_interactive(page, url + "?debug")  # ?debug: the self-check to click
        page.locator(".smoke-deal button").click()
        B.wait_shadow_text(page, "smoke-hand", "t.startsWith('deal 2:')")
        assert B.shadow_text(page, "smoke-hand") == DealtHand(seed=2).summary()
        scope = page.evaluate("async () => (await navigator.serviceWorker.ready).scope")
        assert scope == url  # the service worker covers the sub-path, not the host's root
        manifest = page.evaluate("() => document.querySelector('link[rel=manifest]').href")
        assert manifest == url + "manifest.webmanifest"
        page.close()
        context.set_offline(True)
        again = context.new_page()
        console.attach(again)
        B.open_until_interactive(again, url + "?debug", timeout_s=120)
        again.locator(".smoke-deal button").click()
        B.wait_shadow_text(again, "smoke-hand", "t.startsWith('deal 2:')")
        report(f"under {BASE}: interactive in {timing.interactive_s:.2f} s, offline revisit works")
    finally:
        context.close()
        server.terminate()
        server.wait(10)
    problems = guard.problems() + console.page_errors()
    assert not problems, "\n".join(problems)
