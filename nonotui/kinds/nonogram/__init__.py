"""Nonograms, the first puzzle kind: the :class:`~nonotui.model.kind.Kind` implementation is
:data:`nonotui.kinds.nonogram.kind.KIND`, which the registry loads by name."""
