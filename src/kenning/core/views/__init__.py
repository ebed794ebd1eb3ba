"""Projections people and agents read: summary, brief, context, the exported block, the log as
Markdown, the heat of a file; and the text rules they share (budgets, markup, marked blocks).
"""
