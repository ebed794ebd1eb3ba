"""A record file read from its end (``store.tail``): the lines holding a text, newest first, the
same lines a whole read split at line breaks finds, wherever the blocks' edges fall."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kenning.store import tail
from kenning.store.files import UnsafePath

_PIECES = [b"a", b"ab", b"b", b"\n", b"\r\n", b"x" * 9, "\u00e9".encode(), b"\xff", b'"a"', b"{}"]


def _whole(data: bytes, needles: list[bytes]) -> list[bytes]:
    return [line for line in reversed(data.split(b"\n")) if any(n in line for n in needles)]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pieces=st.lists(st.sampled_from(_PIECES), max_size=60), block=st.integers(1, 20),
       needles=st.lists(st.sampled_from([b"a", b"ab", b'"a"', "\u00e9".encode(), b"x" * 5]), min_size=1, max_size=2))
def test_the_lines_holding_a_text_are_a_whole_reads_in_reverse(tmp_path: Path, pieces: list[bytes], block: int,
                                                               needles: list[bytes]) -> None:
    data = b"".join(pieces)
    records = tmp_path / ".kenning" / "local" / "records.jsonl"
    records.parent.mkdir(parents=True, exist_ok=True)
    records.write_bytes(data)
    assert list(tail.lines_holding(records, needles, block)) == _whole(data, needles)


def test_a_missing_file_holds_no_line(tmp_path: Path) -> None:
    assert list(tail.lines_holding(tmp_path / "none.jsonl", [b"a"])) == []


def test_a_link_inside_kenning_is_refused(tmp_path: Path) -> None:
    (tmp_path / "secret").write_bytes(b"a\n")
    records = tmp_path / ".kenning" / "local" / "checks.jsonl"
    records.parent.mkdir(parents=True)
    os.symlink(tmp_path / "secret", records)
    with pytest.raises(UnsafePath):
        list(tail.lines_holding(records, [b"a"]))


def test_only_the_blocks_back_to_the_answer_are_read(tmp_path: Path) -> None:
    """The point of reading from the end: an answer among the last lines costs one block, however
    long the file (the agent hook asks on every edit; the records grow with every check)."""
    records = tmp_path / "records.jsonl"
    records.write_bytes(b"old line\n" * 200_000 + b"the answer\n")
    with open(records, "rb") as stream:
        reads: list[int] = []
        real = stream.read

        def counting(size: int = -1) -> bytes:
            reads.append(size)
            return real(size)

        stream.read = counting  # type: ignore[method-assign]
        assert next(tail._search(stream, [b"answer"], 4096)) == b"the answer"
    assert sum(reads) <= 4096
