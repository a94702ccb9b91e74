"""A search's statistics: the counts every search may have typed, a kind's own kept beside them
in its order, and a kind's plain mapping taken as it is."""

from __future__ import annotations

import json

from nonotui.model.vocab import SolveOutcome, SolveStats


def test_common_counts_are_typed_and_absent_ones_are_none() -> None:
    stats = SolveStats({"lines": 12, "probes": 3, "guesses": 0, "strategy": "wu"})
    assert (stats.probes, stats.guesses, stats.max_depth) == (3, 0, None)
    assert stats.extras == {"lines": 12, "strategy": "wu"}
    assert list(stats) == ["lines", "probes", "guesses", "strategy"]  # the kind's order
    assert json.dumps(dict(stats)) == '{"lines": 12, "probes": 3, "guesses": 0, "strategy": "wu"}'


def test_a_count_that_is_not_a_whole_number_is_not_taken_as_one() -> None:
    stats = SolveStats({"probes": True, "guesses": "7", "max_depth": 2.5})
    assert (stats.probes, stats.guesses, stats.max_depth) == (None, None, None)


def test_an_outcome_given_a_plain_mapping_holds_typed_stats() -> None:
    outcome = SolveOutcome("unique", (), 0.1, {"boards": 4})  # as a kind may give it
    assert isinstance(outcome.stats, SolveStats) and outcome.stats.extras == {"boards": 4}
    assert outcome.stats.guesses is None
    assert SolveOutcome("unique", (), 0.1).stats == {}
