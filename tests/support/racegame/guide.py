"""The race's guide for the first screen."""

from dataclasses import replace

from lessons.guides import Cite, Guide

from . import SECTION, SOURCE

GUIDE = Guide(
    game="race",
    title="Race to a target",
    gist="Take turns adding to a total; whoever reaches the target exactly wins.",
    players="2 players",
    steps=(("On your turn add one, two or three to the total, never passing the target.", Cite(SOURCE, SECTION)),),
    terms=(),
)

RELAY_GUIDE = replace(GUIDE, game="relay", title="Relay race")
