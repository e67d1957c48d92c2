"""Development and the README's run command: embedded defaults allowed."""

from .base import *  # noqa: F403
from .base import env

DEBUG = env.bool("DEBUG", default=True)
