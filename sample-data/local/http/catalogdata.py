"""The catalogue GET /catalog returns: 200 products, made the same way on
every start (no randomness), so both revisions answer the same bytes."""
import json

WORDS = ["anvil", "bracket", "cable", "dowel", "easel", "flange", "gasket", "hinge",
         "insulator", "jig", "knob", "lever", "mallet", "nozzle", "oiler", "pulley"]


def products():
    n = len(WORDS)
    return [{"id": i,
             "sku": f"SKU-{i:05d}",
             "name": f"{WORDS[i % n]} {WORDS[(i * 7) % n]}",
             "price_cents": 199 + (i * 37) % 5000,
             "in_stock": i % 3 != 0,
             "tags": [WORDS[(i * 3) % n], WORDS[(i * 5) % n]]}
            for i in range(1, 201)]


def serialized():
    items = products()
    return json.dumps({"count": len(items), "products": items}).encode()
