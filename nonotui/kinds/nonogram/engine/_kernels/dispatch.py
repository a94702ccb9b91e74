"""The dispatcher: one entry for every linesolver, the prologue they share, and two drivers.

:func:`solve_line` checks its arguments, settles what needs no linesolver (the
:func:`~.common.prologue`), then hands the line to the chosen ``*_open`` kernel. The whole-puzzle
propagation calls it from inside its own compiled loop; from Python, every linesolver is reached
through it with an ``int32`` method id, so that one compiled specialization serves them all.
:func:`solve_batch` and :func:`repeat_line` are drivers for tests, benchmarks and the CLI.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .common import (
    COMPLETE,
    FAST,
    FCOMP,
    OLSAK,
    PENDING,
    REFUSED,
    UNCHANGED,
    prologue,
    work_size,
)
from .lines_bits import MAX_BITS, bits_open
from .lines_bits2 import MAX_BITS2, bits2_open
from .lines_colour import colour_fast_open, colour_olsak_open, colour_prologue
from .lines_colour_dp import colour_complete_open, colour_fcomp_open
from .lines_complete import complete_open
from .lines_fast import fast_open
from .lines_fcomp import fcomp_open
from .lines_olsak import olsak_open

MAX_COLOUR = 31
"""The highest colour index a block may have (a cell is a ``uint32``: bit 0 empty, bit c colour
c)."""


@njit(cache=True, nogil=True, inline="always")
def run(method, blocks, line, out, iwork):
    """The prologue, then linesolver ``method`` on what is left (arguments already checked).

    The one place the prologue is written: every linesolver entry goes through here. fcomp's
    work on lines of up to 64 cells goes to the bit-mask solver (:mod:`.lines_bits`), on lines
    of up to 128 to its two-word version (:mod:`.lines_bits2`): all are exact, so the answer and
    the status are the same, in a fraction of the time.
    """
    status = prologue(blocks, line, out)
    if status != PENDING:
        return status
    if method == FAST:
        return fast_open(blocks, line, out, iwork)
    if method == FCOMP:
        if line.shape[0] <= MAX_BITS:
            return bits_open(blocks, line, out, iwork)
        if line.shape[0] <= MAX_BITS2:
            return bits2_open(blocks, line, out, iwork)
        return fcomp_open(blocks, line, out, iwork)
    if method == COMPLETE:
        return complete_open(blocks, line, out, iwork)
    if method == OLSAK:
        return olsak_open(blocks, line, out, iwork)
    return REFUSED


@njit(cache=True, nogil=True)
def run_colour(method, blocks, colors, line, out, iwork):
    """The colour prologue, then the colour version of linesolver ``method`` (arguments already
    checked). Only lines with a block whose colour is not 1 come here."""
    status = colour_prologue(blocks, colors, line)
    if status != PENDING:
        return status
    if method == FAST:
        return colour_fast_open(blocks, colors, line, out, iwork)
    if method == FCOMP:
        return colour_fcomp_open(blocks, colors, line, out, iwork)
    if method == COMPLETE:
        return colour_complete_open(blocks, colors, line, out, iwork)
    if method == OLSAK:
        return colour_olsak_open(blocks, colors, line, out, iwork)
    return REFUSED


@njit(cache=True, nogil=True)
def solve_line(method, blocks, colors, line, out, iwork):
    """Run linesolver ``method`` (:data:`FAST`, :data:`COMPLETE`, :data:`FCOMP`, :data:`OLSAK`).

    Callable from compiled code. Arguments are checked cheaply first, since compiled code does
    not check array bounds: a mismatch returns :data:`REFUSED` instead of corrupting memory.
    Block colours run from 1 to :data:`MAX_COLOUR`; a clue whose blocks are all colour 1 takes the
    black-and-white kernels, any other the colour ones (``lines_colour*``).
    """
    if method < FAST or method > OLSAK:
        return REFUSED
    k = blocks.shape[0]
    if colors.shape[0] != k or out.shape[0] != line.shape[0]:
        return REFUSED
    if iwork.shape[0] < work_size(line.shape[0], k):
        return REFUSED
    colour = False
    for j in range(k):
        c = colors[j]
        if blocks[j] < 1 or c < 1 or c > MAX_COLOUR:
            return REFUSED
        if c != 1:
            colour = True
    if colour:
        return run_colour(method, blocks, colors, line, out, iwork)
    return run(method, blocks, line, out, iwork)


@njit(cache=True, nogil=True)
def solve_stack(methods, first_rank, blocks, colors, line, out, iwork):
    """Offer the line to the stack ``methods`` from ``first_rank`` on, rank by rank.

    A line goes to the next rank only when the current one found nothing new. Returns the
    status and the rank that produced it (the last rank when every one left the line unchanged).
    """
    rank = first_rank
    status = UNCHANGED
    while rank < methods.shape[0]:
        status = solve_line(np.int32(methods[rank]), blocks, colors, line, out, iwork)
        if status != UNCHANGED:
            return status, rank
        rank += 1
    return status, methods.shape[0] - 1


@njit(cache=True, nogil=True)
def solve_batch(method, blocks, colors, lines, out, status):
    """Solve every row of ``lines`` (one clue for all) into the rows of ``out`` and ``status``.

    Tests and benchmarks use it to run millions of lines without a Python call per line.
    """
    iwork = np.empty(work_size(lines.shape[1], blocks.shape[0]), dtype=np.int32)
    for i in range(lines.shape[0]):
        status[i] = solve_line(np.int32(method), blocks, colors, lines[i], out[i], iwork)


@njit(cache=True, nogil=True)
def repeat_line(method, blocks, colors, line, out, iwork, reps):
    """Solve the same line ``reps`` times and return the last status: a timing loop free of
    Python's call overhead, for the CLI's and the benchmark's microseconds per call."""
    status = REFUSED
    for _ in range(reps):
        status = solve_line(np.int32(method), blocks, colors, line, out, iwork)
    return status

