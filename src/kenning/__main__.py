"""``python -m kenning`` is ``ken``."""

from kenning.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
