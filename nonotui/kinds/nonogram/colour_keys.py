"""The keys of a colour nonogram's play screen: a palette (:attr:`KeyRules.digits` ``palette``).

Space and f fill the cursor cell with the current colour, which the digits 1 to 9 choose (the
player keeps the current colour; the rules name the first colour as the primary value, which
the player replaces by the current one); x crosses, as in black and white.
"""

from __future__ import annotations

from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model.kind import KeyRules, MarkKey


def palette_rules(puzzle: Puzzle, cross: MarkKey) -> KeyRules:
    """The key rules of colour puzzle ``puzzle``, crossing with ``cross`` (black and white's)."""
    first = puzzle.palette[1].name
    fill = MarkKey(("space", "f"), first,
                   "fill the cell with the current colour (again: clear it)", "fill",
                   "fill a cell with the current colour (clear it when it has that colour)")
    return KeyRules(marks=(fill, cross), primary=first, secondary=cross.value, digits="palette")
