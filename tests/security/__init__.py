"""Security tests: what a prankster can send (addresses, typed text, stored values) never becomes markup or fact."""
