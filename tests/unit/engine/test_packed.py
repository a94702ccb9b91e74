"""The kernels' packed clues (:func:`packed.prepare`, done with whole arrays) against a line by
line packing written from the seed's formula: the same blocks, colours, offsets and scores."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from nonotui.kinds.nonogram.engine import packed
from nonotui.kinds.nonogram.puzzle import BLACK, WHITE, Color, Puzzle


def by_line(puzzle: Puzzle) -> tuple[list[int], list[int], list[int], list[float]]:
    clues = list(puzzle.rows) + list(puzzle.columns)
    hues = ([puzzle.row_clue_colors(r) for r in range(puzzle.height)]
            + [puzzle.column_clue_colors(c) for c in range(puzzle.width)])
    lengths = [puzzle.width] * puzzle.height + [puzzle.height] * puzzle.width
    offsets = [0]
    for clue in clues:
        offsets.append(offsets[-1] + len(clue))
    scores = []
    for clue, length in zip(clues, lengths, strict=True):
        n = len(clue)
        scores.append(float(length) if n == 0 else float((n + 1) * sum(clue) + n * (n - length - 1)))
    return ([b for c in clues for b in c], [k for h in hues for k in h], offsets, scores)


PALETTE = (WHITE, BLACK, Color("red", "#c80000", "r"), Color("blue", "#0000c8", "b"))


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.integers(1, 3), st.randoms(use_true_random=False))
def test_prepare_packs_what_line_by_line_packing_gives(height: int, width: int, colours: int,
                                                       rng) -> None:  # type: ignore[no-untyped-def]
    picture = [[rng.choice([0] * 2 + list(range(1, colours + 1))) for _ in range(width)]
               for _ in range(height)]
    palette = PALETTE[: colours + 1] if colours > 1 else ()
    puzzle = Puzzle.from_picture(picture, colors=palette)
    got = packed.prepare(puzzle)
    blocks, hues, offsets, scores = by_line(puzzle)
    assert got.blocks.tolist() == blocks
    assert got.colors.tolist() == hues
    assert got.clue_off.tolist() == offsets
    assert np.array_equal(got.score, np.array(scores))
    assert (got.h, got.w) == (height, width)
