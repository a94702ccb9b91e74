"""The seeds' worked examples, exactly as issue 3 lists them, for every linesolver."""

from __future__ import annotations

import pytest

from nonotui.kinds.nonogram.engine import NAMES, REGISTRY
from tests.contract import check, run
from tests.oracle import count_arrangements, reference

COMPLETE = [name for name in NAMES if REGISTRY[name].complete]

# seed 000: length 29, rule 9,1,1,1 (the seed writes unknown cells as spaces, results with +)
SEED_000_LINE = "???--#########-------???#-?-?"
SEED_000_RESULT = "-----#########-------??-#-?-?"

# seed 001: length 36, rule 1,5,1,1,1; its closing table compares complete, fast and fcomp
SEED_001_LINE = "-----???????????-#----#????????--??#"
SEED_001_COMPLETE = "-----???????????-#----#????-???--?-#"
SEED_001_FAST = "-----???????????-#----#????????--?-#"

pytestmark = pytest.mark.nojit


@pytest.mark.parametrize("method", COMPLETE)
def test_seed_000_complete_solvers(method):
    assert run(method, "9 1 1 1", SEED_000_LINE) == SEED_000_RESULT


def test_seed_000_in_the_seeds_own_notation():
    seed_line = "   --#########-------   #- - "  # unknown cells as spaces, as seed 000 prints them
    seed_result = "-----#########-------++-#-+-+"  # + marks cells left undetermined
    assert run("complete", "9,1,1,1", seed_line) == seed_result.replace("+", "?")


def test_seed_000_fast_keeps_the_contract():
    check("fast", (9, 1, 1, 1), SEED_000_LINE, SEED_000_RESULT)


def test_seed_000_has_the_five_arrangements_the_seed_lists():
    assert count_arrangements((9, 1, 1, 1), SEED_000_LINE) == 5


@pytest.mark.parametrize("method", ["complete", "fcomp", "olsak"])
def test_seed_001_complete_solvers(method):
    assert run(method, "1 5 1 1 1", SEED_001_LINE) == SEED_001_COMPLETE


def test_seed_001_fast_misses_the_dots_the_others_find():
    assert run("fast", "1 5 1 1 1", SEED_001_LINE) == SEED_001_FAST


@pytest.mark.parametrize("method", NAMES)
def test_seed_002_four_four(method):
    assert run(method, "4 4", "?" * 10) == "?###??###?"


@pytest.mark.parametrize("method", NAMES)
def test_seed_002_three_three_leaves_everything_open(method):
    assert run(method, "3 3", "?" * 10) == "?" * 10


def test_seed_002_three_three_has_ten_arrangements():
    assert count_arrangements((3, 3), "?" * 10) == 10


@pytest.mark.parametrize(
    ("clue", "line"),
    [((9, 1, 1, 1), SEED_000_LINE), ((1, 5, 1, 1, 1), SEED_001_LINE), ((4, 4), "?" * 10)],
)
def test_the_oracle_agrees_with_the_seeds(clue, line):
    expected = {SEED_000_LINE: SEED_000_RESULT, SEED_001_LINE: SEED_001_COMPLETE}
    assert reference(clue, line) == expected.get(line, "?###??###?")
