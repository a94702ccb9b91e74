"""The catalogue: the bundled puzzles and the Learn collection, the user's puzzles folder
(whatever it holds), and a puzzle named on the command line (a file, FILE#N, a game id, a
bundled name or title, or a name close to one)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nonotui.errors import NonotuiError
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.store import DataDir
from nonotui.store.catalog import (
    Catalog,
    Entry,
    bundled_entries,
    closest_bundled,
    find_bundled,
    learn_entries,
    open_puzzles,
)

DATA = Path(__file__).resolve().parents[2] / "data" / "formats"
BUNDLE = DATA / "bundle.non"
"""Two puzzles in one file."""
TATHAM = "4x4:2/1/2/1/1.1/2/1/1"
HEART = "4cb52834e9483890e998a42acd718f33f42a1d75e480b5fd5e021d4e1475e5e0"
"""The identity of the bundled Heart."""


@pytest.fixture
def catalog(tmp_path: Path) -> Catalog:
    return Catalog(DataDir(tmp_path / "data"))


def test_an_entry_is_titled_by_its_puzzle_or_else_its_file() -> None:
    titled = Puzzle.from_picture([[1]], title="Dot")
    untitled = Puzzle.from_picture([[1]], title="")
    assert Entry("a.non", "user", titled).title == "Dot"
    assert Entry("a.non", "user", untitled).title == "a.non"
    assert Entry("b.non", "user", None, "b.non: broken").title == "b.non"


def test_the_bundled_puzzles_are_every_file_but_the_learn_collection(catalog: Catalog) -> None:
    names = [e.name for e in catalog.bundled()]
    files = sorted(p.name for p in (Path(__file__).resolve().parents[3] / "puzzles").iterdir()
                   if p.suffix in (".non", ".aq") and p.name != "learn.non"
                   and not p.name.startswith("learn-"))
    assert names == files  # one puzzle per file: named by the file alone, sorted
    assert all(e.source == "bundled" and e.puzzle is not None and e.error is None
               for e in catalog.bundled())
    heart = next(e for e in catalog.bundled() if e.name == "heart.non")
    assert heart.title == "Heart" and heart.puzzle is not None
    assert heart.puzzle.identity == HEART
    kinds_found = {type(e.puzzle).__module__.split(".")[2] for e in catalog.bundled()}
    assert kinds_found == {"nonogram", "aquarium"}  # every kind's files are found


def test_the_learn_collection_is_in_its_own_order(catalog: Catalog) -> None:
    lessons = catalog.learn()
    assert lessons == learn_entries()
    # the nonogram collection's file, then the other kinds' files (one puzzle each) by name
    nonograms = [e for e in lessons if e.name.startswith("learn.non#")]
    others = lessons[len(nonograms):]
    assert [e.name for e in nonograms] == [
        f"learn.non#{i}" for i in range(1, len(nonograms) + 1)]
    assert [e.name for e in others] == [f"learn-aquarium-{i}.aq" for i in (1, 2, 3)]
    assert len(nonograms) >= 5 and all(e.source == "learn" for e in lessons)
    assert [e.title.split(":")[0] for e in nonograms] == [
        f"Learn {i}" for i in range(1, len(nonograms) + 1)]
    assert [e.title.split(":")[0] for e in others] == [f"Learn Aquarium {i}" for i in (1, 2, 3)]
    # the command line finds them among the bundled files, by their names
    assert sorted(e.name for e in bundled_entries() if e.name.startswith("learn")) == sorted(
        e.name for e in lessons)


def test_the_users_folder_is_made_when_missing_and_read_whatever_it_holds(
    catalog: Catalog,
) -> None:
    folder = catalog.data_dir.puzzles
    assert catalog.scan_user().entries == [] and folder.is_dir()
    (folder / "heart.non").write_bytes((DATA / "heart.non").read_bytes())
    (folder / "bundle.non").write_bytes(BUNDLE.read_bytes())
    (folder / "broken.non").write_text("width 5\nheight x\n")
    os.mkfifo(folder / "pipe.non")
    (folder / "notes.md").write_text("not a puzzle")
    (folder / "sub").mkdir()
    (folder / ".hidden.non").write_text("never read")
    (folder / ".swap").write_text("")
    scan = catalog.scan_user()
    assert [(e.name, e.source) for e in scan.entries] == [
        ("broken.non", "user"), ("bundle.non#1", "user"), ("bundle.non#2", "user"),
        ("heart.non", "user"), ("pipe.non", "user")]
    assert scan.skipped == ["notes.md", "sub/"]
    broken, first, second, heart, pipe = scan.entries
    assert broken.puzzle is None and broken.error is not None and broken.reason is not None
    assert broken.error.startswith(str(folder / "broken.non"))
    assert str(folder) not in broken.reason, "the reason leaves out the file's path"
    assert broken.error.endswith(broken.reason)
    assert pipe.puzzle is None and pipe.reason is not None and "named pipe" in pipe.reason
    assert first.puzzle is not None and second.puzzle is not None
    assert first.puzzle.identity != second.puzzle.identity
    assert heart.puzzle is not None and heart.puzzle.identity == HEART and heart.error is None
    assert catalog.user() == scan.entries
    assert catalog.entries() == catalog.bundled() + scan.entries


def test_a_users_folder_that_cannot_be_made_is_noted(catalog: Catalog) -> None:
    catalog.data_dir.root.parent.mkdir(parents=True, exist_ok=True)
    catalog.data_dir.root.write_text("a file where the data folder should be")
    scan = catalog.scan_user()
    assert scan.entries == []
    assert len(scan.skipped) == 1
    assert scan.skipped[0].startswith(f"{catalog.data_dir.puzzles}: ")


@pytest.mark.parametrize("name", ["heart", "Heart", "heart.non", " HEART ", "HEART.NON"])
def test_a_bundled_puzzle_is_found_by_file_name_or_title(name: str) -> None:
    puzzle = find_bundled(name)
    assert puzzle is not None and puzzle.identity == HEART
    assert Catalog(DataDir(Path("unused"))).find_bundled(name) == puzzle


def test_bundled_names_of_every_kind_and_of_the_learn_collection() -> None:
    angelfish = find_bundled("angelfish")
    assert angelfish is not None and angelfish is not None
    assert find_bundled("angelfish.aq") == angelfish and find_bundled("Angelfish") == angelfish
    lessons = learn_entries()
    assert find_bundled("learn#2") == lessons[1].puzzle
    assert find_bundled("learn.non#2") == lessons[1].puzzle
    assert find_bundled(lessons[2].title) == lessons[2].puzzle
    assert find_bundled("nothing-like-it") is None


def test_the_closest_bundled_names_come_first_each_once() -> None:
    assert closest_bundled("hart") == ["heart", "parrot"]
    assert closest_bundled("hart", 1) == ["heart"]
    assert closest_bundled("Heart.non") == ["heart"], "its title and its name: one name"
    assert closest_bundled("qqqqzzzz") == []
    assert len(closest_bundled("a", 10)) <= 10


def test_open_puzzles_takes_a_file_a_numbered_puzzle_a_game_id_or_a_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzles, label = open_puzzles(str(BUNDLE))
    assert len(puzzles) == 2 and label == str(BUNDLE)
    (second,), label = open_puzzles(f"{BUNDLE}#2")
    assert second == puzzles[1] and label == f"{BUNDLE}#2"
    (tatham,), label = open_puzzles(f"  {TATHAM}  ")
    assert (tatham.width, tatham.height) == (4, 4)
    (heart,), label = open_puzzles(" heart ")
    assert heart.identity == HEART and label == "heart"
    # a real file of a bundled puzzle's name wins over the bundled puzzle
    monkeypatch.chdir(tmp_path)
    Path("heart").write_bytes(BUNDLE.read_bytes())
    mine, label = open_puzzles("heart")
    assert len(mine) == 2 and label == "heart"
    assert open_puzzles("heart#1")[0] == [puzzles[0]]


def test_open_puzzles_says_what_is_wrong(tmp_path: Path) -> None:
    with pytest.raises(NonotuiError) as close:
        open_puzzles("hart")
    assert close.value.message == (
        "hart: no such file or bundled puzzle (closest bundled puzzles: heart, parrot)")
    with pytest.raises(NonotuiError) as far:
        open_puzzles("qqqqzzzz")
    listed = far.value.message.removeprefix("qqqqzzzz: no such file or bundled puzzle (bundled "
                                            "puzzles: ")
    assert listed.startswith("anchor, angelfish, arrow")
    # a path is a file that is not there: the file's own words, not the bundled names
    for missing in (str(tmp_path / "gone.non"), "sub\\gone.non"):
        with pytest.raises(NonotuiError) as gone:
            open_puzzles(missing)
        assert "bundled" not in gone.value.message and "gone.non" in gone.value.message
    with pytest.raises(NonotuiError):
        open_puzzles(f"{tmp_path / 'gone.non'}#2")


def test_resolve_notes_a_file_of_several_puzzles(catalog: Catalog) -> None:
    puzzle, label, note = catalog.resolve_noted(str(BUNDLE))
    assert label == str(BUNDLE)
    assert note == (f"{BUNDLE} holds 2 puzzles; this is the first. Open {BUNDLE}#2 (and so on) "
                    "for the others.")
    assert catalog.resolve(str(BUNDLE)) == (puzzle, label)
    assert catalog.resolve_noted("heart")[2] is None
    assert catalog.resolve_noted(f"{BUNDLE}#2")[2] is None


def test_a_users_file_whose_error_has_no_separate_problem_gives_its_whole_message(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    from nonotui import kinds

    def refuse(path: Path) -> list[object]:
        raise NonotuiError("this kind cannot read it")

    catalog.data_dir.puzzles.mkdir(parents=True)
    (catalog.data_dir.puzzles / "odd.non").write_text("anything")
    monkeypatch.setattr(kinds, "load_all", refuse)
    (entry,) = catalog.user()
    assert (entry.error, entry.reason) == ("this kind cannot read it",) * 2


def test_the_closest_names_are_three_unless_asked_and_titles_count() -> None:
    assert closest_bundled("fish") == ["fish", "starfish", "goldfish"]
    assert closest_bundled("fish", 10) == ["fish", "starfish", "goldfish", "clownfish",
                                           "angelfish"]
    # close to a title alone: the puzzle's name is given
    assert closest_bundled("learn 1: simple space") == ["learn#1"]
    assert closest_bundled("LEARN 1: SIMPLE SPACE") == ["learn#1"]


def test_specs_that_are_not_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a generator id has no "/": it is read as an id, not looked up among the bundled names
    (made,), label = open_puzzles("gen1:5x5:g1:nosym:d80:1")
    assert (made.width, made.height) == (5, 5) and label == "gen1:5x5:g1:nosym:d80:1"
    # a number alone names nothing: not the current folder's puzzles
    with pytest.raises(NonotuiError, match=r"^12: no such file or bundled puzzle"):
        open_puzzles("12")
    # FILE#N splits at the last "#": a file name may hold one too
    monkeypatch.chdir(tmp_path)
    Path("x#1.non").write_bytes(BUNDLE.read_bytes())
    both, _ = open_puzzles("x#1.non")
    (second,), label = open_puzzles("x#1.non#2")
    assert second == both[1] and label == "x#1.non#2"
