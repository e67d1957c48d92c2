"""The one compiled part of the package: the Spider search's inner loop.

``pip install .`` (and ``scripts/setup``, through ``setup.py build_ext --inplace``)
compiles ``solver/spider_search.c`` into the module ``solver._spider``,
which ``solver/spider_native.py`` loads with ctypes. Everything else about
the package is declared in ``pyproject.toml``.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "solver._spider",
            sources=["solver/spider_search.c"],
            extra_compile_args=["-O2"],
        ),
    ],
)
