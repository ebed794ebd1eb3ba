"""Loaded as ``sitecustomize`` by every ``ken`` process the test suite starts (``machine.isolated_env``
puts this folder on PYTHONPATH while ``KEN_SCHEMA_AUDIT`` names a folder): each line kenning
appends to a log is copied there, and at the end of the session ``tests/conftest.py`` checks
every one against the JSON Schema. Lines a test writes by hand (damaged ones on purpose) never
pass through here: only what kenning itself writes is held to the schema."""

import os

_FOLDER = os.environ.get("KEN_SCHEMA_AUDIT")


def _install(folder: str) -> None:
    from kenning.store import log

    append = log.EventLog.append

    def audited(self, line):  # type: ignore[no-untyped-def]
        result = append(self, line)
        try:
            with open(os.path.join(folder, f"{os.getpid()}.jsonl"), "a", encoding="utf-8") as f:
                f.write(line + "\n")
        except OSError:
            pass  # the audit is the suite's, not the user's: it never fails a write
        return result

    log.EventLog.append = audited


if _FOLDER and os.path.isdir(_FOLDER):
    try:
        _install(_FOLDER)
    except ImportError:
        pass  # a python that is not kenning's (git hooks may start another)
