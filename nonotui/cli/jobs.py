"""A pool of worker processes for ``nonotui bench --jobs N``: one puzzle per task, every task
with its own timeout, answers as they come.

Standard library only (``multiprocessing`` with the ``spawn`` start method, the same on Linux,
macOS and Windows, and safe with numba's threads). ``concurrent.futures`` is not used because it
cannot stop one task: a worker that does not answer in its time is killed here and replaced, and
the pool goes on. Each worker pays the engine's import and numba's cache load once (``warm_up``)
before it takes a task, so a puzzle's time and timeout are the search's alone.

With ``local`` the pool's own process solves too, in a thread (the kernels release the GIL),
from the same list of tasks: it starts at once, while the worker processes are still starting,
so a batch shorter than a worker's start is done by this process alone and ``--jobs 2`` is never
slower than ``--jobs 1`` (``benchmarks/bench_jobs.py``); ``jobs`` then counts this process, and
``jobs - 1`` workers are started. A task this process runs cannot be killed: it ends at its
timeout, as with ``--jobs 1``.

Ctrl-C: the workers ignore SIGINT (a terminal sends it to the whole process group) and the pool
asks their searches to stop through a shared event, which the engine polls like any cancel; a
worker that has not answered :data:`CANCEL_GRACE` seconds later is killed. A worker also stops
searching when its parent is gone, and quits when its pipe closes, so none outlives the run.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

from nonotui.errors import NonotuiError

Stop = Callable[[], bool]
SolveOne = Callable[[Any, "float | None", Stop], "tuple[str, float, dict[str, Any]]"]
"""What a worker runs on one puzzle: ``(puzzle, timeout, should_stop) -> (status, seconds,
stats)``; a module-level function (or a ``functools.partial`` of one), as it is pickled."""

CANCEL_GRACE = 2.0
"""Seconds a worker has to answer after Ctrl-C before it is killed (the engine stops within
50 ms of a cancel)."""
POLL = 0.05
"""Seconds between two looks at the Ctrl-C flag while waiting for answers."""
WORKER_START = 1.0
"""Seconds a worker takes to start (an interpreter, the engine's import, numba's cache: about a
second of a core on the project's machine, ``python -m nonotui bench --jobs 2``). With this
process solving too, the workers are started only once this process has solved for half that
long and the work still waiting, estimated from its pace so far, is more than twice that: a
batch this process finishes sooner would not pay them back, and a pace from the first few
puzzles can mislead (``benchmarks/bench_jobs.py``)."""


def kill_margin(timeout: float) -> float:
    """Seconds past a puzzle's own timeout before its silent worker is killed: the engine checks
    its deadline between kernel calls of bounded work, so an answer later than this means a
    stuck worker (2 s, plus a tenth of the timeout for a machine under load)."""
    return 2.0 + timeout / 10


def default_jobs() -> int:
    """Every core this process may run on (its affinity where the platform tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS, Windows
        return os.cpu_count() or 1


class WorkerError(NonotuiError):
    """A worker could not start (its warm-up failed or it died before it was ready)."""


@dataclass
class Answer:
    """One task's outcome; ``killed`` when the pool stopped a worker that did not answer."""

    index: int
    status: str
    seconds: float
    stats: dict[str, Any] = field(default_factory=dict)
    error: str | None = None
    killed: bool = False


def worker_main(conn: Connection, cancel: Any, parent: int, warm_up: Callable[[], None],
                solve_one: SolveOne) -> None:
    """A worker's life: warm up, say ready, then answer ``(index, puzzle, timeout)`` tasks until
    ``None`` or the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def should_stop() -> bool:
        return bool(cancel.is_set()) or os.getppid() != parent

    try:
        warm_up()
    except Exception as exc:  # noqa: BLE001 - told to the parent, which stops the run with it
        conn.send(("failed", f"{type(exc).__name__}: {exc}"))
        return
    conn.send(("ready", None))
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        index, puzzle, timeout = task
        try:
            status, seconds, stats = solve_one(puzzle, timeout, should_stop)
            answer = Answer(index, status, seconds, stats)
        except Exception as exc:  # noqa: BLE001 - one puzzle that breaks the engine hides no other
            answer = Answer(index, "error", 0.0, error=f"{type(exc).__name__}: {exc}")
        try:
            conn.send(answer)
        except (BrokenPipeError, OSError):
            return


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection
    ready: bool = False
    task: int | None = None
    sent: float = 0.0
    """When the task was handed over (monotonic seconds)."""
    deadline: float | None = None
    """When a silent worker is killed (monotonic seconds), while it has a task with a timeout."""


class Pool:
    """``jobs`` worker processes; :meth:`run` hands them tasks in order and yields answers."""

    def __init__(self, jobs: int, warm_up: Callable[[], None], solve_one: SolveOne,
                 margin: Callable[[float], float] = kill_margin,
                 local: Callable[[], None] | None = None) -> None:
        """``local``: this process solves too, after this warm-up (see the module's notes)."""
        self.jobs = jobs
        self.warm_up = warm_up
        self.solve_one = solve_one
        self.margin = margin
        self.local_warm_up = local
        self._context = multiprocessing.get_context("spawn")
        self._cancel: Any = None
        """The workers' cancel, made with the first worker (a process-shared event starts
        multiprocessing's resource tracker, another interpreter: a run this process solves
        alone does not pay for it)."""
        self._cancel_here = threading.Event()
        """This process's solver's cancel."""
        self._workers: list[_Worker] = []
        self._lock = threading.Lock()
        """Guards the list of tasks, which this process's solver takes from too."""
        self._local: threading.Thread | None = None
        self._local_answers: Connection | None = None
        self._local_since: float | None = None
        """When this process's solver took its first task (monotonic seconds)."""
        self._local_done = 0
        """How many tasks this process's solver has answered."""

    def _start(self) -> _Worker:
        mine, theirs = self._context.Pipe()
        process = self._context.Process(
            target=worker_main, name="nonotui-bench-worker", daemon=True,
            args=(theirs, self._shared_cancel(), os.getpid(), self.warm_up, self.solve_one),
        )
        # A new interpreter inherits an ignored SIGINT and keeps it ignored: a Ctrl-C while
        # it is still importing must not print a KeyboardInterrupt traceback from it.
        main = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
        try:
            process.start()
        finally:
            if main:
                signal.signal(signal.SIGINT, previous)
        theirs.close()
        worker = _Worker(process, mine)
        self._workers.append(worker)
        return worker

    def _shared_cancel(self) -> Any:
        """The event every worker polls, made on first use."""
        if self._cancel is None:
            self._cancel = self._context.Event()
        return self._cancel

    def _cancel_all(self) -> None:
        """Ask every search to stop: the workers' and this process's."""
        self._cancel_here.set()
        if self._cancel is not None:
            self._cancel.set()

    def _stop(self, worker: _Worker) -> None:
        """Kill a worker at once and forget it."""
        worker.process.kill()
        worker.process.join()
        worker.conn.close()
        self._workers.remove(worker)

    def run(self, tasks: Sequence[tuple[int, Any]], timeout: float | None,
            stopped: Stop | None = None) -> Iterator[Answer]:
        """Solve ``(index, puzzle)`` tasks, handed out in the given order, each with ``timeout``;
        yields each answer when it arrives. When ``stopped()`` turns true, no task is handed out
        any more and the running ones are cancelled (answered ``cancelled``). The workers are
        gone when the iterator ends, is closed or raises (a second Ctrl-C included).

        Raises:
            WorkerError: a worker could not start.
        """
        todo = list(reversed(tasks))
        cancelling: float | None = None
        try:
            local = self.local_warm_up is not None and bool(tasks)
            if local:
                self._start_local(todo, timeout, stopped)
            wanted = min(self.jobs - local, len(tasks) - local)
            while self._busy(todo, cancelling):
                if wanted and todo and cancelling is None and self._workers_pay(local, len(todo)):
                    for _ in range(wanted):
                        self._start()
                    wanted = 0
                if cancelling is None and stopped is not None and stopped():
                    cancelling = time.monotonic() + CANCEL_GRACE
                    self._cancel_all()
                    with self._lock:
                        todo.clear()
                for worker in self._workers:
                    if worker.ready and worker.task is None:
                        with self._lock:
                            if not todo:
                                break
                            index, puzzle = todo.pop()
                        try:
                            worker.conn.send((index, puzzle, timeout))
                        except OSError:  # it just died: _collect sees it, the task waits
                            with self._lock:
                                todo.append((index, puzzle))
                            continue
                        worker.task, worker.sent = index, time.monotonic()
                        if timeout is not None:
                            worker.deadline = time.monotonic() + timeout + self.margin(timeout)
                yield from self._collect(cancelling, bool(todo))
        finally:
            self.close()

    def _workers_pay(self, local: bool, waiting: int) -> bool:
        """Whether to start the worker processes now: at once without this process solving;
        else once it has solved for half a worker's start and the ``waiting`` tasks, at its
        pace so far (the task it is on counted as one more), would take more than two."""
        if not local:
            return True
        since = self._local_since
        if since is None:
            return False
        solving = time.monotonic() - since
        pace = solving / (self._local_done + 1)
        return solving >= WORKER_START / 2 and waiting * pace > 2 * WORKER_START

    def _busy(self, todo: list[tuple[int, Any]], cancelling: float | None) -> bool:
        """Whether tasks are left to hand out or answers to wait for."""
        if todo and cancelling is None:
            return True
        if any(w.task is not None for w in self._workers):
            return True
        return self._local_answers is not None  # open until this process's solver is done

    def _start_local(self, todo: list[tuple[int, Any]], timeout: float | None,
                     stopped: Stop | None) -> None:
        """This process's solver: a thread that warms up, then takes tasks from ``todo`` until
        none is left, sending its answers down a pipe that :meth:`_collect` waits on, and
        closing it when done."""
        receive, send = self._context.Pipe(duplex=False)
        self._local_answers = receive
        warm_up = self.local_warm_up
        assert warm_up is not None

        def should_stop() -> bool:
            return self._cancel_here.is_set() or bool(stopped is not None and stopped())

        def solve() -> None:
            try:
                warm_up()
                self._local_since = time.monotonic()
                while not should_stop():
                    with self._lock:
                        if not todo:
                            break
                        index, puzzle = todo.pop()
                    try:
                        status, seconds, stats = self.solve_one(puzzle, timeout, should_stop)
                        answer = Answer(index, status, seconds, stats)
                    except Exception as exc:  # noqa: BLE001 - as a worker: one puzzle's error
                        answer = Answer(index, "error", 0.0, error=f"{type(exc).__name__}: {exc}")
                    send.send(answer)
                    self._local_done += 1
            except Exception as exc:  # noqa: BLE001 - its warm-up: told like a worker's
                send.send(("failed", f"{type(exc).__name__}: {exc}"))
            finally:
                send.close()

        self._local = threading.Thread(target=solve, name="nonotui-bench-local", daemon=True)
        self._local.start()

    def _collect(self, cancelling: float | None, more: bool) -> Iterator[Answer]:
        """Wait a little for answers, deaths and deadlines, and yield what they give."""
        now = time.monotonic()
        limits = [w.deadline for w in self._workers if w.task is not None and w.deadline]
        if cancelling is not None:
            limits.append(cancelling)
        wait_for = min([POLL, *(max(0.0, t - now) for t in limits)])
        objects: list[Any] = [w.conn for w in self._workers]
        objects += [w.process.sentinel for w in self._workers]
        if self._local_answers is not None:
            objects.append(self._local_answers)
        ready = set(wait(objects, wait_for))
        if self._local_answers is not None and self._local_answers in ready:
            yield from self._local_answer()
        for worker in list(self._workers):
            message: Any = None
            if worker.conn in ready:
                try:
                    message = worker.conn.recv()
                except (EOFError, OSError):
                    message = None
            if isinstance(message, Answer):
                worker.task, worker.deadline = None, None
                yield message
            elif isinstance(message, tuple) and message[0] == "ready":
                worker.ready = True
            elif isinstance(message, tuple) and message[0] == "failed":
                raise WorkerError(f"a bench worker could not start: {message[1]}")
            elif worker.process.sentinel in ready or (message is None and worker.conn in ready):
                yield from self._died(worker, more)
        now = time.monotonic()
        for worker in list(self._workers):
            if worker.task is None:
                continue
            if cancelling is not None and now >= cancelling:
                index, seconds = worker.task, now - worker.sent
                self._stop(worker)
                yield Answer(index, "cancelled", seconds, killed=True)
            elif worker.deadline is not None and now >= worker.deadline:
                index, seconds = worker.task, now - worker.sent
                self._stop(worker)
                yield Answer(index, "timeout", seconds, killed=True)
                if more:
                    self._start()

    def _local_answer(self) -> Iterator[Answer]:
        """What this process's solver has sent: answers, a failed warm-up, or its end."""
        while self._local_answers is not None and self._local_answers.poll():
            try:
                message = self._local_answers.recv()
            except (EOFError, OSError):  # it is done
                self._local_answers.close()
                self._local_answers = None
                return
            if not isinstance(message, Answer):
                raise WorkerError(f"this process could not start solving: {message[1]}")
            yield message

    def _died(self, worker: _Worker, more: bool) -> Iterator[Answer]:
        """A worker that exited on its own: its task is an error, and a new worker replaces it."""
        worker.process.join()
        code = worker.process.exitcode
        if not worker.ready:
            self._stop(worker)
            raise WorkerError(f"a bench worker died while starting (exit code {code})")
        index = worker.task
        self._stop(worker)
        if index is not None:
            why = f"the worker solving it died (exit code {code})"
            yield Answer(index, "error", 0.0, error=why)
        if more:
            self._start()

    def close(self) -> None:
        """Let idle workers quit, kill busy, starting or slow ones; no process is left behind."""
        for worker in self._workers:
            try:
                worker.conn.send(None)
            except OSError:
                pass
        end = time.monotonic() + 1.0
        for worker in list(self._workers):
            idle = worker.ready and worker.task is None
            worker.process.join(max(0.0, end - time.monotonic()) if idle else 0)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()
            worker.conn.close()
        self._workers.clear()
        if self._local is not None:  # its searches see the cancel and end within 50 ms
            self._cancel_here.set()
            self._local.join()
            self._local = None
        if self._local_answers is not None:
            self._local_answers.close()
            self._local_answers = None
