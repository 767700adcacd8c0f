"""tutor.model.params.TupleOf: a tuple of any length whose items all have one type."""

import param
import pytest

from tutor.model.params import TupleOf


class Holder(param.Parameterized):
    picks = TupleOf(str)
    either = TupleOf((int, str), default=None, allow_None=True)


def test_a_tuple_of_any_length_is_taken_and_a_wrong_item_is_named():
    holder = Holder(picks=("a", "b", "c"))
    assert holder.picks == ("a", "b", "c") and Holder().picks == ()
    with pytest.raises(ValueError, match=r"item 1 must be a str, not 2"):
        holder.picks = ("a", 2)
    with pytest.raises(ValueError, match="must be an instance of tuple"):
        holder.picks = ["a"]             # a list is not kept: the models keep immutable tuples
    assert holder.picks == ("a", "b", "c")
    holder.either = (1, "x")
    holder.either = None
    with pytest.raises(ValueError, match=r"item 0 must be a int or str, not 1\.5"):
        holder.either = (1.5,)
