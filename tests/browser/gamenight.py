"""What the game-night journeys (issue 35: tests/browser/test_gamenight_*.py) share: the lesson
they step through and its stops as the engines replay it, and a press as the device makes it."""

from __future__ import annotations

import io
from functools import cache

from tutor.model.catalog import Catalog
from tutor.model.study import Study

from .tutor_page import step_expectations

LESSON = "pp-four-jacks"  # no question in its first steps: a key or a tap steps at once


@cache
def catalog() -> Catalog:
    return Catalog.load()


def lesson_stops(lesson_id: str = LESSON) -> list[tuple[str, str]]:
    """(heading, narration) at each stop of the lesson, from the engines' own replay."""
    lesson = catalog().lesson(lesson_id)
    return step_expectations(Study.from_lesson(lesson, catalog().family(lesson.game)))


def press(page, locator) -> None:
    """A finger on a phone, a mouse click on a desktop."""
    (locator.tap if page.viewport_size["width"] < 600 else locator.click)()


def decode(png: bytes) -> list[str]:
    """The texts of the QR codes in a screenshot, read by zxing-cpp (a test dependency only)."""
    import zxingcpp
    from PIL import Image

    return [found.text for found in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)).convert("L"))]
