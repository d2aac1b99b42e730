"""A friend on another machine, as its own process: join through an invite, play one hand.

Usage: python lan_friend.py INVITE. Parses the invite (shared/invite.py), checks
the table (client/joining.py), joins the first free seat with the network
client of the server package, plays with the easy computer player until the
first hand is over, and prints one JSON line: seat, table code, the hand's result.
"""
from __future__ import annotations

import asyncio
import json
import random
import sys

from doublenine.client.joining import check_table
from doublenine.server.bots import decide
from doublenine.server.netbot import TableClient, play_seat
from doublenine.shared.invite import parse_invite


async def main(text: str) -> dict[str, object]:
    invite = parse_invite(text)
    info = check_table(invite)
    client = await TableClient.connect(invite.join_url)
    await client.attach({"type": "join", "code": invite.code, "name": "Friend"})
    await play_seat(client, lambda v, r: decide(v, "easy", r), random.Random(3),
                    lambda c: c.view is not None and len(c.view.finished) > 0, timeout=60)
    assert client.view is not None
    hand = client.view.finished[0]
    await client.close()
    return {"seat": client.seat, "code": client.code, "free_before": info.free_seats,
            "result": hand.result.value, "points": hand.points, "scores_after": list(hand.scores_after)}


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(sys.argv[1]))), flush=True)
