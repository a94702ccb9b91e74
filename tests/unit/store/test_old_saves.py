"""Saved games written by earlier versions resume: real save files (tests/data/saves, see its
README) are migrated on load to the current schema, with their board, history and statistics,
and a newer schema is still refused."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from nonotui.errors import SaveError
from nonotui.kinds.nonogram.notation import format_board
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model import Board
from nonotui.model.kind import CellValue
from nonotui.store import DataDir, ProgressStore
from nonotui.store.catalog import find_bundled
from nonotui.store.progress import (
    SCHEMA,
    NewerSaveError,
    decode_board,
    encode_board,
    legend_for,
)

SAVES = Path(__file__).resolve().parents[2] / "data" / "saves"
REPO = Path(__file__).resolve().parents[3]
OLD = sorted(SAVES.glob("schema*.json"))
PUZZLE_OF = {"Heart": "heart", "House": "house", "Arrow": "arrow"}


def puzzle_of(doc: dict[str, object]) -> Puzzle:
    puzzle = find_bundled(PUZZLE_OF[str(doc["title"])])
    assert puzzle is not None and puzzle.identity == doc["identity"]
    return puzzle


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(DataDir(tmp_path).progress)


def install(store: ProgressStore, source: Path) -> tuple[dict[str, object], Puzzle, Path]:
    doc = json.loads(source.read_text())
    puzzle = puzzle_of(doc)
    target = store.path_for(puzzle.identity)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    return doc, puzzle, target


def test_there_are_old_saves_of_both_schemas() -> None:
    schemas = {json.loads(p.read_text())["schema"] for p in OLD}
    assert schemas == {1, 2} and len(OLD) >= 6


@pytest.mark.parametrize("source", OLD, ids=lambda p: p.stem)
def test_an_old_save_resumes_with_everything_it_held(store: ProgressStore, source: Path) -> None:
    doc, puzzle, _ = install(store, source)
    result = store.load(puzzle)
    assert result.resumed and result.notice is None
    progress = result.progress
    assert format_board(progress.board.cells).splitlines() == doc["board"]
    assert progress.kind == "nonogram"
    assert (progress.elapsed, progress.moves, progress.solved, progress.best_time) == (
        doc["elapsed"], doc["moves"], doc["solved"], doc["best_time"])
    assert (progress.hints, progress.auto_solves) == (doc.get("hints", 0),
                                                     doc.get("auto_solves", 0))
    if doc["schema"] == 1:
        assert progress.cursor == (0, 0) and not progress.history.can_undo
        return
    assert list(progress.cursor) == doc["cursor"]
    assert progress.history.to_json() == doc["history"]
    # undoing every move leads back to the empty board each game started from
    done = len(progress.history.done)
    while progress.history.undo(progress.board):
        pass
    assert np.all(progress.board.cells == 3)
    # and redoing as many comes back to the saved board
    for _ in range(done):
        assert progress.history.redo(progress.board) is not None
    assert format_board(progress.board.cells).splitlines() == doc["board"]


@pytest.mark.parametrize("source", OLD, ids=lambda p: p.stem)
def test_an_old_save_is_written_back_in_the_current_schema(store: ProgressStore,
                                                           source: Path) -> None:
    doc, puzzle, path = install(store, source)
    first = store.load(puzzle).progress
    store.save(first)
    written = json.loads(path.read_text())
    assert written["schema"] == SCHEMA == 3
    assert written["kind"] == "nonogram"
    assert written["legend"] == {"-": 1, "#": 2, "?": 3}
    assert written["board"] == doc["board"], "a nonogram's rows read as before"
    again = store.load(puzzle).progress
    assert again.board == first.board and again.history == first.history
    assert (again.cursor, again.moves, again.elapsed) == (first.cursor, first.moves,
                                                          first.elapsed)


def test_the_library_summary_reads_old_saves_without_changing_them(store: ProgressStore) -> None:
    for source in OLD:
        doc, puzzle, path = install(store, source)
        before = path.read_bytes()
        summary = store.summary(puzzle)
        expected = "playing"
        if doc["solved"]:
            expected = "solved" if doc["best_time"] is not None else "auto-solved"
        assert summary.state == expected, source.name
        assert path.read_bytes() == before


@pytest.mark.parametrize("schema", [SCHEMA + 1, 99])
def test_a_newer_schema_is_still_refused(store: ProgressStore, schema: int) -> None:
    doc, puzzle, path = install(store, SAVES / "schema2-heart-playing.json")
    doc["schema"] = schema
    path.write_text(json.dumps(doc))
    before = path.read_bytes()
    with pytest.raises(NewerSaveError, match="newer nonotui"):
        store.load(puzzle)
    assert path.read_bytes() == before


def test_hint_reads_an_old_save_as_its_state() -> None:
    """`nonotui hint --state` takes the player's save file, of an older schema too."""
    done = subprocess.run(
        [sys.executable, "-m", "nonotui", "hint", "heart", "--state",
         str(SAVES / "schema2-heart-playing.json"), "--json"],
        cwd=REPO, capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["kind"] == "mistake"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"kind": "aquarium"}, "'aquarium' puzzle"),
        ({"legend": {"#": 2, "-": 1}}, "row 1, column 4: '?' is not in its legend"),
        ({"legend": {"#": 2, "-": 1, "?": 7}}, "maps '?' to 7"),
        ({"legend": []}, "legend is not an object"),
        ({"board": ["#-#(4)?", "#####", "?????", "?????", "?????"]}, "(4) is not a cell value"),
        ({"board": ["#-#?", "#####", "?????", "?????", "?????"]}, "row 1: 4 cells"),
    ],
)
def test_a_damaged_current_save_is_moved_aside(store: ProgressStore, change: dict[str, object],
                                               message: str) -> None:
    _, puzzle, path = install(store, SAVES / "schema2-heart-playing.json")
    store.save(store.load(puzzle).progress)
    doc = json.loads(path.read_text())
    doc.update(change)
    path.write_text(json.dumps(doc))
    result = store.load(puzzle)
    assert result.notice is not None and message in result.notice, result.notice
    assert not result.resumed and not path.exists()


THREE = (
    CellValue("dark", 0, "empty", "."),
    CellValue("lit", 1, "filled", "#"),
    CellValue("half", 2, "color", "?", "#808080"),  # '?' is reserved: written as (4)
)


def test_any_kinds_values_fit_the_board_encoding() -> None:
    legend = legend_for(THREE)
    assert legend == {".": 1, "#": 2, "?": 7}
    cells = np.array([[1, 2, 4, 7], [5, 6, 3, 1]], dtype=np.uint32)
    rows = encode_board(Board(cells), legend)
    assert rows == [".#(4)?", "(5)(6)(3)."]
    assert np.array_equal(decode_board(rows, legend, 4, 2, 7).cells, cells)


def test_decoding_refuses_values_outside_the_kind() -> None:
    with pytest.raises(SaveError, match=r"\(8\) is not a cell value"):
        decode_board(["(8)"], {"?": 7}, 1, 1, 7)
    with pytest.raises(SaveError, match="2 rows, the puzzle 1"):
        decode_board(["?", "?"], {"?": 7}, 1, 1, 7)
