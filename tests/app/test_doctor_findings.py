"""Every kind of finding ``ken doctor`` can make has one group (problem, information, harmless),
and docs/team.md says which, with what mends it: only a problem makes doctor exit 1."""

from __future__ import annotations

import re
from pathlib import Path

from kenning.app.team.doctor import MENDED_BY

ROOT = Path(__file__).resolve().parents[2]
HARMLESS = {"conflict_marker", "cut_off_line", "duplicate_line", "glued_line"}


def emitted_kinds() -> set[str]:
    """The kinds the doctor's modules write, read from their source: a new one cannot be missed."""
    found: set[str] = set()
    for name in ("doctor.py", "log_health.py"):
        text = (ROOT / "src" / "kenning" / "app" / "team" / name).read_text(encoding="utf-8")
        found |= set(re.findall(r'"kind": "([a-z_]+)"', text)) | set(re.findall(r'_finding\("([a-z_]+)"', text))
    mcp = (ROOT / "src" / "kenning" / "app" / "setup" / "mcp_clients.py").read_text(encoding="utf-8")
    found |= {f"mcp_{status}" for status in re.findall(r'_finding\(client, path, "([a-z]+)"', mcp) if status != "ok"}
    return found | {"malformed_line", "glued_line", "conflict_marker", "cut_off_line"}  # core.damage's kinds


def documented() -> dict[str, set[str]]:
    """finding kind -> its groups (a glued line is either), from the table in docs/team.md: the
    kinds are the names a row's first cell gives before its colon."""
    text = (ROOT / "docs" / "team.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (.+?) \| (problem|information|harmless) \|", text, re.M)
    table: dict[str, set[str]] = {}
    for cell, group in rows:
        for kind in re.findall(r"`([a-z_]+)`", cell.split(":")[0] if ":" in cell else cell):
            table.setdefault(kind, set()).add(group)
    return table


def test_every_finding_the_doctor_makes_is_classified() -> None:
    kinds = emitted_kinds()
    assert {"reverted_fix", "double_supersede", "mcp_pinned", "torn_tail"} <= kinds  # the reading works
    assert kinds - HARMLESS <= set(MENDED_BY) | {"glued_line", "malformed_line"}, kinds - set(MENDED_BY)
    assert set(MENDED_BY) <= kinds, set(MENDED_BY) - kinds


def test_the_docs_give_every_finding_the_group_the_code_gives_it() -> None:
    table = documented()
    for kind, mender in MENDED_BY.items():
        assert ("information" if mender is None else "problem") in table.get(kind, set()), kind
        assert "information" not in table[kind] or mender is None, kind
    assert {kind for kind, groups in table.items() if "harmless" in groups} == HARMLESS
    assert set(table) == set(MENDED_BY) | HARMLESS
