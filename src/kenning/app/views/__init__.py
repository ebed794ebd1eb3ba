"""Use cases that read memory for people and agents: the summary, context and brief, status, stats,
the pages' data, the code map and project map, the plan, and the block exported for agents.
"""
