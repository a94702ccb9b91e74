"""Aquarium, nonotui's second kind of puzzle (seed 004): tanks that fill with water from their
lowest row up to one level each, row and column counts of water cells.

The puzzle model is :mod:`nonotui.kinds.aquarium.puzzle`; nothing here loads numba.
"""
