"""The learning search's target phases (``kernels.cdcl_heur``), the rule written out here apart
from the kernel. The searches they steer are checked by code that shares nothing with the engine
(tests/naive_count.py, in test_cdcl.py's counter tests).
"""

from __future__ import annotations

import numpy as np
import pytest

from nonotui.kinds.nonogram.engine._kernels import cdcl_heur as heur
from tests.conftest import KERNEL_INTERNALS

# kernels only tests call are compiled here: once, on one worker (tests/conftest.py)
pytestmark = pytest.mark.xdist_group(KERNEL_INTERNALS)


@pytest.mark.nojit
def test_target_phases_follow_the_longest_conflict_free_trail() -> None:
    phase = np.array([0, 1, 0, 1, 0], dtype=np.int8)
    target, tlen = heur.new_target(5)
    assert list(target) == [-1] * 5 and tlen[0] == 0
    # cells 4 and 0 filled, then 1 empty
    trail = np.array([2 * 4 + 1, 2 * 0 + 1, 2 * 1 + 0, 0], dtype=np.int32)
    heur.note_trail(trail, 2, phase, target, tlen)
    assert tlen[0] == 2 and list(target) == [1, 1, 0, 1, 1]
    heur.note_trail(trail, 3, phase, target, tlen)
    assert tlen[0] == 3 and list(target) == [1, 0, 0, 1, 1]
    heur.note_trail(trail, 1, phase, target, tlen)  # shorter: kept
    assert tlen[0] == 3 and list(target) == [1, 0, 0, 1, 1]
    # decisions take the target's value, a cell without one its saved phase
    assert heur.decide_phase(1, phase, target) == 0
    target[1] = -1
    assert heur.decide_phase(1, phase, target) == 1
    # a restart forgets the target's length (the search sets it to 0): any trail replaces it
    tlen[0] = 0
    heur.note_trail(trail, 1, phase, target, tlen)
    assert tlen[0] == 1 and list(target) == [0, 1, 0, 1, 1]
