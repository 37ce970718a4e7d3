"""The generic interpreter: runs any automaton, knows no variant by name."""
