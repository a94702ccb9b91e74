"""A hint context (kept solutions, proven cells, kept probes and line solves) changes no rung of
the ladder: with it and without it, every hint of a walk is the same, except that a contradiction
hint may come from a kept chain (still right, judged by the oracle, but not always the fresh
shortest); and the probing it reuses breaks exactly where fresh probing breaks."""

from __future__ import annotations

import dataclasses
import functools

import numpy as np
import pytest

from nonotui.errors import NonotuiError
from nonotui.kinds import open_one
from nonotui.kinds.nonogram.engine import _kernels as kernels
from nonotui.kinds.nonogram.engine._kernels import probe_memo as _probes
from nonotui.kinds.nonogram.engine.checks import ReferenceSolutions, wrong_marks
from nonotui.kinds.nonogram.engine.hints import HintContext, _stuck_hint, next_hint
from nonotui.kinds.nonogram.engine.packed import prepare
from nonotui.kinds.nonogram.engine.search import solve
from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from nonotui.model import EMPTY, FILLED, UNKNOWN
from nonotui.model.history import History, make_move
from tests import hint_oracle as oracle


def random_puzzle(seed: int, size: int = 12, density: float = 0.4) -> Puzzle:
    picture = (np.random.default_rng(seed).random((size, size)) < density).astype(int)
    return Puzzle.from_picture(picture.tolist(), keep_goal=False)


def walk(puzzle: Puzzle, seed: int, limit: int = 400, noise: bool = False) -> dict[str, int]:
    """Walk by hints with a context, checking each against a fresh hint; with ``noise``, now and
    then add true marks of one solution (a refinement) or erase some (not a refinement)."""
    rng = np.random.default_rng(seed)
    context = HintContext(puzzle)
    board = unknown_board(puzzle)
    solution = solve(puzzle, max_solutions=1).solutions[0].cells
    cursor = (0, 0)
    kinds: dict[str, int] = {}
    for _ in range(limit):
        kept = next_hint(puzzle, board, cursor, context=context)
        fresh = next_hint(puzzle, board, cursor)
        if kept.kind == "contradiction":
            assert fresh.kind == "contradiction"
            assert_forced(puzzle, board, kept)
        else:
            assert kept == fresh
        kinds[kept.kind] = kinds.get(kept.kind, 0) + 1
        if kept.kind == "solved":
            break
        for r, c, v in kept.changes():
            board.cells[r, c] = v
        cursor = kept.cells[0][:2] if kept.cells else cursor
        if noise and rng.random() < 0.2:
            if rng.random() < 0.5:
                keep = rng.random(solution.shape) < 0.03
                board.cells[keep] = solution[keep]
            else:
                drop = rng.random(solution.shape) < 0.05
                board.cells[drop] = UNKNOWN
    return kinds


def assert_forced(puzzle: Puzzle, board, hint) -> None:
    """By the oracle alone (tests/hint_oracle.py, no engine code): no solution of the board's
    marks has the other value in the hint's cells."""
    for r, c, v in hint.cells:
        assert int(board.cells[r, c]) == UNKNOWN
        other = board.cells.copy()
        other[r, c] = EMPTY if v == FILLED else FILLED
        assert not oracle.solutions(puzzle.rows, puzzle.columns, other, cap=1), hint.explanation


@functools.cache
def plain_walk(seed: int) -> tuple[tuple[str, int], ...]:
    """The walk of seed ``seed`` without noise, done once per run: two tests read it (its checks
    run inside :func:`walk`, so the second reader loses none)."""
    return tuple(walk(random_puzzle(seed), seed).items())


@pytest.mark.parametrize("seed", range(12))
def test_a_walk_gives_the_same_hints_with_a_context(seed):
    kinds = dict(plain_walk(seed))
    assert kinds.get("solved") == 1


@pytest.mark.parametrize("seed", range(12))
def test_marks_added_and_erased_between_hints_change_nothing(seed):
    kinds = walk(random_puzzle(200 + seed), seed, noise=True)
    assert kinds.get("solved") == 1


def test_the_walks_reach_the_contradiction_and_ambiguous_rungs():
    seen: dict[str, int] = {}
    for seed in range(12):
        for kind, n in plain_walk(seed):
            seen[kind] = seen.get(kind, 0) + n
    assert seen["contradiction"] >= 100 and seen["line"] >= 500
    # the guess rung's kept and fresh hints are compared directly below (these walks reached it
    # only after an "ambiguous" reveal from one particular first solution)
    assert seen.get("ambiguous", 0) >= 10


@pytest.mark.slow
def test_walking_light_reuses_probes_and_gives_the_same_hints(bench):
    puzzle = open_one(str(bench / "survey" / "webpbn-00803.nin"))
    context = HintContext(puzzle)
    board = unknown_board(puzzle)
    solution = solve(puzzle, max_solutions=1).solutions[0].cells
    contradictions = 0
    for _ in range(120):
        kept = next_hint(puzzle, board, context=context)
        if kept.kind == "contradiction":
            contradictions += 1
            assert next_hint(puzzle, board).kind == "contradiction"
            (r, c, v), = kept.cells  # Light has one solution: the deduction is its value
            assert v == int(solution[r, c])
            if contradictions > 1:  # the first probes everything; later ones reuse most
                assert context._probes.runs < puzzle.height * puzzle.width
        for r, c, v in kept.changes():
            board.cells[r, c] = v
    assert contradictions >= 30


def probe_all(puzzle: Puzzle, cells: np.ndarray) -> np.ndarray:
    prep = prepare(puzzle)
    sizes = np.zeros((puzzle.height * puzzle.width, 2), dtype=np.int64)
    kernels.probe_all(puzzle.height, puzzle.width, prep.blocks, prep.colors, prep.clue_off,
                      cells.reshape(-1).copy(), sizes)
    return sizes


def wide_puzzle(seed: int) -> Puzzle:
    """10 rows of 40 cells: rows take two words of the probe table's packed keys."""
    picture = (np.random.default_rng(seed).random((10, 40)) < 0.45).astype(int)
    return Puzzle.from_picture(picture.tolist(), keep_goal=False)


@pytest.mark.parametrize("clean", [True, False])
@pytest.mark.parametrize("shape", ["square", "wide"])
def test_kept_probes_break_where_fresh_probes_break_on_every_board_of_a_refining_sequence(
        clean, shape):
    """Kernel level, with or without kept ends: wherever probing afresh (a new context: every
    probe run from the start, no cut-off) breaks, so does the kept probe, and so wherever
    ``probe_all`` (which cuts longer chains short) does; kept chains are replayed; the shortest
    kept probe's value is impossible by the oracle (on the square boards). (These boards add
    marks of a solution at random, so fcomp may change their lines, and a replayed chain may
    use what the marks imply that a fresh probe, which solves only the lines it changes, never
    looks at; on the hint ladder's boards, where fcomp changes nothing, the two break in the
    same places.)"""
    compared = replayed = 0
    for seed in range(6):
        puzzle = random_puzzle(50 + seed, 12) if shape == "square" else wide_puzzle(seed)
        solution = solve(puzzle, max_solutions=1).solutions[0].cells
        context = HintContext(puzzle)
        rng = np.random.default_rng(seed)
        board = unknown_board(puzzle)
        prep = prepare(puzzle)
        for _ in range(25):
            flat = board.cells.reshape(-1).copy()
            kept = context.probe_sizes(prep, flat, clean)
            assert context._probes is not None
            replayed += context._probes.replays
            exact = HintContext(puzzle).probe_sizes(prep, flat.copy(), clean)
            assert np.all(kept[exact > 0] > 0)
            fresh = probe_all(puzzle, board.cells)
            assert np.all(kept[fresh > 0] > 0)
            if kept.max() > 0:
                if shape == "square":  # the oracle takes long to prove a wide board has none
                    idx, v = np.argwhere(kept == kept[kept > 0].min())[0]
                    r, c = divmod(int(idx), puzzle.width)
                    other = board.cells.copy()
                    other[r, c] = FILLED if v == 1 else EMPTY
                    assert not oracle.solutions(puzzle.rows, puzzle.columns, other, cap=1)
                compared += 1
            keep = rng.random(solution.shape) < 0.04
            board.cells[keep] = solution[keep]
    assert compared >= 20 and replayed >= 20


def test_a_wrong_mark_gets_a_mistake_hint_first_even_with_proven_cells():
    puzzle = random_puzzle(7, 12, 0.55)
    solution = solve(puzzle, max_solutions=2)
    assert solution.status == "unique"
    sol = solution.solutions[0].cells
    context = HintContext(puzzle)
    board = unknown_board(puzzle)
    for _ in range(6):  # some proven cells first
        hint = next_hint(puzzle, board, context=context)
        assert hint.kind == "line"
        for r, c, v in hint.changes():
            board.cells[r, c] = v
    assert context.sound(board)
    r, c = map(int, np.argwhere(board.cells == UNKNOWN)[0])
    board.cells[r, c] = EMPTY if sol[r, c] == FILLED else FILLED
    hint = next_hint(puzzle, board, context=context)
    assert hint.kind == "mistake" and hint.cells == ((r, c, int(board.cells[r, c])),)
    assert hint == next_hint(puzzle, board)
    # and again, now answered from the kept solution
    assert context.reference.known()
    assert next_hint(puzzle, board, context=context) == hint


def test_marks_impossible_together_with_a_context_name_the_marks_since():
    # two solutions: each mark alone fits one of them, together they fit none
    two = Puzzle(rows=[(1,), (1,)], columns=[(1,), (1,)])
    context = HintContext(two)
    board = unknown_board(two)
    history = History()
    history.record(make_move(board, [(0, 0)], FILLED), board)
    history.record(make_move(board, [(1, 1)], EMPTY), board)
    kept = next_hint(two, board, history=history, context=context)
    assert kept.kind == "mistake" and kept == next_hint(two, board, history=history)


def test_a_context_for_another_puzzle_is_refused():
    context = HintContext(random_puzzle(1, 5))
    other = random_puzzle(2, 5)
    with pytest.raises(NonotuiError, match="another puzzle"):
        next_hint(other, unknown_board(other), context=context)


def test_guess_hints_from_a_kept_unique_search_are_the_search_s():
    # the last rung called directly (see test_hints): a search from the empty board finds the
    # one solution, and boards that add its marks are answered from it, the same every time
    p = Puzzle.from_picture([[ch == "#" for ch in row] for row in
                             "..###.... .#####... ##.#.##.. #######.# ..#.#..##".split()])
    sol = solve(p, max_solutions=2).solutions[0].cells
    context = HintContext(p)
    board = unknown_board(p)
    rng = np.random.default_rng(3)
    for _ in range(6):
        cursor = (int(rng.integers(p.height)), int(rng.integers(p.width)))
        kept = _stuck_hint(p, board, cursor, None, context)
        assert kept == _stuck_hint(p, board, cursor, None)
        assert kept.kind == "guess"
        keep = rng.random(sol.shape) < 0.2
        board.cells[keep] = sol[keep]
    assert len(context._unique) == 1  # searched once
    wrong = board.copy()
    r, c = map(int, np.argwhere(wrong.cells == UNKNOWN)[0])
    wrong.cells[r, c] = EMPTY if sol[r, c] == FILLED else FILLED
    assert context.solutions_of(wrong, None) == ("contradiction", [])


def test_reference_solutions_keep_what_searches_found():
    puzzle = Puzzle.from_picture([[1, 0], [0, 1]])
    reference = ReferenceSolutions(puzzle)
    assert reference.result() is None and reference.known() == []
    one = np.array([[FILLED, EMPTY], [EMPTY, FILLED]], dtype=np.uint32)
    reference.remember(one)
    reference.remember(one.copy())
    assert len(reference.known()) == 1
    result = reference.get()
    assert result.status == "multiple" and len(reference.known()) == 2
    board = unknown_board(puzzle)
    board.cells[0, 0] = EMPTY
    assert wrong_marks(puzzle, board, reference=reference) == []


def test_lowest_bit_finds_every_bit():
    for bit in range(64):
        x = np.uint64(1) << np.uint64(bit)
        assert _probes._lowest_bit(x) == bit
        assert _probes._lowest_bit(x | (np.uint64(1) << np.uint64(63))) == bit


def test_the_line_table_tells_lines_apart_by_every_cell():
    """Two contents of one 40-cell line that differ only past cell 32 (the second packed word)
    are two entries, each with fcomp's own answer; and a full table starts again empty."""
    blocks = np.array([3, 30], dtype=np.int32)
    colors = np.ones(2, dtype=np.int32)
    clue_off = np.array([0, 2], dtype=np.int32)
    n = 40
    words = _probes.memo_words(n)
    memo = np.zeros((8, 8), dtype=np.uint64)
    used = np.zeros(1, dtype=np.int64)
    linebuf = np.empty(n, dtype=np.uint32)
    outbuf = np.empty(n, dtype=np.uint32)
    iwork = np.empty(kernels.work_size(n, 2), dtype=np.int32)

    def key(line: np.ndarray) -> np.ndarray:
        keys = np.zeros((1, words), dtype=np.uint64)
        for i, v in enumerate(line):
            keys[0, i // 32] |= np.uint64(int(v)) << np.uint64(2 * (i % 32))
        return keys

    def answer(line: np.ndarray) -> tuple[int, np.ndarray]:
        slot = _probes._memo_solve(0, key(line), 0, n, blocks, colors, clue_off, linebuf,
                                   outbuf, iwork, memo, used)
        status = int(_probes._memo_status(memo, slot))
        out = np.array([(int(memo[slot, 2 + words + i // 32]) >> (2 * (i % 32))) & 3
                        for i in range(n)], dtype=np.uint32)
        return status, out

    def fcomp(line: np.ndarray) -> tuple[int, np.ndarray]:
        out = np.empty_like(line)
        status = kernels.solve_line(np.int32(kernels.FCOMP), blocks, colors, line.copy(), out,
                                    np.empty(kernels.work_size(n, 2), dtype=np.int32))
        return int(status), (out if status == kernels.CHANGED else line)

    first = np.full(n, UNKNOWN, dtype=np.uint32)
    second = first.copy()
    second[38] = EMPTY  # the 30 must end by cell 37
    for line in (first, second, first, second):
        status, out = answer(line)
        want_status, want = fcomp(line)
        assert status == want_status
        assert np.array_equal(out, want)
    assert used[0] == 2
    third = first.copy()
    third[39] = EMPTY
    fourth = first.copy()
    fourth[37] = EMPTY
    answer(third)
    answer(fourth)  # 8 slots hold 4 entries at most: the table was emptied and refilled
    assert used[0] <= 4
    assert answer(second)[1].tolist() == fcomp(second)[1].tolist()


def test_the_look_ahead_solves_the_clues_so_the_first_guess_needs_no_search():
    # the last rung called directly, as in test_guess_hints_from_a_kept_unique_search_are_the_search_s
    p = Puzzle.from_picture([[ch == "#" for ch in row] for row in
                             "..###.... .#####... ##.#.##.. #######.# ..#.#..##".split()])
    context = HintContext(p)
    board = unknown_board(p)
    context.look_ahead()
    context.wait_look_ahead()
    assert context.reference.result().status == "unique"
    hint = _stuck_hint(p, board, (0, 0), None, context)
    assert hint.kind == "guess" and hint == _stuck_hint(p, board, (0, 0), None)
    assert context._unique == []  # answered from the look-ahead's solution, no search


def test_next_hint_starts_the_look_ahead_and_keeps_only_finished_searches():
    puzzle = random_puzzle(4)
    context = HintContext(puzzle)
    next_hint(puzzle, unknown_board(puzzle), context=context)
    context.wait_look_ahead()
    assert context.reference.result().status == solve(puzzle, max_solutions=2).status
    late = ReferenceSolutions(puzzle)
    for status in ("timeout", "cancelled"):  # a search that did not finish is not kept
        late.offer(dataclasses.replace(solve(puzzle, max_solutions=2), status=status))
    assert late.result() is None
    one_off = HintContext(puzzle)
    one_off.close()
    one_off.look_ahead()  # closed: no search starts
    one_off.wait_look_ahead()
    assert one_off.reference.result() is None
