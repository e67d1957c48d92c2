"""A password validator Django lacks: too few different characters.

Django's CommonPasswordValidator refuses "password1234" (it is on its list)
but nothing refused "aaaaaaaaaaaa": twelve characters of one kind are no
harder to guess. This one follows Django's validator interface, so the
register page lists its rule with the others and a refusal names it.
"""

from django.core.exceptions import ValidationError


class CharacterVarietyValidator:
    def __init__(self, min_distinct: int = 5) -> None:
        self.min_distinct = min_distinct

    def validate(self, password: str, user=None) -> None:
        if len(set(password)) < self.min_distinct:
            raise ValidationError(
                f"This password uses too few different characters (at least {self.min_distinct}).",
                code="password_too_repetitive",
            )

    def get_help_text(self) -> str:
        return f"Your password must use at least {self.min_distinct} different characters."
