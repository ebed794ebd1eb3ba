"""kenning: a local-first memory and judgment layer for AI coding agents."""

__version__ = "0.1.0"
