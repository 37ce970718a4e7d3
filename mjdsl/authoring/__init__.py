"""Tools for people who write rulesets: the formatter (``fmt``) and the differ (``diff``)."""
