"""The ranges every value read from nonotui's files must keep, and how a message quotes a value
that does not (short, whatever the file holds)."""

from __future__ import annotations

import math

import pytest

from nonotui.errors import SaveError
from nonotui.store import bounds


def test_counts_are_whole_numbers_from_0_to_a_billion() -> None:
    for good in (0, 1, 10**9):
        assert bounds.count(good, "n") == good and bounds.is_count(good)
    for bad in (-1, 10**9 + 1, 1.0, True, None, "1", [1]):
        assert not bounds.is_count(bad)
        with pytest.raises(SaveError) as info:
            bounds.count(bad, "the thing")
        assert info.value.message == (
            f"the thing is {bounds.shown(bad)}, not a whole number from 0 to 1,000,000,000")


def test_seconds_are_finite_numbers_from_0_to_a_billion() -> None:
    for good in (0, 0.0, 1e-300, 59.5, 1e9, 10**9):
        assert bounds.seconds(good, "t") == good and type(bounds.seconds(good, "t")) is float
    for bad in (-0.001, 1e9 + 1, math.inf, -math.inf, math.nan, True, "1", None):
        with pytest.raises(SaveError) as info:
            bounds.seconds(bad, "the time")
        assert info.value.message == (f"the time is {bounds.shown(bad)}, not a number of "
                                      "seconds from 0 to 1,000,000,000")


def test_names_are_one_to_two_hundred_printable_characters() -> None:
    for good in ("x", "Whole-line reasoning", "é" * 200, "a b"):
        assert bounds.name(good, "n") == good and bounds.is_name(good)
    for bad in ("", "x" * 201, "a\nb", "\t", None, 3, ["x"]):
        assert not bounds.is_name(bad)
        with pytest.raises(SaveError) as info:
            bounds.name(bad, "the name")
        assert info.value.message == f"the name is {bounds.shown(bad)}, not a name"


def test_a_whole_number_is_not_a_boolean() -> None:
    assert bounds.is_whole(0) and bounds.is_whole(-5) and bounds.is_whole(10**20)
    assert not bounds.is_whole(True) and not bounds.is_whole(1.0) and not bounds.is_whole("1")


def test_a_value_is_quoted_short() -> None:
    assert bounds.shown(None) == "None" and bounds.shown(True) == "True"
    assert bounds.shown(-3) == "-3" and bounds.shown(1.5) == "1.5"
    assert bounds.shown(2**64 - 1) == str(2**64 - 1)  # 64 bits: still written out
    assert bounds.shown(2**64) == "a very large whole number"
    assert bounds.shown(-(2**64)) == "a very large whole number"
    assert bounds.shown(10**5000) == "a very large whole number"  # never converted to text
    assert bounds.shown("a" * 30) == repr("a" * 30)
    assert bounds.shown("a" * 31) == f"{'a' * 20!r}... (31 characters)"
    assert bounds.shown([1, 2]) == "a list" and bounds.shown({"a": 1}) == "an object"
    assert bounds.shown((1,)) == "a tuple" and bounds.shown({1}) == "a set"
