"""Synthetic memories of unusual shapes, for `bench/shapes.py`: each a list of schema-v1 event lines.

    python bench/shapes_gen.py SHAPE N OUT.jsonl     # write one shape's log (SHAPE: see SHAPES)

Every shape holds `n` events (100,000 in the benchmark) ending just before `end_us`, one every
~90 s (the timestamps of `generate.py`), so 30-day windows hold a realistic share. Counts given
for 100,000 events scale with `n`:

- default: today's log, `generate.generate` itself (300 files, a few hot ones);
- decisions: 35 % attempts, 15 % decisions, 15 % issues, 10 % fixes, 25 % notes over 200 files
  (about 5,000 issues stay open); one busy file with ~431 events of which ~67 are decisions.
  200 files at ~431 events at most hold fewer than 100,000 events, so about half the events
  (issues with their attempts and fix, decisions, notes) name no file: project-wide ones;
- chain: the default mix, plus 5,000 decisions on the hot file, each superseding the previous;
- one-file: the default mix, where one file (not otherwise hot) holds 20 % of the events (20,000);
- wide-paths: the default mix, plus 1 % of events (1,000) carrying a `paths` list of 500 files
  (drawn from 2,000: the 300 default files and 1,700 more), as decisions, notes and failed attempts;
- many-files: the default mix over 50,000 files five folders deep, every one of them cited;
- open-issues: the default mix with issues at 15 % and fixes at 5 %, so 10,000 issues stay open;
- snoozes: the default mix, plus 5 % of events (5,000) `snooze` events as `ken precheck --snooze`
  writes them (`paths`: 1-5 files, `until` 30 minutes to 14 days after, `reason`), so every file
  has snoozes, the recent ones still active.

Deterministic for a seed (apart from `end_us`); one `random.Random`, no subprocess.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from generate import ALPHABET, STEP_US, WORDS, _ts, file_list, file_weights, generate  # noqa: E402

SCALE = 100_000  # the counts in the docstring are for this many events
DEFAULT_MIX = {"issue": 0.08, "attempt": 0.32, "fix": 0.07, "decision": 0.08, "note": 0.45}  # generate.py's
OUTCOMES = ["failed", "failed", "partial", "worked"]
SNOOZE_LENGTHS_US = [m * 60_000_000 for m in (30, 120, 1440, 2880, 10080, 20160)]  # 30m, 2h, 1d, 2d, 7d, 14d
REASONS = ["known, fixing it in", "flaky upstream, tracked in", "owner on leave, see", "accepted risk, see",
           "migration pending, see"]


def _iso(us: int) -> str:
    seconds, micro = divmod(us, 1_000_000)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{micro:06d}Z"


class Shape:
    """A generated memory and what the benchmark needs to know about it."""

    def __init__(self, name: str, lines: list[str], files: list[str], hot: str, typical: str, twenty: list[str],
                 flat_repo: bool, stats: dict[str, object]) -> None:
        self.name = name
        self.lines = lines  # the JSON lines, in time order
        self.files = files  # every file the events cite, hottest first: the repository holds them
        self.hot = hot  # the most cited file
        self.typical = typical  # a file of the long tail
        self.twenty = twenty  # 20 cited files for one precheck
        self.flat_repo = flat_repo  # one commit of all files (too many for a dated history)
        self.stats = stats


class Memory:
    """The event writer: ids, timestamps, issue lifecycles, standing decisions, and counts."""

    def __init__(self, n: int, end_us: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.base = end_us - (n + 1) * STEP_US
        self.i = 0
        self.lines: list[str] = []
        self.cited: Counter[str] = Counter()  # path -> events citing it (location or paths)
        self.decided: Counter[str] = Counter()  # path -> decisions citing it
        self.open: list[tuple[str, str | None]] = []  # (issue id, file) of open issues, oldest first
        self.issue_ids: set[str] = set()
        self.standing: dict[str | None, list[str]] = {}  # file (None: project-wide) -> standing decision ids
        self.types: Counter[str] = Counter()
        # details drawn from a pool: their words matter to no benchmarked command, and drawing
        # 50 words for every third event is most of the generation time
        self.details = [self._text(20, 80) for _ in range(min(4096, n // 8 + 1))]

    def _text(self, low: int, high: int) -> str:
        return " ".join(self.rng.choices(WORDS, k=self.rng.randint(low, high)))

    def emit(self, kind: str, where: str | None, paths: list[str] | None = None, **fields: object) -> str:
        rng = self.rng
        ev_id = f"evt_{rng.getrandbits(80):020x}"
        ev: dict[str, object] = {"v": 1, "id": ev_id, "timestamp": _ts(self.base, self.i), "source": "import",
                                 "type": kind}
        self.i += 1
        if where is not None:
            ev["location"] = f"{where}:{rng.randint(1, 400)}"
        if paths:
            ev["paths"] = paths
        ev.update(fields)
        if "summary" not in ev:
            ev["summary"] = f"{kind} {self._text(5, 14)}"
        if rng.random() < 0.3:
            ev["details"] = self.details[rng.getrandbits(12) % len(self.details)]
        self.lines.append(json.dumps(ev, sort_keys=True, separators=(",", ":")))
        cited = set(paths or ())
        if where is not None:
            cited.add(where)
        for path in cited:
            self.cited[path] += 1
            if kind == "decision":
                self.decided[path] += 1
        self.types[kind] += 1
        return ev_id

    def now_us(self) -> int:
        return self.base + self.i * STEP_US

    # -- the lifecycle of issues, and decisions that supersede earlier ones ----------------------

    def issue(self, where: str | None) -> str:
        rng = self.rng
        iid = "".join(rng.choices(ALPHABET, k=5))
        while iid in self.issue_ids:
            iid = "".join(rng.choices(ALPHABET, k=5))
        self.issue_ids.add(iid)
        self.emit("issue", where, issue_id=iid, summary=f"issue: {self._text(5, 14)}")
        self.open.append((iid, where))
        return iid

    def attempt(self, outcome: str | None = None, where: str | None = None, paths: list[str] | None = None) -> None:
        iid, at = self.rng.choice(self.open[-50:])
        self.emit("attempt", where or at, paths, issue_id=iid, outcome=outcome or self.rng.choice(OUTCOMES),
                  summary=f"tried {self._text(5, 14)}")

    def fix(self) -> None:
        iid, at = self.open.pop(self.rng.randrange(max(0, len(self.open) - 50), len(self.open)))
        self.emit("fix", at, issue_id=iid, summary=f"fixed by {self._text(5, 14)}")

    def decision(self, where: str | None, supersede: float = 0.3, paths: list[str] | None = None,
                 supersedes: str | None = None) -> str:
        standing = self.standing.setdefault(where, [])
        fields: dict[str, object] = {"summary": f"decided {self._text(5, 14)}"}
        if supersedes is None and standing and self.rng.random() < supersede:
            supersedes = standing.pop(self.rng.randrange(len(standing)))
        elif supersedes is not None and supersedes in standing:
            standing.remove(supersedes)
        if supersedes is not None:
            fields["supersedes"] = supersedes
        ev_id = self.emit("decision", where, paths, **fields)
        standing.append(ev_id)
        return ev_id

    def note(self, where: str | None, paths: list[str] | None = None) -> None:
        extra: dict[str, object] = {"lesson": True} if self.rng.random() < 0.05 else {}
        self.emit("note", where, paths, summary=f"note {self._text(5, 14)}", **extra)

    def step(self, mix: dict[str, float], pick: Callable[[], str | None]) -> None:
        """One event of the mix; attempts and fixes go to a recent open issue, at its file."""
        kind = self.rng.choices(list(mix), list(mix.values()))[0]
        if kind in ("attempt", "fix") and not self.open:
            kind = "issue"
        if kind == "issue":
            self.issue(pick())
        elif kind == "attempt":
            self.attempt()
        elif kind == "fix":
            self.fix()
        elif kind == "decision":
            self.decision(pick())
        else:
            self.note(pick())

    def stats(self, files: list[str], hot: str, typical: str) -> dict[str, object]:
        return {"events": len(self.lines), "types": dict(sorted(self.types.items())), "files": len(files),
                "files cited": len(self.cited), "hot file events": self.cited[hot],
                "hot file decisions": self.decided[hot], "typical file events": self.cited[typical],
                "open issues": len(self.open), "log MB": round(sum(len(x) + 1 for x in self.lines) / 1e6, 1)}


def _spread(n: int, count: int) -> set[int]:
    """`count` positions spread evenly over `range(n)`."""
    count = min(count, n)
    return {k * n // count for k in range(count)} if count else set()


def _scaled(n: int, at_scale: int) -> int:
    return max(1, round(at_scale * n / SCALE))


def _weighted_picker(rng: random.Random, files: list[str], weights: list[float]) -> Callable[[], str]:
    cum, total = [], 0.0
    for w in weights:
        total += w
        cum.append(total)

    def pick() -> str:
        return rng.choices(files, cum_weights=cum)[0]
    return pick


def _twenty(files: list[str]) -> list[str]:
    return [files[i * 7] for i in range(20)] if len(files) >= 140 else files[:20]


def _finish(name: str, mem: Memory, files: list[str], hot: str, flat: bool = False,
            typical: str | None = None) -> Shape:
    typical = typical or files[len(files) // 3]
    return Shape(name, mem.lines, files, hot, typical, _twenty(files), flat, mem.stats(files, hot, typical))


# -- the shapes ------------------------------------------------------------------------------------

def default(n: int, end_us: int, seed: int = 1) -> Shape:
    lines = generate(n, seed=seed, end_us=end_us)
    files = file_list(seed)
    mem = Memory(n, end_us, seed)  # only for its counts
    mem.lines = lines
    still_open: dict[str, str] = {}
    for line in lines:
        ev = json.loads(line)
        head, _, tail = ev["location"].rpartition(":")
        where = head if tail.isdigit() else ev["location"]
        mem.cited[where] += 1
        mem.types[ev["type"]] += 1
        if ev["type"] == "decision":
            mem.decided[where] += 1
        elif ev["type"] == "issue":
            still_open[ev["issue_id"]] = where
        elif ev["type"] == "fix":
            still_open.pop(ev["issue_id"], None)
    mem.open = list(still_open.items())
    return _finish("default", mem, files, files[0])


def decisions(n: int, end_us: int, seed: int = 1) -> Shape:
    mem = Memory(n, end_us, seed)
    files = file_list(seed, 200)
    busy_share = 431 / (0.48 * SCALE)  # of located events: ~431 at 100,000, 48 % of them located
    tail = [1.0 / (1 + i) ** 0.05 for i in range(1, 200)]  # nearly flat: one busy file
    weights = [busy_share] + [(1 - busy_share) * w / sum(tail) for w in tail]
    located = _weighted_picker(mem.rng, files, weights)

    def pick() -> str | None:
        return located() if mem.rng.random() < 0.48 else None

    mix = {"attempt": 0.35, "decision": 0.15, "issue": 0.15, "fix": 0.10, "note": 0.25}
    for _ in range(n):
        mem.step(mix, pick)
    return _finish("decisions", mem, files, files[0])


def chain(n: int, end_us: int, seed: int = 1) -> Shape:
    mem = Memory(n, end_us, seed)
    files = file_list(seed)
    pick = _weighted_picker(mem.rng, files, file_weights(len(files)))
    links = _spread(n, _scaled(n, 5000))
    previous: str | None = None
    for i in range(n):
        if i in links:
            previous = mem.decision(files[0], supersedes=previous)
        else:
            mem.step(DEFAULT_MIX, pick)
    shape = _finish("chain", mem, files, files[0])
    shape.stats["chain length"] = len(links)
    return shape


BIG_FILE = "src/core/ledger.py"


def one_file(n: int, end_us: int, seed: int = 1) -> Shape:
    mem = Memory(n, end_us, seed)
    rest = file_list(seed)
    others = _weighted_picker(mem.rng, rest, file_weights(len(rest)))

    def pick() -> str:
        return BIG_FILE if mem.rng.random() < 0.2 else others()

    for _ in range(n):
        mem.step(DEFAULT_MIX, pick)
    return _finish("one-file", mem, [BIG_FILE, *rest], BIG_FILE, typical=rest[len(rest) // 3])


def wide_paths(n: int, end_us: int, seed: int = 1, width: int = 500, pool_size: int = 2000) -> Shape:
    mem = Memory(n, end_us, seed)
    files = file_list(seed)
    pool = files + [f"src/pkg_{k % 17}/sub_{k % 5}/file_{k}.py" for k in range(pool_size - len(files))]
    pick = _weighted_picker(mem.rng, files, file_weights(len(files)))
    wide = _spread(n, _scaled(n, 1000))
    for i in range(n):
        if i not in wide:
            mem.step(DEFAULT_MIX, pick)
            continue
        paths = mem.rng.sample(pool, width)
        roll = mem.rng.random()
        if roll < 0.3:
            mem.decision(paths[0], paths=paths)
        elif roll < 0.7 or not mem.open:
            mem.note(paths[0], paths=paths)
        else:
            mem.attempt("failed", paths[0], paths)
    shape = _finish("wide-paths", mem, pool, files[0], typical=files[len(files) // 3])
    shape.stats["events with paths"] = len(wide)
    shape.stats["paths per event"] = width
    return shape


def deep_files(count: int) -> list[str]:
    """`count` files five folders deep, about ten per folder."""
    out = []
    for i in range(count):
        f = i // 10
        out.append(f"src/area_{f % 8}/group_{f // 8 % 8}/unit_{f // 64 % 8}/part_{f // 512}/mod_{i}.py")
    return out


def many_files(n: int, end_us: int, seed: int = 1) -> Shape:
    mem = Memory(n, end_us, seed)
    files = deep_files(_scaled(n, 50_000))
    # a bit fewer than the events that pick a file, so the queue (every file once) runs out
    picks = int(n * (DEFAULT_MIX["issue"] + DEFAULT_MIX["decision"] + DEFAULT_MIX["note"]) * 0.97)
    queue = files + mem.rng.choices(files, file_weights(len(files)), k=max(0, picks - len(files)))
    mem.rng.shuffle(queue)
    fallback = _weighted_picker(mem.rng, files, file_weights(len(files)))

    def pick() -> str:
        return queue.pop() if queue else fallback()

    for _ in range(n):
        mem.step(DEFAULT_MIX, pick)
    hot = max(files[:100], key=lambda f: mem.cited[f])
    return _finish("many-files", mem, files, hot, flat=True)


def open_issues(n: int, end_us: int, seed: int = 1) -> Shape:
    mem = Memory(n, end_us, seed)
    files = file_list(seed)
    pick = _weighted_picker(mem.rng, files, file_weights(len(files)))
    mix = {"issue": 0.15, "attempt": 0.30, "fix": 0.05, "decision": 0.08, "note": 0.42}
    for _ in range(n):
        mem.step(mix, pick)
    return _finish("open-issues", mem, files, files[0])


def snoozes(n: int, end_us: int, seed: int = 1) -> Shape:
    mem = Memory(n, end_us, seed)
    files = file_list(seed)
    pick = _weighted_picker(mem.rng, files, file_weights(len(files)))
    marks = _spread(n, _scaled(n, 5000))
    for i in range(n):
        if i not in marks:
            mem.step(DEFAULT_MIX, pick)
            continue
        paths = list(dict.fromkeys(pick() for _ in range(mem.rng.randint(1, 5))))
        until = _iso(mem.now_us() + mem.rng.choice(SNOOZE_LENGTHS_US))
        reason = f"{mem.rng.choice(REASONS)} #{''.join(mem.rng.choices(ALPHABET, k=5))}"
        mem.emit("snooze", None, paths, until=until, reason=reason, source="cli", actor="human",
                 summary=f"snoozed the gate on {', '.join(paths)} until {until}: {reason}")
    shape = _finish("snoozes", mem, files, files[0])
    shape.stats["snoozes"] = len(marks)
    shape.stats["hot file snoozes"] = sum(1 for line in mem.lines if '"type":"snooze"' in line
                                         and f'"{files[0]}"' in line)
    return shape


SHAPES: dict[str, Callable[[int, int], Shape]] = {
    "default": default, "decisions": decisions, "chain": chain, "one-file": one_file, "wide-paths": wide_paths,
    "many-files": many_files, "open-issues": open_issues, "snoozes": snoozes}

def title(name: str, n: int) -> str:
    """The shape's name in the tables, with its counts at `n` events."""
    return {
        "default": "default (generate.py, 300 files)",
        "decisions": "decision-heavy (200 files, 15 % decisions)",
        "chain": f"supersession chain ({_scaled(n, 5000):,} decisions)",
        "one-file": f"one file holding {_scaled(n, 20_000):,} events",
        "wide-paths": f"{_scaled(n, 1000):,} events carrying 500 paths",
        "many-files": f"{_scaled(n, 50_000):,} files in deep folders",
        "open-issues": f"{_scaled(n, 10_000):,} open issues",
        "snoozes": f"{_scaled(n, 5000):,} snoozes on every file",
    }[name]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("shape", choices=list(SHAPES))
    parser.add_argument("count", type=int)
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    shape = SHAPES[args.shape](args.count, time.time_ns() // 1000 - 60_000_000)
    args.out.write_text("\n".join(shape.lines) + "\n", encoding="utf-8")
    print(json.dumps({"hot": shape.hot, "typical": shape.typical, **shape.stats}, indent=2))


if __name__ == "__main__":
    main()
