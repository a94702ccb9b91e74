"""Write ``puzzles/learn.non``, the Learn collection: one small generated puzzle per technique of
the ladder, easiest first, each unique and rated with exactly that technique as its hardest.

Run: ``python tools/make_learn.py`` from the checkout (``--check`` compares the file with what
the search finds instead of writing it; ``--seeds N`` sets the seeds tried per size).

For each line technique the search asks the generator (:mod:`nonotui.kinds.nonogram.generate`)
for ungraded line-solvable puzzles (``g0``, whose ids do not depend on the rating, so a change to
the ladder keeps the lessons' puzzles), sizes 5x5 to 14x14 (smallest first), densities 80 to 30,
seeds 1 to N, and keeps the first whose rating (:func:`nonotui.kinds.nonogram.rating.rate`)
proves it unique and names the technique as the hardest the path needs; the contradiction's
lesson is a grade-4 request. The ids make the search reproducible, and each lesson carries its
id in its ``catalogue`` field, so ``nonotui play <id>`` gives the same puzzle.

Aquarium's lessons are written the same way, one ``.aq`` file each
(``puzzles/learn-aquarium-N.aq``, the id in its first line, as in the other bundled
``.aq`` files): for each rule technique,
the first unique puzzle of sizes 6x6 to 10x10 that the Aquarium generator makes for that
technique's grade and whose rating names it as the hardest. Gravity, like finished line, only
extends what other rules found, so its lesson plays the full-or-empty-line puzzle.

Finished line and simple spaces can be no puzzle's hardest technique (the reasons are in
:data:`nonotui.kinds.nonogram.lessons.PRACTICE`): both only cross out, and no technique easier
than forcing reads a cross. Their lessons have no puzzle of their own; the Learn screen offers
the simple boxes and forcing puzzles, whose hint walks meet them. Simple boxes can be a
puzzle's hardest since finished line crosses out (issue 35).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from nonotui.kinds.nonogram import formats
from nonotui.kinds.nonogram.engine.techniques import CONTRADICTION, TECHNIQUES
from nonotui.kinds.nonogram.generate import GRADE_DENSITY, Generated, Recipe, generate
from nonotui.kinds.nonogram.lessons import PRACTICE
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.kinds.nonogram.rating import rate

HERE = Path(__file__).resolve().parents[1]
TARGET = HERE / "puzzles" / "learn.non"
SIDES = range(5, 15)
DENSITIES = (80, 70, 60, 50, 40, 35, 30)
"""The ungraded pictures' densities tried, densest (easiest) first."""
IMPOSSIBLE = {name: why for name, (_, why) in PRACTICE.items()}
"""Techniques no puzzle can have as its hardest, and why."""


def first_of_each(techniques: set[str], seeds: int) -> dict[str, Generated]:
    """One pass over the ungraded recipes, smallest size first, then densest, then seed: the
    first puzzle whose hardest technique is each of ``techniques`` (line techniques)."""
    found: dict[str, Generated] = {}
    for side in SIDES:
        for density in DENSITIES:
            for seed in range(1, seeds + 1):
                made = generate(Recipe(side, side, seed, "none", density, 0))
                rating = rate(made.puzzle)
                if rating.unique and rating.hardest in techniques - found.keys():
                    found[str(rating.hardest)] = made
                    if found.keys() == techniques:
                        return found
    return found


def find_contradiction(seeds: int) -> Generated | None:
    """The first grade-4 request, smallest size first, that needs a contradiction."""
    for side in SIDES:
        for seed in range(1, seeds + 1):
            made = generate(Recipe(side, side, seed, "none", GRADE_DENSITY[4], 4))
            rating = rate(made.puzzle)
            if rating.unique and rating.hardest == CONTRADICTION:
                return made
    return None


def lessons(seeds: int) -> tuple[list[Puzzle], list[str]]:
    """The Learn puzzles in ladder order, and a line for each technique left out."""
    out: list[Puzzle] = []
    missing: list[str] = []
    lines = {t.name for t in TECHNIQUES if t.name not in IMPOSSIBLE and t.name != CONTRADICTION}
    found = first_of_each(lines, seeds)
    for technique in TECHNIQUES:
        if technique.name in IMPOSSIBLE:
            missing.append(f"{technique.name}: {IMPOSSIBLE[technique.name]}")
            continue
        made = (find_contradiction(seeds) if technique.name == CONTRADICTION
                else found.get(technique.name))
        if made is None:
            missing.append(f"{technique.name}: no puzzle of {SIDES.start}x{SIDES.start} to "
                           f"{SIDES.stop - 1}x{SIDES.stop - 1} in seeds 1 to {seeds}")
            continue
        number = len(out) + 1
        out.append(made.puzzle.replace(
            title=f"Learn {number}: {technique.name}",
            author="nonotui contributors",
            license="CC0-1.0",
            catalogue=made.recipe.id,
            description=(
                f"Lesson {number} of the Learn collection: the hardest technique this puzzle "
                f"needs is {technique.name.lower()} ({technique.summary}). Generated by "
                f"nonotui's generator from the id {made.recipe.id} (tools/make_learn.py), "
                f"rated grade {rate(made.puzzle).grade}."
            ),
        ))
        print(f"{technique.name}: {made.recipe.id}", file=sys.stderr, flush=True)
    return out, missing


AQUARIUM_SIDES = range(6, 11)
AQUARIUM_TARGET = "learn-aquarium-{}.aq"


def aquarium_lessons(seeds: int) -> tuple[list[tuple[str, str]], list[str]]:
    """The Aquarium Learn files as ``(name, text)`` in ladder order, and a line for each
    technique left out."""
    from dataclasses import replace

    from nonotui.kinds.aquarium import aq_format
    from nonotui.kinds.aquarium import generate as aq_generate
    from nonotui.kinds.aquarium import lessons as aq_lessons
    from nonotui.kinds.aquarium import rating as aq_rating

    out: list[tuple[str, str]] = []
    missing: list[str] = []
    for technique, grade in aq_rating.GRADES.items():
        if technique in aq_lessons.PRACTICE:
            missing.append(f"{technique}: {aq_lessons.PRACTICE[technique][1]}")
            continue
        made = None
        for side in AQUARIUM_SIDES:
            for seed in range(1, seeds + 1):
                recipe = aq_generate.Recipe(side, side, seed, grade)
                puzzle = aq_generate.generate(recipe).puzzle
                rating = aq_rating.rate(puzzle)
                if rating.unique and rating.hardest == technique:
                    made = recipe, puzzle
                    break
            if made is not None:
                break
        if made is None:
            missing.append(f"{technique}: no Aquarium puzzle of {AQUARIUM_SIDES.start}x"
                           f"{AQUARIUM_SIDES.start} to {AQUARIUM_SIDES.stop - 1}x"
                           f"{AQUARIUM_SIDES.stop - 1} in seeds 1 to {seeds}")
            continue
        recipe, puzzle = made
        number = len(out) + 1
        puzzle = replace(puzzle, title=f"Learn Aquarium {number}: {technique}",
                         author="nonotui contributors", license="CC0-1.0")
        text = (f"# Aquarium, grade {grade}: made by the generator ({recipe.id}); Learn lesson "
                f"{number},\n# whose hardest technique is {technique.lower()} "
                f"(tools/make_learn.py)\n"
                + aq_format.write_one(puzzle))
        out.append((AQUARIUM_TARGET.format(number), text))
        print(f"Aquarium {technique}: {recipe.id}", file=sys.stderr, flush=True)
    return out, missing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=120)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    puzzles, missing = lessons(args.seeds)
    for line in missing:
        print(f"left out: {line}", file=sys.stderr)
    aquarium, missing = aquarium_lessons(args.seeds)
    for line in missing:
        print(f"left out: {line}", file=sys.stderr)
    files = [(TARGET, formats.dump(puzzles, "non"))]
    files += [(TARGET.parent / name, text) for name, text in aquarium]
    old = sorted(TARGET.parent.glob(AQUARIUM_TARGET.format("*")))
    if args.check:
        differ = [path.name for path, text in files
                  if not path.is_file() or path.read_text(encoding="utf-8") != text]
        differ += [p.name for p in old if p not in {path for path, _ in files}]
        print("the Learn files are up to date" if not differ
              else f"the Learn files differ: {', '.join(differ)}")
        return 1 if differ else 0
    for path in old:
        path.unlink()
    for path, text in files:
        path.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(HERE)}: {len(puzzles)} lessons, and "
          f"{len(aquarium)} Aquarium lessons")
    return 0


if __name__ == "__main__":
    sys.exit(main())
