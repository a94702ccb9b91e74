"""The kernels are private, behind one checked wrapper each (``engine/calls.py`` of each kind).

Outside a kind's ``engine`` package nothing imports its ``_kernels``; inside it, only
``calls.py`` calls a kernel function (the other modules may read the statuses and counter
indexes, which are constants). The wrappers refuse a wrong array by name before the kernel
could misread it, and answer what the kernel answers (checked here against the naive line
oracle and the naive Aquarium solver, not against the engine).
"""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonotui.kinds.aquarium import aq_format
from nonotui.kinds.aquarium.engine import calls as aquarium_calls
from nonotui.kinds.aquarium.engine.packed import pack
from nonotui.kinds.aquarium.engine.solver import board_of_levels
from nonotui.kinds.aquarium.puzzle import WATER
from nonotui.kinds.nonogram.engine import calls
from nonotui.kinds.nonogram.engine.packed import prepare
from nonotui.kinds.nonogram.formats import tatham
from nonotui.model.cells import CELL_DTYPE, CLUE_DTYPE
from tests import oracle
from tests.unit.aquarium import oracle as aquarium_oracle

PACKAGE = Path(__file__).resolve().parents[3] / "nonotui"


def _kernel_uses(path: Path) -> list[tuple[int, str]]:
    """``(line, name)`` for every kernel name ``path`` uses: names imported from a
    ``_kernels`` module, and attributes read on a name bound to one."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    aliases: set[str] = set()
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[-1] == "_kernels" or "._kernels." in node.module:
                found += [(node.lineno, a.name) for a in node.names]
            for a in node.names:
                if a.name == "_kernels":
                    aliases.add(a.asname or a.name)
        elif isinstance(node, ast.Import):
            for a in node.names:
                parts = a.name.split(".")
                if parts[-1] == "_kernels" and a.asname:  # import ...._kernels as k
                    aliases.add(a.asname)
                elif "_kernels" in parts:
                    found.append((node.lineno, a.name))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in aliases):
            found.append((node.lineno, node.attr))
    return sorted(found)


def _outside_kernels() -> list[Path]:
    return [p for p in sorted(PACKAGE.rglob("*.py"))
            if "_kernels" not in p.parts and p.name != "_kernels.py"]


def test_only_a_kinds_engine_reaches_its_kernels_and_only_calls_py_calls_them() -> None:
    wrong = []
    for path in _outside_kernels():
        rel = path.relative_to(PACKAGE.parent).as_posix()
        for line, name in _kernel_uses(path):
            if path.parent.name != "engine":
                wrong.append(f"{rel}:{line} uses {name} from outside the engine")
            elif path.name != "calls.py" and (name != name.upper() and name != "_kernels"):
                wrong.append(f"{rel}:{line} calls kernel {name} without its wrapper")
    assert wrong == []


def test_the_scan_sees_a_kernel_call_made_past_the_wrapper(tmp_path: Path) -> None:
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("from nonotui.kinds.nonogram.engine import _kernels as k\n"
                      "from nonotui.kinds.nonogram.engine._kernels.probe import probe_round\n"
                      "k.solve_line(1)\nk.FCOMP\n"
                      "import nonotui.kinds.aquarium.engine._kernels as q\nq.search(1)\n",
                      encoding="utf-8")
    assert _kernel_uses(sneaky) == [(2, "probe_round"), (3, "solve_line"), (4, "FCOMP"),
                                    (6, "search")]


def _line_args(n: int, k: int) -> dict[str, np.ndarray]:
    return {"blocks": np.ones(k, dtype=CLUE_DTYPE), "colors": np.ones(k, dtype=CLUE_DTYPE),
            "cells": np.full(n, 3, dtype=CELL_DTYPE), "out": np.empty(n, dtype=CELL_DTYPE),
            "iwork": np.empty(calls.work_size(n, k), dtype=np.int32)}


@pytest.mark.parametrize(("name", "bad", "message"), [
    ("cells", np.full(5, 3, dtype=np.int64), "cells must be uint32, not int64"),
    ("out", np.empty(4, dtype=CELL_DTYPE), "out must have shape 5, not 4"),
    ("colors", np.ones(3, dtype=CLUE_DTYPE), "colors must have shape 2, not 3"),
    ("iwork", np.empty(3, dtype=np.int32), "iwork holds 3, it needs at least"),
    ("blocks", [1, 1], "blocks must be a numpy array, not list"),
    ("cells", np.full(10, 3, dtype=CELL_DTYPE)[::2], "cells must be C-contiguous"),
])
def test_a_wrong_line_argument_is_refused_by_name(name: str, bad: object, message: str) -> None:
    args: dict[str, object] = dict(_line_args(5, 2))
    args[name] = bad
    with pytest.raises(calls.KernelArgumentError, match=f"^solve_line: {message}"):
        calls.solve_line(calls.FCOMP, **args)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from("?#-"), min_size=1, max_size=12), st.data())
def test_solve_line_answers_what_the_naive_oracle_does(text: list[str], data: st.DataObject
                                                        ) -> None:
    n = len(text)
    clue = data.draw(st.sampled_from(oracle.clues(n)))[0]
    args = _line_args(n, len(clue))
    args["blocks"] = np.array(clue, dtype=CLUE_DTYPE)
    args["cells"] = np.array([oracle.CODE[ch] for ch in text], dtype=CELL_DTYPE)
    status = calls.solve_line(calls.FCOMP, **args)
    expected = oracle.solve(clue, [oracle.CODE[ch] for ch in text])
    if expected is None:
        assert status == calls.CONTRADICTION
    else:
        assert status in (calls.CHANGED, calls.UNCHANGED)
        assert list(args["out"]) == expected


def test_the_search_refuses_a_solutions_array_of_the_wrong_shape() -> None:
    (puzzle,) = tatham.read("4x4:2/1/2/1/1.1/2/1/1", "<id>")
    prep = prepare(puzzle)
    good = {"max_solutions": 2, "solutions": np.zeros((2, 16), dtype=CELL_DTYPE),
            "control": np.zeros(1, dtype=np.int64),
            "stats": np.zeros(calls.ST_LINES + 1, dtype=np.int64),
            "options": np.zeros(calls.N_OPTIONS, dtype=np.int64)}
    methods = np.array([calls.FCOMP], dtype=np.int32)
    complete = np.array([True])
    cells = np.full(16, 3, dtype=CELL_DTYPE)
    bad = dict(good, solutions=np.zeros((1, 16), dtype=CELL_DTYPE))
    with pytest.raises(calls.KernelArgumentError, match="^search_grid: solutions must have shape 2x16"):
        calls.search_grid(prep, methods, complete, cells, **bad)  # type: ignore[arg-type]
    status, found = calls.search_grid(prep, methods, complete, cells, **good)  # type: ignore[arg-type]
    assert (status, found) == (calls.SEARCH_DONE, 1)


MINNOW = Path(__file__).resolve().parents[3] / "puzzles" / "minnow.aq"


def test_the_aquarium_wrappers_refuse_wrong_arrays_and_find_the_oracles_solution() -> None:
    (puzzle,) = aq_format.read(MINNOW.read_text(encoding="utf-8"), str(MINNOW))
    packed = pack(puzzle)
    lo, hi = packed.top.copy(), packed.bottom + 1
    stats = np.zeros(3, dtype=np.int64)
    solutions = np.zeros((2, puzzle.tank_count), dtype=np.int64)
    args = {"max_solutions": 2, "solutions": solutions, "control": np.zeros(1, dtype=np.int64),
            "probing": True, "exact": 2, "choice": 2}
    with pytest.raises(aquarium_calls.KernelArgumentError, match="^search: stats must hold"):
        aquarium_calls.search(packed, lo, hi, stats=stats, **args)  # type: ignore[arg-type]
    with pytest.raises(aquarium_calls.KernelArgumentError, match="^propagate_levels: lo must"):
        aquarium_calls.propagate_levels(packed, lo[:2].copy(), hi, exact=True)
    stats = np.zeros(16, dtype=np.int64)
    with pytest.raises(aquarium_calls.KernelArgumentError, match="^search: stats must hold"):
        aquarium_calls.search(packed, lo, hi, stats=stats, **args)  # type: ignore[arg-type]
    from nonotui.kinds.aquarium.engine import _kernels

    stats = np.zeros(_kernels.N_STATS, dtype=np.int64)
    status, found = aquarium_calls.search(packed, lo, hi, stats=stats, **args)  # type: ignore[arg-type]
    assert found == 1
    board = board_of_levels(puzzle, solutions[0])
    water = tuple(tuple(bool(v == WATER) for v in row) for row in board.cells)
    assert aquarium_oracle.solutions(puzzle) == [water]
