"""Fixtures for the team tests (import, export, validate): the CLI suite's throw-away machine (its
own ``KEN_HOME``, ``HOME`` and git identity), ``ken``'s command line (real processes
where a test is marked ``real_processes``), and source files shaped like
the ones projectmem and beads write."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path
from typing import Any

import pytest

from cli.conftest import Repo, World, real_processes

_RNG = random.Random(15)


def token(prefix: str, length: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    """A made-up credential of a provider's shape (``npm_`` + 36, ``hf_`` + 34), never a real one."""
    return prefix + "".join(_RNG.choice(alphabet) for _ in range(length))


NPM = token("npm_", 36)
HF = token("hf_", 34, string.ascii_letters)
PASSWORD = "Tr0ub4dor-and-3"
URL_PASSWORD = "s3cr3t-pw-42"
SECRETS = (NPM, HF, PASSWORD, URL_PASSWORD)

# a projectmem log as projectmem 0.3 writes it (second-precision Zulu times, issue ids 0001…, its
# own fields: files, notes, command, git_commit abbreviated, auto-capture), then a few lines
# appended by hand the way people do: secrets projectmem never scrubbed, a broken line
PROJECTMEM = [
    {"id": "evt_51ad79e762114458bfcf", "type": "issue", "issue_id": "0001", "location": "src/payments/webhook.py:2",
     "summary": "Webhook retries create duplicate charges", "timestamp": "2026-09-26T04:25:35Z",
     "git_commit": "648c87c", "files": ["src/payments/webhook.py", "src/payments/ledger.py"]},
    {"id": "evt_1b494cd4368c4de0adec", "type": "attempt", "issue_id": "0001", "outcome": "failed",
     "location": "src/payments/webhook.py:2", "summary": "Deduplicated on the Stripe event id",
     "notes": "Stripe re-sends with a new event id on manual retries", "command": "pytest tests/test_webhook.py",
     "timestamp": "2026-09-26T04:25:35Z"},
    {"id": "evt_6458f86cc0d040d79111", "type": "fix", "issue_id": "0001", "location": "src/payments/webhook.py:2",
     "summary": "Write the idempotency key before charging", "notes": "test_retry_twice passes",
     "timestamp": "2026-09-26T04:25:36Z"},
    {"id": "evt_ff7d8add7bf1487dad01", "type": "decision", "location": "src/payments/webhook.py",
     "summary": "Store idempotency keys in Redis with a 24-hour TTL", "timestamp": "2026-09-26T04:25:37Z"},
    {"id": "evt_43fdb8861a8d4bec9448", "type": "decision", "supersedes": "evt_ff7d8add7bf1487dad01",
     "location": "src/payments/webhook.py", "summary": "Enforce idempotency with a unique key in Postgres",
     "timestamp": "2026-09-26T04:25:42Z"},
    {"id": "evt_0000000000000000aaaa", "type": "hypothesis", "summary": "maybe the retries are from the proxy",
     "timestamp": "2026-09-26T04:26:00Z"},
    {"id": "evt_9c1e0d7a5b3f4e2d8a61", "type": "issue", "issue_id": "0002", "summary": "Nightly export times out",
     "location": "/home/dev/shop/jobs/export.py", "timestamp": "2026-09-27 09:15:02 +0200"},
    {"id": "evt_0e7b6a5c4d3e2f1a0b9c", "type": "attempt", "issue_id": "0002", "outcome": "partial",
     "summary": "Batched the queries by 500", "timestamp": "2026-09-27T08:00:00Z", "auto_captured": True,
     "capture_source": "git_post_commit", "git_message": "batch export queries"},
    {"id": "evt_7f6e5d4c3b2a19080706", "type": "note", "summary": "lesson: the staging proxy retries POSTs twice",
     "timestamp": "2026-09-27T10:00:00Z"},
]
HAND_APPENDED = [
    {"type": "note", "summary": f"deploy with NPM_TOKEN={NPM} password={PASSWORD}",
     "notes": f"mirror at https://deploy:{URL_PASSWORD}@registry.example.com/ and {HF}",
     "timestamp": "2026-09-28T12:00:00Z"},
]


def jsonl(records: list[dict[str, Any]], *extra: str) -> str:
    return "".join(json.dumps(r, sort_keys=True) + "\n" for r in records) + "".join(line + "\n" for line in extra)


def write_projectmem(base: Path, extra: tuple[str, ...] = ("{broken",)) -> Path:
    path = base / ".projectmem" / "events.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(jsonl(PROJECTMEM + HAND_APPENDED, *extra))
    return path


# beads' issues.jsonl as `bd export` writes it: Go RFC 3339 times with nanoseconds and offsets
BEADS = [
    {"id": "bd-a1b2", "title": "Login fails after password reset", "description": "Reset tokens expire too early.",
     "status": "closed", "priority": 1, "issue_type": "bug", "assignee": "alice",
     "created_at": "2025-10-14T12:34:56.123456789-07:00", "updated_at": "2025-10-15T09:00:00.5Z",
     "closed_at": "2025-10-15T09:00:00.5Z", "close_reason": "Fixed in PR #42: token TTL from config",
     "labels": ["auth", "p1"],
     "comments": [{"id": 7, "issue_id": "bd-a1b2", "author": "bob", "text": "Reproduced on staging",
                   "created_at": "2025-10-14T20:00:00Z"}]},
    {"id": "bd-c3d4", "title": "Add rate limiting to the public API", "description": "",
     "design": "Token bucket per API key", "status": "in_progress", "priority": 2, "issue_type": "feature",
     "created_at": "2025-10-16T08:00:00Z", "updated_at": "2025-10-16T08:00:00Z"},
    {"id": "bd-e5f6", "title": "Flaky checkout test", "status": "closed", "priority": 3, "issue_type": "task",
     "created_at": "2025-10-17T08:00:00Z", "updated_at": "2025-10-18T08:00:00Z", "closed_at": "2025-10-18T08:00:00Z"},
    {"id": "bd-dead", "title": "Duplicate of bd-a1b2", "status": "tombstone", "issue_type": "bug", "priority": 4,
     "created_at": "2025-10-17T08:00:00Z", "updated_at": "2025-10-18T08:00:00Z",
     "deleted_at": "2025-10-18T08:00:00Z"},
]


def write_beads(base: Path, extra: tuple[str, ...] = ('{"id": "bd-zz99"}', "not json at all")) -> Path:
    path = base / ".beads" / "issues.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(jsonl(BEADS, *extra))
    return path


@pytest.fixture
def world(tmp_path: Path, request: pytest.FixtureRequest) -> World:
    """A machine under ``tmp_path``; real ``ken`` processes in a test marked ``real_processes``."""
    return World(tmp_path, real_processes=real_processes(request))


@pytest.fixture
def repo(world: World) -> Repo:
    """An initialized repository (one commit, src/app.py) with no memory yet."""
    made = world.repo(files={"src/app.py": "def main():\n    return 1\n",
                             "src/payments/webhook.py": "def handle(event):\n    pass\n"})
    made.init()
    return made


__all__ = ["Repo", "World", "repo", "world"]
