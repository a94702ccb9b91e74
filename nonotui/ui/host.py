"""What the screens need of the app, typed without importing it.

The app (:class:`~nonotui.ui.app.NonotuiApp`) imports every screen, so a screen that named it,
even only for type checking, would make an import cycle. A screen reaches the app's own
attributes through :func:`host_of` instead, typed by the :class:`Host` protocol here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from textual.app import App

from nonotui.store.grades import GradeCache
from nonotui.store.settings import Settings


@runtime_checkable
class Host(Protocol):
    """The player app as its screens see it."""

    settings: Settings
    """The settings, changed in place and saved by :meth:`save_settings`."""
    grades: GradeCache
    """The puzzles' kept grades (:mod:`nonotui.store.grades`)."""
    engine_ready: bool
    """The engine's warm-up has ended well: hints answer quickly."""
    warming: str
    """What the status line says while the warm-up runs (:func:`~nonotui.ui.status.warming_text`)."""

    def save_settings(self) -> None:
        """Write the settings; a failure is shown once."""

    def save_grades(self, cache: GradeCache) -> None:
        """Write the grades kept in ``cache`` (from any thread); a failure is shown once."""

    def change_setting(self, name: str, value: str) -> None:
        """Set one setting, apply it wherever it shows, and save it."""

    def open_in_worker(self, label: str,
                       find: Callable[[], tuple[Any, str, tuple[str, ...]]]) -> Any:
        """Read a puzzle (``find`` returns it, its label and notices) and its progress in a
        thread worker, then play it."""


def host_of(app: App[Any]) -> Host:
    """``app`` as the player app its screens run in.

    Raises:
        TypeError: ``app`` is not one (a screen of the player pushed on another app).
    """
    if not isinstance(app, Host):
        raise TypeError(f"{type(app).__name__} is not the nonotui player app")
    return app
