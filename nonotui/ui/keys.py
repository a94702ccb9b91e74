"""Every key and mouse action, in one table that the help screen shows and the docs are checked
against, so neither can drift from the bindings."""

from __future__ import annotations

HELP: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        "Moving",
        (
            ("arrows, h j k l", "move the cursor"),
            ("digits, then a move", "move that many cells (5l moves five right)"),
            ("home / end", "go to the first / last cell of the row"),
            ("page up / page down",
             "scroll the board a screenful up / down; the cursor moves with it"),
        ),
    ),
    (
        "Marking",
        (
            ("space, f", "fill the cell (again: clear it)"),
            ("x", "cross the cell: known empty (again: clear it)"),
            ("backspace, delete", "clear the cell"),
            ("shift+arrows", "move and fill the cells passed (a count works too)"),
            ("m", "paint mode: off, fill, cross, clear; paints every cell the cursor enters"),
            ("escape", "stop an auto-solve, drop a count, end paint mode, else back to the library"),
        ),
    ),
    (
        "Mouse",
        (
            ("left click", "fill a cell (clear it when filled)"),
            ("right click", "cross a cell (clear it when crossed)"),
            ("drag", "paint a straight row or column with the first cell's action"),
            ("wheel", "scroll the grid; the clues stay in place"),
        ),
    ),
    (
        "Undo",
        (
            ("u, ctrl+z", "undo (without limit, also after reopening)"),
            ("ctrl+r, ctrl+y", "redo"),
        ),
    ),
    (
        "Help from the solver",
        (
            ("i", "hint: the easiest deduction and why, highlighted (again: apply it)"),
            ("c", "check: flag (!) every mark that no solution allows"),
            ("S (shift+s)", "auto-solve from your marks, step by step (escape stops)"),
            ("enter", "finish a running auto-solve at once (a click does too)"),
        ),
    ),
    (
        "Everything else",
        (
            ("p", "pause: hide the board and stop the clock"),
            ("?, f1", "this help"),
            ("comma, f2", "settings: every setting with its choices"),
            ("ctrl+p", "command palette: restart, settings' choices, theme, open a file, ..."),
            ("q, ctrl+q, ctrl+c", "save and quit"),
        ),
    ),
    (
        "Library",
        (
            ("enter", "play the selected puzzle"),
            ("o", "open a puzzle file by its path"),
            ("s", "sort by size, name or progress"),
            ("a", "show all, new, in progress or solved puzzles"),
            ("escape", "clear the search (the top line shows it while it is on)"),
            ("/", "search titles and authors"),
        ),
    ),
)
"""Sections of ``(keys, what they do)``."""
