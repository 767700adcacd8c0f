"""The first screen's game guides (lessons/guides.py): every point cites a section the
engines registered, and each glossary has the words its game's lessons use."""

import pytest

from lessons.guides import GUIDES, guide_for
from rules.games import game_ids, get_family
from rules.refs import RuleRef


def test_there_is_one_guide_per_game():
    assert sorted(g.game for g in GUIDES) == sorted(game_ids())
    for game in game_ids():
        assert guide_for(game).title == get_family(game).title


@pytest.mark.parametrize("guide", GUIDES, ids=lambda g: g.game)
def test_every_point_cites_a_registered_section_of_the_games_sources(guide):
    family = get_family(guide.game)   # importing the engine registers its sections
    cites = [cite for _, cite in guide.steps] + [term.cite for term in guide.terms]
    for cite in cites:
        ref = RuleRef(cite.source, cite.section)  # raises for a section nobody registered
        assert ref.source in family.sources


@pytest.mark.parametrize("game, words", [
    ("palace-poker", {"banner", "palace", "soldier", "battle", "stay", "showdown"}),
    ("palace", {"pile", "pick up", "stock", "burn (clear)", "flash", "wild card"}),
    ("kings-pot", {"tableau", "King's hand", "King's pot", "backing a hand", "reveal round"}),
])
def test_each_glossary_explains_the_words_its_lessons_use(game, words):
    guide = guide_for(game)
    assert words <= {term.word for term in guide.terms}
    assert all(term.meaning.endswith(".") and len(term.meaning) > 20 for term in guide.terms)
    assert 4 <= len(guide.steps) <= 8   # short enough for a first game night
