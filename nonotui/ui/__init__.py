"""The Textual player: library, play, finish and help screens around one line-API grid widget.

Import :func:`nonotui.ui.app.make_app` to build the app; this package never imports the engine
(or numba) at import time, so the first frame does not wait for compilation.
"""
