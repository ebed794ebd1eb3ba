"""The MCP surface: ``ken mcp``, the server over stdio, its tools and the checks of what they are sent.
"""
