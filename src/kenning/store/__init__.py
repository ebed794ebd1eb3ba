"""Adapters that alone touch the disk: the event log, the derived cache, project files."""
