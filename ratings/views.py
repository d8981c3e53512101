from django.http import Http404
from django.shortcuts import render

from games.engines import ENGINES
from ratings import services, system
from ratings.models import BRACKET_WORDS, Bracket


def _brackets(engine: str) -> list[tuple[str, str]]:
    module = ENGINES[engine]
    most = module.max_players
    return [(b.value, BRACKET_WORDS[b]) for b in Bracket if b == Bracket.TWO or most > 2]


def leaderboards(request):
    boards = [
        {"engine": name, "title": module.title, "brackets": _brackets(name)}
        for name, module in sorted(ENGINES.items(), key=lambda kv: kv[1].title)
    ]
    context = {"boards": boards, "provisional_games": system.PROVISIONAL_GAMES}
    return render(request, "ratings/index.html", context)


def leaderboard(request, engine: str, bracket: str):
    if engine not in ENGINES or bracket not in dict(_brackets(engine)):
        raise Http404("No such leaderboard.")  # the 404 page says it
    rows = services.leaderboard(engine=engine, bracket=bracket)
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "title": ENGINES[engine].title,
            "bracket_label": dict(_brackets(engine))[bracket],
            "established": [r for r in rows if not r.provisional],
            "provisional": [r for r in rows if r.provisional],
            "active_days": system.ACTIVE_DAYS,
            "provisional_games": system.PROVISIONAL_GAMES,
        },
    )
