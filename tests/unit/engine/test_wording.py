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
