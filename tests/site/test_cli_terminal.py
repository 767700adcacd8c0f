"""The command line on any terminal, with any input (issue 18, point 5).

* A terminal that is not UTF-8 (``PYTHONIOENCODING=ascii``, cp1252) still gets
  a readable answer and exit 0 for a valid check: suit symbols become the
  notation's letters (``Q♦`` -> ``Qd``), ``§`` becomes ``section``, and
  ``--json`` stays lossless (``\\u00eb`` escapes instead of ``ë``).
* What the program echoes back is safe to print: control characters
  (newlines, the terminal's escape sequences) are escaped, a 100,000-character
  token is cut, and an error stays one line.
* The checker's "same check on the command line" is shell-quoted: pasting it
  into a shell runs nothing but ``palace-tutor``.

Each case runs as a real subprocess: the terminal's encoding is only set at
interpreter start.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys

import pytest

from tutor.model.checkers.palace_poker import ShowdownForm

DAVE = "Jd | Js Jh 5d | Jc"
FRANK = "Qs | Qc Qd 8h | 8c"
BATTLE = ["check", "battle", "--attacker", DAVE, "--defender", FRANK]
SHOWDOWN = ["check", "showdown", "--hand", "Zoë: Jh | Kh Kc 9d 8h", "--hand", "Aaron: 5s | Kd Ks Jc 9h 8s"]


def cli(args, encoding="utf-8"):
    """Run ``palace-tutor ARGS`` with the terminal encoding ``encoding``; returns (status, out, err) as bytes."""
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    env.pop("PYTHONUTF8", None)
    proc = subprocess.run([sys.executable, "-m", "palace_tutor.cli", *args], capture_output=True, env=env,
                          timeout=60)
    return proc.returncode, proc.stdout, proc.stderr


@pytest.mark.parametrize("encoding", ["ascii", "cp1252", "latin-1"])
def test_a_valid_check_is_readable_on_a_terminal_that_is_not_utf8(encoding):
    status, out, err = cli(BATTLE, encoding)
    assert status == 0, err
    text = out.decode(encoding)
    # the attacker's four jacks; the defender's Q of diamonds is excluded by the spade banner
    assert "four of a kind" in text and "Qd" in text and "Banner Suits" in text
    assert "\\u" not in text  # readable, not escaped


def test_a_showdown_with_an_accented_name_on_an_ascii_terminal():
    status, out, err = cli(SHOWDOWN, "ascii")
    assert status == 0, err
    text = out.decode("ascii")
    assert "Zoe" in text and "Kh" in text  # Zoë's pair of kings, letters for the suits


def test_json_stays_lossless_on_an_ascii_terminal():
    status, out, err = cli(SHOWDOWN + ["--json"], "ascii")
    assert status == 0, err
    assert json.loads(out.decode("ascii"))["winner"] == ["Zoë"]


def test_json_on_a_utf8_terminal_is_unchanged():
    status, out, _ = cli(SHOWDOWN + ["--json"])
    assert status == 0 and "Zoë" in out.decode("utf-8")


@pytest.mark.parametrize("args, shown", [
    (["check", "showdown", "--hand", "Ann\nX: Jh | Kh Kc 9d 8h", "--hand", "Bo: 5s | Kd Ks Jc 9h 8s"], r"\n"),
    (["check", "battle", "--attacker", "Jd | Js Jh 5d | Jc\x1b[31m", "--defender", FRANK], r"\x1b"),
    (["check", "play", "--variant", "house\r\nbga", "--pile", "4c", "--hand", "2c"], r"\r\n"),
    (["check", "kings-pot", "--tableau", "As\u2028Ks", "--kings-hand", "Ah"], r"\u2028"),
])
def test_control_characters_are_refused_escaped_on_one_line(args, shown):
    status, out, err = cli(args)
    assert status == 2 and out == b""
    line = err.decode("utf-8")
    assert line.count("\n") == 1 and line.endswith("\n")
    assert "\x1b" not in line and "\r" not in line and "\u2028" not in line
    assert shown in line and "Traceback" not in line


@pytest.mark.parametrize("args", [
    ["check", "play", "--variant", "house", "--pile", "4c", "--hand", "Z" * 100_000],
    ["check", "play", "--variant", "x" * 100_000, "--pile", "4c", "--hand", "2c"],
    ["check", "showdown", "--hand", "Ann: " + "Jh " * 30_000, "--hand", "Bo: 5s | Kd Ks Jc 9h 8s"],
    ["lessons", "show", "y" * 100_000],
])
def test_a_huge_token_is_cut_in_the_one_line_error(args):
    status, out, err = cli(args)
    assert status == 2 and out == b""
    line = err.decode("utf-8")
    assert line.count("\n") == 1 and len(line) < 1000 and "Traceback" not in line
    assert "characters" in line  # says how long the cut token was


@pytest.mark.parametrize("name", ["$(touch pwned)", "`touch pwned`", "Ann'; touch pwned; '", 'Bo"$(touch pwned)"',
                                  "Cy & touch pwned", "Dee \\ touch pwned"])
def test_the_checkers_command_line_runs_nothing_but_the_check_when_pasted(tmp_path, name):
    form = ShowdownForm()
    form.example()  # a worked showdown: every hand filled in
    assert form.set_text("p1.name", name), form.error
    line = form.command_line()
    assert line.startswith("palace-tutor check showdown ")
    # the line as pasted into a shell, with this interpreter standing in for palace-tutor
    pasted = shlex.join([sys.executable, "-m", "palace_tutor.cli"]) + line.removeprefix("palace-tutor") + " --json"
    proc = subprocess.run(["bash", "-c", pasted], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert not (tmp_path / "pwned").exists()
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == form.as_dict()
