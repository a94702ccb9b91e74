"""What every kernel shares: the statuses, the cell values, the scratch size, the prologue.

Conventions shared by every kernel (callers, compiled or not, rely on them):

- A line is a 1-d ``uint32`` array of cell bitsets: bit 0 empty (a dot), bit 1 filled (a solid,
  colour 1), bit c colour c (up to 31). A cell may hold any subset of the values.
- ``blocks`` is a 1-d ``int32`` array of block lengths, each at least 1; ``colors`` is an ``int32``
  array of the same length giving each block's colour index, 1 to 31. Blocks of different colours
  may touch; blocks of the same colour need an empty cell between them. A clue whose blocks are
  all colour 1 goes to the black-and-white kernels, which treat colour bits in the cells as
  impossible values (they are, with no block of that colour); any other clue goes to the colour
  kernels (``lines_colour``, ``lines_colour_dp``).
- ``out`` receives the new line; it may be the very array ``line`` (solving in place). After a
  contradiction its content is unspecified.
- ``iwork`` is ``int32`` scratch of at least :func:`work_size` cells, so that a caller solving
  thousands of lines allocates once.
- Every kernel returns a status: :data:`CONTRADICTION` (-1, no arrangement of the blocks fits the
  line), :data:`UNCHANGED` (0), :data:`CHANGED` (1, at least one cell lost a value), or, from the
  dispatcher only, :data:`REFUSED` (-2, arguments the kernels cannot handle).

There are no mutable globals; the integer constants below are frozen into the compiled code,
which is why they must never change at run time.
"""

from __future__ import annotations

from typing import Any

from numba import config, njit, types
from numba.core import cgutils
from numba.extending import intrinsic

CONTRADICTION = -1
"""Status: the line is inconsistent with its clue."""
UNCHANGED = 0
"""Status: the linesolver removed no value from any cell."""
CHANGED = 1
"""Status: at least one cell lost a value."""
REFUSED = -2
"""Status: bad arguments (unknown method, a colour outside 1 to 31, a block shorter than 1, arrays
of the wrong size); the line was not looked at."""

FAST = 0
COMPLETE = 1
FCOMP = 2
OLSAK = 3
"""Method ids understood by :func:`solve_line`, in registry order."""

EMPTY = 1
FILLED = 2
BOTH = 3
PENDING = 2
"""Internal status of :func:`prologue`: the line still has to be solved."""


@njit(cache=True, nogil=True)
def work_size(n, k):
    """The ``iwork`` cells every linesolver needs for a line of ``n`` cells and ``k`` blocks."""
    return 4 * k + 3 * n + 2




@njit(cache=True, nogil=True)
def prologue(blocks, line, out):
    """Settle what needs no linesolver: dead cells, the empty clue, a clue longer than the line.

    Returns a status, or ``PENDING`` when the line still has to be solved.
    """
    n = line.shape[0]
    k = blocks.shape[0]
    for i in range(n):
        if (line[i] & BOTH) == 0:
            return CONTRADICTION
    if k == 0:
        for i in range(n):
            if (line[i] & EMPTY) == 0:
                return CONTRADICTION
        changed = UNCHANGED
        for i in range(n):
            old = line[i]
            new = old & EMPTY
            if new != old:
                changed = CHANGED
            out[i] = new
        return changed
    need = k - 1
    for j in range(k):
        need += blocks[j]
    if need > n:
        return CONTRADICTION
    return PENDING


@njit(cache=True, nogil=True)
def writeback(line, out, allowed):
    """``out = line & allowed`` cell by cell; the status says whether anything was removed."""
    changed = UNCHANGED
    for i in range(line.shape[0]):
        old = line[i]
        new = old & allowed[i]
        if (new & BOTH) == 0:
            return CONTRADICTION
        if new != old:
            changed = CHANGED
        out[i] = new
    return changed


@njit(cache=True, nogil=True)
def init_possible(line, acc):
    """Start the record of possible values: known cells keep theirs, unknown ones have none yet.

    Returns how many unknown cells there are: the count the seeds' early stop counts down.
    """
    unknown = 0
    for i in range(line.shape[0]):
        c = line[i] & BOTH
        if c == BOTH:
            acc[i] = 0
            unknown += 1
        else:
            acc[i] = c
    return unknown


@njit(cache=True, nogil=True)
def record(acc, lo, hi, value, remaining):
    """Record ``value`` as possible for the cells ``lo <= i < hi``.

    ``remaining`` counts the unknown cells not yet seen both ways; the updated count is returned,
    and when it reaches 0 nothing can be learnt from the line any more. A known cell starts with
    its own value recorded and arrangements agree with it, so only unknown cells ever change.

    This loop is most of fcomp's time on open lines. Running over a slice from index 0, without
    branches, lets LLVM drop numba's negative-index check and vectorise it: 40 % off fcomp there.
    """
    cells = acc[lo:hi]
    other = BOTH ^ value
    became_both = 0
    for i in range(cells.shape[0]):
        a = cells[i]
        cells[i] = a | value
        became_both += a == other  # it had only the other value: now it has both
    return remaining - became_both


@njit(cache=True, nogil=True)
def cell_at(line, n, rev, i):
    """Cell ``i`` of the line read forwards, or read from its far end when ``rev``."""
    return line[n - 1 - i] if rev else line[i]


@njit(cache=True, nogil=True)
def block_at(blocks, k, rev, j):
    """Block ``j`` of the clue read forwards, or from its far end when ``rev``."""
    return blocks[k - 1 - j] if rev else blocks[j]



@njit(cache=True, nogil=True)
def single(v):
    """Whether cell value ``v`` holds exactly one value."""
    return v != 0 and (v & (v - 1)) == 0


@njit(cache=True, nogil=True)
def popcount(v):
    """The number of set bits of ``v``."""
    c = 0
    while v:
        c += v & 1
        v >>= 1
    return c


@intrinsic
def _borrow(typingctx, arr):  # type: ignore[no-untyped-def]
    """A view of ``arr`` that does not own it: the same data, shape and strides, no memory info.

    numba counts references on every array it passes to a function, takes a slice of or keeps in
    a variable, with an atomic increment and decrement of the array's memory info, and its
    pruning of those counts gives up in loops with many exits, as the searches' are: they were
    about half of the searches' compiled-code samples. Every count on a view without memory
    info is a test for null and nothing else (numba's own ``NRT_incref`` / ``NRT_decref``
    return at once on null). The caller keeps the owner alive while the view is in use
    (``cdcl_db.borrowed``, ``state.borrowed_prop``, ``probe.borrowed_probing``)."""
    if not isinstance(arr, types.Array):
        return None

    def codegen(context, builder, sig, args):  # type: ignore[no-untyped-def]
        src = context.make_array(sig.args[0])(context, builder, args[0])
        out = context.make_array(sig.return_type)(context, builder)
        out.meminfo = cgutils.get_null_value(out.meminfo.type)
        out.parent = cgutils.get_null_value(out.parent.type)
        out.nitems = src.nitems
        out.itemsize = src.itemsize
        out.data = src.data
        out.shape = src.shape
        out.strides = src.strides
        return out._getvalue()

    return arr(arr), codegen


def _identity(arr: Any) -> Any:
    """:func:`borrow` with numba's JIT off (``NUMBA_DISABLE_JIT=1``): the array itself."""
    return arr


borrow = _identity if config.DISABLE_JIT else _borrow
"""A view of an array that counts no references (see :func:`_borrow`)."""
