"""Every well-formed move text, to check generation against legality by brute force."""

from engine import parse_move

SOURCES = [str(i) for i in range(1, 9)] + list("abcd") + ["hh", "hc", "hd", "hs"]
TARGETS = [str(i) for i in range(1, 9)] + list("abcd") + ["h"]


def all_move_texts() -> list[str]:
    texts = []
    for source in SOURCES:
        for target in TARGETS:
            texts.append(source + target)
            if source.isdigit() and target.isdigit():
                texts.extend(f"{source}{target}v{n:x}" for n in range(1, 14))
    return texts


ALL_MOVES = [parse_move(text) for text in all_move_texts()]
