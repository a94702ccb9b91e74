"""The learning search (CDCL, lines as propagators) against the independent oracle.

Every answer is checked by code that shares nothing with the engine: tests/naive_count.py counts
and lists the solutions (its own line logic and search, plain Python). Puzzles
are seeded random pictures, some with their clues swapped between rows (often contradictory),
some from a partly filled board (sometimes a wrong one), solved with ``max_solutions`` 1, 2, 3.
"""

from __future__ import annotations

import numpy as np
import pytest

from nonotui.kinds.nonogram.engine import search
from nonotui.kinds.nonogram.engine.search import solve
from nonotui.kinds.nonogram.formats import load
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model import CELL_DTYPE, Board
from tests import naive_count as naive
from tests.conftest import HARD_PUZZLE, KERNEL_INTERNALS

# kernels only tests call are compiled here: once, on one worker (tests/conftest.py)
pytestmark = pytest.mark.xdist_group(KERNEL_INTERNALS)

Given = list[list[int | None]]


def random_case(rng: np.random.Generator, sizes: tuple[int, ...]) -> tuple[Puzzle, Given | None]:
    """A random puzzle, sometimes with two rows' and two columns' clues swapped, sometimes with
    a given board: some true cells of the picture, sometimes one false cell."""
    h, w = (int(x) for x in rng.choice(sizes, 2))
    picture = (rng.random((h, w)) < rng.choice([0.3, 0.5, 0.7])).astype(int).tolist()
    rows, columns = (list(c) for c in naive.clues_of(picture))
    if rng.random() < 0.25 and h > 1 and w > 1:
        rows[0], rows[-1] = rows[-1], rows[0]
        columns[0], columns[1] = columns[1], columns[0]
    given: Given | None = None
    if rng.random() < 0.3:
        given = [[v if rng.random() < 0.2 else None for v in row] for row in picture]
        if rng.random() < 0.3:
            r, c = int(rng.integers(h)), int(rng.integers(w))
            given[r][c] = 1 - picture[r][c]
    return Puzzle(rows=rows, columns=columns), given


def board_of(puzzle: Puzzle, given: Given | None) -> Board | None:
    if given is None:
        return None
    cells = np.full((puzzle.height, puzzle.width), 3, dtype=CELL_DTYPE)
    for r, row in enumerate(given):
        for c, v in enumerate(row):
            if v is not None:
                cells[r, c] = 1 + v
    return Board(cells)


def check_case(puzzle: Puzzle, given: Given | None, cap: int, strategy: str = "cdcl",
               listed: list | None = None) -> str:
    """The search's answer for ``cap`` solutions judged by the oracle's listing; ``listed``: that
    listing made beforehand with a cap above ``cap + 1`` (the listing's order is fixed, so its
    first ``cap + 1`` pictures are what a listing capped there gives)."""
    if listed is None:
        expected = naive.solutions(puzzle.rows, puzzle.columns, cap=cap + 1, given=given)
    else:
        expected = listed[:cap + 1]
    result = solve(puzzle, max_solutions=cap, strategy=strategy, board=board_of(puzzle, given))
    found = naive.check_solutions(puzzle.rows, puzzle.columns,
                                  [b.cells.tolist() for b in result.solutions])
    assert len(found) == len(result.solutions) == min(len(expected), cap)
    # every board found satisfies the clues (check_solutions) and the given cells (below)
    if given is not None:
        for picture in found:
            assert all(g is None or g == v for grow, prow in zip(given, picture)
                       for g, v in zip(grow, prow))
    if len(expected) <= cap:
        assert found == set(expected)
    # "unique" and "contradiction" only when the search space was exhausted
    want = ("contradiction" if not expected else "solved" if cap == 1
            else "unique" if len(expected) == 1 else "multiple")
    assert result.status == want
    assert result.stats.engine == ("cdcl" if strategy == "cdcl" else result.stats.engine)
    return want


def test_the_learning_search_agrees_with_the_oracle_on_random_puzzles() -> None:
    rng = np.random.default_rng(14)
    seen: dict[str, int] = {}
    for _ in range(150):
        puzzle, given = random_case(rng, (1, 3, 4, 5, 6, 7))
        for cap in (1, 2, 3):
            verdict = check_case(puzzle, given, cap)
            seen[verdict] = seen.get(verdict, 0) + 1
    # the sample covers every verdict
    assert set(seen) == {"unique", "multiple", "solved", "contradiction"}


@pytest.mark.nojit
def test_the_learning_search_on_tiny_puzzles() -> None:
    rng = np.random.default_rng(3)
    for _ in range(10):
        puzzle, given = random_case(rng, (2, 3, 4))
        check_case(puzzle, given, 3)


@pytest.mark.slow
def test_the_learning_search_agrees_with_the_oracle_on_larger_puzzles() -> None:
    rng = np.random.default_rng(1414)
    for _ in range(300):
        puzzle, given = random_case(rng, (6, 8, 9, 10))
        check_case(puzzle, given, 2)


def test_the_learning_search_agrees_with_the_oracle_on_12x12_puzzles() -> None:
    rng = np.random.default_rng(41)
    for _ in range(12):
        picture = (rng.random((12, 12)) < 0.5).astype(int).tolist()
        rows, columns = naive.clues_of(picture)
        puzzle = Puzzle(rows=rows, columns=columns)
        expected = naive.solutions(rows, columns, cap=2)
        result = solve(puzzle, max_solutions=2, strategy="cdcl")
        assert result.status == ("unique" if len(expected) == 1 else "multiple")
        got = naive.check_solutions(rows, columns, [b.cells.tolist() for b in result.solutions])
        if len(expected) == 1:
            assert got == set(expected)


def test_the_learning_search_enumerates_every_solution() -> None:
    # 5x5 permutations: 120 solutions, each blocked in turn, then the search space runs out
    puzzle = Puzzle(rows=[[1]] * 5, columns=[[1]] * 5)
    result = solve(puzzle, max_solutions=121, strategy="cdcl")
    assert result.status == "multiple" and len(result.solutions) == 120
    found = naive.check_solutions(puzzle.rows, puzzle.columns,
                                  [b.cells.tolist() for b in result.solutions])
    assert len(found) == 120
    assert result.stats.guesses > 0 and result.stats.backtracks > 0


def test_auto_hands_a_long_search_to_the_learning_search() -> None:
    # a puzzle that needs guesses: the learning search answers, from the first guess on
    puzzle = Puzzle(rows=[[1]] * 5, columns=[[1]] * 5)
    result = solve(puzzle, max_solutions=121)
    assert result.stats.engine == "cdcl" and result.stats.strategy == "cdcl"
    assert result.stats.guesses > 16
    assert len(result.solutions) == naive.count(puzzle.rows, puzzle.columns) == 120
    as_dict = result.stats.as_dict()
    assert as_dict["engine"] == "cdcl" and as_dict["conflicts"] == result.stats.conflicts


def test_auto_hands_over_after_a_number_of_probes(monkeypatch: pytest.MonkeyPatch) -> None:
    # with the guess budget out of the way, the probes since the first guess decide the hand-over
    puzzle = Puzzle(rows=[[1]] * 5, columns=[[1]] * 5)
    monkeypatch.setattr(search, "AUTO_HANDOVER", 10_000)
    monkeypatch.setattr(search, "AUTO_FIRST_PROBES", 0)  # no probe of it sets a cell
    monkeypatch.setattr(search, "PROBE_BUDGET", 0)
    alone = solve(puzzle, max_solutions=121)
    monkeypatch.setattr(search, "PROBE_BUDGET", 1)
    handed = solve(puzzle, max_solutions=121)
    assert alone.stats.engine == "dfs" and handed.stats.engine == "cdcl"
    assert alone.stats.guesses > 16  # the guess budget would have handed it over
    for result in (alone, handed):
        found = naive.check_solutions(puzzle.rows, puzzle.columns,
                                      [b.cells.tolist() for b in result.solutions])
        assert len(found) == len(result.solutions) == 120
        assert result.status == "multiple"


def test_auto_hands_over_at_the_first_guess_or_where_line_solving_stops(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # line solving alone does not finish this puzzle; probing does, with no guess: by default
    # (-1) the depth-first search keeps it; with -2 it goes to the learning search unprobed
    puzzle = Puzzle(rows=[[], [1], [2], [6], [1, 1], [1]],
                    columns=[[1, 1, 1], [1], [2], [2], [2], [2]])
    probed = solve(puzzle)
    monkeypatch.setattr(search, "AUTO_HANDOVER", -2)
    handed = solve(puzzle)
    assert handed.stats.engine == "cdcl" and handed.stats.probes == 0
    assert probed.stats.engine == "dfs" and probed.stats.guesses == 0
    assert probed.stats.probes > 0
    assert naive.count(puzzle.rows, puzzle.columns) == 1
    for result in (handed, probed):
        assert result.status == "unique"
        found = naive.check_solutions(puzzle.rows, puzzle.columns,
                                      [b.cells.tolist() for b in result.solutions])
        assert len(found) == 1


def test_auto_leaves_an_easy_puzzle_to_the_depth_first_search() -> None:
    # line solving alone finishes it: no probe, no learning search
    puzzle = Puzzle(rows=[[3], [1], [3]], columns=[[1, 1], [3], [1, 1]])
    result = solve(puzzle)
    assert result.stats.probes == 0
    assert result.status == "unique" and result.stats.engine == "dfs"
    assert result.stats.conflicts == 0


def test_the_learning_search_gives_the_same_answer_on_every_run() -> None:
    rng = np.random.default_rng(7)
    picture = (rng.random((15, 15)) < 0.5).astype(int).tolist()
    rows, columns = naive.clues_of(picture)
    puzzles = [Puzzle(rows=rows, columns=columns), Puzzle(rows=[[1]] * 6, columns=[[1]] * 6)]
    for puzzle in puzzles:
        for strategy in ("cdcl", "auto"):
            runs = [solve(puzzle, max_solutions=3, strategy=strategy) for _ in range(2)]
            assert runs[0].status == runs[1].status
            assert [b.cells.tolist() for b in runs[0].solutions] == \
                [b.cells.tolist() for b in runs[1].solutions]
            if strategy == "cdcl":
                assert runs[0].stats == runs[1].stats


@pytest.fixture
def knotty() -> Puzzle:
    """A puzzle the learning search does not finish in seconds (tests/conftest.py's
    ``HARD_PUZZLE``; it was Knotty, which the search now decides)."""
    solve(Puzzle(rows=((1,),), columns=((1,),)), strategy="cdcl")
    return load(HARD_PUZZLE)


def test_the_learning_search_stops_on_cancel_and_on_timeout(knotty: Puzzle) -> None:
    calls = 0

    def should_stop() -> bool:
        nonlocal calls
        calls += 1
        return calls >= 3

    result = solve(knotty, should_stop=should_stop, strategy="cdcl")
    assert result.status == "cancelled" and calls >= 3
    result = solve(knotty, timeout=0.2, strategy="cdcl")
    assert result.status == "timeout"
    assert result.stats.guesses > 0
    check = naive.check_solutions(knotty.rows, knotty.columns,
                                  [b.cells.tolist() for b in result.solutions])
    assert len(check) == len(result.solutions)


def enumerate_against_the_counter(seed: int, n: int, density: float, cap: int) -> int:
    """Sparse 10x10 puzzles (every other one with two row clues swapped) enumerated up to
    ``cap`` solutions: these need conflicts, so learning and explanations are exercised.
    Returns the conflicts analysed."""
    rng = np.random.default_rng(seed)
    conflicts = 0
    for i in range(n):
        picture = (rng.random((10, 10)) < density).astype(int).tolist()
        rows, columns = (list(c) for c in naive.clues_of(picture))
        if i % 2:
            rows[0], rows[1] = rows[1], rows[0]
        result = solve(Puzzle(rows=rows, columns=columns), max_solutions=cap, strategy="cdcl")
        conflicts += result.stats.conflicts
        expected = naive.solutions(rows, columns, cap=cap)
        found = naive.check_solutions(rows, columns, [b.cells.tolist() for b in result.solutions])
        if len(expected) < cap:
            assert found == set(expected)
        else:
            assert len(found) == cap and result.status == "multiple"
    return conflicts


def test_enumerations_that_need_conflicts_match_the_counter() -> None:
    # an explanation that keeps too few cells (a broken minimisation) fails here
    assert enumerate_against_the_counter(4, 20, 0.4, 300) > 100


@pytest.mark.slow
def test_longer_enumerations_that_need_conflicts_match_the_counter() -> None:
    assert enumerate_against_the_counter(3, 30, 0.3, 300) > 500


def test_lines_over_64_cells_go_through_the_line_cache_exactly() -> None:
    """Rows of 65 to 100 cells: the line cache keys and answers them with two mask words. Nearly
    full rows keep the oracle's listing of fillings small; mirrored pairs make several solutions
    and searches, so cached answers come back after backjumps and must be the linesolver's own."""
    rng = np.random.default_rng(6464)
    seen: dict[str, int] = {}
    hits = 0
    for _ in range(12):
        h, w = int(rng.integers(4, 7)), int(rng.integers(65, 101))
        picture = (rng.random((h, w)) < 0.93).astype(int)
        for _ in range(int(rng.integers(0, 4))):
            # a diagonal pair in a ring of empty cells: its mirror has the same clues
            r, c = int(rng.integers(h - 3)), int(rng.integers(w - 3))
            picture[r:r + 4, c:c + 4] = 0
            picture[r + 1, c + 1] = picture[r + 2, c + 2] = 1
        rows, columns = naive.clues_of(picture.tolist())
        puzzle = Puzzle(rows=rows, columns=columns)
        listed = naive.solutions(puzzle.rows, puzzle.columns, cap=4)  # once for both caps
        for cap in (2, 3):
            verdict = check_case(puzzle, None, cap, listed=listed)
            seen[verdict] = seen.get(verdict, 0) + 1
            hits += solve(puzzle, max_solutions=cap, strategy="cdcl").stats.cached_lines
    assert set(seen) == {"unique", "multiple"}
    assert hits > 0


def test_the_line_cache_answers_a_long_line_as_the_linesolver_did() -> None:
    """A line of 65 to 128 cells solved twice through the cache: the second answer comes from its
    two-word masks and must be fcomp's own, cell for cell (and past cell 64)."""
    from nonotui.kinds.nonogram.engine import _kernels as kernels
    from nonotui.kinds.nonogram.engine._kernels import ST_LINES, work_size
    from nonotui.kinds.nonogram.engine._kernels.cdcl_db import CACHE_SIZE
    from nonotui.kinds.nonogram.engine._kernels.cdcl_lines import (
        CD_CACHE_HITS,
        N_CD_STATS,
        line_masks,
        load_line,
        solve_cached,
    )

    rng = np.random.default_rng(128)
    ck_line = np.full(CACHE_SIZE, -1, dtype=np.int32)
    keys = [np.zeros((CACHE_SIZE, 2), dtype=np.uint64) for _ in range(4)]
    cv_status = np.zeros(CACHE_SIZE, dtype=np.int8)
    stats = np.zeros(N_CD_STATS, dtype=np.int64)
    changed_late = 0
    for _ in range(60):
        n = int(rng.integers(65, 129))
        picture = [int(x) for x in rng.random(n) < 0.6]
        clue = naive.runs(picture)
        blocks = np.array(clue or [], dtype=np.int32)
        colors = np.ones(len(clue), dtype=np.int32)
        clue_off = np.array([0, len(clue)], dtype=np.int32)
        line = np.array([2 if v else 1 for v in picture], dtype=np.uint32)
        line[rng.random(n) < 0.7] = 3  # most cells unknown
        iwork = np.zeros(work_size(n, len(clue)), dtype=np.int32)
        want = np.zeros(n, dtype=np.uint32)
        status = kernels.solve_line(np.int32(kernels.FCOMP), blocks, colors, line.copy(), want,
                                    iwork)
        for attempt in range(2):
            out = np.zeros(n, dtype=np.uint32)
            hits = stats[CD_CACHE_HITS]
            # the line as the search holds it (-1 unknown, 0 empty, 1 filled), loaded as the
            # propagation loop loads it: the cells and the cache keys
            val = np.where(line == 3, -1, line.astype(np.int64) - 1).astype(np.int8)
            buf = np.zeros(n, dtype=np.uint32)
            span = np.array([[0, 1, n]], dtype=np.int64)
            _, f, e, f2, e2 = line_masks(span, val, 0, buf)
            load_line(span, val, 0, buf)
            np.testing.assert_array_equal(buf, line)
            got = solve_cached(0, n, clue_off, blocks, buf, out, iwork, stats,
                               ck_line, *keys, cv_status,
                               *(np.uint64(x) for x in (f, e, f2, e2)))
            assert got == status
            assert stats[CD_CACHE_HITS] == hits + attempt  # the second time from the cache
            unknown = line == 3
            np.testing.assert_array_equal(out[unknown & (want != 3)], want[unknown & (want != 3)])
        changed_late += int(np.any((line[64:] == 3) & (want[64:] != 3)))
        ck_line[:] = -1  # the next trial's line 0 is another line
    assert changed_late > 10
    assert stats[ST_LINES] == 60


@pytest.mark.nojit
def test_glue_restarts_and_the_decay_ramp_follow_their_rule() -> None:
    # the rule written out here, apart from the kernel: Glucose's restart (recent glue, a moving
    # average of weight 1/32, times 0.8 above the mean, 50 conflicts apart) and the decay ramp
    from nonotui.kinds.nonogram.engine._kernels.cdcl_db import after_conflict, restart_due

    avg = np.zeros(3, dtype=np.float64)
    recent, total, due = 0.0, 0.0, []
    glues = [3] * 200 + [9] * 40 + [2] * 100
    for i, glue in enumerate(glues, 1):
        decay = after_conflict(avg, glue, i, 0.95)
        assert decay == pytest.approx(min(0.95, 0.8 + 0.01 * (i // 1000)))
        recent = glue if i == 1 else recent + (glue - recent) / 32
        total += glue
        assert avg[0] == pytest.approx(recent) and avg[1] == pytest.approx(total / i)
        due.append(restart_due(avg, 60))
        assert restart_due(avg, 49) is False  # too soon after the last restart
    assert not any(due[:200])  # steady glue: no restart
    assert any(due[200:240])  # worse clauses than the mean: restart
    assert not any(due[-50:])  # better again
    # the ramp reaches the usual decay and stays there
    assert after_conflict(avg, 5, 20_000, 0.95) == 0.95
    assert after_conflict(avg, 5, 2_500, 0.95) == pytest.approx(0.82)


@pytest.mark.nojit
def test_the_line_cache_keys_are_the_lines_known_cells() -> None:
    # the propagation loop reads a line of up to 128 cells as masks of its known filled / empty
    # cells (0-63, then 64-127), checked against the cells bit by bit; a longer line as the
    # cells the linesolver reads, its masks 0
    from nonotui.kinds.nonogram.engine._kernels.cdcl_lines import line_masks

    rng = np.random.default_rng(77)
    for n in (1, 5, 30, 63, 64, 65, 100, 128, 140):
        for _ in range(5):
            val = rng.integers(-1, 2, size=3 * n).astype(np.int8)
            stride = int(rng.integers(1, 3))
            start = int(rng.integers(0, n))
            span = np.array([[start, stride, n]], dtype=np.int64)
            buf = np.zeros(n, dtype=np.uint32)
            got_n, f, e, f2, e2 = line_masks(span, val, 0, buf)
            cells = [int(val[start + i * stride]) for i in range(n)]
            assert got_n == n
            if n > 128:
                assert [int(x) for x in buf] == [
                    3 if c < 0 else (2 if c == 1 else 1) for c in cells]
                assert [int(f), int(e), int(f2), int(e2)] == [0, 0, 0, 0]
                continue
            want = [sum(1 << (i - lo) for i in range(lo, min(n, lo + 64)) if cells[i] == v)
                    for lo in (0, 64) for v in (1, 0)]
            assert [int(f), int(e), int(f2), int(e2)] == want
