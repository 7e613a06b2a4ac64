#!/usr/bin/env python3
"""Writes the workshop's demo recordings, docs/demos/*.jsonl, from readable key lists.

Each demo is replayed in both owners: `booking --fresh --flow bag --replay FILE`, then the same
without `--flow bag`. Keys typed while the app is idle wait for it to be idle again on replay,
so the demos run the same on a slow laptop. Run from the repository's root; CI replays every
file (Tests/ProgramTests/ProgramDemoTests.swift, and Tools/scripts/demo in tmux), so a change that breaks a demo fails CI.
"""
import json, os

def typed(text):
    return ["=" + c for c in text]

# Enter takes the airport highlighted and moves on; Ctrl-S searches from any field.
SEARCH = typed("ist") + ["enter"] + typed("ams") + ["enter", "ctrl-s"]
# Ada Lovelace is Ms: the title picker goes Mr, Mrs, Ms.
PASSENGER = (["right", "right", "right", "tab"] + typed("Ada") + ["tab"] + typed("Lovelace") + ["tab"]
             + typed("1990-01-01") + ["tab"] + typed("ada@example.com") + ["tab"]
             + typed("+905551234567") + ["tab", "enter"])
CARD = typed("4242424242424242") + ["tab"] + typed("1230") + ["tab"] + typed("123") + ["tab", "enter"]
TO_PAYMENT = SEARCH + ["enter"] + PASSENGER + ["=c"]

DEMOS = {
    # The user picks a seat, goes back to the results and takes another flight.
    "stale-seat": SEARCH + ["enter"] + PASSENGER + ["enter", "=c", "esc", "esc", "esc",
                                                   "down", "enter"] + ["tab"] * 6 + ["enter"],
    # Paid; then Esc on the confirmation.
    "back-after-paying": TO_PAYMENT + CARD + ["esc"],
    # Opened with --open booking://pay/<id>: pay, start a new booking, Esc at its payment.
    "deep-link-flag": CARD + ["=n", "ctrl-u"] + TO_PAYMENT + ["esc"],
    # A seat and a bag priced, then the promo code (Ctrl-P) at payment.
    "price-writers": SEARCH + ["enter"] + PASSENGER + ["enter", "tab", "=+", "=c", "ctrl-p"],
    # At payment, back to the results, and the dearest flight (the last): its price is not the
    # first flight's on any day with two prices, where the second flight's may be.
    "old-price": TO_PAYMENT + ["esc", "esc", "esc", "end", "enter"],
    # To the payment form, for the kill of demo 4 (process death).
    "to-payment": TO_PAYMENT,
    # Paid, the travellers saved (s), a new booking of the same search, to Pay.
    "saved-travellers": TO_PAYMENT + CARD + ["=s", "=n", "ctrl-s", "enter", "=c"] + CARD,
}

os.makedirs("docs/demos", exist_ok=True)
for name, keys in DEMOS.items():
    with open(f"docs/demos/{name}.jsonl", "w") as out:
        for index, key in enumerate(keys):
            out.write(json.dumps({"t": index * 200, "key": key}, separators=(",", ":")) + "\n")
    print(f"docs/demos/{name}.jsonl: {len(keys)} keys")
