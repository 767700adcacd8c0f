"""docs/rulings.md § Table options and the options in code are one list (issue 16).

``python tests/test_options_doc.py --write`` rewrites the generated part (between
the two ``options`` markers) from each game's ``OPTIONS``; the tests fail when the
two differ. The hand-written list below it says, for every ruling that is not an
option, why not; a test checks that every ruling is either the default reading
of an option or in that list, so a new ruling cannot skip the question.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rulings.md"
BEGIN, END = "<!-- options:begin (generated: python tests/test_options_doc.py --write) -->", "<!-- options:end -->"

if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))


def render() -> str:
    from rules.games import game_ids, get_family

    out = []
    for gid in game_ids():
        family = get_family(gid)
        presets = dict(family.presets.items())
        first = next(iter(presets.values()))
        out.append(f"#### {family.title} (`palace-tutor rules {gid}`)\n")
        for opt in first.OPTIONS:
            base = opt.token(opt.value_of(first))
            others = [f"`{opt.token(opt.value_of(rules))}` in {name}" for name, rules in presets.items()
                      if opt.token(opt.value_of(rules)) != base]
            default = f"`{base}`" + (f" ({'; '.join(others)})" if others else "")
            ruling = f"; ruling `{opt.ruling}`" if opt.ruling else ""
            out.append(f"- **`{opt.name}`** ({opt.kind}; {opt.ref}{ruling}): {opt.question} "
                       f"Default: {default}.")
            for c in opt.choices:
                out.append(f"  - `{c.token}`: {c.meaning}")
            if opt.free is not None:
                out.append(f"  - or {opt.free.form}")
        out.append("")
    return "\n".join(out).strip()


def _parts(text: str) -> tuple[str, str, str]:
    start = text.index(BEGIN) + len(BEGIN)
    end = text.index(END)
    return text[:start], text[start:end], text[end:]


def write() -> bool:
    text = DOC.read_text(encoding="utf-8")
    before, _, after = _parts(text)
    new = before + "\n\n" + render() + "\n\n" + after
    if new != text:
        DOC.write_text(new, encoding="utf-8")
    return new != text


def test_the_documented_options_are_the_options_in_code():
    assert _parts(DOC.read_text(encoding="utf-8"))[1].strip() == render(), \
        "docs/rulings.md § Table options is stale: run python tests/test_options_doc.py --write"


def test_every_ruling_is_an_option_or_says_why_not():
    from rules.games import game_ids, get_family
    from rules.refs import RULINGS

    for gid in game_ids():
        get_family(gid)
    as_options = {o.ruling for gid in game_ids()
                  for o in next(iter(get_family(gid).presets.values())).OPTIONS if o.ruling}
    text = DOC.read_text(encoding="utf-8")
    why_not = dict(re.findall(r"^- `([a-z0-9-]+)`: (.+)$", text[text.index(END):], re.M))
    missing = sorted(set(RULINGS) - as_options - set(why_not))
    assert not missing, f"rulings neither an option nor explained under 'Rulings that are not options': {missing}"
    both = sorted(as_options & set(why_not))
    assert not both, f"rulings that are options yet listed as not: {both}"
    assert not set(why_not) - set(RULINGS), "the why-not list names rulings that do not exist"


if __name__ == "__main__":
    if "--write" in sys.argv:
        print("rewritten" if write() else "already in sync")
    else:
        print(render())
