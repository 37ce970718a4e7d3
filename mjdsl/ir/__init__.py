"""The intermediate automaton: the model (plain data), the lowering, passes and dumps."""
