"""Packages whose names are imported from their modules on first use (PEP 562).

A package built this way imports none of its modules when it is imported: a command that needs
one name loads one module, and threads importing the package and one of its modules at once
cannot deadlock on Python's import locks (a package whose ``__init__`` imports its own modules
takes its lock before theirs, a thread importing one of them directly takes that module's lock
first; Python then hands one thread a half-made module).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def exports(package: str, homes: Mapping[str, str],
            namespace: dict[str, Any]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: a name of ``homes`` is imported from its
    module (``homes[name]``, under ``package``) and kept in ``namespace`` (the package's
    ``globals()``), so that the next use finds it at once. Any other name raises
    ``AttributeError``, as a missing name does (the import system then looks for a module of
    that name)."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        namespace[name] = value
        return value

    return __getattr__
