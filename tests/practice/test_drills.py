"""Every generator, a few seeds each: the drill is made, the same seed gives the same drill, its
token makes it again, the engine finds a right answer among the choices, and the words a person
reads carry no engine notation."""

import pytest
from practice_support import NOTATION

from practice import clauses, drill_from_token, make_drill

DRILLABLE = [c.id for c in clauses() if c.drillable]
SEEDS = range(6)


@pytest.mark.parametrize("clause", DRILLABLE)
def test_drill_is_seeded_answered_and_in_plain_words(clause):
    for seed in SEEDS:
        drill = make_drill(clause, seed=seed)
        assert make_drill(clause, seed=seed) == drill
        assert drill_from_token(drill.token) == drill
        keys = [c.key for c in drill.choices]
        assert len(keys) == len(set(keys)) >= 2
        answer = drill.answer()
        assert answer.right, f"{drill.token}: no right choice\n{drill.question}"
        assert set(answer.right) <= set(keys)
        if not drill.several:
            assert len(answer.right) == 1
        for text in (drill.question, *(c.text for c in drill.choices)):
            assert not NOTATION.search(text), f"{drill.token}: notation in {text!r}"
        graded = drill.grade(answer.right)
        assert graded.correct and graded.why
        wrong = [k for k in keys if k not in answer.right][:1]
        if wrong:
            graded = drill.grade(wrong)
            assert not graded.correct
            for choice in drill.choices:                     # not "52 cards: 52 cards: ..."
                assert f"{choice.text}: {choice.text}" not in graded.why, f"{drill.token}: {graded.why!r}"
            assert "not so" not in graded.why, f"{drill.token}: {graded.why!r}"
            # no engine key or source file in front of a person ("setup: ... 'seats' has 12 (x.txt § ...)")
            for engine_words in (".txt", "setup:", "'seats'", "'players'"):
                assert engine_words not in graded.why, f"{drill.token}: {graded.why!r}"


def test_wrong_answer_says_the_right_reason_once():
    """The source's deck (Palace Poker, the pack: one 52-card pack): picking a wrong size is
    answered with the right size's reason, said once, not "48 cards: not so: 52 cards: ..."."""
    drill = make_drill("PP-2", seed=3)
    wrong = [c.key for c in drill.choices if "52" not in c.text]
    why = drill.grade(wrong[:1]).why
    assert why.count("52-card") == 1 and "not so" not in why



def test_several_reasons_are_said_as_sentences():
    """The draw for the deal (Palace Poker, who deals): the engine tells each draw, who deals and
    that the cards go back; said as sentences ("... deals first. The draw's cards ..."), not
    joined by semicolons with a capital after each ("...; The draw's cards ...")."""
    drill = make_drill("PP-4", seed=0)
    why = drill.answer().why()
    assert "The draw's cards go back" in why and why.endswith(".")
    assert "; The" not in why and ".." not in why
    for key in (c.key for c in drill.choices):
        assert "; The" not in drill.grade([key]).why


def test_a_wrong_seat_count_says_the_reason_once():
    """Palace Poker seats 2 to 10 players: "No" to five players is answered with why five can
    play, once (not the same sentence for the picked and for the missed choice)."""
    drill = make_drill("PP-1", seed=0)
    assert "5 people" in drill.question
    why = drill.grade(["no"]).why
    assert why.count("5 players is a table the rules allow") == 1 and why.startswith("Yes, 5 can play")

def _source_grams(n=10):
    """Runs of ``n`` words of the rule sources (shared/sources beside the project), as copycheck
    reads them; None when the sources are not there."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for folder in (root.parent / "shared" / "sources", Path("/work/shared/sources")):
        if folder.is_dir():
            words = re.compile(r"[a-z0-9']+")
            grams = set()
            for src in folder.glob("*.txt"):
                w = words.findall(src.read_text(encoding="utf-8", errors="replace").lower().replace("\u2019", "'"))
                grams.update(tuple(w[i:i + n]) for i in range(len(w) - n + 1))
            return grams, words
    return None


def test_drill_words_are_ours_not_the_sources():
    found = _source_grams()
    if found is None:
        pytest.skip("the rule sources (shared/sources) are not beside the project")
    grams, words = found
    copied = []
    for clause in DRILLABLE:
        for seed in range(2):
            drill = make_drill(clause, seed=seed)
            for text in (drill.question, *(c.text for c in drill.choices)):
                w = words.findall(text.lower().replace("\u2019", "'"))
                if any(tuple(w[i:i + 10]) in grams for i in range(len(w) - 9)):
                    copied.append(f"{drill.token}: {text[:80]}")
    assert not copied, copied[:10]


def test_the_same_seed_gives_the_same_drill_in_another_process():
    # a drill is shared by its token: nothing in it may depend on the process (str hashing
    # is seeded per process, so the order of a set of cards or suits must never be used)
    import json
    import os
    import subprocess
    import sys

    sample = DRILLABLE[::7] + ["PP-38", "PP-59", "PP-60", "PP-61"]
    code = ("import json, sys\nfrom practice import make_drill\n"
            "print(json.dumps([make_drill(c, seed=3).question for c in sys.argv[1:]]))")
    runs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", code, *sample], capture_output=True, text=True, env=env, check=True)
        runs.append(json.loads(out.stdout))
    assert runs[0] == runs[1] == [make_drill(c, seed=3).question for c in sample]
