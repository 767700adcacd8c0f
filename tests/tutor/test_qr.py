"""QR codes of links (issue 35, point 2): each code is read back by an independent decoder
(zxing-cpp, in the tests only) from the very SVG the page shows; the size limit is the
standard's (ISO/IEC 18004, version 40-L holds 2,953 bytes), not the code's own number."""

from __future__ import annotations

import re

import numpy as np
import pytest
import zxingcpp

from tutor.model.app import TutorApp
from tutor.model.catalog import Catalog
from tutor.model.qr import QrTooLongError, make_qr
from tutor.views.qr import QrBox

BASE = "http://127.0.0.1:8000/index.html"


def svg_pixels(svg: str, scale: int = 4) -> np.ndarray:
    """Draw segno's SVG path (``M x y``, then ``h n`` strokes and ``m dx dy`` moves, one module
    high) into a grey image: what the page shows, independently of segno's own matrix."""
    size = int(re.search(r'viewBox="0 0 (\d+) (\d+)"', svg).group(1))
    path = re.search(r'<path[^>]*stroke="#000"[^>]*d="([^"]+)"', svg).group(1)
    image = np.full((size * scale, size * scale), 255, dtype=np.uint8)
    x = y = 0.0
    for op, args in re.findall(r"([MmHhVv])([-0-9. ]+)", path):
        nums = [float(n) for n in args.split()]
        if op == "M":
            x, y = nums
        elif op == "m":
            x, y = x + nums[0], y + nums[1]
        elif op == "h":
            row = int(y - 0.5)
            image[row * scale:(row + 1) * scale, int(x) * scale:int(x + nums[0]) * scale] = 0
            x += nums[0]
        else:
            raise AssertionError(f"path command {op} not drawn by this test")
    return image


def decoded(svg: str) -> list[str]:
    return [r.text for r in zxingcpp.read_barcodes(svg_pixels(svg))]


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.load()


def test_every_lesson_end_link_reads_back_from_its_code(catalog):
    app = TutorApp(catalog)
    for game in catalog.game_ids():
        for entry in catalog.lessons_for(game):
            assert app.open_lesson(entry.id)
            app.study.to_end()
            text = f"{BASE}#{app.link()}"
            assert decoded(make_qr(text).svg) == [text], entry.id


def test_the_longest_link_one_code_holds_is_the_standards():
    fits = BASE + "#" + "a" * (2953 - len(BASE) - 1)
    code = make_qr(fits)
    assert code.version == 40 and code.error == "L"
    assert decoded(code.svg) == [fits]
    with pytest.raises(QrTooLongError, match="2,954 characters long; one QR code holds at most 2,953"):
        make_qr(fits + "b")


def test_non_ascii_counts_in_bytes():
    with pytest.raises(QrTooLongError):
        make_qr("\u00e9" * 1477)  # 2,954 bytes in UTF-8


def test_empty_text_is_refused():
    with pytest.raises(ValueError):
        make_qr("")


def test_a_short_link_gets_stronger_error_correction_in_the_same_size():
    assert make_qr(BASE + "#pt1.abc").error in ("M", "Q", "H")


def test_box_makes_a_code_only_while_open_and_follows_the_link():
    box = QrBox(fragment="pt1.first")
    assert box.svg == ""  # nobody is looking: nothing made
    box.show(BASE)
    assert decoded(box.svg) == [f"{BASE}#pt1.first"] and box.text == f"{BASE}#pt1.first"
    box.fragment = "pt1.second"
    assert decoded(box.svg) == [f"{BASE}#pt1.second"]
    box.hide()
    assert box.svg == ""
    box.fragment = "pt1.third"
    assert box.svg == ""


def test_box_offers_the_file_for_a_link_too_long():
    box = QrBox(fragment="pt1." + "x" * 4000, file_maker=lambda: ("lesson.palace-tutor.txt", "format: 1\n"))
    box._handle_msg({"kind": "open", "base": BASE})
    assert box.svg == "" and "one QR code holds at most 2,953" in box.note
    assert (box.file_name, box.file_text) == ("lesson.palace-tutor.txt", "format: 1\n")


def test_box_ignores_messages_it_does_not_know():
    box = QrBox(fragment="pt1.x")
    for msg in (None, "open", {"kind": "open"}, {"kind": "open", "base": 7}, {"kind": "open", "base": "x" * 5000}):
        box._handle_msg(msg)
    assert box.svg == ""


def test_share_pane_code_is_the_open_step(catalog):
    from tutor.views.share import SharePane

    app = TutorApp(catalog)
    first = catalog.lessons_for(catalog.game_ids()[0])[0].id
    assert app.open_lesson(first)
    pane = SharePane(app=app)
    pane.qr.show(BASE)
    app.study.forward()
    assert pane.qr.label == "this step"
    assert decoded(pane.qr.svg) == [f"{BASE}#{app.link()}"]


def test_a_code_is_made_once_per_link_and_a_refusal_is_said_each_time():
    text = BASE + "#pt1.made-once"
    assert make_qr(text) is make_qr(text)  # the same frozen code: not made again
    assert make_qr(text + "x") is not make_qr(text)
    with pytest.raises(QrTooLongError):
        make_qr("x" * 2954)
    with pytest.raises(QrTooLongError):  # a refusal is not kept as a code
        make_qr("x" * 2954)
