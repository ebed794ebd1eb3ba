"""``ken note/issue/attempt/fix/decide`` refuse a write that repeats a standing memory, through a
real ``ken`` process: one line naming the id it repeats and ``--force``, a non-zero exit, the
log unchanged; ``--force`` writes it. ``ken doctor`` counts the memories."""

from __future__ import annotations

from .conftest import Repo


def test_a_repeat_is_refused_with_the_id_it_repeats_and_force_keeps_it(repo: Repo) -> None:
    first = repo.ok("decide", "Idempotency keys live in Postgres", "--at", "src/app.py:2").stdout.strip()
    before = repo.log_bytes()
    refused = repo.ken("decide", "idempotency keys live in Postgres.", "--at", "src/app.py")
    assert refused.returncode != 0 and refused.stdout == ""
    lines = refused.stderr.splitlines()
    assert len(lines) == 1 and first in lines[0] and "--force" in lines[0], refused.stderr
    assert "Traceback" not in refused.stderr
    assert repo.log_bytes() == before
    kept = repo.ok("decide", "idempotency keys live in Postgres.", "--at", "src/app.py", "--force").stdout.strip()
    assert kept.startswith("evt_") and kept != first
    assert [e["id"] for e in repo.events()][-2:] == [first, kept]
    doctor = repo.ken("doctor")
    assert "memories: 2 standing, 1 duplicated, 0 contradicting" in doctor.stdout, doctor.stdout


def test_two_decisions_on_the_same_line_make_doctor_fail_and_are_named_in_the_summary(repo: Repo) -> None:
    a = repo.ok("decide", "Keep sessions in Postgres", "--at", "src/app.py:2").stdout.strip()
    b = repo.ok("decide", "Keep sessions in Redis", "--at", "src/app.py:2").stdout.strip()
    line = f"{a} and {b} both stand on src/app.py:2; supersede one"
    doctor = repo.ken("doctor")
    assert doctor.returncode == 1 and f"contradicting_decisions: {line}" in doctor.stdout, doctor.stdout
    assert f"- {line}" in repo.ok("summary").stdout
