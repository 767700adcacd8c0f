"""Dispatch ``python -m bench <name> [args]`` to ``bench/<name>.py``."""

import importlib
import pkgutil
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    here = Path(__file__).parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if not m.name.startswith("_"))
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in names:
        print("usage: python -m bench {%s} [--json]" % ",".join(names), file=sys.stderr)
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    return importlib.import_module(f"bench.{argv[0]}").main(argv[1:])


sys.exit(main(sys.argv[1:]))
