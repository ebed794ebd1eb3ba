"""core.secrets.event_scrub: redaction walks the whole event, every string at every depth, so no field (one
added later, one another tool invented, a key) is a side door; a closed format that matches is
left whole, and what does not match it is scrubbed like text."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from kenning.core.schema import problems
from kenning.core.secrets.event_scrub import FAILED, is_closed, scrub
from kenning.core.secrets.redaction import redact
from planted import ANTHROPIC, FIELDS, GITHUB, SECRETS, TEXT_FIELDS, base_event, planted_events


def _leaked(value: object) -> list[str]:
    text = json.dumps(value, ensure_ascii=False)
    return [s[:8] for s in SECRETS if s in text]


def test_every_field_of_every_type_is_scrubbed() -> None:
    for kind, name, event in planted_events():
        out, kinds = scrub(event, redact)
        assert not _leaked(out), f"{kind}.{name} keeps the secret: {out}"
        assert kinds, f"{kind}.{name}: the secret was not reported"


def test_a_text_field_keeps_the_event_valid() -> None:
    """Where the schema allows text (a path included), the scrubbed event is still one the schema
    accepts: the write can go through with the secret gone."""
    for kind, name, event in planted_events():
        if name in TEXT_FIELDS:
            out, _ = scrub(event, redact)
            assert not problems(out), (kind, name, problems(out))


def test_closed_formats_that_match_are_left_whole() -> None:
    """A sha-256 commit is 64 hex digits: the shape of a hex key. In a field whose format says
    sha it stays, as ids, times and enum values do."""
    sha = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
    event = {**base_event("attempt", 1), "commit": sha, "git_commit": sha, "reverts": [sha, GITHUB],
             "until": "2026-02-01T00:00:00.000000Z", "supersedes": "evt_" + "a" * 20}
    out, _ = scrub(event, lambda text: redact(text.replace(sha, GITHUB)))  # a scrubber that would take the sha
    assert {k: out[k] for k in ("commit", "git_commit", "until", "supersedes", "id", "timestamp", "type",
                                "outcome", "source", "issue_id")} == \
        {k: event[k] for k in ("commit", "git_commit", "until", "supersedes", "id", "timestamp", "type",
                               "outcome", "source", "issue_id")}
    assert out["reverts"] == [sha, "[REDACTED:github_token]"]


def test_a_value_that_breaks_its_format_is_scrubbed_so_the_refusal_cannot_quote_it() -> None:
    out, _ = scrub({**base_event("note", 1), "id": GITHUB, "source": GITHUB, "lesson": GITHUB}, redact)
    assert not _leaked(out) and not _leaked(problems(out)), problems(out)
    assert problems(out)  # still refused: an id is not text


def test_keys_are_scrubbed_and_two_that_meet_are_both_kept() -> None:
    event = {**base_event("note", 1), GITHUB: "a", "ghp_" + "Zz9" * 12: "b", "meta": {ANTHROPIC: [GITHUB]}}
    out, kinds = scrub(event, redact)
    assert not _leaked(out)
    assert out["[REDACTED:github_token]"] == "a" and out["[REDACTED:github_token] (2)"] == "b"
    assert out["meta"] == {"[REDACTED:anthropic_api_key]": ["[REDACTED:github_token]"]}
    assert kinds == ("anthropic_api_key", "github_token")


def test_a_value_too_deep_to_walk_fails_closed() -> None:
    deep: Any = GITHUB
    for _ in range(100_000):
        deep = [deep]
    out, kinds = scrub({**base_event("note", 1), "x_deep": deep}, redact)
    assert out["x_deep"] == FAILED and "error" in kinds
    assert out["summary"] == "planted note 1"


def test_every_schema_field_is_known_to_the_walk() -> None:
    """The walk's exemptions come from the same vocabulary as the schema: a field the schema
    gives a closed format is exempt exactly when its value matches."""
    for name, prop in FIELDS.items():
        if "enum" in prop:
            assert is_closed(name, prop["enum"][0]) and not is_closed(name, GITHUB)
        elif name not in TEXT_FIELDS and prop["type"] == "string":
            assert not is_closed(name, GITHUB), name
    assert not any(is_closed(name, "src/app.py") for name in TEXT_FIELDS)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20)


def _plant(value: Any, path: list[int], secret: str) -> Any:
    """``value`` with ``secret`` put in at the place ``path`` picks (as a key or a value)."""
    if not path or not isinstance(value, (list, dict)) or not value:
        return f"x {secret} y" if path and path[0] % 2 else secret
    step, rest = path[0], path[1:]
    if isinstance(value, list):
        at = step % len(value)
        return [_plant(v, rest, secret) if i == at else v for i, v in enumerate(value)]
    keys = list(value)
    at = keys[step % len(keys)]
    if step % 3 == 0:  # the key itself
        return {(secret if k == at else k): v for k, v in value.items()}
    return {k: (_plant(v, rest, secret) if k == at else v) for k, v in value.items()}


@given(extra=st.dictionaries(st.text(max_size=8).filter(lambda k: k not in FIELDS), _JSON, min_size=1, max_size=4),
       path=st.lists(st.integers(min_value=0, max_value=50), min_size=1, max_size=6),
       secret=st.sampled_from(SECRETS))
def test_a_secret_anywhere_in_unknown_fields_is_scrubbed(extra: dict[str, Any], path: list[int], secret: str) -> None:
    event = {**base_event("note", 1), **_plant(extra, path, secret)}
    out, _ = scrub(event, redact)
    assert not _leaked(out), out
    again, _ = scrub(out, redact)
    assert again == out  # idempotent: a scrubbed event scrubs to itself
    assert {k: out[k] for k in base_event("note", 1)} == base_event("note", 1)
