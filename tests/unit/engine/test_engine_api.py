"""The engine's public API, registry and stacks, and the dispatcher's calling convention."""

from __future__ import annotations

import os

import numpy as np
import pytest

from nonotui.errors import NonotuiError, NotationError
from nonotui.kinds.nonogram.engine import (
    DEFAULT_STACK,
    NAMES,
    REGISTRY,
    Contradiction,
    LineSolverError,
    Stack,
    lines,
    parse_stack,
    solve_line,
)
from nonotui.kinds.nonogram.engine import _kernels as kernels
from nonotui.kinds.nonogram.notation import format_line, parse_line
from tests.contract import random_lines

SEED_001 = ("1 5 1 1 1", "-----???????????-#----#????????--??#")


def test_registry_names_and_completeness():
    assert NAMES == ("fast", "complete", "fcomp", "olsak")
    assert {name: s.complete for name, s in REGISTRY.items()} == {
        "fast": False,
        "complete": True,
        "fcomp": True,
        "olsak": True,
    }
    ids = [REGISTRY[name].method_id for name in NAMES]
    assert ids == [kernels.FAST, kernels.COMPLETE, kernels.FCOMP, kernels.OLSAK]
    assert len(set(ids)) == 4


def test_the_cli_lists_the_registry():
    from nonotui.kinds.nonogram.line_command import METHODS

    assert METHODS == NAMES


SEED_001_ANSWER = "-----???????????-#----#????-???--?-#"
"""Seed 001's worked example solved: what every complete linesolver must find."""


@pytest.mark.nojit
def test_each_registered_id_reaches_its_linesolver():
    """The compiled dispatcher, given a registered method id, answers as the registry's entry
    does by name; the complete linesolvers give seed 001's published answer."""
    blocks, cells = lines.clue_array(SEED_001[0]), parse_line(SEED_001[1])
    for solver in REGISTRY.values():
        out = np.empty_like(cells)
        iwork = lines.work_array(len(cells), len(blocks))
        status = kernels.solve_line(np.int32(solver.method_id), blocks,
                                    np.ones(len(blocks), np.int32), cells, out, iwork)
        assert status == kernels.CHANGED
        assert format_line(out) == solve_line(solver.name, *SEED_001)
        if solver.complete:
            assert format_line(out) == SEED_001_ANSWER


@pytest.mark.nojit
@pytest.mark.parametrize("clue", ["1 5 1 1 1", "1,5,1,1,1", " 1, 5 1 ,1 1 ", [1, 5, 1, 1, 1],
                                  (1, 5, 1, 1, 1), np.array([1, 5, 1, 1, 1])])
def test_clue_forms(clue):
    assert solve_line("fcomp", clue, SEED_001[1]) == SEED_001_ANSWER


@pytest.mark.nojit
@pytest.mark.parametrize("clue", ["0", "", [], [0], ()])
def test_the_empty_clue_empties_the_line(clue):
    for method in NAMES:
        assert solve_line(method, clue, "?-??") == "----"
        with pytest.raises(Contradiction):
            solve_line(method, clue, "?#??")


@pytest.mark.nojit
def test_seed_notation_is_accepted_and_ours_is_printed():
    assert solve_line("fast", "4 4", "+ + .+++++") == "####-?###?"
    assert set(solve_line("olsak", "3 3", " " * 10)) == {"?"}


@pytest.mark.nojit
@pytest.mark.parametrize(
    ("clue", "line"),
    [("5", "????"), ("2 2", "????"), ("1", "---"), ("1 1", "###"), ("2", "#-#"), ("1", "#?#")],
)
def test_contradictions(clue, line):
    for method in NAMES:
        with pytest.raises(Contradiction):
            solve_line(method, clue, line)


def test_contradiction_is_an_engine_signal_not_a_user_error():
    assert issubclass(Contradiction, Exception)
    assert not issubclass(Contradiction, NonotuiError)


@pytest.mark.parametrize(
    ("clue", "line", "message"),
    [
        ("3 x", "???", "'x' is not a whole number"),
        ("1 0 1", "???", "0"),
        ([1, 0], "???", "at least 1 cell"),
        ([1, -2], "???", "at least 1 cell"),
        ([1, 2.0], "???", "not a whole number"),
        ([True], "???", "not a whole number"),
        ("1", "?x?", "column 2"),
        ("1", "", "at least one cell"),
    ],
)
def test_malformed_input(clue, line, message):
    with pytest.raises(NotationError, match=message):
        solve_line("fast", clue, line)


def test_unknown_method():
    with pytest.raises(LineSolverError, match="unknown linesolver 'quick'.*fast, complete"):
        solve_line("quick", "1", "?")
    assert issubclass(LineSolverError, NonotuiError)


def test_parse_stack():
    stack = parse_stack(" fast , olsak ")
    assert stack.names == ("fast", "olsak")
    assert str(stack) == "fast,olsak"
    assert [stack.rank(name) for name in ("fast", "olsak")] == [0, 1]
    assert stack[1] is REGISTRY["olsak"] and len(stack) == 2 and list(stack) == list(stack.solvers)
    assert stack.method_ids().dtype == np.int32
    assert stack.method_ids().tolist() == [kernels.FAST, kernels.OLSAK]
    assert stack.complete and not parse_stack("fast").complete
    assert parse_stack(DEFAULT_STACK).names == ("fast", "fcomp")
    assert parse_stack("complete").names == ("complete",)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "at least one"),
        ("  ", "at least one"),
        ("fast,,fcomp", "empty name"),
        ("fast,", "empty name"),
        ("fast,fcomp,fast", "'fast' appears twice"),
        ("fast,fcmop", "unknown linesolver 'fcmop'"),
    ],
)
def test_bad_stacks(text, message):
    with pytest.raises(LineSolverError, match=message):
        parse_stack(text)


def test_stack_rank_of_a_missing_solver():
    with pytest.raises(LineSolverError, match="not in the stack fast,fcomp"):
        parse_stack("fast,fcomp").rank("olsak")
    with pytest.raises(LineSolverError):
        Stack(())


def _stack_call(stack: str, first_rank: int, clue: str, line: str):
    blocks, cells = lines.clue_array(clue), parse_line(line)
    out = np.empty_like(cells)
    status, rank = kernels.solve_stack(
        parse_stack(stack).method_ids(), first_rank, blocks, np.ones(len(blocks), np.int32),
        cells, out, lines.work_array(len(cells), len(blocks)),
    )
    return int(status), int(rank), format_line(out) if status >= 0 else None


@pytest.mark.nojit
def test_a_line_reaches_the_next_rank_only_when_the_lower_found_nothing():
    clue, line = SEED_001
    fast_result = solve_line("fast", clue, line)
    full = solve_line("fcomp", clue, line)
    # fast finds something: rank 0 answers and fcomp is not asked
    assert _stack_call("fast,fcomp", 0, clue, line) == (kernels.CHANGED, 0, fast_result)
    # on fast's own answer fast finds nothing new, so fcomp (rank 1) gets the line
    assert _stack_call("fast,fcomp", 0, clue, fast_result) == (kernels.CHANGED, 1, full)
    # nothing left for anyone: unchanged, reported at the last rank
    assert _stack_call("fast,fcomp", 0, clue, full) == (kernels.UNCHANGED, 1, full)
    # starting at a higher rank skips the lower ones
    assert _stack_call("fast,fcomp", 1, clue, line) == (kernels.CHANGED, 1, full)
    assert _stack_call("fast,fcomp", 0, "5", "??") == (kernels.CONTRADICTION, 0, None)


def _call(method=kernels.FAST, blocks=(2,), colors=None, line="????", out=None, iwork=None):
    b = np.array(blocks, dtype=np.int32)
    c = np.ones(len(b), np.int32) if colors is None else np.array(colors, dtype=np.int32)
    cells = parse_line(line)
    o = np.empty_like(cells) if out is None else out
    w = lines.work_array(len(cells), len(b)) if iwork is None else iwork
    return kernels.solve_line(np.int32(method), b, c, cells, o, w)


@pytest.mark.nojit
def test_the_dispatcher_refuses_what_it_cannot_handle():
    assert _call() == kernels.UNCHANGED
    assert _call(blocks=(3,)) == kernels.CHANGED
    assert _call(method=7) == kernels.REFUSED
    assert _call(colors=(0,)) == kernels.REFUSED  # colours run from 1 to 31
    assert _call(colors=(32,)) == kernels.REFUSED
    # colour 2 is no longer refused; "?" is empty or colour 1, so a colour-2 block has no room
    assert _call(colors=(2,)) == kernels.CONTRADICTION
    assert _call(colors=(1, 1)) == kernels.REFUSED
    assert _call(blocks=(0,)) == kernels.REFUSED
    assert _call(out=np.empty(3, np.uint32)) == kernels.REFUSED
    assert _call(iwork=np.empty(4, np.int32)) == kernels.REFUSED


@pytest.mark.nojit
def test_a_dead_cell_is_a_contradiction_and_colour_bits_are_impossible_values():
    blocks, colors = np.array([1], np.int32), np.ones(1, np.int32)
    for method in (kernels.FAST, kernels.COMPLETE, kernels.FCOMP, kernels.OLSAK):
        cells = np.array([3, 0, 3], np.uint32)
        out = np.empty_like(cells)
        assert kernels.solve_line(np.int32(method), blocks, colors, cells, out, lines.work_array(3, 1)) == -1
        cells = np.array([5, 7, 5], np.uint32)  # bit 2 is a colour, impossible in black and white
        status = kernels.solve_line(np.int32(method), blocks, colors, cells, out, lines.work_array(3, 1))
        assert status == kernels.CHANGED and out.tolist() == [1, 2, 1]


@pytest.mark.nojit
@pytest.mark.parametrize("method", NAMES)
def test_solving_in_place_gives_the_same_answer(method):
    solver = REGISTRY[method]
    for clue, text in random_lines(7, 60):
        if method == "complete" and len(clue) > 8:
            continue
        blocks, cells = lines.clue_array(list(clue)), parse_line(text)
        colors, iwork = np.ones(len(blocks), np.int32), lines.work_array(len(cells), len(blocks))
        apart = np.empty_like(cells)
        status = kernels.solve_line(np.int32(solver.method_id), blocks, colors, cells, apart, iwork)
        in_place = cells.copy()
        again = kernels.solve_line(np.int32(solver.method_id), blocks, colors, in_place, in_place, iwork)
        assert again == status
        if status >= 0:
            assert np.array_equal(in_place, apart)


@pytest.mark.nojit
def test_the_second_run_really_runs_python():
    jit_disabled = os.environ.get("NUMBA_DISABLE_JIT", "0") == "1"
    assert hasattr(kernels.solve_line, "py_func") != jit_disabled


def test_time_cells_reports_status_result_and_a_positive_time():
    blocks, cells = lines.clue_array("4 4"), parse_line("?" * 10)
    fcomp = REGISTRY["fcomp"]
    status, out, microseconds = lines.time_cells(fcomp, blocks, cells, min_seconds=0.001)
    assert status == kernels.CHANGED and format_line(out) == "?###??###?"
    assert 0 < microseconds < 1000
