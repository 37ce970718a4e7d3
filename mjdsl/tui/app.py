"""The Textual table: the same controller as the plain-text table, in panels.

The top panel is the table (every seat's exposures and discards, your hand sorted and
grouped), the middle one what has been said (announcements, the regulars' lines,
questions, hints), and the input line at the bottom takes what you would type in the
plain-text table. Textual is an optional extra (``pip install 'mjdsl[tui]'``);
``mjdsl play`` falls back to plain text without it, or with ``--plain``, or when not
on a terminal.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Footer, Header, Input, RichLog, Static

from .view import table_lines


class TableApp(App):
    """A session at the table; ``controller`` is a :class:`~mjdsl.tui.controller.Controller`."""

    CSS = """
    #top { height: auto; max-height: 60%; }
    #table { height: auto; border: round $accent; padding: 0 1; }
    #said { height: 1fr; border: round $secondary; padding: 0 1; }
    Input { dock: bottom; }
    """
    BINDINGS = [("ctrl+s", "save_quit", "Save and stop"), ("f1", "rules", "Rules & points")]

    def __init__(self, controller):
        super().__init__()
        self.controller = controller
        controller.show_table = False  # the table has its own panel here

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="top"):
            yield Static(id="table")
        yield RichLog(id="said", wrap=True, markup=False, highlight=False)
        yield Input(placeholder="tiles to pass or discard, a move's number, ? r h ok, seat N, q to save and stop")
        yield Footer()

    def on_mount(self) -> None:
        s = self.controller.session
        self.title = s.auto.name
        self.sub_title = "the club table" + (" | guided first hand" if s.guided else "")
        self.show(self.controller.advance())
        self.query_one(Input).focus()

    def show(self, lines: list[str]) -> None:
        said = self.query_one("#said", RichLog)
        for line in lines:
            said.write(Text(line))
        self.query_one("#table", Static).update(Text("\n".join(table_lines(self.controller.session))))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value
        event.input.value = ""
        if self.controller.session.over:  # the last settlement stays on screen until you leave
            if text.strip().lower() in ("q", "quit"):
                self.exit()
            else:
                self.show(["The session is over: type q (or ctrl+s) to leave the table."])
            return
        self.show([f"> {text}"] + self.controller.handle(text))
        if self.controller.quit and not self.controller.session.over:
            self.exit()

    def action_save_quit(self) -> None:
        self.show(self.controller.handle("q"))
        self.exit()

    def action_rules(self) -> None:
        self.show(self.controller.handle("r"))


def run_app(controller) -> None:
    TableApp(controller).run()
