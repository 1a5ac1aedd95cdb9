#include "badge.h"

#include "textescape.h"

#include <vector>

namespace bs {

namespace {

// The text's characters (UTF-8 code points), an invalid byte as U+FFFD.
std::vector<std::string> characters(const std::string &text)
{
    std::vector<std::string> out;
    for (std::size_t i = 0; i < text.size();) {
        const auto b = static_cast<unsigned char>(text[i]);
        const std::size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
        bool valid = n > 0 && i + n <= text.size();
        for (std::size_t k = 1; valid && k < n; ++k)
            valid = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
        out.push_back(valid ? text.substr(i, n) : std::string("\xEF\xBF\xBD"));
        i += valid ? n : 1;
    }
    return out;
}

// At most `limit` characters, the last one an ellipsis when cut.
std::vector<std::string> cut(std::vector<std::string> chars, std::size_t limit)
{
    if (chars.size() > limit) {
        chars.resize(limit - 1);
        chars.push_back("\xE2\x80\xA6");
    }
    return chars;
}

std::string joined(const std::vector<std::string> &chars)
{
    std::string out;
    for (const std::string &c : chars)
        out += c;
    return TextEscape::xmlControls(TextEscape::html(out));
}

// Verdana 11 px, as shields draws: about 7 px a character, 5 px each side.
int widthOf(const std::vector<std::string> &chars)
{
    return int(chars.size()) * 7 + 10;
}

const char *colourOf(Badge::Tone tone)
{
    switch (tone) {
    case Badge::Tone::Worse: return "#e05d44";
    case Badge::Tone::Better: return "#44cc11";
    case Badge::Tone::NoChange: return "#007ec6";
    case Badge::Tone::Unknown: break;
    }
    return "#9f9f9f";
}

} // namespace

std::string Badge::svg(const std::string &label, const std::string &message, Tone tone)
{
    const std::vector<std::string> left = cut(characters(label), kLabelLength);
    const std::vector<std::string> right = cut(characters(message), kLabelLength);
    const int lw = widthOf(left), rw = widthOf(right), w = lw + rw;
    const std::string l = joined(left), r = joined(right), W = std::to_string(w), L = std::to_string(lw);
    const auto middle = [](int from, int width) { return std::to_string(from * 10 + width * 5); };
    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + W + "\" height=\"20\" role=\"img\" aria-label=\""
        + l + ": " + r + "\">\n<title>" + l + ": " + r + "</title>\n"
        + "<linearGradient id=\"s\" x2=\"0\" y2=\"100%\"><stop offset=\"0\" stop-color=\"#bbb\" stop-opacity=\".1\"/>"
          "<stop offset=\"1\" stop-opacity=\".1\"/></linearGradient>\n"
        + "<clipPath id=\"r\"><rect width=\"" + W + "\" height=\"20\" rx=\"3\" fill=\"#fff\"/></clipPath>\n"
        + "<g clip-path=\"url(#r)\"><rect width=\"" + L + "\" height=\"20\" fill=\"#555\"/><rect x=\"" + L
        + "\" width=\"" + std::to_string(rw) + "\" height=\"20\" fill=\"" + colourOf(tone) + "\"/><rect width=\"" + W
        + "\" height=\"20\" fill=\"url(#s)\"/></g>\n"
        + "<g fill=\"#fff\" text-anchor=\"middle\" font-family=\"Verdana,Geneva,DejaVu Sans,sans-serif\" "
          "font-size=\"110\" transform=\"scale(.1)\">"
        + "<text x=\"" + middle(0, lw) + "\" y=\"140\">" + l + "</text><text x=\"" + middle(lw, rw) + "\" y=\"140\">" + r
        + "</text></g>\n</svg>\n";
    return out;
}

} // namespace bs
