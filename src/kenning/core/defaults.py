"""What config.toml means when it says nothing: every setting's default, in one place.

``app.project`` reads config.toml over these; ``core.gate.rules.Thresholds`` takes its thresholds'
defaults from ``GATE``; the commented template ``ken init`` writes (``app.setup.texts.CONFIG``) is
held to them by ``tests/test_recipes.py``. Plain data, cheap to import on every command.
"""

from __future__ import annotations

# the gate's thresholds (docs/precheck.md); measured choices are explained in docs/audit.md
GATE: dict[str, float] = {"window_days": 30, "failure_days": 365, "revert_commits": 2, "revert_recent_days": 60,
                          "churn_commits": 4, "block_failed_attempts": 3, "stale_ratio": 0.5}

DEFAULT_CONFIG: dict[str, dict[str, object]] = {
    "summary": {"budget": 6000},
    "gate": {**GATE, "commit": "advisory", "agent": "deny", "similarity": 0.6},
    "capture": {"backfill_days": 90, "revert_days": 365, "sessions": "on"},
    "redaction": {"allowlist": [], "patterns": {}},
    "lock": {"timeout_seconds": 10.0},
    "watch": {"saves": 8, "window_seconds": 120},
}

# the contract between the block `ken init` writes into a git hook and `ken hook`: the exit code
# that (alone) refuses a commit, and the seconds a hook runs before it gives up and lets git go on
BLOCKED_EXIT = 77
TIMEOUT_SECONDS = 20

# what a command (and the MCP tool beside it) does when its option is not given: the parser's
# defaults and help, the app functions' keyword defaults and the MCP argument models read these
GATE_LINES = 12  # lines of the gate's text per file (`ken precheck --lines`, the agent hooks)
CONTEXT_TOKENS = 2000  # `ken context --tokens`, the MCP get_context
EXPORT_TOKENS = 1500  # the block `ken export` compiles into CLAUDE.md / AGENTS.md
MIN_TOKENS, MAX_TOKENS = 100, 20_000  # the budgets a context or an export block may be given
SEARCH_LIMIT = 20  # events `ken search` and search_events list
LESSONS_LIMIT = 50  # lessons `ken lessons` lists
AUDIT_SINCE, AUDIT_CONTROLS = "1y", 200  # `ken audit`: the history replayed, the ordinary commits sampled
