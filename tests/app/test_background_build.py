"""The index built in the background after a clone (``app.recall``): the build runs after the
user's own commands (a lower priority), so the command that started it answers first on a
machine of two cores; a command of the user's own never lowers its own priority."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from kenning.app import recall
from kenning.app.project import Project
from kenning.system import processes


def _lowered(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    calls: list[bool] = []
    monkeypatch.setattr(processes, "lower_priority", lambda: calls.append(True))
    return calls


def test_the_background_build_runs_after_the_users_commands(project: Project,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _lowered(monkeypatch)
    monkeypatch.setenv(recall.INDEX_BUILDER, "1")
    with recall.open_whole(project, by_id_only=True) as memory:
        assert not memory.one_pass  # the build builds the index
    assert calls == [True]


def test_a_users_own_read_keeps_its_priority(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _lowered(monkeypatch)
    monkeypatch.delenv(recall.INDEX_BUILDER, raising=False)
    with recall.open_whole(project, by_id_only=True):
        pass
    assert calls == []


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no process priorities here")
def test_lowering_the_priority_makes_the_process_nicer_by_ten() -> None:
    probe = ("import os; from kenning.system.processes import lower_priority; before = os.nice(0); "
             "lower_priority(); print(os.nice(0) - before)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == str(min(10, 19 - os.nice(0)))
