"""A first visit that starts the normal way (no snapshot to start from: ``conftest.
start_the_normal_way``) writes site-packages from one image (``palace_tutor/site/site_image.py``),
with the build's compiled dataclass methods in it (``dataclass_code.py``).

The worker fetches the image while Pyodide starts and writes it into the file
system; the wheels are not fetched. An image that is damaged (a changed byte) or
cut short fails its sha256 check: the worker says so in a console warning,
installs the wheels as before, and the app works the same. The dealt hand is
checked against CPython (``DealtHand``), which never sees the image.
"""

from __future__ import annotations

import re

import pytest

from palace_tutor.site.browser import shadow_text, wait_shadow_text
from tutor.model.deal import DealtHand

from .conftest import WARM, _finish, _open_app, start_the_normal_way

# a repeat visit restores the snapshot and fetches neither the image nor the wheels
pytestmark = pytest.mark.skipif(WARM, reason="the image is a first visit's")

WARNING = "no site-packages image"


def _image_url(site_dir) -> str:
    worker = (site_dir / "app.js").read_text()
    found = re.search(r'PalaceSnapshot\.fetchImage\("([^"]+)"', worker)
    assert found, "the worker script does not fetch a site-packages image"
    assert (site_dir / found.group(1)).is_file()
    return found.group(1)


def _fetched(page) -> list[str]:
    return [url.rsplit("/", 1)[-1] for url in page.workers[0].evaluate(
        "() => performance.getEntriesByType('resource').map((e) => e.name)")]


def _deals_as_cpython(page) -> None:
    page.locator(".smoke-deal button").click()
    wait_shadow_text(page, "smoke-hand", "t.startsWith('deal 2:')")
    assert shadow_text(page, "smoke-hand") == DealtHand(seed=2).summary()


def test_a_first_visit_writes_site_packages_from_the_image_and_fetches_no_wheel(chromium, site_url, site_dir, request):
    image = _image_url(site_dir).rsplit("/", 1)[-1]
    context, page, guard, console = _open_app(chromium, site_url + "?debug", before=start_the_normal_way)
    try:
        fetched = _fetched(page)
        assert fetched.count(image) == 1, fetched
        assert not [name for name in fetched if name.endswith(".whl")], fetched
        assert not any(WARNING in line for line in console)
        # the image's table of compiled dataclass methods was read (palace_tutor/site/dataclass_code.py)
        assert page.workers[0].evaluate(
            "() => self.pyodide.runPython('import dataclasses; dataclasses.exec.__name__')") == "compiled_exec"
        assert shadow_text(page, "smoke-hand") == DealtHand(seed=1).summary()
        _deals_as_cpython(page)
    finally:
        _finish([(context, guard, console)], request)


@pytest.mark.parametrize("damage", ["one byte changed", "cut short"])
def test_a_damaged_image_is_refused_and_the_wheels_are_installed_instead(chromium, site_url, site_dir, damage,
                                                                        request):
    path = _image_url(site_dir)
    data = bytearray((site_dir / path).read_bytes())
    if damage == "one byte changed":  # same length: only the sha256 tells
        data[len(data) // 2] ^= 0xFF
    else:
        del data[len(data) // 2:]
    served = bytes(data)
    def damaged(context):
        start_the_normal_way(context)
        context.route("**/" + path, lambda route: route.fulfill(status=200, body=served,
                                                                content_type="application/octet-stream"))

    context, page, guard, console = _open_app(chromium, site_url + "?debug", before=damaged)
    try:
        warnings = [line for line in console if WARNING in line]
        assert warnings and "sha256" in warnings[0], "\n".join(console[-30:])
        fetched = _fetched(page)
        assert [name for name in fetched if name.startswith("panel-") and name.endswith(".whl")], fetched
        assert shadow_text(page, "smoke-hand") == DealtHand(seed=1).summary()
        _deals_as_cpython(page)
    finally:
        _finish([(context, guard, console)], request)
