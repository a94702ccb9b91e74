"""The named techniques: a crafted line for each, soundness and completeness against the oracle.

The oracle (:func:`tests.oracle.reference`) gives every value some arrangement of the clue allows
and shares nothing with the engine, so a rule that removes a value some arrangement uses fails
here.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

from nonotui.kinds.nonogram.engine.lines import Contradiction
from nonotui.kinds.nonogram.engine.techniques import (
    BY_NAME,
    RULES,
    TECHNIQUES,
    line_techniques,
)
from nonotui.kinds.nonogram.notation import format_line, parse_line
from tests.oracle import reference, runs

# ----------------------------------------------------------------------------------------------
# The vocabulary
# ----------------------------------------------------------------------------------------------


def test_the_ladder_is_ordered_easiest_first_with_its_grades():
    assert [(t.name, t.grade) for t in TECHNIQUES] == [
        ("Finished line", 1),
        ("Simple boxes", 1),
        ("Simple spaces", 1),
        ("Forcing", 1),
        ("Glue", 2),
        ("Joining and splitting", 2),
        ("Punctuation", 2),
        ("Mercury", 2),
        ("Block identification", 2),
        ("Sliding", 3),
        ("Whole-line reasoning", 3),
        ("Contradiction", 4),
    ]
    assert [t.rank for t in TECHNIQUES] == list(range(len(TECHNIQUES)))
    assert list(RULES) == [t.name for t in TECHNIQUES[:-1]]
    assert all(BY_NAME[t.name] is t for t in TECHNIQUES)


# ----------------------------------------------------------------------------------------------
# One crafted line per technique
# ----------------------------------------------------------------------------------------------


def finished_line_example():
    """Clue 1 1 with boxes in cells 3 and 5: the boxes are the whole clue, so cell 1 is a space
    (no other rule sees it: simple spaces lets either 1 reach cell 1)."""
    return "Finished line", "1 1", "?-#-#", "--#-#"


def simple_boxes_example():
    """A block of 8 in 10 cells, placed as far left (cells 1-8) and as far right (3-10) as it
    goes, overlaps itself on cells 3 to 8: those are boxes whatever else happens."""
    return "Simple boxes", "8", "??????????", "??######??"


def simple_spaces_example():
    """Wikipedia's example: clue 3 1 with boxes in cells 4 and 9. Only the 3 can reach cell 4 and
    only the 1 cell 9, so the 3 stays within cells 2-6 and the 1 on cell 9: cells 1, 7, 8 and 10
    are out of reach of every block, spaces."""
    return "Simple spaces", "3 1", "???#????#?", "-??#??--#-"


def forcing_example():
    """Clue 3 in a line cut by crosses into gaps of 2, 3 and 2 cells: the 3 fits only in the
    middle gap, which it fills, and the gaps too small for it are spaces."""
    return "Forcing", "3", "??-???-??", "---###---"


def glue_example():
    """Clue 3 3 with a box in cell 2: only the first 3 can reach it, and it cannot start before
    the edge, so it is glued to the box and runs at least to cell 3."""
    return "Glue", "3 3", "?#??????????", "?##?????????"


def splitting_example():
    """Clue 2 1 1 with boxes in cells 4 and 6: filling cell 5 would make a run of 3, longer than
    any block, so cell 5 splits the two runs with a space."""
    return "Joining and splitting", "2 1 1", "???#?#-?", "???#-#-?"


def punctuation_example():
    """Clue 1 1 with a box in cell 3: whichever 1 it is, that block is finished, so its
    neighbours are spaces."""
    return "Punctuation", "1 1", "??#??", "?-#-?"


def mercury_example():
    """Clue 2 1 with a cross in cell 1 and a box in cell 4: the 2 cannot fit between the cross
    and the box, so it must run through the box, and like mercury it pulls back from the cross,
    leaving cell 2 a space."""
    return "Mercury", "2 1", "-??#????", "--?#????"


def small_gap_example():
    """Clue 3 with a gap of one cell between crosses in the middle of the 3's reach: too small
    for the 3, so a space (forcing)."""
    return "Forcing", "3", "????-?-????", "????---????"


def identification_example():
    """Clue 2 1: the box in cell 6 can only be the 1 (the 2 would cover the cross), so the 2
    ends before it and must cover the box in cell 4: it lies on cells 3 and 4."""
    return "Block identification", "2 1", "???#-#", "--##-#"


def sliding_example():
    """Clue 2 1 with boxes in cells 4 and 7: slid left the blocks start in cells 3 and 7, slid
    right in 4 and 7 (the 1 must cover cell 7, so the 2 covers cell 4): cells 1, 2, 6, 8 and 9
    are in the same gap both times."""
    return "Sliding", "2 1", "???#??#??", "--?#?-#--"


def whole_line_example():
    """Clue 2 1 with a box in cell 4: the 1 is either on it or on cell 6, and the 2 never
    reaches cell 5, so cell 5 is a space; only the blocks' possible places show it."""
    return "Whole-line reasoning", "2 1", "???#??", "???#-?"


EXAMPLES = [
    finished_line_example,
    simple_boxes_example,
    simple_spaces_example,
    forcing_example,
    glue_example,
    splitting_example,
    punctuation_example,
    mercury_example,
    small_gap_example,
    identification_example,
    sliding_example,
    whole_line_example,
]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda f: f.__name__)
def test_each_technique_names_its_crafted_line(example):
    name, clue, line, expected = example()
    blocks = tuple(int(b) for b in clue.split())
    deduction = line_techniques(blocks, parse_line(line))
    decided = tuple(i for i, (a, b) in enumerate(zip(line, expected)) if a != b)
    assert format_line(deduction.result) == expected
    assert deduction.cells_by_technique == {name: decided}
    assert deduction.technique == name
    assert all(deduction.technique_of(c) == name for c in decided)
    assert reference(blocks, line) is not None
    # the technique alone decides those cells, and no easier one decides any of them
    alone = RULES[name](blocks, [int(v) for v in parse_line(line)])
    assert format_line(np.array(alone)) == expected
    for easier in list(RULES)[: BY_NAME[name].rank]:
        assert format_line(np.array(RULES[easier](blocks, list(parse_line(line))))) == line


def test_several_techniques_name_their_own_cells_easiest_first():
    deduction = line_techniques([3], parse_line("?#????????"))
    assert format_line(deduction.result) == "?##?------"
    assert deduction.cells_by_technique == {"Simple spaces": (4, 5, 6, 7, 8, 9), "Forcing": (2,)}
    assert deduction.technique == "Forcing"
    assert deduction.technique_of(0) is None


def test_joining_fills_between_boxes_of_one_block_but_glue_is_easier():
    """Clue 4 2 in 10 cells with boxes in cells 2 and 4: no block that reaches cell 2 comes before
    one that reaches cell 4 (the 2 starts at cell 6 at the earliest), so the 4 covers both and
    joins them through cell 3. Glue reaches cell 3 too (the 4 is glued to the edge), and the
    easiest technique names the cell."""
    cells = [int(v) for v in parse_line("?#?#??????")]
    assert format_line(np.array(RULES["Joining and splitting"]((4, 2), cells))) == "?###??????"
    deduction = line_techniques([4, 2], parse_line("?#?#??????"))
    assert deduction.cells_by_technique == {"Glue": (2,)}


def test_splitting_leaves_a_cell_that_makes_a_run_exactly_as_long_as_a_block():
    """Clue 3 1 with boxes in cells 1 and 3: filling cell 2 makes a run of 3, which the 3 can be,
    so splitting must not put a space there (joining fills it: only the 3 reaches cell 1)."""
    cells = [int(v) for v in parse_line("#?#????")]
    assert format_line(np.array(RULES["Joining and splitting"]((3, 1), cells))) == "###????"
    assert format_line(line_techniques([3, 1], parse_line("#?#????")).result)[:4] == "###-"


def test_nothing_to_decide_has_no_technique():
    deduction = line_techniques([1], parse_line("???"))
    assert deduction.technique is None
    assert deduction.cells_by_technique == {}


def test_an_inconsistent_line_raises():
    with pytest.raises(Contradiction):
        line_techniques([3], parse_line("#-#"))


def test_upto_stops_the_ladder_below_whole_line():
    deduction = line_techniques([2, 1], parse_line("???#??"), upto="Sliding")
    assert deduction.technique is None
    assert format_line(deduction.result) == "???#??"


# ----------------------------------------------------------------------------------------------
# Soundness and completeness against the oracle
# ----------------------------------------------------------------------------------------------

_BITS = {"-": 1, "#": 2, "?": 3}


@st.composite
def consistent_lines(draw):
    """A random picture line of 1 to 12 cells, its clue, and some of its cells revealed."""
    n = draw(st.integers(1, 12))
    picture = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    shown = draw(st.lists(st.floats(0, 1), min_size=n, max_size=n))
    share = draw(st.sampled_from([0.0, 0.2, 0.4, 0.6, 0.8]))
    line = "".join(("#" if f else "-") if s < share else "?" for f, s in zip(picture, shown))
    return runs(picture), line


def _assert_sound(clue, line, after):
    truth = reference(clue, line)
    assert truth is not None
    for c, (before, now, possible) in enumerate(zip(line, after, truth)):
        assert now & ~_BITS[before] == 0, f"cell {c} gained a value"
        assert _BITS[possible] & ~now == 0, f"cell {c} lost a value some arrangement uses"


@seed(20261123)
@settings(deadline=None, max_examples=600)
@given(consistent_lines(), st.sampled_from(list(RULES)))
def test_every_rule_is_sound(case, name):
    clue, line = case
    after = RULES[name](clue, [_BITS[ch] for ch in line])
    _assert_sound(clue, line, after)


@seed(20261124)
@settings(deadline=None, max_examples=400)
@given(consistent_lines())
def test_the_ladder_to_fixpoint_is_sound_and_with_whole_line_complete(case):
    clue, line = case
    below = line_techniques(clue, parse_line(line), upto="Mercury")
    _assert_sound(clue, line, [int(v) for v in below.result])
    full = line_techniques(clue, parse_line(line))
    assert format_line(full.result) == reference(clue, line)
    decided = sorted(c for cells in full.cells_by_technique.values() for c in cells)
    assert decided == [c for c, ch in enumerate(line) if ch == "?" and full.result[c] != 3]
    if decided:
        assert full.technique == max(full.cells_by_technique, key=lambda t: BY_NAME[t].rank)


@seed(20261125)
@settings(deadline=None, max_examples=300)
@given(
    st.lists(st.integers(1, 4), max_size=4).map(tuple),
    st.text(alphabet="#-?", min_size=1, max_size=10),
)
def test_on_any_line_the_ladder_agrees_with_the_oracle_or_raises(clue, line):
    truth = reference(clue, line)
    try:
        result = format_line(line_techniques(clue, parse_line(line)).result)
    except Contradiction:
        assert truth is None
    else:
        assert result == truth


# ----------------------------------------------------------------------------------------------
# The rungs issue 35 added, and one technique a step
# ----------------------------------------------------------------------------------------------


def test_a_finished_line_crosses_out_the_rest_and_nothing_else():
    finished = RULES["Finished line"]
    assert format_line(np.array(finished((1,), list(parse_line("???????#??"))))) == "-------#--"
    assert format_line(np.array(finished((2, 1), list(parse_line("?##??#?"))))) == "-##--#-"
    assert format_line(np.array(finished((), list(parse_line("???"))))) == "---"
    # runs that are not the clue yet, block for block, are left alone
    for clue, line in [((3,), "?#?"), ((1, 1), "?##??"), ((2, 1), "?#??##?"), ((1,), "???")]:
        assert format_line(np.array(finished(clue, list(parse_line(line))))) == line
    # the easiest rung: it names a finished line's crosses even where simple spaces reach them
    deduction = line_techniques((1,), parse_line("???????#??"))
    assert deduction.cells_by_technique == {"Finished line": (0, 1, 2, 3, 4, 5, 6, 8, 9)}


def test_block_identification_needs_a_run_only_one_block_can_be():
    identify = RULES["Block identification"]
    # the box in cell 3 could be either 1: nothing is identified, nothing decided
    assert format_line(np.array(identify((1, 1), list(parse_line("??#???"))))) == "??#???"
    # the run of 3 can only be the 3 (the 6 would have to end by cell 9 to leave the 3 room),
    # so the 6 ends by cell 9, the 3 lies on cells 11 to 13, and the 6 overlaps itself
    line, after = "??????????###??", "???###???-###--"
    assert format_line(np.array(identify((6, 3), list(parse_line(line))))) == after
    assert reference((6, 3), line) == after  # the oracle: all forced, and nothing else is


_NEW = ["Finished line", "Block identification", "Sliding"]


@seed(20261205)
@settings(deadline=None, max_examples=800)
@given(consistent_lines(), st.sampled_from(_NEW))
def test_each_new_rule_decides_only_cells_every_arrangement_agrees_on(case, name):
    """Every cell the rule decides has that value in every arrangement the oracle lists."""
    clue, line = case
    after = RULES[name](clue, [_BITS[ch] for ch in line])
    truth = reference(clue, line)
    assert truth is not None
    for c, (before, now, forced) in enumerate(zip(line, after, truth)):
        if before == "?" and now != _BITS["?"]:
            assert forced != "?" and _BITS[forced] == now, f"cell {c}"


@seed(20261206)
@settings(deadline=None, max_examples=400)
@given(consistent_lines())
def test_a_step_is_its_easiest_technique_and_what_easier_ones_add(case):
    """``first=True``: the step is named by the easiest rule that decides anything on the line
    alone; every other cell it names belongs to an easier rule; the cells are right."""
    clue, line = case
    cells = [_BITS[ch] for ch in line]
    step = line_techniques(clue, parse_line(line), first=True)
    firing = [name for name in RULES if RULES[name](clue, list(cells)) != cells]
    if not firing:
        assert step.technique is None
        return
    assert step.technique == firing[0]
    assert all(BY_NAME[t].rank <= BY_NAME[firing[0]].rank for t in step.cells_by_technique)
    _assert_sound(clue, line, [int(v) for v in step.result])
