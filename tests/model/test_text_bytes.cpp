#include "model/limits.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace sandtable {
namespace {

// The definition, a byte or a sequence at a time, without the wide steps the function takes over
// printable ASCII.
std::optional<std::size_t> firstInvalidByteOneByOne(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
            return i;
        }
        const std::size_t length = limits::utf8SequenceLength(text, i);
        if (length == 0) {
            return i;
        }
        i += length;
    }
    return std::nullopt;
}

// Each piece put at every place in texts of printable ASCII of every length up to three wide
// steps and a bit, so it falls at each byte of a 32-byte step, of an 8-byte step and of the tail.
TEST(TextBytes, EveryBadByteIsFoundWhereverItStandsAgainstTheWideSteps) {
    const std::vector<std::string> pieces{
        "\x01",             // a control character
        "\x1f",             // the last one
        "\t",               // allowed, as XML allows it
        "\n",               // and line feed
        "\r",               // and carriage return
        "\x7f",             // DEL is ASCII, allowed
        "\xc3\xa9",         // é, two bytes
        "\xe2\x82\xac",     // €, three bytes
        "\xf0\x9f\x8e\x96", // a four-byte sequence
        "\xff",             // never in UTF-8
        "\xc3",             // a sequence cut short (by the end, or by the ASCII after it)
        "\xc0\xaf",         // an overlong '/'
        "\xed\xa0\x80",     // a surrogate
    };
    int checked = 0;
    for (const std::string& piece : pieces) {
        for (std::size_t length = 0; length <= 100; ++length) {
            for (std::size_t at = 0; at <= length; ++at) {
                std::string text(length, 'a');
                for (std::size_t k = 0; k < length; ++k) {
                    text[k] = static_cast<char>('!' + (k * 7) % 90); // printable, varied
                }
                text.insert(at, piece);
                ASSERT_EQ(limits::firstInvalidTextByte(text), firstInvalidByteOneByOne(text))
                    << "piece of " << piece.size() << " bytes at " << at << " of " << text.size();
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 60'000);
    // Two bad bytes: the first is the one said, whichever step each falls in.
    std::string twoBad(96, 'x');
    twoBad[70] = '\x02';
    twoBad[40] = '\xff';
    EXPECT_EQ(limits::firstInvalidTextByte(twoBad), std::optional<std::size_t>(40));
    EXPECT_EQ(limits::firstInvalidTextByte(std::string(1000, 'z')), std::nullopt);
}

} // namespace
} // namespace sandtable
