"""The screens reach the app's own attributes through ``nonotui.ui.host`` (naming the app class
would be an import cycle): the player app is such a host, and another app is refused loudly."""

from __future__ import annotations

import pytest
from textual.app import App

from nonotui.ui.app import make_app
from nonotui.ui.host import host_of


def test_the_player_app_is_the_host_its_screens_need() -> None:
    app = make_app()
    host = host_of(app)
    assert host is app and host.settings is app.settings and host.engine_ready is False


def test_an_app_that_is_not_the_player_is_refused() -> None:
    with pytest.raises(TypeError, match="not the nonotui player app"):
        host_of(App())
