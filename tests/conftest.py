"""Options and fixtures shared by every test folder."""

from __future__ import annotations

import compileall
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

import kenning
from schema_audit import collected, violations

_AUDIT: dict[str, object] = {}

# pytest keeps each test module's rewritten assertions as bytecode; under PYTHONDONTWRITEBYTECODE
# it cannot, and each xdist worker parses and rewrites every test file again (about 25 s of CPU)
sys.dont_write_bytecode = False


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite golden files from the current output instead of comparing with them")


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    """True only when the run was started with ``--update-golden``."""
    return bool(request.config.getoption("--update-golden"))


# -- every event the suite has `ken` write is held to the JSON Schema (see tests/schema_audit.py) --

def pytest_configure(config: pytest.Config) -> None:
    # the `ken` processes the tests start run kenning as an install has it, its bytecode compiled
    # (pip compiles it; an editable install under PYTHONDONTWRITEBYTECODE never does, and then
    # every process compiles every module again: 0.16 s a process instead of 0.06 s)
    compileall.compile_dir(Path(kenning.__file__).parent, quiet=1)
    if not os.environ.get("KEN_SCHEMA_AUDIT"):
        os.environ["KEN_SCHEMA_AUDIT"] = tempfile.mkdtemp(prefix="ken-schema-audit-")
        _AUDIT["folder"] = os.environ["KEN_SCHEMA_AUDIT"]


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    folder = _AUDIT.get("folder")
    if not isinstance(folder, str):
        return
    lines = collected(Path(folder))
    shutil.rmtree(folder, ignore_errors=True)
    _AUDIT.update(checked=len(lines), failures=violations(lines) if lines else [])
    if _AUDIT["failures"]:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    failures = _AUDIT.get("failures")
    if _AUDIT.get("checked"):
        terminalreporter.write_line(f"schema audit: {_AUDIT['checked']} events written by ken checked against "
                                    f"docs/event.schema.json, {len(failures or [])} problems")
    if isinstance(failures, list) and failures:
        terminalreporter.section("events written by ken that break docs/event.schema.json")
        for failure in failures[:50]:
            terminalreporter.write_line(failure)
        terminalreporter.write_line(f"{len(failures)} problems in {_AUDIT['checked']} events written")
