"""Nonograms, the first puzzle kind, all in this package: the :class:`~nonotui.model.kind.Kind`
implementation is :data:`nonotui.kinds.nonogram.kind.KIND`, which the registry loads by name;
``puzzle``, ``notation`` and ``tracker`` are the kind's model, ``formats`` its file formats and
``engine`` its linesolvers, solver, hints and numba kernels (docs/architecture.md, "Layout").

Importing this package loads nothing else: the registry imports ``kind`` alone, which imports
the engine only when it is first used.
"""
