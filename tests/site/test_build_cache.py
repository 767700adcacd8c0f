"""The build's cache (``.cache/``, shared by the worktrees of one machine): a download or an
unpacking lands whole or not at all, and a site built from the same sources is reused."""

from __future__ import annotations

import pytest

from palace_tutor.site import fetch


def test_a_folder_is_filled_once_and_then_reused(tmp_path):
    calls = []

    def fill(d):
        calls.append(d)
        (d / "core.txt").write_text("pyodide")

    first = fetch._filled(tmp_path / "npm" / "core", "pyodide@1", fill)
    again = fetch._filled(tmp_path / "npm" / "core", "pyodide@1", fill)
    assert first == again == tmp_path / "npm" / "core"
    assert (first / "core.txt").read_text() == "pyodide" and len(calls) == 1
    assert calls[0] != first  # filled beside it, then renamed into place
    assert sorted(p.name for p in (tmp_path / "npm").iterdir()) == ["core"]  # nothing left over


def test_a_failed_fill_leaves_no_folder_behind(tmp_path):
    def fill(d):
        (d / "half.txt").write_text("half")
        raise RuntimeError("the registry is down")

    with pytest.raises(RuntimeError, match="registry"):
        fetch._filled(tmp_path / "core", "pyodide@1", fill)
    assert list(tmp_path.iterdir()) == []


def test_a_folder_made_for_other_pins_is_replaced(tmp_path):
    fetch._filled(tmp_path / "core", "pyodide@1", lambda d: (d / "old.txt").write_text("1"))
    fetch._filled(tmp_path / "core", "pyodide@2", lambda d: (d / "new.txt").write_text("2"))
    assert sorted(p.name for p in (tmp_path / "core").iterdir()) == [".done", "new.txt"]


def test_a_site_built_from_the_same_sources_is_reused_and_another_is_rebuilt(tmp_path, monkeypatch):
    from palace_tutor.site import build

    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "app.py").write_text("")
    built = []

    def fake_build(out, app, options, cache):
        built.append(out)
        out.mkdir(exist_ok=True)
        (out / build.BUILD_INFO).write_text('{"build": "%s"}' % sources[0])

    sources = ["aaaa"]
    monkeypatch.setattr(build, "content_hash", lambda *a: sources[0])
    monkeypatch.setattr(build, "build_site", fake_build)
    out = tmp_path / "site"
    assert build.build_if_changed(out, tmp_path / "app.py", cache=tmp_path / "cache") is True
    assert build.build_if_changed(out, tmp_path / "app.py", cache=tmp_path / "cache") is False
    sources[0] = "bbbb"  # an edit
    assert build.build_if_changed(out, tmp_path / "app.py", cache=tmp_path / "cache") is True
    assert built == [out, out]
