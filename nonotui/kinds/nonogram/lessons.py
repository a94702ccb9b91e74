"""The "Learn" collection's lessons: each line technique shown on one example line.

The example lines (a clue and the line before) are chosen so that the technique alone decides
something and no easier technique does; the line after is never written down here but computed
by the engine's ladder (:func:`~nonotui.kinds.nonogram.engine.techniques.line_techniques`, up to
the technique), and the cells it decided must all be named by that technique
(``tests/unit/kinds/test_generating.py`` checks every lesson).
"""

from __future__ import annotations

import functools

from nonotui.model.vocab import Lesson

EXAMPLES: tuple[tuple[str, str, str, str], ...] = (
    ("Finished line", "1 2", "?#??##??",
     "The box and the run of 2 are the whole clue: every other cell is a space."),
    ("Simple boxes", "6", "????????",
     "A block of 6 in 8 cells covers the middle 4 wherever it is placed: they are boxes."),
    ("Simple spaces", "2", "???#?????",
     "The only block must cover the box, so cells more than one away from it are spaces."),
    ("Forcing", "3", "??-????-?",
     "The 3 fits only in the gap of 4 between the crosses: it covers that gap's middle 2, "
     "and the gaps too small for it are spaces."),
    ("Glue", "3 1", "?#??????",
     "The box next to the edge belongs to the 3, which cannot start before the edge: it runs "
     "on to the third cell."),
    ("Joining and splitting", "1 2 1", "?-?#?#?-?",
     "Filling the cell between the two boxes would make a run of 3, longer than any block: "
     "it splits them."),
    ("Punctuation", "2 2", "????##????",
     "A run of 2 is as long as the longest block: that block is finished and gets a space "
     "on each side."),
    ("Mercury", "3 1", "-???#?????",
     "The 3 cannot fit between the cross and the box without touching it, so it covers the "
     "box and pulls away from the cross, leaving a space."),
    ("Block identification", "2 1", "???#-#",
     "The box after the cross can only be the 1 (the 2 would cover the cross), so the 2 comes "
     "before it and must cover the other box: it lies on the third and fourth cells."),
    ("Sliding", "2 1", "???#??#??",
     "Slide the blocks as far left as the boxes and crosses allow, then as far right: the "
     "cells that are the same gap both times are spaces."),
    ("Whole-line reasoning", "1 2", "??#???",
     "The 1 can only be on the box or on the first cell, and the 2 only on the box or after "
     "it: no block can cover the cell before the box, so it is a space."),
)
"""``(technique, clue, line before, the sentence shown)``, easiest technique first."""


LEGEND = "# filled, - empty, ? not decided yet"

PRACTICE: dict[str, tuple[str, str]] = {
    "Finished line": (
        "Simple boxes",
        "it only crosses out the rest of a line whose boxes are all placed, and some other "
        "technique must place them"),
    "Simple spaces": (
        "Forcing",
        "it only crosses out, and no easier technique reads crosses: in a puzzle that needs "
        "nothing harder, simple boxes places every box and finished line crosses out the rest "
        "first"),
}
"""The techniques that can be no puzzle's hardest step: ``technique -> (the lesson whose puzzle
shows it on the way, why)``. Both only cross cells out, and the first technique that reads a
cross is forcing (``tests/unit/kinds/test_learn.py`` walks those puzzles and meets them)."""


@functools.cache
def lessons() -> tuple[Lesson, ...]:
    """Every lesson, easiest technique first, its line after computed by the engine."""
    from nonotui.kinds.nonogram.engine.techniques import BY_NAME, line_techniques
    from nonotui.kinds.nonogram.notation import format_line, parse_line

    out = []
    for name, clue, before, sentence in EXAMPLES:
        blocks = tuple(int(b) for b in clue.split())
        deduction = line_techniques(blocks, parse_line(before), upto=name)
        practice, why = PRACTICE.get(name, ("", ""))
        out.append(Lesson(name, sentence, clue, before, format_line(deduction.result),
                          BY_NAME[name].grade, LEGEND, practice, why))
    return tuple(out)


__all__ = ["EXAMPLES", "LEGEND", "PRACTICE", "lessons"]
