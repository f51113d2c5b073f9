"""Bad input as exceptions, the GIL released during a search, Ctrl-C as
KeyboardInterrupt, progress, and no thread left behind by a stream."""

import os
import signal
import threading
import time

import pytest

import puzzlesat
from conftest import model


def test_bad_input_raises_model_error_with_the_cli_line(tmp_path):
    with pytest.raises(puzzlesat.ModelError, match="field `size`"):
        puzzlesat.from_toml('family = "packing"\nsize = [2, 2]\n')
    assert issubclass(puzzlesat.ModelError, ValueError)
    truncated = tmp_path / "cut.toml"
    truncated.write_text('family = "snake-cube"\nsize = [2, 2')
    with pytest.raises(puzzlesat.ModelError, match="cut.toml"):
        puzzlesat.load(truncated)
    with pytest.raises(puzzlesat.ModelError):
        puzzlesat.load(tmp_path / "missing.toml")
    p = puzzlesat.load(model("snake-cube", "tiny-2x2x2.toml"))
    with pytest.raises(ValueError, match="engine"):
        p.count(engine="quantum")
    with pytest.raises(ValueError, match="threads"):
        p.count(threads=0)
    with pytest.raises(puzzlesat.ModelError):
        p.count(disassemble=True)
    with pytest.raises(ValueError, match="target"):
        puzzlesat.packing([{"cells": [(0, 0, 0)]}])
    with pytest.raises(TypeError, match="three integers"):
        puzzlesat.packing([{"cells": [(0, 0)]}], size=(1, 1, 1))


def long_count():
    """A count that takes seconds: Bedlam with no symmetry breaking."""
    return puzzlesat.load(model("packing", "bedlam.toml"))


def test_the_gil_is_released_during_a_count():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.01)

    other = threading.Thread(target=tick)
    other.start()
    try:
        puzzlesat.load(model("snake-cube", "brown-4x4x4.toml")).count(unique=True)
    finally:
        stop.set()
        other.join()
    assert len(ticks) > 5


def test_ctrl_c_stops_a_count_with_keyboard_interrupt():
    p = long_count()
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        p.count(unique=True, symmetry_breaking=False)
    assert time.monotonic() - started < 0.5 + 1.5


def test_progress_is_fed_the_spinners_figures():
    seen = []
    puzzlesat.load(model("snake-cube", "brown-4x4x4.toml")).count(progress=seen.append)
    assert seen, "at least the last figures"
    assert {"found", "done", "parts", "part_name", "elapsed", "remaining"} <= set(seen[-1])


def test_an_exception_in_progress_stops_the_search():
    def fail(_figures):
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        long_count().count(progress=fail)


def threads_now():
    return len(os.listdir("/proc/self/task"))


def settled(before):
    """Whether the process is back to `before` threads within a few seconds
    (a joined thread's entry may outlive its join for a moment)."""
    deadline = time.monotonic() + 5
    while threads_now() > before and time.monotonic() < deadline:
        time.sleep(0.05)
    return threads_now() <= before


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="needs Linux's /proc")
def test_a_stream_left_early_leaves_no_thread_running():
    before = threads_now()
    p = long_count()
    for k, _ in enumerate(p.solutions(symmetry_breaking=False)):
        if k == 3:
            break
    assert settled(before)
    stream = p.solutions()
    next(iter(stream))
    assert threads_now() > before, "the search runs beside the loop"
    stream.close()
    assert settled(before)
    with p.solutions() as stream:
        next(stream)
    assert settled(before)


def test_close_from_another_thread_ends_a_waiting_next():
    stream = long_count().solutions(engine="sat")
    outcome = []

    def take():
        try:
            outcome.append(next(stream))
        except StopIteration:
            outcome.append(None)

    waiting = threading.Thread(target=take)
    waiting.start()
    time.sleep(0.3)
    stream.close()
    waiting.join(timeout=60)
    assert not waiting.is_alive(), "close() and next() waited on each other"
    assert len(outcome) == 1
