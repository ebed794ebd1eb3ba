"""The hot commands' everyday argv is read without argparse, and must mean what argparse says.

``kenning.cli.main`` reads ``ken precheck PATH...`` and ``ken hook NAME --agent X`` itself (importing
and building argparse costs about 5 ms of the gate's 100). argparse stays the one definition of
the command line: for every argv the quick reading accepts, argparse must accept it too and
give the same namespace; everything else falls through to argparse unchanged.
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from kenning.cli import main as cli
from kenning.cli.parser import build_parser

PRECHECK_WORDS = ["a.py", "src/b.py", "", " x.py", "--json", "--strict", "-q", "--quiet", "--unsnooze",
                  "--now", "2026-01-01T00:00:00Z", "--snooze", "2d", "--reason", "known", "--lines", "5", "07",
                  "+3", "\u0661\u0662", " 4", "-5", "--", "-h", "--help", "--str", "--lines=3", "-", "--snooze=2d",
                  "pre-commit", "-qq", "--js", "x", "9" * 30]
HOOK_WORDS = ["pre-commit", "post-merge", "pre-tool-use", "session-start", "bogus", "--agent", "claude", "codex",
              "x", "--agent=claude", "-q", "--", "-h", ""]


def _argparse(words: list[str]) -> dict[str, object] | None:
    """What argparse makes of ``words`` (as ``cli.main`` builds it), or None when it refuses."""
    parser = build_parser(words[0])
    try:
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            return dict(vars(parser.parse_args(words)))
    except SystemExit:
        return None


def _agrees(words: list[str]) -> None:
    quick = cli._quick(words)
    if quick is None:
        return  # argparse reads it: nothing to compare
    assert _argparse(words) == dict(vars(quick)), words


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PRECHECK_WORDS), max_size=7))
def test_a_quick_precheck_argv_means_what_argparse_says(words: list[str]) -> None:
    _agrees(["precheck", *words])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(HOOK_WORDS), max_size=5))
def test_a_quick_hook_argv_means_what_argparse_says(words: list[str]) -> None:
    _agrees(["hook", *words])


def test_the_everyday_argv_takes_the_quick_reading() -> None:
    """Guard the guard: the argv the gate and the hooks really run is read quickly, with the
    values argparse gives, so the property tests above compare something."""
    everyday = [["precheck", "src/a.py", "src/b.py"], ["precheck"], ["precheck", "a.py", "--json", "--strict"],
                ["precheck", "a.py", "--snooze", "2d", "--reason", "known"], ["precheck", "a.py", "--lines", "3"],
                ["hook", "pre-commit"], ["hook", "pre-tool-use", "--agent", "claude"],
                ["hook", "post-checkout", "a", "b", "1"]]
    for words in everyday:
        quick = cli._quick(words)
        assert quick is not None, words
        assert _argparse(words) == dict(vars(quick))
    assert cli._quick(["precheck", "a.py", "--lines", "+3"]) is None  # argparse's int() decides that one
    for refused in (["precheck", "a.py", "--lines", "x", "--lines", "5"], ["precheck", "a.py", "--lines", "9" * 5000]):
        assert cli._quick(refused) is None and _argparse(refused) is None  # each value is argparse's to refuse
    assert cli._quick(["precheck", "--str"]) is None  # an abbreviation: argparse's rule
    assert cli._quick(["hook", "bogus"]) is None  # not a hook: argparse says so, in its words


def test_the_gate_runs_without_argparse_and_loads_its_own_declaration_alone() -> None:
    probe = ("import sys; from kenning.cli import main as cli; "
             "assert cli._quick(['precheck', 'a.py']) is not None; print('argparse' in sys.modules); "
             "print(sorted(m for m in sys.modules if m.startswith('kenning.cli.spec')))")
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert r.stdout.split("\n")[:2] == ["False", "['kenning.cli.spec', 'kenning.cli.spec.gate']"]


def test_a_hot_command_run_in_process_leaves_the_garbage_collector_on() -> None:
    """The hot commands pause the cyclic collector for their few milliseconds; a caller in the
    same process (an embedding, a test run) gets it back on, whatever the command did."""
    import gc

    for words in (["precheck", "--lines", "x"], ["hook", "bogus"]):  # refused: argparse exits
        assert gc.isenabled()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()), \
                contextlib.suppress(SystemExit):
            cli.main(words)
        assert gc.isenabled(), words
