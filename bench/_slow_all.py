"""A browser slowed everywhere, as a phone is (issue 36): Chromium run in a cgroup with a CPU
quota, so that the page's thread and the worker where the app's Python runs are slowed alike.
DevTools' CPU throttling (``--cpu-throttle``) slows only the page's thread.

``quota(share)`` makes a cgroup allowing ``share`` of one core (0.25: 25 ms of CPU every 100
ms, cgroup v2's ``cpu.max "25000 100000"``; v1's ``cpu.cfs_quota_us``/``cfs_period_us``,
whichever the machine mounts writable) and yields a small executable that puts itself in it
and then runs Chromium: every process Chromium starts (renderers with their workers, the GPU
and network processes) inherits the cgroup. The quota caps the whole browser together, and a
busy machine slows it further, so a run says how slow it was by a fixed loop in the page
(``LOOP_JS``, measured by the benches beside DevTools' rate): the calibration.

Needs root (or a delegated cgroup); where the machine does not allow it the bench stops with
the error the kernel gave.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

PERIOD_US = 100_000
V1 = Path("/sys/fs/cgroup/cpu")
V2 = Path("/sys/fs/cgroup")

# a fixed amount of work on the page's thread (ms): the same loop at full speed, under DevTools'
# rate and under the quota says how much each slows the page
LOOP_JS = """() => {
  const t0 = performance.now();
  let x = 0;
  for (let i = 0; i < 20000000; i++) { x = (x + i * 7) % 1000003; }
  return [performance.now() - t0, x];
}"""


def _make_group(share: float) -> tuple[Path, Path]:
    """(the cgroup's folder, its file of processes): v1's cpu controller if mounted, else v2."""
    quota = max(1000, round(share * PERIOD_US))
    name = f"palace-bench-{os.getpid()}"
    v1 = (V1 / "cpu.cfs_quota_us").exists()
    control = V2 / "cgroup.subtree_control"
    v2 = not v1 and control.exists() and "cpu" in control.read_text(errors="replace").split()
    if not (v1 or v2):
        raise SystemExit("bench: no cgroup cpu controller is enabled here (neither v1's cpu.cfs_quota_us "
                         "nor cpu in v2's cgroup.subtree_control): a browser slowed everywhere cannot be made")
    group = (V1 if v1 else V2) / name
    try:
        group.mkdir(exist_ok=True)
        if v1:
            (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (group / "cpu.cfs_quota_us").write_text(str(quota))
        else:
            (group / "cpu.max").write_text(f"{quota} {PERIOD_US}")
        return group, group / "cgroup.procs"
    except OSError as err:
        _remove(group)
        raise SystemExit(f"bench: cannot make a cgroup with a CPU quota here ({err}); "
                         f"a browser slowed everywhere needs root or a delegated cgroup") from err


def _remove(group: Path, wait_s: float = 10.0) -> None:
    """Remove the cgroup once its processes have gone (the browser's children exit a moment after
    it closes; the kernel refuses a cgroup that still holds one); say so if it stays."""
    deadline = time.monotonic() + wait_s
    while group.exists():
        try:
            group.rmdir()
            return
        except OSError as err:
            if time.monotonic() > deadline:
                print(f"bench: the cgroup {group} could not be removed ({err}); remove it with rmdir "
                      "once its processes have ended", file=sys.stderr)
                return
            time.sleep(0.2)


@contextmanager
def quota(share: float, chromium: str) -> Iterator[str]:
    """An executable that runs ``chromium`` inside a cgroup allowed ``share`` of one core."""
    group, procs = _make_group(share)
    with tempfile.TemporaryDirectory(prefix="palace-bench-slow-") as tmp:
        wrapper = Path(tmp) / "chromium-slowed"
        # a browser that could not join the cgroup must not run at full speed unsaid
        wrapper.write_text(f'#!/bin/sh\necho $$ > "{procs}" || {{ echo "bench: cannot join the cgroup {group}" >&2; '
                           f'exit 1; }}\nexec "{chromium}" "$@"\n')
        wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
        try:
            yield str(wrapper)
        finally:
            _remove(group)
