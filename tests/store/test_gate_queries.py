"""The gate's queries answer what the rules ask, and no more is read than they need: a fix's
commit is given only when it may be one a revert undid (found by key), whatever way the line
spells it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kenning.core.events import parse_line
from kenning.store.cache import Cache

UNDONE = "3f2a9c1d0e8b7a6f5e4d3c2b1a0f9e8d7c6b5a41"
OTHER = "9" * 40
UNTIL = "2030-12-31T00:00:00.000000Z"
# the fix lines as a log may hold them: the commit in ``commit`` or in ``git_commit``, abbreviated,
# spelled with JSON escapes (another writer's), and fixes naming a commit no revert undid
LINES = {
    "evt_00000000000000000001": f'"commit":"{UNDONE}"',
    "evt_00000000000000000002": f'"git_commit":"{UNDONE[:8]}"',
    "evt_00000000000000000003": '"commit":"\\u0033' + UNDONE[1:] + '"',
    "evt_00000000000000000004": f'"commit":"{OTHER}"',
    "evt_00000000000000000005": f'"git_commit":"{OTHER}","summary2":"a \\"quoted\\" word"',
}


@pytest.fixture
def cache(tmp_path: Path) -> Iterator[Cache]:
    found = Cache(tmp_path / "index.sqlite")
    with found.transaction():
        for n, (event_id, commit) in enumerate(LINES.items()):
            line = (f'{{"v":1,"id":"{event_id}","type":"fix","issue_id":"k7q{n}","source":"cli",'
                    f'"timestamp":"2030-06-0{n + 1}T00:00:00.000000Z","summary":"fixed",{commit}}}')
            found.insert(parse_line(line), "log", n, line)
    yield found
    found.close()


def test_a_fixs_commit_is_read_when_it_may_be_one_a_revert_undid(cache: Cache) -> None:
    facts = cache.fix_facts([f"k7q{n}" for n in range(len(LINES))], UNTIL, {UNDONE[:7]})
    commits = {fact.id: fact.commit for fact in facts}
    assert commits == {"evt_00000000000000000001": UNDONE, "evt_00000000000000000002": UNDONE[:8],
                       "evt_00000000000000000003": UNDONE, "evt_00000000000000000004": None,
                       "evt_00000000000000000005": None}


def test_no_commit_is_read_when_no_revert_names_one(cache: Cache) -> None:
    facts = cache.fix_facts([f"k7q{n}" for n in range(len(LINES))], UNTIL)
    assert [fact.id for fact in facts] == sorted(LINES) and {fact.commit for fact in facts} == {None}
