// The runner's incremental HTTP/1.1 response parser: every framing, fed in
// one piece and one byte at a time; malformed input is an error, not a crash.
#include "httpresponseparser.h"

#include <QtTest>

using bs::HttpResponseParser;

class TestHttpParser : public QObject {
    Q_OBJECT
private slots:
    void framing_data();
    void framing();
    void malformed_data();
    void malformed();
    void closeDelimitedBody();
    void cutShortByClose();
    void bytesAfterTheResponseAreLeft();
};

namespace {

struct Fed {
    HttpResponseParser::State state;
    std::size_t consumed = 0;
};

Fed feedAll(HttpResponseParser &p, const QByteArray &bytes, int pieceSize)
{
    Fed f {HttpResponseParser::State::Incomplete, 0};
    for (int at = 0; at < bytes.size() && f.state == HttpResponseParser::State::Incomplete;) {
        const int n = qMin(pieceSize, int(bytes.size()) - at);
        std::size_t used = 0;
        f.state = p.feed(bytes.constData() + at, std::size_t(n), used);
        f.consumed += used;
        at += n;
    }
    return f;
}

} // namespace

void TestHttpParser::framing_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<bool>("head");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("keepAlive");
    QTest::addColumn<QByteArray>("contentType");

    QTest::newRow("content length") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Type: text/plain\r\n\r\nhello")
                                    << false << 200 << QByteArray("hello") << true << QByteArray("text/plain");
    QTest::newRow("header names in any case") << QByteArray("HTTP/1.1 200 OK\r\ncontent-LENGTH:  3 \r\n\r\nabc")
                                              << false << 200 << QByteArray("abc") << true << QByteArray();
    QTest::newRow("chunked with extension and trailer")
        << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nhel\r\nA\r\nlo, world!\r\n0\r\nX-T: 1\r\n\r\n")
        << false << 200 << QByteArray("hello, world!") << true << QByteArray();
    QTest::newRow("empty body") << QByteArray("HTTP/1.1 204 No Content\r\n\r\n") << false << 204 << QByteArray() << true
                                << QByteArray();
    QTest::newRow("head response has no body") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n") << true
                                               << 200 << QByteArray() << true << QByteArray();
    QTest::newRow("connection close header") << QByteArray("HTTP/1.1 500 Oops\r\nConnection: close\r\nContent-Length: 2\r\n\r\nno")
                                             << false << 500 << QByteArray("no") << false << QByteArray();
    QTest::newRow("http 1.0 closes by default") << QByteArray("HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok")
                                                << false << 200 << QByteArray("ok") << false << QByteArray();
    QTest::newRow("interim 100 continue then the answer")
        << QByteArray("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 1\r\n\r\nx") << false << 201
        << QByteArray("x") << true << QByteArray();
    QTest::newRow("the same Content-Length twice")
        << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 2\r\ncontent-length:2 \r\n\r\nok") << false << 200
        << QByteArray("ok") << true << QByteArray();
    QTest::newRow("bare LF line ends") << QByteArray("HTTP/1.1 404 Not Found\nContent-Length: 4\n\nnope") << false << 404
                                       << QByteArray("nope") << true << QByteArray();
}

void TestHttpParser::framing()
{
    QFETCH(QByteArray, bytes);
    QFETCH(bool, head);
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(bool, keepAlive);
    QFETCH(QByteArray, contentType);
    for (int piece : {int(bytes.size()), 7, 1}) {
        HttpResponseParser p;
        p.reset(head);
        p.setKeepBody(true);
        const Fed f = feedAll(p, bytes, piece);
        QCOMPARE(int(f.state), int(HttpResponseParser::State::Complete));
        QCOMPARE(f.consumed, std::size_t(bytes.size()));
        QCOMPARE(p.status(), status);
        QCOMPARE(QByteArray::fromStdString(p.body()), body);
        QCOMPARE(p.bodyBytes(), std::size_t(body.size()));
        QCOMPARE(p.keepAlive(), keepAlive);
        QCOMPARE(QByteArray::fromStdString(p.contentType()), contentType);
    }
}

void TestHttpParser::malformed_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("not http") << QByteArray("this is not http\r\n\r\n");
    QTest::newRow("status not a number") << QByteArray("HTTP/1.1 2x0 OK\r\n\r\n");
    QTest::newRow("header without colon") << QByteArray("HTTP/1.1 200 OK\r\nbroken header\r\n\r\n");
    QTest::newRow("content length not a number") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 1a\r\n\r\n");
    QTest::newRow("bad chunk size") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n");
    QTest::newRow("chunk longer than its size")
        << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n");
    QTest::newRow("two Content-Length that differ")
        << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 50\r\n\r\nhello");
    QTest::newRow("a longer one first, in another case")
        << QByteArray("HTTP/1.1 200 OK\r\ncontent-length: 50\r\nX: y\r\nCONTENT-LENGTH: 5\r\n\r\nhello");
    QTest::newRow("header line too long") << (QByteArray("HTTP/1.1 200 OK\r\nX: ") + QByteArray(9000, 'a'));
}

void TestHttpParser::malformed()
{
    QFETCH(QByteArray, bytes);
    for (int piece : {int(bytes.size()), 1}) {
        HttpResponseParser p;
        p.reset();
        const Fed f = feedAll(p, bytes, piece);
        QCOMPARE(int(f.state), int(HttpResponseParser::State::Error));
        QVERIFY(std::string(p.errorMessage()).size() > 0);
        QVERIFY(!p.keepAlive());
        if (bytes.toLower().count("content-length") == 2) // said as such, never waited out
            QCOMPARE(std::string(p.errorMessage()), std::string("conflicting Content-Length headers"));
    }
}

void TestHttpParser::closeDelimitedBody()
{
    HttpResponseParser p;
    p.reset();
    p.setKeepBody(true);
    const QByteArray bytes("HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n<p>until close</p>");
    QCOMPARE(int(feedAll(p, bytes, 5).state), int(HttpResponseParser::State::Incomplete));
    QCOMPARE(int(p.finishOnClose()), int(HttpResponseParser::State::Complete));
    QCOMPARE(p.body(), std::string("<p>until close</p>"));
    QVERIFY(!p.keepAlive());
}

void TestHttpParser::cutShortByClose()
{
    HttpResponseParser p;
    p.reset();
    QCOMPARE(int(p.finishOnClose()), int(HttpResponseParser::State::Incomplete)); // nothing arrived: not started
    const QByteArray bytes("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhe");
    QCOMPARE(int(feedAll(p, bytes, 100).state), int(HttpResponseParser::State::Incomplete));
    QCOMPARE(int(p.finishOnClose()), int(HttpResponseParser::State::Error));
}

void TestHttpParser::bytesAfterTheResponseAreLeft()
{
    HttpResponseParser p;
    p.reset();
    const QByteArray bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1");
    std::size_t used = 0;
    QCOMPARE(int(p.feed(bytes.constData(), std::size_t(bytes.size()), used)), int(HttpResponseParser::State::Complete));
    QCOMPARE(used, std::size_t(bytes.size() - 8));
}

QTEST_GUILESS_MAIN(TestHttpParser)
#include "tst_httpparser.moc"
