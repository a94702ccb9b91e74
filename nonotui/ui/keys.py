"""Every key and mouse action, in one table that the help screen shows and the docs are checked
against, so neither can drift from the bindings.

:data:`HELP` is the table for a nonogram, the first kind; :func:`help_for` writes it for any
kind's :class:`~nonotui.model.kind.KeyRules` (its marking keys, mouse buttons and digits), and
gives :data:`HELP` itself for a nonogram's.
"""

from __future__ import annotations

from nonotui.model.kind import KeyRules

Sections = tuple[tuple[str, tuple[tuple[str, str], ...]], ...]

HELP: Sections = (
    (
        "Moving",
        (
            ("arrows, h j k l", "move the cursor"),
            ("digits, then a move", "move that many cells (5l moves five right)"),
            ("home / end", "go to the first / last cell of the row"),
            ("page up / page down",
             "scroll the board a screenful up / down; the cursor moves with it"),
            ("z", "zoom: 1, 2 or 3 characters per cell (at first the widest that shows every "
                  "column)"),
        ),
    ),
    (
        "Marking",
        (
            ("space, f", "fill the cell (again: clear it)"),
            ("x", "cross the cell: known empty (again: clear it)"),
            ("], [", "next / previous colour (a colour puzzle; 1 to 9 choose one)"),
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
            ("ctrl+down, ctrl+up", "scroll a hint longer than its panel"),
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
            ("s", "sort by size, progress, grade or name"),
            ("a", "show all, new, in progress or solved puzzles"),
            ("g", "show any grade, or one grade (1 to 5, 0)"),
            ("k", "show every kind of puzzle, or one kind (nonograms, Aquarium)"),
            ("escape", "clear the search (the top line shows it while it is on)"),
            ("/", "search titles and authors"),
            ("n", "make a new puzzle: size, grade, symmetry"),
            ("d", "the daily puzzle (one per UTC date, for all)"),
            ("l", "learn: a lesson per technique, easiest first"),
            ("t", "statistics per grade (solved, best, median)"),
        ),
    ),
)
"""Sections of ``(keys, what they do)``."""


def _shown(key: str) -> str:
    """A key as the help names it: an upper-case letter with its shift (``X (shift+x)``)."""
    return f"{key} (shift+{key.lower()})" if len(key) == 1 and key.isupper() else key


def help_for(rules: KeyRules | None) -> Sections:
    """The help for a play screen with these key rules (:data:`HELP` when ``None``): its marking
    keys, the word each goes by in paint mode and with shift+arrows, what each mouse button
    marks, and the count prefix only when digits count."""
    if rules is None:
        return HELP
    marks = rules.marks
    label: dict[str, str] = {}
    for m in marks:  # a value two keys mark goes by its first key's word
        label.setdefault(m.value, m.label or m.value)
    count = rules.digits == "count"

    def mouse(name: str) -> str:
        mark = next((m for m in marks if m.value == name), None)
        if mark is not None and mark.mouse:
            return mark.mouse
        return f"{label.get(name, name)} a cell (again: clear it)"

    buttons = [("left click", rules.primary), ("right click", rules.secondary)]
    if rules.middle is not None:
        buttons.append(("middle click", rules.middle))
    palette = rules.digits == "palette"
    colours: tuple[tuple[str, str], ...] = (
        ("1 to 9", "choose the current colour (the palette strip under the board shows each "
                   "colour's key); the count prefix is for black-and-white puzzles"),
        ("], [", "next / previous colour"),
    ) if palette else ()  # a puzzle without colours: no colour key
    changed = {
        "Moving": tuple(row for row in HELP[0][1] if count or not row[0].startswith("digits")),
        "Marking": (
            *((", ".join(map(_shown, m.keys)), m.description) for m in marks),
            *colours,
            ("backspace, delete", "clear the cell"),
            ("shift+arrows", f"move and {label.get(rules.primary, rules.primary)} the cells "
                             f"passed{' (a count works too)' if count else ''}"),
            ("m", f"paint mode: off, {', '.join(label.values())}, clear; paints every cell the "
                  "cursor enters"),
            ("escape", f"stop an auto-solve, {'drop a count, ' if count else ''}end paint mode, "
                       "else back to the library"),
        ),
        "Mouse": (
            *((button, mouse(value)) for button, value in buttons),
            ("drag", "paint a straight row or column with the first cell's action"),
            ("wheel", "scroll the grid; the clues stay in place"),
        ),
    }
    return tuple((name, changed.get(name, rows)) for name, rows in HELP)
