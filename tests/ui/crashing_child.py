"""The player as a child process of a test, with a bug planted: ``python
tests/ui/crashing_child.py ARGS...`` runs ``nonotui ARGS...`` (the real command line,
``nonotui.cli.main()``, as the console script runs it) with the play screen's undo key raising
an exception nothing handles. Used by ``tests/ui/test_internal_error.py``; nothing of it ships."""

from __future__ import annotations

MESSAGE = "a bug planted by the crash test"


def main() -> None:
    from nonotui.cli import main as nonotui
    from nonotui.ui.screens.play import PlayScreen

    def undo(self: PlayScreen) -> None:
        raise RuntimeError(MESSAGE)

    PlayScreen.action_undo = undo  # type: ignore[method-assign]
    nonotui()


if __name__ == "__main__":
    main()
