"""The kinds registry: built-in kinds by name, loaded lazily; others by ``register()``; lookups of
a kind for a puzzle, a file and a command-line spec."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from nonotui import kinds
from nonotui.errors import PuzzleFormatError
from nonotui.kinds.nonogram import formats
from nonotui.kinds.nonogram.kind import KIND as NONOGRAM
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model.kind import Kind

REPO = Path(__file__).resolve().parents[3]


def modules_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", f"{code}; import sys, json; print(json.dumps(sorted(sys.modules)))"],
        capture_output=True, text=True, check=True, cwd=REPO,
    ).stdout
    return set(json.loads(out))


def test_importing_the_registry_loads_no_kind() -> None:
    loaded = modules_after("import nonotui.kinds")
    assert not any(m.startswith("nonotui.kinds.nonogram") for m in loaded)


def test_getting_the_nonogram_kind_loads_no_engine_and_no_numba() -> None:
    loaded = modules_after("import nonotui.kinds as k; k.get('nonogram').title")
    assert "nonotui.kinds.nonogram.kind" in loaded
    assert "numba" not in loaded
    assert not any(m.startswith("nonotui.kinds.nonogram.engine") for m in loaded)


def test_the_nonogram_kind_is_built_in_and_implements_the_protocol() -> None:
    assert "nonogram" in kinds.names()
    kind = kinds.get("nonogram")
    assert kind is NONOGRAM and isinstance(kind, Kind)
    assert kinds.kind_of(Puzzle(rows=((1,),), columns=((1,),))) is kind


def test_the_aquarium_kind_is_built_in_and_loads_no_numba() -> None:
    from nonotui.kinds.aquarium.puzzle import make_puzzle

    assert kinds.names()[:2] == ("nonogram", "aquarium")
    kind = kinds.get("aquarium")
    assert isinstance(kind, Kind) and kind.name == "aquarium"
    assert kinds.kind_of(make_puzzle([1], [1], ["A"])) is kind
    loaded = modules_after("import nonotui.kinds as k; k.get('aquarium').title")
    assert "nonotui.kinds.aquarium.kind" in loaded
    assert "numba" not in loaded and "nonotui.kinds.nonogram.kind" not in loaded


def test_an_unknown_kind_is_named_with_the_known_ones() -> None:
    with pytest.raises(kinds.UnknownKindError, match=r"'sudoku' \(known: nonogram"):
        kinds.get("sudoku")
    with pytest.raises(kinds.UnknownKindError, match="not a puzzle of any kind"):
        kinds.kind_of(object())


class _Renamed:
    """The nonogram kind under another name: a complete kind that is not built in."""

    def __init__(self, name: str) -> None:
        self._name = name

    @property
    def name(self) -> str:
        return self._name

    def __getattr__(self, attribute: str) -> object:
        return getattr(NONOGRAM, attribute)


@pytest.fixture
def registered() -> Iterator[_Renamed]:
    kind = _Renamed("other")
    # __getattr__ does not satisfy a runtime protocol check: give it the members for real
    for member in ("title", "formats", "open", "bundled", "read_spec", "warm_up", "new_puzzle",
                   "daily_request", "lessons", "subcommands", "add_options", "solve_options"):
        setattr(kind, member, getattr(NONOGRAM, member))
    kinds.register(kind)  # type: ignore[arg-type]
    yield kind
    kinds.unregister("other")


def test_register_adds_a_kind_by_name(registered: _Renamed) -> None:
    assert kinds.names()[-1] == "other"
    assert kinds.get("other") is registered
    kinds.register(registered)  # type: ignore[arg-type]  # the same object again: nothing
    with pytest.raises(ValueError, match="already known"):
        kinds.register(_copy_of(registered))
    with pytest.raises(ValueError, match="already known"):
        kinds.register(NONOGRAM)


def _copy_of(kind: _Renamed) -> _Renamed:
    other = _Renamed(kind.name)
    other.__dict__.update(kind.__dict__)
    return other


def test_register_refuses_what_is_not_a_kind() -> None:
    with pytest.raises(TypeError, match="does not implement the Kind protocol"):
        kinds.register(object())  # type: ignore[arg-type]
    assert "object" not in " ".join(kinds.names())


def test_unregister_forgets_it(registered: _Renamed) -> None:
    kinds.unregister("other")
    assert "other" not in kinds.names()
    with pytest.raises(kinds.UnknownKindError):
        kinds.get("other")


def test_a_file_finds_its_kind_and_format_as_the_formats_package_does() -> None:
    text = (REPO / "puzzles" / "heart.non").read_text()
    kind, fmt = kinds.detect(text, "heart.non")
    assert (kind.name, fmt.name) == ("nonogram", "non")
    kind, fmt = kinds.detect(text, "no-extension")
    assert fmt.name == formats.detect(text, "no-extension").NAME
    found, puzzles = kinds.parse(text, "heart.non")
    assert found is kind and puzzles[0].title == "Heart"


def test_an_unknown_file_gets_the_message_as_before_with_every_kinds_formats() -> None:
    with pytest.raises(PuzzleFormatError) as new:
        kinds.detect("hello", "x.dat")
    with pytest.raises(PuzzleFormatError) as old:
        formats.detect("hello", "x.dat")
    assert old.value.message.endswith("picture)")
    assert new.value.message == old.value.message.replace("picture)", "picture, aq, puzzlink)")


def test_format_by_name_and_extension() -> None:
    found = kinds.format_named("xml")
    assert found is not None and found[1].writable and found[0].name == "nonogram"
    assert kinds.format_named("nope") is None
    by_ext = kinds.format_for_extension("A.G")
    assert by_ext is not None and by_ext[1].name == "g"


def test_a_spec_only_a_kind_knows() -> None:
    found = kinds.read_spec("4x4:2/1/2/1/1.1/2/1/1")
    assert found is not None
    kind, puzzles = found
    assert kind.name == "nonogram" and (puzzles[0].width, puzzles[0].height) == (4, 4)
    assert kinds.read_spec("heart") is None


def test_a_registered_kind_contributes_its_subcommands_and_options(registered: _Renamed,
                                                                 capsys) -> None:
    """The CLI asks every kind for its own subcommands and options: nothing in the CLI names
    a kind."""
    from nonotui import cli
    from nonotui.model.kind import Subcommand

    def register_other(sub: object) -> None:
        p = sub.add_parser("other-only", help="a command only the other kind has")  # type: ignore[attr-defined]
        p.set_defaults(func=lambda args: 0)

    def add_options(command: str, parser: object) -> None:
        if command == "solve":
            parser.add_argument("--other-depth", type=int, default=3)  # type: ignore[attr-defined]

    registered.subcommands = lambda: [Subcommand("other-only", register_other)]  # type: ignore[method-assign]
    registered.add_options = add_options  # type: ignore[method-assign]
    registered.solve_options = lambda args: {"depth": args.other_depth}  # type: ignore[method-assign]
    parser = cli.build_parser()
    assert "other-only" in parser.format_help()
    args = parser.parse_args(["solve", "x", "--other-depth", "5", "--linesolvers", "olsak"])
    from nonotui.cli.solve import kind_options

    options = kind_options(args)
    assert options["nonogram"] == {"linesolvers": "olsak"} and options["other"] == {"depth": 5}
    assert options["aquarium"] == {}  # no options of its own
    assert cli.main(["other-only"]) == 0
