"""Learn <game> in the compiled app (issue 32, item 1), at a phone size (touch) and a desktop
size: a newcomer opens "Learn Palace" from the first screen and goes through the online
rules' first chapter with taps only, on the table's cards where the task's answers are moves
(one wrong answer, a tap on the pile, then right ones), the next chapter
is offered, the course's map shows the chapter done with its stars, and after a reload
"Learn Palace" opens where the learner left off (progress kept in the browser).

The right answers are read from the course as the loader checked it against the engine
(the Python ``Study`` of the same chapter, stepped alongside the page); the wrong one is
a move the engine allows that does not do what the task asks."""

import pytest

from palace_tutor.site import browser as B

from tutor.model.catalog import Catalog
from tutor.model.study import Study

from .axe_support import DESKTOP, PHONE, axe_violations, save_shot
from .tutor_page import close_drawer, open_drawer_tab, wait_settled

QUIZ = ".quiz-box"


def tap(page, locator, touch):
    locator.scroll_into_view_if_needed()
    locator.tap() if touch else locator.click()


def right_keys(study):
    """The option keys that answer the open task right (all of them for a pick-all task)."""
    quiz = study.quiz
    keys = [o.key for o in quiz.options if quiz.quiz.accepts(o.key, quiz.state)]
    return keys if quiz.multiple else keys[:1]


def learn_palace(page, touch):
    page.locator(".guide-palace > summary").click()
    tap(page, page.locator('.guide-palace button[data-act="learn-game"]'), touch)
    page.locator(".course-line .course-where").wait_for(timeout=60_000)
    wait_settled(page)


def on_table(study) -> set[str]:
    """The answers the task's table offers as cards (the mover's cards, the pile, the stock)."""
    table = study.quiz.table()
    return set(table.keys()) if table is not None else set()


def answer_and_go_on(page, study, touch):
    """Tap the right answers of the task asked, on the table where it shows them (else their
    buttons in words), then Next to the next task or the chapter's end."""
    cards = on_table(study)
    for key in right_keys(study):
        if key in cards:
            tap(page, page.locator(f'{QUIZ} .quiz-table .practice-card[data-value="{key}"]'), touch)
        else:
            tap(page, page.locator(f'{QUIZ} .quiz-option[data-key="{key}"]'), touch)
        study.quiz.toggle(key) if study.quiz.multiple else study.quiz.answer(key)
        if study.quiz.multiple and key in cards:   # the pick is drawn on the card before the next tap
            page.locator(f'{QUIZ} .quiz-table .practice-card[data-value="{key}"][aria-pressed="true"]').wait_for(
                timeout=30_000)
    if study.quiz.multiple:
        tap(page, page.locator(f"{QUIZ} .quiz-check"), touch)
        study.quiz.answer()
    page.locator(f"{QUIZ} .quiz-verdict.right").wait_for(timeout=30_000)
    while study.forward():
        tap(page, page.locator(".controls .nav-next button"), touch)
        wait_settled(page)
        if study.quiz_open:
            page.locator(f"{QUIZ} .quiz-question", has_text=study.quiz.quiz.question[:40]).wait_for(timeout=30_000)
            return True
    return False


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_newcomer_learns_palace_with_taps_and_comes_back_where_they_left(open_app, size):
    touch = size.get("has_touch", False)
    name = "phone" if touch else "desktop"
    catalog = Catalog.load()
    course = catalog.course("pl-bga-course")
    first, second = course.chapters[0], course.chapters[1]
    study = Study.from_lesson(first.lesson, catalog.family("palace"))

    page = open_app("", device=size)
    learn_palace(page, touch)
    line = page.locator(".course-line .course-where").inner_text()
    assert line == f"Chapter 1 of {len(course.chapters)}: {first.title}"
    question = page.locator(f"{QUIZ} .quiz-question")
    assert question.inner_text() == study.quiz.quiz.question
    save_shot(page, f"course-first-task-{name}")

    # the task on the table: Ann's king and the pile are cards to tap
    assert on_table(study) == {"play Kh", "pickup"}
    king = page.locator(f'{QUIZ} .quiz-table .practice-card[data-value="play Kh"]')
    assert king.is_visible() and king.locator(".card").get_attribute("data-card") == "Kh"
    # a wrong answer, by a tap on the pile: taking it is allowed, but does not get Ann out
    tap(page, page.locator(f'{QUIZ} .quiz-table .practice-card[data-value="pickup"]'), touch)
    wrong = page.locator(f"{QUIZ} .quiz-verdict.wrong")
    wrong.wait_for(timeout=30_000)
    assert "not what the question asks" in wrong.inner_text() and "Try again" in wrong.inner_text()
    save_shot(page, f"course-wrong-{name}")
    study.quiz.answer("pickup")

    while answer_and_go_on(page, study, touch):
        pass
    following = page.locator(".course-line .course-next")
    following.wait_for(timeout=30_000)
    assert following.inner_text() == f"Next chapter: {second.title} ▶"
    save_shot(page, f"course-chapter-done-{name}")

    # the map: the first chapter done, two stars (one task right after another try)
    open_drawer_tab(page, "steps")
    chapters = page.locator(".course-map .course-chapter")
    assert chapters.count() == len(course.chapters)
    assert chapters.first.locator(".stars").get_attribute("aria-label") == "2 of 3 stars"
    save_shot(page, f"course-map-{name}")
    assert axe_violations(page, ["pt-app"]) == []
    close_drawer(page)

    tap(page, following, touch)
    page.locator(".course-line .course-where", has_text=f"Chapter 2 of {len(course.chapters)}").wait_for(
        timeout=30_000)

    # a reload: the first screen's Learn says where the learner is, and Learn Palace goes on
    # with the second chapter, where the learner left off
    B.open_until_interactive(page, page.url.split("#")[0])
    assert page.locator('.pt-app[data-job="home"]').count() == 1
    at = page.locator(".job-card-learn .learn-at")
    at.wait_for(timeout=60_000)
    assert f"{course.title}, chapter 2 of {len(course.chapters)} ({second.title})" in at.inner_text()
    assert page.locator(".job-card-learn .primary").inner_text() == "Continue the course"
    # one entry for one place: the last study was the course's chapter, so the first screen
    # does not also offer it as "Pick up where you left off"
    assert page.locator(".continue-card").is_hidden()
    save_shot(page, f"course-home-continue-{name}")
    learn_palace(page, touch)
    page.locator(".course-line .course-where", has_text=f"Chapter 2 of {len(course.chapters)}: {second.title}") \
        .wait_for(timeout=60_000)
    assert "1 of %d chapters done" % len(course.chapters) in page.locator(".course-line").inner_text() or touch
    save_shot(page, f"course-resumed-{name}")


def test_a_chapter_the_tables_own_rules_change_says_so(open_app):
    """A table that plays the house rules but says a 10's player does not play again
    (palace-house-rules.txt § Card Values (Tens and Jokers): the player who clears the pile
    plays again; the option ten-replays=no) sets that in Play's table setup; Learn Palace
    then opens the house course (the table's rule book), and its chapter on the 10 says on
    its line that the table's rules change its step 2: the step of the course file where Ann
    plays on after her 10 (docs/rulings.md, "A course and a table's own rules")."""
    from .tutor_page import go

    page = open_app("", device=PHONE)
    go(page, "play")
    page.locator(".play-game select").select_option("palace")
    page.locator(".table-palace").wait_for(timeout=60_000)
    wait_settled(page)
    if not page.locator(".table-setup[open]").count():
        page.locator(".table-setup > summary").click()
    page.locator(".free-variant select").select_option("house")
    page.locator(".table-rules summary").click()
    option = page.locator('.rules-option[data-name="ten-replays"]')
    option.wait_for(timeout=30_000)
    option.locator('input[value="no"]').check()
    page.locator(".rules-reset:enabled").wait_for(timeout=30_000)

    go(page, "home")
    learn_palace(page, True)
    assert page.locator(".course-line .course-title").inner_text() == "Palace, house rules: from zero"
    assert page.locator(".course-line .course-table-rules").count() == 0   # the aim: no 10 in it
    open_drawer_tab(page, "steps")
    tap(page, page.locator('.course-map .course-chapter[data-value="ten"]'), True)
    note = page.locator(".course-line .course-table-rules")
    note.wait_for(timeout=30_000)
    assert note.locator("summary").inner_text() == "Your table's rules change step 2"
    tap(page, note.locator("summary"), True)
    assert "does its player play again?" in note.inner_text()
    save_shot(page, "course-table-rules-phone")
    assert axe_violations(page, ["pt-app"]) == []


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_palace_poker_first_turn_is_answered_on_the_table(open_app, size):
    """Palace Poker's course, chapter "A turn" (pp-course.toml): "Tap everything she may do" on
    Ann's first turn. The opponents' banners are on the table (an attack names the opponent by
    name or by banner card, palace-poker.txt § Bet (or battle)) and so is the draw deck (a buy,
    § Buy); the learner taps Ben's and Cleo's banners and the deck, then Stay and Fold in
    words, and Check: right first time. The answers are the course file's, as the loader
    checked them against the engine (the Python Study of the same chapter)."""
    touch = size.get("has_touch", False)
    name = "phone" if touch else "desktop"
    catalog = Catalog.load()
    chapter = catalog.course("pp-course").chapter("turn")
    study = Study.from_lesson(chapter.lesson, catalog.family("palace-poker"))
    while not study.quiz_open:
        assert study.forward()
    assert study.quiz.quiz.question == "It is Ann's first turn. Tap everything she may do."

    page = open_app("", device=size)
    page.locator(".guide-palace-poker > summary").click()
    tap(page, page.locator('.guide-palace-poker button[data-act="learn-game"]'), touch)
    page.locator(".course-line .course-where").wait_for(timeout=60_000)
    wait_settled(page)
    open_drawer_tab(page, "steps")
    tap(page, page.locator('.course-map .course-chapter[data-value="turn"]'), touch)
    close_drawer(page)
    # the chapter opens at its introduction, where its first task is asked
    page.locator(f"{QUIZ} .quiz-question", has_text="It is Ann's first turn").wait_for(timeout=30_000)

    cards = on_table(study)
    table = study.quiz.table()
    words = {z.name: z.words for z in table.zones}
    assert sorted(z.words for z in table.zones if z.name == "opponent") == ["Ben's banner", "Cleo's banner"]
    assert words["draw"].startswith("The draw deck")
    drawn = page.locator(f"{QUIZ} .quiz-table .practice-zone-name").all_inner_texts()
    assert drawn == [z.words for z in table.zones]
    right = right_keys(study)
    assert set(right) > cards, "stay and fold stay buttons in words"
    for key in right:
        where = (f'{QUIZ} .quiz-table .practice-card[data-value="{key}"]' if key in cards
                 else f'{QUIZ} .quiz-option[data-key="{key}"]')
        tap(page, page.locator(where), touch)
        page.locator(f'{where}[aria-pressed="true"]').wait_for(timeout=30_000)
    save_shot(page, f"course-poker-turn-picked-{name}")
    tap(page, page.locator(f"{QUIZ} .quiz-check"), touch)
    page.locator(f"{QUIZ} .quiz-verdict.right").wait_for(timeout=30_000)
    assert page.locator(f"{QUIZ} .quiz-table .practice-card.is-right").count() == len(cards)
    save_shot(page, f"course-poker-turn-right-{name}")
    assert axe_violations(page, ["pt-app"]) == []
