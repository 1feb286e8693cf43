"""The off-map boxes on one line under the map (port boxes, raiding, battalions, the pools, the
destroyed): always in view; `i` and the area panel list what each holds."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from nimitz.tui.view_model import CampaignView
from nimitz.tui.widgets.shown import show
from nimitz.views.map import boxes_strip


class BoxesBar(Static):
    def show(self, view: CampaignView) -> None:
        width = (self.size.width or self.app.size.width) - 2
        show(self, Text(boxes_strip(view.box_views, width), no_wrap=True, overflow="ellipsis"))
