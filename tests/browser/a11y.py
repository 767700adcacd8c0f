"""What a person meets: axe-core in the page, screenshots, and "is it on screen".

axe-core is the npm package, pinned, fetched once with ``npm pack`` into
``.cache/npm/`` (``./dev setup`` does it; so does the first test that needs it,
like the build fetches Pyodide) and injected into the page under test. Only
serious and critical violations fail a test; the others are printed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
AXE_VERSION = "4.10.3"  # the same pin as ./dev setup
AXE_DIR = ROOT / ".cache" / "npm" / f"axe-core-{AXE_VERSION}"
SCREENSHOTS = ROOT / "test-results" / "screenshots"
FAILING = ("serious", "critical")
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def axe_source() -> str:
    script = AXE_DIR / "package" / "axe.min.js"
    if not script.is_file():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("axe-core is missing and npm is not installed: run ./dev setup")
        AXE_DIR.mkdir(parents=True, exist_ok=True)
        subprocess.run([npm, "pack", "--silent", f"axe-core@{AXE_VERSION}", "--pack-destination", str(AXE_DIR)],
                       check=True, capture_output=True)
        with tarfile.open(AXE_DIR / f"axe-core-{AXE_VERSION}.tgz") as archive:
            archive.extractall(AXE_DIR, filter="data")
    return script.read_text(encoding="utf-8")


_RUN_JS = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => n.target.join(' >> ') + ' :: ' + (n.failureSummary || '').split('\\n').slice(0, 3).join(' '))}));
}"""


def axe_violations(page) -> list[dict]:
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=axe_source())
    return page.evaluate(_RUN_JS, AXE_TAGS)


def assert_axe_clean(page, where: str) -> list[dict]:
    """No serious or critical violation on the page as it is now; returns the minor ones."""
    found = axe_violations(page)
    bad = [v for v in found if v["impact"] in FAILING]
    rest = [v for v in found if v["impact"] not in FAILING]
    if rest:
        print(f"[axe] {where}: " + "; ".join(f"{v['impact']} {v['id']} ({len(v['nodes'])})" for v in rest))
    assert not bad, f"axe-core on {where}:\n" + json.dumps(bad, indent=1)[:6000]
    return rest


def shot(page, name: str) -> Path:
    """Save what the page shows now (the viewport) as ``test-results/screenshots/<name>.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def in_view(page, locator) -> bool:
    """Whether the element is shown and wholly inside the viewport (what a person sees without scrolling)."""
    if not locator.is_visible():
        return False
    box = locator.bounding_box()
    size = page.viewport_size
    return (box is not None and box["x"] >= -0.5 and box["y"] >= -0.5
            and box["x"] + box["width"] <= size["width"] + 0.5 and box["y"] + box["height"] <= size["height"] + 0.5)


def box(locator) -> dict:
    found = locator.bounding_box()
    assert found is not None, "the element is not rendered"
    return found
