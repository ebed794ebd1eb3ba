"""Synthetic event logs for benchmarks: `python bench/generate.py N OUT.jsonl [--seed S] [--files F]`.

The mix follows a real project's shape: many notes and attempts, fewer issues, most issues
fixed after a few failed attempts, decisions now and then, some of them superseding earlier
ones. Events cite a few hundred files with a skewed distribution (a few hot files). Output is
deterministic for a seed; every line is a valid schema-v1 event.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
WORDS = [
    "retry", "webhook", "payment", "parser", "cache", "lock", "timeout", "index", "schema", "migration",
    "flaky", "test", "signature", "race", "buffer", "flush", "queue", "worker", "config", "token", "session",
    "deploy", "rollback",
]


def _ts(base: int, i: int) -> str:
    # one event every ~90 s from 2029-01-01, microsecond precision, strictly increasing
    t = base + i * STEP_US + (i * 7919) % 1_000_000
    seconds, micro = divmod(t, 1_000_000)
    import time
    tm = time.gmtime(seconds)
    return time.strftime("%Y-%m-%dT%H:%M:%S", tm) + f".{micro:06d}Z"


def _draw_files(rng: random.Random, nfiles: int) -> list[str]:
    return [f"src/{rng.choice(['api', 'core', 'db', 'web', 'jobs'])}/module_{i}.py" for i in range(nfiles)]


def file_weights(nfiles: int = 300) -> list[float]:
    """How often each file of `file_list` is cited: a few hot files, a long tail (index 0 is hottest)."""
    return [1.0 / (1 + i) ** 0.8 for i in range(nfiles)]


def file_list(seed: int = 1, nfiles: int = 300) -> list[str]:
    """The files `generate(n, seed, nfiles)` cites, hottest first (same paths whatever `n`)."""
    return _draw_files(random.Random(seed), nfiles)


STEP_US = 90_000_000  # one event every ~90 s


def generate(n: int, seed: int = 1, nfiles: int = 300, end_us: int | None = None) -> list[str]:
    """`n` events as JSON lines; they start at 2029-01-01, or end just before `end_us` when given
    (so a benchmark's 30-day windows hold a realistic share of them)."""
    rng = random.Random(seed)
    files = _draw_files(rng, nfiles)
    weights = file_weights(nfiles)
    base = 1861920000 * 1_000_000 if end_us is None else end_us - (n + 1) * STEP_US
    open_issues: list[tuple[str, str]] = []
    decisions: list[str] = []
    issue_ids: set[str] = set()
    lines = []
    for i in range(n):
        ev_id = "evt_" + "".join(rng.choice("0123456789abcdef") for _ in range(20))
        where = rng.choices(files, weights)[0]
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(5, 14)))
        ev = {"v": 1, "id": ev_id, "timestamp": _ts(base, i), "source": "import",
              "location": f"{where}:{rng.randint(1, 400)}"}
        roll = rng.random()
        if roll < 0.08 or not open_issues:
            iid = "".join(rng.choice(ALPHABET) for _ in range(5))
            while iid in issue_ids:
                iid = "".join(rng.choice(ALPHABET) for _ in range(5))
            issue_ids.add(iid)
            ev.update(type="issue", issue_id=iid, summary=f"issue: {text}")
            open_issues.append((iid, where))
        elif roll < 0.40:
            iid, where = rng.choice(open_issues[-50:])
            ev.update(type="attempt", issue_id=iid, location=where,
                      outcome=rng.choice(["failed", "failed", "partial", "worked"]), summary=f"tried {text}")
        elif roll < 0.47:
            iid, where = open_issues.pop(rng.randrange(max(0, len(open_issues) - 50), len(open_issues)))
            ev.update(type="fix", issue_id=iid, location=where, summary=f"fixed by {text}")
        elif roll < 0.55:
            ev.update(type="decision", summary=f"decided {text}")
            if decisions and rng.random() < 0.3:
                ev["supersedes"] = decisions.pop(rng.randrange(len(decisions)))
            decisions.append(ev_id)
        else:
            ev.update(type="note", summary=f"note {text}", lesson=rng.random() < 0.05)
            if not ev["lesson"]:
                del ev["lesson"]
        if rng.random() < 0.3:
            ev["details"] = " ".join(rng.choice(WORDS) for _ in range(rng.randint(20, 80)))
        lines.append(json.dumps(ev, sort_keys=True, separators=(",", ":")))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("count", type=int)
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--files", type=int, default=300)
    args = parser.parse_args()
    args.out.write_text("\n".join(generate(args.count, args.seed, args.files)) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
