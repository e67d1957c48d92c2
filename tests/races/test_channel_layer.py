"""The Redis channel layer under a burst: as many sockets joining their races at once as one
socket server holds (bench/races_load.py connects 200), none refused by the layer's own pool,
and a race's event reaching each of its sockets once and no other race's."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

from channels.layers import get_channel_layer


def test_a_burst_of_sockets_joining_at_once_all_join():
    layer = get_channel_layer()
    # The layer the sockets run on with Redis: pub/sub, one subscription per process and race.
    assert type(layer).__name__ == "RedisPubSubChannelLayer"
    sockets = 300

    async def burst():
        channels = [await layer.new_channel() for _ in range(sockets)]
        try:
            # redis-py's pool refused the 101st connection at once ("Too many connections"):
            # the socket that asked was closed with 1011 in the middle of its connect.
            results = await asyncio.gather(*(layer.group_add(f"race.burst{i % 50}", channel)
                                             for i, channel in enumerate(channels)), return_exceptions=True)
            failed = [r for r in results if isinstance(r, Exception)]
            await layer.group_send("race.burst7", {"type": "race.event", "text": "seven"})
            heard = [await asyncio.wait_for(layer.receive(channels[i]), 10) for i in range(7, sockets, 50)]
            assert heard == [{"type": "race.event", "text": "seven"}] * (sockets // 50)
            assert all(layer._get_layer().channels[c].empty() for c in channels)
            return failed
        finally:
            await asyncio.gather(*(layer.group_discard(f"race.burst{i % 50}", channel)
                                   for i, channel in enumerate(channels)), return_exceptions=True)

    # A thread of its own: the browser tests' Playwright keeps an event loop running in the
    # main thread for the whole session, and asyncio.run refuses to start beside it.
    with ThreadPoolExecutor(max_workers=1) as pool:
        assert pool.submit(asyncio.run, burst()).result() == []
