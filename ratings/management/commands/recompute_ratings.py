"""Recompute every rating from the finished games and check it against the stored
values (exit status 1 on any difference); ``--write`` stores the recomputed ones."""

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from ratings import services


class Command(BaseCommand):
    help = "Replay every rated result; report (or with --write, fix) any difference."

    def add_arguments(self, parser):
        parser.add_argument("--write", action="store_true", help="Store the recomputed values.")

    def handle(self, *args, write: bool = False, **options):
        with transaction.atomic():
            mismatches = services.recompute(write=write)
        for m in mismatches:
            self.stdout.write(str(m))
        if mismatches and not write:
            raise CommandError(f"{len(mismatches)} stored values differ from the recomputation.")
        verb = "fixed" if write and mismatches else "reproduced"
        self.stdout.write(self.style.SUCCESS(f"Ratings {verb} from the finished games."))
