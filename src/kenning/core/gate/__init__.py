"""The gate's pure rules: the verdict on a file, its signals (churn, similarity), the audit's replay
and the score's counts.
"""
