"""Cell codes: a cell is a bitset of the values it may still take.

Bit 0 is empty (a dot), bit 1 is filled (a solid, or the first colour of a colour puzzle), and each
further colour of a colour puzzle takes the next bit. Unknown is every allowed bit set; 0 means no
value is left, a contradiction. The same encoding serves every linesolver, propagation, probing
and, later, colour puzzles, which is why cells are ``uint32`` (up to 31 colours besides the
background) rather than a byte.
"""

from __future__ import annotations

import numpy as np

CELL_DTYPE = np.uint32
"""The numpy dtype of every array of cells (lines and boards)."""

CLUE_DTYPE = np.int32
"""The numpy dtype of block lengths and block colour indices handed to kernels."""

CONTRADICTION = 0
EMPTY = 1
FILLED = 2
UNKNOWN = EMPTY | FILLED
"""Unknown in a black-and-white puzzle; colour puzzles use :func:`unknown_for`."""

MAX_COLORS = 31
"""Block colours a puzzle may have besides the background (bits 1 to 31)."""


def color_bit(index: int) -> int:
    """The bit of colour ``index`` (0 is the background, 1 the first block colour)."""
    return 1 << index


def unknown_for(n_colors: int) -> int:
    """The unknown cell of a puzzle with ``n_colors`` block colours (1 for black and white)."""
    return (1 << (n_colors + 1)) - 1
