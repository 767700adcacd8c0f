"""Amounts in action notation (issue 18): a run of one to nine ASCII digits.
A 5,000-digit amount raised int()'s bare ValueError past the typed-action
box, and other scripts' digits (which int() reads) were taken as chips."""

import pytest

from rules.errors import NotationError
from rules.palace_poker import Action, Raise


@pytest.mark.parametrize("text", ["call " + "1" * 5000, "raise " + "9" * 10, "call \u0661",
                                  "raise \uff15", "call \u00b9"])
def test_an_amount_is_a_short_run_of_ascii_digits(text):
    with pytest.raises(NotationError, match="is not an amount"):  # never a bare ValueError from int()
        Action.parse(text)


def test_a_nine_digit_amount_still_reads():
    assert Action.parse("raise $999999999") == Raise(999_999_999)
