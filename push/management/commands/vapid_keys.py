"""Make a VAPID key pair for web push and print it as environment variables."""

from django.core.management.base import BaseCommand

from push import keys


class Command(BaseCommand):
    help = (
        "Print a new VAPID key pair for web push (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY): "
        "put both in the environment of the web and worker processes. Changing the pair "
        "later ends every device's subscription (players turn push on again)."
    )

    def handle(self, *args, **options) -> None:
        public, private = keys.generate()
        self.stdout.write(f"VAPID_PUBLIC_KEY={public}")
        self.stdout.write(f"VAPID_PRIVATE_KEY={private}")
