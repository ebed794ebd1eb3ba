"""Foreign JSON and TOML are decoded within limits: whatever the text, the answer is a value no
deeper than the limit or ``Unreadable`` with a short reason; never a RecursionError, never a
parser left to run for hours."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kenning.app.project import parse_toml
from kenning.core import foreign
from kenning.core.codemap.resolve import parse_jsonc
from kenning.core.foreign import Unreadable
from kenning.core.lessons.manifests import declared_libraries

DEEP = 100_000


@pytest.mark.parametrize("text", ["[" * DEEP + "]" * DEEP, '{"a":' * DEEP + "1" + "}" * DEEP,
                                  "[" * 65 + "]" * 65])
def test_json_nested_past_the_limit_is_unreadable(text: str) -> None:
    with pytest.raises(Unreadable, match="nested more than 64 levels deep"):
        foreign.json_value(text, 10 * foreign.MB)


def test_json_at_the_limit_is_read() -> None:
    assert foreign.json_value("[" * 64 + "]" * 64, 1000) == json.loads("[" * 64 + "]" * 64)


@pytest.mark.parametrize(("data", "reason"), [
    (b"{}" + b" " * 100, "larger than 64 bytes"),
    (b'{"a": "\xff"}', "not UTF-8 text (byte 0xff at offset 7)"),
    ("NaN", "not valid JSON (NaN is not a JSON value)"),
    ('{"a": 1', "not valid JSON (Expecting ',' delimiter)"),
])
def test_json_too_large_not_utf8_or_not_json_says_why(data: bytes | str, reason: str) -> None:
    with pytest.raises(Unreadable) as err:
        foreign.json_value(data, 64)
    assert str(err.value) == reason


def test_a_byte_order_mark_is_not_an_error() -> None:
    assert foreign.json_object("\ufeff{}".encode(), 100) == {}


@pytest.mark.parametrize("text", [
    "a = " + "[" * DEEP + "]" * DEEP,                      # tomllib recurses once per bracket
    "a = " + "{b = " * 1000 + "1" + "}" * 1000,
    "a" + ".a" * DEEP + " = 1",                            # and copies a dotted key once per part
    "[" + ".".join(["t"] * 1000) + "]",
])
def test_toml_nested_past_the_limit_is_unreadable(text: str) -> None:
    with pytest.raises(Unreadable, match="nested more than 64 levels deep"):
        foreign.toml_table(text, 10 * foreign.MB, parse_toml)


def test_toml_brackets_and_dots_in_strings_and_comments_do_not_count() -> None:
    text = 'x = "[[[[.a.b.c"\n[tool.poetry.dependencies]\nb = \'\'\'{{{{\'\'\' # [[[[ a.b.c.d\nc = 1.5\n'
    assert foreign.toml_table(text, 1000, parse_toml, depth=4) == {
        "x": "[[[[.a.b.c", "tool": {"poetry": {"dependencies": {"b": "{{{{", "c": 1.5}}}}


def test_a_manifest_of_a_hundred_thousand_brackets_declares_nothing() -> None:
    assert declared_libraries("package.json", '{"dependencies": ' + "[" * DEEP + "]" * DEEP + "}") == set()
    assert declared_libraries("package.json", '{"dependencies": {"react": "18"}}') == {"react"}


def test_a_tsconfig_nested_deeply_or_unterminated_is_empty() -> None:
    assert parse_jsonc("[" * DEEP) == {}
    assert parse_jsonc('{"a": 1, /* c */ "b": [1,],}') == {"a": 1, "b": [1]}
    assert parse_jsonc("/*" * 1000 + '"\\"' * 1000) == {}


# -- every input: a value within the limit, or Unreadable ------------------------------------------

SAMPLES = [
    b'{"name": "shop", "dependencies": {"react": "^18.2.0"}, "bin": {"shop": "cli.js"}}',
    b'[project]\nname = "x"\ndependencies = ["requests>=2", "rich"]\n[tool.a.b]\nc = [1, {d = 2}]\n',
    b'{"hooks": {"PreToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "ken"}]}]}}',
]


@st.composite
def foreign_bytes(draw: st.DrawFn) -> bytes:
    """Nested, huge, wrongly typed, non-UTF-8 and truncated variants of real files."""
    sample = draw(st.sampled_from(SAMPLES))
    kind = draw(st.sampled_from(["nest", "cut", "bytes", "splice", "dots", "quotes", "random"]))
    at = draw(st.integers(0, len(sample)))
    n = draw(st.integers(1, 30_000))
    if kind == "nest":
        opener = draw(st.sampled_from([b"[", b"{", b'{"a":', b"{a=", b"a=["]))
        return sample[:at] + opener * n + draw(st.sampled_from([b"", b"]" * n, b"}" * n])) + sample[at:]
    if kind == "cut":
        return sample[:at]
    if kind == "bytes":
        return sample[:at] + draw(st.binary(min_size=1, max_size=8)) + sample[at:]
    if kind == "splice":
        return sample[:at] + json.dumps(draw(st.recursive(
            st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
            lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
            max_leaves=10))).encode() + sample[at:]
    if kind == "dots":
        return b"a" + b".a" * n + b" = 1\n" + sample
    if kind == "quotes":
        return sample[:at] + draw(st.sampled_from([b'"', b"'", b'\\"', b"'''", b'"""', b"/*"])) * n + sample[at:]
    return draw(st.binary(max_size=200))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(foreign_bytes())
def test_any_input_is_a_bounded_value_or_unreadable(data: bytes) -> None:
    for decode in (lambda d: foreign.json_value(d, foreign.MANIFEST_LIMIT),
                   lambda d: foreign.toml_table(d, foreign.MANIFEST_LIMIT, parse_toml)):
        try:
            value = decode(data)
        except Unreadable as err:
            assert str(err) and "\n" not in str(err)
        else:
            assert not foreign.deeper_than(value, foreign.MAX_DEPTH)
    text = data.decode("utf-8", "replace")
    assert isinstance(declared_libraries("package.json", text), set)
    assert isinstance(parse_jsonc(text), dict)
