"""Use cases of the gate: a precheck, its check records and what became of them, the score, the
audit over history, and the gate at a coding agent's tool call.
"""
