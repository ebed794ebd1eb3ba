"""Which JSON decoder reads the log fastest: `python bench/decoders.py [--events 100000]`.

Decodes every line of the log `bench/generate.py` writes with `json.loads`, `orjson.loads` and
msgspec's compiled decoder, then `parse_line` (decode and check) with the standard decoder and
with msgspec's: CPU seconds, best of three. orjson is measured only when it is installed (it is
not a dependency). The rebuild uses the decoder this table favours
(`kenning.app.memory.whole_log_decoder`).
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import msgspec  # noqa: E402
from generate import generate  # noqa: E402

from kenning.core.events import parse_line  # noqa: E402


def best_of(runs: int, work: Callable[[], object]) -> float:
    found = []
    for _ in range(runs):
        start = time.process_time()
        work()
        found.append(time.process_time() - start)
    return min(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    texts = generate(args.events)
    fast = msgspec.json.Decoder().decode
    rows: list[tuple[str, Callable[[], object]]] = [
        ("json.loads", lambda: [json.loads(t) for t in texts]),
        ("msgspec.json.Decoder().decode", lambda: [fast(t) for t in texts]),
    ]
    try:
        import orjson
        rows.insert(1, ("orjson.loads", lambda: [orjson.loads(t) for t in texts]))
    except ImportError:
        pass
    rows += [("parse_line, json.loads", lambda: [parse_line(t) for t in texts]),
             ("parse_line, msgspec", lambda: [parse_line(t, fast) for t in texts])]
    gc.disable()  # as the rebuild reads (app.memory._no_collection)
    print(f"| decoder, {args.events:,} lines | CPU s (best of {args.runs}) |\n|---|---:|")
    for name, work in rows:
        print(f"| {name} | {best_of(args.runs, work):.3f} |")


if __name__ == "__main__":
    main()
