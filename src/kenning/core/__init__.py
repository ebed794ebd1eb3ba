"""The pure core: events, fold, projections, gate rules, redaction rules. Standard library only;
no files, processes, environment, clock or randomness."""
