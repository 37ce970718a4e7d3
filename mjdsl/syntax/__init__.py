"""Text to the typed tree: the Lark grammars, the parser, the builder, syntax messages."""
