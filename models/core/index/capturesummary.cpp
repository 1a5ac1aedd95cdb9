#include "capturesummary.h"

#include <cstdint>
#include <cstring>
#include <unordered_map>

namespace bs {

namespace {

const char kMagic[] = "BSCS3"; // the version: a change of layout changes it

// Lengths and counts are 32-bit; the names of figures (a repetition's
// metric ids) are written once, in a table before the body, and then by
// their number in it.
class Writer {
public:
    std::string body;

    void u32(std::uint64_t v)
    {
        const std::uint32_t n = std::uint32_t(v);
        body.append(reinterpret_cast<const char *>(&n), sizeof n);
    }
    void u8(unsigned v) { body.push_back(char(v)); }
    void f64(double v) { body.append(reinterpret_cast<const char *>(&v), sizeof v); }
    void str(const std::string &s)
    {
        u32(s.size());
        body += s;
    }
    void strings(const std::vector<std::string> &list)
    {
        u32(list.size());
        for (const std::string &s : list)
            str(s);
    }
    void figures(const std::map<std::string, double> &map)
    {
        u32(map.size());
        for (const auto &[k, v] : map) {
            auto it = m_names.try_emplace(k, std::uint32_t(m_table.size())).first;
            if (it->second == m_table.size())
                m_table.push_back(k);
            u32(it->second);
            f64(v);
        }
    }
    std::string bytes() const
    {
        Writer head;
        head.body = kMagic;
        head.strings(m_table);
        return head.body + body;
    }

private:
    std::unordered_map<std::string, std::uint32_t> m_names;
    std::vector<std::string> m_table;
};

// Every read is bounds-checked; a failed one leaves `ok` false and reads
// zeros from then on, so a decode runs to its end and is then refused.
class Reader {
public:
    explicit Reader(const std::string &bytes)
        : m_bytes(bytes)
    {
        m_ok = bytes.compare(0, sizeof kMagic - 1, kMagic) == 0;
        m_at = sizeof kMagic - 1;
        m_table = strings();
    }
    bool done() const { return m_ok && m_at == m_bytes.size(); }
    void refuse() { m_ok = false; }

    std::uint32_t u32()
    {
        std::uint32_t v = 0;
        take(&v, sizeof v);
        return v;
    }
    unsigned u8(unsigned below)
    {
        unsigned char v = 0;
        take(&v, 1);
        m_ok = m_ok && v < below;
        return m_ok ? v : 0;
    }
    bool flag() { return u8(2) != 0; }
    double f64()
    {
        double v = 0;
        take(&v, sizeof v);
        return v;
    }
    // A count of items of at least `itemBytes` each: never more than the
    // bytes left could hold.
    std::size_t count(std::size_t itemBytes)
    {
        const std::uint64_t n = u32();
        m_ok = m_ok && n <= (m_bytes.size() - m_at) / itemBytes;
        return m_ok ? std::size_t(n) : 0;
    }
    std::string str()
    {
        const std::size_t n = count(1);
        std::string s = m_ok ? m_bytes.substr(m_at, n) : std::string();
        m_at += n;
        return s;
    }
    std::vector<std::string> strings()
    {
        std::vector<std::string> list(count(4));
        for (std::string &s : list)
            s = str();
        return list;
    }
    std::map<std::string, double> figures()
    {
        std::map<std::string, double> map;
        for (std::size_t i = 0, n = count(12); i < n; ++i) {
            const std::uint32_t name = u32();
            m_ok = m_ok && name < m_table.size();
            const double v = f64();
            if (m_ok)
                map.emplace_hint(map.end(), m_table[name], v);
        }
        return map;
    }

private:
    void take(void *to, std::size_t n)
    {
        m_ok = m_ok && m_bytes.size() - m_at >= n;
        if (!m_ok)
            return;
        std::memcpy(to, m_bytes.data() + m_at, n);
        m_at += n;
    }

    const std::string &m_bytes;
    std::size_t m_at = 0;
    bool m_ok = false;
    std::vector<std::string> m_table; // the names of figures
};

void encodeResult(Writer &w, const Result &r)
{
    w.str(r.participant);
    w.str(r.caseId);
    w.u8(unsigned(r.status));
    w.str(r.reason);
    w.strings(r.flags);
    w.figures(r.once);
    w.u32(std::uint32_t(std::int32_t(r.representative)));
    w.u32(r.repetitions.size());
    for (const Repetition &rep : r.repetitions)
        w.figures(rep.metrics);
    w.u32(r.summary.size());
    for (const auto &[id, s] : r.summary) {
        w.str(id);
        w.f64(s.value);
        w.f64(s.median);
        w.f64(s.min);
        w.f64(s.max);
        w.u32(s.n);
        w.u8(s.once);
    }
}

Result decodeResult(Reader &in)
{
    Result r;
    r.participant = in.str();
    r.caseId = in.str();
    r.status = ResultStatus(in.u8(unsigned(ResultStatus::Error) + 1));
    r.reason = in.str();
    r.flags = in.strings();
    r.once = in.figures();
    const std::int64_t representative = std::int32_t(in.u32());
    r.repetitions.resize(in.count(4));
    for (Repetition &rep : r.repetitions)
        rep.metrics = in.figures();
    const bool inRange = representative >= -1 && representative < std::int64_t(r.repetitions.size());
    r.representative = inRange ? int(representative) : -1;
    for (std::size_t i = 0, n = in.count(41); i < n; ++i) {
        std::string id = in.str();
        MetricSummary s;
        s.value = in.f64();
        s.median = in.f64();
        s.min = in.f64();
        s.max = in.f64();
        s.n = std::size_t(in.u32());
        s.once = in.flag();
        r.summary.emplace_hint(r.summary.end(), std::move(id), s);
    }
    if (!inRange)
        in.refuse();
    return r;
}

} // namespace

std::string CaptureSummary::encode(const Capture &c)
{
    Writer w;
    w.str(c.suite.id);
    w.str(c.suite.title);
    w.str(c.revision.id);
    w.str(c.revision.label);
    w.str(c.revision.date);
    w.str(c.capturedAt);
    w.u32(c.metrics.size());
    for (const Metric &m : c.metrics) {
        w.str(m.id);
        w.str(m.label);
        w.str(m.unit);
        w.u8(unsigned(m.direction));
        w.u8(m.primary);
        w.str(m.description);
        w.u8(unsigned(m.scope));
        w.u8(m.scopeDeclared);
        w.str(m.statistic);
    }
    w.u32(c.cases.size());
    for (const CaseInfo &k : c.cases) {
        w.str(k.id);
        w.str(k.label);
        w.str(k.group);
        w.str(k.description);
    }
    w.u32(c.participants.size());
    for (const Participant &p : c.participants) {
        w.str(p.id);
        w.str(p.label);
        w.str(p.runtime);
        w.str(p.version);
        w.u8(p.baseline);
        w.strings(p.tags);
    }
    w.u32(c.results.size());
    for (const Result &r : c.results)
        encodeResult(w, r);
    return w.bytes();
}

std::optional<Capture> CaptureSummary::decode(const std::string &bytes)
{
    Reader in(bytes);
    Capture c;
    c.suite.id = in.str();
    c.suite.title = in.str();
    c.revision.id = in.str();
    c.revision.label = in.str();
    c.revision.date = in.str();
    c.capturedAt = in.str();
    c.metrics.resize(in.count(20));
    for (Metric &m : c.metrics) {
        m.id = in.str();
        m.label = in.str();
        m.unit = in.str();
        m.direction = Direction(in.u8(2));
        m.primary = in.flag();
        m.description = in.str();
        m.scope = MetricScope(in.u8(3));
        m.scopeDeclared = in.flag();
        m.statistic = in.str();
    }
    c.cases.resize(in.count(16));
    for (CaseInfo &k : c.cases) {
        k.id = in.str();
        k.label = in.str();
        k.group = in.str();
        k.description = in.str();
    }
    c.participants.resize(in.count(21));
    for (Participant &p : c.participants) {
        p.id = in.str();
        p.label = in.str();
        p.runtime = in.str();
        p.version = in.str();
        p.baseline = in.flag();
        p.tags = in.strings();
    }
    c.results.resize(in.count(33));
    for (Result &r : c.results)
        r = decodeResult(in);
    if (!in.done())
        return std::nullopt;
    return c;
}

} // namespace bs
