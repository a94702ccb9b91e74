"""nonotui: a terminal nonogram player with a real solver behind it.

Importing this package is cheap: it loads neither numba nor Textual. The version comes from the
installed distribution's metadata, the single version source being ``pyproject.toml``.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("nonotui")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = ["__version__"]
