"""A nonogram's own options of the shared ``nonotui generate`` (:mod:`nonotui.cli.generate`):
``--colors``, ``--symmetry``, ``--density`` and ``--from IMAGE``, added to its parser and read
back, checked, for :func:`~nonotui.kinds.nonogram.generating.new_puzzle`.

Every option defaults to ``None``, so that the shared command can tell which were given (and
refuse them with another kind).
"""

from __future__ import annotations

import argparse

from nonotui.errors import RequestError


def add_generate_options(parser: argparse.ArgumentParser) -> None:
    """Add the nonogram's options to ``generate``'s parser."""
    from nonotui.kinds.nonogram.generate import (
        DEFAULT_DENSITY,
        GRADE_DENSITY,
        MAX_COLORS,
        MAX_DENSITY,
        MIN_DENSITY,
        SYMMETRIES,
    )

    group = parser.add_argument_group(
        "nonogram options",
        "A nonogram is made from a smoothed random picture. Grades 1 to 3 (and the default, "
        "any grade) are solvable by line logic alone, 4 and 5 need contradictions: 1 simple "
        "techniques and little work, 2 other one-line techniques or more work, 3 sliding, "
        "whole-line reasoning or long work, 4 short contradictions, 5 longer ones. Each puzzle's id is gen2:WxH:gG:SYM:dP:SEED, with cN "
        "before the seed for N colours; older gen1 ids still give the puzzles they named.")
    group.add_argument("--colors", type=int, metavar="N",
                       help=f"block colours, 1 (black and white, the default) to {MAX_COLORS}: "
                       "a colour puzzle, proven unique by the solver's search but not "
                       "necessarily solvable by line logic alone; no --grade with colours")
    group.add_argument("--symmetry", choices=SYMMETRIES,
                       help="horizontal: mirrored left to right; vertical: top to bottom "
                       "(default: none)")
    by_grade = ", ".join(f"{d} at grade {g}" for g, d in GRADE_DENSITY.items())
    group.add_argument("--density", type=int, metavar="P",
                       help=f"percent of filled cells, {MIN_DENSITY} to {MAX_DENSITY} "
                       f"(default {DEFAULT_DENSITY}; {by_grade}: denser pictures are easier)")
    group.add_argument("--from", dest="image", metavar="IMAGE",
                       help="make one puzzle of the picture IMAGE (PNG, JPEG, ...; needs "
                       "Pillow: pip install 'nonotui[images]') instead of a random one")


def generate_options(args: argparse.Namespace) -> dict[str, object]:
    """The options given, for the request; ``--from`` alone, since a picture has its own shape,
    density and difficulty.

    Raises:
        RequestError: ``--from`` with an option that shapes a random picture.
    """
    image = getattr(args, "image", None)
    symmetry = getattr(args, "symmetry", None)
    density = getattr(args, "density", None)
    colors = getattr(args, "colors", None)
    if image is not None:
        if getattr(args, "count", 1) != 1:
            raise RequestError("--from makes one puzzle; --count cannot be used with it")
        if symmetry not in (None, "none"):
            raise RequestError("--from keeps the picture's own shape; --symmetry cannot be "
                               "used with it")
        if density is not None:
            raise RequestError("--from takes the picture's own density; --density cannot be "
                               "used with it")
        if getattr(args, "grade", 0) not in (None, 0):
            raise RequestError("--from cannot aim at a grade; leave --grade out")
        if colors not in (None, 1):
            raise RequestError("--from makes a black-and-white puzzle; --colors cannot be "
                               "used with it")
        return {"image": str(image)}
    given = {"colors": colors, "symmetry": symmetry, "density": density}
    return {key: value for key, value in given.items() if value is not None}


__all__ = ["add_generate_options", "generate_options"]
