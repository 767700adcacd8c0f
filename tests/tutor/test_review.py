"""The review after a game in Play (issue 33, item 3): once a game against the computer is
over, the page model (:class:`tutor.model.review.GameReview`, kept by ``PlayMode.review``) and
the players' strip say who won and how, with the rule, by how much, list the game as played
move by move in words, step between the person's own decisions, and let another move be tried
at one of them (the game as played stays, and the way back to it is offered).

Expected values come from the final position itself (who holds no card, the chips each seat
started and ended with), not from the review's code. Costs about 15 s."""

from __future__ import annotations

import random
import re

import pytest

from tutor.model.app import TutorApp
from tutor.model.catalog import Catalog
from tutor.model.review import MISTAKES, GameReview
from tutor.model.versus import PERSON

from .test_play_leaks import Known, _check


@pytest.fixture(scope="module")
def page():
    from tutor.views.app import TutorView

    view = TutorView(app=TutorApp(Catalog.load()))
    view.app._rng = random.Random(41)
    view.app.open_job("play")
    return view


def _play_out(page, game: str, variant: str, names: list[str], rng: random.Random, limit: int = 3000) -> None:
    """A new deal against the computer (beginner), the person playing any legal move, to its end."""
    app, mode = page.app, page.versus
    assert app.new_deal(game=game, variant=variant, names=names)
    mode.start([PERSON] + ["beginner"] * (len(names) - 1))
    study = app.study
    for _ in range(limit):
        kind = mode.turn.kind
        if kind == "over":
            return
        if kind == "computer":
            mode.auto(study.current)
        else:
            assert mode.review.end is None and not mode.review.open  # no review while the game is on
            legal = study.state.view(study.state.mover).legal_actions()
            assert study.play(rng.choice(legal)).legal
    raise AssertionError(f"{game}: no end in {limit} steps")


def test_a_finished_game_says_who_won_how_and_by_the_rule_with_its_moves_in_words(page):
    _play_out(page, "palace", "house", ["Ann", "Ben"], random.Random(3))
    app, mode, study = page.app, page.versus, page.app.study
    review = mode.review
    state = study.state
    # the winner is the seat holding no card at all (hand, face up, face down): counted here
    out = [s for s in range(2) if not (state.hands[s] or state.face_up[s] or state.face_down[s])]
    assert len(out) == 1
    winner = state.names[out[0]]
    assert review.open and review.end == study.current and review.at == len(review.moves) - 1
    summary = review.summary
    assert summary.headline == f"{winner} wins."
    assert summary.rule.source == "palace-house-rules.txt"
    loser = state.names[1 - out[0]]
    assert summary.standing == (f"1st: {winner}", f"2nd: {loser}")
    # the game as played, one entry per move from the start, in words with who made it
    path = study.tree.path(study.current)[1:]
    assert [m.node for m in review.moves] == list(path)
    for move in review.moves:
        node = study.tree[move.node]
        if node.actor is not None:
            assert move.who == state.names[node.actor] and move.words.startswith(move.who + ": ")
            assert move.yours == (node.actor == 0)
        assert "@" not in move.words and not re.search(r"\b(play|pick|take)_", move.words)  # no notation
    strip = page.players.strip.html
    assert 'class="review"' in strip and f"{winner} wins." in strip and "Rule: §" in strip
    assert ".txt" not in strip and f"Every move ({len(path)})" in strip
    assert "Game over. Look back" not in page.shell.play_html  # the review says it, once
    assert "Your line" not in study.narration().heading


def test_stepping_back_to_a_decision_and_trying_another_move_keeps_the_game(page):
    _play_out(page, "palace", "house", ["Ann", "Ben"], random.Random(5))
    app, mode, study = page.app, page.versus, page.app.study
    review = mode.review
    end, played = study.current, len(review.moves)
    known = Known(study)
    # Ann's decisions, one by one backwards: each time the position she decided in
    seen = []
    for _ in range(200):
        before = review.at
        review.step_yours(-1)
        if review.at == before:
            break
        decided = review.decided_here()
        assert decided is not None and decided.yours and study.state.mover == 0
        assert study.tree[study.node.children[0]].id == decided.node  # the move she played is next
        assert mode.turn.kind == "person" and mode.autoplay_ms() is None  # nothing plays by itself here
        _check(page, known, end)  # looking back shows nothing Ann could not see
        seen.append(review.at)
    assert seen == sorted(seen, reverse=True) and len(seen) == sum(m.yours for m in review.moves)
    review.step_yours(+1)
    assert review.at == seen[-2]
    # another move than the one played, at her decision: a new line beside the game
    assert review.can_branch()
    here = study.current
    chosen = study.tree[study.node.children[0]].action
    other = next(a for a in study.state.view(0).legal_actions() if a != chosen)
    assert study.play(other).legal
    assert not review.open and review.end == end and study.tree[here].children[0] != study.current
    assert "Back to the game as played" in page.players.strip.html
    for _ in range(3000):  # the computer answers on the new line by itself; Ann plays on
        if mode.turn.kind == "over":
            break
        if mode.turn.kind == "computer":
            mode.auto(study.current)
        else:
            study.play(study.state.view(0).legal_actions()[0])
    assert study.state.is_over and study.current != end
    assert "Back to the game as played" in page.players.strip.html
    review.to_end()
    assert study.current == end and review.open and len(review.moves) == played


@pytest.mark.parametrize("game", ["palace-poker", "kings-pot"])
def test_a_deal_of_chips_says_each_seats_chips_won_or_lost(page, game):
    names = ["Ann", "Ben", "Cleo"] if game == "kings-pot" else ["Ann", "Ben"]
    variant = next(iter(page.app.catalog.family(game).presets))
    _play_out(page, game, variant, names, random.Random(7))
    review, state = page.versus.review, page.app.study.state
    root = page.app.study.tree.root.state
    start = _stacks(root)
    end = _stacks(state)
    # chips change hands or wait in King's Pot's carried pot; none appear or vanish
    assert sum(end) + _carried(state) == sum(start) + _carried(root)
    words = []
    for name, before, after in zip(names, start, end, strict=True):
        change = after - before
        words.append(f"{name} " + ("even" if change == 0 else f"+{change} chip" if change == 1 else
                                   f"+{change} chips" if change > 0 else
                                   f"\u2212{-change} chip" + ("" if change == -1 else "s")))
    assert review.summary.standing == tuple(words)


def _carried(state) -> int:
    return getattr(state, "kings_pot", 0) or 0


def _stacks(state):
    """Each seat's chips in front of it (in the pots nothing: a deal starts and ends with none there)."""
    seats = getattr(state, "seats", None) or getattr(state, "players")
    return [getattr(s, "stack") for s in seats]


def test_a_study_from_a_link_is_not_reviewed_until_it_is_played_as_a_game(page):
    review = GameReview()
    review.follow(page.app.study, None)
    assert review.end is None and not review.open and review.moves == ()


def test_a_hand_made_step_number_from_the_page_is_ignored_not_raised(page):
    """The strip sends the review's step as text; '--3' and '²' pass str.isdigit after a strip but
    int() refuses them: such a message changes nothing instead of raising in the page's Python."""
    _play_out(page, "palace", "house", ["Ann", "Ben"], random.Random(7))
    before = page.versus.review.at
    for bad in ("--3", "²", "", "1e3", " 2", "x"):
        page.players._pressed("review-goto", bad, [])
        page.players._pressed("auto", bad, [])
        assert page.versus.review.at == before
    page.players._pressed("review-goto", "0", [])
    assert page.versus.review.at == 0


def test_learn_from_your_mistakes_shows_the_costliest_decisions_each_a_position_to_try_again(page):
    _play_out(page, "palace", "house", ["Ann", "Ben"], random.Random(11))
    mode, study = page.versus, page.app.study
    review, end = mode.review, study.current
    known = Known(study)
    assert 'data-act="review-learn"' in page.players.strip.html and not review.judged  # judged only when asked
    assert 'data-busy="Judging your decisions…"' in page.players.strip.html  # said at once in the page
    page.players._pressed("review-learn", "", [])
    assert review.judged and 1 <= len(review.mistakes) <= MISTAKES
    strip = page.players.strip.html
    assert 'data-act="review-learn"' not in strip and "Your costliest decisions" in strip
    for i, mistake in enumerate(review.mistakes):
        move = review.moves[mistake.index]
        node = study.tree[move.node]
        assert move.yours and node.actor == 0 and mistake.played == move.what  # one of Ann's own decisions
        assert mistake.better != mistake.played and mistake.cost >= 0.06 and mistake.unit == "chance"
        assert "Better: " in mistake.words and "%" in mistake.words and "@" not in mistake.words
        assert f'data-act="review-mistake" data-value="{i}"' in strip or f"data-value=\"{i}\"" in strip
    assert [m.index for m in review.mistakes] == sorted(m.index for m in review.mistakes)
    # each opens as the position it was decided in, to try another move there
    first = review.mistakes[0]
    page.players._pressed("review-mistake", "0", [])
    assert review.at == first.index - 1 and review.decided_here() == review.moves[first.index]
    assert review.can_branch() and study.state.mover == 0
    assert first.brief in page.players.strip.html and first.better in first.brief
    _check(page, known, end)  # shows nothing Ann could not see
    page.players._pressed("review-end", "", [])
    assert study.current == end and review.judged  # judged once, kept


def test_palace_says_by_how_much_what_the_others_held_when_the_first_went_out(page):
    _play_out(page, "palace", "house", ["Ann", "Ben", "Cleo"], random.Random(13))
    study, review = page.app.study, page.versus.review
    tree = study.tree
    # counted here, from the positions themselves: walking back from the end, the last position in
    # which the first out still held a card; the one after it is when they went out
    first = review.summary.standing[0].removeprefix("1st: ")
    seat = list(study.state.names).index(first)
    path = tree.path(study.current)
    cards = [(len(tree[n].state.hands[seat]) + len(tree[n].state.face_up[seat])
              + len(tree[n].state.face_down[seat])) for n in path]
    last_held = max(i for i, c in enumerate(cards) if c > 0)
    out = tree[path[last_held + 1]].state
    expected = [f"{name} {len(out.hands[s])} in hand, {len(out.face_up[s])} face up, {len(out.face_down[s])} face down"
                for s, name in enumerate(out.names)
                if s != seat and (out.hands[s] or out.face_up[s] or out.face_down[s])]
    assert expected and review.summary.left == f"When {first} went out: " + "; ".join(expected) + "."
    assert review.summary.left in page.players.strip.html


def test_a_fault_in_the_judge_is_said_and_the_page_does_not_wait_for_it(page, monkeypatch):
    """The button says "Judging your decisions…" from its press until Python redraws the strip:
    if the judge raises, the strip must still be drawn again (else the button stays busy for
    good), saying the tutor could not judge the game."""
    import tutor.model.review as review_module

    def broken(*_args, **_kwargs):
        raise RuntimeError("a fault in the judge")

    _play_out(page, "palace", "house", ["Ann", "Ben"], random.Random(11))
    monkeypatch.setattr(review_module, "mistakes_of", broken)
    review = page.versus.review
    assert 'data-act="review-learn"' in page.players.strip.html
    page.players._pressed("review-learn", "", [])
    strip = page.players.strip.html
    assert review.judged and not review.mistakes and "a fault in the judge" in review.unjudged
    assert 'data-act="review-learn"' not in strip and "could not judge this game" in strip
