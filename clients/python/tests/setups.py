"""The set-ups the tests play: every game at every seat count with its default variants, and
every variant family (each flag alone, all flags together, each other option of a choice, both
ends of a number range) at the fewest seats it fits."""

import spieltisch


def variant_mixes(info):
    """The variant settings to try, as the Rust conformance suite picks them."""
    mixes = [[]]
    flags = [v["name"] for v in info["variants"] if v["kind"] == "flag"]
    mixes += [[f] for f in flags]
    if len(flags) > 1:
        mixes.append(flags)
    for v in info["variants"]:
        if v["kind"] == "choice":
            mixes += [[f"{v['name']}={o}"] for o in v["options"] if o != v["default"]]
        elif v["kind"] == "number":
            mixes += [[f"{v['name']}={n}"] for n in (v["min"], v["max"]) if n != v["default"]]
    return mixes


def setups():
    """(game, seats, variants) for every game, seat count and variant family."""
    out = []
    for name in spieltisch.registered_games():
        info = spieltisch.load_game(name).info()
        seat_counts = range(info["min_seats"], info["max_seats"] + 1)
        out += [(name, seats, []) for seats in seat_counts]
        for mix in variant_mixes(info)[1:]:
            for seats in seat_counts:
                try:
                    spieltisch.load_game(name, seats=seats, variants=mix)
                except ValueError:
                    continue  # some mixes fit only some table sizes
                out.append((name, seats, mix))
                break
    return out


SETUPS = setups()
IDS = [f"{name}-{seats}-{'+'.join(mix) or 'default'}" for name, seats, mix in SETUPS]
