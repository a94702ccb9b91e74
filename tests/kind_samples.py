"""A puzzle file of every kind the registry knows (the test-only Lights kind registered too), for
the conformance tests that run every command and the player against every kind
(``tests/unit/kinds/test_every_kind_commands.py``, ``tests/ui/test_every_kind_plays.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from nonotui import kinds
from tests.lights_kind import LIGHTS, SAMPLE

OWN_SAMPLES = {"nonogram": "heart.non", "aquarium": "minnow.aq"}
"""Which bundled file stands for each of nonotui's own kinds: small ones, so that every command
answers in well under a second."""


@contextmanager
def every_kind() -> Iterator[list[str]]:
    """Every kind's name, with the test-only kind registered meanwhile."""
    kinds.register(LIGHTS)
    try:
        yield list(kinds.names())
    finally:
        kinds.unregister(LIGHTS.name)


def sample_file(name: str, folder: Path) -> Path:
    """A puzzle file of the kind called ``name``, written into ``folder``: the kind's bundled
    sample, or the first of its bundled files, or the test-only kind's sample.

    Raises:
        LookupError: a kind with no bundled puzzle and no sample here (add one).
    """
    if name == LIGHTS.name:
        path = folder / "corner.lights"
        path.write_text(SAMPLE)
        return path
    files = {item.name: item for item in kinds.get(name).bundled()}
    wanted = OWN_SAMPLES.get(name)
    item = files.get(wanted) if wanted else next(iter(sorted(files.items())), (None, None))[1]
    if item is None:
        raise LookupError(f"no sample puzzle of the kind {name!r}: add one to tests/kind_samples.py")
    path = folder / item.name
    path.write_text(item.read_text(encoding="utf-8"))
    return path
