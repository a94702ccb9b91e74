"""The settings screen: every setting with all of its choices in view, changed in place.

Each setting is one :class:`ChoiceLine`: its name, then its choices with the current one in
brackets (so it reads without colour too). Up and down (or tab) go from setting to setting, left
and right choose, a click picks a choice; a change applies at once and is saved.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Size
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Label, Static

from nonotui import kinds
from nonotui.store.settings import (
    CHECK_CHOICES,
    FILTER_CHOICES,
    GLYPH_CHOICES,
    GRADE_CHOICES,
    SOLVE_SPEEDS,
    SORT_CHOICES,
    Settings,
)
from nonotui.ui.frames import FRAME_BUDGET
from nonotui.ui.host import host_of


@dataclass(frozen=True)
class SettingInfo:
    """How the player sees one setting: its name, what it does and its choices."""

    name: str
    """The :class:`~nonotui.store.settings.Settings` field."""
    label: str
    about: str
    choices: tuple[str, ...]


def _longest(speed: str) -> str:
    seconds = SOLVE_SPEEDS[speed] * FRAME_BUDGET
    return f"{speed} (at most {seconds:g} s)"


def setting_infos(themes: tuple[str, ...]) -> tuple[SettingInfo, ...]:
    """Every setting, in the order the settings screen and the command palette show them."""
    speeds = tuple(SOLVE_SPEEDS)
    return (
        SettingInfo("solve_speed", "Auto-solve speed",
                    "How fast auto-solve shows its steps: "
                    + ", ".join(_longest(s) if SOLVE_SPEEDS[s] else s for s in speeds)
                    + "; enter finishes at once.", speeds),
        SettingInfo("check", "Check mode",
                    "When wrong marks are flagged: off, on request (the c key), or immediate "
                    "(after every move).", CHECK_CHOICES),
        SettingInfo("glyphs", "Glyphs",
                    "How cells are drawn: auto (Unicode when the terminal can show it), "
                    "unicode or ascii.", GLYPH_CHOICES),
        SettingInfo("sort", "Library sort",
                    "The library's order: by name, by size, by state (in progress first) or by "
                    "grade (easiest first).",
                    SORT_CHOICES),
        SettingInfo("filter", "Library shows",
                    "Which puzzles the library lists: all, new, in progress (playing) or solved.",
                    FILTER_CHOICES),
        SettingInfo("grade", "Library grade",
                    "Which grade the library lists: any, or one grade (0: needs guessing or "
                    "not unique).", GRADE_CHOICES),
        SettingInfo("kind", "Library kind",
                    "Which kind of puzzle the library lists: all, or one kind.",
                    ("all", *kinds.names())),
        SettingInfo("theme", "Theme", "The colours (Textual's themes).", themes),
    )


class ChoiceLine(Widget, can_focus=True):
    """One setting: its label and every choice, the current one in brackets; left and right
    choose, a click picks. Wraps onto more lines when the choices do not fit the width."""

    DEFAULT_CSS = """
    ChoiceLine { height: auto; width: 100%; padding: 0 1; }
    ChoiceLine:focus { background: $boost; }
    ChoiceLine > .choice--current { text-style: bold reverse; }
    ChoiceLine > .choice--label { text-style: bold; }
    """

    COMPONENT_CLASSES = {"choice--current", "choice--label"}

    BINDINGS = [
        Binding("left,h", "step(-1)", "Previous choice", show=False),
        Binding("right,l,space", "step(1)", "Next choice", show=False),
        Binding("up,k", "app.focus_previous", "Previous setting", show=False),
        Binding("down,j", "app.focus_next", "Next setting", show=False),
    ]

    LABEL_WIDTH = 19

    class Changed(Message):
        """A choice was made."""

        def __init__(self, line: ChoiceLine) -> None:
            super().__init__()
            self.line = line

    def __init__(self, info: SettingInfo, value: str) -> None:
        super().__init__(id=f"setting-{info.name}")
        self.info = info
        self.value = value
        self._spots: list[tuple[int, int, int, str]] = []
        """``(line, x from, x to, choice)`` of each choice as last drawn."""

    def _layout(self, width: int) -> list[list[tuple[int, str]]]:
        """Each line's choices with their x, wrapped within ``width``."""
        lines: list[list[tuple[int, str]]] = [[]]
        x = self.LABEL_WIDTH
        for choice in self.info.choices:
            size = len(choice) + 2
            if x + size > width and lines[-1]:
                lines.append([])
                x = self.LABEL_WIDTH
            lines[-1].append((x, choice))
            x += size + 1
        return lines

    def _width(self) -> int:
        return self.content_region.width or 76

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._layout(width))

    def render(self) -> Text:
        current = self.get_component_rich_style("choice--current")
        label = self.get_component_rich_style("choice--label")
        text = Text(no_wrap=True, end="")
        self._spots = []
        for n, line in enumerate(self._layout(self._width())):
            if n:
                text.append("\n")
            # ">" marks the setting that left and right change, without colour too
            head = (">" if self.has_focus else " ") + self.info.label
            text.append(head.ljust(self.LABEL_WIDTH) if n == 0 else " " * self.LABEL_WIDTH,
                        label if n == 0 else "")
            x = self.LABEL_WIDTH
            for start, choice in line:
                text.append(" " * (start - x))
                chosen = choice == self.value
                text.append(f"[{choice}]" if chosen else f" {choice} ", current if chosen else "")
                self._spots.append((n, start, start + len(choice) + 2, choice))
                x = start + len(choice) + 2
        return text

    def on_focus(self, _event: events.Focus) -> None:
        self.refresh()

    def on_blur(self, _event: events.Blur) -> None:
        self.refresh()

    def choose(self, value: str) -> None:
        """Make ``value`` the current choice and say so."""
        if value != self.value and value in self.info.choices:
            self.value = value
            self.refresh(layout=True)
            self.post_message(self.Changed(self))

    def action_step(self, delta: int) -> None:
        """Choose the previous or next choice (wrapping around)."""
        choices = self.info.choices
        self.choose(choices[(choices.index(self.value) + delta) % len(choices)]
                    if self.value in choices else choices[0])

    def on_click(self, event: events.Click) -> None:
        self.focus()
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for line, start, end, choice in self._spots:
            if line == offset.y and start <= offset.x < end:
                self.choose(choice)


class SettingsScreen(ModalScreen[None]):
    """Lists every setting with its choices; escape (or the settings key again) closes."""

    BINDINGS = [
        Binding("escape,q,comma,f2", "dismiss", "Close"),
        Binding("tab", "app.focus_next", show=False),
        Binding("shift+tab", "app.focus_previous", show=False),
    ]

    AUTO_FOCUS = "ChoiceLine"

    DEFAULT_CSS = """
    SettingsScreen { align: center middle; }
    SettingsScreen > Vertical {
        width: 96%; max-width: 100; height: auto; max-height: 96%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    SettingsScreen #settings-title { text-style: bold; }
    SettingsScreen VerticalScroll { height: auto; }
    SettingsScreen #settings-about { color: $foreground 80%; margin-top: 1; height: auto; }
    """

    def __init__(self, settings: Settings, themes: tuple[str, ...]) -> None:
        super().__init__()
        self.settings = settings
        self.infos = setting_infos(themes)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Settings: up/down choose a setting, left/right a choice; escape closes",
                        id="settings-title")
            with VerticalScroll():
                for info in self.infos:
                    yield ChoiceLine(info, getattr(self.settings, info.name))
            yield Static("", id="settings-about", markup=False)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if isinstance(event.widget, ChoiceLine):
            self.query_one("#settings-about", Static).update(event.widget.info.about)

    def on_choice_line_changed(self, message: ChoiceLine.Changed) -> None:
        host_of(self.app).change_setting(message.line.info.name, message.line.value)

