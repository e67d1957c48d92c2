"""The one compiled part of the package: the Spider search's inner loop.

``pip install .`` (and ``scripts/setup``, through ``setup.py build_ext --inplace``)
compiles ``games/solver/spider_search.c`` into the module ``games.solver._spider``,
which ``games/solver/spider_native.py`` loads with ctypes. Everything else about
the package is declared in ``pyproject.toml``.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "games.solver._spider",
            sources=["games/solver/spider_search.c"],
            extra_compile_args=["-O2"],
        ),
    ],
)
