"""Type stubs of the Rust extension (crates/py)."""

from typing import Any, Callable, Optional, Union

class GameError(ValueError):
    """An invalid game, position, move or translation."""

    diagnostics: list[dict[str, Any]]
    """Structured diagnostics: severity, message, labels [{start, end, message}], notes."""
    rendered: str
    """The diagnostics as the CLI prints them."""

class Move:
    """A legal move of one state."""

    @property
    def id(self) -> int:
        """The move's id by the game's action encoding (docs/python.md)."""
    @property
    def text(self) -> str:
        """The move in the notation."""
    def __hash__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __copy__(self) -> Move: ...
    def __deepcopy__(self, memo: Any) -> Move: ...

class Game:
    """A loaded, validated game."""

    @property
    def name(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def lang(self) -> str:
        """'rbg', 'sbg' or 'gdl'."""
    @property
    def engine(self) -> str:
        """'compiled' when states run in the game's compiled library, else 'interpreted'."""
    @property
    def players(self) -> list[str]: ...
    @property
    def warnings(self) -> list[dict[str, Any]]: ...
    @property
    def num_distinct_actions(self) -> Optional[int]:
        """Bound on move ids; None for GDL (ids are indices into the legal list)."""
    @property
    def variables(self) -> Optional[list[tuple[str, int]]]:
        """RBG: every variable as (name, bound), players' scores first."""
    @property
    def board_size(self) -> Optional[tuple[int, int]]:
        """(width, height) of an SBG board."""
    @property
    def piece_names(self) -> list[str]:
        """RBG piece names; SBG letters (white upper case, black lower case)."""
    @property
    def vertices(self) -> Optional[list[str]]:
        """Vertex names of an RBG board."""
    def role_actions(self) -> Optional[list[list[str]]]:
        """GDL: every move each role can ever make, sorted (a role's action ids index it)."""
    def base_propositions(self) -> Optional[list[str]]:
        """GDL: every fluent that can ever hold, sorted (the observation vector's entries)."""
    def initial_state(self) -> State: ...
    def state_from_text(self, text: str) -> State:
        """The state a position text (State.to_text) describes; GameError if invalid."""
    def perft(self, depth: int) -> int:
        """Move sequences of exactly ``depth`` moves from the initial state."""
    def playouts(self, n: int, seed: int = 0) -> dict[str, Any]:
        """``n`` random playouts, as ``rbgtool bench --playouts n --seed seed --json``."""

class State:
    """A game in progress."""

    @property
    def game(self) -> Game: ...
    @property
    def ply(self) -> int: ...
    def legal_moves(self) -> list[Move]: ...
    def legal_ids(self) -> list[int]: ...
    def role_moves(self) -> list[list[str]]:
        """GDL: each role's own legal moves as terms (empty lists when terminal)."""
    def apply_role_moves(self, moves: list[str]) -> None:
        """GDL: plays one own move per role, in role order, as one joint move."""
    def apply(self, move: Union[Move, int, str]) -> None: ...
    def undo(self) -> None: ...
    def clone(self) -> State: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...
    def is_terminal(self) -> bool: ...
    def scores(self) -> list[int]: ...
    def current_player(self) -> Optional[int]: ...
    def state_hash(self) -> int: ...
    def perft(self, depth: int) -> int: ...
    def to_text(self) -> str:
        """The position text (docs/positions.md)."""
    def set_position(self, text: str) -> None:
        """Replaces the state by a position text; forgets the history."""
    def pieces(self) -> list[str]:
        """Piece name per RBG vertex or SBG square ('' when empty)."""
    def variables(self) -> list[int]:
        """RBG: the value of each variable, as Game.variables; empty otherwise."""

def load(
    path_or_text: str, lang: Optional[str] = None, engine: str = "interpreted"
) -> Game:
    """Loads a game from a path or its text; raises GameError with diagnostics.

    engine="compiled" (RBG) runs states, perft and playouts in the game's compiled library,
    or warns (RuntimeWarning) and uses the interpreter when the game cannot be compiled."""

def convert(text: str, to: str, lang: str) -> str:
    """Translates a game's text (as ``rbgtool convert``)."""

def check(text: str, lang: str) -> dict[str, Any]:
    """{'valid': bool, 'diagnostics': [...]} without raising."""

def evolve_default_options() -> str:
    """The evolver's default options as JSON."""

def evaluate_genome(
    genome: str, seed: int, options: str, threads: Optional[int] = None
) -> str:
    """One fitness evaluation (JSON in and out), pure; its games on ``threads`` threads
    (default: all cores)."""

def evolve(
    options: str,
    out: str,
    resume: bool = False,
    evaluate_batch: Optional[Callable[[list[str], list[int], str], list[str]]] = None,
) -> str:
    """Runs the evolver into ``out``; fitness batches go to ``evaluate_batch`` if given."""

def evolve_generation(
    options: str,
    out: str,
    evaluate_batch: Optional[Callable[[list[str], list[int], str], list[str]]] = None,
) -> str:
    """The next generation of the run in ``out`` (JSON summary); see rbgtool.evolve_generation."""

def tournament(
    game: Game,
    agents: list[str],
    games: int,
    seed: int = 1,
    max_length: int = 10000,
    play_batch: Optional[Callable[[list[str]], list[str]]] = None,
) -> str:
    """A round-robin tournament (JSON report); the games go to ``play_batch`` if given."""

def tournament_game(game: Game, job: str) -> str:
    """One tournament game (JSON job in, JSON outcome out), pure."""

def record(
    game: Game,
    games: int = 50,
    listing: str = "all",
    seed: int = 1,
    max_length: int = 10000,
    max_records: int = 1000000,
) -> str:
    """Logs of random games of an SBG game (as ``rbgtool record``)."""

def learn(
    logs: str,
    k: int = 2,
    max_expansions: int = 20,
    seconds: float = 60.0,
    name: str = "Learned",
) -> tuple[str, dict[str, Any]]:
    """The learned SBG game's text and the report (as ``rbgtool learn --json``)."""
