"""Use cases: the one layer that composes the disk, git, the clock, the environment and ids.

Every surface (CLI, MCP, hooks) calls these functions and only renders what they return.
"""
