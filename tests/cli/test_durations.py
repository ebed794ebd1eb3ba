"""One duration, one meaning, through ``ken``'s command line: ``m`` is minutes for ``--snooze``,
``--older-than`` and ``--since`` alike, months are ``mo``, and anything else is one line naming
the units, exit 2, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Repo, World

T0 = "2031-06-01T00:00:00Z"
TEN_MINUTES_LATER = {"KEN_NOW": "2031-06-01T00:10:00Z"}


def snoozed_until(repo: Repo, duration: str) -> str:
    repo.ok("precheck", "src/app.py", "--snooze", duration, "--reason", "known", env={"KEN_NOW": T0})
    return str(repo.events()[-1]["until"])


def test_snooze_m_is_minutes_and_mo_months(repo: Repo) -> None:
    assert snoozed_until(repo, "3m") == "2031-06-01T00:03:00.000000Z"
    assert snoozed_until(repo, "3mo") == "2031-08-30T00:00:00.000000Z"  # 90 days


def test_older_than_m_is_minutes_and_mo_months(world: World, repo: Repo) -> None:
    repo.ok("lessons", "add", "stripe retries webhooks; dedupe on the event id", "--library", "stripe",
            env={"KEN_NOW": T0})
    kept = repo.json("lessons", "prune", "--older-than", "3mo", "--dry-run", env=TEN_MINUTES_LATER)
    assert kept["pruned"] == [] and kept["before"] == "2031-03-03T00:10:00.000000Z"  # 90 days before
    gone = repo.json("lessons", "prune", "--older-than", "3m", env=TEN_MINUTES_LATER)
    assert gone["before"] == "2031-06-01T00:07:00.000000Z"
    assert [x["text"] for x in gone["pruned"]] == ["stripe retries webhooks; dedupe on the event id"]
    assert repo.json("lessons", env=TEN_MINUTES_LATER)["lessons"] == []
    assert Path(world.env["KEN_HOME"], "lessons.jsonl").exists()


def test_since_m_is_minutes(repo: Repo) -> None:
    repo.ok("note", "an hour before", env={"KEN_NOW": "2031-06-01T00:00:00Z"})
    repo.ok("note", "just now", env={"KEN_NOW": "2031-06-01T00:58:00Z"})
    recent = repo.ok("export", "--jsonl", "--since", "5m", env={"KEN_NOW": "2031-06-01T01:00:00Z"}).stdout
    assert [json.loads(line)["summary"] for line in recent.splitlines()] == ["just now"]


@pytest.mark.parametrize("args", [
    ("precheck", "src/app.py", "--snooze", "3x", "--reason", "known"),
    ("precheck", "src/app.py", "--snooze", "1.5h", "--reason", "known"),
    ("lessons", "prune", "--older-than", "6mos"),
    ("lessons", "prune", "--older-than", "0m"),
    ("export", "--jsonl", "--since", "3 months"),
    ("score", "--since", "1q"),
])
@pytest.mark.real_processes  # end to end: a real `ken` process
def test_a_bad_duration_is_one_line_naming_the_units(world: World, repo: Repo, args: tuple[str, ...]) -> None:
    repo.ok("lessons", "add", "stripe retries webhooks", "--library", "stripe")
    before, store = repo.log_bytes(), Path(world.env["KEN_HOME"], "lessons.jsonl").read_bytes()
    r = repo.ken(*args)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    [line] = r.stderr.splitlines()
    flag = next(a for a in args if a in ("--snooze", "--older-than", "--since"))
    assert line.startswith(f"ken: error: {flag}: "), line
    assert "m (minutes)" in line and "mo (months of 30 days)" in line, line
    assert repo.log_bytes() == before and Path(world.env["KEN_HOME"], "lessons.jsonl").read_bytes() == store
