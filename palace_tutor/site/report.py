"""The site's size, split by part (printed at the end of every build)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from .compress import variants

MB = 1_000_000


@dataclass(frozen=True)
class SizeReport:
    parts: tuple[tuple[str, int, int, int], ...]  # (part, bytes, files, bytes served with brotli)

    @property
    def total(self) -> int:
        return sum(b for _, b, _, _ in self.parts)

    @property
    def total_served(self) -> int:
        return sum(s for _, _, _, s in self.parts)

    def as_dict(self) -> dict[str, int]:
        return {name: size for name, size, _, _ in self.parts} | {"total": self.total}

    def table(self) -> str:
        width = max(len(p) for p, *_ in self.parts) if self.parts else 10
        lines = [f"{'part':<{width}}  {'MB':>8}  {'served':>8}  files"]
        lines += [f"{p:<{width}}  {b / MB:8.2f}  {s / MB:8.2f}  {n:5d}" for p, b, n, s in self.parts]
        lines.append(f"{'total':<{width}}  {self.total / MB:8.2f}  {self.total_served / MB:8.2f}  "
                     f"{sum(n for _, _, n, _ in self.parts):5d}")
        lines.append("(served: with brotli where the build made a copy; precompressed copies are not counted as files)")
        return "\n".join(lines)


def _part_of(rel: Path, wasm_files: set[str], project_wheel: str | None) -> str:
    top = rel.parts[0]
    if len(rel.parts) == 1 and rel.name == project_wheel:
        return "project wheel (rules, lessons, tutor)"
    if top == "pyodide":
        name = rel.name
        if name.startswith("snapshot"):
            return "start-up snapshot (every visit starts from it)"
        if rel.parts[1:2] == ("later",):
            return "code left for later (first import)"
        if name.startswith("site-packages-"):
            return "site-packages image (a normal start)"
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
        if f.is_file() and not _is_copy(f):
            part = _part_of(f.relative_to(site), wasm_files, project_wheel)
            entry = sizes.setdefault(part, [0, 0, 0])
            size = f.stat().st_size
            entry[0] += size
            entry[1] += 1
            copies = variants(f)
            entry[2] += copies[0][1].stat().st_size if copies else size
    order = ["Pyodide core + lock", "site-packages image (a normal start)", "WASM wheels (numpy, ...)", "panel wheel", "bokeh wheel",
             "other pure wheels", "project wheel (rules, lessons, tutor)", "code left for later (first import)",
             "BokehJS", "Panel JS/CSS",
             "Panel bundled extras (on demand)", "start-up snapshot (every visit starts from it)",
             "page, worker script, service worker"]
    return SizeReport(tuple((p, sizes[p][0], sizes[p][1], sizes[p][2]) for p in order if p in sizes))


def _is_copy(f: Path) -> bool:
    """A precompressed copy (``x.br``, ``x.gz`` beside ``x``), not a file of its own."""
    return f.suffix == ".br" or (f.suffix == ".gz" and f.with_suffix("").is_file())


README_HEADING = "## Site size"


def readme_table(readme: str) -> tuple[int, int]:
    """Where the size table is in the README's text: the first fenced block after its heading."""
    at = readme.index(README_HEADING)
    start = readme.index("```\n", at) + 4
    return start, readme.index("```", start)


def _rows(table: str) -> dict[str, tuple[float, float, int]]:
    rows = {}
    for line in table.splitlines():
        cells = line.rsplit(None, 3)
        if len(cells) == 4 and cells[3].isdigit():
            rows[cells[0].strip()] = (float(cells[1]), float(cells[2]), int(cells[3]))
    return rows


def stale_rows(readme: str, report: SizeReport, slack: float = 0.15) -> list[str]:
    """The README's size table against a build's: the rows that differ by more than ``slack``
    (a seventh, and at least 0.05 MB: a day of the team's edits moved the project's wheel by 7%;
    a table left stale by a change of the build is off by far more), or in their files."""
    start, end = readme_table(readme)
    written, built = _rows(readme[start:end]), _rows(report.table())
    problems = []
    for part in sorted(set(written) | set(built)):
        if part not in written or part not in built:
            problems.append(f"{part}: {'only in the build' if part in built else 'not in the build'}")
            continue
        (mb, served, files), (mb2, served2, files2) = written[part], built[part]
        if files != files2 or any(abs(a - b) > max(0.05, slack * b) for a, b in ((mb, mb2), (served, served2))):
            problems.append(f"{part}: README {mb:.2f} MB / {served:.2f} served / {files} files, "
                            f"the build {mb2:.2f} / {served2:.2f} / {files2}")
    return problems


def write_readme_table(readme_path: Path, report: SizeReport) -> None:
    text = readme_path.read_text(encoding="utf-8")
    start, end = readme_table(text)
    readme_path.write_text(text[:start] + report.table() + "\n" + text[end:], encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """``python -m palace_tutor.site.report SITE [--readme README.md]``: print a built site's
    size table, or write it into the README."""
    import argparse

    p = argparse.ArgumentParser(prog="python -m palace_tutor.site.report", description=main.__doc__)
    p.add_argument("site", type=Path)
    p.add_argument("--readme", type=Path, help="write the table into this README's 'Site size' section")
    a = p.parse_args(argv)
    report = site_sizes(a.site)
    if a.readme:
        write_readme_table(a.readme, report)
    print(report.table())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
