"""Replay every stored game and result with the engine (after a restore, or at any time)."""

from django.core.management.base import BaseCommand, CommandError

from games.selectors.integrity import games_check, results_check


class Command(BaseCommand):
    help = "Replay every stored game and result from its deal; exit 1 if any does not stand."

    def handle(self, *args, **options):
        problems = []
        for name, check in (("games", games_check), ("results", results_check)):
            checked = 0
            for problem in check():
                checked += 1
                if problem is not None:
                    problems.append(problem)
                    self.stderr.write(f"{problem.kind} {problem.id}: {problem.reason}")
            invalid = sum(p.kind == name[:-1] for p in problems)
            self.stdout.write(f"{name}: {checked} replayed, {invalid} invalid")
        if problems:
            raise CommandError(f"{len(problems)} stored games or results do not stand")
        self.stdout.write("all valid")
