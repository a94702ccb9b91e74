"""The hint walk: solve a puzzle by hints alone, from an empty board, and time every hint.

Run: ``python benchmarks/hint_walk.py`` from the checkout (``--puzzle FILE`` any number of times,
default Forever (webpbn #6574) and Light (webpbn #803) from ``../shared/bench/survey``;
``--repo PATH`` to time another checkout's code, e.g. an export of ``main``, with this same
script; ``--write`` to save the report to ``benchmarks/results/hint_walk.md``).

What is measured, and how: each puzzle is walked in a fresh process (a child of this script),
as a player who only ever presses the hint key would: ask :func:`next_hint`, apply what it says
(``Hint.changes()``), move the cursor to the hint's first cell, ask again, until the hint says
``solved``. Before the walk the child warms the kernels up the way the player does (a hint on a
tiny puzzle, with and without a wrong mark), so compiling or loading numba's cache is not
counted. Each hint's wall time (and the process's CPU time, which the machine's other work
disturbs less) goes to its rung of the ladder: ``mistake``, ``line fast``,
``line fcomp``, ``contradiction``, ``guess``, ``ambiguous``. When the checkout has a
``HintContext`` (this change), the walk keeps one across hints, as the player does. When the
context looks ahead (solves the clues in a thread of its own from the first hint on), the walk
starts the look-ahead and waits for it before the first hint, untimed but reported: a player
takes longer than those seconds to ask hundreds of hints, the walk asks them back to back.

Targets (issue 17, item 4): per rung, median under 20 ms and worst under 0.5 s.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

from nonotui.kinds.nonogram.puzzle import unknown_board

HERE = Path(__file__).resolve().parents[1]
BENCH = (HERE / ".." / "shared" / "bench" / "survey").resolve()
DEFAULT = ("webpbn-06574.nin", "webpbn-00803.nin")
NAMES = {"webpbn-06574.nin": "Forever (webpbn #6574)", "webpbn-00803.nin": "Light (webpbn #803)"}
RESULTS = HERE / "benchmarks" / "results" / "hint_walk.md"
TARGET_MEDIAN_MS = 20.0
TARGET_WORST_MS = 500.0


def walk(path: str, limit: int) -> dict[str, object]:
    """In the child: warm up, then walk ``path`` by hints; per-hint ``(rung, ms)``."""
    import nonotui.kinds.nonogram.engine.hints as hints_module
    from nonotui.kinds import open_one
    from nonotui.kinds.nonogram.puzzle import Puzzle
    from nonotui.model import EMPTY

    tiny = Puzzle.from_picture([[1, 1, 0], [0, 1, 0], [0, 1, 1]], title="warm-up")
    board = unknown_board(tiny)
    hints_module.next_hint(tiny, board)
    board.cells[0, 0] = EMPTY
    hints_module.next_hint(tiny, board)

    context_class = getattr(hints_module, "HintContext", None)
    if context_class is not None:
        context_class(tiny).warm_up()  # as the player's warm-up does
    puzzle = open_one(path)
    board = unknown_board(puzzle)
    context = context_class(puzzle) if context_class is not None else None
    ahead = None
    if context is not None and hasattr(context, "look_ahead"):
        # the player's first hint starts the look-ahead, and a player looks at a new puzzle
        # for longer than it takes before asking hundreds of hints: wait for it, untimed
        start, cpu = time.perf_counter(), time.process_time()
        context.look_ahead()
        context.wait_look_ahead()
        ahead = (time.perf_counter() - start, time.process_time() - cpu)
    cursor = (0, 0)
    times: list[tuple[str, float, float]] = []
    techniques: dict[str, int] = {}
    untrue: list[str] = []
    solved = False
    for _ in range(limit):
        start = time.perf_counter()
        cpu = time.process_time()
        if context is None:
            hint = hints_module.next_hint(puzzle, board, cursor)
        else:
            hint = hints_module.next_hint(puzzle, board, cursor, context=context)
        ms = (time.perf_counter() - start) * 1000
        cpu_ms = (time.process_time() - cpu) * 1000
        if hint.kind == "solved":
            solved = True
            break
        rung = f"line {hint.method}" if hint.kind == "line" else hint.kind
        times.append((rung, ms, cpu_ms))
        if hint.kind == "line":
            technique = getattr(hint, "technique", None) or "(none)"
            techniques[technique] = techniques.get(technique, 0) + 1
            if not _line_claim_true(puzzle, board, hint):
                untrue.append(hint.explanation)
        for r, c, v in hint.changes():
            board.cells[r, c] = v
        cursor = hint.cells[0][:2] if hint.cells else cursor
    return {"times": times, "solved": solved, "context": context is not None, "ahead": ahead,
            "techniques": techniques, "untrue": untrue}


def _line_claim_true(puzzle: object, board: object, hint: object) -> bool:
    """Whether every cell a line hint decides has that value in every arrangement of its line's
    clue that agrees with the line before the hint: by ``tests/oracle.py``, which shares nothing
    with the engine (it enumerates arrangements by its own recursion)."""
    from tests.oracle import solve

    axis, index = hint.line  # type: ignore[attr-defined]
    clue = puzzle.rows[index] if axis == "row" else puzzle.columns[index]  # type: ignore[attr-defined]
    cells = board.cells[index, :] if axis == "row" else board.cells[:, index]  # type: ignore[attr-defined]
    possible = solve(tuple(int(b) for b in clue), [int(v) for v in cells])
    if possible is None:
        return False
    for r, c, v in hint.cells:  # type: ignore[attr-defined]
        p = c if axis == "row" else r
        if int(possible[p]) != int(v):
            return False
    return True


RUNGS = ("mistake", "line fast", "line fcomp", "contradiction", "guess", "ambiguous")


def summary(times: list[tuple[str, float, float]],
            ) -> list[tuple[str, int, float, float, float, float]]:
    """Per rung (and ``all``): ``(rung, hints, median ms, worst ms, total s, median CPU ms)``."""
    rows = []
    for rung in (*RUNGS, "all"):
        ms = [t for r, t, _ in times if rung in ("all", r)]
        cpu = [c for r, _, c in times if rung in ("all", r)]
        if ms:
            rows.append((rung, len(ms), statistics.median(ms), max(ms), sum(ms) / 1000,
                         statistics.median(cpu)))
    return rows


def run_child(repo: Path, path: Path, limit: int) -> dict[str, object]:
    """Walk one puzzle in a fresh Python process importing ``repo``'s nonotui."""
    env = {**os.environ, "PYTHONPATH": str(repo)}
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(path), "--limit", str(limit)],
        env=env, capture_output=True, text=True, check=True, cwd=repo,
    )
    return json.loads(out.stdout)


def table(result: dict[str, object], check: bool) -> tuple[list[str], bool]:
    """One walk's rows; whether every rung met its targets (when ``check``)."""
    ok = True
    ahead = ""
    if result.get("ahead"):
        wall, cpu = result["ahead"]
        ahead = (f" Look-ahead (the clues solved in the background, waited for before the "
                 f"first hint, not timed as a hint): {wall:.2f} s wall, {cpu:.2f} s CPU.")
    rows = [f"Solved: {'yes' if result['solved'] else 'no'}; hint context kept: "
            f"{'yes' if result['context'] else 'no'}.{ahead}", "",
            "| rung | hints | median ms | worst ms | total s | median CPU ms | target |",
            "|---|---|---|---|---|---|---|"]
    techniques = result.get("techniques") or {}
    if techniques:
        lines = sum(techniques.values())
        whole = techniques.get("Whole-line reasoning", 0)
        untrue = result.get("untrue") or []
        rows[0] += (f" Line hints: {lines}, whole-line reasoning {whole} "
                    f"({100 * whole / lines:.1f} %); untrue line hints (tests/oracle.py): "
                    f"{len(untrue)}.")
        ok = ok and not untrue
    for rung, n, med, worst, total, cpu in summary([tuple(t) for t in result["times"]]):
        met = med < TARGET_MEDIAN_MS and worst < TARGET_WORST_MS
        if rung != "all" and check:
            ok = ok and met
        verdict = "" if rung == "all" else ("met" if met else "missed")
        rows.append(f"| {rung} | {n} | {med:.1f} | {worst:.1f} | {total:.2f} | {cpu:.1f} | "
                    f"{verdict} |")
    return rows + [""], ok


BENCH_RESULTS = HERE / "benchmarks" / "results" / "hint_walk_bench.md"


def bench_files() -> list[Path]:
    """Every black-and-white puzzle file of the bench and the bundled ones (a file's first
    puzzle: ``open_one`` opens that)."""
    from nonotui.kinds.nonogram.formats import load

    root = BENCH.parent
    files = sorted((root / "survey").glob("*.nin")) + sorted((root / "nonogram-db").rglob("*.non"))
    files += sorted((HERE / "puzzles").glob("*.non"))
    # Knotty and Faase, which no solver of the survey finished, need long searches for their
    # guesses: left out
    return [f for f in files if f.name not in ("knotty.nin", "faase.nin") and not load(f).is_color]


def bench(repo: Path, limit: int, write: bool) -> int:
    """Walk :func:`bench_files` and report them together."""
    techniques: dict[str, int] = {}
    untrue: list[str] = []
    line_ms: list[float] = []
    all_ms: list[float] = []
    unsolved = []
    for path in bench_files():
        result = run_child(repo, path.resolve(), limit)
        for name, count in (result.get("techniques") or {}).items():
            techniques[name] = techniques.get(name, 0) + count
        untrue += result.get("untrue") or []
        line_ms += [t[1] for t in result["times"] if t[0].startswith("line")]
        all_ms += [t[1] for t in result["times"]]
        if not result["solved"]:
            unsolved.append(path.name)
        print(f"{path.name}: {len(result['times'])} hints", file=sys.stderr, flush=True)
    lines = sum(techniques.values())
    whole = techniques.get("Whole-line reasoning", 0)
    report = [
        "# Hint walks on the bench and bundled puzzles (`benchmarks/hint_walk.py --bench`)",
        "",
        f"{date.today().isoformat()}; {len(bench_files())} black-and-white files (each file's "
        f"first puzzle), walked by hints alone from an empty board; not solved within "
        f"{limit} hints: {', '.join(unsolved) or 'none'}. Load average at the end "
        f"{os.getloadavg()[0]:.1f}.",
        "",
        f"Line hints: {lines}; whole-line reasoning: {whole} ({100 * whole / max(lines, 1):.1f} %); "
        f"untrue line hints (each checked by tests/oracle.py on its line): {len(untrue)}.",
        f"Line hint wall ms: median {statistics.median(line_ms):.2f}, worst {max(line_ms):.1f}; "
        f"every hint: median {statistics.median(all_ms):.2f}, worst {max(all_ms):.1f}.",
        "",
        "| technique | line hints | share |",
        "|---|---|---|",
        *[f"| {name} | {count} | {100 * count / lines:.1f} % |"
          for name, count in sorted(techniques.items(), key=lambda item: -item[1])],
        "",
        *[f"Untrue: {text}" for text in untrue[:20]],
    ]
    text = "\n".join(report)
    print(text)
    if write:
        BENCH_RESULTS.write_text(text + "\n")
    return 0 if not untrue else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--puzzle", action="append", help="a puzzle file (repeatable)")
    parser.add_argument("--repo", type=Path, default=HERE, help="the checkout to time")
    parser.add_argument("--baseline", type=Path,
                        help="another checkout (e.g. an export of main) walked before each "
                             "puzzle's walk, for a before/after table from one run")
    parser.add_argument("--limit", type=int, default=5000, help="most hints per walk")
    parser.add_argument("--write", action="store_true", help=f"write {RESULTS.name}")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--bench", action="store_true",
                        help="walk every black-and-white puzzle of ../shared/bench and puzzles/ "
                             "and report them together (line hints by technique, untrue hints, "
                             "hint times)")
    args = parser.parse_args()
    if args.child:
        print(json.dumps(walk(args.child, args.limit)))
        return 0
    if args.bench:
        return bench(args.repo.resolve(), args.limit, args.write)
    paths = [Path(p) for p in args.puzzle] if args.puzzle else [BENCH / n for n in DEFAULT]
    import numba

    command = " ".join(["python benchmarks/hint_walk.py", *sys.argv[1:]])
    lines = [
        "# Hint walk (`benchmarks/hint_walk.py`)",
        "",
        f"Command: `{command}`; {date.today().isoformat()}; "
        f"Python {platform.python_version()}, numba {numba.__version__}, "
        f"{os.cpu_count()} CPUs, machine shared with other work (load average at the start "
        f"{os.getloadavg()[0]:.1f}). Each puzzle is walked from an empty board to solved by "
        "hints alone in a fresh process, after a warm-up; times are wall milliseconds per "
        f"hint. Targets per rung: median under {TARGET_MEDIAN_MS:g} ms, worst under "
        f"{TARGET_WORST_MS:g} ms.",
        "",
    ]
    ok = True
    for path in paths:
        name = NAMES.get(path.name, path.name)
        if args.baseline is not None:
            before = run_child(args.baseline.resolve(), path.resolve(), args.limit)
            rows, _ = table(before, False)
            lines += [f"## {name}: before (`{args.baseline.resolve().name}`)", "", *rows]
        result = run_child(args.repo.resolve(), path.resolve(), args.limit)
        rows, met = table(result, True)
        ok = ok and met
        title = f"{name}: after (`{args.repo.resolve().name}`)" if args.baseline else name
        lines += [f"## {title}", "", *rows]
    report = "\n".join(lines)
    print(report)
    if args.write:
        RESULTS.write_text(report + "\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
