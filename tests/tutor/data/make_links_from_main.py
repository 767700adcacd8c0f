"""Made on main (efe03c4): studies of the three games, shared by link and file."""
import json, random
from tutor.model.catalog import Catalog
from tutor.model.study import Study
from tutor.model.share import encode_link, export_text

cat = Catalog.load()

def fp(game, st):
    if game == "palace-poker":
        return [st.phase.value, st.actor, st.pot, [p.stack for p in st.players], [len(p.soldiers) for p in st.players]]
    if game == "palace":
        return [st.phase.value, st.to_move, len(st.pile), [len(h) for h in st.hands]]
    return [st.phase.value, st.to_act, st.pot, st.kings_pot]

def record(name, study):
    tree = study.tree
    nodes = [fp(study.game, tree[i].state) for i in tree.preorder()]
    texts = [tree[i].text for i in tree.preorder()[1:]]
    return {"name": name, "game": study.game, "link": encode_link(study), "file": export_text(study),
            "positions": len(tree), "states": nodes, "texts": texts, "current": study.current}

out = []
def walk(study, rng, n, prefer=()):
    for _ in range(n):
        st = study.state
        if st.is_over:
            break
        legal = st.legal_actions()
        pick = [a for a in legal if any(str(a).startswith(p) for p in prefer)] or list(legal)
        study.play(rng.choice(pick))

# lessons with a branch off the main line
for lid in ["pp-first-round", "pp-no-limit-call", "pp-open-market", "pl-caron-flashed-three", "pl-house-ace-chain", "kp-full-deal"]:
    lesson = cat.lesson(lid)
    fam = cat.family(lesson.game)
    s = Study.from_lesson(lesson, fam, title="from main")
    s.jump(min(3, len(lesson.steps) - 1))
    walk(s, random.Random(lid), 6, prefer=("bet", "raise", "flash", "fold", "discard"))
    s.set_note("a note")
    out.append(record(lid, s))

# custom setups played at random, texts typed with names where the notation allows
pp = cat.family("palace-poker")
def deal_out(s):
    while s.state.phase.value not in ("turn", "over"):
        s.play(s.state.legal_actions()[0])
for variant in ["limit", "no-limit", "open-market", "points"]:
    s = Study.from_setup(pp, variant, {"seats": ["Ann", "Bob", "Cy"], "seed": 7})
    deal_out(s)
    walk(s, random.Random(variant), 40, prefer=("bet", "raise", "market", "discard", "call", "buy"))
    # a typed line with names, as a person writes it
    s.back(); s.back()
    st = s.state
    out.append(record("pp-" + variant, s))
s = Study.from_setup(pp, "limit", {"seats": ["Ann", "Bob", "Cy"], "seed": 3})
deal_out(s)
for text in ["Ann: buy", "Ann: keep", "Bob: bet Ann", "Ann: raise", "Bob: call"]:
    v = s.play_text(text)
    assert v is not None and v.legal, (text, v, s.notice)
s.back(); s.back()
for text in ["ann: Fold", "bob: discard " + str(s.state.players[1].soldiers[0]) if s.state.players[1].soldiers else "Bob: keep"]:
    v = s.play_text(text)
    print(text, v, file=__import__("sys").stderr)
s.goto(3)
banner = s.state.players[0].banner
v = s.play_text(f"Bob: bet {banner}")
print("banner bet", v, file=__import__("sys").stderr)
out.append(record("pp-typed", s))

pal = cat.family("palace")
for variant, n, alternates in [("house", 3, []), ("caron", 4, []), ("bga", 2, []), ("house", 3, ["jokers-reverse"]),
                               ("caron", 3, ["five-skips"])]:
    s = Study.from_setup(pal, variant, {"players": n, "seed": 5, "alternates": alternates})
    walk(s, random.Random(variant + "".join(alternates)), 80, prefer=("flash", "play", "reflect"))
    out.append(record("+".join([variant, *alternates]), s))

kp = cat.family("kings-pot")
for variant in ["standard", "flat-ante"]:
    s = Study.from_setup(kp, variant, {"players": ["Ada", "Ben", "Cleo"], "seed": 11})
    walk(s, random.Random(variant), 40, prefer=("fold ", "raise", "bet"))
    out.append(record("kp-" + variant, s))

print(json.dumps(out, indent=1, ensure_ascii=False))
