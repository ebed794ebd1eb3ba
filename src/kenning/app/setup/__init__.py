"""Use cases that set kenning up: ``ken init``, the texts it writes, git hooks, MCP client
configuration, the project registry, and how kenning itself was installed.
"""
