"""Benchmark of the redaction scrubber: time per field over a realistic mix of event fields.

    python bench/redaction.py [--fields 10000] [--repeat 5] [--seed 11] [--src DIR]

Every write scrubs every text field, so what matters is the cost of an ordinary field that holds
no secret. The mix follows what events hold: mostly one-line summaries (commit-message-like, with
paths, numbers and shas), some multi-line details (tracebacks, diffs, logs, config excerpts),
some text that names secrets without holding one (code, prose), and a few real-looking secrets.
Each figure is the best of ``--repeat`` passes (after one warm-up pass that compiles the
regexes), in microseconds per field. Then the hostile inputs (100 KB runs, a key word repeated
10,000 times: what a rule could backtrack on), in milliseconds each; tests/core/test_redaction.py
checks what they come back as, this measures how long that takes. ``--src`` imports ``kenning``
from another source tree, so the code before a change can be timed on the same machine, e.g.:

    mkdir -p /tmp/before && git archive <rev> src | tar -x -C /tmp/before
    python bench/redaction.py --src /tmp/before/src && python bench/redaction.py

On a busy machine run the two alternately a few times and compare the best figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import string
import sys
import time
from collections.abc import Callable
from pathlib import Path

WORDS = ("retry", "webhook", "payment", "parser", "cache", "lock", "timeout", "index", "schema", "migration",
         "flaky", "test", "signature", "race", "buffer", "flush", "queue", "worker", "config", "session",
         "deploy", "rollback", "handler", "import", "export", "client", "server", "build", "release", "cursor")
VERBS = ("fix", "add", "drop", "rework", "revert", "bump", "document", "speed up", "guard", "log")
PATHS = ("src/api/orders.py", "src/core/fold.py", "web/src/App.tsx", "db/migrations/0042_add_index.sql",
         "Dockerfile", ".github/workflows/ci.yml", "pkg/server/handler.go", "README.md")
ALNUM = string.ascii_letters + string.digits


def summary(rng: random.Random) -> str:
    words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 8)))
    tail = rng.choice(("", f" in {rng.choice(PATHS)}", f" ({rng.randint(2, 900)} ms)",
                       f" after {rng.choice(('#', 'PR #'))}{rng.randint(10, 2000)}",
                       f" at {''.join(rng.choice('0123456789abcdef') for _ in range(7))}",
                       f": {rng.choice(('TypeError', 'KeyError', 'TimeoutError'))} on line {rng.randint(1, 800)}"))
    return f"{rng.choice(VERBS)} {words}{tail}"


def traceback(rng: random.Random) -> str:
    frames = "\n".join(f'  File "/app/{rng.choice(PATHS)}", line {rng.randint(1, 900)}, in {rng.choice(WORDS)}\n'
                       f"    result = {rng.choice(WORDS)}.{rng.choice(WORDS)}(request, timeout={rng.randint(1, 60)})"
                       for _ in range(rng.randint(4, 14)))
    return f"Traceback (most recent call last):\n{frames}\nValueError: {summary(rng)}"


def diff(rng: random.Random) -> str:
    lines = [f"diff --git a/{p} b/{p}" for p in rng.sample(PATHS, 2)]
    for _ in range(rng.randint(10, 60)):
        sign = rng.choice(" +-")
        lines.append(f"{sign}    {rng.choice(WORDS)}_{rng.choice(WORDS)} = {rng.choice(WORDS)}({rng.randint(0, 99)})")
    return "\n".join(lines)


def log(rng: random.Random) -> str:
    return "\n".join(f"2024-06-03T10:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}Z "
                     f"{rng.choice(('INFO', 'WARN', 'ERROR'))} {summary(rng)} request_id="
                     + "".join(rng.choice("0123456789abcdef") for _ in range(32))
                     for _ in range(rng.randint(5, 40)))


def config(rng: random.Random) -> str:
    values = (str(rng.randint(1, 9999)), "true", "info")
    lines = range(rng.randint(5, 30))
    return "\n".join(f"{rng.choice(WORDS)}_{rng.choice(WORDS)}: {rng.choice(values)}" for _ in lines)


NAMES_SECRETS = ('password = os.environ["DB_PASSWORD"]', "token: str", "api_key=None", "the password field is required",
                 "rotate the API key monthly", "auth token refresh failed with 401", "secret = get_secret(name)",
                 "Authorization: Bearer ${TOKEN}", "ssh -i ~/.ssh/id_ed25519 deploy@10.0.0.5",
                 "postgres://db.internal:5432/app")


def names_secret(rng: random.Random) -> str:
    return f"{summary(rng)}; {rng.choice(NAMES_SECRETS)}"


def with_secret(rng: random.Random) -> str:
    token = "".join(rng.choice(ALNUM) for _ in range(36))
    return rng.choice((f"leaked ghp_{token} in the CI log", f"DB_PASSWORD=Sx9{token[:10]}!",
                       f"curl -H 'Authorization: Bearer {token}' https://api.acme.dev",
                       f"postgres://app:{token[:14]}@db:5432/app", f"export OPENAI_API_KEY=sk-proj-{token}{token}"))


# share of fields, generator
MIX: tuple[tuple[str, float, Callable[[random.Random], str]], ...] = (
    ("summary", 0.62, summary), ("traceback", 0.06, traceback), ("diff", 0.06, diff), ("log", 0.06, log),
    ("config", 0.05, config), ("names a secret", 0.10, names_secret), ("holds a secret", 0.05, with_secret),
)


# what a rule could backtrack on (the same inputs as tests/core/test_redaction.py's HOSTILE)
HOSTILE = (("100 KB of one letter", "x" * 100_000), ("100 KB of dashes", "-" * 100_000),
           ("a key word 10,000 times", "password=" * 10_000), ("digits and colons", "1234567890:" * 10_000),
           ("a key header, no key", "-----BEGIN RSA PRIVATE KEY-----" + " a" * 50_000),
           ("control characters", "a\x00b control \x1b[31m chars"))


def fields(n: int, seed: int) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    names = [m[0] for m in MIX]
    weights = [m[1] for m in MIX]
    makers = {m[0]: m[2] for m in MIX}
    out = []
    for _ in range(n):
        name = rng.choices(names, weights)[0]
        out.append((name, makers[name](rng)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fields", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--src", type=Path, default=Path(__file__).resolve().parent.parent / "src")
    args = parser.parse_args()
    sys.path.insert(0, str(args.src.resolve()))
    start = time.perf_counter()
    from kenning.core.secrets.redaction import redact
    import_ms = (time.perf_counter() - start) * 1e3

    data = fields(args.fields, args.seed)
    start = time.perf_counter()
    redact(data[0][1])
    first_ms = (time.perf_counter() - start) * 1e3
    for _, text in data:  # warm-up: compile every regex the mix needs
        redact(text)
    per_kind: dict[str, list[float]] = {name: [] for name, _, _ in MIX}
    totals = []
    for _ in range(args.repeat):
        times: dict[str, list[float]] = {name: [] for name, _, _ in MIX}
        start_all = time.perf_counter()
        for name, text in data:
            t0 = time.perf_counter()
            redact(text)
            times[name].append(time.perf_counter() - t0)
        totals.append(time.perf_counter() - start_all)
        for name, samples in times.items():
            if not per_kind[name] or sum(samples) < sum(per_kind[name]):
                per_kind[name] = samples
    print(f"kenning from {args.src}; {args.fields} fields, seed {args.seed}, best of {args.repeat}")
    print(f"import {import_ms:.1f} ms, first call {first_ms:.2f} ms")
    print(f"{'field kind':<16}{'n':>6}{'chars':>8}{'mean us':>10}{'p50 us':>9}{'p99 us':>9}")
    for name, _, _ in MIX:
        samples = sorted(per_kind[name])
        if not samples:
            continue
        chars = statistics.mean(len(t) for k, t in data if k == name)
        p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
        print(f"{name:<16}{len(samples):>6}{chars:>8.0f}{statistics.mean(samples) * 1e6:>10.1f}"
              f"{statistics.median(samples) * 1e6:>9.1f}{p99 * 1e6:>9.1f}")
    best = min(totals)
    print(f"all fields: {best * 1e3:.1f} ms total, {best / len(data) * 1e6:.1f} us per field")
    print(f"\n{'hostile input':<26}{'KB':>6}{'best ms':>10}")
    for name, text in HOSTILE:
        runs = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            redact(text)
            runs.append(time.perf_counter() - t0)
        print(f"{name:<26}{len(text) / 1000:>6.0f}{min(runs) * 1e3:>10.1f}")


if __name__ == "__main__":
    main()
