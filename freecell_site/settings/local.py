"""Development and the README's run command: embedded defaults allowed.

DEBUG stays off unless asked for (``DEBUG=1``): its error pages print the
settings, database and Redis URLs included, to anyone who mistypes an address.
Static files come from ``collectstatic`` through whitenoise either way.
"""

from .base import *  # noqa: F403
