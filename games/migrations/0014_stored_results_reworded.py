"""Stored game results (and Triad's last moves) in today's words (issue 34).

- Triad draws said "(ruling TD10)", a code meant for the code, not for players; the
  engine now writes the same sentences without it. The stored English and message ids
  are rewritten to match.
- Tri*T*Area results put "45 points" into "wins with %(points)s", which German cannot
  say ("mit 45 Punkte"); the engine now writes the count into the sentence ("wins with
  %(n)s points", German "mit 45 Punkten"). The English reads the same; only the stored
  message id changes, so old results read (and translate) like new ones.
"""

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


# Tri*T*Area: old message id -> (singular, plural) of the counted sentence.
COUNTED = {
    "%(who)s wins with %(points)s.": (
        "%(who)s wins with %(n)s point.",
        "%(who)s wins with %(n)s points.",
    ),
    "%(who)s share the victory with %(points)s.": (
        "%(who)s share the victory with %(n)s point.",
        "%(who)s share the victory with %(n)s points.",
    ),
    "The teams share the victory with %(points)s each.": (
        "The teams share the victory with %(n)s point each.",
        "The teams share the victory with %(n)s points each.",
    ),
    "Successful development with %(points)s: %(title)s (lowest computer score %(lowest)s).": (
        "Successful development with %(n)s point: %(title)s (lowest computer score %(lowest)s).",
        "Successful development with %(n)s points: %(title)s (lowest computer score %(lowest)s).",
    ),
}


def _counted(data: dict) -> dict:
    """A stored result of ``COUNTED`` with its "%(n)s points" folded into the sentence."""
    if not isinstance(data, dict) or data.get("msgid") not in COUNTED:
        return data
    params = dict(data.get("params") or {})
    points = params.pop("points", None)
    if not isinstance(points, dict) or "n" not in points:
        return data
    singular, plural = COUNTED[data["msgid"]]
    return {
        "msgid": singular,
        "plural": plural,
        "n": points["n"],
        "params": {**params, "n": points["n"]},
    }


def forwards(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Move = apps.get_model("games", "Move")
    for game in Game.objects.filter(result_reason__contains=CODE):
        game.result_reason = game.result_reason.replace(CODE, "")
        game.result_text = _renamed(game.result_text, RENAMED)
        game.save(update_fields=["result_reason", "result_text"])
    for game in Game.objects.filter(engine="tritarea").exclude(result_text={}):
        counted = _counted(game.result_text)
        if counted is not game.result_text:
            game.result_text = counted
            game.save(update_fields=["result_text"])
    for move in Move.objects.filter(description__contains=CODE):
        move.description = move.description.replace(CODE, "")
        move.description_text = _renamed(move.description_text, RENAMED)
        move.save(update_fields=["description", "description_text"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_rated_games_forbid_auto_vacation"),
    ]

    operations = [
        # Going back keeps the sentences without the code: they read the same.
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
