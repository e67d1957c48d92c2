"""The ground floor every app stands on: domain errors, the one ``{"error": ...}``
body, strict request fields, error schemas, URL converters and request parsers.

``core`` imports no other app of the project; ``accounts``, ``games`` and
``frontend`` import from it, never from each other's internals for these.
"""
