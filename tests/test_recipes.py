"""The recipes of docs/ARCHITECTURE.md, held to the code: each test fails when a step of a
common change is missed (a new event type the fold ignores or the format leaves out, a gate
signal nobody documented, an MCP tool docs/mcp.md does not name, a config default the
template `ken init` writes disagrees with)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import kenning
from kenning.app.project import parse_toml
from kenning.app.setup.texts import CONFIG
from kenning.core import events
from kenning.core.defaults import DEFAULT_CONFIG, GATE
from kenning.core.gate.rules import Thresholds

SRC = Path(kenning.__file__).parent
DOCS = SRC.parents[1] / "docs"
# event types the summary's fold has no section for, and why
GATE_ONLY = {"snooze": "a snooze silences the gate on its paths for a while; the summary has nothing to show"}


def fold_cases() -> set[str]:
    """The event types ``State.apply`` matches, read from its source."""
    tree = ast.parse((SRC / "core" / "fold.py").read_text(encoding="utf-8"))
    apply = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "apply")
    match = next(n for n in ast.walk(apply) if isinstance(n, ast.Match))
    return {c.pattern.value.value for c in match.cases
            if isinstance(c.pattern, ast.MatchValue) and isinstance(c.pattern.value, ast.Constant)}


@pytest.mark.parametrize("kind", events.TYPES)
def test_every_event_type_is_folded_or_said_to_be_the_gates_alone(kind: str) -> None:
    cases = fold_cases()
    assert kind in cases, f"core/fold.py State.apply has no `case {kind!r}`: add one (or a pass with the reason)"
    assert kind not in GATE_ONLY or kind in cases


@pytest.mark.parametrize("kind", events.TYPES)
def test_every_event_type_is_in_the_open_format(kind: str) -> None:
    text = (DOCS / "format.md").read_text(encoding="utf-8")
    assert f"`{kind}`" in text, f"docs/format.md does not describe the event type `{kind}`"


def warning_kinds() -> set[str]:
    text = (SRC / "core" / "gate" / "rules.py").read_text(encoding="utf-8")
    return set(re.findall(r'GateWarning\("([a-z_]+)"', text))


def test_there_are_gate_signals_to_check() -> None:
    assert len(warning_kinds()) >= 6


@pytest.mark.parametrize("kind", sorted(warning_kinds()))
def test_every_gate_signal_is_documented(kind: str) -> None:
    text = (DOCS / "precheck.md").read_text(encoding="utf-8")
    assert f"`{kind}`" in text, f"docs/precheck.md does not describe the gate's `{kind}` warning"


def test_every_mcp_tool_is_documented() -> None:
    from kenning.mcp.tools import CATALOGUE

    text = (DOCS / "mcp.md").read_text(encoding="utf-8")
    missing = [name for name in CATALOGUE if f"`{name}`" not in text]
    assert not missing, f"docs/mcp.md does not name: {missing}"


def template() -> dict[str, dict[str, object]]:
    """The config template `ken init` writes, with its commented-out settings read as set."""
    uncommented = re.sub(r"(?m)^# ([a-z_]+ = )", r"\1", CONFIG)
    return parse_toml(uncommented)


@pytest.mark.parametrize("table", sorted(DEFAULT_CONFIG))
def test_the_config_template_says_every_default(table: str) -> None:
    written = template().get(table, {})
    for key, value in DEFAULT_CONFIG[table].items():
        assert key in written, f"config.toml's template has no [{table}] {key}"
        assert written[key] == value, f"[{table}] {key}: the template says {written[key]!r}, the default is {value!r}"


def test_the_gate_rules_default_to_the_config_defaults() -> None:
    rules = Thresholds()
    for key, value in GATE.items():
        assert getattr(rules, key) == value, key
    assert DEFAULT_CONFIG["gate"].items() >= GATE.items()
