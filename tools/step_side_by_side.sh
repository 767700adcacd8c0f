#!/bin/sh
# Next -> screen updated for several commits of the page, side by side in one run.
#
#   tools/step_side_by_side.sh ROUNDS COMMIT...     e.g. tools/step_side_by_side.sh 3 e23e10c 69a7295 HEAD
#
# Each commit is unpacked (git archive) into /tmp/palace-step-<commit>, with this
# worktree's download and build caches copied beside it, and measured by ITS OWN
# `python -m bench step --rounds 1 --json` (its own lessons and expected narration);
# the commits take turns, ROUNDS times, so the machine's load falls on all alike.
# One JSON line per run goes to $OUT (default /tmp/palace-step-side-by-side.jsonl),
# then the median over the rounds of each commit's painted p50 and p95 is printed.
# CPU=4 slows Chromium's CPU four times (the bench's --cpu-throttle), as a phone.
set -eu
ROUNDS=$1; shift
HERE=$(cd "$(dirname "$0")/.." && pwd)
PY="$HERE/.venv/bin/python"
OUT=${OUT:-/tmp/palace-step-side-by-side.jsonl}
CPU=${CPU:-1}
for c in "$@"; do
  d=/tmp/palace-step-$c
  if [ ! -d "$d" ]; then
    mkdir -p "$d/.cache"
    git -C "$HERE" archive "$c" | tar -x -C "$d"
    for part in build-requirements dl npm probe pure-wheels pyc stripped-wheels wasm-bundle snapshot compressed; do
      [ -d "$HERE/.cache/$part" ] && cp -a "$HERE/.cache/$part" "$d/.cache/"
    done
  fi
done
: > "$OUT"
for r in $(seq "$ROUNDS"); do
  for c in "$@"; do
    d=/tmp/palace-step-$c
    line=$(cd "$d" && PYTHONPATH="$d" "$PY" -m bench step --rounds 1 --cpu-throttle "$CPU" --json 2>"$d.err" | tail -1)
    echo "{\"commit\": \"$c\", \"round\": $r, \"load\": \"$(cut -d' ' -f1 /proc/loadavg)\", \"result\": $line}" >> "$OUT"
  done
done
"$PY" - "$OUT" <<'EOF'
import json, statistics, sys
runs = [json.loads(line) for line in open(sys.argv[1])]
for commit in dict.fromkeys(r["commit"] for r in runs):
    mine = [r for r in runs if r["commit"] == commit]
    p50 = statistics.median(r["result"]["painted_p50_ms"] for r in mine)
    p95 = statistics.median(r["result"]["painted_p95_ms"] for r in mine)
    loads = ", ".join(r["load"] for r in mine)
    print(f"{commit}: Next -> painted, median of {len(mine)} runs: p50 {p50:.0f} ms, p95 {p95:.0f} ms (load {loads})")
EOF
