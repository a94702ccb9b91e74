"""The player's warm-up of the nonogram engine, in steps (:meth:`NonogramKind.warm_up_steps
<nonotui.kinds.nonogram.kind.NonogramKind.warm_up_steps>`).

The first start after installing compiles every kernel (numba's cache is empty); later starts
load them from the cache in well under a second. Each step compiles (or loads) the kernels of
one use of the engine by running it on a tiny puzzle, so that the player can show how many
steps are left, run first the step the first hint needs (a colour puzzle's colour hints, else
the black-and-white ones), and pause between steps while a hint is being worked out
(``benchmarks/first_run.py`` measures the time until the first hint is ready).
"""

from __future__ import annotations

from collections.abc import Callable

from nonotui.kinds.nonogram.puzzle import Puzzle, unknown_board
from nonotui.model.cells import EMPTY
from nonotui.model.kind import Kind, PuzzleLike, Stop, WarmUpStep

WARM_UP_ID = "4x4:2/1/2/1/1.1/2/1/1"
"""A tiny puzzle that needs probing: solving it loads every kernel a solve uses."""

TINY = [[1, 1, 0], [0, 1, 0], [0, 1, 1]]
"""A 3x3 picture: small enough that every step takes no time of its own."""


def _tiny() -> Puzzle:
    return Puzzle.from_picture(TINY, title="warm-up")


def steps(kind: Kind[Puzzle], first: PuzzleLike | None, load_engine: Callable[[], None]
          ) -> list[WarmUpStep]:
    """The steps of the player's warm-up, the first hint's first: the hints of ``first``'s
    flavour (colour or black and white), then the other flavour's, the guides and checks, the
    probing hints, auto-solve's propagation and search, every linesolver, and the library's
    grades."""

    def hints(stop: Stop) -> None:
        # as the player asks: through a helper, which first solves the clues (the reference)
        load_engine()
        tiny = _tiny()
        kind.open(tiny).hint(unknown_board(tiny), (0, 0), None, stop)

    def colour_hints(stop: Stop) -> None:
        # a colour puzzle's solve, hints and probes, on a tiny one
        load_engine()
        from nonotui.kinds.nonogram.colour_notation import DEFAULT_PALETTE
        from nonotui.kinds.nonogram.engine.colour_hints import shortest_colour_probe
        from nonotui.kinds.nonogram.engine.hints import next_hint
        from nonotui.kinds.nonogram.engine.packed import prepare
        from nonotui.kinds.nonogram.engine.search import solve

        palette = (DEFAULT_PALETTE[0], DEFAULT_PALETTE[2], DEFAULT_PALETTE[4])
        puzzle = Puzzle.from_picture([[1, 2], [2, 0]], colors=palette, title="warm-up")
        solve(puzzle)
        next_hint(puzzle, unknown_board(puzzle), should_stop=stop)
        shortest_colour_probe(prepare(puzzle), unknown_board(puzzle).cells.reshape(-1).copy(),
                              (0, 0), stop)

    def guides_and_checks(stop: Stop) -> None:
        from nonotui.kinds.nonogram.engine.hints import next_hint

        tiny = _tiny()
        board = unknown_board(tiny)
        game = kind.open(tiny)
        game.guides(board)
        board.cells[0, 0] = EMPTY  # a wrong mark: the mistake rung's search
        next_hint(tiny, board, should_stop=stop)
        game.check(board, stop)

    def probing(_stop: Stop) -> None:
        from nonotui.kinds.nonogram.engine.hints import HintContext

        HintContext(_tiny()).warm_up()  # probing as a kept hint context does

    def auto_solve(_stop: Stop) -> None:
        from nonotui.kinds.nonogram.engine.steps import propagation

        tiny = _tiny()
        propagation(tiny, unknown_board(tiny))  # propagating as auto-solve does
        kind.open(tiny).solve(options={"strategy": "cdcl"})  # auto-solve's hard puzzles go to it

    def linesolvers(_stop: Stop) -> None:
        from nonotui.kinds.nonogram.engine.lines import (
            REGISTRY,
            clue_array,
            solve_cells,
            time_cells,
        )

        tiny = _tiny()
        for solver in REGISTRY.values():
            solve_cells(solver, clue_array([2]), unknown_board(tiny).cells[0].copy())
        # `nonotui line` times each solver in one compiled loop (one kernel for all of them)
        time_cells(REGISTRY["fast"], clue_array([2]), unknown_board(tiny).cells[0].copy(),
                   min_seconds=0.0, rounds=1)

    def grades(stop: Stop) -> None:
        # the library grades a puzzle it has no grade for: the rating's contradiction steps
        # probe every cell (kernels.probe_all), which the hints' kept context does otherwise
        from nonotui.kinds.nonogram.formats import tatham
        from nonotui.kinds.nonogram.rating import rate

        (four,) = tatham.read(WARM_UP_ID, "<game id>")  # needs a contradiction step
        rate(four, should_stop=stop)

    flavours: list[WarmUpStep] = [("hints", hints), ("colour hints", colour_hints)]
    if first is not None and getattr(first, "is_color", False):
        flavours.reverse()
    return [*flavours, ("guides and checks", guides_and_checks), ("probing hints", probing),
            ("auto-solve", auto_solve), ("linesolvers", linesolvers), ("grades", grades)]
