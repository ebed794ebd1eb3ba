"""``python -m kenning`` is ``ken``."""

from kenning.cli.main import run

if __name__ == "__main__":
    run()
