"""``ken audit``: the gate measured on this repository's own history.

One ``git log`` (with file statistics) reads the span to audit plus the look-back the gate
needs before its first commit; ``git show`` fetches the diffs: one process for the reverts',
one for the replayed commits' (as the hooks see a proposed change), and one per reverted change
whose retry no message announced, on that change's files, for the later commits compared with
it. Nothing is checked out, nothing is written: the replay derives memory from history in
memory (``core.gate.audit``). Works with or without ``ken init``; with it, the project's
``[gate]`` and ``[capture]`` settings are the ones replayed, and the report is kept in
``.kenning/local/audit.json`` (machine-local) for ``ken visualize`` to show.
"""

from __future__ import annotations

import json
import time

from kenning import git
from kenning.app.capture.derive import LONG
from kenning.app.gate.precheck import settings as gate_settings
from kenning.app.project import Project, now_micros
from kenning.app.warnings import hand_over
from kenning.core.defaults import AUDIT_CONTROLS, AUDIT_SINCE
from kenning.core.errors import InvalidInput, KenError, NotInitialized, cause
from kenning.core.events import format_timestamp
from kenning.core.gate import audit as core
from kenning.core.gate.rules import Thresholds, parse_since
from kenning.git import history as git_history

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

DAY = 86_400
GOALS = {"recall": 0.90, "attribution": 0.85, "noise": 0.03}


def audit(cwd: Path, since: str = AUDIT_SINCE, controls: int = AUDIT_CONTROLS,
          now: str | None = None) -> dict[str, Any]:
    from pathlib import Path  # ``ken audit`` alone: never the gate's way

    top = git.find_root(cwd)
    if top is None:
        raise NotInitialized(f"{cwd} is not inside a git repository; run `ken audit` in one")
    root = Path(top)
    head = git.head_commit(root)
    if head is None:
        raise InvalidInput("this repository has no commits to audit")
    if controls < 0:
        raise InvalidInput("--controls must be 0 or more")
    now_us = now_micros(now)
    try:
        since_s = parse_since(since, now_us) // 1_000_000
    except ValueError as err:
        raise InvalidInput(f"--since: {err}") from err
    project = Project(root)
    config = gate_settings(project)
    spans = core.Spans(_days(project, "backfill_days", 90), _days(project, "revert_days", 365))
    lookback = max(spans.backfill_days, spans.revert_days, config.failure_days) * DAY
    started = time.perf_counter()
    history, unreadable = _read(root, head, int(since_s - lookback), spans, config)
    found = _reattempts(root, history)
    report = _replay(root, history, found, since_s, controls)
    report.update({
        "repository": root.name, "head": head, "since": format_timestamp(since_s * 1_000_000),
        "commits_read": len(history.commits), "unreadable_commits": unreadable,
        "seconds": round(time.perf_counter() - started, 2), "goals": GOALS,
        "settings": {"window_days": config.window_days, "failure_days": config.failure_days,
                     "backfill_days": spans.backfill_days, "revert_days": spans.revert_days},
    })
    if project.initialized:
        _keep(project, report)
    return report


def _keep(project: Project, report: dict[str, Any]) -> None:
    """Keep the report for the page. Bookkeeping: when it cannot be written (a link in its
    place, a full disk) the audit still answers, and the user is told: a warning for the surface
    (``app.warnings``)."""
    from kenning.app.gate.checks import audit_path
    from kenning.store import files

    try:
        files.write_atomic(audit_path(project), json.dumps(report, indent=1, sort_keys=True) + "\n",
                           within=project.root)
    except (OSError, KenError) as err:
        hand_over([f"the audit report was not kept for `ken visualize` ({cause(err)})"])


def _read(root: Path, head: str, start: int, spans: core.Spans, config: Thresholds) -> tuple[core.History, int]:
    """The history since ``start``: every commit's files from the trees (cheap), and line counts
    (where the gate weighs a revert's files) for the reverts and the changes they undo only.
    Returns it and how many of those git could not count (objects missing from a partial clone)."""
    records, blobs = git_history.files_log(root, [head], start, timeout=LONG)
    commits = [_from_record(r) for r in records]
    history = core.History(commits, spans, config)
    weighed = {c.sha for c in history.reverts} | {o.sha for c in history.reverts for o in history.originals[c.sha]}
    missing = git_history.missing_objects(root, sorted({oid for sha in weighed for oid in blobs.get(sha, ())}))
    readable = sorted(sha for sha in weighed if not blobs.get(sha, set()) & missing)
    if not readable:
        return history, len(weighed)
    counted = {r.sha: _from_record(r) for r in git_history.log(root, readable, walk=False, timeout=LONG)}
    patches = _patches(root, sorted(c.sha for c in history.reverts if c.sha in counted))
    return (core.History([counted.get(c.sha, c) for c in commits], spans, config, patches),
            len(weighed) - len(counted))


def _patches(root: Path, shas: list[str]) -> dict[str, str]:
    """Each commit's diff, in one process; none where git cannot show it. When git fails on the
    whole (a partial clone missing a blob), a hundred commits at a time: only those hundred go
    without."""
    try:
        return git_history.show_patches(root, shas)
    except git.GitError:
        pass
    found: dict[str, str] = {}
    for start in range(0, len(shas), 100):
        try:
            found.update(git_history.show_patches(root, shas[start:start + 100]))
        except git.GitError:
            continue
    return found


def _from_record(record: git_history.CommitRecord) -> core.Commit:
    return core.Commit(record.sha, record.time, record.subject, record.body,
                       [(p, n) for p, _, n in record.files], len(record.parents))


def _days(project: Project, key: str, default: int) -> int:
    value = project.setting("capture", key) if project.config_path.exists() else default
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else default


def _reattempts(root: Path, history: core.History) -> dict[str, core.Reattempt]:
    """Retries announced by their message, then those found by resembling the reverted diff."""
    found = history.relands()
    for revert, original, later in history.diff_candidates(found):
        before = set(original.paths)  # a sweep lists thousands: looked up, not scanned, per file
        files = sorted({p for c in later for p in c.paths} & before)
        try:
            # a process for each: one for all, over the union of their files, measured slower (git
            # diffs each commit on more files: angle 1.5 s of CPU against 1.05 s for 54 processes)
            patches = git_history.show_patches(root, [original.sha, *(c.sha for c in later)], paths=files)
        except git.GitError:
            continue
        for commit in later:
            shared = [p for p in commit.paths if p in before]
            score = core.resembles(patches.get(original.sha, ""), patches.get(commit.sha, ""), shared)
            if score >= core.RESEMBLANCE and core.genuine(original.subject, commit.subject, score):
                found[revert.sha] = core.Reattempt(revert, original, commit, "diff", score)
                break
    return found


def _replay(root: Path, history: core.History, found: dict[str, core.Reattempt], since_s: int,
            controls: int) -> dict[str, Any]:
    items, timings = [], []
    replayed = [r for r in sorted(found.values(), key=lambda r: (r.commit.time, r.commit.sha))
                if r.commit.time >= since_s and r.files]
    exclude = {r.commit.sha for r in found.values()} | {c.sha for c in history.reverts}
    sample = history.controls(since_s, controls, exclude)
    # each change as the hooks see it (its added lines), compared with the reverted one
    proposed = _proposed(_patches(root, sorted({r.commit.sha for r in replayed} | {c.sha for c in sample})))
    for reattempt in replayed:
        began = time.perf_counter()
        report = history.judge(reattempt.files, reattempt.commit.time, proposed.get(reattempt.commit.sha))
        timings.append(time.perf_counter() - began)
        items.append(_item(reattempt, core.verdict_of(report, reattempt)))
    noisy, checked, any_warning, revert_warning = [], 0, 0, 0
    for commit in sample:
        began = time.perf_counter()
        judged = history.judge(commit.paths, commit.time, proposed.get(commit.sha))
        verdict = core.verdict_of(judged)
        timings.append(time.perf_counter() - began)
        checked += 1
        any_warning += verdict["any_warning"]
        revert_warning += verdict["warned"]
        if verdict["warned"]:  # which files, so that a maintainer can read the noise where it is
            noisy.append({"commit": _commit(commit), "first_line": verdict["first_line"],
                          "files": core.warned_files(judged)[:10]})
    warned = sum(1 for i in items if i["verdict"]["warned"])
    files = {"checked": sum(i["verdict"]["files_checked"] for i in items),
             "warned": sum(i["verdict"]["files_warned"] for i in items)}
    named = sum(1 for i in items if i["verdict"]["named"])
    return {
        "reverts": sum(1 for c in history.reverts if c.time >= since_s),
        "reattempts": {"found": len(items), **core.found_by_counts(i["found_by"] for i in items),
                       "warned": warned, "named": named, "recall": _share(warned, len(items)),
                       "attribution": _share(named, len(items)), "files": files},
        "controls": {"replayed": checked, "any_warning": any_warning, "revert_warning": revert_warning,
                     "noise": _share(revert_warning, checked), "any_noise": _share(any_warning, checked)},
        "check_ms": _timing(timings),
        "items": items,
        "noisy_controls": noisy[:25],
    }


def _proposed(patches: dict[str, str]) -> dict[str, dict[str, str]]:
    """sha -> path -> the lines the commit added to it."""
    from kenning.core.gate.similarity import added_lines

    return {sha: added_lines(patch) for sha, patch in patches.items()}


def _item(reattempt: core.Reattempt, verdict: dict[str, Any]) -> dict[str, Any]:
    return {"revert": _commit(reattempt.revert),
            "original": _commit(reattempt.original) if reattempt.original else None,
            "reattempt": _commit(reattempt.commit), "found_by": reattempt.found_by, "score": reattempt.score,
            "days_after_revert": round((reattempt.commit.time - reattempt.revert.time) / DAY, 1),
            "files": reattempt.files[:20], "verdict": verdict}


def _commit(commit: core.Commit) -> dict[str, Any]:
    return {"sha": commit.sha, "subject": commit.subject, "date": format_timestamp(commit.time * 1_000_000)[:10]}


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 3) if whole else None


def _timing(seconds: list[float]) -> dict[str, float | None]:
    if not seconds:
        return {"median": None, "p95": None}
    ordered = sorted(seconds)
    return {"median": round(ordered[len(ordered) // 2] * 1000, 2),
            "p95": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] * 1000, 2)}
