"""Small benchmarks for pytest-benchmark samples (make-lang-samples.sh)."""
import json

import pytest


def words(n):
    return ["word%d" % i for i in range(n)]


@pytest.mark.benchmark(group="join")
@pytest.mark.parametrize("n", [10, 1000])
def test_join(benchmark, n):
    w = words(n)
    assert benchmark(",".join, w).startswith("word0")


@pytest.mark.benchmark(group="join")
@pytest.mark.parametrize("n", [10, 1000])
def test_concat(benchmark, n):
    w = words(n)

    def concat():
        out = ""
        for x in w:
            out += x + ","
        return out

    assert benchmark(concat).startswith("word0")


@pytest.mark.benchmark(group="json")
@pytest.mark.parametrize("indent", [None, 2], ids=["compact", "indented"])
def test_dumps(benchmark, indent):
    doc = {"words": words(200), "n": 200}
    assert benchmark(json.dumps, doc, indent=indent)


def test_sorted(benchmark):
    w = words(500)[::-1]
    assert benchmark(sorted, w)[0] == "word0"
