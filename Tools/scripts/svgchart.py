"""Line charts as SVG text, for the figures docs/Performance.md draws (the cost curve, contention,
the room): one frame per chart, and in it one or more panels, each with its own axes, a
logarithmic value scale, grid lines at the ticks in range, a dashed goal line, lines with their
points, and a legend. No outside package: the measure scripts run on a bare machine.
"""

import math


class Panel:
    """One plot area: `x(value)` and `y(value)` map a figure to the picture."""

    def __init__(self, chart, left, top, width, height, x, low, high):
        self.chart, self.left, self.top, self.width, self.height = chart, left, top, width, height
        self.x, self.low, self.high = x, low, high

    def y(self, value):
        value = max(value, self.low)
        share = (math.log(value) - math.log(self.low)) / (math.log(self.high) - math.log(self.low))
        return self.top + self.height * (1 - share)

    def grid(self, ticks, unit):
        """A light line and a label at each tick in range, `unit` after its number."""
        for tick in ticks:
            if not self.low <= tick <= self.high:
                continue
            self.chart.add(f'<line x1="{self.left}" y1="{self.y(tick):.1f}" '
                           f'x2="{self.left + self.width}" y2="{self.y(tick):.1f}" stroke="#ddd"/>')
            self.chart.add(f'<text x="{self.left - 8}" y="{self.y(tick) + 4:.1f}" '
                           f'text-anchor="end">{tick:g}{unit}</text>')

    def goal(self, value, text, label_left=False):
        """A dashed line at `value`, labelled at its right end (or its left, `label_left`)."""
        self.chart.add(f'<line x1="{self.left}" y1="{self.y(value):.1f}" '
                       f'x2="{self.left + self.width}" y2="{self.y(value):.1f}" '
                       f'stroke="#888" stroke-dasharray="4 3"/>')
        if label_left:
            self.chart.add(f'<text x="{self.left + 4}" y="{self.y(value) - 4:.1f}" '
                           f'fill="#666">{text}</text>')
        else:
            self.chart.add(f'<text x="{self.left + self.width - 4}" y="{self.y(value) - 4:.1f}" '
                           f'text-anchor="end" fill="#666">{text}</text>')

    def axes(self, x_labels, x_title, y_title, y_title_x=18):
        """The two axes, a label under each point of `x_labels` ([(value, text)]), the titles."""
        bottom = self.top + self.height
        self.chart.add(f'<line x1="{self.left}" y1="{self.top}" x2="{self.left}" y2="{bottom}" '
                       f'stroke="black"/>')
        self.chart.add(f'<line x1="{self.left}" y1="{bottom}" x2="{self.left + self.width}" '
                       f'y2="{bottom}" stroke="black"/>')
        for value, text in x_labels:
            self.chart.add(f'<text x="{self.x(value):.1f}" y="{bottom + 18}" '
                           f'text-anchor="middle">{text}</text>')
        self.chart.add(f'<text x="{self.left + self.width / 2:.1f}" y="{bottom + 46}" '
                       f'text-anchor="middle">{x_title}</text>')
        middle = self.top + self.height / 2
        self.chart.add(f'<text x="{y_title_x}" y="{middle:.1f}" text-anchor="middle" '
                       f'transform="rotate(-90 {y_title_x} {middle:.1f})">{y_title}</text>')

    def line(self, points, colour, dashed=False):
        """`points` ([(x, y)]) joined, each marked."""
        dash = ' stroke-dasharray="6 3"' if dashed else ""
        joined = " ".join(f"{self.x(x):.1f},{self.y(y):.1f}" for x, y in points)
        self.chart.add(f'<polyline points="{joined}" fill="none" stroke="{colour}" '
                       f'stroke-width="2"{dash}/>')
        for x, y in points:
            self.chart.add(f'<circle cx="{self.x(x):.1f}" cy="{self.y(y):.1f}" r="3" '
                           f'fill="{colour}"/>')


class Chart:
    """An SVG picture on white with a bold title."""

    def __init__(self, width, height, title, title_x):
        self.width, self.height = width, height
        self.parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                      f'font-family="sans-serif" font-size="12">',
                      f'<rect width="{width}" height="{height}" fill="white"/>',
                      f'<text x="{title_x}" y="22" font-size="14" font-weight="bold">{title}</text>']

    def add(self, element):
        self.parts.append(element)

    def panel(self, left, top, width, height, x, low, high):
        return Panel(self, left, top, width, height, x, low, high)

    def text(self, x, y, text, **attributes):
        extra = "".join(f' {key.replace("_", "-")}="{value}"' for key, value in attributes.items())
        self.add(f'<text x="{x}" y="{y}"{extra}>{text}</text>')

    def legend(self, x, y, entries, step=20):
        """A short line of each colour and its name, one under the other."""
        for number, (name, colour, dashed) in enumerate(entries):
            ly = y + number * step
            dash = ' stroke-dasharray="6 3"' if dashed else ""
            self.add(f'<line x1="{x}" y1="{ly}" x2="{x + 20}" y2="{ly}" stroke="{colour}" '
                     f'stroke-width="2"{dash}/>')
            self.add(f'<text x="{x + 26}" y="{ly + 4}">{name}</text>')

    def render(self):
        return "\n".join(self.parts + ["</svg>"]) + "\n"


def log_x(left, width, values):
    """A logarithmic map of `values`' range onto `left`..`left + width`."""
    first, last = math.log(min(values)), math.log(max(values))
    span = (last - first) or 1
    return lambda value: left + width * (math.log(value) - first) / span
