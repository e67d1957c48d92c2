"""The tiny examples in the engine's docstrings hold."""

import doctest
import importlib
import pkgutil

import pytest

import engine

MODULES = [
    info.name for info in pkgutil.walk_packages(engine.__path__, "engine.")
    if not info.name.endswith("__main__")
]


@pytest.mark.parametrize("name", ["engine", *MODULES])
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
