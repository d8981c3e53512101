"""What the API answers, as pydantic schemas (its OpenAPI schema is made from them)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from ninja import Field, Schema


class Error(Schema):
    detail: str = Field(description="What went wrong, in words a player can act on.")
    code: str = Field("", description="A stable word for programs: stale, illegal, …")
    version: int | None = Field(None, description="The game's version now (stale moves).")
    candidates: list[str] | None = Field(None, description="What an ambiguous action names.")
    errors: list[dict[str, Any]] | None = Field(None, description="Invalid fields (422).")


class Me(Schema):
    username: str
    name: str
    is_bot: bool
    scopes: list[str] = Field(description="What this request may do.")


class Player(Schema):
    seat: int
    name: str = Field(description="As the game page shows it (bots with “(bot)”).")
    username: str | None
    is_bot: bool
    controller: str = Field(description="human, bot (a computer player) or npc.")
    color: str
    status: str
    is_due: bool
    accepted: bool
    deadline: datetime | None = Field(description="While due: as every clock shows it.")
    deadline_note: str = ""
    score: float | None = None
    result: str = ""


class Action(Schema):
    action: str = Field(description="The canonical notation: send it back to play it.")
    label: str = Field(description="What the game page's button says.")
    note: str = ""


class MoveOut(Schema):
    ply: int
    seat: int
    action: str = Field(description="Others' secret notation stays hidden while running.")
    description: str


class Draw(Schema):
    offered_by: int | None
    can_offer: bool
    can_answer: bool


class GameSummary(Schema):
    id: int
    game: str
    title: str
    status: str
    version: int
    your_turn: bool
    deadline: datetime | None = Field(description="Your deadline while it is your turn.")
    game_deadline: datetime | None = Field(description="The earliest deadline of the game.")
    accepted: bool = True
    players: list[str]
    draw: str = ""
    url: str


class GameOut(Schema):
    id: int
    game: str
    title: str
    status: str
    version: int = Field(description="Send it with a move or undo: it names the position.")
    is_public: bool
    rated: bool
    bots_allowed: bool
    days_per_move: int
    your_seat: int | None = Field(description="Your seat while you play it yourself.")
    to_move: list[int]
    players: list[Player]
    view: dict[str, Any] = Field(description="The position as the game page shows it to you.")
    prompt: str = Field(description="What the page asks of you now.")
    actions: list[Action] = Field(description="Your legal actions now (empty if none).")
    can_undo: bool
    draw: Draw
    moves: list[MoveOut]
    result: str
    url: str


class PlayIn(Schema):
    action: str = Field(min_length=1, max_length=200, description="In the game's notation.")
    version: int = Field(ge=0, le=2**31 - 1, description="The version of the position you saw.")


class PlayOut(Schema):
    applied: bool = Field(description="False: this very move had been applied already.")
    game: GameOut


class VersionIn(Schema):
    version: int = Field(ge=0, le=2**31 - 1)


class ChatMessage(Schema):
    id: int
    author: str
    is_bot: bool
    mine: bool
    ply: int
    text: str
    at: datetime


class ChatIn(Schema):
    text: str = Field(min_length=1, max_length=2000)


class NewGameIn(Schema):
    game: str = Field(description="triad, trias or tritarea.")
    players: int = Field(2, ge=1, le=8)
    options: dict[str, Any] = Field(default_factory=dict)
    days_per_move: Literal[1, 2, 3, 5, 7, 10, 14] = Field(3, description="As on New game.")
    invite: list[str] = Field(
        default_factory=list,
        max_length=8,
        description=(
            "Usernames or email addresses (a word with an @): an address gets an emailed "
            "invitation, its seat kept for whoever follows the link, as on New game."
        ),
    )
    computers: list[str] = Field(
        default_factory=list,
        max_length=7,
        description="A level for each seat a computer player takes: beginner, casual, "
        "strong or expert.",
    )
    public: bool = True
    rated: bool = False
    bots_allowed: bool = False


class Invitation(Schema):
    game_id: int
    game: str
    title: str
    inviter: str
    players: list[str]
    created_at: datetime


class OpenGame(Schema):
    id: int
    game: str
    title: str
    creator: str
    players: int
    free_seats: int
    days_per_move: int
    rated: bool
    bots_allowed: bool
    options: dict[str, Any]
    expires_at: datetime


class Event(Schema):
    id: str = Field(description="Unique per event: skip one seen before.")
    type: str = Field(description="your_turn, game_over, invitation or chat.")
    game_id: int
    at: datetime
    version: int | None = None
    text: str = ""
    author: str = ""


class Events(Schema):
    events: list[Event]
    cursor: str = Field(description="Send it back as ?since= for the events after these.")
    retry_after: int = Field(0, description="Seconds to wait before asking again.")


class BotOut(Schema):
    username: str
    is_bot: bool


class Done(Schema):
    detail: str
