"""The site's size, split by part (printed at the end of every build)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

MB = 1_000_000


@dataclass(frozen=True)
class SizeReport:
    parts: tuple[tuple[str, int, int], ...]  # (part, bytes, files)

    @property
    def total(self) -> int:
        return sum(b for _, b, _ in self.parts)

    def as_dict(self) -> dict[str, int]:
        return {name: size for name, size, _ in self.parts} | {"total": self.total}

    def table(self) -> str:
        width = max(len(p) for p, _, _ in self.parts) if self.parts else 10
        lines = [f"{'part':<{width}}  {'MB':>8}  files"]
        lines += [f"{p:<{width}}  {b / MB:8.2f}  {n:5d}" for p, b, n in self.parts]
        lines.append(f"{'total':<{width}}  {self.total / MB:8.2f}  {sum(n for _, _, n in self.parts):5d}")
        return "\n".join(lines)


def _part_of(rel: Path, wasm_files: set[str], project_wheel: str | None) -> str:
    top = rel.parts[0]
    if len(rel.parts) == 1 and rel.name == project_wheel:
        return "project wheel (rules, lessons, tutor)"
    if top == "pyodide":
        name = rel.name
        if name.startswith("snapshot"):
            return "start-up snapshot (after a first visit)"
        if name.endswith(".whl") or name.endswith(".zip") and name != "python_stdlib.zip":
            if name == project_wheel:
                return "project wheel (rules, lessons, tutor)"
            if name.startswith("panel-"):
                return "panel wheel"
            if name.startswith("bokeh-"):
                return "bokeh wheel"
            if name in wasm_files:
                return "WASM wheels (numpy, ...)"
            return "other pure wheels"
        return "Pyodide core + lock"
    if top == "panel-dist":
        return "Panel bundled extras (on demand)" if "bundled" in rel.parts else "Panel JS/CSS"
    if top == "bokeh":
        return "BokehJS"
    return "page, worker script, service worker"


def site_sizes(site: Path) -> SizeReport:
    site = Path(site)
    project_wheel = None
    try:
        project_wheel = json.loads((site / "build-info.json").read_text())["project_wheel"]
    except (OSError, ValueError, KeyError):
        pass
    wasm_files: set[str] = set()
    lock_path = site / "pyodide" / "pyodide-lock.json"
    if lock_path.is_file():
        lock = json.loads(lock_path.read_text())
        wasm_files = {e["file_name"] for e in lock["packages"].values() if "wasm32" in e["file_name"]
                      or e["file_name"].endswith(".zip")}
    sizes: dict[str, list[int]] = {}
    for f in sorted(site.rglob("*")):
        if f.is_file():
            part = _part_of(f.relative_to(site), wasm_files, project_wheel)
            entry = sizes.setdefault(part, [0, 0])
            entry[0] += f.stat().st_size
            entry[1] += 1
    order = ["Pyodide core + lock", "WASM wheels (numpy, ...)", "panel wheel", "bokeh wheel",
             "other pure wheels", "project wheel (rules, lessons, tutor)", "BokehJS", "Panel JS/CSS",
             "Panel bundled extras (on demand)", "start-up snapshot (after a first visit)",
             "page, worker script, service worker"]
    return SizeReport(tuple((p, sizes[p][0], sizes[p][1]) for p in order if p in sizes))
