"""What a warm ``ken precheck`` and a warm agent hook load. Each is a new process on every commit
and every edit, so a module or a regular expression they never use is paid on every one of them:
these tests hold the gate's way to what it needs (`python -X importtime` names the modules, a
counting ``re.compile`` the patterns kenning compiles)."""

from __future__ import annotations

import json
import subprocess
import sys

from .conftest import Repo, edit

# run `ken ARGS` as the console script does, counting the patterns kenning's modules compile
_COUNTING = """
import re, sys
compiled = []
_compile = re.compile
def counting(pattern, flags=0):
    if "kenning" in sys._getframe(1).f_code.co_filename:
        compiled.append(pattern)
    return _compile(pattern, flags)
re.compile = counting
from kenning.cli.main import main
code = main(sys.argv[1:])
sys.stderr.write(f"compiled by kenning: {len(compiled)}\\n")
sys.exit(code)
"""

# none of these decides anything in the warm gate: argparse (the quick argv reader), TOML (the
# config's parse is cached), the check of a config's own patterns (only a config that sets one),
# the compiled decoder (the index is read, not the log), typing and dataclasses (annotations only),
# shlex (quoting and splitting the hook commands ``ken setup`` installs), the ASCII codec (the clone's
# key is ASCII, decoded by hand), the history reader (no commit since the last run: nothing to derive),
# pathlib and what it imports (the gate's paths are str, joined by os.path: about 5 ms of imports)
NOT_ON_THE_WAY = ("argparse", "tomllib", "kenning.core.secrets", "kenning.core.secrets.backtracking", "msgspec",
                  "typing", "dataclasses", "kenning.cli.parser", "shlex", "encodings.ascii",
                  "kenning.app.capture.derive", "pathlib", "urllib.parse", "ipaddress", "fnmatch")
# a path's drive pattern, the commit-id pattern and the cache owner's key: the ones the gate uses
MOST_PATTERNS = 3


def _run(repo: Repo, args: list[str], stdin: str | None = None) -> tuple[set[str], int, str]:
    """(modules loaded, patterns kenning compiled, stdout) of one ``ken ARGS`` process."""
    env = dict(repo.world.env, CLAUDE_PROJECT_DIR=str(repo.path))
    r = subprocess.run([sys.executable, "-X", "importtime", "-c", _COUNTING, *args], cwd=repo.path, env=env,
                       input=stdin, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr[-800:]
    lines = r.stderr.splitlines()
    loaded = {line.rsplit("|", 1)[-1].strip() for line in lines if line.startswith("import time:")}
    compiled = int(next(line for line in lines if line.startswith("compiled by kenning:")).rsplit(" ", 1)[1])
    return loaded, compiled, r.stdout


def _warm(repo: Repo) -> None:
    repo.write("src/a.py", "a = 1\n")
    repo.ok("note", "the parser keeps its own cache", "--at", "src/a.py")
    repo.ok("precheck", "src/a.py", "src/quiet.py")  # builds the index: every later run is warm


def test_the_warm_gate_loads_only_what_it_needs(repo: Repo):
    _warm(repo)
    loaded, compiled, out = _run(repo, ["precheck", "src/a.py", "src/quiet.py"])
    assert "src/a.py" in out and "kenning.app.gate.precheck" in loaded  # it ran the gate
    assert not loaded & set(NOT_ON_THE_WAY), loaded & set(NOT_ON_THE_WAY)
    assert compiled <= MOST_PATTERNS


def test_the_warm_agent_hook_loads_only_what_it_needs(repo: Repo):
    _warm(repo)
    loaded, compiled, out = _run(repo, ["hook", "pre-tool-use", "--agent", "claude"],
                                 json.dumps(edit(repo, "src/a.py")))
    assert "kenning.app.gate.tool_calls" in loaded
    assert not loaded & set(NOT_ON_THE_WAY), loaded & set(NOT_ON_THE_WAY)
    assert compiled <= MOST_PATTERNS


def test_a_blocked_edit_does_not_load_openssl(repo: Repo):
    """The deny-once answer keys what the session saw with a SHA-256: Python's own module, not
    ``hashlib``, which loads OpenSSL first (3 ms on every blocked edit)."""
    _warm(repo)
    repo.ok("issue", "the parser drops events", "--at", "src/a.py")
    for n in range(3):
        repo.ok("attempt", f"cache the parser {n}", "--failed", "--at", "src/a.py")
    loaded, _, out = _run(repo, ["hook", "pre-tool-use", "--agent", "claude"], json.dumps(edit(repo, "src/a.py")))
    assert '"permissionDecision": "deny"' in out, out
    assert not loaded & {"hashlib", "_hashlib"}, loaded & {"hashlib", "_hashlib"}
