"""UI tests wait on a condition, never for a fixed time.

A fixed pause (``await pilot.pause(0.3)``, ``time.sleep``) is either too short on a loaded
machine, and the test fails for nothing, or long enough to hide what it should have waited for
(``test_solver_help.py`` once slept 0.3 s for the auto-solve worker to enter the engine). Waits
go through :func:`tests.ui.conftest.until` or ``until_true`` (a condition and a deadline), a
:class:`~tests.ui.conftest.Gate`, or a bare ``pilot.pause()`` that lets pending messages run.
"""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent

FIXED_WAIT = re.compile(r"\.pause\(\s*[^)\s]|\bsleep\((?!0\))|asyncio\.wait_for\(")
"""A pause with a duration, a sleep, or a timed wait (``asyncio.sleep(0)`` waits for no time:
it lets the event loop take one turn, as a test of message order needs)."""

POLLS = ("await pilot.pause(0.01)", "await asyncio.sleep(0.01)", "time.sleep(0.01)")
"""The fixed pauses allowed: the polls between checks of :func:`~tests.ui.conftest.until` and
:func:`~tests.ui.conftest.until_true` (the same outside an app) and
:func:`~tests.ui.conftest.until_held` (the same without an event loop)."""


def test_ui_tests_wait_on_conditions_not_on_time() -> None:
    found = []
    for path in sorted(HERE.glob("*.py")):
        if path.name == Path(__file__).name:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if FIXED_WAIT.search(line) and not (path.name == "conftest.py"
                                                and line.strip() in POLLS):
                found.append(f"{path.name}:{number}: {line.strip()}")
    assert not found, "fixed waits:\n" + "\n".join(found)
