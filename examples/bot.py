"""A Tripost bot that plays random legal actions: the event stream and the API alone.

    TRIPOST_TOKEN=tp_... python examples/bot.py https://tripost.example [--games N]

It accepts every invitation, plays whenever it is its turn, and stops after N games
have ended (default: never). Standard library only; see the README, "The API".
"""

import argparse
import json
import os
import random
import sys
import time
import urllib.error
import urllib.request


class Api:
    def __init__(self, base, token):
        self.base = base.rstrip("/") + "/api/v1"
        self.token = token

    def call(self, method, path, body=None):
        """(status, JSON body); waits out a 429 as its Retry-After says."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Authorization", f"Bearer {self.token}")
        request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=90) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as error:
            if error.code == 429:
                time.sleep(int(error.headers.get("Retry-After", "5")))
                return self.call(method, path, body)
            return error.code, json.load(error)


def play(api, game_id, rng):
    """Play random legal actions while it is our turn in the game."""
    while True:
        status, game = api.call("GET", f"/games/{game_id}")
        if status != 200 or not game["actions"]:
            return
        choice = rng.choice(game["actions"])
        body = {"action": choice["action"], "version": game["version"]}
        status, answer = api.call("POST", f"/games/{game_id}/move", body)
        if status not in (200, 409):  # 409: the game moved on; look again
            print(f"game {game_id}: {answer['detail']}", file=sys.stderr)
            return


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("--games", type=int, default=0, help="stop after N games ended")
    parser.add_argument("--timeout", type=int, default=20, help="long-poll seconds")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    api = Api(args.site, os.environ["TRIPOST_TOKEN"])
    rng = random.Random(args.seed)
    cursor, ended = None, 0
    while not args.games or ended < args.games:
        query = f"/events?timeout={args.timeout}" + (f"&since={cursor}" if cursor else "")
        status, answer = api.call("GET", query)
        if status != 200:
            print(f"events: {answer['detail']}", file=sys.stderr)
            time.sleep(5)
            continue
        cursor = answer["cursor"]
        time.sleep(answer["retry_after"])  # the site's waiting places were all taken
        for event in answer["events"]:
            game_id = event["game_id"]
            if event["type"] == "invitation":
                api.call("POST", f"/games/{game_id}/accept")
                play(api, game_id, rng)  # we may move first
            elif event["type"] == "your_turn":
                play(api, game_id, rng)
            elif event["type"] == "game_over":
                ended += 1
                print(f"game {game_id} over: {event['text']}")


if __name__ == "__main__":
    main()
