"""``nonotui generate --from IMAGE WxH [--seed N] [-o FILE]``: a puzzle from a picture
(:mod:`nonotui.kinds.nonogram.picture`), the branch of ``generate`` that ``--from`` selects.

The puzzle goes out as ``generate``'s do (``.non`` text on standard output, or ``-o FILE`` in the
format its extension names); standard error says how many cells were changed. Exit codes: 1 for
a picture that cannot be read (or no Pillow), 2 for a malformed command line, a size out of range
or an option ``--from`` does not take.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from nonotui.errors import EXIT_OK
from nonotui.kinds.nonogram.generate_command import (
    bad_output,
    bad_size,
    output_format,
    parse_size,
    write_out,
)
from nonotui.kinds.nonogram.generate_command import usage as _usage


def run(args: argparse.Namespace) -> int:
    """Make the puzzle of ``args.image`` and write it; returns the exit code."""
    from nonotui.kinds.nonogram import formats
    from nonotui.kinds.nonogram.generate import (
        MAX_SEED,
        MAX_SIZE,
        MIN_SIZE,
    )
    from nonotui.kinds.nonogram.picture import from_picture

    size = parse_size(args.size)
    if size is None:
        return bad_size(args.size)
    width, height = size
    for side, name in ((width, "width"), (height, "height")):
        if not MIN_SIZE <= side <= MAX_SIZE:
            return _usage(f"the {name} must be from {MIN_SIZE} to {MAX_SIZE}, not {side}")
    # the options that shape a random picture mean nothing for a given one
    if getattr(args, "count", 1) != 1:
        return _usage("--from makes one puzzle; --count cannot be used with it")
    if getattr(args, "symmetry", "none") != "none":
        return _usage("--from keeps the picture's own shape; --symmetry cannot be used with it")
    if getattr(args, "density", None) is not None:
        return _usage("--from takes the picture's own density; --density cannot be used with it")
    if getattr(args, "grade", None) not in (None, 0):
        return _usage("--from cannot aim at a grade; leave --grade out")
    seed = 0 if args.seed is None else args.seed
    if not 0 <= seed <= MAX_SEED:
        return _usage(f"--seed must be from 0 to {MAX_SEED}")
    chosen = output_format(args.output)
    if chosen is None:
        return bad_output(args.output)
    fmt = chosen[0]
    made = from_picture(Path(args.image), width, height, seed)
    print(f"changed {made.changed} of {width * height} cells to make the puzzle unique",
          file=sys.stderr, flush=True)
    write_out(formats.dump([made.puzzle], fmt), args.output)
    return EXIT_OK
