"""Fixtures for the page tests: the CLI suite's throw-away machine (its own ``KEN_HOME``, ``HOME``
and git identity), a project with a small but complete memory, the page ``ken visualize``
writes for it, and one headless Chromium driven over the DevTools protocol (``browser.py``).

The browser tests are skipped only when no Chromium is installed; ``.ci/run`` installs Debian's.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cli.conftest import Repo, World, repo, world  # noqa: F401 - the CLI suite's fixtures, shared

from .browser import Browser, chromium_path

NOW = "2031-01-01T00:00:00Z"
SOURCES = {
    "src/pay/webhook.py": "from src.pay import ledger\n\ndef handle(event):\n    ledger.mark_paid(event)\n",
    "src/pay/ledger.py": "import os\n\ndef mark_paid(event):\n    pass\n",
    "web/app.ts": "import { x } from './util'\nconsole.log(x)\n",
    "web/util.ts": "export const x = 1\n",
}


def record_story(repo: Repo) -> dict[str, str]:
    """The webhook story and a little more: a fixed issue with two failed attempts and a
    partial one, an open issue elsewhere, a decision replaced by another, a lesson. Returns
    the ids the tests look for."""
    issue = repo.json("issue", "duplicate charges on retry", "--at", "src/pay/webhook.py")["issue_id"]
    repo.ok("attempt", "dedupe on event id", "--failed", "--issue", issue, "--at", "src/pay/webhook.py")
    repo.ok("attempt", "lock around mark_paid", "--failed", "--issue", issue, "--at", "src/pay/webhook.py")
    repo.ok("attempt", "retry queue with jitter", "--partial", "--issue", issue, "--at", "src/pay/webhook.py")
    repo.ok("fix", "write the idempotency key before charging", "--issue", issue, "--at", "src/pay/webhook.py")
    other = repo.json("issue", "the app renders twice", "--at", "web/app.ts")["issue_id"]
    first = repo.json("decide", "keys in Redis", "--at", "src/pay/ledger.py")["id"]
    second = repo.json("decide", "keys in Postgres", "--supersedes", first, "--at", "src/pay/ledger.py")["id"]
    repo.ok("note", "Stripe retries for up to three days", "--lesson")
    return {"issue": issue, "other": other, "redis": first, "postgres": second}


@pytest.fixture(scope="module")
def story(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Repo, dict[str, str], Path]]:
    """One project with the story recorded and its code map built, and its page (written once
    for every test of a module: the tests only read it)."""
    world = World(tmp_path_factory.mktemp("story"))
    repo = world.repo("shop", SOURCES)
    repo.init()
    ids = record_story(repo)
    repo.ok("map", "--build")
    page = repo.path / "page.html"
    repo.ok("visualize", "-o", str(page), env={"KEN_NOW": NOW})
    yield repo, ids, page


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    executable = chromium_path()
    if executable is None:
        pytest.skip("Chromium is not installed (`apt-get install chromium`; .ci/run installs it)")
    started = Browser(executable, tmp_path_factory.mktemp("chromium-profile"))
    yield started
    started.close()


__all__ = ["NOW", "SOURCES", "Repo", "World", "record_story", "repo", "world"]
