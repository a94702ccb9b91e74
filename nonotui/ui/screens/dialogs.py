"""Small screens: pause, help, opening a file by path, an error message and a confirmation."""

from __future__ import annotations

import textwrap

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from nonotui.model.kind import KeyRules
from nonotui.model.words import plural
from nonotui.ui.keys import help_for


class PauseScreen(ModalScreen[None]):
    """Covers the board while the clock is stopped; any key goes back."""

    DEFAULT_CSS = """
    PauseScreen { align: center middle; background: $background; }
    PauseScreen Label { border: round $primary; padding: 1 4; }
    """

    def compose(self) -> ComposeResult:
        yield Label("Paused: the clock is stopped.\n\nPress any key to play on.")

    def on_key(self, event: events.Key) -> None:
        # The key only ends the pause: stopped here, it would otherwise bubble on to the
        # bindings and also fill, cross or move on the board it uncovers.
        event.stop()
        event.prevent_default()
        self.dismiss()

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.dismiss()


def help_text(width: int | None = None, rules: KeyRules | None = None) -> str:
    """Every key and mouse action, from :func:`nonotui.ui.keys.help_for`.

    Args:
        width: Wrap the descriptions to keep every line within this many characters, each
            continuation indented under its description; ``None`` leaves lines whole.
        rules: The play screen's key rules (its kind's), or ``None`` for :data:`~nonotui.ui.keys.HELP`.
    """
    sections = help_for(rules)
    keys_width = max(len(keys) for _, rows in sections for keys, _ in rows)
    indent = " " * (keys_width + 4)
    text_width = None if width is None else max(20, width - len(indent))
    parts = []
    for section, rows in sections:
        parts.append(section)
        for keys, what in rows:
            lines = [what] if text_width is None else textwrap.wrap(what, text_width)
            parts.append(f"  {keys.ljust(keys_width)}  {lines[0]}")
            parts += [indent + line for line in lines[1:]]
        parts.append("")
    return "\n".join(parts).rstrip()


class HelpScreen(ModalScreen[None]):
    """Lists every key and mouse action (the marking keys of ``rules``, a play screen's)."""

    BINDINGS = [Binding("escape,q,question_mark,f1", "dismiss", "Close")]

    def __init__(self, rules: KeyRules | None = None) -> None:
        super().__init__()
        self.rules = rules

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Vertical {
        width: auto; max-width: 96%; height: auto; max-height: 96%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    HelpScreen VerticalScroll { height: auto; width: auto; }
    HelpScreen #help-title { text-style: bold; }
    HelpScreen #help-text { width: auto; height: auto; }
    """

    CHROME_WIDTH = 8
    """Columns around the text: the border, the padding and a vertical scrollbar."""

    CHROME_HEIGHT = 3
    """Lines around the text: the border and the title."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Keys and mouse (escape closes)", id="help-title")
            with VerticalScroll():
                yield Static(help_text(rules=self.rules), id="help-text", markup=False)

    def on_resize(self, event: events.Resize) -> None:
        # Wrap to the terminal (the longest lines are wider than 80 columns), and let the text
        # scroll within the dialog's height rather than run past its bottom edge.
        width = int(event.size.width * 0.96) - self.CHROME_WIDTH
        self.query_one("#help-text", Static).update(help_text(width, self.rules))
        height = int(event.size.height * 0.96) - self.CHROME_HEIGHT
        self.query_one(VerticalScroll).styles.max_height = max(3, height)


class OpenFileScreen(ModalScreen[str | None]):
    """Asks for a puzzle file's path (or a Tatham game id, or a share code); dismissed with it
    or ``None``."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    DEFAULT_CSS = """
    OpenFileScreen { align: center middle; }
    OpenFileScreen > Vertical {
        width: 80%; max-width: 100; height: auto; border: thick $primary;
        background: $surface; padding: 0 1;
    }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Open a puzzle (FILE, FILE#N, a Tatham game id or a nonotui: share "
                        "code); escape cancels")
            yield Input(placeholder="~/puzzles/cat.non", id="path")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        value = event.value.strip()
        self.dismiss(value or None)


class MessageScreen(ModalScreen[None]):
    """A message the player must acknowledge (errors that stop something from opening)."""

    BINDINGS = [Binding("escape,enter", "dismiss", "Close")]

    DEFAULT_CSS = """
    MessageScreen { align: center middle; }
    MessageScreen > Vertical {
        width: 80%; max-width: 100; height: auto; border: thick $error;
        background: $surface; padding: 0 1;
    }
    MessageScreen #message-title { text-style: bold; }
    MessageScreen VerticalScroll { height: auto; max-height: 16; }
    MessageScreen Button { margin-top: 1; }
    """

    def __init__(self, title: str, message: str) -> None:
        super().__init__()
        self.message_title = title
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.message_title, id="message-title")
            with VerticalScroll():
                yield Static(self.message, markup=False, id="message-text")
            yield Button("OK", variant="primary", id="ok")

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def on_button_pressed(self, _event: Button.Pressed) -> None:
        self.dismiss()


class ConfirmScreen(ModalScreen[bool]):
    """Asks before something that cannot be undone; dismissed with ``True`` to go ahead.

    The safe choice has the focus, so a stray enter changes nothing; escape cancels too.
    """

    BINDINGS = [Binding("escape", "dismiss(False)", "Cancel")]

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical {
        width: 80%; max-width: 72; height: auto; border: thick $warning;
        background: $surface; padding: 0 1;
    }
    ConfirmScreen #confirm-title { text-style: bold; }
    ConfirmScreen Horizontal { height: auto; margin-top: 1; }
    ConfirmScreen Button { margin-right: 2; }
    """

    def __init__(self, title: str, message: str, action: str) -> None:
        super().__init__()
        self.confirm_title = title
        self.message = message
        self.action = action

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.confirm_title, id="confirm-title")
            yield Static(self.message, markup=False, id="confirm-text")
            with Horizontal():
                yield Button("Cancel", variant="primary", id="cancel")
                yield Button(self.action, variant="error", id="confirm")

    def on_mount(self) -> None:
        self.query_one("#cancel", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm")


def restart_question(title: str, moves: int) -> ConfirmScreen:
    """Asked before the play screen starts a puzzle over: a restart cannot be undone (the undo
    history goes with the board)."""
    return ConfirmScreen(
        f"Restart {title}?",
        "This clears the board, the clock and the undo history "
        f"({plural(moves, 'move')}); it cannot be undone. The best time is kept.",
        "Restart",
    )


def leave_unsaved_question() -> ConfirmScreen:
    """Asked before the play screen goes back to the library while its latest moves are not on
    disk (a save failed): leaving drops them."""
    return ConfirmScreen(
        "Progress not saved",
        "Your latest moves on this puzzle could not be written to the data folder, and leaving "
        "it now loses them. Cancel to keep playing (saving is tried again), or free some space "
        "and leave again.",
        "Leave anyway",
    )
