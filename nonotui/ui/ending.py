"""How the player's process ends: one path for ``q`` and ctrl+c, the signals (SIGHUP, SIGTERM,
SIGINT), a closed browser tab (``nonotui serve`` sends the tab's player SIGHUP) and a crash
inside the app (exit 70, the traceback in a crash file: :mod:`nonotui.store.crashes`). The app
saves (the play screens as they close; a signal's handler first) and Textual
restores the terminal; :func:`run` then returns, and :func:`end` ends the process without waiting
for a thread that is still at work (:func:`play`, the command line's, does both).

Why not simply return: the warm-up, hints, checks and auto-solve run in Textual's thread workers,
which are threads of the event loop's default executor, and numba's compiler cannot be
interrupted (a first start's warm-up compiles for minutes). ``App.run`` runs the app with
``asyncio.run``, which, once the app has ended, joins that executor's threads; past it the
interpreter's exit joins every ``concurrent.futures`` thread again. The shell prompt came back
only when the compile was done. Nothing is lost by not waiting: every save is written (and
synced) in the event loop before the app returns, and numba writes each kernel's cache file
whole, by rename, once that kernel is compiled, so the next start loads what was compiled and
compiles the rest.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Collection
from typing import Any, NoReturn

from textual.app import App

from nonotui.errors import EXIT_CRASH, end_process

THREADS_GRACE = 0.05
"""Seconds :func:`end` gives the worker threads that have nothing left to do to stop."""


def run(app: App[Any], **options: Any) -> int:
    """Run ``app`` (``options`` as for ``App.run``) and return its exit code once it has ended,
    never waiting for a thread worker still running (:func:`end` then ends the process).

    ``asyncio.run`` without its last step: the app runs on a loop of its own, the tasks left
    are cancelled and the async generators closed, and the loop is closed, which tells the
    default executor to shut down but does not wait for its threads.

    An app that crashed (an exception nothing handled: ``app.crashed``, the player's) has
    saved and restored the terminal like any other ending; its traceback then goes to a crash
    file in the data folder, one line says where, and the code is ``EXIT_CRASH`` (70).
    """
    loop = asyncio.new_event_loop()
    try:
        result = app.run(loop=loop, **options)
        left = asyncio.all_tasks(loop)
        for task in left:
            task.cancel()
        if left:
            loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
        loop.run_until_complete(loop.shutdown_asyncgens())
    finally:
        loop.close()
    crashed = getattr(app, "crashed", None)
    if crashed is not None:  # the terminal is restored: one line, the traceback to a file
        from nonotui.store import crashes

        crashes.report(crashed, getattr(app, "data_dir", None))
        return EXIT_CRASH
    return int(result or 0)


def play(app: App[Any]) -> int:
    """Run the player's ``app`` (:func:`run`) and end the process (:func:`end`): the command
    line's one way to play. The threads already running before the app are not its own (in a
    test's process): they never make :func:`end` end the process."""
    before = set(threading.enumerate())
    return end(run(app), ignore=before)


def busy_threads(ignore: Collection[threading.Thread] = ()) -> list[threading.Thread]:
    """The threads, but the caller's and ``ignore``, still running once those that have nothing
    left to do (an idle executor thread, told to stop by :func:`run`) have had
    ``THREADS_GRACE`` seconds to stop."""
    me = threading.current_thread()
    others = [t for t in threading.enumerate() if t is not me and t not in ignore]
    deadline = time.monotonic() + THREADS_GRACE
    for thread in others:
        if not thread.daemon:
            thread.join(max(0.0, deadline - time.monotonic()))
    return [t for t in others if t.is_alive()]


def end(code: int, ignore: Collection[threading.Thread] = ()) -> int:
    """End the player's process with ``code``, its app having returned: returns ``code`` (for
    ``sys.exit``, the ordinary exit) when no other thread (but ``ignore``) is running; else
    flushes stdout and stderr and ends the process at once (:func:`now`), as the ordinary exit
    would wait for a compiling thread (and a daemon one could still be inside LLVM as the
    interpreter finalizes)."""
    if not busy_threads(ignore):
        return code
    now(code)


def now(code: int) -> NoReturn:
    """Flush stdout and stderr and end the process on the spot with ``code``: no atexit
    handler runs and no thread is joined. Only once everything is saved and the locks are
    released (:func:`nonotui.errors.end_process`)."""
    end_process(code)
