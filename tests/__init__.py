"""The project's tests (a regular package, so that no installed top-level ``tests`` package, such as the one glicko2
ships, can stand in for it)."""
