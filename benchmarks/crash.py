"""Crash benchmark: how many moves are lost when the player is killed in the middle of play.

Run: ``python benchmarks/crash.py`` (``--help`` for the options; ``--write`` also records the
table in ``benchmarks/results/crash.md``).

Each run starts the real player (``python -m nonotui play PUZZLE``) in a pseudo-terminal of its
own (``pty.fork``: the player is a session leader with the pty as its controlling terminal, as
in a terminal window), with an empty data folder. Once the play screen is drawn, the driver plays
a scripted game at human speed: every ``--interval`` seconds (0.25 by default) it fills the
cursor's cell (space, one move) and steps to the next cell along a snake path (right to the end
of the row, down, left to the start, down...), so every move fills a new cell. At a seeded random
moment it ends the player:

- ``SIGKILL``: ``kill -9`` at any moment. Target: no move sent more than 1 s before the kill is
  lost (the sending time is earlier than when the app handled the key, so this is the stricter
  count); the moves lost from the last second are reported.
- ``SIGHUP``: the terminal window is closed (the driver closes the pty's master side; the
  kernel hangs up the terminal and sends SIGHUP). Target: no move lost that the player had
  handled.
- ``SIGTERM``, ``SIGINT``: ``kill`` from outside. Target: the same, the exit status is 128 +
  the signal's number and the terminal is restored (the alternate screen is left).

For the signals the moment falls 0.1 to 0.2 s after a move was sent (the issue's "0.1 s after
ten moves"). Which moves the player had handled is read from its screen: the largest move count
its status line showed before the end. The moves lost counted by sending time are reported too:
a key still unread in the terminal when the window closes (a player slowed down by its own
start-up, on a loaded machine) is lost with the terminal, and no saving can keep it. After the player is gone the save is read with the
store's own loading code (:meth:`nonotui.store.ProgressStore.load`), and checked: its move count,
its undo history (one entry per move) and its board (the first N cells of the path filled,
nothing else) must agree.

The runs are seeded (``--seed``); the timing of a shared machine still varies between runs.
"""

from __future__ import annotations

import argparse
import errno
import fcntl
import os
import pty
import random
import re
import select
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from nonotui.kinds.nonogram.puzzle import Puzzle  # noqa: E402
from nonotui.model import FILLED  # noqa: E402
from nonotui.store import DataDir, ProgressStore  # noqa: E402
from nonotui.store.catalog import Catalog  # noqa: E402

PUZZLE = "tortoise"
"""A bundled 40x40 puzzle: a row holds 40 moves, and filling cells in path order never solves
it."""

KEYS = {"fill": b" ", "right": b"\x1b[C", "left": b"\x1b[D", "down": b"\x1b[B"}
LEAVE_ALT_SCREEN = b"\x1b[?1049l"
MOVES_SHOWN = re.compile(rb"(\d+) moves?\b")
"""The status line's move count ("12 moves") in the player's output."""
KINDS = ("SIGKILL", "SIGHUP", "SIGTERM", "SIGINT")


@dataclass
class Run:
    """One run: what was sent, when the player was ended, and what was found on disk."""

    kind: str
    sent: list[float] = field(default_factory=list)
    """When each move's key was sent (monotonic seconds)."""
    ended_at: float = 0.0
    saved: int = 0
    """Moves in the save file."""
    consistent: bool = True
    """The save's board, undo history and move count agree with the moves sent."""
    status: int | None = None
    """Exit status (128 + signal for a signal the app handled; -N when killed by signal N)."""
    restored: bool | None = None
    """The terminal was restored (alternate screen left), for SIGTERM and SIGINT."""
    shown: int = 0
    """The move count the player's status line showed before the end: moves it had handled."""
    problem: str | None = None

    @property
    def old(self) -> int:
        """Moves sent more than 1 s before the end."""
        return sum(1 for t in self.sent if t <= self.ended_at - 1.0)

    @property
    def lost(self) -> int:
        """Moves sent but not in the save."""
        return max(0, len(self.sent) - self.saved)

    @property
    def lost_old(self) -> int:
        """Moves sent more than 1 s before the end and not in the save."""
        return max(0, self.old - self.saved)

    @property
    def lost_recent(self) -> int:
        """Moves from the last second not in the save."""
        return self.lost - self.lost_old

    @property
    def lost_shown(self) -> int:
        """Moves the player had handled and shown before the end but not in the save."""
        return max(0, self.shown - self.saved)

    @property
    def oldest_lost_age(self) -> float:
        """Seconds between the oldest lost move's key and the end (0 when none is lost)."""
        if self.lost == 0:
            return 0.0
        return self.ended_at - self.sent[self.saved]


def path_cells(puzzle: Puzzle, count: int) -> list[tuple[int, int]]:
    """The first ``count`` cells of the snake path from the top-left corner."""
    cells = []
    for row in range(puzzle.height):
        columns = range(puzzle.width) if row % 2 == 0 else range(puzzle.width - 1, -1, -1)
        cells += [(row, column) for column in columns]
    return cells[:count]


def step_keys(puzzle: Puzzle, index: int) -> bytes:
    """The keys of move ``index``: fill, then step along the path."""
    row, column = divmod(index, puzzle.width)
    at_end = column == puzzle.width - 1
    if at_end:
        step = KEYS["down"]
    else:
        step = KEYS["right"] if row % 2 == 0 else KEYS["left"]
    return KEYS["fill"] + step


class Player:
    """The player in a pseudo-terminal of its own, its output drained as it comes."""

    def __init__(self, puzzle_name: str | None, data_dir: Path,
                 size: tuple[int, int] = (120, 40), command: Sequence[str] = ("-m", "nonotui")):
        """``command``: what follows the Python executable and comes before ``play``; no
        ``puzzle_name``: the library."""
        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TEXTUAL")}
        env.update(NONOTUI_DATA_DIR=str(data_dir), TERM="xterm-256color")
        argv = [sys.executable, *command, "play", *([puzzle_name] if puzzle_name else [])]
        pid, master = pty.fork()
        if pid == 0:  # the child: a new session whose controlling terminal is the pty
            try:
                columns, rows = size
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
                os.chdir(ROOT)
                os.execve(sys.executable, argv, env)
            finally:
                os._exit(127)
        self.pid = pid
        self.master: int | None = master
        self.output = bytearray()
        self.status: int | None = None

    def pump(self, seconds: float) -> None:
        """Read the player's output for ``seconds`` (a full pty would stall it)."""
        deadline = time.monotonic() + seconds
        while self.master is not None:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            ready, _, _ = select.select([self.master], [], [], left)
            if not ready:
                return
            try:
                chunk = os.read(self.master, 65536)
            except OSError as exc:
                if exc.errno != errno.EIO:  # EIO: the player closed its side
                    raise
                chunk = b""
            if not chunk:
                # the player is gone: stop reading, but keep the master open as a terminal
                # window would be
                time.sleep(min(left, 0.01))
                return
            self.output += chunk

    def wait_for(self, needle: bytes, timeout: float) -> bool:
        """Pump until ``needle`` appears in the output."""
        deadline = time.monotonic() + timeout
        while needle not in self.output:
            if time.monotonic() > deadline or self.exited():
                return False
            self.pump(0.05)
        return True

    def send(self, keys: bytes) -> None:
        assert self.master is not None
        os.write(self.master, keys)

    def hang_up(self) -> None:
        """Close the terminal window: the kernel hangs up the pty and sends SIGHUP."""
        if self.master is not None:
            os.close(self.master)
            self.master = None

    def exited(self) -> bool:
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
        return self.status is not None

    def wait(self, timeout: float) -> int | None:
        """The exit status once the player is gone (``None`` if it is still there)."""
        deadline = time.monotonic() + timeout
        while not self.exited():
            if time.monotonic() > deadline:
                return None
            if self.master is not None:
                self.pump(0.02)
            else:
                time.sleep(0.02)
        return self.status

    def kill(self) -> None:
        if not self.exited():
            os.kill(self.pid, signal.SIGKILL)
            self.wait(10)
        self.hang_up()


def one_run(
    kind: str,
    rng: random.Random,
    puzzle: Puzzle,
    puzzle_name: str,
    interval: float,
    longest: float,
) -> Run:
    """Start the player, play, end it the ``kind`` way, and read what was saved."""
    run = Run(kind)
    folder = Path(tempfile.mkdtemp(prefix="nonotui-crash-"))
    player = Player(puzzle_name, folder)
    try:
        # the status line's move count shows once the play screen is drawn
        if not player.wait_for(b"0 moves", 60):
            run.problem = "the play screen did not show"
            return run
        player.pump(0.2)
        start = time.monotonic()
        if kind == "SIGKILL":
            end = start + rng.uniform(0.1, longest)
        else:  # 0.1 to 0.2 s after a move was sent
            moves = rng.randrange(1, int(longest / interval))
            end = start + (moves - 1) * interval + rng.uniform(0.1, 0.2)
        index = 0
        while True:
            now = time.monotonic()
            next_key = start + index * interval
            if now >= end:
                break
            if now >= next_key:
                player.send(step_keys(puzzle, index))
                run.sent.append(time.monotonic())
                index += 1
                continue
            player.pump(min(next_key, end) - now)
        run.ended_at = time.monotonic()
        before_end = len(player.output)
        run.shown = max((int(n) for n in MOVES_SHOWN.findall(player.output)), default=0)
        if kind == "SIGKILL":
            os.kill(player.pid, signal.SIGKILL)
        elif kind == "SIGHUP":
            player.hang_up()
        else:
            os.kill(player.pid, getattr(signal, kind))
        run.status = player.wait(30)
        if run.status is None:
            run.problem = "the player did not end within 30 s"
        if kind in ("SIGTERM", "SIGINT"):
            run.restored = LEAVE_ALT_SCREEN in player.output[before_end:]
    finally:
        player.kill()
    try:
        check_save(run, puzzle, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return run


def check_save(run: Run, puzzle: Puzzle, folder: Path) -> None:
    """Read the save the store's way and check it against the moves sent."""
    store = ProgressStore(DataDir(folder).progress)
    result = store.load(puzzle)
    if result.notice:
        run.problem = f"damaged save: {result.notice}"
        run.consistent = False
        return
    progress = result.progress
    run.saved = progress.moves
    expected = set(path_cells(puzzle, progress.moves))
    filled = {
        (r, c)
        for r in range(puzzle.height)
        for c in range(puzzle.width)
        if int(progress.board.cells[r, c]) == FILLED
    }
    run.consistent = (
        filled == expected
        and len(progress.history.done) == progress.moves
        and progress.moves <= len(run.sent)
    )


def run_all(
    kinds: Sequence[tuple[str, int]],
    seed: int = 20261123,
    interval: float = 0.25,
    longest: float = 6.0,
    puzzle_name: str = PUZZLE,
    progress: Callable[[Run], None] | None = None,
) -> list[Run]:
    """Every run of every kind, seeded."""
    rng = random.Random(seed)
    puzzle, _ = Catalog(DataDir(Path(tempfile.gettempdir()))).resolve(puzzle_name)
    runs = []
    for kind, count in kinds:
        for _ in range(count):
            run = one_run(kind, rng, puzzle, puzzle_name, interval, longest)
            runs.append(run)
            if progress is not None:
                progress(run)
    return runs


def expected_status(kind: str) -> int:
    """The exit status each way of ending should give."""
    number = getattr(signal, kind)
    return -number if kind == "SIGKILL" else 128 + number


def table(runs: list[Run]) -> tuple[str, bool]:
    """A Markdown table per way of ending, and whether every target was met."""
    lines = [
        "| ending | runs | moves sent | lost, older than 1 s | lost, last second | "
        "lost of those shown | oldest lost (s) | save consistent | exit status | "
        "terminal restored | problems |",
        "|---|---:|---:|---:|---:|---:|---:|---|---|---|---:|",
    ]
    ok = True
    for kind in KINDS:
        mine = [r for r in runs if r.kind == kind]
        if not mine:
            continue
        lost_old = sum(r.lost_old for r in mine)
        lost_recent = sum(r.lost_recent for r in mine)
        lost_shown = sum(r.lost_shown for r in mine)
        oldest = max(r.oldest_lost_age for r in mine)
        consistent = all(r.consistent for r in mine)
        statuses = sorted({r.status for r in mine}, key=str)
        status_ok = statuses == [expected_status(kind)]
        restored = [r.restored for r in mine if r.restored is not None]
        problems = sum(1 for r in mine if r.problem)
        ok &= lost_old == 0 and consistent and status_ok and problems == 0
        ok &= kind == "SIGKILL" or lost_shown == 0
        ok &= all(restored)
        lines.append(
            f"| {kind} | {len(mine)} | {sum(len(r.sent) for r in mine)} | {lost_old} | "
            f"{lost_recent} | {lost_shown} | {oldest:.2f} | {'yes' if consistent else 'NO'} | "
            f"{', '.join(map(str, statuses))} | "
            f"{('yes' if all(restored) else 'NO') if restored else 'n/a'} | {problems} |"
        )
    return "\n".join(lines), ok


def save_cost(size: int = 100, moves: int = 2000, repeats: int = 30) -> tuple[int, float]:
    """Bytes and median seconds of one save of a ``size`` x ``size`` board with ``moves`` moves
    in its undo history: what the save clock writes every 0.4 s of play."""
    from nonotui.model.history import make_move
    from nonotui.store import Progress

    rng = random.Random(1)
    picture = [[rng.random() < 0.5 for _ in range(size)] for _ in range(size)]
    puzzle = Puzzle.from_picture(picture)
    progress = Progress.new(puzzle)
    for _ in range(moves):
        cell = (rng.randrange(size), rng.randrange(size))
        move = make_move(progress.board, [cell], FILLED if rng.random() < 0.5 else 1)
        if move is not None:
            progress.history.record(move, progress.board)
            progress.moves += 1
    folder = Path(tempfile.mkdtemp(prefix="nonotui-savecost-"))
    try:
        store = ProgressStore(folder)
        times = []
        for _ in range(repeats):
            began = time.perf_counter()
            store.save(progress)
            times.append(time.perf_counter() - began)
        return store.path_for(puzzle.identity).stat().st_size, statistics.median(times)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=50, help="SIGKILL runs (default 50)")
    parser.add_argument(
        "--signal-runs", type=int, default=20, help="runs for each of SIGHUP, SIGTERM, SIGINT"
    )
    parser.add_argument("--seed", type=int, default=20261123)
    parser.add_argument("--interval", type=float, default=0.25, help="seconds between moves")
    parser.add_argument(
        "--longest", type=float, default=6.0, help="longest play before the end (seconds)"
    )
    parser.add_argument("--puzzle", default=PUZZLE, help="a bundled puzzle's name")
    parser.add_argument("--write", action="store_true", help="record in benchmarks/results/")
    args = parser.parse_args(argv)
    kinds = [("SIGKILL", args.runs)] + [
        (k, args.signal_runs) for k in ("SIGHUP", "SIGTERM", "SIGINT")
    ]

    def show(run: Run) -> None:
        note = f" PROBLEM: {run.problem}" if run.problem else ""
        print(
            f"{run.kind:8} sent {len(run.sent):3} saved {run.saved:3} "
            f"lost old {run.lost_old} recent {run.lost_recent} (shown {run.shown}, lost of those "
            f"{run.lost_shown}) status {run.status}{note}",
            flush=True,
        )

    began = time.monotonic()
    runs = run_all(kinds, args.seed, args.interval, args.longest, args.puzzle, show)
    text, ok = table(runs)
    try:
        from nonotui.store.autosave import SAVE_LATENCY, SAVE_TICK

        policy = f"save latency {SAVE_LATENCY} s + tick {SAVE_TICK} s"
    except ImportError:  # an older nonotui, measured as a baseline
        policy = "the old 0.4 s debounce"
    ages = [r.oldest_lost_age for r in runs if r.kind == "SIGKILL" and r.lost]
    summary = (
        f"puzzle {args.puzzle}, a move every {args.interval} s, seed {args.seed}, "
        f"{policy}; "
        f"{time.monotonic() - began:.0f} s in all"
    )
    if ages:
        summary += (
            f"; SIGKILL runs that lost moves: {len(ages)} of {args.runs}, oldest lost move "
            f"median {statistics.median(ages):.2f} s, max {max(ages):.2f} s before the kill"
        )
    for side, history in ((25, 200), (100, 2000)):
        size, seconds = save_cost(side, history)
        summary += (
            f"; one save of a {side}x{side} board with {history} moves of history: "
            f"{size / 1024:.0f} KiB, {seconds * 1000:.1f} ms median (fsyncs included)"
        )
    print()
    print(text)
    print(summary)
    print("targets met" if ok else "TARGETS NOT MET")
    if args.write:
        out = ROOT / "benchmarks" / "results" / "crash.md"
        out.write_text(
            "# Crash benchmark\n\n"
            f"`python benchmarks/crash.py {' '.join(argv or sys.argv[1:])}` on "
            f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, Python "
            f"{sys.version.split()[0]}, {os.cpu_count()} cores (shared).\n\n"
            f"{text}\n\n{summary}.\n\n{'All targets met.' if ok else 'TARGETS NOT MET.'}\n"
        )
        print(f"written to {out.relative_to(ROOT)}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
