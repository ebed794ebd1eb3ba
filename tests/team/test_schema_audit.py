"""The session's schema audit sees what ``ken`` processes write: every line a real ``ken`` appends
is copied for ``tests/conftest.py`` to check against docs/event.schema.json at the end."""

from __future__ import annotations

from pathlib import Path

import pytest

from schema_audit import collected, violations

from .conftest import Repo

# the audit of what `ken` processes append (tests/audit_site)
pytestmark = pytest.mark.real_processes


def test_every_line_ken_appends_reaches_the_audit(repo: Repo) -> None:
    folder = repo.world.env.get("KEN_SCHEMA_AUDIT")
    if not folder:
        pytest.skip("the schema audit is off (KEN_SCHEMA_AUDIT was set outside the test session)")
    repo.ok("note", "audited note 7f3a")
    repo.ok("import", "--from", "jsonl", "-", input=repo.ok("export", "--jsonl").stdout.replace("7f3a", "7f3b")
            .replace(repo.events()[0]["id"], "evt_7f3b7f3b7f3b7f3b7f3b"))
    seen = [line for line in collected(Path(folder)) if "audited note 7f3" in line]
    assert len(seen) == 2 and violations(seen) == []
