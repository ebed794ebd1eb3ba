"""Team memory over git, proved with real git: a bare remote and two teammates' clones, each on a
machine of its own. Each side logs issues, attempts and decisions (one superseding a decision
made on the other side), then they merge, rebase, cherry-pick and pull in both directions.
Every time: no conflict in any kenning file, no event lost or counted twice, and the full
summary and the gate's ``--json`` verdict byte for byte the same on both sides."""

from __future__ import annotations

import json
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from .teammates import Mate, join, log_work, project

TORN = b'{"actor":"human","details":"cut off by a crash mid-app'


class Team:
    """Two clones that diverged: ``ids`` names every event either side wrote."""

    def __init__(self, alice: Mate, bob: Mate, ids: dict[str, str]) -> None:
        self.alice, self.bob, self.ids = alice, bob, ids

    def sides(self) -> tuple[Mate, Mate]:
        return self.alice, self.bob


@pytest.fixture
def team(tmp_path: Path) -> Team:
    remote, ids = project(tmp_path)
    alice, bob = join(tmp_path, remote, "alice"), join(tmp_path, remote, "bob")
    # first alice decides and publishes, and bob takes it, so that he can retire it below
    ids["dA"] = alice.write("decide", "alice: retry checkout with backoff", "--at", "src/app.py")["id"]
    alice.commit("alice: a decision")
    alice.git("push", "-q", "origin", "HEAD:main")
    bob.git("pull", "-q", "--no-rebase", "--no-edit", "origin", "main")
    # then both work at once: each retires a decision the other side made, and logs an issue; the
    # two replacements cite the lines they are about (two standing decisions about the whole file
    # would contradict each other, and `ken doctor` would rightly fail on that, not on the merge)
    ids["dB"] = bob.write("decide", "bob: no retries, a queue", "--supersedes", ids["dA"],
                          "--at", "src/app.py:1")["id"]
    ids["dC"] = alice.write("decide", "alice: sessions in redis", "--supersedes", ids["d1"],
                            "--at", "src/app.py:2")["id"]
    ids.update({f"alice_{k}": v for k, v in log_work(alice, "alice").items()})
    ids.update({f"bob_{k}": v for k, v in log_work(bob, "bob").items()})
    return Team(alice, bob, ids)


def event_ids(team: Team) -> set[str]:
    return {v for k, v in team.ids.items() if not k.endswith("issue_id")}


def assert_one_memory(team: Team, copies_allowed: bool = False) -> None:
    """Both sides hold every event, each read once, and answer byte for byte alike."""
    for mate in team.sides():
        assert mate.conflicted() == [], f"{mate.who}: conflict in {mate.conflicted()}"
        counts = Counter(mate.log_ids())
        assert set(counts) == event_ids(team), f"{mate.who}'s log lost or gained events"
        if not copies_allowed:
            assert max(counts.values()) == 1, f"{mate.who}'s log holds an event twice: {counts.most_common(2)}"
    summary, gate = team.alice.memory()
    assert (summary, gate) == team.bob.memory(), "the two sides read different memories"
    for text in ("alice: raised the timeout", "bob: raised the timeout", "bob: no retries, a queue",
                 "alice: sessions in redis", "alice: retried once", "bob: retried once"):
        assert summary.count(text) == 1, f"{text!r} is not in the summary exactly once:\n{summary}"
    # the retired decisions: the lead's (by alice) and alice's (by bob, who never wrote it)
    assert "lead: cache sessions in memcached" not in summary and "alice: retry checkout" not in summary
    # the gate names both sides' failed attempts
    named = {i for f in json.loads(gate)["files"] for w in f["warnings"] if w["kind"] == "failed_attempts"
             for i in w["event_ids"]}
    assert named == {team.ids["alice_failed"], team.ids["bob_failed"]}, gate


def test_each_side_merges_the_other_and_then_each_others_merge(team: Team) -> None:
    alice, bob = team.sides()
    alice.see(bob)
    bob.see(alice)
    alice.git("merge", "--no-edit", "bob/main")
    bob.git("merge", "--no-edit", "alice/main")
    # the logs hold the lines in different orders: the fold reads a set
    assert alice.repo.log_bytes() != bob.repo.log_bytes()
    assert_one_memory(team)
    # and the two merges merged (a criss-cross): still one memory
    alice.see(bob)
    alice.git("merge", "--no-edit", "bob/main")
    bob.see(alice)
    bob.git("merge", "--no-edit", "alice/main")
    assert_one_memory(team, copies_allowed=True)
    for mate in team.sides():
        assert mate.repo.ken("doctor").returncode == 0, mate.repo.ken("doctor").stdout


def test_pull_both_ways_through_the_remote(team: Team) -> None:
    alice, bob = team.sides()
    alice.git("push", "-q", "origin", "HEAD:main")
    bob.git("pull", "--no-rebase", "--no-edit", "origin", "main")
    bob.git("push", "-q", "origin", "HEAD:main")
    alice.git("pull", "--no-rebase", "--no-edit", "origin", "main")
    assert alice.git("rev-parse", "HEAD").stdout == bob.git("rev-parse", "HEAD").stdout
    assert_one_memory(team)


def test_each_side_rebases_onto_the_other(team: Team) -> None:
    alice, bob = team.sides()
    alice.see(bob)
    bob.see(alice)
    alice.git("rebase", "-q", "bob/main")
    bob.git("rebase", "-q", "alice/main")
    assert_one_memory(team)
    # then through the remote: alice publishes, bob pulls with --rebase. His copy of her commit is
    # replayed onto hers (their context differs, so git does not see it as applied): a union
    # merge of lines already there repeats them, and the fold reads each id once
    alice.git("push", "-q", "origin", "HEAD:main")
    bob.git("pull", "-q", "--rebase", "origin", "main")
    assert_one_memory(team, copies_allowed=True)


def test_a_cherry_picked_memory_commit_then_merged_is_read_once(team: Team) -> None:
    alice, bob = team.sides()
    bob.see(alice)
    bob.git("cherry-pick", "alice/main")
    assert "alice: raised the timeout" in bob.ken("summary", "--full").stdout
    bob.git("merge", "--no-edit", "alice/main")
    alice.see(bob)
    alice.git("merge", "--no-edit", "bob/main")
    assert_one_memory(team, copies_allowed=True)
    for mate in team.sides():
        hits = mate.ken("search", "alice: raised the timeout").stdout
        assert hits.count("alice: raised the timeout") == 1, hits
        report = json.loads(mate.repo.ken("doctor", "--json").stdout)
        assert report["problems"] == [], report["problems"]
        copies = Counter(mate.log_ids())
        assert {h["id"] for h in report["harmless"] if h["kind"] == "duplicate_line"} == \
            {i for i, n in copies.items() if n > 1}


# -- a log that ended in a torn line ------------------------------------------------------------

def tear(mate: Mate) -> None:
    """A write cut off mid-line (a crash), committed as it stood."""
    mate.repo.append_raw(TORN)
    mate.commit(f"{mate.who}: memory, cut off")


@pytest.mark.parametrize("how", ["merge", "rebase"])
def test_a_torn_last_line_on_one_side_loses_no_event_of_the_other(team: Team, how: str) -> None:
    alice, bob = team.sides()
    tear(alice)
    alice.see(bob)
    bob.see(alice)
    # each side takes in the other's: the torn line is on one side of the union merge, then the other
    alice.git(how, *(["--no-edit"] if how == "merge" else ["-q"]), "bob/main")
    bob.git(how, *(["--no-edit"] if how == "merge" else ["-q"]), "alice/main")
    assert_one_memory(team)
    for mate in team.sides():
        assert TORN in mate.repo.log_bytes()  # git keeps the bytes; kenning reads around them
        mate.repo.ok("doctor", "--fix")
        assert mate.repo.ken("doctor").returncode == 0
    assert_one_memory(team)


def test_union_merge_ends_a_torn_line_before_adding_the_other_sides_lines(tmp_path: Path) -> None:
    """What git's union merge makes of a log whose last line has no newline: the torn line is
    ended before the other side's lines (nothing glued) when it is ours, and stays last when it
    is theirs. A tool that glues anyway (``cat``, ``>>``) is covered by the doctor tests."""
    base, ours, theirs = (tmp_path / n for n in ("base", "ours", "theirs"))
    base.write_bytes(b'{"a":1}\n')
    ours.write_bytes(b'{"a":1}\n{"ours":1}\n' + TORN)
    theirs.write_bytes(b'{"a":1}\n{"theirs":1}\n')
    for first, second in ((ours, theirs), (theirs, ours)):
        merged = subprocess.run(["git", "merge-file", "--union", "-p", str(first), str(base), str(second)],
                                capture_output=True, check=True).stdout
        assert TORN + b"\n" in merged or merged.endswith(TORN), merged
        assert all(line.count(b"{") <= 2 for line in merged.splitlines()), f"a line was glued: {merged!r}"
