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
