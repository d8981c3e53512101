"""Stored Triad draws said "(ruling TD10)", a code meant for the code, not for players
(issue 34). The engine now writes the same sentences without it; this rewrites the
stored English and message ids of finished games and their last moves to match, so
old games read (and translate) like new ones."""

from django.db import migrations

RENAMED = {
    "drawn: the same position occurred for the third time (ruling TD10)": (
        "drawn: the same position occurred for the third time"
    ),
    "drawn: %(n)s moves in a row without a Triad (ruling TD10)": (
        "drawn: %(n)s moves in a row without a Triad"
    ),
}
CODE = " (ruling TD10)"


def _renamed(data, mapping):
    """``data`` (a stored ``Text``, its parameters nested) with old message ids replaced."""
    if isinstance(data, dict):
        out = {key: _renamed(value, mapping) for key, value in data.items()}
        if out.get("msgid") in mapping:
            out["msgid"] = mapping[out["msgid"]]
        return out
    if isinstance(data, list):
        return [_renamed(value, mapping) for value in data]
    return data


def forwards(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Move = apps.get_model("games", "Move")
    for game in Game.objects.filter(result_reason__contains=CODE):
        game.result_reason = game.result_reason.replace(CODE, "")
        game.result_text = _renamed(game.result_text, RENAMED)
        game.save(update_fields=["result_reason", "result_text"])
    for move in Move.objects.filter(description__contains=CODE):
        move.description = move.description.replace(CODE, "")
        move.description_text = _renamed(move.description_text, RENAMED)
        move.save(update_fields=["description", "description_text"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0009_i18n_texts"),
    ]

    operations = [
        # Going back keeps the sentences without the code: they read the same.
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
