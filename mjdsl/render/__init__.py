"""Printable output: rule books and cards, from jinja2 templates in ``templates/``."""
