"""nonotui: a terminal nonogram player with a real solver behind it.

Importing this package is cheap: it loads neither numba nor Textual, nor even
``importlib.metadata`` (tens of ms, paid by every start of the player): ``__version__`` is read
from the installed distribution's metadata when first asked for, the single version source
being ``pyproject.toml``.
"""

from __future__ import annotations

__all__ = ["__version__"]


def __getattr__(name: str) -> str:
    if name != "__version__":
        raise AttributeError(f"module 'nonotui' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        value = version("nonotui")
    except PackageNotFoundError:  # running from a source tree that was never installed
        value = "0+unknown"
    globals()["__version__"] = value
    return value
