"""The puzzles bundled with nonotui, installed as the package ``nonotui.puzzles``.

Each ``.non`` file here carries its title, author and licence; the library finds them with
``importlib.resources``, so a normal (non-editable) install can play them.
"""
