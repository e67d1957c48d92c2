"""The compiled parts of the package: the Spider search's inner loop and the
exhaustive Klondike search.

``pip install .`` (and ``scripts/setup``, through ``setup.py build_ext --inplace``)
compiles ``solver/spider_search.c`` into the module ``solver._spider``,
which ``solver/spider_native.py`` loads with ctypes, and ``solver/klondike_dfs.c``
into ``solver._klondike`` (``solver/klondike_native.py``). Everything else about
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
        Extension(
            "solver._klondike",
            sources=["solver/klondike_dfs.c"],
            extra_compile_args=["-O2", "-ftls-model=initial-exec"],
        ),
    ],
)
