"""Stand-ins shared by tests."""


class RecordingAudio:
    """Stands in for ``game.ui.audio.Audio``: remembers which sounds were asked for, so
    tests can check that no sound depends on a secret."""

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)

    def music(self, name: str | None) -> None:
        pass

    def refresh_volumes(self) -> None:
        pass
