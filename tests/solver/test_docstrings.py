"""The tiny examples in the solver's docstrings hold."""

import doctest
import importlib
import pkgutil

import pytest

import solver

MODULES = [
    info.name for info in pkgutil.iter_modules(solver.__path__, "solver.")
    if not info.name.endswith("__main__")
    and not info.name.endswith(("._spider", "._klondike"))  # the compiled searches: no Python
]


@pytest.mark.parametrize("name", ["solver", *MODULES])
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
