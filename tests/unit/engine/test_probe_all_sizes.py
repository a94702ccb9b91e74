"""The engine's named, checked door to the probe-every-cell kernel
(:func:`~nonotui.kinds.nonogram.engine.context.probe_all_sizes`), which the rating uses from
outside the engine: a probe it reports as a contradiction is one no solution allows, by the
naive solver."""

from __future__ import annotations

import numpy as np
import pytest

from nonotui.kinds.nonogram.engine.context import probe_all_sizes
from nonotui.kinds.nonogram.engine.packed import prepare
from nonotui.kinds.nonogram.formats import tatham
from nonotui.kinds.nonogram.puzzle import unknown_board
from tests import naive_count

FOUR = "4x4:2/1/2/1/1.1/2/1/1"
"""A small puzzle that line logic alone does not finish: some probe ends in a contradiction."""


def test_every_contradiction_it_reports_is_one_no_solution_allows() -> None:
    (puzzle,) = tatham.read(FOUR, "<id>")
    cells = unknown_board(puzzle).cells.reshape(-1).copy()
    before = cells.copy()
    sizes = probe_all_sizes(prepare(puzzle), cells)
    assert sizes.shape == (16, 2) and np.array_equal(cells, before)  # read, not changed
    every = naive_count.solutions(puzzle.rows, puzzle.columns)
    reported = [(idx, value) for idx in range(16) for value in (0, 1) if sizes[idx, value] > 0]
    assert reported, "the puzzle needs a contradiction: some probe must report one"
    for idx, value in reported:
        r, c = divmod(idx, 4)
        assert all(picture[r][c] != value for picture in every), (r, c, value)


@pytest.mark.parametrize("cells", [
    np.zeros(15, dtype=np.uint32),            # one cell short
    np.zeros((4, 4), dtype=np.uint32),         # not flat
    np.zeros(16, dtype=np.int64),              # not the kernels' cell type
])
def test_cells_of_the_wrong_shape_or_type_are_refused_by_name(cells: np.ndarray) -> None:
    (puzzle,) = tatham.read(FOUR, "<id>")
    with pytest.raises(ValueError, match=r"^probe_all: cells must "):
        probe_all_sizes(prepare(puzzle), cells)
