"""The hooks surface: what git and coding agents run (``ken hook NAME``).
"""
