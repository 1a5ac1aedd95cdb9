#!/usr/bin/env python3
"""Writes the SQLite database every participant of the sqlite suites reads.

Deterministic: the same rows, in the same order, every time (random.Random
with a fixed seed, no clock), so the contract's expected JSON in the suite
files holds for every database this script makes.

    seed.py OUT.db    1000 users, 4 posts each, 3 comments per post
"""
import os
import random
import sqlite3
import sys

USERS = 1000
POSTS_PER_USER = 4
COMMENTS_PER_POST = 3
WORDS = ("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima "
         "mike november oscar papa quebec romeo sierra tango uniform victor whiskey "
         "xray yankee zulu").split()


def sentence(rng, words):
    return " ".join(rng.choice(WORDS) for _ in range(words))


def seed(path):
    if os.path.exists(path):
        os.remove(path)
    rng = random.Random(15)
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL);
        CREATE TABLE posts (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id),
                            title TEXT NOT NULL, body TEXT NOT NULL);
        CREATE TABLE comments (id INTEGER PRIMARY KEY, post_id INTEGER NOT NULL REFERENCES posts(id),
                               author TEXT NOT NULL, body TEXT NOT NULL);
    """)
    post_id = comment_id = 0
    for user in range(1, USERS + 1):
        name = f"{rng.choice(WORDS).title()} {rng.choice(WORDS).title()}"
        db.execute("INSERT INTO users VALUES (?, ?, ?)", (user, name, f"user{user}@example.org"))
        for _ in range(POSTS_PER_USER):
            post_id += 1
            db.execute("INSERT INTO posts VALUES (?, ?, ?, ?)",
                       (post_id, user, sentence(rng, 4).capitalize(), sentence(rng, 16)))
            for _ in range(COMMENTS_PER_POST):
                comment_id += 1
                author = 1 + rng.randrange(USERS)
                db.execute("INSERT INTO comments VALUES (?, ?, ?, ?)",
                           (comment_id, post_id, f"user{author}", sentence(rng, 8)))
    db.executescript("""
        CREATE INDEX posts_user ON posts(user_id);
        CREATE INDEX comments_post ON comments(post_id);
        ANALYZE;
    """)
    db.commit()
    db.execute("VACUUM")
    db.close()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: seed.py OUT.db")
    seed(sys.argv[1])
