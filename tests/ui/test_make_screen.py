"""The Make screen as a person uses it: draw, read the verdict and the grade, make it unique,
accept, undo, save, share, play. Verdicts are checked with the naive oracle."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from nonotui import kinds
from nonotui.kinds.nonogram.making import BLACK_AND_WHITE
from nonotui.kinds.nonogram.puzzle import Puzzle
from nonotui.model.kind import Drawing
from nonotui.store import DataDir
from nonotui.store.catalog import Catalog
from nonotui.ui.app import make_app
from nonotui.ui.footer import FittingFooter
from nonotui.ui.grid import GridView
from nonotui.ui.screens.dialogs import ConfirmScreen, MessageScreen
from nonotui.ui.screens.library import LibraryScreen
from nonotui.ui.screens.make import MakeScreen, SaveScreen
from tests.naive_count import clues_of, count
from tests.ui.conftest import play_screen, until


def text(screen: MakeScreen, widget: str) -> str:
    return str(screen.query_one(f"#make-{widget}", Static).render())


async def make_screen(pilot, app) -> MakeScreen:  # type: ignore[no-untyped-def]
    await until(pilot, lambda: isinstance(app.screen, MakeScreen))
    screen = app.screen
    assert isinstance(screen, MakeScreen)
    return screen


def settled(screen: MakeScreen) -> bool:
    """The verdict is in, and for a unique drawing its grade too."""
    v = screen.verdict
    return v is not None and (v.status != "unique" or screen.rating is not None)


async def test_library_m_opens_a_blank_drawing_whose_margins_follow_the_keys() -> None:
    app = make_app()
    async with app.run_test(size=(110, 36)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        await pilot.press("m")
        screen = await make_screen(pilot, app)
        assert (screen.editor.width, screen.editor.height) == (15, 15)
        assert "Make unique" in screen.query_one(FittingFooter).shown
        # a plus sign in the top left, with the fill key and shift+arrows
        await pilot.press("l", "space", "j", "h", "shift+right", "shift+right", "j", "h",
                          "space")
        picture = screen.editor.drawing.picture
        assert [row[:3] for row in picture[:3]] == [(0, 1, 0), (1, 1, 1), (0, 1, 0)]
        grid = screen.query_one(GridView)
        puzzle = grid.puzzle
        assert isinstance(puzzle, Puzzle)
        assert (puzzle.rows, puzzle.columns) == clues_of(picture)  # the margins are its clues
        await until(pilot, lambda: settled(screen))
        assert count(*clues_of(picture), cap=2) == 1
        assert text(screen, "verdict").startswith("Unique")
        assert text(screen, "grade").startswith(f"Grade {screen.rating.grade}")  # type: ignore[union-attr]
        # x empties the cell under the cursor; u brings it back
        await pilot.press("x")
        assert screen.editor.drawing.picture[2][1] == 0
        await pilot.press("u")
        assert screen.editor.drawing.picture[2][1] == 1


async def test_several_solutions_are_marked_then_made_unique_accepted_and_undone() -> None:
    start = Drawing.blank(15, 15, BLACK_AND_WHITE).changed(
        [(r, c, 1) for r, c in [(0, 0), (1, 1), (5, 5), (6, 6), (10, 3), (11, 4)]])
    app = make_app(make=MakeScreen(start))
    async with app.run_test(size=(110, 36)) as pilot:
        screen = await make_screen(pilot, app)
        await until(pilot, lambda: settled(screen))
        assert count(*clues_of(start.picture), cap=2) == 2
        assert screen.verdict is not None and screen.verdict.status == "several"
        grid = screen.query_one(GridView)
        assert grid.highlight == screen.verdict.differing and grid.highlight
        assert "Several solutions" in text(screen, "verdict")
        await pilot.press("U")
        await until(pilot, lambda: screen.proposal is not None, timeout=15)
        proposal = screen.proposal
        assert proposal is not None and proposal.found and proposal.changes
        assert grid.highlight == {(r, c) for r, c, _ in proposal.changes}
        assert "enter accepts all" in text(screen, "status")
        # one at a time: the first change, then the rest
        await pilot.press("full_stop")
        assert screen.editor.drawing == start.changed(proposal.changes[:1])
        if len(proposal.changes) > 1:
            await until(pilot, lambda: screen.proposal is not None)
            await pilot.press("enter")
        made = screen.editor.drawing
        assert made == start.changed(proposal.changes)
        assert count(*clues_of(made.picture), cap=2) == 1  # the oracle agrees
        await until(pilot, lambda: settled(screen))
        assert screen.verdict.status == "unique"
        # each acceptance is a move: undo walks back to the drawing as it was
        for _ in range(1 + (len(proposal.changes) > 1)):
            await pilot.press("u")
        assert screen.editor.drawing == start
        # escape drops a proposal without changing anything
        await pilot.press("U")
        await until(pilot, lambda: screen.proposal is not None, timeout=15)
        await pilot.press("escape")
        assert screen.proposal is None and screen.editor.drawing == start


async def test_save_share_and_play_a_drawing(data_dir: DataDir) -> None:
    plus = Drawing.blank(5, 5, BLACK_AND_WHITE).changed(
        [(2, c, 1) for c in range(5)] + [(r, 2, 1) for r in range(5)])
    app = make_app(make=MakeScreen(plus))
    async with app.run_test(size=(110, 36)) as pilot:
        screen = await make_screen(pilot, app)
        await until(pilot, lambda: settled(screen))
        # leaving with unsaved changes asks first
        await pilot.press("space")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("escape")  # cancel: still making
        await until(pilot, lambda: app.screen is screen)
        await pilot.press("u")
        await until(pilot, lambda: settled(screen))
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, SaveScreen))
        app.screen.query_one("#title", Input).value = "Plus sign"
        app.screen.query_one("#author", Input).value = "Tester"
        app.screen.query_one("#license", Input).value = "CC0-1.0"
        app.screen.query_one("#license", Input).focus()
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen)
        assert not screen.editor.unsaved and "saved to" in text(screen, "status")
        saved = [e for e in Catalog(data_dir).entries() if e.source == "user"]
        assert len(saved) == 1 and saved[0].name == "plus-sign.non"
        puzzle = saved[0].puzzle
        assert isinstance(puzzle, Puzzle)
        assert (puzzle.title, puzzle.author, puzzle.license) == ("Plus sign", "Tester", "CC0-1.0")
        assert (puzzle.rows, puzzle.columns) == clues_of(plus.picture)
        # the share code holds the same puzzle
        await pilot.press("S")
        await until(pilot, lambda: isinstance(app.screen, MessageScreen))
        message = str(app.screen.query_one("#message-text", Static).render())
        code = message.split()[0]
        assert code.startswith("nonotui:1:")
        assert kinds.from_share_code(code).identity == puzzle.identity
        await pilot.press("escape")
        # p plays it, with hints
        await until(pilot, lambda: app.screen is screen)
        await pilot.press("p")
        play = await play_screen(pilot)
        assert play.puzzle.identity == puzzle.identity


async def test_an_aquarium_is_drawn_as_tanks_and_water_and_judged_like_a_nonogram(
        data_dir: DataDir) -> None:
    from nonotui.kinds.aquarium.puzzle import AquariumPuzzle, make_puzzle
    from tests.unit.aquarium import oracle

    app = make_app()
    async with app.run_test(size=(110, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LibraryScreen))
        library = app.screen
        assert isinstance(library, LibraryScreen)
        # with the library showing Aquarium puzzles only, m draws an aquarium
        while library.shown_kind() != "aquarium":
            await pilot.press("k")
        await pilot.press("m")
        screen = await make_screen(pilot, app)
        assert screen.kind.name == "aquarium" and screen.editor.has_tanks
        grid = screen.query_one(GridView)
        # space pours water to the cursor's row across its tank: the margins count it
        await pilot.press("j", "j", "space")
        d = screen.editor.drawing
        assert d.regions is not None and any(any(row) for row in d.picture)
        puzzle = grid.puzzle
        assert isinstance(puzzle, AquariumPuzzle)
        rows = [sum(row) for row in d.picture]
        assert list(puzzle.rows) == rows
        # shift+arrow stretches the tank: the next cell takes its tank and its water
        await pilot.press("shift+right")
        d = screen.editor.drawing
        assert d.regions is not None and d.regions[2][1] == d.regions[2][0]
        assert d.picture[2][1] == d.picture[2][0] == 1
        # n walls the cell off; u undoes it
        await pilot.press("n")
        walled = screen.editor.drawing.regions
        assert walled is not None and walled[2][1] != walled[2][0]
        await pilot.press("u")
        assert screen.editor.drawing == d
        await until(pilot, lambda: settled(screen), timeout=15)
        counted = make_puzzle(rows=[sum(row) for row in d.picture],
                              columns=[sum(row[c] for row in d.picture) for c in range(d.width)],
                              tanks=d.regions)
        n = oracle.count(counted, limit=2)
        assert screen.verdict is not None
        assert screen.verdict.status == ("unique" if n == 1 else "several")
        await pilot.press("U")  # no search for Aquarium: not in the footer, nothing changes
        assert screen.proposal is None and screen.editor.drawing == d
        assert "Make unique" not in screen.query_one(FittingFooter).shown and "Fill" in screen.query_one(FittingFooter).shown
        if n > 1:
            assert "change it there" in text(screen, "verdict")
        else:
            assert text(screen, "grade").startswith("Grade")
        # the share code holds an Aquarium puzzle with the drawing as its goal
        await pilot.press("S")
        await until(pilot, lambda: isinstance(app.screen, MessageScreen))
        code = str(app.screen.query_one("#message-text", Static).render()).split()[0]
        shared = kinds.from_share_code(code)
        assert isinstance(shared, AquariumPuzzle) and shared.tanks == d.regions
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, MessageScreen))
        assert "tanks" in str(app.screen.query_one("#message-text", Static).render())


async def test_make_harder_proposes_changes_that_need_a_contradiction() -> None:
    from nonotui.kinds.nonogram.making import make_easier, make_harder
    from tests.naive_count import line_solvable
    from tests.unit.maker.test_making import speckle

    def easy(seed: int) -> Drawing:
        start = speckle(seed, 8, 8)
        return start.changed(make_easier(start).changes)

    start = next(d for d in map(easy, range(40)) if make_harder(d).found)
    assert line_solvable(*clues_of(start.picture))
    app = make_app(make=MakeScreen(start))
    async with app.run_test(size=(110, 36)) as pilot:
        screen = await make_screen(pilot, app)
        await until(pilot, lambda: settled(screen))
        assert screen.rating is not None and screen.rating.grade <= 3
        await pilot.press("H")
        await until(pilot, lambda: screen.proposal is not None, timeout=15)
        assert text(screen, "verdict").startswith("Make harder: ")
        await pilot.press("enter")
        await until(pilot, lambda: screen.proposal is None and settled(screen), timeout=15)
        picture = screen.editor.drawing.picture
        assert picture != start.picture
        assert count(*clues_of(picture), cap=2) == 1 and not line_solvable(*clues_of(picture))
        assert screen.rating is not None and screen.rating.grade >= 4
        assert text(screen, "grade").startswith(f"Grade {screen.rating.grade}")


async def test_export_writes_the_format_its_extension_names(tmp_path: Path,
                                                             data_dir: DataDir) -> None:
    from nonotui.ui.screens.make import AskScreen

    plus = Drawing.blank(5, 5, BLACK_AND_WHITE).changed(
        [(2, c, 1) for c in range(5)] + [(r, 2, 1) for r in range(5)])
    app = make_app(make=MakeScreen(plus, title="Plus"))
    async with app.run_test(size=(110, 36)) as pilot:
        screen = await make_screen(pilot, app)
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, AskScreen))
        field = app.screen.query_one("#answer", Input)
        assert field.value == "plus.non"  # the title's name in the kind's own format
        field.value = str(tmp_path / "plus.png")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MessageScreen))
        said = str(app.screen.query_one("#message-text", Static).render())
        assert "plus.png: nonotui writes Nonogram puzzles as .non" in said
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, AskScreen))
        app.screen.query_one("#answer", Input).value = str(tmp_path / "plus.cwd")
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen)
        assert f"exported to {tmp_path / 'plus.cwd'}" in text(screen, "status")
        (back,) = kinds.load_all(tmp_path / "plus.cwd")
        assert (back.rows, back.columns) == clues_of(plus.picture)


class FailingOnce:
    """The real maker, whose first verdict raises (an engine that broke)."""

    def __init__(self, maker: object) -> None:
        self.maker, self.calls = maker, 0

    def __getattr__(self, name: str) -> object:
        return getattr(self.maker, name)

    def verdict(self, drawing: Drawing, *args: object) -> object:
        self.calls += 1
        if self.calls == 1:
            raise RuntimeError("the engine broke")
        return self.maker.verdict(drawing, *args)  # type: ignore[attr-defined]


async def test_a_failed_verdict_is_said_and_the_next_change_checks_again() -> None:
    screen = MakeScreen(Drawing.blank(5, 5, BLACK_AND_WHITE))
    screen.maker = FailingOnce(screen.maker)  # type: ignore[assignment]
    app = make_app(make=screen)
    async with app.run_test(size=(110, 36)) as pilot:
        await make_screen(pilot, app)
        await until(pilot, lambda: "failed" in text(screen, "verdict"))
        assert text(screen, "verdict") == ("The verdict failed: the engine broke "
                                           "(the next change checks again)")
        assert screen.verdict is None
        await pilot.press("space")  # one filled cell in a 5x5: unique
        await until(pilot, lambda: settled(screen))
        assert screen.verdict is not None and screen.verdict.status == "unique"
        assert count(*clues_of(screen.editor.drawing.picture), cap=2) == 1
        assert text(screen, "verdict") == "Unique: one solution"
