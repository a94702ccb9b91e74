"""Line hints in words (engine/wording.py): every decided cell is explained by its technique's
own words, and the technique examples in docs/playing.md are what the rules do."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest

from nonotui.kinds.nonogram.engine import wording
from nonotui.kinds.nonogram.engine.techniques import BY_NAME, CONTRADICTION, RULES, line_techniques
from nonotui.kinds.nonogram.notation import format_line, parse_line
from tests import hint_oracle as oracle

PLAYING = Path(__file__).resolve().parents[3] / "docs" / "playing.md"
EXAMPLE = re.compile(r"^clue ([\d ]+):\s+([?#-]+)\s+->\s+([?#-]+)$")


def doc_examples() -> list[tuple[str, tuple[int, ...], str, str]]:
    """``(technique, clue, before, after)`` from the "Techniques" section of docs/playing.md."""
    text = PLAYING.read_text(encoding="utf-8")
    section = text.split("\n## Techniques\n", 1)[1].split("\n## ", 1)[0]
    found, heading = [], None
    for line in section.splitlines():
        if line.startswith("### "):
            heading = line[4:].strip()
        elif (m := EXAMPLE.match(line.strip())) is not None:
            found.append((heading, tuple(int(n) for n in m[1].split()), m[2], m[3]))
    return found


def test_the_docs_show_every_line_technique_once():
    examples = doc_examples()
    assert [name for name, *_ in examples] == list(RULES)
    text = PLAYING.read_text(encoding="utf-8")
    assert f"### {CONTRADICTION}" in text


@pytest.mark.parametrize(("technique", "clue", "before", "after"), doc_examples(),
                         ids=[e[0] for e in doc_examples()])
def test_each_docs_example_is_its_technique_alone(technique, clue, before, after):
    deduction = line_techniques(clue, parse_line(before))
    assert list(deduction.cells_by_technique) == [technique]
    assert format_line(deduction.result) == after
    # and it is right, by the oracle: every cell it decides agrees in every arrangement
    fits = oracle.line_fillings(clue, [int(v) for v in parse_line(before)])
    for p in deduction.cells_by_technique[technique]:
        assert {f[p] for f in fits} == {int(deduction.result[p]) == oracle.FILLED_CELL}


def random_lines(count: int, seed: int):
    """Lines that fit their clue (a random solution, some of its cells marked)."""
    rng = random.Random(seed)
    while count:
        n = rng.randint(1, 15)
        solution = [int(rng.random() < rng.random()) for _ in range(n)]
        clue = tuple(len(run) for run in "".join(map(str, solution)).split("0") if run)
        share = rng.random() * 0.7
        line = np.array([oracle.bit(v) if rng.random() < share else 3 for v in solution],
                        dtype=np.uint32)
        deduction = line_techniques(clue, line)
        if deduction.technique is not None:
            count -= 1
            yield clue, line, deduction


def test_every_decided_cell_is_explained_by_its_technique_s_own_words():
    seen = set()
    for clue, line, deduction in random_lines(3000, 11):
        technique = deduction.technique
        seen.add(technique)
        events = wording.trace(clue, line)
        # the trace names the cells as the ladder does, so the words are about the same rules
        assert wording._named(events) == deduction.cells_by_technique
        w = wording._Line("row", clue, tuple(int(v) for v in line))
        said = [(text, ps) for ev in events if ev.technique == technique
                for text, ps in wording._WORDS[technique](w, ev)]
        explained = {p for _, ps in said for p in ps}
        assert explained == set(deduction.cells_by_technique[technique]), (clue, line)
        text = wording.step_text("row", 0, clue, line, deduction)
        assert text.startswith(f"{technique}. Row 1, clue ")
        assert BY_NAME[technique].summary not in text  # the rule's own words, not its summary
    assert seen == set(RULES)  # every technique came up


NEW_WORDS = [
    # (clue, line before, the hint's words): each new rung says what a player would say
    ((1, 2), "?#??##??",
     "Finished line. Row 1, clue 1 2: the boxes at columns 2 and 5 to 6 are the whole clue, so "
     "columns 1, 3 to 4 and 7 to 8 are empty."),
    ((1,), "???????#??",
     "Finished line. Row 1, clue 1: the box at column 8 is the whole clue, so columns 1 to 7 "
     "and 9 to 10 are empty."),
    ((2, 1), "???#-#",
     "Block identification. Row 1, clue 2 1: the box at column 6 can only be the 1; the box at "
     "column 4 can only be the 2: the 2 can only start in column 3, so it always covers columns "
     "3 and 4; the 2 starts in column 3 at the earliest, so columns 1 and 2 are empty."),
    ((2, 1), "???#??#??",
     "Sliding. Row 1, clue 2 1: slid as far left as the marks allow, the blocks start in "
     "columns 3, 7; as far right, in 4, 7: columns 1 and 2 are empty, before the 2 both times; "
     "column 6 is empty, between the 2 and the 1 both times; columns 8 and 9 are empty, after "
     "the 1 both times."),
    ((2, 1), "???#??",
     "Whole-line reasoning. Row 1, clue 2 1: the 1 can only lie in column 4 or column 6: no "
     "block can cover column 5, so column 5 is empty."),
    ((3,), "????-?-????",
     "Forcing. Row 1, clue 3: the gap of 1 at column 6 is too small for every block that can "
     "reach it (the shortest is 3), so column 6 is empty."),
]


@pytest.mark.parametrize(("clue", "before", "text"), NEW_WORDS, ids=[t[:20] for *_, t in NEW_WORDS])
def test_the_new_rungs_say_what_a_player_would(clue, before, text):
    line = parse_line(before)
    deduction = line_techniques(clue, line, first=True)
    assert wording.step_text("row", 0, clue, line, deduction) == text


def test_whole_line_words_name_places_never_a_count_of_arrangements():
    for clue, line, deduction in random_lines(3000, 12):
        if deduction.technique != "Whole-line reasoning":
            continue
        text = wording.step_text("row", 0, clue, line, deduction)
        assert " ways" not in text and "can only" in text, text
