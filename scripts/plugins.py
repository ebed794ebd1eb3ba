"""Write the agents' packages (plugins/, the marketplace files) from their one declaration.

    python scripts/plugins.py            # rewrite them (`make plugins`)
    python scripts/plugins.py --check    # exit 1, naming them, when a committed file differs

The files and their contents come from ``kenning.app.setup.plugins.files(kenning.__version__)``, which reads the
hook declarations ``ken hooks install`` uses; tests/release/test_plugins.py fails while a
committed file differs from what it generates.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kenning import __version__
from kenning.app.setup import plugins

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say which files differ")
    args = parser.parse_args()
    stale = []
    for rel, text in sorted(plugins.files(__version__).items()):
        path = ROOT / rel
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(rel)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    for rel in stale:
        print(f"{'differs' if args.check else 'wrote'}: {rel}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
