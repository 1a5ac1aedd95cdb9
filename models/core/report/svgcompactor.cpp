#include "svgcompactor.h"

#include "textescape.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

namespace bs {

namespace {

struct Attr {
    std::string name, value;
};

struct SvgTag {
    std::string name;
    std::vector<Attr> attrs;
    bool closing = false, selfClosing = false;
};

bool parseTag(const std::string &text, SvgTag &tag)
{
    std::size_t i = 1;
    if (i < text.size() && text[i] == '/') {
        tag.closing = true;
        ++i;
    }
    std::size_t end = text.size() - 1; // at '>'
    if (end > 0 && text[end - 1] == '/') {
        tag.selfClosing = true;
        --end;
    }
    while (i < end && !std::isspace(static_cast<unsigned char>(text[i])))
        tag.name += text[i++];
    while (i < end) {
        while (i < end && std::isspace(static_cast<unsigned char>(text[i])))
            ++i;
        const std::size_t eq = text.find('=', i);
        if (i >= end || eq == std::string::npos || eq + 1 >= end || text[eq + 1] != '"')
            return i >= end;
        const std::size_t close = text.find('"', eq + 2);
        if (close == std::string::npos || close >= end)
            return false;
        tag.attrs.push_back({text.substr(i, eq - i), text.substr(eq + 2, close - eq - 2)});
        i = close + 1;
    }
    return true;
}

// Every number in `value` to one decimal ("210.156,328" -> "210.2,328").
std::string roundNumbers(const std::string &value)
{
    std::string out;
    for (std::size_t i = 0; i < value.size();) {
        const char c = value[i];
        if (std::isdigit(static_cast<unsigned char>(c)) || ((c == '-' || c == '.') && i + 1 < value.size()
                                                            && std::isdigit(static_cast<unsigned char>(value[i + 1])))) {
            char *end = nullptr;
            const double v = std::strtod(value.c_str() + i, &end);
            char buf[32];
            const double r = std::round(v * 10) / 10;
            std::snprintf(buf, sizeof buf, r == std::floor(r) ? "%.0f" : "%.1f", r == 0 ? 0.0 : r);
            out += buf;
            i = std::size_t(end - value.c_str());
        } else {
            out += c;
            ++i;
        }
    }
    return out;
}

// The elements a chart is drawn with; anything else (script, image, a,
// foreignObject, use, style, ...) is not ours, and the SVG is refused.
bool drawing(const std::string &name)
{
    for (const char *n : {"svg", "g", "defs", "rect", "polyline", "polygon", "path", "circle", "ellipse", "line",
                          "text", "tspan", "clipPath", "linearGradient", "radialGradient", "stop"})
        if (name == n)
            return true;
    return false;
}

bool dropped(const SvgTag &tag, const Attr &a)
{
    if (tag.name == "text" && ((a.name == "font-weight" && a.value == "400") || (a.name == "font-style" && a.value == "normal")))
        return true; // the initial values, and no group sets a font any more
    if ((a.name == "stroke-opacity" || a.name == "fill-opacity") && a.value == "1")
        return true;
    if ((a.name == "transform" && a.value == "matrix(1,0,0,1,0,0)") || (a.name == "vector-effect" && a.value == "none"))
        return true;
    if (tag.name == "g" && a.name.rfind("font-", 0) == 0)
        return true; // every <text> carries its own font
    if (tag.name == "g" && ((a.name == "stroke-linecap" && a.value == "square")
                            || (a.name == "stroke-linejoin" && a.value == "bevel")))
        return true; // the root group's, inherited
    return tag.name == "polyline" && a.name == "fill" && a.value == "none";
}

std::string write(const SvgTag &tag)
{
    std::string out = (tag.closing ? "</" : "<") + tag.name;
    for (const Attr &a : tag.attrs)
        out += " " + a.name + "=\"" + a.value + "\"";
    return out + (tag.selfClosing ? "/>" : ">");
}

std::string *attr(SvgTag &tag, const char *name)
{
    for (Attr &a : tag.attrs)
        if (a.name == name)
            return &a.value;
    return nullptr;
}

// A group that only moves the texts in it (each sets its own fill and
// stroke): the texts moved instead, the group left out. False when the
// group is anything else.
bool foldTexts(const std::string &groupTag, const std::string &inner, std::string &folded)
{
    SvgTag group;
    if (!parseTag(groupTag, group))
        return false;
    const std::string *transform = attr(group, "transform");
    double tx = 0, ty = 0;
    if (!transform || std::sscanf(transform->c_str(), "matrix(1,0,0,1,%lf,%lf)", &tx, &ty) != 2)
        return false;
    for (std::size_t i = 0; i < inner.size();) {
        const std::size_t open = inner.find('>', i), close = inner.find("</text>", i);
        if (inner.compare(i, 6, "<text ") != 0 || open == std::string::npos || close == std::string::npos || close < open
            || inner.find('<', open) != close)
            return false;
        SvgTag text;
        if (!parseTag(inner.substr(i, open - i + 1), text) || !attr(text, "fill") || !attr(text, "stroke"))
            return false;
        std::string *x = attr(text, "x"), *y = attr(text, "y");
        if (!x || !y)
            return false;
        *x = roundNumbers(std::to_string(std::atof(x->c_str()) + tx));
        *y = roundNumbers(std::to_string(std::atof(y->c_str()) + ty));
        folded += write(text) + inner.substr(open + 1, close - open - 1) + "</text>";
        i = close + 7;
    }
    return true;
}

using Point = std::pair<double, double>;

std::vector<Point> points(const std::string &text)
{
    std::vector<Point> out;
    const char *p = text.c_str();
    for (;;) {
        char *end = nullptr;
        const double x = std::strtod(p, &end);
        if (end == p || *end != ',')
            return out;
        p = end + 1;
        const double y = std::strtod(p, &end);
        if (end == p)
            return out;
        out.emplace_back(x, y);
        p = end;
    }
}

// Leaves out each point closer than 0.5 px to the line through the
// points kept before and after it.
std::string simplified(const std::vector<Point> &pts)
{
    std::vector<Point> kept;
    for (std::size_t i = 0; i < pts.size(); ++i) {
        if (!kept.empty() && i + 1 < pts.size()) {
            const Point &a = kept.back(), &b = pts[i + 1], &p = pts[i];
            const double dx = b.first - a.first, dy = b.second - a.second, len = std::hypot(dx, dy);
            const double dist = len > 0 ? std::fabs(dy * p.first - dx * p.second + b.first * a.second - b.second * a.first) / len
                                        : std::hypot(p.first - a.first, p.second - a.second);
            const bool between = (p.first - a.first) * dx + (p.second - a.second) * dy >= 0
                && (p.first - b.first) * dx + (p.second - b.second) * dy <= 0;
            if (dist < 0.5 && between)
                continue;
        }
        kept.push_back(pts[i]);
    }
    std::string out;
    for (const Point &p : kept)
        out += (out.empty() ? "" : " ") + roundNumbers(std::to_string(p.first)) + "," + roundNumbers(std::to_string(p.second));
    return out;
}

struct Compactor {
    std::string out;
    std::vector<Point> line; // the polyline being joined
    struct Open {
        std::size_t start; // where its tag begins in `out`
        std::size_t size;  // the length of its tag
        std::string tag;
        std::string before = {}; // lastClosed when it opened: an empty group leaves it so
    };
    std::vector<Open> open;
    std::string lastClosed; // the group closed just before, at this depth
    bool closePending = false; // its "</g>" not written yet: a polyline may go on
    bool inText = false;

    void flushLine()
    {
        if (!line.empty())
            out += "<polyline points=\"" + simplified(line) + "\"/>";
        line.clear();
        if (closePending)
            out += "</g>";
        closePending = false;
    }

    // False for an attribute that runs or loads something.
    bool element(SvgTag &tag)
    {
        std::vector<Attr> attrs;
        for (Attr &a : tag.attrs) {
            std::string name;
            for (char ch : a.name)
                name += char(std::tolower(static_cast<unsigned char>(ch)));
            if (name.rfind("on", 0) == 0 || name.find("href") != std::string::npos || name == "style")
                return false;
        }
        for (Attr &a : tag.attrs)
            if (!dropped(tag, a))
                attrs.push_back({a.name, a.name == "points" || a.name == "x" || a.name == "y" || a.name == "width"
                                         || a.name == "height" || a.name == "transform" || a.name == "d"
                                         || a.name == "cx" || a.name == "cy" || a.name == "r"
                                     ? roundNumbers(a.value)
                                     : a.value});
        tag.attrs = std::move(attrs);
        if (closePending && tag.name == "g" && !tag.closing && write(tag) == lastClosed) {
            closePending = false; // the same group again: the polyline goes on in it
            open.push_back({std::string::npos, 0, lastClosed});
            lastClosed.clear();
            return true;
        }
        if (tag.name == "g" && tag.closing && !line.empty() && !open.empty()) {
            lastClosed = open.back().tag;
            open.pop_back();
            closePending = true;
            return true;
        }
        if (tag.name == "polyline" && tag.selfClosing && tag.attrs.size() == 1 && tag.attrs[0].name == "points") {
            const std::vector<Point> pts = points(tag.attrs[0].value);
            if (!line.empty() && !pts.empty() && line.back() == pts.front())
                line.insert(line.end(), pts.begin() + 1, pts.end());
            else {
                flushLine();
                line = pts;
            }
            return true;
        }
        flushLine();
        const std::string text = write(tag);
        const std::string before = lastClosed;
        if (tag.name == "g" && !tag.closing && text == lastClosed && out.size() >= 4
            && out.compare(out.size() - 4, 4, "</g>") == 0) {
            out.resize(out.size() - 4); // the same group again: go on in it
            open.push_back({std::string::npos, 0, text});
            lastClosed.clear();
            return true;
        }
        lastClosed.clear();
        if (tag.closing) {
            if (!open.empty()) {
                const Open o = open.back();
                open.pop_back();
                if (tag.name == "g" && o.start != std::string::npos && out.size() == o.start + o.size) {
                    out.resize(o.start); // an empty group
                    lastClosed = o.before;
                    return true;
                }
                std::string folded;
                if (tag.name == "g" && o.start != std::string::npos
                    && foldTexts(o.tag, out.substr(o.start + o.size), folded)) {
                    out.resize(o.start);
                    out += folded;
                    return true;
                }
                if (tag.name == "g")
                    lastClosed = o.tag;
            }
            out += text;
            inText = false;
            return true;
        }
        if (!tag.selfClosing)
            open.push_back({out.size(), text.size(), text, before});
        out += text;
        inText = tag.name == "text" || tag.name == "title";
        return true;
    }
};

} // namespace

// Runs of <text> elements that differ only in where they stand, each
// run put in one group that carries what they share.
std::string groupTexts(const std::string &svg)
{
    std::string out;
    std::size_t i = 0;
    while (i < svg.size()) {
        const std::size_t start = svg.find("<text ", i);
        if (start == std::string::npos) {
            out += svg.substr(i);
            break;
        }
        out += svg.substr(i, start - i);
        std::vector<std::pair<SvgTag, std::string>> run; // the tag without x and y; the rest of the element
        std::string shared;
        std::size_t at = start;
        while (svg.compare(at, 6, "<text ") == 0) {
            const std::size_t open = svg.find('>', at), close = svg.find("</text>", at);
            SvgTag tag;
            if (open == std::string::npos || close == std::string::npos || !parseTag(svg.substr(at, open - at + 1), tag))
                break;
            SvgTag rest{tag.name, {}, false, false}, place{tag.name, {}, false, false};
            for (const Attr &a : tag.attrs)
                (a.name == "x" || a.name == "y" ? place : rest).attrs.push_back(a);
            const std::string key = write(rest);
            if (!run.empty() && key != shared)
                break;
            shared = key;
            run.emplace_back(place, svg.substr(open + 1, close + 7 - open - 1));
            at = close + 7;
        }
        if (run.size() < 2) {
            const std::size_t end = svg.find("</text>", start);
            const std::size_t stop = end == std::string::npos ? svg.size() : end + 7;
            out += svg.substr(start, stop - start);
            i = stop;
            continue;
        }
        out += "<g" + shared.substr(5); // "<text" -> "<g"
        for (const auto &[place, rest] : run)
            out += write(place).substr(0, write(place).size() - 1) + ">" + rest;
        out += "</g>";
        i = at;
    }
    return out;
}

std::string SvgCompactor::compact(const std::string &drawn)
{
    // No control character a label carried reaches the page (XML cannot hold them).
    const std::string svg = TextEscape::xmlControls(drawn);
    Compactor c;
    std::size_t i = svg.find("<svg");
    if (i == std::string::npos)
        return {};
    while (i < svg.size()) {
        if (svg[i] != '<') {
            const std::size_t next = svg.find('<', i);
            const std::string text = svg.substr(i, next - i);
            if (c.inText || text.find_first_not_of(" \t\r\n") != std::string::npos) {
                c.flushLine();
                c.out += text;
                c.lastClosed.clear();
            }
            i = next;
            continue;
        }
        const std::size_t end = svg.find('>', i);
        if (end == std::string::npos)
            return {};
        SvgTag tag;
        if (!parseTag(svg.substr(i, end - i + 1), tag))
            return {};
        i = end + 1;
        if ((tag.name == "desc" || tag.name == "title") && !tag.closing) {
            // "Made by Benchscope", and the chart's title as rich text the
            // generator does not escape: the page says both in HTML.
            const std::string close = "</" + tag.name + ">";
            const std::size_t at = svg.find(close, i);
            i = at == std::string::npos ? svg.size() : at + close.size();
            continue;
        }
        if (!drawing(tag.name))
            return {};
        if (!c.element(tag))
            return {};
    }
    c.flushLine();
    return groupTexts(c.out);
}

} // namespace bs
