"""``palace-tutor``: check a disputed hand, work with lessons, build and serve the site.

The ``check`` subcommands are a stable contract (see README). Every checker is
a function in ``rules`` returning an object with ``describe()`` (plain words)
and ``as_dict()`` (the ``--json`` object); the app calls the same functions.
Bad input exits with status 2 and one line on stderr naming the token and the
rule, never a traceback. Output goes through :mod:`palace_tutor.terminal`, so
it prints on any terminal encoding and echoed input is escaped and cut.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Callable, Sequence

from palace_tutor import terminal


def _emit(result, as_json: bool) -> None:
    if as_json:
        text = json.dumps(result.as_dict(), ensure_ascii=False)
        # \u escapes, not look-alike letters, where the terminal cannot show a name: JSON stays exact
        print(text if terminal.can_print(text) else json.dumps(result.as_dict()))
    else:
        print(result.describe())


def _rule_options(texts: Sequence[str] | None) -> dict[str, str]:
    """``--rule NAME=VALUE`` (repeatable) as a table of options; the engine names a bad
    name or value and lists the valid ones."""
    chosen: dict[str, str] = {}
    for text in texts or ():
        name, eq, value = text.partition("=")
        if not eq or not name.strip():
            raise ValueError(f"--rule {terminal.one_line(repr(text))}: write NAME=VALUE, like "
                             "four-of-a-kind=anytime (palace-tutor rules GAME lists them)")
        chosen[name.strip()] = value.strip()
    return chosen


def _cmd_check_battle(a: argparse.Namespace) -> int:
    from rules.palace_poker.checker import check_battle

    _emit(check_battle(a.attacker, a.defender, variant=a.variant, last_two=a.last_two,
                       options=_rule_options(a.rule)), a.json)
    return 0


def _cmd_check_showdown(a: argparse.Namespace) -> int:
    from rules.palace_poker.checker import check_showdown

    _emit(check_showdown(a.hand, variant=a.variant, options=_rule_options(a.rule)), a.json)
    return 0


def _cmd_check_play(a: argparse.Namespace) -> int:
    from rules.palace.checker import check_play

    _emit(check_play(a.variant, pile=a.pile, hand=a.hand, options=_rule_options(a.rule)), a.json)
    return 0


def _cmd_check_kings_pot(a: argparse.Namespace) -> int:
    from rules.kings_pot.checker import check_deal, check_tableau

    if a.player:
        _emit(check_deal(a.tableau, a.kings_hand, a.player, folded=a.folded or (), pot=a.pot or 0,
                         kings_pot=a.kings_pot or 0,
                         variant=a.variant, options=_rule_options(a.rule)), a.json)
        return 0
    given = [flag for flag, value in (("--folded", a.folded), ("--pot", a.pot), ("--kings-pot", a.kings_pot),
                                      ("--variant", a.variant != "standard")) if value]
    if given:
        raise ValueError(f"{given[0]} needs the players: give each with --player 'NAME: CARDS' (who takes each "
                         "pot depends on the cards they hold)")
    _emit(check_tableau(a.tableau, a.kings_hand, options=_rule_options(a.rule)), a.json)
    return 0


def _cmd_rules(a: argparse.Namespace) -> int:
    """``palace-tutor rules GAME [--variant V] [--json]``: the options a table may set."""
    from rules.games import game_ids, get_family
    from rules.options import option_rows

    if a.game not in game_ids():
        raise ValueError(f"unknown game {a.game!r}; known: {', '.join(game_ids())}")
    presets = get_family(a.game).presets
    variant = a.variant or next(iter(presets))
    config = presets[variant]
    rows = option_rows(config)
    if a.json:
        keep = ("name", "default", "choices", "section", "question")
        print(json.dumps({"game": a.game, "variant": variant,
                          "options": [{k: r[k] for k in keep} for r in rows]}, ensure_ascii=False))
        return 0
    print(f"{get_family(a.game).title}, {variant}: {len(rows)} options (set one with --rule NAME=VALUE)")
    for r in rows:
        print(f"\n{r['name']} = {r['default']}\n  {r['question']} [{r['section']}]")
        for choice in r["choices"]:
            meaning = r["meanings"].get(choice)
            print(f"  - {choice}" + (f": {meaning}" if meaning else ""))
    return 0


def _cmd_sheet(a: argparse.Namespace) -> int:
    """``palace-tutor sheet GAME [--variant V] [--rule NAME=VALUE] [--out FILE.html]``: the rules on one page."""
    from tutor.model.rules_sheet import rules_sheet
    from tutor.views.sheet import sheet_html, sheet_text

    sheet = rules_sheet(a.game, a.variant, _rule_options(a.rule), a.name or "")
    if a.out:
        from pathlib import Path

        Path(a.out).write_text(sheet_html(sheet), encoding="utf-8")
        print(f"wrote {a.out}: {sheet.game_title}, {sheet.rules_title} (print it: one A4 or Letter page)")
    else:
        print(sheet_text(sheet), end="")
    return 0


def _cmd_practice(a: argparse.Namespace) -> int:
    """``palace-tutor practice list [GAME] [--variant V] | make CLAUSE --seed N [...]`` (issue 32)."""
    from practice import cli as practice_cli

    if a.practice_command == "list":
        listing = practice_cli.list_clauses(a.game, a.variant)
        text = practice_cli.as_json(listing) if a.json else practice_cli.list_text(listing)
    else:
        drill = practice_cli.make_one(a.clause, a.seed, a.variant, _rule_options(a.rule))
        text = practice_cli.as_json(drill) if a.json else practice_cli.drill_text(drill)
    print(text if terminal.can_print(text) or not a.json else json.dumps(json.loads(text)))
    return 0


def _cmd_lessons(a: argparse.Namespace) -> int:
    from lessons.cli import run

    return run(a.lessons_command, a)


def _cmd_courses(a: argparse.Namespace) -> int:
    from lessons.course_cli import run

    return run(a.courses_command, a)


def _cmd_build(a: argparse.Namespace) -> int:
    from palace_tutor.site.build import SiteOptions, build_if_changed, build_site

    if a.if_changed:
        if a.cdn:
            raise ValueError("--if-changed: only for the offline site, not with --cdn")
        build_if_changed(a.out, a.app, SiteOptions.plain_host() if a.plain_host else None)
        return 0
    build_site(out=a.out, cdn=a.cdn, app=a.app, options=SiteOptions.plain_host() if a.plain_host else None)
    return 0


def _cmd_serve(a: argparse.Namespace) -> int:
    from palace_tutor.site.serve import serve

    serve(directory=a.dir, port=a.port, base=a.base)
    return 0


RULE_HELP = "a table option, repeatable (palace-tutor rules GAME lists them)"


def make_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="palace-tutor", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)

    check = sub.add_parser("check", help="settle a disputed hand")
    games = check.add_subparsers(dest="what", required=True)

    b = games.add_parser("battle", help="Palace Poker: who wins a bet battle")
    b.add_argument("--attacker", required=True, metavar="'[NAME:] BANNER | PALACE | SOLDIERS'")
    b.add_argument("--defender", required=True, metavar="'[NAME:] BANNER | PALACE | SOLDIERS'")
    b.add_argument("--variant", default=None, help="e.g. kings-in-the-house")
    b.add_argument("--last-two", action="store_true", help="the two are the last players in the hand")
    b.add_argument("--json", action="store_true")
    b.add_argument("--rule", action="append", metavar="NAME=VALUE", help=RULE_HELP)
    b.set_defaults(run=_cmd_check_battle)

    s = games.add_parser("showdown", help="Palace Poker: who wins the showdown")
    s.add_argument("--hand", action="append", required=True, metavar="'NAME: BANNER | OTHER CARDS'")
    s.add_argument("--variant", default=None, help="e.g. kings-in-the-house")
    s.add_argument("--json", action="store_true")
    s.add_argument("--rule", action="append", metavar="NAME=VALUE", help=RULE_HELP)
    s.set_defaults(run=_cmd_check_showdown)

    pl = games.add_parser("play", help="Palace: which plays are legal on this pile")
    pl.add_argument("--variant", required=True, help="a Palace preset, e.g. house (an unknown name lists them)")
    pl.add_argument("--pile", required=True, metavar="'CARDS, bottom to top'")
    pl.add_argument("--hand", required=True, metavar="'CARDS'")
    pl.add_argument("--json", action="store_true")
    pl.add_argument("--rule", action="append", metavar="NAME=VALUE", help=RULE_HELP)
    pl.set_defaults(run=_cmd_check_play)

    k = games.add_parser("kings-pot", help="King's Pot: who takes each pot (or, without players, which hand wins)")
    k.add_argument("--tableau", required=True, metavar="'25 CARDS, row by row'")
    k.add_argument("--kings-hand", required=True, metavar="'5 CARDS'")
    k.add_argument("--player", action="append", metavar="'NAME: CARDS'",
                   help="a player and the cards still held, repeatable, in turn order from the dealer's left "
                        "(the dealer last)")
    k.add_argument("--folded", action="append", metavar="'NAME: CARDS'", help="cards a player folded, repeatable")
    k.add_argument("--pot", default=None, metavar="N", help="chips in the betting pot")
    k.add_argument("--kings-pot", default=None, metavar="N", help="chips in the King's pot")
    k.add_argument("--variant", default="standard", help="standard or flat-ante")
    k.add_argument("--json", action="store_true")
    k.add_argument("--rule", action="append", metavar="NAME=VALUE", help=RULE_HELP)
    k.set_defaults(run=_cmd_check_kings_pot)

    ru = sub.add_parser("rules", help="list the options a table may set for a game")
    ru.add_argument("game", help="palace, palace-poker or kings-pot")
    ru.add_argument("--variant", default=None, help="a preset (default: the game's first)")
    ru.add_argument("--json", action="store_true")
    ru.set_defaults(run=_cmd_rules)

    sh = sub.add_parser("sheet", help="the rules a table plays, on one printable page")
    sh.add_argument("game", help="palace, palace-poker or kings-pot")
    sh.add_argument("--variant", default=None, help="a preset (default: the game's first)")
    sh.add_argument("--rule", action="append", metavar="NAME=VALUE", help=RULE_HELP)
    sh.add_argument("--name", default=None, help="the table's name for its rule set")
    sh.add_argument("--out", default=None, metavar="FILE.html", help="write the page to print (default: text)")
    sh.set_defaults(run=_cmd_sheet)

    pr = sub.add_parser("practice", help="drills made by the engines, one per clause of the rules")
    psub = pr.add_subparsers(dest="practice_command", required=True)
    pl_list = psub.add_parser("list", help="the clauses with a drill, and those without (with why)")
    pl_list.add_argument("game", nargs="?", help="a game id, as `palace-tutor rules` takes it (default: all)")
    pl_list.add_argument("--variant", help="only the clauses drilled under this preset")
    pl_list.add_argument("--json", action="store_true")
    pl_make = psub.add_parser("make", help="one drill: position, question, choices, the engine's answer")
    pl_make.add_argument("clause", help="a clause id, like H-A1 or PP-36 (practice list shows them)")
    pl_make.add_argument("--seed", required=True, help="a whole number: the same seed gives the same drill")
    pl_make.add_argument("--variant", help="the table's preset (default: the clause's own rule book)")
    pl_make.add_argument("--rule", action="append", metavar="NAME=VALUE", help="a table option (repeatable)")
    pl_make.add_argument("--json", action="store_true")
    pr.set_defaults(run=_cmd_practice)

    les = sub.add_parser("lessons", help="list, check or show the lessons")
    lsub = les.add_subparsers(dest="lessons_command", required=True)
    ls_list = lsub.add_parser("list", help="one line per lesson: id, game, title")
    ls_check = lsub.add_parser("check", help="replay every lesson through its engine")
    show = lsub.add_parser("show", help="print a lesson's steps and narration")
    show.add_argument("id")
    for sp in (ls_list, ls_check, show):
        sp.add_argument("--dir", default=None, help="a folder of lessons (DIR/<game>/<id>.toml) "
                        "instead of the shipped ones")
    les.set_defaults(run=_cmd_lessons)

    cou = sub.add_parser("courses", help="list, check or show the courses (a course per game and rule set)")
    csub = cou.add_subparsers(dest="courses_command", required=True)
    cs_list = csub.add_parser("list", help="one line per course: id, game, rule set, title")
    cs_check = csub.add_parser("check", help="replay every chapter of every course through its engine")
    cshow = csub.add_parser("show", help="print a course's chapters and tasks")
    cshow.add_argument("id")
    cshow.add_argument("--rule", action="append", metavar="NAME=VALUE",
                       help="a table option, repeatable: say which chapters go differently under it")
    for sp in (cs_list, cs_check, cshow):
        sp.add_argument("--dir", default=None, help="a folder of courses (DIR/<game>/<id>.toml) "
                        "instead of the shipped ones")
        sp.add_argument("--lessons", default=None, help="the folder of lessons the courses' chapters name "
                        "(default: the shipped lessons)")
    cou.set_defaults(run=_cmd_courses)

    bd = sub.add_parser("build", help="build the static site")
    bd.add_argument("--out", default="site", help="output directory (default: site)")
    bd.add_argument("--cdn", action="store_true", help="stock panel convert output for web hosting")
    bd.add_argument("--app", default="app.py", help="the Panel app to convert (default: app.py)")
    bd.add_argument("--plain-host", action="store_true",
                    help="for a host that cannot serve the precompressed .br/.gz copies: no copies, "
                         "wheels kept deflated (README, 'Publish it')")
    bd.add_argument("--if-changed", action="store_true",
                    help="keep the site in --out if it was built from the same sources (build-info.json)")
    bd.set_defaults(run=_cmd_build)

    sv = sub.add_parser("serve", help="serve a built site on 127.0.0.1")
    sv.add_argument("--dir", default="site")
    sv.add_argument("--port", type=int, default=8000)
    sv.add_argument("--base", default="/", help="the path to serve the site under, as a host would "
                    "(e.g. /user/palace-tutor/; default /)")
    sv.set_defaults(run=_cmd_serve)
    return p


def _refuse_control_characters(args: argparse.Namespace) -> None:
    """Hands, names and variants are one line of text: a newline or a terminal
    escape in one is refused up front (escaped in the message), never echoed."""
    for dest, value in vars(args).items():
        for text in (value if isinstance(value, list) else [value]):
            if isinstance(text, str) and terminal.CONTROL.search(text):
                found = terminal.escape_controls(terminal.CONTROL.search(text).group())
                raise ValueError(f"--{dest.replace('_', '-')} {terminal.one_line(repr(text))}: holds a control "
                                 f"character ({found}); write hands and names on one line")


def main(argv: Sequence[str] | None = None) -> int:
    terminal.safe_streams()
    args = make_parser().parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        if args.command in ("check", "practice", "sheet"):
            _refuse_control_characters(args)
        return run(args)
    except ValueError as err:  # NotationError and IllegalActionError are ValueErrors
        print(f"palace-tutor: {terminal.one_line(str(err))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (`palace-tutor lessons show ID | head`): not an error
        _quiet_stdout()
        return 0
    except (OSError, RuntimeError) as err:
        # build and serve: a missing folder, a port in use, a failed download or step
        print(f"palace-tutor {args.command}: {err}", file=sys.stderr)  # a failed step's log stays readable
        return 1


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so Python's flush at exit does not report the closed pipe again."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
