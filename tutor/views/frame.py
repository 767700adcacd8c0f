"""The page's own markup and its one stylesheet: the frame (header, the three
jobs, main, the step bar, the drawer) and the first screen.

Everything here is a pure function of plain data, built with :mod:`.text`
(every text escaped). The live page (:class:`~.shell.Shell`) puts this markup
in its shadow root and the browser only fills slots, toggles ``hidden`` and
``disabled`` and moves focus; :mod:`.prerender` renders the same markup under
CPython at build time, so the first paint before Python runs is the page the
app then takes over, with no jump.

Markup contract (tests, benches, the pre-render):

* ``.pt-app[data-job=home|learn|play|settle]``: the job shown; the sections
  ``.view-home``, ``.view-study`` (Learn and Play), ``.view-settle``.
* ``[data-act=NAME]``: a button (or a select: its ``change``) whose press is
  sent to Python as ``{act: NAME, value: data-value or the select's value}``.
* ``[data-child=NAME]``: where a Panel child is slotted (table, extra: under
  the table, players: Play's row, for who plays each seat; rules: Play's table
  setup; quiz, steps, tree, share, saved, checker, debug, bridge: the always-on
  bridges). Some are given only when their slot first shows (``Shell.add_later``).
* ``[data-part=NAME]``: HTML filled from Python (narration, notice, heading,
  play-status).
* ``[data-open=TAB]``: opens the drawer on a tab (browser only).
* Step controls keep the old wrappers: ``.nav-start|.nav-prev|.nav-next|.nav-end button``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from lessons.guides import Guide, registered_guides

from .course_css import COURSE_CSS
from .practice import PRACTICE_CSS, practice_section_html
from .text import esc, tag

JOB_LABELS = (("learn", "Learn"), ("play", "Play"), ("settle", "Settle a hand"))
DRAWER_TABS = (("steps", "Steps"), ("lines", "Lines"), ("share", "Share"), ("saved", "Saved"))


@dataclass(frozen=True)
class FrameData:
    """What the frame's markup depends on (the catalog, read once)."""

    lesson_groups: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()   # (game title, ((title, id), ...))
    games: tuple[tuple[str, str], ...] = ()                                    # (id, title)
    guides: tuple[Guide, ...] = field(default_factory=registered_guides)
    lesson_counts: tuple[tuple[str, int], ...] = ()                            # (game id, lessons)
    course_games: tuple[str, ...] = ()                                         # the games with a course
    first_course: str = ""                     # the title of the game Learn starts with (none begun)


@dataclass(frozen=True)
class LearnPlace:
    """A course begun, as the first screen's Learn says it (plain data: the page model's
    ``CoursePlace``)."""

    course: str
    title: str
    chapter: int
    chapters: int
    chapter_title: str
    answered: int


# -- pieces -----------------------------------------------------------------------------------
def _button(label: str, act: str, value: str = "", cls: str = "", **attrs) -> str:
    extra = {"data_value": value} if value else {}
    return tag("button", label, cls, type="button", data_act=act, **extra, **attrs)


def _nav_button(label: str, act: str, wrapper: str, **attrs) -> str:
    """A step control, wrapped in the span the benches and tests find it by."""
    return tag("span", "", f"nav {wrapper}", raw=_button(label, act, **attrs))


def _select(label: str, act: str, cls: str, options: str = "", hint: str = "") -> str:
    inner = tag("span", label, "field-label") + tag("select", "", "", raw=options, data_act=act)
    if hint:
        inner += tag("span", hint, "hint")
    return tag("label", "", f"field {cls}", raw=inner)


def lesson_options_html(groups: Iterable[tuple[str, Iterable[tuple[str, str]]]]) -> str:
    return "".join(tag("optgroup", "", "", raw="".join(tag("option", title, value=lesson_id)
                                                       for title, lesson_id in lessons), label=game)
                   for game, lessons in groups)


def _job_label(label: str) -> str:
    """``Settle a hand`` shows as ``Settle`` on a narrow screen (the rest is hidden, also from readers)."""
    first, _, rest = label.partition(" ")
    return esc(first) + (tag("span", " " + rest, "wide-only") if rest else "")


def header_html() -> str:
    jobs = "".join(tag("button", "", f"job job-{job}", raw=_job_label(label), type="button", data_act="job",
                       data_value=job) for job, label in JOB_LABELS)
    brand = _button("Palace Tutor", "job", "home", "brand", aria_label="Palace Tutor: the first screen")
    colours = tag("button", "", "deck-colours", type="button", aria_pressed="false",
                  title="Four-colour deck: clubs green, diamonds blue",
                  raw=tag("span", "♣♦", "", aria_hidden="true") + tag("span", "Four-colour deck", "sr-only"))
    return tag("header", "", "pt-top", raw=brand + tag("nav", "", "jobs", raw=jobs, aria_label="What to do")
               + colours)


# -- the first screen ----------------------------------------------------------------------------
def _job_card(job: str, title: str, text: str, actions: str) -> str:
    return tag("section", "", f"job-card job-card-{job}", raw=tag("h2", title) + tag("p", text)
               + tag("div", "", "job-actions", raw=actions))


def guide_html(guide: Guide, lessons: int = 0, course: bool = False) -> str:
    """One game's how-to and glossary, each point citing its source section; its Learn button
    opens the game's course where the learner left off (``course``), else its first lesson."""
    steps = "".join(tag("li", text, "", raw=" " + tag("cite", f"§ {cite.section}", "cite", title=str(cite)))
                    for text, cite in guide.steps)
    terms = "".join(tag("dt", term.word) + tag("dd", term.meaning, "", raw=" " + tag(
        "cite", f"§ {term.cite.section}", "cite", title=str(term.cite))) for term in guide.terms)
    body = tag("p", guide.gist, "gist") + tag("p", guide.players, "players")
    if guide.note:
        body += tag("p", guide.note, "note")
    body += tag("h4", "How a game goes") + tag("ol", "", "how-to", raw=steps)
    body += tag("h4", "Words the lessons use") + tag("dl", "", "glossary", raw=terms)
    actions = ""
    if course:
        actions += _button(f"Learn {guide.title} from the start", "learn-game", guide.game, "primary")
    elif lessons:
        actions += _button(f"Learn {guide.title}", "learn-game", guide.game, "primary")
    actions += _button(f"Deal a game of {guide.title}", "play-game", guide.game)
    body += tag("div", "", "guide-actions", raw=actions)
    summary = tag("summary", "", "", raw=tag("h3", guide.title) + tag("span", guide.gist, "summary-gist"))
    return tag("details", "", f"guide guide-{guide.game}", raw=summary + body, data_game=guide.game)


def learn_actions_html(places: Sequence[LearnPlace], first: str = "") -> str:
    """The first screen's Learn: where this learner is in the course they were last in, and
    Continue; the other courses begun, each with its own Continue; none begun, the start of
    the first game's course (``first``: its title). The page fills it (``home-learn``) as
    the device's progress is read; the pre-rendered page shows the start."""
    if not places:
        label = f"Start learning {first}" if first else "Start learning"
        return _button(label, "learn-course", "", "primary")
    here, *others = places
    where = f"{here.title}, chapter {here.chapter} of {here.chapters}" + (
        f" ({here.chapter_title})" if here.chapter_title else "")
    answered = ("No tasks answered yet" if not here.answered else
                f"{here.answered} task{'' if here.answered == 1 else 's'} answered")
    out = tag("p", f"You are at {where}. {answered}.", "learn-at")
    out += _button("Continue the course", "learn-course", here.course, "primary")
    for place in others[:2]:
        out += _button(f"Continue {place.title} (chapter {place.chapter} of {place.chapters})", "learn-course",
                       place.course, "learn-other")
    return out


def home_html(data: FrameData) -> str:
    counts = dict(data.lesson_counts)
    intro = (tag("h1", "Palace Tutor", "home-title")
             + tag("p", "Learn the Palace family of card games, play a hand on this device, or settle an "
                        "argument at the table. Everything runs in your browser, also offline.", "lead"))
    jobs = (
        _job_card("learn", "Learn", "A course for each game, from zero: the aim, the deal, a turn, then one rule "
                  "at a time. You make the moves on the table, and the tutor checks each one and says why.",
                  tag("div", "", "learn-course", data_part="home-learn",
                      raw=learn_actions_html((), data.first_course))
                  + _button("Practise: endless drills", "job", "practice", "practice-job")
                  + tag("span", "or pick a game below", "hint"))
        + _job_card("play", "Play", "Deal a new game in one tap and play it on this device, passing it round "
                    "the table. The tutor checks every move and says why.",
                    _button("Deal a new game", "job", "play", "primary"))
        + _job_card("settle", "Settle a hand", "Type or tap the cards of a disputed battle, showdown, Palace "
                    "play or King's Pot tableau and get the verdict with the rule behind it.",
                    _button("Check a hand", "job", "settle", "primary")))
    guides = "".join(guide_html(g, counts.get(g.game, 0), g.game in data.course_games) for g in data.guides)
    # the last study shown on this device (resume.mjs fills and shows it)
    resume = tag("section", "", "continue-card", hidden="", aria_labelledby="pt-continue-title",
                 raw=tag("h2", "Pick up where you left off", "", id="pt-continue-title")
                 + tag("p", "", "continue-what") + _button("Continue", "continue", "", "primary continue"))
    saved = tag("div", "", "home-saved", data_part="home-saved")  # My studies, rule sets (.shelf)
    return (tag("div", "", "home-intro", raw=intro) + resume + saved + tag("div", "", "jobs-row", raw=jobs)
            + tag("section", "", "guides", raw=tag("h2", "The games") + guides, aria_label="The games"))


# -- the study view (Learn and Play) --------------------------------------------------------------
def study_top_html(data: FrameData) -> str:
    learn = tag("div", "", "learn-only top-row",
                raw=_select("Lesson", "lesson", "lesson-select", lesson_options_html(data.lesson_groups)))
    games = "".join(tag("option", title, value=game) for game, title in data.games)
    form = (_select("Rules", "variant", "free-variant") + tag("div", "", "child free-rules", data_child="rules")
            + tag("label", "", "field free-players", raw=tag("span", "Players (names, comma separated)", "field-label")
                  + tag("input", "", "", type="text", value="Ann, Ben, Cleo, Dev", maxlength=400, name_="players"))
            + tag("label", "", "field free-seed", raw=tag("span", "Shuffle number (empty: a new shuffle)", "field-label")
                  + tag("input", "", "", type="number", min=0, inputmode="numeric", name_="seed"))
            + tag("label", "", "field free-json", raw=tag("span", "Or the whole setup as JSON (advanced)", "field-label")
                  + tag("textarea", "", "", rows=3, name_="json", placeholder='{"seed": 7}'))
            + _button("Deal with these settings", "setup", "", "free-start primary"))
    setup = tag("details", "", "table-setup", raw=tag("summary", "", "", raw=tag("span", "⚙", "", aria_hidden="true")
                                                      + tag("span", " Table setup", "wide-only"),
                                                      aria_label="Table setup")
                + tag("div", "", "setup-form", raw=form))
    play = tag("div", "", "play-only top-row", raw=(
        _select("Game", "play-game", "play-game", games) + _button("New deal", "new-deal", "", "new-deal primary")
        + setup + tag("div", "", "child play-controls", data_child="players")))
    seat = _select("Cards shown", "seat", "seat-select", tag("option", "Everyone's (teaching)", value="-1"))
    extra = tag("div", "", "play-extra play-only", data_part="play-extra")
    course = tag("div", "", "course-part learn-only", data_part="course")  # tutor.views.course
    return tag("div", "", "study-top", raw=learn + play + seat + present_button_html() + extra + course)


def present_button_html() -> str:
    """Present mode's switch (browser only: ``present.mjs``): the study on a TV or projector."""
    return tag("button", "", "present-open", type="button", data_present="on", aria_pressed="false",
               aria_label="Present on a big screen",
               title="Present on a TV or projector: step with the arrow keys, Page Up, Page Down or space; "
                     "Esc leaves",
               raw=tag("span", "\u25a3", "", aria_hidden="true") + tag("span", " Present", "wide-only"))


def bar_html() -> str:
    controls = (
        _nav_button("«", "start", "nav-start", aria_label="Go to the start", title="Go to the start")
        + _nav_button("◀ Back", "prev", "nav-prev", title="Previous step (← key)")
        + tag("button", "", "where", raw=tag("span", "", "where-text") + tag("span", " ☰", "where-icon",
                                                                            aria_hidden="true"),
              type="button", data_open="steps", aria_haspopup="true", aria_controls="pt-drawer",
              title="Steps, lines, notes and sharing")
        + _nav_button("Next ▶", "next", "nav-next", title="Next step (→ key)", cls="primary")
        + _nav_button("»", "end", "nav-end", aria_label="Go to the end of this line", title="Go to the end")
        + tag("button", "Leave \u2715", "present-leave", type="button", data_present="off",
              aria_label="Leave present mode", title="Leave present mode (Esc)"))
    # a question asked here comes before the narration: below it, it sat out of
    # sight under the fold of the bar while the table said "answer the question first"
    scroll = (tag("div", "", "notice-area", data_part="notice")
              + tag("div", "", "quiz-slot", data_child="quiz")
              + tag("div", "", "narration-pane", data_part="narration", aria_live="polite"))
    # a box that scrolls is reached by the keyboard too (axe: scrollable-region-focusable)
    return tag("section", "", "bar", raw=tag("div", "", "bar-scroll", raw=scroll, tabindex="0", role="region",
                                            aria_label="The step's words")
               + tag("div", "", "controls", raw=controls), aria_label="The step and its controls")


def drawer_html() -> str:
    tabs = "".join(tag("button", label, f"tab tab-{key}", type="button", data_tab=key, aria_controls=f"pt-tab-{key}")
                   for key, label in DRAWER_TABS)
    head = tag("div", "", "drawer-head", raw=tag("div", "", "tabs", raw=tabs)
               + tag("button", "Close", "drawer-close", type="button"))
    typed = tag("details", "", "typed", raw=tag("summary", "Type a move instead of picking it") + tag(
        "div", "", "typed-row", raw=tag("label", "", "field typed-action", raw=tag(
            "span", "Move", "field-label") + tag("input", "", "", type="text", name_="typed", autocomplete="off",
                                                  placeholder="e.g. play 7h"))
        + _button("Play it", "typed", "", "typed-play")))
    panels = (
        tag("section", "", "tab-panel panel-steps", raw=tag("div", "", "course-map-part", data_part="course-map")
            + tag("h2", "Steps") + tag("div", "", "child", data_child="steps")
            + tag("div", "", "step-jumps", raw=_button("To the start", "start", "", "jump-start")
                  + _button("To the end", "end", "", "jump-end")),
            id="pt-tab-steps", data_tab_panel="steps")
        + tag("section", "", "tab-panel panel-lines", raw=tag("h2", "Lines & notes")
              + tag("div", "", "child", data_child="tree") + typed, id="pt-tab-lines", data_tab_panel="lines")
        + tag("section", "", "tab-panel panel-share", raw=tag("h2", "Share this study")
              + tag("div", "", "child", data_child="share"), id="pt-tab-share", data_tab_panel="share")
        + tag("section", "", "tab-panel panel-saved", raw=tag("h2", "Studies saved on this device")
              + tag("div", "", "child", data_child="saved"), id="pt-tab-saved", data_tab_panel="saved"))
    return tag("section", "", "drawer", raw=head + panels, id="pt-drawer", aria_label="Steps, lines and sharing")


def study_html(data: FrameData) -> str:
    table = tag("div", "", "table-slot", raw=tag("div", "", "study-heading", data_part="heading")
                + tag("div", "", "child", data_child="table") + tag("div", "", "child", data_child="extra"))
    side = tag("div", "", "side", raw=bar_html() + drawer_html())
    return tag("section", "", "view view-study", raw=tag("h1", "", "sr-only study-title", data_part="title", id="pt-study-title")
               + study_top_html(data) + table + side + tag("div", "", "scrim", aria_hidden="true"),
               aria_labelledby="pt-study-title")


def settle_html() -> str:
    intro = tag("p", "Choose what to check, then type or tap the cards. The verdict says who wins and "
                     "which rule decides it.", "lead")
    return tag("section", "", "view view-settle", raw=tag("h1", "Settle a hand") + intro
               + tag("div", "", "child", data_child="checker"), aria_label="Settle a hand")


def frame_html(data: FrameData, job: str = "home", home: str | None = None) -> str:
    """The whole page; ``home`` is the first screen's markup (:func:`home_html`)."""
    home_section = tag("section", "", "view view-home", raw=home if home is not None else home_html(data),
                       aria_label="Start")
    debug = tag("section", "", "view-debug", raw=tag("h2", "Self-check: the rules running in this browser")
                + tag("div", "", "child", data_child="debug"), hidden="", aria_label="Self-check")
    main = tag("main", "", "pt-main", raw=(tag("div", "", "notice-area notice-home", data_part="notice-home")
                                            + home_section + study_html(data) + settle_html()
                                            + practice_section_html() + debug),
               id="pt-main")
    bridge = tag("div", "", "bridge", data_child="bridge")
    return tag("div", "", "pt-app", raw=header_html() + main + bridge + handover_html(), data_job=job)


def handover_html() -> str:
    """Pass-and-play's hand-over screen (filled and shown by the page's UI state ``handover``:
    the rest of the page is then inert and hidden from assistive technology)."""
    return tag("div", "", "handover", raw=tag("h2", "", "", id="pt-handover-title")
               + tag("p", "", "handover-text") + _button("", "taken", "", "taken primary"),
               hidden="", role="dialog", aria_modal="true", aria_labelledby="pt-handover-title")


def view_visibility_css() -> str:
    """Which sections each job shows (also right before any script runs)."""
    rules = []
    for job, section in (("home", "view-home"), ("settle", "view-settle")):
        rules.append(f'.pt-app:not([data-job="{job}"]) .{section} {{ display: none; }}')
    rules.append('.pt-app:not([data-job="learn"]):not([data-job="play"]) .view-study { display: none; }')
    rules.append('.pt-app:not([data-job="learn"]) .learn-only, .pt-app:not([data-job="play"]) .play-only '
                 '{ display: none !important; }')
    for job, _ in JOB_LABELS:
        rules.append(f'.pt-app[data-job="{job}"] .job-{job} {{ background: var(--accent); color: #fff; '
                     'border-color: var(--accent); }')
    return "\n".join(rules)


HOST_CSS = "display: block; width: 100%; height: 100vh; height: 100dvh;"

SHELL_CSS = """
.pt-app { --ink: #1d2430; --muted: #4a5563; --line: #c3c9d2; --panel: #f3f5f8; --accent: #1f5fbf;
  --good: #1e6b35; --bad: #a3242b; --warn-bg: #fff7e0; --felt: #27613f;
  box-sizing: border-box; display: flex; flex-direction: column; height: 100vh; height: 100dvh; width: 100%;
  font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
.pt-app.four-colour { --club: #14692f; --diamond: #1f4fb8; }
.pt-app *, .pt-app *::before, .pt-app *::after { box-sizing: border-box; }
.pt-app button, .pt-app select, .pt-app input, .pt-app textarea { font: inherit; color: inherit; }
.pt-app button { min-height: 44px; min-width: 44px; padding: 0 12px; border: 1px solid #8d96a3; border-radius: 8px;
  background: #fff; cursor: pointer; }
.pt-app button:disabled { color: #6b7480; border-color: #c3c9d2; background: #f3f5f8; cursor: default; }
.pt-app button.primary { background: var(--accent); border-color: var(--accent); color: #fff; font-weight: 600; }
.pt-app button.primary:disabled { background: #dfe3e8; border-color: #c3c9d2; color: #4a5563; }
.pt-app :focus-visible { outline: 3px solid #f0b400; outline-offset: 2px; box-shadow: 0 0 0 5px #1d2430; }
.pt-app .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
  white-space: nowrap; }
.pt-app h1, .pt-app h2, .pt-app h3, .pt-app h4 { line-height: 1.2; }
.pt-app cite.cite { font-style: normal; font-size: 0.85em; color: var(--muted); white-space: nowrap; }

/* header: the three jobs */
.pt-top { flex: none; display: flex; align-items: center; gap: 6px; padding: 4px 8px; border-bottom: 1px solid var(--line);
  background: #fff; }
.pt-top .brand { border: 0; font-weight: 800; font-size: 1.05rem; padding: 0 6px; margin-right: auto; white-space: nowrap; }
.pt-top .jobs { display: flex; gap: 4px; }
.pt-top .job { padding: 0 10px; white-space: nowrap; }
.pt-top .deck-colours { padding: 0 8px; white-space: nowrap; }
.pt-top .deck-colours[aria-pressed="true"] { background: #e6f2ea; border-color: var(--good); }

.pt-main { flex: 1 1 auto; min-height: 0; overflow: auto; position: relative; }
.pt-app[data-job="learn"] .pt-main, .pt-app[data-job="play"] .pt-main { overflow: hidden; }
.notice-home:empty { display: none; }
.handover { position: fixed; inset: 0; z-index: 40; background: #1d2430; color: #fff; display: flex;
  flex-direction: column; align-items: center; justify-content: center; gap: 16px; padding: 24px; text-align: center; }
.handover[hidden] { display: none; }
.handover h2 { font-size: 1.6rem; margin: 0; }
.handover p { margin: 0; max-width: 24em; color: #dfe7f5; }
.pt-app .handover button { min-height: 56px; padding: 0 24px; font-size: 1.1rem; }
.notice-home { max-width: 1100px; margin: 8px auto 0; padding: 0 12px; }

/* messages */
.notice { padding: 8px 12px; border-radius: 6px; margin: 4px 0; white-space: pre-wrap; }
.notice.error, .notice.refused { background: #fdecec; color: #7d1d22; border: 1px solid #e9b1b4; }
.notice.info { background: #eaf6ee; color: #1e5b30; border: 1px solid #b6dcc1; }
.notice .ref { display: block; margin-top: 4px; font-size: 0.9em; }

/* the first screen */
.view-home { max-width: 1100px; margin: 0 auto; padding: 12px 12px 40px; }
.home-title { font-size: 1.7rem; margin: 4px 0; }
.lead { color: var(--muted); margin: 0 0 12px; max-width: 60em; }
.continue-card { border: 2px solid var(--accent); border-radius: 12px; padding: 10px 14px; margin: 12px 0 0;
  display: flex; flex-wrap: wrap; gap: 4px 14px; align-items: center; background: #f4f8ff; }
.continue-card[hidden] { display: none; }
.continue-card h2 { font-size: 1.15rem; margin: 0; flex: 1 1 100%; }
.continue-card .continue-what { margin: 0; flex: 1 1 16em; font-weight: 600; }
.home-saved:empty { display: none; }
.shelf { border: 1px solid var(--line); border-radius: 12px; padding: 10px 14px; margin: 12px 0 0; background: #fff; }
.shelf h2 { font-size: 1.15rem; margin: 0 0 4px; }
.shelf-cols { display: grid; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); gap: 4px 20px; }
.shelf-col h3 { font-size: 1rem; margin: 6px 0 2px; }
.shelf-list { list-style: none; margin: 0; padding: 0; }
.shelf-item { display: flex; align-items: center; gap: 8px; padding: 4px 0; border-top: 1px solid var(--line); }
.shelf-item:first-child { border-top: none; }
.shelf-text { flex: 1 1 auto; min-width: 0; display: flex; flex-direction: column; }
.shelf-name { font-weight: 600; overflow-wrap: anywhere; }
.shelf-what { color: var(--muted); font-size: 0.9rem; overflow-wrap: anywhere; }
.shelf-item button { flex: none; }
.shelf-more { margin: 4px 0 0; color: var(--muted); font-size: 0.9rem; }
.jobs-row { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 12px; margin: 12px 0 20px; }
.job-card { border: 1px solid var(--line); border-radius: 12px; padding: 12px 14px; background: #fff;
  display: flex; flex-direction: column; }
.job-card h2 { margin: 0 0 4px; font-size: 1.3rem; }
.job-card p { margin: 0 0 10px; flex: 1; }
.job-actions { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.job-actions .hint { color: var(--muted); font-size: 0.9rem; }
.learn-course { display: contents; }
.job-card .learn-at { margin: 0; flex: 1 1 100%; }
.guides h2 { font-size: 1.3rem; margin: 8px 0; }
.guide { border: 1px solid var(--line); border-radius: 12px; margin: 8px 0; background: #fff; }
.guide summary { cursor: pointer; padding: 10px 14px 10px 34px; min-height: 44px; list-style: none; position: relative; }
.guide summary::-webkit-details-marker { display: none; }
.guide summary::before { content: "▸"; position: absolute; left: 14px; top: 10px; color: var(--accent); font-weight: 700; }
.guide[open] summary::before { content: "▾"; }
.guide summary h3 { display: inline; font-size: 1.15rem; margin: 0 8px 0 0; }
.guide .summary-gist { color: var(--muted); }
.guide[open] .summary-gist { display: none; }
.guide > :not(summary) { margin-left: 14px; margin-right: 14px; }
.guide .gist { font-weight: 600; margin-top: 0; }
.guide .players, .guide .note { color: var(--muted); }
.guide h4 { margin: 12px 0 4px; font-size: 1rem; }
.guide .how-to { padding-left: 1.4em; margin: 0; }
.guide .how-to li { margin: 4px 0; }
.guide .glossary { display: grid; grid-template-columns: max-content 1fr; gap: 4px 14px; margin: 0; }
.guide .glossary dt { font-weight: 700; }
.guide .glossary dd { margin: 0; }
.guide-actions { display: flex; flex-wrap: wrap; gap: 8px; margin: 12px 14px 14px; }
@media (max-width: 560px) { .guide .glossary { grid-template-columns: 1fr; } .guide .glossary dd { margin-bottom: 6px; } }

/* the study: Learn and Play */
.view-study { height: 100%; min-height: 0; display: grid; grid-template-columns: minmax(0, 1fr);
  grid-template-rows: auto minmax(0, 1fr) auto; grid-template-areas: "top" "table" "bar"; }
.study-top { grid-area: top; display: flex; flex-wrap: wrap; gap: 4px 8px; align-items: flex-end; padding: 4px 8px;
  border-bottom: 1px solid var(--line); background: var(--panel); }
.top-row { display: flex; gap: 8px; align-items: flex-end; flex: 1 1 260px; min-width: 0; }
.field { display: flex; flex-direction: column; min-width: 0; }
.field-label { font-size: 0.8rem; color: var(--muted); }
.field select, .field input, .field textarea { min-height: 44px; border: 1px solid #8d96a3; border-radius: 8px;
  padding: 0 8px; background: #fff; max-width: 100%; }
.field textarea { padding: 6px 8px; }
.lesson-select { flex: 1 1 auto; }
.lesson-select select { width: 100%; }
.seat-select { flex: 0 1 auto; }  /* as wide as its longest choice where the row has room */
.seat-select[hidden] { display: none; }
.play-game { flex: 0 1 170px; }
.table-setup { position: relative; flex: none; }
.table-setup > summary { list-style: none; min-width: 44px; min-height: 44px; display: inline-flex; align-items: center;
  justify-content: center; border: 1px solid #8d96a3; border-radius: 8px; padding: 0 10px; cursor: pointer; background: #fff; }
.table-setup > summary::-webkit-details-marker { display: none; }
.setup-form { display: grid; gap: 8px; }
.table-setup[open] .setup-form { max-height: calc(100dvh - 120px); overflow-y: auto; overscroll-behavior: contain; }
.table-setup[open] .setup-form { position: absolute; top: calc(100% + 4px); left: 0; z-index: 10; width: min(92vw, 380px);
  background: #fff; border: 1px solid var(--line); border-radius: 10px; box-shadow: 0 6px 18px rgba(0,0,0,.2); padding: 10px; }
.play-controls:empty { display: none; }
.play-only.top-row { flex-wrap: wrap; }
.play-controls { flex: 1 1 100%; min-width: 0; }
.play-extra { flex: 1 1 100%; display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; }
.play-extra:empty { display: none; }

.table-slot { grid-area: table; min-height: 0; overflow: auto; padding: 4px 6px 8px; overscroll-behavior: contain; }
.study-heading:empty { display: none; }
.study-heading { font-weight: 700; margin: 2px 2px 4px; }
.side { display: contents; }
.bar { grid-area: bar; border-top: 1px solid var(--line); background: #fff; box-shadow: 0 -2px 8px rgba(0,0,0,.08);
  padding: 4px 8px calc(4px + env(safe-area-inset-bottom)); z-index: 2; }
.bar-scroll { max-height: 24vh; overflow: auto; overscroll-behavior: contain; }
.bar-scroll:focus-visible { outline: 3px solid #1f5fbf; outline-offset: -3px; }
/* Play on a phone: the players' strip says what the others did; the step's words get two
   lines (they scroll) so the table, from whose turn it is down to the moves, stays in sight */
@media (max-width: 699px) {
  .pt-app[data-job="play"] .bar-scroll { max-height: 2.9em; }
  .pt-app[data-job="play"] .narration .heading { display: none; }
  /* a notice (a setup refused, a link opened) is read whole, not cut by those two lines and
     hidden under the controls; the step's words keep their two lines under it */
  .pt-app[data-job="play"] .bar-scroll:has(.notice-area:not(:empty)) { max-height: 40vh; }
  .pt-app[data-job="play"] .bar-scroll:has(.notice-area:not(:empty)) .narration-pane { max-height: 2.9em; overflow: auto;
    overscroll-behavior: contain; }
}
.notice-area:empty { display: none; }
.narration { line-height: 1.45; }
.narration .heading { font-size: 1rem; font-weight: 700; color: var(--accent); margin: 2px 0; }
.narration .text { margin: 0; }
.narration .rule { margin-top: 6px; color: #3b4452; font-size: 0.95rem; }
.narration .rule cite { font-style: normal; font-weight: 600; }
.narration details { display: inline-block; vertical-align: top; margin: 2px 16px 0 0; }
.narration details[open] { display: block; }
.narration summary { cursor: pointer; min-height: 44px; line-height: 44px; color: var(--accent); }
.narration .ruling { margin-top: 6px; padding: 6px 8px; background: var(--warn-bg); border-radius: 6px; }
.narration .note { margin-top: 6px; padding: 6px 8px; background: #eef4ff; border-radius: 6px; white-space: pre-wrap; }
.narration .events { margin: 4px 0 0 1.2em; padding: 0; }
.controls { display: flex; align-items: center; gap: 6px; padding-top: 4px; }
.controls .nav { display: contents; }
.controls .where { flex: 1 1 auto; min-width: 0; border-color: var(--line); background: var(--panel);
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; font-weight: 600; }
.controls .nav-prev button, .controls .nav-next button { min-width: 92px; }
.controls .nav-start button, .controls .nav-end button { display: none; }
.drawer { position: fixed; top: 0; right: 0; bottom: 0; width: min(92vw, 420px); background: #fff; z-index: 20;
  box-shadow: -6px 0 18px rgba(0,0,0,.25); display: flex; flex-direction: column; transform: translateX(105%);
  visibility: hidden; transition: transform .18s ease-out, visibility 0s linear .18s; }
.pt-app.drawer-open .drawer { transform: none; visibility: visible; transition: transform .18s ease-out; }
.scrim { display: none; }
.pt-app.drawer-open .scrim { display: block; position: fixed; inset: 0; background: rgba(0,0,0,.35); z-index: 19; }
.drawer-head { display: flex; gap: 6px; align-items: center; padding: 6px 8px; border-bottom: 1px solid var(--line); }
.tabs { display: flex; gap: 4px; flex: 1; flex-wrap: wrap; }
.tab { padding: 0 10px; }
.tab[aria-current="true"] { background: var(--accent); border-color: var(--accent); color: #fff; }
.tab-panel { padding: 6px 10px 16px; overflow: auto; flex: 1 1 auto; min-height: 0; }
.tab-panel:not(.on) { display: none; }
.tab-panel h2 { font-size: 1.1rem; margin: 4px 0 6px; }
.step-jumps, .typed-row { display: flex; gap: 8px; margin-top: 8px; flex-wrap: wrap; align-items: flex-end; }
.typed { margin-top: 10px; }
.typed summary { min-height: 44px; line-height: 44px; cursor: pointer; color: var(--accent); }
.typed-action { flex: 1 1 12em; }
.pt-app[data-steps="no"] .tab-steps { display: none; }
.pt-app:not(.has-saved) .tab-saved { display: none; }

@media (min-width: 900px) {
  .pt-top { padding: 6px 16px; }
  .view-study { grid-template-columns: minmax(0, 1fr) minmax(360px, 30vw);
    grid-template-rows: auto minmax(0, 1fr); grid-template-areas: "top side" "table side"; }
  .side { display: flex; flex-direction: column; grid-area: side; min-height: 0; border-left: 1px solid var(--line);
    background: #fff; }
  .bar { box-shadow: none; border-top: 0; border-bottom: 1px solid var(--line); padding: 8px 12px; }
  .bar-scroll { max-height: 46vh; }
  .controls { flex-wrap: wrap; }
  .controls .where { order: -1; flex: 1 1 100%; text-align: left; }
  .controls .nav-prev button, .controls .nav-next button { flex: 1 1 auto; }
  .controls .nav-start button, .controls .nav-end button { display: inline-block; }
  .drawer { position: static; width: auto; transform: none; visibility: visible; box-shadow: none; flex: 1 1 auto;
    min-height: 0; transition: none; }
  .drawer-close, .scrim, .pt-app.drawer-open .scrim { display: none; }
  .table-slot { padding: 8px 12px; }
  .step-jumps { display: none; }
}
@media (max-width: 640px) {
  .wide-only { display: none; }
  /* the setup form hangs under all of Play's controls (their box is .study-top: see the two
     rows below), never over the gear that closes it */
  .table-setup { position: static; }
  .table-setup[open] .setup-form { position: absolute; left: 0; right: 0; top: calc(100% + 4px); width: auto;
    max-height: 65dvh; }
  .pt-top { padding: 2px 6px; gap: 4px; }
  .pt-top .brand { font-size: 0.95rem; padding: 0 2px; }
  .pt-top .job { padding: 0 8px; }
  .pt-top .deck-colours { padding: 0 6px; }
  .study-top { padding: 2px 6px; }
  .study-top .field-label { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .study-top .setup-form .field-label { position: static; width: auto; height: auto; overflow: visible; clip: auto; }
  .top-row { flex: 1 1 180px; }
  .seat-select { flex: 0 1 132px; }
  .play-game { flex: 1 1 90px; }
  .new-deal { padding: 0 10px; white-space: nowrap; }
  .pt-app[data-job="play"] .seat-select { flex: 0 1 112px; }
  /* Play on a phone in two rows, not four (the table's moves need the height): the game,
     New deal and the gear, then the players' choice beside the cards shown; the row's box
     goes (display: contents), so its items join .study-top's, which holds the setup form */
  .pt-app[data-job="play"] .study-top { position: relative; }
  .pt-app[data-job="play"] .play-only.top-row { display: contents; }
  .pt-app[data-job="play"] .play-controls { flex: 1 1 180px; }
  .controls .where { padding: 0 6px; font-size: 0.95rem; }
  .controls .nav-prev button, .controls .nav-next button { min-width: 84px; padding: 0 10px; }
}

/* present mode (present.mjs): the table large, the narration in big type; the header, the setup
   row, the drawer (lines and notes) and a step's note stay off the big screen */
.present-open { flex: none; padding: 0 10px; }
.present-leave { display: none; }
.pt-app.presenting .pt-top, .pt-app.presenting .study-top, .pt-app.presenting .drawer, .pt-app.presenting .scrim,
.pt-app.presenting .notice-home, .pt-app.presenting .narration .note, .pt-app.presenting .controls .where,
.pt-app.presenting .controls .nav-start button, .pt-app.presenting .controls .nav-end button { display: none !important; }
.pt-app.presenting .view-study { grid-template-columns: minmax(0, 1fr); grid-template-rows: minmax(0, 1fr) auto;
  grid-template-areas: "table" "bar"; }
.pt-app.presenting .side { display: contents; }
.pt-app.presenting .bar { border-top: 2px solid var(--line); border-bottom: 0; padding: 6px 2vw 8px; }
.pt-app.presenting .bar-scroll { max-height: 40vh; }
.pt-app.presenting .narration { font-size: clamp(1.2rem, 2.2vw, 2.6rem); line-height: 1.35; }
.pt-app.presenting .narration .heading { font-size: 1.1em; }
.pt-app.presenting .narration .rule { font-size: 0.75em; }
.pt-app.presenting .controls { flex-wrap: nowrap; justify-content: flex-end; }
.pt-app.presenting .controls .nav-prev button, .pt-app.presenting .controls .nav-next button { flex: 0 0 auto; }
.pt-app.presenting .present-leave { display: inline-block; margin-left: auto; order: -1; }
@media (min-width: 1100px) { .pt-app.presenting .table-slot > [data-child="table"] { zoom: 1.3; } }
@media (min-width: 1600px) { .pt-app.presenting .table-slot > [data-child="table"] { zoom: 1.7; } }

/* settle */
.view-settle { max-width: 1100px; margin: 0 auto; padding: 12px 12px 40px; }
.view-settle h1 { font-size: 1.5rem; margin: 4px 0; }
.view-debug { max-width: 1100px; margin: 24px auto; padding: 12px; border-top: 1px solid var(--line); }
.pt-app.debug .view-debug { display: block; }
.pt-app.debug[data-job="learn"] .view-debug, .pt-app.debug[data-job="play"] .view-debug { display: none; }
.bridge { display: none; }
""" + view_visibility_css()
"""The page's stylesheet (the tables and components keep their own, inside their shadow roots)."""


def stylesheet(host: str) -> str:
    """The Shell's whole stylesheet, its host element named by ``host``: the frame's, the course's and
    Practice's. The live page (``:host``, shell.py) and the pre-render (``.pt-host``, page_markup)
    both take it, so the painted first screen lays out as the app then does (without the course's
    ``.course-part:empty`` rule the painted top bar held one more flex item: 4-8 px off)."""
    return host + " {" + HOST_CSS + "}\n" + SHELL_CSS + COURSE_CSS + PRACTICE_CSS


def page_markup(data: FrameData, job: str = "home") -> str:
    """The frame with its stylesheet, for a page without shadow DOM (the pre-render)."""
    return tag("style", "", "", raw=stylesheet(".pt-host")) + tag(
        "div", "", "pt-host", raw=frame_html(data, job))


def seat_options(names: Sequence[str]) -> list[list[str]]:
    return [["-1", "Everyone's (teaching)"]] + [[str(i), f"{name}'s view"] for i, name in enumerate(names)]


__all__ = ["FrameData", "LearnPlace", "SHELL_CSS", "HOST_CSS", "stylesheet", "frame_html", "home_html",
           "learn_actions_html", "page_markup", "seat_options", "esc"]
