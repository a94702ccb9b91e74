"""``nonotui bench --jobs N``: the worker pool gives the same rows as one process, in input
order, with each puzzle's own timeout; stuck or dead workers are replaced; Ctrl-C stops every
worker. Statuses are checked against the independent counter (tests/naive_count.py)."""

from __future__ import annotations

import functools
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nonotui.cli import jobs, main
from nonotui.kinds.nonogram.formats import load_all
from tests import jobs_helpers
from tests import naive_count as naive
from tests.conftest import HARD_PUZZLE, HARD_PUZZLE_2

DATA = Path(__file__).resolve().parents[2] / "data" / "formats"
REPO = Path(__file__).resolve().parents[3]
TATHAM = "4x4:2/1/2/1/1.1/2/1/1"
TWO_WAYS = "2x2:1/1/1/1"
IMPOSSIBLE = "3x3:1/0/1/2/0/0"
STATS_KEYS = {"lines", "probes", "guesses", "max_depth"}


def run_json(capsys, *argv: str) -> tuple[int, list[dict]]:
    code = main([*argv, "--json"])
    captured = capsys.readouterr()
    sys.stderr.write(captured.err)
    return code, json.loads(captured.out)


def oracle_status(path: Path, index: int) -> str:
    """The status the independent counter gives the ``index``-th puzzle (from 1) of a file."""
    puzzle = load_all(path)[index - 1]
    n = naive.count(puzzle.rows, puzzle.columns, cap=2)
    return {0: "contradiction", 1: "unique", 2: "multiple"}[n]


def small_folder(tmp_path: Path, *, bad: bool = False) -> Path:
    """Small puzzles in several formats (one bundle), and with ``bad`` a broken file (and a
    colour puzzle beside it)."""
    folder = tmp_path / "puzzles"
    (folder / "nested").mkdir(parents=True)
    for name in ("heart.nin", "heart.non", "bundle.non"):
        (folder / name).write_bytes((DATA / name).read_bytes())
    for name, spec in (("tatham.txt", TATHAM), ("two.txt", TWO_WAYS),
                       ("impossible.txt", IMPOSSIBLE)):
        (folder / "nested" / name).write_text(spec + "\n", encoding="utf-8")
    if bad:
        (folder / "flower.non").write_bytes((DATA / "flower.non").read_bytes())
        (folder / "nested" / "broken.nin").write_text("2 2\n1\n", encoding="utf-8")
    return folder


def same_rows(one: list[dict], many: list[dict]) -> None:
    """Rows that agree on everything but the times (and the search's statistics)."""
    def key(row: dict) -> dict:
        return {k: v for k, v in row.items() if k not in ("seconds", "stats")}

    assert [key(r) for r in many] == [key(r) for r in one]


# -- the command ------------------------------------------------------------------------------


def test_jobs_give_the_rows_of_one_process_in_input_order(tmp_path: Path, capsys) -> None:
    folder = small_folder(tmp_path)
    code1, one = run_json(capsys, "bench", str(folder), "--jobs", "1")
    code2, many = run_json(capsys, "bench", str(folder), "--jobs", "2")
    assert code1 == code2 == 0
    same_rows(one, many)
    assert len(many) == 7
    for row in many:
        assert STATS_KEYS <= set(row["stats"]) and "killed" not in row
        path, _, n = row["file"].partition("#")
        assert row["status"] == oracle_status(Path(path), int(n or 1)), row


def test_rows_carry_the_identity_solve_prints(tmp_path: Path, capsys) -> None:
    """The key that merges results from many machines (docs/solver.md): the SHA-256 of the clues,
    the same from ``bench`` and ``solve`` and for two files holding the same puzzle."""
    folder = small_folder(tmp_path)
    _, rows = run_json(capsys, "bench", str(folder), "--jobs", "2")
    by_name = {Path(r["file"]).name: r["identity"] for r in rows}
    assert by_name["heart.nin"] == by_name["heart.non"] == load_all(DATA / "heart.non")[0].identity
    assert len(set(by_name.values())) == len(by_name) - 1
    code, report = run_json(capsys, "solve", str(folder / "nested" / "tatham.txt"))
    assert code == 0 and report["identity"] == by_name["tatham.txt"]


def test_a_slow_first_puzzle_still_prints_first(bench: Path, tmp_path: Path, capsys) -> None:
    """A hard puzzle runs into its timeout while the other worker finishes the small ones: its
    row must still come first, and each puzzle keeps its own timeout (the others are decided)."""
    folder = small_folder(tmp_path)
    (folder / "0-knotty.non").write_bytes(HARD_PUZZLE.read_bytes())
    assert main(["bench", str(folder), "--jobs", "2", "--timeout", "0.3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = lines[1:9]
    names = [line.split()[0] for line in rows]
    assert names == sorted(names) and names[0].endswith("0-knotty.non")
    assert rows[0].split()[1:3] == ["50x50", "timeout"]
    assert [line.split()[2] for line in rows[1:]].count("timeout") == 0
    assert lines[-1].startswith("1 contradiction, 1 multiple, 1 timeout, 5 unique;")
    assert "jobs 2" in lines[-1] and "wall" in lines[-1]


def test_bad_files_are_reported_as_in_one_process(tmp_path: Path, capsys) -> None:
    folder = small_folder(tmp_path, bad=True)
    code1, one = run_json(capsys, "bench", str(folder), "--jobs", "1")
    code2, many = run_json(capsys, "bench", str(folder), "--jobs", "2")
    assert code1 == code2 == 1
    same_rows(one, many)
    broken = next(r for r in many if r["file"].endswith("broken.nin"))
    assert broken["status"] == "error" and "broken.nin" in broken["error"]
    assert "line" in broken["error"]
    flower = next(r for r in many if r["file"].endswith("flower.non"))
    (puzzle,) = load_all(DATA / "flower.non")  # a colour puzzle: solved since colour came
    found = naive.solutions(puzzle.rows, puzzle.columns, cap=2, row_colors=puzzle.row_colors,
                            column_colors=puzzle.column_colors)
    assert len(found) == 1 and flower["status"] == "unique"
    assert main(["bench", str(folder), "--jobs", "2"]) == 1
    out = capsys.readouterr().out
    assert f"    {broken['error']}" in out.splitlines()


def test_jobs_1_solves_in_this_process(tmp_path: Path, capsys, monkeypatch) -> None:
    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("--jobs 1 started a pool")

    monkeypatch.setattr(jobs, "Pool", no_pool)
    code, rows = run_json(capsys, "bench", str(small_folder(tmp_path)), "--jobs", "1")
    assert code == 0 and len(rows) == 7
    # one puzzle needs no pool either, whatever --jobs says
    code, rows = run_json(capsys, "bench", TATHAM, "--jobs", "4")
    assert code == 0 and [r["status"] for r in rows] == ["unique"]
    assert main(["bench", TATHAM, "--jobs", "1"]) == 0
    assert "jobs" not in capsys.readouterr().out  # the text output is today's


def test_jobs_must_be_a_positive_number(capsys) -> None:
    for bad in ("0", "-1", "two"):
        with pytest.raises(SystemExit) as exc:
            main(["bench", TATHAM, "--jobs", bad])
        assert exc.value.code == 2
    assert "--jobs" in capsys.readouterr().err


def test_default_jobs_is_the_cores_this_process_may_use() -> None:
    expected = (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                else os.cpu_count())
    assert jobs.default_jobs() == expected >= 1


# -- the pool ---------------------------------------------------------------------------------


def pool(n: int, warm_up=jobs_helpers.no_warm_up, margin: float = 0.5) -> jobs.Pool:
    return jobs.Pool(n, warm_up, jobs_helpers.by_name, margin=lambda timeout: margin)


def test_each_worker_warms_up_once_for_all_its_puzzles(tmp_path: Path) -> None:
    log = tmp_path / "warm-ups"
    warm = functools.partial(jobs_helpers.counting_warm_up, str(log))
    answers = list(pool(2, warm_up=warm).run(list(enumerate(["unique"] * 8)), timeout=5))
    assert len(answers) == 8
    warmed = log.read_text().split()
    assert len(warmed) == len(set(warmed)) <= 2  # one warm-up per worker, never per puzzle
    assert {str(a.stats["pid"]) for a in answers} <= set(warmed)


def test_a_worker_past_its_timeout_is_killed_and_replaced() -> None:
    tasks = list(enumerate(["hang", "unique", "multiple", "unique", "multiple"]))
    answers = {a.index: a for a in pool(2).run(tasks, timeout=0.2)}
    assert sorted(answers) == [0, 1, 2, 3, 4]
    hung = answers[0]
    assert (hung.status, hung.killed, hung.stats) == ("timeout", True, {})
    assert hung.seconds >= 0.2 + 0.5
    assert [answers[i].status for i in range(1, 5)] == ["unique", "multiple"] * 2
    assert not any(answers[i].killed for i in range(1, 5))


def test_a_long_task_is_never_killed_without_a_timeout(tmp_path: Path) -> None:
    """No --timeout: a long puzzle is left to run (here one that answers when asked to stop,
    which happens once it has run a while)."""
    started = tmp_path / "started"
    calls = 0

    def stopped() -> bool:
        nonlocal calls
        calls += started.exists()
        return calls > 20  # about a second of polls after the task began

    answers = list(pool(1).run([(0, ("wait", str(started)))], timeout=None, stopped=stopped))
    assert [(a.status, a.killed, a.stats) for a in answers] == [
        ("cancelled", False, {"polled": True})]


def test_a_dead_worker_is_an_error_row_and_is_replaced() -> None:
    tasks = list(enumerate(["die", "unique", "die", "unique"]))
    answers = {a.index: a for a in pool(1).run(tasks, timeout=None)}
    assert answers[0].status == answers[2].status == "error"
    assert "exit code 7" in (answers[0].error or "")
    assert answers[1].status == answers[3].status == "unique"
    assert answers[1].stats["pid"] != answers[3].stats["pid"]  # a new worker after the death


def test_a_worker_that_cannot_start_stops_the_run() -> None:
    with pytest.raises(jobs.WorkerError, match="no kernels here"):
        list(pool(2, warm_up=jobs_helpers.failing_warm_up).run([(0, "unique")], timeout=None))


def test_stopping_cancels_the_running_tasks_and_hands_out_no_more(tmp_path: Path) -> None:
    """A task that ignores the cancel is killed after the grace; the rest never start."""
    one, two = tmp_path / "one", tmp_path / "two"
    tasks = list(enumerate([("wait", str(one)), ("hang", str(two)), "unique", "unique"]))
    answers = {a.index: a for a in pool(2).run(
        tasks, timeout=None, stopped=lambda: one.exists() and two.exists())}
    assert set(answers) == {0, 1}
    assert answers[0].status == "cancelled" and not answers[0].killed
    assert answers[1].status == "cancelled" and answers[1].killed
    assert 3 not in answers


# -- this process solving too (bench's --jobs N: N - 1 workers and this process) ------------


def local_pool(n: int, warm_up=jobs_helpers.no_warm_up,
               local=jobs_helpers.no_warm_up) -> jobs.Pool:
    return jobs.Pool(n, warm_up, jobs_helpers.by_name, margin=lambda timeout: 0.5, local=local)


def test_this_process_solves_a_short_batch_while_the_worker_starts(tmp_path: Path) -> None:
    """The worker is not ready until the run is over: every answer is this process's, and the
    run does not wait for the worker."""
    gate = tmp_path / "gate"
    warm = functools.partial(jobs_helpers.gated_warm_up, str(gate))
    pool = local_pool(2, warm_up=warm)
    run = pool.run(list(enumerate(["unique"] * 6)), timeout=5)
    answers = [next(run) for _ in range(6)]
    started = len(pool._workers)  # noqa: SLF001 - whether a worker was started at all
    run.close()
    gate.touch()
    assert sorted(a.index for a in answers) == list(range(6))
    assert {a.stats["pid"] for a in answers} == {os.getpid()}
    # six tasks answered at once would not pay back a worker's start: none was started
    assert started == 0


def test_this_process_and_a_worker_share_a_batch(tmp_path: Path) -> None:
    """This process takes the first task, which waits until the worker has warmed up; the
    worker then takes the rest. Each task is answered once, by one of the two."""
    log = tmp_path / "warm-ups"
    warm = functools.partial(jobs_helpers.counting_warm_up, str(log))
    tasks = list(enumerate([("await", str(log))] + ["unique"] * 7))
    answers = list(local_pool(2, warm_up=warm).run(tasks, timeout=30))
    assert sorted(a.index for a in answers) == list(range(8))
    by_index = {a.index: a.stats["pid"] for a in answers}
    (worker,) = {int(pid) for pid in log.read_text().split()}
    assert by_index[0] == os.getpid()
    assert worker in set(by_index.values())
    assert set(by_index.values()) <= {os.getpid(), worker}


def test_this_process_solving_is_cancelled_like_a_worker(tmp_path: Path) -> None:
    one = tmp_path / "one"
    answers = list(local_pool(1).run([(0, ("wait", str(one))), (1, "unique")], timeout=None,
                                     stopped=one.exists))
    assert [(a.index, a.status, a.killed, a.stats) for a in answers] == [
        (0, "cancelled", False, {"polled": True})]


def test_this_process_failing_to_warm_up_stops_the_run() -> None:
    with pytest.raises(jobs.WorkerError, match="no kernels here"):
        list(local_pool(2, local=jobs_helpers.failing_warm_up).run([(0, "unique")],
                                                                 timeout=None))


# -- Ctrl-C, as a terminal sends it -----------------------------------------------------------


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    out = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.add(int(stat.parent.name))
    return out


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_ctrl_c_stops_every_worker_and_exits_5(bench: Path, tmp_path: Path) -> None:
    folder = tmp_path / "slow"
    folder.mkdir()
    (folder / "a-heart.non").write_bytes((DATA / "heart.non").read_bytes())
    (folder / "b-knotty.non").write_bytes(HARD_PUZZLE.read_bytes())
    (folder / "c-faase.non").write_bytes(HARD_PUZZLE_2.read_bytes())
    proc = subprocess.Popen(
        [sys.executable, "-m", "nonotui", "bench", str(folder), "--jobs", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO,
        start_new_session=True,
    )
    try:
        assert proc.stdout is not None
        header = proc.stdout.readline()
        heart = proc.stdout.readline()  # this process solved it and took knotty
        assert header.startswith("puzzle") and "a-heart.non" in heart, (header, heart)
        # knotty's pace says faase will wait longer than a worker's start: one is started
        # (with multiprocessing's resource tracker) and takes faase
        end = time.monotonic() + 30
        while len(workers := children(proc.pid)) < 2 and time.monotonic() < end:
            time.sleep(0.05)
        assert len(workers) >= 2, workers
        time.sleep(1)  # time for it to warm up and take faase, so the Ctrl-C meets a worker's search
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal does on Ctrl-C
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 5, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    knotty = next(line for line in out.splitlines() if "b-knotty.non" in line)
    assert knotty.split()[2] == "cancelled"
    assert "cancelled" in out.splitlines()[-1]
    end = time.monotonic() + 30
    while any(alive(pid) for pid in workers) and time.monotonic() < end:
        time.sleep(0.1)
    assert not [pid for pid in workers if alive(pid)], "a worker outlived the run"
