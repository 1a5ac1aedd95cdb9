// SHA-256 against the FIPS 180-4 examples, and the processor's SHA
// instructions (where this machine has them) against the portable code on
// many lengths fed in pieces cut anywhere.
#include "sha256.h"

#include <QtTest>

#include <random>
#include <string>

namespace {

std::string digest(const std::string &bytes, bs::Sha256::Engine engine)
{
    bs::Sha256 h(engine);
    h.update(bytes.data(), bytes.size());
    return h.hexDigest();
}

} // namespace

class TstSha256 : public QObject {
    Q_OBJECT

private slots:
    void fipsExamples_data()
    {
        QTest::addColumn<QByteArray>("message");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("empty") << QByteArray()
                               << QByteArray("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        QTest::newRow("abc") << QByteArray("abc")
                             << QByteArray("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        QTest::newRow("448 bits") << QByteArray("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                                  << QByteArray("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
        QTest::newRow("a million a") << QByteArray(1000000, 'a')
                                     << QByteArray("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    }

    void fipsExamples()
    {
        QFETCH(QByteArray, message);
        QFETCH(QByteArray, expected);
        const std::string bytes = message.toStdString();
        for (const auto engine : {bs::Sha256::Engine::Fastest, bs::Sha256::Engine::Portable})
            QCOMPARE(QByteArray::fromStdString(digest(bytes, engine)), expected);
        QCOMPARE(QByteArray::fromStdString(bs::Sha256::hex(bytes)), expected);
    }

    void piecesAndEnginesAgree()
    {
        std::mt19937 rng(3);
        for (std::size_t length : {1u, 55u, 56u, 63u, 64u, 65u, 127u, 128u, 1000u, 4096u, 100003u}) {
            std::string bytes(length, '\0');
            for (char &c : bytes)
                c = char(rng());
            const std::string whole = digest(bytes, bs::Sha256::Engine::Portable);
            QCOMPARE(digest(bytes, bs::Sha256::Engine::Fastest), whole);
            for (int round = 0; round < 20; ++round) {
                bs::Sha256 h;
                for (std::size_t at = 0; at < length;) {
                    const std::size_t piece = std::min<std::size_t>(length - at, rng() % 150);
                    h.update(bytes.data() + at, piece);
                    at += piece;
                }
                QCOMPARE(h.hexDigest(), whole);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TstSha256)
#include "tst_sha256.moc"
