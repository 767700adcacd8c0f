"""The courses shipped in lessons/courses (issue 32, item 1): every course loads and every
chapter step replays through its engine; each course starts from zero in the order a
newcomer needs (the aim, the deal, one turn, then one rule at a time, the worked examples
last); tasks with several right answers accept each of them and refuse a wrong one with
the engine's reason.

Expected sections and answers here come from the source documents (quoted in comments),
not from the course files."""

from __future__ import annotations

import re

import pytest

from lessons import judge, judge_picks, load_courses, load_lessons, replay
from lessons.course import CHAPTER_KINDS
from lessons.course_loader import courses_directory

REPORT = load_courses()
SHIPPED = sorted(f"{d.name}/{f.name}" for d in courses_directory().iterdir() if d.is_dir()
                 for f in d.iterdir() if f.name.endswith(".toml"))
BASICS = ("aim", "deal", "turn")


def course(course_id):
    return REPORT.by_id(course_id)


def sections(c, kind=None):
    return [ch.rule.section for ch in c.chapters if kind is None or ch.kind == kind]


def before(c, chapter, step):
    return replay(c.chapter(chapter).lesson)[step].before


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_course_loads_and_every_step_replays(name):
    broken = [p.message for p in REPORT.problems if p.name == name]
    assert not broken, broken[0]
    loaded = next(c for c in REPORT.courses if c.origin == name)
    for chapter in loaded.chapters:
        steps = replay(chapter.lesson)
        assert len(steps) == len(chapter.lesson.steps) and chapter.tasks


def test_no_problems_and_nothing_skipped():
    assert REPORT.problems == () and REPORT.skipped == ()


@pytest.mark.parametrize("name", SHIPPED)
def test_each_course_starts_from_zero_in_order(name):
    c = next(c for c in REPORT.courses if c.origin == name)
    kinds = [ch.kind for ch in c.chapters]
    # the aim first, then the deal, then one turn, before any single rule; examples after the rules
    assert kinds[0] == "aim"
    first = {kind: kinds.index(kind) for kind in BASICS}
    assert first["aim"] < first["deal"] < first["turn"]
    assert all(k in BASICS for k in kinds[:first["turn"] + 1])
    assert "rule" not in kinds[:first["turn"]]
    order = list(CHAPTER_KINDS)
    assert [order.index(k) for k in kinds] == sorted(order.index(k) for k in kinds)


def test_no_chapter_lesson_id_is_also_a_lesson_files_id():
    files = {lesson.id for lesson in load_lessons().lessons}
    for c in REPORT.courses:
        for chapter in c.chapters:
            assert chapter.shared == (chapter.lesson.id in files), chapter.lesson.id


ENGINE_WORDS = re.compile(r"\b(play|swap|flip|pickup|bet|buy|reveal|fold)\s+(@|[0-9TJQKA][cdhs]\b)|@\d|\bto_move\b")


def test_no_engine_notation_in_front_of_a_person():
    for c in REPORT.courses:
        texts = [c.title, c.summary, c.intro]
        for chapter in c.chapters:
            texts += [chapter.title, chapter.summary, chapter.lesson.intro]
            for step in chapter.lesson.steps:
                texts.append(step.narration)
                if step.quiz:
                    texts += [step.quiz.question, step.quiz.explanation, step.quiz.hint, *step.quiz.options]
        for text in texts:
            assert not ENGINE_WORDS.search(text or ""), (c.id, text)


# -- Palace, the online rules (palace-bga.txt) ------------------------------------------------

def test_bga_course_teaches_the_basics_in_the_documents_order():
    c = course("pl-bga-course")
    assert (c.game, c.variant) == ("palace", "bga")
    # the document opens with going out by shedding every card, and the last player losing
    assert c.chapters[0].kind == "aim"
    aim = replay(c.chapters[0].lesson)
    assert any(e.kind == "out" for e in aim[0].events) and aim[-1].after.is_over
    # the deal: "3 cards face-down ... 3 cards face-up ... 3 more cards for their playing hand";
    # "In a 3 player game, players have 4 cards"; then "Exchange of cards"; then who starts
    assert sections(c)[1:4] == ["Deal", "Playing cards: start", "Playing cards: stack"]
    assert [ch.kind for ch in c.chapters[1:4]] == ["deal", "deal", "turn"]
    deal = replay(c.chapter("deal").lesson)
    assert deal[0].quiz_answer == "4" and deal[1].quiz_answer == "16"  # 52 - 3 x (4 + 4 + 4)


def test_bga_course_has_a_chapter_for_each_special_card_of_the_document():
    # the document's opening lines name the 2, the 10 and the 9; "Special cards and plays"
    # adds four of one value burning the stack
    taught = set(sections(REPORT.by_id("pl-bga-course"), "rule"))
    assert {"Special cards: 2", "Special cards: 9", "Special cards: 10", "Special cards: four of a kind",
            "Playing cards: multiples", "Playing cards: refill", "Playing cards: table cards"} <= taught


def test_bga_course_ends_with_the_documents_worked_example():
    c = course("pl-bga-course")
    assert [ch.lesson.id for ch in c.chapters if ch.kind == "example"][0] == "pl-bga-example"


def test_bga_four_of_a_kind_task_accepts_both_ways_to_burn():
    c = course("pl-bga-course")
    quiz = c.chapter("four-of-a-kind").lesson.steps[0].quiz
    state = before(c, "four-of-a-kind", 0)
    # two sevens are on the pile: two more make four in a row; a 10 beats a 7 and burns
    for right in ("play 7h 7s", "play Td", "play 10♦"):
        assert judge(quiz, right, state).correct, right
    # a king may be laid on a 7, but burns nothing
    king = judge(quiz, "play Kc", state)
    assert not king.correct and not king.refused and "allowed" in king.reason


def test_bga_turn_task_refuses_a_low_card_with_the_engines_reason():
    c = course("pl-bga-course")
    quiz = c.chapter("turn").lesson.steps[0].quiz
    state = before(c, "turn", 0)
    # § Playing cards: the next card must be at least as high as the last one; a 4 on an 8 is not
    wrong = judge_picks(quiz, ["play 8d", "play 4c"], state)
    assert not wrong.correct and wrong.refused
    assert wrong.why == ("play the 4♣: a four is lower than an eight: a play must match or beat the top card "
                         "(palace-bga.txt § Playing cards: stack)",)
    assert judge_picks(quiz, ["play 8d", "play Jh", "play Kd", "pickup"], state).correct


def test_bga_swap_task_accepts_either_low_card():
    c = course("pl-bga-course")
    quiz = c.chapter("deal").lesson.steps[2].quiz
    state = before(c, "deal", 2)
    # Ann's face-up 3♣ and 5♥ are her low ones; the jack may replace either
    assert judge(quiz, "swap Jd 3c", state).correct and judge(quiz, "swap Jd 5h", state).correct
    assert not judge(quiz, "swap Jd Qc", state).correct


def test_bga_questions_offer_no_move_of_another_rule_book():
    c = course("pl-bga-course")
    for chapter in c.chapters:
        for done in replay(chapter.lesson):
            offered = {str(a).split()[0] for a in done.before.candidate_actions()}
            assert not offered & {"chance", "take-up", "last-card", "call-out"}, (chapter.id, offered)


# -- one course per game and rule set ----------------------------------------------------------

def test_every_game_and_every_palace_rule_book_has_a_course():
    from rules.games import game_ids, get_family, registration

    taught = {(c.game, c.variant) for c in REPORT.courses}
    shipped = {g for g in game_ids() if registration(g).engine.startswith("rules.")}  # not a test's own game
    assert {g for g, _ in taught} == shipped
    assert {v for g, v in taught if g == "palace"} == set(get_family("palace").presets)


# -- Palace, the house rules (palace-house-rules.txt) ----------------------------------------

def test_house_course_teaches_the_basics_in_the_documents_order():
    c = course("pl-house-course")
    # "Playing the Game": the idea is to be the first rid of every card
    assert sections(c)[:4] == ["Playing the Game", "Dealing", "Getting Started", "Playing the Game 1"]
    aim = replay(c.chapters[0].lesson)
    assert aim[-1].after.is_over and any(e.kind == "out" for e in aim[-1].events)
    # § Dealing: an Ace, 2 or 10 turned first goes back; here the 2♠ did, and a 5 starts the pile
    deal = replay(c.chapter("deal").lesson)
    assert any("2♠" in n.text for n in deal[0].before.notes)
    assert deal[0].quiz_answer == "5h"
    # § Getting Started: the weaker face-up trio (fewer wild cards) starts: Ben's one wild against two
    assert replay(c.chapter("first-player").lesson)[0].after.to_move == 1


def test_house_course_teaches_each_wild_card_and_the_end():
    taught = set(sections(course("pl-house-course"), "rule"))
    # § Card Values names three kinds of wild card; § Playing the Game 3 the chance, 5 the multiples
    assert {"Card Values: Aces", "Card Values: Tens and Jokers", "Card Values: Twos", "Playing the Game 3",
            "Playing the Game 5", "Playing the Game 7", "Ending the Game 1", "Ending the Game 3a"} <= taught


def test_house_four_of_a_kind_task_accepts_both_ways_to_clear():
    c = course("pl-house-course")
    quiz = c.chapter("four-of-a-kind").lesson.steps[0].quiz
    state = before(c, "four-of-a-kind", 0)
    # § Playing the Game 5: four or more may be played at any time and clear; § Tens and Jokers: a Joker clears
    assert judge(quiz, "play 6c 6d 6h 6s", state).correct and judge(quiz, "play Jk", state).correct
    low = judge(quiz, "play 4c", state)  # a 4 on a king
    assert not low.correct and low.refused and "palace-house-rules.txt" in low.why[0]


def test_house_course_under_a_table_option_names_the_chapters_it_changes():
    from lessons import adapt

    c = course("pl-house-course")
    # § Tens and Jokers: the player laying the 10 plays on; a table that says no changes that step
    ten = adapt(c, {"options": {"ten-replays": "no"}})
    assert [(x.chapter, x.step, x.settings) for x in ten.changes if x.chapter == "ten"] == [
        ("ten", 2, ("ten-replays: no",))]
    assert "aim" in ten.unchanged and "ace" in ten.unchanged
    # Alternate Rules 2: Jokers reverse instead of clearing, so a Joker no longer clears the pile
    jokers = adapt(c, {"alternates": ["jokers-reverse"]})
    change = jokers.change("four-of-a-kind")
    assert change is not None and change.step == 1 and "Jokers reverse" in change.words()
    with pytest.raises(ValueError, match="unknown Palace option 'nope'"):
        adapt(c, {"options": {"nope": "x"}})


# -- Palace, Caron's rules (palace-of-caron.txt) -----------------------------------------------

def test_caron_course_teaches_the_basics_in_the_documents_order():
    c = course("pl-caron-course")
    assert sections(c)[:4] == ["Playing the game", "Dealing", "Getting Started", "Playing the game 1"]
    # § Dealing: two 52-card decks, 3 face down and 6 more each: 104 - 2 x 9 left for two players
    assert replay(c.chapter("deal").lesson)[0].quiz_answer == str(104 - 2 * 9)
    # § Card Values: the 3, the 2, the 10 are the wilds, and the 7 a special case
    assert {"Card Values (3)", "Card Values (2)", "Card Values (10)", "Card Values (7)"} <= set(sections(c, "rule"))


def test_caron_ten_clears_without_another_turn():
    c = course("pl-caron-course")
    # § Card Values (10): the 10 sends the pile to the clear pile; unlike the 2 it gives no second play
    after = replay(c.chapter("ten").lesson)[0].after
    assert after.pile == () and after.to_move == 1


# -- Palace Poker (palace-poker.txt) -----------------------------------------------------------

def test_palace_poker_course_teaches_the_basics_in_the_documents_order():
    c = course("pp-course")
    assert sections(c)[:4] == ["Winning the Pot", "The Deal", "Palace Cards", "The Play"]
    # § The Deal: at $5/$10 the ante is $2; three players
    assert replay(c.chapter("deal").lesson)[0].quiz_answer == "6"
    # § The Play: buy, discard (needs a soldier), bet, stay, fold
    first_turn = c.chapter("turn").lesson.steps[0].quiz
    assert first_turn.accepted == {"buy", "stay", "fold", "bet Ben", "bet Cleo"}


def test_palace_poker_figures_follow_the_documents_formulas():
    c = course("pp-course")
    # § Bet (or battle): (soldiers + 1) x small bet; § Call: the caller pays for his own face-up cards
    attack = replay(c.chapter("attack").lesson)
    assert attack[0].quiz_answer == str((0 + 1) * 5) and attack[1].quiz_answer == str((1 + 1) * 5)
    assert replay(c.chapter("fold").lesson)[0].quiz_answer == str((2 + 1) * 5)
    # § Raise: a defender without soldiers only doubles to two small bets
    assert replay(c.chapter("raise").lesson)[0].quiz_answer == str(2 * 5)


def test_palace_poker_banner_suit_task_is_exactly_the_opponents_suit():
    c = course("pp-course")
    quiz = c.chapter("banner-suits").lesson.steps[0].quiz
    # § Banner Suits: against Ann's spade banner, Cleo's one spade (the K♠) does not count
    assert judge_picks(quiz, ["K♠"]).correct
    assert not judge_picks(quiz, ["K♠", "K♣"]).correct and not judge_picks(quiz, ["4♦"]).correct
    four = replay(c.chapter("four-of-a-kind").lesson)[0]
    assert four.quiz_answer == "Ben" and any(e.kind == "four-of-a-kind" for e in four.events)


# -- King's Pot (kings-pot.txt) ----------------------------------------------------------------

def test_kings_pot_course_teaches_the_basics_in_the_documents_order():
    c = course("kp-course")
    assert sections(c)[:4] == ["Objective", "The tableau", "Buying cards", "First reveal and betting"]
    # the table of limits: three players may buy seven cards at most
    buy = c.chapter("buying").lesson.steps[0].quiz
    assert buy.accepted == {f"buy {n}" for n in range(1, 8)}


def test_kings_pot_lines_and_costs_follow_the_document():
    c = course("kp-course")
    # § The tableau: the columns begin with the Six's hand; the diagonal from the top left is the Jack's
    tableau = replay(c.chapter("tableau").lesson)
    assert tableau[0].quiz_answer == "jack" and tableau[1].quiz_answer == "six"
    # § First reveal and betting: bets are paid for each card in hand: two cards at one chip
    assert replay(c.chapter("betting").lesson)[1].quiz_answer == "2"
    # § Winning the King's pot: not won unless the King's hand wins; 1 + 2 + 2 cards bought at one chip
    assert replay(c.chapter("kings-pot").lesson)[0].quiz_answer == "5"


def test_kings_pot_fold_task_accepts_either_jack():
    c = course("kp-course")
    quiz = c.chapter("equal-ranks").lesson.steps[0].quiz
    state = before(c, "equal-ranks", 0)
    # § Cards of equal rank: either of two cards of one rank may be folded
    assert judge(quiz, "fold Js", state).correct and judge(quiz, "fold Jh", state).correct
    whole = judge(quiz, "fold", state)
    assert not whole.correct and not whole.refused  # allowed, but gives up the Jack's hand
