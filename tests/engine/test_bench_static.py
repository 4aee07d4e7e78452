"""The benchmarks' (and the cluster tests') ``collectstatic``: one at a time
on a machine. Two cluster tests on two xdist workers once collected into the
same STATIC_ROOT at once; one's post-processing met a file the other had
just replaced (FileNotFoundError: staticfiles/js/scores.<hash>.js)."""

from __future__ import annotations

import fcntl

import pytest

from bench import bench_live


def _locked(path) -> bool:
    """Whether another process (or file description) holds ``path``'s lock."""
    with open(path, "a+") as other:
        try:
            fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(other, fcntl.LOCK_UN)
        return False


def test_collectstatic_runs_holding_the_machines_lock(tmp_path):
    lock = tmp_path / "collectstatic.lock"
    seen = []

    def run(command, **kwargs):
        seen.append((command[-3:], _locked(lock), kwargs["env"]["DEBUG"]))

    bench_live.collect_static(run=run, lock=lock)
    assert seen == [(["collectstatic", "--noinput", "-v0"], True, "0")]
    assert not _locked(lock)  # given back


def test_a_failed_collectstatic_gives_the_lock_back(tmp_path):
    lock = tmp_path / "collectstatic.lock"

    def run(command, **kwargs):
        raise OSError("collectstatic failed")

    with pytest.raises(OSError):
        bench_live.collect_static(run=run, lock=lock)
    assert not _locked(lock)
