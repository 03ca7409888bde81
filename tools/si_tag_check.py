"""How well do the Secret Identity tags let a tag-matching player guess? (idealised check)

    python tools/si_tag_check.py [--trials 4000] [--seed 1] [--cards 10]

Each trial deals 8 random characters and a random hand of picto cards, picks one
character as the target, and builds a clue of up to 3 cards the way a tag-reading player
would: green pictograms that share the most tags with the target compared with the
others, red ones that share tags with the others but none with the target. A guesser
then scores each character by its overlap with the green pictograms minus its overlap
with the red ones. The printed accuracy is the share of trials where the guess is right
(chance is 1/8). Also lists the characters guessed worst, to show whose tags need work.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.games.secret_identity.rules.catalogue import SICatalogue, load_catalogue  # noqa: E402


def clue(catalogue: SICatalogue, hand, target, others, size: int = 3):
    """Best (score, colour, pictogram) per card, then the best ``size`` cards."""
    target_tags = set(target.tags)
    other_tags = [set(c.tags) for c in others]
    options = []
    for card in hand:
        best = None
        for picto_id in card.pictograms:
            tags = set(catalogue.pictograms[picto_id].tags)
            mine = len(tags & target_tags)
            theirs = sum(len(tags & o) for o in other_tags) / len(other_tags)
            green = (mine - theirs, "green", picto_id)
            red = (theirs - mine if mine == 0 else -1.0, "red", picto_id)
            for option in (green, red):
                if best is None or option[0] > best[0]:
                    best = option
        options.append(best)
    options.sort(reverse=True)
    return [option for option in options[:size] if option[0] > 0]


def guess(catalogue: SICatalogue, board, given, rng: random.Random):
    scores = []
    for character in board:
        tags = set(character.tags)
        score = 0
        for _, colour, picto_id in given:
            overlap = len(tags & set(catalogue.pictograms[picto_id].tags))
            score += overlap if colour == "green" else -overlap
        scores.append((score, rng.random(), character))
    return max(scores)[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cards", type=int, default=10, help="cards in the clue giver's hand")
    args = parser.parse_args()
    catalogue, _ = load_catalogue(ROOT / "data", None)
    rng = random.Random(args.seed)
    right = 0
    seen: Counter = Counter()
    missed: Counter = Counter()
    for _ in range(args.trials):
        board = rng.sample(catalogue.characters, 8)
        target = rng.choice(board)
        hand = rng.sample(catalogue.cards, args.cards)
        given = clue(catalogue, hand, target, [c for c in board if c is not target])
        seen[target.id] += 1
        if guess(catalogue, board, given, rng) is target:
            right += 1
        else:
            missed[target.id] += 1
    print(f"accuracy {right / args.trials:.3f} over {args.trials} trials ({args.cards} cards in hand, chance 0.125)")
    worst = sorted(seen, key=lambda cid: missed[cid] / seen[cid], reverse=True)[:12]
    print("guessed worst:", ", ".join(f"{cid} {1 - missed[cid] / seen[cid]:.2f}" for cid in worst))


if __name__ == "__main__":
    main()
