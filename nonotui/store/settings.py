"""The player's settings: glyphs, theme, how the library is sorted and filtered, the check
mode and the auto-solve speed."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from nonotui.errors import SaveError
from nonotui.store import bounds
from nonotui.store.bounds import shown
from nonotui.store.jsonfile import file_in_the_way, move_aside, read_json, write_atomic
from nonotui.store.paths import DATA_DIR_ENV, DataDir

SETTINGS_SCHEMA = 1

GLYPH_CHOICES = ("auto", "unicode", "ascii")
SORT_CHOICES = ("name", "size", "state", "grade")
FILTER_CHOICES = ("all", "new", "playing", "solved")
GRADE_CHOICES = ("any", "1", "2", "3", "4", "5", "0")
"""The library's grade filter: every grade, or one (``0``: needs guessing or not unique)."""
CHECK_CHOICES = ("off", "request", "immediate")
SOLVE_SPEEDS = {"instant": 0.0, "fast": 0.05, "normal": 0.25, "slow": 0.8}
"""Auto-solve speeds: seconds between shown steps."""


@dataclass
class Settings:
    """Settings kept between runs.

    Attributes:
        glyphs: ``auto`` (Unicode when the terminal's encoding can show it), ``unicode`` or
            ``ascii``.
        theme: The Textual theme's name.
        sort: How the library is sorted: ``name``, ``size``, ``state`` or ``grade``.
        filter: Which puzzles the library shows: ``all``, ``new``, ``playing`` or ``solved``.
        grade: Which grade the library shows: ``any`` or one of ``1`` to ``5`` and ``0``.
        check: When wrong marks are flagged: ``off`` (never), ``request`` (on the check key) or
            ``immediate`` (after every move, and on the check key).
        solve_speed: How fast auto-solve shows its steps: one of :data:`SOLVE_SPEEDS`.
        kind: Which kind of puzzle the library shows: ``all`` or a kind's name (``aquarium``);
            a name no kind has (a kind of a newer nonotui) shows every puzzle.
    """

    glyphs: str = "auto"
    theme: str = "textual-dark"
    sort: str = "size"
    filter: str = "all"
    grade: str = "any"
    check: str = "request"
    solve_speed: str = "normal"
    kind: str = "all"

    def validate(self) -> None:
        """Raises SaveError when a value is not one of its choices."""
        for name, choices in (
            ("glyphs", GLYPH_CHOICES),
            ("sort", SORT_CHOICES),
            ("filter", FILTER_CHOICES),
            ("grade", GRADE_CHOICES),
            ("check", CHECK_CHOICES),
            ("solve_speed", tuple(SOLVE_SPEEDS)),
        ):
            value = getattr(self, name)
            if not isinstance(value, str) or value not in choices:
                raise SaveError(f"setting {name} = {shown(value)} is not one of {choices}")
        bounds.name(self.theme, "setting theme")
        bounds.name(self.kind, "setting kind")


class SettingsStore:
    """Reads and writes ``settings.json``."""

    def __init__(self, data_dir: DataDir) -> None:
        self.path = data_dir.settings
        self.root = data_dir.root

    def load(self) -> tuple[Settings, str | None]:
        """The settings and a notice for the player when the file was damaged and moved aside,
        or when the data folder is a file (then nothing can be saved in it)."""
        blocker = file_in_the_way(self.path)
        if blocker is not None:
            where = ("The data folder" if blocker == self.root
                     else f"The data folder {self.root} cannot be made:")
            return Settings(), (
                f"{where} {blocker} is a file, not a folder, so nothing can be saved (settings, "
                f"progress, grades) and the default settings are used. Move that file away, or "
                f"set {DATA_DIR_ENV} to a folder."
            )
        try:
            data = read_json(self.path)
            settings = self._parse(data)
        except FileNotFoundError:
            return Settings(), None
        except SaveError as exc:
            moved = move_aside(self.path)
            return Settings(), (
                f"The settings could not be read ({exc.message}); they were moved to {moved} and "
                "the defaults are used."
            )
        return settings, None

    @staticmethod
    def _parse(data: object) -> Settings:
        if not isinstance(data, dict):
            raise SaveError("the settings file does not hold a JSON object")
        if data.get("schema") != SETTINGS_SCHEMA:
            raise SaveError(f"unknown settings schema {shown(data.get('schema'))}")
        known = {f.name for f in fields(Settings)}
        # Unknown keys are ignored so that an older nonotui can run beside a newer one.
        settings = Settings(**{k: v for k, v in data.items() if k in known})
        settings.validate()
        return settings

    def save(self, settings: Settings) -> None:
        """Write the settings atomically (raises SaveError)."""
        settings.validate()
        write_atomic(self.path, {"schema": SETTINGS_SCHEMA, **asdict(settings)})
