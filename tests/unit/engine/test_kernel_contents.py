"""The kernel package's table of contents (its docstring) names every kernel module, so that a
reader finds each one's job there (a review found eight missing)."""

from __future__ import annotations

import re
from pathlib import Path

from nonotui.kinds.nonogram.engine import _kernels as kernels


def test_the_table_of_contents_names_every_kernel_module() -> None:
    folder = Path(kernels.__file__).parent
    modules = {path.stem for path in folder.glob("*.py") if path.stem != "__init__"}
    listed = set(re.findall(r"^``(\w+)``", kernels.__doc__ or "", re.M))
    assert listed == modules, {"not listed": modules - listed, "no such module": listed - modules}
