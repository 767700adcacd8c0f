"""axe-core in the browser tests: inject it into the page and run it on a part of it.

The npm package ``axe-core`` (pinned) is fetched once with the ordinary client
(``npm pack``) into ``.cache/npm/`` like the Pyodide core, so CI needs nothing
installed by hand. ``AXE_JS`` may point at another copy.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
from pathlib import Path

AXE_PIN = "axe-core@4.10.3"
# the harness's two devices (tests/browser/conftest.py): open_app(device=PHONE)
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
ROOT = Path(__file__).resolve().parents[2]


def axe_source() -> str:
    given = os.environ.get("AXE_JS")
    if given:
        return Path(given).read_text()
    for candidate in (ROOT / "node_modules" / "axe-core" / "axe.min.js",
                      ROOT / ".cache" / "npm" / AXE_PIN.replace("@", "-") / "package" / "axe.min.js"):
        if candidate.exists():
            return candidate.read_text()
    return _fetch().read_text()


def _fetch() -> Path:
    d = ROOT / ".cache" / "npm" / AXE_PIN.replace("@", "-")
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError(f"npm is needed once to fetch {AXE_PIN} (apt-get install -y npm)")
    subprocess.run([npm, "pack", "--silent", AXE_PIN, "--pack-destination", str(d)], check=True,
                   capture_output=True, timeout=300)
    (tgz,) = d.glob("axe-core-*.tgz")
    with tarfile.open(tgz) as tar:
        tar.extractall(d, filter="data")
    tgz.unlink()
    return d / "package" / "axe.min.js"


_SOURCE: list[str] = []


def axe_violations(page, within: list[str], impacts=("serious", "critical")) -> list[str]:
    """Violations of ``impacts`` on elements inside the parts of the page with one of the
    css classes ``within`` (found through open shadow roots, where Panel puts its parts).
    axe runs over the whole page (it follows shadow roots itself) and only the nodes inside
    those parts are kept, so one part's problems are told apart from another's. One line each."""
    if not _SOURCE:
        _SOURCE.append(axe_source())
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=_SOURCE[0])
    result = page.evaluate(
        r"""async (classes) => {
            const hosts = [];
            (function find(root) {
                for (const el of root.querySelectorAll('*')) {
                    if (classes.some((c) => el.classList && el.classList.contains(c))) { hosts.push(el); }
                    if (el.shadowRoot) { find(el.shadowRoot); }
                }
            })(document);
            if (!hosts.length) { throw new Error('no element with class ' + classes.join(' or ')); }
            const inside = (el) => {
                for (let n = el; n; n = n.parentNode || n.host) { if (hosts.includes(n)) { return true; } }
                return false;
            };
            const r = await axe.run(document, {resultTypes: ['violations'], elementRef: true});
            return r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.filter((n) => n.element && inside(n.element))
                              .map((n) => n.target.join(' > ') + ': ' + (n.failureSummary || '').replace(/\s+/g, ' '))}))
                .filter((v) => v.nodes.length);
        }""", within)
    return [f"{v['impact']} {v['id']}: {v['help']} -> " + " | ".join(v["nodes"][:5])
            for v in result if v["impact"] in impacts]


SHOTS = ROOT / "test-results" / "screenshots"


def save_shot(page, name: str, locator=None) -> Path:
    """A screenshot for a person to look at (``test-results/screenshots/``, not committed):
    the viewport, or one element."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    (locator or page).screenshot(path=str(path))
    return path


def in_viewport(locator) -> bool:
    """Whether the element is shown and at least partly inside the viewport."""
    return locator.is_visible() and locator.evaluate(
        """(el) => { const r = el.getBoundingClientRect();
                     return r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth; }""")
