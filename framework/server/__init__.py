"""``legatus serve``: play any installed game in the browser.

The server knows no game. It draws a board from a game's map data
(:mod:`~framework.server.drawing`), sends each seat exactly what its sides may
see (:mod:`~framework.server.payloads`, :mod:`~framework.server.seats`), lets
the match driver judge every action (:mod:`~framework.server.live`), keeps
matches in a database behind a small interface (:mod:`~framework.server.storage`),
and serves the pages and the API (:mod:`~framework.server.app`). What is
particular to a game on the page comes from its plugin object's
:meth:`~framework.gameplugin.GamePlugin.page_parts`.
"""
