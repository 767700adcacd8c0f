"""``palace-tutor build`` and ``serve`` on bad input: one line naming the problem,
exit status 1, never a traceback (issue 2; the checkers' exit 2 is tested with
each engine). And a closed pipe (``... | head``) is not an error."""

from __future__ import annotations

import socket
import subprocess
import sys

from palace_tutor.cli import main


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def test_serve_a_folder_with_no_site_says_build_first(tmp_path, capsys):
    assert main(["serve", "--dir", str(tmp_path / "nowhere")]) == 1
    line = _one_line(capsys.readouterr().err)
    assert "index.html not found" in line and "palace-tutor build" in line


def test_serve_on_a_port_in_use_names_the_port(tmp_path, capsys):
    (tmp_path / "index.html").write_text("<p>site</p>")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--dir", str(tmp_path), "--port", str(port)]) == 1
    line = _one_line(capsys.readouterr().err)
    assert f"port {port}" in line and "--port" in line


def test_build_of_an_app_outside_a_project_names_it(tmp_path, capsys):
    app = tmp_path / "app.py"
    app.write_text("print('hello')\n")
    assert main(["build", "--app", str(app), "--out", str(tmp_path / "site")]) == 1
    line = _one_line(capsys.readouterr().err)
    assert "pyproject.toml" in line and str(tmp_path) in line


def test_lessons_show_into_a_closed_pipe_is_quiet():
    proc = subprocess.run(f'"{sys.executable}" -m palace_tutor.cli lessons show pp-four-jacks | head -1',
                          shell=True, capture_output=True, text=True, timeout=120)
    assert proc.stdout.startswith("The example hand")  # the lesson's title, its first line
    assert "Traceback" not in proc.stderr and "BrokenPipe" not in proc.stderr
