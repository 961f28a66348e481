"""``legatus serve``: play any installed game in the browser.

The server knows no game. It draws a board from a game's map data
(:mod:`~legatus.framework.frontends.server.drawing`), sends each seat exactly what its sides may
see (:mod:`~legatus.framework.frontends.server.payloads`, :mod:`~legatus.framework.frontends.server.links`), lets
the match driver judge every action (:mod:`~legatus.framework.frontends.server.live`), keeps
matches in a database behind a small interface (:mod:`~legatus.framework.frontends.server.storage`),
and serves the pages and the API (:mod:`~legatus.framework.frontends.server.app`). What is
particular to a game on the page comes from its plugin object's
:meth:`~legatus.framework.engine.gameplugin.GamePlugin.page_parts`.
"""
